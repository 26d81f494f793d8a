#include "ossa/common/trajectories/bspline_trajectory.h"

#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa {
namespace trajectories {

template <typename T>
BsplineTrajectory<T>::BsplineTrajectory(math::BsplineBasis<T> basis,
                                        std::vector<MatrixX<T>> control_points)
    : basis_(std::move(basis)), control_points_(std::move(control_points)) {
  if (num_control_points() != basis_.num_basis_functions()) {
    ThrowLogicError(
        "BsplineTrajectory(): the basis has {} functions but {} control "
        "points were given; they must match.",
        basis_.num_basis_functions(), num_control_points());
  }
  for (size_t i = 1; i < control_points_.size(); ++i) {
    if (control_points_[i].rows() != control_points_[0].rows() ||
        control_points_[i].cols() != control_points_[0].cols()) {
      ThrowLogicError(
          "BsplineTrajectory(): control point {} is {}x{}, control point 0 "
          "is {}x{}.",
          i, control_points_[i].rows(), control_points_[i].cols(),
          control_points_[0].rows(), control_points_[0].cols());
    }
  }
}

template <typename T>
Eigen::Index BsplineTrajectory<T>::rows() const {
  return control_points_.empty() ? 0 : control_points_[0].rows();
}

template <typename T>
Eigen::Index BsplineTrajectory<T>::cols() const {
  return control_points_.empty() ? 0 : control_points_[0].cols();
}

template <typename T>
T BsplineTrajectory<T>::Clamp(const T& t) const {
  const T t0 = start_time();
  const T t1 = end_time();
  if (ExtractDoubleOrThrow(t) < ExtractDoubleOrThrow(t0)) return t0;
  if (ExtractDoubleOrThrow(t) > ExtractDoubleOrThrow(t1)) return t1;
  return t;
}

template <typename T>
MatrixX<T> BsplineTrajectory<T>::value(const T& t) const {
  if (control_points_.empty()) {
    ThrowLogicError("BsplineTrajectory::value(): empty trajectory.");
  }
  return basis_.EvaluateCurve(control_points_, Clamp(t));
}

template <typename T>
MatrixX<T> BsplineTrajectory<T>::InitialValue() const {
  return value(start_time());
}

template <typename T>
MatrixX<T> BsplineTrajectory<T>::FinalValue() const {
  return value(end_time());
}

template <typename T>
BsplineTrajectory<T> BsplineTrajectory<T>::Derivative(
    int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "BsplineTrajectory::Derivative(): derivative_order must be >= 0, got "
        "{}.",
        derivative_order);
  }
  if (derivative_order >= basis_.order()) {
    // Order 1 on the whole knot span, as the reference.
    const std::vector<T>& knots = basis_.knots();
    return BsplineTrajectory<T>(
        math::BsplineBasis<T>(1, std::vector<T>{knots.front(), knots.back()}),
        {MatrixX<T>::Zero(rows(), cols())});
  }
  math::BsplineBasis<T> basis = basis_;
  std::vector<MatrixX<T>> points = control_points_;
  for (int d = 0; d < derivative_order; ++d) {
    // Q_i = Σ_j D_ij P_j; D has two non-zeros per row.
    const MatrixX<T> D = basis.DerivativeControlPointMap();
    std::vector<MatrixX<T>> next(D.rows());
    for (Eigen::Index i = 0; i < D.rows(); ++i) {
      next[i] = D(i, i) * points[i] + D(i, i + 1) * points[i + 1];
    }
    points = std::move(next);
    basis = basis.DerivativeBasis();
  }
  return BsplineTrajectory<T>(std::move(basis), std::move(points));
}

template <typename T>
MatrixX<T> BsplineTrajectory<T>::DoEvalDerivative(const T& t,
                                                  int derivative_order) const {
  return Derivative(derivative_order).value(t);
}

template <typename T>
std::unique_ptr<Trajectory<T>> BsplineTrajectory<T>::DoMakeDerivative(
    int derivative_order) const {
  return std::make_unique<BsplineTrajectory<T>>(Derivative(derivative_order));
}

template <typename T>
std::unique_ptr<Trajectory<T>> BsplineTrajectory<T>::Clone() const {
  return std::make_unique<BsplineTrajectory<T>>(*this);
}

