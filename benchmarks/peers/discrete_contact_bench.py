"""The discrete_step_contact workload: one step (h = 1 ms) of a discrete
plant with point contact under SAP, in ossa and pydrake (the same scene
built by one function against both modules, through Python), and MuJoCo's
mj_step on the same scene written as MJCF (through its Python bindings).

Scenes:
  box_stack10: ten 1 kg boxes (0.2 × 0.2 × 0.1 m) stacked on a half space,
    each standing on four spheres (radius 1 cm) at its bottom corners:
    40 point contacts once settled (every pair has a closed-form contact
    point in all three libraries). MJCF written by hand.
  atlas: Atlas (atlas_with_fixed_joints.urdf, visuals dropped, floating
    base, nv = 34) dropped onto a half space from its feet's height and
    settled for 50 ms: its foot contact points (zero-radius spheres) on the
    ground.
  iiwa_push: the iiwa arm (iiwa7_with_box_collision.sdf) under joint PD
    control turning about its first axis, its last link pushing the YCB
    sugar box (004_sugar_box.sdf) along a table (a box on the world).
  allegro_hold: the Allegro right hand welded palm up, its fingers held
    straight by PD control, holding the sugar box on its palm and fingers.
  The last three are written as MJCF by plant_to_mjcf() from the ossa
  plant (same bodies, inertias, joints, collision shapes, friction, gains).

Each library first settles the scene (0.5 s for the box stack, see each
builder for the others) from the same initial state; the timed call restores
the settled state and takes one step (ossa and Drake: SetPositionsAndVelocities
+ the diagram's ExecuteForcedEvents; MuJoCo: qpos/qvel/qacc_warmstart copies +
mj_step, see _mujoco_replay()), so
every cell includes one or two Python→C++ calls (≈ 1 µs).

Prints one JSON record per line: {"model", "workload", "library",
"median_ns", "nv", "contacts", "note"}.

Usage: python3 discrete_contact_bench.py [--quick] [--libraries ossa,drake,mujoco]
                                         [--scenes box_stack10,atlas,...]
"""
import json
import os
import re
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
    plant, scene_graph = plant_m.AddMultibodyPlantSceneGraph(builder, H)
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
    _capture(name, plant, scene_graph, plant_context)
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
    _capture(name, plant, scene_graph, plant_context)
    simulator.AdvanceTo(0.05)
    x = np.array(plant.GetPositionsAndVelocities(plant_context))
    contacts = plant.get_contact_results_output_port().Eval(
        plant_context).num_point_pair_contacts()

    def step():
        plant.SetPositionsAndVelocities(plant_context, x)
        diagram.ExecuteForcedEvents(context)

    step()
    return step, plant.num_velocities(), contacts


DRAKE_MODELS = os.path.join(MODELS, "drake_models")


def _strip_visuals(text):
    """The model text without its visual elements (their meshes are not
    needed for contact, and MuJoCo is given collision shapes only)."""
    return re.sub(r"<visual\b.*?</visual>", "", text, flags=re.S)


def _contact_props(geometry, plant_m, mu):
    p = geometry.ProximityProperties()
    p.AddProperty("material", "point_contact_stiffness", 1e6)
    p.AddProperty("material", "hunt_crossley_dissipation", 10.0)
    p.AddProperty("material", "relaxation_time", 0.01)
    p.AddProperty("material", "coulomb_friction",
                  plant_m.CoulombFriction(mu, mu))
    return p


def _set_contact_props(plant, scene_graph, geometry, plant_m, mu):
    """Gives every collision geometry of the plant the scene's material
    (the parsed models carry their own or none)."""
    inspector = scene_graph.model_inspector()
    source = plant.get_source_id()
    for i in range(plant.num_bodies()):
        body = plant.get_body(tree_index(plant, i))
        for g in plant.GetCollisionGeometriesForBody(body):
            scene_graph.AssignRole(source, g,
                                   _contact_props(geometry, plant_m, mu),
                                   geometry.RoleAssign.kReplace)
    return inspector


def tree_index(plant, i):
    """BodyIndex i of either module."""
    return type(plant.world_body().index())(i)


