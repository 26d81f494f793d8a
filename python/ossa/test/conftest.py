"""Fixtures shared by the test modules (which cannot import one another)."""

import logging
import pathlib
import sys

import pytest


@pytest.fixture
def quiet_logs():
    """Raises the "ossa" and "drake" loggers to ERROR for one test: the
    parsers' and plants' expected warnings stay out of the output."""
    levels = {}
    for name in ("ossa", "drake"):
        levels[name] = logging.getLogger(name).level
        logging.getLogger(name).setLevel(logging.ERROR)
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


# peer_modules.py and scenes.py (helpers the tests import) live beside this
# file; the importlib import mode does not put test folders on sys.path.
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
