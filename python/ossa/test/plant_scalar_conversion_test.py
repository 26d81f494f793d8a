"""MultibodyPlant.ToAutoDiffXd() from Python: the converted plant is a
MultibodyPlant_[AutoDiffXd] (a LeafSystem_[AutoDiffXd]) with the same model;
its Contexts, state, input ports and dynamics work, and the derivatives it
carries equal central finite differences of the float plant.

Finite differences: h = 1e-6 gives a truncation error O(h²·|ẋ'''|) ≈ 1e-11
and round-off O(1e-16/h) ≈ 1e-10 on O(1..10) entries, so 1e-7 separates a
correct derivative from a wrong one (errors of O(0.1) and more).
"""

import numpy as np
import pytest

from ossa.autodiffutils import (AutoDiffXd, ExtractGradient, ExtractValue,
                                InitializeAutoDiff)
from ossa.math import RigidTransform
from ossa.multibody.plant import MultibodyPlant, MultibodyPlant_
from ossa.multibody.tree import (BallRpyJoint, FixedOffsetFrame,
                                 RevoluteJoint, SpatialInertia)
from ossa.systems.framework import Context_, LeafSystem_


def make_plant(time_step=0.0):
    plant = MultibodyPlant(time_step)
    upper = plant.AddRigidBody("upper", SpatialInertia.SolidBoxWithMass(
        1.0, 0.1, 0.1, 1.0))
    lower = plant.AddRigidBody("lower", SpatialInertia.SolidBoxWithMass(
        0.7, 0.1, 0.2, 0.5))
    shoulder = plant.AddJoint(RevoluteJoint(
        "shoulder", plant.world_frame(), upper.body_frame(), [0, 1, 0], 0.2))
    elbow_frame = plant.AddFrame(FixedOffsetFrame(
        "elbow_on_upper", upper.body_frame(), RigidTransform([0, 0, -1.0])))
    plant.AddJoint(BallRpyJoint("elbow", elbow_frame, lower.body_frame(),
                                0.1))
    plant.AddJointActuator("motor", shoulder)
    plant.Finalize()
    return plant


def test_converted_plant_type_and_model():
    plant = make_plant()
    ad = plant.ToAutoDiffXd()
    assert isinstance(ad, MultibodyPlant_[AutoDiffXd])
    assert isinstance(ad, LeafSystem_[AutoDiffXd])
    assert ad.num_positions() == plant.num_positions()
    assert ad.GetStateNames() == plant.GetStateNames()
    assert ad.GetJointByName("elbow").index() == \
        plant.GetJointByName("elbow").index()
    context = ad.CreateDefaultContext()
    assert isinstance(context, Context_[AutoDiffXd])
    # Independent of the float plant once made.
    del plant
    assert ad.num_velocities() == 4


def test_unfinalized_plant_cannot_convert():
    plant = MultibodyPlant(0.0)
    plant.AddRigidBody("body", SpatialInertia.SolidBoxWithMass(1, .1, .1, .1))
    with pytest.raises(Exception, match="not finalized"):
        plant.ToAutoDiffXd()


def xdot(plant, x, u):
    context = plant.CreateDefaultContext()
    plant.SetPositionsAndVelocities(context, x)
    plant.get_actuation_input_port().FixValue(context, u)
    return plant.EvalTimeDerivatives(context).CopyToVector()


def check_time_derivatives_against_finite_differences(plant):
    """d(ẋ)/d[x; u] of plant.ToAutoDiffXd() (seeded [x; u], one derivative
    per entry) against central differences of the float plant."""
    ad = plant.ToAutoDiffXd()
    x0 = np.array([0.4, 0.3, -0.2, 0.5, 0.3, -0.7, 0.2, 0.1])
    u0 = np.array([0.8])
    n = x0.size
    xu = InitializeAutoDiff(np.concatenate([x0, u0]))
    xdot_ad = xdot(ad, xu[:n].ravel(), xu[n:].ravel())
    np.testing.assert_allclose(ExtractValue(xdot_ad).ravel(),
                               xdot(plant, x0, u0), rtol=0, atol=1e-12)
    h = 1e-6
    A_fd = np.column_stack(
        [(xdot(plant, x0 + h * e, u0) - xdot(plant, x0 - h * e, u0)) / (2 * h)
         for e in np.eye(n)] +
        [(xdot(plant, x0, u0 + h) - xdot(plant, x0, u0 - h)) / (2 * h)])
    np.testing.assert_allclose(ExtractGradient(xdot_ad), A_fd, rtol=0,
                               atol=1e-7)


