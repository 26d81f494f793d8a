"""Behaviour the API diff (tools/api_diff.py) cannot see, against the
reference toolkit: the same small program runs on ossa and on pydrake and
the two results, printed forms and exception types are compared.

Each program is ONE function of `lib` (a namespace holding either library's
modules), so the two runs cannot drift apart. Floating-point results are
compared to 1e-12 relative: both libraries evaluate the same closed forms
(or, for the simulations, the same fixed-step scheme on the same small
linear system) in double precision, which agree to a few ulps; a
behavioural difference shows up at O(1e-3) or more.
"""

import dataclasses
import typing
import warnings

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


def assert_same_errors(ours, theirs):
    """Each exception type of ossa's is the reference's (or a subclass of
    it: an except clause written for the reference catches it)."""
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        assert (o is None and t is None) or (
            o is not None and t is not None and issubclass(o, t)), (o, t)


def assert_close(ours, theirs, what):
    ours, theirs = np.asarray(ours, float), np.asarray(theirs, float)
    assert ours.shape == theirs.shape, (what, ours.shape, theirs.shape)
    np.testing.assert_allclose(ours, theirs, rtol=RTOL, atol=RTOL,
                               err_msg=what)


# -- ossa.common -------------------------------------------------------------

def test_random_generator_gives_the_same_sequence():
    def program(lib):
        default = lib.common.RandomGenerator()
        seeded = lib.common.RandomGenerator(seed=1234)
        return ([default() for _ in range(5)], [seeded() for _ in range(5)])

    ours, theirs = both(program)
    assert ours == theirs


def test_enums_print_alike():
    def program(lib):
        return [(str(v), repr(v), int(v)) for v in (
            lib.common.RandomDistribution.kGaussian,
            lib.common.ToleranceType.kRelative)]

    ours, theirs = both(program)
    assert [(s.replace("ossa", "pydrake"), r, i) for s, r, i in ours] == \
        theirs


@dataclasses.dataclass
class _Inner:
    gain: float = 1.0
    limits: typing.List[float] = dataclasses.field(
        default_factory=lambda: [-1.0, 1.0])
    label: typing.Optional[str] = None


@dataclasses.dataclass
class _Outer:
    inner: _Inner = dataclasses.field(default_factory=_Inner)
    table: typing.Dict[str, float] = dataclasses.field(
        default_factory=lambda: {"a": 1.0})
    count: int = 3
    small: float = 1e-10


def test_yaml_typed_round_trip_agrees():
    document = "inner: {gain: 2.5, label: x}\ntable: {b: 4}\ncount: 7\n"

    def program(lib):
        loaded = lib.yaml.yaml_load_typed(schema=_Outer, data=document)
        return (loaded, lib.yaml.yaml_dump_typed(loaded),
                lib.yaml.yaml_dump_typed(loaded, defaults=_Outer()),
                lib.yaml.yaml_dump_typed(_Inner(), child_name="inner"),
                lib.yaml.yaml_dump({"z": [1, 2.5], "a": {"b": None}}))

    ours, theirs = both(program)
    assert ours == theirs


def test_yaml_typed_config_structs_agree():
    def program(lib):
        config = lib.analysis.SimulatorConfig(target_realtime_rate=2.0,
                                              integration_scheme="radau3")
        text = lib.yaml.yaml_dump_typed(config)
        back = lib.yaml.yaml_load_typed(
            schema=lib.analysis.SimulatorConfig, data=text)
        plant = lib.yaml.yaml_dump_typed(
            lib.plant.MultibodyPlantConfig(time_step=0.01))
        return text, repr(back), plant

    ours, theirs = both(program)
    assert ours == theirs


def test_yaml_errors_raise_alike():
    def program(lib):
        load = lib.yaml.yaml_load_typed
        return [error_of(lambda: load(schema=_Outer, data="nope: 1")),
                error_of(lambda: load(schema=_Outer,
                                      data="inner: {gain: hello}")),
                error_of(lambda: load(schema=_Outer, data="count: 1",
                                      allow_schema_with_no_yaml=False))]

    ours, theirs = both(program)
    assert ours == theirs


def test_namedview_behaves_alike():
    def program(lib):
        View = lib.containers.namedview("View", ["x", "y.z"])
        view = View([1.0, 2.0])
        view.x = 5.0
        zero = View.Zero()
        return (repr(view), str(view), View.get_fields(), list(view),
                view.y_z, str(zero)), (error_of(lambda: View([1.0])),
                                       error_of(lambda: setattr(view, "w", 1)))

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_same_errors(ours[1], theirs[1])


def test_deprecated_callable_warns_alike():
    def program(lib):
        @lib.deprecation.deprecated_callable("Use g().", date="2038-01-19")
        def f(x):
            return 2 * x

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = f(3)
        return (result, [issubclass(w.category, DeprecationWarning)
                         for w in caught],
                [w.category.__name__ for w in caught],
                ["2038-01-19" in str(w.message) for w in caught])

    ours, theirs = both(program)
    assert ours == theirs


def _instantiation_name(cls):
    # The reference mangles brackets in class names and names a float
    # instantiation by its alias: Value𝓣RigidTransform𝓤; ossa writes
    # Value[RigidTransform_[float]] (a difference the porting guide lists).
    return cls.__name__.replace("\U0001D4E3", "[").replace(
        "\U0001D4E4", "]").replace("_[float]", "")


def test_value_deduces_its_type():
    def program(lib):
        X = lib.math.RigidTransform(p=[1.0, 2.0, 3.0])
        return [(_instantiation_name(type(v)), repr(v.get_value()))
                for v in (lib.value.Value("text"), lib.value.Value(X))]

    ours, theirs = both(program)
    assert ours == theirs


# -- autodiffutils and math ---------------------------------------------------

def test_autodiff_unit_derivative_constructor():
    def program(lib):
        x = lib.autodiffutils.AutoDiffXd(value=1.5, size=3, offset=2)
        return x.value(), list(x.derivatives())

    ours, theirs = both(program)
    assert ours == theirs


@pytest.mark.parametrize("name", [
    "sin", "cos", "tan", "asin", "acos", "atan", "arcsin", "arccos", "arctan",
    "sinh", "cosh", "tanh", "exp", "log", "sqrt", "abs", "ceil", "floor"])
def test_unary_math_functions_agree(name):
    def program(lib):
        f = getattr(lib.math, name)
        x = lib.autodiffutils.AutoDiffXd(0.3, [1.0, -2.0])
        y = f(x)
        ad = (y.value(), list(y.derivatives())) if hasattr(y, "value") \
            else (y, [])
        return f(0.3), ad

    ours, theirs = both(program)
    assert_close(ours[0], theirs[0], name)
    assert_close(ours[1][0], theirs[1][0], name)
    assert_close(ours[1][1], theirs[1][1], name)


