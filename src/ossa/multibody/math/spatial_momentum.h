#pragma once

/// @file
/// SpatialMomentum: angular and linear momentum of a body about a point.

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/math/spatial_vector.h"

namespace ossa::multibody {

template <typename T>
class SpatialVelocity;

/// The spatial momentum L_MSP_E = [h_MSP_E; l_MS_E] of a system S measured
/// in a frame M, about a point P and expressed in a frame E: the angular
/// momentum about P (kg·m²/s) followed by the linear momentum (kg·m/s).
template <typename T>
class SpatialMomentum : public SpatialVector<SpatialMomentum, T> {
  using Base = SpatialVector<::ossa::multibody::SpatialMomentum, T>;

 public:
  /// Uninitialized in release builds, NaN in debug builds.
  SpatialMomentum() = default;

  /// From an angular momentum `h` and a linear momentum `l`.
  template <typename OtherDerived1, typename OtherDerived2>
  SpatialMomentum(const Eigen::MatrixBase<OtherDerived1>& h,
                  const Eigen::MatrixBase<OtherDerived2>& l)
      : Base(h, l) {}

  /// From a 6-element vector [h; l].
  template <typename Derived>
  explicit SpatialMomentum(const Eigen::MatrixBase<Derived>& L) : Base(L) {}

  /// Shifts this L_MSP_E in place to L_MSQ_E, the momentum about a point Q
  /// at `offset` = p_PQ_E from P:
  ///   h_MSQ = h_MSP − p_PQ × l_MS,  l unchanged.
  SpatialMomentum<T>& ShiftInPlace(const Vector3<T>& offset) {
    this->rotational() -= offset.cross(this->translational());
    return *this;
  }

  /// Returns L_MSQ_E, this L_MSP_E shifted by `offset` = p_PQ_E.
  SpatialMomentum<T> Shift(const Vector3<T>& offset) const {
    return SpatialMomentum<T>(*this).ShiftInPlace(offset);
  }

  /// Twice the kinetic energy: this L_MBp_E · V_MBp_E (joules).
  T dot(const SpatialVelocity<T>& V_MBp_E) const;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialMomentum)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialMomentum)
