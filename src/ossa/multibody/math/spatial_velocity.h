#pragma once

/// @file
/// SpatialVelocity: angular velocity and translational velocity of a frame.

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/math/spatial_vector.h"

namespace ossa::multibody {

template <typename T>
class SpatialForce;
template <typename T>
class SpatialMomentum;

/// The spatial velocity V_MB_E = [ω_MB_E; v_MBo_E] of a frame B measured in
/// a frame M and expressed in a frame E: the angular velocity of B in M
/// (rad/s) followed by the translational velocity of B's origin Bo in M
/// (m/s). See SpatialVector for the arithmetic shared by all spatial vectors.
template <typename T>
class SpatialVelocity : public SpatialVector<SpatialVelocity, T> {
  using Base = SpatialVector<::ossa::multibody::SpatialVelocity, T>;

 public:
  /// Uninitialized in release builds, NaN in debug builds.
  SpatialVelocity() = default;

  /// From an angular velocity `w` and a translational velocity `v`.
  template <typename OtherDerived1, typename OtherDerived2>
  SpatialVelocity(const Eigen::MatrixBase<OtherDerived1>& w,
                  const Eigen::MatrixBase<OtherDerived2>& v)
      : Base(w, v) {}

  /// From a 6-element vector [ω; v].
  template <typename Derived>
  explicit SpatialVelocity(const Eigen::MatrixBase<Derived>& V) : Base(V) {}

  /// Shifts this V_MB_E in place to V_MC_E, the spatial velocity of a frame C
  /// rigidly fixed to B, whose origin is at `offset` = p_BoCo_E from Bo:
  ///   ω_MC = ω_MB,  v_MCo = v_MBo + ω_MB × p_BoCo.
  SpatialVelocity<T>& ShiftInPlace(const Vector3<T>& offset) {
    this->translational() += this->rotational().cross(offset);
    return *this;
  }

  /// Returns V_MC_E, this V_MB_E shifted by `offset` = p_BoCo_E (see
  /// ShiftInPlace()).
  SpatialVelocity<T> Shift(const Vector3<T>& offset) const {
    return SpatialVelocity<T>(*this).ShiftInPlace(offset);
  }

  /// Composes this V_MB_E (frame B in M) with the spatial velocity V_BC_E of a
  /// frame C moving in B, whose origin is at p_BoCo_E from Bo, to give
  /// V_MC_E:
  ///   ω_MC = ω_MB + ω_BC,  v_MCo = v_MBo + ω_MB × p_BoCo + v_BCo.
  /// With V_BC_E = 0 this is Shift().
  SpatialVelocity<T> ComposeWithMovingFrameVelocity(
      const Vector3<T>& p_BoCo_E, const SpatialVelocity<T>& V_BC_E) const {
    return Shift(p_BoCo_E) + V_BC_E;
  }

  /// The older name of ComposeWithMovingFrameVelocity().
  SpatialVelocity<T> ComposeWithMovingFrames(
      const Vector3<T>& p_BoCo_E, const SpatialVelocity<T>& V_BC_E) const {
    return ComposeWithMovingFrameVelocity(p_BoCo_E, V_BC_E);
  }

  /// Power of the spatial force F_B_E on frame B moving with this V_MB_E:
  /// F·V = τ·ω + f·v (watts). Independent of the common expressed-in frame.
  T dot(const SpatialForce<T>& F_B_E) const;

  /// Twice the kinetic energy of body B in M: L_MBp_E·V_MBp_E, with this the
  /// spatial velocity of a frame Bp fixed to B and L the spatial momentum of
  /// B about Bp (joules).
  T dot(const SpatialMomentum<T>& L_MBp_E) const;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialVelocity)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialVelocity)
