"""Tests of ossa.systems.framework: LeafSystem subclassed in Python, contexts,
ports, caching, diagrams and wiring errors."""

import gc

import numpy as np
import pytest

from ossa.common.value import AbstractValue
from ossa.systems.framework import (
    BasicVector,
    BasicVector_,
    Context,
    Diagram,
    DiagramBuilder,
    EventStatus,
    LeafSystem,
    LeafSystem_,
    System,
)


class Decay(LeafSystem):
    """x' = -rate*x + u, y = x (output depends on the state only)."""

    def __init__(self, rate):
        LeafSystem.__init__(self)
        self.rate = rate
        self.y_calls = 0
        self.DeclareContinuousState(1)
        self.DeclareVectorInputPort("u", 1)
        self.DeclareVectorOutputPort("y", 1, self.CalcY, {self.xc_ticket()})

    def CalcY(self, context, output):
        self.y_calls += 1
        output.SetFromVector(context.get_continuous_state_vector().CopyToVector())

    def DoCalcTimeDerivatives(self, context, derivatives):
        x = context.get_continuous_state_vector()[0]
        u = self.get_input_port(0).Eval(context)[0]
        derivatives.get_mutable_vector().SetFromVector([-self.rate * x + u])

    def DoCalcPotentialEnergy(self, context):
        x = context.get_continuous_state_vector()[0]
        return 0.5 * x * x


class Gain(LeafSystem):
    """y = k*u (direct feedthrough)."""

    def __init__(self, k):
        LeafSystem.__init__(self)
        self.k = k
        self.DeclareVectorInputPort("u", 1)
        self.DeclareVectorOutputPort("y", 1, self.CalcY,
                                     {self.all_input_ports_ticket()})

    def CalcY(self, context, output):
        output.SetFromVector(self.k * self.get_input_port(0).Eval(context))


def test_templates_and_aliases():
    assert LeafSystem_[float] is LeafSystem
    assert BasicVector_[float] is BasicVector
    assert issubclass(LeafSystem, System)


def test_basic_vector():
    v = BasicVector([1.0, 2.0, 3.0])
    assert v.size() == 3 and len(v) == 3
    v[1] = 5.0
    np.testing.assert_array_equal(v.CopyToVector(), [1.0, 5.0, 3.0])
    with pytest.raises(IndexError):
        v[3]
    with pytest.raises(RuntimeError, match="size 3"):
        v.SetFromVector([1.0])


def test_leaf_system_from_python():
    decay = Decay(rate=2.0)
    context = decay.CreateDefaultContext()
    assert isinstance(context, Context)
    context.SetContinuousState([3.0])
    decay.get_input_port(0).FixValue(context, 1.0)
    # x' = -2*3 + 1 = -5 (exact in floating point).
    xdot = decay.EvalTimeDerivatives(context)
    assert xdot[0] == -5.0
    assert decay.EvalPotentialEnergy(context) == 4.5
    # The output is cached on the state only.
    np.testing.assert_array_equal(decay.get_output_port(0).Eval(context), [3.0])
    assert decay.y_calls == 1
    context.SetTime(1.0)
    decay.get_input_port(0).FixValue(context, 2.0)
    decay.get_output_port(0).Eval(context)
    assert decay.y_calls == 1
    context.SetContinuousState([4.0])
    np.testing.assert_array_equal(decay.get_output_port(0).Eval(context), [4.0])
    assert decay.y_calls == 2
    assert not decay.HasAnyDirectFeedthrough()
    # Clones are independent.
    clone = context.Clone()
    clone.SetContinuousState([-1.0])
    assert context.get_continuous_state_vector()[0] == 4.0


def test_port_errors():
    decay = Decay(rate=1.0)
    context = decay.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="neither connected nor fixed"):
        decay.get_input_port(0).Eval(context)
    with pytest.raises(RuntimeError, match="size 1"):
        decay.get_input_port(0).FixValue(context, np.array([1.0, 2.0]))
    with pytest.raises(RuntimeError, match="valid port names: u"):
        decay.GetInputPort("nope")


class Labeled(LeafSystem):
    def __init__(self):
        LeafSystem.__init__(self)
        self.DeclareAbstractInputPort("label", AbstractValue.Make("none"))
        self.DeclareDiscreteState(2)
        self.DeclareInitializationDiscreteUpdateEvent(self.Init)

    def Init(self, context, discrete_state):
        discrete_state.get_mutable_vector(0).SetFromVector([7.0, 8.0])
        return EventStatus.Succeeded()


