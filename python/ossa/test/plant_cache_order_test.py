"""The plant's per-Context dynamics scratch keeps partial kinematics (local
poses, velocities, world poses, one root path for a Jacobian) and refreshes
each part when a method first needs it. Whatever order the methods are called
in, every result must equal the one computed on a fresh Context."""
import os

import numpy as np
import pytest

from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant
from ossa.multibody.tree import JacobianWrtVariable, MultibodyForces

MODELS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "models")
ATLAS = os.path.join(MODELS, "drake", "atlas_with_fixed_joints.urdf")


@pytest.fixture(scope="module")
def plant():
    # Atlas: a floating base and many welded bodies, so the dynamics run on
    # the weld-merged tree.
    p = MultibodyPlant(0.0)
    Parser(p).AddModels(ATLAS)
    p.Finalize()
    return p


def results(plant, context, order, vdot, frames):
    """Calls the methods named in `order` on `context`; returns their
    results, in that order."""
    world = plant.world_frame()
    out = {}
    calls = []
    for name in order:
        if name == "id":
            out[name] = plant.CalcInverseDynamics(
                context, vdot, MultibodyForces(plant))
        elif name == "id_forces":
            forces = MultibodyForces(plant)
            plant.CalcForceElementsContribution(context, forces)
            out[name] = plant.CalcInverseDynamics(context, vdot, forces)
        elif name == "mass":
            out[name] = plant.CalcMassMatrix(context)
        elif name == "bias":
            out[name] = plant.CalcBiasTerm(context)
        elif name == "xdot":
            out[name] = plant.EvalTimeDerivatives(context).CopyToVector()
        elif name == "jacobians":
            out[name] = np.array([plant.CalcJacobianSpatialVelocity(
                context, JacobianWrtVariable.kV, f, [0.1, -0.2, 0.3], world,
                world) for f in frames])
        elif name == "pose_one":
            # Single bodies before any other kinematics: their root paths
            # alone are computed.
            out[name] = np.array([
                plant.EvalBodyPoseInWorld(context, plant.GetBodyByName(b))
                .GetAsMatrix4() for b in ("l_hand", "r_foot", "head")])
        elif name == "poses":
            out[name] = np.array([
                plant.EvalBodyPoseInWorld(context, plant.get_body(b))
                .GetAsMatrix4() for b in plant.GetBodyIndices(
                    plant.GetModelInstanceByName("atlas"))])
        calls.append(out.pop(name))
    return calls


ORDERS = [
    ["jacobians", "id", "jacobians", "xdot", "jacobians", "mass", "bias"],
    ["mass", "jacobians", "id_forces", "jacobians", "poses", "jacobians"],
    ["id", "mass", "jacobians", "bias", "xdot", "id_forces", "jacobians"],
    ["xdot", "jacobians", "mass", "id", "poses", "bias"],
    ["pose_one", "jacobians", "pose_one", "poses", "mass"],
    ["pose_one", "poses", "pose_one", "id"],
    ["poses", "pose_one", "xdot"],
]


@pytest.mark.parametrize("order", ORDERS, ids=["-".join(o) for o in ORDERS])
def test_any_call_order_gives_fresh_context_results(plant, order):
    rng = np.random.default_rng(7)
    frames = [plant.get_frame(f) for f in plant.GetFrameIndices(
        plant.GetModelInstanceByName("atlas"))]
    context = plant.CreateDefaultContext()
    for _ in range(3):
        x = rng.uniform(-1, 1, plant.num_multibody_states())
        x[:4] /= np.linalg.norm(x[:4])
        vdot = rng.uniform(-1, 1, plant.num_velocities())
        plant.SetPositionsAndVelocities(context, x)
        got = results(plant, context, order, vdot, frames)
        for i, name in enumerate(order):
            fresh = plant.CreateDefaultContext()
            plant.SetPositionsAndVelocities(fresh, x)
            (want,) = results(plant, fresh, [name], vdot, frames)
            # Bitwise: the same kernels on the same inputs.
            np.testing.assert_array_equal(got[i], want,
                                          err_msg=f"call {i}: {name}")
