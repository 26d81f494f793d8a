"""Tests of ossa.multibody.plant: building a MultibodyPlant from Python,
lifetimes of the elements it owns, the Finalize rules, lookups, state access
and the exceptions the specification documents."""

import gc
import weakref

import numpy as np
import pytest

from ossa.common.cpp_param import List
from ossa.common.value import Value
from ossa.math import RigidTransform, RollPitchYaw
from ossa.multibody.math import SpatialForce
from ossa.multibody.plant import (
    ExternallyAppliedSpatialForce,
    MultibodyPlant,
    MultibodyPlant_,
)
from ossa.multibody.tree import (
    BodyIndex,
    FixedOffsetFrame,
    JointIndex,
    ModelInstanceIndex,
    MultibodyForces,
    PrismaticJoint,
    QuaternionFloatingJoint,
    RevoluteJoint,
    RigidBody,
    SpatialInertia,
    WeldJoint,
    default_model_instance,
    world_model_instance,
)
from ossa.systems.framework import LeafSystem


def box(mass=1.0):
    return SpatialInertia.SolidBoxWithMass(mass, 0.1, 0.2, 0.3)


def make_pendulum_pair(time_step=0.0):
    """A 2-link chain: world -revolute(z)- upper -prismatic(x)- lower."""
    plant = MultibodyPlant(time_step)
    upper = plant.AddRigidBody("upper", box())
    lower = plant.AddRigidBody("lower", box(2.0))
    shoulder = plant.AddJoint(RevoluteJoint(
        "shoulder", plant.world_frame(), upper.body_frame(), [0, 0, 1]))
    F = plant.AddFrame(FixedOffsetFrame(
        "slider_parent", upper.body_frame(),
        RigidTransform(np.array([0.0, 0.0, -0.5]))))
    slider = plant.AddJoint(PrismaticJoint(
        "slider", F, lower.body_frame(), [1, 0, 0]))
    plant.AddJointActuator("shoulder_motor", shoulder, 10.0)
    return plant, upper, lower, shoulder, slider


def test_plant_is_a_leaf_system_and_a_template():
    plant = MultibodyPlant(0.0)
    assert isinstance(plant, LeafSystem)
    assert MultibodyPlant is MultibodyPlant_[float]
    assert plant.time_step() == 0.0 and not plant.is_discrete()
    assert MultibodyPlant(1e-3).is_discrete()
    with pytest.raises(RuntimeError, match="time_step"):
        MultibodyPlant(-1.0)


def test_building_returns_the_same_python_objects():
    plant = MultibodyPlant(0.0)
    body = plant.AddRigidBody("body", box())
    joint = RevoluteJoint("pin", plant.world_frame(), body.body_frame(),
                          [0, 1, 0])
    added = plant.AddJoint(joint)
    # AddJoint hands back the very object that was added, and later lookups
    # find it again.
    assert added is joint
    assert plant.GetJointByName("pin") is joint
    assert plant.GetBodyByName("body") is body
    assert joint.child_body() is body
    assert joint.index() == JointIndex(0)
    assert body.index() == BodyIndex(1)
    # An element cannot be added twice.
    with pytest.raises(RuntimeError, match="AddJoint.*already owned"):
        plant.AddJoint(joint)


def test_python_built_body_frame_and_joint_kinds_found_by_type():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    # Lookups return the most derived class.
    assert isinstance(plant.GetJointByName("slider"), PrismaticJoint)
    assert isinstance(plant.GetFrameByName("slider_parent"), FixedOffsetFrame)
    assert plant.GetFrameByName("slider_parent").body() is upper


def test_lifetime_element_keeps_plant_alive():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant_ref = weakref.ref(plant)
    del plant, upper, shoulder, slider
    gc.collect()
    # `lower` was returned by the plant: it keeps the plant alive, and the
    # plant's data stays usable through it.
    assert plant_ref() is not None
    assert lower.name() == "lower"
    assert lower.default_mass() == 2.0
    assert lower.body_frame().name() == "lower"
    del lower
    gc.collect()
    assert plant_ref() is None


def test_lifetime_python_built_joint_keeps_plant_alive():
    plant = MultibodyPlant(0.0)
    body = plant.AddRigidBody("body", box())
    joint = plant.AddJoint(RevoluteJoint(
        "pin", plant.world_frame(), body.body_frame(), [0, 1, 0]))
    plant.Finalize()
    plant_ref = weakref.ref(plant)
    del plant, body
    gc.collect()
    assert plant_ref() is not None
    assert joint.child_body().name() == "body"
    assert joint.position_start() == 0
    del joint
    gc.collect()
    assert plant_ref() is None


