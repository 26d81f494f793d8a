// MultibodyPlant: the time-stepping and contact settings that
// MultibodyPlantConfig configures, and the sampled discrete step handler.

#include "ossa/common/error.h"
#include "ossa/multibody/plant/symbolic_plant_support.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody {

template <typename T>
void MultibodyPlant<T>::set_discrete_contact_approximation(
    DiscreteContactApproximation approximation) {
  ThrowIfFinalized("set_discrete_contact_approximation");
  if (!is_discrete()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_discrete_contact_approximation(): the "
        "approximation applies to discrete plants only, but this plant is "
        "continuous (time_step = 0).");
  }
  if (approximation == DiscreteContactApproximation::kTamsi &&
      num_constraints() > 0) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_discrete_contact_approximation(): you selected "
        "TAMSI as the contact approximation, but you have constraints "
        "registered with this model (num_constraints() == {}). TAMSI does "
        "not support constraints.",
        num_constraints());
  }
  discrete_contact_approximation_ = approximation;
}

template <typename T>
void MultibodyPlant<T>::set_discrete_contact_solver(
    DiscreteContactSolver contact_solver) {
  ThrowIfFinalized("set_discrete_contact_solver");
  if (contact_solver == DiscreteContactSolver::kTamsi && num_constraints() > 0)
      [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_discrete_contact_solver(): you selected TAMSI "
        "as the contact solver, but you have constraints registered with "
        "this model (num_constraints() == {}). TAMSI does not support "
        "constraints.",
        num_constraints());
  }
  discrete_contact_approximation_ =
      contact_solver == DiscreteContactSolver::kTamsi
          ? DiscreteContactApproximation::kTamsi
          : DiscreteContactApproximation::kSap;
}

template <typename T>
DiscreteContactSolver MultibodyPlant<T>::get_discrete_contact_solver() const {
  return discrete_contact_approximation_ == DiscreteContactApproximation::kTamsi
             ? DiscreteContactSolver::kTamsi
             : DiscreteContactSolver::kSap;
}

template <typename T>
void MultibodyPlant<T>::set_penetration_allowance(
    double penetration_allowance) {
  if (!(penetration_allowance > 0)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_penetration_allowance(): the penetration "
        "allowance must be positive (m), but {} was given.",
        penetration_allowance);
  }
  penetration_allowance_ = penetration_allowance;
  // After Finalize() the estimate follows (before, Finalize() makes it).
  if (is_finalized()) EstimatePointContactParameters();
}

template <typename T>
void MultibodyPlant<T>::set_stiction_tolerance(double v_stiction) {
  if (!(v_stiction > 0)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_stiction_tolerance(): the stiction tolerance "
        "must be positive (m/s), but {} was given.",
        v_stiction);
  }
  stiction_tolerance_ = v_stiction;
}

template <typename T>
void MultibodyPlant<T>::set_sap_near_rigid_threshold(
    double near_rigid_threshold) {
  ThrowIfFinalized("set_sap_near_rigid_threshold");
  if (!(near_rigid_threshold >= 0)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::set_sap_near_rigid_threshold(): the threshold must "
        "be non-negative, but {} was given.",
        near_rigid_threshold);
  }
  sap_near_rigid_threshold_ = near_rigid_threshold;
}

template <typename T>
void MultibodyPlant<T>::set_contact_model(ContactModel model) {
  ThrowIfFinalized("set_contact_model");
  contact_model_ = model;
}

template <typename T>
void MultibodyPlant<T>::set_contact_surface_representation(
    geometry::HydroelasticContactRepresentation representation) {
  ThrowIfFinalized("set_contact_surface_representation");
  contact_surface_representation_ = representation;
}

template <typename T>
void MultibodyPlant<T>::set_adjacent_bodies_collision_filters(bool value) {
  ThrowIfFinalized("set_adjacent_bodies_collision_filters");
  adjacent_bodies_collision_filters_ = value;
}

template <typename T>
systems::EventStatus MultibodyPlant<T>::CalcSampledDiscreteStep(
    const systems::Context<T>& context, systems::State<T>* state) const {
  this->ValidateContext(context);
  ThrowIfActiveConstraintsInStep("CalcDiscreteStep", context);
  if constexpr (internal::kIsSymbolicScalar<T>) {
    internal::ThrowNotSymbolic(this->get_name(), "CalcDiscreteStep",
                               "the discrete step's solver needs numbers");
  } else {
    return discrete_update_manager_->CalcSampledDiscreteStep(context, state);
  }
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
