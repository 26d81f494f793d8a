"""The library the command runs on.

The command is written on the API that ossa shares with the reference
toolkit, so the same code runs on either: ossa by default, the reference
toolkit's Python package (if installed) with ``--library reference`` or the
environment variable OSSA_CLI_LIBRARY=reference. That lets a user, and the
test suite, compare the two libraries on the same model with the same
command (``ossa bench --compare`` times both).
"""

import importlib
import os
import types

LIBRARIES = ("ossa", "reference")

_ROOT_PACKAGE = {"ossa": "ossa", "reference": "pydrake"}

_MODULES = {
    "plant": "multibody.plant",
    "parsing": "multibody.parsing",
    "tree": "multibody.tree",
    "framework": "systems.framework",
    "analysis": "systems.analysis",
    "geometry": "geometry",
    "math": "math",
}


class CliError(Exception):
    """An error reported to the user as one line, without a traceback."""


def default_name():
    value = os.environ.get("OSSA_CLI_LIBRARY", "ossa")
    if value not in LIBRARIES:
        raise CliError(f"OSSA_CLI_LIBRARY must be one of {LIBRARIES}, "
                       f"not '{value}'")
    return value


def load(name=None):
    """A namespace with the library's modules (plant, parsing, tree,
    framework, analysis, geometry, math) and its `name`."""
    name = name or default_name()
    root = _ROOT_PACKAGE[name]
    try:
        modules = {
            key: importlib.import_module(f"{root}.{path}")
            for key, path in _MODULES.items()
        }
    except ImportError as e:
        raise CliError(f"the {name} library is not available ({e})") from e
    return types.SimpleNamespace(name=name, **modules)
