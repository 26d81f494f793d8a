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

# -- Small helpers of the reference's common module --------------------------

import enum as _enum  # noqa: E402
import os as _os  # noqa: E402
import tempfile as _tempfile  # noqa: E402


class RandomDistribution(_enum.Enum):
    """The distribution of a random source: uniform on [0, 1), standard
    Gaussian, exponential with rate 1."""

    kUniform = 0
    kGaussian = 1
    kExponential = 2

    def __int__(self):
        return self.value


def CalcProbabilityDensity(distribution, x):
    """The probability density of the multivariate distribution whose
    entries are independent draws of `distribution` (a RandomDistribution)
    at the vector x: 1 inside [0, 1]ⁿ and 0 outside (kUniform),
    exp(−|x|²/2)/(2π)^(n/2) (kGaussian), exp(−Σx_i) for x ≥ 0 and 0
    otherwise (kExponential). x may hold floats or AutoDiffXd values (the
    density is then an AutoDiffXd)."""
    import math
    import numpy as np
    entries = list(np.asarray(x, dtype=object).reshape(-1))
    if not isinstance(distribution, RandomDistribution):
        raise TypeError("CalcProbabilityDensity(): distribution must be a "
                        "RandomDistribution, got "
                        f"{type(distribution).__name__}")
    is_float = all(isinstance(v, (int, float, np.floating, np.integer))
                   for v in entries)
    values = [float(v) if is_float else float(v.value()) for v in entries]
    zero = 0.0 * entries[0] if entries and not is_float else 0.0

    def exp(v):
        return math.exp(v) if is_float else v.exp()

    if distribution == RandomDistribution.kUniform:
        inside = all(0.0 <= v <= 1.0 for v in values)
        return zero + (1.0 if inside else 0.0)
    if distribution == RandomDistribution.kGaussian:
        square = sum((float(v) * float(v) if is_float else v * v)
                     for v in entries) if entries else 0.0
        return zero + exp(-0.5 * square) / \
            math.pow(2.0 * math.pi, 0.5 * len(entries))
    if any(v < 0.0 for v in values):
        return zero
    total = sum(entries[1:], entries[0]) if entries else 0.0
    return zero + exp(-total if is_float else -1.0 * total)


class ToleranceType(_enum.Enum):
    """Whether a tolerance is absolute or relative."""

    kAbsolute = 0
    kRelative = 1

    def __int__(self):
        return self.value


class Parallelism:
    """How many threads a computation may use: Parallelism() or
    Parallelism(False) is one, Parallelism(True) or Parallelism.Max() is
    the machine's hardware concurrency, Parallelism(n) is n (n >= 1)."""

    def __init__(self, parallelize=False, *, num_threads=None):
        if num_threads is None:
            if isinstance(parallelize, bool):
                num_threads = Parallelism._max_threads() if parallelize else 1
            else:
                num_threads = parallelize
        if isinstance(num_threads, bool) or not isinstance(num_threads, int):
            raise TypeError(
                f"Parallelism(): expected a bool or an int, got "
                f"{type(num_threads).__name__}")
        if num_threads < 1:
            raise ValueError(
                f"Parallelism(): num_threads must be >= 1, got {num_threads}")
        self._num_threads = num_threads

    @staticmethod
    def _max_threads():
        return max(1, _os.cpu_count() or 1)

    @staticmethod
    def Max():
        """The machine's hardware concurrency."""
        return Parallelism(num_threads=Parallelism._max_threads())

    def num_threads(self):
        return self._num_threads

    def __copy__(self):
        return Parallelism(num_threads=self._num_threads)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __repr__(self):
        return f"Parallelism(num_threads={self._num_threads})"


def GetDrakePath():
    """The folder that resource paths "drake/..." resolve into:
    os.path.join(GetDrakePath(), rel) is FindResourceOrThrow("drake/" +
    rel) (the models/drake folder of the bundled models); None when there
    are no bundled models."""
    models = GetBundledModelsPath()  # noqa: F405
    if models is None:
        return None
    path = _os.path.join(models, "drake")
    return path if _os.path.isdir(path) else None


