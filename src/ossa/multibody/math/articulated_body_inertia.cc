#include "ossa/multibody/math/articulated_body_inertia.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "ossa/common/error.h"

namespace ossa::multibody {

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
  // With P = [A B; Bᵀ C] and p× = [p_QR]×:
  //   X = B p×   (row i is B.row(i) × p),
  //   Y = p× C   (column j is p × C.col(j)),
  //   Z = Y p× = p× C p×  (row i is Y.row(i) × p; symmetric as C is),
  // and since p×ᵀ = −p×, p× Bᵀ = −Xᵀ, so
  //   A' = A + X + Xᵀ − Z,  B' = B − Y,  C' = C.
  // Written with cross products this is ~10× cheaper than Φᵀ P Φ.
  const Vector3<T>& p = p_QR_E;
  const Matrix3<T> B = P_.template topRightCorner<3, 3>();
  const Matrix3<T> C = P_.template bottomRightCorner<3, 3>();
  Matrix3<T> X, Y, Z;
  for (int i = 0; i < 3; ++i) {
    X.row(i) = Vector3<T>(B.row(i).transpose()).cross(p).transpose();
    Y.col(i) = p.cross(Vector3<T>(C.col(i)));
  }
  for (int i = 0; i < 3; ++i) {
    Z.row(i) = Vector3<T>(Y.row(i).transpose()).cross(p).transpose();
  }
  const Matrix3<T> A_new =
      P_.template topLeftCorner<3, 3>() + X + X.transpose() - Z;
  // Keep the result exactly symmetric (Z is symmetric only to rounding).
  P_.template topLeftCorner<3, 3>() =
      A_new.template selfadjointView<Eigen::Lower>();
  const Matrix3<T> B_new = B - Y;
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
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ArticulatedBodyInertia)
