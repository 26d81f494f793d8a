#pragma once

/// @file
/// MatrixGain<T>: y = D·u for a constant matrix D (rows = output size,
/// cols = input size).
/// Ports: input "u0" (D.cols()), output "y0" (D.rows()); direct feedthrough.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class MatrixGain final : public LeafSystem<T> {
 public:
  /// The identity gain on `size` entries.
  explicit MatrixGain(int size);
  explicit MatrixGain(const Eigen::MatrixXd& D);
  template <typename U>
  explicit MatrixGain(const MatrixGain<U>& other) : MatrixGain(other.D()) {}

  const Eigen::MatrixXd& D() const { return D_; }

 private:
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  Eigen::MatrixXd D_;
};

/// MatrixGain converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<MatrixGain> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::MatrixGain);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::MatrixGain);
