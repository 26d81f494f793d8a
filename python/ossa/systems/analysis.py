"""ossa.systems.analysis: mirrors the reference module of the same name."""

from ossa._ext.systems_analysis import *  # noqa: F401,F403

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(InitializeParams, [  # noqa: F405
    ("suppress_initialization_events", bool)])
_add_struct_fields(SimulatorConfig, [  # noqa: F405
    ("integration_scheme", str), ("max_step_size", float),
    ("accuracy", float), ("use_error_control", bool), ("start_time", float),
    ("target_realtime_rate", float), ("publish_every_time_step", bool)])



# -- Statistics ---------------------------------------------------------------

def _get_statistics_summary(self):
    """The integrator's statistics as (name, value) pairs, with the
    reference's names."""
    return [
        ("integrator_num_steps_taken", self.get_num_steps_taken()),
        ("integrator_actual_initial_step_size_taken",
         self.get_actual_initial_step_size_taken()),
        ("integrator_largest_step_size_taken",
         self.get_largest_step_size_taken()),
        ("integrator_smallest_adapted_step_size_taken",
         self.get_smallest_adapted_step_size_taken()),
        ("integrator_num_step_shrinkages_from_error_control",
         self.get_num_step_shrinkages_from_error_control()),
        ("integrator_num_derivative_evaluations",
         self.get_num_derivative_evaluations()),
    ]


for _param in IntegratorBase_.param_list:  # noqa: F405
    IntegratorBase_[_param].GetStatisticsSummary = \
        _get_statistics_summary  # noqa: F405
del _param


def PrintSimulatorStatistics(simulator):
    """Prints the simulator's and its integrator's statistics to stdout: the
    discrete-update counts, the integrator's step statistics, and the
    integrator's summary as JSON."""
    import json
    import math
    integrator = simulator.get_integrator()
    lines = [
        "General stats regarding discrete updates:",
        "Number of time steps taken (simulator stats) = "
        f"{simulator.get_num_steps_taken()}",
        "Simulator publishes every time step: "
        f"{str(simulator.get_publish_every_time_step()).lower()}",
        f"Number of publishes = {simulator.get_num_publishes()}",
        f"Number of discrete updates = {simulator.get_num_discrete_updates()}",
        'Number of "unrestricted" updates = '
        f"{simulator.get_num_unrestricted_updates()}",
    ]
    if simulator.get_context().num_continuous_states() > 0:
        mode = "with fixed step" if integrator.get_fixed_step_mode() else \
            "with error control"
        lines += [
            "",
            "Stats for integrator "
            f"{type(integrator).__name__.split('_[')[0]} {mode}:",
            "Number of time steps taken (integrator stats) = "
            f"{integrator.get_num_steps_taken()}",
            "Initial time step taken = "
            f"{integrator.get_actual_initial_step_size_taken():10.6g} s",
            "Largest time step taken = "
            f"{integrator.get_largest_step_size_taken():10.6g} s",
            "Smallest adapted step size = "
            f"{integrator.get_smallest_adapted_step_size_taken():10.6g} s",
            "Number of steps shrunk due to error control = "
            f"{integrator.get_num_step_shrinkages_from_error_control()}",
            "Number of derivative evaluations = "
            f"{integrator.get_num_derivative_evaluations()}",
            "Number of steps shrunk due to convergence-based failure = "
            f"{integrator.get_num_step_shrinkages_from_substep_failures()}",
            "Number of convergence-based step failures (should match) = "
            f"{integrator.get_num_substep_failures()}",
        ]
    summary = {key: (None if isinstance(value, float) and math.isnan(value)
                     else value)
               for key, value in integrator.GetStatisticsSummary()}
    lines += ["", "JSON Statistics:", json.dumps(summary, indent=2,
                                                 sort_keys=True)]
    print("\n".join(lines))


# -- Batch evaluation ---------------------------------------------------------

def _input_port(system, input_port_index):
    from ossa.systems.framework import InputPortSelection
    if input_port_index is InputPortSelection.kNoInput:
        return None
    if input_port_index is InputPortSelection.kUseFirstInputIfItExists:
        return system.get_input_port(0) if system.num_input_ports() else None
    index = int(input_port_index)
    if not 0 <= index < system.num_input_ports():
        raise RuntimeError(f"the system '{system.get_name()}' has no input "
                           f"port {index} (it has "
                           f"{system.num_input_ports()})")
    return system.get_input_port(index)


