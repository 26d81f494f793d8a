"""Writes the collision_query scene of a robot's collision model in a random
configuration (the format of collision_scene.h): every proximity geometry at
its pose in world, and the pairs the plant's filters exclude (adjacent and
welded bodies), as the robot's plant and SceneGraph have them.

The scene is made with ossa (its parser and plant); benchmarks/run then
times every library on the same scene. <visual> elements are dropped before
parsing: only collision geometry is timed, and the reference refuses some
visuals (Atlas has one without a shape).

Usage: python3 robot_collision_scene.py URDF NAME OUT [--seed N]
"""
import re
import sys

import numpy as np


def main(argv):
    from ossa.geometry import Box, Capsule, Cylinder, Role, Sphere
    from ossa.multibody.parsing import Parser
    from ossa.multibody.plant import AddMultibodyPlantSceneGraph
    from ossa.systems.framework import DiagramBuilder

    args = [a for a in argv if not a.startswith("--")]
    urdf, name, out = args[:3]
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 26
    text = re.sub(r"<visual\b.*?</visual>", "", open(urdf).read(),
                  flags=re.S)
    builder = DiagramBuilder()
    plant, scene_graph = AddMultibodyPlantSceneGraph(builder, 0.0)
    Parser(plant).AddModelsFromString(text, "urdf")
    plant.Finalize()
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    # One-dof joints at random positions within their limits (±1 where a
    # limit is infinite); free bodies stay at their default poses.
    rng = np.random.default_rng(seed)
    q = plant.GetPositions(plant_context)
    for j in plant.GetJointIndices():
        joint = plant.get_joint(j)
        if joint.num_positions() != 1:
            continue
        lo = max(joint.position_lower_limits()[0], -1.0)
        hi = min(joint.position_upper_limits()[0], 1.0)
        q[joint.position_start()] = rng.uniform(lo, hi)
    plant.SetPositions(plant_context, q)
    query = plant.get_geometry_query_input_port().Eval(plant_context)
    inspector = query.inspector()
    ids = inspector.GetAllGeometryIds(Role.kProximity)
    lines = [f"model {name}"]
    for g in ids:
        shape = inspector.GetShape(g)
        if isinstance(shape, Sphere):
            kind, abc = "sphere", (shape.radius(), 0, 0)
        elif isinstance(shape, Box):
            kind, abc = "box", (shape.width(), shape.depth(), shape.height())
        elif isinstance(shape, Capsule):
            kind, abc = "capsule", (shape.radius(), shape.length(), 0)
        elif isinstance(shape, Cylinder):
            kind, abc = "cylinder", (shape.radius(), shape.length(), 0)
        else:
            raise SystemExit(f"{urdf}: shape {shape} is not in the scene "
                             "format")
        X = query.GetPoseInWorld(g)
        quat = X.rotation().ToQuaternion()
        numbers = [*abc, *X.translation(), quat.w(), quat.x(), quat.y(),
                   quat.z()]
        lines.append(kind + " " + " ".join(repr(float(x)) for x in numbers))
    for i, a in enumerate(ids):
        for j in range(i + 1, len(ids)):
            if inspector.CollisionFiltered(a, ids[j]):
                lines.append(f"exclude {i} {j}")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
