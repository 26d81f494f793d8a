"""ossa.systems.framework against the reference on the members added for
API fidelity: SystemOutput, subsystem contexts, Clone, DeclareInputPort,
the unique periodic discrete update, the implicit residual, scalar
converters, visitors, ContextBase and cache entry values, LeafOutputPort,
forced events, Subvector/Supervector, diagram connections and the builder's
Disconnect/RemoveSystem/ConnectToSame.

Each program is one function of `lib` (either library's modules), run on
both; results are compared exactly where both compute the same sums of a
few doubles, and error types are compared where both raise.
"""

import copy

import numpy as np
import pytest

pytest.importorskip("pydrake")

from peer_modules import ModuleSet, error_of  # noqa: E402
from peer_modules import both as _both  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")


def both(program):
    """Runs program(lib) on both libraries: (ossa's result, pydrake's)."""
    return _both(program, OSSA, DRAKE)


def _adder_diagram(lib):
    """src (constant [1, 2]) -> add.u0; diagram input u -> add.u1;
    add -> int; int exported as y."""
    f, p = lib.framework, lib.primitives
    b = f.DiagramBuilder()
    src = b.AddNamedSystem("src", p.ConstantVectorSource([1.0, 2.0]))
    add = b.AddNamedSystem("add", p.Adder(2, 2))
    integ = b.AddNamedSystem("int", p.Integrator(2))
    b.Connect(src.get_output_port(), add.get_input_port(0))
    b.Connect(add.get_output_port(), integ.get_input_port())
    b.ExportInput(add.get_input_port(1), "u")
    b.ExportOutput(integ.get_output_port(), "y")
    diagram = b.Build()
    diagram.set_name("diag")
    return diagram, src, add, integ


def _counter_system(lib):
    """A LeafSystem with two discrete states, a periodic update x += [1, 2]
    every 0.1 s, an input port declared through System.DeclareInputPort,
    and forced events that count their calls."""
    f = lib.framework

    class Counter(f.LeafSystem):
        def __init__(self):
            f.LeafSystem.__init__(self)
            self.DeclareDiscreteState(2)
            self.DeclareAbstractState(lib.value.AbstractValue.Make(0))
            self.DeclarePeriodicDiscreteUpdateEvent(0.1, 0.0, self._update)
            self.port = self.DeclareInputPort(
                "u", f.PortDataType.kVectorValued, 3)
            self.published = []
            self.DeclareForcedPublishEvent(self._publish_a)
            self.DeclareForcedPublishEvent(self._publish_b)
            self.DeclareForcedDiscreteUpdateEvent(self._forced_discrete)
            self.DeclareForcedUnrestrictedUpdateEvent(
                self._forced_unrestricted)

        def _update(self, context, xd):
            xd.set_value(0, context.get_discrete_state(0).get_value()
                         + np.array([1.0, 2.0]))

        def _publish_a(self, context):
            self.published.append(("a", context.get_time()))

        def _publish_b(self, context):
            self.published.append(("b", context.get_time()))

        def _forced_discrete(self, context, xd):
            xd.set_value(0, 10.0 * context.get_discrete_state(0).get_value())

        def _forced_unrestricted(self, context, state):
            state.get_mutable_abstract_state(0).set_value(7)

    return Counter()


def test_allocate_and_calc_output():
    def program(lib):
        diagram, _, add, _ = _adder_diagram(lib)
        context = diagram.CreateDefaultContext()
        diagram.get_input_port(0).FixValue(context, [10.0, 20.0])
        context.SetContinuousState([0.5, -0.5])
        outputs = diagram.AllocateOutput()
        diagram.CalcOutput(context, outputs)
        add_context = diagram.GetSubsystemContext(add, context)
        add_out = add.AllocateOutput()
        add.CalcOutput(add_context, add_out)
        return (outputs.num_ports(),
                outputs.get_vector_data(0).get_value().tolist(),
                outputs.get_vector_data(0).CopyToVector().tolist(),
                add_out.get_vector_data(0).get_value().tolist(),
                outputs.get_data(0).get_value().get_value().tolist())
    ossa, drake = both(program)
    assert ossa == drake
    # y is the integrator's state; the adder's sum is [1 + 10, 2 + 20].
    assert ossa[1] == [0.5, -0.5] and ossa[3] == [11.0, 22.0]