def test_binary_math_functions_agree():
    def program(lib):
        AD = lib.autodiffutils.AutoDiffXd
        y, x = AD(0.4, [1.0, 0.0]), AD(-1.2, [0.0, 1.0])
        out = []
        for f in (lib.math.atan2, lib.math.arctan2, lib.math.max,
                  lib.math.min):
            r = f(y, x)
            out += [f(0.4, -1.2), r.value(), *r.derivatives()]
        r = lib.math.pow(AD(1.5, [2.0]), 3.0)
        out += [lib.math.pow(1.5, 3.0), r.value(), *r.derivatives()]
        out += [lib.math.wrap_to(7.5, 0.0, 2.0),
                lib.math.wrap_to(-0.5, -1.0, 1.0)]
        return out

    ours, theirs = both(program)
    assert_close(ours, theirs, "binary functions")


def test_matrix_functions_agree():
    def program(lib):
        A = np.array([[4.0, 1.0], [2.0, 3.0]])
        Ad = lib.autodiffutils.InitializeAutoDiff(A)
        inverse = lib.autodiffutils.ExtractGradient(lib.math.inv(Ad))
        product = lib.math.matmul(A, A)
        return np.hstack([lib.math.inv(A).ravel(), inverse.ravel(),
                          product.ravel(),
                          lib.math.eq(A, 4.0).ravel().astype(float)])

    ours, theirs = both(program)
    assert_close(ours, theirs, "inv, matmul, eq")


def test_math_functions_reject_arrays_alike():
    def program(lib):
        return error_of(lambda: lib.math.sin(np.array([1.0, 2.0])))

    ours, theirs = both(program)
    assert ours is TypeError and theirs is TypeError


def test_angle_axis_requires_a_unit_axis():
    def program(lib):
        AngleAxis = lib.eigen_geometry.AngleAxis
        a = AngleAxis(0.5, [0.0, 0.0, 1.0])
        return (error_of(lambda: a.set_axis([1.0, 1.0, 0.0])),
                error_of(lambda: AngleAxis(0.5, [2.0, 0.0, 0.0])),
                error_of(lambda: a.set_axis([0.0, 1.0, 0.0])))

    ours, theirs = both(program)
    assert ours == theirs == (RuntimeError, RuntimeError, None)


def test_eigen_geometry_extras_agree():
    def program(lib):
        g = lib.eigen_geometry
        q = g.AngleAxis(1.0, [0.0, 0.0, 1.0]).quaternion()
        X = g.Isometry3(q, [1.0, 2.0, 3.0])
        rpy = lib.math.RollPitchYaw(matrix=lib.math.RotationMatrix(
            lib.math.RollPitchYaw(0.1, 0.2, 0.3)).matrix())
        return np.hstack([g.Quaternion().slerp(0.5, q).wxyz(),
                          X.quaternion().wxyz(), X.matrix().ravel(),
                          rpy.vector(),
                          g.AngleAxis(0.5, [1.0, 0.0, 0.0]).cast[float]()
                          .axis()])

    ours, theirs = both(program)
    assert_close(ours, theirs, "eigen geometry")


# -- multibody ----------------------------------------------------------------

def _arm(lib):
    tree = lib.tree
    plant = lib.plant.MultibodyPlant(0.0)
    instance = plant.AddModelInstance("arm")
    inertia = tree.SpatialInertia.SolidBoxWithMass(1.0, 0.1, 0.2, 0.3)
    body = plant.AddRigidBody("link", instance, inertia)
    joint = plant.AddJoint(tree.RevoluteJoint(
        "shoulder", plant.world_frame(), body.body_frame(), [0.0, 0.0, 1.0]))
    actuator = plant.AddJointActuator("motor", joint)
    frame = plant.AddFrame(tree.FixedOffsetFrame(
        "tip", body.body_frame(), lib.math.RigidTransform([0.0, 0.0, 0.5])))
    spring = plant.AddForceElement(tree.RevoluteSpring(joint, 0.0, 10.0))
    return plant, [body, joint, actuator, frame, spring, body.body_frame(),
                   plant.world_body(), plant.gravity_field()]


def test_element_reprs_agree():
    def program(lib):
        _, elements = _arm(lib)
        return [repr(e) for e in elements]

    ours, theirs = both(program)
    assert ours == theirs


def test_config_struct_reprs_agree():
    def program(lib):
        return [repr(lib.analysis.SimulatorConfig(accuracy=1e-3)),
                repr(lib.analysis.InitializeParams(
                    suppress_initialization_events=True))], [
                error_of(lambda: lib.analysis.SimulatorConfig(bogus=1))]

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_same_errors(ours[1], theirs[1])


def test_simulator_config_start_time_applies():
    def program(lib):
        system = lib.primitives.Integrator(1)
        simulator = lib.analysis.Simulator(system)
        system.get_input_port().FixValue(simulator.get_mutable_context(),
                                         [1.0])
        config = lib.analysis.SimulatorConfig(
            start_time=0.5, integration_scheme="runge_kutta2",
            max_step_size=0.25, use_error_control=False)
        lib.analysis.ApplySimulatorConfig(config, simulator)
        start = simulator.get_context().get_time()
        simulator.AdvanceTo(1.5)
        extracted = lib.analysis.ExtractSimulatorConfig(simulator)
        return [start, extracted.start_time,
                simulator.get_context().get_continuous_state_vector()
                .CopyToVector()[0]]

    ours, theirs = both(program)
    assert_close(ours, theirs, "start_time")


# -- systems ------------------------------------------------------------------

def test_linear_and_affine_systems_simulate_alike():
    def program(lib):
        A = [[0.0, 1.0], [-4.0, -0.4]]
        B = [[0.0], [1.0]]
        C = [[1.0, 0.0]]
        D = [[0.5]]
        out = []
        for system in (lib.primitives.LinearSystem(A, B, C, D),
                       lib.primitives.AffineSystem(A, B, [0.1, 0.0], C, D,
                                                   [2.0]),
                       lib.primitives.LinearSystem(A, B, C, D, 0.1)):
            simulator = lib.analysis.Simulator(system)
            context = simulator.get_mutable_context()
            system.get_input_port().FixValue(context, [1.0])
            system.configure_default_state([1.0, 0.0])
            system.SetDefaultContext(context)
            lib.analysis.ResetIntegratorFromFlags(simulator, "runge_kutta2",
                                                  0.01)
            simulator.AdvanceTo(1.0)
            out.append([*system.get_output_port().Eval(context),
                        system.num_states(), system.num_inputs(),
                        system.num_outputs(), system.time_period(),
                        system.HasDirectFeedthrough(0, 0)])
        return out

    ours, theirs = both(program)
    assert_close(ours, theirs, "linear systems")


def test_integrator_agrees():
    def program(lib):
        integrator = lib.primitives.Integrator(initial_value=[1.0, 2.0])
        context = integrator.CreateDefaultContext()
        integrator.get_input_port().FixValue(context, [3.0, -1.0])
        first = integrator.get_output_port().Eval(context)
        integrator.set_integral_value(context, [5.0, 6.0])
        return np.hstack([first, integrator.get_output_port().Eval(context),
                          integrator.EvalTimeDerivatives(context)
                          .CopyToVector()])

    ours, theirs = both(program)
    assert_close(ours, theirs, "integrator")


