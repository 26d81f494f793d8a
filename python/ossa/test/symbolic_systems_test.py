"""Systems on the symbolic scalar: Name_[Expression] of the framework and the
primitives, ToSymbolic() of Python-visible systems, SymbolicVectorSystem,
and numpy object arrays of expressions in and out. Each scene is built by
one function of the package (ossa or the reference) and run against both."""

import importlib

import numpy as np
import pytest

import ossa.symbolic as osym
import ossa.systems.framework as ofw
import ossa.systems.primitives as oprim


class _Package:
    """The modules of one package, by the reference's names."""

    def __init__(self, sym, framework, primitives):
        self.sym, self.framework, self.primitives = sym, framework, primitives


_OSSA = _Package(osym, ofw, oprim)


def _reference():
    pytest.importorskip("pydrake")
    import pydrake.symbolic as sym
    import pydrake.systems.framework as framework
    import pydrake.systems.primitives as primitives
    return _Package(sym, framework, primitives)


def _primitives_diagram(lib):
    """s = k ⊙ (c + u); ẋ_int = u; [s; x_int] → Mux → Demux;
    ẋ_lin = A·x_lin + B·s, y = C·x_lin + D·s. Outputs y and x_int."""
    p = lib.primitives
    builder = lib.framework.DiagramBuilder()
    source = builder.AddSystem(p.ConstantVectorSource([0.5, -1.25]))
    adder = builder.AddSystem(p.Adder(2, 2))
    gain = builder.AddSystem(p.Gain(np.array([2.0, -3.0])))
    integrator = builder.AddSystem(p.Integrator(2))
    pass_through = builder.AddSystem(p.PassThrough(2))
    mux = builder.AddSystem(p.Multiplexer([2, 2]))
    demux = builder.AddSystem(p.Demultiplexer(4, 2))
    linear = builder.AddSystem(p.LinearSystem(
        A=np.array([[-1.0, 0.5], [0.0, -2.0]]),
        B=np.array([[1.0, 0.25], [-0.5, 2.0]]),
        C=np.array([[1.0, 1.0], [0.0, 3.0]]),
        D=np.array([[0.0, 0.1], [0.2, 0.0]])))
    builder.Connect(source.get_output_port(0), adder.get_input_port(0))
    builder.ExportInput(adder.get_input_port(1), "u")
    builder.ConnectInput("u", integrator.get_input_port(0))
    builder.Connect(adder.get_output_port(0), gain.get_input_port(0))
    builder.Connect(gain.get_output_port(0), mux.get_input_port(0))
    builder.Connect(integrator.get_output_port(0),
                    pass_through.get_input_port(0))
    builder.Connect(pass_through.get_output_port(0), mux.get_input_port(1))
    builder.Connect(mux.get_output_port(0), demux.get_input_port(0))
    builder.Connect(demux.get_output_port(0), linear.get_input_port(0))
    builder.ExportOutput(linear.get_output_port(0), "y_linear")
    builder.ExportOutput(demux.get_output_port(1), "y_integral")
    return builder.Build()


def _expressions(lib, variables):
    return np.array([lib.sym.Expression(v) for v in variables], dtype=object)


def _symbolic_outputs(lib):
    """The primitives diagram converted with ToSymbolic(), with its state and
    input as variables: (xdot, y_linear, y_integral, variables)."""
    diagram = _primitives_diagram(lib).ToSymbolic()
    x = lib.sym.MakeVectorVariable(4, "x")
    u = lib.sym.MakeVectorVariable(2, "u")
    context = diagram.CreateDefaultContext()
    context.SetContinuousState(_expressions(lib, x))
    diagram.get_input_port(0).FixValue(context, _expressions(lib, u))
    xdot = diagram.EvalTimeDerivatives(context).CopyToVector()
    y0 = diagram.get_output_port(0).Eval(context)
    y1 = diagram.get_output_port(1).Eval(context)
    return xdot, y0, y1, list(x) + list(u)


def _evaluate(lib, exprs, variables, values):
    env = dict(zip(variables, values))
    return lib.sym.Evaluate(np.asarray(exprs).reshape(-1, 1), env).ravel()


def _assert_agree_at_random_values(drake, ours, theirs, variables, count,
                                   seed, trials, low, high, atol):
    """The expressions `ours` (ossa) and `theirs` (the reference), pairwise,
    evaluated at `trials` random values of their `count` variables (each
    side's own `variables`), agree to `atol`."""
    rng = np.random.default_rng(seed)
    for _ in range(trials):
        values = rng.uniform(low, high, count)
        for mine, reference in zip(ours, theirs):
            np.testing.assert_allclose(
                _evaluate(_OSSA, mine, variables[0], values),
                _evaluate(drake, reference, variables[1], values), atol=atol)


