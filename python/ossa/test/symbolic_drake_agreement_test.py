"""The acrobot's symbolic equations of motion in ossa and in the reference,
evaluated: ossa's M(q), C(q, v)·v and τ_g(q) as expressions (the compiled
core's kernels on Expression, printed evaluated by the example program
examples/symbolic_equations_of_motion.cc --evaluate) against the
reference's MultibodyPlant.ToSymbolic() with q and v as variables, evaluated
at the same random states."""

import json
import pathlib
import subprocess

import numpy as np
import pytest

import ossa
from peer_modules import symbolic_acrobot  # noqa: E402

_BUILD = pathlib.Path(ossa.__file__).resolve().parents[2]
_EXAMPLE = _BUILD / "examples" / "symbolic_equations_of_motion"


@pytest.fixture(scope="module")
def reference_acrobot():
    """The reference's symbolic acrobot: (M, Cv, tau_g, q, v, symbolic
    module) with q and v variables."""
    pytest.importorskip("pydrake")
    return symbolic_acrobot("pydrake")


@pytest.mark.skipif(not _EXAMPLE.exists(),
                    reason="the example program is not built beside ossa")
def test_acrobot_agrees_with_reference_symbolic_plant(reference_acrobot):
    M, Cv, tau_g, q, v, sym = reference_acrobot
    rng = np.random.default_rng(3)
    for _ in range(10):
        state = rng.uniform(-3, 3, 4)
        out = subprocess.run(
            [str(_EXAMPLE), "--evaluate", *[repr(float(x)) for x in state]],
            check=True, capture_output=True, text=True).stdout
        ours = json.loads(out.strip().splitlines()[-1])
        env = {q[0]: state[0], q[1]: state[1], v[0]: state[2],
               v[1]: state[3]}
        # Both sides evaluate the same mechanics by different arithmetic on
        # O(10) values: 1e-12.
        np.testing.assert_allclose(ours["M"], sym.Evaluate(M, env),
                                   rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            ours["Cv"], sym.Evaluate(Cv.reshape(-1, 1), env).ravel(),
            rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            ours["tau_g"], sym.Evaluate(tau_g.reshape(-1, 1), env).ravel(),
            rtol=0, atol=1e-12)
