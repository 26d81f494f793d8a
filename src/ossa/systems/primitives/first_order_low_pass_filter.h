#pragma once

/// @file
/// FirstOrderLowPassFilter<T>: per entry, τᵢ·żᵢ + zᵢ = uᵢ, y = z (a
/// first-order lag with time constants τᵢ > 0). Ports: input "u0", output
/// "y0" (no direct feedthrough).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class FirstOrderLowPassFilter final : public LeafSystem<T> {
 public:
  /// `size` entries with the same time constant. Throws std::logic_error
  /// unless time_constant > 0 and size ≥ 1.
  explicit FirstOrderLowPassFilter(double time_constant, int size = 1);
  /// One time constant per entry (each > 0, at least one).
  explicit FirstOrderLowPassFilter(
      const Eigen::Ref<const Eigen::VectorXd>& time_constants);
  template <typename U>
  explicit FirstOrderLowPassFilter(const FirstOrderLowPassFilter<U>& other)
      : FirstOrderLowPassFilter(other.get_time_constants_vector()) {}

  /// The time constant; throws std::invalid_argument if they differ by
  /// entry.
  double get_time_constant() const;
  const Eigen::VectorXd& get_time_constants_vector() const { return tau_; }
  /// Sets z (the output) in `context`. Throws on a size mismatch.
  void set_initial_output_value(Context<T>* context,
                                const Eigen::Ref<const VectorX<T>>& z0) const;

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;
  Eigen::VectorXd tau_;
};

/// FirstOrderLowPassFilter converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<FirstOrderLowPassFilter>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::FirstOrderLowPassFilter);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::FirstOrderLowPassFilter);