def test_symbolic_diagram_matches_double_diagram():
    xdot, y0, y1, variables = _symbolic_outputs(_OSSA)
    assert xdot.dtype == object and isinstance(xdot[0], osym.Expression)
    diagram = _primitives_diagram(_OSSA)
    context = diagram.CreateDefaultContext()
    rng = np.random.default_rng(25)
    for _ in range(10):
        values = rng.uniform(-2, 2, 6)
        context.SetContinuousState(values[:4])
        diagram.get_input_port(0).FixValue(context, values[4:])
        # The same operations as the double path up to reassociation: 1e-12.
        np.testing.assert_allclose(
            _evaluate(_OSSA, xdot, variables, values),
            diagram.EvalTimeDerivatives(context).CopyToVector(), atol=1e-12)
        np.testing.assert_allclose(
            _evaluate(_OSSA, y0, variables, values),
            diagram.get_output_port(0).Eval(context), atol=1e-12)
        np.testing.assert_allclose(
            _evaluate(_OSSA, y1, variables, values),
            diagram.get_output_port(1).Eval(context), atol=1e-12)


def test_symbolic_diagram_agrees_with_reference():
    drake = _reference()
    ours = _symbolic_outputs(_OSSA)
    theirs = _symbolic_outputs(drake)
    _assert_agree_at_random_values(drake, ours[:3], theirs[:3],
                                   (ours[3], theirs[3]), 6, seed=7, trials=5,
                                   low=-2, high=2, atol=1e-12)


def test_linear_system_jacobians_are_its_matrices():
    A = np.array([[0.0, 1.0], [-4.0, -0.5]])
    B = np.array([[0.0], [1.0]])
    system = oprim.LinearSystem(A=A, B=B, C=np.eye(2), D=np.zeros((2, 1)))
    symbolic = system.ToSymbolic()
    assert isinstance(symbolic, oprim.LinearSystem_[osym.Expression])
    context = symbolic.CreateDefaultContext()
    x = osym.MakeVectorVariable(2, "x")
    u = osym.MakeVectorVariable(1, "u")
    context.SetContinuousState(x)
    symbolic.get_input_port(0).FixValue(context, u)
    xdot = symbolic.EvalTimeDerivatives(context).CopyToVector()
    np.testing.assert_array_equal(
        osym.Evaluate(osym.Jacobian(xdot, x)), A)
    np.testing.assert_array_equal(
        osym.Evaluate(osym.Jacobian(xdot, u)), B)


def test_templates_have_the_expression_instance():
    expression = osym.Expression
    for template in (ofw.Context_, ofw.System_, ofw.LeafSystem_,
                     ofw.Diagram_, ofw.DiagramBuilder_, ofw.BasicVector_,
                     ofw.InputPort_, ofw.OutputPort_, ofw.State_,
                     oprim.Adder_, oprim.Gain_, oprim.AffineSystem_,
                     oprim.LinearSystem_, oprim.Integrator_,
                     oprim.ConstantVectorSource_, oprim.PassThrough_,
                     oprim.Multiplexer_, oprim.Demultiplexer_,
                     oprim.MatrixGain_, oprim.SymbolicVectorSystem_):
        assert expression in [p[0] for p in template.param_list], template
    adder = oprim.Adder(2, 3)
    assert isinstance(adder.ToScalarType[expression](),
                      oprim.Adder_[expression])
    assert isinstance(adder.ToSymbolicMaybe(), oprim.Adder_[expression])
    # A symbolic diagram built in Python.
    builder = ofw.DiagramBuilder_[expression]()
    gain = builder.AddSystem(oprim.Gain_[expression](3.0, 1))
    builder.ExportInput(gain.get_input_port(0))
    builder.ExportOutput(gain.get_output_port(0))
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    a = osym.Variable("a")
    diagram.get_input_port(0).FixValue(context, [a])
    y = diagram.get_output_port(0).Eval(context)
    assert y[0].EqualTo(3.0 * a)


