#pragma once

/// @file
/// InverseDynamics<T>: the generalized forces that give a MultibodyPlant a
/// desired acceleration, as a system.
///
/// With the estimated state x = [q; v] and the desired acceleration v̇_d,
///   kInverseDynamics:      tau = M(q)·v̇_d + C(q, v)·v − tau_app(q, v),
///   kGravityCompensation:  tau = −tau_g(q),
/// where tau_app are the generalized forces of the plant's force elements
/// (gravity, springs, dampers, bushings, ...) at x, so that applying tau and
/// those elements to the plant yields v̇ = v̇_d. Actuation, applied-force
/// input ports and contact are not included: this is the controller's model.
///
/// Ports: inputs "estimated_state" (nq + nv) and, unless in gravity
/// compensation mode, "desired_acceleration" (nv); output
/// "generalized_force" (nv), with direct feedthrough from both inputs.

#include <memory>

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems::controllers {

template <typename T>
class InverseDynamics final : public LeafSystem<T> {
 public:
  enum InverseDynamicsMode {
    /// Full inverse dynamics, with the desired acceleration input.
    kInverseDynamics,
    /// Only the gravity term; no desired acceleration input.
    kGravityCompensation,
  };

  /// Computes with `plant`, which must outlive this system; with a copy of
  /// `plant_context` (for its parameters) or else the plant's default
  /// context. Throws std::logic_error if `plant` is null or not finalized,
  /// or if `plant_context` does not belong to it.
  explicit InverseDynamics(const multibody::MultibodyPlant<T>* plant,
                           InverseDynamicsMode mode = kInverseDynamics,
                           const Context<T>* plant_context = nullptr);
  /// As above, owning the plant.
  explicit InverseDynamics(std::unique_ptr<multibody::MultibodyPlant<T>> plant,
                           InverseDynamicsMode mode = kInverseDynamics,
                           const Context<T>* plant_context = nullptr);
  ~InverseDynamics() override;

  const InputPort<T>& get_input_port_estimated_state() const {
    return this->get_input_port(input_index_state_);
  }
  /// Throws std::logic_error in gravity compensation mode (no such port).
  const InputPort<T>& get_input_port_desired_acceleration() const;
  const OutputPort<T>& get_output_port_generalized_force() const {
    return this->get_output_port(output_index_force_);
  }
  bool is_pure_gravity_compensation() const {
    return mode_ == kGravityCompensation;
  }

 private:
  // The plant's context at the estimated state and the force elements'
  // generalized forces there: a cache entry, so each system Context has its
  // own and repeated output evaluations at one state reuse it.
  struct PlantState;

  void CalcPlantState(const Context<T>& context, PlantState* state) const;
  void CalcOutputForce(const Context<T>& context, BasicVector<T>* force) const;

  std::unique_ptr<multibody::MultibodyPlant<T>> owned_plant_;
  const multibody::MultibodyPlant<T>* plant_{nullptr};
  InverseDynamicsMode mode_;
  InputPortIndex input_index_state_;
  InputPortIndex input_index_desired_acceleration_;
  OutputPortIndex output_index_force_;
  CacheIndex plant_state_cache_index_;
};

}  // namespace ossa::systems::controllers

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::InverseDynamics);
