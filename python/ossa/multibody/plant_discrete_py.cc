// ossa.multibody.plant: the time-stepping and contact settings of
// MultibodyPlant_[T] (discrete_contact_approximation, the deprecated
// discrete_contact_solver, penetration allowance, ...), their enums,
// MultibodyPlantConfig and ApplyMultibodyPlantConfig. AddMultibodyPlant is
// in plant.py (the Python builder owns Python-created systems).

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <string>

#include "ossa/bindings.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/plant/discrete_contact_approximation.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/multibody_plant_config.h"
#include "ossa/multibody/plant/multibody_plant_config_functions.h"
#include "ossa/multibody/plant_py.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/value_util.h"

namespace ossa::py {

using multibody::ContactModel;
using multibody::DiscreteContactApproximation;
using multibody::DiscreteContactSolver;
using multibody::MultibodyPlantConfig;

void DefinePlantDiscreteSettings(nb::module_ m) {
  nb::enum_<DiscreteContactApproximation>(
      m, "DiscreteContactApproximation",
      "The approximation of a discrete plant's step: kTamsi (every "
      "non-contact force explicit, PD gains ignored), kSap, kSimilar, "
      "kLagged (the convex SAP family: damping, PD control and joint limits "
      "implicit).")
      .value("kTamsi", DiscreteContactApproximation::kTamsi)
      .value("kSap", DiscreteContactApproximation::kSap)
      .value("kSimilar", DiscreteContactApproximation::kSimilar)
      .value("kLagged", DiscreteContactApproximation::kLagged);
  nb::enum_<DiscreteContactSolver>(
      m, "DiscreteContactSolver",
      "(Deprecated) The solver of a discrete plant: kTamsi or kSap.")
      .value("kTamsi", DiscreteContactSolver::kTamsi)
      .value("kSap", DiscreteContactSolver::kSap);
  nb::enum_<ContactModel>(m, "ContactModel",
                          "The contact model (stored; geometry contact is "
                          "not computed yet).")
      .value("kHydroelastic", ContactModel::kHydroelastic)
      .value("kPoint", ContactModel::kPoint)
      .value("kHydroelasticWithFallback",
             ContactModel::kHydroelasticWithFallback);

  const MultibodyPlantConfig defaults;
  nb::class_<MultibodyPlantConfig>(
      m, "MultibodyPlantConfig",
      "The configurable properties of a MultibodyPlant (see "
      "ApplyMultibodyPlantConfig, AddMultibodyPlant). Strings are checked "
      "when the config is applied.")
      .def(
          "__init__",
          [](MultibodyPlantConfig* self, double time_step,
             bool use_sampled_output_ports, double penetration_allowance,
             double stiction_tolerance, std::string contact_model,
             std::string discrete_contact_approximation,
             std::string discrete_contact_solver,
             double sap_near_rigid_threshold,
             std::string contact_surface_representation,
             bool adjacent_bodies_collision_filters) {
            new (self)
                MultibodyPlantConfig{time_step,
                                     use_sampled_output_ports,
                                     penetration_allowance,
                                     stiction_tolerance,
                                     std::move(contact_model),
                                     std::move(discrete_contact_approximation),
                                     std::move(discrete_contact_solver),
                                     sap_near_rigid_threshold,
                                     std::move(contact_surface_representation),
                                     adjacent_bodies_collision_filters};
          },
          nb::kw_only(), nb::arg("time_step") = defaults.time_step,
          nb::arg("use_sampled_output_ports") =
              defaults.use_sampled_output_ports,
          nb::arg("penetration_allowance") = defaults.penetration_allowance,
          nb::arg("stiction_tolerance") = defaults.stiction_tolerance,
          nb::arg("contact_model") = defaults.contact_model,
          nb::arg("discrete_contact_approximation") =
              defaults.discrete_contact_approximation,
          nb::arg("discrete_contact_solver") = defaults.discrete_contact_solver,
          nb::arg("sap_near_rigid_threshold") =
              defaults.sap_near_rigid_threshold,
          nb::arg("contact_surface_representation") =
              defaults.contact_surface_representation,
          nb::arg("adjacent_bodies_collision_filters") =
              defaults.adjacent_bodies_collision_filters)
      .def_rw("time_step", &MultibodyPlantConfig::time_step)
      .def_rw("use_sampled_output_ports",
              &MultibodyPlantConfig::use_sampled_output_ports)
      .def_rw("penetration_allowance",
              &MultibodyPlantConfig::penetration_allowance)
      .def_rw("stiction_tolerance", &MultibodyPlantConfig::stiction_tolerance)
      .def_rw("contact_model", &MultibodyPlantConfig::contact_model)
      .def_rw("discrete_contact_approximation",
              &MultibodyPlantConfig::discrete_contact_approximation)
      .def_rw("discrete_contact_solver",
              &MultibodyPlantConfig::discrete_contact_solver)
      .def_rw("sap_near_rigid_threshold",
              &MultibodyPlantConfig::sap_near_rigid_threshold)
      .def_rw("contact_surface_representation",
              &MultibodyPlantConfig::contact_surface_representation)
      .def_rw("adjacent_bodies_collision_filters",
              &MultibodyPlantConfig::adjacent_bodies_collision_filters)
      .def("__copy__", [](const MultibodyPlantConfig& self) { return self; })
      .def("__deepcopy__",
           [](const MultibodyPlantConfig& self, nb::dict) { return self; })
      .def("__repr__", [](const MultibodyPlantConfig& c) {
        auto b = [](bool x) { return std::string(x ? "True" : "False"); };
        auto d = [](double x) {
          return nb::cast<std::string>(nb::repr(nb::float_(x)));
        };
        auto s = [](const std::string& x) {
          return nb::cast<std::string>(nb::repr(nb::str(x.c_str())));
        };
        return "MultibodyPlantConfig(time_step=" + d(c.time_step) +
               ", use_sampled_output_ports=" + b(c.use_sampled_output_ports) +
               ", penetration_allowance=" + d(c.penetration_allowance) +
               ", stiction_tolerance=" + d(c.stiction_tolerance) +
               ", contact_model=" + s(c.contact_model) +
               ", discrete_contact_approximation=" +
               s(c.discrete_contact_approximation) +
               ", discrete_contact_solver=" + s(c.discrete_contact_solver) +
               ", sap_near_rigid_threshold=" + d(c.sap_near_rigid_threshold) +
               ", contact_surface_representation=" +
               s(c.contact_surface_representation) +
               ", adjacent_bodies_collision_filters=" +
               b(c.adjacent_bodies_collision_filters) + ")";
      });

  m.def(
      "ApplyMultibodyPlantConfig",
      [](const MultibodyPlantConfig& config,
         multibody::MultibodyPlant<double>* plant) {
        multibody::ApplyMultibodyPlantConfig(config, plant);
      },
      nb::arg("config"), nb::arg("plant"),
      "Applies every field of `config` but time_step (which must equal "
      "plant.time_step()) to the unfinalized `plant`.");
  m.def(
      "ApplyMultibodyPlantConfig",
      [](const MultibodyPlantConfig& config,
         multibody::MultibodyPlant<AutoDiffXd>* plant) {
        multibody::ApplyMultibodyPlantConfig(config, plant);
      },
      nb::arg("config"), nb::arg("plant"));
}

template <typename T>
void DefinePlantDiscrete(nb::handle cls) {
  using Class = multibody::MultibodyPlant<T>;
  DefMethod(cls, "set_discrete_contact_approximation",
            &Class::set_discrete_contact_approximation,
            nb::arg("approximation"));
  DefMethod(cls, "get_discrete_contact_approximation",
            &Class::get_discrete_contact_approximation);
  DefMethod(cls, "set_discrete_contact_solver",
            &Class::set_discrete_contact_solver, nb::arg("contact_solver"));
  DefMethod(cls, "get_discrete_contact_solver",
            &Class::get_discrete_contact_solver);
  DefMethod(cls, "set_penetration_allowance", &Class::set_penetration_allowance,
            nb::arg("penetration_allowance") =
                MultibodyPlantConfig{}.penetration_allowance);
  DefMethod(cls, "get_penetration_allowance",
            &Class::get_penetration_allowance);
  DefMethod(cls, "get_contact_penalty_method_time_scale",
            &Class::get_contact_penalty_method_time_scale);
  DefMethod(cls, "set_stiction_tolerance", &Class::set_stiction_tolerance,
            nb::arg("v_stiction") = MultibodyPlantConfig{}.stiction_tolerance);
  DefMethod(cls, "stiction_tolerance", &Class::stiction_tolerance);
  DefMethod(cls, "set_sap_near_rigid_threshold",
            &Class::set_sap_near_rigid_threshold,
            nb::arg("near_rigid_threshold") =
                MultibodyPlantConfig{}.sap_near_rigid_threshold);
  DefMethod(cls, "get_sap_near_rigid_threshold",
            &Class::get_sap_near_rigid_threshold);
  DefMethod(cls, "set_contact_model", &Class::set_contact_model,
            nb::arg("model"));
  DefMethod(cls, "get_contact_model", &Class::get_contact_model);
  DefMethod(cls, "set_adjacent_bodies_collision_filters",
            &Class::set_adjacent_bodies_collision_filters, nb::arg("value"));
  DefMethod(cls, "get_adjacent_bodies_collision_filters",
            &Class::get_adjacent_bodies_collision_filters);
}

namespace {
// Value[List[Element]] for the element type `Element` if it is bound.
template <typename Element>
void AddListValue(nb::module_ m) {
  nb::handle cls = nb::type<Element>();
  if (!cls.is_valid()) return;
  nb::object param =
      nb::make_tuple(nb::module_::import_("typing").attr("List")[cls]);
  AddValueInstantiation<std::vector<Element>>(m, param);
}
}  // namespace

template <typename T>
void DefinePlantOutputValues(nb::module_ m) {
  // The value types of the body_poses, body_spatial_velocities,
  // body_spatial_accelerations and reaction_forces output ports, so that
  // their Eval() returns lists in Python.
  AddListValue<math::RigidTransform<T>>(m);
  AddListValue<multibody::SpatialVelocity<T>>(m);
  AddListValue<multibody::SpatialAcceleration<T>>(m);
  AddListValue<multibody::SpatialForce<T>>(m);
}

template void DefinePlantOutputValues<double>(nb::module_);
template void DefinePlantOutputValues<AutoDiffXd>(nb::module_);

template void DefinePlantDiscrete<double>(nb::handle);
template void DefinePlantDiscrete<AutoDiffXd>(nb::handle);
template void DefinePlantOutputValues<symbolic::Expression>(nb::module_);
template void DefinePlantDiscrete<symbolic::Expression>(nb::handle);

}  // namespace ossa::py
