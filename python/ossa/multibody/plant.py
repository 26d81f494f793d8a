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
