"""ossa: dynamics and simulation of articulated rigid-body systems.

The module layout mirrors the reference toolkit's Python package, so that a
program ports by changing its imports: ``ossa.math``, ``ossa.common``,
``ossa.autodiffutils``, ``ossa.multibody.math``, ``ossa.multibody.tree``, ...
Each of those is a thin Python module that re-exports one submodule of the
compiled extension ``ossa._ext``.
"""

import sys as _sys

from ossa import _ext

# nanobind submodules are attributes, not importable modules: register them so
# that `from ossa._ext.math import *` works in the re-exporting modules.
for _name in dir(_ext):
    _sub = getattr(_ext, _name)
    if type(_sub) is type(_ext):
        _sys.modules[f"ossa._ext.{_name}"] = _sub

__version__ = _ext.common.__version__
