#pragma once

/// @file
/// RotationalInertia: the 3×3 rotational inertia (inertia tensor) of a body
/// or composite body about a point, expressed in a frame.

#include <limits>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>

#include "ossa/common/autodiff.h"
#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::multibody {

namespace internal {
/// Converts a scalar between the default scalar types: double → AutoDiffXd
/// gives zero derivatives; AutoDiffXd → double drops the derivatives.
template <typename To, typename From>
To ConvertScalar(const From& x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (std::is_same_v<To, double>) {
    return ExtractDoubleOrThrow(x);
  } else {
    return To(x);
  }
}

template <typename To, typename Derived>
Eigen::Matrix<To, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>
ConvertMatrix(const Eigen::MatrixBase<Derived>& m) {
  Eigen::Matrix<To, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime> out(
      m.rows(), m.cols());
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      out(i, j) = ConvertScalar<To>(m(i, j));
  return out;
}

/// G(p) = |p|² Id − p pᵀ: the rotational inertia of a unit-mass particle at
/// position p from the about-point (the parallel-axis term).
template <typename T>
Matrix3<T> PointMassUnitInertiaMatrix(const Vector3<T>& p) {
  const T x2 = p.x() * p.x(), y2 = p.y() * p.y(), z2 = p.z() * p.z();
  const T mxy = -p.x() * p.y(), mxz = -p.x() * p.z(), myz = -p.y() * p.z();
  Matrix3<T> G;
  // clang-format off
  G << y2 + z2, mxy,     mxz,
       mxy,     x2 + z2, myz,
       mxz,     myz,     x2 + y2;
  // clang-format on
  return G;
}
}  // namespace internal

/// The rotational inertia I_BP_E of a body (or composite body) B about a
/// point P, expressed in a frame E (units kg·m²):
///
///     ⎡ Ixx Ixy Ixz ⎤      Ixx = ∫ (y² + z²) dm,   Ixy = −∫ x y dm, ...
///     ⎢ Ixy Iyy Iyz ⎥      with (x, y, z) the position of dm from P,
///     ⎣ Ixz Iyz Izz ⎦      measured along the axes of E.
///
/// Ixx, Iyy, Izz are the moments and Ixy, Ixz, Iyz the products of inertia
/// (note the minus sign: products are the off-diagonal entries themselves).
/// The matrix is symmetric; it is stored in full and kept symmetric.
///
/// A rotational inertia of a real body is positive semi-definite and its
/// principal moments satisfy the triangle inequality (each is at most the sum
/// of the other two). The constructors that take moments and products check
/// this (CouldBePhysicallyValid()) and throw std::logic_error naming the
/// violated condition and printing the matrix and its principal moments.
/// These checks run only for scalars whose comparisons give a bool
/// (scalar_predicate<T>::is_bool); on AutoDiffXd they use the values.
/// Operations that are on the hot path of the dynamics (shifts,
/// re-expression, arithmetic) do not re-check in release builds.
///
/// @tparam T double or AutoDiffXd.
template <typename T>
class RotationalInertia {
 public:
  /// All moments and products are NaN (detects uninitialized use).
  RotationalInertia() { SetToNaN(); }

  /// Moments Ixx, Iyy, Izz and zero products (principal axes along E).
  /// @throws std::logic_error if not CouldBePhysicallyValid().
  RotationalInertia(const T& Ixx, const T& Iyy, const T& Izz);

  /// Moments Ixx, Iyy, Izz and products Ixy, Ixz, Iyz.
  /// @throws std::logic_error if not CouldBePhysicallyValid().
  RotationalInertia(const T& Ixx, const T& Iyy, const T& Izz, const T& Ixy,
                    const T& Ixz, const T& Iyz);

  /// The rotational inertia about P of a particle Q of mass `mass` at
  /// position p_PQ_E from P: I = mass (|p|² Id − p pᵀ).
  /// @throws std::logic_error if `mass` is negative or NaN.
  RotationalInertia(const T& mass, const Vector3<T>& p_PQ_E);