def test_time_derivatives_match_finite_differences():
    check_time_derivatives_against_finite_differences(make_plant())


def test_mass_matrix_derivative():
    # dM/dq from AutoDiffXd against finite differences of CalcMassMatrix.
    plant = make_plant()
    ad = plant.ToAutoDiffXd()
    q0 = np.array([0.4, 0.3, -0.2, 0.5])
    context_ad = ad.CreateDefaultContext()
    ad.SetPositions(context_ad, InitializeAutoDiff(q0).ravel())
    M_ad = ad.CalcMassMatrix(context_ad)
    context = plant.CreateDefaultContext()

    def M(q):
        plant.SetPositions(context, q)
        return plant.CalcMassMatrix(context)

    h = 1e-6
    for k in range(q0.size):
        e = np.eye(q0.size)[k]
        dM_fd = (M(q0 + h * e) - M(q0 - h * e)) / (2 * h)
        dM_ad = np.array([[entry.derivatives()[k] for entry in row]
                          for row in M_ad])
        np.testing.assert_allclose(dM_ad, dM_fd, rtol=0, atol=1e-7)


def make_welded_plant():
    # Welded bodies make the dynamics run on the weld-merged tree, where
    # AutoDiffXd takes the fixed-capacity dual path.
    plant = MultibodyPlant(0.0)
    base = plant.AddRigidBody("base", SpatialInertia.SolidBoxWithMass(
        2.0, 0.3, 0.3, 0.1))
    upper = plant.AddRigidBody("upper", SpatialInertia.SolidBoxWithMass(
        1.0, 0.1, 0.1, 1.0))
    hand = plant.AddRigidBody("hand", SpatialInertia.SolidBoxWithMass(
        0.4, 0.05, 0.1, 0.2))
    plant.WeldFrames(plant.world_frame(), base.body_frame(),
                     RigidTransform([0.1, 0, 0.5]))
    shoulder = plant.AddJoint(RevoluteJoint(
        "shoulder", base.body_frame(), upper.body_frame(), [0, 1, 0], 0.2))
    plant.WeldFrames(upper.body_frame(), hand.body_frame(),
                     RigidTransform([0.05, 0, -1.0]))
    plant.AddJointActuator("motor", shoulder)
    lower = plant.AddRigidBody("lower", SpatialInertia.SolidBoxWithMass(
        0.7, 0.1, 0.2, 0.5))
    plant.AddJoint(BallRpyJoint("wrist", hand.body_frame(),
                                lower.body_frame(), 0.1))
    plant.Finalize()
    return plant


def test_welded_plant_dynamics_derivatives_match_finite_differences():
    from ossa.multibody.tree import MultibodyForces_
    plant = make_welded_plant()
    check_time_derivatives_against_finite_differences(plant)
    ad = plant.ToAutoDiffXd()
    x0 = np.array([0.4, 0.3, -0.2, 0.5, 0.3, -0.7, 0.2, 0.1])
    n = x0.size
    h = 1e-6

    # Inverse dynamics with generalized forces that carry derivatives too:
    # seeds [x; v̇; τ_applied].
    nv = plant.num_velocities()
    vdot0 = np.array([0.3, -0.5, 0.2, 0.9])
    tau0 = np.array([0.1, 0.2, -0.3, 0.4])

    def tau_id(lib_plant, forces_type, x, vdot, tau_app):
        context = lib_plant.CreateDefaultContext()
        lib_plant.SetPositionsAndVelocities(context, x)
        forces = forces_type(lib_plant)
        # (mutable_generalized_forces() is a copy for AutoDiffXd.)
        forces.SetGeneralizedForces(tau_app)
        return lib_plant.CalcInverseDynamics(context, vdot, forces)

    seeds = InitializeAutoDiff(np.concatenate([x0, vdot0, tau0])).ravel()
    tau_ad = tau_id(ad, MultibodyForces_[AutoDiffXd], seeds[:n],
                    seeds[n:n + nv], seeds[n + nv:])
    f = lambda z: tau_id(plant, MultibodyForces_[float], z[:n],  # noqa: E731
                         z[n:n + nv], z[n + nv:])
    z0 = np.concatenate([x0, vdot0, tau0])
    np.testing.assert_allclose(ExtractValue(tau_ad).ravel(), f(z0), rtol=0,
                               atol=1e-12)
    J_fd = np.column_stack([(f(z0 + h * e) - f(z0 - h * e)) / (2 * h)
                            for e in np.eye(z0.size)])
    np.testing.assert_allclose(ExtractGradient(tau_ad), J_fd, rtol=0,
                               atol=1e-7)