def test_system_output_bad_index_and_foreign_context():
    # The reference crashes on a bad index; ossa raises.
    f, p = OSSA.framework, OSSA.primitives
    adder = p.Adder(2, 1)
    outputs = adder.AllocateOutput()
    with pytest.raises(IndexError, match="port index 3 is out of range"):
        outputs.get_data(3)
    with pytest.raises(RuntimeError):
        adder.CalcOutput(p.Adder(2, 1).CreateDefaultContext(), outputs)
    with pytest.raises(RuntimeError, match="allocated by system"):
        other = p.Adder(2, 1)
        adder.CalcOutput(adder.CreateDefaultContext(), other.AllocateOutput())
    assert isinstance(outputs, f.SystemOutput_[float])


def test_subsystem_context_of_leaf_and_diagram():
    def program(lib):
        diagram, src, add, _ = _adder_diagram(lib)
        context = diagram.CreateDefaultContext()
        sub = diagram.GetMutableSubsystemContext(add, context)
        leaf_context = add.CreateDefaultContext()
        same = add.GetSubsystemContext(add, leaf_context)
        return (sub.num_input_ports(), same.num_input_ports(),
                error_of(lambda: add.GetSubsystemContext(src, leaf_context)),
                error_of(lambda: diagram.GetSubsystemContext(
                    lib.primitives.Adder(2, 2), context)))
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[:3] == (2, 2, RuntimeError)


def test_builder_counts_each_input_connection():
    # DiagramBuilder.num_input_ports() counts ExportInput and ConnectInput
    # calls (one Diagram input feeding two subsystems counts twice); the
    # built Diagram has one port per exported name.
    def program(lib):
        f, p = lib.framework, lib.primitives
        builder = f.DiagramBuilder()
        adder = builder.AddSystem(p.Adder(2, 1))
        gain = builder.AddSystem(p.Gain(2.0, 1))
        counts = []
        builder.ExportInput(adder.get_input_port(0), "u")
        counts.append(builder.num_input_ports())
        builder.ConnectInput("u", gain.get_input_port(0))
        counts.append(builder.num_input_ports())
        index = builder.ExportInput(adder.get_input_port(1), "w")
        counts.append(builder.num_input_ports())
        builder.ExportOutput(adder.get_output_port(0), "sum")
        builder.ExportOutput(gain.get_output_port(0), "twice")
        diagram = builder.Build()
        context = diagram.CreateDefaultContext()
        diagram.get_input_port(0).FixValue(context, [1.5])
        diagram.get_input_port(1).FixValue(context, [0.25])
        return (counts, int(index), diagram.num_input_ports(),
                diagram.get_output_port(0).Eval(context).tolist(),
                diagram.get_output_port(1).Eval(context).tolist())
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[:3] == ([1, 2, 3], 1, 2)


def test_clone_copy_and_scalar_converter():
    def program(lib):
        f, ad = lib.framework, lib.autodiffutils.AutoDiffXd
        gain = lib.primitives.Gain(k=3.0, size=2)
        gain.set_name("g")
        copies = [gain.Clone(), copy.copy(gain), copy.deepcopy(gain)]
        results = []
        for c in copies:
            context = c.CreateDefaultContext()
            c.get_input_port().FixValue(context, [1.0, -2.0])
            results.append((type(c).__name__.split("_")[0], c.get_name(),
                            c.get_output_port().Eval(context).tolist(),
                            c is gain))
        counter = _counter_system(lib)
        converter = gain.get_system_scalar_converter()
        return (results,
                converter.IsConvertible[ad, float](),
                converter.IsConvertible[float, ad](),
                counter.get_system_scalar_converter().IsConvertible[
                    ad, float](),
                error_of(counter.Clone),
                float in f.SystemScalarConverter.SupportedScalars,
                (float, ad) in f.SystemScalarConverter.SupportedConversionPairs,
                f.SystemScalarConverter().IsConvertible[ad, float]())
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0][0][2] == [3.0, -6.0]


