#include "ossa/systems/controllers/inverse_dynamics.h"

#include <utility>

#include "ossa/common/error.h"

namespace ossa::systems::controllers {

using multibody::MultibodyForces;
using multibody::MultibodyPlant;

template <typename T>
struct InverseDynamics<T>::PlantState {
  PlantState(std::unique_ptr<Context<T>> c, const MultibodyPlant<T>& plant)
      : context(std::move(c)), forces(plant) {}
  // A cache value must be copyable; a Context is cloned.
  PlantState(const PlantState& other)
      : context(other.context->Clone()), forces(other.forces) {}
  PlantState& operator=(const PlantState& other) {
    if (this != &other) {
      context = other.context->Clone();
      forces = other.forces;
    }
    return *this;
  }

  std::unique_ptr<Context<T>> context;
  MultibodyForces<T> forces;
};

namespace {

template <typename T>
const MultibodyPlant<T>& CheckedPlant(const MultibodyPlant<T>* plant,
                                      const Context<T>* plant_context) {
  if (plant == nullptr)
    ThrowLogicError("InverseDynamics(): the plant is null.");
  if (!plant->is_finalized()) {
    ThrowLogicError(
        "InverseDynamics(): the plant must be finalized; call "
        "MultibodyPlant::Finalize() first.");
  }
  if (plant_context != nullptr) plant->ValidateContext(*plant_context);
  return *plant;
}

}  // namespace

template <typename T>
InverseDynamics<T>::InverseDynamics(const MultibodyPlant<T>* plant,
                                    InverseDynamicsMode mode,
                                    const Context<T>* plant_context)
    : plant_(&CheckedPlant(plant, plant_context)), mode_(mode) {
  const int nq = plant_->num_positions();
  const int nv = plant_->num_velocities();
  input_index_state_ =
      this->DeclareVectorInputPort("estimated_state", nq + nv).get_index();
  if (!is_pure_gravity_compensation()) {
    input_index_desired_acceleration_ =
        this->DeclareVectorInputPort("desired_acceleration", nv).get_index();
  }
  const PlantState model(plant_context != nullptr
                             ? plant_context->Clone()
                             : plant_->CreateDefaultContext(),
                         *plant_);
  plant_state_cache_index_ =
      this->DeclareCacheEntry("plant state", model,
                              &InverseDynamics::CalcPlantState,
                              {this->input_port_ticket(input_index_state_)})
          .cache_index();
  output_index_force_ =
      this->DeclareVectorOutputPort("generalized_force", nv,
                                    &InverseDynamics::CalcOutputForce,
                                    {this->all_input_ports_ticket()})
          .get_index();
}

template <typename T>
InverseDynamics<T>::InverseDynamics(std::unique_ptr<MultibodyPlant<T>> plant,
                                    InverseDynamicsMode mode,
                                    const Context<T>* plant_context)
    : InverseDynamics(plant.get(), mode, plant_context) {
  owned_plant_ = std::move(plant);
}

template <typename T>
InverseDynamics<T>::~InverseDynamics() = default;

template <typename T>
const InputPort<T>& InverseDynamics<T>::get_input_port_desired_acceleration()
    const {
  if (is_pure_gravity_compensation()) {
    ThrowLogicError(
        "InverseDynamics::get_input_port_desired_acceleration(): a gravity "
        "compensator has no desired acceleration input.");
  }
  return this->get_input_port(input_index_desired_acceleration_);
}

template <typename T>
void InverseDynamics<T>::CalcPlantState(const Context<T>& context,
                                        PlantState* state) const {
  const VectorX<T>& x = get_input_port_estimated_state().Eval(context);
  plant_->SetPositionsAndVelocities(state->context.get(), x);
  if (!is_pure_gravity_compensation())
    plant_->CalcForceElementsContribution(*state->context, &state->forces);
}

template <typename T>
void InverseDynamics<T>::CalcOutputForce(const Context<T>& context,
                                         BasicVector<T>* force) const {
  const auto& state = this->get_cache_entry(plant_state_cache_index_)
                          .template Eval<PlantState>(context);
  if (is_pure_gravity_compensation()) {
    force->get_mutable_value() =
        -plant_->CalcGravityGeneralizedForces(*state.context);
    return;
  }
  const VectorX<T>& vd_d =
      this->get_input_port(input_index_desired_acceleration_).Eval(context);
  force->get_mutable_value() =
      plant_->CalcInverseDynamics(*state.context, vd_d, state.forces);
}

}  // namespace ossa::systems::controllers

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::InverseDynamics);
