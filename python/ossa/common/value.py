"""Type-erased values, after the reference module of the same name.

``AbstractValue`` holds a value of any type; ``Value[T]`` is the
instantiation for T (a TemplateClass): ``Value[float]``, ``Value[int]``,
``Value[bool]``, ``Value[str]``, ``Value[np.ndarray]`` (a float vector) and
``Value[object]`` (any Python object, deep-copied when the value is cloned).
Other modules add ``Value[T]`` for their own types.
``AbstractValue.Make(v)`` picks ``Value[type(v)]`` or, failing that,
``Value[object]``.
"""

from ossa._ext.common import AbstractValue, Value  # noqa: F401

__all__ = ["AbstractValue", "Value"]


def _deduce_value(self, *args, **kwargs):
    """Value(x) deduces the instantiation from x as AbstractValue.Make(x)
    does: Value[type(x)](x) if that instantiation exists, else
    Value[object](x). Value[T](...) constructs explicitly."""
    if len(args) != 1 or kwargs:
        raise TypeError(
            "Value(value): deduction takes exactly one positional argument; "
            "use Value[T](...) to name the type")
    return AbstractValue.Make(args[0])


class _ValueTemplateClass(type(Value)):
    """The TemplateClass of Value, callable to deduce the instantiation."""

    __call__ = _deduce_value


# It is a TemplateClass (and prints as one).
_ValueTemplateClass.__name__ = _ValueTemplateClass.__qualname__ = \
    type(Value).__name__


Value.__class__ = _ValueTemplateClass
