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


# CoulombFriction_[T]: the friction coefficients of a surface.
from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa.autodiffutils import AutoDiffXd as _AutoDiffXd  # noqa: E402


def _friction_value(x):
    return x.value() if hasattr(x, "value") and callable(x.value) else x


@_TemplateClass.define("CoulombFriction_",
                       param_list=[(float,), (_AutoDiffXd,)])
def CoulombFriction_(param):
    (T,) = param

    class CoulombFriction:
        """Static and dynamic coefficients of Coulomb friction (μs ≥ μd ≥
        0). CoulombFriction() is frictionless; the constructor raises
        RuntimeError for a negative coefficient or μd > μs."""

        def __init__(self, static_friction=None, dynamic_friction=None):
            if (static_friction is None) != (dynamic_friction is None):
                raise TypeError(
                    "CoulombFriction(): give both static_friction and "
                    "dynamic_friction, or neither")
            if static_friction is None:
                static_friction = dynamic_friction = 0.0
            static_friction, dynamic_friction = T(static_friction), \
                T(dynamic_friction)
            mu_s, mu_d = (_friction_value(static_friction),
                          _friction_value(dynamic_friction))
            if mu_s < 0:
                raise RuntimeError(
                    f"The given static friction is negative: {mu_s}")
            if mu_d < 0:
                raise RuntimeError(
                    f"The given dynamic friction is negative: {mu_d}")
            if mu_d > mu_s:
                raise RuntimeError(
                    f"The given dynamic friction ({mu_d}) is greater than "
                    f"the given static friction ({mu_s}); dynamic friction "
                    "must be less than or equal to static friction.")
            self._static = static_friction
            self._dynamic = dynamic_friction

        def static_friction(self):
            return self._static

        def dynamic_friction(self):
            return self._dynamic

        def __copy__(self):
            return type(self)(self._static, self._dynamic)

        def __deepcopy__(self, memo):
            return self.__copy__()

        def __getstate__(self):
            return (_friction_value(self._static),
                    _friction_value(self._dynamic))

        def __setstate__(self, state):
            self._static, self._dynamic = T(state[0]), T(state[1])

    CoulombFriction.__module__ = __name__
    return CoulombFriction


CoulombFriction = CoulombFriction_[float]
for _param in CoulombFriction_.param_list:
    globals()[CoulombFriction_[_param].__name__] = CoulombFriction_[_param]
del _param


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
