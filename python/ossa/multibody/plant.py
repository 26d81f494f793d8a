"""ossa.multibody.plant: mirrors the reference module of the same name."""

from ossa._ext.multibody_plant import *  # noqa: F401,F403
from ossa._ext.multibody_plant import (ApplyMultibodyPlantConfig,
                                       MultibodyPlant)


def AddMultibodyPlant(config, builder):
    """Adds a MultibodyPlant(config.time_step) named "plant" to `builder`,
    with `config` applied (ApplyMultibodyPlantConfig), and returns the pair
    (plant, scene_graph) as the reference does. ossa has no SceneGraph yet:
    scene_graph is None. Raises like the constructor and
    ApplyMultibodyPlantConfig for a negative time step or an invalid field;
    the builder is left unchanged then."""
    plant = MultibodyPlant(config.time_step)
    ApplyMultibodyPlantConfig(config, plant)
    plant.set_name("plant")
    builder.AddSystem(plant)
    return plant, None


# __fields__ for ossa.common.yaml (the reference's fields, in its order).
from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(MultibodyPlantConfig, [  # noqa: F405
    ("time_step", float), ("use_sampled_output_ports", bool),
    ("penetration_allowance", float), ("stiction_tolerance", float),
    ("contact_model", str), ("discrete_contact_approximation", str),
    ("sap_near_rigid_threshold", float),
    ("contact_surface_representation", str),
    ("adjacent_bodies_collision_filters", bool)], add_repr=False)
