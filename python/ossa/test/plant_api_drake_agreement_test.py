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

import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
RTOL = 1e-12


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)




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


def _propeller_diagram(lib):
    """A free box driven by two propellers (rotated and offset on the
    body) through a multiplexer whose second input carries one more force;
    returns the diagram, its context and the systems."""
    t, p = lib.tree, lib.plant
    f = importlib.import_module(f"{lib_name(lib)}.systems.framework")
    builder = f.DiagramBuilder()
    plant = builder.AddSystem(p.MultibodyPlant(0.0))
    body = plant.AddRigidBody(
        "box", t.SpatialInertia.SolidBoxWithMass(2.0, 0.1, 0.2, 0.3))
    plant.Finalize()
    X_BP0 = lib.math.RigidTransform(lib.math.RollPitchYaw(0.3, -0.2, 0.1),
                                    [0.1, 0.0, -0.05])
    X_BP1 = lib.math.RigidTransform([-0.1, 0.2, 0.0])
    propeller = builder.AddSystem(p.Propeller([
        p.PropellerInfo(body.index(), X_BP0, thrust_ratio=3.0,
                        moment_ratio=0.5),
        p.PropellerInfo(body.index(), X_BP=X_BP1, moment_ratio=-0.25)]))
    mux = builder.AddSystem(p.ExternallyAppliedSpatialForceMultiplexer(2))
    builder.Connect(plant.get_body_poses_output_port(),
                    propeller.get_body_poses_input_port())
    builder.Connect(propeller.get_spatial_forces_output_port(),
                    mux.get_input_port(0))
    builder.Connect(mux.get_output_port(),
                    plant.get_applied_spatial_force_input_port())
    builder.ExportInput(propeller.get_command_input_port(), "command")
    builder.ExportInput(mux.get_input_port(1), "extra")
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetFreeBodyPose(plant_context, body, lib.math.RigidTransform(
        lib.math.RollPitchYaw(0.4, 0.1, -0.7), [0.0, 0.0, 1.0]))
    diagram.get_input_port(0).FixValue(context, [2.0, -1.5])
    extra = p.ExternallyAppliedSpatialForce()
    extra.body_index = body.index()
    extra.p_BoBq_B = [0.0, 0.05, 0.0]
    extra.F_Bq_W = lib.mbmath.SpatialForce([0.1, 0.0, 0.0], [0.0, 0.0, 1.0])
    diagram.get_input_port(1).FixValue(context, [extra])
    return diagram, context, plant, propeller, mux


def lib_name(lib):
    return "ossa" if lib is OSSA else "pydrake"


def test_propeller_and_multiplexer_drive_a_body():
    def program(lib):
        diagram, context, plant, propeller, mux = _propeller_diagram(lib)
        forces = propeller.get_spatial_forces_output_port().Eval(
            propeller.GetMyContextFromRoot(context))
        muxed = mux.get_output_port().Eval(mux.GetMyContextFromRoot(context))
        vdot = diagram.EvalTimeDerivatives(context).CopyToVector()[-6:]
        return ([(int(x.body_index), np.asarray(x.p_BoBq_B).tolist(),
                  x.F_Bq_W.get_coeffs().tolist()) for x in forces],
                len(muxed), propeller.num_propellers(),
                [propeller.get_input_port(i).get_name() for i in range(2)],
                [mux.get_input_port(i).get_name() for i in range(2)],
                mux.get_output_port().get_name(), np.asarray(vdot))
    ossa, drake = both(program)
    assert ossa[1:6] == drake[1:6]
    assert ossa[1] == 3 and ossa[2] == 2
    for a, b in zip(ossa[0], drake[0]):
        assert a[:2] == b[:2]
        np.testing.assert_allclose(a[2], b[2], rtol=RTOL, atol=1e-15)
    # The second propeller is not rotated: its force is along R_WB·Bz,
    # thrust 1·(−1.5), moment −0.25·(−1.5).
    F1 = np.array(ossa[0][1][2])
    np.testing.assert_allclose(np.linalg.norm(F1[3:]), 1.5, rtol=1e-14)
    np.testing.assert_allclose(np.linalg.norm(F1[:3]), 0.375, rtol=1e-14)
    np.testing.assert_allclose(ossa[6], drake[6], rtol=1e-10, atol=1e-12)


