"""Per-Context parameters of bodies, joints and actuators against the
reference: RigidBody.SetMass / SetCenterOfMassInBodyFrame /
SetSpatialInertiaInBodyFrame and their readers, Joint.SetDampingVector /
GetDampingVector and the 1-dof kinds' SetDamping / GetDamping,
JointActuator.SetRotorInertia / SetGearRatio and their readers.

Each program builds one plant from one function on both libraries, sets
the parameters in a Context and returns what depends on them: the mass
matrix, inverse dynamics, center of mass, momentum, damping forces, time
derivatives and a few discrete steps. Both evaluate the same rigid-body
formulas in double precision, so results agree to 1e-12 relative (a few
ulps of O(1) values); the discrete steps factor M + h·D, which costs a
few more ulps per step (1e-11).
"""

import importlib
import pathlib
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, assert_agree, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
RTOL = 1e-12


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)


def _model(lib, time_step=0.0):
    """A double pendulum (revolute shoulder and elbow about y, damped, the
    shoulder actuated with a rotor) whose lower link carries a welded tool
    (a composite body of ossa's compiled tree), an actuated damped slider,
    a damped screw and a damped ball joint. Returns (plant, parts)."""
    t, p, m = lib.tree, lib.plant, lib.math
    plant = p.MultibodyPlant(time_step)
    rod = t.SpatialInertia.SolidCylinderWithMassAboutEnd
    z = [0.0, 0.0, -1.0]
    upper = plant.AddRigidBody("upper", rod(1.0, 0.05, 1.0, z))
    lower = plant.AddRigidBody("lower", rod(1.5, 0.05, 2.0, z))
    tool = plant.AddRigidBody("tool", t.SpatialInertia.SolidBoxWithMass(
        0.7, 0.2, 0.1, 0.1))
    slider = plant.AddRigidBody("slider", t.SpatialInertia.SolidBoxWithMass(
        2.0, 0.1, 0.2, 0.3))
    nut = plant.AddRigidBody("nut", t.SpatialInertia.SolidBoxWithMass(
        0.4, 0.1, 0.1, 0.05))
    ball = plant.AddRigidBody("ball", t.SpatialInertia.SolidSphereWithMass(
        0.8, 0.1))
    shoulder = plant.AddJoint(t.RevoluteJoint(
        "shoulder", plant.world_frame(), upper.body_frame(), [0.0, 1.0, 0.0],
        damping=0.3))
    # The elbow at the end of the upper link.
    elbow_frame = plant.AddFrame(t.FixedOffsetFrame(
        "elbow_frame", upper.body_frame(), m.RigidTransform([0.0, 0.0, -1.0])))
    elbow = plant.AddJoint(t.RevoluteJoint(
        "elbow", elbow_frame, lower.body_frame(), [0.0, 1.0, 0.0],
        damping=0.1))
    plant.WeldFrames(lower.body_frame(), tool.body_frame(),
                     m.RigidTransform(m.RollPitchYaw(0.1, 0.5, -0.3),
                                      [0.1, 0.0, -2.0]))
    rail = plant.AddJoint(t.PrismaticJoint(
        "rail", plant.world_frame(), slider.body_frame(), [1.0, 0.0, 0.0],
        damping=0.5))
    screw = plant.AddJoint(t.ScrewJoint(
        "screw", plant.world_frame(), nut.body_frame(), [0.0, 0.0, 1.0],
        0.02, 0.05))
    ball_joint = plant.AddJoint(t.BallRpyJoint(
        "ball_joint", plant.world_frame(), ball.body_frame(), damping=0.2))
    a_shoulder = plant.AddJointActuator("a_shoulder", shoulder)
    a_rail = plant.AddJointActuator("a_rail", rail)
    a_shoulder.set_default_rotor_inertia(0.02)
    a_shoulder.set_default_gear_ratio(4.0)
    a_rail.set_default_rotor_inertia(0.1)
    plant.Finalize()
    return plant, dict(upper=upper, lower=lower, tool=tool, slider=slider,
                       shoulder=shoulder, elbow=elbow, rail=rail,
                       screw=screw, ball_joint=ball_joint,
                       a_shoulder=a_shoulder, a_rail=a_rail)