def test_declare_input_port_and_unique_periodic_update():
    def program(lib):
        f = lib.framework
        counter = _counter_system(lib)
        context = counter.CreateDefaultContext()
        context.SetDiscreteState([3.0, 4.0])
        update = counter.EvalUniquePeriodicDiscreteUpdate(context)
        # The same update within a diagram, through the subsystem.
        b = f.DiagramBuilder()
        inner = b.AddSystem(_counter_system(lib))
        b.ExportInput(inner.get_input_port(), "u")
        diagram = b.Build()
        dcontext = diagram.CreateDefaultContext()
        diagram.GetMutableSubsystemContext(inner, dcontext).SetDiscreteState(
            [-1.0, 0.5])
        dupdate = diagram.EvalUniquePeriodicDiscreteUpdate(dcontext)
        no_events = lib.primitives.Adder(2, 1)
        return (counter.port.size(), counter.port.get_name(),
                type(counter.port).__name__.split("_")[0],
                update.get_vector(0).get_value().tolist(),
                dupdate.get_vector(0).get_value().tolist(),
                context.get_discrete_state(0).get_value().tolist(),
                error_of(lambda: no_events.EvalUniquePeriodicDiscreteUpdate(
                    no_events.CreateDefaultContext())))
    ossa, drake = both(program)
    assert ossa == drake
    # x⁺ = x + [1, 2]; the Context keeps x.
    assert ossa[3] == [4.0, 6.0] and ossa[4] == [0.0, 2.5]


def test_declare_input_port_errors():
    f = OSSA.framework
    counter = _counter_system(OSSA)
    with pytest.raises(RuntimeError, match="DeclareAbstractInputPort"):
        counter.DeclareInputPort("v", f.PortDataType.kAbstractValued, 0)
    with pytest.raises(RuntimeError, match="not a LeafSystem"):
        _adder_diagram(OSSA)[0].DeclareInputPort(
            "v", f.PortDataType.kVectorValued, 1)


def test_implicit_residual_constraints_and_sizes():
    def program(lib):
        f = lib.framework
        integ = lib.primitives.Integrator(3)
        context = integ.CreateDefaultContext()
        integ.get_input_port().FixValue(context, [1.0, 2.0, 3.0])
        proposed = integ.AllocateTimeDerivatives()
        proposed.SetFromVector([1.5, 2.0, -1.0])
        returned = integ.CalcImplicitTimeDerivativesResidual(
            context, proposed)
        into = np.zeros(3)
        integ.CalcImplicitTimeDerivativesResidual(context, proposed, into)
        base = f.SystemBase.num_continuous_states(integ)
        return (np.asarray(returned).tolist(), into.tolist(),
                integ.num_constraints(), base,
                f.SystemBase.implicit_time_derivatives_residual_size(integ),
                int(f.SystemConstraintIndex(4)),
                f.SystemConstraintIndex(4).is_valid())
    ossa, drake = both(program)
    assert ossa == drake
    # residual = ẋ_proposed − u.
    assert ossa[0] == [0.5, 0.0, -4.0] and ossa[3] == 3


def test_visitor_walks_diagram():
    def program(lib):
        f = lib.framework

        class Names(f.SystemVisitor):
            def __init__(self):
                f.SystemVisitor.__init__(self)
                self.seen = []

            def VisitSystem(self, system):
                self.seen.append(("leaf", system.get_name()))

            def VisitDiagram(self, diagram):
                self.seen.append(("diagram", diagram.get_name()))
                for s in diagram.GetSystems():
                    s.Accept(self)

        diagram = _adder_diagram(lib)[0]
        visitor = Names()
        diagram.Accept(visitor)
        return visitor.seen
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0] == ("diagram", "diag") and len(ossa) == 4


def test_context_base_and_cache_entry_values():
    def program(lib):
        f = lib.framework
        adder = lib.primitives.Adder(2, 1)
        context = adder.CreateDefaultContext()
        adder.get_input_port(0).FixValue(context, [1.0])
        adder.get_input_port(1).FixValue(context, [2.0])
        port = adder.get_output_port()
        entry = port.cache_entry()
        value = entry.get_cache_entry_value(context)
        before = error_of(value.GetValueOrThrow)
        port.Eval(context)
        after = value.GetValueOrThrow().get_value().tolist()
        context.FreezeCache()
        frozen = context.is_cache_frozen()
        context.UnfreezeCache()
        mutable = entry.get_mutable_cache_entry_value(context)
        # Writable access is for an out-of-date value only.
        up_to_date = error_of(mutable.GetMutableValueOrThrow)
        context.SetAllCacheEntriesOutOfDate()
        stale = error_of(mutable.GetMutableValueOrThrow)
        return (isinstance(context, f.ContextBase), context.num_input_ports(),
                isinstance(port, f.LeafOutputPort), before, after, frozen,
                context.is_cache_frozen(), up_to_date, stale,
                error_of(value.GetValueOrThrow))
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[4] == [3.0] and ossa[3] is RuntimeError
    assert ossa[7:] == (RuntimeError, None, RuntimeError)


