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
# A body's mass properties are Context parameters (get_mass(context),
# CalcCenterOfMassInBodyFrame(context), ... are bound in C++).

def _add(template, name, function):
    for param in template.param_list:
        setattr(template[param], name, function)


def _body_com_velocity(self, context):
    """v_WBcm_W, the translational velocity of the center of mass in W."""
    X_WB = self.EvalPoseInWorld(context)
    p_BoBcm_W = X_WB.rotation().multiply(
        self.CalcCenterOfMassInBodyFrame(context))
    return self.EvalSpatialVelocityInWorld(context).Shift(
        p_BoBcm_W).translational()


def _body_com_acceleration(self, context):
    """a_WBcm_W, the translational acceleration of the center of mass in
    W."""
    X_WB = self.EvalPoseInWorld(context)
    p_BoBcm_W = X_WB.rotation().multiply(
        self.CalcCenterOfMassInBodyFrame(context))
    w_WB = self.EvalSpatialVelocityInWorld(context).rotational()
    return self.EvalSpatialAccelerationInWorld(context).Shift(
        p_BoBcm_W, w_WB).translational()


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


# -- Element conveniences over the bound API (every scalar) ------------------

import numpy as _np  # noqa: E402

from ossa.common.eigen_geometry import Quaternion as _Quaternion  # noqa: E402
from ossa.math import RigidTransform as _RigidTransform  # noqa: E402
from ossa.math import RollPitchYaw as _RollPitchYaw  # noqa: E402


def _check_actuation_size(actuator, method, u):
    expected = actuator.GetParentPlant().num_actuated_dofs()
    if _np.shape(u) != (expected,):
        raise RuntimeError(
            f"JointActuator.{method}(): u has shape {_np.shape(u)}; the "
            f"plant has {expected} actuated dofs (actuator "
            f"'{actuator.name()}')")


def _actuator_get_actuation_vector(self, u):
    """This actuator's entries of the plant's actuation vector u."""
    _check_actuation_size(self, "get_actuation_vector", u)
    start = self.input_start()
    return _np.array(u[start:start + self.num_inputs()])


def _actuator_set_actuation_vector(self, u_actuator, u):
    """Writes this actuator's entries u_actuator into the plant's actuation
    vector u (a writable numpy array, changed in place)."""
    _check_actuation_size(self, "set_actuation_vector", u)
    if _np.shape(u_actuator) != (self.num_inputs(),):
        raise RuntimeError(
            f"JointActuator.set_actuation_vector(): u_actuator has shape "
            f"{_np.shape(u_actuator)}; actuator '{self.name()}' has "
            f"{self.num_inputs()} input(s)")
    start = self.input_start()
    u[start:start + self.num_inputs()] = u_actuator


def _joint_add_in_one_force(self, context, joint_dof, joint_tau, forces):
    """Adds joint_tau to the generalized force of this joint's velocity
    joint_dof in `forces`."""
    self.GetParentPlant().ValidateContext(context)
    if not 0 <= joint_dof < self.num_velocities():
        raise RuntimeError(
            f"Joint.AddInOneForce(): joint_dof {joint_dof} is out of range; "
            f"joint '{self.name()}' has {self.num_velocities()} velocities")
    tau = forces.generalized_forces()
    tau[self.velocity_start() + joint_dof] += joint_tau
    forces.SetGeneralizedForces(tau)


def _joint_add_in_damping(self, context, forces):
    """Adds the joint's damping force τ = −d ⊙ v (d the damping in
    `context`) into `forces`."""
    v = self.GetVelocities(context)
    tau = forces.generalized_forces()
    start = self.velocity_start()
    tau[start:start + self.num_velocities()] -= (
        self.GetDampingVector(context) * v)
    forces.SetGeneralizedForces(tau)


def _joint_set_default_pose_pair(self, q_FM, p_FM):
    """Sets the default pose of M in F from a quaternion and a position;
    only floating joints (quaternion, roll-pitch-yaw) support it."""
    p = _np.asarray(p_FM, dtype=float).reshape(3)
    kind = self.type_name()
    if kind == "quaternion_floating":
        self.set_default_positions(_np.concatenate([q_FM.wxyz(), p]))
    elif kind == "rpy_floating":
        self.set_default_positions(_np.concatenate(
            [_RollPitchYaw(q_FM).vector(), p]))
    else:
        raise RuntimeError(
            f"SetDefaultPose(): not implemented for joint type {kind}.")