def test_conversion_needing_a_number_decides_or_raises():
    # Converting a symbolic constant source to AutoDiffXd needs its value as
    # a number: decided for a constant, impossible for a variable (raises).
    numbers = oprim.ConstantVectorSource_[osym.Expression]([2.5, -1.0])
    converted = numbers.ToAutoDiffXd()
    context = converted.CreateDefaultContext()
    value = converted.get_output_port(0).Eval(context)
    assert [v.value() for v in value] == [2.5, -1.0]
    a = osym.Variable("a")
    held = oprim.ConstantVectorSource_[osym.Expression]([a + 1.0])
    with pytest.raises(Exception, match="depends on the variables"):
        held.ToAutoDiffXd()


def _forced_pendulum(lib):
    """ẋ = [x1, −p·sin(x0) + u·t], y = [x0 + u] as a SymbolicVectorSystem."""
    sym = lib.sym
    t = sym.Variable("t")
    x = sym.MakeVectorVariable(2, "x")
    u = sym.Variable("u")
    p = sym.Variable("p")
    system = lib.primitives.SymbolicVectorSystem(
        time=t, state=x, input=[u], parameter=[p],
        dynamics=[x[1], -p * sym.sin(x[0]) + u * t], output=[x[0] + u])
    context = system.CreateDefaultContext()
    context.SetTime(0.7)
    context.SetContinuousState([0.3, -1.2])
    context.get_mutable_numeric_parameter(0).SetFromVector([9.81])
    system.get_input_port(0).FixValue(context, [0.9])
    return (system, system.EvalTimeDerivatives(context).CopyToVector(),
            system.get_output_port(0).Eval(context))


def test_symbolic_vector_system():
    system, xdot, y = _forced_pendulum(_OSSA)
    np.testing.assert_allclose(
        xdot, [-1.2, -9.81 * np.sin(0.3) + 0.9 * 0.7], atol=1e-14)
    np.testing.assert_allclose(y, [0.3 + 0.9], atol=1e-15)
    assert system.get_input_port(0).get_name() == "u0"
    assert system.get_output_port(0).get_name() == "y0"
    # On Expression: substitution of the Context's expressions.
    symbolic = system.ToSymbolic()
    context = symbolic.CreateDefaultContext()
    a = osym.Variable("a")
    context.SetContinuousState([a, 0.0])
    context.get_mutable_numeric_parameter(0).SetFromVector([2.0])
    symbolic.get_input_port(0).FixValue(context, [0.0])
    xdot_sym = symbolic.EvalTimeDerivatives(context).CopyToVector()
    assert xdot_sym[0].EqualTo(osym.Expression(0.0))
    value = osym.Evaluate(xdot_sym.reshape(-1, 1), {a: 0.4}).ravel()
    np.testing.assert_allclose(value, [0.0, -2.0 * np.sin(0.4)], atol=1e-15)
    with pytest.raises(IndexError):
        system.dynamics_for_variable(osym.Variable("not_a_state"))


def test_symbolic_vector_system_agrees_with_reference():
    drake = _reference()
    _, xdot, y = _forced_pendulum(_OSSA)
    _, xdot_ref, y_ref = _forced_pendulum(drake)
    np.testing.assert_allclose(xdot, xdot_ref, atol=1e-14)
    np.testing.assert_allclose(y, y_ref, atol=1e-14)


def test_symbolic_vector_system_bad_input_raises():
    x = osym.Variable("x")
    u = osym.Variable("u")
    cases = [
        (dict(state=[x], dynamics=[]), "one per state variable"),
        (dict(state=[x, x], dynamics=[x, x]), "more than once"),
        (dict(state=[x], dynamics=[u]), "'u'"),
        (dict(state=[x], dynamics=[x], time_period=-1.0), "time_period"),
        (dict(), "both empty"),
    ]
    for kwargs, message in cases:
        with pytest.raises(Exception, match=message):
            oprim.SymbolicVectorSystem(**kwargs)