def test_forced_events_from_python_callbacks():
    def program(lib):
        counter = _counter_system(lib)
        context = counter.CreateDefaultContext()
        context.SetTime(0.25)
        context.SetDiscreteState([1.0, -1.0])
        counter.ForcedPublish(context)
        xd = counter.AllocateDiscreteVariables()
        counter.CalcForcedDiscreteVariableUpdate(context, xd)
        state = counter.CreateDefaultContext().get_mutable_state()
        counter.CalcForcedUnrestrictedUpdate(context, state)
        return (counter.published, xd.get_vector(0).get_value().tolist(),
                state.get_abstract_state(0).get_value())
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0] == [("a", 0.25), ("b", 0.25)]
    assert ossa[1] == [10.0, -10.0] and ossa[2] == 7


def test_forced_event_on_cpp_system_raises():
    with pytest.raises(RuntimeError, match="not a LeafSystem subclassed"):
        OSSA.framework.LeafSystem.DeclareForcedPublishEvent(
            OSSA.primitives.Adder(1, 1), lambda context: None)


def test_subvector_and_supervector():
    # The reference binds no constructors for these views; ossa's are
    # checked against the windows they must show and write through.
    f = OSSA.framework
    a = f.BasicVector([1.0, 2.0, 3.0, 4.0])
    b = f.BasicVector([5.0, 6.0])
    sub = f.Subvector(a, 1, 2)
    sup = f.Supervector([a, b])
    sub.SetAtIndex(0, 20.0)
    sup.SetAtIndex(5, 60.0)
    assert sub.size() == 2 and sub.CopyToVector().tolist() == [20.0, 3.0]
    assert sup.size() == 6
    assert sup.CopyToVector().tolist() == [1.0, 20.0, 3.0, 4.0, 5.0, 60.0]
    assert a.CopyToVector().tolist() == [1.0, 20.0, 3.0, 4.0]
    assert b.CopyToVector().tolist() == [5.0, 60.0]
    assert isinstance(sub, f.VectorBase) and isinstance(sup, f.VectorBase)
    with pytest.raises(RuntimeError):
        f.Subvector(a, 3, 2)
    # The views keep what they view alive.
    view = f.Subvector(f.BasicVector([7.0, 8.0]), 1, 1)
    import gc
    gc.collect()
    assert view.CopyToVector().tolist() == [8.0]


def _named(mapping):
    return sorted(((k[0].get_name(), int(k[1])), (v[0].get_name(), int(v[1])))
                  for k, v in mapping.items())


def test_diagram_connections():
    def program(lib):
        f = lib.framework
        diagram = _adder_diagram(lib)[0]
        inputs = diagram.GetInputPortLocators(f.InputPortIndex(0))
        out = diagram.get_output_port_locator(f.OutputPortIndex(0))
        return (_named(diagram.connection_map()),
                [(s.get_name(), int(i)) for s, i in inputs],
                (out[0].get_name(), int(out[1])))
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[1] == [("add", 1)] and ossa[2] == ("int", 0)


