#!/usr/bin/env python3
"""Times the iiwa's symbolic dynamics in ossa and in the reference:

  mass_matrix_build        M(q) with q as variables
  inverse_dynamics_build   τ(q, v, v̇) with gravity, all three as variables
  mass_matrix_evaluate     the 49 entries of M at one state
  inverse_dynamics_evaluate  the 7 entries of τ at one state

The model is models/drake/kuka_iiwa_robot.urdf welded to the world. ossa
is timed two ways: the compiled core's kernels on Expression (the C++
benchmark symbolic_bench, filter "Iiwa"; column "core") and, from Python,
the plant's own API exactly as the reference's program calls it (column
"plant"): MultibodyPlant.ToSymbolic(), CalcMassMatrix and
CalcInverseDynamics (with CalcForceElementsContribution for gravity) on a
Context whose q, v are variables. The reference runs the same Python
function. Both evaluate with Evaluate(matrix, environment). Each side
evaluates its expressions at a random state and compares them with the other
side's (to 1e-10) before timing.

Times are CPU times (the process's, time.process_time() here and the C++
benchmark's cpu_time), so that a busy machine slows both sides alike.
Prints median ms per call, the ratio reference/ossa (> 1: ossa is faster)
and the expression sizes: ossa's distinct DAG nodes summed over entries, and
the length of the reference's printed expressions (it exposes no node
count).

  benchmarks/symbolic_iiwa_vs_drake.py
      [--bench build/benchmarks/symbolic_bench] [--repeats N] [--json FILE]
"""
import argparse
import json
import pathlib
import statistics
import subprocess
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
IIWA = str(ROOT / "models" / "drake" / "kuka_iiwa_robot.urdf")


def median_ms(f, repeats):
    f()  # warm up
    times = []
    for _ in range(repeats):
        t = time.process_time()
        f()
        times.append(time.process_time() - t)
    return 1e3 * statistics.median(times)


def plant_side(lib, repeats):
    """The workloads through `lib`'s (ossa or pydrake) plant API."""
    import importlib
    Parser = importlib.import_module(lib + ".multibody.parsing").Parser
    MultibodyPlant = importlib.import_module(
        lib + ".multibody.plant").MultibodyPlant
    MultibodyForces_ = importlib.import_module(
        lib + ".multibody.tree").MultibodyForces_
    sym = importlib.import_module(lib + ".symbolic")

    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(IIWA)
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
    plant.Finalize()
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    q = sym.MakeVectorVariable(7, "q")
    v = sym.MakeVectorVariable(7, "v")
    vd = sym.MakeVectorVariable(7, "vd")

    def mass_matrix():
        splant.SetPositions(context, q)  # invalidates the caches
        return splant.CalcMassMatrix(context)

    def inverse_dynamics():
        splant.SetPositions(context, q)
        splant.SetVelocities(context, v)
        forces = MultibodyForces_[sym.Expression](splant)
        splant.CalcForceElementsContribution(context, forces)
        return splant.CalcInverseDynamics(context, vd, forces)

    M, tau = mass_matrix(), inverse_dynamics()
    env = {}
    for i in range(7):
        env[q[i]] = 0.1 * (i + 1)
        env[v[i]] = 0.2 - 0.05 * i
        env[vd[i]] = 0.3 * i - 1.0
    times = {
        "mass_matrix_build": median_ms(mass_matrix, repeats),
        "inverse_dynamics_build": median_ms(inverse_dynamics, repeats),
        "mass_matrix_evaluate": median_ms(lambda: sym.Evaluate(M, env),
                                          repeats),
        "inverse_dynamics_evaluate": median_ms(
            lambda: sym.Evaluate(tau.reshape(-1, 1), env), repeats),
    }
    if lib == "pydrake":
        sizes = {
            "drake_M_printed_chars": sum(len(e.to_string()) for e in M.flat),
            "drake_tau_printed_chars": sum(len(e.to_string()) for e in tau),
        }
    else:
        sizes = {
            "ossa_plant_M_nodes": sum(e.GetDistinctNodeCount()
                                      for e in M.flat),
            "ossa_plant_tau_nodes": sum(e.GetDistinctNodeCount()
                                        for e in tau),
        }
    values = (sym.Evaluate(M, env), sym.Evaluate(tau.reshape(-1, 1), env))
    return times, sizes, values


def ossa_side(bench):
    out = subprocess.run(
        [bench, "--benchmark_filter=Iiwa", "--benchmark_format=json"],
        check=True, capture_output=True, text=True).stdout
    names = {
        "BM_IiwaMassMatrixBuild": "mass_matrix_build",
        "BM_IiwaInverseDynamicsBuild": "inverse_dynamics_build",
        "BM_IiwaMassMatrixEvaluate": "mass_matrix_evaluate",
        "BM_IiwaInverseDynamicsEvaluate": "inverse_dynamics_evaluate",
    }
    times, sizes = {}, {}
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0}
    for b in json.loads(out)["benchmarks"]:
        key = names[b["name"]]
        times[key] = b["cpu_time"] * scale[b["time_unit"]]
        if "nodes_summed_over_entries" in b:
            sizes[f"ossa_{key.split('_build')[0]}_nodes"] = int(
                b["nodes_summed_over_entries"])
    return times, sizes


def ossa_values():
    """ossa's double plant at the benchmark's state: M and τ with gravity,
    which its symbolic results equal to 1e-12 (parsing_test,
    SymbolicModels.*); a check that both sides build the same model."""
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import MultibodyPlant
    from ossa.multibody.tree import MultibodyForces
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(IIWA)
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName("base"))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    i = np.arange(7)
    plant.SetPositions(context, 0.1 * (i + 1))
    plant.SetVelocities(context, 0.2 - 0.05 * i)
    forces = MultibodyForces(plant)
    plant.CalcForceElementsContribution(context, forces)
    tau = plant.CalcInverseDynamics(context, 0.3 * i - 1.0, forces)
    return plant.CalcMassMatrix(context), tau.reshape(-1, 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default=str(
        ROOT / "build" / "benchmarks" / "symbolic_bench"))
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--json")
    args = parser.parse_args()
    drake_times, drake_sizes, (M_d, tau_d) = plant_side("pydrake",
                                                        args.repeats)
    plant_times, plant_sizes, (M_p, tau_p) = plant_side("ossa", args.repeats)
    M_o, tau_o = ossa_values()
    for ours, theirs in ((M_o, M_d), (tau_o, tau_d), (M_p, M_d),
                         (tau_p, tau_d)):
        ours = np.asarray(ours, dtype=float)
        assert np.allclose(ours, theirs, rtol=0, atol=1e-10), (ours, theirs)
    ossa_times, ossa_sizes = ossa_side(args.bench)
    print(f"{'workload':28s} {'core ms':>10s} {'plant ms':>10s} "
          f"{'drake ms':>10s} {'drake/core':>10s} {'drake/plant':>11s}")
    for k, a in ossa_times.items():
        b, p = drake_times[k], plant_times[k]
        print(f"{k:28s} {a:10.3f} {p:10.3f} {b:10.3f} {b / a:10.1f} "
              f"{b / p:11.1f}")
    sizes = {**ossa_sizes, **plant_sizes, **drake_sizes}
    print("sizes:", sizes)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"ossa": ossa_times, "ossa_plant": plant_times,
                       "drake": drake_times, "sizes": sizes}, f, indent=1)


if __name__ == "__main__":
    main()
