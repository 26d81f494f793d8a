"""ossa.systems.framework: mirrors the reference module of the same name."""

from ossa._ext.systems_framework import *  # noqa: F401,F403

from ossa._subclass_util import require_base_init as _require_base_init  # noqa

for _template in (LeafSystem_, Diagram_):  # noqa: F405
    for _param in _template.param_list:
        _require_base_init(_template[_param])
del _template, _param


# -- Conveniences the reference's classes have, written on the bound API -----
# (float scalar; each is a plain Python method of the bound class).

import enum as _enum_module  # noqa: E402

import numpy as _np  # noqa: E402

from ossa._cpp_template import TemplateMethod as _TemplateMethod  # noqa: E402
from ossa.common.value import AbstractValue  # noqa: E402
from ossa.autodiffutils import AutoDiffXd as _AutoDiffXd  # noqa: E402
from ossa.symbolic import Expression as _Expression  # noqa: E402


def _method(cls, name):
    def decorator(function):
        function.__name__ = name
        function.__qualname__ = f"{cls.__name__}.{name}"
        setattr(cls, name, function)
        return function
    return decorator


@_method(Context, "SetAbstractState")  # noqa: F405
def _context_set_abstract_state(self, index, value):
    """Sets the value of abstract state variable `index` (a copy of
    `value`, which may be the value itself or an AbstractValue)."""
    held = self.get_mutable_abstract_state(index)
    if isinstance(value, AbstractValue):
        held.SetFrom(value)
    else:
        held.set_value(value)


@_method(Context, "has_only_continuous_state")  # noqa: F405
def _context_has_only_continuous_state(self):
    """True if there is continuous state and no discrete or abstract
    state."""
    return (self.num_continuous_states() > 0
            and self.num_discrete_state_groups() == 0
            and self.num_abstract_states() == 0)


@_method(Context, "has_only_discrete_state")  # noqa: F405
def _context_has_only_discrete_state(self):
    """True if there is discrete state and no continuous or abstract
    state."""
    return (self.num_discrete_state_groups() > 0
            and self.num_continuous_states() == 0
            and self.num_abstract_states() == 0)


@_method(Context, "num_total_states")  # noqa: F405
def _context_num_total_states(self):
    """The size of the continuous and discrete state together. Raises
    RuntimeError if there is abstract state (it has no size)."""
    if self.num_abstract_states() > 0:
        raise RuntimeError("num_total_states(): the Context has abstract "
                           "state, which has no size")
    return self.num_continuous_states() + sum(
        self.get_discrete_state(i).size()
        for i in range(self.num_discrete_state_groups()))


@_method(VectorBase, "SetFrom")  # noqa: F405
def _vector_set_from(self, value):
    """Copies the entries of the vector `value` (of the same size)."""
    self.SetFromVector(value.CopyToVector())


@_method(VectorBase, "PlusEqScaled")  # noqa: F405
def _vector_plus_eq_scaled(self, scale, rhs):
    """this += scale·rhs; returns this."""
    if rhs.size() != self.size():
        raise RuntimeError(f"PlusEqScaled(): sizes differ ({self.size()} "
                           f"and {rhs.size()})")
    self.SetFromVector(self.CopyToVector() + scale * rhs.CopyToVector())
    return self


BasicVector.__copy__ = lambda self: self.Clone()  # noqa: F405
BasicVector.__deepcopy__ = lambda self, memo: self.Clone()  # noqa: F405


@_method(DiscreteValues, "get_value")  # noqa: F405
def _discrete_get_value(self, index=0):
    """The values of group `index` (a copy; prefer value())."""
    return self.value(index)


@_method(DiscreteValues, "get_mutable_value")  # noqa: F405
def _discrete_get_mutable_value(self, index=0):
    """The values of group `index` as a writable numpy array viewing the
    group's storage."""
    return self.get_mutable_vector(index).get_mutable_value()


@_method(DiscreteValues, "get_data")  # noqa: F405
def _discrete_get_data(self):
    """The groups, as BasicVectors (references into this object)."""
    return [self.get_mutable_vector(i) for i in range(self.num_groups())]