  /// Moments and products as in the six-argument constructor; the validity
  /// check is skipped when `skip_validity_check` is true.
  /// @throws std::logic_error if checked and not CouldBePhysicallyValid().
  static RotationalInertia<T> MakeFromMomentsAndProductsOfInertia(
      const T& Ixx, const T& Iyy, const T& Izz, const T& Ixy, const T& Ixz,
      const T& Iyz, bool skip_validity_check = false);

  /// I_triaxial · Id: equal moments and zero products (e.g. a sphere or a
  /// cube about its center).
  /// @throws std::logic_error if I_triaxial is negative.
  static RotationalInertia<T> TriaxiallySymmetric(const T& I_triaxial);

  /// 3, as Eigen's rows().
  int rows() const { return 3; }
  /// 3, as Eigen's cols().
  int cols() const { return 3; }

  /// [Ixx, Iyy, Izz].
  Vector3<T> get_moments() const { return I_SP_E_.diagonal(); }

  /// [Ixy, Ixz, Iyz].
  Vector3<T> get_products() const {
    return Vector3<T>(I_SP_E_(1, 0), I_SP_E_(2, 0), I_SP_E_(2, 1));
  }

  /// Ixx + Iyy + Izz, invariant under change of expressed-in frame.
  T Trace() const { return I_SP_E_.trace(); }

  /// Trace()/2: an upper bound for the largest moment of inertia in any
  /// expressed-in frame (by the triangle inequality); the largest moment
  /// lies in [trace/3, trace/2].
  T CalcMaximumPossibleMomentOfInertia() const { return T(0.5) * Trace(); }

  /// Element (i, j), 0 ≤ i, j ≤ 2 (not range-checked in release builds).
  const T& operator()(int i, int j) const { return I_SP_E_(i, j); }

  /// The full symmetric 3×3 matrix.
  Matrix3<T> CopyToFullMatrix3() const { return I_SP_E_; }

  /// True if ‖this − other‖∞ ≤ precision · min(I_maxA, I_maxB), with I_max
  /// the CalcMaximumPossibleMomentOfInertia() of each (values only for
  /// AutoDiffXd). `precision` is relative and dimensionless.
  bool IsNearlyEqualTo(const RotationalInertia<T>& other,
                       double precision) const;

  /// Adds the rotational inertia of another body about the same point,
  /// expressed in the same frame (the inertia of the union of the bodies).
  RotationalInertia<T>& operator+=(const RotationalInertia<T>& I_BP_E) {
    I_SP_E_ += I_BP_E.I_SP_E_;
    return *this;
  }
  /// Subtracts; the result may not be physically valid.
  RotationalInertia<T>& operator-=(const RotationalInertia<T>& I_BP_E) {
    I_SP_E_ -= I_BP_E.I_SP_E_;
    return *this;
  }
  /// Scales by a non-negative scalar.
  RotationalInertia<T>& operator*=(const T& s) {
    I_SP_E_ *= s;
    return *this;
  }
  /// Divides by a positive scalar.
  RotationalInertia<T>& operator/=(const T& s) {
    I_SP_E_ /= s;
    return *this;
  }

  friend RotationalInertia<T> operator+(const RotationalInertia<T>& A,
                                        const RotationalInertia<T>& B) {
    return RotationalInertia<T>(A) += B;
  }
  friend RotationalInertia<T> operator-(const RotationalInertia<T>& A,
                                        const RotationalInertia<T>& B) {
    return RotationalInertia<T>(A) -= B;
  }
  friend RotationalInertia<T> operator*(const T& s,
                                        const RotationalInertia<T>& I) {
    return RotationalInertia<T>(I) *= s;
  }
  friend RotationalInertia<T> operator*(const RotationalInertia<T>& I,
                                        const T& s) {
    return RotationalInertia<T>(I) *= s;
  }
  friend RotationalInertia<T> operator/(const RotationalInertia<T>& I,
                                        const T& s) {
    return RotationalInertia<T>(I) /= s;
  }