def test_python_diagram_subclass_agrees():
    def program(lib):
        framework, primitives = lib.framework, lib.primitives

        class Doubled(framework.Diagram):
            def __init__(self):
                framework.Diagram.__init__(self)
                builder = framework.DiagramBuilder()
                source = builder.AddSystem(
                    primitives.ConstantVectorSource([1.0, 2.0]))
                gain = builder.AddSystem(primitives.Gain(2.0, 2))
                builder.Connect(source.get_output_port(),
                                gain.get_input_port())
                builder.ExportOutput(gain.get_output_port(), "y")
                self.empty_before = builder.empty()
                builder.BuildInto(self)

        diagram = Doubled()
        context = diagram.CreateDefaultContext()
        return (list(diagram.get_output_port().Eval(context)),
                diagram.GetSystemType().rsplit(".", 1)[-1],
                diagram.empty_before, len(diagram.GetSystems()))

    ours, theirs = both(program)
    assert ours == theirs


def test_python_trajectory_subclass_agrees():
    def program(lib):
        class Ramp(lib.trajectories.Trajectory):
            def __init__(self):
                lib.trajectories.Trajectory.__init__(self)

            def do_rows(self):
                return 2

            def do_cols(self):
                return 1

            def do_start_time(self):
                return 0.0

            def do_end_time(self):
                return 1.0

            def do_value(self, t):
                return np.array([[t], [2.0 * t]])

            def do_has_derivative(self):
                return True

            def DoEvalDerivative(self, t, derivative_order):
                return np.array([[1.0], [2.0]]) * (derivative_order == 1)

            def __deepcopy__(self, memo):
                return Ramp()

        ramp = Ramp()
        source = lib.primitives.TrajectorySource(ramp)
        context = source.CreateDefaultContext()
        context.SetTime(0.25)
        return (list(source.get_output_port().Eval(context)), ramp.rows(),
                ramp.cols(), ramp.end_time(), ramp.value(0.5).tolist(),
                ramp.has_derivative(), ramp.EvalDerivative(0.5, 1).tolist())

    ours, theirs = both(program)
    assert ours == theirs


def test_forgetting_the_base_init_raises_alike():
    def program(lib):
        class NoInit(lib.framework.LeafSystem):
            def __init__(self):
                pass

        class NoInitTrajectory(lib.trajectories.Trajectory):
            def __init__(self):
                pass

        return [error_of(NoInit), error_of(NoInitTrajectory)]

    ours, theirs = both(program)
    assert ours == theirs == [TypeError, TypeError]


def test_state_containers_construct_alike():
    def program(lib):
        framework = lib.framework
        xc = framework.ContinuousState(framework.BasicVector([1.0, 2.0, 3.0]),
                                       1, 1, 1)
        xd = framework.DiscreteValues([framework.BasicVector([1.0]),
                                       framework.BasicVector([2.0, 3.0])])
        copy = xd.Clone()
        return (xc.size(), xc.num_q(), xc.num_v(), xc.num_z(),
                list(xc.CopyToVector()), xd.num_groups(),
                list(copy.get_vector(1).CopyToVector()),
                framework.ContinuousState().size(),
                framework.DiscreteValues().num_groups())

    ours, theirs = both(program)
    assert ours == theirs


def test_event_status_with_system_agrees():
    def program(lib):
        gain = lib.primitives.Gain(1.0, 1)
        status = lib.framework.EventStatus.Failed(gain, "broken")
        done = lib.framework.EventStatus.ReachedTermination(None, "done")
        return (status.severity(), done.severity(), status.message())

    ours, theirs = both(program)
    assert [str(s).rsplit(".", 1)[-1] for s in ours[:2]] == \
        [str(s).rsplit(".", 1)[-1] for s in theirs[:2]]
    assert "broken" in ours[2] and "broken" in theirs[2]


# -- more of common, math, plant, tree ----------------------------------------

def test_sha256_and_memory_file_agree(tmp_path):
    path = tmp_path / "mesh.OBJ"
    path.write_bytes(b"v 0 0 0\n")

    def program(lib):
        Sha256, MemoryFile = lib.common.Sha256, lib.common.MemoryFile
        digest = Sha256.Checksum(b"abc")
        made = MemoryFile.Make(path)
        return ([digest.to_string(), Sha256().to_string(),
                 Sha256.Parse(digest.to_string()) == digest,
                 Sha256.Parse("zz") is None,
                 repr(MemoryFile(b"xyz", ".txt", "hint")),
                 made.contents(), made.extension(),
                 made.sha256() == Sha256.Checksum(b"v 0 0 0\n")],
                [error_of(lambda: MemoryFile(b"x", "txt", "hint"))])

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_same_errors(ours[1], theirs[1])


def test_scoped_name_agrees():
    def program(lib):
        S = lib.tree.ScopedName
        name = S("a::b", "c")
        name.set_element("d")
        parsed = S.Parse("::x::::y::")
        return ([repr(name), str(name), name.get_namespace(),
                 name.get_element(), name.get_full(), name.to_string(),
                 S.Make("a", "b::c") is None, repr(S.Make("", "c")),
                 S.Join("a::b", "c::d").get_full(), S.Join("a", "").get_full(),
                 parsed.get_namespace(), parsed.get_element(), repr(S())],
                [error_of(lambda: S("a", "b::c")),
                 error_of(lambda: S("::a", "c")),
                 error_of(lambda: name.set_namespace("a::"))])

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_same_errors(ours[1], theirs[1])


def test_coulomb_friction_agrees():
    def program(lib):
        CF = lib.plant.CoulombFriction
        f = CF(0.5, 0.3)
        ad = lib.plant.CoulombFriction_[lib.autodiffutils.AutoDiffXd](0.7, 0.2)
        import pickle
        back = pickle.loads(pickle.dumps(f))
        return ([f.static_friction(), f.dynamic_friction(),
                 CF().static_friction(), back.dynamic_friction(),
                 ad.static_friction().value()],
                [error_of(lambda: CF(0.3, 0.5)), error_of(lambda: CF(-1, -2)),
                 error_of(lambda: CF(0.5, -0.1))])

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_same_errors(ours[1], theirs[1])


def test_matrix_equations_agree():
    rng = np.random.default_rng(24)
    A = rng.normal(size=(3, 3)) - 3 * np.eye(3)
    B = rng.normal(size=(3, 2))
    N = 0.1 * rng.normal(size=(3, 2))
    Q, R = np.eye(3), np.diag([1.0, 2.0])
    Ad = 0.3 * A / np.linalg.norm(A, 2)

    def program(lib):
        m = lib.math
        return [m.RealContinuousLyapunovEquation(A, Q),
                m.RealDiscreteLyapunovEquation(Ad, Q),
                m.ContinuousAlgebraicRiccatiEquation(A + 3 * np.eye(3), B, Q,
                                                     R),
                m.DiscreteAlgebraicRiccatiEquation(A, B, Q, R),
                m.DiscreteAlgebraicRiccatiEquation(A, B, Q, R, N)]

    ours, theirs = both(program)
    for o, t, name in zip(ours, theirs, ("lyapunov", "discrete lyapunov",
                                         "care", "dare", "dare with N")):
        # The DARE is solved by a different iteration than the reference's
        # (doubling vs Schur): agreement to 1e-9 relative.
        np.testing.assert_allclose(o, t, rtol=1e-9, atol=1e-9, err_msg=name)


