#pragma once

/// @file
/// DiscreteTimeDelay<T>: samples u every update_sec (from t = 0) and
/// outputs the sample taken delay_time_steps updates earlier (zeros, or the
/// model value, until then): the state is the last delay_time_steps + 1
/// samples, oldest first — one discrete vector for a vector delay, one
/// abstract state per sample for an abstract one.
/// Ports: input "u", output "delayed_u" (no direct feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class DiscreteTimeDelay final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless update_sec > 0, delay_time_steps ≥ 1
  /// and vector_size ≥ 1.
  DiscreteTimeDelay(double update_sec, int delay_time_steps, int vector_size);
  /// An abstract delay: input and output hold values of the type of
  /// `abstract_model_value`, which is also the output until the first
  /// delayed sample. Throws std::logic_error unless update_sec > 0 and
  /// delay_time_steps ≥ 1.
  DiscreteTimeDelay(double update_sec, int delay_time_steps,
                    const AbstractValue& abstract_model_value);
  template <typename U>
  explicit DiscreteTimeDelay(const DiscreteTimeDelay<U>& other)
      : DiscreteTimeDelay(other.update_sec(), other.delay_time_steps(),
                          other.vector_size()) {
    if (other.is_abstract()) ThrowNotConvertible();
  }

  double update_sec() const { return update_sec_; }
  int delay_time_steps() const { return delay_; }
  /// The vector size (0 for an abstract delay).
  int vector_size() const { return n_; }
  bool is_abstract() const { return abstract_; }

 private:
  [[noreturn]] static void ThrowNotConvertible();
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  EventStatus UpdateAbstract(const Context<T>& context, State<T>* state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  double update_sec_{};
  int delay_{};
  int n_{};
  bool abstract_{false};
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
