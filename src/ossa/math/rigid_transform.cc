#include "ossa/math/rigid_transform.h"

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/math/roll_pitch_yaw.h"

namespace ossa::math {

namespace {
template <typename T>
void ThrowIfLastRowIsNot0001(const Eigen::Matrix<T, 1, 4>& row,
                             const char* caller) {
  if constexpr (scalar_predicate<T>::is_bool) {
    const Eigen::Matrix<double, 1, 4> r = ExtractDoubleOrThrow(row);
    if (!(r(0) == 0 && r(1) == 0 && r(2) == 0 && r(3) == 1)) {
      ThrowLogicError(
          "{}: the last row of the 4x4 matrix is [{}, {}, {}, {}]; expected "
          "exactly [0, 0, 0, 1].",
          caller, r(0), r(1), r(2), r(3));
    }
  }
}
}  // namespace

template <typename T>
void RigidTransform<T>::ThrowWrongRows(Eigen::Index rows) {
  ThrowLogicError(
      "RigidTransform::operator*(): a matrix of points must have 3 rows "
      "(positions) or 4 rows (homogeneous), not {}.",
      rows);
}

template <typename T>
void RigidTransform<T>::ThrowNotHomogeneous(Eigen::Index column, double last) {
  ThrowLogicError(
      "RigidTransform::operator*(): the last element of column {} of the "
      "homogeneous 4-row matrix is {}; expected 1 (a point) or 0 (a vector).",
      column, last);
}

template <typename T>
RigidTransform<T>::RigidTransform(const RollPitchYaw<T>& rpy,
                                  const Vector3<T>& p)
    : R_AB_(rpy), p_AoBo_A_(p) {}

template <typename T>
RigidTransform<T>::RigidTransform(const Isometry3<T>& pose) {
  const Matrix4<T>& M = pose.matrix();
  ThrowIfLastRowIsNot0001<T>(M.template bottomRows<1>(),
                             "RigidTransform(Isometry3)");
  const Matrix3<T> R = M.template topLeftCorner<3, 3>();
  if constexpr (scalar_predicate<T>::is_bool) {
    internal::ThrowIfNotValidRotation(ExtractDoubleOrThrow(R),
                                      "RigidTransform(Isometry3)");
  }
  R_AB_ = RotationMatrix<T>::MakeUnchecked(R);
  p_AoBo_A_ = M.template topRightCorner<3, 1>();
}

template <typename T>
RigidTransform<T>::RigidTransform(const Matrix4<T>& pose) {
  ThrowIfLastRowIsNot0001<T>(pose.template bottomRows<1>(),
                             "RigidTransform(Matrix4)");
  const Matrix3<T> R = pose.template topLeftCorner<3, 3>();
  if constexpr (scalar_predicate<T>::is_bool) {
    internal::ThrowIfNotValidRotation(ExtractDoubleOrThrow(R),
                                      "RigidTransform(Matrix4)");
  }
  R_AB_ = RotationMatrix<T>::MakeUnchecked(R);
  p_AoBo_A_ = pose.template topRightCorner<3, 1>();
}

template <typename T>
RigidTransform<T>::RigidTransform(const Eigen::Matrix<T, 3, 4>& pose) {
  const Matrix3<T> R = pose.template leftCols<3>();
  if constexpr (scalar_predicate<T>::is_bool) {
    internal::ThrowIfNotValidRotation(ExtractDoubleOrThrow(R),
                                      "RigidTransform(Matrix34)");
  }
  R_AB_ = RotationMatrix<T>::MakeUnchecked(R);
  p_AoBo_A_ = pose.col(3);
}

template <typename T>
const RigidTransform<T>& RigidTransform<T>::Identity() {
  static const RigidTransform<T> kIdentity;
  return kIdentity;
}

template <typename T>
void RigidTransform<T>::set_rotation(const RollPitchYaw<T>& rpy) {
  R_AB_ = RotationMatrix<T>(rpy);
}

template <typename T>
Matrix4<T> RigidTransform<T>::GetAsMatrix4() const {
  Matrix4<T> X;
  X.template topLeftCorner<3, 3>() = R_AB_.matrix();
  X.template topRightCorner<3, 1>() = p_AoBo_A_;
  X.row(3) << 0, 0, 0, 1;
  return X;
}

template <typename T>
Eigen::Matrix<T, 3, 4> RigidTransform<T>::GetAsMatrix34() const {
  Eigen::Matrix<T, 3, 4> X;
  X.template leftCols<3>() = R_AB_.matrix();
  X.col(3) = p_AoBo_A_;
  return X;
}

template <typename T>
Isometry3<T> RigidTransform<T>::GetAsIsometry3() const {
  Isometry3<T> X;
  X.matrix() = GetAsMatrix4();
  return X;
}

template <typename T>
bool RigidTransform<T>::IsExactlyIdentity() const {
  return R_AB_.IsExactlyIdentity() &&
         ExtractDoubleOrThrow(p_AoBo_A_) == Vector3<double>::Zero();
}

template <typename T>
bool RigidTransform<T>::IsIdentityToEpsilon(
    double translation_tolerance) const {
  return R_AB_.IsNearlyIdentity() &&
         ExtractDoubleOrThrow(p_AoBo_A_).cwiseAbs().maxCoeff() <=
             translation_tolerance;
}

template <typename T>
bool RigidTransform<T>::IsNearlyEqualTo(const RigidTransform<T>& other,
                                        double tolerance) const {
  return ExtractDoubleOrThrow(GetMaximumAbsoluteDifference(other)) <= tolerance;
}

template <typename T>
bool RigidTransform<T>::IsExactlyEqualTo(const RigidTransform<T>& other) const {
  return R_AB_.IsExactlyEqualTo(other.R_AB_) &&
         ExtractDoubleOrThrow(p_AoBo_A_) ==
             ExtractDoubleOrThrow(other.p_AoBo_A_);
}

template <typename T>
T RigidTransform<T>::GetMaximumAbsoluteDifference(
    const RigidTransform<T>& other) const {
  const T r = R_AB_.GetMaximumAbsoluteDifference(other.R_AB_);
  const T p = GetMaxAbsoluteTranslationalDifference(other);
  return p > r ? p : r;
}

template <typename T>
T RigidTransform<T>::GetMaxAbsoluteTranslationalDifference(
    const RigidTransform<T>& other) const {
  using std::abs;
  T result = abs(p_AoBo_A_(0) - other.p_AoBo_A_(0));
  for (int k = 1; k < 3; ++k) {
    const T a = abs(p_AoBo_A_(k) - other.p_AoBo_A_(k));
    if (a > result) result = a;
  }
  return result;
}

}  // namespace ossa::math

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::RigidTransform)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::RigidTransform)
