"""Discrete MultibodyPlant against pydrake: 1 ms steps of the acrobot, the
random 7-dof arm of drake_agreement_test.py and the KUKA iiwa (7 dof, from
models/drake/kuka_iiwa_robot.urdf, welded to the world), each built by the
same function in both libraries.

Without contact, PD control or active joint limits the reference's steps
are direct solves: (M + h·D)·v[n+1] = M·v[n] + h·(τ_g − C·v + τ) for the SAP
family (its default "lagged" approximation, "sap", "similar") and v[n+1] =
v[n] + h·M⁻¹·(τ_g − C·v − D·v + τ) for TAMSI, with q[n+1] = q[n] +
h·N(q[n])·v[n+1]. ossa's steps are the same maps (see
ossa/multibody/plant/discrete_step_solver.h), TAMSI's joint-limit penalty
included, so the states agree to round-off amplified over the run (measured
≤ 3e-11 after 1 s); 1e-8 is the required tolerance.

With PD-controlled actuators and joint limits (the SAP family: the
reference solves a convex problem to its own tolerance, ossa minimizes the
same convex function exactly), both must settle the same way: every joint
within its limits, joints whose target is inside the limits at the target
up to the gravity torque over Kp, joints whose target is beyond a limit
resting on that limit."""

import importlib.util
import pathlib

import numpy as np
import pytest

pytest.importorskip("pydrake")

import pydrake.common.cpp_param  # noqa: E402
import pydrake.common.value  # noqa: E402
import pydrake.multibody.parsing  # noqa: E402
import pydrake.systems.framework  # noqa: E402

import ossa.common.cpp_param  # noqa: E402
import ossa.common.value  # noqa: E402
import ossa.multibody.parsing  # noqa: E402
import ossa.systems.framework  # noqa: E402


