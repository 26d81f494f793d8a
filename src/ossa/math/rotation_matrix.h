#pragma once

/// @file
/// RotationMatrix<T>: the orientation R_AB of a frame B in a frame A, a 3x3
/// proper orthonormal matrix (R·Rᵀ = I, det R = +1) whose columns are B's unit
/// vectors Bx, By, Bz expressed in A.
///
/// Monogram notation: R_AC = R_AB * R_BC, v_A = R_AB * v_B, R_BA =
/// R_AB.inverse() = R_AB.transpose().

#include <type_traits>

#include "ossa/common/autodiff.h"
#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::math {

template <typename T>
class RollPitchYaw;

namespace internal {
/// Converts one scalar to another: T → U with the derivatives dropped when U
/// is double (AutoDiffXd → double), and U(x) otherwise.
template <typename U, typename T>
U CastScalar(const T& x) {
  if constexpr (std::is_same_v<U, double>) {
    return ExtractDoubleOrThrow(x);
  } else {
    return U(x);
  }
}
template <typename U, typename Derived>
Eigen::Matrix<U, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>
CastMatrix(const Eigen::MatrixBase<Derived>& m) {
  Eigen::Matrix<U, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime> r(
      m.rows(), m.cols());
  for (int j = 0; j < m.cols(); ++j)
    for (int i = 0; i < m.rows(); ++i) r(i, j) = CastScalar<U>(m(i, j));
  return r;
}
}  // namespace internal

/// The orientation of a frame B in a frame A, R_AB. The class guarantees
/// (where the scalar gives a boolean: double, AutoDiffXd) that every
/// RotationMatrix made from user data is a proper rotation: its matrix is
/// orthonormal within 128 ε (ε = 2.22e-16, machine epsilon) and its
/// determinant is positive. Data that fails throws std::logic_error.
template <typename T>
class RotationMatrix {
 public:
  /// Tag of the unchecked constructor (for code that has proven validity).
  struct Unchecked {};

  /// The identity rotation.
  RotationMatrix() : R_AB_(Matrix3<T>::Identity()) {}
  RotationMatrix(const RotationMatrix&) = default;
  RotationMatrix& operator=(const RotationMatrix&) = default;
  RotationMatrix(RotationMatrix&&) = default;
  RotationMatrix& operator=(RotationMatrix&&) = default;

  /// Constructs from a 3x3 matrix R_AB.
  /// @throws std::logic_error if R is not a proper rotation: an element is
  /// NaN or infinite, max|R·Rᵀ − I| > 128 ε, or det(R) < 0 (a reflection).
  /// Use ProjectToRotationMatrix() to find the rotation closest to R.
  explicit RotationMatrix(const Matrix3<T>& R) : R_AB_(R) {
    ThrowIfNotValid(R, "RotationMatrix(Matrix3)");
  }

  /// Constructs from a matrix that the caller guarantees is a rotation; no
  /// check.
  RotationMatrix(const Matrix3<T>& R, Unchecked) : R_AB_(R) {}

  /// Constructs from a quaternion q = (w, x, y, z) that need not have unit
  /// length: R is the rotation of q/|q|.
  /// @throws std::logic_error if q has a NaN or infinite element or is zero.
  explicit RotationMatrix(const Quaternion<T>& quaternion);

  /// Constructs from an angle θ (radians) and an axis λ (any non-zero
  /// length; it is normalized): R = I + sinθ [λ̂]× + (1 − cosθ) [λ̂]×².
  /// @throws std::logic_error if the axis is zero, NaN or infinite.
  explicit RotationMatrix(const AngleAxis<T>& theta_lambda);

  /// Constructs R = Rz(y)·Ry(p)·Rx(r) from roll-pitch-yaw angles.
  explicit RotationMatrix(const RollPitchYaw<T>& rpy);

  /// R_AB for a rotation of θ (radians) about the shared x axis Ax = Bx.
  static RotationMatrix<T> MakeXRotation(const T& theta);
  /// R_AB for a rotation of θ (radians) about the shared y axis Ay = By.
  static RotationMatrix<T> MakeYRotation(const T& theta);
  /// R_AB for a rotation of θ (radians) about the shared z axis Az = Bz.
  static RotationMatrix<T> MakeZRotation(const T& theta);

  /// Makes a right-handed orthonormal basis B from a vector b_A: column
  /// `axis_index` (0 x, 1 y, 2 z) of R_AB is u = b_A/|b_A|; the next column
  /// (cyclically) v is perpendicular to u with a zero in the element where
  /// u is smallest in magnitude; the last column is u × v.
  /// @throws std::logic_error if axis_index is not 0, 1 or 2, or if b_A has
  /// a NaN or infinite element or |b_A| < 1e-10.
  static RotationMatrix<T> MakeFromOneVector(const Vector3<T>& b_A,
                                             int axis_index);

