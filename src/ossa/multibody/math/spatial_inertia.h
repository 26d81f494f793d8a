#pragma once

/// @file
/// SpatialInertia: mass, center of mass and rotational inertia of a body
/// about a point, as one 6×6 spatial mass matrix.

#include <ostream>
#include <string>
#include <utility>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/error.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/rotational_inertia.h"
#include "ossa/multibody/math/spatial_algebra.h"
#include "ossa/multibody/math/unit_inertia.h"

namespace ossa::multibody {

/// The spatial inertia M_SP_E of a body (or composite body) S about a point
/// P, expressed in a frame E: its mass m (kg), the position p_PScm_E of its
/// center of mass Scm from P (m), and its unit inertia G_SP_E about P (m²).
/// As a 6×6 matrix (rotational rows and columns first):
///
///     M_SP_E = ⎡ m G_SP      m [p_PScm]× ⎤
///              ⎣ −m [p_PScm]×   m Id     ⎦
///
/// where [p]× is the cross-product matrix ([p]× b = p × b). M is symmetric
/// positive semi-definite. Stored as (m, p, G): 10 numbers.
///
/// Validity (IsPhysicallyValid()): no NaN, m ≥ 0 and finite, and the
/// rotational inertia about the center of mass, I_SScm = m (G_SP − G(p)),
/// with G(p) = |p|² Id − p pᵀ, passes RotationalInertia's checks
/// (non-negative principal moments satisfying the triangle inequality). The
/// constructor and the factories check it and throw std::logic_error whose
/// message names the failing condition and prints the mass, center of mass
/// and inertias; the hot-path operations (Shift, ReExpress, +=, products)
/// do not re-check. Checks run on values, and only for scalars with a bool
/// comparison.
///
/// @tparam T double or AutoDiffXd.
template <typename T>
class SpatialInertia {
 public:
  /// Mass, center of mass and unit inertia all NaN.
  SpatialInertia() { SetNaN(); }

  /// From the mass, the position p_PScm_E of the center of mass from the
  /// about-point P, and the unit inertia G_SP_E about P (not about Scm).
  /// @throws std::logic_error unless skip_validity_check or
  /// IsPhysicallyValid().
  SpatialInertia(const T& mass, const Vector3<T>& p_PScm_E,
                 const UnitInertia<T>& G_SP_E, bool skip_validity_check = false)
      : mass_(mass), p_PScm_E_(p_PScm_E), G_SP_E_(G_SP_E) {
    if (!skip_validity_check) ThrowIfNotPhysicallyValid("SpatialInertia");
  }

  /// From the mass, the position p_PScm_E of the center of mass from P and
  /// the rotational inertia I_SScm_E about the center of mass (the usual
  /// data of a URDF/SDFormat link): G_SP = (I_SScm + m G(p_PScm)) / m.
  /// A zero mass is accepted only with a zero I_SScm_E (a massless body).
  /// @throws std::logic_error if the result is not physically valid.
  static SpatialInertia<T> MakeFromCentralInertia(
      const T& mass, const Vector3<T>& p_PScm_E,
      const RotationalInertia<T>& I_SScm_E);

  /// A particle of mass `mass` at p_PQ_E from the about-point P.
  /// @throws std::logic_error unless mass is positive and finite.
  static SpatialInertia<T> PointMass(const T& mass, const Vector3<T>& p_PQ_E);

  /// Mass 1, center of mass at P, G = Id (a convenient valid placeholder).
  static SpatialInertia<T> MakeUnitary();

  /// All zero (a massless body; physically valid).
  static SpatialInertia<T> Zero();

  /// All NaN.
  static SpatialInertia<T> NaN();