def _eval_basic_vector(self, context):
    """The port's value as a BasicVector (a copy; the port must be
    vector-valued)."""
    if self.get_data_type() != PortDataType.kVectorValued:  # noqa: F405
        raise RuntimeError(f"EvalBasicVector(): port '{self.get_name()}' is "
                           "abstract-valued")
    return BasicVector(self.Eval(context))  # noqa: F405


_method(InputPort, "EvalBasicVector")(_eval_basic_vector)  # noqa: F405
_method(OutputPort, "EvalBasicVector")(_eval_basic_vector)  # noqa: F405


@_method(InputPort, "Allocate")  # noqa: F405
def _input_port_allocate(self):
    """A new value for this port: Value[BasicVector] (vector port) or a
    copy of the model value (abstract port)."""
    system = self.get_system()
    if self.get_data_type() == PortDataType.kVectorValued:  # noqa: F405
        return AbstractValue.Make(system.AllocateInputVector(self))
    return system.AllocateInputAbstract(self)


@_method(System, "FixInputPortsFrom")  # noqa: F405
def _system_fix_input_ports_from(self, other_system, other_context,
                                 target_context):
    """Fixes each input port of this system in `target_context` to the
    value the same-numbered input port of `other_system` has in
    `other_context` (where it must have one)."""
    if other_system.num_input_ports() != self.num_input_ports():
        raise RuntimeError("FixInputPortsFrom(): the systems have different "
                           "numbers of input ports")
    for i in range(self.num_input_ports()):
        source = other_system.get_input_port(i)
        if not source.HasValue(other_context):
            continue
        self.get_input_port(i).FixValue(target_context,
                                        source.Eval(other_context))


# System_[T].ToScalarType[U]() and ToScalarTypeMaybe[U]() for U AutoDiffXd
# and Expression (ToAutoDiffXd(), ToSymbolic() and their *Maybe forms).
def _add_to_scalar_type(system_class):
    for name, maybe in (("ToScalarType", ""), ("ToScalarTypeMaybe", "Maybe")):
        template = _TemplateMethod(name, system_class)
        for param, convert in ((_AutoDiffXd, "ToAutoDiffXd"),
                               (_Expression, "ToSymbolic")):
            template.add_instantiation(
                param, (lambda c: lambda self: getattr(self, c)())(
                    convert + maybe))
        setattr(system_class, name, template)


for _param in System_.param_list:  # noqa: F405
    _add_to_scalar_type(System_[_param])  # noqa: F405
del _param

EventStatus.__copy__ = lambda self: self  # noqa: F405 (immutable)
EventStatus.__deepcopy__ = lambda self, memo: self  # noqa: F405
for _enum_type in (PortDataType, TriggerType,  # noqa: F405
                   WitnessFunctionDirection):  # noqa: F405
    _enum_type.__int__ = lambda self: int(self.value)
del _enum_type


class InputPortSelection(_enum_module.Enum):
    """Which input port a function such as Linearize() uses: none, or the
    first if there is one (else an InputPortIndex or int)."""

    kNoInput = -1
    kUseFirstInputIfItExists = -2

    def __int__(self):
        return self.value


class OutputPortSelection(_enum_module.Enum):
    """Which output port a function such as Linearize() uses."""

    kNoOutput = -1
    kUseFirstOutputIfItExists = -2

    def __int__(self):
        return self.value


@_method(CacheEntry, "has_default_prerequisites")  # noqa: F405
def _cache_entry_has_default_prerequisites(self):
    """Whether the prerequisites are the default, all sources."""
    return self.prerequisites() == {
        SystemBase.all_sources_ticket()}  # noqa: F405