def _pd_actuators(plant, tree, instance, kp, kd, first_kp=None):
    """PD gains on the actuator of every one-dof joint of `instance`, with
    an actuator added where the model declares none (the first joint gets
    the stiffness first_kp if given)."""
    actuated = {}
    for i in range(plant.num_actuators()):
        actuator = plant.get_joint_actuator(tree.JointActuatorIndex(i))
        actuated[int(actuator.joint().index())] = actuator
    for j in plant.GetJointIndices(instance):
        joint = plant.get_joint(j)
        if joint.num_velocities() != 1:
            continue
        actuator = actuated.get(int(j))
        if actuator is None:
            actuator = plant.AddJointActuator(joint.name() + "_pd", joint)
        p = kp if first_kp is None or actuated.get("first") else first_kp
        actuated["first"] = True
        actuator.set_controller_gains(tree.PdControllerGains(p=p, d=kd))


def _modules_full(name):
    if name == "ossa":
        from ossa.multibody.parsing import Parser
        import ossa.systems.primitives as primitives
    else:
        from pydrake.multibody.parsing import Parser
        import pydrake.systems.primitives as primitives
    return (*modules(name), Parser, primitives)


# The iiwa scene: the arm (iiwa7_with_box_collision.sdf, base welded at
# the origin) under joint PD control, its last link pushing the YCB sugar
# box (004_sugar_box.sdf, lying flat) along a table (a 0.8 × 0.8 × 0.1 m box
# on the world body); iiwa_layout() places them.
IIWA_Q = [0.0, 0.9, 0.0, -1.2, 0.0, 1.0, 0.0]
# The PD controllers hold IIWA_Q, except the first joint's (vertical axis),
# which has (almost) no stiffness and a desired velocity: the arm turns at
# IIWA_SWEEP rad/s, its last link sweeping toward +y into the box, and
# pushes it along the table.
IIWA_SWEEP = 0.05
SUGAR = (0.0867, 0.1703, 0.0391)
TABLE = (0.8, 0.8, 0.1)


def iiwa_push_build(name):
    """The iiwa scene in ossa or Drake, before settling: (builder pieces)."""
    (geometry, math_, plant_m, tree, analysis, framework, Parser,
     primitives) = _modules_full(name)
    builder = framework.DiagramBuilder()
    plant, scene_graph = plant_m.AddMultibodyPlantSceneGraph(builder, H)
    plant.set_discrete_contact_approximation(
        plant_m.DiscreteContactApproximation.kSap)
    parser = Parser(plant)
    iiwa_text = _strip_visuals(open(os.path.join(
        DRAKE_MODELS, "iiwa_description", "sdf",
        "iiwa7_with_box_collision.sdf")).read())
    iiwa = parser.AddModelsFromString(iiwa_text, "sdf")[0]
    plant.WeldFrames(plant.world_frame(),
                     plant.GetFrameByName("iiwa_link_0", iiwa))
    sugar_text = _strip_visuals(open(os.path.join(
        DRAKE_MODELS, "ycb", "004_sugar_box.sdf")).read())
    sugar = parser.AddModelsFromString(sugar_text, "sdf")[0]
    _pd_actuators(plant, tree, iiwa, 1e4, 200.0, first_kp=1.0)
    return (builder, plant, scene_graph, iiwa, sugar, geometry, math_,
            plant_m, analysis, framework, primitives)


def iiwa_push(name):
    """The iiwa pushing the sugar box; returns (step, nv, contacts)."""
    (builder, plant, scene_graph, iiwa, sugar, geometry, math_, plant_m,
     analysis, framework, primitives) = iiwa_push_build(name)
    layout = iiwa_layout(name)
    _set_contact_props(plant, scene_graph, geometry, plant_m, MU)
    plant.RegisterCollisionGeometry(plant.world_body(),
                                    math_.RigidTransform(layout["table"]),
                                    geometry.Box(*TABLE), "table",
                                    _contact_props(geometry, plant_m, MU))
    plant.Finalize()
    nq = plant.num_positions(iiwa)
    source = builder.AddSystem(primitives.ConstantVectorSource(
        np.concatenate([IIWA_Q, [IIWA_SWEEP], np.zeros(nq - 1)])))
    builder.Connect(source.get_output_port(),
                    plant.get_desired_state_input_port(iiwa))
    diagram = builder.Build()
    simulator = analysis.Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetPositions(plant_context, iiwa, IIWA_Q)
    plant.SetFreeBodyPose(plant_context,
                          plant.GetBodyByName("base_link_sugar", sugar),
                          math_.RigidTransform(layout["sugar"]))
    controls = {plant.get_joint(j).name(): ("position", 1e4, 200.0, q)
                for j, q in zip(plant.GetJointIndices(iiwa), IIWA_Q)}
    controls["iiwa_joint_1"] = ("velocity", 200.0, IIWA_SWEEP)
    _capture(name, plant, scene_graph, plant_context, controls)
    # Pushing from 0.2 s on; the step timed is the first one from there at
    # which the arm touches the box.
    simulator.AdvanceTo(0.2)
    arm = {int(plant.GetBodyByName(f"iiwa_link_{i}", iiwa).index())
           for i in range(8)}
    while context.get_time() < 0.4:
        results = plant.get_contact_results_output_port().Eval(plant_context)
        if any(int(results.point_pair_contact_info(i).bodyA_index()) in arm
               or int(results.point_pair_contact_info(i).bodyB_index()) in arm
               for i in range(results.num_point_pair_contacts())):
            break
        simulator.AdvanceTo(context.get_time() + H)
    return _timed_step(plant, plant_context, diagram, context)


