#pragma once

/// @file
/// UnitInertia: the rotational inertia of a body per unit of its mass
/// (gyration matrix), with the closed forms of common solids.

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/math/rotational_inertia.h"

namespace ossa::multibody {

/// The rotational inertia of a body B about a point P per unit mass,
/// G_BP_E = I_BP_E / m (units m²), also called the gyration matrix. The
/// inertia of the body is m · G_BP_E. Operations that could break the
/// unit-mass meaning (in-place sums and scaling) are not available; the
/// non-member sums and products inherited from RotationalInertia return a
/// general RotationalInertia.
///
/// The factories give the unit inertia of uniform solids about their center
/// of mass (or about an end where named so), for a solid whose symmetry axis
/// is `unit_vector` where one applies. Dimensions must be non-negative and
/// `unit_vector` must have unit length (within 1e-14); otherwise they throw
/// std::logic_error naming the function, the argument and its value.
///
/// @tparam T double or AutoDiffXd.
template <typename T>
class UnitInertia : public RotationalInertia<T> {
 public:
  /// All elements NaN.
  UnitInertia() = default;

  /// Moments Gxx, Gyy, Gzz and zero products.
  /// @throws std::logic_error if not CouldBePhysicallyValid().
  UnitInertia(const T& Ixx, const T& Iyy, const T& Izz);

  /// Moments and products.
  /// @throws std::logic_error if not CouldBePhysicallyValid().
  UnitInertia(const T& Ixx, const T& Iyy, const T& Izz, const T& Ixy,
              const T& Ixz, const T& Iyz);

  /// Takes `I` as a unit inertia; there is no way to check that it is the
  /// inertia of a unit mass.
  explicit UnitInertia(const RotationalInertia<T>& I)
      : RotationalInertia<T>(I) {}

  /// Sets this to I / mass.
  /// @throws std::logic_error if `mass` is not positive.
  UnitInertia<T>& SetFromRotationalInertia(const RotationalInertia<T>& I,
                                           const T& mass);

  /// Re-expresses G_BP_E in place as G_BP_A = R_AE G_BP_E R_AEᵀ.
  UnitInertia<T>& ReExpressInPlace(const math::RotationMatrix<T>& R_AE) {
    RotationalInertia<T>::ReExpressInPlace(R_AE);
    return *this;
  }
  UnitInertia<T> ReExpress(const math::RotationMatrix<T>& R_AE) const {
    return UnitInertia<T>(*this).ReExpressInPlace(R_AE);
  }

  /// G_BQ = G_BBcm + G(p_BcmQ), with G(p) = |p|² Id − p pᵀ.
  UnitInertia<T>& ShiftFromCenterOfMassInPlace(const Vector3<T>& p_BcmQ_E) {
    RotationalInertia<T>::ShiftFromCenterOfMassInPlace(T(1), p_BcmQ_E);
    return *this;
  }
  UnitInertia<T> ShiftFromCenterOfMass(const Vector3<T>& p_BcmQ_E) const {
    return UnitInertia<T>(*this).ShiftFromCenterOfMassInPlace(p_BcmQ_E);
  }

  /// G_BBcm = G_BQ − G(p_QBcm).
  UnitInertia<T>& ShiftToCenterOfMassInPlace(const Vector3<T>& p_QBcm_E) {
    RotationalInertia<T>::ShiftToCenterOfMassInPlace(T(1), p_QBcm_E);
    return *this;
  }
  UnitInertia<T> ShiftToCenterOfMass(const Vector3<T>& p_QBcm_E) const {
    return UnitInertia<T>(*this).ShiftToCenterOfMassInPlace(p_QBcm_E);
  }

  /// G_BQ = G_BP − G(p_PBcm) + G(p_QBcm).
  UnitInertia<T>& ShiftToThenAwayFromCenterOfMassInPlace(
      const Vector3<T>& p_PBcm_E, const Vector3<T>& p_QBcm_E) {
    RotationalInertia<T>::ShiftToThenAwayFromCenterOfMassInPlace(T(1), p_PBcm_E,
                                                                 p_QBcm_E);
    return *this;
  }
  UnitInertia<T> ShiftToThenAwayFromCenterOfMass(
      const Vector3<T>& p_PBcm_E, const Vector3<T>& p_QBcm_E) const {
    return UnitInertia<T>(*this).ShiftToThenAwayFromCenterOfMassInPlace(
        p_PBcm_E, p_QBcm_E);
  }