def _make_vector_system(T):
    """VectorSystem on LeafSystem_[T] (T float, AutoDiffXd or Expression)."""
    is_float = T is float

    def vector(values, size=None):
        """A numpy vector of T: float64 for float, else objects of T."""
        if size is not None:
            return _np.zeros(size) if is_float else \
                _np.array([T(0.0)] * size, dtype=object).reshape(size)
        return _np.asarray(values, dtype=float if is_float else object)

    class VectorSystem(LeafSystem_[T]):  # noqa: F405
        """A LeafSystem with (at most) one vector input "u0" and one vector
        output "y0", for subclasses that override DoCalcVectorOutput(context,
        u, x, y) and, with continuous state (DeclareContinuousState),
        DoCalcVectorTimeDerivatives(context, u, x, xdot); y and xdot are
        numpy arrays of the scalar (dtype object off float) to fill. Without
        direct feedthrough (direct_feedthrough=False), the output is computed
        from the state only and u is empty there. Like the reference's, a
        VectorSystem written in Python does not convert scalars
        (ToAutoDiffXd() raises): instantiate VectorSystem_[T] for the scalar
        it is to run on."""

        def __init__(self, input_size, output_size, direct_feedthrough=None):
            LeafSystem_[T].__init__(self)  # noqa: F405
            if input_size < 0 or output_size < 0:
                raise ValueError("VectorSystem(): sizes must be non-negative")
            self._vs_feedthrough = direct_feedthrough is not False
            self._vs_input = (self.DeclareVectorInputPort("u0", input_size)
                              if input_size > 0 else None)
            self._vs_output_size = output_size
            if output_size > 0:
                kwargs = {}
                if not self._vs_feedthrough:
                    kwargs["prerequisites_of_calc"] = {
                        self.all_state_ticket(), self.all_parameters_ticket(),
                        self.time_ticket()}
                self.DeclareVectorOutputPort("y0", output_size,
                                             self._VectorSystemCalcOutput,
                                             **kwargs)

        def _vs_u(self, context):
            if self._vs_input is None:
                return vector(None, 0)
            return vector(self._vs_input.Eval(context))

        @staticmethod
        def _vs_x(context):
            if context.num_continuous_states() > 0:
                return vector(
                    context.get_continuous_state_vector().CopyToVector())
            if context.num_discrete_state_groups() == 1:
                return vector(context.get_discrete_state(0).CopyToVector())
            return vector(None, 0)

        def _VectorSystemCalcOutput(self, context, output):
            u = self._vs_u(context) if self._vs_feedthrough else \
                vector(None, 0)
            y = vector(None, self._vs_output_size)
            self.DoCalcVectorOutput(context, u, self._vs_x(context), y)
            output.SetFromVector(y)

        def DoCalcTimeDerivatives(self, context, derivatives):
            x = self._vs_x(context)
            xdot = vector(None, x.size)
            self.DoCalcVectorTimeDerivatives(context, self._vs_u(context), x,
                                             xdot)
            derivatives.SetFromVector(xdot)

        def DoCalcVectorOutput(self, context, u, x, y):
            raise RuntimeError(f"{type(self).__name__}: a VectorSystem with "
                               "an output must override DoCalcVectorOutput")

        def DoCalcVectorTimeDerivatives(self, context, u, x, xdot):
            raise RuntimeError(f"{type(self).__name__}: a VectorSystem with "
                               "continuous state must override "
                               "DoCalcVectorTimeDerivatives")

    return VectorSystem


from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402

VectorSystem_ = _TemplateClass("VectorSystem_", scope=__name__)
for _param in LeafSystem_.param_list:  # noqa: F405
    _cls = _make_vector_system(_param[0])
    _cls.__module__ = __name__
    _cls.__qualname__ = _cls.__name__  # not the factory's <locals>
    VectorSystem_.add_instantiation(_param, _cls,
                                    skip_rename=_param == (float,))
VectorSystem = VectorSystem_[float]
del _param, _cls


@_method(System, "IsDifferentialEquationSystem")  # noqa: F405
def _system_is_differential_equation_system(self):
    """True if the state is governed by differential equations only: no
    discrete or abstract state."""
    return self.num_discrete_state_groups() == 0 and \
        self.num_abstract_states() == 0


