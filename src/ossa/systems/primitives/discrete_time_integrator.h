#pragma once

/// @file
/// DiscreteTimeIntegrator<T>: x[n+1] = x[n] + h·u[n] every time_step h,
/// y = x (forward Euler in discrete time). Ports: input "u", output "y"
/// (no direct feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class DiscreteTimeIntegrator final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error unless size ≥ 1 and time_step > 0.
  DiscreteTimeIntegrator(int size, double time_step);
  template <typename U>
  explicit DiscreteTimeIntegrator(const DiscreteTimeIntegrator<U>& other)
      : DiscreteTimeIntegrator(other.size(), other.time_step()) {}

  double time_step() const { return time_step_; }
  int size() const { return size_; }
  /// Sets x in `context`. Throws on a size mismatch.
  void set_integral_value(Context<T>* context,
                          const Eigen::Ref<const VectorX<T>>& value) const;

 private:
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  int size_{};
  double time_step_{};
};

/// DiscreteTimeIntegrator converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<DiscreteTimeIntegrator>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteTimeIntegrator);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteTimeIntegrator);