def _state(plant, context, seed=3):
    rng = np.random.default_rng(seed)
    plant.SetPositions(context, rng.uniform(-1.0, 1.0,
                                            plant.num_positions()))
    plant.SetVelocities(context, rng.uniform(-1.0, 1.0,
                                             plant.num_velocities()))
    plant.get_actuation_input_port().FixValue(
        context, rng.uniform(-1.0, 1.0, plant.num_actuated_dofs()))


def _set_parameters(lib, parts, context):
    """Changes every kind of parameter in `context`."""
    t = lib.tree
    parts["upper"].SetMass(context, 2.0)
    parts["lower"].SetCenterOfMassInBodyFrame(context, [0.02, 0.01, -0.7])
    # A box whose center is at (−0.05, 0.02, 0.1) from the tool's origin.
    parts["tool"].SetSpatialInertiaInBodyFrame(
        context, t.SpatialInertia.SolidBoxWithMass(0.9, 0.1, 0.2, 0.05).Shift(
            [0.05, -0.02, -0.1]))
    parts["tool"].SetMass(context, 1.1)
    parts["slider"].SetMass(context, 3.0)
    parts["shoulder"].SetDamping(context, 0.8)
    parts["rail"].SetDampingVector(context, [1.5])
    parts["screw"].SetDamping(context, 0.3)
    # The ball joint's damping is one coefficient for its three velocities
    # (the reference's forces use the first entry of the vector).
    parts["ball_joint"].SetDampingVector(context, [0.25, 0.25, 0.25])
    parts["a_shoulder"].SetRotorInertia(context, 0.05)
    parts["a_shoulder"].SetGearRatio(context, -3.0)
    parts["a_rail"].SetGearRatio(context, 1.5)


def _readers(parts, context):
    """Every Context-reading accessor of the parameters."""
    out = []
    for name in ("upper", "lower", "tool", "slider"):
        body = parts[name]
        out += [body.get_mass(context),
                *body.CalcCenterOfMassInBodyFrame(context),
                *body.CalcSpatialInertiaInBodyFrame(
                    context).CopyToFullMatrix6().ravel()]
    for name in ("shoulder", "rail", "screw"):
        out.append(parts[name].GetDamping(context))
    for name in ("shoulder", "elbow", "rail", "screw", "ball_joint"):
        out += list(parts[name].GetDampingVector(context))
    for name in ("a_shoulder", "a_rail"):
        actuator = parts[name]
        out += [actuator.rotor_inertia(context), actuator.gear_ratio(context),
                actuator.calc_reflected_inertia(context)]
    return np.array(out)


def _dynamics(lib, plant, parts, context):
    """What depends on the parameters, as one flat array per quantity."""
    nv = plant.num_velocities()
    vdot = np.linspace(-1.0, 1.0, nv)
    forces = lib.tree.MultibodyForces(plant)
    damping = lib.tree.MultibodyForces(plant)
    for name in ("shoulder", "elbow", "rail", "screw", "ball_joint"):
        parts[name].AddInDamping(context, damping)
    return dict(
        M=plant.CalcMassMatrix(context),
        tau_id=plant.CalcInverseDynamics(context, vdot, forces),
        com=plant.CalcCenterOfMassPositionInWorld(context),
        total_mass=[plant.CalcTotalMass(context)],
        momentum=plant.CalcSpatialMomentumInWorldAboutPoint(
            context, [0.1, 0.2, 0.3]).get_coeffs(),
        gravity=plant.CalcGravityGeneralizedForces(context),
        damping=damping.generalized_forces(),
        com_velocity=plant.CalcCenterOfMassTranslationalVelocityInWorld(
            context),
        tool_com_velocity=parts[
            "tool"].CalcCenterOfMassTranslationalVelocityInWorld(context),
        kinetic=[plant.CalcKineticEnergy(context)],
        xdot=plant.EvalTimeDerivatives(context).CopyToVector())


def _compare(ossa, drake):
    for key in drake:
        assert_agree(ossa[key], drake[key], key, RTOL)