def _timed_step(plant, plant_context, diagram, context):
    x = np.array(plant.GetPositionsAndVelocities(plant_context))
    contacts = plant.get_contact_results_output_port().Eval(
        plant_context).num_point_pair_contacts()

    def step():
        plant.SetPositionsAndVelocities(plant_context, x)
        diagram.ExecuteForcedEvents(context)

    step()
    return step, plant.num_velocities(), contacts


_IIWA_LAYOUT = {}


def iiwa_layout(name):
    """Where the table and the sugar box go at the arm's configuration
    IIWA_Q (computed once, in ossa, from the world corners of the last
    link's collision box): the box lies flat on the table, 1 mm beside the
    link in +y, the link's lowest point 1 cm above the table."""
    if "layout" in _IIWA_LAYOUT:
        return _IIWA_LAYOUT["layout"]
    (builder, plant, scene_graph, iiwa, sugar, geometry, math_, plant_m,
     analysis, framework, primitives) = iiwa_push_build("ossa")
    plant.Finalize()
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    plant.SetPositions(plant_context, iiwa, IIWA_Q)
    inspector = scene_graph.model_inspector()

    def corners_of(link_name):
        link = plant.GetBodyByName(link_name, iiwa)
        X_WL = plant.EvalBodyPoseInWorld(plant_context, link)
        out = []
        for g in plant.GetCollisionGeometriesForBody(link):
            shape = inspector.GetShape(g)
            X_WG = X_WL.multiply(inspector.GetPoseInFrame(g))
            half = 0.5 * np.array([shape.width(), shape.depth(),
                                   shape.height()])
            for signs in np.ndindex(2, 2, 2):
                out.append(X_WG.multiply(half * (2 * np.array(signs) - 1)))
        return np.array(out)

    corners = corners_of("iiwa_link_7")
    size = np.array(SUGAR)
    center_z = corners[:, 2].min() - 0.01 + 0.5 * size[2]
    sugar = np.array([0.5 * (corners[:, 0].min() + corners[:, 0].max()),
                      corners[:, 1].max() + 0.5 * size[1] + 1e-3,
                      center_z])
    table = np.array([sugar[0], sugar[1],
                      center_z - 0.5 * size[2] - 0.5 * TABLE[2]])
    _IIWA_LAYOUT["layout"] = {"table": table, "sugar": sugar}
    return _IIWA_LAYOUT["layout"]


# The Allegro scene: the right hand (allegro_hand_description_right.sdf)
# welded palm up, 0.3 m above the world origin, its fingers (along the
# hand's +z) pointing along −x, held straight by joint PD control, with the
# YCB sugar box (004_sugar_box.sdf) lying on the palm and the fingers, its
# long side along the fingers: the open hand holds the box up.
# Joint targets by name (0 for the others): the thumb's rotation sits
# just inside its lower limit.
ALLEGRO_HOLD = {"joint_12": 0.3}


