"""Tests of ossa.systems.primitives and ossa.systems.controllers, of a Python
LeafSystem simulated inside a Diagram of C++ primitives, and of vector
arguments given as lists."""

import math
import threading
import time

import numpy as np
import pytest

from ossa.common.value import AbstractValue
from ossa.systems.analysis import Simulator
from ossa.systems.controllers import PidController, PidController_
from ossa.systems.framework import DiagramBuilder, LeafSystem
from ossa.systems.primitives import (
    Adder,
    Adder_,
    ConstantValueSource,
    ConstantVectorSource,
    ConstantVectorSource_,
    Demultiplexer,
    Gain,
    LogVectorOutput,
    MatrixGain,
    Multiplexer,
    PassThrough,
    Saturation,
    Sine,
    TrajectorySource,
    VectorLogSink,
    ZeroOrderHold,
)
from ossa.trajectories import PiecewisePolynomial


def eval_output(system, inputs=(), port=0):
    """Output `port` of `system` with input i fixed to inputs[i]."""
    context = system.CreateDefaultContext()
    for i, value in enumerate(inputs):
        system.get_input_port(i).FixValue(context, value)
    return system.get_output_port(port).Eval(context)


def test_templates():
    assert ConstantVectorSource_[float] is ConstantVectorSource
    assert Adder_[float] is Adder
    assert PidController_[float] is PidController


def test_sources_and_static_maps():
    # Lists, tuples and numpy arrays are all accepted where a vector is.
    np.testing.assert_array_equal(eval_output(ConstantVectorSource([1.0, 2.0])),
                                  [1.0, 2.0])
    np.testing.assert_array_equal(
        eval_output(ConstantVectorSource(np.array([3.0]))), [3.0])
    np.testing.assert_array_equal(eval_output(ConstantVectorSource(4.0)), [4.0])
    value_source = ConstantValueSource(AbstractValue.Make("hello"))
    context = value_source.CreateDefaultContext()
    assert value_source.get_output_port(0).Eval(context) == "hello"
    np.testing.assert_array_equal(
        eval_output(Adder(3, 2), [[1, 2], (10, 20), np.array([100, 200.0])]),
        [111, 222])
    np.testing.assert_array_equal(eval_output(Gain(2.0, 2), [[1.0, -3.0]]),
                                  [2.0, -6.0])
    np.testing.assert_array_equal(eval_output(Gain([1.0, 3.0]), [[2.0, 2.0]]),
                                  [2.0, 6.0])
    D = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    np.testing.assert_array_equal(eval_output(MatrixGain(D), [[1.0, 1.0]]),
                                  [3.0, 7.0, 11.0])
    np.testing.assert_array_equal(MatrixGain(np.array(D)).D(), D)
    np.testing.assert_array_equal(eval_output(PassThrough(2), [[5.0, 6.0]]),
                                  [5.0, 6.0])
    np.testing.assert_array_equal(eval_output(Multiplexer([1, 2]),
                                              [[1.0], [2.0, 3.0]]),
                                  [1.0, 2.0, 3.0])
    demux = Demultiplexer([1, 2])
    assert demux.get_output_ports_sizes() == [1, 2]
    np.testing.assert_array_equal(eval_output(demux, [[1.0, 2.0, 3.0]], 1),
                                  [2.0, 3.0])
    sat = Saturation([-1.0, 0.0], [1.0, 0.5])
    np.testing.assert_array_equal(eval_output(sat, [[5.0, -5.0]]), [1.0, 0.0])
    np.testing.assert_array_equal(eval_output(sat, [[0.25, 0.25]]),
                                  [0.25, 0.25])


def test_sine_and_trajectory_source():
    sine = Sine(2.0, 3.0, 0.5, 2)
    context = sine.CreateDefaultContext()
    context.SetTime(0.7)
    y = sine.get_output_port(0).Eval(context)
    ydot = sine.get_output_port(1).Eval(context)
    np.testing.assert_allclose(y, [2 * math.sin(2.6)] * 2, rtol=1e-15)
    np.testing.assert_allclose(ydot, [6 * math.cos(2.6)] * 2, rtol=1e-15)
    # Linear interpolation between (0, 0) and (2, 4): y = 2t, ẏ = 2.
    pp = PiecewisePolynomial.FirstOrderHold([0.0, 2.0], [[0.0, 4.0]])
    source = TrajectorySource(pp, output_derivative_order=1)
    context = source.CreateDefaultContext()
    context.SetTime(0.5)
    np.testing.assert_allclose(source.get_output_port(0).Eval(context),
                               [1.0, 2.0], atol=1e-14)


