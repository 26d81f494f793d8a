"""``ossa info MODEL``: a readable summary of a model."""

import logging
import math
import shutil
import subprocess

from ossa.cli import model as model_files


def _fmt_limits(lower, upper):
    """'[lo, hi]' per coordinate, '-' when a coordinate has no limits."""
    parts = []
    for lo, hi in zip(lower, upper):
        if math.isinf(lo) and math.isinf(hi):
            parts.append("-")
        else:
            parts.append(f"[{lo:.4g}, {hi:.4g}]")
    return " ".join(parts) if parts else "-"


def _range(start, n):
    return f"{start}..{start + n - 1}" if n > 0 else "-"


def describe(lib, plant):
    """The summary of a finalized plant, as a list of lines."""
    tree = lib.tree
    context = plant.CreateDefaultContext()
    lines = []

    instances = [tree.ModelInstanceIndex(i)
                 for i in range(plant.num_model_instances())]
    lines.append(f"model instances ({len(instances)}):")
    for instance in instances:
        lines.append(f"  {int(instance):3d}  "
                     f"{plant.GetModelInstanceName(instance)}")

    bodies = [plant.get_body(tree.BodyIndex(i))
              for i in range(plant.num_bodies())]
    lines.append(f"bodies ({len(bodies)}):  index, name, model instance, "
                 "mass [kg]")
    for body in bodies:
        instance = plant.GetModelInstanceName(body.model_instance())
        # The world has no mass to speak of (the reference says NaN).
        mass = body.default_mass()
        is_world = int(body.index()) == 0
        mass = "-" if is_world or math.isnan(mass) else f"{mass:.4g}"
        lines.append(f"  {int(body.index()):3d}  {body.name():28s} "
                     f"{instance:20s} {mass:>10s}")

    joints = [plant.get_joint(index)
              for instance in instances
              for index in plant.GetJointIndices(instance)]
    joints.sort(key=lambda joint: int(joint.index()))
    lines.append(f"joints ({len(joints)}):  index, name, type, parent -> "
                 "child, q, v, position limits")
    for joint in joints:
        lines.append(
            f"  {int(joint.index()):3d}  {joint.name():24s} "
            f"{joint.type_name():14s} {joint.parent_body().name()} -> "
            f"{joint.child_body().name()}  "
            f"q {_range(joint.position_start(), joint.num_positions())}  "
            f"v {_range(joint.velocity_start(), joint.num_velocities())}  "
            f"{_fmt_limits(joint.position_lower_limits(), joint.position_upper_limits())}")

    actuators = [plant.get_joint_actuator(index)
                 for instance in instances
                 for index in plant.GetJointActuatorIndices(instance)]
    lines.append(f"actuators ({len(actuators)}):  name, joint, effort limit")
    for actuator in actuators:
        lines.append(f"  {actuator.name():28s} {actuator.joint().name():24s} "
                     f"{actuator.effort_limit():.4g}")

    lines.append(f"positions: {plant.num_positions()}, velocities: "
                 f"{plant.num_velocities()}, actuated dofs: "
                 f"{plant.num_actuated_dofs()}")
    total_mass = plant.CalcTotalMass(context)
    lines.append(f"total mass: {total_mass:.6g} kg")
    if total_mass > 0:
        p_WCcm = plant.CalcCenterOfMassPositionInWorld(context)
        lines.append("center of mass at the default state: [" +
                     ", ".join(f"{x:.6g}" for x in p_WCcm) + "] m")

    lines.extend(_constraint_lines(plant))

    lines.append("topology (body, joint from its parent):")
    lines.extend(_topology_lines(plant, joints))
    return lines


def _constraint_lines(plant):
    """The plant's constraints (from mimics and the file's constraint
    elements); one line each where the library exposes their
    specifications (the reference's Python API gives only their ids)."""
    ids = plant.GetConstraintIds()
    lines = [f"constraints ({len(ids)}):"]
    if not ids or not hasattr(plant, "get_coupler_constraint_specs"):
        return lines

    def body(index):
        return plant.get_body(index).name()

    def vec(v):
        return "[" + ", ".join(f"{x:.4g}" for x in v) + "]"

    for spec in plant.get_coupler_constraint_specs().values():
        lines.append(
            f"  coupler   {plant.get_joint(spec.joint0_index).name()} = "
            f"{spec.gear_ratio:.6g} * "
            f"{plant.get_joint(spec.joint1_index).name()} + "
            f"{spec.offset:.6g}")
    for spec in plant.get_distance_constraint_specs().values():
        lines.append(
            f"  distance  {body(spec.body_A)} {vec(spec.p_AP)} - "
            f"{body(spec.body_B)} {vec(spec.p_BQ)}  length "
            f"{spec.distance:.6g} m, stiffness {spec.stiffness:.6g} N/m, "
            f"damping {spec.damping:.6g} N*s/m")
    for spec in plant.get_ball_constraint_specs().values():
        lines.append(f"  ball      {body(spec.body_A)} {vec(spec.p_AP)} - "
                     f"{body(spec.body_B)} {vec(spec.p_BQ)}")
    for spec in plant.get_weld_constraint_specs().values():
        lines.append(
            f"  weld      {body(spec.body_A)} {vec(spec.X_AP.translation())}"
            f" - {body(spec.body_B)} {vec(spec.X_BQ.translation())}")
    return lines


