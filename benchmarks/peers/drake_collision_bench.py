"""Drake (pydrake) timings of the collision_query workload of benchmarks/run:
a scene file (see collision_scene.h) registered in a SceneGraph, one frame
per shape, its excluded pairs as collision filters, the poses fixed on the
source's input port;
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

import numpy as np
from py_timing import median_ns


def main(argv):
    quick = "--quick" in argv
    batches, batch_seconds = (7, 0.02) if quick else (25, 0.05)
    use_ossa = "--module" in argv and argv[argv.index("--module") + 1] == "ossa"
    path = [a for a in argv if not a.startswith("--") and a != "ossa"][0]
    if use_ossa:
        from ossa.common.eigen_geometry import Quaternion
        from ossa.geometry import (Box, Capsule, CollisionFilterDeclaration,
                                   Cylinder, FramePoseVector, GeometryFrame,
                                   GeometryInstance, GeometrySet,
                                   ProximityProperties, SceneGraph, Sphere)
        from ossa.math import RigidTransform
    else:
        from pydrake.common.eigen_geometry import Quaternion
        from pydrake.geometry import (Box, Capsule, CollisionFilterDeclaration,
                                      Cylinder, FramePoseVector,
                                      GeometryFrame, GeometryInstance,
                                      GeometrySet, ProximityProperties,
                                      SceneGraph, Sphere)
        from pydrake.math import RigidTransform
    library = "ossa_py" if use_ossa else "drake"
    sg = SceneGraph()
    source = sg.RegisterSource("bench")
    poses = FramePoseVector()
    frames, excluded, model = [], [], None
    for line in open(path):
        kind, *v = line.split()
        if kind == "model":
            model = v[0]
            continue
        if kind == "exclude":
            excluded.append((int(v[0]), int(v[1])))
            continue
        a, b, c, px, py, pz, qw, qx, qy, qz = map(float, v)
        shape = {"sphere": lambda: Sphere(a), "box": lambda: Box(a, b, c),
                 "capsule": lambda: Capsule(a, b),
                 "cylinder": lambda: Cylinder(a, b)}[kind]()
        f = sg.RegisterFrame(source, GeometryFrame(f"f{len(frames)}"))
        gi = GeometryInstance(RigidTransform(), shape, f"g{len(frames)}")
        gi.set_proximity_properties(ProximityProperties())
        sg.RegisterGeometry(source, f, gi)
        q = np.array([qw, qx, qy, qz])
        poses.set_value(f, RigidTransform(Quaternion(q / np.linalg.norm(q)),
                                          [px, py, pz]))
        frames.append(f)
    if excluded:
        declaration = CollisionFilterDeclaration()
        for i, j in excluded:
            declaration.ExcludeBetween(GeometrySet(frames[i]),
                                       GeometrySet(frames[j]))
        sg.collision_filter_manager().Apply(declaration)
    n = len(frames)
    context = sg.CreateDefaultContext()
    sg.get_source_pose_port(source).FixValue(context, poses)
    query = sg.get_query_output_port().Eval(context)
    model = model or f"random{n}"

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
                   batch_seconds), "all pairs not excluded", overhead)


if __name__ == "__main__":
    main(sys.argv[1:])