def test_finalize_rules():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    # Coordinate queries need Finalize().
    with pytest.raises(RuntimeError, match="num_positions"):
        plant.num_positions()
    plant.Finalize()
    assert plant.is_finalized()
    assert (plant.num_positions(), plant.num_velocities()) == (2, 2)
    assert plant.num_multibody_states() == 4
    assert plant.num_actuated_dofs() == 1
    # Building after Finalize() throws, naming the method.
    with pytest.raises(RuntimeError, match="AddRigidBody"):
        plant.AddRigidBody("late", box())
    with pytest.raises(RuntimeError, match="AddJoint"):
        plant.AddJoint(WeldJoint("late", plant.world_frame(),
                                 upper.body_frame(), RigidTransform()))
    with pytest.raises(RuntimeError, match="Finalize"):
        plant.Finalize()


def test_failed_add_leaves_no_dangling_object():
    plant = MultibodyPlant(0.0)
    body = plant.AddRigidBody("body", box())
    plant.AddJoint(RevoluteJoint("pin", plant.world_frame(),
                                 body.body_frame(), [0, 1, 0]))
    duplicate = RevoluteJoint("pin", plant.world_frame(), body.body_frame(),
                              [1, 0, 0])
    with pytest.raises(RuntimeError, match="AddJoint"):
        plant.AddJoint(duplicate)
    # The failed element is gone; using it raises instead of crashing.
    with pytest.warns(RuntimeWarning, match="uninitialized"), \
            pytest.raises(TypeError):
        duplicate.name()


def test_lookups_and_model_instances():
    plant = MultibodyPlant(0.0)
    a = plant.AddModelInstance("a")
    b = plant.AddModelInstance("b")
    assert plant.num_model_instances() == 4
    assert plant.GetModelInstanceName(world_model_instance()) == (
        "WorldModelInstance")
    assert plant.GetModelInstanceName(default_model_instance()) == (
        "DefaultModelInstance")
    assert plant.GetModelInstanceByName("b") == b
    for instance in (a, b):
        plant.AddRigidBody("link", instance, box())
    assert plant.HasBodyNamed("link", a)
    # As documented, a name in several instances is ambiguous without one.
    with pytest.raises(RuntimeError, match="HasBodyNamed.*several"):
        plant.HasBodyNamed("link")
    assert plant.GetBodyByName("link", b).model_instance() == b
    # A name in several instances is ambiguous without an instance.
    with pytest.raises(RuntimeError, match="GetBodyByName"):
        plant.GetBodyByName("link")
    with pytest.raises(RuntimeError, match="nope"):
        plant.GetBodyByName("nope")
    with pytest.raises(RuntimeError, match="AddModelInstance"):
        plant.AddModelInstance("a")
    plant.RenameModelInstance(a, "renamed")
    assert plant.HasModelInstanceNamed("renamed")
    assert not plant.HasModelInstanceNamed("a")
    assert plant.GetBodyIndices(b) == [BodyIndex(2)]


def test_state_access_round_trips():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant.Finalize()
    context = plant.CreateDefaultContext()
    np.testing.assert_array_equal(plant.GetPositions(context), [0, 0])
    plant.SetPositions(context, [0.3, -0.2])
    plant.SetVelocities(context, np.array([1.5, 2.5]))
    np.testing.assert_array_equal(plant.GetPositions(context), [0.3, -0.2])
    np.testing.assert_array_equal(plant.GetPositionsAndVelocities(context),
                                  [0.3, -0.2, 1.5, 2.5])
    # The joints read the same Context.
    assert shoulder.get_angle(context) == 0.3
    assert slider.get_translation_rate(context) == 2.5
    shoulder.set_angle(context, 1.25)
    assert plant.GetPositions(context)[0] == 1.25
    np.testing.assert_array_equal(
        plant.GetPositions(context, default_model_instance()), [1.25, -0.2])
    plant.SetPositionsAndVelocities(context, [1, 2, 3, 4])
    np.testing.assert_array_equal(plant.GetVelocities(context), [3, 4])
    # Wrong sizes throw, naming the method.
    with pytest.raises(RuntimeError, match="SetPositions"):
        plant.SetPositions(context, [1.0, 2.0, 3.0])
    # Defaults: a new Context starts at the joints' default positions.
    slider.set_default_translation(0.125)
    plant.SetDefaultContext(context)
    np.testing.assert_array_equal(plant.GetPositions(context), [0, 0.125])
    np.testing.assert_array_equal(plant.GetDefaultPositions(), [0, 0.125])


