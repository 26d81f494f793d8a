"""ossa.systems.controllers: mirrors the reference module of the same name."""

from ossa._ext.systems_controllers import *  # noqa: F401,F403