def test_matrix_helpers_agree():
    rng = np.random.default_rng(7)
    M = rng.normal(size=(4, 4))
    S = M + M.T
    P = M @ M.T + np.eye(4)

    def program(lib):
        m = lib.math
        x = [0.1, 0.5, -0.3]
        q = lib.eigen_geometry.Quaternion(
            lib.math.RollPitchYaw(0.1, 0.2, 0.3).ToQuaternion().wxyz())
        return ([m.IsSymmetric(S), m.IsSymmetric(M), m.IsSymmetric(M, 10.0),
                 m.IsPositiveDefinite(P), m.IsPositiveDefinite(S)],
                np.hstack([
                    m.ToLowerTriangularColumnsFromMatrix(S),
                    m.ToSymmetricMatrixFromLowerTriangularColumns(
                        np.arange(10.0)).ravel(),
                    m.ExtractPrincipalSubmatrix(S, {0, 2}).ravel(),
                    m.VectorToSkewSymmetric([1.0, 2.0, 3.0]).ravel(),
                    [m.SoftOverMax(x, alpha=2.0), m.SoftUnderMax(x),
                     m.SoftOverMin(x, 3.0), m.SoftUnderMin(x),
                     m.CalculateQuaternionDtConstraintViolation(
                         q, [1.0, 2.0, 3.0, 4.0])]]))

    ours, theirs = both(program)
    assert ours[0] == theirs[0]
    assert_close(ours[1], theirs[1], "matrix helpers")


def test_numerical_gradient_agrees():
    def f(x):
        return np.array([np.sin(x[0]) * x[1], x[0] ** 2 + np.exp(x[1])])

    def program(lib):
        m = lib.math
        return [m.ComputeNumericalGradient(
                    f, np.array([0.3, 2.0]),
                    m.NumericalGradientOption(getattr(
                        m.NumericalGradientMethod, method)))
                for method in ("kForward", "kBackward", "kCentral")]

    ours, theirs = both(program)
    # Both difference the same function with steps of the same order; the
    # one-sided results carry O(h) = O(3e-8) truncation errors, so they are
    # compared to 1e-6.
    for o, t in zip(ours, theirs):
        np.testing.assert_allclose(o, t, rtol=1e-6, atol=1e-6)


def test_psd_decompositions_reproduce_their_matrix():
    # The factors are not unique: each library's must reproduce the input,
    # and both must reject the same indefinite matrix alike.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(2, 3))
    Y = X.T @ X

    def program(lib):
        m = lib.math
        F = m.DecomposePSDmatrixIntoXtransposeTimesX(Y, 1e-10)
        R, d = m.DecomposePositiveQuadraticForm(2 * np.eye(2), [1.0, 0.0],
                                                1.0)
        x = np.array([0.3, -0.7])
        return (np.max(np.abs(F.T @ F - Y)),
                np.sum((R @ x + d.ravel()) ** 2) - (2 * x @ x + x[0] + 1.0),
                m.DecomposePSDmatrixIntoXtransposeTimesX(
                    -np.eye(2), 1e-10, return_empty_if_not_psd=True).size,
                error_of(lambda: m.DecomposePSDmatrixIntoXtransposeTimesX(
                    -np.eye(2), 1e-10)))

    ours, theirs = both(program)
    for result in (ours, theirs):
        assert abs(result[0]) < 1e-12 and abs(result[1]) < 1e-12
    assert ours[2] == theirs[2] == 0
    assert_same_errors([ours[3]], [theirs[3]])


def test_leaf_system_events_fire_alike():
    def program(lib):
        framework = lib.framework
        log = []

        class Counter(framework.LeafSystem):
            def __init__(self):
                framework.LeafSystem.__init__(self)
                self.DeclareDiscreteState(1)
                self.DeclarePeriodicEvent(0.5, 0.0, framework.PublishEvent(
                    lambda c, e: log.append(("publish", c.get_time()))))
                self.DeclarePerStepDiscreteUpdateEvent(self.Step)
                self.DeclareInitializationPublishEvent(
                    lambda c: log.append(("init", c.get_time())))
                self.DeclarePeriodicUnrestrictedUpdateEvent(0.25, 0.1,
                                                            self.Reset)
                self.DeclarePerStepEvent(framework.PublishEvent(
                    system_callback=lambda s, c, e: log.append(
                        ("system", type(s).__name__))))

            def Step(self, context, xd):
                xd.set_value([context.get_discrete_state_vector()[0] + 1])

            def Reset(self, context, state):
                state.get_mutable_discrete_state().set_value([100.0])

        system = Counter()
        simulator = lib.analysis.Simulator(system)
        simulator.AdvanceTo(0.6)
        return (sorted(set(log)), simulator.get_num_discrete_updates(),
                simulator.get_num_unrestricted_updates(),
                list(simulator.get_context().get_discrete_state_vector()
                     .CopyToVector()))

    ours, theirs = both(program)
    assert ours == theirs


def test_framework_conveniences_agree():
    def program(lib):
        framework, primitives = lib.framework, lib.primitives
        gain = primitives.Gain(2.0, 2)
        context = gain.CreateDefaultContext()
        gain.get_input_port().FixValue(context, [1.0, 2.0])
        other = primitives.Gain(3.0, 2)
        other_context = other.CreateDefaultContext()
        other.FixInputPortsFrom(gain, context, other_context)
        v = framework.BasicVector([1.0, 2.0])
        v.PlusEqScaled(2.0, framework.BasicVector([1.0, 1.0]))
        hold = primitives.ZeroOrderHold(0.1, 2)
        hold_context = hold.CreateDefaultContext()
        hold_context.get_mutable_discrete_state().get_mutable_value()[:] = \
            [3.0, 4.0]
        return (list(gain.get_output_port().EvalBasicVector(context)
                     .CopyToVector()),
                list(other.get_output_port().Eval(other_context)),
                list(v.CopyToVector()),
                hold_context.has_only_discrete_state(),
                context.has_only_continuous_state(),
                hold_context.num_total_states(),
                list(hold_context.get_discrete_state().get_value()),
                len(hold_context.get_discrete_state().get_data()),
                type(gain.ToScalarType[lib.autodiffutils.AutoDiffXd]())
                .__name__.split("_")[0],
                int(framework.PortDataType.kAbstractValued))

    ours, theirs = both(program)
    assert ours == theirs


