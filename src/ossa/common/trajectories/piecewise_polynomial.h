#pragma once

/// @file
/// PiecewisePolynomial<T>: a matrix-valued piecewise polynomial of time, as
/// the reference's drake::trajectories::PiecewisePolynomial.
///
/// Between consecutive breaks t_i < t_{i+1} the value is
///   y(t) = Σ_k C_{i,k} (t − t_i)^k,   C_{i,k} ∈ ℝ^{rows×cols},
/// so every segment is a polynomial in the time since its own start. Outside
/// [start_time(), end_time()] value() clamps t to the nearest end (the first
/// or last segment is evaluated at its boundary): the trajectory holds its end
/// values.
///
/// On symbolic::Expression the breaks must be constants (they are checked
/// and searched as numbers) while the samples and coefficients may hold
/// variables. A time with variables is accepted where no number is needed:
/// with one segment, value(t) is that polynomial at min(max(t, t_0), t_1);
/// with more, finding the segment throws std::logic_error naming the method,
/// as the reference's does. The splines' linear systems depend on the breaks
/// only, so they are solved in double.

#include <vector>

#include "ossa/common/trajectories/piecewise_trajectory.h"

namespace ossa {
namespace trajectories {

template <typename T>
class PiecewisePolynomial final : public PiecewiseTrajectory<T> {
 public:
  using PiecewiseTrajectory<T>::start_time;
  using PiecewiseTrajectory<T>::end_time;
  using PiecewiseTrajectory<T>::get_number_of_segments;
  using PiecewiseTrajectory<T>::get_segment_index;

  /// An empty trajectory (no segments, 0×0).
  PiecewisePolynomial() = default;

  /// A constant value for all time: one segment on (−∞, ∞).
  explicit PiecewisePolynomial(
      const Eigen::Ref<const MatrixX<T>>& constant_value);

  /// Builds from explicit segment coefficients: `coefficients[i][k]` is
  /// C_{i,k}. Throws std::logic_error if the breaks are not strictly
  /// increasing, the counts disagree, or the matrices differ in size.
  PiecewisePolynomial(const std::vector<T>& breaks,
                      const std::vector<std::vector<MatrixX<T>>>& coefficients);

  /// Piecewise constant: y(t) = samples[i] on [t_i, t_{i+1}) (the last sample
  /// is used only at and after the last break). Needs ≥ 1 sample (with one
  /// sample, the segment degenerates to a constant on (−∞, ∞)).
  static PiecewisePolynomial<T> ZeroOrderHold(
      const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples);
  /// Vector-valued overload: column j of `samples` is the sample at breaks(j).
  static PiecewisePolynomial<T> ZeroOrderHold(
      const Eigen::Ref<const VectorX<T>>& breaks,
      const Eigen::Ref<const MatrixX<T>>& samples);

  /// Piecewise linear interpolation of the samples (≥ 2 breaks).
  static PiecewisePolynomial<T> FirstOrderHold(
      const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples);
  static PiecewisePolynomial<T> FirstOrderHold(
      const Eigen::Ref<const VectorX<T>>& breaks,
      const Eigen::Ref<const MatrixX<T>>& samples);

  /// Cubic Hermite interpolation: values `samples` and first derivatives
  /// `samples_dot` at the breaks (≥ 2 breaks); C¹.
  static PiecewisePolynomial<T> CubicHermite(
      const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
      const std::vector<MatrixX<T>>& samples_dot);
  static PiecewisePolynomial<T> CubicHermite(
      const Eigen::Ref<const VectorX<T>>& breaks,
      const Eigen::Ref<const MatrixX<T>>& samples,
      const Eigen::Ref<const MatrixX<T>>& samples_dot);

  /// C² cubic spline with the first derivative given at both ends (clamped
  /// spline; ≥ 2 breaks).
  static PiecewisePolynomial<T> CubicWithContinuousSecondDerivatives(
      const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
      const MatrixX<T>& sample_dot_at_start,
      const MatrixX<T>& sample_dot_at_end);