def test_builder_disconnect_remove_connect_to_same():
    def program(lib):
        f, p = lib.framework, lib.primitives
        b = f.DiagramBuilder()
        src = b.AddNamedSystem("src", p.ConstantVectorSource([1.0]))
        add = b.AddNamedSystem("add", p.Adder(3, 1))
        extra = b.AddNamedSystem("extra", p.Gain(k=2.0, size=1))
        b.Connect(src.get_output_port(), add.get_input_port(0))
        same = b.ConnectToSame(add.get_input_port(0), add.get_input_port(1))
        none = b.ConnectToSame(add.get_input_port(2), extra.get_input_port())
        b.ExportInput(add.get_input_port(2), "u_add")
        b.ExportInput(extra.get_input_port(), "u_extra")
        b.ExportOutput(extra.get_output_port(), "y_extra")
        b.ExportOutput(add.get_output_port(), "y_add")
        before = _named(b.connection_map())
        b.Disconnect(src.get_output_port(), add.get_input_port(1))
        not_connected = error_of(lambda: b.Disconnect(
            src.get_output_port(), add.get_input_port(1)))
        b.RemoveSystem(extra)
        removed_twice = error_of(lambda: b.RemoveSystem(extra))
        diagram = b.Build()
        context = diagram.CreateDefaultContext()
        diagram.get_input_port(0).FixValue(context, [5.0])
        add_context = diagram.GetMutableSubsystemContext(add, context)
        add.get_input_port(1).FixValue(add_context, [0.25])
        return (same, none, before, not_connected, removed_twice,
                _named(diagram.connection_map()),
                [diagram.get_input_port(i).get_name()
                 for i in range(diagram.num_input_ports())],
                [diagram.get_output_port(i).get_name()
                 for i in range(diagram.num_output_ports())],
                diagram.get_output_port(0).Eval(context).tolist())
    ossa, drake = both(program)
    assert ossa == drake
    # After removal the remaining exported ports close the gaps;
    # y = 1 + 0.25 + 5.
    assert ossa[6] == ["u_add"] and ossa[7] == ["y_add"]
    assert ossa[8] == [6.25] and ossa[:2] == (True, False)


def test_context_set_state_and_parameters_from():
    def program(lib):
        integ = lib.primitives.Integrator(2)
        a, b = integ.CreateDefaultContext(), integ.CreateDefaultContext()
        a.SetTime(3.0)
        a.SetContinuousState([1.0, 2.0])
        b.SetTime(7.0)
        b.SetStateAndParametersFrom(a)
        return b.get_time(), b.get_continuous_state_vector().CopyToVector(
        ).tolist()
    ossa, drake = both(program)
    assert ossa == drake == (7.0, [1.0, 2.0])


def test_names_and_autodiff_instantiations():
    def program(lib):
        f, ad = lib.framework, lib.autodiffutils.AutoDiffXd
        adder = lib.primitives.Adder(2, 1).ToAutoDiffXd()
        context = adder.CreateDefaultContext()
        back = adder.ToScalarType[float]()
        return ([d.name for d in (
                    f.WitnessFunctionDirection.kPositiveThenNonPositive,
                    f.WitnessFunctionDirection.kNegativeThenNonNegative)],
                isinstance(context, f.LeafContext_[ad]),
                all(f.__dict__[t][ad] is not None for t in (
                    "Event_", "PublishEvent_", "DiscreteUpdateEvent_",
                    "UnrestrictedUpdateEvent_", "Parameters_",
                    "WitnessFunction_", "SystemOutput_", "SystemVisitor_",
                    "Subvector_", "Supervector_", "LeafOutputPort_")),
                type(back).__name__.split("_")[0],
                f.ValueProducer.NoopCalc(context,
                                         lib.value.AbstractValue.Make(1)))
    ossa, drake = both(program)
    assert ossa == drake


def test_autodiff_context_copies_from_its_own_scalar():
    # Context_[AutoDiffXd].SetTimeStateAndParametersFrom takes a Context of
    # its own scalar (derivatives kept) as well as a float one.
    def program(lib):
        ad = lib.autodiffutils
        system = lib.primitives.Integrator(2).ToAutoDiffXd()
        source = system.CreateDefaultContext()
        source.SetTime(ad.AutoDiffXd(1.5, [1.0, 0.0]))
        source.SetContinuousState(ad.InitializeAutoDiff([0.5, -2.0]).ravel())
        dest = system.CreateDefaultContext()
        dest.SetTimeStateAndParametersFrom(source)
        x = dest.get_continuous_state_vector().CopyToVector()
        from_float = system.CreateDefaultContext()
        float_context = lib.primitives.Integrator(2).CreateDefaultContext()
        float_context.SetTime(3.0)
        from_float.SetTimeStateAndParametersFrom(float_context)
        return (dest.get_time().value(), dest.get_time().derivatives().tolist(),
                ad.ExtractValue(x).ravel().tolist(),
                ad.ExtractGradient(x).tolist(),
                from_float.get_time().value())
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[2:4] == ([0.5, -2.0], [[1.0, 0.0], [0.0, 1.0]])