def test_propeller_copies_and_errors():
    p, t = OSSA.plant, OSSA.tree
    info = p.PropellerInfo(t.BodyIndex(1), thrust_ratio=2.0)
    clone = __import__("copy").deepcopy(info)
    clone.thrust_ratio = 5.0
    assert info.thrust_ratio == 2.0 and clone.body_index == t.BodyIndex(1)
    with pytest.raises(RuntimeError, match="must be non-negative"):
        p.ExternallyAppliedSpatialForceMultiplexer(-1)
    with pytest.raises(RuntimeError, match="invalid body index"):
        p.Propeller([p.PropellerInfo(t.BodyIndex())])
    # A body index beyond the poses given is reported by name.
    propeller = p.Propeller(t.BodyIndex(3))
    context = propeller.CreateDefaultContext()
    propeller.get_command_input_port().FixValue(context, [1.0])
    propeller.get_body_poses_input_port().FixValue(
        context, [OSSA.math.RigidTransform()])
    with pytest.raises(RuntimeError, match="holds 1 poses"):
        propeller.get_spatial_forces_output_port().Eval(context)
    assert propeller.ToAutoDiffXd().num_propellers() == 1


def _wing_diagram(lib, wind, density):
    """A free box with a wing at an offset, rotated pose, moving and
    spinning; wind and density fixed when given."""
    t, p = lib.tree, lib.plant
    f = importlib.import_module(f"{lib_name(lib)}.systems.framework")
    builder = f.DiagramBuilder()
    plant = builder.AddSystem(p.MultibodyPlant(0.0))
    body = plant.AddRigidBody(
        "glider", t.SpatialInertia.SolidBoxWithMass(1.5, 0.4, 0.1, 0.05))
    plant.Finalize()
    X_BodyWing = lib.math.RigidTransform(
        lib.math.RollPitchYaw(0.1, -0.3, 0.2), [0.05, 0.0, 0.02])
    wing = p.Wing.AddToBuilder(builder, plant, body.index(), 0.3,
                               X_BodyWing, fluid_density=1.1)
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetFreeBodyPose(plant_context, body, lib.math.RigidTransform(
        lib.math.RollPitchYaw(0.2, 0.3, -0.4), [1.0, 2.0, 3.0]))
    plant.SetVelocities(plant_context, [0.3, -0.2, 0.5, 4.0, -1.0, -0.7])
    wing_context = wing.GetMyMutableContextFromRoot(context)
    if wind is not None:
        wing.get_wind_velocity_input_port().FixValue(wing_context, wind)
    if density is not None:
        wing.get_fluid_density_input_port().FixValue(wing_context, [density])
    return diagram, context, wing, wing_context


@pytest.mark.parametrize("wind, density", [
    (None, None), ([1.0, -0.5, 0.25], None), ([0.0, 2.0, -1.0], 998.0)])
def test_wing_force_matches_reference(wind, density):
    def program(lib):
        diagram, context, wing, wing_context = _wing_diagram(
            lib, wind, density)
        (force,) = wing.get_spatial_force_output_port().Eval(wing_context)
        center = wing.get_aerodynamic_center_output_port().Eval(wing_context)
        vdot = diagram.EvalTimeDerivatives(context).CopyToVector()[-6:]
        return (int(force.body_index), np.asarray(force.p_BoBq_B),
                force.F_Bq_W.get_coeffs(), np.asarray(center),
                np.asarray(vdot),
                [wing.get_input_port(i).get_name() for i in range(4)],
                [wing.get_output_port(i).get_name() for i in range(2)])
    ossa, drake = both(program)
    assert ossa[0] == drake[0] and ossa[5:] == drake[5:]
    for a, b in zip(ossa[1:5], drake[1:5]):
        np.testing.assert_allclose(a, b, rtol=RTOL, atol=1e-12)
    # No moment at the aerodynamic center; the force is normal to the plate.
    assert not np.any(ossa[2][:3])


