#include "ossa/multibody/math/spatial_algebra.h"

#include "ossa/common/error.h"

namespace ossa::multibody {

template <typename T>
T SpatialVelocity<T>::dot(const SpatialForce<T>& F_B_E) const {
  return this->get_coeffs().dot(F_B_E.get_coeffs());
}

template <typename T>
T SpatialVelocity<T>::dot(const SpatialMomentum<T>& L_MBp_E) const {
  return this->get_coeffs().dot(L_MBp_E.get_coeffs());
}

template <typename T>
T SpatialForce<T>::dot(const SpatialVelocity<T>& V_MB_E) const {
  return this->get_coeffs().dot(V_MB_E.get_coeffs());
}

template <typename T>
T SpatialMomentum<T>::dot(const SpatialVelocity<T>& V_MBp_E) const {
  return this->get_coeffs().dot(V_MBp_E.get_coeffs());
}

template <typename T>
void SpatialForce<T>::ShiftInPlace(EigenPtr<Matrix6X<T>> spatial_forces,
                                   const Vector3<T>& offset) {
  if (spatial_forces == nullptr) {
    ThrowLogicError("SpatialForce::ShiftInPlace(): spatial_forces is null.");
  }
  auto& F = *spatial_forces;
  for (Eigen::Index j = 0; j < F.cols(); ++j) {
    const Vector3<T> f = F.template block<3, 1>(3, j);
    F.template block<3, 1>(0, j) -= offset.cross(f);
  }
}

template <typename T>
void SpatialForce<T>::Shift(const Eigen::Ref<const Matrix6X<T>>& spatial_forces,
                            const Vector3<T>& offset,
                            EigenPtr<Matrix6X<T>> spatial_forces_out) {
  if (spatial_forces_out == nullptr) {
    ThrowLogicError("SpatialForce::Shift(): spatial_forces_out is null.");
  }
  if (spatial_forces_out->cols() != spatial_forces.cols()) {
    ThrowLogicError(
        "SpatialForce::Shift(): spatial_forces_out has {} columns; expected "
        "{} (the columns of spatial_forces).",
        spatial_forces_out->cols(), spatial_forces.cols());
  }
  *spatial_forces_out = spatial_forces;
  ShiftInPlace(spatial_forces_out, offset);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialVelocity)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialVelocity)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialAcceleration)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialAcceleration)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialForce)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialForce)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialMomentum)
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialMomentum)
