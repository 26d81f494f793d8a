// ossa.multibody.tree: force elements (ForceElement_,
// UniformGravityFieldElement_, LinearSpringDamper_, RevoluteSpring_,
// PrismaticSpring_, LinearBushingRollPitchYaw_, DoorHinge_ with
// DoorHingeConfig), MultibodyForces_, the force methods of RigidBody_
// (AddInForce, AddInForceInWorld, GetForceInWorld) and
// MultibodyPlant_.AddForceElement.

#include <nanobind/stl/set.h>

#include <set>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/door_hinge.h"
#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/linear_bushing_roll_pitch_yaw.h"
#include "ossa/multibody/tree/linear_spring_damper.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/prismatic_spring.h"
#include "ossa/multibody/tree/revolute_spring.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/uniform_gravity_field_element.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using multibody::DoorHinge;
using multibody::DoorHingeConfig;
using multibody::ForceElement;
using multibody::Frame;
using multibody::LinearBushingRollPitchYaw;
using multibody::LinearSpringDamper;
using multibody::ModelInstanceIndex;
using multibody::MultibodyForces;
using multibody::MultibodyPlant;
using multibody::PrismaticJoint;
using multibody::PrismaticSpring;
using multibody::RevoluteJoint;
using multibody::RevoluteSpring;
using multibody::RigidBody;
using multibody::SpatialForce;
using multibody::UniformGravityFieldElement;
using systems::Context;

// A 3-vector of T from Python: lists and arrays for double; for AutoDiffXd
// and Expression a vector of 3 (checked, naming `method`).
template <typename T>
using Vector3TArg =
    std::conditional_t<std::is_same_v<T, double>, Vector3Arg, VectorX<T>>;
inline const Vector3<double>& ToVector3(const Vector3Arg& x, const char*) {
  return x.value;
}
template <typename U>
Vector3<U> ToVector3(const VectorX<U>& x, const char* method) {
  if (x.size() != 3) {
    throw std::logic_error(std::string(method) +
                           "(): expected a vector of 3 entries, got " +
                           std::to_string(x.size()) + ".");
  }
  return x;
}