# The members above written in Python, on every scalar's Context_ and
# System_.
for _param in (_AutoDiffXd, _Expression):
    for _name, _function in (
            ("SetAbstractState", _context_set_abstract_state),
            ("has_only_continuous_state", _context_has_only_continuous_state),
            ("has_only_discrete_state", _context_has_only_discrete_state),
            ("num_total_states", _context_num_total_states)):
        setattr(Context_[_param], _name, _function)  # noqa: F405
    for _name, _function in (
            ("IsDifferentialEquationSystem",
             _system_is_differential_equation_system),
            ("FixInputPortsFrom", _system_fix_input_ports_from)):
        setattr(System_[_param], _name, _function)  # noqa: F405
    VectorBase_[_param].SetFrom = _vector_set_from  # noqa: F405
    VectorBase_[_param].PlusEqScaled = _vector_plus_eq_scaled  # noqa: F405
    DiscreteValues_[_param].get_data = _discrete_get_data  # noqa: F405

    def _eval_scalar_basic_vector(self, context, _param=_param):
        """The port's value as a BasicVector_ of the port's scalar (a
        copy; the port must be vector-valued)."""
        if self.get_data_type() != PortDataType.kVectorValued:  # noqa: F405
            raise RuntimeError("EvalBasicVector(): port "
                               f"'{self.get_name()}' is abstract-valued")
        return BasicVector_[_param](self.Eval(context))  # noqa: F405

    for _port in (InputPort_, OutputPort_):  # noqa: F405
        _port[_param].EvalBasicVector = _eval_scalar_basic_vector
del _param, _name, _function, _port, _eval_scalar_basic_vector


# -- Scalar conversion, copies, visitors -------------------------------------

# SystemScalarConverter.IsConvertible[T, U](): whether a System_[U] converts
# to a System_[T]; the scalars ossa's framework is instantiated on, and the
# conversions between them.
_template = _TemplateMethod("IsConvertible", SystemScalarConverter)  # noqa
_template.add_instantiation(
    (_AutoDiffXd, float),
    lambda self: self._IsConvertibleToAutoDiffXdFromFloat())
_template.add_instantiation(
    (float, _AutoDiffXd),
    lambda self: self._IsConvertibleToFloatFromAutoDiffXd())
SystemScalarConverter.IsConvertible = _template  # noqa: F405
SystemScalarConverter.SupportedScalars = (float, _AutoDiffXd)  # noqa: F405
SystemScalarConverter.SupportedConversionPairs = (  # noqa: F405
    (_AutoDiffXd, float), (float, _AutoDiffXd))
del _template


@_method(System, "Clone")  # noqa: F405
def _system_clone(self):
    """A deep copy of this system (same type and name), made by converting
    it to AutoDiffXd and back; raises RuntimeError if the system does not
    support scalar conversion (a LeafSystem subclassed in Python, for one).
    Contexts of the original do not work with the copy."""
    converted = self.ToAutoDiffXdMaybe()
    copy = None if converted is None else converted._ToFloatMaybe()
    if copy is None:
        raise RuntimeError(
            f"System.Clone(): {self.GetSystemType()} '{self.get_name()}' "
            "does not support scalar conversion, which Clone() uses")
    return copy


# System_[AutoDiffXd].ToScalarType[float]() and ToScalarTypeMaybe[float]().
def _ad_to_float(self):
    result = self._ToFloatMaybe()
    if result is None:
        raise RuntimeError(
            f"ToScalarType[float](): {self.GetSystemType()} "
            f"'{self.get_name()}' does not support conversion to float")
    return result


for _name, _convert in (("ToScalarType", _ad_to_float),
                        ("ToScalarTypeMaybe",
                         lambda self: self._ToFloatMaybe())):
    _template = _TemplateMethod(_name, System_[_AutoDiffXd])  # noqa: F405
    _template.add_instantiation(float, _convert)
    setattr(System_[_AutoDiffXd], _name, _template)  # noqa: F405
    # System_[Expression] converts to float and to AutoDiffXd.
    _template = _TemplateMethod(_name, System_[_Expression])  # noqa: F405
    _template.add_instantiation(float, _convert)
    _template.add_instantiation(
        _AutoDiffXd, (lambda c: lambda self: getattr(self, c)())(
            "ToAutoDiffXd" + _name[len("ToScalarType"):]))
    setattr(System_[_Expression], _name, _template)  # noqa: F405