  /// I · w, e.g. the angular momentum I_BBcm_E · ω_WB_E.
  Vector3<T> operator*(const Vector3<T>& w_E) const { return I_SP_E_ * w_E; }

  /// Sets every element to NaN.
  void SetToNaN() {
    I_SP_E_.setConstant(T(std::numeric_limits<double>::quiet_NaN()));
  }
  /// Sets every element to zero (a particle at the about-point).
  void SetZero() { I_SP_E_.setZero(); }

  /// True if any element is NaN.
  bool IsNaN() const;
  /// True if every element is exactly zero.
  bool IsZero() const;

  /// The same rotational inertia on another scalar type (AutoDiffXd → double
  /// drops derivatives; double → AutoDiffXd gives zero derivatives).
  template <typename Scalar>
  RotationalInertia<Scalar> cast() const {
    return RotationalInertia<Scalar>::MakeUnchecked(
        internal::ConvertMatrix<Scalar>(I_SP_E_));
  }

  /// The principal moments of inertia [Imin, Imed, Imax] (ascending), the
  /// eigenvalues of this matrix, computed on the values.
  /// @throws std::logic_error if an element is NaN or infinite.
  Vector3<double> CalcPrincipalMomentsOfInertia() const;

  /// The principal moments (ascending) and a rotation R_EA whose columns are
  /// the principal directions Ax, Ay, Az (right-handed) expressed in E, so
  /// that I_BP_E = R_EA · diag(moments) · R_EAᵀ. If the three moments are
  /// equal, R_EA is the identity.
  /// @throws std::logic_error if an element is NaN or infinite.
  std::pair<Vector3<double>, math::RotationMatrix<double>>
  CalcPrincipalMomentsAndAxesOfInertia() const;

  /// Necessary conditions for a physical rotational inertia: no NaN, the
  /// moments Ixx, Iyy, Izz and the principal moments non-negative, and both
  /// satisfying the triangle inequality (Ixx + Iyy ≥ Izz, Ixx + Izz ≥ Iyy,
  /// Iyy + Izz ≥ Ixx), up to a tolerance of 16 ε · Trace()/2 (rounding).
  /// They are sufficient only about the center of mass (this class does not
  /// know the about-point). Always true for scalars without a bool
  /// comparison.
  bool CouldBePhysicallyValid() const;

  /// Same test as CouldBePhysicallyValid() (provided for symmetry with
  /// SpatialInertia::IsPhysicallyValid(); a rotational inertia alone cannot
  /// be checked further).
  bool IsPhysicallyValid() const { return CouldBePhysicallyValid(); }

  /// Re-expresses in place I_BP_E as I_BP_A = R_AE · I_BP_E · R_AEᵀ.
  RotationalInertia<T>& ReExpressInPlace(const math::RotationMatrix<T>& R_AE) {
    const Matrix3<T>& R = R_AE.matrix();
    const Matrix3<T> I_A = R * I_SP_E_ * R.transpose();
    AssignSymmetrized(I_A);
    return *this;
  }

  /// Returns I_BP_A = R_AE · I_BP_E · R_AEᵀ.
  RotationalInertia<T> ReExpress(const math::RotationMatrix<T>& R_AE) const {
    return RotationalInertia<T>(*this).ReExpressInPlace(R_AE);
  }

  /// Parallel-axis theorem: shifts this I_BBcm_E (about B's center of mass)
  /// in place to I_BQ_E = I_BBcm_E + mass (|p|² Id − p pᵀ), p = p_BcmQ_E.
  RotationalInertia<T>& ShiftFromCenterOfMassInPlace(
      const T& mass, const Vector3<T>& p_BcmQ_E) {
    I_SP_E_ += mass * internal::PointMassUnitInertiaMatrix(p_BcmQ_E);
    return *this;
  }
  RotationalInertia<T> ShiftFromCenterOfMass(const T& mass,
                                             const Vector3<T>& p_BcmQ_E) const {
    return RotationalInertia<T>(*this).ShiftFromCenterOfMassInPlace(mass,
                                                                    p_BcmQ_E);
  }

