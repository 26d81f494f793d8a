"""Differentiate forward dynamics with AutoDiffXd.

Converts a double pendulum plant to AutoDiffXd, seeds the state
x = [q; v] with the identity (one derivative per state entry) and reads
∂ẋ/∂x — the linearization A used by LQR design and by gradient-based
optimizers — from the time derivatives, then checks it against central
finite differences of the double plant.
"""

import numpy as np

from ossa.autodiffutils import ExtractGradient, ExtractValue, InitializeAutoDiff
from ossa.math import RigidTransform
from ossa.multibody.plant import MultibodyPlant
from ossa.multibody.tree import (FixedOffsetFrame, RevoluteJoint,
                                 SpatialInertia, UnitInertia)

plant = MultibodyPlant(time_step=0.0)
upper = plant.AddRigidBody("upper", SpatialInertia(
    mass=1.0, p_PScm_E=[0, 0, -0.5], G_SP_E=UnitInertia.ThinRod(1.0, [0, 0, 1])
    .ShiftFromCenterOfMass([0, 0, 0.5])))
lower = plant.AddRigidBody("lower", SpatialInertia(
    mass=0.7, p_PScm_E=[0, 0, -0.4], G_SP_E=UnitInertia.ThinRod(0.8, [0, 0, 1])
    .ShiftFromCenterOfMass([0, 0, 0.4])))
plant.AddJoint(RevoluteJoint("shoulder", plant.world_frame(),
                             upper.body_frame(), [0, 1, 0]))
elbow_frame = plant.AddFrame(FixedOffsetFrame(
    "elbow_on_upper", upper.body_frame(), RigidTransform([0, 0, -1.0])))
plant.AddJoint(RevoluteJoint("elbow", elbow_frame, lower.body_frame(),
                             [0, 1, 0]))
plant.Finalize()

x0 = np.array([0.4, -0.7, 0.3, 0.5])  # [q; v]


def xdot(plant, x):
    context = plant.CreateDefaultContext()
    plant.SetPositionsAndVelocities(context, x)
    return plant.EvalTimeDerivatives(context).CopyToVector()


# ∂ẋ/∂x by automatic differentiation.
plant_ad = plant.ToAutoDiffXd()
xdot_ad = xdot(plant_ad, InitializeAutoDiff(x0))
A = ExtractGradient(xdot_ad)
assert np.allclose(ExtractValue(xdot_ad).ravel(), xdot(plant, x0))

# The same by central differences (error O(h²) ≈ 1e-10 with h = 1e-5).
h = 1e-5
A_fd = np.column_stack([
    (xdot(plant, x0 + h * e) - xdot(plant, x0 - h * e)) / (2 * h)
    for e in np.eye(4)])
print("A = ∂ẋ/∂x by AutoDiffXd:")
print(np.array2string(A, precision=5, suppress_small=True))
print(f"largest difference to finite differences: {np.max(np.abs(A - A_fd)):.1e}")
assert np.allclose(A, A_fd, rtol=0, atol=1e-7)
