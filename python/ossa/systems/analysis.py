"""ossa.systems.analysis: mirrors the reference module of the same name."""

from ossa._ext.systems_analysis import *  # noqa: F401,F403