  /// Inverse parallel-axis theorem: shifts this I_BQ_E in place to
  /// I_BBcm_E = I_BQ_E − mass (|p|² Id − p pᵀ), p = p_QBcm_E.
  RotationalInertia<T>& ShiftToCenterOfMassInPlace(const T& mass,
                                                   const Vector3<T>& p_QBcm_E) {
    I_SP_E_ -= mass * internal::PointMassUnitInertiaMatrix(p_QBcm_E);
    return *this;
  }
  RotationalInertia<T> ShiftToCenterOfMass(const T& mass,
                                           const Vector3<T>& p_QBcm_E) const {
    return RotationalInertia<T>(*this).ShiftToCenterOfMassInPlace(mass,
                                                                  p_QBcm_E);
  }

  /// Shifts I_BP_E to I_BQ_E through Bcm:
  /// I_BQ = I_BP − mass G(p_PBcm) + mass G(p_QBcm), G(p) = |p|² Id − p pᵀ.
  RotationalInertia<T>& ShiftToThenAwayFromCenterOfMassInPlace(
      const T& mass, const Vector3<T>& p_PBcm_E, const Vector3<T>& p_QBcm_E) {
    I_SP_E_ += mass * (internal::PointMassUnitInertiaMatrix(p_QBcm_E) -
                       internal::PointMassUnitInertiaMatrix(p_PBcm_E));
    return *this;
  }
  RotationalInertia<T> ShiftToThenAwayFromCenterOfMass(
      const T& mass, const Vector3<T>& p_PBcm_E,
      const Vector3<T>& p_QBcm_E) const {
    return RotationalInertia<T>(*this).ShiftToThenAwayFromCenterOfMassInPlace(
        mass, p_PBcm_E, p_QBcm_E);
  }

  /// Writes the 3×3 matrix, one bracketed row per line.
  template <typename U>
  friend std::ostream& operator<<(std::ostream& o,
                                  const RotationalInertia<U>& I);

  /// Why this inertia fails CouldBePhysicallyValid() (the violated condition
  /// with the values), or "" if it passes.
  std::string GetInvalidityReport() const;

  /// The matrix on three lines, one bracketed row each (values only).
  std::string FormatMatrix() const;

  /// Builds from a full matrix without checking (the matrix must be
  /// symmetric). For internal use by the inertia classes and kernels.
  static RotationalInertia<T> MakeUnchecked(const Matrix3<T>& I) {
    RotationalInertia<T> result;
    result.I_SP_E_ = I;
    return result;
  }

 protected:
  // Throws the std::logic_error described in the class documentation,
  // naming `func_name`, unless CouldBePhysicallyValid().
  void ThrowIfNotPhysicallyValid(const char* func_name) const;

  void set_moments_and_products(const T& Ixx, const T& Iyy, const T& Izz,
                                const T& Ixy, const T& Ixz, const T& Iyz) {
    // clang-format off
    I_SP_E_ << Ixx, Ixy, Ixz,
               Ixy, Iyy, Iyz,
               Ixz, Iyz, Izz;
    // clang-format on
  }

  // Keeps the lower triangle of `I` and mirrors it, so that rounding in a
  // product such as R I Rᵀ cannot make the stored matrix asymmetric.
  void AssignSymmetrized(const Matrix3<T>& I) {
    I_SP_E_ = I.template selfadjointView<Eigen::Lower>();
  }

  const Matrix3<T>& matrix() const { return I_SP_E_; }
  Matrix3<T>& mutable_matrix() { return I_SP_E_; }

 private:
  template <typename>
  friend class RotationalInertia;

  Matrix3<T> I_SP_E_;
};

template <typename U>
std::ostream& operator<<(std::ostream& o, const RotationalInertia<U>& I) {
  return o << I.FormatMatrix();
}

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RotationalInertia)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RotationalInertia)
