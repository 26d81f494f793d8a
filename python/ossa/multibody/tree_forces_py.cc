// ossa.multibody.tree: force elements (ForceElement_,
// UniformGravityFieldElement_), MultibodyForces_, and the force methods of
// RigidBody_ (AddInForce, AddInForceInWorld, GetForceInWorld).

#include <nanobind/stl/set.h>

#include <set>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/uniform_gravity_field_element.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using multibody::ForceElement;
using multibody::Frame;
using multibody::ModelInstanceIndex;
using multibody::MultibodyForces;
using multibody::MultibodyPlant;
using multibody::RigidBody;
using multibody::SpatialForce;
using multibody::UniformGravityFieldElement;
using systems::Context;

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
        [](const Vector3Arg& g_W) { return std::make_unique<Class>(g_W.value); },
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
        .def(nb::init<int, int>(), nb::arg("num_bodies"),
             nb::arg("num_velocities"))
        .def("SetZero", &Class::SetZero, nb::rv_policy::reference)
        .def("num_bodies", &Class::num_bodies)
        .def("num_velocities", &Class::num_velocities)
        .def("generalized_forces",
             [](const Class& self) { return VectorX<T>(self.generalized_forces()); })
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
}

}  // namespace

void DefineMultibodyTreeForces(nb::module_ m) {
  type_visit(
      [m](auto tag) { DoDefineForces<typename decltype(tag)::type>(m); },
      DefaultScalars{});
}

}  // namespace ossa::py
