"""Helpers for bound C++ structs (config structs): ``__fields__`` for the
typed YAML functions of ossa.common.yaml, and a repr listing the fields, as
the reference's structs have."""

import copy
import types


def add_struct_fields(cls, fields, *, add_repr=True):
    """Gives the bound struct `cls` a ``__fields__`` tuple (entries with
    .name and .type, in declaration order) built from `fields`, a list of
    (name, type), and (with add_repr) a ``__repr__`` "Name(field=value,
    ...)"."""
    for name, _ in fields:
        if not hasattr(cls, name):
            raise AttributeError(
                f"add_struct_fields(): {cls.__name__} has no field {name!r}")
    cls.__fields__ = tuple(types.SimpleNamespace(name=name, type=type_)
                           for name, type_ in fields)

    def __repr__(self):
        inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                          for f in type(self).__fields__)
        return f"{type(self).__name__}({inner})"

    if add_repr:
        cls.__repr__ = __repr__


def fields_of(*pairs):
    """A ``__fields__`` tuple from (name, type) pairs."""
    return tuple(types.SimpleNamespace(name=n, type=t) for n, t in pairs)


def _field_property(name):
    key = "_field_" + name

    def get(self):
        try:
            return self.__dict__[key]
        except KeyError:
            raise AttributeError(name) from None

    def set_(self, value):
        self.__dict__[key] = value

    return property(get, set_, doc=f"The field '{name}'.")


def add_field_properties(cls):
    """Makes each field of ``cls.__fields__`` a property of the class (as
    the reference's bound structs have), so that the class lists its
    fields; __setattr__ overrides that check values still run first."""
    for field in cls.__dict__.get("__fields__", ()):
        if not isinstance(cls.__dict__.get(field.name), property):
            setattr(cls, field.name, _field_property(field.name))


class FieldStruct:
    """A struct written in Python after one of the reference's bound C++
    structs: its fields in ``__fields__`` (read and written by
    ossa.common.yaml), each a property; defaults from ``_defaults()``;
    constructed from keywords (and, when ``_positional`` is true, from
    positional values or a copy of another instance); printed as
    Name(field=value, ...); copied field by field, deeply, as a C++ copy."""

    __fields__ = ()
    _positional = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        add_field_properties(cls)

    def __init__(self, *args, **kwargs):
        for name, default in self._defaults().items():
            setattr(self, name, default)
        names = [f.name for f in type(self).__fields__]
        if args and not self._positional:
            raise TypeError(f"{type(self).__name__}() takes keyword "
                            "arguments only")
        if len(args) == 1 and not kwargs and isinstance(args[0], type(self)):
            for name in names:
                setattr(self, name, copy.deepcopy(getattr(args[0], name)))
            return
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes at most "
                            f"{len(names)} positional arguments")
        for name, value in zip(names, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            if name not in names:
                raise TypeError(f"{type(self).__name__}() got an unexpected "
                                f"keyword argument '{name}'")
            setattr(self, name, value)

    def _defaults(self):
        return {}

    def __repr__(self):
        inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                          for f in type(self).__fields__)
        return f"{type(self).__name__}({inner})"

    def __copy__(self):
        return self.__deepcopy__({})

    def __deepcopy__(self, memo):
        result = object.__new__(type(self))
        for f in type(self).__fields__:
            setattr(result, f.name, copy.deepcopy(getattr(self, f.name),
                                                    memo))
        return result