def _routing_diagram(lib, wrap):
    """u (3) → Selector [u₂, u₀] and SparseMatrixGain D·u → BusCreator →
    BusSelector → PortSwitch (selecting the sparse gain's signal) → a ReLU
    MultilayerPerceptron 2-4-1 and, with `wrap`, a WrapToSystem (entry 0
    into [−1, 1)). Outputs: the perceptron's, the selector's and the
    wrapped signal. (The reference's WrapToSystem does not convert to
    Expression, ossa's does: the reference's diagram goes without it.)"""
    import scipy.sparse
    p, fw = lib.primitives, lib.framework
    value_module = importlib.import_module(
        lib.sym.__name__.replace("symbolic", "common.value"))
    builder = fw.DiagramBuilder()
    params = p.SelectorParams()
    params.inputs = [p.SelectorParams.InputPortParams(name="u", size=3)]
    params.outputs = [p.SelectorParams.OutputPortParams(
        name="y", selections=[
            p.SelectorParams.OutputSelection(input_port_index=0,
                                             input_offset=2),
            p.SelectorParams.OutputSelection(input_port_index=0,
                                             input_offset=0)])]
    selector = builder.AddSystem(p.Selector(params))
    D = scipy.sparse.csc_matrix(np.array([[1.5, 0.0, -2.0],
                                          [0.0, 0.75, 0.0]]))
    sparse = builder.AddSystem(p.SparseMatrixGain(D))
    bus_creator = builder.AddSystem(p.BusCreator())
    bus_creator.DeclareVectorInputPort("a", 2)
    bus_creator.DeclareVectorInputPort("b", 2)
    bus_selector = builder.AddSystem(p.BusSelector())
    bus_selector.DeclareVectorOutputPort("a", 2)
    bus_selector.DeclareVectorOutputPort("b", 2)
    switch = builder.AddSystem(p.PortSwitch(2))
    switch.DeclareInputPort("first")
    switch.DeclareInputPort("second")
    choice = builder.AddSystem(p.ConstantValueSource(
        value_module.AbstractValue.Make(fw.InputPortIndex(2))))
    mlp = builder.AddSystem(p.MultilayerPerceptron(
        [2, 4, 1], p.PerceptronActivationType.kReLU))
    mlp.set_name("mlp")
    builder.ExportInput(selector.get_input_port(0), "u")
    builder.ConnectInput("u", sparse.get_input_port(0))
    builder.Connect(selector.get_output_port(0),
                    bus_creator.get_input_port(0))
    builder.Connect(sparse.get_output_port(0), bus_creator.get_input_port(1))
    builder.Connect(bus_creator.get_output_port(0),
                    bus_selector.get_input_port(0))
    builder.Connect(bus_selector.get_output_port(0),
                    switch.get_input_port(1))
    builder.Connect(bus_selector.get_output_port(1),
                    switch.get_input_port(2))
    builder.Connect(choice.get_output_port(0),
                    switch.get_port_selector_input_port())
    builder.Connect(switch.get_output_port(0), mlp.get_input_port(0))
    builder.ExportOutput(mlp.get_output_port(0), "mlp")
    builder.ExportOutput(selector.get_output_port(0), "selected")
    if wrap:
        wrapper = builder.AddSystem(p.WrapToSystem(2))
        wrapper.set_interval(0, -1.0, 1.0)
        builder.Connect(switch.get_output_port(0), wrapper.get_input_port(0))
        builder.ExportOutput(wrapper.get_output_port(0), "wrapped")
    return builder.Build()


# The perceptron's weights and biases: signs mixed so that the ReLU clips
# some hidden units and passes others over the sampled inputs.
_MLP_PARAMS = np.array([0.8, -1.1, 0.3, 0.5, -0.7, 0.9, 1.2, -0.4,
                        0.1, -0.2, 0.05, 0.3, 1.0, -1.5, 0.6, 0.9, 0.25])


def _set_mlp_params(diagram, context):
    mlp = diagram.GetSubsystemByName("mlp")
    mlp.SetParameters(diagram.GetMutableSubsystemContext(mlp, context),
                      _MLP_PARAMS)


def _routing_outputs(lib, wrap):
    """The routing diagram converted with ToSymbolic(), its input u as
    variables: (outputs, variables)."""
    diagram = _routing_diagram(lib, wrap).ToSymbolic()
    u = lib.sym.MakeVectorVariable(3, "u")
    context = diagram.CreateDefaultContext()
    _set_mlp_params(diagram, context)
    diagram.get_input_port(0).FixValue(context, _expressions(lib, u))
    outputs = [diagram.get_output_port(i).Eval(context)
               for i in range(diagram.num_output_ports())]
    return outputs, list(u)


def test_routing_and_learning_primitives_on_expression():
    expression = osym.Expression
    for template in (oprim.Selector_, oprim.BusCreator_, oprim.BusSelector_,
                     oprim.PortSwitch_, oprim.SparseMatrixGain_,
                     oprim.MultilayerPerceptron_, oprim.WrapToSystem_,
                     oprim.SharedPointerSystem_):
        assert expression in [p[0] for p in template.param_list], template
    outputs, variables = _routing_outputs(_OSSA, wrap=True)
    assert len(outputs) == 3
    assert all(isinstance(e, osym.Expression) for y in outputs for e in y)
    diagram = _routing_diagram(_OSSA, wrap=True)
    context = diagram.CreateDefaultContext()
    _set_mlp_params(diagram, context)
    rng = np.random.default_rng(11)
    for _ in range(10):
        values = rng.uniform(-3, 3, 3)
        diagram.get_input_port(0).FixValue(context, values)
        for i, y in enumerate(outputs):
            # The same operations as the double path: 1e-12.
            np.testing.assert_allclose(
                _evaluate(_OSSA, y, variables, values),
                diagram.get_output_port(i).Eval(context), atol=1e-12)
    # The held value of a SharedPointerSystem_[Expression].
    held = oprim.SharedPointerSystem_[expression]([1, 2])
    assert held.get() == [1, 2]


