"""VisualizationConfig, ApplyVisualizationConfig and AddDefaultVisualization
against the reference (pydrake): the same diagram is built by one function
run against both modules, visualized with several configs and published,
and the two Meshcat scenes are compared as a browser would receive them
(each Meshcat's StaticHtml() holds every command of its scene): the set of
paths, the kinds of objects, their colors, world poses and opacities, the
layers' visibility, the alpha sliders, the systems added and the errors.

The inertia ellipsoids are compared by their shape matrices L·Lᵀ (L the
linear part of the drawn sphere's world transform), which do not depend
on the sign or order the principal axes come out in. Poses reach the
browser as float32 in ossa: 1e-6.
"""

import base64
import copy
import importlib
import re

import numpy as np
import pytest

pytest.importorskip("pydrake.all")
msgpack = pytest.importorskip("msgpack")

from peer_modules import ModuleSet, assert_agree  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
for _lib in (OSSA, DRAKE):
    _lib.visualization = importlib.import_module(
        ("ossa" if _lib.is_ossa else "pydrake") + ".visualization")
MODELS = "/work/shared/models/drake"
POSE_TOL = 1e-6  # float32 on ossa's wire

pytestmark = pytest.mark.usefixtures("quiet_logs")


# --------------------------------------------------------------------------
# The scene a browser receives.

def _commands(html):
    """The msgpack commands a StaticHtml page replays (the reference embeds
    them as data: URLs, ossa as a list of base64 strings)."""
    chunks = re.findall(r"data:application/octet-binary;base64,"
                        r"([A-Za-z0-9+/=]+)", html)
    if not chunks:
        listed = re.search(r"var commands = \[(.*?)\];", html, re.S)
        chunks = re.findall(r'"([A-Za-z0-9+/=]+)"', listed.group(1))
    return [msgpack.unpackb(base64.b64decode(c), raw=False,
                            strict_map_key=False) for c in chunks]


def _matrix(value):
    if isinstance(value, msgpack.ExtType):
        value = np.frombuffer(value.data, "<f4")
    return np.asarray(value, float).reshape(4, 4).T


class Scene:
    """Objects, poses and properties under /drake of a Meshcat."""

    def __init__(self, meshcat):
        self.objects, self.transforms, self.properties = {}, {}, {}
        for c in _commands(meshcat.StaticHtml()):
            path = c.get("path", "")
            if not path.startswith("/drake/"):
                continue
            if c["type"] == "set_object":
                self.objects[path] = c["object"]
            elif c["type"] == "set_transform":
                self.transforms[path] = _matrix(c["matrix"])
            elif c["type"] == "set_property":
                self.properties[(path, c["property"])] = c["value"]

    def paths(self, prefix):
        return sorted(p for p in self.objects if p.startswith(prefix))

    def world(self, path):
        """The drawn geometry's transform in the world: the transforms of
        the path and of each of its ancestors, times the object's own
        matrix (the ellipsoids' scale)."""
        parts = path.split("/")
        X = np.eye(4)
        for i in range(2, len(parts) + 1):
            X = X @ self.transforms.get("/".join(parts[:i]), np.eye(4))
        inner = self.objects[path].get("object", {}).get("matrix")
        return X @ (np.asarray(inner, float).reshape(4, 4).T
                    if inner is not None else np.eye(4))

    def kind(self, path):
        obj = self.objects[path]
        (geometry,) = obj["geometries"]
        (material,) = obj["materials"]
        return (geometry["type"], material["color"],
                round(material.get("opacity", 1.0), 6))


# --------------------------------------------------------------------------
# The diagram.