def _batch(where, system, context, times, states, inputs, input_port_index,
           parallelize, evaluate):
    """Runs evaluate(context, t, x) (after fixing the input u) for every
    column, on per-thread clones of `context`; the results never depend on
    the number of threads."""
    import concurrent.futures
    import numpy as np
    times = np.asarray(times, dtype=float).reshape(-1)
    states = np.asarray(states, dtype=float)
    inputs = np.asarray(inputs, dtype=float)
    if states.ndim != 2 or inputs.ndim != 2:
        raise RuntimeError(f"{where}(): states and inputs must be matrices "
                           "(one column per evaluation)")
    num = times.size
    if states.shape[1] != num or inputs.shape[1] != num:
        raise RuntimeError(
            f"{where}(): times, states and inputs must have the same number "
            f"of columns, got {num}, {states.shape[1]} and {inputs.shape[1]}")
    port = _input_port(system, input_port_index)
    port_size = port.size() if port is not None else 0
    if inputs.shape[0] != port_size:
        raise RuntimeError(f"{where}(): inputs must have {port_size} rows "
                           f"(the input port's size), got {inputs.shape[0]}")

    def run(columns):
        local = context.Clone()
        out = []
        for i in columns:
            if port is not None:
                port.FixValue(local, inputs[:, i])
            out.append(np.asarray(evaluate(local, times[i], states[:, i]),
                                  dtype=float).reshape(-1))
        return out

    threads = 1
    if parallelize is not None:
        threads = parallelize.num_threads() if hasattr(
            parallelize, "num_threads") else (
            __import__("os").cpu_count() or 1 if parallelize is True else 1)
    threads = max(1, min(int(threads), num))
    chunks = [list(range(k, num, threads)) for k in range(threads)]
    results = [None] * num
    if threads == 1:
        for i, value in zip(chunks[0], run(chunks[0])):
            results[i] = value
    else:
        with concurrent.futures.ThreadPoolExecutor(threads) as pool:
            for chunk, values in zip(chunks, pool.map(run, chunks)):
                for i, value in zip(chunk, values):
                    results[i] = value
    if not results:
        return np.zeros((states.shape[0], 0))
    return np.column_stack(results)


def _default_parallelism():
    from ossa.common import Parallelism
    return Parallelism.Max()


def BatchEvalTimeDerivatives(system, context, times, states, inputs,
                             input_port_index=None, parallelize=None):
    """ẋ of `system` at each column of (times, states, inputs): column i of
    the result is the time derivative at time times[i], continuous state
    states[:, i] and input inputs[:, i] (fixed on the input port chosen by
    input_port_index: an index, or InputPortSelection, by default the first
    input if there is one). Other inputs and the parameters come from
    `context`. `parallelize` (a Parallelism, by default the hardware's)
    sets the number of threads, each with its own clone of the context."""
    from ossa.systems.framework import InputPortSelection
    if input_port_index is None:
        input_port_index = InputPortSelection.kUseFirstInputIfItExists
    if parallelize is None:
        parallelize = _default_parallelism()

    def evaluate(local, t, x):
        local.SetTime(t)
        local.SetContinuousState(x)
        return system.EvalTimeDerivatives(local).CopyToVector()
    return _batch("BatchEvalTimeDerivatives", system, context, times, states,
                  inputs, input_port_index, parallelize, evaluate)


