"""ossa.math: mirrors the reference module of the same name."""

from ossa._ext.math import *  # noqa: F401,F403