def populate(lib, plant):
    """The acrobot (parsed: scoped geometry names), a box on a hinge with a
    visual, a marker only the inertia layer draws ("meshcat", "accepting")
    and a collision box, a free ball resting on an anchored ground
    box (a contact), a body welded to the world (no inertia ellipsoid), a
    rotated off-center cylinder and a thin rod."""
    tree, math, geometry = lib.tree, lib.math, lib.geometry
    lib.parsing.Parser(plant).AddModels(f"{MODELS}/acrobot.sdf")
    friction = lib.plant.CoulombFriction(0.5, 0.5)
    plant.RegisterCollisionGeometry(
        plant.world_body(), math.RigidTransform([0, 0, -0.5]),
        geometry.Box(4, 4, 1), "ground", friction)
    plant.RegisterVisualGeometry(
        plant.world_body(), math.RigidTransform([0, 0, -0.5]),
        geometry.Box(4, 4, 1), "ground_visual", np.array([0.5, 0.5, 0.5, 1]))
    default = lib.tree.default_model_instance()
    M = tree.SpatialInertia
    fixed = plant.AddRigidBody("fixed", default,
                               M.SolidBoxWithMass(1.0, 0.1, 0.1, 0.1))
    plant.WeldFrames(plant.world_frame(), fixed.body_frame())
    box = plant.AddRigidBody("box", default,
                             M.SolidBoxWithMass(2.0, 0.1, 0.2, 0.3))
    plant.AddJoint(tree.RevoluteJoint(
        "hinge", plant.world_frame(), box.body_frame(), [0, 0, 1]))
    plant.RegisterVisualGeometry(box, math.RigidTransform(),
                                 geometry.Box(0.1, 0.2, 0.3), "box_visual",
                                 np.array([0, 0, 1, 0.5]))
    plant.RegisterCollisionGeometry(box, math.RigidTransform(),
                                    geometry.Box(0.1, 0.2, 0.3),
                                    "box_collision", friction)
    # A visual that only the inertia layer accepts.
    marker = geometry.MakePhongIllustrationProperties([1, 0, 1, 1])
    marker.AddProperty("meshcat", "accepting", "inertia")
    instance = geometry.GeometryInstance(math.RigidTransform([0, 0, 0.2]),
                                         geometry.Sphere(0.02), "box_marker")
    instance.set_illustration_properties(marker)
    plant.RegisterVisualGeometry(box, instance)
    # A visual without a color: drawn in default_illustration_color.
    plain = geometry.GeometryInstance(math.RigidTransform([0, 0, -0.2]),
                                      geometry.Sphere(0.03), "box_plain")
    plain.set_illustration_properties(geometry.IllustrationProperties())
    plant.RegisterVisualGeometry(box, plain)
    ball = plant.AddRigidBody("ball", default,
                              M.SolidSphereWithMass(1.0, 0.1))
    plant.RegisterCollisionGeometry(ball, math.RigidTransform(),
                                    geometry.Sphere(0.1), "ball_collision",
                                    friction)
    plant.RegisterVisualGeometry(ball, math.RigidTransform(),
                                 geometry.Sphere(0.1), "ball_visual",
                                 np.array([1, 1, 0, 1]))
    axis = np.array([1.0, 1.0, 0.0]) / np.sqrt(2)
    off = plant.AddRigidBody("off", default, M.SolidCylinderWithMass(
        3.0, 0.1, 0.4, axis).Shift([0.1, 0.2, -0.3]))
    rod = plant.AddRigidBody("rod", default,
                             M.ThinRodWithMass(3.0, 0.5, [0, 0, 1]))
    return box, ball, off, rod


def build(lib, apply=None, config=None, meshcat=True):
    """A continuous plant from populate() visualized with `apply(lib,
    builder, meshcat)` (default: AddDefaultVisualization), its state set
    and published (initialization, then forced). Returns (diagram,
    meshcat, builder's system names)."""
    builder = lib.framework.DiagramBuilder()
    plant, _ = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.0)
    box, ball, off, rod = populate(lib, plant)
    plant.Finalize()
    mc = lib.geometry.Meshcat(lib.geometry.MeshcatParams(
        host="localhost", port=0)) if meshcat else None
    if apply is not None:
        apply(lib, builder, mc)
    else:
        lib.visualization.AddDefaultVisualization(builder, mc)
    names = [s.get_name() for s in builder.GetSystems()]
    diagram = builder.Build()
    simulator = lib.analysis.Simulator(diagram)
    context = simulator.get_mutable_context()
    simulator.Initialize()
    plant_context = plant.GetMyMutableContextFromRoot(context)
    math = lib.math
    plant.SetPositions(plant_context, plant.GetModelInstanceByName("acrobot"),
                       [0.4, -1.1])
    plant.GetJointByName("hinge").set_angle(plant_context, 0.7)
    plant.SetFreeBodyPose(plant_context, ball,
                          math.RigidTransform([0.5, 0.3, 0.095]))
    plant.SetFreeBodyPose(plant_context, off, math.RigidTransform(
        math.RollPitchYaw(0.3, 0.2, 0.1), [1, 2, 3]))
    plant.SetFreeBodyPose(plant_context, rod, math.RigidTransform(
        math.RollPitchYaw(-0.5, 0.9, 2.0), [-1, 0, 2]))
    diagram.ForcedPublish(context)
    return diagram, mc, names


