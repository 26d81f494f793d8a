#pragma once

/// @file
/// RollPitchYaw<T>: an orientation as three angles [r, p, y] (radians), the
/// space-fixed X-Y-Z sequence (equivalently body-fixed Z-Y-X):
///
///   R_AD = Rz(y) · Ry(p) · Rx(r)
///
/// i.e. frame D starts aligned with A, rotates by r about Ax, then by p about
/// Ay, then by y about Az. The angles are singular ("gimbal lock") at
/// p = ±π/2, where only y − r (p = π/2) or y + r (p = −π/2) is determined
/// and the maps between angle rates and angular velocity are not invertible.

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::math {

/// Roll-pitch-yaw angles [r, p, y] with R_AD = Rz(y)·Ry(p)·Rx(r). See the
/// file documentation.
template <typename T>
class RollPitchYaw {
 public:
  RollPitchYaw(const RollPitchYaw&) = default;
  RollPitchYaw& operator=(const RollPitchYaw&) = default;
  RollPitchYaw(RollPitchYaw&&) = default;
  RollPitchYaw& operator=(RollPitchYaw&&) = default;

  /// Constructs from the vector [r, p, y] (radians).
  explicit RollPitchYaw(const Vector3<T>& rpy) : rpy_(rpy) {}
  /// Constructs from roll r, pitch p, yaw y (radians).
  RollPitchYaw(const T& roll, const T& pitch, const T& yaw)
      : rpy_(roll, pitch, yaw) {}

  /// Constructs the angles of R with r ∈ [−π, π], p ∈ [−π/2, π/2],
  /// y ∈ [−π, π].
  ///
  /// Method: y = atan2(R10, R00); then, writing Rz(−y)·R = Ry(p)·Rx(r), the
  /// second row of Rz(−y)·R is [0, cos r, −sin r] and its first row starts
  /// with cos p, so r = atan2(−(Rz(−y)R)₁₂, (Rz(−y)R)₁₁) and p =
  /// atan2(−R20, (Rz(−y)R)₀₀). Every atan2 receives arguments of magnitude
  /// ~1 except the first, so r and p are chosen *consistently with the
  /// computed y*: Rz(y)·Ry(p)·Rx(r) reproduces R to a few ε at every pitch,
  /// including exact gimbal lock (where R00 = R10 = 0 and y = 0 results).
  /// The individual angles near gimbal lock are as accurate as the data
  /// allows: an error δ in R moves r and y by ~δ/|cos p| (intrinsic to the
  /// parametrization), while r − y or r + y stays accurate to ~δ.
  explicit RollPitchYaw(const RotationMatrix<T>& R);

  /// Constructs the angles of the rotation of quaternion q (normalized).
  /// @throws std::logic_error if q is zero, NaN or infinite.
  explicit RollPitchYaw(const Quaternion<T>& quaternion);

  /// Sets the angles.
  RollPitchYaw<T>& set(const Vector3<T>& rpy) {
    rpy_ = rpy;
    return *this;
  }
  RollPitchYaw<T>& set(const T& roll, const T& pitch, const T& yaw) {
    rpy_ << roll, pitch, yaw;
    return *this;
  }
  /// Sets the angles from a rotation matrix (as the constructor).
  void SetFromRotationMatrix(const RotationMatrix<T>& R) {
    *this = RollPitchYaw<T>(R);
  }
  /// Sets the angles from a quaternion (as the constructor).
  void SetFromQuaternion(const Quaternion<T>& q) { *this = RollPitchYaw<T>(q); }

  /// [r, p, y].
  const Vector3<T>& vector() const { return rpy_; }
  const T& roll_angle() const { return rpy_(0); }
  const T& pitch_angle() const { return rpy_(1); }
  const T& yaw_angle() const { return rpy_(2); }
  void set_roll_angle(const T& r) { rpy_(0) = r; }
  void set_pitch_angle(const T& p) { rpy_(1) = p; }
  void set_yaw_angle(const T& y) { rpy_(2) = y; }

  /// R_AD = Rz(y)·Ry(p)·Rx(r).
  RotationMatrix<T> ToRotationMatrix() const;
  /// The quaternion qz(y) ⊗ qy(p) ⊗ qx(r) (w = cos(r/2)cos(p/2)cos(y/2) +
  /// sin(r/2)sin(p/2)sin(y/2), ...); not necessarily in canonical form.
  Quaternion<T> ToQuaternion() const;

  /// True if every angle differs from the other's by at most `tolerance`.
  bool IsNearlyEqualTo(const RollPitchYaw<T>& other, double tolerance) const;
  /// True if both describe the same orientation: their rotation matrices
  /// differ element-wise by at most `tolerance` (so, e.g., [0, 0, π] and
  /// [0, 0, −π] are the same orientation).
  bool IsNearlySameOrientation(const RollPitchYaw<T>& other,
                               double tolerance) const;
  /// True if |r| ≤ π, |p| ≤ π/2, |y| ≤ π.
  bool IsRollPitchYawInCanonicalRange() const;
  /// True if every angle is finite.
  static bool IsValid(const Vector3<T>& rpy);

  /// |cos p| below which the rate maps are refused: 0.008, i.e. p within
  /// about 0.46° (0.008 rad) of ±π/2.
  static constexpr double kGimbalLockToleranceCosPitchAngle = 0.008;
  /// True if |cos_pitch| < kGimbalLockToleranceCosPitchAngle.
  static bool DoesCosPitchAngleViolateGimbalLockTolerance(const T& cos_pitch);
  /// True if this pitch is within the gimbal lock tolerance of ±π/2.
  bool DoesPitchAngleViolateGimbalLockTolerance() const;
  /// The pitch distance to ±π/2 (radians) below which the rate maps throw:
  /// π/2 − acos(0.008).
  static double GimbalLockPitchAngleTolerance();

  /// Ṙ_AD, the time derivative of ToRotationMatrix() for rpyDt = [ṙ, ṗ, ẏ].
  Matrix3<T> CalcRotationMatrixDt(const Vector3<T>& rpyDt) const;

  /// w_AD_A, the angular velocity of D in A expressed in A, from the angle
  /// rates: w_AD_A = ẏ·Az + ṗ·Rz(y)Ay + ṙ·Rz(y)Ry(p)Ax = M·rpyDt with
  /// M = [cy·cp, −sy, 0; sy·cp, cy, 0; −sp, 0, 1] (s, c of the angles).
  Vector3<T> CalcAngularVelocityInParentFromRpyDt(
      const Vector3<T>& rpyDt) const;
  /// w_AD_D (expressed in D) from the angle rates: w_AD_D = Mc·rpyDt with
  /// Mc = [1, 0, −sp; 0, cr, sr·cp; 0, −sr, cr·cp].
  Vector3<T> CalcAngularVelocityInChildFromRpyDt(const Vector3<T>& rpyDt) const;

  /// [ṙ, ṗ, ẏ] = M⁻¹·w_AD_A.
  /// @throws std::logic_error near gimbal lock (see
  /// DoesCosPitchAngleViolateGimbalLockTolerance()), naming the pitch.
  Vector3<T> CalcRpyDtFromAngularVelocityInParent(
      const Vector3<T>& w_AD_A) const;
  /// [ṙ, ṗ, ẏ] = Mc⁻¹·w_AD_D.
  /// @throws std::logic_error near gimbal lock.
  Vector3<T> CalcRpyDtFromAngularVelocityInChild(
      const Vector3<T>& w_AD_D) const;

  /// The matrix M⁻¹ with rpyDt = M⁻¹·w_AD_A:
  /// (1/cp)·[cy, sy, 0; −sy·cp, cy·cp, 0; cy·sp, sy·sp, cp].
  /// @throws std::logic_error near gimbal lock.
  Matrix3<T> CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame()
      const;
  /// The matrix Mc⁻¹ with rpyDt = Mc⁻¹·w_AD_D:
  /// (1/cp)·[cp, sr·sp, cr·sp; 0, cr·cp, −sr·cp; 0, sr, cr].
  /// @throws std::logic_error near gimbal lock.
  Matrix3<T> CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInChildFrame()
      const;

  /// The specification's newer names of the two methods above.
  Matrix3<T> CalcMatrixRelatingRpyDtToAngularVelocityInParent() const {
    return CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame();
  }
  Matrix3<T> CalcMatrixRelatingRpyDtToAngularVelocityInChild() const {
    return CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInChildFrame();
  }

  /// [r̈, p̈, ÿ] from the angle rates and alpha_AD_A (the angular
  /// acceleration of D in A, expressed in A): since w_AD_A = M·rpyDt,
  /// rpyDDt = M⁻¹·(alpha_AD_A − Ṁ·rpyDt).
  /// @throws std::logic_error near gimbal lock.
  Vector3<T> CalcRpyDDtFromRpyDtAndAngularAccelInParent(
      const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_A) const;
  /// The same as CalcRpyDDtFromRpyDtAndAngularAccelInParent() (the
  /// specification's older name).
  Vector3<T> CalcRpyDDtFromAngularAccelInParent(
      const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_A) const;
  /// [r̈, p̈, ÿ] from the angle rates and alpha_AD_D (expressed in D):
  /// rpyDDt = Mc⁻¹·(alpha_AD_D − Ṁc·rpyDt).
  /// @throws std::logic_error near gimbal lock.
  Vector3<T> CalcRpyDDtFromAngularAccelInChild(
      const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_D) const;

  /// Returns these angles with the scalar converted to U.
  template <typename U>
  RollPitchYaw<U> cast() const {
    return RollPitchYaw<U>(internal::CastMatrix<U>(rpy_));
  }

 private:
  // Throws near gimbal lock, naming `function`.
  void ThrowIfNearGimbalLock(const char* function, const T& cos_pitch) const;

  Vector3<T> rpy_;
};

using RollPitchYawd = RollPitchYaw<double>;

}  // namespace ossa::math

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RollPitchYaw)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RollPitchYaw)
