"""Every Python example in examples/python runs to the end; each checks
its own result (a closed form, an identity or finite differences) with an
assert, so a wrong number fails the test."""

import ast
import importlib
import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = (pathlib.Path(__file__).resolve().parents[3] / "examples" /
            "python")


def _missing_names(path):
    """The ossa names the example imports, and the MultibodyPlant methods it
    calls (as `plant.Name`), that do not exist (yet)."""
    missing = []
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module.startswith("ossa"):
            module = importlib.import_module(node.module)
            missing += [f"{node.module}.{alias.name}" for alias in node.names
                        if not hasattr(module, alias.name)]
    plant_class = getattr(importlib.import_module("ossa.multibody.plant"),
                          "MultibodyPlant", None)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and
                isinstance(node.value, ast.Name) and node.value.id == "plant"
                and not hasattr(plant_class, node.attr)):
            missing.append(f"MultibodyPlant.{node.attr}")
    return sorted(set(missing))


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs(name):
    path = EXAMPLES / name
    missing = _missing_names(path)
    if missing:
        # Transitional: examples written ahead of their bindings.
        pytest.skip(f"not bound yet: {', '.join(missing)}")
    result = subprocess.run([sys.executable, str(path)], capture_output=True,
                            text=True, timeout=600, env=dict(os.environ))
    assert result.returncode == 0, result.stdout + result.stderr
