#pragma once

/// @file
/// TrajectorySource<T>: outputs a trajectory's value at the current time and,
/// optionally, its first `output_derivative_order` time derivatives, stacked:
///   y0 = [y(t); ẏ(t); …; y⁽ᵏ⁾(t)]   (a vector of rows·(k+1); the trajectory
/// must have one column). Beyond [start_time, end_time] the value holds its
/// end value (PiecewisePolynomial clamps) and, with
/// zero_derivatives_beyond_limits (default), the derivatives are zero.
/// Ports: output "y0".

#include <memory>
#include <vector>

#include "ossa/common/trajectories/trajectory.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class TrajectorySource final : public LeafSystem<T> {
 public:
  /// Keeps a copy of `trajectory` (double-valued, evaluated at the
  /// double value of the time). Throws std::logic_error if the trajectory
  /// has more than one column or output_derivative_order < 0.
  explicit TrajectorySource(const trajectories::Trajectory<double>& trajectory,
                            int output_derivative_order = 0,
                            bool zero_derivatives_beyond_limits = true);
  template <typename U>
  explicit TrajectorySource(const TrajectorySource<U>& other)
      : TrajectorySource(other.trajectory(), other.output_derivative_order(),
                         other.zero_derivatives_beyond_limits()) {}

  /// Replaces the trajectory; it must have the same shape. Throws
  /// std::logic_error otherwise.
  void UpdateTrajectory(const trajectories::Trajectory<double>& trajectory);

  const trajectories::Trajectory<double>& trajectory() const {
    return *trajectory_;
  }
  int output_derivative_order() const {
    return static_cast<int>(derivatives_.size());
  }
  bool zero_derivatives_beyond_limits() const { return clamp_derivatives_; }

 private:
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  void MakeDerivatives(int order);

  std::unique_ptr<trajectories::Trajectory<double>> trajectory_;
  std::vector<std::unique_ptr<trajectories::Trajectory<double>>> derivatives_;
  bool clamp_derivatives_{true};
};

/// TrajectorySource converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<TrajectorySource> : std::true_type {
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::TrajectorySource);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::TrajectorySource);
