"""Tests of ossa.systems.analysis: Simulator and integrators driving a
LeafSystem written in Python, statistics, monitors, SimulatorConfig, and the
GIL released while AdvanceTo integrates."""

import math
import threading

import pytest

from ossa.systems.analysis import (
    ApplySimulatorConfig,
    ExtractSimulatorConfig,
    GetIntegrationSchemes,
    ImplicitEulerIntegrator,
    IntegratorBase,
    RungeKutta2Integrator,
    RungeKutta3Integrator,
    Simulator,
    Simulator_,
    SimulatorConfig,
    SimulatorStatus,
)
from ossa.systems.framework import EventStatus, LeafSystem


class Decay(LeafSystem):
    """x' = -x, so x(t) = x0 e^{-t}."""

    def __init__(self):
        LeafSystem.__init__(self)
        self.DeclareContinuousState(1)

    def DoCalcTimeDerivatives(self, context, derivatives):
        x = context.get_continuous_state_vector()[0]
        derivatives.get_mutable_vector().SetFromVector([-x])


def make_simulator():
    system = Decay()
    simulator = Simulator(system)
    simulator.get_mutable_context().SetContinuousState([1.0])
    return system, simulator


def test_advance_to_matches_closed_form():
    _, simulator = make_simulator()
    assert Simulator_[float] is Simulator
    integrator = simulator.get_integrator()
    # The default: error-controlled RK3, max step 0.1, accuracy 1e-4.
    assert isinstance(integrator, RungeKutta3Integrator)
    assert not integrator.get_fixed_step_mode()
    assert integrator.get_maximum_step_size() == 0.1
    status = simulator.AdvanceTo(1.0)
    assert status.reason() == SimulatorStatus.ReturnReason.kReachedBoundaryTime
    assert simulator.get_context().get_time() == 1.0
    x = simulator.get_context().get_continuous_state_vector()[0]
    # Local errors ≤ 1e-4 per step over ~10 steps of a contracting flow.
    assert abs(x - math.exp(-1.0)) < 1e-4
    assert simulator.get_num_steps_taken() >= 10
    assert integrator.get_num_derivative_evaluations() >= 30


def test_config_round_trip_and_fixed_step():
    system, simulator = make_simulator()
    config = SimulatorConfig()
    assert config.integration_scheme == "runge_kutta3"
    assert config.max_step_size == 0.1
    config.integration_scheme = "runge_kutta2"
    config.max_step_size = 0.01
    ApplySimulatorConfig(config, simulator)
    assert isinstance(simulator.get_integrator(), RungeKutta2Integrator)
    assert ExtractSimulatorConfig(simulator).integration_scheme == "runge_kutta2"
    simulator.AdvanceTo(1.0)
    # Fixed steps of 0.01 over [0, 1].
    assert simulator.get_num_steps_taken() == 100
    x = simulator.get_context().get_continuous_state_vector()[0]
    # RK2's global error here is ≈ t·h²/6·x ≈ 6e-6.
    assert abs(x - math.exp(-1.0)) < 1e-5
    assert "implicit_euler" in GetIntegrationSchemes()
    bad = SimulatorConfig()
    bad.integration_scheme = "nope"
    with pytest.raises(RuntimeError, match="unknown integration scheme 'nope'"):
        ApplySimulatorConfig(bad, simulator)


def test_monitor_terminates():
    system, simulator = make_simulator()

    def monitor(context):
        if context.get_continuous_state_vector()[0] < 0.5:
            return EventStatus.ReachedTermination("half")
        return EventStatus.Succeeded()

    simulator.set_monitor(monitor)
    status = simulator.AdvanceTo(10.0)
    assert (status.reason()
            == SimulatorStatus.ReturnReason.kReachedTerminationCondition)
    # x = e^{-t} crosses 0.5 at ln 2; the stop is within one step (≤ 0.1).
    assert math.log(2) <= status.return_time() <= math.log(2) + 0.1 + 1e-12
    assert "half" in status.FormatMessage()


def test_standalone_implicit_integrator():
    system = Decay()
    context = system.CreateDefaultContext()
    context.SetContinuousState([2.0])
    integrator = ImplicitEulerIntegrator(system, context)
    assert isinstance(integrator, IntegratorBase)
    integrator.set_maximum_step_size(0.1)
    integrator.set_target_accuracy(1e-4)
    integrator.Initialize()
    integrator.IntegrateWithMultipleStepsToTime(1.0)
    assert context.get_time() == 1.0
    x = context.get_continuous_state_vector()[0]
    # First-order method, error ∝ √accuracy: within 1e-2 of 2e^{-1}.
    assert abs(x - 2 * math.exp(-1.0)) < 1e-2


def test_advance_releases_the_gil():
    # Two simulations of Python systems in two threads: each AdvanceTo
    # releases the GIL and the callbacks take it back, so both finish (no
    # deadlock) with the right answer.
    results = {}

    def run(name):
        _, simulator = make_simulator()
        simulator.AdvanceTo(2.0)
        results[name] = simulator.get_context().get_continuous_state_vector()[0]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(results) == 2
    for value in results.values():
        assert abs(value - math.exp(-2.0)) < 1e-4
