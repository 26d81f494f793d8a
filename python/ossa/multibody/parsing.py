"""ossa.multibody.parsing: mirrors the reference module of the same name."""

from ossa._ext.multibody_parsing import *  # noqa: F401,F403