def test_wing_closed_form_and_errors():
    # Translating along −Az at speed s with the plate level: the force is
    # ρ·S·s² along +Az (all drag, α = 90°).
    p, t = OSSA.plant, OSSA.tree
    wing = p.Wing(t.BodyIndex(1), surface_area=2.0, fluid_density=1.5)
    context = wing.CreateDefaultContext()
    wing.get_body_poses_input_port().FixValue(
        context, [OSSA.math.RigidTransform()] * 2)
    wing.get_body_spatial_velocities_input_port().FixValue(
        context, [OSSA.mbmath.SpatialVelocity.Zero(),
                  OSSA.mbmath.SpatialVelocity([0, 0, 0], [0.0, 0.0, -3.0])])
    (force,) = wing.get_spatial_force_output_port().Eval(context)
    np.testing.assert_allclose(force.F_Bq_W.get_coeffs(),
                               [0, 0, 0, 0, 0, 1.5 * 2.0 * 9.0], rtol=1e-15)
    # Spanwise motion makes no force.
    wing.get_body_spatial_velocities_input_port().FixValue(
        context, [OSSA.mbmath.SpatialVelocity.Zero(),
                  OSSA.mbmath.SpatialVelocity([0, 0, 0], [0.0, 5.0, 0.0])])
    (force,) = wing.get_spatial_force_output_port().Eval(context)
    assert not np.any(force.F_Bq_W.get_coeffs())
    with pytest.raises(RuntimeError, match="surface_area is -1"):
        p.Wing(t.BodyIndex(1), -1.0)
    with pytest.raises(RuntimeError, match="fluid_density is 0"):
        p.Wing(t.BodyIndex(1), 1.0, fluid_density=0.0)
    short = p.Wing(t.BodyIndex(4), 1.0)
    short_context = short.CreateDefaultContext()
    short.get_body_poses_input_port().FixValue(
        short_context, [OSSA.math.RigidTransform()])
    with pytest.raises(RuntimeError, match="holds 1 poses"):
        short.get_aerodynamic_center_output_port().Eval(short_context)
    assert short.ToAutoDiffXd().get_output_port(1).size() == 3


def test_body_lock_unlock():
    def program(lib):
        plant, pin, _, _, _, _ = _model(lib)
        context = _state(lib, plant)
        free = plant.GetBodyByName("free")
        link = plant.GetBodyByName("link")
        before = (free.is_locked(context), link.is_locked(context),
                  plant.world_body().is_locked(context))
        free.Lock(context)
        pin.Lock(context)
        locked = (free.is_locked(context), link.is_locked(context),
                  plant.GetJointByName("free").is_locked(context))
        free.Unlock(context)
        return (before, locked, free.is_locked(context),
                error_of(lambda: link.Lock(context)),
                error_of(lambda: link.Unlock(context)))
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[1] == (True, True, True) and ossa[3] is RuntimeError


def test_package_map_copy_constructor(tmp_path):
    def program(lib):
        parsing = importlib.import_module(f"{lib_name(lib)}.multibody.parsing")
        first = parsing.PackageMap()
        first.Add("alpha", str(tmp_path))
        second = parsing.PackageMap(first)
        second.Add("beta", str(tmp_path))
        return (first.Contains("alpha"), first.Contains("beta"),
                second.Contains("alpha"), second.Contains("beta"),
                second.GetPath("alpha") == first.GetPath("alpha"))
    ossa, drake = both(program)
    assert ossa == drake == (True, False, True, True, True)