  /// @name Uniform solids about their geometric center (= center of mass)
  /// unless named AboutEnd. Each throws std::logic_error if the density or
  /// mass or a dimension is not positive and finite ("{func}(): {name} is
  /// not positive and finite: {value}.") or if `unit_vector` is not of unit
  /// length within 1e-14. Densities are kg/m³ (kg/m² for the hollow sphere).
  //@{
  static SpatialInertia<T> SolidBoxWithDensity(const T& density, const T& lx,
                                               const T& ly, const T& lz);
  static SpatialInertia<T> SolidBoxWithMass(const T& mass, const T& lx,
                                            const T& ly, const T& lz);
  static SpatialInertia<T> SolidCubeWithDensity(const T& density,
                                                const T& length);
  static SpatialInertia<T> SolidCubeWithMass(const T& mass, const T& length);
  static SpatialInertia<T> SolidCapsuleWithDensity(
      const T& density, const T& radius, const T& length,
      const Vector3<T>& unit_vector);
  static SpatialInertia<T> SolidCapsuleWithMass(const T& mass, const T& radius,
                                                const T& length,
                                                const Vector3<T>& unit_vector);
  static SpatialInertia<T> SolidCylinderWithDensity(
      const T& density, const T& radius, const T& length,
      const Vector3<T>& unit_vector);
  static SpatialInertia<T> SolidCylinderWithMass(const T& mass, const T& radius,
                                                 const T& length,
                                                 const Vector3<T>& unit_vector);
  /// About the end point Bp of the axis, with p_BpBcm = length/2 · unit_vector.
  static SpatialInertia<T> SolidCylinderWithDensityAboutEnd(
      const T& density, const T& radius, const T& length,
      const Vector3<T>& unit_vector);
  /// About the end point Bp of the axis, with p_BpBcm = length/2 · unit_vector.
  static SpatialInertia<T> SolidCylinderWithMassAboutEnd(
      const T& mass, const T& radius, const T& length,
      const Vector3<T>& unit_vector);
  static SpatialInertia<T> SolidEllipsoidWithDensity(const T& density,
                                                     const T& a, const T& b,
                                                     const T& c);
  static SpatialInertia<T> SolidEllipsoidWithMass(const T& mass, const T& a,
                                                  const T& b, const T& c);
  static SpatialInertia<T> SolidSphereWithDensity(const T& density,
                                                  const T& radius);
  static SpatialInertia<T> SolidSphereWithMass(const T& mass, const T& radius);
  static SpatialInertia<T> HollowSphereWithDensity(const T& area_density,
                                                   const T& radius);
  static SpatialInertia<T> HollowSphereWithMass(const T& mass, const T& radius);
  static SpatialInertia<T> ThinRodWithMass(const T& mass, const T& length,
                                           const Vector3<T>& unit_vector);
  /// About one end Bp, with p_BpBcm = length/2 · unit_vector.
  static SpatialInertia<T> ThinRodWithMassAboutEnd(
      const T& mass, const T& length, const Vector3<T>& unit_vector);
  //@}

  /// The mass m (kg).
  const T& get_mass() const { return mass_; }
  /// p_PScm_E, the center of mass from the about-point P (m).
  const Vector3<T>& get_com() const { return p_PScm_E_; }
  /// m · p_PScm_E (kg·m).
  Vector3<T> CalcComMoment() const { return mass_ * p_PScm_E_; }
  /// G_SP_E (m²).
  const UnitInertia<T>& get_unit_inertia() const { return G_SP_E_; }
  /// I_SP_E = m · G_SP_E (kg·m²).
  RotationalInertia<T> CalcRotationalInertia() const { return mass_ * G_SP_E_; }

  /// See the class documentation. Always true for scalars without a bool
  /// comparison.
  bool IsPhysicallyValid() const;

  /// "" if IsPhysicallyValid(); otherwise a description of the failing
  /// condition with the mass, center of mass and inertias.
  std::string CriticizeNotPhysicallyValid() const;

  /// @throws std::logic_error naming `func_name` with
  /// CriticizeNotPhysicallyValid() unless IsPhysicallyValid().
  void ThrowIfNotPhysicallyValid(
      const char* func_name = "SpatialInertia") const;