def test_routing_and_learning_primitives_agree_with_reference():
    drake = _reference()
    ours = _routing_outputs(_OSSA, wrap=False)
    theirs = _routing_outputs(drake, wrap=False)
    _assert_agree_at_random_values(drake, ours[0], theirs[0],
                                   (ours[1], theirs[1]), 3, seed=13, trials=10,
                                   low=-3, high=3, atol=1e-12)
    # WrapToSystem_[Expression] built directly: y₀ − 2·⌊(y₀ + 1)/2⌋ on both.
    results = []
    for lib in (_OSSA, drake):
        x = lib.sym.Variable("x")
        wrap = lib.primitives.WrapToSystem_[lib.sym.Expression](2)
        wrap.set_interval(0, -1.0, 1.0)
        context = wrap.CreateDefaultContext()
        wrap.get_input_port(0).FixValue(
            context, np.array([lib.sym.Expression(x), 3.5], dtype=object))
        results.append((wrap.get_output_port(0).Eval(context), [x]))
    for value in np.random.default_rng(17).uniform(-5, 5, 10):
        ours_y = _evaluate(_OSSA, results[0][0], results[0][1], [value])
        np.testing.assert_allclose(
            ours_y, _evaluate(drake, results[1][0], results[1][1], [value]),
            atol=1e-12)
        np.testing.assert_allclose(
            ours_y, [(value + 1.0) % 2.0 - 1.0, 3.5], atol=1e-12)


def _discrete_diagram(lib):
    """u (2) → DiscreteTimeIntegrator (h = 0.25) → Gain 3, with a
    PortSwitch whose selector is an exported abstract input; converted with
    ToSymbolic(): (diagram, integrator, switch)."""
    p, fw = lib.primitives, lib.framework
    builder = fw.DiagramBuilder()
    integrator = builder.AddSystem(p.DiscreteTimeIntegrator(2, 0.25))
    integrator.set_name("integrator")
    gain = builder.AddSystem(p.Gain(3.0, 2))
    switch = builder.AddSystem(p.PortSwitch(2))
    switch.set_name("switch")
    switch.DeclareInputPort("a")
    builder.ExportInput(integrator.get_input_port(0), "u")
    builder.Connect(integrator.get_output_port(0), gain.get_input_port(0))
    builder.Connect(gain.get_output_port(0), switch.get_input_port(1))
    builder.ExportInput(switch.get_port_selector_input_port(), "selector")
    builder.ExportOutput(switch.get_output_port(0), "y")
    diagram = builder.Build().ToSymbolic()
    return (diagram, diagram.GetSubsystemByName("integrator"),
            diagram.GetSubsystemByName("switch"))


def _discrete_program(lib):
    """The discrete diagram with state x and input u as variables: its
    unique periodic update, the output through AllocateOutput/CalcOutput,
    the switch's selector read back through InputPort.Eval and the
    integrator's context found from the root: (update, y, selector, x from
    the subsystem context, variables)."""
    value_module = importlib.import_module(
        lib.sym.__name__.replace("symbolic", "common.value"))
    diagram, integrator, switch = _discrete_diagram(lib)
    context = diagram.CreateDefaultContext()
    x = lib.sym.MakeVectorVariable(2, "x")
    u = lib.sym.MakeVectorVariable(2, "u")
    context.SetDiscreteState(_expressions(lib, x))
    diagram.get_input_port(0).FixValue(context, _expressions(lib, u))
    selector = lib.framework.InputPortIndex(1)
    diagram.get_input_port(1).FixValue(
        context, value_module.AbstractValue.Make(selector))
    update = diagram.EvalUniquePeriodicDiscreteUpdate(context)
    output = diagram.AllocateOutput()
    diagram.CalcOutput(context, output)
    y = output.get_vector_data(0).CopyToVector()
    switch_context = switch.GetMyContextFromRoot(context)
    selector = switch.get_port_selector_input_port().Eval(switch_context)
    sub = integrator.GetMyContextFromRoot(context)
    x_sub = sub.get_discrete_state_vector().CopyToVector()
    return (update.get_vector(0).CopyToVector(), y, selector, x_sub,
            list(x) + list(u))