def test_automatic_floating_joint():
    plant = MultibodyPlant(0.0)
    body = plant.AddRigidBody("free", box())
    plant.Finalize()
    assert body.is_floating_base_body()
    joint = plant.get_joint(JointIndex(0))
    assert isinstance(joint, QuaternionFloatingJoint)
    assert joint.name() == "free"
    assert (plant.num_positions(), plant.num_velocities()) == (7, 6)
    context = plant.CreateDefaultContext()
    # Identity quaternion at the origin by default.
    np.testing.assert_array_equal(plant.GetPositions(context),
                                  [1, 0, 0, 0, 0, 0, 0])
    X = RigidTransform(RollPitchYaw(0.1, 0.2, 0.3), np.array([1., 2., 3.]))
    joint.SetPose(context, X)
    # The pose read back through the quaternion: to rounding (1e-15).
    np.testing.assert_allclose(joint.GetPose(context).GetAsMatrix4(),
                               X.GetAsMatrix4(), atol=1e-15)


def test_names_and_limits():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    with pytest.raises(RuntimeError, match="GetPositionNames.*Finalize"):
        plant.GetPositionNames()
    shoulder.set_position_limits([-1.0], [2.0])
    slider.set_velocity_limits([-0.5], [0.25])
    plant.Finalize()
    assert plant.GetPositionNames() == [
        "DefaultModelInstance_shoulder_q", "DefaultModelInstance_slider_x"]
    assert plant.GetPositionNames(False, False) == ["shoulder", "slider"]
    assert plant.GetVelocityNames(default_model_instance()) == [
        "shoulder_w", "slider_v"]
    assert plant.GetStateNames(False) == [
        "shoulder_q", "slider_x", "shoulder_w", "slider_v"]
    assert plant.GetActuatorNames() == ["DefaultModelInstance_shoulder_motor"]
    np.testing.assert_array_equal(plant.GetPositionLowerLimits(),
                                  [-1.0, -np.inf])
    np.testing.assert_array_equal(plant.GetVelocityUpperLimits(),
                                  [np.inf, 0.25])
    np.testing.assert_array_equal(plant.GetEffortUpperLimits(), [10.0])
    np.testing.assert_array_equal(plant.GetEffortLowerLimits(), [-10.0])
    with pytest.raises(RuntimeError, match="GetPositionNames.*7 is invalid"):
        plant.GetPositionNames(ModelInstanceIndex(7))


def make_free_box():
    plant = MultibodyPlant(0.0)
    box_body = plant.AddRigidBody("box", SpatialInertia.SolidBoxWithMass(
        2.0, 0.1, 0.2, 0.3))
    base = plant.AddRigidBody("base", box())
    plant.WeldFrames(plant.world_frame(), base.body_frame(),
                     RigidTransform(np.array([0.0, 0.0, 1.0])))
    plant.Finalize()
    return plant, box_body, base


def test_free_bodies_and_topology():
    plant, box_body, base = make_free_box()
    context = plant.CreateDefaultContext()
    X_WB = RigidTransform(RollPitchYaw(0.3, -0.2, 0.1), np.array([1., 2., 3.]))
    plant.SetFreeBodyPose(context, box_body, X_WB)
    # Through the quaternion and back: to rounding (1e-15).
    np.testing.assert_allclose(
        plant.GetFreeBodyPose(context, box_body).GetAsMatrix4(),
        X_WB.GetAsMatrix4(), atol=1e-15)
    assert plant.IsAnchored(base) and not plant.IsAnchored(box_body)
    assert {b.name() for b in plant.GetBodiesWeldedTo(base)} == {
        "world", "base"}
    assert plant.GetFloatingBaseBodies() == {box_body.index()}
    # The default instance also holds the welded base: as in the reference,
    # its free base body is not "unique".
    assert not plant.HasUniqueFreeBaseBody(default_model_instance())
    with pytest.raises(RuntimeError, match="GetUniqueFreeBaseBodyOrThrow"):
        plant.GetUniqueFreeBaseBodyOrThrow(default_model_instance())
    alone = MultibodyPlant(0.0)
    free = alone.AddRigidBody("free", box())
    alone.Finalize()
    assert alone.HasUniqueFreeBaseBody(default_model_instance())
    assert alone.GetUniqueFreeBaseBodyOrThrow(
        default_model_instance()) is free
    dot = plant.GetTopologyGraphvizString()
    assert "box" in dot and "base" in dot
    # The base is welded, not free: the free-body methods refuse it, naming
    # the method.
    with pytest.raises(RuntimeError, match="SetFreeBodyPose"):
        plant.SetFreeBodyPose(context, base, X_WB)