def allegro_hold(name):
    """The Allegro hand holding a ball; returns (step, nv, contacts)."""
    (geometry, math_, plant_m, tree, analysis, framework, Parser,
     primitives) = _modules_full(name)
    builder = framework.DiagramBuilder()
    plant, scene_graph = plant_m.AddMultibodyPlantSceneGraph(builder, H)
    plant.set_discrete_contact_approximation(
        plant_m.DiscreteContactApproximation.kSap)
    text = _strip_visuals(open(os.path.join(
        DRAKE_MODELS, "allegro_hand_description", "sdf",
        "allegro_hand_description_right.sdf")).read())
    hand = Parser(plant).AddModelsFromString(text, "sdf")[0]
    # R_WH = RotY(−π/2): the hand's +x (palm normal) is the world's +z.
    plant.WeldFrames(plant.world_frame(),
                     plant.GetFrameByName("hand_root", hand),
                     math_.RigidTransform(math_.RollPitchYaw(0, -np.pi / 2, 0),
                                          [0, 0, 0.3]))
    sugar = Parser(plant).AddModelsFromString(_strip_visuals(open(
        os.path.join(DRAKE_MODELS, "ycb", "004_sugar_box.sdf")).read()),
        "sdf")[0]
    _pd_actuators(plant, tree, hand, 5.0, 0.1)
    _set_contact_props(plant, scene_graph, geometry, plant_m, MU)
    plant.Finalize()
    # The hand's q and its desired state follow its joints' order (the
    # actuators were added in that order).
    q_hold = [ALLEGRO_HOLD.get(plant.get_joint(j).name(), 0.0)
              for j in plant.GetJointIndices(hand)
              if plant.get_joint(j).num_positions() == 1]
    source = builder.AddSystem(primitives.ConstantVectorSource(
        np.concatenate([q_hold, np.zeros(len(q_hold))])))
    builder.Connect(source.get_output_port(),
                    plant.get_desired_state_input_port(hand))
    diagram = builder.Build()
    simulator = analysis.Simulator(diagram)
    context = simulator.get_mutable_context()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    # The palm's surface is at x_H = 0.0111 (world z 0.3111); the box's
    # long axis (its y) along the world's x, from above the palm's middle
    # (x_W = −0.0475) toward the finger tips.
    plant.SetPositions(plant_context, hand, q_hold)
    plant.SetFreeBodyPose(
        plant_context, plant.GetBodyByName("base_link_sugar", sugar),
        math_.RigidTransform(math_.RollPitchYaw(0, 0, np.pi / 2),
                             [-0.09, 0.0, 0.3111 + 0.5 * SUGAR[2] + 1e-3]))
    hand_joints = [plant.get_joint(j).name()
                   for j in plant.GetJointIndices(hand)
                   if plant.get_joint(j).num_positions() == 1]
    _capture(name, plant, scene_graph, plant_context,
             {n: ("position", 5.0, 0.1, q) for n, q in zip(hand_joints,
                                                          q_hold)})
    simulator.AdvanceTo(0.3)
    return _timed_step(plant, plant_context, diagram, context)


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
    return _mujoco_replay(m, d)


def _mujoco_replay(m, d):
    """The timed MuJoCo step: restores the settled integration state (qpos,
    qvel and the solver's warm start qacc_warmstart, the previous step's
    acceleration, which MuJoCo counts in its integration state as
    mjSTATE_WARMSTART) and takes one mj_step. Without the warm start the
    timed step would start its solver from its own previous result, the
    exact solution of the same step (0 Newton iterations), which no step of
    a simulation does. Returns (step, nv, contacts)."""
    import mujoco
    q, v = d.qpos.copy(), d.qvel.copy()
    w = d.qacc_warmstart.copy()

    def step():
        d.qpos[:] = q
        d.qvel[:] = v
        d.qacc_warmstart[:] = w
        mujoco.mj_step(m, d)

    step()
    return step, m.nv, int(d.ncon)


# ------------------------------------------------------------- MJCF scenes
# MuJoCo runs each scene written as MJCF by plant_to_mjcf() from the ossa
# plant as built (the same bodies, inertias, joints, limits, collision
# shapes, friction and PD gains), settled for the same time from the same
# initial state.
class _Captured(Exception):
    """Carries the MJCF of a scene out of its builder."""


_CAPTURE = {"on": False}


def _capture(name, plant, scene_graph, plant_context, controls=None):
    """In a scene builder, right before it settles: when an MJCF is asked
    for, stops the builder with the ossa plant's MJCF and initial state."""
    if _CAPTURE["on"] and name == "ossa":
        raise _Captured(plant_to_mjcf(plant, scene_graph, plant_context,
                                      controls or {}))


def _pose_attrs(X):
    q = X.rotation().ToQuaternion()
    p = X.translation()
    return (f'pos="{p[0]:.9g} {p[1]:.9g} {p[2]:.9g}" '
            f'quat="{q.w():.12g} {q.x():.12g} {q.y():.12g} {q.z():.12g}"')


