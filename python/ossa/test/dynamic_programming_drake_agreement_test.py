"""FittedValueIteration and its options against the reference toolkit's:
each problem is built by ONE function of `lib` and solved by both
packages; the cost-to-go, the policy and the iterations are compared.

Both packages simulate every mesh point with the same error-controlled
Runge–Kutta 3 integrator and run the same value iteration, so the
cost-to-go agrees to rounding (1e-9 relative leaves room for a different
order of floating-point sums over many iterations). Argument errors abort
the reference process (its internal assertions), so they are checked on
ossa alone.
"""

import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, damped_pendulum, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)


def solve(lib, system, cost, state_grid, input_grid, time_step, configure):
    """FittedValueIteration on `system` with options set by configure;
    returns the cost-to-go, the policy's output values, the iterations the
    callback saw and the policy evaluated at a few off-grid states."""
    options = lib.controllers.DynamicProgrammingOptions()
    configure(lib, options)
    iterations = []
    options.visualization_callback = (
        lambda iteration, mesh, J, Pi: iterations.append(
            (iteration, mesh.get_num_mesh_points(), J.shape, Pi.shape)))
    simulator = lib.analysis.Simulator(system)
    policy, J = lib.controllers.FittedValueIteration(
        simulator, lambda context: cost(system, context), state_grid,
        input_grid, time_step, options)
    context = policy.CreateDefaultContext()
    samples = []
    for x in np.random.default_rng(7).uniform(-1.0, 1.0, (5, len(state_grid))):
        policy.get_input_port(0).FixValue(context, x)
        samples.append(policy.get_output_port(0).Eval(context).copy())
    return J, policy.get_output_values(), iterations, np.array(samples)


def quadratic_cost(system, context):
    x = context.get_continuous_state_vector().CopyToVector()
    u = system.get_input_port(0).Eval(context)
    return float(x.dot(x) + u.dot(u))


