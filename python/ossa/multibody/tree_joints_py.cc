// ossa.multibody.tree: Joint_ and the nine joint kinds. Per-kind Context
// accessors the C++ classes leave to Joint::GetPositions / SetPositions
// (BallRpyJoint.get_angles, PlanarJoint.set_pose, ...) are written here on
// top of them, with the reference's names and coordinate layouts.

#include <limits>
#include <string>

#include "ossa/bindings.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/joint.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;
using multibody::BallRpyJoint;
using multibody::Frame;
using multibody::Joint;
using multibody::PlanarJoint;
using multibody::PrismaticJoint;
using multibody::QuaternionFloatingJoint;
using multibody::RevoluteJoint;
using multibody::RpyFloatingJoint;
using multibody::ScrewJoint;
using multibody::UniversalJoint;
using multibody::WeldJoint;
using systems::Context;

constexpr double kInf = std::numeric_limits<double>::infinity();

// The joint accessors named after what their coordinates mean (get_angles,
// set_angular_velocity, SetTranslation, ...): each reads or writes N of the
// joint's positions or velocities, from `start` (from the end when
// negative). Setters return the joint, as the reference's do.
enum class Coordinates { kPositions, kVelocities };

template <typename T, typename Class, int N>
auto GetCoordinates(Coordinates which, int start) {
  return [which, start](const Class& self, const Context<T>& context) {
    const VectorX<T> all = which == Coordinates::kPositions
                               ? self.GetPositions(context)
                               : self.GetVelocities(context);
    return Eigen::Matrix<T, N, 1>(
        all.template segment<N>(start < 0 ? all.size() + start : start));
  };
}

template <typename T, typename Class, int N>
auto SetCoordinates(Coordinates which, int start) {
  return [which, start](const Class& self, Context<T>* context,
                        const Eigen::Matrix<T, N, 1>& value) -> const Class& {
    // nanobind refuses None for the context, so it is never null here.
    const bool positions = which == Coordinates::kPositions;
    VectorX<T> all =
        positions ? self.GetPositions(*context) : self.GetVelocities(*context);
    all.template segment<N>(start < 0 ? all.size() + start : start) = value;
    if (positions) {
      self.SetPositions(context, all);
    } else {
      self.SetVelocities(context, all);
    }
    return self;
  };
}