def test_readers_return_the_context_values_and_defaults_stay():
    def program(lib):
        plant, parts = _model(lib)
        context = plant.CreateDefaultContext()
        before = _readers(parts, context)
        _set_parameters(lib, parts, context)
        after = _readers(parts, context)
        fresh = _readers(parts, plant.CreateDefaultContext())
        defaults = [parts["upper"].default_mass(),
                    *parts["lower"].default_com(),
                    parts["shoulder"].default_damping(),
                    parts["a_shoulder"].default_rotor_inertia(),
                    parts["a_shoulder"].default_gear_ratio()]
        return before, after, fresh, np.array(defaults)
    ossa, drake = both(program)
    for what, o, d in zip(("before", "after", "fresh", "defaults"), ossa,
                          drake):
        assert_agree(o, d, what, RTOL)
    # The values set are read back, and a new Context starts from the
    # defaults.
    assert ossa[1][0] == 2.0
    assert np.array_equal(ossa[0], ossa[2])
    assert not np.array_equal(ossa[0], ossa[1])
    assert ossa[3][0] == 1.0 and ossa[3][4] == 0.3


def test_dynamics_see_the_context_values():
    def program(lib):
        plant, parts = _model(lib)
        context = plant.CreateDefaultContext()
        _state(plant, context)
        default = _dynamics(lib, plant, parts, context)
        _set_parameters(lib, parts, context)
        changed = _dynamics(lib, plant, parts, context)
        return default, changed
    ossa, drake = both(program)
    _compare(ossa[0], drake[0])
    _compare(ossa[1], drake[1])
    # Every quantity changed with the parameters (the caches were
    # invalidated).
    for key in ossa[1]:
        assert not np.allclose(ossa[0][key], ossa[1][key]), key


def test_two_contexts_of_one_plant():
    def program(lib):
        plant, parts = _model(lib)
        a = plant.CreateDefaultContext()
        b = plant.CreateDefaultContext()
        _state(plant, a)
        _state(plant, b)
        _set_parameters(lib, parts, a)
        parts["tool"].SetMass(b, 0.2)
        c = a.Clone()
        return (plant.CalcMassMatrix(a), plant.CalcMassMatrix(b),
                plant.CalcMassMatrix(c), _readers(parts, c))
    ossa, drake = both(program)
    for i, what in enumerate(("M(a)", "M(b)", "M(clone of a)", "clone")):
        assert_agree(ossa[i], drake[i], what, RTOL)
    assert np.array_equal(ossa[0], ossa[2])
    assert not np.allclose(ossa[0], ossa[1])


def test_actuator_defaults_changed_after_finalize():
    # The reference lets an actuator's default rotor inertia and gear ratio
    # change after Finalize(): Contexts made (or set to defaults) afterwards
    # see them, an existing Context keeps its values until then.
    def program(lib):
        plant, parts = _model(lib)
        before = plant.CreateDefaultContext()
        parts["a_shoulder"].set_default_rotor_inertia(0.07)
        parts["a_rail"].set_default_gear_ratio(2.5)
        after = plant.CreateDefaultContext()
        kept = plant.CalcMassMatrix(before)
        plant.SetDefaultContext(before)
        return (kept, plant.CalcMassMatrix(after),
                plant.CalcMassMatrix(before), _readers(parts, after),
                parts["a_shoulder"].default_reflected_inertia())
    ossa, drake = both(program)
    for i, what in enumerate(("M(existing)", "M(new)", "M(reset)",
                              "readers", "reflected inertia")):
        assert_agree(ossa[i], drake[i], what, RTOL)
    assert not np.allclose(ossa[0], ossa[1])
    assert np.array_equal(ossa[1], ossa[2])


def test_discrete_steps_see_the_context_values():
    def program(lib):
        plant, parts = _model(lib, time_step=1e-3)
        simulator = lib.analysis.Simulator(plant)
        context = simulator.get_mutable_context()
        _state(plant, context)
        _set_parameters(lib, parts, context)
        simulator.AdvanceTo(5e-3)
        return plant.GetPositionsAndVelocities(context)
    ossa, drake = both(program)
    assert_agree(ossa, drake, "x after 5 steps", 1e-11)


