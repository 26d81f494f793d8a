"""ossa.multibody.tree: mirrors the reference module of the same name."""

from ossa._ext.multibody_tree import *  # noqa: F401,F403

# The reference binds CalcSpatialInertia(shape, density) in this module; it is
# computed by the geometry layer.
from ossa._ext.geometry import CalcSpatialInertia  # noqa: E402,F401

# The reference binds MultibodyConstraintId in this module; the plant's
# bindings define it (the id type lives with the plant's constraints).
from ossa._ext.multibody_plant import MultibodyConstraintId  # noqa: E402,F401

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


class ScopedName:
    """A name within nested namespaces, "namespace::element" (the
    namespace may itself hold "::"). ScopedName(namespace_name,
    element_name) raises RuntimeError if the element holds "::" or the
    namespace starts or ends with it; Make() returns None instead, and
    Join() / Parse() tidy the delimiters."""

    _DELIMITER = "::"

    def __init__(self, namespace_name=None, element_name=None):
        if (namespace_name is None) != (element_name is None):
            raise TypeError("ScopedName(): give both namespace_name and "
                            "element_name, or neither")
        self._namespace = ""
        self._element = ""
        if namespace_name is not None:
            self._check(namespace_name, element_name)
            self._namespace, self._element = namespace_name, element_name

    @classmethod
    def _valid(cls, namespace_name, element_name):
        d = cls._DELIMITER
        return (d not in element_name and not namespace_name.startswith(d)
                and not namespace_name.endswith(d))

    @classmethod
    def _check(cls, namespace_name, element_name):
        if not cls._valid(namespace_name, element_name):
            raise RuntimeError(
                f"Cannot create a ScopedName({namespace_name!r}, "
                f"{element_name!r}) with mis-placed delimiters")

    @staticmethod
    def Make(namespace_name, element_name):
        """The ScopedName, or None if the delimiters are mis-placed."""
        if not ScopedName._valid(namespace_name, element_name):
            return None
        return ScopedName(namespace_name, element_name)

    @staticmethod
    def Parse(scoped_name):
        """Splits at the last "::" (leading, trailing and repeated "::"
        removed first)."""
        parts = [p for p in scoped_name.split(ScopedName._DELIMITER) if p]
        if not parts:
            return ScopedName()
        return ScopedName(ScopedName._DELIMITER.join(parts[:-1]), parts[-1])

    @staticmethod
    def Join(name1, name2):
        """name1::name2, delimiters tidied as Parse does."""
        return ScopedName.Parse(name1 + ScopedName._DELIMITER + name2)

    def get_namespace(self):
        return self._namespace

    def get_element(self):
        return self._element

    def get_full(self):
        if not self._namespace:
            return self._element
        return self._namespace + self._DELIMITER + self._element

    def to_string(self):
        return self.get_full()

    def set_namespace(self, namespace_name):
        self._check(namespace_name, self._element)
        self._namespace = namespace_name

    def set_element(self, element_name):
        self._check(self._namespace, element_name)
        self._element = element_name

    def __str__(self):
        return self.get_full()

    def __repr__(self):
        return f"ScopedName({self._namespace!r}, {self._element!r})"

    def __eq__(self, other):
        return isinstance(other, ScopedName) and \
            self.get_full() == other.get_full()

    def __hash__(self):
        return hash(self.get_full())

    def __copy__(self):
        return ScopedName(self._namespace, self._element)

    def __deepcopy__(self, memo):
        return self.__copy__()


# -- Element conveniences the reference has, on the bound API (every scalar).
# A body's mass properties are its defaults in ossa (they are not Context
# parameters), so the Context-taking readers return the defaults.

def _add(template, name, function):
    for param in template.param_list:
        setattr(template[param], name, function)


def _body_get_mass(self, context):
    """The body's mass (its default; ossa keeps no per-Context mass)."""
    return self.default_mass()


def _body_com(self, context):
    """p_BoBcm_B, the center of mass in the body frame."""
    return self.default_com()


