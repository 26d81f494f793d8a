#include "ossa/common/trajectories/bspline_basis.h"

#include <algorithm>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa {
namespace math {
namespace {

template <typename T>
double ToDouble(const T& x) {
  return ExtractDoubleOrThrow(x);
}

}  // namespace

template <typename T>
BsplineBasis<T>::BsplineBasis(int order, std::vector<T> knots)
    : order_(order), knots_(std::move(knots)) {
  if (order < 1) {
    ThrowLogicError("BsplineBasis(): the order must be at least 1, got {}.",
                    order);
  }
  if (static_cast<int>(knots_.size()) < 2 * order) {
    ThrowLogicError("BsplineBasis(): order {} needs at least {} knots, got {}.",
                    order, 2 * order, knots_.size());
  }
  for (size_t i = 1; i < knots_.size(); ++i) {
    if (ToDouble(knots_[i]) < ToDouble(knots_[i - 1])) {
      ThrowLogicError(
          "BsplineBasis(): the knots must not decrease; knot {} ({}) is less "
          "than knot {} ({}).",
          i, ToDouble(knots_[i]), i - 1, ToDouble(knots_[i - 1]));
    }
  }
}

template <typename T>
BsplineBasis<T>::BsplineBasis(int order, int num_basis_functions,
                              KnotVectorType type,
                              const T& initial_parameter_value,
                              const T& final_parameter_value)
    : order_(order) {
  if (order < 1) {
    ThrowLogicError("BsplineBasis(): the order must be at least 1, got {}.",
                    order);
  }
  if (num_basis_functions < order) {
    ThrowLogicError(
        "BsplineBasis(): num_basis_functions ({}) must be at least the "
        "order ({}).",
        num_basis_functions, order);
  }
  if (!(ToDouble(initial_parameter_value) < ToDouble(final_parameter_value))) {
    ThrowLogicError(
        "BsplineBasis(): final_parameter_value ({}) must exceed "
        "initial_parameter_value ({}).",
        ToDouble(final_parameter_value), ToDouble(initial_parameter_value));
  }
  // n − k + 1 intervals between the initial and the final value.
  const int num_knots = num_basis_functions + order;
  const T dt = (final_parameter_value - initial_parameter_value) /
               double(num_basis_functions - order + 1);
  knots_.resize(num_knots);
  for (int i = 0; i < num_knots; ++i) {
    const int steps = i - (order - 1);
    if (type == KnotVectorType::kClampedUniform && steps <= 0) {
      knots_[i] = initial_parameter_value;
    } else if (type == KnotVectorType::kClampedUniform &&
               i >= num_basis_functions) {
      knots_[i] = final_parameter_value;
    } else {
      knots_[i] = initial_parameter_value + double(steps) * dt;
    }
  }
}

template <typename T>
T BsplineBasis<T>::initial_parameter_value() const {
  if (knots_.empty()) {
    ThrowLogicError("BsplineBasis::initial_parameter_value(): empty basis.");
  }
  return knots_[order_ - 1];
}

template <typename T>
T BsplineBasis<T>::final_parameter_value() const {
  if (knots_.empty()) {
    ThrowLogicError("BsplineBasis::final_parameter_value(): empty basis.");
  }
  return knots_[num_basis_functions()];
}

template <typename T>
void BsplineBasis<T>::CheckParameter(const char* method,
                                     const T& parameter_value) const {
  const double t = ToDouble(parameter_value);
  if (knots_.empty() || !(t >= ToDouble(initial_parameter_value())) ||
      !(t <= ToDouble(final_parameter_value()))) {
    ThrowLogicError(
        "BsplineBasis::{}(): parameter value {} is outside the basis's span "
        "[{}, {}].",
        method, t, knots_.empty() ? 0.0 : ToDouble(initial_parameter_value()),
        knots_.empty() ? 0.0 : ToDouble(final_parameter_value()));
  }
}

template <typename T>
int BsplineBasis<T>::FindContainingInterval(const T& parameter_value) const {
  CheckParameter("FindContainingInterval", parameter_value);
  const double t = ToDouble(parameter_value);
  const int n = num_basis_functions();
  // The last ℓ ≤ n − 1 with t_ℓ ≤ t; then step back over empty intervals so
  // that t = t_n falls in the last non-empty one.
  int ell = order_ - 1;
  while (ell + 1 <= n - 1 && ToDouble(knots_[ell + 1]) <= t) ++ell;
  while (ell > order_ - 1 &&
         ToDouble(knots_[ell]) == ToDouble(knots_[ell + 1])) {
    --ell;
  }
  return ell;
}

template <typename T>
std::vector<int> BsplineBasis<T>::ComputeActiveBasisFunctionIndices(
    const std::array<T, 2>& parameter_interval) const {
  if (ToDouble(parameter_interval[1]) < ToDouble(parameter_interval[0])) {
    ThrowLogicError(
        "BsplineBasis::ComputeActiveBasisFunctionIndices(): the interval "
        "[{}, {}] is reversed.",
        ToDouble(parameter_interval[0]), ToDouble(parameter_interval[1]));
  }
  const int first = FindContainingInterval(parameter_interval[0]);
  const int last = FindContainingInterval(parameter_interval[1]);
  std::vector<int> indices;
  for (int i = first - (order_ - 1); i <= last; ++i) indices.push_back(i);
  return indices;
}

template <typename T>
std::vector<int> BsplineBasis<T>::ComputeActiveBasisFunctionIndices(
    const T& parameter_value) const {
  return ComputeActiveBasisFunctionIndices({parameter_value, parameter_value});
}

template <typename T>
MatrixX<T> BsplineBasis<T>::EvaluateCurve(
    const std::vector<MatrixX<T>>& control_points,
    const T& parameter_value) const {
  if (static_cast<int>(control_points.size()) != num_basis_functions()) {
    ThrowLogicError(
        "BsplineBasis::EvaluateCurve(): expected {} control points (one per "
        "basis function), got {}.",
        num_basis_functions(), control_points.size());
  }
  for (size_t i = 1; i < control_points.size(); ++i) {
    if (control_points[i].rows() != control_points[0].rows() ||
        control_points[i].cols() != control_points[0].cols()) {
      ThrowLogicError(
          "BsplineBasis::EvaluateCurve(): control point {} is {}x{}, control "
          "point 0 is {}x{}.",
          i, control_points[i].rows(), control_points[i].cols(),
          control_points[0].rows(), control_points[0].cols());
    }
  }
  const int ell = FindContainingInterval(parameter_value);
  const int k = order_;
  // de Boor: d_j ← (1 − α) d_{j−1} + α d_j for j = ℓ … ℓ − k + 1 + r,
  // α = (t − t_j)/(t_{j+k−r} − t_j), r = 1 … k − 1; the result is d_ℓ.
  std::vector<MatrixX<T>> d(k);
  for (int j = 0; j < k; ++j) d[j] = control_points[ell - k + 1 + j];
  for (int r = 1; r < k; ++r) {
    for (int j = ell; j >= ell - k + 1 + r; --j) {
      const T& tj = knots_[j];
      const T alpha = (parameter_value - tj) / (knots_[j + k - r] - tj);
      const int local = j - (ell - k + 1);
      d[local] = (1 - alpha) * d[local - 1] + alpha * d[local];
    }
  }
  return d[k - 1];
}

template <typename T>
T BsplineBasis<T>::EvaluateBasisFunctionI(int i,
                                          const T& parameter_value) const {
  if (i < 0 || i >= num_basis_functions()) {
    ThrowLogicError(
        "BsplineBasis::EvaluateBasisFunctionI(): index {} is out of range "
        "[0, {}).",
        i, num_basis_functions());
  }
  return EvaluateLinearInControlPoints(parameter_value, 0)(i);
}

template <typename T>
MatrixX<T> BsplineBasis<T>::DerivativeControlPointMap() const {
  if (order_ < 2) {
    ThrowLogicError(
        "BsplineBasis::DerivativeControlPointMap(): needs order >= 2, the "
        "basis has order {}.",
        order_);
  }
  const int n = num_basis_functions();
  const int p = order_ - 1;
  MatrixX<T> D = MatrixX<T>::Zero(n - 1, n);
  for (int i = 0; i + 1 < n; ++i) {
    const T span = knots_[i + p + 1] - knots_[i + 1];
    if (ToDouble(span) == 0.0) continue;
    const T scale = double(p) / span;
    D(i, i) = -scale;
    D(i, i + 1) = scale;
  }
  return D;
}

template <typename T>
BsplineBasis<T> BsplineBasis<T>::DerivativeBasis() const {
  if (order_ < 2) {
    ThrowLogicError(
        "BsplineBasis::DerivativeBasis(): needs order >= 2, the basis has "
        "order {}.",
        order_);
  }
  return BsplineBasis<T>(order_ - 1,
                         std::vector<T>(knots_.begin() + 1, knots_.end() - 1));
}

template <typename T>
VectorX<T> BsplineBasis<T>::EvaluateLinearInControlPoints(
    const T& parameter_value, int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "BsplineBasis::EvaluateLinearInControlPoints(): derivative_order "
        "must be >= 0, got {}.",
        derivative_order);
  }
  CheckParameter("EvaluateLinearInControlPoints", parameter_value);
  const int n = num_basis_functions();
  if (derivative_order >= order_) return VectorX<T>::Zero(n);
  if (derivative_order > 0) {
    // c⁽ᵈ⁾(t) = Σ_j B'_j(t) Q_j with Q = D·P, so w = Dᵀ·w'.
    return DerivativeControlPointMap().transpose() *
           DerivativeBasis().EvaluateLinearInControlPoints(
               parameter_value, derivative_order - 1);
  }
  // The k non-zero values on [t_ℓ, t_{ℓ+1}) by the triangular Cox–de Boor
  // recursion: N[j] holds B_{ℓ−r+j, r+1}.
  const int ell = FindContainingInterval(parameter_value);
  const T& t = parameter_value;
  std::vector<T> N(order_, T(0));
  N[0] = T(1);
  for (int r = 1; r < order_; ++r) {
    std::vector<T> next(order_, T(0));
    for (int j = 0; j <= r; ++j) {
      const int i = ell - r + j;  // B_{i, r+1}
      T value(0);
      if (j > 0) {  // (t − t_i)/(t_{i+r} − t_i) B_{i, r}
        const T den = knots_[i + r] - knots_[i];
        if (ToDouble(den) != 0.0) value += (t - knots_[i]) / den * N[j - 1];
      }
      if (j < r) {  // (t_{i+r+1} − t)/(t_{i+r+1} − t_{i+1}) B_{i+1, r}
        const T den = knots_[i + r + 1] - knots_[i + 1];
        if (ToDouble(den) != 0.0) value += (knots_[i + r + 1] - t) / den * N[j];
      }
      next[j] = value;
    }
    N = std::move(next);
  }
  VectorX<T> w = VectorX<T>::Zero(n);
  for (int j = 0; j < order_; ++j) w(ell - order_ + 1 + j) = N[j];
  return w;
}

template <typename T>
bool BsplineBasis<T>::operator==(const BsplineBasis<T>& other) const {
  if (order_ != other.order_ || knots_.size() != other.knots_.size()) {
    return false;
  }
  for (size_t i = 0; i < knots_.size(); ++i) {
    if (ToDouble(knots_[i]) != ToDouble(other.knots_[i])) return false;
  }
  return true;
}

}  // namespace math
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::BsplineBasis);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::BsplineBasis);
