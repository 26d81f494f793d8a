"""The default Simulator's error-controlled steps against the reference's:
the same system, restarted from many states (as dynamic programming and
Monte Carlo runs do), takes the same steps in ossa and in pydrake, so the
two agree to rounding rather than to the integration accuracy: step times
and states within 1e-8 relative (the error norms differ in the last bits,
which the step-size formula's cube root and the following steps carry
along), where different step sequences would differ by about the accuracy
(1e-4 by default) times the step.

What this pins down: the default integrator's first step (1e-4 s), error
control continuing from its last step across Initialize(), a step that
reaches its target when within 0.1 % of it, a step cut short by a target
not changing the step error control wants, and AdvanceTo() refusing a time
reset without Initialize().
"""

import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, damped_pendulum  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)


def restarts(lib, states, tau, t_final, configure=lambda integrator: None):
    """Simulates from each state in turn (time reset to 0, Initialize());
    returns per run the step end times, the final state and the number of
    steps error control rejected."""
    system = damped_pendulum(lib)
    simulator = lib.analysis.Simulator(system)
    context = simulator.get_mutable_context()
    system.get_input_port(0).FixValue(context, [tau])
    configure(simulator.get_mutable_integrator())
    times = []
    simulator.set_monitor(lambda c: (
        times.append(c.get_time()), lib.framework.EventStatus.Succeeded())[1])
    runs = []
    for x0 in states:
        times.clear()
        context.SetTime(0.0)
        context.SetContinuousState(x0)
        simulator.Initialize()
        simulator.AdvanceTo(t_final)
        integrator = simulator.get_integrator()
        runs.append((list(times),
                     context.get_continuous_state_vector().CopyToVector(),
                     integrator.get_num_step_shrinkages_from_error_control(),
                     integrator.get_actual_initial_step_size_taken()))
    return runs


def assert_same_runs(ours, theirs):
    assert len(ours) == len(theirs)
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert len(a[0]) == len(b[0]), (k, a[0], b[0])
        np.testing.assert_allclose(a[0], b[0], rtol=1e-8, err_msg=f"run {k}")
        np.testing.assert_allclose(a[1], b[1], rtol=1e-8, atol=1e-12,
                                   err_msg=f"run {k}")
        assert a[2] == b[2], k
        np.testing.assert_allclose(a[3], b[3], rtol=1e-8)


GRID = [(theta, omega) for omega in np.linspace(-6.0, 6.0, 9)
        for theta in np.linspace(0.0, 2 * np.pi, 13)]


@pytest.mark.parametrize("tau", [-3.0, 0.0, 3.0])
def test_restarted_runs_take_the_reference_steps(tau):
    """117 restarts of 0.05 s: step rejections, steps cut by the boundary
    and the step carried from run to run all occur."""
    ours, theirs = both(lambda lib: restarts(lib, GRID, tau, 0.05))
    assert_same_runs(ours, theirs)
    assert ours[0][3] == 1e-4  # the default first step
    assert sum(run[2] for run in ours) > 0  # some steps were rejected


def test_long_run_and_settings_take_the_reference_steps():
    """One second from a few states, at the default and at other accuracy
    and maximum step settings."""
    states = [(0.5, 1.0), (2.0, -3.0), (3.0, 6.0)]
    for configure in [lambda i: None,
                      lambda i: i.set_target_accuracy(1e-6),
                      lambda i: i.set_maximum_step_size(0.02),
                      lambda i: i.request_initial_step_size_target(0.003)]:
        ours, theirs = both(lambda lib: restarts(lib, states, 1.0, 1.0,
                                                 configure))
        assert_same_runs(ours, theirs)


def test_a_step_near_the_target_reaches_it():
    """A first step within 0.1 % of the boundary is stretched onto it; one
    0.2 % short is not (a second, tiny step follows)."""
    def program(lib):
        counts = []
        for h0 in (0.04996, 0.0499):
            system = lib.primitives.LinearSystem(
                A=[[0.0, 1.0], [-4.0, -0.1]], B=[[0.0], [1.0]], C=np.eye(2),
                D=np.zeros((2, 1)))
            simulator = lib.analysis.Simulator(system)
            context = simulator.get_mutable_context()
            system.get_input_port(0).FixValue(context, [1.0])
            context.SetContinuousState([0.5, 1.0])
            integrator = simulator.get_mutable_integrator()
            integrator.request_initial_step_size_target(h0)
            integrator.set_target_accuracy(0.1)
            simulator.AdvanceTo(0.05)
            counts.append(integrator.get_num_steps_taken())
        return counts
    ours, theirs = both(program)
    assert ours == theirs == [1, 2]


def test_reset_keeps_the_initial_step_and_accuracy():
    def program(lib):
        system = lib.primitives.Integrator(1)
        integrator = lib.analysis.Simulator(system).get_mutable_integrator()
        before = (integrator.get_initial_step_size_target(),
                  integrator.get_target_accuracy(),
                  integrator.get_maximum_step_size())
        integrator.Reset()
        after = (integrator.get_initial_step_size_target(),
                 integrator.get_target_accuracy(),
                 integrator.get_maximum_step_size())
        return before, after
    ours, theirs = both(program)
    assert ours[0] == theirs[0] == (1e-4, 1e-4, 0.1)
    assert ours[1][:2] == theirs[1][:2] == (1e-4, 1e-4)
    assert np.isnan(ours[1][2]) and np.isnan(theirs[1][2])


def test_time_reset_without_initialize_raises():
    def program(lib):
        system = lib.primitives.Integrator(1)
        simulator = lib.analysis.Simulator(system)
        system.get_input_port(0).FixValue(simulator.get_mutable_context(),
                                          [1.0])
        simulator.AdvanceTo(0.1)
        simulator.get_mutable_context().SetTime(0.0)
        with pytest.raises(RuntimeError, match="Initialize"):
            simulator.AdvanceTo(0.2)
        simulator.Initialize()
        simulator.AdvanceTo(0.2)
        return simulator.get_context().get_continuous_state_vector()[0]
    ours, theirs = both(program)
    assert ours == pytest.approx(theirs, rel=1e-15)


def test_a_monitor_returning_nothing_lets_the_simulation_run():
    def program(lib):
        system = lib.primitives.Integrator(1)
        simulator = lib.analysis.Simulator(system)
        system.get_input_port(0).FixValue(simulator.get_mutable_context(),
                                          [1.0])
        calls = []
        simulator.set_monitor(lambda context: calls.append(1))
        simulator.AdvanceTo(0.1)
        return (simulator.get_context().get_time(), len(calls) > 0,
                simulator.get_context().get_continuous_state_vector()[0])
    ours, theirs = both(program)
    assert ours[:2] == theirs[:2] == (0.1, True)
    assert ours[2] == pytest.approx(theirs[2], rel=1e-15)
