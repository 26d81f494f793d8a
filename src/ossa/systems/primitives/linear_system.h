#pragma once

/// @file
/// LinearSystem<T>: the AffineSystem with f₀ = 0 and y₀ = 0,
///   ẋ = A·x + B·u (or x[n+1] = A·x[n] + B·u[n] every time_period s),
///   y = C·x + D·u.

#include "ossa/systems/primitives/affine_system.h"

namespace ossa::systems {

template <typename T>
class LinearSystem : public AffineSystem<T> {
 public:
  /// Throws as AffineSystem's constructor.
  LinearSystem(const Eigen::Ref<const Eigen::MatrixXd>& A,
               const Eigen::Ref<const Eigen::MatrixXd>& B,
               const Eigen::Ref<const Eigen::MatrixXd>& C,
               const Eigen::Ref<const Eigen::MatrixXd>& D,
               double time_period = 0.0);
  template <typename U>
  explicit LinearSystem(const LinearSystem<U>& other)
      : LinearSystem(other.A(), other.B(), other.C(), other.D(),
                     other.time_period()) {
    this->configure_default_state(other.default_state());
  }
};

/// LinearSystem converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<LinearSystem> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LinearSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LinearSystem);
