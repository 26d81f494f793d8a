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
_alias("SetDefaultFloatingBaseBodyPose", "SetDefaultFreeBodyPose")
# gravity_field() gives the element itself (which Python may change).
_alias("mutable_gravity_field", "gravity_field")
del _alias


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
