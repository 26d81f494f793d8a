"""Drake (pydrake) timings of the collision_query workload of benchmarks/run:
the scene file (one shape per line, see collision_scene.h) registered in a
SceneGraph, one frame per shape, the poses fixed on the source's input port;
the QueryObject is evaluated once, then each timed call is one Python->C++
call:
  collision_query_penetration: query.ComputePointPairPenetration()
  collision_query_distance:    query.ComputeSignedDistancePairwiseClosestPoints()
Both return Python lists of result objects, whose conversion is part of the
call. The cost of one trivial bound call (scene_graph.num_input_ports()) is
emitted as workload "python_call_overhead" and each record carries
"net_ns" = median minus one such call.

With --module ossa the same script times ossa.geometry through its Python
API (library "ossa_py"), so both are measured with the same Python costs.

Usage: python3 drake_collision_bench.py [--quick] [--module ossa] SCENE_FILE
"""
import json
import sys
import time

import numpy as np


def median_ns(fn, batches, batch_seconds):
    n = 1
    while True:
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        dt = (time.perf_counter_ns() - t0) * 1e-9
        if dt >= batch_seconds / 4 or n > 1 << 24:
            break
        n *= 2
    n = max(1, int(n * batch_seconds / max(dt, 1e-9)))
    means = []
    for _ in range(batches):
        t0 = time.perf_counter_ns()
        for _ in range(n):
            fn()
        means.append((time.perf_counter_ns() - t0) / n)
    return float(np.median(means))


def main(argv):
    quick = "--quick" in argv
    batches, batch_seconds = (7, 0.02) if quick else (25, 0.05)
    use_ossa = "--module" in argv and argv[argv.index("--module") + 1] == "ossa"
    path = [a for a in argv if not a.startswith("--") and a != "ossa"][0]
    if use_ossa:
        from ossa.common.eigen_geometry import Quaternion
        from ossa.geometry import (Box, Capsule, FramePoseVector,
                                   GeometryFrame, GeometryInstance,
                                   ProximityProperties, SceneGraph, Sphere)
        from ossa.math import RigidTransform
    else:
        from pydrake.common.eigen_geometry import Quaternion
        from pydrake.geometry import (Box, Capsule, FramePoseVector,
                                      GeometryFrame, GeometryInstance,
                                      ProximityProperties, SceneGraph, Sphere)
        from pydrake.math import RigidTransform
    library = "ossa_py" if use_ossa else "drake"
    sg = SceneGraph()
    source = sg.RegisterSource("bench")
    poses = FramePoseVector()
    n = 0
    for i, line in enumerate(open(path)):
        kind, *v = line.split()
        a, b, c, px, py, pz, qw, qx, qy, qz = map(float, v)
        shape = {"sphere": lambda: Sphere(a), "box": lambda: Box(a, b, c),
                 "capsule": lambda: Capsule(a, b)}[kind]()
        f = sg.RegisterFrame(source, GeometryFrame(f"f{i}"))
        gi = GeometryInstance(RigidTransform(), shape, f"g{i}")
        gi.set_proximity_properties(ProximityProperties())
        sg.RegisterGeometry(source, f, gi)
        q = np.array([qw, qx, qy, qz])
        poses.set_value(f, RigidTransform(Quaternion(q / np.linalg.norm(q)),
                                          [px, py, pz]))
        n += 1
    context = sg.CreateDefaultContext()
    sg.get_source_pose_port(source).FixValue(context, poses)
    query = sg.get_query_output_port().Eval(context)
    model = f"random{n}"

    def emit(workload, ns, note, overhead=None):
        rec = {"model": model, "workload": workload, "library": library,
               "median_ns": round(ns, 1), "nq": n, "nv": n, "note": note}
        if overhead is not None:
            rec["net_ns"] = round(ns - overhead, 1)
        print(json.dumps(rec), flush=True)

    overhead = median_ns(lambda: sg.num_input_ports(), batches, batch_seconds)
    emit("python_call_overhead", overhead, "scene_graph.num_input_ports()")
    contacts = len(query.ComputePointPairPenetration())
    emit("collision_query_penetration",
         median_ns(query.ComputePointPairPenetration, batches, batch_seconds),
         f"{contacts} contacts", overhead)
    emit("collision_query_distance",
         median_ns(query.ComputeSignedDistancePairwiseClosestPoints, batches,
                   batch_seconds), "all pairs", overhead)


if __name__ == "__main__":
    main(sys.argv[1:])
