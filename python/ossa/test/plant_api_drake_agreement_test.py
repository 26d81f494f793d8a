"""ossa.multibody.tree and .plant against the reference on the members added
for API fidelity: GetParentPlant, is_ephemeral, the floating suffixes of a
body, a joint's default pose and its AddInOneForce / AddInDamping, an
actuator's rotor inertia, gear ratio and actuation-vector slices,
MultibodyPlant.CalcSpatialAccelerationsFromVdot and CalcPointsVelocities.

Each program is one function of `lib` run on both libraries. Kinematic
results are compared to 1e-12 relative: both evaluate the same rigid-body
formulas in double precision, which agree to a few ulps.
"""

import gc
import importlib
import types

import numpy as np
import pytest

pytest.importorskip("pydrake")

_MODULES = {"tree": "multibody.tree", "plant": "multibody.plant",
            "math": "math", "eigen_geometry": "common.eigen_geometry",
            "mm": "multibody.math"}


def _load(package):
    return types.SimpleNamespace(name=package, **{
        key: importlib.import_module(f"{package}.{path}")
        for key, path in _MODULES.items()})


OSSA = _load("ossa")
DRAKE = _load("pydrake")
RTOL = 1e-12


def both(program):
    return program(OSSA), program(DRAKE)


def error_of(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 (the type is what is compared)
        return type(e)
    return None


def _model(lib):
    """A free box (floating joint added by Finalize), a link on a damped
    revolute joint with an actuator, a second link on a damped prismatic
    joint with an actuator, and a body on an explicit RpyFloatingJoint."""
    t, p = lib.tree, lib.plant
    plant = p.MultibodyPlant(0.0)
    M = t.SpatialInertia.SolidBoxWithMass(2.0, 0.1, 0.2, 0.3)
    plant.AddRigidBody("free", M)
    link = plant.AddRigidBody("link", M)
    slider = plant.AddRigidBody("slider", M)
    rpy_body = plant.AddRigidBody("rpy_body", M)
    pin = plant.AddJoint(t.RevoluteJoint(
        "pin", plant.world_frame(), link.body_frame(), [0.0, 0.0, 1.0],
        damping=0.5))
    rail = plant.AddJoint(t.PrismaticJoint(
        "rail", link.body_frame(), slider.body_frame(), [1.0, 0.0, 0.0],
        damping=0.25))
    rpy = plant.AddJoint(t.RpyFloatingJoint(
        "rpy", plant.world_frame(), rpy_body.body_frame()))
    a_pin = plant.AddJointActuator("a_pin", pin)
    a_rail = plant.AddJointActuator("a_rail", rail)
    a_pin.set_default_rotor_inertia(0.3)
    a_pin.set_default_gear_ratio(5.0)
    plant.Finalize()
    return plant, pin, rail, rpy, a_pin, a_rail


def _state(lib, plant):
    context = plant.CreateDefaultContext()
    rng = np.random.default_rng(3)
    q = rng.uniform(-1.0, 1.0, plant.num_positions())
    q[:4] /= np.linalg.norm(q[:4])  # the free body's quaternion
    plant.SetPositions(context, q)
    plant.SetVelocities(context, rng.uniform(-1.0, 1.0,
                                             plant.num_velocities()))
    return context


def test_parent_plant_and_ephemeral():
    def program(lib):
        plant, pin, _, _, a_pin, _ = _model(lib)
        t = lib.tree
        elements = [plant.GetBodyByName("link"), plant.world_frame(), pin,
                    a_pin, plant.get_force_element(t.ForceElementIndex(0))]
        joints = [plant.get_joint(t.JointIndex(i))
                  for i in range(plant.num_joints())]
        return ([e.GetParentPlant() is plant for e in elements],
                [(j.name(), j.is_ephemeral()) for j in joints],
                [e.is_ephemeral() for e in elements if e is not pin])
    ossa, drake = both(program)
    assert ossa == drake
    assert ("free", True) in ossa[1] and ("pin", False) in ossa[1]


def test_parent_plant_keeps_plant_alive():
    plant = _model(OSSA)[0]
    body = plant.GetBodyByName("link")
    del plant
    gc.collect()
    # The element's Python object holds its plant.
    assert body.GetParentPlant().num_bodies() == 5


def test_floating_suffixes():
    def program(lib):
        plant = _model(lib)[0]
        free = plant.GetBodyByName("free")
        return ([free.floating_position_suffix(i) for i in range(7)],
                [free.floating_velocity_suffix(i) for i in range(6)])
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0][0] == "qw" and ossa[1][5] == "vz"
    # The reference aborts for a body that is not a floating base; ossa
    # raises.
    with pytest.raises(RuntimeError, match="not a floating base body"):
        _model(OSSA)[0].GetBodyByName("link").floating_position_suffix(0)