template <typename T>
void BsplineTrajectory<T>::InsertKnots(const std::vector<T>& additional_knots) {
  const int k = basis_.order();
  const int p = k - 1;
  for (const T& knot : additional_knots) {
    const double tk = ExtractDoubleOrThrow(knot);
    if (!(tk >= ExtractDoubleOrThrow(start_time())) ||
        !(tk <= ExtractDoubleOrThrow(end_time()))) {
      ThrowLogicError(
          "BsplineTrajectory::InsertKnots(): knot {} is outside [{}, {}].", tk,
          ExtractDoubleOrThrow(start_time()), ExtractDoubleOrThrow(end_time()));
    }
    const std::vector<T>& t = basis_.knots();
    const int ell = basis_.FindContainingInterval(knot);
    // Boehm: Q_i = P_i for i ≤ ℓ − p; Q_i = (1 − a_i) P_{i−1} + a_i P_i with
    // a_i = (t̄ − t_i)/(t_{i+p} − t_i) for ℓ − p + 1 ≤ i ≤ ℓ; Q_i = P_{i−1}
    // after; the new knot goes after t_ℓ.
    std::vector<MatrixX<T>> points(control_points_.size() + 1);
    for (int i = 0; i < static_cast<int>(points.size()); ++i) {
      if (i <= ell - p) {
        points[i] = control_points_[i];
      } else if (i <= ell) {
        const T a = (knot - t[i]) / (t[i + p] - t[i]);
        points[i] = (1 - a) * control_points_[i - 1] + a * control_points_[i];
      } else {
        points[i] = control_points_[i - 1];
      }
    }
    std::vector<T> knots = t;
    knots.insert(knots.begin() + ell + 1, knot);
    basis_ = math::BsplineBasis<T>(k, std::move(knots));
    control_points_ = std::move(points);
  }
}

template <typename T>
BsplineTrajectory<T> BsplineTrajectory<T>::CopyBlock(int start_row,
                                                     int start_col,
                                                     int block_rows,
                                                     int block_cols) const {
  if (start_row < 0 || start_col < 0 || block_rows < 0 || block_cols < 0 ||
      start_row + block_rows > rows() || start_col + block_cols > cols()) {
    ThrowLogicError(
        "BsplineTrajectory::CopyBlock(): the {}x{} block at ({}, {}) does "
        "not fit in the {}x{} trajectory.",
        block_rows, block_cols, start_row, start_col, rows(), cols());
  }
  std::vector<MatrixX<T>> points;
  for (const auto& P : control_points_) {
    points.push_back(P.block(start_row, start_col, block_rows, block_cols));
  }
  return BsplineTrajectory<T>(basis_, std::move(points));
}

template <typename T>
BsplineTrajectory<T> BsplineTrajectory<T>::CopyHead(int n) const {
  if (cols() != 1) {
    ThrowLogicError(
        "BsplineTrajectory::CopyHead(): the trajectory is {}x{}, not a "
        "column vector.",
        rows(), cols());
  }
  return CopyBlock(0, 0, n, 1);
}

template <typename T>
MatrixX<T> BsplineTrajectory<T>::AsLinearInControlPoints(
    int derivative_order) const {
  if (derivative_order < 0) {
    ThrowLogicError(
        "BsplineTrajectory::AsLinearInControlPoints(): derivative_order must "
        "be >= 0, got {}.",
        derivative_order);
  }
  const int n = num_control_points();
  // The derivative's one (zero) control point, as the reference.
  if (derivative_order >= basis_.order()) return MatrixX<T>::Zero(n, 1);
  // [Q_0 … Q_{m−1}] = [P_0 … P_{n−1}] · D_1ᵀ · D_2ᵀ ⋯ D_dᵀ.
  MatrixX<T> M = MatrixX<T>::Identity(n, n);
  math::BsplineBasis<T> basis = basis_;
  for (int d = 0; d < derivative_order; ++d) {
    M = (M * basis.DerivativeControlPointMap().transpose()).eval();
    basis = basis.DerivativeBasis();
  }
  return M;
}

template <typename T>
VectorX<T> BsplineTrajectory<T>::EvaluateLinearInControlPoints(
    const T& parameter_value, int derivative_order) const {
  return basis_.EvaluateLinearInControlPoints(parameter_value,
                                              derivative_order);
}

}  // namespace trajectories
}  // namespace ossa

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::BsplineTrajectory);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::BsplineTrajectory);