def test_abstract_port_and_events():
    sys = Labeled()
    context = sys.CreateDefaultContext()
    sys.get_input_port(0).FixValue(context, "hello")
    assert sys.get_input_port(0).Eval(context) == "hello"
    with pytest.raises(RuntimeError, match="expects a value of type std::string"):
        sys.get_input_port(0).FixValue(context, 3)
    sys.ExecuteInitializationEvents(context)
    np.testing.assert_array_equal(context.get_discrete_state(0).get_value(), [7.0, 8.0])


def make_diagram():
    builder = DiagramBuilder()
    decay = builder.AddNamedSystem("decay", Decay(rate=1.0))
    gain = builder.AddNamedSystem("gain", Gain(k=-3.0))
    builder.Connect(decay.get_output_port(0), gain.get_input_port(0))
    builder.ExportInput(decay.get_input_port(0), "u")
    builder.ExportOutput(gain.get_output_port(0), "y")
    return builder.Build(), decay, gain


def test_diagram():
    diagram, decay, gain = make_diagram()
    assert isinstance(diagram, Diagram)
    context = diagram.CreateDefaultContext()
    decay_context = diagram.GetMutableSubsystemContext(decay, context)
    decay_context.SetContinuousState([2.0])
    diagram.get_input_port(0).FixValue(context, 0.5)
    np.testing.assert_array_equal(diagram.get_output_port(0).Eval(context), [-6.0])
    # x' = -x + u = -1.5
    assert diagram.EvalTimeDerivatives(context)[0] == -1.5
    # Changing the decay's state reaches the gain's output.
    decay_context.SetContinuousState([1.0])
    np.testing.assert_array_equal(diagram.get_output_port(0).Eval(context), [-3.0])
    assert diagram.GetSubsystemByName("gain") is gain
    assert "decay" in diagram.GetGraphvizString()
    assert diagram.HasDirectFeedthrough(0, 0) is False


def test_diagram_keeps_python_systems_alive():
    diagram, decay, gain = make_diagram()
    del decay, gain
    gc.collect()
    context = diagram.CreateDefaultContext()
    context.SetContinuousState([1.0])
    np.testing.assert_array_equal(diagram.get_output_port(0).Eval(context), [-3.0])


def test_wiring_errors():
    builder = DiagramBuilder()
    a = builder.AddSystem(Gain(1.0))
    b = builder.AddSystem(Gain(1.0))
    builder.Connect(a.get_output_port(0), b.get_input_port(0))
    with pytest.raises(RuntimeError, match="already connected"):
        builder.Connect(a.get_output_port(0), b.get_input_port(0))
    with pytest.raises(RuntimeError, match="already been added"):
        builder.AddSystem(a)
    builder.Connect(b.get_output_port(0), a.get_input_port(0))
    with pytest.raises(RuntimeError, match="algebraic loop"):
        builder.Build()
    builder2 = DiagramBuilder()
    labeled = builder2.AddSystem(Labeled())
    decay = builder2.AddSystem(Decay(1.0))
    with pytest.raises(RuntimeError, match="abstract-valued"):
        builder2.Connect(decay.get_output_port(0), labeled.get_input_port(0))


class Ticker(LeafSystem):
    """x <- x + 1 every 0.25 s from 0.1 s."""

    def __init__(self):
        LeafSystem.__init__(self)
        self.DeclareDiscreteState(1)
        self.DeclarePeriodicDiscreteUpdateEvent(0.25, 0.1, self.Tick)

    def Tick(self, context, discrete_state):
        discrete_state.set_value(0, context.get_discrete_state(0).get_value() + 1)


def test_periodic_discrete_update_dispatch():
    ticker = Ticker()
    context = ticker.CreateDefaultContext()
    events = ticker.AllocateCompositeEventCollection()
    context.SetTime(0.2)
    # offset + k*period strictly after 0.2: 0.35 (to rounding).
    assert ticker.CalcNextUpdateTime(context, events) == pytest.approx(0.35, abs=1e-15)
    assert events.HasDiscreteUpdateEvents() and not events.HasPublishEvents()
    xd = ticker.AllocateDiscreteVariables()
    status = ticker.CalcDiscreteVariableUpdate(
        context, events.get_discrete_update_events(), xd)
    assert status.succeeded()
    ticker.ApplyDiscreteVariableUpdate(events.get_discrete_update_events(), xd, context)
    assert context.get_discrete_state(0).get_value()[0] == 1.0
    assert ticker.IsDifferenceEquationSystem() == (True, 0.25)
