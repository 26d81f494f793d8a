"""ossa.systems.framework: mirrors the reference module of the same name."""

from ossa._ext.systems_framework import *  # noqa: F401,F403
