"""ossa.multibody.tree: mirrors the reference module of the same name."""

from ossa._ext.multibody_tree import *  # noqa: F401,F403
