#pragma once

/// @file
/// BezierCurve<T>: a vector-valued Bézier curve of time, as the reference's
/// drake::trajectories::BezierCurve.
///
/// With control points P_0 … P_n (the columns of control_points(), n the
/// order) on [t_0, t_1], s = (t − t_0)/(t_1 − t_0) and the Bernstein
/// polynomials b_{i,n}(s) = C(n, i) sⁱ (1 − s)ⁿ⁻ⁱ,
///   y(t) = Σ_i b_{i,n}(s) P_i,
/// so y(t_0) = P_0 and y(t_1) = P_n. Its derivative is the Bézier curve of
/// order n − 1 with control points n/(t_1 − t_0) (P_{i+1} − P_i). Times
/// outside [t_0, t_1] are clamped to the nearest end (on
/// symbolic::Expression by min and max expressions; GetExpression() gives
/// the unclamped polynomial).

#include <memory>
#include <optional>

#include "ossa/common/trajectories/trajectory.h"

namespace ossa {
namespace trajectories {

template <typename T>
class BezierCurve final : public Trajectory<T> {
 public:
  /// The empty curve on [0, 1]: no control points, 0 × 1.
  BezierCurve() : BezierCurve(0, 1, MatrixX<T>()) {}

  /// The curve with the columns of `control_points` as P_0 … P_n. Throws
  /// std::logic_error unless start_time ≤ end_time.
  BezierCurve(double start_time, double end_time,
              const Eigen::Ref<const MatrixX<T>>& control_points);

  /// n, the polynomial order (the number of control points minus one).
  int order() const { return static_cast<int>(control_points_.cols()) - 1; }

  /// b_{i,m}(s(t)) for m = `order` if given, else order(). Throws
  /// std::logic_error unless 0 ≤ i ≤ m.
  T BernsteinBasis(int i, const T& time,
                   std::optional<int> order = std::nullopt) const;

  /// The columns are P_0 … P_n.
  const MatrixX<T>& control_points() const { return control_points_; }

  /// The (n + 1) × (n + 1 − d) matrix M with control_points() · M the
  /// control points of the d-th derivative (an (n + 1) × 0 matrix when
  /// d > n). Throws std::logic_error if d < 0.
  MatrixX<T> AsLinearInControlPoints(int derivative_order = 1) const;

  /// Raises the order by one without changing the curve:
  /// Q_i = i/(n+1) P_{i−1} + (1 − i/(n+1)) P_i for i = 0 … n + 1.
  void ElevateOrder();

  std::unique_ptr<Trajectory<T>> Clone() const final;
  MatrixX<T> value(const T& t) const final;
  bool has_derivative() const final { return true; }
  Eigen::Index rows() const final { return control_points_.rows(); }
  Eigen::Index cols() const final { return 1; }
  T start_time() const final { return start_time_; }
  T end_time() const final { return end_time_; }

  /// The curve of the d-th derivative (the zero curve of order 0 when
  /// d > n).
  BezierCurve<T> Derivative(int derivative_order) const;

  /// y as expressions of the variable `time`, Σ_i b_{i,n}(s(time)) P_i,
  /// without the clamping of value() (the polynomial itself on any time).
  /// The control points enter as their values (an AutoDiffXd's value).
  VectorX<symbolic::Expression> GetExpression(
      symbolic::Variable time = symbolic::Variable("t")) const;

 private:
  MatrixX<T> DoEvalDerivative(const T& t, int derivative_order) const final;
  std::unique_ptr<Trajectory<T>> DoMakeDerivative(
      int derivative_order) const final;

  double start_time_{0};
  double end_time_{1};
  MatrixX<T> control_points_;
};

}  // namespace trajectories
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::BezierCurve);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::BezierCurve);
