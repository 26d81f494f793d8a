"""Load a robot and compute its mass matrix and an end-effector Jacobian.

Loads the 7-dof iiwa arm, welds its base to the world, sets a posture and
velocity, and computes the mass matrix M(q) and the Jacobian J of the
end-effector's spatial velocity. It checks what makes them right: M is
symmetric positive definite, ½·vᵀMv is the kinetic energy, and J·v is the
end-effector's spatial velocity.
"""

import pathlib

import numpy as np

from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant
from ossa.multibody.tree import JacobianWrtVariable

MODEL = (pathlib.Path(__file__).resolve().parents[2] /
         "models/drake/kuka_iiwa_robot.urdf")

plant = MultibodyPlant(time_step=0.0)
Parser(plant).AddModels(str(MODEL))
plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
plant.Finalize()
context = plant.CreateDefaultContext()

q = np.array([0.3, -0.5, 0.2, 1.1, -0.4, 0.6, 0.1])
v = np.array([0.2, -0.1, 0.4, 0.3, -0.2, 0.5, -0.6])
plant.SetPositions(context, q)
plant.SetVelocities(context, v)

M = plant.CalcMassMatrix(context)
print("mass matrix M(q) [kg·m²]:")
print(np.array2string(M, precision=4, suppress_small=True))
assert np.allclose(M, M.T, rtol=0, atol=1e-12)
assert np.all(np.linalg.eigvalsh(M) > 0)
kinetic = plant.EvalKineticEnergy(context)
assert abs(0.5 * v @ M @ v - kinetic) < 1e-12 * max(1.0, kinetic)

# The Jacobian of the spatial velocity of a point 5 cm past the last link's
# origin (a tool tip), measured and expressed in the world frame.
link7 = plant.GetFrameByName("iiwa_link_7")
p_L7Tip = np.array([0, 0, 0.05])
J = plant.CalcJacobianSpatialVelocity(
    context, JacobianWrtVariable.kV, link7, p_L7Tip, plant.world_frame(),
    plant.world_frame())
print("end-effector Jacobian Jv_V_WTip_W (6 x 7):")
print(np.array2string(J, precision=4, suppress_small=True))

# J·v is the tool tip's spatial velocity, from the body's velocity shifted.
V_WL7 = plant.EvalBodySpatialVelocityInWorld(
    context, plant.GetBodyByName("iiwa_link_7"))
R_WL7 = plant.EvalBodyPoseInWorld(
    context, plant.GetBodyByName("iiwa_link_7")).rotation()
V_WTip = V_WL7.Shift(R_WL7 @ p_L7Tip)
assert np.allclose(J @ v, V_WTip.get_coeffs(), rtol=0, atol=1e-12)
print("J·v equals the tool tip's spatial velocity:", V_WTip.get_coeffs())
