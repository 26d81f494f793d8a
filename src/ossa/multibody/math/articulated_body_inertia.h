#pragma once

/// @file
/// ArticulatedBodyInertia: the 6×6 apparent inertia of an articulated body
/// at its handle, used by the articulated-body forward dynamics.

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/error.h"
#include "ossa/multibody/math/spatial_algebra.h"
#include "ossa/multibody/math/spatial_inertia.h"

namespace ossa::multibody {

/// The articulated body inertia P_BQ_E of an articulated body (a body B and
/// the subtree outboard of it, connected through joints) about a point Q of
/// B, expressed in a frame E: the symmetric positive semi-definite 6×6
/// matrix in F_Q = P_BQ · A_Q + Z_Q that relates the spatial acceleration A
/// of B at Q to the spatial force F needed at Q (Featherstone, Rigid Body
/// Dynamics Algorithms, §7.2; Jain 2010). Rotational rows and columns come
/// first. A rigid body's articulated inertia is its spatial inertia.
///
/// Unlike a SpatialInertia it has 21 independent entries and no mass/com
/// structure, so only the operations of the articulated-body algorithm are
/// provided: shift, re-expression, sum, difference and products.
///
/// @tparam T double or AutoDiffXd.
template <typename T>
class ArticulatedBodyInertia {
 public:
  /// All entries NaN.
  ArticulatedBodyInertia() {
    P_.setConstant(T(std::numeric_limits<double>::quiet_NaN()));
  }

  /// The articulated inertia of a single rigid body: M_BQ_E as a 6×6 matrix.
  explicit ArticulatedBodyInertia(const SpatialInertia<T>& M_BQ_E)
      : P_(M_BQ_E.CopyToFullMatrix6()) {}

  /// From a 6×6 matrix, which must be symmetric. For scalars with a bool
  /// comparison, symmetry is checked always (to a relative tolerance of
  /// 1e-12 of the largest entry); positive semi-definiteness is checked in
  /// debug builds only, since the articulated-body algorithm builds these on
  /// its hot path (use IsPhysicallyValid() to check explicitly).
  /// @throws std::logic_error if `matrix` is not 6×6 or not symmetric.
  template <typename Derived>
  explicit ArticulatedBodyInertia(const Eigen::MatrixBase<Derived>& matrix) {
    if (matrix.rows() != 6 || matrix.cols() != 6) {
      ThrowLogicError(
          "ArticulatedBodyInertia(): the matrix must be 6x6; got {}x{}.",
          matrix.rows(), matrix.cols());
    }
    P_ = matrix;
    ThrowIfNotSymmetric();
#ifndef NDEBUG
    if constexpr (scalar_predicate<T>::is_bool) {
      if (!IsPhysicallyValid()) ThrowNotPositiveSemiDefinite();
    }
#endif
  }

  /// 6 rows.
  int rows() const { return 6; }
  /// 6 columns.
  int cols() const { return 6; }

  /// The full symmetric 6×6 matrix.
  const Matrix6<T>& CopyToFullMatrix6() const { return P_; }

  /// True if the matrix is positive semi-definite: its smallest eigenvalue is
  /// at least −16 ε · max(1, largest eigenvalue) (rounding slack). Values
  /// only for AutoDiffXd; always true for scalars without a bool comparison.
  bool IsPhysicallyValid() const;

  /// Shifts in place P_BQ_E to P_BR_E, about a point R at p_QR_E from Q:
  /// P_BR = Φᵀ P_BQ Φ with Φ = [Id 0; [p_QR]× Id], i.e. with
  /// P = [A B; Bᵀ C]:  C' = C,  B' = B − p×C,
  /// A' = A + B p× − p× Bᵀ − p× C p×.
  ArticulatedBodyInertia<T>& ShiftInPlace(const Vector3<T>& p_QR_E);

  ArticulatedBodyInertia<T> Shift(const Vector3<T>& p_QR_E) const {
    return ArticulatedBodyInertia<T>(*this).ShiftInPlace(p_QR_E);
  }

  /// Re-expresses in place P_BQ_E as P_BQ_A = R P_BQ_E Rᵀ with R the
  /// block-diagonal diag(R_AE, R_AE).
  ArticulatedBodyInertia<T>& ReExpressInPlace(
      const math::RotationMatrix<T>& R_AE);

  ArticulatedBodyInertia<T> ReExpress(
      const math::RotationMatrix<T>& R_AE) const {
    return ArticulatedBodyInertia<T>(*this).ReExpressInPlace(R_AE);
  }

  /// Sum and difference of articulated inertias about the same point,
  /// expressed in the same frame.
  ArticulatedBodyInertia<T>& operator+=(const ArticulatedBodyInertia<T>& P) {
    P_ += P.P_;
    return *this;
  }
  ArticulatedBodyInertia<T>& operator-=(const ArticulatedBodyInertia<T>& P) {
    P_ -= P.P_;
    return *this;
  }
  friend ArticulatedBodyInertia<T> operator+(
      ArticulatedBodyInertia<T> A, const ArticulatedBodyInertia<T>& B) {
    return A += B;
  }
  friend ArticulatedBodyInertia<T> operator-(
      ArticulatedBodyInertia<T> A, const ArticulatedBodyInertia<T>& B) {
    return A -= B;
  }

  /// F_BQ_E = P_BQ_E · A_WB_E (the bias force Z is not included).
  SpatialForce<T> operator*(const SpatialAcceleration<T>& A_WB_E) const {
    return SpatialForce<T>(Vector6<T>(P_ * A_WB_E.get_coeffs()));
  }

  /// P · H for a 6×N matrix H (e.g. a hinge matrix or Jacobian).
  template <typename Derived>
  Eigen::Matrix<T, 6, Derived::ColsAtCompileTime> operator*(
      const Eigen::MatrixBase<Derived>& H) const {
    static_assert(Derived::RowsAtCompileTime == 6 ||
                  Derived::RowsAtCompileTime == Eigen::Dynamic);
    OSSA_DEMAND(H.rows() == 6);
    return P_ * H;
  }

  /// Hᵀ-side product: N×6 matrix times P.
  template <typename Derived>
  friend Eigen::Matrix<T, Derived::RowsAtCompileTime, 6> operator*(
      const Eigen::MatrixBase<Derived>& H, const ArticulatedBodyInertia<T>& P) {
    static_assert(Derived::ColsAtCompileTime == 6 ||
                  Derived::ColsAtCompileTime == Eigen::Dynamic);
    OSSA_DEMAND(H.cols() == 6);
    return H * P.P_;
  }

  /// The same articulated inertia on another scalar type.
  template <typename Scalar>
  ArticulatedBodyInertia<Scalar> cast() const {
    return ArticulatedBodyInertia<Scalar>(internal::ConvertMatrix<Scalar>(P_));
  }

 private:
  void ThrowIfNotSymmetric() const;
  [[noreturn]] void ThrowNotPositiveSemiDefinite() const;

  Matrix6<T> P_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ArticulatedBodyInertia)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ArticulatedBodyInertia)