template <typename T>
void DoDefineJointBase(nb::module_ m) {
  using Class = Joint<T>;
  auto cls = DefineElementClass<Class>(
      m, "Joint", GetPyParam<T>(),
      "A joint connects a frame F on a parent body P to a frame M on a child "
      "body B and allows the relative motion X_FM(q) of its kind. Parent and "
      "child say nothing about which body is nearer the world.");
  cls.def("name", &Class::name, "The name of this joint.")
      .def("index", &Class::index)
      .def("model_instance", &Class::model_instance)
      .def("type_name", &Class::type_name)
      .def("parent_body", &Class::parent_body, kRefInternal)
      .def("child_body", &Class::child_body, kRefInternal)
      .def("frame_on_parent", &Class::frame_on_parent, kRefInternal)
      .def("frame_on_child", &Class::frame_on_child, kRefInternal)
      .def("num_positions", &Class::num_positions)
      .def("num_velocities", &Class::num_velocities)
      .def("position_start", &Class::position_start)
      .def("velocity_start", &Class::velocity_start)
      .def("position_suffix", &Class::position_suffix,
           nb::arg("position_index_in_joint"))
      .def("velocity_suffix", &Class::velocity_suffix,
           nb::arg("velocity_index_in_joint"))
      .def("can_rotate", &Class::can_rotate)
      .def("can_translate", &Class::can_translate)
      .def("position_lower_limits", &Class::position_lower_limits,
           nb::rv_policy::copy)
      .def("position_upper_limits", &Class::position_upper_limits,
           nb::rv_policy::copy)
      .def("velocity_lower_limits", &Class::velocity_lower_limits,
           nb::rv_policy::copy)
      .def("velocity_upper_limits", &Class::velocity_upper_limits,
           nb::rv_policy::copy)
      .def("acceleration_lower_limits", &Class::acceleration_lower_limits,
           nb::rv_policy::copy)
      .def("acceleration_upper_limits", &Class::acceleration_upper_limits,
           nb::rv_policy::copy)
      .def(
          "set_position_limits",
          [](Class& self, const VectorArg& lower, const VectorArg& upper) {
            self.set_position_limits(lower.value, upper.value);
          },
          nb::arg("lower_limits"), nb::arg("upper_limits"))
      .def(
          "set_velocity_limits",
          [](Class& self, const VectorArg& lower, const VectorArg& upper) {
            self.set_velocity_limits(lower.value, upper.value);
          },
          nb::arg("lower_limits"), nb::arg("upper_limits"))
      .def(
          "set_acceleration_limits",
          [](Class& self, const VectorArg& lower, const VectorArg& upper) {
            self.set_acceleration_limits(lower.value, upper.value);
          },
          nb::arg("lower_limits"), nb::arg("upper_limits"))
      .def("default_positions", &Class::default_positions, nb::rv_policy::copy)
      .def(
          "set_default_positions",
          [](Class& self, const VectorArg& q) {
            self.set_default_positions(q.value);
          },
          nb::arg("default_positions"))
      .def("default_damping_vector", &Class::default_damping_vector,
           nb::rv_policy::copy)
      .def(
          "set_default_damping_vector",
          [](Class& self, const VectorArg& damping) {
            self.set_default_damping_vector(damping.value);
          },
          nb::arg("damping"))
      .def("GetPositions", &Class::GetPositions, nb::arg("context"))
      .def("GetVelocities", &Class::GetVelocities, nb::arg("context"))
      .def(
          "SetPositions",
          [](const Class& self, Context<T>* context,
             const VectorXArg<T>& positions) {
            self.SetPositions(context, Unwrap(positions));
          },
          nb::arg("context"), nb::arg("positions"))
      .def(
          "SetVelocities",
          [](const Class& self, Context<T>* context,
             const VectorXArg<T>& velocities) {
            self.SetVelocities(context, Unwrap(velocities));
          },
          nb::arg("context"), nb::arg("velocities"))
      .def("GetOnePosition", &Class::GetOnePosition, nb::arg("context"))
      .def("GetOneVelocity", &Class::GetOneVelocity, nb::arg("context"))
      .def("is_reversed", &Class::is_reversed)
      .def("has_parent_tree", &Class::has_parent_tree);
}

// Methods shared by the 1-dof joints with scalar limits.
template <typename Class, typename PyClass>
void DefScalarLimits(PyClass& cls) {
  cls.def("position_lower_limit", &Class::position_lower_limit)
      .def("position_upper_limit", &Class::position_upper_limit)
      .def("velocity_lower_limit", &Class::velocity_lower_limit)
      .def("velocity_upper_limit", &Class::velocity_upper_limit)
      .def("acceleration_lower_limit", &Class::acceleration_lower_limit)
      .def("acceleration_upper_limit", &Class::acceleration_upper_limit);
}

template <typename Class, typename PyClass>
void DefTypeName(PyClass& cls) {
  cls.attr("kTypeName") = std::string(Class::kTypeName);
}

// Positions or velocities [start, start + n) of a joint as a vector.
template <typename T>
VectorX<T> Segment(const VectorX<T>& x, int start, int n) {
  return x.segment(start, n);
}

template <typename T>
void DoDefineWeldJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = WeldJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "WeldJoint", param,
      "No relative motion: frame M is fixed in frame F at X_FM.");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const RigidTransform<double>& X_FM) {
        return std::make_unique<Class>(name, F, M, X_FM);
      },
      nb::arg("name"), nb::arg("frame_on_parent_F"),
      nb::arg("frame_on_child_M"), nb::arg("X_FM"));
  DefOwnedInitDone(cls);
  cls.def("X_FM", &Class::X_FM, nb::rv_policy::copy);
  DefTypeName<Class>(cls);
}

