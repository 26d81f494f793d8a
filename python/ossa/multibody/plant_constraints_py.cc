// ossa.multibody.plant: the constraints of MultibodyPlant_[T]
// (AddCouplerConstraint, ..., Get/SetConstraintActiveStatus),
// MultibodyConstraintId (re-exported by ossa.multibody.tree, where the
// reference has it) and the constraint specification structs.

#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <optional>

#include "ossa/bindings.h"
#include "ossa/identifier_py.h"
#include "ossa/multibody/plant/constraint_specs.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {

using multibody::MultibodyConstraintId;
using multibody::RigidBody;

void DefinePlantConstraintTypes(nb::module_ m) {
  BindIdentifier<MultibodyConstraintId>(m, "MultibodyConstraintId");
  using multibody::BodyIndex;
  using multibody::DistanceConstraintParams;
  nb::class_<DistanceConstraintParams> params(
      m, "DistanceConstraintParams",
      "The parameters of a distance constraint stored in a Context: "
      "|p_PQ| = distance between P (p_AP in bodyA) and Q (p_BQ in bodyB), "
      "rigid for stiffness = inf.");
  params.def(nb::init<>(), "An invalid set, for containers.")
      .def(nb::init<BodyIndex, const Vector3<double>&, BodyIndex,
                    const Vector3<double>&, double, double, double>(),
           nb::arg("bodyA"), nb::arg("p_AP"), nb::arg("bodyB"), nb::arg("p_BQ"),
           nb::arg("distance"), nb::arg("stiffness"), nb::arg("damping"))
      .def("bodyA", &DistanceConstraintParams::bodyA)
      .def("bodyB", &DistanceConstraintParams::bodyB)
      .def("p_AP", &DistanceConstraintParams::p_AP)
      .def("p_BQ", &DistanceConstraintParams::p_BQ)
      .def("distance", &DistanceConstraintParams::distance)
      .def("stiffness", &DistanceConstraintParams::stiffness)
      .def("damping", &DistanceConstraintParams::damping);
  DefCopyAndDeepCopy(params);
  using multibody::internal::BallConstraintSpec;
  using multibody::internal::CouplerConstraintSpec;
  using multibody::internal::DistanceConstraintSpec;
  using multibody::internal::WeldConstraintSpec;
  nb::class_<CouplerConstraintSpec>(
      m, "CouplerConstraintSpec",
      "(Internal use only) q0 = gear_ratio * q1 + offset between the "
      "single-dof joints joint0_index (q0) and joint1_index (q1).")
      .def(nb::init<>())
      .def_rw("joint0_index", &CouplerConstraintSpec::joint0_index)
      .def_rw("joint1_index", &CouplerConstraintSpec::joint1_index)
      .def_rw("gear_ratio", &CouplerConstraintSpec::gear_ratio)
      .def_rw("offset", &CouplerConstraintSpec::offset)
      .def_rw("id", &CouplerConstraintSpec::id);
  nb::class_<DistanceConstraintSpec>(
      m, "DistanceConstraintSpec",
      "(Internal use only) |p_PQ| = distance between P (p_AP in body_A) "
      "and Q (p_BQ in body_B), rigid for stiffness = inf.")
      .def(nb::init<>())
      .def("IsValid", &DistanceConstraintSpec::IsValid)
      .def_rw("body_A", &DistanceConstraintSpec::body_A)
      .def_rw("p_AP", &DistanceConstraintSpec::p_AP)
      .def_rw("body_B", &DistanceConstraintSpec::body_B)
      .def_rw("p_BQ", &DistanceConstraintSpec::p_BQ)
      .def_rw("distance", &DistanceConstraintSpec::distance)
      .def_rw("stiffness", &DistanceConstraintSpec::stiffness)
      .def_rw("damping", &DistanceConstraintSpec::damping)
      .def_rw("id", &DistanceConstraintSpec::id);
  nb::class_<BallConstraintSpec>(
      m, "BallConstraintSpec",
      "(Internal use only) P (p_AP in body_A) and Q (p_BQ in body_B) "
      "coincide; p_BQ is None until Finalize() when it was not given.")
      .def(nb::init<>())
      .def("IsValid", &BallConstraintSpec::IsValid)
      .def_rw("body_A", &BallConstraintSpec::body_A)
      .def_rw("p_AP", &BallConstraintSpec::p_AP)
      .def_rw("body_B", &BallConstraintSpec::body_B)
      .def_rw("p_BQ", &BallConstraintSpec::p_BQ)
      .def_rw("id", &BallConstraintSpec::id);
  nb::class_<WeldConstraintSpec>(
      m, "WeldConstraintSpec",
      "(Internal use only) frames P (X_AP in body_A) and Q (X_BQ in body_B) "
      "coincide.")
      .def(nb::init<>())
      .def("IsValid", &WeldConstraintSpec::IsValid)
      .def_rw("body_A", &WeldConstraintSpec::body_A)
      .def_rw("X_AP", &WeldConstraintSpec::X_AP)
      .def_rw("body_B", &WeldConstraintSpec::body_B)
      .def_rw("X_BQ", &WeldConstraintSpec::X_BQ)
      .def_rw("id", &WeldConstraintSpec::id);
}

