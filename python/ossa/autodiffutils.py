"""ossa.autodiffutils: mirrors the reference module of the same name."""

from ossa._ext.autodiffutils import *  # noqa: F401,F403