  /// Makes R_AB from the rows (Ax, Ay, Az expressed in B).
  /// @throws std::logic_error if they do not form a proper rotation.
  static RotationMatrix<T> MakeFromOrthonormalRows(const Vector3<T>& Ax_B,
                                                   const Vector3<T>& Ay_B,
                                                   const Vector3<T>& Az_B);
  /// Makes R_AB from the columns (Bx, By, Bz expressed in A).
  /// @throws std::logic_error if they do not form a proper rotation.
  static RotationMatrix<T> MakeFromOrthonormalColumns(const Vector3<T>& Bx_A,
                                                      const Vector3<T>& By_A,
                                                      const Vector3<T>& Bz_A);

  /// Makes R_AB from a matrix the caller guarantees is a rotation; no check.
  static RotationMatrix<T> MakeUnchecked(const Matrix3<T>& R) {
    return RotationMatrix<T>(R, Unchecked{});
  }

  /// The identity rotation.
  static const RotationMatrix<T>& Identity();

  /// Returns the rotation closest to M in the Frobenius (and 2-) norm,
  /// argmin ‖R − M‖ subject to R·Rᵀ = I, det R = 1. Computed from the SVD
  /// M = U·Σ·Vᵀ as R = U·Vᵀ for double; for other scalars by the Newton
  /// iteration of the polar decomposition Rₖ₊₁ = ½(Rₖ + Rₖ⁻ᵀ), which
  /// converges to the same orthogonal factor and carries derivatives.
  /// If `quality_factor` is not null it receives the singular value of M
  /// farthest from 1 (1 is perfect; 1.25 means M can stretch a unit vector
  /// to length 1.25; 0 means M is singular).
  /// @throws std::logic_error if M is singular, has a NaN, or det(M) ≤ 0
  /// (no nearby rotation exists).
  static RotationMatrix<T> ProjectToRotationMatrix(const Matrix3<T>& M,
                                                   T* quality_factor = nullptr);

  /// Returns 128 ε, the tolerance of the validity checks.
  static constexpr double get_internal_tolerance_for_orthonormality() {
    return 128 * std::numeric_limits<double>::epsilon();
  }

  /// max over elements of |R·Rᵀ − I|.
  static T GetMeasureOfOrthonormality(const Matrix3<T>& R);
  /// True if max|R·Rᵀ − I| ≤ tolerance.
  static bool IsOrthonormal(const Matrix3<T>& R, double tolerance);
  /// True if R is orthonormal within `tolerance` and det R > 0.
  static bool IsValid(const Matrix3<T>& R, double tolerance);
  /// IsValid(R, get_internal_tolerance_for_orthonormality()).
  static bool IsValid(const Matrix3<T>& R);
  /// True if this matrix passes IsValid (it can fail only after unchecked
  /// construction or accumulated round-off).
  bool IsValid() const { return IsValid(R_AB_); }

  /// Sets this from a matrix.
  /// @throws std::logic_error as the Matrix3 constructor does.
  void set(const Matrix3<T>& R) {
    ThrowIfNotValid(R, "RotationMatrix::set()");
    R_AB_ = R;
  }

  /// The 3x3 matrix R_AB.
  const Matrix3<T>& matrix() const { return R_AB_; }
  /// Row i (0..2) of R_AB: the unit vector Ai expressed in B, as a row.
  /// @throws std::logic_error if index is not 0, 1 or 2.
  RowVector3<T> row(int index) const {
    if (index < 0 || index > 2) [[unlikely]]
      ThrowBadIndex("row", index);
    return R_AB_.row(index);
  }
  /// Column j (0..2) of R_AB: the unit vector Bj expressed in A.
  /// @throws std::logic_error if index is not 0, 1 or 2.
  Vector3<T> col(int index) const {
    if (index < 0 || index > 2) [[unlikely]]
      ThrowBadIndex("col", index);
    return R_AB_.col(index);
  }

  /// R_BA = R_AB⁻¹ = R_ABᵀ.
  RotationMatrix<T> inverse() const {
    return RotationMatrix<T>(R_AB_.transpose(), Unchecked{});
  }
  /// R_BA = R_ABᵀ.
  RotationMatrix<T> transpose() const { return inverse(); }

