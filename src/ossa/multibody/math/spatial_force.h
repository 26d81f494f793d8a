#pragma once

/// @file
/// SpatialForce: torque and force applied to a frame at a point.

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/math/spatial_vector.h"

namespace ossa::multibody {

template <typename T>
class SpatialVelocity;

/// The spatial force F_Bp_E = [τ_Bp_E; f_Bp_E] on a frame (or body) B,
/// applied at a point Bp and expressed in a frame E: a torque (N·m) followed
/// by a force (N) whose line of action passes through Bp.
template <typename T>
class SpatialForce : public SpatialVector<SpatialForce, T> {
  using Base = SpatialVector<::ossa::multibody::SpatialForce, T>;

 public:
  /// Uninitialized in release builds, NaN in debug builds.
  SpatialForce() = default;

  /// From a torque `tau` and a force `f`.
  template <typename OtherDerived1, typename OtherDerived2>
  SpatialForce(const Eigen::MatrixBase<OtherDerived1>& tau,
               const Eigen::MatrixBase<OtherDerived2>& f)
      : Base(tau, f) {}

  /// From a 6-element vector [τ; f].
  template <typename Derived>
  explicit SpatialForce(const Eigen::MatrixBase<Derived>& F) : Base(F) {}

  /// Shifts this F_Bp_E in place to F_Bq_E, the equivalent spatial force at a
  /// point Bq at `offset` = p_BpBq_E from Bp:
  ///   τ_Bq = τ_Bp − p_BpBq × f,  f unchanged.
  SpatialForce<T>& ShiftInPlace(const Vector3<T>& offset) {
    this->rotational() -= offset.cross(this->translational());
    return *this;
  }

  /// Returns F_Bq_E, this F_Bp_E shifted by `offset` = p_BpBq_E.
  SpatialForce<T> Shift(const Vector3<T>& offset) const {
    return SpatialForce<T>(*this).ShiftInPlace(offset);
  }

  /// Shifts in place each column of a 6×N matrix of spatial forces (each
  /// column [τ; f]) by the same `offset`.
  /// @throws std::logic_error if `spatial_forces` is null.
  static void ShiftInPlace(EigenPtr<Matrix6X<T>> spatial_forces,
                           const Vector3<T>& offset);

  /// Writes into `spatial_forces_out` the columns of `spatial_forces` shifted
  /// by `offset`.
  /// @throws std::logic_error if the output is null or its number of columns
  /// differs from the input's.
  static void Shift(const Eigen::Ref<const Matrix6X<T>>& spatial_forces,
                    const Vector3<T>& offset,
                    EigenPtr<Matrix6X<T>> spatial_forces_out);

  /// Power of this F_B_E on frame B moving with V_MB_E: τ·ω + f·v (watts).
  T dot(const SpatialVelocity<T>& V_MB_E) const;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialForce)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialForce)
