#pragma once

/// @file
/// Gain<T>: y = k ⊙ u, an elementwise (diagonal) gain.
/// Ports: input "u0" and output "y0", both of size k.size(); direct
/// feedthrough.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Gain final : public LeafSystem<T> {
 public:
  /// The same gain k on each of `size` entries. Throws if size < 1.
  Gain(double k, int size);
  /// One gain per entry. Throws if k is empty.
  explicit Gain(const Eigen::VectorXd& k);
  template <typename U>
  explicit Gain(const Gain<U>& other) : Gain(other.get_gain_vector()) {}

  /// The common gain; throws std::logic_error if the entries differ.
  double get_gain() const;
  const Eigen::VectorXd& get_gain_vector() const { return k_; }

 private:
  void CalcGainOutput(const Context<T>& context, BasicVector<T>* output) const;
  Eigen::VectorXd k_;
};

/// Gain converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Gain> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Gain);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Gain);
