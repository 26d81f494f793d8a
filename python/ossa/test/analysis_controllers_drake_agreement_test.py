"""ossa.systems.analysis (dense output, statistics, batch evaluation,
discrete-time approximation, Monte Carlo), ossa.systems.controllers
(finite-horizon LQR, PidControlledSystem) and ossa.math's random rotations
and BalanceQuadraticForms against closed forms and the reference (pydrake):
each scene is built by one function run against both packages.

Tolerances: 1e-12 for the same arithmetic on the same numbers (batch
evaluation, random draws from the same seed, probability densities); 1e-9
for matrix exponentials (a Taylor series against Padé approximants); for
integrated quantities the integrators' error control decides: dense output
against exp(At)x0 within 1e-3 (accuracy 1e-4 per step, RK3), the Riccati
solutions of ossa and the reference within 1e-10 (both RK3 at accuracy 1e-4
on the same equations take the same steps; only rounding differs), and the
long-horizon Riccati solution within 1e-6 of the algebraic one (the
transient decays as exp(−2√2·t) over 20 s).
"""

import numpy as np
import pytest

pytest.importorskip("pydrake.systems.controllers")

import ossa.common as ossa_common  # noqa: E402
import ossa.math as ossa_math  # noqa: E402
import ossa.systems.analysis as ossa_analysis  # noqa: E402
import ossa.systems.controllers as ossa_controllers  # noqa: E402
import ossa.systems.framework as ossa_framework  # noqa: E402
import ossa.systems.primitives as ossa_primitives  # noqa: E402
import ossa.trajectories as ossa_trajectories  # noqa: E402
import pydrake.common as drake_common  # noqa: E402
import pydrake.math as drake_math  # noqa: E402
import pydrake.systems.analysis as drake_analysis  # noqa: E402
import pydrake.systems.controllers as drake_controllers  # noqa: E402
import pydrake.systems.framework as drake_framework  # noqa: E402
import pydrake.systems.primitives as drake_primitives  # noqa: E402
import pydrake.trajectories as drake_trajectories  # noqa: E402

OSSA = dict(common=ossa_common, math=ossa_math, analysis=ossa_analysis,
            controllers=ossa_controllers, framework=ossa_framework,
            primitives=ossa_primitives,
            trajectories=ossa_trajectories)
DRAKE = dict(common=drake_common, math=drake_math, analysis=drake_analysis,
             controllers=drake_controllers, framework=drake_framework,
             primitives=drake_primitives,
             trajectories=drake_trajectories)
LIBS = [OSSA, DRAKE]

A_DI = np.array([[0.0, 1.0], [0.0, 0.0]])
B_DI = np.array([[0.0], [1.0]])
# The pendulum linearized at its upright equilibrium: θ̈ = (g/l)θ − bθ̇ + u.
A_PEND = np.array([[0.0, 1.0], [9.81, -0.1]])
B_PEND = np.array([[0.0], [1.0]])


def linear_system(lib, A, B, time_period=0.0):
    n, m = B.shape
    return lib["primitives"].LinearSystem(A, B, np.eye(n), np.zeros((n, m)),
                                          time_period)


# -- Dense output and statistics ----------------------------------------------

def dense_run(lib):
    system = linear_system(lib, np.array([[-1.0, 2.0], [-2.0, -1.0]]),
                           np.zeros((2, 1)))
    simulator = lib["analysis"].Simulator(system)
    context = simulator.get_mutable_context()
    system.get_input_port(0).FixValue(context, [0.0])
    context.SetContinuousState([1.0, 0.5])
    simulator.Initialize()
    integrator = simulator.get_mutable_integrator()
    integrator.StartDenseIntegration()
    simulator.AdvanceTo(2.0)
    return simulator, integrator


