#include "ossa/multibody/math/articulated_body_inertia.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "ossa/common/error.h"

namespace ossa::multibody {

namespace {
template <typename T>
Matrix3<T> CrossMatrix(const Vector3<T>& p) {
  Matrix3<T> px;
  // clang-format off
  px <<  T(0),   -p.z(),  p.y(),
         p.z(),   T(0),  -p.x(),
        -p.y(),   p.x(),  T(0);
  // clang-format on
  return px;
}
}  // namespace

template <typename T>
bool ArticulatedBodyInertia<T>::IsPhysicallyValid() const {
  if constexpr (!scalar_predicate<T>::is_bool) {
    return true;
  } else {
    const Matrix6<double> P = ExtractDoubleOrThrow(P_);
    if (!P.allFinite()) return false;
    Eigen::SelfAdjointEigenSolver<Matrix6<double>> solver(
        P, Eigen::EigenvaluesOnly);
    const auto& eig = solver.eigenvalues();
    // Rounding of the articulated-body recursion leaves eigenvalues that
    // should be zero slightly negative; the slack scales with the matrix.
    const double tolerance = 16 * std::numeric_limits<double>::epsilon() *
                             std::max(1.0, std::abs(eig(5)));
    return eig(0) >= -tolerance;
  }
}

template <typename T>
void ArticulatedBodyInertia<T>::ThrowIfNotSymmetric() const {
  if constexpr (scalar_predicate<T>::is_bool) {
    const Matrix6<double> P = ExtractDoubleOrThrow(P_);
    const double scale = P.cwiseAbs().maxCoeff();
    const double asymmetry = (P - P.transpose()).cwiseAbs().maxCoeff();
    // NaN fails both comparisons and is reported too.
    if (!(asymmetry <= 1e-12 * scale)) {
      ThrowLogicError(
          "ArticulatedBodyInertia(): the matrix is not symmetric (largest "
          "|P(i,j) - P(j,i)| = {} for largest |P(i,j)| = {}).",
          asymmetry, scale);
    }
  }
}

template <typename T>
void ArticulatedBodyInertia<T>::ThrowNotPositiveSemiDefinite() const {
  ThrowLogicError(
      "ArticulatedBodyInertia(): the matrix is not positive semi-definite "
      "(IsPhysicallyValid() is false).");
}

template <typename T>
ArticulatedBodyInertia<T>& ArticulatedBodyInertia<T>::ShiftInPlace(
    const Vector3<T>& p_QR_E) {
  const Matrix3<T> px = CrossMatrix(p_QR_E);
  const Matrix3<T> A = P_.template topLeftCorner<3, 3>();
  const Matrix3<T> B = P_.template topRightCorner<3, 3>();
  const Matrix3<T> C = P_.template bottomRightCorner<3, 3>();
  const Matrix3<T> pxC = px * C;
  const Matrix3<T> B_new = B - pxC;
  // A' = A + B p× − p× Bᵀ − p× C p×; the last two terms are the transpose of
  // the first correction's counterpart, so build the lower triangle and
  // mirror it to keep the result exactly symmetric.
  const Matrix3<T> A_new_full = A + B * px - px * B.transpose() - pxC * px;
  P_.template topLeftCorner<3, 3>() =
      A_new_full.template selfadjointView<Eigen::Lower>();
  P_.template topRightCorner<3, 3>() = B_new;
  P_.template bottomLeftCorner<3, 3>() = B_new.transpose();
  return *this;
}

template <typename T>
ArticulatedBodyInertia<T>& ArticulatedBodyInertia<T>::ReExpressInPlace(
    const math::RotationMatrix<T>& R_AE) {
  const Matrix3<T>& R = R_AE.matrix();
  const Matrix3<T> A = R * P_.template topLeftCorner<3, 3>() * R.transpose();
  const Matrix3<T> B = R * P_.template topRightCorner<3, 3>() * R.transpose();
  const Matrix3<T> C =
      R * P_.template bottomRightCorner<3, 3>() * R.transpose();
  P_.template topLeftCorner<3, 3>() =
      A.template selfadjointView<Eigen::Lower>();
  P_.template topRightCorner<3, 3>() = B;
  P_.template bottomLeftCorner<3, 3>() = B.transpose();
  P_.template bottomRightCorner<3, 3>() =
      C.template selfadjointView<Eigen::Lower>();
  return *this;
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ArticulatedBodyInertia)
