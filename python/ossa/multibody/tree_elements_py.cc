// ossa.multibody.tree: frames (Frame_, RigidBodyFrame_ alias BodyFrame_,
// FixedOffsetFrame_), bodies (RigidBody_ alias Body_), JointActuator_ and
// PdControllerGains. The joints are in tree_joints_py.cc.

#include <optional>
#include <string>

#include "ossa/bindings.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/frame.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using math::RigidTransform;
using multibody::FixedOffsetFrame;
using multibody::Frame;
using multibody::JointActuator;
using multibody::ModelInstanceIndex;
using multibody::PdControllerGains;
using multibody::RigidBody;
using multibody::RigidBodyFrame;
using multibody::SpatialInertia;

template <typename T>
void DoDefineFrames(nb::module_ m) {
  const nb::object param = GetPyParam<T>();

  // Frame_[T]: abstract; created as a body frame or a FixedOffsetFrame.
  using FrameT = Frame<T>;
  auto frame = DefineElementClass<FrameT>(
      m, "Frame", param,
      "A material frame attached to a rigid body: joints connect frames, "
      "kinematic quantities are measured and expressed in frames.");
  frame.def("name", &FrameT::name, "The name of this frame.")
      .def("index", &FrameT::index,
           "The frame's index; throws if it is not in a model yet.")
      .def("model_instance", &FrameT::model_instance)
      .def("scoped_name", &FrameT::scoped_name,
           "'<model instance name>::<frame name>'.")
      .def("body", &FrameT::body, kRefInternal,
           "The body this frame is attached to.")
      .def("is_world_frame", &FrameT::is_world_frame)
      .def("is_body_frame", &FrameT::is_body_frame)
      .def("GetFixedPoseInBodyFrame", &FrameT::GetFixedPoseInBodyFrame,
           "The fixed pose X_BF of this frame F in its body frame B.")
      .def("has_parent_tree", &FrameT::has_parent_tree);

  // RigidBodyFrame_[T] (alias BodyFrame_[T]): created with its body.
  DefineElementClass<RigidBodyFrame<T>, FrameT>(
      m, "RigidBodyFrame", param,
      "The frame B of a rigid body, in which its spatial inertia is given. "
      "Created with the body; see RigidBody.body_frame().");

  // FixedOffsetFrame_[T]
  using FOF = FixedOffsetFrame<T>;
  auto fof = DefineElementClass<FOF, FrameT>(
      m, "FixedOffsetFrame", param,
      "A frame F fixed at the pose X_PF in a parent frame P: "
      "X_WF = X_WP * X_PF.");
  DefOwnedInit(
      fof,
      [](const std::string& name, const FrameT& P,
         const RigidTransform<double>& X_PF,
         std::optional<ModelInstanceIndex> model_instance) {
        return std::make_unique<FOF>(name, P, X_PF, model_instance);
      },
      nb::arg("name"), nb::arg("P"), nb::arg("X_PF"),
      nb::arg("model_instance") = nb::none());
  DefOwnedInit(
      fof,
      [](const std::string& name, const RigidBody<T>& bodyB,
         const RigidTransform<double>& X_BF) {
        return std::make_unique<FOF>(name, bodyB, X_BF);
      },
      nb::arg("name"), nb::arg("bodyB"), nb::arg("X_BF"));
  DefOwnedInitDone(fof);
  fof.def("parent_frame", &FOF::parent_frame, kRefInternal,
          "The parent frame P.")
      .def("default_X_PF", &FOF::default_X_PF, nb::rv_policy::copy,
           "The default pose X_PF in the parent frame.");
}