def test_dense_output_interpolates_the_steps():
    from scipy.linalg import expm
    A = np.array([[-1.0, 2.0], [-2.0, -1.0]])
    x0 = np.array([1.0, 0.5])
    results = []
    for lib in LIBS:
        simulator, integrator = dense_run(lib)
        dense = integrator.get_dense_output()
        breaks = dense.get_segment_times()
        assert breaks[0] == 0.0 and breaks[-1] == pytest.approx(2.0)
        assert len(breaks) == integrator.get_num_steps_taken() + 1
        # The spline ends at the simulator's state, and its slope at every
        # break is the system's derivative there (Hermite data).
        final = simulator.get_context().get_continuous_state_vector() \
            .CopyToVector()
        np.testing.assert_allclose(np.asarray(dense.value(2.0)).ravel(),
                                   final, atol=1e-14)
        for t in breaks[1:]:
            x = np.asarray(dense.value(t)).ravel()
            np.testing.assert_allclose(
                np.asarray(dense.EvalDerivative(t, 1)).ravel(), A @ x,
                atol=1e-12)
        times = np.linspace(0.0, 2.0, 41)
        values = np.array([np.asarray(dense.value(t)).ravel()
                           for t in times])
        exact = np.array([expm(A * t) @ x0 for t in times])
        np.testing.assert_allclose(values, exact, atol=1e-3)
        results.append(values)
        stopped = integrator.StopDenseIntegration()
        assert integrator.get_dense_output() is None
        assert stopped.get_segment_times() == breaks
    np.testing.assert_allclose(results[0], results[1], atol=1e-3)


def test_dense_output_bad_use_raises():
    simulator, integrator = dense_run(OSSA)
    with pytest.raises(Exception, match="already on"):
        integrator.StartDenseIntegration()
    integrator.StopDenseIntegration()
    with pytest.raises(Exception, match="not on"):
        integrator.StopDenseIntegration()
    fresh = ossa_analysis.RungeKutta3Integrator(
        simulator.get_system(), simulator.get_mutable_context())
    with pytest.raises(Exception, match="initialize|Initialize"):
        fresh.StartDenseIntegration()


def test_statistics_summary_and_printout(capfd):
    outputs, summaries = [], []
    for lib in LIBS:
        simulator, integrator = dense_run(lib)
        summary = dict(integrator.GetStatisticsSummary())
        assert summary["integrator_num_steps_taken"] == \
            integrator.get_num_steps_taken()
        assert summary["integrator_num_derivative_evaluations"] == \
            integrator.get_num_derivative_evaluations()
        summaries.append(summary)
        lib["analysis"].PrintSimulatorStatistics(simulator)
        import sys
        sys.stdout.flush()
        outputs.append(capfd.readouterr().out)
    assert list(summaries[0]) == list(summaries[1])
    # The same report: the same lines, up to the numbers.
    labels = [[line.split("=")[0].strip() for line in out.splitlines()
               if "=" in line] for out in outputs]
    assert labels[0] == labels[1]
    assert "JSON Statistics:" in outputs[0]


# -- Batch evaluation ---------------------------------------------------------

def test_batch_eval_time_derivatives_agrees():
    A = np.array([[0.0, 1.0, 0.0], [-2.0, -0.3, 1.0], [0.5, 0.0, -1.0]])
    B = np.array([[0.0, 1.0], [1.0, 0.0], [0.2, -0.4]])
    rng = np.random.default_rng(0)
    times = rng.uniform(0, 1, (1, 7))
    states = rng.normal(size=(3, 7))
    inputs = rng.normal(size=(2, 7))
    results = []
    for lib in LIBS:
        system = linear_system(lib, A, B)
        context = system.CreateDefaultContext()
        for threads in (1, 2):
            results.append(lib["analysis"].BatchEvalTimeDerivatives(
                system, context, times, states, inputs,
                parallelize=lib["common"].Parallelism(threads)))
    for result in results:
        np.testing.assert_allclose(result, A @ states + B @ inputs,
                                   atol=1e-12)
    with pytest.raises(Exception, match="columns"):
        system = linear_system(OSSA, A, B)
        ossa_analysis.BatchEvalTimeDerivatives(
            system, system.CreateDefaultContext(), times, states[:, :3],
            inputs)


