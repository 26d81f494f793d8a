"""The ground of ``ossa simulate``: a half-space under models with free
bodies, so that they drop, land and stand instead of being welded to the
world.

The simulated plant needs only the model's collision geometry, so it loads
the file without its ``<visual>`` elements (whose meshes the bundled models
do not ship) and with relative mesh URIs made absolute. A model whose
collision geometry cannot be registered (a missing collision mesh) or that
has none stands on nothing: ``plan()`` says so and the command welds its
free bodies as before.
"""

import logging
import math
import pathlib
import xml.etree.ElementTree as ET

import numpy as np

from ossa.cli import model as model_files
from ossa.cli.library import CliError

# The ground's color in the animation (RGBA).
GROUND_RGBA = np.array([0.55, 0.55, 0.5, 1.0])
# How far above the ground the lowest collision point starts (m).
DROP_HEIGHT = 0.05


def collision_only_text(path, drop=("visual",)):
    """(text, file type) of the URDF or SDFormat file at `path` without its
    <visual> elements (the elements named in `drop`) and with relative mesh
    URIs made absolute; None for other formats or text that is not XML."""
    path = pathlib.Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".urdf", ".sdf"):
        return None
    try:
        tree = ET.parse(path)
    except ET.ParseError:
        return None  # the parser reports it, with the line
    root = tree.getroot()
    for parent in root.iter():
        for child in list(parent):
            if child.tag in drop:
                parent.remove(child)
    for mesh in root.iter("mesh"):
        # URDF: <mesh filename=...>; SDFormat: <mesh><uri>...</uri>.
        if "filename" in mesh.attrib:
            mesh.attrib["filename"] = _absolute(path, mesh.attrib["filename"])
        uri = mesh.find("uri")
        if uri is not None and uri.text:
            uri.text = _absolute(path, uri.text.strip())
    return ET.tostring(root, encoding="unicode"), suffix[1:]


def _absolute(path, uri):
    if "://" in uri or pathlib.Path(uri).is_absolute():
        return uri
    return str((path.parent / uri).resolve())


def add_collision_model(lib, plant, path):
    """Parses the collision-only text of `path` into `plant` (registered
    with a SceneGraph). Returns False (logging why) if that is not possible,
    with the plant unchanged only when nothing was parsed."""
    content = collision_only_text(path)
    if content is None:
        return False
    _parse(lib, plant, path, content)
    return True


def add_drawable_model(lib, plant, path):
    """For drawing a model whose visuals cannot be loaded: parses its
    collision model into `plant`, or, if that fails too, its kinematics
    alone (no geometry). Returns False if neither is possible (the plant
    may then hold part of the model)."""
    for drop in (("visual",), ("visual", "collision")):
        content = collision_only_text(path, drop)
        if content is None:
            return False
        builder = lib.framework.DiagramBuilder()
        scratch, _ = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.001)
        try:
            _parse(lib, scratch, path, content)
        except (RuntimeError, ValueError):
            continue
        _parse(lib, plant, path, content)
        return True
    return False


def _parse(lib, plant, path, content):
    parser = lib.parsing.Parser(plant)
    model_files._add_enclosing_packages(parser.package_map(), path)
    parser.AddModelsFromString(*content)


def add_ground(lib, plant):
    """Registers a half-space z <= 0 on the world body: collision geometry
    with empty proximity properties (each library fills in its defaults:
    the reference's point stiffness 1e6 N/m, dissipation 50 s/m, friction
    0.5) and a visual."""
    identity = lib.math.RigidTransform()
    plant.RegisterCollisionGeometry(plant.world_body(), identity,
                                    lib.geometry.HalfSpace(), "ground",
                                    lib.geometry.ProximityProperties())
    plant.RegisterVisualGeometry(plant.world_body(), identity,
                                 lib.geometry.HalfSpace(), "ground_visual",
                                 GROUND_RGBA)


def _lowest_point(lib, shape, X_WG):
    """The smallest world z of `shape` at pose X_WG (a bound for shapes
    without a closed form here: the geometry's origin)."""
    g = lib.geometry
    p = np.asarray(X_WG.translation(), float)
    R = np.asarray(X_WG.rotation().matrix(), float)
    down = R.T @ np.array([0.0, 0.0, -1.0])  # -z in the geometry frame
    if isinstance(shape, g.Sphere):
        return p[2] - shape.radius()
    if isinstance(shape, g.Box):
        half = np.array([shape.width(), shape.depth(), shape.height()]) / 2
        return p[2] - float(np.abs(down) @ half)
    if isinstance(shape, g.Ellipsoid):
        axes = np.array([shape.a(), shape.b(), shape.c()])
        return p[2] - float(np.linalg.norm(axes * down))
    if isinstance(shape, (g.Cylinder, g.Capsule)):
        r, half = shape.radius(), shape.length() / 2
        axial = abs(down[2]) * half
        radial = r * math.sqrt(max(0.0, 1.0 - down[2] ** 2))
        cap = r if isinstance(shape, g.Capsule) else radial
        return p[2] - axial - cap
    return p[2]