template <typename T>
void DoDefineSpringsAndBushings(nb::module_ m, const nb::object& param) {
  using multibody::Frame;
  {
    using Class = LinearSpringDamper<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "LinearSpringDamper", param,
        "A linear spring and damper between a point P of bodyA and a point "
        "Q of bodyB: tension k (l - l0) + c dl/dt along the line PQ.");
    DefOwnedInit(
        cls,
        [](const RigidBody<T>& bodyA, const Vector3Arg& p_AP,
           const RigidBody<T>& bodyB, const Vector3Arg& p_BQ,
           double free_length, double stiffness, double damping) {
          return std::make_unique<Class>(bodyA, p_AP.value, bodyB, p_BQ.value,
                                         free_length, stiffness, damping);
        },
        nb::arg("bodyA"), nb::arg("p_AP"), nb::arg("bodyB"), nb::arg("p_BQ"),
        nb::arg("free_length"), nb::arg("stiffness"), nb::arg("damping"));
    DefOwnedInitDone(cls);
    cls.def("bodyA", &Class::bodyA, nb::rv_policy::reference_internal)
        .def("bodyB", &Class::bodyB, nb::rv_policy::reference_internal)
        .def("p_AP", &Class::p_AP, nb::rv_policy::copy)
        .def("p_BQ", &Class::p_BQ, nb::rv_policy::copy)
        .def("free_length", &Class::free_length)
        .def("stiffness", &Class::stiffness)
        .def("damping", &Class::damping);
  }
  {
    using Class = RevoluteSpring<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "RevoluteSpring", param,
        "A linear torsional spring on a RevoluteJoint: torque "
        "-k (theta - theta0).");
    DefOwnedInit(
        cls,
        [](const RevoluteJoint<T>& joint, double nominal_angle,
           double stiffness) {
          return std::make_unique<Class>(joint, nominal_angle, stiffness);
        },
        nb::arg("joint"), nb::arg("nominal_angle"), nb::arg("stiffness"));
    DefOwnedInitDone(cls);
    cls.def("joint", &Class::joint, nb::rv_policy::reference_internal)
        .def("default_nominal_angle", &Class::default_nominal_angle)
        .def("default_stiffness", &Class::default_stiffness)
        .def("GetNominalAngle", &Class::GetNominalAngle, nb::arg("context"),
             nb::rv_policy::copy)
        .def("SetNominalAngle", &Class::SetNominalAngle, nb::arg("context"),
             nb::arg("nominal_angle"))
        .def("GetStiffness", &Class::GetStiffness, nb::arg("context"),
             nb::rv_policy::copy)
        .def("SetStiffness", &Class::SetStiffness, nb::arg("context"),
             nb::arg("stiffness"));
  }
  {
    using Class = PrismaticSpring<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "PrismaticSpring", param,
        "A linear spring on a PrismaticJoint: force -k (x - x0).");
    DefOwnedInit(
        cls,
        [](const PrismaticJoint<T>& joint, double nominal_position,
           double stiffness) {
          return std::make_unique<Class>(joint, nominal_position, stiffness);
        },
        nb::arg("joint"), nb::arg("nominal_position"), nb::arg("stiffness"));
    DefOwnedInitDone(cls);
    cls.def("joint", &Class::joint, nb::rv_policy::reference_internal)
        .def("nominal_position", &Class::nominal_position)
        .def("stiffness", &Class::stiffness);
  }
  {
    using Class = LinearBushingRollPitchYaw<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "LinearBushingRollPitchYaw", param,
        "A massless bushing between frame A (on link0) and frame C (on "
        "link1): roll-pitch-yaw gimbal torques and a force in the halfway "
        "frame B, linear in the displacements and their rates.");
    DefOwnedInit(
        cls,
        [](const Frame<T>& frameA, const Frame<T>& frameC,
           const Vector3Arg& torque_stiffness_constants,
           const Vector3Arg& torque_damping_constants,
           const Vector3Arg& force_stiffness_constants,
           const Vector3Arg& force_damping_constants) {
          return std::make_unique<Class>(
              frameA, frameC, torque_stiffness_constants.value,
              torque_damping_constants.value, force_stiffness_constants.value,
              force_damping_constants.value);
        },
        nb::arg("frameA"), nb::arg("frameC"),
        nb::arg("torque_stiffness_constants"),
        nb::arg("torque_damping_constants"),
        nb::arg("force_stiffness_constants"),
        nb::arg("force_damping_constants"));
    DefOwnedInitDone(cls);
    cls.def("link0", &Class::link0, nb::rv_policy::reference_internal)
        .def("link1", &Class::link1, nb::rv_policy::reference_internal)
        .def("frameA", &Class::frameA, nb::rv_policy::reference_internal)
        .def("frameC", &Class::frameC, nb::rv_policy::reference_internal)
        .def("torque_stiffness_constants", &Class::torque_stiffness_constants,
             nb::rv_policy::copy)
        .def("torque_damping_constants", &Class::torque_damping_constants,
             nb::rv_policy::copy)
        .def("force_stiffness_constants", &Class::force_stiffness_constants,
             nb::rv_policy::copy)
        .def("force_damping_constants", &Class::force_damping_constants,
             nb::rv_policy::copy)
        .def("GetTorqueStiffnessConstants", &Class::GetTorqueStiffnessConstants,
             nb::arg("context"))
        .def("GetTorqueDampingConstants", &Class::GetTorqueDampingConstants,
             nb::arg("context"))
        .def("GetForceStiffnessConstants", &Class::GetForceStiffnessConstants,
             nb::arg("context"))
        .def("GetForceDampingConstants", &Class::GetForceDampingConstants,
             nb::arg("context"))
        .def(
            "SetTorqueStiffnessConstants",
            [](const Class& self, systems::Context<T>* context,
               const Vector3TArg<T>& value) {
              self.SetTorqueStiffnessConstants(
                  context, ToVector3(value, "SetTorqueStiffnessConstants"));
            },
            nb::arg("context"), nb::arg("torque_stiffness"))
        .def(
            "SetTorqueDampingConstants",
            [](const Class& self, systems::Context<T>* context,
               const Vector3TArg<T>& value) {
              self.SetTorqueDampingConstants(
                  context, ToVector3(value, "SetTorqueDampingConstants"));
            },
            nb::arg("context"), nb::arg("torque_damping"))
        .def(
            "SetForceStiffnessConstants",
            [](const Class& self, systems::Context<T>* context,
               const Vector3TArg<T>& value) {
              self.SetForceStiffnessConstants(
                  context, ToVector3(value, "SetForceStiffnessConstants"));
            },
            nb::arg("context"), nb::arg("force_stiffness"))
        .def(
            "SetForceDampingConstants",
            [](const Class& self, systems::Context<T>* context,
               const Vector3TArg<T>& value) {
              self.SetForceDampingConstants(
                  context, ToVector3(value, "SetForceDampingConstants"));
            },
            nb::arg("context"), nb::arg("force_damping"))
        .def("CalcBushingSpatialForceOnFrameA",
             &Class::CalcBushingSpatialForceOnFrameA, nb::arg("context"))
        .def("CalcBushingSpatialForceOnFrameC",
             &Class::CalcBushingSpatialForceOnFrameC, nb::arg("context"));
  }
  {
    using Class = DoorHinge<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "DoorHinge", param,
        "An empirical door hinge on a RevoluteJoint: torsional spring, "
        "catch, dynamic, static and viscous friction (see DoorHingeConfig).");
    DefOwnedInit(
        cls,
        [](const RevoluteJoint<T>& joint, const DoorHingeConfig& config) {
          return std::make_unique<Class>(joint, config);
        },
        nb::arg("joint"), nb::arg("config"));
    DefOwnedInitDone(cls);
    cls.def("joint", &Class::joint, nb::rv_policy::reference_internal)
        .def("config", &Class::config, nb::rv_policy::copy)
        .def("CalcHingeFrictionalTorque", &Class::CalcHingeFrictionalTorque,
             nb::arg("angular_rate"))
        .def("CalcHingeSpringTorque", &Class::CalcHingeSpringTorque,
             nb::arg("angle"))
        .def("CalcHingeTorque", &Class::CalcHingeTorque, nb::arg("angle"),
             nb::arg("angular_rate"));
  }
}