def _geom_xml(shape, X, mu):
    kind = type(shape).__name__
    friction = f'friction="{mu} 0.005 0.0001"'
    if kind == "Box":
        size = f'{shape.width() / 2:.9g} {shape.depth() / 2:.9g} ' \
               f'{shape.height() / 2:.9g}'
        return f'<geom type="box" size="{size}" {_pose_attrs(X)} {friction}/>'
    if kind == "Sphere":
        return (f'<geom type="sphere" size="{max(shape.radius(), 1e-6):.9g}" '
                f'{_pose_attrs(X)} {friction}/>')
    if kind == "Cylinder":
        return (f'<geom type="cylinder" size="{shape.radius():.9g} '
                f'{shape.length() / 2:.9g}" {_pose_attrs(X)} {friction}/>')
    if kind == "HalfSpace":
        return (f'<geom type="plane" size="0 0 1" {_pose_attrs(X)} '
                f'{friction}/>')
    raise ValueError(f"plant_to_mjcf: no MJCF for a {kind}")


def plant_to_mjcf(plant, scene_graph, plant_context, controls,
                  armature=0.1):
    """The finalized ossa plant as MJCF (bodies nested along the joints,
    poses at zero joint angles, inertias about the center of mass, hinge
    axes, limits and damping, collision shapes with μ = MU) and its state
    in plant_context as (joint name, qpos) pairs. `controls` maps a joint
    name to ("position", kp, kv, target) or ("velocity", kv, target). A
    controlled joint gets `armature` (kg·m²): MuJoCo's position actuators
    are explicit in q, and at h = 1 ms a stiff gain on a light link (the
    iiwa's wrist, the Allegro's finger tips) diverges without it; ossa and
    Drake treat the PD law implicitly and need none."""
    inspector = scene_graph.model_inspector()
    context = plant.CreateDefaultContext()
    # Zero angles: every one-dof joint at 0 (free bodies at their default
    # pose, which does not matter: their pose is set in qpos).
    q0 = np.array(plant.GetPositions(context))
    for j in plant.GetJointIndices():
        joint = plant.get_joint(j)
        if joint.num_positions() == 1:
            q0[joint.position_start()] = 0.0
    plant.SetPositions(context, q0)
    children = {}
    joint_of = {}
    for j in plant.GetJointIndices():
        joint = plant.get_joint(j)
        parent = int(joint.parent_body().index())
        child = int(joint.child_body().index())
        children.setdefault(parent, []).append(child)
        joint_of[child] = joint

    def X_W(b):
        return plant.EvalBodyPoseInWorld(context,
                                         plant.get_body(tree_index(plant, b)))

    def body_xml(b, parent):
        body = plant.get_body(tree_index(plant, b))
        X_PB = X_W(parent).inverse().multiply(X_W(b))
        joint = joint_of[b]
        kind = joint.type_name()
        parts = [f'<body name="{body.name()}_{b}" {_pose_attrs(X_PB)}>']
        if kind == "quaternion_floating":
            parts.append(f'<freejoint name="{joint.name()}"/>')
        elif kind in ("revolute", "prismatic"):
            X_BM = joint.frame_on_child().GetFixedPoseInBodyFrame()
            axis = (joint.revolute_axis() if kind == "revolute"
                    else joint.translation_axis())
            a = X_BM.rotation().multiply(np.array(axis))
            p = X_BM.translation()
            lo, hi = joint.position_lower_limits()[0], \
                joint.position_upper_limits()[0]
            limit = (f' limited="true" range="{lo:.9g} {hi:.9g}"'
                     if np.isfinite(lo) and np.isfinite(hi) else "")
            arm = (f' armature="{armature}"' if joint.name() in controls
                   else "")
            parts.append(
                f'<joint name="{joint.name()}" '
                f'type="{"hinge" if kind == "revolute" else "slide"}" '
                f'pos="{p[0]:.9g} {p[1]:.9g} {p[2]:.9g}" '
                f'axis="{a[0]:.12g} {a[1]:.12g} {a[2]:.12g}" '
                f'damping="{joint.default_damping():.9g}"{limit}'
                f'{arm}/>')
        elif kind != "weld":
            raise ValueError(f"plant_to_mjcf: no MJCF for a {kind} joint")
        M = body.default_spatial_inertia()
        m = M.get_mass()
        if m > 0:
            c = np.array(M.get_com())
            I = np.array(M.CalcRotationalInertia().CopyToFullMatrix3())
            I = I - m * (c.dot(c) * np.eye(3) - np.outer(c, c))
            parts.append(
                f'<inertial pos="{c[0]:.9g} {c[1]:.9g} {c[2]:.9g}" '
                f'mass="{m:.9g}" fullinertia="{I[0, 0]:.9g} {I[1, 1]:.9g} '
                f'{I[2, 2]:.9g} {I[0, 1]:.9g} {I[0, 2]:.9g} {I[1, 2]:.9g}"/>')
        for g in plant.GetCollisionGeometriesForBody(body):
            parts.append(_geom_xml(inspector.GetShape(g),
                                   inspector.GetPoseInFrame(g), MU))
        for child in children.get(b, []):
            parts.append(body_xml(child, b))
        parts.append("</body>")
        return "".join(parts)

    world = []
    for g in plant.GetCollisionGeometriesForBody(plant.world_body()):
        world.append(_geom_xml(inspector.GetShape(g),
                               inspector.GetPoseInFrame(g), MU))
    for child in children.get(0, []):
        world.append(body_xml(child, 0))
    actuators = []
    for joint_name, control in controls.items():
        if control[0] == "position":
            actuators.append(
                f'<position joint="{joint_name}" kp="{control[1]}" '
                f'kv="{control[2]}" ctrlrange="-100 100"/>')
        else:
            actuators.append(
                f'<velocity joint="{joint_name}" kv="{control[1]}" '
                f'ctrlrange="-100 100"/>')
    ctrl = [c[-1] for c in controls.values()]
    # The state: per joint (by name) its q in MuJoCo's layout (a free
    # body: position, then the quaternion w, x, y, z; ossa and Drake store
    # the quaternion first).
    q = np.array(plant.GetPositions(plant_context))
    qpos = []
    for j in plant.GetJointIndices():
        joint = plant.get_joint(j)
        n = joint.num_positions()
        if n == 0:
            continue
        qj = q[joint.position_start():joint.position_start() + n]
        if joint.type_name() == "quaternion_floating":
            qj = np.concatenate([qj[4:], qj[:4]])
        qpos.append((joint.name(), qj))
    xml = (f'<mujoco><option timestep="{H}" integrator="implicitfast"/>'
           f'<worldbody>{"".join(world)}</worldbody>'
           f'<actuator>{"".join(actuators)}</actuator></mujoco>')
    return xml, qpos, ctrl


