"""ossa.multibody.plant: mirrors the reference module of the same name."""

from ossa._ext.multibody_plant import *  # noqa: F401,F403
from ossa._ext.multibody_plant import (ApplyMultibodyPlantConfig,
                                       MultibodyPlant, MultibodyPlant_)


def _scalar_param(builder):
    """The scalar parameter tuple of a DiagramBuilder_[T] instance."""
    from ossa.systems.framework import DiagramBuilder_
    params = DiagramBuilder_.get_param_set(type(builder))
    if not params:
        raise TypeError(
            "AddMultibodyPlantSceneGraph(): builder must be a DiagramBuilder "
            f"(DiagramBuilder_[T]), not {type(builder).__name__}.")
    return next(iter(params))


def AddMultibodyPlantSceneGraph(builder, time_step=None, scene_graph=None,
                                plant=None):
    """AddMultibodyPlantSceneGraph(builder, time_step, scene_graph=None) or
    AddMultibodyPlantSceneGraph(builder, plant, scene_graph=None).

    Adds the plant (a new MultibodyPlant_[T](time_step) named "plant", or
    the given one, named "plant" if it has no name) and the scene graph (a
    new SceneGraph_[T] named "scene_graph" if None) to `builder`, registers
    the plant as the scene graph's source and connects the plant's
    "geometry_pose" output and the scene graph's query output to each
    other. Returns (plant, scene_graph)."""
    from ossa.geometry import SceneGraph_
    param = _scalar_param(builder)
    if plant is None and not isinstance(time_step, (int, float)):
        plant, time_step = time_step, None
    if (plant is None) == (time_step is None):
        raise TypeError(
            "AddMultibodyPlantSceneGraph() takes either a time_step or a "
            "plant.")
    if plant is None:
        plant = MultibodyPlant_[param](float(time_step))
        plant.set_name("plant")
    elif not isinstance(plant, MultibodyPlant_[param]):
        raise TypeError(
            "AddMultibodyPlantSceneGraph(): plant must be a "
            f"{MultibodyPlant_[param].__name__}, not {type(plant).__name__}.")
    elif not plant.get_name():
        plant.set_name("plant")
    if scene_graph is None:
        scene_graph = SceneGraph_[param]()
        scene_graph.set_name("scene_graph")
    builder.AddSystem(plant)
    builder.AddSystem(scene_graph)
    source_id = plant.RegisterAsSourceForSceneGraph(scene_graph)
    builder.Connect(plant.get_geometry_pose_output_port(),
                    scene_graph.get_source_pose_port(source_id))
    builder.Connect(scene_graph.get_query_output_port(),
                    plant.get_geometry_query_input_port())
    return plant, scene_graph


def AddMultibodyPlant(config, builder):
    """Adds a MultibodyPlant(config.time_step) named "plant", with `config`
    applied (ApplyMultibodyPlantConfig), and a SceneGraph named
    "scene_graph" to `builder`, connected as AddMultibodyPlantSceneGraph
    does; returns (plant, scene_graph). Raises like the constructor and
    ApplyMultibodyPlantConfig for a negative time step or an invalid field;
    the builder is left unchanged then."""
    plant = MultibodyPlant(config.time_step)
    ApplyMultibodyPlantConfig(config, plant)
    plant.set_name("plant")
    return AddMultibodyPlantSceneGraph(builder, plant)
