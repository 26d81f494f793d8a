#include "ossa/math/quaternion.h"

#include <cmath>

#include "ossa/common/scalar_traits.h"

namespace ossa::math {

template <typename T>
Quaternion<T> ClosestQuaternion(const Quaternion<T>& quat1,
                                const Quaternion<T>& quat2) {
  const T dot = quat1.w() * quat2.w() + quat1.x() * quat2.x() +
                quat1.y() * quat2.y() + quat1.z() * quat2.z();
  if (dot < 0) {
    return Quaternion<T>(-quat2.w(), -quat2.x(), -quat2.y(), -quat2.z());
  }
  return quat2;
}

template <typename T>
bool is_quaternion_in_canonical_form(const Quaternion<T>& quat) {
  return ExtractDoubleOrThrow(quat.w()) >= 0;
}

template <typename T>
Quaternion<T> QuaternionToCanonicalForm(const Quaternion<T>& quat) {
  if (is_quaternion_in_canonical_form(quat)) return quat;
  return Quaternion<T>(-quat.w(), -quat.x(), -quat.y(), -quat.z());
}

template <typename T>
bool AreQuaternionsEqualForOrientation(const Quaternion<T>& quat1,
                                       const Quaternion<T>& quat2,
                                       double tolerance) {
  const Quaternion<T> a = QuaternionToCanonicalForm(quat1);
  const Quaternion<T> b = QuaternionToCanonicalForm(quat2);
  const Vector4<double> d =
      Vector4<double>(ExtractDoubleOrThrow(a.w()), ExtractDoubleOrThrow(a.x()),
                      ExtractDoubleOrThrow(a.y()),
                      ExtractDoubleOrThrow(a.z())) -
      Vector4<double>(ExtractDoubleOrThrow(b.w()), ExtractDoubleOrThrow(b.x()),
                      ExtractDoubleOrThrow(b.y()), ExtractDoubleOrThrow(b.z()));
  return d.cwiseAbs().maxCoeff() <= tolerance;
}

template <typename T>
bool IsQuaternionValid(const Quaternion<T>& quat, double tolerance) {
  const Vector4<double> q(
      ExtractDoubleOrThrow(quat.w()), ExtractDoubleOrThrow(quat.x()),
      ExtractDoubleOrThrow(quat.y()), ExtractDoubleOrThrow(quat.z()));
  return q.allFinite() && std::abs(q.norm() - 1) <= tolerance;
}

template <typename T>
bool IsBothQuaternionAndQuaternionDtOK(const Quaternion<T>& quat,
                                       const Vector4<T>& quatDt,
                                       double tolerance) {
  if (!IsQuaternionValid(quat, tolerance)) return false;
  const Vector4<double> q(
      ExtractDoubleOrThrow(quat.w()), ExtractDoubleOrThrow(quat.x()),
      ExtractDoubleOrThrow(quat.y()), ExtractDoubleOrThrow(quat.z()));
  const Vector4<double> qDt = ExtractDoubleOrThrow(quatDt);
  return qDt.allFinite() && std::abs(q.dot(qDt)) <= tolerance;
}

template <typename T>
Vector4<T> CalculateQuaternionDtFromAngularVelocityExpressedInB(
    const Quaternion<T>& quat_AB, const Vector3<T>& w_AB_B) {
  return AngularVelocityInChildToQuaternionRateMatrix(quat_AB) * w_AB_B;
}

template <typename T>
Vector3<T> CalculateAngularVelocityExpressedInBFromQuaternionDt(
    const Quaternion<T>& quat_AB, const Vector4<T>& quatDt) {
  return QuaternionRateToAngularVelocityInChildMatrix(quat_AB) * quatDt;
}

// E(q) for the parent frame: (0, ω) ⊗ q = E_A(q)·ω with
// E_A = [−x, −y, −z; w, z, −y; −z, w, x; y, −x, w].
template <typename T>
Eigen::Matrix<T, 4, 3> AngularVelocityToQuaternionRateMatrix(
    const Quaternion<T>& q) {
  const T w = q.w() / 2, x = q.x() / 2, y = q.y() / 2, z = q.z() / 2;
  Eigen::Matrix<T, 4, 3> N;
  N << -x, -y, -z,  //
      w, z, -y,     //
      -z, w, x,     //
      y, -x, w;
  return N;
}

template <typename T>
Eigen::Matrix<T, 3, 4> QuaternionRateToAngularVelocityMatrix(
    const Quaternion<T>& q) {
  const T scale = 4 / q.squaredNorm();
  return scale * AngularVelocityToQuaternionRateMatrix(q).transpose();
}

// E(q) for the child frame: q ⊗ (0, ω) = E_B(q)·ω with
// E_B = [−x, −y, −z; w, −z, y; z, w, −x; −y, x, w].
template <typename T>
Eigen::Matrix<T, 4, 3> AngularVelocityInChildToQuaternionRateMatrix(
    const Quaternion<T>& q) {
  const T w = q.w() / 2, x = q.x() / 2, y = q.y() / 2, z = q.z() / 2;
  Eigen::Matrix<T, 4, 3> N;
  N << -x, -y, -z,  //
      w, -z, y,     //
      z, w, -x,     //
      -y, x, w;
  return N;
}

template <typename T>
Eigen::Matrix<T, 3, 4> QuaternionRateToAngularVelocityInChildMatrix(
    const Quaternion<T>& q) {
  const T scale = 4 / q.squaredNorm();
  return scale * AngularVelocityInChildToQuaternionRateMatrix(q).transpose();
}

#define OSSA_MATH_QUATERNION_INSTANTIATE(T)                                   \
  template Quaternion<T> ClosestQuaternion(const Quaternion<T>&,              \
                                           const Quaternion<T>&);             \
  template bool is_quaternion_in_canonical_form(const Quaternion<T>&);        \
  template Quaternion<T> QuaternionToCanonicalForm(const Quaternion<T>&);     \
  template bool AreQuaternionsEqualForOrientation(                            \
      const Quaternion<T>&, const Quaternion<T>&, double);                    \
  template bool IsQuaternionValid(const Quaternion<T>&, double);              \
  template bool IsBothQuaternionAndQuaternionDtOK(const Quaternion<T>&,       \
                                                  const Vector4<T>&, double); \
  template Vector4<T> CalculateQuaternionDtFromAngularVelocityExpressedInB(   \
      const Quaternion<T>&, const Vector3<T>&);                               \
  template Vector3<T> CalculateAngularVelocityExpressedInBFromQuaternionDt(   \
      const Quaternion<T>&, const Vector4<T>&);                               \
  template Eigen::Matrix<T, 4, 3> AngularVelocityToQuaternionRateMatrix(      \
      const Quaternion<T>&);                                                  \
  template Eigen::Matrix<T, 3, 4> QuaternionRateToAngularVelocityMatrix(      \
      const Quaternion<T>&);                                                  \
  template Eigen::Matrix<T, 4, 3>                                             \
  AngularVelocityInChildToQuaternionRateMatrix(const Quaternion<T>&);         \
  template Eigen::Matrix<T, 3, 4>                                             \
  QuaternionRateToAngularVelocityInChildMatrix(const Quaternion<T>&);

OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_MATH_QUATERNION_INSTANTIATE)
OSSA_MATH_QUATERNION_INSTANTIATE(::ossa::symbolic::Expression)
#undef OSSA_MATH_QUATERNION_INSTANTIATE

}  // namespace ossa::math