def mujoco_scene(make, settle):
    """A scene in MuJoCo: the MJCF of `make`'s ossa plant, its initial
    state, settled with mj_step for `settle(m, d)`; returns (step, nv,
    contacts)."""
    import mujoco
    _CAPTURE["on"] = True
    try:
        make("ossa")
        raise RuntimeError("the scene builder did not reach its capture")
    except _Captured as captured:
        xml, qpos, ctrl = captured.args[0]
    finally:
        _CAPTURE["on"] = False
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    for name, value in qpos:
        j = m.joint(name)
        d.qpos[j.qposadr[0]:j.qposadr[0] + len(value)] = value
    d.ctrl[:] = ctrl
    settle(m, d)
    return _mujoco_replay(m, d)


def _settle_for(seconds):
    def settle(m, d):
        import mujoco
        while d.time < seconds - 0.5 * H:
            mujoco.mj_step(m, d)
    return settle


def _settle_iiwa(m, d):
    """As iiwa_push(): to 0.2 s, then to the first step with the arm
    touching the box."""
    import mujoco
    _settle_for(0.2)(m, d)
    arm = {m.body(b).id for b in range(m.nbody)
           if m.body(b).name.startswith("iiwa_link")}
    while d.time < 0.4 and not any(
            m.geom_bodyid[d.contact[i].geom1] in arm or
            m.geom_bodyid[d.contact[i].geom2] in arm for i in range(d.ncon)):
        mujoco.mj_step(m, d)


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
                  "Python, qpos/qvel/qacc_warmstart copies",
    }
    scenes = [
        ("box_stack10", box_stack, box_stack_mujoco),
        ("atlas", atlas, lambda: mujoco_scene(atlas, _settle_for(0.05))),
        ("iiwa_push", iiwa_push, lambda: mujoco_scene(iiwa_push,
                                                      _settle_iiwa)),
        ("allegro_hold", allegro_hold,
         lambda: mujoco_scene(allegro_hold, _settle_for(0.3))),
    ]
    if "--scenes" in argv:
        names = argv[argv.index("--scenes") + 1].split(",")
        scenes = [sc for sc in scenes if sc[0] in names]
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