def test_body_and_frame_conveniences_agree():
    def program(lib):
        tree, math = lib.tree, lib.math
        plant = lib.plant.MultibodyPlant(0.0)
        inertia = tree.SpatialInertia.MakeFromCentralInertia(
            2.0, [0.1, -0.2, 0.3],
            tree.RotationalInertia(0.2, 0.25, 0.3, 0.01, -0.02, 0.03))
        link = plant.AddRigidBody("link", inertia)
        joint = plant.AddJoint(tree.RevoluteJoint(
            "hinge", plant.world_frame(), link.body_frame(),
            [0.0, 1.0, 0.0]))
        plant.AddJointActuator("motor", joint, effort_limit=5.0)
        floater = plant.AddRigidBody("floater", inertia)
        tip = plant.AddFrame(tree.FixedOffsetFrame(
            "tip", link.body_frame(),
            math.RigidTransform(math.RollPitchYaw(0.1, 0.2, 0.3),
                                [0.0, 0.0, 0.5])))
        plant.SetDefaultFloatingBaseBodyPose(
            floater, math.RigidTransform([1.0, 2.0, 3.0]))
        plant.Finalize()
        context = plant.CreateDefaultContext()
        plant.SetPositions(context,
                           np.linspace(0.1, 0.8, plant.num_positions()))
        plant.SetVelocities(context,
                            np.linspace(-0.5, 0.6, plant.num_velocities()))
        plant.RemoveAllJointActuatorEffortLimits()
        X_FQ = math.RigidTransform([0.1, 0.2, 0.3])
        return np.hstack([
            link.get_mass(context), link.CalcCenterOfMassInBodyFrame(context),
            link.CalcCenterOfMassTranslationalVelocityInWorld(context),
            link.CalcSpatialInertiaInBodyFrame(context).CopyToFullMatrix6()
            .ravel(),
            tip.GetFixedOffsetPoseInBody(X_FQ).GetAsMatrix4().ravel(),
            tip.GetFixedRotationMatrixInBodyFrame().matrix().ravel(),
            tip.CalcAngularVelocity(context, plant.world_frame(),
                                    link.body_frame()),
            tip.EvalAngularVelocityInWorld(context),
            inertia.CalcRotationalInertia()[0, 1],
            plant.HasUniqueFloatingBaseBody(tree.default_model_instance()),
            error_of(lambda: plant.GetUniqueFloatingBaseBodyOrThrow(
                tree.default_model_instance())) is RuntimeError,
            plant.GetDefaultFloatingBaseBodyPose(floater).translation(),
            plant.NumBodiesWithName("link"),
            plant.get_joint_actuator(tree.JointActuatorIndex(0))
            .effort_limit()])

    ours, theirs = both(program)
    assert_close(ours, theirs, "body and frame conveniences")


def _pendulum(lib):
    tree = lib.tree
    plant = lib.plant.MultibodyPlant(0.0)
    bob = plant.AddRigidBody("bob", tree.SpatialInertia.MakeFromCentralInertia(
        1.0, [0.0, 0.0, -1.0], tree.RotationalInertia(1e-3, 1e-3, 1e-3)))
    joint = plant.AddJoint(tree.RevoluteJoint(
        "pivot", plant.world_frame(), bob.body_frame(), [0.0, 1.0, 0.0]))
    plant.AddJointActuator("torque", joint)
    plant.Finalize()
    context = plant.CreateDefaultContext()
    plant.SetPositions(context, [np.pi])  # upright: an equilibrium
    plant.get_actuation_input_port().FixValue(context, [0.0])
    return plant, context


def test_linearize_and_lqr_agree():
    def program(lib):
        primitives, controllers = lib.primitives, lib.controllers
        plant, context = _pendulum(lib)
        u = plant.get_actuation_input_port().get_index()
        y = plant.get_state_output_port().get_index()
        linear = primitives.Linearize(plant, context, input_port_index=u,
                                      output_port_index=y)
        taylor = primitives.FirstOrderTaylorApproximation(
            plant, context, input_port_index=u, output_port_index=y)
        K, S = controllers.LinearQuadraticRegulator(
            linear.A(), linear.B(), np.eye(2), np.eye(1))
        controller = controllers.LinearQuadraticRegulator(
            plant, context, np.diag([10.0, 1.0]), np.eye(1),
            input_port_index=int(u))
        from_system = controllers.LinearQuadraticRegulator(
            linear, np.eye(2), np.eye(1))
        Kd, Sd = controllers.DiscreteTimeLinearQuadraticRegulator(
            np.eye(2) + 0.01 * linear.A(), 0.01 * linear.B(), np.eye(2),
            np.eye(1))
        numbers = np.hstack([
            linear.A().ravel(), linear.B().ravel(), linear.C().ravel(),
            linear.D().ravel(), taylor.f0(), K.ravel(), S.ravel(),
            controller.D().ravel(), controller.y0(), from_system.D().ravel(),
            Kd.ravel(), Sd.ravel(), primitives.ControllabilityMatrix(linear)
            .ravel(), primitives.ObservabilityMatrix(linear).ravel()])
        flags = [primitives.IsControllable(linear),
                 primitives.IsObservable(linear),
                 primitives.IsStabilizable(linear),
                 primitives.IsDetectable(linear)]
        plant.SetPositions(context, [0.3])  # not an equilibrium
        error = error_of(lambda: primitives.Linearize(
            plant, context, input_port_index=u))
        return numbers, flags, error

    ours, theirs = both(program)
    # Riccati solutions from different algorithms (see
    # test_matrix_equations_agree): 1e-9 relative.
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-9, atol=1e-9)
    assert ours[1] == theirs[1]
    assert_same_errors([ours[2]], [theirs[2]])


def test_piecewise_polynomial_editing_agrees():
    def program(lib):
        PP = lib.trajectories.PiecewisePolynomial
        p = PP.CubicHermite([0.0, 1.0, 3.0], np.array([[0.0, 1.0, 0.5]]),
                            np.array([[1.0, 0.0, -1.0]]))
        scaled = p.Clone()
        scaled.ScaleTime(2.0)
        reversed_ = p.Clone()
        reversed_.ReverseTime()
        shifted = p.Clone()
        shifted.shiftRight(1.0)
        grown = PP.FirstOrderHold([0.0, 1.0], np.array([[0.0, 1.0]]))
        grown.AppendFirstOrderSegment(2.0, np.array([[3.0]]))
        grown.AppendCubicHermiteSegment(3.0, np.array([[0.0]]),
                                        np.array([[0.5]]))
        joined = PP.FirstOrderHold([0.0, 1.0, 2.0],
                                   np.array([[0.0, 1.0, 3.0]]))
        joined.ConcatenateInTime(
            PP.FirstOrderHold([2.0, 3.0], np.array([[3.0, 5.0]])))
        trimmed = joined.Clone()
        trimmed.RemoveFinalSegment()
        matrix = PP.FirstOrderHold(
            [0.0, 1.0], [np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
                         np.array([[2.0, 3.0, 4.0], [5.0, 6.0, 7.0]])])
        times = np.linspace(-0.5, 3.5, 9)
        values = [np.hstack([np.ravel(q.value(t)) for t in times])
                  for q in (scaled, shifted, grown, joined, trimmed,
                            p.slice(1, 1), p + p)]
        values.append(np.hstack([np.ravel(reversed_.value(-t))
                                 for t in times]))
        values.append(np.hstack([
            np.ravel(matrix.Transpose().value(0.5)),
            np.ravel(matrix.Block(0, 1, 2, 2).value(0.25)),
            np.ravel(grown.EvalDerivative(2.9, 1)),
            np.ravel(p.vector_values([0.5, 2.0]))]))
        return (np.hstack(values),
                [q.get_segment_times() for q in (scaled, reversed_, shifted,
                                                 grown, joined, trimmed)],
                [p.isApprox(p.Clone(), 1e-12), p.isApprox(scaled, 1e-3)])

    ours, theirs = both(program)
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-12, atol=1e-12)
    assert ours[1:] == theirs[1:]