template <typename T>
void DoDefineBodies(nb::module_ m) {
  const nb::object param = GetPyParam<T>();
  using Class = RigidBody<T>;
  auto cls = DefineElementClass<Class>(
      m, "RigidBody", param,
      "A rigid body B: a name, a model instance, a body frame B and a "
      "default spatial inertia M_BBo_B (kg, m, kg m^2).");
  DefOwnedInit(
      cls,
      [](const std::string& body_name, const SpatialInertia<double>& M_BBo_B) {
        return std::make_unique<Class>(body_name, M_BBo_B);
      },
      nb::arg("body_name"),
      nb::arg("M_BBo_B") = SpatialInertia<double>::Zero());
  DefOwnedInit(
      cls,
      [](const std::string& body_name, ModelInstanceIndex model_instance,
         const SpatialInertia<double>& M_BBo_B) {
        return std::make_unique<Class>(body_name, model_instance, M_BBo_B);
      },
      nb::arg("body_name"), nb::arg("model_instance"),
      nb::arg("M_BBo_B") = SpatialInertia<double>::Zero());
  DefOwnedInitDone(cls);
  cls.def("name", &Class::name, "The name of this body.")
      .def("scoped_name", &Class::scoped_name,
           "'<model instance name>::<body name>'.")
      .def("index", &Class::index,
           "The body's index; throws if it is not in a model yet.")
      .def("model_instance", &Class::model_instance)
      .def("body_frame", &Class::body_frame, kRefInternal,
           "The body frame B.")
      .def("default_mass", &Class::default_mass, "Default mass (kg).")
      .def("default_com", &Class::default_com,
           "Default position p_BoBcm_B of the center of mass (m).")
      .def("default_rotational_inertia", &Class::default_rotational_inertia,
           "Default rotational inertia I_BBo_B (kg m^2).")
      .def("default_unit_inertia",
           [](const Class& self) {
             return self.default_spatial_inertia().get_unit_inertia();
           },
           "Default unit inertia G_BBo_B = I_BBo_B / mass (m^2).")
      .def("default_spatial_inertia", &Class::default_spatial_inertia,
           nb::rv_policy::copy, "Default spatial inertia M_BBo_B.")
      .def("is_floating", &Class::is_floating)
      .def("is_floating_base_body", &Class::is_floating_base_body,
           "True if the inboard joint is a 6-dof floating joint to the "
           "world (after Finalize()).")
      .def("has_quaternion_dofs", &Class::has_quaternion_dofs)
      .def("floating_positions_start", &Class::floating_positions_start)
      .def("floating_velocities_start_in_v",
           &Class::floating_velocities_start_in_v)
      .def("has_parent_tree", &Class::has_parent_tree);
}

template <typename T>
void DoDefineActuators(nb::module_ m) {
  const nb::object param = GetPyParam<T>();
  using Class = JointActuator<T>;
  auto cls = DefineElementClass<Class>(
      m, "JointActuator", param,
      "An actuator on a 1-dof joint: its input u (N m or N), clamped to "
      "+/- effort_limit(), is added to the joint's generalized force; rotor "
      "inertia and gear ratio add the reflected inertia rho^2 I_r to the "
      "mass matrix.");
  cls.def("name", &Class::name, "The name of the actuator.")
      .def("index", &Class::index)
      .def("model_instance", &Class::model_instance)
      .def("joint", &Class::joint, kRefInternal, "The actuated joint.")
      .def("effort_limit", &Class::effort_limit)
      .def("set_effort_limit", &Class::set_effort_limit,
           nb::arg("effort_limit"))
      .def("default_rotor_inertia", &Class::default_rotor_inertia)
      .def("default_gear_ratio", &Class::default_gear_ratio)
      .def("set_default_rotor_inertia", &Class::set_default_rotor_inertia,
           nb::arg("rotor_inertia"))
      .def("set_default_gear_ratio", &Class::set_default_gear_ratio,
           nb::arg("gear_ratio"))
      .def("default_reflected_inertia", &Class::default_reflected_inertia,
           "rho^2 I_r.")
      .def("set_controller_gains", &Class::set_controller_gains,
           nb::arg("gains"))
      .def("has_controller", &Class::has_controller)
      .def("get_controller_gains", &Class::get_controller_gains,
           nb::rv_policy::copy)
      .def("num_inputs", &Class::num_inputs)
      .def("input_start", &Class::input_start);
}

}  // namespace

void DefineMultibodyTreeElements(nb::module_ m) {
  nb::class_<PdControllerGains>(
      m, "PdControllerGains",
      "Gains of an actuator's implicit PD controller: "
      "u = -p (q - qd) - d (v - vd).")
      .def(
          "__init__",
          [](PdControllerGains* self, double p, double d) {
            new (self) PdControllerGains{p, d};
          },
          nb::kw_only(), nb::arg("p") = 0.0, nb::arg("d") = 0.0)
      .def_rw("p", &PdControllerGains::p)
      .def_rw("d", &PdControllerGains::d)
      .def("__repr__", [](const PdControllerGains& g) {
        return "PdControllerGains(p=" + nb::cast<std::string>(nb::repr(
                                            nb::float_(g.p))) +
               ", d=" + nb::cast<std::string>(nb::repr(nb::float_(g.d))) +
               ")";
      });

  type_visit(
      [m](auto tag) {
        using T = typename decltype(tag)::type;
        DoDefineFrames<T>(m);
        DoDefineBodies<T>(m);
        DoDefineActuators<T>(m);
      },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
  // The reference's older names for the same classes.
  m.attr("Body_") = m.attr("RigidBody_");
  m.attr("Body") = m.attr("RigidBody");
  m.attr("BodyFrame_") = m.attr("RigidBodyFrame_");
  m.attr("BodyFrame") = m.attr("RigidBodyFrame");
}

}  // namespace ossa::py