def test_expression_system_api():
    """System_/Diagram_/InputPort_[Expression] members beyond the dynamics:
    the unique periodic update (x + h·u), the output (3·x) by
    AllocateOutput and CalcOutput, an abstract input's value, the
    subsystem context from the root, visitors and conversion to float."""
    update, y, selector, x_sub, variables = _discrete_program(_OSSA)
    assert int(selector) == 1
    assert all(a.EqualTo(osym.Expression(b))
               for a, b in zip(x_sub, variables[:2]))
    rng = np.random.default_rng(19)
    for _ in range(5):
        values = rng.uniform(-2, 2, 4)
        np.testing.assert_allclose(
            _evaluate(_OSSA, update, variables, values),
            values[:2] + 0.25 * values[2:], atol=1e-15)
        np.testing.assert_allclose(
            _evaluate(_OSSA, y, variables, values), 3.0 * values[:2],
            atol=1e-15)
    diagram, integrator, _ = _discrete_diagram(_OSSA)
    context = diagram.CreateDefaultContext()
    assert diagram.GetSubsystemContext(integrator, context) is not None
    assert diagram.num_continuous_states() == 0

    class Names(ofw.SystemVisitor_[osym.Expression]):
        def __init__(self):
            super().__init__()
            self.names = []

        def VisitSystem(self, system):
            self.names.append(system.get_name())

        def VisitDiagram(self, d):
            for s in d.GetSystems():
                s.Accept(self)

    visitor = Names()
    diagram.Accept(visitor)
    assert sorted(visitor.names) == sorted(
        s.get_name() for s in diagram.GetSystems())
    as_float = diagram.ToScalarType[float]()
    assert isinstance(as_float, ofw.Diagram_[float])
    assert isinstance(diagram.ToScalarTypeMaybe[float](), ofw.Diagram_[float])
    for template in (ofw.LeafContext_, ofw.Event_, ofw.PublishEvent_,
                     ofw.DiscreteUpdateEvent_, ofw.UnrestrictedUpdateEvent_,
                     ofw.WitnessFunction_, ofw.Parameters_, ofw.Subvector_,
                     ofw.Supervector_, ofw.SystemOutput_, ofw.SystemVisitor_,
                     ofw.LeafOutputPort_):
        assert osym.Expression in [p[0] for p in template.param_list], \
            template


def test_expression_system_api_agrees_with_reference():
    drake = _reference()
    ours = _discrete_program(_OSSA)
    theirs = _discrete_program(drake)
    assert int(ours[2]) == int(theirs[2])
    _assert_agree_at_random_values(drake, ours[:2], theirs[:2],
                                   (ours[4], theirs[4]), 4, seed=23, trials=5,
                                   low=-2, high=2, atol=1e-15)