template <typename T>
void DoDefineForces(nb::module_ m) {
  const nb::object param = GetPyParam<T>();
  {
    using Class = ForceElement<T>;
    auto cls = DefineElementClass<Class>(
        m, "ForceElement", param,
        "A force element: state- and time-dependent forces (springs, "
        "dampers, gravity) with their potential energy and power.");
    cls.def("index", &Class::index)
        .def("model_instance", &Class::model_instance);
  }
  {
    using Class = UniformGravityFieldElement<T>;
    auto cls = DefineElementClass<Class, ForceElement<T>>(
        m, "UniformGravityFieldElement", param,
        "A uniform gravity field g_W (m/s^2, default [0, 0, -9.81]) acting "
        "on the bodies of the model instances it is enabled for.");
    DefOwnedInit(cls, []() { return std::make_unique<Class>(); });
    DefOwnedInit(
        cls,
        [](const Vector3Arg& g_W) {
          return std::make_unique<Class>(g_W.value);
        },
        nb::arg("g_W"));
    DefOwnedInit(
        cls,
        [](const Vector3Arg& g_W,
           const std::set<ModelInstanceIndex>& disabled_model_instances) {
          return std::make_unique<Class>(g_W.value, disabled_model_instances);
        },
        nb::arg("g_W"), nb::arg("disabled_model_instances"));
    DefOwnedInitDone(cls);
    cls.attr("kDefaultStrength") = Class::kDefaultStrength;
    cls.def("gravity_vector", &Class::gravity_vector, nb::rv_policy::copy)
        .def(
            "set_gravity_vector",
            [](Class& self, const Vector3Arg& g_W) {
              self.set_gravity_vector(g_W.value);
            },
            nb::arg("g_W"))
        .def("is_enabled", &Class::is_enabled, nb::arg("model_instance"))
        .def("set_enabled", &Class::set_enabled, nb::arg("model_instance"),
             nb::arg("is_enabled"))
        .def("CalcGravityGeneralizedForces",
             &Class::CalcGravityGeneralizedForces, nb::arg("context"));
  }
  {
    using Class = MultibodyForces<T>;
    auto cls = DefineTemplateClassWithDefault<Class>(
        m, "MultibodyForces", param,
        "Forces applied to a multibody model: generalized forces tau (size "
        "nv) and a spatial force F_Bo_W per body.");
    cls.def(
           "__init__",
           [](Class* self, const MultibodyPlant<T>& plant) {
             new (self) Class(plant);
           },
           nb::arg("plant"))
        .def(nb::init<int, int>(), nb::arg("nb"), nb::arg("nv"))
        .def("SetZero", &Class::SetZero, nb::rv_policy::reference)
        .def("num_bodies", &Class::num_bodies)
        .def("num_velocities", &Class::num_velocities)
        .def("generalized_forces",
             [](const Class& self) {
               return VectorX<T>(self.generalized_forces());
             })
        .def(
            "mutable_generalized_forces",
            [](Class& self) -> VectorX<T>& {
              return self.mutable_generalized_forces();
            },
            nb::rv_policy::reference_internal)
        .def("body_forces",
             [](const Class& self) { return self.body_forces(); })
        .def(
            "SetGeneralizedForces",
            [](Class& self, const VectorX<T>& tau) {
              if (tau.size() != self.num_velocities()) {
                throw std::logic_error(
                    "MultibodyForces::SetGeneralizedForces(): expected " +
                    std::to_string(self.num_velocities()) +
                    " generalized forces, got " + std::to_string(tau.size()) +
                    ".");
              }
              self.mutable_generalized_forces() = tau;
            },
            nb::arg("tau"))
        .def("AddInForces", &Class::AddInForces, nb::arg("addend"))
        .def(
            "CheckHasRightSizeForModel",
            [](const Class& self, const MultibodyPlant<T>& plant) {
              return self.CheckHasRightSizeForModel(plant);
            },
            nb::arg("plant"))
        .def("CheckInvariants", &Class::CheckInvariants);
    DefCopyAndDeepCopy(cls);
  }
  {
    using Class = RigidBody<T>;
    auto cls = GetTemplateClass<T>(m, "RigidBody_");
    DefMethod(cls, "AddInForceInWorld", &Class::AddInForceInWorld,
              nb::arg("context"), nb::arg("F_Bo_W"), nb::arg("forces"));
    DefMethod(cls, "AddInForce", &Class::AddInForce, nb::arg("context"),
              nb::arg("p_BP_E"), nb::arg("F_Bp_E"), nb::arg("frame_E"),
              nb::arg("forces"));
    DefMethod(cls, "GetForceInWorld", &Class::GetForceInWorld,
              nb::arg("context"), nb::arg("forces"), nb::rv_policy::copy);
  }
  DoDefineSpringsAndBushings<T>(m, param);
}

}  // namespace

