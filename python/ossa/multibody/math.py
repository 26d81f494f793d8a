"""ossa.multibody.math: mirrors the reference module of the same name."""

from ossa._ext.multibody_math import *  # noqa: F401,F403
