"""ossa.multibody.plant: mirrors the reference module of the same name."""

from ossa._ext.multibody_plant import *  # noqa: F401,F403
