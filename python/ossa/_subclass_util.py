"""Python subclasses of bound classes (LeafSystem, Diagram, Trajectory):
a subclass whose __init__ does not call the base class's __init__ raises
TypeError when constructed, as in the reference, instead of failing later
on first use."""

import functools

from ossa._ext.common import _instance_ready


def _display_name(cls):
    name = cls.__name__
    if name.endswith("_[float]"):
        name = name[:-len("_[float]")]
    return f"{cls.__module__}.{name}"


def require_base_init(base):
    """Wraps the __init__ of every Python subclass of `base` with a check
    that the instance's C++ part was constructed."""
    message = f"{_display_name(base)}.__init__() must be called when " \
              "overriding __init__"

    def __init_subclass__(sub, **kwargs):
        init = sub.__dict__.get("__init__")
        if init is None or getattr(init, "_ossa_checked", False):
            return

        @functools.wraps(init)
        def checked_init(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if not _instance_ready(self):
                raise TypeError(message)

        checked_init._ossa_checked = True
        sub.__init__ = checked_init

    base.__init_subclass__ = classmethod(__init_subclass__)
