#include "ossa/math/roll_pitch_yaw.h"

#include <cmath>

#include "ossa/common/error.h"

namespace ossa::math {

template <typename T>
RollPitchYaw<T>::RollPitchYaw(const RotationMatrix<T>& R_AD) {
  using std::atan2;
  using std::cos;
  using std::sin;
  const Matrix3<T>& R = R_AD.matrix();
  const T y = atan2(R(1, 0), R(0, 0));
  const T sy = sin(y), cy = cos(y);
  // Rows 0 and 1 of Rz(−y)·R = Ry(p)·Rx(r) = [cp, sp·sr, sp·cr;
  // 0, cr, −sr; −sp, cp·sr, cp·cr].
  const T row0_col0 = cy * R(0, 0) + sy * R(1, 0);  // cos p ≥ 0
  const T row1_col1 = cy * R(1, 1) - sy * R(0, 1);  // cos r
  const T row1_col2 = cy * R(1, 2) - sy * R(0, 2);  // −sin r
  const T p = atan2(-R(2, 0), row0_col0);
  const T r = atan2(-row1_col2, row1_col1);
  rpy_ << r, p, y;
}

template <typename T>
RollPitchYaw<T>::RollPitchYaw(const Quaternion<T>& quaternion)
    : RollPitchYaw(RotationMatrix<T>(quaternion)) {}

template <typename T>
RotationMatrix<T> RollPitchYaw<T>::ToRotationMatrix() const {
  return RotationMatrix<T>(*this);
}

template <typename T>
Quaternion<T> RollPitchYaw<T>::ToQuaternion() const {
  using std::cos;
  using std::sin;
  const T r2 = roll_angle() / 2, p2 = pitch_angle() / 2, y2 = yaw_angle() / 2;
  const T c0 = cos(r2), s0 = sin(r2);
  const T c1 = cos(p2), s1 = sin(p2);
  const T c2 = cos(y2), s2 = sin(y2);
  // qz(y) ⊗ qy(p) ⊗ qx(r), multiplied out.
  return Quaternion<T>(c0 * c1 * c2 + s0 * s1 * s2,   // w
                       s0 * c1 * c2 - c0 * s1 * s2,   // x
                       c0 * s1 * c2 + s0 * c1 * s2,   // y
                       c0 * c1 * s2 - s0 * s1 * c2);  // z
}

template <typename T>
bool RollPitchYaw<T>::IsNearlyEqualTo(const RollPitchYaw<T>& other,
                                      double tolerance) const {
  const Vector3<double> d =
      ExtractDoubleOrThrow(rpy_) - ExtractDoubleOrThrow(other.rpy_);
  return d.cwiseAbs().maxCoeff() <= tolerance;
}

template <typename T>
bool RollPitchYaw<T>::IsNearlySameOrientation(const RollPitchYaw<T>& other,
                                              double tolerance) const {
  return ToRotationMatrix().IsNearlyEqualTo(other.ToRotationMatrix(),
                                            tolerance);
}

template <typename T>
bool RollPitchYaw<T>::IsRollPitchYawInCanonicalRange() const {
  const Vector3<double> a = ExtractDoubleOrThrow(rpy_);
  return std::abs(a(0)) <= M_PI && std::abs(a(1)) <= M_PI / 2 &&
         std::abs(a(2)) <= M_PI;
}

template <typename T>
bool RollPitchYaw<T>::IsValid(const Vector3<T>& rpy) {
  return ExtractDoubleOrThrow(rpy).allFinite();
}

template <typename T>
bool RollPitchYaw<T>::DoesCosPitchAngleViolateGimbalLockTolerance(
    const T& cos_pitch) {
  return std::abs(ExtractDoubleOrThrow(cos_pitch)) <
         kGimbalLockToleranceCosPitchAngle;
}

template <typename T>
bool RollPitchYaw<T>::DoesPitchAngleViolateGimbalLockTolerance() const {
  using std::cos;
  return DoesCosPitchAngleViolateGimbalLockTolerance(cos(pitch_angle()));
}

template <typename T>
double RollPitchYaw<T>::GimbalLockPitchAngleTolerance() {
  return M_PI / 2 - std::acos(kGimbalLockToleranceCosPitchAngle);
}

template <typename T>
void RollPitchYaw<T>::ThrowIfNearGimbalLock(const char* function,
                                            const T& cos_pitch) const {
  if constexpr (scalar_predicate<T>::is_bool) {
    if (DoesCosPitchAngleViolateGimbalLockTolerance(cos_pitch)) {
      ThrowLogicError(
          "RollPitchYaw::{}(): gimbal lock: the pitch angle {} rad is within "
          "{:.4g} rad of ±π/2 (|cos(pitch)| = {:.3g} < {}), where the map "
          "between angular velocity and roll-pitch-yaw rates is singular. Use "
          "a quaternion or a rotation matrix to describe this orientation.",
          function, ExtractDoubleOrThrow(pitch_angle()),
          GimbalLockPitchAngleTolerance(),
          std::abs(ExtractDoubleOrThrow(cos_pitch)),
          kGimbalLockToleranceCosPitchAngle);
    }
  }
}

template <typename T>
Matrix3<T> RollPitchYaw<T>::CalcRotationMatrixDt(
    const Vector3<T>& rpyDt) const {
  // Ṙ = [w_AD_A]× · R.
  const Vector3<T> w = CalcAngularVelocityInParentFromRpyDt(rpyDt);
  Matrix3<T> w_cross;
  w_cross << 0, -w(2), w(1), w(2), 0, -w(0), -w(1), w(0), 0;
  return w_cross * ToRotationMatrix().matrix();
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcAngularVelocityInParentFromRpyDt(
    const Vector3<T>& rpyDt) const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  const T sy = sin(yaw_angle()), cy = cos(yaw_angle());
  const T& rDt = rpyDt(0);
  const T& pDt = rpyDt(1);
  const T& yDt = rpyDt(2);
  return Vector3<T>(cy * cp * rDt - sy * pDt, sy * cp * rDt + cy * pDt,
                    -sp * rDt + yDt);
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcAngularVelocityInChildFromRpyDt(
    const Vector3<T>& rpyDt) const {
  using std::cos;
  using std::sin;
  const T sr = sin(roll_angle()), cr = cos(roll_angle());
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  const T& rDt = rpyDt(0);
  const T& pDt = rpyDt(1);
  const T& yDt = rpyDt(2);
  return Vector3<T>(rDt - sp * yDt, cr * pDt + sr * cp * yDt,
                    -sr * pDt + cr * cp * yDt);
}

template <typename T>
Matrix3<T> RollPitchYaw<T>::
    CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame() const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock(
      "CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame", cp);
  const T sy = sin(yaw_angle()), cy = cos(yaw_angle());
  const T one_over_cp = 1 / cp;
  const T cy_over_cp = cy * one_over_cp, sy_over_cp = sy * one_over_cp;
  Matrix3<T> M;
  M << cy_over_cp, sy_over_cp, 0,  //
      -sy, cy, 0,                  //
      cy_over_cp * sp, sy_over_cp * sp, 1;
  return M;
}

template <typename T>
Matrix3<T> RollPitchYaw<T>::
    CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInChildFrame() const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock(
      "CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInChildFrame", cp);
  const T sr = sin(roll_angle()), cr = cos(roll_angle());
  const T one_over_cp = 1 / cp;
  const T sr_over_cp = sr * one_over_cp, cr_over_cp = cr * one_over_cp;
  Matrix3<T> M;
  M << 1, sr_over_cp * sp, cr_over_cp * sp,  //
      0, cr, -sr,                            //
      0, sr_over_cp, cr_over_cp;
  return M;
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcRpyDtFromAngularVelocityInParent(
    const Vector3<T>& w_AD_A) const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock("CalcRpyDtFromAngularVelocityInParent", cp);
  const T sy = sin(yaw_angle()), cy = cos(yaw_angle());
  const T rDt = (cy * w_AD_A(0) + sy * w_AD_A(1)) / cp;
  const T pDt = -sy * w_AD_A(0) + cy * w_AD_A(1);
  const T yDt = w_AD_A(2) + sp * rDt;
  return Vector3<T>(rDt, pDt, yDt);
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcRpyDtFromAngularVelocityInChild(
    const Vector3<T>& w_AD_D) const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock("CalcRpyDtFromAngularVelocityInChild", cp);
  const T sr = sin(roll_angle()), cr = cos(roll_angle());
  const T yDt = (sr * w_AD_D(1) + cr * w_AD_D(2)) / cp;
  const T pDt = cr * w_AD_D(1) - sr * w_AD_D(2);
  const T rDt = w_AD_D(0) + sp * yDt;
  return Vector3<T>(rDt, pDt, yDt);
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcRpyDDtFromRpyDtAndAngularAccelInParent(
    const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_A) const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock("CalcRpyDDtFromRpyDtAndAngularAccelInParent", cp);
  const T sy = sin(yaw_angle()), cy = cos(yaw_angle());
  const T& rDt = rpyDt(0);
  const T& pDt = rpyDt(1);
  const T& yDt = rpyDt(2);
  // Ṁ·rpyDt, with M = [cy·cp, −sy, 0; sy·cp, cy, 0; −sp, 0, 1].
  const T cyDt = -sy * yDt, syDt = cy * yDt;
  const T cpDt = -sp * pDt, spDt = cp * pDt;
  const Vector3<T> MDt_rpyDt((cyDt * cp + cy * cpDt) * rDt - syDt * pDt,
                             (syDt * cp + sy * cpDt) * rDt + cyDt * pDt,
                             -spDt * rDt);
  const Vector3<T> b = alpha_AD_A - MDt_rpyDt;
  const T rDDt = (cy * b(0) + sy * b(1)) / cp;
  const T pDDt = -sy * b(0) + cy * b(1);
  const T yDDt = b(2) + sp * rDDt;
  return Vector3<T>(rDDt, pDDt, yDDt);
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcRpyDDtFromAngularAccelInParent(
    const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_A) const {
  return CalcRpyDDtFromRpyDtAndAngularAccelInParent(rpyDt, alpha_AD_A);
}

template <typename T>
Vector3<T> RollPitchYaw<T>::CalcRpyDDtFromAngularAccelInChild(
    const Vector3<T>& rpyDt, const Vector3<T>& alpha_AD_D) const {
  using std::cos;
  using std::sin;
  const T sp = sin(pitch_angle()), cp = cos(pitch_angle());
  ThrowIfNearGimbalLock("CalcRpyDDtFromAngularAccelInChild", cp);
  const T sr = sin(roll_angle()), cr = cos(roll_angle());
  const T& rDt = rpyDt(0);
  const T& pDt = rpyDt(1);
  const T& yDt = rpyDt(2);
  // Ṁc·rpyDt, with Mc = [1, 0, −sp; 0, cr, sr·cp; 0, −sr, cr·cp].
  const T crDt = -sr * rDt, srDt = cr * rDt;
  const T cpDt = -sp * pDt, spDt = cp * pDt;
  const Vector3<T> MDt_rpyDt(-spDt * yDt,
                             crDt * pDt + (srDt * cp + sr * cpDt) * yDt,
                             -srDt * pDt + (crDt * cp + cr * cpDt) * yDt);
  const Vector3<T> b = alpha_AD_D - MDt_rpyDt;
  const T yDDt = (sr * b(1) + cr * b(2)) / cp;
  const T pDDt = cr * b(1) - sr * b(2);
  const T rDDt = b(0) + sp * yDDt;
  return Vector3<T>(rDDt, pDDt, yDDt);
}

}  // namespace ossa::math

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RollPitchYaw)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RollPitchYaw)