  /// The solid ellipsoid of uniform density with this spatial inertia: its
  /// principal semi-diameters [lmax, lmed, lmin] (descending, m) and its pose
  /// X_EA in frame E, where A's origin is the center of mass and A's axes
  /// Ax, Ay, Az are the principal axes along lmax, lmed, lmin. With the
  /// central principal unit moments g1 ≤ g2 ≤ g3 (those of lmax, lmed,
  /// lmin), lmax² = 5/2 (g2 + g3 − g1), lmed² = 5/2 (g1 + g3 − g2),
  /// lmin² = 5/2 (g1 + g2 − g3) (a negative square from rounding is taken as
  /// zero). Useful to visualize an inertia.
  /// @throws std::logic_error if an element is NaN or infinite.
  std::pair<Vector3<double>, math::RigidTransform<double>>
  CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid() const;

  /// True if the mass, com or unit inertia has a NaN.
  bool IsNaN() const;
  /// True if every element is exactly zero.
  bool IsZero() const;
  /// Sets every element to NaN.
  void SetNaN();

  /// The 6×6 spatial mass matrix of the class documentation.
  Matrix6<T> CopyToFullMatrix6() const {
    Matrix6<T> M;
    const Vector3<T> mp = CalcComMoment();
    Matrix3<T> mpx;
    // clang-format off
    mpx <<  T(0),    -mp.z(),  mp.y(),
            mp.z(),   T(0),   -mp.x(),
           -mp.y(),   mp.x(),  T(0);
    // clang-format on
    M.template topLeftCorner<3, 3>() = mass_ * G_SP_E_.CopyToFullMatrix3();
    M.template topRightCorner<3, 3>() = mpx;
    M.template bottomLeftCorner<3, 3>() = -mpx;
    M.template bottomRightCorner<3, 3>() = mass_ * Matrix3<T>::Identity();
    return M;
  }

  /// The same spatial inertia on another scalar type.
  template <typename Scalar>
  SpatialInertia<Scalar> cast() const {
    return SpatialInertia<Scalar>(internal::ConvertScalar<Scalar>(mass_),
                                  internal::ConvertMatrix<Scalar>(p_PScm_E_),
                                  G_SP_E_.template cast<Scalar>(), true);
  }

  /// Adds the spatial inertia M_BP_E of a body B about the same point P,
  /// expressed in the same frame, giving that of the composite S∪B:
  ///   m = mS + mB,  p = (mS pS + mB pB)/m,  G = (mS GS + mB GB)/m.
  /// Two massless bodies combine (as the limit of equal masses) into the
  /// means of their centers of mass and unit inertias.
  SpatialInertia<T>& operator+=(const SpatialInertia<T>& M_BP_E);

  /// Re-expresses in place M_SP_E as M_SP_A (p and G rotate with R_AE).
  SpatialInertia<T>& ReExpressInPlace(const math::RotationMatrix<T>& R_AE) {
    p_PScm_E_ = R_AE.matrix() * p_PScm_E_;
    G_SP_E_.ReExpressInPlace(R_AE);
    return *this;
  }
  SpatialInertia<T> ReExpress(const math::RotationMatrix<T>& R_AE) const {
    return SpatialInertia<T>(*this).ReExpressInPlace(R_AE);
  }

  /// Parallel-axis theorem: shifts M_SP_E in place to M_SQ_E, about a point
  /// Q at p_PQ_E from P: p_QScm = p_PScm − p_PQ and
  /// G_SQ = G_SP − G(p_PScm) + G(p_QScm).
  SpatialInertia<T>& ShiftInPlace(const Vector3<T>& p_PQ_E) {
    const Vector3<T> p_QScm_E = p_PScm_E_ - p_PQ_E;
    G_SP_E_.ShiftToThenAwayFromCenterOfMassInPlace(p_PScm_E_, p_QScm_E);
    p_PScm_E_ = p_QScm_E;
    return *this;
  }
  SpatialInertia<T> Shift(const Vector3<T>& p_PQ_E) const {
    return SpatialInertia<T>(*this).ShiftInPlace(p_PQ_E);
  }

  /// Shifts in place M_SP_E to M_SScm_E, about the center of mass; returns
  /// p_PScm_E, where the center of mass was.
  Vector3<T> ShiftToCenterOfMassInPlace() {
    const Vector3<T> p_PScm_E = p_PScm_E_;
    G_SP_E_.ShiftToCenterOfMassInPlace(p_PScm_E);
    p_PScm_E_.setZero();
    return p_PScm_E;
  }
  /// Returns M_SScm_E.
  SpatialInertia<T> ShiftToCenterOfMass() const {
    SpatialInertia<T> M(*this);
    M.ShiftToCenterOfMassInPlace();
    return M;
  }

