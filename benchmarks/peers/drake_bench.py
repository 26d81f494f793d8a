"""Drake (pydrake) timings for benchmarks/run.

Each workload is timed through Drake's Python API on a continuous
MultibodyPlant (time_step = 0) parsed from the stripped URDF prepared by
benchmarks/run (floating-base models keep Drake's default free root; fixed
ones are welded to the world). Every call sets the state first (so the cache
is invalidated and the result recomputed), then calls:
  forward_kinematics: SetPositions + EvalBodyPoseInWorld
  jacobian:           SetPositions + CalcJacobianSpatialVelocity (kV, in W)
  inverse_dynamics:   SetPositionsAndVelocities + CalcInverseDynamics
  mass_matrix:        SetPositions + CalcMassMatrix
  forward_dynamics:   SetPositionsAndVelocities + CalcTimeDerivatives
  discrete_step:      the same URDF in a discrete plant (time_step 1 ms):
                      SetPositionsAndVelocities + ExecuteForcedEvents (the
                      plant's step is a forced unrestricted update while its
                      output ports are sampled, the default; a forced
                      discrete update would time a copy of the state)
  autodiff_inverse_dynamics / autodiff_forward_dynamics: the same two on
    plant.ToAutoDiffXd() with the state [q; v] seeded by InitializeAutoDiff
    (nq + nv derivatives: full gradients with respect to q and v).
Each call costs 2 Python->C++ crossings; the cost of one trivial bound call
(plant.num_positions()) is measured and emitted as workload
"python_call_overhead", and each record carries "net_ns" = median minus two
such calls.

Usage: python3 drake_bench.py [--quick] "name|urdf|floating|body" ...
"""
import json
import sys
import xml.etree.ElementTree as ET

import numpy as np
from py_timing import median_ns
from pydrake.multibody.parsing import Parser
from pydrake.multibody.plant import MultibodyPlant
from pydrake.multibody.tree import MultibodyForces
from pydrake.multibody.tree import JacobianWrtVariable  # noqa: E402
from pydrake.autodiffutils import AutoDiffXd, InitializeAutoDiff
from pydrake.multibody.tree import MultibodyForces_

NUM_STATES = 16


def emit(name, workload, ns, nq, nv, note, overhead=None):
    rec = {"model": name, "workload": workload, "library": "drake",
           "median_ns": round(ns, 1), "nq": nq, "nv": nv, "note": note}
    if overhead is not None:
        rec["net_ns"] = round(ns - 2 * overhead, 1)
    print(json.dumps(rec), flush=True)


