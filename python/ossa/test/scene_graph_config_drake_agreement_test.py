"""SceneGraphConfig and its default proximity properties against the
reference (pydrake): the same defaults, the same YAML, the same validation
errors, and the same contact dynamics when a config supplies the material
of geometry that has none (each scene built by one function run against
both modules).

Closed form: a sphere of mass m resting on a half space, both without
material and with the config's point stiffness k, settles at the
penetration m·g/(k/2) (the two stiffnesses in series) under SAP with the
near-rigid regularization off.
"""

import math

import numpy as np
import pytest

pytest.importorskip("pydrake.all")

from peer_modules import ModuleSet, PlantScene  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
FIELDS = ("compliance_type", "hydroelastic_modulus", "resolution_hint",
          "slab_thickness", "margin", "dynamic_friction", "static_friction",
          "hunt_crossley_dissipation", "relaxation_time", "point_stiffness")
H = 1e-3
MASS, RADIUS, G = 2.0, 0.1, 9.81

pytestmark = pytest.mark.usefixtures("quiet_logs")


def test_defaults_fields_and_yaml_agree():
    ours = OSSA.geometry.DefaultProximityProperties()
    theirs = DRAKE.geometry.DefaultProximityProperties()
    for name in FIELDS:
        assert getattr(ours, name) == getattr(theirs, name), name
    assert [f.name for f in OSSA.geometry.DefaultProximityProperties
            .__fields__] == list(FIELDS)
    import ossa.common.yaml
    import pydrake.common.yaml
    config = {"default_proximity_properties": {
        "compliance_type": "rigid", "point_stiffness": 2.5e5,
        "hunt_crossley_dissipation": None, "static_friction": 0.7,
        "dynamic_friction": 0.4}}
    text = pydrake.common.yaml.yaml_dump(config)
    ours = ossa.common.yaml.yaml_load_typed(
        schema=OSSA.geometry.SceneGraphConfig, data=text)
    theirs = pydrake.common.yaml.yaml_load_typed(
        schema=DRAKE.geometry.SceneGraphConfig, data=text)
    for name in FIELDS:
        assert (getattr(ours.default_proximity_properties, name) ==
                getattr(theirs.default_proximity_properties, name)), name
    assert "point_stiffness=250000.0" in repr(ours)


@pytest.mark.parametrize("field,value", [
    ("compliance_type", "soft"), ("point_stiffness", -1.0),
    ("hunt_crossley_dissipation", -0.1),
    ("relaxation_time", -1.0), ("hydroelastic_modulus", 0.0),
    ("static_friction", None), ("static_friction", 0.1)])
def test_invalid_configs_raise_in_both(field, value):
    for lib in (OSSA, DRAKE):
        config = lib.geometry.SceneGraphConfig()
        setattr(config.default_proximity_properties, field, value)
        with pytest.raises(RuntimeError):
            lib.geometry.SceneGraph(config)
        with pytest.raises(RuntimeError):
            lib.geometry.SceneGraph().set_config(config)
    # The message names the field (the friction pair: either one).
    config = OSSA.geometry.SceneGraphConfig()
    setattr(config.default_proximity_properties, field, value)
    with pytest.raises(RuntimeError, match=field.split("_")[0]):
        config.ValidateOrThrow()


def test_nan_is_invalid():
    """The reference lets a NaN through its range checks; ossa rejects it
    (a NaN stiffness would poison every contact force)."""
    config = OSSA.geometry.SceneGraphConfig()
    config.default_proximity_properties.point_stiffness = math.nan
    with pytest.raises(RuntimeError, match="point_stiffness"):
        OSSA.geometry.SceneGraph(config)


def test_context_keeps_the_config_of_its_creation():
    config = OSSA.geometry.SceneGraphConfig()
    config.default_proximity_properties.point_stiffness = 3e5
    scene_graph = OSSA.geometry.SceneGraph(config)
    context = scene_graph.CreateDefaultContext()
    later = OSSA.geometry.SceneGraphConfig()
    later.default_proximity_properties.point_stiffness = 4e5
    scene_graph.set_config(later)
    assert scene_graph.get_config().default_proximity_properties \
        .point_stiffness == 4e5
    assert scene_graph.get_config(context).default_proximity_properties \
        .point_stiffness == 3e5
    assert scene_graph.get_config(scene_graph.CreateDefaultContext()) \
        .default_proximity_properties.point_stiffness == 4e5


