"""Containers, after the reference module of the same name.

``namedview(name, fields)`` makes a class that views a vector (a list or a
numpy array, shared, not copied) through named properties:
``MyView([1.0, 2.0]).x``. ``EqualToDict`` is a dict whose keys are compared
with ``EqualTo`` (symbolic objects, whose ``==`` builds a formula).
"""

import re

__all__ = ["EqualToDict", "NamedViewBase", "namedview"]


class _EqualToKey:
    """Wraps a dict key: hashed by hash(key), compared by key.EqualTo."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __hash__(self):
        return hash(self.value)

    def __eq__(self, other):
        if not isinstance(other, _EqualToKey):
            return NotImplemented
        equal_to = getattr(self.value, "EqualTo", None)
        if equal_to is None:
            raise TypeError(
                f"EqualToDict: key {self.value!r} of type "
                f"{type(self.value).__name__} has no EqualTo() method")
        return type(other.value) is type(self.value) and bool(
            equal_to(other.value))


class EqualToDict(dict):
    """A dict whose keys are compared with ``key.EqualTo(other)`` instead
    of ``==``, and hashed with ``hash(key)``. Keys must have EqualTo."""

    def __init__(self, *args, **kwargs):
        super().__init__()
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def __getitem__(self, key):
        return dict.__getitem__(self, _EqualToKey(key))

    def __setitem__(self, key, value):
        dict.__setitem__(self, _EqualToKey(key), value)

    def __delitem__(self, key):
        dict.__delitem__(self, _EqualToKey(key))

    def __contains__(self, key):
        return dict.__contains__(self, _EqualToKey(key))

    def get(self, key, default=None):
        return dict.get(self, _EqualToKey(key), default)

    def pop(self, key, *default):
        return dict.pop(self, _EqualToKey(key), *default)

    def keys(self):
        return [k.value for k in dict.keys(self)]

    def items(self):
        return [(k.value, v) for k, v in dict.items(self)]

    def __iter__(self):
        return iter(self.keys())

    def raw(self):
        """A plain dict with the same keys and values."""
        return dict(self.items())

    def __repr__(self):
        return "EqualToDict(" + repr(self.raw()) + ")"


class _SizeError(ValueError, AssertionError):
    """A view of the wrong number of values (an AssertionError as in the
    reference, and a ValueError as the input is wrong)."""


class NamedViewBase:
    """Base of the classes made by ``namedview``: a view of a sequence of
    ``len(get_fields())`` values with one property per field."""

    _fields = ()

    def __init__(self, value):
        if len(value) != len(self._fields):
            raise _SizeError(
                f"{type(self).__name__}: expected {len(self._fields)} "
                f"values (fields {list(self._fields)}), got {len(value)}")
        object.__setattr__(self, "_value", value)

    @classmethod
    def get_fields(cls):
        """The field names, in order."""
        return cls._fields

    @classmethod
    def Zero(cls):
        """A view of a new list of zeros."""
        return cls([0] * len(cls._fields))

    def __getitem__(self, i):
        return self._value[i]

    def __setitem__(self, i, value_i):
        self._value[i] = value_i

    def __len__(self):
        return len(self._value)

    def __iter__(self):
        return iter(self._value)

    def __setattr__(self, name, value):
        if name not in self._fields:
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r} (fields: "
                f"{list(self._fields)})")
        object.__setattr__(self, name, value)

    def __str__(self):
        inner = ", ".join(f"{f}={self._value[i]!r}"
                          for i, f in enumerate(self._fields))
        return f"{type(self).__name__}({inner})"

    def __repr__(self):
        return "<" + str(self) + ">"


def _sanitize(name):
    name = re.sub(r"[^0-9a-zA-Z_]", "_", name)
    if not name or name[0].isdigit():
        name = "_" + name
    return name


def _field_property(index):
    def get(self):
        return self._value[index]

    def set(self, value):
        self._value[index] = value

    return property(get, set)


def namedview(name, fields, *, sanitize_field_names=True):
    """Makes a subclass of NamedViewBase called `name` whose instances view
    a vector through one property per field. With `sanitize_field_names`,
    characters not allowed in identifiers become '_' ("a.b" -> "a_b");
    else such a name raises ValueError. Field names must be unique."""
    fields = [str(f) for f in fields]
    if sanitize_field_names:
        fields = [_sanitize(f) for f in fields]
    for f in fields:
        if not f.isidentifier():
            raise ValueError(f"namedview(): field {f!r} is not an identifier")
    if len(set(fields)) != len(fields):
        raise ValueError(f"namedview(): duplicate field names in {fields}")
    namespace = {"_fields": tuple(fields), "__slots__": ()}
    for index, field in enumerate(fields):
        namespace[field] = _field_property(index)
    return type(name, (NamedViewBase,), namespace)
