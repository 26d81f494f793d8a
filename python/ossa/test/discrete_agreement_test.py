"""Discrete MultibodyPlant steps against pydrake: 1 ms steps of the
acrobot and the 7-dof arm of drake_agreement_test.py, built by the same
functions in both libraries.

Without contact, PD control or active joint limits the reference's steps
are a direct solve (M + h·D)·v[n+1] = M·v[n] + h·(τ_g − C·v + τ) for its
default ("lagged") approximation and v[n+1] = v[n] + h·M⁻¹·(τ_g − C·v − D·v
+ τ) for TAMSI, with q[n+1] = q[n] + h·N(q[n])·v[n+1]; ossa's steps are the
same maps (see ossa/multibody/plant/discrete_step_solver.h), so the states
agree to round-off amplified over the run — 1e-8 is the required
tolerance."""

import importlib.util
import pathlib

import numpy as np
import pytest

pytest.importorskip("pydrake")


def _load_shared():
    """The model builders and helpers of drake_agreement_test.py (a sibling
    file, not a package: load it by path)."""
    path = pathlib.Path(__file__).with_name("drake_agreement_test.py")
    spec = importlib.util.spec_from_file_location("_drake_agreement_shared",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_shared = _load_shared()
DRAKE, MODELS, OSSA = _shared.DRAKE, _shared.MODELS, _shared.OSSA
Pair, assert_agree = _shared.Pair, _shared.assert_agree


def simulate_discrete(lib, builder, x0, t_final, approximation=None):
    plant = lib.plant.MultibodyPlant(1e-3)
    builder(lib, plant)
    if approximation is not None:
        plant.set_discrete_contact_approximation(
            getattr(lib.plant.DiscreteContactApproximation, approximation))
    plant.Finalize()
    simulator = lib.analysis.Simulator(plant)
    context = simulator.get_mutable_context()
    plant.SetPositionsAndVelocities(context, x0)
    simulator.AdvanceTo(t_final)
    return plant.GetPositionsAndVelocities(context)


def has_approximation_binding():
    return hasattr(OSSA.plant.MultibodyPlant,
                   "set_discrete_contact_approximation")


@pytest.mark.parametrize("approximation", [None, "kTamsi"])
@pytest.mark.parametrize("model", ["acrobot", "serial_arm"])
def test_discrete_simulation(model, approximation):
    """1 s of free motion under gravity and joint damping, 1000 steps."""
    if approximation is not None and not has_approximation_binding():
        pytest.skip("set_discrete_contact_approximation is not bound yet")
    builder = MODELS[model]
    rng = np.random.default_rng(42)
    pair = Pair(builder)
    q, v = pair.random_state(rng)
    x0 = np.concatenate([q, 0.3 * v])
    ours = simulate_discrete(OSSA, builder, x0, 1.0, approximation)
    theirs = simulate_discrete(DRAKE, builder, x0, 1.0, approximation)
    assert np.max(np.abs(theirs - x0)) > 0.1
    assert_agree(ours, theirs, f"state after 1 s ({model}, {approximation})",
                 rtol=1e-8)
