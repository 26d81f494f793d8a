"""Witness functions declared by a Python LeafSystem: the Simulator
isolates their zero crossings and runs their events."""

import gc
import math
import weakref

import pytest

from ossa.systems.analysis import Simulator
from ossa.systems.framework import (
    LeafSystem,
    TriggerType,
    UnrestrictedUpdateEvent,
    WitnessFunctionDirection,
)

G = 9.81


class BouncingBall(LeafSystem):
    """State [h, v], ḣ = v, v̇ = −g; at h = 0 (falling), v ← −e·v."""

    def __init__(self, h0, e):
        LeafSystem.__init__(self)
        self.e = e
        self.DeclareContinuousState(1, 1, 0)
        self.h0 = h0
        self.impacts = []
        # Not stored on self: the returned witness keeps its system alive, so
        # self.witness would be a cycle through C++ that gc cannot collect.
        self.DeclareWitnessFunction(
            "height", WitnessFunctionDirection.kPositiveThenNonPositive,
            self.Height, UnrestrictedUpdateEvent(self.Bounce))

    def Height(self, context):
        return context.get_continuous_state_vector()[0]

    def Bounce(self, context, event, state):
        assert event.get_trigger_type() == TriggerType.kWitness
        data = event.get_witness_triggered_event_data()
        assert data.tf() == context.get_time()
        assert data.triggered_witness().description() == "height"
        self.impacts.append(context.get_time())
        v = context.get_continuous_state_vector()[1]
        state.get_mutable_continuous_state().get_mutable_vector().SetAtIndex(
            1, -self.e * v)

    def DoCalcTimeDerivatives(self, context, derivatives):
        v = context.get_continuous_state_vector()[1]
        derivatives.get_mutable_vector().SetFromVector([v, -G])


def test_python_bouncing_ball():
    ball = BouncingBall(1.0, 0.5)
    simulator = Simulator(ball)
    simulator.get_mutable_context().SetContinuousState([1.0, 0.0])
    integrator = simulator.get_mutable_integrator()
    integrator.set_target_accuracy(1e-10)
    integrator.set_maximum_step_size(0.05)
    context = simulator.get_context()
    witnesses = ball.GetWitnessFunctions(context)
    assert len(witnesses) == 1
    assert ball.CalcWitnessValue(context, witnesses[0]) == 1.0
    assert witnesses[0].should_trigger(1.0, -1.0)
    assert not witnesses[0].should_trigger(-1.0, 1.0)
    t1 = math.sqrt(2 / G)
    # Impacts at t1 and t1 + 2·e·g·t1/g = 2·t1 (e = 0.5); isolated to
    # 0.01·1e-10 s, with RK3 exact for free fall: 1e-10 is generous.
    simulator.AdvanceTo(2 * t1 + 0.05)
    assert len(ball.impacts) == 2
    assert ball.impacts[0] == pytest.approx(t1, abs=1e-10)
    assert ball.impacts[1] == pytest.approx(2 * t1, abs=1e-10)


def test_system_with_event_of_its_own_method_is_freed():
    # The event holds self.Bounce; held strongly from C++, that bound method
    # would keep the system alive forever (a cycle gc cannot see).
    ball = BouncingBall(1.0, 0.5)
    simulator = Simulator(ball)
    simulator.AdvanceTo(0.1)
    ref = weakref.ref(ball)
    del ball, simulator
    gc.collect()
    assert ref() is None