  /// The same unit inertia on another scalar type.
  template <typename Scalar>
  UnitInertia<Scalar> cast() const {
    return UnitInertia<Scalar>(RotationalInertia<T>::template cast<Scalar>());
  }

  /// G_QP = |p|² Id − p pᵀ: a unit-mass particle Q at p_FQ from the
  /// about-point.
  static UnitInertia<T> PointMass(const Vector3<T>& p_FQ);

  /// Solid ellipsoid with semi-axes a, b, c along x, y, z, about its center:
  /// Gxx = (b² + c²)/5, Gyy = (a² + c²)/5, Gzz = (a² + b²)/5.
  static UnitInertia<T> SolidEllipsoid(const T& a, const T& b, const T& c);

  /// Solid sphere of radius r about its center: 2r²/5 on each axis.
  static UnitInertia<T> SolidSphere(const T& r);

  /// Thin hollow sphere (spherical shell) of radius r: 2r²/3 on each axis.
  static UnitInertia<T> HollowSphere(const T& r);

  /// Solid box with edge lengths Lx, Ly, Lz about its center:
  /// Gxx = (Ly² + Lz²)/12, Gyy = (Lx² + Lz²)/12, Gzz = (Lx² + Ly²)/12.
  static UnitInertia<T> SolidBox(const T& Lx, const T& Ly, const T& Lz);

  /// Solid cube with edge L about its center: L²/6 on each axis.
  static UnitInertia<T> SolidCube(const T& L);

  /// Solid cylinder of radius r and length L along `unit_vector`, about its
  /// center: r²/2 about the axis, (3r² + L²)/12 about any perpendicular.
  static UnitInertia<T> SolidCylinder(const T& radius, const T& length,
                                      const Vector3<T>& unit_vector);

  /// Solid cylinder about the center of one of its end faces:
  /// r²/2 about the axis, r²/4 + L²/3 about any perpendicular through it.
  static UnitInertia<T> SolidCylinderAboutEnd(const T& radius, const T& length,
                                              const Vector3<T>& unit_vector);

  /// Solid capsule (a cylinder of radius r and length L capped by two
  /// hemispheres) along `unit_vector`, about its center. With mass fractions
  /// mc (cylinder) and mh = 1 − mc (hemispheres) by volume:
  ///   axial  = mc r²/2 + mh 2r²/5
  ///   perp   = mc (3r² + L²)/12 + mh (2r²/5 + L²/4 + 3Lr/8).
  static UnitInertia<T> SolidCapsule(const T& radius, const T& length,
                                     const Vector3<T>& unit_vector);

  /// Thin rod of length L along `unit_vector` about its center: 0 about the
  /// axis and L²/12 about any perpendicular.
  /// @throws std::logic_error unless L is positive.
  static UnitInertia<T> ThinRod(const T& length, const Vector3<T>& unit_vector);

  /// G = K Id + (J − K) b bᵀ: moment J about the axis b = `unit_vector` and
  /// K about any perpendicular axis.
  /// @throws std::logic_error if J or K is negative or J > 2K (triangle
  /// inequality), or if b is not a unit vector.
  static UnitInertia<T> AxiallySymmetric(const T& moment_parallel,
                                         const T& moment_perpendicular,
                                         const Vector3<T>& unit_vector);

  /// AxiallySymmetric(0, K, unit_vector): a body whose mass lies on a line.
  static UnitInertia<T> StraightLine(const T& moment_perpendicular,
                                     const Vector3<T>& unit_vector);

  /// I_triaxial · Id.
  static UnitInertia<T> TriaxiallySymmetric(const T& I_triaxial);

 private:
  // These would scale or sum a unit inertia into something that is no longer
  // the inertia of a unit mass.
  using RotationalInertia<T>::operator+=;
  using RotationalInertia<T>::operator-=;
  using RotationalInertia<T>::operator*=;
  using RotationalInertia<T>::operator/=;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UnitInertia)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::UnitInertia)
