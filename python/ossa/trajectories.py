"""ossa.trajectories: mirrors the reference module of the same name."""

from ossa._ext.trajectories import *  # noqa: F401,F403