def test_errors_name_the_method():
    with pytest.raises(RuntimeError, match="VectorLogSink"):
        VectorLogSink(0)
    with pytest.raises(TypeError):
        ConstantVectorSource(["a", "b"])
    with pytest.raises(TypeError):
        MatrixGain([[1.0, 2.0], [3.0]])  # ragged


class Ramp(LeafSystem):
    """A Python system: state x with ẋ = u, output y = x."""

    def __init__(self):
        LeafSystem.__init__(self)
        self.DeclareContinuousState(1)
        self.DeclareVectorInputPort("u", 1)
        self.DeclareVectorOutputPort("y", 1, self.CalcY, {self.xc_ticket()})
        self.calls = 0

    def CalcY(self, context, output):
        output.SetFromVector(context.get_continuous_state_vector().CopyToVector())

    def DoCalcTimeDerivatives(self, context, derivatives):
        self.calls += 1
        u = self.get_input_port(0).Eval(context)[0]
        derivatives.get_mutable_vector().SetFromVector([u])


def build_ramp_diagram():
    # constant 2 → Ramp (Python) → Gain ×3 (C++) → log; ramp y also logged
    # through a zero-order hold sampled every 0.25 s.
    builder = DiagramBuilder()
    source = builder.AddSystem(ConstantVectorSource([2.0]))
    ramp = builder.AddSystem(Ramp())
    gain = builder.AddSystem(Gain(3.0, 1))
    hold = builder.AddSystem(ZeroOrderHold(0.25, 1))
    builder.Connect(source.get_output_port(0), ramp.get_input_port(0))
    builder.Connect(ramp.get_output_port(0), gain.get_input_port(0))
    builder.Connect(ramp.get_output_port(0), hold.get_input_port(0))
    gain_log = LogVectorOutput(gain.get_output_port(0), builder)
    hold_log = LogVectorOutput(hold.get_output_port(0), builder, 0.125)
    diagram = builder.Build()
    return diagram, ramp, gain_log, hold_log


def test_python_system_in_cpp_diagram():
    diagram, ramp, gain_log, hold_log = build_ramp_diagram()
    simulator = Simulator(diagram)
    simulator.AdvanceTo(1.0)
    root = simulator.get_context()
    # x = 2t exactly (every integrator is exact for a constant rate).
    assert ramp.GetMyContextFromRoot(root).get_continuous_state_vector()[0] \
        == pytest.approx(2.0, abs=1e-12)
    assert ramp.calls > 0
    log = gain_log.FindLog(root)
    assert log.num_samples() >= 10
    np.testing.assert_allclose(log.data()[0], 6.0 * log.sample_times(),
                               atol=1e-12)
    # The periodic sink samples at k/8. The hold latches x = 2t at multiples
    # of 0.25; a publish at t runs at the end of the step reaching t, before
    # the update due at the same t (applied at the start of the next step),
    # so it shows the value latched at the previous multiple: 0.5·(⌈4t⌉ − 1),
    # and the default 0 before the first latch.
    sampled = hold_log.FindLog(root)
    times = sampled.sample_times()
    np.testing.assert_array_equal(times, np.arange(9) / 8.0)
    expected = 0.5 * np.maximum(np.ceil(4 * times) - 1, 0)
    np.testing.assert_allclose(sampled.data()[0], expected, atol=1e-12)
    with pytest.raises(RuntimeError, match="not a root Context"):
        gain_log.FindLog(ramp.GetMyContextFromRoot(root))


