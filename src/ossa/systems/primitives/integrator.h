#pragma once

/// @file
/// Integrator<T>: continuous state x of `size` entries, ẋ = u, y = x.
/// Ports: input "u0", output "y0" (no direct feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Integrator final : public LeafSystem<T> {
 public:
  /// Starts from zeros. Throws std::logic_error if size < 1.
  explicit Integrator(int size);
  /// Starts from `initial_value` (at least one entry).
  explicit Integrator(const Eigen::Ref<const Eigen::VectorXd>& initial_value);
  template <typename U>
  explicit Integrator(const Integrator<U>& other)
      : Integrator(other.default_integral_value()) {}

  /// The value a default Context starts from. Throws std::logic_error on a
  /// size mismatch.
  void set_default_integral_value(
      const Eigen::Ref<const Eigen::VectorXd>& value);
  const Eigen::VectorXd& default_integral_value() const {
    return default_value_;
  }
  /// Sets the integral (the state) in `context`. Throws std::logic_error on
  /// a size mismatch.
  void set_integral_value(Context<T>* context,
                          const Eigen::Ref<const VectorX<T>>& value) const;

  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override;

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;

  Eigen::VectorXd default_value_;
};

/// Integrator converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Integrator> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Integrator);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Integrator);