def _member_program(lib):
    """Calls the members of Context_, System_, Diagram_, DiagramBuilder_,
    the ports and the state containers on Expression and returns what they
    give (expressions evaluated at x = 1.5) as plain values."""
    E, fw, p = lib.sym.Expression, lib.framework, lib.primitives
    x = lib.sym.Variable("x")

    def expr(v):
        return v if isinstance(v, E) else E(v)

    def ev(values):
        return [float(expr(v).Evaluate({x: 1.5})) for v in values]

    def obj(values):
        return np.array([expr(v) for v in values], dtype=object)

    out = {}
    diagram, integrator, switch = _discrete_diagram(lib)
    ctx = diagram.CreateDefaultContext()
    value_module = importlib.import_module(
        lib.sym.__name__.replace("symbolic", "common.value"))
    diagram.get_input_port(1).FixValue(
        ctx, value_module.AbstractValue.Make(fw.InputPortIndex(1)))
    diagram.get_input_port(0).FixValue(ctx, obj([x, 2.0 * x]))
    ctx.SetDiscreteState(0, obj([x, 2.0]))
    ctx.SetAccuracy(1e-3)
    out["context"] = (
        ctx.is_stateless(), ctx.has_only_discrete_state(),
        ctx.has_only_continuous_state(), ctx.num_total_states(),
        ctx.num_abstract_states(), ctx.num_abstract_parameters(),
        ctx.get_accuracy(), ev(ctx.get_discrete_state_vector().CopyToVector()))
    ctx.get_mutable_discrete_state_vector().SetAtIndex(1, E(3.0))
    ctx.get_mutable_discrete_state(0).SetAtIndex(0, x * x)
    values = ctx.get_mutable_discrete_state()
    copy = values.Clone()
    copy.set_value(0, obj([4.0, x]))
    # SetFrom takes float values on the reference.
    numbers = p.DiscreteTimeIntegrator(2, 0.25).CreateDefaultContext()
    numbers.SetDiscreteState([-4.0, 5.0])
    values.SetFrom(numbers.get_discrete_state())
    out["numbers"] = ev(values.get_value(0))
    values.set_value(copy.get_value(0))
    out["discrete"] = (ev(values.get_value(0)),
                       [ev(v.CopyToVector()) for v in values.get_data()])
    out["system"] = (
        diagram.HasInputPort("u"), diagram.HasOutputPort("y"),
        diagram.HasOutputPort("nope"), diagram.HasAnyDirectFeedthrough(),
        diagram.HasDirectFeedthrough(0), diagram.HasDirectFeedthrough(0, 0),
        diagram.IsDifferenceEquationSystem(),
        diagram.IsDifferentialEquationSystem(),
        diagram.GetUniquePeriodicDiscreteUpdateAttribute().period_sec(),
        diagram.AllocateInputVector(diagram.get_input_port(0)).size(),
        ev(diagram.EvalVectorInput(ctx, 0).CopyToVector()),
        ev([diagram.EvalKineticEnergy(ctx), diagram.EvalPotentialEnergy(ctx),
            diagram.CalcConservativePower(ctx),
            diagram.CalcNonConservativePower(ctx)]),
        diagram.get_input_port(0).get_data_type() ==
        fw.PortDataType.kVectorValued,
        diagram.get_input_port(0).HasValue(ctx),
        diagram.get_output_port(0).EvalBasicVector(ctx).size(),
        diagram.get_output_port(0).get_system() is diagram,
        diagram.AreConnected(integrator.get_output_port(0),
                             switch.get_input_port(1)),
        ev(integrator.GetMyMutableContextFromRoot(ctx)
           .get_discrete_state_vector().CopyToVector()),
        ev(diagram.GetMutableSubsystemState(integrator, ctx)
           .get_discrete_state().value(0)))
    diagram.ExecuteForcedEvents(ctx)
    diagram.ForcedPublish(ctx)
    diagram.ExecuteInitializationEvents(ctx)
    scratch = ctx.Clone()
    diagram.CalcForcedUnrestrictedUpdate(ctx, scratch.get_mutable_state())
    generator = importlib.import_module(
        lib.sym.__name__.replace("symbolic", "common")).RandomGenerator(3)
    diagram.SetRandomContext(ctx, generator)
    out["events"] = (
        ev(scratch.get_discrete_state_vector().CopyToVector()),
        ev(ctx.get_discrete_state_vector().CopyToVector()))

    builder = fw.DiagramBuilder_[E]()
    gain = builder.AddSystem(p.Gain_[E](2.0, 1))
    gain.set_name("gain")
    integral = builder.AddSystem(p.Integrator_[E](1))
    builder.ExportInput(gain.get_input_port(0), "u")
    builder.ExportOutput(integral.get_output_port(0), "y")
    # (The port counts before ConnectInput: after it, the reference's
    # builder counts the exported input once per connected port, ossa's
    # once per name.)
    out["builder"] = (
        builder.IsConnectedOrExported(integral.get_input_port(0)),
        builder.num_input_ports(), builder.num_output_ports())
    builder.ConnectInput("u", integral.get_input_port(0))
    out["builder"] += (
        builder.IsConnectedOrExported(integral.get_input_port(0)),
        builder.HasSubsystemNamed("gain"),
        builder.GetSubsystemByName("gain").get_name(),
        builder.already_built())
    continuous = builder.Build()
    cctx = continuous.CreateDefaultContext()
    cctx.SetTimeAndContinuousState(E(0.5), obj([x]))
    xc = cctx.get_mutable_continuous_state()
    clone = xc.Clone()
    clone.get_mutable_misc_continuous_state().SetFromVector(obj([x + 1.0]))
    clone.get_mutable_vector().PlusEqScaled(2.0, clone.get_vector())
    xc.SetFromVector(clone.CopyToVector())
    numbers = p.Integrator(1).CreateDefaultContext()
    numbers.SetContinuousState([-6.0])
    clone.SetFrom(numbers.get_continuous_state())
    out["continuous numbers"] = ev(clone.CopyToVector())
    double_system = p.Gain(2.0, 1)
    double_context = double_system.CreateDefaultContext()
    double_system.get_input_port(0).FixValue(double_context, [0.75])
    target = p.Gain_[E](2.0, 1)
    target_context = target.CreateDefaultContext()
    target.FixInputPortsFrom(double_system, double_context, target_context)
    source = continuous.ToScalarType[float]().CreateDefaultContext()
    source.SetTime(2.0)
    source.SetContinuousState([-1.0])
    copied = continuous.CreateDefaultContext()
    copied.SetTimeStateAndParametersFrom(source)
    out["continuous"] = (
        ev([cctx.get_time()]), ev(xc.CopyToVector()),
        xc.get_misc_continuous_state().size(),
        xc.get_mutable_generalized_position().size(),
        xc.get_mutable_generalized_velocity().size(),
        ev(target.get_output_port(0).Eval(target_context)),
        ev([copied.get_time()]), ev(copied.get_continuous_state_vector()
                                    .CopyToVector()))
    return out


