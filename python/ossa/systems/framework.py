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


# System.ToScalarType[U]() and ToScalarTypeMaybe[U]().
for _name, _convert in (("ToScalarType", "ToAutoDiffXd"),
                        ("ToScalarTypeMaybe", "ToAutoDiffXdMaybe")):
    _template = _TemplateMethod(_name, System)  # noqa: F405
    _template.add_instantiation(
        _AutoDiffXd, (lambda convert: lambda self: getattr(self, convert)())(
            _convert))
    setattr(System, _name, _template)  # noqa: F405
del _name, _convert, _template

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
