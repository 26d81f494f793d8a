#pragma once

/// @file
/// Sine<T>: y = a ⊙ sin(ω ⊙ s + φ) and its first two derivatives with
/// respect to s, where s is the time (is_time_based, the default) or the
/// input u0 (elementwise):
///   y0 = a sin(ωs + φ),  y1 = a ω cos(ωs + φ),  y2 = −a ω² sin(ωs + φ).
/// Ports: outputs "y0", "y1", "y2"; input "u0" only when not time based.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Sine final : public LeafSystem<T> {
 public:
  /// The same amplitude a, frequency ω [rad/s] and phase φ [rad] on `size`
  /// entries.
  Sine(double amplitude, double frequency, double phase, int size,
       bool is_time_based = true);
  /// One a, ω, φ per entry (equal sizes, ≥ 1); throws std::logic_error
  /// otherwise.
  Sine(const Eigen::VectorXd& amplitudes, const Eigen::VectorXd& frequencies,
       const Eigen::VectorXd& phases, bool is_time_based = true);
  template <typename U>
  explicit Sine(const Sine<U>& other)
      : Sine(other.amplitude_vector(), other.frequency_vector(),
             other.phase_vector(), other.is_time_based()) {}

  /// The common value; throw std::logic_error if the entries differ.
  double amplitude() const;
  double frequency() const;
  double phase() const;
  bool is_time_based() const { return is_time_based_; }
  const Eigen::VectorXd& amplitude_vector() const { return amplitude_; }
  const Eigen::VectorXd& frequency_vector() const { return frequency_; }
  const Eigen::VectorXd& phase_vector() const { return phase_; }

 private:
  VectorX<T> Argument(const Context<T>& context) const;
  void CalcValueOutput(const Context<T>& context, BasicVector<T>* y) const;
  void CalcFirstDerivativeOutput(const Context<T>& context,
                                 BasicVector<T>* y) const;
  void CalcSecondDerivativeOutput(const Context<T>& context,
                                  BasicVector<T>* y) const;
  Eigen::VectorXd amplitude_, frequency_, phase_;
  bool is_time_based_{true};
};

/// Sine converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Sine> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Sine);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Sine);
