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


class VectorSystem(LeafSystem):  # noqa: F405
    """A LeafSystem with (at most) one vector input "u0" and one vector
    output "y0", for subclasses that override DoCalcVectorOutput(context,
    u, x, y) and, with continuous state (DeclareContinuousState),
    DoCalcVectorTimeDerivatives(context, u, x, xdot); y and xdot are numpy
    arrays to fill. Without direct feedthrough (direct_feedthrough=False),
    the output is computed from the state only and u is empty there."""

    def __init__(self, input_size, output_size, direct_feedthrough=None):
        LeafSystem.__init__(self)  # noqa: F405
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
            return _np.zeros(0)
        return _np.asarray(self._vs_input.Eval(context), dtype=float)

    @staticmethod
    def _vs_x(context):
        if context.num_continuous_states() > 0:
            return _np.asarray(
                context.get_continuous_state_vector().CopyToVector())
        if context.num_discrete_state_groups() == 1:
            return _np.asarray(context.get_discrete_state(0).CopyToVector())
        return _np.zeros(0)

    def _VectorSystemCalcOutput(self, context, output):
        u = self._vs_u(context) if self._vs_feedthrough else _np.zeros(0)
        y = _np.zeros(self._vs_output_size)
        self.DoCalcVectorOutput(context, u, self._vs_x(context), y)
        output.SetFromVector(y)

    def DoCalcTimeDerivatives(self, context, derivatives):
        x = self._vs_x(context)
        xdot = _np.zeros(x.size)
        self.DoCalcVectorTimeDerivatives(context, self._vs_u(context), x,
                                         xdot)
        derivatives.SetFromVector(xdot)

    def DoCalcVectorOutput(self, context, u, x, y):
        raise RuntimeError(f"{type(self).__name__}: a VectorSystem with an "
                           "output must override DoCalcVectorOutput")

    def DoCalcVectorTimeDerivatives(self, context, u, x, xdot):
        raise RuntimeError(f"{type(self).__name__}: a VectorSystem with "
                           "continuous state must override "
                           "DoCalcVectorTimeDerivatives")


from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402

VectorSystem_ = _TemplateClass("VectorSystem_", scope=__name__)
VectorSystem_.add_instantiation(float, VectorSystem, skip_rename=True)
VectorSystem.__module__ = __name__


@_method(System, "IsDifferentialEquationSystem")  # noqa: F405
def _system_is_differential_equation_system(self):
    """True if the state is governed by differential equations only: no
    discrete or abstract state."""
    return self.num_discrete_state_groups() == 0 and \
        self.num_abstract_states() == 0