def _topology_lines(plant, joints):
    """The joint tree drawn with box characters, children in joint order."""
    children = {}
    for joint in joints:
        parent = int(joint.parent_body().index())
        children.setdefault(parent, []).append(joint)
    lines = [f"  {plant.world_body().name()}"]

    def walk(body_index, prefix):
        kids = children.get(body_index, [])
        for k, joint in enumerate(kids):
            last = k == len(kids) - 1
            lines.append(f"  {prefix}{'└─ ' if last else '├─ '}"
                         f"{joint.child_body().name()}  "
                         f"({joint.type_name()} {joint.name()})")
            walk(int(joint.child_body().index()),
                 prefix + ("   " if last else "│  "))

    walk(int(plant.world_body().index()), "")
    return lines


def _shape_text(shape):
    """A shape's kind and sizes (m), e.g. 'Sphere r=0.01'."""
    kind = type(shape).__name__
    sizes = []
    for name, label in (("radius", "r"), ("length", "length"),
                        ("width", "x"), ("depth", "y"), ("height", "z"),
                        ("a", "a"), ("b", "b"), ("c", "c")):
        getter = getattr(shape, name, None)
        if callable(getter):
            try:
                sizes.append(f"{label}={getter():.4g}")
            except (TypeError, RuntimeError, ValueError):
                pass
    return " ".join([kind] + sizes)


def collision_lines(lib, path):
    """The collision geometries of the model at `path` (body, name, shape),
    from a second parse of its collision model (the file without its
    visuals, see ossa.cli.ground) into a plant registered with a
    SceneGraph. A model whose collision geometry cannot be registered (a
    missing mesh) gets one line saying so; the reason goes to the log."""
    from ossa.cli import ground
    builder = lib.framework.DiagramBuilder()
    plant, scene_graph = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.001)
    try:
        if not ground.add_collision_model(lib, plant, path):
            model_files.add_model(lib, plant, path)
    except Exception as e:  # noqa: BLE001 (the parsers' errors vary)
        logging.getLogger(__name__).info(
            "collision geometries not listed: %s", " ".join(str(e).split()))
        return ["collision geometries: not listed (the model's collision "
                "geometry cannot be registered)"]
    plant.Finalize()
    inspector = scene_graph.model_inspector()
    rows = []
    for i in range(plant.num_bodies()):
        body = plant.get_body(lib.tree.BodyIndex(i))
        for geometry in plant.GetCollisionGeometriesForBody(body):
            rows.append(f"  {body.name():28s} {inspector.GetName(geometry):40s}"
                        f" {_shape_text(inspector.GetShape(geometry))}")
    return [f"collision geometries ({len(rows)}):  body, name, shape, "
            "sizes [m]"] + rows


def write_graphviz(plant, path):
    """Writes the topology as a Graphviz file at `path` and, if the `dot`
    program exists, a PNG beside it; returns the files written."""
    with open(path, "w") as f:
        f.write(plant.GetTopologyGraphvizString())
    written = [str(path)]
    if shutil.which("dot"):
        png = str(path) + ".png"
        subprocess.run(["dot", "-Tpng", str(path), "-o", png], check=True)
        written.append(png)
    return written


def run(lib, args):
    path = model_files.resolve(args.model)
    # Discrete, with the default (SAP-family) approximation: the parsers add
    # the file's constraints (mimics, loop closures) only to such plants.
    plant = lib.plant.MultibodyPlant(time_step=0.001)
    model_files.add_model(lib, plant, path)
    plant.Finalize()
    print(f"model: {path}  (library: {lib.name})")
    for line in describe(lib, plant) + collision_lines(lib, path):
        print(line)
    if args.graphviz:
        for written in write_graphviz(plant, args.graphviz):
            print(f"wrote {written}")
    return 0