def assert_agree(ours, theirs):
    J, policy, iterations, samples = ours
    J_ref, policy_ref, iterations_ref, samples_ref = theirs
    assert J.shape == J_ref.shape
    np.testing.assert_allclose(J, J_ref, rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(policy, policy_ref)
    assert iterations == iterations_ref
    np.testing.assert_allclose(samples, samples_ref, rtol=1e-12)


def test_double_integrator_regulator_agrees():
    """ẍ = u with a quadratic cost on a 9 × 9 grid, u ∈ {−1, 0, 1}."""
    def program(lib):
        system = lib.primitives.LinearSystem(
            A=[[0.0, 1.0], [0.0, 0.0]], B=[[0.0], [1.0]], C=np.eye(2),
            D=np.zeros((2, 1)))
        grid = [set(np.linspace(-1.0, 1.0, 9))] * 2
        return solve(lib, system, quadratic_cost, grid, [{-1.0, 0.0, 1.0}],
                     0.1, lambda lib, options: None)
    ours, theirs = both(program)
    assert ours[2][0] == (1, 81, (81,), (1, 81))
    assert_agree(ours, theirs)


def test_pendulum_swing_up_with_periodic_angle_agrees():
    """Minimum-time-like swing-up: the angle wraps on [0, 2π), the cost
    penalizes the distance from upright, discount 0.95."""
    def cost(system, context):
        theta, omega = context.get_continuous_state_vector().CopyToVector()
        return float((theta - np.pi) ** 2 + 0.1 * omega ** 2)

    def configure(lib, options):
        options.periodic_boundary_conditions = [
            lib.controllers.PeriodicBoundaryCondition(0, 0.0, 2 * np.pi)]
        options.discount_factor = 0.95
        options.convergence_tol = 1e-6

    def program(lib):
        grid = [set(np.linspace(0.0, 2 * np.pi, 13)),
                set(np.linspace(-6.0, 6.0, 9))]
        return solve(lib, damped_pendulum(lib), cost, grid,
                     [{-3.0, 0.0, 3.0}], 0.05, configure)
    ours, theirs = both(program)
    assert_agree(ours, theirs)
    # Upright and at rest is the cheapest state on the mesh.
    J = ours[0]
    assert np.argmin(J) == 6 + 13 * 4  # θ = π (index 6), θ̇ = 0 (index 4)


def test_options_defaults_and_fields_agree():
    def program(lib):
        c = lib.controllers
        o = c.DynamicProgrammingOptions()
        b = c.PeriodicBoundaryCondition(1, -np.pi, np.pi)
        nested = c.DynamicProgrammingOptions.PeriodicBoundaryCondition(0, 0, 1)
        o.periodic_boundary_conditions = [b, nested]
        o.input_port_index = lib.framework.InputPortSelection.kNoInput
        return (o.discount_factor, o.convergence_tol,
                o.assume_non_continuous_states_are_fixed,
                o.visualization_callback,
                [(p.state_index, p.low, p.high)
                 for p in o.periodic_boundary_conditions],
                str(o.input_port_index),
                str(c.DynamicProgrammingOptions().input_port_index))
    ours, theirs = both(program)
    assert ours == theirs


def test_bad_arguments_raise_on_ossa():
    c, analysis = OSSA.controllers, OSSA.analysis
    system = OSSA.primitives.Integrator(1)
    grid, inputs = [{-1.0, 1.0}], [{-1.0, 1.0}]
    options = c.DynamicProgrammingOptions()

    def run(state_grid=grid, input_grid=inputs, h=0.1):
        return c.FittedValueIteration(analysis.Simulator(system),
                                      lambda context: 1.0, state_grid,
                                      input_grid, h, options)
    with pytest.raises(RuntimeError, match="state grid has 2 coordinates"):
        run(state_grid=grid * 2)
    with pytest.raises(RuntimeError, match="input grid has 2 coordinates"):
        run(input_grid=inputs * 2)
    with pytest.raises(RuntimeError, match="time step must be positive"):
        run(h=-0.1)
    with pytest.raises(RuntimeError, match="low .* must be less than high"):
        c.PeriodicBoundaryCondition(0, 1.0, 0.0)
    options.discount_factor = 0.0
    with pytest.raises(RuntimeError, match="discount factor"):
        run()
    options.discount_factor = 1.0
    with pytest.raises(ValueError, match="boom"):
        c.FittedValueIteration(
            analysis.Simulator(system),
            lambda context: (_ for _ in ()).throw(ValueError("boom")), grid,
            inputs, 0.1, options)


def discounted_double_integrator(lib, discount, periodic):
    """ẍ = u with cost x·x + 2u·u, optionally periodic in x on [−1, 1):
    the cost-to-go, the policy at four states and the iterations seen."""
    system = lib.primitives.LinearSystem(
        np.array([[0.0, 1.0], [0.0, 0.0]]), np.array([[0.0], [1.0]]),
        np.zeros((0, 2)), np.zeros((0, 1)))
    options = lib.controllers.DynamicProgrammingOptions()
    options.discount_factor = discount
    if periodic:
        options.periodic_boundary_conditions = [
            lib.controllers.PeriodicBoundaryCondition(0, -1.0, 1.0)]
    seen = []
    options.visualization_callback = (
        lambda iteration, mesh, J, policy: seen.append(
            (iteration, mesh.get_num_mesh_points(), np.shape(J),
             np.shape(policy))))

    def cost(context):
        x = context.get_continuous_state_vector().CopyToVector()
        u = system.get_input_port(0).Eval(context)
        return x.dot(x) + 2.0 * u.dot(u)
    policy, J = lib.controllers.FittedValueIteration(
        lib.analysis.Simulator(system), cost,
        [set(np.linspace(-1.0, 1.0, 7)), set(np.linspace(-1.5, 1.5, 5))],
        [{-1.0, -0.5, 0.0, 0.5, 1.0}], 0.05, options)
    context = policy.CreateDefaultContext()
    u = []
    for x in ([0.3, -0.2], [-0.9, 1.2], [0.0, 0.0], [0.55, 0.1]):
        policy.get_input_port(0).FixValue(context, x)
        u.append(policy.get_output_port(0).Eval(context).copy())
    return np.asarray(J), np.array(u), seen


@pytest.mark.parametrize("discount,periodic",
                         [(0.9, True), (0.95, False), (1.0, True)])
def test_discounted_double_integrator_agrees(discount, periodic):
    """RK3 integrates ẍ = u exactly, so the cost-to-go agrees to a few
    ulps; the policy and the iterations exactly."""
    ours, theirs = both(
        lambda lib: discounted_double_integrator(lib, discount, periodic))
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-12)
    np.testing.assert_array_equal(ours[1], theirs[1])
    assert ours[2] == theirs[2]
    # A cost: nonnegative, zero only where x = 0 can be held (the origin
    # with u = 0).
    assert np.all(ours[0] >= 0) and np.min(ours[0]) == 0.0


def test_argument_types_are_checked_as_the_reference():
    def program(lib):
        c = lib.controllers
        simulator = lib.analysis.Simulator(lib.primitives.Integrator(1))
        options = c.DynamicProgrammingOptions()
        return [
            error_of(lambda: c.PeriodicBoundaryCondition("x", 0.0, 1.0)),
            error_of(lambda: c.FittedValueIteration(
                simulator, lambda context: 0.0, [{0.0}], [{0.0}], "h",
                options)),
            error_of(lambda: c.FittedValueIteration(
                simulator, lambda context: 0.0, [{0.0}], [{0.0}], 0.1)),
            c.DynamicProgrammingOptions.PeriodicBoundaryCondition
            is c.PeriodicBoundaryCondition,
        ]
    ours, theirs = both(program)
    assert ours == theirs == [TypeError, TypeError, TypeError, True]
