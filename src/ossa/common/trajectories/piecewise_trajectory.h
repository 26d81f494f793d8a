#pragma once

/// @file
/// PiecewiseTrajectory<T>: a trajectory defined segment by segment between
/// strictly increasing break times t_0 < t_1 < … < t_n, as the reference's
/// drake::trajectories::PiecewiseTrajectory. Segment i covers
/// [t_i, t_{i+1}); the last segment also owns t_n.

#include <vector>

#include "ossa/common/trajectories/trajectory.h"

namespace ossa {
namespace trajectories {

template <typename T>
class PiecewiseTrajectory : public Trajectory<T> {
 public:
  /// The number of segments, n (0 when there are fewer than two breaks).
  int get_number_of_segments() const {
    return breaks_.size() < 2 ? 0 : static_cast<int>(breaks_.size()) - 1;
  }
  /// t_i, t_{i+1} and t_{i+1} − t_i of segment i. Throw std::logic_error if
  /// i is not in [0, n).
  T start_time(int segment_index) const;
  T end_time(int segment_index) const;
  T duration(int segment_index) const;
  /// t_0 and t_n. Throw std::logic_error if there are no segments.
  T start_time() const override;
  T end_time() const override;
  /// Whether t_0 ≤ t ≤ t_n (false without segments). Throws
  /// std::logic_error for a symbolic t with variables (the Python binding on
  /// Expression returns the Formula instead).
  bool is_time_in_range(const T& t) const;
  /// The segment i with t_i ≤ t < t_{i+1}, clamped to [0, n − 1] for times
  /// outside [t_0, t_n]. Throws std::logic_error if there are no segments.
  /// With one segment the answer is 0 whatever t is, so t may then be a
  /// symbolic expression with variables; with more segments such a t throws
  /// std::logic_error (its segment needs a number), as the reference does.
  int get_segment_index(const T& t) const;
  /// The breaks t_0, …, t_n.
  const std::vector<T>& get_segment_times() const { return breaks_; }

 protected:
  PiecewiseTrajectory() = default;
  /// The number a time `t` holds, for the comparisons that place it among
  /// the breaks: t itself for double, its value for AutoDiffXd, the constant
  /// of a constant Expression. Throws std::logic_error naming
  /// `<class_name()>::<method>()` for an Expression with variables.
  double TimeValueOrThrow(const char* method, const T& t) const;
  /// Throws std::logic_error if the breaks are not strictly increasing.
  explicit PiecewiseTrajectory(const std::vector<T>& breaks);
  PiecewiseTrajectory(const PiecewiseTrajectory&) = default;
  PiecewiseTrajectory& operator=(const PiecewiseTrajectory&) = default;

  /// The class name the error messages give (the most derived class).
  virtual const char* class_name() const { return "PiecewiseTrajectory"; }
  void CheckSegmentIndex(const char* method, int segment_index) const;

  std::vector<T> breaks_;
};

}  // namespace trajectories
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::PiecewiseTrajectory);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::PiecewiseTrajectory);
