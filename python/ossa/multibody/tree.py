"""ossa.multibody.tree: mirrors the reference module of the same name."""

from ossa._ext.multibody_tree import *  # noqa: F401,F403

# The reference binds CalcSpatialInertia(shape, density) in this module; it is
# computed by the geometry layer.
from ossa._ext.geometry import CalcSpatialInertia  # noqa: E402,F401

# __fields__ for ossa.common.yaml (the reference's fields, in its order).
from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(DoorHingeConfig, [  # noqa: F405
    (name, float) for name in (
        "spring_zero_angle_rad", "spring_constant", "dynamic_friction_torque",
        "static_friction_torque", "viscous_friction", "catch_width",
        "catch_torque", "motion_threshold")], add_repr=False)


# repr() of the elements, as the reference prints them:
# <RevoluteJoint name='elbow' index=3 model_instance=2>, and for force
# elements (which have no name) <LinearSpringDamper index=1 model_instance=1>.
def _element_class_name(obj):
    name = type(obj).__name__
    return name[:-len("_[float]")] if name.endswith("_[float]") else name


def _named_element_repr(self):
    return (f"<{_element_class_name(self)} name={self.name()!r} "
            f"index={int(self.index())} "
            f"model_instance={int(self.model_instance())}>")


def _force_element_repr(self):
    return (f"<{_element_class_name(self)} index={int(self.index())} "
            f"model_instance={int(self.model_instance())}>")


for _template, _repr in ((RigidBody_, _named_element_repr),  # noqa: F405
                         (Frame_, _named_element_repr),  # noqa: F405
                         (Joint_, _named_element_repr),  # noqa: F405
                         (JointActuator_, _named_element_repr),  # noqa: F405
                         (ForceElement_, _force_element_repr)):  # noqa: F405
    for _param in _template.param_list:
        _template[_param].__repr__ = _repr
del _template, _repr, _param
