"""ossa.systems.primitives: mirrors the reference module of the same name."""

from ossa._ext.systems_primitives import *  # noqa: F401,F403
