#pragma once

/// @file
/// SpatialAcceleration: angular and translational acceleration of a frame.

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/math/spatial_vector.h"
#include "ossa/multibody/math/spatial_velocity.h"

namespace ossa::multibody {

/// The spatial acceleration A_MB_E = [α_MB_E; a_MBo_E] of a frame B measured
/// in a frame M and expressed in a frame E: the angular acceleration of B in
/// M (rad/s²) followed by the translational acceleration of Bo in M (m/s²).
/// Both are time derivatives taken in M of the parts of V_MB.
template <typename T>
class SpatialAcceleration : public SpatialVector<SpatialAcceleration, T> {
  using Base = SpatialVector<::ossa::multibody::SpatialAcceleration, T>;

 public:
  /// Uninitialized in release builds, NaN in debug builds.
  SpatialAcceleration() = default;

  /// From an angular acceleration `alpha` and a translational acceleration
  /// `a`.
  template <typename OtherDerived1, typename OtherDerived2>
  SpatialAcceleration(const Eigen::MatrixBase<OtherDerived1>& alpha,
                      const Eigen::MatrixBase<OtherDerived2>& a)
      : Base(alpha, a) {}

  /// From a 6-element vector [α; a].
  template <typename Derived>
  explicit SpatialAcceleration(const Eigen::MatrixBase<Derived>& A) : Base(A) {}

  /// Shifts this A_MP_E in place to A_MQ_E, the spatial acceleration of a
  /// frame Q rigidly fixed to P with origin at `offset` = p_PoQo_E, given the
  /// angular velocity w_MP_E of P in M:
  ///   α_MQ = α_MP,  a_MQ = a_MP + α_MP × p + ω_MP × (ω_MP × p).
  SpatialAcceleration<T>& ShiftInPlace(const Vector3<T>& offset,
                                       const Vector3<T>& angular_velocity) {
    const Vector3<T>& w = angular_velocity;
    this->translational() +=
        this->rotational().cross(offset) + w.cross(w.cross(offset));
    return *this;
  }

  /// Returns this A_MP_E shifted to A_MQ_E (see ShiftInPlace()).
  SpatialAcceleration<T> Shift(const Vector3<T>& offset,
                               const Vector3<T>& angular_velocity) const {
    return SpatialAcceleration<T>(*this).ShiftInPlace(offset, angular_velocity);
  }

  /// ShiftInPlace() for a frame P with zero angular velocity in M:
  ///   a_MQ = a_MP + α_MP × p_PoQo.
  SpatialAcceleration<T>& ShiftInPlaceWithZeroAngularVelocity(
      const Vector3<T>& offset) {
    this->translational() += this->rotational().cross(offset);
    return *this;
  }

  /// Shift() for a frame P with zero angular velocity in M.
  SpatialAcceleration<T> ShiftWithZeroAngularVelocity(
      const Vector3<T>& offset) const {
    return SpatialAcceleration<T>(*this).ShiftInPlaceWithZeroAngularVelocity(
        offset);
  }

  /// Composes this A_MB_E (frame B in M) with the motion of a frame C moving
  /// in B to give A_MC_E, the acceleration of C in M:
  ///   α_MC = α_MB + α_BC + ω_MB × ω_BC
  ///   a_MCo = a_MBo + α_MB × p + ω_MB × (ω_MB × p) + 2 ω_MB × v_BCo + a_BCo
  /// with p = `p_BoCo_E`, ω_MB = `w_MB_E`, V_BC_E = [ω_BC; v_BCo] and
  /// A_BC_E = [α_BC; a_BCo], all expressed in E. With C fixed in B
  /// (V_BC = A_BC = 0) this is Shift().
  SpatialAcceleration<T> ComposeWithMovingFrameAcceleration(
      const Vector3<T>& p_BoCo_E, const Vector3<T>& w_MB_E,
      const SpatialVelocity<T>& V_BC_E,
      const SpatialAcceleration<T>& A_BC_E) const {
    const Vector3<T>& w_BC_E = V_BC_E.rotational();
    const Vector3<T>& v_BCo_E = V_BC_E.translational();
    SpatialAcceleration<T> A_MC_E = Shift(p_BoCo_E, w_MB_E);
    A_MC_E.rotational() += A_BC_E.rotational() + w_MB_E.cross(w_BC_E);
    A_MC_E.translational() +=
        A_BC_E.translational() + T(2) * w_MB_E.cross(v_BCo_E);
    return A_MC_E;
  }

  /// The older name of ComposeWithMovingFrameAcceleration().
  SpatialAcceleration<T> ComposeWithMovingFrames(
      const Vector3<T>& p_BoCo_E, const Vector3<T>& w_MB_E,
      const SpatialVelocity<T>& V_BC_E,
      const SpatialAcceleration<T>& A_BC_E) const {
    return ComposeWithMovingFrameAcceleration(p_BoCo_E, w_MB_E, V_BC_E, A_BC_E);
  }
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialAcceleration)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialAcceleration)