del _name, _convert, _template

System.__copy__ = lambda self: self.Clone()  # noqa: F405
System.__deepcopy__ = lambda self, memo: self.Clone()  # noqa: F405


@staticmethod
def _value_producer_noop_calc(context, value):
    """A calc callback that computes nothing (the value keeps what its
    allocation gave it)."""


ValueProducer.NoopCalc = _value_producer_noop_calc  # noqa: F405


# -- Graphviz ----------------------------------------------------------------
# The reference's Graphviz layout: a leaf is an HTML-like table (a header,
# then input ports on the left and output ports on the right); a Diagram is a
# cluster holding its exported input and output ports, its subsystems'
# fragments and the edges between their ports. Written in Python on the
# bound API so that a DoGetGraphvizFragment() overridden in Python shapes how
# its system appears inside any Diagram.


import html as _html_module  # noqa: E402


class _GraphvizFragmentParams:
    """(Advanced) The arguments of SystemBase.DoGetGraphvizFragment():
    max_depth (None: no limit), options (a dict of str), node_id (the dot
    id to use) and header_lines (the title lines of the table)."""

    def __init__(self, max_depth=None, options=None, node_id="",
                 header_lines=None):
        self.max_depth = max_depth
        self.options = {} if options is None else dict(options)
        self.node_id = node_id
        self.header_lines = [] if header_lines is None else list(
            header_lines)


class _GraphvizFragment:
    """(Advanced) What GetGraphvizFragment() returns: fragments (dot text,
    a list of str), input_ports and output_ports (the dot ids of each port,
    for edges)."""

    def __init__(self, fragments=None, input_ports=None, output_ports=None):
        self.fragments = [] if fragments is None else list(fragments)
        self.input_ports = [] if input_ports is None else list(input_ports)
        self.output_ports = [] if output_ports is None else list(
            output_ports)


_GraphvizFragmentParams.__name__ = "GraphvizFragmentParams"
_GraphvizFragmentParams.__qualname__ = "SystemBase.GraphvizFragmentParams"
_GraphvizFragment.__name__ = "GraphvizFragment"
_GraphvizFragment.__qualname__ = "SystemBase.GraphvizFragment"
SystemBase.GraphvizFragmentParams = _GraphvizFragmentParams  # noqa: F405
SystemBase.GraphvizFragment = _GraphvizFragment  # noqa: F405


def _html(text):
    """`text` escaped for Graphviz's HTML-like labels."""
    return _html_module.escape(text, quote=False)


def _graphviz_type_name(system):
    """The class name the table shows: a C++ class without its namespace
    and template arguments; a Python class as module.Class."""
    name = system.GetSystemType()
    if "::" not in name:
        return name
    bare = name.split("<", 1)[0]
    return bare.rsplit("::", 1)[-1]


