"""The discrete_step_contact workload: one step (h = 1 ms) of a discrete
plant with point contact under SAP, in ossa and pydrake (the same scene
built by one function against both modules, through Python), and MuJoCo's
mj_step on the same scene written as MJCF (through its Python bindings).

Scenes:
  box_stack10: ten 1 kg boxes (0.2 × 0.2 × 0.1 m) stacked on a half space,
    each standing on four spheres (radius 1 cm) at its bottom corners:
    40 point contacts once settled (every pair has a closed-form contact
    point in all three libraries).
  atlas: Atlas (atlas_with_fixed_joints.urdf, visuals dropped, floating
    base, nv = 36) dropped onto a half space from its feet's height and
    settled for 50 ms: its foot contact points (zero-radius spheres) on the
    ground. ossa and Drake only (no MJCF of it).

Each library first settles the scene for 0.5 s; the timed call restores
the settled state and takes one step (ossa and Drake: SetPositionsAndVelocities
+ the diagram's ExecuteForcedEvents; MuJoCo: qpos/qvel copies + mj_step), so
every cell includes one or two Python→C++ calls (≈ 1 µs).

Prints one JSON record per line: {"model", "workload", "library",
"median_ns", "nv", "contacts", "note"}.

Usage: python3 discrete_contact_bench.py [--quick] [--libraries ossa,drake,mujoco]
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from py_timing import median_ns  # noqa: E402

H = 1e-3
N_BOXES = 10
BOX = (0.2, 0.2, 0.1)
FOOT = 0.01
MU = 0.8


def modules(name):
    if name == "ossa":
        import ossa.geometry as geometry
        import ossa.math as math_
        import ossa.multibody.plant as plant
        import ossa.multibody.tree as tree
        import ossa.systems.analysis as analysis
        import ossa.systems.framework as framework
    else:
        import pydrake.geometry as geometry
        import pydrake.math as math_
        import pydrake.multibody.plant as plant
        import pydrake.multibody.tree as tree
        import pydrake.systems.analysis as analysis
        import pydrake.systems.framework as framework
    return geometry, math_, plant, tree, analysis, framework


def box_stack(name):
    """The stack in ossa or Drake; returns (step function, nv, contacts)."""
    geometry, math_, plant_m, tree, analysis, framework = modules(name)
    builder = framework.DiagramBuilder()
    plant, _ = plant_m.AddMultibodyPlantSceneGraph(builder, H)
    plant.set_discrete_contact_approximation(
        plant_m.DiscreteContactApproximation.kSap)

    def props():
        p = geometry.ProximityProperties()
        p.AddProperty("material", "point_contact_stiffness", 1e6)
        p.AddProperty("material", "hunt_crossley_dissipation", 10.0)
        p.AddProperty("material", "relaxation_time", 0.01)
        p.AddProperty("material", "coulomb_friction",
                      plant_m.CoulombFriction(MU, MU))
        return p

    plant.RegisterCollisionGeometry(plant.world_body(),
                                    math_.RigidTransform(),
                                    geometry.HalfSpace(), "ground", props())
    bodies = []
    for i in range(N_BOXES):
        b = plant.AddRigidBody(
            f"box{i}", tree.SpatialInertia.SolidBoxWithMass(1.0, *BOX))
        plant.RegisterCollisionGeometry(b, math_.RigidTransform(),
                                        geometry.Box(*BOX), f"box{i}",
                                        props())
        for j, (x, y) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)]):
            plant.RegisterCollisionGeometry(
                b, math_.RigidTransform([0.5 * BOX[0] * x, 0.5 * BOX[1] * y,
                                         -0.5 * BOX[2]]),
                geometry.Sphere(FOOT), f"box{i}_foot{j}", props())
        bodies.append(b)
    plant.Finalize()
    diagram = builder.Build()
    simulator = analysis.Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    for i, b in enumerate(bodies):
        plant.SetFreeBodyPose(
            plant_context, b,
            math_.RigidTransform([0, 0, BOX[2] / 2 + FOOT +
                                  (BOX[2] + FOOT) * i + 1e-4]))
    simulator.AdvanceTo(0.5)
    x = np.array(plant.GetPositionsAndVelocities(plant_context))
    contacts = plant.get_contact_results_output_port().Eval(
        plant_context).num_point_pair_contacts()

    def step():
        plant.SetPositionsAndVelocities(plant_context, x)
        diagram.ExecuteForcedEvents(context)

    step()
    if np.array_equal(plant.GetPositionsAndVelocities(plant_context), x):
        raise RuntimeError("the step left the state unchanged")
    return step, plant.num_velocities(), contacts


MODELS = os.environ.get("OSSA_MODELS", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared",
    "models"))
if not os.path.isdir(MODELS):
    MODELS = "/work/shared/models"


def atlas(name):
    """Atlas on the ground in ossa or Drake; returns (step, nv, contacts)."""
    import re
    geometry, math_, plant_m, tree, analysis, framework = modules(name)
    if name == "ossa":
        from ossa.multibody.parsing import Parser
    else:
        from pydrake.multibody.parsing import Parser
    builder = framework.DiagramBuilder()
    plant, scene_graph = plant_m.AddMultibodyPlantSceneGraph(builder, H)
    plant.set_discrete_contact_approximation(
        plant_m.DiscreteContactApproximation.kSap)
    text = re.sub(r"<visual\b.*?</visual>", "", open(os.path.join(
        MODELS, "drake", "atlas_with_fixed_joints.urdf")).read(), flags=re.S)
    Parser(plant).AddModelsFromString(text, "urdf")
    p = geometry.ProximityProperties()
    p.AddProperty("material", "point_contact_stiffness", 1e6)
    p.AddProperty("material", "hunt_crossley_dissipation", 10.0)
    p.AddProperty("material", "coulomb_friction",
                  plant_m.CoulombFriction(1.0, 1.0))
    plant.RegisterCollisionGeometry(plant.world_body(),
                                    math_.RigidTransform(),
                                    geometry.HalfSpace(), "ground", p)
    plant.Finalize()
    diagram = builder.Build()
    simulator = analysis.Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    # The lowest collision point at the default pose sets the base height.
    query = plant.get_geometry_query_input_port().Eval(plant_context)
    ids = query.inspector().GetAllGeometryIds()
    z_min = min(query.GetPoseInWorld(g).translation()[2] for g in ids
                if query.inspector().GetName(g) != "ground")
    base = plant.GetBodyByName("pelvis")
    X = plant.GetFreeBodyPose(plant_context, base)
    plant.SetFreeBodyPose(plant_context, base, math_.RigidTransform(
        X.rotation(), np.array(X.translation()) + [0, 0, -z_min - 1e-4]))
    simulator.AdvanceTo(0.05)
    x = np.array(plant.GetPositionsAndVelocities(plant_context))
    contacts = plant.get_contact_results_output_port().Eval(
        plant_context).num_point_pair_contacts()

    def step():
        plant.SetPositionsAndVelocities(plant_context, x)
        diagram.ExecuteForcedEvents(context)

    step()
    return step, plant.num_velocities(), contacts


def box_stack_mjcf():
    hx, hy, hz = (0.5 * s for s in BOX)
    inertia = [1.0 / 12 * (BOX[1] ** 2 + BOX[2] ** 2),
               1.0 / 12 * (BOX[0] ** 2 + BOX[2] ** 2),
               1.0 / 12 * (BOX[0] ** 2 + BOX[1] ** 2)]
    bodies = []
    for i in range(N_BOXES):
        z = hz + FOOT + (BOX[2] + FOOT) * i + 1e-4
        feet = "".join(
            f'<geom type="sphere" size="{FOOT}" pos="{hx * x} {hy * y} {-hz}"/>'
            for x, y in [(1, 1), (1, -1), (-1, 1), (-1, -1)])
        bodies.append(
            f'<body pos="0 0 {z}"><freejoint/>'
            f'<inertial pos="0 0 0" mass="1" diaginertia="{inertia[0]} '
            f'{inertia[1]} {inertia[2]}"/>'
            f'<geom type="box" size="{hx} {hy} {hz}"/>{feet}</body>')
    return (f'<mujoco><option timestep="{H}"/>'
            f'<default><geom friction="{MU} 0.005 0.0001"/></default>'
            f'<worldbody><geom type="plane" size="5 5 0.1"/>'
            f'{"".join(bodies)}</worldbody></mujoco>')


def box_stack_mujoco():
    import mujoco
    m = mujoco.MjModel.from_xml_string(box_stack_mjcf())
    d = mujoco.MjData(m)
    while d.time < 0.5:
        mujoco.mj_step(m, d)
    q, v = d.qpos.copy(), d.qvel.copy()

    def step():
        d.qpos[:] = q
        d.qvel[:] = v
        mujoco.mj_step(m, d)

    step()
    return step, m.nv, int(d.ncon)


def main(argv):
    quick = "--quick" in argv
    batches, batch_seconds = (7, 0.05) if quick else (15, 0.2)
    libraries = ["ossa", "drake", "mujoco"]
    if "--libraries" in argv:
        libraries = argv[argv.index("--libraries") + 1].split(",")
    notes = {
        "ossa": "SAP through Python: SetPositionsAndVelocities + "
                "ExecuteForcedEvents",
        "drake": "SAP through Python: SetPositionsAndVelocities + "
                 "ExecuteForcedEvents",
        "mujoco": "mj_step (Newton, elliptic=no: pyramidal cones) through "
                  "Python, qpos/qvel copies",
    }
    scenes = [("box_stack10", box_stack, box_stack_mujoco),
              ("atlas", atlas, None)]
    for model, make, make_mujoco in scenes:
        for lib in libraries:
            if lib == "mujoco" and make_mujoco is None:
                continue
            try:
                step, nv, contacts = make_mujoco() if lib == "mujoco" \
                    else make(lib)
                ns = median_ns(step, batches, batch_seconds)
            except Exception as e:  # noqa: BLE001
                print(f"{lib}: {model} discrete_step_contact: {e}",
                      file=sys.stderr)
                continue
            print(json.dumps({"model": model,
                              "workload": "discrete_step_contact",
                              "library": lib, "median_ns": round(ns, 1),
                              "nv": nv, "contacts": contacts,
                              "note": notes[lib]}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
