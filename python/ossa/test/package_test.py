import importlib

import ossa

MODULES = [
    "ossa.common", "ossa.autodiffutils", "ossa.math", "ossa.multibody.math",
    "ossa.multibody.tree", "ossa.multibody.plant", "ossa.multibody.parsing",
    "ossa.systems.framework", "ossa.systems.analysis",
    "ossa.systems.primitives", "ossa.systems.controllers",
]


def test_version_comes_from_the_extension():
    # The version string is set in C++ (common_py.cc); reading it proves the
    # extension module and libossa load together.
    assert ossa.__version__ == "0.1.0"


def test_every_reference_module_imports():
    for name in MODULES:
        module = importlib.import_module(name)
        assert module.__name__ == name
