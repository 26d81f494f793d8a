"""ossa.common: version, logging control, and the submodules value
(AbstractValue, Value[T]), cpp_template and cpp_param.

Logging: ossa's C++ messages (warnings from parsers, plants, ...) go through
Python's ``logging`` module, to the logger named "ossa". Importing ossa gives
that logger a handler printing ``[ossa] [warning] message`` lines to stderr
at level INFO, unless it already has handlers (configure it before importing
ossa to take over); records propagate to the root logger as usual. ``set_log_level`` sets the C++ threshold (messages below
it are never formatted); ``use_native_cpp_logging()`` makes C++ print to
stderr directly again.
"""

import atexit as _atexit
import logging as _logging
import sys as _sys

from ossa._ext.common import *  # noqa: F401,F403
from ossa._ext.common import __version__  # noqa: F401
from ossa._ext.common import _redirect_cpp_logging_to_python
from ossa._ext.common import use_native_cpp_logging as _use_native


class _OssaFormatter(_logging.Formatter):
    """Prints like ossa's native C++ sink: "[ossa] [warning] text"."""

    _NAMES = {5: "trace", 10: "debug", 20: "info", 30: "warning",
              40: "error", 50: "critical"}

    def format(self, record):
        level = self._NAMES.get(record.levelno, record.levelname.lower())
        return f"[{record.name}] [{level}] {record.getMessage()}"


class _StderrHandler(_logging.StreamHandler):
    """Writes to whatever sys.stderr is when a message comes (as logging's
    last-resort handler does), so redirections made after import (pytest's
    capsys/capfd, contextlib.redirect_stderr) see ossa's messages."""

    def __init__(self):
        super().__init__(_sys.stderr)

    @property
    def stream(self):
        return _sys.stderr

    @stream.setter
    def stream(self, value):
        pass


def configure_logging():
    """Gives the "ossa" logger a stderr handler at level INFO if it has no
    handler yet. Records still propagate to the root logger (pytest's caplog
    sees them); a program that prints the root logger's records itself may
    remove this handler. Called when ossa.common is imported."""
    logger = _logging.getLogger("ossa")
    if logger.handlers:
        return
    handler = _StderrHandler()
    handler.setFormatter(_OssaFormatter())
    logger.addHandler(handler)
    if logger.level == _logging.NOTSET:
        logger.setLevel(_logging.INFO)


configure_logging()
_redirect_cpp_logging_to_python()
# C++ may log while the interpreter shuts down; it must not call into Python
# then.
_atexit.register(_use_native)