template <typename T>
void DoDefineRevoluteJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = RevoluteJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "RevoluteJoint", param,
      "Rotation of M in F about the unit axis a (the same in F and M): "
      "q = angle (rad), v = angular rate (rad/s).");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const Vector3Arg& axis, double damping) {
        return std::make_unique<Class>(name, F, M, axis.value, damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("axis"), nb::arg("damping") = 0.0);
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const Vector3Arg& axis, double lower, double upper, double damping) {
        return std::make_unique<Class>(name, F, M, axis.value, lower, upper,
                                       damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("axis"), nb::arg("pos_lower_limit"), nb::arg("pos_upper_limit"),
      nb::arg("damping") = 0.0);
  DefOwnedInitDone(cls);
  DefScalarLimits<Class>(cls);
  DefTypeName<Class>(cls);
  cls.def("revolute_axis", &Class::revolute_axis, nb::rv_policy::copy)
      .def("default_damping", &Class::default_damping)
      .def("set_default_damping", &Class::set_default_damping,
           nb::arg("damping"))
      .def("get_default_angle", &Class::get_default_angle)
      .def("set_default_angle", &Class::set_default_angle, nb::arg("angle"))
      .def("get_angle", &Class::get_angle, nb::arg("context"))
      .def("set_angle", &Class::set_angle, nb::arg("context"), nb::arg("angle"),
           nb::rv_policy::reference)
      .def("get_angular_rate", &Class::get_angular_rate, nb::arg("context"))
      .def("set_angular_rate", &Class::set_angular_rate, nb::arg("context"),
           nb::arg("angle"), nb::rv_policy::reference);
}

template <typename T>
void DoDefinePrismaticJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = PrismaticJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "PrismaticJoint", param,
      "Translation of M in F along the unit axis a: q = distance (m), "
      "v = its rate (m/s).");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const Vector3Arg& axis, double lower, double upper, double damping) {
        return std::make_unique<Class>(name, F, M, axis.value, lower, upper,
                                       damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("axis"), nb::arg("pos_lower_limit") = -kInf,
      nb::arg("pos_upper_limit") = kInf, nb::arg("damping") = 0.0);
  DefOwnedInitDone(cls);
  DefScalarLimits<Class>(cls);
  DefTypeName<Class>(cls);
  cls.def("translation_axis", &Class::translation_axis, nb::rv_policy::copy)
      .def("default_damping", &Class::default_damping)
      .def("set_default_damping", &Class::set_default_damping,
           nb::arg("damping"))
      .def("get_default_translation", &Class::get_default_translation)
      .def("set_default_translation", &Class::set_default_translation,
           nb::arg("translation"))
      .def("get_translation", &Class::get_translation, nb::arg("context"))
      .def("set_translation", &Class::set_translation, nb::arg("context"),
           nb::arg("translation"), nb::rv_policy::reference)
      .def("get_translation_rate", &Class::get_translation_rate,
           nb::arg("context"))
      .def("set_translation_rate", &Class::set_translation_rate,
           nb::arg("context"), nb::arg("translation_dot"),
           nb::rv_policy::reference);
}