  /// C² cubic spline with "not-a-knot" end conditions (the third derivative
  /// is continuous at the second and the second-to-last breaks); needs ≥ 4
  /// breaks. With `periodic_end_condition` the first and second derivatives
  /// at the ends match instead (≥ 3 breaks; first and last samples must be
  /// equal).
  static PiecewisePolynomial<T> CubicWithContinuousSecondDerivatives(
      const std::vector<T>& breaks, const std::vector<MatrixX<T>>& samples,
      bool periodic_end_condition = false);
  static PiecewisePolynomial<T> CubicWithContinuousSecondDerivatives(
      const Eigen::Ref<const VectorX<T>>& breaks,
      const Eigen::Ref<const MatrixX<T>>& samples,
      bool periodic_end_condition = false);

  std::unique_ptr<Trajectory<T>> Clone() const final;
  MatrixX<T> value(const T& t) const final;
  bool has_derivative() const final { return true; }
  Eigen::Index rows() const final { return rows_; }
  Eigen::Index cols() const final { return cols_; }
  T start_time() const final;
  T end_time() const final;

  /// The piecewise polynomial of the n-th derivative (n ≥ 0).
  PiecewisePolynomial<T> derivative(int derivative_order = 1) const;

  /// y(t)(row, col).
  T scalarValue(const T& t, Eigen::Index row = 0, Eigen::Index col = 0) const;

  // The segment queries (get_number_of_segments(), start_time(i),
  // end_time(i), duration(i), get_segment_times(), get_segment_index(t),
  // is_time_in_range(t)) are PiecewiseTrajectory's.
  /// The highest power with a stored coefficient in segment i.
  int getSegmentPolynomialDegree(int segment_index, Eigen::Index row = 0,
                                 Eigen::Index col = 0) const;
  bool empty() const { return coefficients_.empty(); }

  /// @name Editing (each throws std::logic_error for bad arguments)
  /// @{
  /// y'(t) = y(t − offset).
  void shiftRight(const T& offset);
  /// y'(t) = y(t / scale); scale > 0.
  void ScaleTime(const T& scale);
  /// y'(t) = y(−t) (the breaks are negated and reversed).
  void ReverseTime();
  /// The segments [start_segment_index, start_segment_index + num_segments).
  PiecewisePolynomial<T> slice(int start_segment_index, int num_segments) const;
  /// Appends `other`, which must start where this ends (within 1e-10 s);
  /// an empty trajectory becomes a copy of `other`.
  void ConcatenateInTime(const PiecewisePolynomial<T>& other);
  /// Appends a segment from this end value, linear up to `sample` at `time`
  /// (> end_time()).
  void AppendFirstOrderSegment(const T& time,
                               const Eigen::Ref<const MatrixX<T>>& sample);
  /// Appends the cubic segment from this end value and derivative to
  /// `sample` and `sample_dot` at `time` (> end_time()).
  void AppendCubicHermiteSegment(
      const T& time, const Eigen::Ref<const MatrixX<T>>& sample,
      const Eigen::Ref<const MatrixX<T>>& sample_dot);
  /// Removes the last segment (none left: empty). Throws if empty.
  void RemoveFinalSegment();
  /// yᵀ.
  PiecewisePolynomial<T> Transpose() const;
  /// The block of y starting at (start_row, start_col).
  PiecewisePolynomial<T> Block(Eigen::Index start_row, Eigen::Index start_col,
                               Eigen::Index block_rows,
                               Eigen::Index block_cols) const;
  /// Whether `other` has the same segment times (within tol, absolute) and
  /// coefficients within tol, relative (|a − b| ≤ tol·max(|a|, |b|)) or
  /// absolute.
  bool isApprox(const PiecewisePolynomial<T>& other, double tol,
                bool relative = true) const;
  /// The sum of two trajectories with the same segment times (within
  /// 1e-10) and sizes.
  PiecewisePolynomial<T> operator+(const PiecewisePolynomial<T>& other) const;
  /// @}

 private:
  MatrixX<T> DoEvalDerivative(const T& t, int derivative_order) const final;
  std::unique_ptr<Trajectory<T>> DoMakeDerivative(
      int derivative_order) const final;
  const char* class_name() const final { return "PiecewisePolynomial"; }

  using PiecewiseTrajectory<T>::breaks_;
  using PiecewiseTrajectory<T>::CheckSegmentIndex;
  std::vector<std::vector<MatrixX<T>>> coefficients_;
  Eigen::Index rows_{0};
  Eigen::Index cols_{0};
};

}  // namespace trajectories
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::PiecewisePolynomial);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::PiecewisePolynomial);