def test_default_pose_of_floating_joints():
    def program(lib):
        plant, pin, _, rpy, _, _ = _model(lib)
        free = plant.GetJointByName("free")
        X = lib.math.RigidTransform(lib.math.RollPitchYaw(0.1, 0.2, 0.3),
                                    [0.5, -0.25, 2.0])
        results = []
        for joint in (free, rpy):
            joint.SetDefaultPose(X)
            q_FM, p_FM = joint.GetDefaultPosePair()
            X_FM = joint.GetDefaultPose()
            results.append((np.asarray(joint.default_positions()).tolist(),
                            q_FM.wxyz().tolist(), list(p_FM),
                            X_FM.GetAsMatrix4().tolist()))
        q = lib.eigen_geometry.Quaternion(0.5, 0.5, 0.5, 0.5)
        free.SetDefaultPosePair(q, [1.0, 2.0, 3.0])
        results.append(np.asarray(free.default_positions()).tolist())
        results.append((error_of(pin.GetDefaultPose),
                        error_of(lambda: pin.SetDefaultPose(X))))
        return results
    ossa, drake = both(program)
    for a, b in zip(ossa[:2], drake[:2]):
        for x, y in zip(a, b):
            np.testing.assert_allclose(x, y, rtol=RTOL, atol=1e-15)
    assert ossa[2:] == drake[2:]
    assert ossa[3] == (RuntimeError, RuntimeError)
    np.testing.assert_allclose(ossa[0][3], ossa[1][3], atol=1e-15)


def test_actuator_inertia_and_actuation_vector():
    def program(lib):
        plant, _, _, _, a_pin, a_rail = _model(lib)
        context = plant.CreateDefaultContext()
        u = np.zeros(plant.num_actuated_dofs())
        a_rail.set_actuation_vector([2.5], u)
        a_pin.set_actuation_vector(np.array([-1.0]), u)
        return (a_pin.rotor_inertia(context), a_pin.gear_ratio(context),
                a_pin.calc_reflected_inertia(context),
                a_rail.rotor_inertia(context), a_rail.gear_ratio(context),
                u.tolist(), a_rail.get_actuation_vector(u).tolist())
    ossa, drake = both(program)
    assert ossa == drake
    # ρ²·Ir = 25 · 0.3.
    assert ossa[2] == pytest.approx(7.5, rel=1e-15)
    assert ossa[5] == [-1.0, 2.5]


def test_actuation_vector_errors():
    plant, _, _, _, a_pin, _ = _model(OSSA)
    with pytest.raises(RuntimeError, match="actuated dofs"):
        a_pin.get_actuation_vector(np.zeros(3))
    with pytest.raises(RuntimeError, match="u_actuator"):
        a_pin.set_actuation_vector([1.0, 2.0], np.zeros(2))


def test_joint_add_in_one_force_and_damping():
    def program(lib):
        plant, pin, rail, _, _, _ = _model(lib)
        context = _state(lib, plant)
        forces = lib.tree.MultibodyForces(plant)
        pin.AddInOneForce(context, 0, 3.0, forces)
        rail.AddInOneForce(context, 0, -2.0, forces)
        pin.AddInDamping(context, forces)
        rail.AddInDamping(context, forces)
        v = plant.GetVelocities(context)
        return (forces.generalized_forces().tolist(),
                [pin.velocity_start(), rail.velocity_start()], v.tolist())
    ossa, drake = both(program)
    np.testing.assert_allclose(ossa[0], drake[0], rtol=RTOL)
    assert ossa[1] == drake[1]
    # τ = τ_applied − d·v on each joint's velocity.
    (i, k), v = ossa[1], ossa[2]
    assert ossa[0][i] == pytest.approx(3.0 - 0.5 * v[i], rel=1e-15)
    assert ossa[0][k] == pytest.approx(-2.0 - 0.25 * v[k], rel=1e-15)


def test_add_in_one_force_bad_dof():
    plant, pin, _, _, _, _ = _model(OSSA)
    context = plant.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="joint_dof 1 is out of range"):
        pin.AddInOneForce(context, 1, 1.0, OSSA.tree.MultibodyForces(plant))


def test_spatial_accelerations_from_vdot_and_point_velocities():
    def program(lib):
        plant = _model(lib)[0]
        context = _state(lib, plant)
        vdot = np.linspace(-1.0, 1.0, plant.num_velocities())
        A = plant.CalcSpatialAccelerationsFromVdot(context, vdot)
        link = plant.GetBodyByName("link").body_frame()
        slider = plant.GetBodyByName("slider").body_frame()
        p_BQi = np.array([[0.1, -0.2], [0.3, 0.0], [0.0, 0.5]])
        v = plant.CalcPointsVelocities(context, slider, p_BQi,
                                       plant.world_frame(), link)
        return ([np.concatenate([a.rotational(), a.translational()])
                 for a in A], np.asarray(v))
    ossa, drake = both(program)
    assert len(ossa[0]) == len(drake[0]) == 5
    for a, b in zip(ossa[0], drake[0]):
        np.testing.assert_allclose(a, b, rtol=RTOL, atol=1e-13)
    assert ossa[1].shape == (3, 2)
    np.testing.assert_allclose(ossa[1], drake[1], rtol=RTOL, atol=1e-13)
    # The world's acceleration is zero.
    assert not np.any(ossa[0][0])