def test_expression_framework_members_agree_with_reference():
    drake = _reference()
    ours, theirs = _member_program(_OSSA), _member_program(drake)
    assert ours.keys() == theirs.keys()
    for key in ours:
        assert ours[key] == theirs[key], key
    # Spot checks against the program's closed forms.
    assert ours["discrete"][0] == [4.0, 1.5]
    assert ours["continuous"][1] == [3 * (1.5 + 1.0)]
    assert ours["continuous"][5] == [1.5]


def _bezier_program(lib):
    """BezierCurve_[float].GetExpression() and BezierCurve_[Expression]
    with a symbolic control point, by `lib`'s trajectories module: (the
    expressions, evaluated by a function of (t, x), and the variables)."""
    trajectories = importlib.import_module(
        lib.sym.__name__.replace("symbolic", "trajectories"))
    E = lib.sym.Expression
    points = np.array([[1.0, 2.0, 0.0, -1.0], [0.0, 1.0, 3.0, 0.5]])
    curve = trajectories.BezierCurve(0.5, 2.0, points)
    t, x, time = (lib.sym.Variable("t"), lib.sym.Variable("x"),
                  lib.sym.Variable("time"))
    polynomial = curve.GetExpression(t)
    symbolic = trajectories.BezierCurve_[E](
        0.0, 1.0, np.array([[E(x), E(1.0), E(x) * x]], dtype=object))
    clamped = symbolic.value(E(time))
    unclamped = symbolic.GetExpression(time)
    derivative = symbolic.EvalDerivative(E(0.25), 1)

    def evaluate(t_value, x_value, time_value):
        env = {t: t_value, x: x_value, time: time_value}
        return [float(e.Evaluate(env)) for e in
                list(polynomial) + list(np.ravel(clamped)) +
                list(unclamped) + list(np.ravel(derivative))]

    return evaluate, curve


def test_bezier_curve_on_expression():
    """The polynomial of a Bézier curve as expressions: equal to value()
    inside [t0, t1]; BezierCurve_[Expression] clamps a symbolic time by
    min/max expressions; both agree with the reference."""
    evaluate, curve = _bezier_program(_OSSA)
    reference = None
    if importlib.util.find_spec("pydrake") is not None:
        reference = _bezier_program(_reference())[0]
    rng = np.random.default_rng(41)
    for _ in range(10):
        t, x, time = rng.uniform(0.5, 2.0), rng.uniform(-2, 2), \
            rng.uniform(-0.5, 1.5)
        got = evaluate(t, x, time)
        np.testing.assert_allclose(got[:2], curve.value(t).ravel(),
                                   rtol=0, atol=1e-12)
        # y(s) = x(1−s)² + 2s(1−s) + x²s² for the curve on [0, 1].
        s = min(max(time, 0.0), 1.0)
        np.testing.assert_allclose(
            got[2], x * (1 - s)**2 + 2 * s * (1 - s) + x * x * s * s,
            rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            got[3], x * (1 - time)**2 + 2 * time * (1 - time)
            + x * x * time * time, rtol=0, atol=1e-12)
        # y'(0.25) = 2(1 − 0.25)(1 − x) + 2·0.25(x² − 1).
        np.testing.assert_allclose(got[4], 1.5 * (1 - x) + 0.5 * (x * x - 1),
                                   rtol=0, atol=1e-12)
        if reference is not None:
            np.testing.assert_allclose(got, reference(t, x, time), rtol=0,
                                       atol=1e-12)