def test_state_output_port_matches_state():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant.Finalize()
    context = plant.CreateDefaultContext()
    plant.SetPositionsAndVelocities(context, [0.1, 0.2, 0.3, 0.4])
    np.testing.assert_array_equal(
        plant.get_state_output_port().Eval(context), [0.1, 0.2, 0.3, 0.4])
    assert plant.get_actuation_input_port().size() == 1
    assert plant.get_applied_generalized_force_input_port().size() == 2
    assert plant.get_state_output_port().get_name() == "state"


def test_externally_applied_spatial_force_port():
    plant = MultibodyPlant(0.0)
    body = plant.AddRigidBody("box", SpatialInertia.SolidBoxWithMass(
        2.0, 0.1, 0.2, 0.3))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    force = ExternallyAppliedSpatialForce()
    force.body_index = body.index()
    # 21.62 N up on a 2 kg body under 9.81 m/s² gravity: 1 m/s² up, no
    # rotation (applied at the center of mass).
    force.F_Bq_W = SpatialForce(np.zeros(3), np.array([0.0, 0.0, 21.62]))
    port = plant.get_applied_spatial_force_input_port()
    port.FixValue(context, Value[List[ExternallyAppliedSpatialForce]]([force]))
    xdot = plant.EvalTimeDerivatives(context).CopyToVector()
    # xdot = [qdot (7); w_dot (3); v_dot (3)]; exact up to the rounding of
    # 21.62 / 2 - 9.81 (1e-15).
    np.testing.assert_allclose(xdot[7:], [0, 0, 0, 0, 0, 1.0], atol=1e-14)


def test_autodiff_plant_builds_like_the_float_one():
    from ossa.autodiffutils import AutoDiffXd
    from ossa.multibody.tree import RevoluteJoint_
    plant = MultibodyPlant_[AutoDiffXd](0.0)
    body = plant.AddRigidBody("body", box())
    joint = plant.AddJoint(RevoluteJoint_[AutoDiffXd](
        "pin", plant.world_frame(), body.body_frame(), [0, 0, 1]))
    plant.Finalize()
    assert (plant.num_positions(), plant.num_velocities()) == (1, 1)
    assert plant.GetJointByName("pin") is joint
    assert plant.GetPositionNames() == ["DefaultModelInstance_pin_q"]
    # Scalars do not mix: a float joint cannot connect AutoDiffXd frames.
    other = MultibodyPlant_[AutoDiffXd](0.0)
    other_body = other.AddRigidBody("body", box())
    with pytest.raises(TypeError):
        other.AddJoint(RevoluteJoint("pin", other.world_frame(),
                                     other_body.body_frame(), [0, 0, 1]))


def test_frame_and_body_kinematics_closed_form():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant.Finalize()
    context = plant.CreateDefaultContext()
    theta, x, theta_dot, x_dot = 0.4, 0.25, 1.5, -0.5
    plant.SetPositionsAndVelocities(context, [theta, x, theta_dot, x_dot])
    # upper: Rz(theta) at the origin; lower: 0.5 below upper's origin, then
    # x along upper's x axis.
    c, s = np.cos(theta), np.sin(theta)
    p_lower = np.array([x * c, x * s, -0.5])
    # Closed forms to rounding (1e-15 for O(1) entries).
    np.testing.assert_allclose(
        upper.EvalPoseInWorld(context).rotation().matrix(),
        [[c, -s, 0], [s, c, 0], [0, 0, 1]], atol=1e-15)
    np.testing.assert_allclose(
        lower.body_frame().CalcPoseInWorld(context).translation(), p_lower,
        atol=1e-15)
    # v_WLo = w x p + x_dot * (upper's x axis), w = theta_dot z.
    w = np.array([0, 0, theta_dot])
    v_expected = np.cross(w, p_lower) + x_dot * np.array([c, s, 0])
    V = lower.EvalSpatialVelocityInWorld(context)
    np.testing.assert_allclose(V.rotational(), w, atol=1e-15)
    np.testing.assert_allclose(V.translational(), v_expected, atol=1e-15)
    # The pose of lower in upper does not depend on theta.
    X_UL = lower.body_frame().CalcPose(context, upper.body_frame())
    np.testing.assert_allclose(X_UL.translation(), [x, 0, -0.5], atol=1e-15)
    # Per-Context pose of a FixedOffsetFrame moves what hangs from it.
    F = plant.GetFrameByName("slider_parent")
    F.SetPoseInParentFrame(context, RigidTransform(np.array([0., 0., -1.])))
    np.testing.assert_allclose(F.GetPoseInParentFrame(context).translation(),
                               [0, 0, -1])
    np.testing.assert_allclose(
        lower.EvalPoseInWorld(context).translation(),
        [x * c, x * s, -1.0], atol=1e-15)