  /// Shifts in place this M_SScm_E (about the center of mass; get_com() must
  /// be zero) to M_SP_E, about a point P at p_ScmP_E from Scm.
  SpatialInertia<T>& ShiftFromCenterOfMassInPlace(const Vector3<T>& p_ScmP_E) {
    G_SP_E_.ShiftFromCenterOfMassInPlace(p_ScmP_E);
    p_PScm_E_ = -p_ScmP_E;
    return *this;
  }
  SpatialInertia<T> ShiftFromCenterOfMass(const Vector3<T>& p_ScmP_E) const {
    return SpatialInertia<T>(*this).ShiftFromCenterOfMassInPlace(p_ScmP_E);
  }

  /// F_SP_E = M_SP_E · A_WS_E for a body S with zero angular velocity:
  ///   τ = m (G α + p × a),  f = m (a + α × p),  p = p_PScm_E.
  /// (The velocity-dependent terms are not part of this product.)
  SpatialForce<T> operator*(const SpatialAcceleration<T>& A_WP_E) const {
    const Vector3<T>& alpha = A_WP_E.rotational();
    const Vector3<T>& a = A_WP_E.translational();
    const Vector3<T> mp = CalcComMoment();
    return SpatialForce<T>(Vector3<T>(mass_ * (G_SP_E_ * alpha) + mp.cross(a)),
                           Vector3<T>(mass_ * a + alpha.cross(mp)));
  }

  /// L_WSP_E = M_SP_E · V_WP_E, the spatial momentum about P of S moving
  /// with the spatial velocity V_WP_E of a frame fixed to S with origin P:
  ///   h = m (G ω + p × v),  l = m (v + ω × p).
  SpatialMomentum<T> operator*(const SpatialVelocity<T>& V_WP_E) const {
    const Vector3<T>& w = V_WP_E.rotational();
    const Vector3<T>& v = V_WP_E.translational();
    const Vector3<T> mp = CalcComMoment();
    return SpatialMomentum<T>(Vector3<T>(mass_ * (G_SP_E_ * w) + mp.cross(v)),
                              Vector3<T>(mass_ * v + w.cross(mp)));
  }

  /// M · H for a 6×N matrix H (each column a spatial acceleration or
  /// velocity), e.g. the product with a hinge matrix or a Jacobian.
  template <typename Derived>
  Eigen::Matrix<T, 6, Derived::ColsAtCompileTime> operator*(
      const Eigen::MatrixBase<Derived>& H) const {
    static_assert(Derived::RowsAtCompileTime == 6 ||
                  Derived::RowsAtCompileTime == Eigen::Dynamic);
    OSSA_DEMAND(H.rows() == 6);
    Eigen::Matrix<T, 6, Derived::ColsAtCompileTime> result(6, H.cols());
    const Vector3<T> mp = CalcComMoment();
    const Matrix3<T> I = mass_ * G_SP_E_.CopyToFullMatrix3();
    for (Eigen::Index j = 0; j < H.cols(); ++j) {
      const Vector3<T> alpha = H.template block<3, 1>(0, j);
      const Vector3<T> a = H.template block<3, 1>(3, j);
      result.template block<3, 1>(0, j) = I * alpha + mp.cross(a);
      result.template block<3, 1>(3, j) = mass_ * a + alpha.cross(mp);
    }
    return result;
  }

  /// Mass, center of mass and rotational inertia about P, one per line.
  template <typename U>
  friend std::ostream& operator<<(std::ostream& o, const SpatialInertia<U>& M);

 private:
  template <typename>
  friend class SpatialInertia;

  T mass_;
  Vector3<T> p_PScm_E_;
  UnitInertia<T> G_SP_E_;
};

/// Writes mass, center of mass and rotational inertia about P.
template <typename U>
std::ostream& operator<<(std::ostream& o, const SpatialInertia<U>& M);

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::SpatialInertia)
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::SpatialInertia)