void DefineMultibodyTreeForces(nb::module_ m) {
  nb::class_<DoorHingeConfig>(m, "DoorHingeConfig",
                              "The parameters of a DoorHinge (SI units).")
      .def(
          "__init__",
          [](DoorHingeConfig* self, nb::kwargs kwargs) {
            new (self) DoorHingeConfig();
            const std::pair<const char*, double DoorHingeConfig::*> fields[] = {
                {"spring_zero_angle_rad",
                 &DoorHingeConfig::spring_zero_angle_rad},
                {"spring_constant", &DoorHingeConfig::spring_constant},
                {"dynamic_friction_torque",
                 &DoorHingeConfig::dynamic_friction_torque},
                {"static_friction_torque",
                 &DoorHingeConfig::static_friction_torque},
                {"viscous_friction", &DoorHingeConfig::viscous_friction},
                {"catch_width", &DoorHingeConfig::catch_width},
                {"catch_torque", &DoorHingeConfig::catch_torque},
                {"motion_threshold", &DoorHingeConfig::motion_threshold}};
            for (auto [key, value] : kwargs) {
              const std::string name = nb::cast<std::string>(key);
              bool found = false;
              for (const auto& [field, member] : fields) {
                if (name == field) {
                  self->*member = nb::cast<double>(value);
                  found = true;
                }
              }
              if (!found) {
                throw nb::type_error(
                    ("DoorHingeConfig(): unknown field '" + name + "'.")
                        .c_str());
              }
            }
          })
      .def_rw("spring_zero_angle_rad", &DoorHingeConfig::spring_zero_angle_rad)
      .def_rw("spring_constant", &DoorHingeConfig::spring_constant)
      .def_rw("dynamic_friction_torque",
              &DoorHingeConfig::dynamic_friction_torque)
      .def_rw("static_friction_torque",
              &DoorHingeConfig::static_friction_torque)
      .def_rw("viscous_friction", &DoorHingeConfig::viscous_friction)
      .def_rw("catch_width", &DoorHingeConfig::catch_width)
      .def_rw("catch_torque", &DoorHingeConfig::catch_torque)
      .def_rw("motion_threshold", &DoorHingeConfig::motion_threshold)
      .def("__repr__", [](const DoorHingeConfig& c) {
        auto f = [](double x) {
          return nb::cast<std::string>(nb::repr(nb::float_(x)));
        };
        return "DoorHingeConfig(spring_zero_angle_rad=" +
               f(c.spring_zero_angle_rad) +
               ", spring_constant=" + f(c.spring_constant) +
               ", dynamic_friction_torque=" + f(c.dynamic_friction_torque) +
               ", static_friction_torque=" + f(c.static_friction_torque) +
               ", viscous_friction=" + f(c.viscous_friction) +
               ", catch_width=" + f(c.catch_width) +
               ", catch_torque=" + f(c.catch_torque) +
               ", motion_threshold=" + f(c.motion_threshold) + ")";
      });

  type_visit([m](auto tag) { DoDefineForces<typename decltype(tag)::type>(m); },
             type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
