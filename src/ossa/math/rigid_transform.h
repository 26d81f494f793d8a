#pragma once

/// @file
/// RigidTransform<T>: the pose X_AB of a frame B in a frame A, i.e. the
/// orientation R_AB and the position p_AoBo_A of B's origin from A's origin,
/// expressed in A. As a 4x4 matrix X_AB = [R_AB, p_AoBo_A; 0 0 0 1].
///
/// Monogram notation: X_AC = X_AB * X_BC; p_AoQ_A = X_AB * p_BoQ_B (a point
/// Q measured from Bo expressed in B, re-measured from Ao expressed in A);
/// X_BA = X_AB.inverse().

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::math {

/// The pose X_AB = (R_AB, p_AoBo_A) of frame B in frame A.
template <typename T>
class RigidTransform {
 public:
  /// The identity pose (R = I, p = 0).
  RigidTransform() : p_AoBo_A_(Vector3<T>::Zero()) {}
  RigidTransform(const RigidTransform&) = default;
  RigidTransform& operator=(const RigidTransform&) = default;
  RigidTransform(RigidTransform&&) = default;
  RigidTransform& operator=(RigidTransform&&) = default;

  /// X_AB from R_AB and p_AoBo_A.
  RigidTransform(const RotationMatrix<T>& R, const Vector3<T>& p)
      : R_AB_(R), p_AoBo_A_(p) {}
  /// X_AB from R_AB with zero translation.
  explicit RigidTransform(const RotationMatrix<T>& R)
      : R_AB_(R), p_AoBo_A_(Vector3<T>::Zero()) {}
  /// X_AB from p_AoBo_A with the identity rotation.
  explicit RigidTransform(const Vector3<T>& p) : p_AoBo_A_(p) {}
  /// X_AB from roll-pitch-yaw angles and a position.
  RigidTransform(const RollPitchYaw<T>& rpy, const Vector3<T>& p);
  /// X_AB from a quaternion (normalized) and a position.
  /// @throws std::logic_error if the quaternion is zero, NaN or infinite.
  RigidTransform(const Quaternion<T>& quaternion, const Vector3<T>& p)
      : R_AB_(quaternion), p_AoBo_A_(p) {}
  /// X_AB from an angle-axis (axis normalized) and a position.
  /// @throws std::logic_error if the axis is zero, NaN or infinite.
  RigidTransform(const AngleAxis<T>& theta_lambda, const Vector3<T>& p)
      : R_AB_(theta_lambda), p_AoBo_A_(p) {}
  /// X_AB from an Eigen isometry.
  /// @throws std::logic_error if its linear part is not a proper rotation
  /// (see RotationMatrix(Matrix3)) or its last row is not [0, 0, 0, 1].
  explicit RigidTransform(const Isometry3<T>& pose);
  /// X_AB from a 4x4 matrix [R, p; 0 0 0 1].
  /// @throws std::logic_error if R is not a proper rotation or the last row
  /// is not exactly [0, 0, 0, 1].
  explicit RigidTransform(const Matrix4<T>& pose);
  /// X_AB from a 3x4 matrix [R, p].
  /// @throws std::logic_error if R is not a proper rotation.
  explicit RigidTransform(const Eigen::Matrix<T, 3, 4>& pose);

  /// X_AB from a 3x4 matrix the caller guarantees is a pose; no check.
  static RigidTransform<T> MakeUnchecked(const Eigen::Matrix<T, 3, 4>& pose) {
    return RigidTransform<T>(
        RotationMatrix<T>::MakeUnchecked(pose.template leftCols<3>()),
        pose.col(3));
  }

  /// The identity pose.
  static const RigidTransform<T>& Identity();

  /// Sets R and p.
  void set(const RotationMatrix<T>& R, const Vector3<T>& p) {
    R_AB_ = R;
    p_AoBo_A_ = p;
  }
  /// Sets this from an isometry (checked as the constructor).
  void SetFromIsometry3(const Isometry3<T>& pose) {
    *this = RigidTransform<T>(pose);
  }
  /// Sets this to the identity.
  RigidTransform<T>& SetIdentity() {
    R_AB_ = RotationMatrix<T>();
    p_AoBo_A_.setZero();
    return *this;
  }

  /// R_AB.
  const RotationMatrix<T>& rotation() const { return R_AB_; }
  void set_rotation(const RotationMatrix<T>& R) { R_AB_ = R; }
  void set_rotation(const RollPitchYaw<T>& rpy);
  void set_rotation(const Quaternion<T>& quaternion) {
    R_AB_ = RotationMatrix<T>(quaternion);
  }
  void set_rotation(const AngleAxis<T>& theta_lambda) {
    R_AB_ = RotationMatrix<T>(theta_lambda);
  }
  /// p_AoBo_A.
  const Vector3<T>& translation() const { return p_AoBo_A_; }
  void set_translation(const Vector3<T>& p) { p_AoBo_A_ = p; }

  /// [R, p; 0 0 0 1].
  Matrix4<T> GetAsMatrix4() const;
  /// [R, p].
  Eigen::Matrix<T, 3, 4> GetAsMatrix34() const;
  /// The same pose as an Eigen isometry.
  Isometry3<T> GetAsIsometry3() const;

  /// X_AC = X_AB * X_BC: R_AC = R_AB·R_BC, p_AoCo_A = p_AoBo_A +
  /// R_AB·p_BoCo_B.
  RigidTransform<T> operator*(const RigidTransform<T>& X_BC) const {
    return RigidTransform<T>(R_AB_ * X_BC.R_AB_,
                             p_AoBo_A_ + R_AB_ * X_BC.p_AoBo_A_);
  }
  /// X_AC = X_AB * R_BC (C has B's origin).
  RigidTransform<T> operator*(const RotationMatrix<T>& R_BC) const {
    return RigidTransform<T>(R_AB_ * R_BC, p_AoBo_A_);
  }
  /// X_AB = X_AB * X_BC (this becomes X_AC).
  RigidTransform<T>& operator*=(const RigidTransform<T>& X_BC) {
    p_AoBo_A_ += R_AB_ * X_BC.p_AoBo_A_;
    R_AB_ *= X_BC.R_AB_;
    return *this;
  }
  /// p_AoQ_A = X_AB * p_BoQ_B = p_AoBo_A + R_AB·p_BoQ_B.
  Vector3<T> operator*(const Vector3<T>& p_BoQ_B) const {
    return p_AoBo_A_ + R_AB_ * p_BoQ_B;
  }
  /// Each column of a 3xN matrix of points: p_AoQ_A = X_AB * p_BoQ_B. A 4xN
  /// matrix (or a Vector4) is taken as homogeneous columns [p; s], s = 1 for
  /// a point, s = 0 for a vector, and gives X_AB.GetAsMatrix4() * [p; s] =
  /// [R·p + s·p_AoBo_A; s].
  /// @throws std::logic_error if the matrix does not have 3 or 4 rows, or if
  /// a 4-row matrix has a last-row entry other than 0 or 1.
  template <typename Derived>
  Eigen::Matrix<T, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>
  operator*(const Eigen::MatrixBase<Derived>& p_BoQ_B) const {
    constexpr int kRows = Derived::RowsAtCompileTime;
    static_assert(kRows == 3 || kRows == 4 || kRows == Eigen::Dynamic,
                  "RigidTransform * M: M must have 3 or 4 rows");
    Eigen::Matrix<T, kRows, Derived::ColsAtCompileTime> result(p_BoQ_B.rows(),
                                                               p_BoQ_B.cols());
    if constexpr (kRows == 3) {
      result = (R_AB_.matrix() * p_BoQ_B).colwise() + p_AoBo_A_;
    } else {
      if constexpr (kRows == Eigen::Dynamic) {
        if (p_BoQ_B.rows() == 3) {
          result = (R_AB_.matrix() * p_BoQ_B).colwise() + p_AoBo_A_;
          return result;
        }
      }
      if (p_BoQ_B.rows() == 4) {
        for (Eigen::Index j = 0; j < p_BoQ_B.cols(); ++j) {
          const double s = ExtractDoubleOrThrow(p_BoQ_B(3, j));
          if (s != 0 && s != 1) ThrowNotHomogeneous(j, s);
        }
        result.topRows(3) = R_AB_.matrix() * p_BoQ_B.topRows(3) +
                            p_AoBo_A_ * p_BoQ_B.bottomRows(1);
        result.bottomRows(1) = p_BoQ_B.bottomRows(1);
      } else {
        ThrowWrongRows(p_BoQ_B.rows());
      }
    }
    return result;
  }

  /// X_BA = X_AB⁻¹ = (R_ABᵀ, −R_ABᵀ·p_AoBo_A).
  RigidTransform<T> inverse() const {
    const RotationMatrix<T> R_BA = R_AB_.inverse();
    return RigidTransform<T>(R_BA, -(R_BA * p_AoBo_A_));
  }
  /// X_AC = X_BA⁻¹ * X_BC without forming the inverse: R_AC = R_BAᵀ·R_BC,
  /// p_AoCo_A = R_BAᵀ·(p_BoCo_B − p_BoAo_B).
  RigidTransform<T> InvertAndCompose(const RigidTransform<T>& X_BC) const {
    return RigidTransform<T>(
        R_AB_.InvertAndCompose(X_BC.R_AB_),
        R_AB_.matrix().transpose() * (X_BC.p_AoBo_A_ - p_AoBo_A_));
  }

  /// True if R is exactly I and p exactly 0.
  bool IsExactlyIdentity() const;
  /// True if R is the identity within 128 ε and max|p| ≤
  /// translation_tolerance.
  bool IsIdentityToEpsilon(double translation_tolerance) const;
  /// The specification's newer name of IsIdentityToEpsilon().
  bool IsNearlyIdentity(double translation_tolerance) const {
    return IsIdentityToEpsilon(translation_tolerance);
  }
  /// True if max|R − other.R| ≤ tolerance and max|p − other.p| ≤ tolerance
  /// (tolerance is thus both unitless and a length, in meters).
  bool IsNearlyEqualTo(const RigidTransform<T>& other, double tolerance) const;
  /// True if R and p equal the other's exactly.
  bool IsExactlyEqualTo(const RigidTransform<T>& other) const;
  /// max(max|R − other.R|, max|p − other.p|).
  T GetMaximumAbsoluteDifference(const RigidTransform<T>& other) const;
  /// max|p − other.p|.
  T GetMaxAbsoluteTranslationalDifference(const RigidTransform<T>& other) const;
  /// The specification's newer name of
  /// GetMaxAbsoluteTranslationalDifference().
  T GetMaximumAbsoluteTranslationDifference(
      const RigidTransform<T>& other) const {
    return GetMaxAbsoluteTranslationalDifference(other);
  }

  /// Returns this pose with the scalar converted to U (AutoDiffXd → double
  /// drops the derivatives).
  template <typename U>
  RigidTransform<U> cast() const {
    return RigidTransform<U>(R_AB_.template cast<U>(),
                             internal::CastMatrix<U>(p_AoBo_A_));
  }

 private:
  [[noreturn]] static void ThrowWrongRows(Eigen::Index rows);
  [[noreturn]] static void ThrowNotHomogeneous(Eigen::Index column,
                                               double last);

  RotationMatrix<T> R_AB_;
  Vector3<T> p_AoBo_A_;
};

using RigidTransformd = RigidTransform<double>;

}  // namespace ossa::math

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RigidTransform)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RigidTransform)
