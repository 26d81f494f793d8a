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
