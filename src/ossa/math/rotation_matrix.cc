#include "ossa/math/rotation_matrix.h"

#include <fmt/format.h>

#include <Eigen/SVD>
#include <cmath>

#include "ossa/common/error.h"
#include "ossa/math/roll_pitch_yaw.h"

namespace ossa::math {

namespace internal {

void ThrowIfNotValidRotation(const Matrix3<double>& R, const char* caller) {
  if (!R.allFinite()) {
    ThrowLogicError(
        "{}: the rotation matrix has a NaN or infinite element:\n{}", caller,
        fmt::format("[{}, {}, {}; {}, {}, {}; {}, {}, {}]", R(0, 0), R(0, 1),
                    R(0, 2), R(1, 0), R(1, 1), R(1, 2), R(2, 0), R(2, 1),
                    R(2, 2)));
  }
  const double tolerance =
      RotationMatrix<double>::get_internal_tolerance_for_orthonormality();
  const double error =
      (R * R.transpose() - Matrix3<double>::Identity()).cwiseAbs().maxCoeff();
  if (!(error <= tolerance)) {
    ThrowLogicError(
        "{}: the matrix is not orthonormal: max|R·Rᵀ − I| = {:g} exceeds the "
        "tolerance {:g} (128 ε). Use RotationMatrix::ProjectToRotationMatrix() "
        "to find the closest rotation matrix, or normalize your quaternion.",
        caller, error, tolerance);
  }
  if (!(R.determinant() > 0)) {
    ThrowLogicError(
        "{}: the matrix is orthonormal but its determinant is {:g}, not +1: it "
        "is a reflection (a left-handed basis), not a rotation.",
        caller, R.determinant());
  }
}

}  // namespace internal

namespace {
// The larger of a and b; a stays on ties and when b is NaN. A symbolic
// scalar gets max(a, b), an expression, since it cannot branch.
template <typename T>
T MaxOf(const T& a, const T& b) {
  if constexpr (scalar_predicate<T>::is_bool) {
    return b > a ? b : a;
  } else {
    using std::max;
    return max(a, b);
  }
}
}  // namespace

template <typename T>
void RotationMatrix<T>::ThrowWrongRows(Eigen::Index rows) {
  ThrowLogicError(
      "RotationMatrix::operator*(): the matrix to re-express must have 3 "
      "rows, not {}.",
      rows);
}

template <typename T>
void RotationMatrix<T>::ThrowBadIndex(const char* method, int index) {
  ThrowLogicError("RotationMatrix::{}(): index is {}; expected 0, 1 or 2.",
                  method, index);
}

template <typename T>
RotationMatrix<T>::RotationMatrix(const Quaternion<T>& q) {
  const T w = q.w(), x = q.x(), y = q.y(), z = q.z();
  const T norm_squared = w * w + x * x + y * y + z * z;
  if constexpr (scalar_predicate<T>::is_bool) {
    const double n2 = ExtractDoubleOrThrow(norm_squared);
    if (!std::isfinite(n2) || !(n2 > 0)) {
      ThrowLogicError(
          "RotationMatrix(Quaternion): the quaternion [w, x, y, z] = [{}, {}, "
          "{}, {}] is zero, NaN or infinite; it cannot describe a rotation.",
          ExtractDoubleOrThrow(w), ExtractDoubleOrThrow(x),
          ExtractDoubleOrThrow(y), ExtractDoubleOrThrow(z));
    }
  }
  // Dividing by |q|² makes this the rotation of the unit quaternion q/|q|.
  const T s = 2 / norm_squared;
  const T wx = s * w * x, wy = s * w * y, wz = s * w * z;
  const T xx = s * x * x, xy = s * x * y, xz = s * x * z;
  const T yy = s * y * y, yz = s * y * z, zz = s * z * z;
  R_AB_ << 1 - (yy + zz), xy - wz, xz + wy,  //
      xy + wz, 1 - (xx + zz), yz - wx,       //
      xz - wy, yz + wx, 1 - (xx + yy);
}

template <typename T>
RotationMatrix<T>::RotationMatrix(const AngleAxis<T>& theta_lambda) {
  const Vector3<T>& axis = theta_lambda.axis();
  const T norm = axis.norm();
  if constexpr (scalar_predicate<T>::is_bool) {
    const double n = ExtractDoubleOrThrow(norm);
    if (!std::isfinite(n) || !(n > 0) ||
        !std::isfinite(ExtractDoubleOrThrow(theta_lambda.angle()))) {
      ThrowLogicError(
          "RotationMatrix(AngleAxis): the axis [{}, {}, {}] (angle {}) is "
          "zero, "
          "NaN or infinite; expected a finite non-zero axis and a finite "
          "angle.",
          ExtractDoubleOrThrow(axis(0)), ExtractDoubleOrThrow(axis(1)),
          ExtractDoubleOrThrow(axis(2)),
          ExtractDoubleOrThrow(theta_lambda.angle()));
    }
  }
  using std::cos;
  using std::sin;
  const Vector3<T> k = axis / norm;
  const T& theta = theta_lambda.angle();
  const T c = cos(theta), s = sin(theta), v = 1 - c;
  R_AB_ << c + v * k(0) * k(0), v * k(0) * k(1) - s * k(2),
      v * k(0) * k(2) + s * k(1),  //
      v * k(0) * k(1) + s * k(2), c + v * k(1) * k(1),
      v * k(1) * k(2) - s * k(0),  //
      v * k(0) * k(2) - s * k(1), v * k(1) * k(2) + s * k(0),
      c + v * k(2) * k(2);
}

template <typename T>
RotationMatrix<T>::RotationMatrix(const RollPitchYaw<T>& rpy) {
  using std::cos;
  using std::sin;
  const T& r = rpy.roll_angle();
  const T& p = rpy.pitch_angle();
  const T& y = rpy.yaw_angle();
  const T c0 = cos(r), c1 = cos(p), c2 = cos(y);
  const T s0 = sin(r), s1 = sin(p), s2 = sin(y);
  const T c2_s1 = c2 * s1, s2_s1 = s2 * s1;
  // R = Rz(y)·Ry(p)·Rx(r), multiplied out.
  R_AB_ << c2 * c1, c2_s1 * s0 - s2 * c0, c2_s1 * c0 + s2 * s0,  //
      s2 * c1, s2_s1 * s0 + c2 * c0, s2_s1 * c0 - c2 * s0,       //
      -s1, c1 * s0, c1 * c0;
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeXRotation(const T& theta) {
  using std::cos;
  using std::sin;
  const T c = cos(theta), s = sin(theta);
  Matrix3<T> R;
  R << 1, 0, 0, 0, c, -s, 0, s, c;
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeYRotation(const T& theta) {
  using std::cos;
  using std::sin;
  const T c = cos(theta), s = sin(theta);
  Matrix3<T> R;
  R << c, 0, s, 0, 1, 0, -s, 0, c;
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeZRotation(const T& theta) {
  using std::cos;
  using std::sin;
  const T c = cos(theta), s = sin(theta);
  Matrix3<T> R;
  R << c, -s, 0, s, c, 0, 0, 0, 1;
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeFromOneVector(const Vector3<T>& b_A,
                                                       int axis_index) {
  if (axis_index < 0 || axis_index > 2) {
    ThrowLogicError(
        "RotationMatrix::MakeFromOneVector(): axis_index is {}; expected 0 "
        "(x), 1 (y) or 2 (z).",
        axis_index);
  }
  const T norm = b_A.norm();
  if constexpr (scalar_predicate<T>::is_bool) {
    const double n = ExtractDoubleOrThrow(norm);
    if (!std::isfinite(n) || !(n >= 1e-10)) {
      ThrowLogicError(
          "RotationMatrix::MakeFromOneVector(): cannot make a unit vector from "
          "b_A = [{}, {}, {}]: its magnitude {} is NaN, infinite or below "
          "1e-10.",
          ExtractDoubleOrThrow(b_A(0)), ExtractDoubleOrThrow(b_A(1)),
          ExtractDoubleOrThrow(b_A(2)), n);
    }
  }
  using std::abs;
  using std::sqrt;
  const Vector3<T> u = b_A / norm;
  // The element of u smallest in magnitude, i, gives the best-conditioned
  // perpendicular: v = [0 in i, −u_k, u_j]/|(u_j, u_k)|, with |(u_j, u_k)| ≥
  // √(2/3).
  int i = 0;
  if (abs(u(1)) < abs(u(i))) i = 1;
  if (abs(u(2)) < abs(u(i))) i = 2;
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  const T mag = sqrt(u(j) * u(j) + u(k) * u(k));
  Vector3<T> v;
  v(i) = 0;
  v(j) = -u(k) / mag;
  v(k) = u(j) / mag;
  const Vector3<T> w = u.cross(v);
  Matrix3<T> R;
  R.col(axis_index) = u;
  R.col((axis_index + 1) % 3) = v;
  R.col((axis_index + 2) % 3) = w;
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeFromOrthonormalRows(
    const Vector3<T>& Ax_B, const Vector3<T>& Ay_B, const Vector3<T>& Az_B) {
  Matrix3<T> R;
  R.row(0) = Ax_B.transpose();
  R.row(1) = Ay_B.transpose();
  R.row(2) = Az_B.transpose();
  ThrowIfNotValid(R, "RotationMatrix::MakeFromOrthonormalRows()");
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::MakeFromOrthonormalColumns(
    const Vector3<T>& Bx_A, const Vector3<T>& By_A, const Vector3<T>& Bz_A) {
  Matrix3<T> R;
  R.col(0) = Bx_A;
  R.col(1) = By_A;
  R.col(2) = Bz_A;
  ThrowIfNotValid(R, "RotationMatrix::MakeFromOrthonormalColumns()");
  return RotationMatrix<T>(R, Unchecked{});
}

template <typename T>
const RotationMatrix<T>& RotationMatrix<T>::Identity() {
  static const RotationMatrix<T> kIdentity;
  return kIdentity;
}

template <typename T>
RotationMatrix<T> RotationMatrix<T>::ProjectToRotationMatrix(
    const Matrix3<T>& M, T* quality_factor) {
  const Matrix3<double> M_d = ExtractDoubleOrThrow(M);
  const double det = M_d.determinant();
  // SVD of the values: the singular values decide the quality factor and the
  // throw for every scalar type.
  Eigen::JacobiSVD<Matrix3<double>> svd(
      M_d, Eigen::ComputeFullU | Eigen::ComputeFullV);
  const Vector3<double> sigma = svd.singularValues();
  if (!M_d.allFinite() || !(det > 0) || !(sigma(2) > 1e-10 * sigma(0))) {
    ThrowLogicError(
        "RotationMatrix::ProjectToRotationMatrix(): no rotation matrix is "
        "close to M: det(M) = {:g} and its singular values are [{:g}, {:g}, "
        "{:g}]; expected a finite matrix with a positive determinant that is "
        "not nearly singular.",
        det, sigma(0), sigma(1), sigma(2));
  }
  using std::abs;
  if constexpr (std::is_same_v<T, double>) {
    if (quality_factor != nullptr) {
      *quality_factor =
          abs(sigma(0) - 1) >= abs(sigma(2) - 1) ? sigma(0) : sigma(2);
    }
    // det(M) > 0, so det(U·Vᵀ) = +1: U·Vᵀ is the closest rotation.
    const Matrix3<double> R = svd.matrixU() * svd.matrixV().transpose();
    return RotationMatrix<T>(R, Unchecked{});
  } else {
    // Newton's iteration for the orthogonal polar factor; it converges
    // quadratically from M because det(M) > 0 and M is not singular, and it
    // propagates derivatives exactly in the limit.
    Matrix3<T> R = M;
    for (int iteration = 0; iteration < 100; ++iteration) {
      const Matrix3<T> R_inv_T = R.inverse().transpose();
      const Matrix3<T> next = (R + R_inv_T) / 2;
      const double change =
          (ExtractDoubleOrThrow(next) - ExtractDoubleOrThrow(R))
              .cwiseAbs()
              .maxCoeff();
      R = next;
      if (change <= 4 * std::numeric_limits<double>::epsilon()) break;
    }
    if (quality_factor != nullptr) {
      // The singular values of M are those of the symmetric factor Rᵀ·M.
      const Matrix3<T> S = R.transpose() * M;
      // Use the values for the choice, then pick the matching eigenvalue of
      // S with derivatives through the Rayleigh quotient vᵀ·S·v.
      const int index = abs(sigma(0) - 1) >= abs(sigma(2) - 1) ? 0 : 2;
      const Vector3<double> v = svd.matrixV().col(index);
      *quality_factor = v.template cast<T>().dot(S * v.template cast<T>());
    }
    return RotationMatrix<T>(R, Unchecked{});
  }
}

template <typename T>
T RotationMatrix<T>::GetMeasureOfOrthonormality(const Matrix3<T>& R) {
  const Matrix3<T> E = R * R.transpose() - Matrix3<T>::Identity();
  using std::abs;
  T result = abs(E(0, 0));
  for (int k = 1; k < 9; ++k) {
    result = MaxOf<T>(result, abs(E(k % 3, k / 3)));
  }
  return result;
}

template <typename T>
bool RotationMatrix<T>::IsOrthonormal(const Matrix3<T>& R, double tolerance) {
  return ExtractDoubleOrThrow(GetMeasureOfOrthonormality(R)) <= tolerance;
}

template <typename T>
bool RotationMatrix<T>::IsValid(const Matrix3<T>& R, double tolerance) {
  return IsOrthonormal(R, tolerance) &&
         ExtractDoubleOrThrow(R).determinant() > 0;
}

template <typename T>
bool RotationMatrix<T>::IsValid(const Matrix3<T>& R) {
  return IsValid(R, get_internal_tolerance_for_orthonormality());
}

template <typename T>
bool RotationMatrix<T>::IsExactlyIdentity() const {
  return ExtractDoubleOrThrow(R_AB_) == Matrix3<double>::Identity();
}

template <typename T>
bool RotationMatrix<T>::IsNearlyIdentity(double tolerance) const {
  return IsNearlyEqualTo(Identity(), tolerance);
}

template <typename T>
bool RotationMatrix<T>::IsNearlyEqualTo(const RotationMatrix<T>& other,
                                        double tolerance) const {
  return ExtractDoubleOrThrow(GetMaximumAbsoluteDifference(other)) <= tolerance;
}

template <typename T>
bool RotationMatrix<T>::IsExactlyEqualTo(const RotationMatrix<T>& other) const {
  return ExtractDoubleOrThrow(R_AB_) == ExtractDoubleOrThrow(other.R_AB_);
}

template <typename T>
T RotationMatrix<T>::GetMaximumAbsoluteDifference(
    const RotationMatrix<T>& other) const {
  using std::abs;
  T result = abs(R_AB_(0, 0) - other.R_AB_(0, 0));
  for (int k = 1; k < 9; ++k) {
    result =
        MaxOf<T>(result, abs(R_AB_(k % 3, k / 3) - other.R_AB_(k % 3, k / 3)));
  }
  return result;
}

template <typename T>
Quaternion<T> RotationMatrix<T>::ToQuaternion(const Matrix3<T>& M) {
  using std::sqrt;
  const T trace = M(0, 0) + M(1, 1) + M(2, 2);
  // Shepperd: the largest of 4w², 4x², 4y², 4z² (1 + trace, 1 + 2 M_ii −
  // trace) is computed from a square root, the others from off-diagonal
  // sums and differences divided by it, so nothing is divided by a small
  // number.
  T w, x, y, z;
  if (trace >= M(0, 0) && trace >= M(1, 1) && trace >= M(2, 2)) {
    const T s = 2 * sqrt(1 + trace);  // 4w
    w = s / 4;
    x = (M(2, 1) - M(1, 2)) / s;
    y = (M(0, 2) - M(2, 0)) / s;
    z = (M(1, 0) - M(0, 1)) / s;
  } else if (M(0, 0) >= M(1, 1) && M(0, 0) >= M(2, 2)) {
    const T s = 2 * sqrt(1 + 2 * M(0, 0) - trace);  // 4x
    x = s / 4;
    w = (M(2, 1) - M(1, 2)) / s;
    y = (M(0, 1) + M(1, 0)) / s;
    z = (M(0, 2) + M(2, 0)) / s;
  } else if (M(1, 1) >= M(2, 2)) {
    const T s = 2 * sqrt(1 + 2 * M(1, 1) - trace);  // 4y
    y = s / 4;
    w = (M(0, 2) - M(2, 0)) / s;
    x = (M(0, 1) + M(1, 0)) / s;
    z = (M(1, 2) + M(2, 1)) / s;
  } else {
    const T s = 2 * sqrt(1 + 2 * M(2, 2) - trace);  // 4z
    z = s / 4;
    w = (M(1, 0) - M(0, 1)) / s;
    x = (M(0, 2) + M(2, 0)) / s;
    y = (M(1, 2) + M(2, 1)) / s;
  }
  if (w < 0) {
    w = -w;
    x = -x;
    y = -y;
    z = -z;
  }
  const T norm = sqrt(w * w + x * x + y * y + z * z);
  return Quaternion<T>(w / norm, x / norm, y / norm, z / norm);
}

template <typename T>
RollPitchYaw<T> RotationMatrix<T>::ToRollPitchYaw() const {
  return RollPitchYaw<T>(*this);
}

template <typename T>
Vector4<T> RotationMatrix<T>::ToQuaternionAsVector4() const {
  const Quaternion<T> q = ToQuaternion();
  return Vector4<T>(q.w(), q.x(), q.y(), q.z());
}

template <typename T>
AngleAxis<T> RotationMatrix<T>::ToAngleAxis() const {
  using std::atan2;
  using std::sqrt;
  const Quaternion<T> q = ToQuaternion();  // w ≥ 0, so θ ∈ [0, π].
  const T s2 = q.x() * q.x() + q.y() * q.y() + q.z() * q.z();
  if (!(s2 > 0)) return AngleAxis<T>(T(0), Vector3<T>::UnitZ());
  const T s = sqrt(s2);
  // atan2 of sin(θ/2) and cos(θ/2) is accurate at all angles, unlike acos.
  const T theta = 2 * atan2(s, q.w());
  return AngleAxis<T>(theta, Vector3<T>(q.x() / s, q.y() / s, q.z() / s));
}

}  // namespace ossa::math

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RotationMatrix)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RotationMatrix)
