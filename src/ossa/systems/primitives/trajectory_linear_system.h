#pragma once

/// @file
/// TrajectoryLinearSystem<T>: the TimeVaryingAffineSystem with f₀ = 0,
/// y₀ = 0 and A(t), B(t), C(t), D(t) given as trajectories (double-valued,
/// evaluated at the double value of t),
///   ẋ = A(t)·x + B(t)·u  (or x[n+1] = … every time_period s),
///   y = C(t)·x + D(t)·u.
/// Ports: input "u0", output "y0".

#include <memory>

#include "ossa/common/trajectories/trajectory.h"
#include "ossa/systems/primitives/time_varying_affine_system.h"

namespace ossa::systems {

template <typename T>
class TrajectoryLinearSystem final : public TimeVaryingAffineSystem<T> {
 public:
  /// Keeps copies of the trajectories. Throws std::logic_error if their
  /// shapes disagree (A square n×n, B n×m, C p×n, D p×m) or time_period is
  /// negative or not finite.
  TrajectoryLinearSystem(const trajectories::Trajectory<double>& A,
                         const trajectories::Trajectory<double>& B,
                         const trajectories::Trajectory<double>& C,
                         const trajectories::Trajectory<double>& D,
                         double time_period = 0.0);
  template <typename U>
  explicit TrajectoryLinearSystem(const TrajectoryLinearSystem<U>& other)
      : TrajectoryLinearSystem(other.A_trajectory(), other.B_trajectory(),
                               other.C_trajectory(), other.D_trajectory(),
                               other.time_period()) {
    this->CopyStateConfigurationFrom(other);
  }

  MatrixX<T> A(const T& t) const final;
  MatrixX<T> B(const T& t) const final;
  /// Zeros (num_states()).
  VectorX<T> f0(const T& t) const final;
  MatrixX<T> C(const T& t) const final;
  MatrixX<T> D(const T& t) const final;
  /// Zeros (num_outputs()).
  VectorX<T> y0(const T& t) const final;

  const trajectories::Trajectory<double>& A_trajectory() const { return *A_; }
  const trajectories::Trajectory<double>& B_trajectory() const { return *B_; }
  const trajectories::Trajectory<double>& C_trajectory() const { return *C_; }
  const trajectories::Trajectory<double>& D_trajectory() const { return *D_; }

 private:
  std::unique_ptr<trajectories::Trajectory<double>> A_, B_, C_, D_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TrajectoryLinearSystem);
