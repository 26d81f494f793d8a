#include "ossa/common/trajectories/bezier_curve.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa {
namespace trajectories {
namespace {

double Binomial(int n, int k) {
  double c = 1;
  for (int j = 1; j <= k; ++j) c = c * (n - k + j) / j;
  return c;
}

}  // namespace

template <typename T>
BezierCurve<T>::BezierCurve(double start_time, double end_time,
                            const Eigen::Ref<const MatrixX<T>>& control_points)
    : start_time_(start_time),
      end_time_(end_time),
      control_points_(control_points) {
  if (!(start_time <= end_time)) {
    ThrowLogicError(
        "BezierCurve(): start_time ({}) must not exceed end_time ({}).",
        start_time, end_time);
  }
}

template <typename T>
T BezierCurve<T>::BernsteinBasis(int i, const T& time,
                                 std::optional<int> order) const {
  const int n = order.value_or(this->order());
  if (i < 0 || i > n) {
    ThrowLogicError(
        "BezierCurve::BernsteinBasis(): index {} is out of range [0, {}].", i,
        n);
  }
  const double duration = end_time_ - start_time_;
  const T s = duration > 0 ? T((time - start_time_) / duration) : T(0);
  T result(Binomial(n, i));
  for (int j = 0; j < i; ++j) result *= s;
  for (int j = 0; j < n - i; ++j) result *= (1 - s);
  return result;
}

template <typename T>
MatrixX<T> BezierCurve<T>::AsLinearInControlPoints(int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "BezierCurve::AsLinearInControlPoints(): derivative_order must be >= "
        "0, got {}.",
        derivative_order);
  }
  const int n = order();
  if (derivative_order > n) return MatrixX<T>::Zero(n + 1, 0);
  // Each derivative maps m + 1 points to m: Q_i = m/T (P_{i+1} − P_i), the
  // column i of the (m+1) × m factor holding −m/T at row i, m/T at i + 1.
  MatrixX<T> M = MatrixX<T>::Identity(n + 1, n + 1);
  const double duration = end_time_ - start_time_;
  for (int d = 0; d < derivative_order; ++d) {
    const int m = n - d;
    MatrixX<T> step = MatrixX<T>::Zero(m + 1, m);
    for (int i = 0; i < m; ++i) {
      step(i, i) = -m / duration;
      step(i + 1, i) = m / duration;
    }
    M = (M * step).eval();
  }
  return M;
}

template <typename T>
void BezierCurve<T>::ElevateOrder() {
  const int n = order();
  if (n < 0) {
    ThrowLogicError("BezierCurve::ElevateOrder(): the curve is empty.");
  }
  MatrixX<T> Q(control_points_.rows(), n + 2);
  Q.col(0) = control_points_.col(0);
  Q.col(n + 1) = control_points_.col(n);
  for (int i = 1; i <= n; ++i) {
    const double a = double(i) / (n + 1);
    Q.col(i) =
        a * control_points_.col(i - 1) + (1 - a) * control_points_.col(i);
  }
  control_points_ = std::move(Q);
}

template <typename T>
std::unique_ptr<Trajectory<T>> BezierCurve<T>::Clone() const {
  return std::make_unique<BezierCurve<T>>(*this);
}

template <typename T>
MatrixX<T> BezierCurve<T>::value(const T& t) const {
  const int n = order();
  if (n < 0) return MatrixX<T>::Zero(rows(), 1);
  T time = t;
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    // The clamp as an expression (the time may be a variable).
    time = min(max(t, T(start_time_)), T(end_time_));
  } else {
    if (ExtractDoubleOrThrow(time) < start_time_) time = start_time_;
    if (ExtractDoubleOrThrow(time) > end_time_) time = end_time_;
  }
  // de Casteljau: repeated linear interpolation, stable for any order.
  const double duration = end_time_ - start_time_;
  const T s = duration > 0 ? T((time - start_time_) / duration) : T(0);
  MatrixX<T> points = control_points_;
  for (int r = 1; r <= n; ++r) {
    for (int i = 0; i <= n - r; ++i) {
      points.col(i) = (1 - s) * points.col(i) + s * points.col(i + 1);
    }
  }
  return points.col(0);
}

template <typename T>
BezierCurve<T> BezierCurve<T>::Derivative(int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "BezierCurve::Derivative(): derivative_order must be >= 0, got {}.",
        derivative_order);
  }
  if (derivative_order > order()) {
    return BezierCurve<T>(start_time_, end_time_, MatrixX<T>::Zero(rows(), 1));
  }
  return BezierCurve<T>(
      start_time_, end_time_,
      control_points_ * AsLinearInControlPoints(derivative_order));
}

template <typename T>
MatrixX<T> BezierCurve<T>::DoEvalDerivative(const T& t,
                                            int derivative_order) const {
  return Derivative(derivative_order).value(t);
}

template <typename T>
std::unique_ptr<Trajectory<T>> BezierCurve<T>::DoMakeDerivative(
    int derivative_order) const {
  return std::make_unique<BezierCurve<T>>(Derivative(derivative_order));
}

template <typename T>
VectorX<symbolic::Expression> BezierCurve<T>::GetExpression(
    symbolic::Variable time) const {
  using symbolic::Expression;
  VectorX<Expression> result = VectorX<Expression>::Zero(rows());
  const int n = order();
  if (n < 0) return result;
  const double duration = end_time_ - start_time_;
  const Expression s = duration > 0
                           ? Expression((time - start_time_) / duration)
                           : Expression(0.0);
  for (int i = 0; i <= n; ++i) {
    Expression basis(Binomial(n, i));
    for (int j = 0; j < i; ++j) basis *= s;
    for (int j = 0; j < n - i; ++j) basis *= (1 - s);
    for (Eigen::Index r = 0; r < rows(); ++r) {
      const T& point = control_points_(r, i);
      if constexpr (std::is_same_v<T, Expression>) {
        result[r] += basis * point;
      } else {
        result[r] += basis * ExtractDoubleOrThrow(point);
      }
    }
  }
  return result;
}

}  // namespace trajectories
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::BezierCurve);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::BezierCurve);