def test_cache_entries_and_parameters_agree():
    def program(lib):
        framework, value = lib.framework, lib.value
        calls = []

        class Summer(framework.LeafSystem):
            def __init__(self):
                framework.LeafSystem.__init__(self)
                self.DeclareNumericParameter(framework.BasicVector([2.0, 3.0]))
                self.DeclareAbstractState(value.AbstractValue.Make("hello"))
                self.entry = self.DeclareCacheEntry(
                    "sum", framework.ValueProducer(
                        allocate=lambda: value.AbstractValue.Make(0.0),
                        calc=self.Calc),
                    {self.all_parameters_ticket()})

            def Calc(self, context, result):
                calls.append(context.get_time())
                result.set_value(float(sum(
                    context.get_numeric_parameter(0).CopyToVector())))

        system = Summer()
        context = system.CreateDefaultContext()
        entry = system.entry
        out = [entry.Eval(context), entry.Eval(context), len(calls),
               entry.description(), entry.is_out_of_date(context)]
        context.get_mutable_numeric_parameter(0).SetFromVector([5.0, 5.0])
        out += [entry.is_out_of_date(context), entry.Eval(context),
                len(calls),
                system.get_cache_entry(entry.cache_index()).description()]
        parameters = context.get_parameters()
        out += [parameters.num_numeric_parameter_groups(),
                list(parameters.get_numeric_parameter(0).CopyToVector()),
                parameters.num_abstract_parameters()]
        state = context.get_state()
        out += [state.get_abstract_state().size(),
                state.get_abstract_state(0).get_value()]
        context.get_mutable_state().get_mutable_abstract_state(0).set_value(
            "bye")
        out.append(context.get_abstract_state(0).get_value())
        made = framework.Parameters(vec=framework.BasicVector([1.0]))
        out += [made.num_numeric_parameter_groups(),
                made.Clone().get_numeric_parameter(0).GetAtIndex(0)]
        values = framework.AbstractValues([value.AbstractValue.Make(1),
                                           value.AbstractValue.Make("x")])
        out += [values.size(), values.get_value(1).get_value()]
        return out

    ours, theirs = both(program)
    assert ours == theirs


def _sampled(lib, make_system, times, output=0):
    """Outputs of `make_system()` fed u(t) = [1 + 2t, 3 - t] (a ramp from a
    TrajectorySource) at `times`, from one simulation."""
    framework, primitives = lib.framework, lib.primitives
    builder = framework.DiagramBuilder()
    ramp = lib.trajectories.PiecewisePolynomial.FirstOrderHold(
        [0.0, 10.0], np.array([[1.0, 21.0], [3.0, -7.0]]))
    source = builder.AddSystem(primitives.TrajectorySource(ramp))
    system = builder.AddSystem(make_system())
    builder.Connect(source.get_output_port(), system.get_input_port())
    diagram = builder.Build()
    simulator = lib.analysis.Simulator(diagram)
    lib.analysis.ResetIntegratorFromFlags(simulator, "runge_kutta2", 0.01)
    context = system.GetMyContextFromRoot(simulator.get_mutable_context())
    values = []
    for t in times:
        simulator.AdvanceTo(t)
        values.append(list(system.get_output_port(output).Eval(context)))
    return values


def test_filters_and_discrete_primitives_agree():
    times = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.31, 0.5]

    def program(lib):
        p = lib.primitives
        out = []
        for make in (lambda: p.DiscreteDerivative(2, 0.1),
                     lambda: p.DiscreteDerivative(2, 0.1, False),
                     lambda: p.DiscreteTimeDelay(0.1, 2, 2),
                     lambda: p.DiscreteTimeIntegrator(2, 0.1),
                     lambda: p.FirstOrderLowPassFilter(0.2, 2),
                     lambda: p.FirstOrderLowPassFilter([0.1, 0.3])):
            out.append(_sampled(lib, make, times))

        def wrapped():
            system = p.WrapToSystem(2)
            system.set_interval(0, -0.5, 0.5)
            return system

        out.append(_sampled(lib, wrapped, times))
        lowpass = p.FirstOrderLowPassFilter([0.1, 0.3])
        context = lowpass.CreateDefaultContext()
        lowpass.set_initial_output_value(context, [1.0, 2.0])
        names = [(s.get_input_port().get_name(),
                  s.get_output_port().get_name())
                 for s in (p.DiscreteDerivative(1, 0.1),
                           p.DiscreteTimeDelay(0.1, 1, 1),
                           p.DiscreteTimeIntegrator(1, 0.1),
                           p.FirstOrderLowPassFilter(1.0), p.WrapToSystem(1))]
        return (np.array(out), names,
                [list(lowpass.get_output_port().Eval(context)),
                 lowpass.get_time_constants_vector().tolist(),
                 p.FirstOrderLowPassFilter(0.5).get_time_constant(),
                 p.DiscreteDerivative(1, 0.1).suppress_initial_transient(),
                 p.DiscreteTimeIntegrator(1, 0.25).time_step()],
                [error_of(lambda: lowpass.get_time_constant())])

    ours, theirs = both(program)
    # The filters integrate with the same fixed-step scheme (RK2, 0.01 s):
    # the same arithmetic up to roundoff.
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-12, atol=1e-12)
    assert ours[1:3] == theirs[1:3]
    assert_same_errors(ours[3], theirs[3])


def test_state_interpolator_agrees():
    def program(lib):
        p, a = lib.primitives, lib.analysis
        interpolator = p.StateInterpolatorWithDiscreteDerivative(2, 0.1)
        simulator = a.Simulator(interpolator)
        context = simulator.get_mutable_context()
        interpolator.get_input_port().FixValue(context, [1.0, 2.0])
        out = [list(interpolator.get_output_port().Eval(context))]
        interpolator.set_initial_position(context, [0.0, 2.0])
        simulator.AdvanceTo(0.05)
        out.append(list(interpolator.get_output_port().Eval(context)))
        interpolator.get_input_port().FixValue(context, [1.5, 2.0])
        simulator.AdvanceTo(0.15)
        out.append(list(interpolator.get_output_port().Eval(context)))
        return (out, interpolator.get_input_port().get_name(),
                interpolator.get_output_port().get_name(),
                interpolator.suppress_initial_transient())

    ours, theirs = both(program)
    assert ours == theirs


def test_simulator_accessors_agree():
    def program(lib):
        p, a, framework = lib.primitives, lib.analysis, lib.framework
        hold = p.ZeroOrderHold(0.25, 2, 0.1)
        timing = hold.GetUniquePeriodicDiscreteUpdateAttribute()
        simulator = a.Simulator(hold)
        context = simulator.get_mutable_context()
        hold.get_input_port().FixValue(context, [1.0, 2.0])
        first, second = simulator.AdvanceTo(0.3), simulator.AdvanceTo(0.3)
        simulator.set_monitor(
            lambda c: framework.EventStatus.ReachedTermination(None, "stop"))
        status = simulator.get_monitor()(context)
        other = hold.CreateDefaultContext()
        other.SetTime(5.0)
        simulator.reset_context(other)
        return (timing.period_sec(), timing.offset_sec(),
                p.Gain(1.0, 1).GetUniquePeriodicDiscreteUpdateAttribute(),
                first.IsIdenticalStatus(second), first.system(),
                str(first.reason()).rsplit(".", 1)[-1],
                str(status.severity()).rsplit(".", 1)[-1],
                simulator.get_context().get_time(),
                int(framework.AbstractParameterIndex(3)))

    ours, theirs = both(program)
    assert ours == theirs


