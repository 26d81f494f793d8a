"""ossa.multibody.tree: mirrors the reference module of the same name."""

from ossa._ext.multibody_tree import *  # noqa: F401,F403

# The reference binds CalcSpatialInertia(shape, density) in this module; it is
# computed by the geometry layer.
from ossa._ext.geometry import CalcSpatialInertia  # noqa: E402,F401
