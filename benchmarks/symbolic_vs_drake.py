#!/usr/bin/env python3
"""Times the same symbolic workloads in ossa.symbolic and in the reference's
pydrake.symbolic, from Python (so both pay the same interpreter overhead):

  polynomial_build     sum of 200 terms c_i * x**i * y**(199 - i)
  polynomial_evaluate  its value at one point
  chain_pose_build     the 4x4 pose of a 7-joint z/y rotation chain with
                       offsets, as products of numpy object arrays
  chain_pose_evaluate  Evaluate() of that 4x4 array at one q
  chain_jacobian       Jacobian() of its position with respect to q
  expand_power         Expand((x + y + z + 1)**8)

Prints a table of median ms per call and the ratio pydrake/ossa (> 1 means
ossa is faster), with the expression sizes, and optionally writes JSON.

  benchmarks/symbolic_vs_drake.py [--repeats N] [--json FILE]

Needs PYTHONPATH to reach ossa (build/python) and the `drake` wheel.
"""
import argparse
import json
import statistics
import time

import numpy as np


def workloads(lib):
    x, y, z = lib.Variable("x"), lib.Variable("y"), lib.Variable("z")
    q = [lib.Variable(f"q{i}") for i in range(7)]

    def polynomial():
        e = lib.Expression(0)
        for i in range(200):
            e = e + (i + 1.0) * x**i * y**(199 - i)
        return e

    def rotation(axis, angle):
        c, s = lib.cos(angle), lib.sin(angle)
        if axis == "z":
            return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]],
                            dtype=object)
        return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]],
                        dtype=object)

    def chain_pose():
        X = np.eye(4, dtype=object)
        for i, qi in enumerate(q):
            T = np.eye(4, dtype=object)
            T[:3, :3] = rotation("z" if i % 2 == 0 else "y", qi)
            T[:3, 3] = [0.0, 0.01 * i, 0.2 + 0.01 * i]
            X = X @ T
        return X

    poly = polynomial()
    pose = chain_pose()
    env_poly = {x: 0.9, y: 1.01}
    env_q = {qi: 0.1 * (i + 1) for i, qi in enumerate(q)}
    position = pose[:3, 3]
    power = (x + y + z + 1)**8
    return {
        "polynomial_build": polynomial,
        "polynomial_evaluate": lambda: poly.Evaluate(env_poly),
        "chain_pose_build": chain_pose,
        "chain_pose_evaluate": lambda: lib.Evaluate(pose, env_q),
        "chain_jacobian": lambda: lib.Jacobian(position, q),
        "expand_power": lambda: power.Expand(),
    }, {"polynomial": poly, "chain_pose": pose}


def median_ms(f, repeats):
    f()  # warm up
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return 1e3 * statistics.median(times)


def size(lib_name, e):
    if lib_name == "ossa":
        return e.GetDistinctNodeCount()
    return len(e.to_string())  # pydrake exposes no node count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--json")
    args = parser.parse_args()
    import ossa.symbolic as ours
    import pydrake.symbolic as theirs
    results = {}
    for name, lib in (("ossa", ours), ("drake", theirs)):
        work, exprs = workloads(lib)
        results[name] = {k: median_ms(f, args.repeats)
                         for k, f in work.items()}
        if name == "ossa":
            results["sizes"] = {
                "polynomial_nodes": exprs["polynomial"].GetDistinctNodeCount(),
                "chain_pose_nodes": int(sum(
                    e.GetDistinctNodeCount()
                    for e in exprs["chain_pose"].flat
                    if isinstance(e, ours.Expression))),
            }
    print(f"{'workload':22s} {'ossa ms':>10s} {'drake ms':>10s} "
          f"{'drake/ossa':>10s}")
    for k in results["ossa"]:
        a, b = results["ossa"][k], results["drake"][k]
        print(f"{k:22s} {a:10.3f} {b:10.3f} {b / a:10.1f}")
    print("sizes:", results["sizes"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