def _graphviz_leaf_fragment(system, params):
    ni, no = system.num_input_ports(), system.num_output_ports()
    node = params.node_id
    lines = [f'{node} [shape=none, border=0, label=<\n'
             '<TABLE BORDER="0" CELLSPACING="0">\n'
             '<TR><TD BORDER="1" COLSPAN="2">\n'
             + "<BR/>\n".join(params.header_lines) + "\n</TD></TR>\n"]
    rows = max(ni, no)

    def cell(kind, index, count, label):
        # The last port of the shorter side spans the remaining rows; a side
        # without ports is one grey cell spanning them all.
        if count == 0:
            sides = "BL" if kind == "u" else "BR"
            return (f'<TD PORT="{kind}0" BORDER="1" COLOR="grey" '
                    f'ROWSPAN="{rows}" SIDES="{sides}"></TD>\n')
        span = rows - count + 1 if index == count - 1 else 1
        spanning = f'ROWSPAN="{span}"' if span > 1 else ""
        return f'<TD PORT="{kind}{index}" BORDER="1" {spanning}>{label}</TD>\n'

    for r in range(rows):
        lines.append("<TR>\n")
        if r < ni or (ni == 0 and r == 0):
            name = _html(system.get_input_port(r).get_name()) if ni else ""
            lines.append(cell("u", r, ni, name))
        if r < no or (no == 0 and r == 0):
            name = _html(system.get_output_port(r).get_name()) if no else ""
            lines.append(cell("y", r, no, name))
        lines.append("</TR>\n")
    lines.append("</TABLE>\n>];\n")
    return _GraphvizFragment(
        lines, [f"{node}:u{i}" for i in range(ni)],
        [f"{node}:y{i}" for i in range(no)])


def _graphviz_port_table(node, color, names):
    rows = "".join(f'<TR><TD BORDER="1" PORT="{i}">{name}</TD></TR>\n'
                   for i, name in enumerate(names))
    return (f'{node} [shape=none, label=<\n<TABLE BORDER="0" '
            f'COLOR="{color}" CELLSPACING="3" STYLE="rounded">\n{rows}'
            "</TABLE>\n>];\n")


def _graphviz_diagram_fragment(diagram, params):
    node = params.node_id
    number = node[1:]
    n_in, n_out = diagram.num_input_ports(), diagram.num_output_ports()
    in_node, out_node = f"{node}in", f"{node}out"
    lines = [f"subgraph cluster{number}diagram {{\ncolor=black\n"
             "concentrate=true\nlabel=<<TABLE BORDER=\"0\"><TR><TD>\n"
             + "<BR/>\n".join(params.header_lines) + "\n</TD></TR></TABLE>>;\n"]
    for count, cluster, label, table_node, color, port in (
            (n_in, "in", "input ports", in_node, "blue",
             diagram.get_input_port),
            (n_out, "out", "output ports", out_node, "green",
             diagram.get_output_port)):
        if count:
            lines.append(
                f"subgraph clusters{number}{cluster} {{\nrank=same\n"
                f"color=lightgrey\nstyle=filled\nlabel=\"{label}\"\n"
                + _graphviz_port_table(table_node, color, [
                    _html(port(i).get_name()) for i in range(count)])
                + "}\n")
    lines.append(f"subgraph cluster{number}subsystems {{\ncolor=white\n"
                 "label=\"\"\n")
    depth = None if params.max_depth is None else params.max_depth - 1
    subsystems = diagram.GetSystems()
    fragments = {}
    for s in subsystems:
        # As in the reference, the options are the Diagram's own: the
        # subsystems get none.
        fragment = s.GetGraphvizFragment(max_depth=depth)
        fragments[id(s)] = fragment
        lines.extend(fragment.fragments)
    order = {id(s): i for i, s in enumerate(subsystems)}
    connections = sorted(
        diagram.connection_map().items(),
        key=lambda kv: (order[id(kv[0][0])], int(kv[0][1])))
    for (dst, dst_port), (src, src_port) in connections:
        lines.append(
            f"{fragments[id(src)].output_ports[int(src_port)]}:e -> "
            f"{fragments[id(dst)].input_ports[int(dst_port)]}:w\n")
    for i in range(n_in):
        for dst, dst_port in diagram.GetInputPortLocators(
                InputPortIndex(i)):  # noqa: F405
            lines.append(
                f"{in_node}:{i}:e -> "
                f"{fragments[id(dst)].input_ports[int(dst_port)]}:w "
                "[color=blue];\n")
    for i in range(n_out):
        src, src_port = diagram.get_output_port_locator(
            OutputPortIndex(i))  # noqa: F405
        lines.append(
            f"{fragments[id(src)].output_ports[int(src_port)]}:e -> "
            f"{out_node}:{i}:w [color=green];\n")
    lines.append("}\n}\n")
    return _GraphvizFragment(lines, [f"{in_node}:{i}" for i in range(n_in)],
                             [f"{out_node}:{i}" for i in range(n_out)])


