"""Bindings for ossa/common: index types, values, logging, version."""

from ossa._ext.common import *  # noqa: F401,F403