def temp_directory():
    """A new directory for temporary files (under $TEST_TMPDIR when that is
    set, as under a test runner, else under the system's temporary
    directory). The caller removes it."""
    base = _os.environ.get("TEST_TMPDIR")
    if base:
        _os.makedirs(base, exist_ok=True)
    return _tempfile.mkdtemp(prefix="ossa_", dir=base or None)


def pretty_class_name(cls, *, use_qualname=False):
    """The name of a class as ossa prints it: a template instantiation
    shows its parameters ("RigidTransform_[AutoDiffXd]"), and the default
    instantiation of a scalar template its alias ("RigidTransform")."""
    name = cls.__qualname__ if use_qualname else cls.__name__
    if name.endswith("_[float]"):
        alias = name[:-len("_[float]")]
        module = _sys.modules.get(cls.__module__)
        if module is not None and getattr(module, alias.rsplit(".", 1)[-1],
                                          None) is cls:
            return alias
    return name


class Sha256:
    """A SHA-256 checksum (32 bytes). Sha256() is all zeros;
    Sha256.Checksum(data) hashes bytes (or a str, as UTF-8);
    Sha256.Parse(hex) reads 64 hex digits (None if malformed)."""

    def __init__(self):
        self._digest = bytes(32)

    @staticmethod
    def _from_digest(digest):
        result = Sha256()
        result._digest = bytes(digest)
        return result

    @staticmethod
    def Checksum(data):
        import hashlib
        if isinstance(data, str):
            data = data.encode("utf-8")
        return Sha256._from_digest(hashlib.sha256(data).digest())

    @staticmethod
    def Parse(sha256):
        if not isinstance(sha256, str) or len(sha256) != 64:
            return None
        try:
            return Sha256._from_digest(bytes.fromhex(sha256))
        except ValueError:
            return None

    def to_string(self):
        """The 64 lowercase hex digits."""
        return self._digest.hex()

    def __eq__(self, other):
        return isinstance(other, Sha256) and self._digest == other._digest

    def __ne__(self, other):
        return not self == other

    def __lt__(self, other):
        return self._digest < other._digest

    def __hash__(self):
        return hash(self._digest)

    def __copy__(self):
        return Sha256._from_digest(self._digest)

    def __deepcopy__(self, memo):
        return self.__copy__()


class MemoryFile:
    """A file's contents held in memory, with its extension ('.obj', or
    empty) and a name to show in messages. MemoryFile.Make(path) reads a
    file."""

    def __init__(self, contents=b"", extension="", filename_hint=""):
        if isinstance(contents, str):
            contents = contents.encode("utf-8")
        if extension and (not extension.startswith(".") or
                          len(extension) < 2):
            raise RuntimeError(
                f"MemoryFile given invalid extension. Must be empty or of "
                f"the form '.foo'; given '{extension}'.")
        self._contents = bytes(contents)
        self._extension = extension.lower()
        self._filename_hint = filename_hint
        self._sha256 = Sha256.Checksum(self._contents)

    @staticmethod
    def Make(path):
        """A MemoryFile of the file at `path` (its extension and its path
        as the hint). Raises RuntimeError if it cannot be read."""
        import pathlib
        path = pathlib.Path(path)
        try:
            contents = path.read_bytes()
        except OSError as e:
            raise RuntimeError(f"MemoryFile.Make(): cannot read '{path}': "
                               f"{e.strerror}") from e
        return MemoryFile(contents, path.suffix, str(path))

    def contents(self):
        return self._contents

    def extension(self):
        return self._extension

    def filename_hint(self):
        return self._filename_hint

    def sha256(self):
        return self._sha256

    def __copy__(self):
        return MemoryFile(self._contents, self._extension,
                          self._filename_hint)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __repr__(self):
        return (f"MemoryFile(contents={self._contents!r}, "
                f"extension={self._extension!r}, "
                f"filename_hint={self._filename_hint!r})")
