"""`pip install .` end to end: builds the wheel, checks its contents and
imports it in a fresh virtual environment (no PYTHONPATH, no build tree).

It compiles the library again, in pyproject.toml's build directory
(build-<wheel tag>/ in the source tree); ccache makes that quick when the
compiler, flags and relative paths match the build the suite runs on, so the
test passes the build's own C++ compiler (scikit-build-core would otherwise
pick Python's configured one, a ccache miss)."""

import os
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

import ossa

ROOT = pathlib.Path(__file__).resolve().parents[3]


def _build_env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    # ccache keys on paths relative to the checkout, as scripts/setup.sh sets
    # for the build/ tree (its exports do not reach this process): without
    # it, build/ and the wheel's build directory hash different absolute
    # include paths and every compile misses.
    env.setdefault("CCACHE_BASEDIR", str(ROOT))
    env.setdefault("CCACHE_NOHASHDIR", "1")
    # The CMake cache of the build tree the suite imports ossa from.
    cache = pathlib.Path(ossa.__file__).resolve().parents[2] / "CMakeCache.txt"
    if "CXX" not in env and cache.exists():
        m = re.search(r"^CMAKE_CXX_COMPILER:\w+=(.+)$", cache.read_text(),
                      re.MULTILINE)
        if m:
            env["CXX"] = m.group(1).strip()
    return env


@pytest.mark.slow
def test_wheel_builds_installs_and_imports(tmp_path):
    env = _build_env()
    wheel_dir = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
         "--no-build-isolation", "-q", "-w", str(wheel_dir)],
        env=env, check=True, timeout=900, cwd=tmp_path)
    (wheel,) = wheel_dir.glob("ossa-*.whl")

    # The wheel holds the library, the extension and every Python file of
    # the package except the tests.
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "ossa/libossa.so" in names
    assert any(re.fullmatch(r"ossa/_ext\..*\.so", n) for n in names)
    package = ROOT / "python" / "ossa"
    expected = {
        "ossa/" + p.relative_to(package).as_posix()
        for p in package.rglob("*.py") if "test" not in p.parts}
    assert expected <= names, sorted(expected - names)
    assert not any("/test/" in n or n.endswith((".cc", ".h")) for n in names)
    # The bundled models, with their licenses, for the `ossa` command.
    assert {"ossa/models/drake/kuka_iiwa_robot.urdf",
            "ossa/models/drake/LICENSE.TXT"} <= names

    # A fresh venv that sees the system's numpy but not the build tree. It
    # is made without pip (no ensurepip needed, as on Debian's python3
    # without python3-venv) and filled by this interpreter's pip.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python),
                    "install", "-q", "--no-deps", "--no-index", str(wheel)],
                   env=env, check=True, timeout=300)
    script = r"""
import pathlib, sys
import numpy as np
import ossa
from ossa.autodiffutils import AutoDiffXd, InitializeAutoDiff, ExtractGradient
from ossa.common.value import Value
from ossa.multibody.tree import BodyIndex
site = pathlib.Path(ossa.__file__).parent
assert str(site).startswith(sys.prefix), (site, sys.prefix)
# libossa.so was found through the extension's $ORIGIN rpath, beside it.
maps = pathlib.Path("/proc/self/maps").read_text()
loaded = {l.split()[-1] for l in maps.splitlines() if "libossa.so" in l}
assert loaded == {str(site / "libossa.so")}, loaded
x = InitializeAutoDiff(np.array([0.5, 1.0]))
assert (ExtractGradient(np.sin(x)) == np.diag(np.cos([0.5, 1.0]))).all()
assert Value[float](2.0).get_value() == 2.0 and int(BodyIndex(3)) == 3
print(ossa.__version__)
"""
    out = subprocess.run([str(python), "-c", script], env=env, check=True,
                         capture_output=True, text=True, timeout=120,
                         cwd=tmp_path).stdout
    assert out.strip() == ossa.__version__

    # The console script is installed and runs.
    help_text = subprocess.run([str(venv / "bin" / "ossa"), "--help"],
                               env=env, check=True, capture_output=True,
                               text=True, timeout=120).stdout
    assert "simulate" in help_text and "bench" in help_text