def _joint_get_default_pose_pair(self):
    """The default pose of M in F as (quaternion, position); only floating
    joints (quaternion, roll-pitch-yaw) support it."""
    kind = self.type_name()
    q = _np.asarray(self.default_positions(), dtype=float)
    if kind == "quaternion_floating":
        return _Quaternion(q[:4] / _np.linalg.norm(q[:4])), q[4:7].copy()
    if kind == "rpy_floating":
        return _RollPitchYaw(q[:3]).ToQuaternion(), q[3:6].copy()
    raise RuntimeError(
        f"GetDefaultPose(): not implemented for joint type {kind}.")


def _joint_set_default_pose(self, X_FM):
    """Sets the default pose X_FM (floating joints only)."""
    self.SetDefaultPosePair(X_FM.rotation().ToQuaternion(),
                            X_FM.translation())


def _joint_get_default_pose(self):
    """The default pose X_FM (floating joints only)."""
    q_FM, p_FM = self.GetDefaultPosePair()
    return _RigidTransform(q_FM, p_FM)


def _floating_suffix(body, kind, index):
    if not body.is_floating_base_body():
        raise RuntimeError(
            f"RigidBody.floating_{kind}_suffix(): body '{body.name()}' is "
            "not a floating base body")
    plant = body.GetParentPlant()
    for i in range(plant.num_joints()):
        joint = plant.get_joint(JointIndex(i))  # noqa: F405
        if joint.is_ephemeral() and joint.child_body().index() == \
                body.index():
            return getattr(joint, f"{kind}_suffix")(index)
    raise RuntimeError(  # A floating base body always has its joint.
        f"RigidBody.floating_{kind}_suffix(): no floating joint for body "
        f"'{body.name()}'")


def _body_floating_position_suffix(self, index):
    """The suffix of q[index] of this floating base body ("qw", ..., "z")."""
    return _floating_suffix(self, "position", index)


def _body_floating_velocity_suffix(self, index):
    """The suffix of v[index] of this floating base body ("wx", ..., "vz")."""
    return _floating_suffix(self, "velocity", index)


for _template, _members in (
        (JointActuator_, (  # noqa: F405
            ("get_actuation_vector", _actuator_get_actuation_vector),
            ("set_actuation_vector", _actuator_set_actuation_vector))),
        (Joint_, (  # noqa: F405
            ("AddInOneForce", _joint_add_in_one_force),
            ("AddInDamping", _joint_add_in_damping),
            ("SetDefaultPosePair", _joint_set_default_pose_pair),
            ("GetDefaultPosePair", _joint_get_default_pose_pair),
            ("SetDefaultPose", _joint_set_default_pose),
            ("GetDefaultPose", _joint_get_default_pose))),
        (RigidBody_, (  # noqa: F405
            ("floating_position_suffix", _body_floating_position_suffix),
            ("floating_velocity_suffix", _body_floating_velocity_suffix)))):
    for _param in _template.param_list:
        for _name, _function in _members:
            setattr(_template[_param], _name, _function)
del _template, _members, _param, _name, _function


def _body_floating_joint(body, method):
    if not body.is_floating_base_body():
        raise RuntimeError(
            f"RigidBody.{method}(): body '{body.name()}' is not a floating "
            "base body")
    plant = body.GetParentPlant()
    for i in range(plant.num_joints()):
        joint = plant.get_joint(JointIndex(i))  # noqa: F405
        if joint.is_ephemeral() and joint.child_body().index() == \
                body.index():
            return joint
    raise RuntimeError(  # A floating base body always has its joint.
        f"RigidBody.{method}(): no floating joint for body '{body.name()}'")


def _body_lock(self, context):
    """Locks the floating joint of this floating base body: its velocities
    stay zero until Unlock()."""
    _body_floating_joint(self, "Lock").Lock(context)


def _body_unlock(self, context):
    """Unlocks the floating joint of this floating base body."""
    _body_floating_joint(self, "Unlock").Unlock(context)


def _body_is_locked(self, context):
    """Whether the joint between this body and its inboard body is locked
    (False for the world, which has no inboard joint)."""
    plant = self.GetParentPlant()
    for i in range(plant.num_joints()):
        joint = plant.get_joint(JointIndex(i))  # noqa: F405
        if joint.child_body().index() == self.index():
            return joint.is_locked(context)
    plant.ValidateContext(context)
    return False


for _param in RigidBody_.param_list:  # noqa: F405
    RigidBody_[_param].Lock = _body_lock  # noqa: F405
    RigidBody_[_param].Unlock = _body_unlock  # noqa: F405
    RigidBody_[_param].is_locked = _body_is_locked  # noqa: F405
del _param