def _canonical_dot(text):
    """The DOT text with the system ids renumbered in order of appearance
    (the two libraries number their systems differently)."""
    import re
    ids = {}

    def rename(match):
        number = ids.setdefault(match.group(2), str(len(ids)))
        return match.group(1) + number
    return re.sub(r"(digraph _|cluster|clusters|\bs)(\d+)", rename, text)


def _dot_lines(text):
    # Edges between subsystems follow each library's map order; compare
    # the lines as a multiset, and the non-edge lines in order.
    lines = _canonical_dot(text).splitlines()
    return ([line for line in lines if "->" not in line],
            sorted(line for line in lines if "->" in line))


def test_graphviz_matches_reference_structure():
    def program(lib):
        f, p = lib.framework, lib.primitives
        diagram = _adder_diagram(lib)[0]
        demux = p.Demultiplexer(3)
        demux.set_name("dm")
        b = f.DiagramBuilder()
        inner = b.AddNamedSystem("inner", _adder_diagram(lib)[0])
        sink = b.AddNamedSystem("zoh", p.ZeroOrderHold(0.1, 2))
        b.Connect(inner.get_output_port(), sink.get_input_port())
        b.ExportInput(inner.get_input_port(), "u_outer")
        nested = b.Build()
        nested.set_name("outer")
        fragment = demux.GetGraphvizFragment()
        return ([_dot_lines(diagram.GetGraphvizString()),
                 _dot_lines(diagram.GetGraphvizString(max_depth=0)),
                 _dot_lines(demux.GetGraphvizString()),
                 _dot_lines(nested.GetGraphvizString()),
                 _dot_lines(nested.GetGraphvizString(max_depth=1))],
                [_canonical_dot(x) for x in fragment.input_ports],
                len(fragment.output_ports))
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[2] == 3


def test_graphviz_fragment_overridden_in_python():
    def program(lib):
        f = lib.framework

        class Custom(f.LeafSystem):
            def __init__(self):
                f.LeafSystem.__init__(self)
                self.DeclareVectorInputPort("in", 1)
                self.DeclareVectorOutputPort("out", 1, self._calc)

            def _calc(self, context, output):
                output.SetFromVector([0.0])

            def DoGetGraphvizFragment(self, params):
                seen.append((params.max_depth, dict(params.options),
                             [_canonical_dot(x) for x in params.header_lines],
                             _canonical_dot(params.node_id)))
                result = f.LeafSystem.DoGetGraphvizFragment(self, params)
                result.fragments = result.fragments + [
                    f"// custom {params.max_depth}\n"]
                return result

        seen = []
        b = f.DiagramBuilder()
        first = b.AddNamedSystem("first", Custom())
        second = b.AddNamedSystem("second", Custom())
        b.Connect(first.get_output_port(), second.get_input_port())
        diagram = b.Build()
        return (_dot_lines(diagram.GetGraphvizString(
                    max_depth=2, options={"split": "I/O"})), seen)
    ossa, drake = both(program)
    assert ossa == drake
    assert ossa[0][0].count("// custom 1") == 2
    # The subsystems see max_depth − 1, no options, their type and name.
    assert ossa[1][0][:2] == (1, {}) and ossa[1][0][2][1] == "name=first"
    assert ossa[1][0][2][0].endswith("Custom</B>")


def test_publish_event_with_trigger_type():
    def program(lib):
        f = lib.framework
        calls = []
        event = f.PublishEvent(
            trigger_type=f.TriggerType.kForced,
            callback=lambda context, e: calls.append(context.get_time()))
        with_system = f.PublishEvent(
            trigger_type=f.TriggerType.kPeriodic,
            system_callback=lambda system, context, e: None)
        return event.get_trigger_type(), with_system.get_trigger_type(), calls
    ossa, drake = both(program)
    assert ossa[0].name == drake[0].name == "kForced"
    assert ossa[1].name == drake[1].name == "kPeriodic"
    # Declared, the event runs its callback with the Context.
    f = OSSA.framework
    calls = []
    system = f.LeafSystem()
    system.DeclarePerStepEvent(f.PublishEvent(
        f.TriggerType.kForced, lambda context, e: calls.append(
            (context.get_time(), e.get_trigger_type()))))
    context = system.CreateDefaultContext()
    context.SetTime(0.5)
    events = system.AllocateCompositeEventCollection()
    system.GetPerStepEvents(context, events)
    system.Publish(context, events.get_publish_events())
    assert calls == [(0.5, f.TriggerType.kPerStep)]
