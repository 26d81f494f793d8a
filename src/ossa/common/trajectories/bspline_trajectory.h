#pragma once

/// @file
/// BsplineTrajectory<T>: a matrix-valued B-spline of time, as the
/// reference's drake::trajectories::BsplineTrajectory:
///   y(t) = Σ_i B_{i,k}(t) P_i
/// for the basis B of math::BsplineBasis and control points P_i (all of one
/// size), on [basis.initial_parameter_value(), basis.final_parameter_value()].
/// Times outside that span are clamped to the nearest end.

#include <memory>
#include <vector>

#include "ossa/common/trajectories/bspline_basis.h"
#include "ossa/common/trajectories/trajectory.h"

namespace ossa {
namespace trajectories {

template <typename T>
class BsplineTrajectory final : public Trajectory<T> {
 public:
  /// The empty trajectory: an empty basis, no control points (0 × 0).
  BsplineTrajectory() = default;

  /// Throws std::logic_error unless there is one control point per basis
  /// function and all have the same size.
  BsplineTrajectory(math::BsplineBasis<T> basis,
                    std::vector<MatrixX<T>> control_points);

  const math::BsplineBasis<T>& basis() const { return basis_; }
  const std::vector<MatrixX<T>>& control_points() const {
    return control_points_;
  }
  int num_control_points() const {
    return static_cast<int>(control_points_.size());
  }
  /// y(start_time()) and y(end_time()).
  MatrixX<T> InitialValue() const;
  MatrixX<T> FinalValue() const;

  /// Inserts knots (each within [start_time(), end_time()]) by Boehm's
  /// algorithm: the curve is unchanged, with one more control point per
  /// knot.
  void InsertKnots(const std::vector<T>& additional_knots);

  /// The trajectory of the block of every control point.
  BsplineTrajectory<T> CopyBlock(int start_row, int start_col, int block_rows,
                                 int block_cols) const;
  /// The first n rows of a column-vector trajectory.
  BsplineTrajectory<T> CopyHead(int n) const;

  /// The num_control_points() × (num_control_points() − d) matrix M with
  /// [P_0 … P_{n−1}] · M the control points of the d-th derivative (for a
  /// column-vector trajectory); an n × 1 zero matrix when d ≥ order (the
  /// derivative's one zero control point).
  MatrixX<T> AsLinearInControlPoints(int derivative_order = 1) const;

  /// The weights w with y⁽ᵈ⁾(t) = Σ_i w_i P_i (t within the span).
  VectorX<T> EvaluateLinearInControlPoints(const T& parameter_value,
                                           int derivative_order = 0) const;

  /// The B-spline of the d-th derivative, of order k − d (when d ≥ k, a zero
  /// trajectory of order 1 on the whole knot span [t_0, t_{n+k−1}]).
  BsplineTrajectory<T> Derivative(int derivative_order) const;

  std::unique_ptr<Trajectory<T>> Clone() const final;
  MatrixX<T> value(const T& t) const final;
  bool has_derivative() const final { return true; }
  Eigen::Index rows() const final;
  Eigen::Index cols() const final;
  T start_time() const final { return basis_.initial_parameter_value(); }
  T end_time() const final { return basis_.final_parameter_value(); }

 private:
  MatrixX<T> DoEvalDerivative(const T& t, int derivative_order) const final;
  std::unique_ptr<Trajectory<T>> DoMakeDerivative(
      int derivative_order) const final;
  T Clamp(const T& t) const;

  math::BsplineBasis<T> basis_;
  std::vector<MatrixX<T>> control_points_;
};

}  // namespace trajectories
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::BsplineTrajectory);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::BsplineTrajectory);
