"""ossa: dynamics and simulation of articulated rigid-body systems.

The module layout mirrors the reference toolkit's Python package, so that a
program ports by changing its imports: ``ossa.math``, ``ossa.common``,
``ossa.autodiffutils``, ``ossa.multibody.math``, ``ossa.multibody.tree``, ...
"""

from ossa._ext import common as _common

__version__ = _common.__version__