def _load_shared():
    """The model builders and helpers of drake_agreement_test.py (a sibling
    file, not a package: load it by path)."""
    path = pathlib.Path(__file__).with_name("drake_agreement_test.py")
    spec = importlib.util.spec_from_file_location("_drake_agreement_shared",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_shared = _load_shared()
DRAKE, MODELS, OSSA = _shared.DRAKE, _shared.MODELS, _shared.OSSA
Pair, assert_agree = _shared.Pair, _shared.assert_agree
OSSA.parsing = ossa.multibody.parsing
DRAKE.parsing = pydrake.multibody.parsing

IIWA_URDF = str(pathlib.Path(__file__).resolve().parents[3] / "models" /
                "drake" / "kuka_iiwa_robot.urdf")
# The iiwa 14's joint limits (rad) and effort limits (N·m), from its
# datasheet as the reference's iiwa models carry them; the bundled URDF has
# neither.
IIWA_LIMITS = np.deg2rad([170.0, 120.0, 170.0, 120.0, 170.0, 120.0, 175.0])
IIWA_EFFORT = [320.0, 320.0, 176.0, 176.0, 110.0, 40.0, 40.0]


def build_iiwa(lib, plant, limits=False, actuators=False):
    """The bundled iiwa welded to the world; optionally with its joint
    limits and one actuator per joint (with its effort limit)."""
    lib.parsing.Parser(plant).AddModels(IIWA_URDF)
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
    for i in range(7):
        joint = plant.GetJointByName(f"iiwa_joint_{i + 1}")
        if limits:
            joint.set_position_limits([-IIWA_LIMITS[i]], [IIWA_LIMITS[i]])
        if actuators:
            plant.AddJointActuator(f"iiwa_motor_{i + 1}", joint,
                                   IIWA_EFFORT[i])


def without_limits(builder):
    """`builder` with every one-dof joint's position limits removed."""
    def build(lib, plant):
        builder(lib, plant)
        for index in plant.GetJointIndices():
            joint = plant.get_joint(index)
            if joint.num_positions() == 1:
                joint.set_position_limits([-np.inf], [np.inf])
    return build


DISCRETE_MODELS = {
    "acrobot": MODELS["acrobot"],
    "serial_arm": without_limits(MODELS["serial_arm"]),
    # The random arm with its limits: they engage during the run (TAMSI's
    # penalty, the SAP family's constraints).
    "serial_arm_limits": MODELS["serial_arm"],
    "iiwa": build_iiwa,
}


def make_plant(lib, builder, approximation, time_step=1e-3):
    plant = lib.plant.MultibodyPlant(time_step)
    builder(lib, plant)
    if approximation is not None:
        plant.set_discrete_contact_approximation(
            getattr(lib.plant.DiscreteContactApproximation, approximation))
    plant.Finalize()
    return plant


def simulate_discrete(lib, builder, x0, t_final, approximation=None):
    plant = make_plant(lib, builder, approximation)
    simulator = lib.analysis.Simulator(plant)
    context = simulator.get_mutable_context()
    plant.SetPositionsAndVelocities(context, x0)
    simulator.AdvanceTo(t_final)
    return plant.GetPositionsAndVelocities(context)


@pytest.mark.parametrize("approximation",
                         [None, "kTamsi", "kSap", "kSimilar"])
@pytest.mark.parametrize("model", sorted(DISCRETE_MODELS))
def test_discrete_simulation(model, approximation):
    """1 s (1000 steps) of free motion under gravity and joint damping."""
    builder = DISCRETE_MODELS[model]
    rng = np.random.default_rng(42)
    pair = Pair(builder)
    q, v = pair.random_state(rng)
    x0 = np.concatenate([q, 0.3 * v])
    ours = simulate_discrete(OSSA, builder, x0, 1.0, approximation)
    theirs = simulate_discrete(DRAKE, builder, x0, 1.0, approximation)
    # The motion is not trivial: the state moved by O(1).
    assert np.max(np.abs(theirs - x0)) > 0.1
    assert_agree(ours, theirs, f"state after 1 s ({model}, {approximation})",
                 rtol=1e-8)


# ------------------------------------------------- PD control and limits

KP, KD = 2000.0, 60.0
# Targets: joints 2 and 4 beyond their limits (±120°), the others inside.
Q_TARGET = np.array([0.5, 2.4, -0.7, -2.3, 0.9, 0.6, -1.2])


def build_iiwa_pd(lib, plant):
    build_iiwa(lib, plant, limits=True, actuators=True)
    for index in plant.GetJointActuatorIndices():
        plant.get_joint_actuator(index).set_controller_gains(
            lib.tree.PdControllerGains(p=KP, d=KD))


def run_pd(lib, approximation, t_final=3.0):
    """The PD-controlled iiwa from rest at q = 0 towards Q_TARGET; returns
    the plant, the final context and the largest violation of a joint
    limit seen at the 10 ms samples."""
    plant = make_plant(lib, build_iiwa_pd, approximation)
    builder = lib.framework.DiagramBuilder()
    builder.AddSystem(plant)
    diagram = builder.Build()
    simulator = lib.analysis.Simulator(diagram)
    root = simulator.get_mutable_context()
    context = plant.GetMyMutableContextFromRoot(root)
    instance = plant.GetModelInstanceByName("iiwa14")
    plant.get_desired_state_input_port(instance).FixValue(
        context, np.concatenate([Q_TARGET, np.zeros(7)]))
    worst = 0.0
    for k in range(1, int(round(t_final / 0.01)) + 1):
        simulator.AdvanceTo(0.01 * k)
        q = plant.GetPositions(context)
        worst = max(worst, np.max(np.abs(q) - IIWA_LIMITS))
    return plant, context, worst


@pytest.mark.parametrize("approximation", [None, "kSap", "kSimilar"])
def test_discrete_pd_and_joint_limits(approximation):
    """The same settled behaviour in both libraries: limits respected,
    targets inside the limits reached (up to the static gravity
    deflection), targets beyond a limit stopped at it, at rest."""
    final = {}
    for lib in (OSSA, DRAKE):
        plant, context, worst = run_pd(lib, approximation)
        q = plant.GetPositions(context)
        v = plant.GetVelocities(context)
        # Limits hold while the PD drives two joints into them: the
        # near-rigid constraints allow a steady penetration 2·R·h²·|f| ≈
        # 1.6e-7/A_ii rad (R = β²/(4π²)/A_ii, β = 0.1, |f| ≤ 320 N·m; both
        # measure 1.4e-7); 1e-5 leaves room for the impact transient, while
        # a limit that is not enforced shows 0.3 rad (the targets' excess).
        assert worst < 1e-5, (lib.name, worst)
        # At rest after 3 s of damped PD motion (measured |v| ≤ 1e-9).
        assert np.max(np.abs(v)) < 1e-6, (lib.name, v)
        limited = np.abs(Q_TARGET) > IIWA_LIMITS
        assert limited.sum() == 2
        # Joints driven beyond a limit sit on it (within the constraint's
        # compliance, as above).
        np.testing.assert_allclose(
            np.abs(q[limited]), IIWA_LIMITS[limited], atol=1e-5,
            err_msg=lib.name)
        # The others at the target up to the static deflection: at rest
        # Kp·(qd − q) balances gravity, |qd − q| ≤ |τ_g|/Kp. Check the
        # balance itself (1e-5 N·m: the remaining Kd·v ≤ 60·1e-6 N·m, the
        # reference's solver tolerance; measured 6e-8 and 3e-12) and that
        # the deflection is small.
        tau_g = plant.CalcGravityGeneralizedForces(context)
        free = ~limited
        residual = KP * (Q_TARGET[free] - q[free]) + tau_g[free]
        assert np.max(np.abs(residual)) < 1e-4, (lib.name, residual)
        assert np.max(np.abs(Q_TARGET[free] - q[free])) < 0.05, lib.name
        final[lib.name] = plant.GetPositionsAndVelocities(context)
    # Both settle at the same state: the same equilibrium up to the
    # reference's solver tolerance (measured 9e-10).
    assert_agree(final["ossa"], final["drake"],
                 f"settled state ({approximation})", rtol=1e-7)


# ----------------------------------------------------- settings and config

def test_discrete_contact_approximation_accessors():
    """Getters, setters and the post-Finalize error, in both libraries."""
    for lib in (OSSA, DRAKE):
        A = lib.plant.DiscreteContactApproximation
        S = lib.plant.DiscreteContactSolver
        plant = lib.plant.MultibodyPlant(1e-3)
        # The reference's defaults.
        assert plant.get_discrete_contact_approximation() == A.kLagged
        assert plant.get_discrete_contact_solver() == S.kSap
        for approximation, solver in [(A.kTamsi, S.kTamsi), (A.kSap, S.kSap),
                                      (A.kSimilar, S.kSap),
                                      (A.kLagged, S.kSap)]:
            plant.set_discrete_contact_approximation(approximation)
            assert plant.get_discrete_contact_approximation() == approximation
            assert plant.get_discrete_contact_solver() == solver
        plant.Finalize()
        with pytest.raises(RuntimeError,
                           match="set_discrete_contact_approximation"):
            plant.set_discrete_contact_approximation(A.kTamsi)
        # A continuous plant reports the defaults too.
        continuous = lib.plant.MultibodyPlant(0.0)
        assert continuous.get_discrete_contact_approximation() == A.kLagged
    # Members of the enums, as the reference (whose ContactModel also has
    # the deprecated aliases kHydroelasticsOnly and kPointContactOnly).
    for name in ("DiscreteContactApproximation", "DiscreteContactSolver",
                 "ContactModel"):
        ours = set(getattr(OSSA.plant, name).__members__)
        theirs = set(getattr(DRAKE.plant, name).__members__)
        theirs -= {"kHydroelasticsOnly", "kPointContactOnly"}
        assert ours == theirs, name


def test_discrete_contact_approximation_errors_ossa():
    """ossa throws where the reference aborts (a continuous plant) and
    keeps the deprecated solver setter the reference's Python dropped."""
    A = OSSA.plant.DiscreteContactApproximation
    S = OSSA.plant.DiscreteContactSolver
    continuous = OSSA.plant.MultibodyPlant(0.0)
    with pytest.raises(RuntimeError, match="continuous"):
        continuous.set_discrete_contact_approximation(A.kTamsi)
    plant = OSSA.plant.MultibodyPlant(1e-3)
    plant.set_discrete_contact_solver(S.kTamsi)
    assert plant.get_discrete_contact_approximation() == A.kTamsi
    plant.set_discrete_contact_solver(S.kSap)
    assert plant.get_discrete_contact_approximation() == A.kSap
    plant.Finalize()
    with pytest.raises(RuntimeError, match="set_discrete_contact_solver"):
        plant.set_discrete_contact_solver(S.kTamsi)
    with pytest.raises(RuntimeError, match="penetration allowance"):
        OSSA.plant.MultibodyPlant(1e-3).set_penetration_allowance(0.0)


# The fields both libraries' MultibodyPlantConfig have (ossa also keeps the
# deprecated discrete_contact_solver, see the C++ header).
CONFIG_FIELDS = ("time_step", "use_sampled_output_ports",
                 "penetration_allowance", "stiction_tolerance",
                 "contact_model", "discrete_contact_approximation",
                 "sap_near_rigid_threshold", "contact_surface_representation",
                 "adjacent_bodies_collision_filters")


def test_multibody_plant_config():
    ours, theirs = OSSA.plant.MultibodyPlantConfig(), \
        DRAKE.plant.MultibodyPlantConfig()
    for field in CONFIG_FIELDS:
        assert getattr(ours, field) == getattr(theirs, field), field
    assert ours.discrete_contact_solver == ""
    for lib in (OSSA, DRAKE):
        config = lib.plant.MultibodyPlantConfig(
            time_step=0.002, discrete_contact_approximation="tamsi",
            use_sampled_output_ports=False, contact_model="point")
        assert config.time_step == 0.002
        builder = lib.framework.DiagramBuilder()
        plant, _ = lib.plant.AddMultibodyPlant(config, builder)
        assert plant.time_step() == 0.002
        assert plant.get_discrete_contact_approximation() == \
            lib.plant.DiscreteContactApproximation.kTamsi
        assert not plant.has_sampled_output_ports()
        assert plant.get_contact_model() == lib.plant.ContactModel.kPoint
        assert plant.get_name() == "plant"
        bad = lib.plant.MultibodyPlantConfig(
            discrete_contact_approximation="foo")
        with pytest.raises(RuntimeError,
                           match="discrete_contact_approximation.*foo"):
            lib.plant.AddMultibodyPlant(bad, lib.framework.DiagramBuilder())
        # ApplyMultibodyPlantConfig on a plant of the same time step.
        plant = lib.plant.MultibodyPlant(1e-3)
        lib.plant.ApplyMultibodyPlantConfig(
            lib.plant.MultibodyPlantConfig(
                discrete_contact_approximation="similar",
                sap_near_rigid_threshold=0.5), plant)
        assert plant.get_discrete_contact_approximation() == \
            lib.plant.DiscreteContactApproximation.kSimilar
        assert plant.get_sap_near_rigid_threshold() == 0.5
    # ossa: a mismatched time step throws (the reference aborts).
    with pytest.raises(RuntimeError, match="time_step"):
        OSSA.plant.ApplyMultibodyPlantConfig(
            OSSA.plant.MultibodyPlantConfig(time_step=0.002),
            OSSA.plant.MultibodyPlant(1e-3))
    with pytest.raises(RuntimeError, match="finalized"):
        plant = OSSA.plant.MultibodyPlant(1e-3)
        plant.Finalize()
        OSSA.plant.ApplyMultibodyPlantConfig(
            OSSA.plant.MultibodyPlantConfig(), plant)


def test_discrete_pd_under_tamsi_matches_reference():
    """Under TAMSI the reference ignores PD gains (only feedforward acts) and
    joint limits are its explicit penalty: the same 0.5 s from rest agree to
    round-off (1e-8, as the free-motion runs)."""
    final = {}
    for lib in (OSSA, DRAKE):
        plant, context, _ = run_pd(lib, "kTamsi", t_final=0.5)
        final[lib.name] = plant.GetPositionsAndVelocities(context)
    # Not driven to the targets: the arm sags under gravity instead.
    assert np.max(np.abs(final["drake"][:7] - Q_TARGET)) > 0.5
    assert_agree(final["ossa"], final["drake"], "PD iiwa under TAMSI",
                 rtol=1e-8)


def reactions_and_accelerations(plant, context):
    """The reaction_forces and body_spatial_accelerations outputs, as
    arrays of 6-vectors."""
    reaction = np.array([
        F.get_coeffs() for F in
        plant.get_reaction_forces_output_port().Eval(context)])
    A_WB = np.array([
        A.get_coeffs() for A in
        plant.get_body_spatial_accelerations_output_port().Eval(context)])
    return reaction, A_WB


@pytest.mark.parametrize("sampled", [True, False])
@pytest.mark.parametrize("approximation", [None, "kTamsi"])
def test_discrete_output_ports(approximation, sampled):
    """generalized_acceleration and net_actuation of the PD iiwa (with a
    feedforward actuation too), sampled or live, before the first step and
    after 50 steps, and then reaction_forces and
    body_spatial_accelerations: the same values as the reference (1e-8
    relative:
    round-off, measured ≤ 3e-14 relative). Sampled ports report zeros
    before the first step; live ones the step from the current state."""
    values = {}
    for lib in (OSSA, DRAKE):
        plant = lib.plant.MultibodyPlant(1e-3)
        build_iiwa_pd(lib, plant)
        if approximation is not None:
            plant.set_discrete_contact_approximation(
                getattr(lib.plant.DiscreteContactApproximation,
                        approximation))
        plant.SetUseSampledOutputPorts(sampled)
        plant.Finalize()
        simulator = lib.analysis.Simulator(plant)
        context = simulator.get_mutable_context()
        instance = plant.GetModelInstanceByName("iiwa14")
        plant.get_desired_state_input_port(instance).FixValue(
            context, np.concatenate([Q_TARGET, np.zeros(7)]))
        plant.get_actuation_input_port().FixValue(context, np.full(7, 0.5))
        vdot = plant.get_generalized_acceleration_output_port()
        net = plant.get_net_actuation_output_port()
        before = (vdot.Eval(context).copy(), net.Eval(context).copy())
        if sampled:
            assert not np.any(before[0]) and not np.any(before[1])
        else:
            assert np.max(np.abs(before[0])) > 1.0
        simulator.AdvanceTo(0.05)
        values[lib.name] = before + (vdot.Eval(context).copy(),
                                     net.Eval(context).copy()) + \
            reactions_and_accelerations(plant, context)
    for i, what in enumerate(["v̇ before", "net actuation before",
                              "v̇ after 50 steps",
                              "net actuation after 50 steps",
                              "reaction forces after 50 steps",
                              "body accelerations after 50 steps"]):
        assert_agree(values["ossa"][i], values["drake"][i],
                     f"{what} ({approximation}, sampled={sampled})",
                     rtol=1e-8)


# ------------------------------------- a floating humanoid with welded bodies

ATLAS_URDF = str(pathlib.Path(__file__).resolve().parents[3] / "models" /
                 "drake" / "atlas_with_fixed_joints.urdf")


VALUE = {"ossa": ossa.common.value.Value,
         "drake": pydrake.common.value.Value}
LIST = {"ossa": ossa.common.cpp_param.List,
        "drake": pydrake.common.cpp_param.List}


def build_atlas(lib, plant):
    lib.parsing.Parser(plant).AddModels(ATLAS_URDF)


@pytest.mark.parametrize("with_forces", [False, True])
@pytest.mark.parametrize("approximation", [None, "kTamsi"])
def test_discrete_floating_humanoid_with_welds(approximation, with_forces):
    """Atlas (floating, with welded bodies: ossa's step and its sampled
    outputs run on the weld-merged tree) for 100 steps of free motion,
    optionally with a spatial force on a welded body (the head's camera
    link, merged into the head) and a generalized force: the same states,
    joint reaction forces (welds included) and body accelerations as the
    reference (1e-8 relative)."""
    rng = np.random.default_rng(3)
    pair = Pair(build_atlas)
    q, v = pair.random_state(rng)
    x0 = np.concatenate([q, 0.3 * v])
    tau = rng.uniform(-5.0, 5.0, size=len(v))
    final = {}
    for lib in (OSSA, DRAKE):
        plant = make_plant(lib, build_atlas, approximation)
        simulator = lib.analysis.Simulator(plant)
        context = simulator.get_mutable_context()
        plant.SetPositionsAndVelocities(context, x0)
        if with_forces:
            force = lib.plant.ExternallyAppliedSpatialForce()
            force.body_index = plant.GetBodyByName(
                "l_situational_awareness_camera_link").index()
            force.p_BoBq_B = np.array([0.05, -0.02, 0.1])
            force.F_Bq_W = lib.mbmath.SpatialForce(
                np.array([0.3, -0.2, 0.1]), np.array([4.0, -3.0, 25.0]))
            plant.get_applied_spatial_force_input_port().FixValue(
                context, VALUE[lib.name][LIST[lib.name][
                    lib.plant.ExternallyAppliedSpatialForce]]([force]))
            plant.get_applied_generalized_force_input_port().FixValue(
                context, tau)
        simulator.AdvanceTo(0.1)
        # The sampled outputs of the last step: every joint's reaction
        # force (the welds' included) and every body's acceleration.
        final[lib.name] = (plant.GetPositionsAndVelocities(context),) + \
            reactions_and_accelerations(plant, context)
    assert np.max(np.abs(final["drake"][0] - x0)) > 0.05
    what = f"after 100 steps ({approximation}, forces={with_forces})"
    assert_agree(final["ossa"][0], final["drake"][0], "Atlas state " + what,
                 rtol=1e-8)
    assert_agree(final["ossa"][1], final["drake"][1],
                 "Atlas reaction forces " + what, rtol=1e-8)
    assert_agree(final["ossa"][2], final["drake"][2],
                 "Atlas body accelerations " + what, rtol=1e-8)