def test_more_trajectories_agree():
    def program(lib):
        tr, p = lib.trajectories, lib.primitives
        PP = tr.PiecewisePolynomial
        discrete = tr.DiscreteTimeTrajectory(
            [0.0, 1.0, 2.0], [np.array([[1.0]]), np.array([[2.0]]),
                              np.array([[4.0]])])
        out = [discrete.value(1.0).tolist(), discrete.num_times(),
               discrete.get_times(), discrete.rows(), discrete.start_time(),
               discrete.end_time(),
               discrete.ToZeroOrderHold().value(1.5).tolist(),
               error_of(lambda: discrete.value(0.5)) is not None]
        handle = tr.FunctionHandleTrajectory(
            lambda t: np.array([t, 2 * t]), 2, 1, 0.0, 3.0)
        handle.set_derivative(
            lambda t, n: np.array([1.0, 2.0]) if n == 1 else np.zeros(2))
        out += [handle.value(1.5).ravel().tolist(), handle.has_derivative(),
                handle.EvalDerivative(1.0, 1).ravel().tolist(),
                handle.end_time()]
        a = PP.FirstOrderHold([0.0, 1.0], np.array([[0.0, 1.0]]))
        b = PP.FirstOrderHold([0.0, 1.0], np.array([[2.0, 4.0]]))
        rows = tr.StackedTrajectory()
        rows.Append(a)
        rows.Append(b)
        columns = tr.StackedTrajectory(rowwise=False)
        columns.Append(a)
        columns.Append(b)
        out += [rows.value(0.5).ravel().tolist(), rows.rows(), rows.cols(),
                rows.EvalDerivative(0.5, 1).ravel().tolist(),
                columns.value(0.5).tolist(), columns.cols()]
        derivative = tr.DerivativeTrajectory(
            PP.CubicHermite([0.0, 1.0], np.array([[0.0, 1.0]]),
                            np.array([[0.0, 0.0]])), 1)
        out += [derivative.value(0.5).tolist(), derivative.rows(),
                derivative.EvalDerivative(0.25, 1).tolist()]
        composite = tr.CompositeTrajectory(
            [a, PP.FirstOrderHold([1.0, 2.0], np.array([[1.0, 3.0]]))])
        out += [composite.value(1.5).tolist(), composite.value(0.5).tolist(),
                composite.end_time(), composite.segment(1).start_time(),
                composite.get_number_of_segments(),
                composite.get_segment_times()]
        # C++ copies and evaluates the Python-defined trajectories.
        source = p.TrajectorySource(rows)
        context = source.CreateDefaultContext()
        context.SetTime(0.25)
        out.append(list(source.get_output_port().Eval(context)))
        return out

    ours, theirs = both(program)
    assert ours == theirs


def test_quaternion_slerp_and_pose_trajectories_agree():
    def program(lib):
        tr, m, g = lib.trajectories, lib.math, lib.eigen_geometry
        R, X = m.RollPitchYaw, m.RigidTransform
        quaternions = [g.Quaternion(R(*rpy).ToQuaternion().wxyz()) for rpy in
                       ((0, 0, 0), (0.3, 0.2, 0.1), (-2.0, 1.0, 3.0))]
        slerp = tr.PiecewiseQuaternionSlerp([0.0, 1.0, 3.0], quaternions)
        out = [slerp.rows(), slerp.cols()]
        for t in (-1.0, 0.5, 2.0, 3.0, 5.0):  # outside the breaks too
            out += (list(slerp.value(t).ravel()) +
                    list(slerp.angular_velocity(t)) +
                    list(slerp.EvalDerivative(t, 1).ravel()))
        # A quaternion of the opposite sign is the same orientation.
        flipped = tr.PiecewiseQuaternionSlerp(
            [0.0, 1.0], [quaternions[0], g.Quaternion(-quaternions[1].wxyz())])
        out += list(flipped.value(0.5).ravel())
        linear = tr.PiecewisePose.MakeLinear(
            [0.0, 1.0], [X(R(0, 0, 0), [0, 0, 0]), X(R(0.1, 0.2, 0.3),
                                                     [1, 2, 3])])
        out += (list(linear.value(0.5).ravel()) +
                list(linear.GetVelocity(0.5)) +
                list(linear.GetAcceleration(0.5)) +
                list(linear.EvalDerivative(0.5, 1).ravel()))
        cubic = tr.PiecewisePose.MakeCubicLinearWithEndLinearVelocity(
            [0.0, 1.0, 2.0], [X([0, 0, 0]), X(R(0.1, 0, 0), [1, 0, 0]),
                              X([2, 1, 0])])
        out += (list(cubic.GetPose(0.5).translation()) +
                list(cubic.GetVelocity(0.5)) +
                [cubic.get_position_trajectory().get_number_of_segments(),
                 linear.IsApprox(linear, 1e-10), linear.rows(),
                 linear.cols()])
        return np.array(out, dtype=float)

    ours, theirs = both(program)
    assert_close(ours, theirs, "slerp and pose trajectories")


def test_path_parameterized_trajectory_agrees():
    def program(lib):
        PP = lib.trajectories.PiecewisePolynomial
        path = PP.CubicHermite([0.0, 2.0], np.array([[0.0, 1.0], [1.0, 0.0]]),
                               np.array([[1.0, 0.0], [0.0, -1.0]]))
        scaling = PP.CubicHermite([0.0, 1.0], np.array([[0.0, 2.0]]),
                                  np.array([[0.5, 1.0]]))
        retimed = lib.trajectories.PathParameterizedTrajectory(path, scaling)
        return np.hstack([retimed.value(0.3).ravel()] + [
            retimed.EvalDerivative(0.3, n).ravel() for n in (1, 2, 3)] + [
            [retimed.start_time(), retimed.end_time(), retimed.rows(),
             retimed.path().rows(), retimed.time_scaling().rows()]])

    ours, theirs = both(program)
    # Derivatives of products of cubics, summed in different orders.
    assert_close(ours, theirs, "path-parameterized trajectory")


def test_autodiff_diagrams_agree():
    def program(lib):
        f, p, ad = lib.framework, lib.primitives, lib.autodiffutils
        AD = ad.AutoDiffXd
        builder = f.DiagramBuilder_[AD]()
        source = builder.AddSystem(p.ConstantVectorSource_[AD](
            [AD(1.0, [1.0, 0.0]), AD(2.0, [0.0, 1.0])]))
        gain = builder.AddSystem(p.Gain_[AD](3.0, 2))
        builder.Connect(source.get_output_port(), gain.get_input_port())
        builder.ExportOutput(gain.get_output_port(), "y")
        diagram = builder.Build()
        y = np.asarray(diagram.get_output_port(0).Eval(
            diagram.CreateDefaultContext()))
        float_builder = f.DiagramBuilder()
        float_gain = float_builder.AddSystem(p.Gain(2.0, 1))
        float_builder.ExportInput(float_gain.get_input_port())
        float_builder.ExportOutput(float_gain.get_output_port())
        converted = float_builder.Build().ToAutoDiffXd()
        return (_instantiation_name(type(diagram)),
                [v.value() for v in y], ad.ExtractGradient(y).tolist(),
                len(diagram.GetSystems()),
                _instantiation_name(type(converted)),
                len(converted.GetSystems()))

    ours, theirs = both(program)
    assert ours == theirs


