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