def _body_spatial_inertia(self, context):
    """M_BBo_B, the spatial inertia about Bo in the body frame."""
    return self.default_spatial_inertia()


def _body_com_velocity(self, context):
    """v_WBcm_W, the translational velocity of the center of mass in W."""
    X_WB = self.EvalPoseInWorld(context)
    p_BoBcm_W = X_WB.rotation().multiply(self.default_com())
    return self.EvalSpatialVelocityInWorld(context).Shift(
        p_BoBcm_W).translational()


def _body_com_acceleration(self, context):
    """a_WBcm_W, the translational acceleration of the center of mass in
    W."""
    X_WB = self.EvalPoseInWorld(context)
    p_BoBcm_W = X_WB.rotation().multiply(self.default_com())
    w_WB = self.EvalSpatialVelocityInWorld(context).rotational()
    return self.EvalSpatialAccelerationInWorld(context).Shift(
        p_BoBcm_W, w_WB).translational()


_add(RigidBody_, "get_mass", _body_get_mass)  # noqa: F405
_add(RigidBody_, "CalcCenterOfMassInBodyFrame", _body_com)  # noqa: F405
_add(RigidBody_, "CalcSpatialInertiaInBodyFrame",  # noqa: F405
     _body_spatial_inertia)
_add(RigidBody_,  # noqa: F405
     "CalcCenterOfMassTranslationalVelocityInWorld", _body_com_velocity)
_add(RigidBody_,  # noqa: F405
     "CalcCenterOfMassTranslationalAccelerationInWorld",
     _body_com_acceleration)


def _frame_offset_pose(self, X_FQ):
    """X_BQ = X_BF·X_FQ, for a frame F fixed to its body B."""
    return self.GetFixedPoseInBodyFrame().multiply(X_FQ)


def _frame_offset_rotation(self, R_FQ):
    """R_BQ = R_BF·R_FQ."""
    return self.GetFixedPoseInBodyFrame().rotation().multiply(R_FQ)


def _frame_rotation_in_body(self):
    """R_BF."""
    return self.GetFixedPoseInBodyFrame().rotation()


def _frame_angular_velocity(self, context, measured_in_frame,
                            expressed_in_frame):
    """w_MF_E, this frame's angular velocity measured in M, expressed in
    E."""
    return self.CalcSpatialVelocity(context, measured_in_frame,
                                    expressed_in_frame).rotational()


def _frame_angular_velocity_in_world(self, context):
    """w_WF_W."""
    return self.CalcSpatialVelocityInWorld(context).rotational()


_add(Frame_, "GetFixedOffsetPoseInBody", _frame_offset_pose)  # noqa: F405
_add(Frame_, "GetFixedRotationMatrixInBody",  # noqa: F405
     _frame_offset_rotation)
_add(Frame_, "GetFixedRotationMatrixInBodyFrame",  # noqa: F405
     _frame_rotation_in_body)
_add(Frame_, "CalcAngularVelocity", _frame_angular_velocity)  # noqa: F405
_add(Frame_, "EvalAngularVelocityInWorld",  # noqa: F405
     _frame_angular_velocity_in_world)


def _inertia_getitem(self, index):
    """I[i, j]: an entry of the 3x3 matrix."""
    return self.CopyToFullMatrix3()[index]


_add(RotationalInertia_, "__getitem__", _inertia_getitem)  # noqa: F405
_add(UnitInertia_, "__getitem__", _inertia_getitem)  # noqa: F405

PdControllerGains.__copy__ = lambda self: PdControllerGains(  # noqa: F405
    p=self.p, d=self.d)
PdControllerGains.__deepcopy__ = lambda self, memo: self.__copy__()
DoorHingeConfig.__copy__ = lambda self: DoorHingeConfig(  # noqa: F405
    **{f.name: getattr(self, f.name) for f in DoorHingeConfig.__fields__})
DoorHingeConfig.__deepcopy__ = lambda self, memo: self.__copy__()
del _add