def ball_on_ground(lib, plant):
    """A free sphere above a half space, neither with contact material."""
    ball = plant.AddRigidBody(
        "ball", lib.tree.SpatialInertia.SolidSphereWithMass(MASS, RADIUS))
    empty = lib.geometry.ProximityProperties()
    plant.RegisterCollisionGeometry(ball, lib.math.RigidTransform(),
                                    lib.geometry.Sphere(RADIUS), "ball",
                                    empty)
    plant.RegisterCollisionGeometry(
        plant.world_body(), lib.math.RigidTransform(),
        lib.geometry.HalfSpace(), "ground",
        lib.geometry.ProximityProperties())
    return ball


def config_scene(lib, time_step, approximation, contact_model="point",
                 near_rigid_threshold=1.0, **defaults):
    """The ball scene with a SceneGraph made from a config whose default
    proximity properties are `defaults`, through AddMultibodyPlant."""
    plant_config = lib.plant.MultibodyPlantConfig(
        time_step=time_step, discrete_contact_approximation=approximation,
        contact_model=contact_model,
        sap_near_rigid_threshold=near_rigid_threshold)
    config = lib.geometry.SceneGraphConfig()
    for name, value in defaults.items():
        setattr(config.default_proximity_properties, name, value)
    builder = lib.framework.DiagramBuilder()
    plant, scene_graph = lib.plant.AddMultibodyPlant(plant_config, config,
                                                     builder)
    ball = ball_on_ground(lib, plant)
    plant.Finalize()
    diagram = builder.Build()
    simulator = lib.analysis.Simulator(diagram)
    context = plant.GetMyMutableContextFromRoot(
        simulator.get_mutable_context())
    plant.SetFreeBodyPose(context, ball,
                          lib.math.RigidTransform([0.0, 0.0, 0.3]))
    return plant, scene_graph, simulator, context


@pytest.mark.parametrize("approximation", ["tamsi", "sap", "lagged"])
@pytest.mark.parametrize("defaults", [
    dict(point_stiffness=2e5, hunt_crossley_dissipation=5.0,
         relaxation_time=0.02, static_friction=0.3, dynamic_friction=0.3),
    dict(point_stiffness=None, hunt_crossley_dissipation=None),
], ids=["material", "penalty_estimate"])
def test_config_material_drives_contact_like_the_reference(approximation,
                                                           defaults):
    states = []
    for lib in (OSSA, DRAKE):
        plant, _, simulator, context = config_scene(lib, H, approximation,
                                                    **defaults)
        simulator.AdvanceTo(0.5)
        states.append(np.array(plant.GetPositionsAndVelocities(context)))
    err = np.linalg.norm(states[0] - states[1]) / max(
        1.0, np.linalg.norm(states[1]))
    assert err <= 1e-6, (err, states)


def test_resting_penetration_is_mg_over_series_stiffness():
    k = 2e5
    plant, _, simulator, context = config_scene(
        OSSA, H, "sap", near_rigid_threshold=0.0, point_stiffness=k,
        relaxation_time=0.02)
    simulator.AdvanceTo(3.0)
    penetration = RADIUS - plant.GetPositions(context)[6]
    assert penetration == pytest.approx(MASS * G / (k / 2), rel=1e-3)


def test_compliant_default_makes_pairs_hydroelastic():
    """With compliance_type "compliant" every geometry without its own
    hydroelastic type is compliant: point contact (kPoint) ignores that and
    the ball comes to rest; kHydroelasticWithFallback needs a contact
    surface for the pair, which ossa does not compute yet."""
    plant, _, simulator, context = config_scene(
        OSSA, H, "sap", compliance_type="compliant")
    simulator.AdvanceTo(1.0)
    assert plant.GetPositions(context)[6] == pytest.approx(RADIUS, abs=1e-3)
    plant, _, simulator, context = config_scene(
        OSSA, H, "sap", contact_model="hydroelastic_with_fallback",
        compliance_type="compliant")
    with pytest.raises(RuntimeError, match="hydroelastic"):
        simulator.AdvanceTo(1.0)
    plant, _, simulator, context = config_scene(
        OSSA, H, "sap", contact_model="hydroelastic_with_fallback",
        compliance_type="rigid")
    simulator.AdvanceTo(1.0)  # rigid–rigid falls back to point contact
    assert plant.GetPositions(context)[6] == pytest.approx(RADIUS, abs=1e-3)