def lowest_collision_z(lib, plant, scene_graph, context):
    """The smallest world z over the plant's collision geometries in the
    plant Context `context` (None without collision geometry)."""
    inspector = scene_graph.model_inspector()
    lowest = None
    for i in range(plant.num_bodies()):
        body = plant.get_body(lib.tree.BodyIndex(i))
        if int(body.index()) == 0:
            continue
        X_WB = plant.EvalBodyPoseInWorld(context, body)
        for geometry in plant.GetCollisionGeometriesForBody(body):
            X_WG = X_WB.multiply(inspector.GetPoseInFrame(geometry))
            z = _lowest_point(lib, inspector.GetShape(geometry), X_WG)
            lowest = z if lowest is None else min(lowest, z)
    return lowest


def place_above_ground(lib, plant, scene_graph, context, free_bodies):
    """Moves the free bodies (BodyIndex list) up or down together so that
    the lowest collision point is DROP_HEIGHT above the ground."""
    lowest = lowest_collision_z(lib, plant, scene_graph, context)
    if lowest is None:
        return
    shift = DROP_HEIGHT - lowest
    for index in free_bodies:
        body = plant.get_body(index)
        X_WB = plant.EvalBodyPoseInWorld(context, body)
        p = np.asarray(X_WB.translation(), float) + [0.0, 0.0, shift]
        plant.SetFreeBodyPose(context, body,
                              lib.math.RigidTransform(X_WB.rotation(), p))


def has_usable_collision_geometry(lib, path):
    """Whether the model at `path` loads with its collision geometry alone
    and has some; logs the reason when not."""
    log = logging.getLogger(__name__)
    builder = lib.framework.DiagramBuilder()
    plant, _ = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.001)
    try:
        if not add_collision_model(lib, plant, path):
            log.info("no ground: %s is neither URDF nor SDFormat", path.name)
            return False
    except (RuntimeError, ValueError) as e:
        log.info("no ground: the collision geometry of %s cannot be "
                 "registered: %s", path.name, " ".join(str(e).split()))
        return False
    for i in range(plant.num_bodies()):
        if plant.GetCollisionGeometriesForBody(
                plant.get_body(lib.tree.BodyIndex(i))):
            return True
    log.info("no ground: %s has no collision geometry", path.name)
    return False


def contact_bodies(lib, plant):
    """(index, name) of the bodies with collision geometry, world excepted,
    in index order."""
    bodies = []
    for i in range(1, plant.num_bodies()):
        body = plant.get_body(lib.tree.BodyIndex(i))
        if plant.GetCollisionGeometriesForBody(body):
            bodies.append((i, body.name()))
    return bodies


class ContactColumns:
    """The CSV's contact columns, from the plant's ContactResults:
    contact_count, the number of point contacts; contact_normal_force, the
    sum of their normal forces (N); contact_ground_fz, the world z of the
    force of the ground (the world body) on the model, which equals the
    model's weight at rest; and per body with collision geometry,
    contact_fz_<body>, the world z of the net contact force on it (a box of
    a resting stack: its own weight)."""

    def __init__(self, lib, plant):
        self._plant = plant
        self._bodies = contact_bodies(lib, plant)
        self._slot = {index: k for k, (index, _) in enumerate(self._bodies)}
        self.names = (["contact_count", "contact_normal_force",
                       "contact_ground_fz"] +
                      [f"contact_fz_{name}" for _, name in self._bodies])

    def values(self, plant_context):
        results = self._plant.get_contact_results_output_port().Eval(
            plant_context)
        fz = np.zeros(len(self._bodies))
        normal = ground = 0.0
        n = results.num_point_pair_contacts()
        for i in range(n):
            info = results.point_pair_contact_info(i)
            f_Bc_W = np.asarray(info.contact_force(), float)
            nhat_BA_W = np.asarray(info.point_pair().nhat_BA_W, float)
            # The force on B pushes B away from A: along -nhat_BA_W.
            normal += -float(f_Bc_W @ nhat_BA_W)
            a, b = int(info.bodyA_index()), int(info.bodyB_index())
            if b in self._slot:
                fz[self._slot[b]] += f_Bc_W[2]
            if a in self._slot:
                fz[self._slot[a]] -= f_Bc_W[2]
            if a == 0:
                ground += f_Bc_W[2]
            elif b == 0:
                ground -= f_Bc_W[2]
        return [float(n), normal, ground] + list(fz)


def check_ground_options(args):
    if args.floating and args.weld:
        raise CliError("--floating and --weld exclude each other")
