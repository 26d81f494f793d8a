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


def AddMultibodyPlant(*args, **kwargs):
    """AddMultibodyPlant(config, builder) or AddMultibodyPlant(plant_config,
    scene_graph_config, builder): adds a MultibodyPlant(time_step) named
    "plant", with the plant config applied (ApplyMultibodyPlantConfig), and
    a SceneGraph named "scene_graph" (made with the scene graph config) to
    `builder`, connected as AddMultibodyPlantSceneGraph does; returns
    (plant, scene_graph). Raises like the constructors and
    ApplyMultibodyPlantConfig for a negative time step or an invalid field;
    the builder is left unchanged then."""
    from ossa.geometry import SceneGraph, SceneGraphConfig
    names2 = ("config", "builder")
    names3 = ("plant_config", "scene_graph_config", "builder")
    if len(args) + len(kwargs) == 2 and set(kwargs) <= set(names2):
        bound = dict(zip(names2, args), **kwargs)
        plant_config = bound["config"]
        scene_graph_config = SceneGraphConfig()
    elif len(args) + len(kwargs) == 3 and set(kwargs) <= set(names3):
        bound = dict(zip(names3, args), **kwargs)
        plant_config = bound["plant_config"]
        scene_graph_config = bound["scene_graph_config"]
    else:
        raise TypeError(
            "AddMultibodyPlant(): takes (config, builder) or (plant_config, "
            "scene_graph_config, builder)")
    builder = bound["builder"]
    plant = MultibodyPlant(plant_config.time_step)
    ApplyMultibodyPlantConfig(plant_config, plant)
    plant.set_name("plant")
    scene_graph = SceneGraph(scene_graph_config)
    scene_graph.set_name("scene_graph")
    return AddMultibodyPlantSceneGraph(builder, plant, scene_graph)


# __fields__ for ossa.common.yaml (the reference's fields, in its order).
from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(MultibodyPlantConfig, [  # noqa: F405
    ("time_step", float), ("use_sampled_output_ports", bool),
    ("penetration_allowance", float), ("stiction_tolerance", float),
    ("contact_model", str), ("discrete_contact_approximation", str),
    ("sap_near_rigid_threshold", float),
    ("contact_surface_representation", str),
    ("adjacent_bodies_collision_filters", bool)], add_repr=False)


# -- The reference's names for the floating-base functions (its newer names
# for ossa's *FreeBody* ones) and small plant conveniences.

def _alias(name, existing):
    for param in MultibodyPlant_.param_list:  # noqa: F405
        cls = MultibodyPlant_[param]  # noqa: F405
        setattr(cls, name, getattr(cls, existing))


_alias("HasUniqueFloatingBaseBody", "HasUniqueFreeBaseBody")
_alias("GetUniqueFloatingBaseBodyOrThrow", "GetUniqueFreeBaseBodyOrThrow")
_alias("SetFloatingBaseBodyPoseInWorldFrame", "SetFreeBodyPoseInWorldFrame")
_alias("SetFloatingBaseBodyPoseInAnchoredFrame",
       "SetFreeBodyPoseInAnchoredFrame")
_alias("GetDefaultFloatingBaseBodyPose", "GetDefaultFreeBodyPose")
# gravity_field() gives the element itself (which Python may change).
_alias("mutable_gravity_field", "gravity_field")
del _alias


def _set_default_floating_base_body_pose(self, body, X_WB):
    """SetDefaultFreeBodyPose(body, X_WB) under the reference's newer
    name."""
    self.SetDefaultFreeBodyPose(body, X_WB)


for _param in MultibodyPlant_.param_list:  # noqa: F405
    MultibodyPlant_[_param].SetDefaultFloatingBaseBodyPose = \
        _set_default_floating_base_body_pose  # noqa: F405


def _num_bodies_with_name(self, name):
    """How many bodies (across model instances) are named `name`."""
    from ossa.multibody.tree import BodyIndex
    return sum(1 for i in range(self.num_bodies())
               if self.get_body(BodyIndex(i)).name() == name)


def _remove_all_effort_limits(self):
    """Sets every actuator's effort limit to infinity. Raises like
    set_effort_limit after Finalize()."""
    from ossa.multibody.tree import JointActuatorIndex
    for i in range(self.num_actuators()):
        self.get_mutable_joint_actuator(JointActuatorIndex(i)) \
            .set_effort_limit(float("inf"))


for _param in MultibodyPlant_.param_list:  # noqa: F405
    MultibodyPlant_[_param].NumBodiesWithName = _num_bodies_with_name  # noqa
    MultibodyPlant_[_param].RemoveAllJointActuatorEffortLimits = \
        _remove_all_effort_limits  # noqa: F405
del _param


import numpy as _np  # noqa: E402


def _plant_calc_points_velocities(self, context, frame_B, p_BQi, frame_A,
                                  frame_E):
    """v_AQi_E (3×n) of the points Qi fixed on frame B at p_BQi (3×n):
    v_AQi = v_ABo + w_AB × p_BoQi, expressed in E."""
    p_BQi = _np.asarray(p_BQi)
    if p_BQi.ndim != 2 or p_BQi.shape[0] != 3:
        raise RuntimeError(
            "MultibodyPlant.CalcPointsVelocities(): p_BQi must be 3×n, got "
            f"shape {p_BQi.shape}")
    V_AB_E = frame_B.CalcSpatialVelocity(context, frame_A, frame_E)
    p_BoQi_E = _np.asarray(
        frame_B.CalcRotationMatrix(context, frame_E).multiply(p_BQi))
    w = _np.asarray(V_AB_E.rotational()).reshape(3, 1)
    v = _np.asarray(V_AB_E.translational()).reshape(3, 1)
    return v + _np.cross(w, p_BoQi_E, axis=0)


for _param in MultibodyPlant_.param_list:  # noqa: F405
    MultibodyPlant_[_param].CalcPointsVelocities = \
        _plant_calc_points_velocities  # noqa: F405
del _param
