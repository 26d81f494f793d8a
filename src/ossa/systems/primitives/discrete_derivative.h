#pragma once

/// @file
/// DiscreteDerivative<T>: samples u every time_step h (from t = 0) and
/// outputs the backward difference y = (u[n] − u[n−1]) / h, held between
/// samples. The state is u[n] and u[n−1] (zeros at first); with
/// suppress_initial_transient, also the number of samples taken, and y is
/// zero until two samples exist. Ports: input "u", output "dudt" (no direct
/// feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class DiscreteDerivative final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless num_inputs ≥ 1 and time_step > 0.
  DiscreteDerivative(int num_inputs, double time_step,
                     bool suppress_initial_transient = true);
  template <typename U>
  explicit DiscreteDerivative(const DiscreteDerivative<U>& other)
      : DiscreteDerivative(other.num_inputs(), other.time_step(),
                           other.suppress_initial_transient()) {}

  int num_inputs() const { return n_; }
  double time_step() const { return time_step_; }
  bool suppress_initial_transient() const { return suppress_; }

 private:
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  int n_{};
  double time_step_{};
  bool suppress_{};
};

/// DiscreteDerivative converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<DiscreteDerivative>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteDerivative);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteDerivative);