def test_autodiff_derivatives_with_respect_to_parameters():
    def program(lib):
        plant, _ = _model(lib)
        ad = plant.ToAutoDiffXd()
        context = ad.CreateDefaultContext()
        AutoDiffXd = importlib.import_module(
            ("ossa" if lib.is_ossa else "pydrake") + ".autodiffutils"
        ).AutoDiffXd
        ad.GetBodyByName("tool").SetMass(context, AutoDiffXd(0.7, [1.0, 0.0]))
        actuator = ad.GetJointActuatorByName("a_shoulder")
        actuator.SetRotorInertia(context, AutoDiffXd(0.02, [0.0, 1.0]))
        ad.GetJointByName("shoulder").SetDamping(
            context, AutoDiffXd(0.3, [0.0, 0.0]))
        M = ad.CalcMassMatrix(context)

        def gradient(x):  # An entry without derivatives has a zero one.
            d = np.asarray(x.derivatives(), float)
            return d if d.size else np.zeros(2)
        return (np.array([[x.value() for x in row] for row in M]),
                np.array([[gradient(x) for x in row] for row in M]),
                gradient(actuator.calc_reflected_inertia(context)))
    ossa, drake = both(program)
    for i, what in enumerate(("M", "dM", "d reflected")):
        assert_agree(ossa[i], drake[i], what, RTOL)
    # ∂(ρ²·I_r)/∂I_r = ρ² = 16.
    assert ossa[2][1] == 16.0


def test_misuse_raises_the_reference_types():
    def program(lib):
        plant, parts = _model(lib)
        context = plant.CreateDefaultContext()
        return [
            error_of(lambda: parts["upper"].SetMass(context, "heavy")),
            error_of(lambda: parts["upper"].SetCenterOfMassInBodyFrame(
                context, [1.0, 2.0])),
            error_of(lambda: parts["shoulder"].SetDamping(context, None)),
            error_of(lambda: parts["ball_joint"].GetDamping(context)),
        ]
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0] is TypeError and ossa[3] is AttributeError


# Misuse the reference does not survive: a failed assertion ends its
# process. ossa raises RuntimeError naming the element.
ABORTS = [
    ("negative_damping", "parts['shoulder'].SetDamping(context, -1.0)",
     "shoulder"),
    ("damping_size", "parts['ball_joint'].SetDampingVector(context, "
     "[1.0, 2.0])", "ball_joint"),
    ("negative_damping_vector", "parts['rail'].SetDampingVector(context, "
     "[-1.0])", "rail"),
]


@pytest.mark.parametrize("name,call,element", ABORTS,
                         ids=[r[0] for r in ABORTS])
def test_misuse_the_reference_aborts_on(name, call, element):
    plant, parts = _model(OSSA)
    context = plant.CreateDefaultContext()
    with pytest.raises(RuntimeError, match=element):
        eval(call)
    # The Context is unchanged.
    assert_agree(_readers(parts, context),
                 _readers(parts, plant.CreateDefaultContext()), "unchanged")
    code = ("import sys\n"
            f"sys.path.insert(0, {str(pathlib.Path(__file__).parent)!r})\n"
            "from peer_modules import ModuleSet\n"
            "from context_parameters_drake_agreement_test import _model\n"
            "plant, parts = _model(ModuleSet('pydrake'))\n"
            "context = plant.CreateDefaultContext()\n"
            f"{call}\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode != 0, run.stdout


def test_ossa_checks_what_the_reference_accepts():
    """Where the reference accepts a value without a check (a negative mass
    or rotor inertia, a Context of another plant), ossa raises
    RuntimeError naming the element: the dynamics of a negative mass or of
    another plant's parameters are not defined."""
    plant, parts = _model(OSSA)
    context = plant.CreateDefaultContext()
    other = _model(OSSA)[0].CreateDefaultContext()
    with pytest.raises(RuntimeError, match="upper.*nonnegative"):
        parts["upper"].SetMass(context, -1.0)
    with pytest.raises(RuntimeError, match="a_rail.*nonnegative"):
        parts["a_rail"].SetRotorInertia(context, -1.0)
    with pytest.raises(RuntimeError, match="a_rail.*finite"):
        parts["a_rail"].SetGearRatio(context, float("nan"))
    with pytest.raises(RuntimeError):
        parts["upper"].SetMass(other, 1.0)
    with pytest.raises(RuntimeError):
        parts["shoulder"].GetDamping(other)
    # The reference accepts them.
    plant_d, parts_d = _model(DRAKE)
    context_d = plant_d.CreateDefaultContext()
    parts_d["upper"].SetMass(context_d, -1.0)
    parts_d["a_rail"].SetRotorInertia(context_d, -1.0)
    assert parts_d["upper"].get_mass(context_d) == -1.0