template <typename T>
void DoDefineBallRpyJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = BallRpyJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "BallRpyJoint", param,
      "Free rotation of M in F: q = roll-pitch-yaw angles (rad), "
      "v = w_FM_F (rad/s).");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         double damping) {
        return std::make_unique<Class>(name, F, M, damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("damping") = 0.0);
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("default_damping", &Class::default_damping)
      .def("set_default_damping", &Class::set_default_damping,
           nb::arg("damping"))
      .def("get_default_angles", &Class::get_default_angles)
      .def(
          "set_default_angles",
          [](Class& self, const Vector3Arg& angles) {
            self.set_default_angles(angles.value);
          },
          nb::arg("angles"))
      .def("get_angles",
           GetCoordinates<T, Class, 3>(Coordinates::kPositions, 0),
           nb::arg("context"))
      .def("set_angles",
           SetCoordinates<T, Class, 3>(Coordinates::kPositions, 0),
           nb::arg("context"), nb::arg("angles"), nb::rv_policy::reference)
      .def("get_angular_velocity",
           GetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"))
      .def("set_angular_velocity",
           SetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"), nb::arg("w_FM"), nb::rv_policy::reference);
}

template <typename T>
void DoDefineQuaternionFloatingJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = QuaternionFloatingJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "QuaternionFloatingJoint", param,
      "6-dof free motion: q = [qw, qx, qy, qz, x, y, z], "
      "v = [w_FM_F; v_FMo_F].");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         double angular_damping, double translational_damping) {
        return std::make_unique<Class>(name, F, M, angular_damping,
                                       translational_damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("angular_damping") = 0.0, nb::arg("translational_damping") = 0.0);
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("default_angular_damping", &Class::default_angular_damping)
      .def("default_translational_damping",
           &Class::default_translational_damping)
      .def("get_default_quaternion", &Class::get_default_quaternion)
      .def("set_default_quaternion", &Class::set_default_quaternion,
           nb::arg("q_FM"))
      .def("get_default_translation", &Class::get_default_position)
      .def(
          "set_default_translation",
          [](Class& self, const Vector3Arg& p_FM) {
            self.set_default_position(p_FM.value);
          },
          nb::arg("translation"))
      .def(
          "get_quaternion",
          [](const Class& self, const Context<T>& context) {
            const VectorX<T> q = self.GetPositions(context);
            return Quaternion<T>(q[0], q[1], q[2], q[3]);
          },
          nb::arg("context"))
      .def(
          "SetQuaternion",
          [](const Class& self, Context<T>* context,
             const Quaternion<T>& q_FM) -> const Class& {
            VectorX<T> q = self.GetPositions(*context);
            q.template head<4>() << q_FM.w(), q_FM.x(), q_FM.y(), q_FM.z();
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("q_FM"), nb::rv_policy::reference)
      .def(
          "SetOrientation",
          [](const Class& self, Context<T>* context,
             const RotationMatrix<T>& R) -> const Class& {
            const Quaternion<T> q_FM = R.ToQuaternion();
            VectorX<T> q = self.GetPositions(*context);
            q.template head<4>() << q_FM.w(), q_FM.x(), q_FM.y(), q_FM.z();
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("R"), nb::rv_policy::reference)
      .def("get_translation",
           GetCoordinates<T, Class, 3>(Coordinates::kPositions, -3),
           nb::arg("context"))
      .def("SetTranslation",
           SetCoordinates<T, Class, 3>(Coordinates::kPositions, -3),
           nb::arg("context"), nb::arg("p_FM"), nb::rv_policy::reference)
      .def(
          "GetPose",
          [](const Class& self, const Context<T>& context) {
            const VectorX<T> q = self.GetPositions(context);
            return RigidTransform<T>(
                RotationMatrix<T>(Quaternion<T>(q[0], q[1], q[2], q[3])),
                Vector3<T>(q.template tail<3>()));
          },
          nb::arg("context"))
      .def(
          "SetPose",
          [](const Class& self, Context<T>* context,
             const RigidTransform<T>& X_FM) -> const Class& {
            const Quaternion<T> q_FM = X_FM.rotation().ToQuaternion();
            VectorX<T> q(7);
            q << q_FM.w(), q_FM.x(), q_FM.y(), q_FM.z(), X_FM.translation();
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("X_FM"), nb::rv_policy::reference)
      .def("get_angular_velocity",
           GetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"))
      .def("set_angular_velocity",
           SetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"), nb::arg("w_FM"), nb::rv_policy::reference)
      .def("get_translational_velocity",
           GetCoordinates<T, Class, 3>(Coordinates::kVelocities, -3),
           nb::arg("context"))
      .def("set_translational_velocity",
           SetCoordinates<T, Class, 3>(Coordinates::kVelocities, -3),
           nb::arg("context"), nb::arg("v_FM"), nb::rv_policy::reference);
}

template <typename T>
void DoDefineRpyFloatingJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = RpyFloatingJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "RpyFloatingJoint", param,
      "6-dof free motion: q = [roll, pitch, yaw, x, y, z], "
      "v = [w_FM_F; v_FMo_F].");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         double angular_damping, double translational_damping) {
        return std::make_unique<Class>(name, F, M, angular_damping,
                                       translational_damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("angular_damping") = 0.0, nb::arg("translational_damping") = 0.0);
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("default_angular_damping", &Class::default_angular_damping)
      .def("default_translational_damping",
           &Class::default_translational_damping)
      .def("get_default_angles", &Class::get_default_angles)
      .def(
          "set_default_angles",
          [](Class& self, const Vector3Arg& angles) {
            self.set_default_angles(angles.value);
          },
          nb::arg("angles"))
      .def("get_default_translation", &Class::get_default_translation)
      .def(
          "set_default_translation",
          [](Class& self, const Vector3Arg& p_FM) {
            self.set_default_translation(p_FM.value);
          },
          nb::arg("p_FM"))
      .def("get_angles",
           GetCoordinates<T, Class, 3>(Coordinates::kPositions, 0),
           nb::arg("context"))
      .def("set_angles",
           SetCoordinates<T, Class, 3>(Coordinates::kPositions, 0),
           nb::arg("context"), nb::arg("angles"), nb::rv_policy::reference)
      .def("get_translation",
           GetCoordinates<T, Class, 3>(Coordinates::kPositions, -3),
           nb::arg("context"))
      .def("SetTranslation",
           SetCoordinates<T, Class, 3>(Coordinates::kPositions, -3),
           nb::arg("context"), nb::arg("p_FM"), nb::rv_policy::reference)
      .def(
          "SetOrientation",
          [](const Class& self, Context<T>* context,
             const RotationMatrix<T>& R) -> const Class& {
            VectorX<T> q = self.GetPositions(*context);
            q.template head<3>() = RollPitchYaw<T>(R).vector();
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("R_FM"), nb::rv_policy::reference)
      .def(
          "GetPose",
          [](const Class& self, const Context<T>& context) {
            const VectorX<T> q = self.GetPositions(context);
            return RigidTransform<T>(
                RollPitchYaw<T>(Vector3<T>(q.template head<3>())),
                Vector3<T>(q.template tail<3>()));
          },
          nb::arg("context"))
      .def(
          "SetPose",
          [](const Class& self, Context<T>* context,
             const RigidTransform<T>& X_FM) -> const Class& {
            VectorX<T> q(6);
            q << RollPitchYaw<T>(X_FM.rotation()).vector(), X_FM.translation();
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("X_FM"), nb::rv_policy::reference)
      .def("get_angular_velocity",
           GetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"))
      .def("set_angular_velocity",
           SetCoordinates<T, Class, 3>(Coordinates::kVelocities, 0),
           nb::arg("context"), nb::arg("w_FM"), nb::rv_policy::reference)
      .def("get_translational_velocity",
           GetCoordinates<T, Class, 3>(Coordinates::kVelocities, -3),
           nb::arg("context"))
      .def("set_translational_velocity",
           SetCoordinates<T, Class, 3>(Coordinates::kVelocities, -3),
           nb::arg("context"), nb::arg("v_FM"), nb::rv_policy::reference);
}

template <typename T>
void DoDefinePlanarJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = PlanarJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "PlanarJoint", param,
      "Motion of M in the x-y plane of F: q = [x, y, theta], "
      "v = [xdot, ydot, thetadot].");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const Vector3Arg& damping) {
        return std::make_unique<Class>(name, F, M, damping.value);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("damping") = Vector3<double>::Zero().eval());
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("default_damping", &Class::default_damping)
      .def(
          "set_default_damping",
          [](Class& self, const Vector3Arg& d) {
            self.set_default_damping(d.value);
          },
          nb::arg("damping"))
      .def("get_default_translation", &Class::get_default_translation)
      .def("get_default_rotation", &Class::get_default_rotation)
      .def(
          "set_default_translation",
          [](Class& self, const DoubleVector<2>& p) {
            self.set_default_translation(p.value);
          },
          nb::arg("p_FoMo_F"))
      .def("set_default_rotation", &Class::set_default_rotation,
           nb::arg("theta"))
      .def(
          "set_default_pose",
          [](Class& self, const DoubleVector<2>& p, double theta) {
            self.set_default_pose(p.value, theta);
          },
          nb::arg("p_FoMo_F"), nb::arg("theta"))
      .def("get_translation",
           GetCoordinates<T, Class, 2>(Coordinates::kPositions, 0),
           nb::arg("context"))
      .def("set_translation",
           SetCoordinates<T, Class, 2>(Coordinates::kPositions, 0),
           nb::arg("context"), nb::arg("p_FoMo_F"), nb::rv_policy::reference)
      .def(
          "get_rotation",
          [](const Class& self, const Context<T>& context) {
            return T(self.GetPositions(context)[2]);
          },
          nb::arg("context"))
      .def(
          "set_rotation",
          [](const Class& self, Context<T>* context,
             const T& theta) -> const Class& {
            VectorX<T> q = self.GetPositions(*context);
            q[2] = theta;
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("theta"), nb::rv_policy::reference)
      .def(
          "set_pose",
          [](const Class& self, Context<T>* context, const Vector2<T>& p_FoMo_F,
             const T& theta) -> const Class& {
            VectorX<T> q(3);
            q << p_FoMo_F, theta;
            self.SetPositions(context, q);
            return self;
          },
          nb::arg("context"), nb::arg("p_FoMo_F"), nb::arg("theta"),
          nb::rv_policy::reference)
      .def("get_translational_velocity",
           GetCoordinates<T, Class, 2>(Coordinates::kVelocities, 0),
           nb::arg("context"))
      .def("set_translational_velocity",
           SetCoordinates<T, Class, 2>(Coordinates::kVelocities, 0),
           nb::arg("context"), nb::arg("v_FoMo_F"), nb::rv_policy::reference)
      .def(
          "get_angular_velocity",
          [](const Class& self, const Context<T>& context) {
            return T(self.GetVelocities(context)[2]);
          },
          nb::arg("context"))
      .def(
          "set_angular_velocity",
          [](const Class& self, Context<T>* context,
             const T& theta_dot) -> const Class& {
            VectorX<T> v = self.GetVelocities(*context);
            v[2] = theta_dot;
            self.SetVelocities(context, v);
            return self;
          },
          nb::arg("context"), nb::arg("theta_dot"), nb::rv_policy::reference);
}

template <typename T>
void DoDefineUniversalJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = UniversalJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "UniversalJoint", param,
      "Two rotations, about F's x axis then M's y axis: q = [theta1, "
      "theta2] (rad), v = qdot.");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         double damping) {
        return std::make_unique<Class>(name, F, M, damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("damping") = 0.0);
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("default_damping", &Class::default_damping)
      .def("set_default_damping", &Class::set_default_damping,
           nb::arg("damping"))
      .def("get_default_angles", &Class::get_default_angles)
      .def(
          "set_default_angles",
          [](Class& self, const DoubleVector<2>& angles) {
            self.set_default_angles(angles.value);
          },
          nb::arg("angles"))
      .def("get_angles",
           GetCoordinates<T, Class, 2>(Coordinates::kPositions, 0),
           nb::arg("context"))
      .def("set_angles",
           SetCoordinates<T, Class, 2>(Coordinates::kPositions, 0),
           nb::arg("context"), nb::arg("angles"), nb::rv_policy::reference)
      .def("get_angular_rates",
           GetCoordinates<T, Class, 2>(Coordinates::kVelocities, 0),
           nb::arg("context"))
      .def("set_angular_rates",
           SetCoordinates<T, Class, 2>(Coordinates::kVelocities, 0),
           nb::arg("context"), nb::arg("theta_dot"), nb::rv_policy::reference);
}

template <typename T>
void DoDefineScrewJoint(nb::module_ m, const nb::object& param) {
  using JointT = Joint<T>;
  using FrameT = Frame<T>;
  using Class = ScrewJoint<T>;
  auto cls = DefineElementClass<Class, JointT>(
      m, "ScrewJoint", param,
      "Rotation theta about the unit axis a with the translation "
      "theta * pitch / (2 pi) along it: q = theta (rad), v = thetadot.");
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         double screw_pitch, double damping) {
        return std::make_unique<Class>(name, F, M, screw_pitch, damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("screw_pitch"), nb::arg("damping"));
  DefOwnedInit(
      cls,
      [](const std::string& name, const FrameT& F, const FrameT& M,
         const Vector3Arg& axis, double screw_pitch, double damping) {
        return std::make_unique<Class>(name, F, M, axis.value, screw_pitch,
                                       damping);
      },
      nb::arg("name"), nb::arg("frame_on_parent"), nb::arg("frame_on_child"),
      nb::arg("axis"), nb::arg("screw_pitch"), nb::arg("damping"));
  DefOwnedInitDone(cls);
  DefTypeName<Class>(cls);
  cls.def("screw_axis", &Class::screw_axis, nb::rv_policy::copy)
      .def("screw_pitch", &Class::screw_pitch)
      .def("default_damping", &Class::default_damping)
      .def("set_default_damping", &Class::set_default_damping,
           nb::arg("damping"))
      .def("get_default_rotation", &Class::get_default_rotation)
      .def("set_default_rotation", &Class::set_default_rotation,
           nb::arg("theta"))
      .def("get_default_translation", &Class::get_default_translation)
      .def("set_default_translation", &Class::set_default_translation,
           nb::arg("z"))
      .def("get_rotation", &Class::get_rotation, nb::arg("context"))
      .def("set_rotation", &Class::set_rotation, nb::arg("context"),
           nb::arg("theta"), nb::rv_policy::reference)
      .def("get_translation", &Class::get_translation, nb::arg("context"))
      .def("set_translation", &Class::set_translation, nb::arg("context"),
           nb::arg("translation"), nb::rv_policy::reference)
      .def("get_angular_velocity", &Class::get_angular_velocity,
           nb::arg("context"))
      .def("set_angular_velocity", &Class::set_angular_velocity,
           nb::arg("context"), nb::arg("theta_dot"), nb::rv_policy::reference)
      .def("get_translational_velocity", &Class::get_translational_velocity,
           nb::arg("context"))
      .def("set_translational_velocity", &Class::set_translational_velocity,
           nb::arg("context"), nb::arg("translation_dot"),
           nb::rv_policy::reference);
}

template <typename T>
void DoDefineJoints(nb::module_ m) {
  const nb::object param = GetPyParam<T>();

  DoDefineWeldJoint<T>(m, param);
  DoDefineRevoluteJoint<T>(m, param);
  DoDefinePrismaticJoint<T>(m, param);
  DoDefineBallRpyJoint<T>(m, param);
  DoDefineQuaternionFloatingJoint<T>(m, param);
  DoDefineRpyFloatingJoint<T>(m, param);
  DoDefinePlanarJoint<T>(m, param);
  DoDefineUniversalJoint<T>(m, param);
  DoDefineScrewJoint<T>(m, param);
}

}  // namespace

void DefineMultibodyTreeJoints(nb::module_ m) {
  type_visit(
      [m](auto tag) {
        using T = typename decltype(tag)::type;
        DoDefineJointBase<T>(m);
        DoDefineJoints<T>(m);
      },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
