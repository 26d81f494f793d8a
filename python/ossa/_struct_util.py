"""Helpers for bound C++ structs (config structs): ``__fields__`` for the
typed YAML functions of ossa.common.yaml, and a repr listing the fields, as
the reference's structs have."""

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