  /// R_AC = R_AB * R_BC.
  RotationMatrix<T> operator*(const RotationMatrix<T>& R_BC) const {
    return RotationMatrix<T>(R_AB_ * R_BC.R_AB_, Unchecked{});
  }
  /// R_AB = R_AB * R_BC (in place; this becomes R_AC).
  RotationMatrix<T>& operator*=(const RotationMatrix<T>& R_BC) {
    R_AB_ = R_AB_ * R_BC.R_AB_;
    return *this;
  }
  /// R_AC = R_BA⁻¹ * R_BC = this⁻¹ * other, without forming the inverse.
  RotationMatrix<T> InvertAndCompose(const RotationMatrix<T>& R_BC) const {
    return RotationMatrix<T>(R_AB_.transpose() * R_BC.R_AB_, Unchecked{});
  }
  /// v_A = R_AB * v_B (re-expresses a vector).
  Vector3<T> operator*(const Vector3<T>& v_B) const { return R_AB_ * v_B; }
  /// Re-expresses each column of a 3xN matrix: V_A = R_AB * V_B.
  template <typename Derived>
  Eigen::Matrix<T, 3, Derived::ColsAtCompileTime> operator*(
      const Eigen::MatrixBase<Derived>& V_B) const {
    static_assert(Derived::RowsAtCompileTime == 3 ||
                      Derived::RowsAtCompileTime == Eigen::Dynamic,
                  "RotationMatrix * M: M must have 3 rows");
    if (V_B.rows() != 3) ThrowWrongRows(V_B.rows());
    return R_AB_ * V_B;
  }

  /// True if every element equals the identity's exactly.
  bool IsExactlyIdentity() const;
  /// True if max|R − I| ≤ tolerance (default 128 ε).
  bool IsNearlyIdentity(
      double tolerance = get_internal_tolerance_for_orthonormality()) const;
  /// True if max|R − other| ≤ tolerance (element-wise).
  bool IsNearlyEqualTo(const RotationMatrix<T>& other, double tolerance) const;
  /// True if every element equals the other's exactly.
  bool IsExactlyEqualTo(const RotationMatrix<T>& other) const;
  /// max over elements of |R − other|.
  T GetMaximumAbsoluteDifference(const RotationMatrix<T>& other) const;

  /// Returns the unit quaternion of this rotation in canonical form (w ≥ 0),
  /// computed by Shepperd's method (branch on the largest of the trace and
  /// the diagonal, for accuracy at every angle).
  Quaternion<T> ToQuaternion() const { return ToQuaternion(R_AB_); }
  /// The canonical unit quaternion of a 3x3 matrix M that is nearly a
  /// rotation (the result is normalized, so a slightly non-orthonormal M
  /// gives a nearby rotation).
  static Quaternion<T> ToQuaternion(const Matrix3<T>& M);
  /// ToQuaternion() as the vector [w, x, y, z].
  Vector4<T> ToQuaternionAsVector4() const;
  /// Returns the angle θ ∈ [0, π] and unit axis λ of this rotation; the axis
  /// is [0, 0, 1] when θ = 0.
  AngleAxis<T> ToAngleAxis() const;

  /// The roll-pitch-yaw angles of this rotation (see RollPitchYaw(R)).
  RollPitchYaw<T> ToRollPitchYaw() const;

  /// Returns this rotation with the scalar converted to U (AutoDiffXd →
  /// double drops the derivatives).
  template <typename U>
  RotationMatrix<U> cast() const {
    return RotationMatrix<U>(internal::CastMatrix<U>(R_AB_),
                             typename RotationMatrix<U>::Unchecked{});
  }

 private:
  // Throws std::logic_error naming `caller` if R is not a proper rotation;
  // only where T gives a boolean.
  static void ThrowIfNotValid(const Matrix3<T>& R, const char* caller) {
    if constexpr (scalar_predicate<T>::is_bool) {
      ThrowIfNotValidDouble(ExtractDoubleOrThrow(R), caller);
    }
  }
  static void ThrowIfNotValidDouble(const Matrix3<double>& R,
                                    const char* caller);
  [[noreturn]] static void ThrowWrongRows(Eigen::Index rows);
  [[noreturn]] static void ThrowBadIndex(const char* method, int index);

  Matrix3<T> R_AB_;
};

using RotationMatrixd = RotationMatrix<double>;

namespace internal {
/// Checks that R (double) is a proper rotation within 128 ε; throws
/// std::logic_error naming `caller` and what failed.
void ThrowIfNotValidRotation(const Matrix3<double>& R, const char* caller);
}  // namespace internal

template <typename T>
void RotationMatrix<T>::ThrowIfNotValidDouble(const Matrix3<double>& R,
                                              const char* caller) {
  internal::ThrowIfNotValidRotation(R, caller);
}

}  // namespace ossa::math

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RotationMatrix)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RotationMatrix)