def BatchEvalUniquePeriodicDiscreteUpdate(system, context, times, states,
                                          inputs, num_time_steps=1,
                                          input_port_index=None,
                                          parallelize=None):
    """x[n + num_time_steps] of a difference-equation `system` (one discrete
    state group updated by its unique periodic update) from each column of
    (times, states, inputs), the input held fixed: the update is applied
    num_time_steps times, the time advancing one period each. Ports,
    context and threads as in BatchEvalTimeDerivatives."""
    from ossa.systems.framework import InputPortSelection
    if input_port_index is None:
        input_port_index = InputPortSelection.kUseFirstInputIfItExists
    if parallelize is None:
        parallelize = _default_parallelism()
    if num_time_steps < 1:
        raise RuntimeError("BatchEvalUniquePeriodicDiscreteUpdate(): "
                           f"num_time_steps must be >= 1, got "
                           f"{num_time_steps}")
    attribute = system.GetUniquePeriodicDiscreteUpdateAttribute()
    if attribute is None or context.num_discrete_state_groups() != 1:
        raise RuntimeError(
            "BatchEvalUniquePeriodicDiscreteUpdate(): the system "
            f"'{system.get_name()}' must have one discrete state group "
            "updated by a unique periodic discrete update")
    period = attribute.period_sec()

    def evaluate(local, t, x):
        # The unique periodic update's events, found by asking for the next
        # update; applied at the context's own time.
        events = system.AllocateCompositeEventCollection()
        system.CalcNextUpdateTime(local, events)
        update = system.AllocateDiscreteVariables()
        local.SetTime(t)
        local.SetDiscreteState(x)
        for step in range(num_time_steps):
            system.CalcDiscreteVariableUpdate(
                local, events.get_discrete_update_events(), update)
            x = update.get_vector(0).CopyToVector()
            local.SetDiscreteState(x)
            local.SetTime(t + (step + 1) * period)
        return x
    return _batch("BatchEvalUniquePeriodicDiscreteUpdate", system, context,
                  times, states, inputs, input_port_index, parallelize,
                  evaluate)


# -- Discrete-time approximation ----------------------------------------------

def _expm(M):
    """exp(M) by scaling and squaring a Taylor series (the series converges
    to double precision in 20 terms once the norm is at most 1/2)."""
    import numpy as np
    norm = np.linalg.norm(M, 1)
    squarings = max(0, int(np.ceil(np.log2(norm / 0.5)))) if norm > 0.5 \
        else 0
    A = M / (2.0 ** squarings)
    result = np.eye(M.shape[0])
    term = np.eye(M.shape[0])
    for k in range(1, 21):
        term = term @ A / k
        result = result + term
    for _ in range(squarings):
        result = result @ result
    return result


def _integrated_approximation(system, time_period, integrator_config):
    """The discrete system x[n+1] = x[n] + ∫ f(t, x, u[n]) dt over one
    period (input held), integrated by a Simulator of `system` configured
    by integrator_config; it has the system's (vector) input and output
    ports, the outputs computed with the continuous state set to x[n]."""
    from ossa.systems.framework import LeafSystem, PortDataType

    class DiscreteTimeIntegration(LeafSystem):
        def __init__(self):
            LeafSystem.__init__(self)
            self._system = system
            self._context = system.CreateDefaultContext()
            if self._context.num_discrete_state_groups() or \
                    self._context.num_abstract_states():
                raise RuntimeError(
                    "DiscreteTimeApproximation(): the system "
                    f"'{system.get_name()}' must have continuous state only")
            n = self._context.num_continuous_states()
            self.DeclareDiscreteState(
                self._context.get_continuous_state_vector().CopyToVector()
                if n else n)
            for i in range(system.num_input_ports()):
                port = system.get_input_port(i)
                if port.get_data_type() != PortDataType.kVectorValued:
                    raise RuntimeError(
                        "DiscreteTimeApproximation(): input port "
                        f"'{port.get_name()}' is abstract-valued")
                self.DeclareVectorInputPort(port.get_name(), port.size())
            for i in range(system.num_output_ports()):
                port = system.get_output_port(i)
                if port.get_data_type() != PortDataType.kVectorValued:
                    raise RuntimeError(
                        "DiscreteTimeApproximation(): output port "
                        f"'{port.get_name()}' is abstract-valued")
                self.DeclareVectorOutputPort(
                    port.get_name(), port.size(),
                    lambda context, output, i=i: output.SetFromVector(
                        self._system.get_output_port(i).Eval(
                            self._load(context))))
            self.DeclarePeriodicDiscreteUpdateEvent(time_period, 0.0,
                                                    self._update)
            self._simulator = Simulator(system, self._context)  # noqa: F405
            ApplySimulatorConfig(integrator_config,  # noqa: F405
                                 self._simulator)

        def _load(self, context):
            """The inner context at this context's time, state and inputs."""
            inner = self._context
            inner.SetTime(context.get_time())
            inner.SetContinuousState(
                context.get_discrete_state(0).CopyToVector())
            for i in range(self.num_input_ports()):
                if self.get_input_port(i).HasValue(context):
                    self._system.get_input_port(i).FixValue(
                        inner, self.get_input_port(i).Eval(context))
            return inner

        def _update(self, context, discrete_state):
            self._load(context)
            self._simulator.Initialize()
            self._simulator.AdvanceTo(context.get_time() + time_period)
            discrete_state.set_value(
                0, self._context.get_continuous_state_vector().CopyToVector())

    return DiscreteTimeIntegration()