def test_joint_locking():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant.Finalize()
    context = plant.CreateDefaultContext()
    plant.SetVelocities(context, [1.0, 2.0])
    assert not shoulder.is_locked(context)
    shoulder.Lock(context)
    assert shoulder.is_locked(context)
    # Locking zeroes the joint's velocity, as documented.
    np.testing.assert_array_equal(plant.GetVelocities(context), [0.0, 2.0])
    shoulder.Unlock(context)
    assert not shoulder.is_locked(context)


def test_multibody_forces_and_inverse_dynamics():
    plant, upper, lower, shoulder, slider = make_pendulum_pair()
    plant.Finalize()
    context = plant.CreateDefaultContext()
    plant.SetPositionsAndVelocities(context, [0.3, 0.1, 0.0, 0.0])
    forces = MultibodyForces(plant)
    assert (forces.num_bodies(), forces.num_velocities()) == (3, 2)
    np.testing.assert_array_equal(forces.generalized_forces(), [0, 0])
    # The mutable view writes through.
    forces.mutable_generalized_forces()[:] = [1.0, 2.0]
    np.testing.assert_array_equal(forces.generalized_forces(), [1.0, 2.0])
    # Inverse dynamics is M vdot + C v - tau_g - tau_applied; at v = 0,
    # tau = M vdot - tau_g - tau_applied (to rounding, 1e-12 for entries of
    # size ~10).
    vdot = np.array([0.5, -1.0])
    M = plant.CalcMassMatrix(context)
    tau_g = plant.CalcGravityGeneralizedForces(context)
    tau = plant.CalcInverseDynamics(context, vdot, forces)
    np.testing.assert_allclose(tau, M @ vdot - tau_g - [1.0, 2.0],
                               atol=1e-12)
    # M is symmetric positive definite.
    np.testing.assert_allclose(M, M.T, atol=1e-14)
    assert np.all(np.linalg.eigvalsh(M) > 0)
    forces.SetZero()
    np.testing.assert_array_equal(forces.generalized_forces(), [0, 0])
    # A force on the body in the world frame, read back.
    F = SpatialForce(np.array([0., 0., 1.]), np.array([2., 0., 0.]))
    lower.AddInForceInWorld(context, F, forces)
    np.testing.assert_array_equal(
        lower.GetForceInWorld(context, forces).get_coeffs(), F.get_coeffs())
    # Forces sized for another model are refused.
    with pytest.raises(RuntimeError, match="CalcInverseDynamics"):
        plant.CalcInverseDynamics(context, vdot, MultibodyForces(5, 7))


def test_reaction_forces_with_a_removed_joint():
    """One reaction force per joint index, the removed joint's slot zero: a
    1 kg body hanging on a revolute joint from the world carries m·g, and
    the chain cut by the removal falls freely (zero forces)."""
    plant = MultibodyPlant(0.0)
    inertia = SpatialInertia.SolidBoxWithMass(1.0, 0.1, 0.1, 0.1)
    a = plant.AddRigidBody("a", inertia)
    b = plant.AddRigidBody("b", inertia)
    c = plant.AddRigidBody("c", inertia)
    plant.AddJoint(RevoluteJoint("ja", plant.world_frame(), a.body_frame(),
                                 [0, 0, 1]))
    jb = plant.AddJoint(RevoluteJoint("jb", a.body_frame(), b.body_frame(),
                                      [0, 1, 0]))
    plant.AddJoint(RevoluteJoint("jc", b.body_frame(), c.body_frame(),
                                 [1, 0, 0]))
    plant.RemoveJoint(jb)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    # ja (0), jc (2) and b's floating joint (3); slot 1 was jb.
    assert [int(j) for j in plant.GetJointIndices()] == [0, 2, 3]
    forces = plant.get_reaction_forces_output_port().Eval(context)
    assert len(forces) == 4
    np.testing.assert_allclose(forces[0].get_coeffs(),
                               [0, 0, 0, 0, 0, 9.81], atol=1e-12)
    for k in (1, 2, 3):
        np.testing.assert_allclose(forces[k].get_coeffs(), np.zeros(6),
                                   atol=1e-12)
