#pragma once

/// @file
/// TrajectoryAffineSystem<T>: the TimeVaryingAffineSystem whose
/// coefficients A(t), B(t), f₀(t), C(t), D(t), y₀(t) are trajectories
/// (double-valued, evaluated at the double value of t: for AutoDiffXd the
/// coefficients carry no derivative with respect to time).
///   ẋ = A(t)·x + B(t)·u + f₀(t)  (or x[n+1] = … every time_period s),
///   y = C(t)·x + D(t)·u + y₀(t).
/// Sizes: num_states() = A.rows(), num_inputs() = B.cols(),
/// num_outputs() = C.rows(). Ports: input "u0", output "y0".

#include <memory>

#include "ossa/common/trajectories/trajectory.h"
#include "ossa/systems/primitives/time_varying_affine_system.h"

namespace ossa::systems {

template <typename T>
class TrajectoryAffineSystem final : public TimeVaryingAffineSystem<T> {
 public:
  /// Keeps copies of the trajectories. Throws std::logic_error if their
  /// shapes disagree (A square, B n×m, f0 n×1, C p×n, D p×m, y0 p×1) or
  /// time_period is negative or not finite.
  TrajectoryAffineSystem(const trajectories::Trajectory<double>& A,
                         const trajectories::Trajectory<double>& B,
                         const trajectories::Trajectory<double>& f0,
                         const trajectories::Trajectory<double>& C,
                         const trajectories::Trajectory<double>& D,
                         const trajectories::Trajectory<double>& y0,
                         double time_period = 0.0);
  template <typename U>
  explicit TrajectoryAffineSystem(const TrajectoryAffineSystem<U>& other)
      : TrajectoryAffineSystem(other.A_trajectory(), other.B_trajectory(),
                               other.f0_trajectory(), other.C_trajectory(),
                               other.D_trajectory(), other.y0_trajectory(),
                               other.time_period()) {
    this->CopyStateConfigurationFrom(other);
  }

  MatrixX<T> A(const T& t) const final;
  MatrixX<T> B(const T& t) const final;
  VectorX<T> f0(const T& t) const final;
  MatrixX<T> C(const T& t) const final;
  MatrixX<T> D(const T& t) const final;
  VectorX<T> y0(const T& t) const final;

  const trajectories::Trajectory<double>& A_trajectory() const { return *A_; }
  const trajectories::Trajectory<double>& B_trajectory() const { return *B_; }
  const trajectories::Trajectory<double>& f0_trajectory() const { return *f0_; }
  const trajectories::Trajectory<double>& C_trajectory() const { return *C_; }
  const trajectories::Trajectory<double>& D_trajectory() const { return *D_; }
  const trajectories::Trajectory<double>& y0_trajectory() const { return *y0_; }

 private:
  std::unique_ptr<trajectories::Trajectory<double>> A_, B_, f0_, C_, D_, y0_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TrajectoryAffineSystem);