def main(argv):
    quick = "--quick" in argv
    batches, batch_seconds = (7, 0.02) if quick else (25, 0.05)
    for arg in [a for a in argv if not a.startswith("--")]:
        name, path, floating, body_name = arg.split("|")
        if name.startswith("chain"):
            continue
        plant = MultibodyPlant(time_step=0.0)
        roots = []
        try:
            Parser(plant).AddModels(path)
            if floating != "1":
                # Weld the root link (never a joint's child) to the world.
                urdf = ET.parse(path).getroot()
                children = {j.find("child").get("link")
                            for j in urdf.iter("joint")
                            if j.find("child") is not None}
                roots = [l.get("name") for l in urdf.findall("link")
                         if l.get("name") not in children]
                if roots and roots[0] != "world":
                    plant.WeldFrames(plant.world_frame(),
                                     plant.GetFrameByName(roots[0]))
            plant.Finalize()
        except Exception as e:  # A peer that cannot load a model is skipped.
            print(f"drake: cannot load {name}: {e}", file=sys.stderr)
            continue
        ctx = plant.CreateDefaultContext()
        body = plant.GetBodyByName(body_name)
        nq, nv = plant.num_positions(), plant.num_velocities()
        rng = np.random.default_rng(1)
        qs, xs, vdots = [], [], []
        for _ in range(NUM_STATES):
            q = rng.uniform(-1, 1, nq)
            plant.SetPositions(ctx, q)
            # Normalize the quaternions of floating bodies.
            for b in plant.GetFloatingBaseBodies():
                plant.SetFreeBodyPose(ctx, plant.get_body(b),
                                      plant.GetFreeBodyPose(ctx, plant.get_body(b)))
            q = plant.GetPositions(ctx).copy()
            qs.append(q)
            xs.append(np.concatenate([q, rng.uniform(-1, 1, nv)]))
            vdots.append(rng.uniform(-1, 1, nv))
        plant.get_applied_generalized_force_input_port().FixValue(
            ctx, rng.uniform(-1, 1, nv))
        forces = MultibodyForces(plant)
        derivs = plant.AllocateTimeDerivatives()
        world = plant.world_frame()
        frame = body.body_frame()
        p0 = np.zeros(3)
        kV = JacobianWrtVariable.kV
        k = [0]

        def nxt():
            k[0] = (k[0] + 1) % NUM_STATES
            return k[0]

        overhead = median_ns(lambda: plant.num_positions(), batches,
                             batch_seconds)
        emit(name, "python_call_overhead", overhead, nq, nv,
             "plant.num_positions()")

        def fk():
            plant.SetPositions(ctx, qs[nxt()])
            plant.EvalBodyPoseInWorld(ctx, body)

        def jac():
            plant.SetPositions(ctx, qs[nxt()])
            plant.CalcJacobianSpatialVelocity(ctx, kV, frame, p0, world, world)

        def inv():
            i = nxt()
            plant.SetPositionsAndVelocities(ctx, xs[i])
            plant.CalcInverseDynamics(ctx, vdots[i], forces)

        def mass():
            plant.SetPositions(ctx, qs[nxt()])
            plant.CalcMassMatrix(ctx)

        def fwd():
            plant.SetPositionsAndVelocities(ctx, xs[nxt()])
            plant.CalcTimeDerivatives(ctx, derivs)

        for workload, fn, note in [
                ("forward_kinematics", fk, "SetPositions+EvalBodyPoseInWorld"),
                ("jacobian", jac, "SetPositions+CalcJacobianSpatialVelocity"),
                ("inverse_dynamics", inv,
                 "SetPositionsAndVelocities+CalcInverseDynamics"),
                ("mass_matrix", mass, "SetPositions+CalcMassMatrix"),
                ("forward_dynamics", fwd,
                 "SetPositionsAndVelocities+CalcTimeDerivatives")]:
            timed(name, workload, fn, batches, batch_seconds, nq, nv, note,
                  overhead)

        # One step of the discrete plant (time_step 1 ms, no contact).
        try:
            plant_d = MultibodyPlant(time_step=1e-3)
            Parser(plant_d).AddModels(path)
            if floating != "1" and roots and roots[0] != "world":
                plant_d.WeldFrames(plant_d.world_frame(),
                                   plant_d.GetFrameByName(roots[0]))
            plant_d.Finalize()
            ctx_d = plant_d.CreateDefaultContext()

            def step():
                plant_d.SetPositionsAndVelocities(ctx_d, xs[nxt()])
                plant_d.ExecuteForcedEvents(ctx_d)

            # A step must move the state (gravity acts): never time a no-op.
            step()
            if np.array_equal(plant_d.GetPositionsAndVelocities(ctx_d),
                              xs[k[0]]):
                raise RuntimeError("the step left the state unchanged")
            emit(name, "discrete_step", median_ns(step, batches, batch_seconds),
                 nq, nv, "time_step 1 ms: SetPositionsAndVelocities+"
                 "ExecuteForcedEvents", overhead)
        except Exception as e:  # noqa: BLE001
            print(f"drake: {name} discrete_step: {e}", file=sys.stderr)

        if nv > 120:
            continue
        # AutoDiffXd: gradients with respect to q and v (nq + nv derivatives).
        plant_ad = plant.ToAutoDiffXd()
        ctx_ad = plant_ad.CreateDefaultContext()
        xs_ad = [InitializeAutoDiff(x).reshape(-1) for x in xs]
        vdots_ad = [np.array([AutoDiffXd(a) for a in vd]) for vd in vdots]
        plant_ad.get_applied_generalized_force_input_port().FixValue(
            ctx_ad, np.array([AutoDiffXd(t) for t in rng.uniform(-1, 1, nv)]))
        forces_ad = MultibodyForces_[AutoDiffXd](plant_ad)
        derivs_ad = plant_ad.AllocateTimeDerivatives()

        def inv_ad():
            i = nxt()
            plant_ad.SetPositionsAndVelocities(ctx_ad, xs_ad[i])
            plant_ad.CalcInverseDynamics(ctx_ad, vdots_ad[i], forces_ad)

        def fwd_ad():
            plant_ad.SetPositionsAndVelocities(ctx_ad, xs_ad[nxt()])
            plant_ad.CalcTimeDerivatives(ctx_ad, derivs_ad)

        ad_batches = min(batches, 7)
        for workload, fn, note in [
                ("autodiff_inverse_dynamics", inv_ad,
                 "AutoDiffXd d/d(q,v): SetPositionsAndVelocities+"
                 "CalcInverseDynamics"),
                ("autodiff_forward_dynamics", fwd_ad,
                 "AutoDiffXd d/d(q,v): SetPositionsAndVelocities+"
                 "CalcTimeDerivatives")]:
            timed(name, workload, fn, ad_batches, batch_seconds, nq, nv,
                  note, overhead)


def timed(name, workload, fn, batches, batch_seconds, nq, nv, note,
          overhead):
    """Times and emits one cell; a workload the reference refuses (e.g.
    continuous time with the coupler constraint of a mimic joint) is
    reported on stderr and the other cells still run."""
    try:
        ns = median_ns(fn, batches, batch_seconds)
    except Exception as e:  # noqa: BLE001
        print(f"drake: {name} {workload}: {e}", file=sys.stderr)
        return
    emit(name, workload, ns, nq, nv, note, overhead)


if __name__ == "__main__":
    main(sys.argv[1:])
