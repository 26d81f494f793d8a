"""ossa: dynamics and simulation of articulated rigid-body systems.

The module layout mirrors the reference toolkit's Python package, so that a
program ports by changing its imports: ``ossa.math``, ``ossa.common``,
``ossa.autodiffutils``, ``ossa.multibody.math``, ``ossa.multibody.tree``, ...
Each of those is a thin Python module that re-exports one submodule of the
compiled extension ``ossa._ext``.
"""

import pathlib as _pathlib
import sys as _sys

from ossa import _ext
from ossa._cpp_template import TemplateBase as _TemplateBase


def _public_module_name(ext_name):
    """ossa._ext.multibody_tree -> ossa.multibody.tree, if that module
    exists in the package (else None)."""
    parts = ext_name.split("_")
    path = _pathlib.Path(__file__).parent.joinpath(*parts)
    if path.with_suffix(".py").exists() or (path / "__init__.py").exists():
        return "ossa." + ".".join(parts)
    return None


def _adopt(sub, public):
    """Makes the classes and templates bound in the extension submodule
    `sub` report the public module that re-exports them, as the reference's
    do (repr, help, pickling by reference: the public module re-exports
    every public name of `sub`, instantiations such as "Foo_[float]"
    included)."""
    seen = set()

    def adopt_type(cls):
        if id(cls) in seen or cls.__module__ != sub.__name__:
            return
        seen.add(id(cls))
        cls.__module__ = public
        for value in list(vars(cls).values()):
            if isinstance(value, type):
                adopt_type(value)

    for value in list(vars(sub).values()):
        if isinstance(value, type):
            adopt_type(value)
        elif isinstance(value, _TemplateBase) and value._scope is sub:
            value._scope = public


def _register(module):
    """nanobind submodules are attributes, not importable modules: register
    them (nested ones too) so that `from ossa._ext.math import *` works in
    the re-exporting modules and pickle finds classes by module name."""
    for name in dir(module):
        sub = getattr(module, name)
        if type(sub) is type(module) and sub.__name__.startswith(
                module.__name__ + "."):
            _sys.modules[sub.__name__] = sub
            _register(sub)


_register(_ext)
for _name in dir(_ext):
    _sub = getattr(_ext, _name)
    if type(_sub) is type(_ext):
        _public = _public_module_name(_name)
        if _public is not None:
            _adopt(_sub, _public)

__version__ = _ext.common.__version__

# ossa.common sets up logging (C++ messages go to the "ossa" logger), so it
# is imported whatever submodule a program starts from.
from ossa import common  # noqa: E402,F401