template <typename T>
void DefinePlantConstraints(nb::handle cls) {
  using Class = multibody::MultibodyPlant<T>;
  using V3 = Vector3<double>;
  DefMethod(cls, "AddCouplerConstraint", &Class::AddCouplerConstraint,
            nb::arg("joint0"), nb::arg("joint1"), nb::arg("gear_ratio"),
            nb::arg("offset") = 0.0);
  DefMethod(cls, "AddDistanceConstraint", &Class::AddDistanceConstraint,
            nb::arg("body_A"), nb::arg("p_AP"), nb::arg("body_B"),
            nb::arg("p_BQ"), nb::arg("distance"),
            nb::arg("stiffness") = std::numeric_limits<double>::infinity(),
            nb::arg("damping") = 0.0);
  DefMethod(
      cls, "AddBallConstraint",
      [](Class& self, const RigidBody<T>& body_A, const V3& p_AP,
         const RigidBody<T>& body_B, const std::optional<V3>& p_BQ) {
        return self.AddBallConstraint(body_A, p_AP, body_B, p_BQ);
      },
      nb::arg("body_A"), nb::arg("p_AP"), nb::arg("body_B"),
      nb::arg("p_BQ") = nb::none());
  DefMethod(cls, "AddWeldConstraint", &Class::AddWeldConstraint,
            nb::arg("body_A"), nb::arg("X_AP"), nb::arg("body_B"),
            nb::arg("X_BQ"));
  DefMethod(cls, "RemoveConstraint", &Class::RemoveConstraint, nb::arg("id"));
  DefMethod(cls, "num_constraints", &Class::num_constraints);
  DefMethod(cls, "num_coupler_constraints", &Class::num_coupler_constraints);
  DefMethod(cls, "num_distance_constraints", &Class::num_distance_constraints);
  DefMethod(cls, "num_ball_constraints", &Class::num_ball_constraints);
  DefMethod(cls, "num_weld_constraints", &Class::num_weld_constraints);
  DefMethod(cls, "GetConstraintIds", &Class::GetConstraintIds);
  // Both overloads of each get_*_constraint_specs: by id (a copy), and all
  // of a kind as a dict {id: spec}.
  DefMethod(
      cls, "get_coupler_constraint_specs",
      [](const Class& self, MultibodyConstraintId id) {
        return self.get_coupler_constraint_specs(id);
      },
      nb::arg("id"));
  DefMethod(cls, "get_coupler_constraint_specs", [](const Class& self) {
    return self.get_coupler_constraint_specs();
  });
  DefMethod(
      cls, "get_distance_constraint_specs",
      [](const Class& self, MultibodyConstraintId id) {
        return self.get_distance_constraint_specs(id);
      },
      nb::arg("id"));
  DefMethod(cls, "get_distance_constraint_specs", [](const Class& self) {
    return self.get_distance_constraint_specs();
  });
  DefMethod(
      cls, "get_ball_constraint_specs",
      [](const Class& self, MultibodyConstraintId id) {
        return self.get_ball_constraint_specs(id);
      },
      nb::arg("id"));
  DefMethod(cls, "get_ball_constraint_specs",
            [](const Class& self) { return self.get_ball_constraint_specs(); });
  DefMethod(
      cls, "get_weld_constraint_specs",
      [](const Class& self, MultibodyConstraintId id) {
        return self.get_weld_constraint_specs(id);
      },
      nb::arg("id"));
  DefMethod(cls, "get_weld_constraint_specs",
            [](const Class& self) { return self.get_weld_constraint_specs(); });
  DefMethod(cls, "GetConstraintActiveStatus", &Class::GetConstraintActiveStatus,
            nb::arg("context"), nb::arg("id"));
  DefMethod(cls, "SetConstraintActiveStatus", &Class::SetConstraintActiveStatus,
            nb::arg("context").none(), nb::arg("id"), nb::arg("status"));
  DefMethod(cls, "GetDefaultDistanceConstraintParams",
            &Class::GetDefaultDistanceConstraintParams);
  DefMethod(
      cls, "GetDistanceConstraintParams",
      [](const Class& self, const systems::Context<T>& context) {
        return self.GetDistanceConstraintParams(context);
      },
      nb::arg("context"));
  DefMethod(
      cls, "GetDistanceConstraintParams",
      [](const Class& self, const systems::Context<T>& context,
         MultibodyConstraintId id) {
        return self.GetDistanceConstraintParams(context, id);
      },
      nb::arg("context"), nb::arg("id"));
  DefMethod(cls, "SetDistanceConstraintParams",
            &Class::SetDistanceConstraintParams, nb::arg("context").none(),
            nb::arg("id"), nb::arg("params"));
}

template void DefinePlantConstraints<double>(nb::handle);
template void DefinePlantConstraints<AutoDiffXd>(nb::handle);
template void DefinePlantConstraints<symbolic::Expression>(nb::handle);

}  // namespace ossa::py