@_method(SystemBase, "DoGetGraphvizFragment")  # noqa: F405
def _system_do_get_graphviz_fragment(self, params):
    """The Graphviz fragment of this system; override to customize how it
    appears (the default honours max_depth and ignores options)."""
    if isinstance(self, (Diagram_[float],  # noqa: F405
                         Diagram_[_AutoDiffXd],  # noqa: F405
                         Diagram_[_Expression])) and (  # noqa: F405
            params.max_depth is None or params.max_depth > 0):
        return _graphviz_diagram_fragment(self, params)
    return _graphviz_leaf_fragment(self, params)


@_method(SystemBase, "GetGraphvizFragment")  # noqa: F405
def _system_get_graphviz_fragment(self, max_depth=None, options={}):
    """(Advanced) Like GetGraphvizString() without the enclosing digraph:
    a GraphvizFragment."""
    if max_depth is not None and max_depth < 0:
        raise RuntimeError("GetGraphvizFragment(): max_depth must be "
                           f"non-negative, got {max_depth}")
    params = _GraphvizFragmentParams(
        max_depth=max_depth, options=options,
        node_id=f"s{self._system_id()}",
        header_lines=[f"<B>{_html(_graphviz_type_name(self))}</B>"]
        + ([f"name={_html(self.get_name())}"] if self.get_name() else []))
    return self.DoGetGraphvizFragment(params)


@_method(SystemBase, "GetGraphvizString")  # noqa: F405
def _system_get_graphviz_string(self, max_depth=None, options={}):
    """A Graphviz "digraph" of this system (for a Diagram: its subsystems,
    ports and connections, down to max_depth levels; None: all)."""
    fragment = self.GetGraphvizFragment(max_depth=max_depth, options=options)
    return (f"digraph _{self._system_id()} {{\nrankdir=LR\n"
            + "".join(fragment.fragments) + "}\n")


System.GetGraphvizString = _system_get_graphviz_string  # noqa: F405


# -- Random input ports (DeclareVectorInputPort(..., random_type=...)) -------
# A port declared with a random_type is recorded on the system (a LeafSystem
# subclass made in Python), where AddRandomInputs (ossa.systems.primitives)
# finds it and connects a RandomSource of that distribution.

def _wrap_declare_vector_input_port(cls):
    declare = cls.DeclareVectorInputPort

    def DeclareVectorInputPort(self, *args, **kwargs):
        """DeclareVectorInputPort(name, size | model_vector,
        random_type=None): a vector input port; with random_type (a
        RandomDistribution) the port is marked random, for
        AddRandomInputs."""
        from ossa.common import RandomDistribution
        args = list(args)
        random_type = kwargs.pop("random_type", None)
        if len(args) == 3:
            random_type = args.pop()
        if random_type is not None and not isinstance(random_type,
                                                      RandomDistribution):
            raise TypeError(
                "DeclareVectorInputPort(): random_type must be a "
                f"RandomDistribution or None, got {random_type!r}")
        if random_type is not None and not hasattr(self, "__dict__"):
            raise TypeError(
                "DeclareVectorInputPort(): random input ports need a "
                "LeafSystem subclass defined in Python")
        port = declare(self, *args, **kwargs)
        if random_type is not None:
            self.__dict__.setdefault("_ossa_random_input_ports", {})[
                int(port.get_index())] = random_type
        return port

    DeclareVectorInputPort.__qualname__ = \
        f"{cls.__name__}.DeclareVectorInputPort"
    cls.DeclareVectorInputPort = DeclareVectorInputPort


for _param in LeafSystem_.param_list:  # noqa: F405
    if hasattr(LeafSystem_[_param], "DeclareVectorInputPort"):  # noqa: F405
        _wrap_declare_vector_input_port(LeafSystem_[_param])  # noqa: F405
del _param