# The reference's LCM publishers (ossa publishes nothing over LCM).
_LCM_SYSTEMS = re.compile(r"drake_visualizer\(|SharedPointerSystem|"
                          r"contact_to_lcm|contact_results_publisher")


def compare_scenes(ours, theirs):
    assert ours.paths("/drake/") != [], "nothing drawn"
    for layer in ("illustration", "inertia", "proximity"):
        prefix = f"/drake/{layer}/"
        assert ours.paths(prefix) == theirs.paths(prefix), layer
        for path in theirs.paths(prefix):
            assert ours.kind(path) == theirs.kind(path), path
            X, Y = ours.world(path), theirs.world(path)
            if layer == "inertia":
                # The ellipsoid: its center and shape matrix.
                assert_agree(X[:3, 3], Y[:3, 3], path + " center", POSE_TOL)
                assert_agree(X[:3, :3] @ X[:3, :3].T, Y[:3, :3] @ Y[:3, :3].T,
                             path + " shape", POSE_TOL)
            else:
                assert_agree(X, Y, path + " pose", POSE_TOL)
            key = (path, "modulated_opacity")
            assert ours.properties.get(key) == pytest.approx(
                theirs.properties.get(key)), key
        for prop in ("visible", "modulated_opacity"):
            key = (f"/drake/{layer}", prop)
            assert ours.properties.get(key) == pytest.approx(
                theirs.properties.get(key)), key
    # Contact forces are drawn in both (their paths are named differently:
    # see docs/visualization.md).
    assert (ours.paths("/drake/contact_forces/") == []) == (
        theirs.paths("/drake/contact_forces/") == [])