def test_batch_eval_discrete_update_agrees():
    A = np.array([[0.9, 0.1], [-0.2, 0.95]])
    B = np.array([[0.0], [0.1]])
    rng = np.random.default_rng(1)
    times = np.zeros((1, 5))
    states = rng.normal(size=(2, 5))
    inputs = rng.normal(size=(1, 5))
    expected = states
    for _ in range(3):
        expected = A @ expected + B @ inputs
    for lib in LIBS:
        system = linear_system(lib, A, B, time_period=0.1)
        result = lib["analysis"].BatchEvalUniquePeriodicDiscreteUpdate(
            system, system.CreateDefaultContext(), times, states, inputs,
            num_time_steps=3, parallelize=lib["common"].Parallelism(2))
        np.testing.assert_allclose(result, expected, atol=1e-12)


# -- Discrete-time approximation ------------------------------------------------

def test_discrete_time_approximation_agrees():
    h = 0.1
    for A, B in ((A_DI, B_DI), (A_PEND, B_PEND)):
        made = []
        for lib in LIBS:
            linear = lib["analysis"].DiscreteTimeApproximation(
                linear_system(lib, A, B), h)
            affine = lib["analysis"].DiscreteTimeApproximation(
                lib["primitives"].AffineSystem(
                    A, B, np.array([0.3, -0.2]), np.eye(2),
                    np.zeros((2, 1)), np.array([1.0, 2.0])), h)
            assert linear.time_period() == h
            made.append((linear, affine))
        for ours, theirs in zip(*made):
            for name in ("A", "B", "C", "D"):
                np.testing.assert_allclose(getattr(ours, name)(),
                                           getattr(theirs, name)(),
                                           atol=1e-9)
        np.testing.assert_allclose(made[0][1].f0(), made[1][1].f0(),
                                   atol=1e-9)
        np.testing.assert_allclose(made[0][1].y0(), made[1][1].y0())
    # The double integrator in closed form.
    approx = ossa_analysis.DiscreteTimeApproximation(
        linear_system(OSSA, A_DI, B_DI), h)
    np.testing.assert_allclose(approx.A(), [[1, h], [0, 1]], atol=1e-14)
    np.testing.assert_allclose(approx.B(), [[h * h / 2], [h]], atol=1e-14)
    with pytest.raises(Exception, match="time_period"):
        ossa_analysis.DiscreteTimeApproximation(
            linear_system(OSSA, A_DI, B_DI), 0.0)


