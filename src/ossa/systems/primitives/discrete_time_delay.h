#pragma once

/// @file
/// DiscreteTimeDelay<T>: samples u every update_sec (from t = 0) and
/// outputs the sample taken delay_time_steps updates earlier (zeros until
/// then): the state is the last delay_time_steps + 1 samples, oldest first.
/// Ports: input "u", output "delayed_u" (no direct feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class DiscreteTimeDelay final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless update_sec > 0, delay_time_steps ≥ 1
  /// and vector_size ≥ 1.
  DiscreteTimeDelay(double update_sec, int delay_time_steps, int vector_size);
  template <typename U>
  explicit DiscreteTimeDelay(const DiscreteTimeDelay<U>& other)
      : DiscreteTimeDelay(other.update_sec(), other.delay_time_steps(),
                          other.vector_size()) {}

  double update_sec() const { return update_sec_; }
  int delay_time_steps() const { return delay_; }
  int vector_size() const { return n_; }

 private:
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  double update_sec_{};
  int delay_{};
  int n_{};
};

/// DiscreteTimeDelay converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<DiscreteTimeDelay> : std::true_type {
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteTimeDelay);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteTimeDelay);