CONFIGS = {
    "default": None,
    "sliders": dict(enable_alpha_sliders=True, initial_proximity_alpha=0.25,
                    publish_period=0.125),
    "no_illustration_no_inertia": dict(publish_illustration=False,
                                       publish_inertia=False,
                                       delete_on_initialization_event=False),
    "colors": dict(default_illustration_color=(0.2, 0.4, 0.6, 1.0),
                   default_proximity_color=(0.1, 0.2, 0.3, 0.8)),
    "no_proximity_no_contacts": dict(publish_proximity=False,
                                     publish_contacts=False,
                                     enable_alpha_sliders=True),
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_scene_agrees(name):
    fields = CONFIGS[name]

    def apply(lib, builder, meshcat):
        if fields is None:
            lib.visualization.AddDefaultVisualization(builder, meshcat)
            return
        # Colors are given as tuples, made into each library's Rgba.
        kwargs = {k: lib.geometry.Rgba(*v) if k.endswith("_color") else v
                  for k, v in fields.items()}
        lib.visualization.ApplyVisualizationConfig(
            lib.visualization.VisualizationConfig(**kwargs), builder,
            meshcat=meshcat)

    _, ours_mc, ours_names = build(OSSA, apply)
    _, theirs_mc, theirs_names = build(DRAKE, apply)
    ours, theirs = Scene(ours_mc), Scene(theirs_mc)
    compare_scenes(ours, theirs)
    # Each layer the config asks for is drawn (the comparison is not of
    # two empty scenes).
    asked = dict(illustration=True, inertia=True, proximity=True,
                 contacts=True)
    for key, value in (fields or {}).items():
        if key.startswith("publish_") and key != "publish_period":
            asked[key[len("publish_"):]] = value
    for layer, on in asked.items():
        prefix = "contact_forces" if layer == "contacts" else layer
        assert bool(ours.paths(f"/drake/{prefix}/")) == on, layer
    assert ours_names == [n for n in theirs_names
                          if not _LCM_SYSTEMS.search(n)]
    assert sorted(ours_mc.GetSliderNames()) == sorted(
        theirs_mc.GetSliderNames())
    for slider in theirs_mc.GetSliderNames():
        assert ours_mc.GetSliderValue(slider) == pytest.approx(
            theirs_mc.GetSliderValue(slider)), slider


def test_proximity_color_and_moved_sliders_agree():
    """A translucent proximity color; after the sliders move, a publish
    sets each layer's opacity to its slider's value."""
    def apply(lib, builder, meshcat):
        config = lib.visualization.VisualizationConfig(
            enable_alpha_sliders=True, initial_proximity_alpha=0.3)
        config.default_proximity_color = lib.geometry.Rgba(0.1, 0.2, 0.3, 0.8)
        lib.visualization.ApplyVisualizationConfig(config, builder,
                                                   meshcat=meshcat)

    scenes = []
    for lib in (OSSA, DRAKE):
        diagram, mc, _ = build(lib, apply)
        mc.SetSliderValue("proximity α", 0.7)
        mc.SetSliderValue("illustration α", 0.41)
        diagram.ForcedPublish(diagram.CreateDefaultContext())
        scenes.append(Scene(mc))
    compare_scenes(*scenes)


def test_systems_and_ports_without_meshcat():
    """Without a Meshcat (and without creating one) only the inertia
    geometry is added; SceneGraph gets the same source port."""
    def apply(lib, builder, meshcat):
        lib.visualization.ApplyVisualizationConfig(
            lib.visualization.VisualizationConfig(
                enable_meshcat_creation=False), builder)
        scene_graph = builder.GetSubsystemByName("scene_graph")
        apply.ports[lib.name] = [
            scene_graph.get_input_port(i).get_name()
            for i in range(scene_graph.num_input_ports())]
    apply.ports = {}
    _, _, ours = build(OSSA, apply, meshcat=False)
    _, _, theirs = build(DRAKE, apply, meshcat=False)
    assert ours == [n for n in theirs if not _LCM_SYSTEMS.search(n)]
    assert "inertia_visualizer" in ours
    # The reference also has the plant's deformable configuration ports.
    assert apply.ports["ossa"] == [p for p in apply.ports["drake"]
                                   if not p.endswith("_configuration")]


# --------------------------------------------------------------------------
# The config struct.

FIELDS = ("lcm_bus", "publish_period", "publish_illustration",
          "default_illustration_color", "publish_proximity",
          "default_proximity_color", "initial_proximity_alpha",
          "publish_contacts", "publish_inertia", "enable_meshcat_creation",
          "delete_on_initialization_event", "enable_alpha_sliders")


def test_config_defaults_repr_copy_and_yaml():
    ours = OSSA.visualization.VisualizationConfig()
    theirs = DRAKE.visualization.VisualizationConfig()
    assert [f.name for f in type(ours).__fields__] == list(FIELDS)
    assert [f.name for f in type(theirs).__fields__] == list(FIELDS)
    assert repr(ours) == repr(theirs)
    # Keyword construction; an unknown keyword raises in both.
    kwargs = dict(lcm_bus="default", publish_period=0.25,
                  publish_contacts=False, enable_alpha_sliders=True)
    assert repr(OSSA.visualization.VisualizationConfig(**kwargs)) == repr(
        DRAKE.visualization.VisualizationConfig(**kwargs))
    for lib in (OSSA, DRAKE):
        with pytest.raises(AttributeError):
            lib.visualization.VisualizationConfig(no_such_field=1)
    # Copies are independent.
    for lib in (OSSA, DRAKE):
        config = lib.visualization.VisualizationConfig(publish_period=0.5)
        for clone in (copy.copy(config), copy.deepcopy(config)):
            assert repr(clone) == repr(config)
            clone.publish_period = 1.0
            assert config.publish_period == 0.5
    # YAML: the same text out, the same values in.
    import ossa.common.yaml
    import pydrake.common.yaml
    assert ossa.common.yaml.yaml_dump_typed(ours) == \
        pydrake.common.yaml.yaml_dump_typed(theirs)
    text = ("publish_period: 0.5\npublish_inertia: false\n"
            "default_proximity_color: {rgba: [0.1, 0.2, 0.3]}\n"
            "enable_alpha_sliders: true\ninitial_proximity_alpha: 0.75\n"
            "lcm_bus: other\n")
    ours = ossa.common.yaml.yaml_load_typed(
        schema=OSSA.visualization.VisualizationConfig, data=text)
    theirs = pydrake.common.yaml.yaml_load_typed(
        schema=DRAKE.visualization.VisualizationConfig, data=text)
    assert repr(ours) == repr(theirs)
    assert ossa.common.yaml.yaml_dump_typed(ours) == \
        pydrake.common.yaml.yaml_dump_typed(theirs)


# --------------------------------------------------------------------------
# Errors.

def _message(lib, call):
    with pytest.raises(Exception) as info:
        call(lib)
    return info.type, str(info.value)


def test_missing_systems_raise_as_the_reference():
    def empty(lib):
        lib.visualization.AddDefaultVisualization(
            lib.framework.DiagramBuilder())

    def plant_only(lib):
        builder = lib.framework.DiagramBuilder()
        builder.AddSystem(lib.plant.MultibodyPlant(0.0)).set_name("plant")
        lib.visualization.AddDefaultVisualization(builder)

    for call, missing in ((empty, "plant"), (plant_only, "scene_graph")):
        expected = ("DiagramBuilder does not contain a subsystem named "
                    f"{missing}. Valid subsystems are")
        for lib in (OSSA, DRAKE):
            kind, message = _message(lib, call)
            assert kind is RuntimeError
            assert message.startswith(expected), (lib, message)


def _finalized(lib):
    builder = lib.framework.DiagramBuilder()
    plant, _ = lib.plant.AddMultibodyPlantSceneGraph(builder, 0.0)
    plant.Finalize()
    return builder


def test_config_errors_raise_as_the_reference():
    mcs = {lib.name: lib.geometry.Meshcat(lib.geometry.MeshcatParams(
        host="localhost", port=0)) for lib in (OSSA, DRAKE)}

    def bus(lib):
        lib.visualization.ApplyVisualizationConfig(
            lib.visualization.VisualizationConfig(lcm_bus="foo"),
            _finalized(lib), meshcat=mcs[lib.name])

    def period(lib):
        lib.visualization.ApplyVisualizationConfig(
            lib.visualization.VisualizationConfig(publish_period=0.0),
            _finalized(lib), meshcat=mcs[lib.name])

    def twice(lib):
        builder = _finalized(lib)
        config = lib.visualization.VisualizationConfig(
            enable_meshcat_creation=False)
        lib.visualization.ApplyVisualizationConfig(config, builder)
        lib.visualization.ApplyVisualizationConfig(config, builder)

    def wrong_type(lib):
        builder = lib.framework.DiagramBuilder()
        plant = builder.AddSystem(lib.plant.MultibodyPlant(0.0))
        plant.set_name("plant")
        plant.Finalize()
        builder.AddSystem(lib.primitives.ConstantVectorSource(
            [1.0])).set_name("scene_graph")
        lib.visualization.AddDefaultVisualization(builder,
                                                  mcs[lib.name])

    def built(lib):
        builder = _finalized(lib)
        builder.Build()
        lib.visualization.AddDefaultVisualization(builder, mcs[lib.name])

    cases = {bus: "requested a non-default LCM bus 'foo' but did not "
                  "provide an LcmBuses object to locate it",
             period: "publish period", twice: "duplicate name: "
             "inertia_visualizer", wrong_type: "ConstantVectorSource",
             built: "Build"}
    for call, gist in cases.items():
        for lib in (OSSA, DRAKE):
            kind, message = _message(lib, call)
            assert kind is RuntimeError, (call.__name__, lib, message)
            if gist != "publish period":
                assert gist in message, (call.__name__, lib, message)
        # ossa names its own field where the reference names its LCM
        # publisher.
        if call is period:
            assert "publish_period must be positive" in _message(OSSA,
                                                                 call)[1]


def test_ossa_only_errors():
    """The reference aborts on an unfinalized plant; ossa raises. Buses or
    an LCM instance mean LCM output, which ossa does not have."""
    builder = OSSA.framework.DiagramBuilder()
    OSSA.plant.AddMultibodyPlantSceneGraph(builder, 0.0)
    with pytest.raises(RuntimeError, match="not finalized"):
        OSSA.visualization.AddDefaultVisualization(builder)
    config = OSSA.visualization.VisualizationConfig()
    for kwargs in (dict(lcm_buses=object()), dict(lcm=object())):
        with pytest.raises(RuntimeError, match="no LCM"):
            OSSA.visualization.ApplyVisualizationConfig(
                config, _finalized(OSSA), **kwargs)