def oscillator(lib):
    """ẍ = −x + u, output y = 2x, written as a LeafSystem in each package."""
    framework = lib["framework"]

    class Oscillator(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareContinuousState(2)
            self.DeclareVectorInputPort("u", 1)
            self.DeclareVectorOutputPort("y", 2, self._output)

        def DoCalcTimeDerivatives(self, context, derivatives):
            x = context.get_continuous_state_vector().CopyToVector()
            u = self.get_input_port(0).Eval(context)
            derivatives.get_mutable_vector().SetFromVector(
                [x[1], -x[0] + u[0]])

        def _output(self, context, output):
            output.SetFromVector(
                2 * context.get_continuous_state_vector().CopyToVector())
    return Oscillator()


def test_discrete_time_approximation_of_any_system_agrees():
    h = 0.1
    states = np.array([[1.0, 0.0, -0.5], [0.0, 2.0, 0.3]])
    inputs = np.array([[0.5, 0.0, -1.0]])
    results = []
    for lib in LIBS:
        discrete = lib["analysis"].DiscreteTimeApproximation(
            oscillator(lib), h)
        assert discrete.get_input_port(0).get_name() == "u"
        assert discrete.get_output_port(0).get_name() == "y"
        context = discrete.CreateDefaultContext()
        assert context.num_continuous_states() == 0
        context.SetDiscreteState([1.0, -1.0])
        discrete.get_input_port(0).FixValue(context, [0.0])
        np.testing.assert_allclose(discrete.get_output_port(0).Eval(context),
                                   [2.0, -2.0])
        results.append(lib["analysis"].BatchEvalUniquePeriodicDiscreteUpdate(
            discrete, context, np.zeros((1, 3)), states, inputs,
            parallelize=lib["common"].Parallelism(1)))
    # x(h) = u + (x0 − u) cos h + v0 sin h, v(h) = −(x0 − u) sin h + v0 cos h
    # (RK3 at accuracy 1e-4 over one 0.1 s period).
    x0, v0, u = states[0], states[1], inputs[0]
    exact = np.array([u + (x0 - u) * np.cos(h) + v0 * np.sin(h),
                      -(x0 - u) * np.sin(h) + v0 * np.cos(h)])
    for result in results:
        np.testing.assert_allclose(result, exact, atol=1e-5)
    np.testing.assert_allclose(results[0], results[1], atol=1e-5)


# -- Monte Carlo ----------------------------------------------------------------

def monte_carlo(lib, num_samples):
    A = np.array([[-0.5, 1.0], [-1.0, -0.5]])

    # A LeafSystem written here (the reference's AffineSystem draws its
    # random initial state from the generator; ossa's does not).
    framework = lib["framework"]

    class Linear(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareContinuousState(2)
            self.DeclareVectorInputPort("u", 2)

        def DoCalcTimeDerivatives(self, context, derivatives):
            x = context.get_continuous_state_vector().CopyToVector()
            u = self.get_input_port(0).Eval(context)
            derivatives.get_mutable_vector().SetFromVector(A @ x + u)

    def make_simulator(generator):
        system = Linear()
        simulator = lib["analysis"].Simulator(system)
        # The input from the generator's raw draws (SetRandomContext then
        # resets the state, not the fixed input).
        system.get_input_port(0).FixValue(
            simulator.get_mutable_context(),
            [generator() / 2.0 ** 32, generator() / 2.0 ** 32])
        return simulator

    def output(system, context):
        return context.get_continuous_state_vector().CopyToVector()[0]

    generator = lib["common"].RandomGenerator(42)
    results = lib["analysis"].MonteCarloSimulation(
        make_simulator, output, 1.0, num_samples, generator)
    # (The snapshot is used up: the reference's generator cannot be copied
    # from Python.)
    again = lib["analysis"].RandomSimulation(
        make_simulator, output, 1.0, results[1].generator_snapshot)
    return [r.output for r in results], again


def test_monte_carlo_agrees_and_replays():
    from scipy.linalg import expm
    (ours, ours_again), (theirs, theirs_again) = \
        (monte_carlo(lib, 3) for lib in LIBS)
    # The snapshot replays its sample exactly.
    assert ours_again == ours[1] and theirs_again == theirs[1]
    assert len(set(ours)) == 3
    # Same seed, same draws: the same inputs, so the same outputs up to the
    # integrators' accuracy.
    np.testing.assert_allclose(ours, theirs, atol=1e-3)
    # From x(0) = 0 under a constant u: x(1) = ∫₀¹ exp(As) ds u, the top
    # right block of exp([[A, I], [0, 0]]).
    generator = ossa_common.RandomGenerator(42)
    u = [generator() / 2.0 ** 32, generator() / 2.0 ** 32]
    A = np.array([[-0.5, 1.0], [-1.0, -0.5]])
    M = np.zeros((4, 4))
    M[:2, :2], M[:2, 2:] = A, np.eye(2)
    assert ours[0] == pytest.approx((expm(M)[:2, 2:] @ u)[0], abs=1e-3)


# -- Finite-horizon LQR -----------------------------------------------------------

def fhlqr(lib, A, B, tf, Qf=None, xd=None):
    system = linear_system(lib, A, B)
    context = system.CreateDefaultContext()
    system.get_input_port(0).FixValue(context, [0.0])
    options = lib["controllers"].FiniteHorizonLinearQuadraticRegulatorOptions()
    if Qf is not None:
        options.Qf = Qf
    if xd is not None:
        options.xd = lib["trajectories"].PiecewisePolynomial(
            np.asarray(xd, float).reshape(-1, 1))
    Q, R = np.diag([1.0, 0.5]), np.array([[0.3]])
    return lib["controllers"].FiniteHorizonLinearQuadraticRegulator(
        system, context, 0.0, tf, Q, R, options), system, context, Q, R


@pytest.mark.parametrize("A,B", [(A_DI, B_DI), (A_PEND, B_PEND)],
                         ids=["double_integrator", "pendulum"])
def test_finite_horizon_lqr_agrees(A, B):
    Qf = np.diag([2.0, 1.0])
    xd = [0.4, -0.1]
    (ours, *_), (theirs, *_) = (fhlqr(lib, A, B, 2.0, Qf, xd)
                                for lib in LIBS)
    for t in np.linspace(0.0, 2.0, 9):
        for name in ("S", "sx", "s0", "K", "k0"):
            np.testing.assert_allclose(
                np.asarray(getattr(ours, name).value(t)),
                np.asarray(getattr(theirs, name).value(t)),
                rtol=1e-10, atol=1e-10, err_msg=f"{name}({t})")
        np.testing.assert_allclose(np.asarray(ours.x0.value(t)),
                                   np.asarray(theirs.x0.value(t)))
    # The final conditions hold exactly.
    np.testing.assert_allclose(ours.S.value(2.0), Qf, atol=1e-12)
    np.testing.assert_allclose(np.asarray(ours.sx.value(2.0)).ravel(),
                               -Qf @ xd, atol=1e-12)


def test_finite_horizon_lqr_tends_to_the_infinite_horizon_one():
    result, system, context, Q, R = fhlqr(OSSA, A_DI, B_DI, 20.0)
    K, S = ossa_controllers.LinearQuadraticRegulator(A_DI, B_DI, Q, R)
    np.testing.assert_allclose(result.S.value(0.0), S, atol=1e-6)
    np.testing.assert_allclose(result.K.value(0.0), K, atol=1e-6)
    # The controller system applies u = u0 − K(t)(x − x0) − k0.
    controller = ossa_controllers.MakeFiniteHorizonLinearQuadraticRegulator(
        system, context, 0.0, 20.0, Q, R)
    controller_context = controller.CreateDefaultContext()
    controller.get_input_port(0).FixValue(controller_context, [1.0, -2.0])
    u = controller.get_output_port(0).Eval(controller_context)
    np.testing.assert_allclose(u, -K @ [1.0, -2.0], atol=1e-6)
    with pytest.raises(Exception, match="Q must"):
        ossa_controllers.FiniteHorizonLinearQuadraticRegulator(
            system, context, 0.0, 1.0, np.eye(3), R)


def test_discrete_finite_horizon_lqr_agrees():
    h = 0.1
    A = np.array([[1.0, h], [0.0, 1.0]])
    B = np.array([[h * h / 2], [h]])
    results = []
    for lib in LIBS:
        system = linear_system(lib, A, B, time_period=h)
        context = system.CreateDefaultContext()
        system.get_input_port(0).FixValue(context, [0.0])
        options = lib["controllers"] \
            .FiniteHorizonLinearQuadraticRegulatorOptions()
        options.Qf = np.diag([2.0, 1.0])
        options.xd = lib["trajectories"].PiecewisePolynomial(
            np.array([[0.4], [-0.1]]))
        results.append(
            lib["controllers"].FiniteHorizonLinearQuadraticRegulator(
                system, context, 0.0, 0.5, np.eye(2), np.array([[0.3]]),
                options))
    ours, theirs = results
    # The same recursion on the same numbers.
    for name in ("S", "sx", "s0", "K", "k0"):
        assert getattr(ours, name).get_times() == \
            getattr(theirs, name).get_times()
        for t in getattr(theirs, name).get_times():
            np.testing.assert_allclose(
                np.asarray(getattr(ours, name).value(t)),
                np.asarray(getattr(theirs, name).value(t)), atol=1e-12,
                err_msg=f"{name}({t})")
    # A long horizon gives the discrete algebraic Riccati solution.
    system = linear_system(OSSA, A, B, time_period=h)
    context = system.CreateDefaultContext()
    system.get_input_port(0).FixValue(context, [0.0])
    long_run = ossa_controllers.FiniteHorizonLinearQuadraticRegulator(
        system, context, 0.0, 40.0, np.eye(2), np.array([[0.3]]))
    K, S = ossa_controllers.DiscreteTimeLinearQuadraticRegulator(
        A, B, np.eye(2), np.array([[0.3]]))
    np.testing.assert_allclose(long_run.S.value(0.0), S, rtol=1e-9)
    np.testing.assert_allclose(long_run.K.value(0.0), K, rtol=1e-9)


# -- PidControlledSystem ------------------------------------------------------------

def pid_run(lib, vector_gains):
    plant = linear_system(lib, A_DI, B_DI)
    gains = ([2.0], [0.5], [1.5]) if vector_gains else (2.0, 0.5, 1.5)
    system = lib["controllers"].PidControlledSystem(plant, *gains)
    simulator = lib["analysis"].Simulator(system)
    config = lib["analysis"].SimulatorConfig(
        integration_scheme="runge_kutta2", max_step_size=1e-3,
        use_error_control=False)
    lib["analysis"].ApplySimulatorConfig(config, simulator)
    context = simulator.get_mutable_context()
    system.get_control_input_port().FixValue(context, [0.2])
    system.get_state_input_port().FixValue(context, [1.0, 0.0])
    simulator.AdvanceTo(3.0)
    names = ([system.get_input_port(i).get_name() for i in range(2)],
             system.get_state_output_port().get_name())
    return np.asarray(system.get_state_output_port().Eval(
        simulator.get_context())).ravel(), names


@pytest.mark.parametrize("vector_gains", [False, True])
def test_pid_controlled_system_agrees(vector_gains):
    (ours, our_names), (theirs, their_names) = \
        (pid_run(lib, vector_gains) for lib in LIBS)
    assert our_names == their_names
    # Fixed-step RK2 on the same equations.
    np.testing.assert_allclose(ours, theirs, atol=1e-9)
    with pytest.raises(Exception, match="kp must have"):
        ossa_controllers.PidControlledSystem(
            linear_system(OSSA, A_DI, B_DI), [1.0, 2.0], [0.0], [0.0])


# -- ossa.math and ossa.common extras -------------------------------------------------

def test_uniformly_random_rotations_match_the_reference_draws():
    for name in ("UniformlyRandomQuaternion", "UniformlyRandomAngleAxis",
                 "UniformlyRandomRotationMatrix", "UniformlyRandomRPY"):
        draws = []
        for lib in LIBS:
            generator = lib["common"].RandomGenerator(7)
            function = getattr(lib["math"], name)
            values = []
            for _ in range(5):
                value = function(generator)
                if hasattr(value, "wxyz"):
                    value = value.wxyz()
                elif hasattr(value, "angle"):
                    value = np.append(value.axis(), value.angle())
                elif hasattr(value, "matrix"):
                    value = value.matrix()
                values.append(np.asarray(value, float))
            draws.append(np.array(values))
        np.testing.assert_allclose(draws[0], draws[1], atol=1e-12,
                                   err_msg=name)
    # Unit quaternions, spread over the sphere: the mean of many is near 0.
    generator = ossa_common.RandomGenerator(1)
    q = np.array([ossa_math.UniformlyRandomQuaternion(generator).wxyz()
                  for _ in range(4000)])
    np.testing.assert_allclose(np.linalg.norm(q, axis=1), 1.0, atol=1e-14)
    assert np.all(np.abs(q.mean(axis=0)) < 0.05)  # ~3σ of 1/√(4·4000)


def test_balance_quadratic_forms():
    rng = np.random.default_rng(3)
    M = rng.normal(size=(4, 4))
    S = M @ M.T + 4 * np.eye(4)
    P = rng.normal(size=(4, 4))
    P = P + P.T
    T = ossa_math.BalanceQuadraticForms(S, P)
    D = T.T @ S @ T
    np.testing.assert_allclose(D, np.diag(np.diag(D)), atol=1e-12)
    np.testing.assert_allclose(np.abs(T.T @ P @ T), np.diag(1 / np.diag(D)),
                               atol=1e-12)
    theirs = drake_math.BalanceQuadraticForms(S, P)
    np.testing.assert_allclose(np.sort(np.diag(D)),
                               np.sort(np.diag(theirs.T @ S @ theirs)),
                               rtol=1e-10)
    with pytest.raises(Exception, match="positive definite"):
        ossa_math.BalanceQuadraticForms(-S, P)


def test_calc_probability_density_agrees():
    from ossa.autodiffutils import AutoDiffXd
    points = ([0.2, 0.5], [1.2, 0.5], [-0.1, 0.3], [0.0, 1.0])
    for kind in ("kUniform", "kGaussian", "kExponential"):
        for x in points:
            ours = ossa_common.CalcProbabilityDensity(
                getattr(ossa_common.RandomDistribution, kind), x)
            theirs = drake_common.CalcProbabilityDensity(
                getattr(drake_common.RandomDistribution, kind), x)
            assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-300)
    # The gradient of the Gaussian density is −x·p(x).
    x = np.array([AutoDiffXd(0.3, [1.0, 0.0]), AutoDiffXd(0.5, [0.0, 1.0])])
    p = ossa_common.CalcProbabilityDensity(
        ossa_common.RandomDistribution.kGaussian, x)
    np.testing.assert_allclose(p.derivatives(), -p.value() * np.array(
        [0.3, 0.5]), atol=1e-14)


# -- AutoDiffXd simulation --------------------------------------------------------

def test_autodiff_simulator_gives_the_state_transition_matrix():
    from scipy.linalg import expm
    A = np.array([[-0.5, 1.0], [-1.0, -0.5]])
    finals = []
    for lib in LIBS:
        from importlib import import_module
        autodiffutils = import_module(
            lib["analysis"].__name__.split(".")[0] + ".autodiffutils")
        AutoDiffXd = autodiffutils.AutoDiffXd
        system = linear_system(lib, A, np.zeros((2, 1))).ToAutoDiffXd()
        simulator = lib["analysis"].Simulator_[AutoDiffXd](system)
        context = simulator.get_mutable_context()
        system.get_input_port(0).FixValue(context, [AutoDiffXd(0.0)])
        context.SetContinuousState(autodiffutils.InitializeAutoDiff(
            np.array([1.0, 0.5])).reshape(-1))
        integrator = simulator.get_mutable_integrator()
        assert isinstance(integrator,
                          lib["analysis"].IntegratorBase_[AutoDiffXd])
        integrator.set_target_accuracy(1e-8)
        simulator.AdvanceTo(1.0)
        x = context.get_continuous_state_vector().CopyToVector()
        finals.append((autodiffutils.ExtractValue(x).ravel(),
                       autodiffutils.ExtractGradient(x)))
    # x(1) = exp(A)x0 and ∂x(1)/∂x0 = exp(A), within the accuracy asked.
    for value, gradient in finals:
        np.testing.assert_allclose(value, expm(A) @ [1.0, 0.5], atol=1e-6)
        np.testing.assert_allclose(gradient, expm(A), atol=1e-6)