def test_joint_stiffness_controller_agrees():
    def program(lib):
        P, T, C = lib.plant, lib.tree, lib.controllers
        plant = P.MultibodyPlant(0.0)
        small = T.RotationalInertia(1e-3, 1e-3, 1e-3)
        upper = plant.AddRigidBody(
            "upper", T.SpatialInertia.MakeFromCentralInertia(
                1.0, [0, 0, -1.0], small))
        shoulder = plant.AddJoint(T.RevoluteJoint(
            "shoulder", plant.world_frame(), upper.body_frame(), [0, 1, 0],
            damping=0.3))
        lower = plant.AddRigidBody(
            "lower", T.SpatialInertia.MakeFromCentralInertia(
                0.5, [0, 0, -0.5], small))
        elbow = plant.AddJoint(T.RevoluteJoint(
            "elbow", upper.body_frame(), lower.body_frame(), [0, 1, 0]))
        # Actuators in the other order than the joints: u is B⁻¹τ.
        plant.AddJointActuator("elbow_motor", elbow)
        plant.AddJointActuator("shoulder_motor", shoulder)
        plant.Finalize()
        controller = C.JointStiffnessController(plant, [10.0, 5.0], [2.0, 1.0])
        context = controller.CreateDefaultContext()
        controller.get_input_port_estimated_state().FixValue(
            context, [0.3, -0.2, 0.1, 0.4])
        controller.get_input_port_desired_state().FixValue(
            context, [0.5, 0.1, 0.0, 0.0])
        return ([controller.get_input_port(i).get_name() for i in range(2)],
                controller.get_output_port().get_name(),
                controller.get_output_port_actuation().Eval(context).tolist())

    ours, theirs = both(program)
    assert ours[:2] == theirs[:2]
    assert_close(ours[2], theirs[2], "stiffness control actuation")


def test_vector_system_subclass_agrees():
    def program(lib):
        f, a = lib.framework, lib.analysis

        class Lag(f.VectorSystem):
            def __init__(self):
                f.VectorSystem.__init__(self, 2, 1, None)
                self.DeclareContinuousState(1)

            def DoCalcVectorOutput(self, context, u, x, y):
                y[:] = x + u[0] + 2 * u[1]

            def DoCalcVectorTimeDerivatives(self, context, u, x, xdot):
                xdot[:] = -x + u[0]

        class StateOnly(f.VectorSystem):
            def __init__(self):
                f.VectorSystem.__init__(self, 1, 1, False)
                self.DeclareContinuousState(1)

            def DoCalcVectorOutput(self, context, u, x, y):
                y[:] = 2 * x + u.size  # u is empty without feedthrough

            def DoCalcVectorTimeDerivatives(self, context, u, x, xdot):
                xdot[:] = u

        lag = Lag()
        context = lag.CreateDefaultContext()
        lag.get_input_port().FixValue(context, [1.0, 2.0])
        context.SetContinuousState([3.0])
        out = [lag.get_input_port().get_name(),
               lag.get_output_port().get_name(),
               lag.get_output_port().Eval(context).tolist(),
               lag.EvalTimeDerivatives(context).CopyToVector().tolist(),
               lag.HasDirectFeedthrough(0, 0)]
        simulator = a.Simulator(lag, context)
        a.ResetIntegratorFromFlags(simulator, "runge_kutta2", 0.01)
        simulator.AdvanceTo(1.0)
        out.append(context.get_continuous_state_vector()[0])
        state_only = StateOnly()
        state_context = state_only.CreateDefaultContext()
        state_context.SetContinuousState([4.0])
        out += [state_only.get_output_port().Eval(state_context).tolist(),
                state_only.HasDirectFeedthrough(0, 0)]
        return out

    ours, theirs = both(program)
    assert ours[:5] + ours[6:] == theirs[:5] + theirs[6:]
    # The same fixed-step RK2 integration: equal to roundoff.
    assert abs(ours[5] - theirs[5]) <= 1e-12


def test_small_behaviours_agree():
    import pickle

    def program(lib):
        p, mm, g = lib.primitives, lib.mbmath, lib.eigen_geometry
        AD = lib.autodiffutils.AutoDiffXd
        passthrough = p.PassThrough(value=[1.0, 2.0, 3.0])
        context = passthrough.CreateDefaultContext()
        unconnected = passthrough.get_output_port().Eval(context).tolist()
        passthrough.get_input_port().FixValue(context, [4.0, 5.0, 6.0])
        connected = passthrough.get_output_port().Eval(context).tolist()
        velocity = mm.SpatialVelocity_[AD]([AD(1.0, [1.0])] * 3,
                                           [AD(2.0, [0.5])] * 3)
        back = pickle.loads(pickle.dumps(velocity))
        held = lib.value.Value[mm.SpatialVelocity_[float]](
            mm.SpatialVelocity([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]))
        return (unconnected, connected,
                [back.rotational()[0].value(),
                 list(back.translational()[2].derivatives())],
                list(held.get_value().rotational()),
                str(g.Isometry3(g.Quaternion(), [1.0, 2.0, 3.0])))

    ours, theirs = both(program)
    assert ours == theirs


def test_empty_controllers_agree():
    def program(lib):
        plant = lib.plant.MultibodyPlant(0.0)
        plant.Finalize()
        controller = lib.controllers.InverseDynamicsController(
            plant, [], [], [], False)
        pid = lib.controllers.PidController([], [], [])
        pid_context = pid.CreateDefaultContext()
        pid.get_input_port(0).FixValue(pid_context, [])
        pid.get_input_port(1).FixValue(pid_context, [])
        adder = lib.primitives.Adder(0, 2)
        return (controller.num_input_ports(),
                controller.get_output_port(0).size(),
                pid.get_output_port(0).Eval(pid_context).tolist(),
                adder.get_output_port().Eval(
                    adder.CreateDefaultContext()).tolist(),
                error_of(lambda: lib.controllers.PidController(
                    [1.0], [1.0, 2.0], [1.0])))

    ours, theirs = both(program)
    assert ours[:4] == theirs[:4]
    assert_same_errors([ours[4]], [theirs[4]])


def test_system_kinds_agree():
    def program(lib):
        p = lib.primitives
        systems = [p.Integrator(1), p.ZeroOrderHold(0.1, 1), p.Gain(1.0, 1),
                   p.LinearSystem([[1.0]], [[1.0]], [[1.0]], [[0.0]], 0.1)]
        return [(s.IsDifferentialEquationSystem(),
                 list(s.IsDifferenceEquationSystem())) for s in systems]

    ours, theirs = both(program)
    assert ours == theirs