def test_pid_controller_closed_loop_on_python_plant():
    # PID on a Python integrator plant ẋ = u: with kp only, x → x_d as
    # x_d + (x0 − x_d)e^{−kp·t}.
    class Plant(LeafSystem):
        def __init__(self):
            LeafSystem.__init__(self)
            self.DeclareContinuousState(1, 1, 0)
            self.DeclareVectorInputPort("u", 1)
            self.DeclareVectorOutputPort(
                "x", 2, self.CalcX, {self.xc_ticket()})

        def CalcX(self, context, output):
            output.SetFromVector(
                context.get_continuous_state_vector().CopyToVector())

        def DoCalcTimeDerivatives(self, context, derivatives):
            # q̇ = u, v̇ = 0 (v stays 0: the controller sees no rate error).
            u = self.get_input_port(0).Eval(context)[0]
            derivatives.get_mutable_vector().SetFromVector([u, 0.0])

    builder = DiagramBuilder()
    plant = builder.AddSystem(Plant())
    pid = builder.AddSystem(PidController([2.0], [0.0], [0.0]))
    desired = builder.AddSystem(ConstantVectorSource([1.0, 0.0]))
    builder.Connect(plant.get_output_port(0),
                    pid.get_input_port_estimated_state())
    builder.Connect(desired.get_output_port(0),
                    pid.get_input_port_desired_state())
    builder.Connect(pid.get_output_port_control(), plant.get_input_port(0))
    diagram = builder.Build()
    simulator = Simulator(diagram)
    simulator.get_mutable_integrator().set_target_accuracy(1e-8)
    simulator.AdvanceTo(1.0)
    x = plant.GetMyContextFromRoot(
        simulator.get_context()).get_continuous_state_vector()[0]
    # Error-controlled at 1e-8 per step; 1e-6 overall.
    assert x == pytest.approx(1.0 - math.exp(-2.0), abs=1e-6)
    assert pid.get_Kp_singleton() == 2.0
    np.testing.assert_array_equal(pid.get_Kp_vector(), [2.0])


def test_gil_released_while_cpp_systems_integrate():
    # A Diagram of C++ systems only (a PID's integral state driven by a
    # sine): while AdvanceTo runs in this thread, a Python thread keeps
    # counting. Holding the GIL during the C++ work would stop the counter.
    builder = DiagramBuilder()
    sine = builder.AddSystem(Sine(1.0, 1.0, 0.0, 2))
    pid = builder.AddSystem(PidController([1.0], [1.0], [1.0]))
    zero = builder.AddSystem(ConstantVectorSource([0.0, 0.0]))
    builder.Connect(sine.get_output_port(0), pid.get_input_port_desired_state())
    builder.Connect(zero.get_output_port(0),
                    pid.get_input_port_estimated_state())
    diagram = builder.Build()
    simulator = Simulator(diagram)
    simulator.get_mutable_integrator().set_fixed_step_mode(True)
    simulator.get_mutable_integrator().set_maximum_step_size(1e-5)
    # The default first step (1e-4) may not exceed the maximum.
    simulator.get_mutable_integrator().request_initial_step_size_target(1e-5)

    counts = {"n": 0}
    stop = threading.Event()
    started = threading.Event()

    def counter():
        started.set()
        while not stop.is_set():
            counts["n"] += 1

    thread = threading.Thread(target=counter)
    thread.start()
    started.wait()
    before = counts["n"]
    t0 = time.monotonic()
    simulator.AdvanceTo(1.0)  # 1e5 fixed steps of C++ work
    elapsed = time.monotonic() - t0
    during = counts["n"] - before
    stop.set()
    thread.join()
    assert elapsed > 0.01
    # The counter ran during AdvanceTo: thousands of increments at least.
    assert during > 1000, (during, elapsed)
    # ∫(q_d − q)dt = ∫ sin = 1 − cos 1 (RK3 fixed steps of 1e-5: exact to
    # ~1e-15 per step).
    integral = pid.GetMyContextFromRoot(
        simulator.get_context()).get_continuous_state_vector()[0]
    assert integral == pytest.approx(1 - math.cos(1.0), abs=1e-9)


def test_python_system_in_diagram_from_threads():
    # Two simulations, each with a Python system in a C++ Diagram, in two
    # threads: AdvanceTo releases the GIL, the Python callbacks take it back;
    # both finish with the right answer.
    results = {}

    def run(name):
        diagram, ramp, gain_log, _ = build_ramp_diagram()
        simulator = Simulator(diagram)
        simulator.AdvanceTo(2.0)
        results[name] = gain_log.FindLog(simulator.get_context()).data()[0, -1]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(results) == 3
    for value in results.values():
        assert value == pytest.approx(12.0, abs=1e-9)