def DiscreteTimeApproximation(system, time_period, integrator_config=None):
    """The zero-order-hold discretization of a continuous system with period
    h. For a LinearSystem or AffineSystem exactly:
    exp([[A, B, f0], [0, 0, 0]]·h) holds A_d = exp(A h),
    B_d = ∫₀ʰ exp(A s) ds B and f0_d = ∫₀ʰ exp(A s) ds f0; C, D and y0 are
    unchanged. For any other system, x[n+1] = x[n] + ∫ f(t, x, u[n]) dt
    over the period, integrated numerically (integrator_config, a
    SimulatorConfig; by default RK3 with error control); that system has
    the original's input and output ports. Raises if the system is
    discrete or h ≤ 0."""
    import numpy as np
    from ossa.systems.primitives import AffineSystem, LinearSystem
    if not time_period > 0:
        raise RuntimeError("DiscreteTimeApproximation(): time_period must be "
                           f"positive, got {time_period}")
    if not isinstance(system, AffineSystem):
        if integrator_config is None:
            integrator_config = SimulatorConfig(  # noqa: F405
                integration_scheme="runge_kutta3", max_step_size=0.1,
                accuracy=1e-4, use_error_control=True)
        return _integrated_approximation(system, time_period,
                                         integrator_config)
    if system.time_period() != 0:
        raise RuntimeError("DiscreteTimeApproximation(): the system is "
                           "already discrete (time_period "
                           f"{system.time_period()})")
    A, B = np.asarray(system.A()), np.asarray(system.B())
    f0 = np.asarray(system.f0()).reshape(-1, 1)
    n, m = A.shape[0], B.shape[1]
    M = np.zeros((n + m + 1, n + m + 1))
    M[:n, :n], M[:n, n:n + m], M[:n, n + m:] = A, B, f0
    E = _expm(M * time_period)
    Ad, Bd, f0d = E[:n, :n], E[:n, n:n + m], E[:n, n + m]
    if isinstance(system, LinearSystem):
        return LinearSystem(Ad, Bd, system.C(), system.D(), time_period)
    return AffineSystem(Ad, Bd, f0d, system.C(), system.D(), system.y0(),
                        time_period)


# -- Monte Carlo --------------------------------------------------------------

class RandomSimulationResult:
    """One sample of MonteCarloSimulation: `output` and the
    `generator_snapshot` (a copy of the generator before the sample was
    drawn, which RandomSimulation turns back into the same output)."""

    def __init__(self, generator, output=0.0):
        import copy
        self._snapshot = copy.deepcopy(generator)
        self._output = output

    @property
    def generator_snapshot(self):
        return self._snapshot

    @property
    def output(self):
        return self._output

    @output.setter
    def output(self, value):
        self._output = value


def RandomSimulation(make_simulator, output, final_time, generator):
    """One simulation of a stochastic system: simulator =
    make_simulator(generator), the system's random context drawn from the
    generator (System.SetRandomContext), advanced to final_time; returns
    output(system, context)."""
    simulator = make_simulator(generator)
    system = simulator.get_system()
    context = simulator.get_mutable_context()
    system.SetRandomContext(context, generator)
    simulator.Initialize()
    simulator.AdvanceTo(final_time)
    return output(system, simulator.get_context())


def MonteCarloSimulation(make_simulator, output, final_time, num_samples,
                         generator):
    """num_samples RandomSimulation()s drawn one after the other from
    `generator`: a list of RandomSimulationResult, each with the generator's
    state before its draw and the output."""
    if num_samples < 1:
        raise RuntimeError("MonteCarloSimulation(): num_samples must be "
                           f">= 1, got {num_samples}")
    results = []
    for _ in range(num_samples):
        result = RandomSimulationResult(generator)
        result.output = RandomSimulation(make_simulator, output, final_time,
                                         generator)
        results.append(result)
    return results
