#pragma once

/// @file
/// The closed set of mobilizer kinds of the compiled multibody core and their
/// per-kind math (seed 004, "Mobilizer"). Each kind is a stateless struct
/// named after the specification's mobilizer (RevoluteMobilizerMath for
/// RevoluteMobilizer, ...) whose static inline functions give, for the inboard
/// frame F (on the parent) and the outboard frame M (on the child):
///
///   CalcX_FM(q)          pose X_FM(q) as (R_FM, p_FoMo_F)
///   CalcH_FM(q)          hinge matrix H_FM(q) ∈ ℝ⁶ˣⁿᵛ, V_FM_F = H_FM·v
///   CalcHdotTimesV(q, v) Ḣ_FM·v, so that A_FM_F = H_FM·v̇ + Ḣ_FM·v
///   CalcN(q), CalcNplus(q)   q̇ = N(q)·v and v = N⁺(q)·q̇
///   SetZeroPosition(q)   the zero configuration (X_FM = identity)
///
/// Spatial vectors store the rotational part first: V_FM_F = [w_FM_F;
/// v_FMo_F], A_FM_F = [α_FM_F; a_FMo_F] (A_FM is the time derivative in F of
/// V_FM, i.e. the classical, non-Plücker acceleration of the specification).
/// The kinds themselves are listed in mobilizer_kind.h.
/// Kernels dispatch on MobilizerKind with VisitMobilizerKind(), a switch into
/// these structs, so the compiler inlines the math of each kind (no virtual
/// call per body per pass).
///
/// Reversed mobilizers: a joint whose child body is inboard of its parent
/// body (nearer the world) keeps its own coordinates q, v, but the compiled
/// mobilizer goes from the joint's child frame Jc (its F) to the joint's
/// parent frame Jp (its M): X_F'M'(q) = X_JcJp(q) = X_JpJc(q)⁻¹. Revolute,
/// prismatic and screw kinds do this by negating the axis; welds by inverting
/// X_FM; the multi-dof kinds by the generic ReversedMobilizerMath below
/// (kinds kReversed*).

#include <array>
#include <cmath>
#include <type_traits>

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/mobilizer_kind.h"

namespace ossa::multibody::internal {

/// The per-kind constants a mobilizer carries in the compiled structure.
struct MobilizerConstants {
  /// Unit axis â for revolute, prismatic and screw kinds, expressed in F (and
  /// equally in M).
  Eigen::Vector3d axis{0, 0, 1};
  /// Screw pitch in meters per revolution (kScrew only).
  double screw_pitch{0};
};

namespace mobilizer_math {

template <typename T>
inline Matrix3<T> CrossMatrix(const Vector3<T>& a) {
  Matrix3<T> m;
  m << T(0), -a[2], a[1], a[2], T(0), -a[0], -a[1], a[0], T(0);
  return m;
}

/// R = exp([â]θ) by Rodrigues' formula, â unit.
template <typename T>
inline Matrix3<T> AxisAngleRotation(const Eigen::Vector3d& a, const T& theta) {
  using std::cos;
  using std::sin;
  const T s = sin(theta);
  const T c = cos(theta);
  const T omc = T(1) - c;
  Matrix3<T> R;
  R(0, 0) = c + omc * (a[0] * a[0]);
  R(1, 1) = c + omc * (a[1] * a[1]);
  R(2, 2) = c + omc * (a[2] * a[2]);
  const T xy = omc * (a[0] * a[1]), xz = omc * (a[0] * a[2]),
          yz = omc * (a[1] * a[2]);
  const T sx = s * a[0], sy = s * a[1], sz = s * a[2];
  R(0, 1) = xy - sz;
  R(1, 0) = xy + sz;
  R(0, 2) = xz + sy;
  R(2, 0) = xz - sy;
  R(1, 2) = yz - sx;
  R(2, 1) = yz + sx;
  return R;
}

/// R = Rz(y)·Ry(p)·Rx(r) (space XYZ / roll-pitch-yaw).
template <typename T>
inline Matrix3<T> RpyRotation(const T& r, const T& p, const T& y) {
  using std::cos;
  using std::sin;
  const T sr = sin(r), cr = cos(r), sp = sin(p), cp = cos(p), sy = sin(y),
          cy = cos(y);
  Matrix3<T> R;
  R << cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr,  //
      sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr,   //
      -sp, cp * sr, cp * cr;
  return R;
}

/// w = E(r,p,y)·[ṙ ṗ ẏ] for space-XYZ angles (w expressed in F).
template <typename T>
inline Matrix3<T> RpyRateToAngularVelocity(const T& p, const T& y) {
  using std::cos;
  using std::sin;
  const T sp = sin(p), cp = cos(p), sy = sin(y), cy = cos(y);
  Matrix3<T> E;
  E << cy * cp, -sy, T(0), sy * cp, cy, T(0), -sp, T(0), T(1);
  return E;
}

/// [ṙ ṗ ẏ] = E⁻¹·w; singular where cos(p) = 0 (gimbal lock).
template <typename T>
inline Matrix3<T> AngularVelocityToRpyRate(const T& p, const T& y) {
  using std::cos;
  using std::sin;
  const T sp = sin(p), cp = cos(p), sy = sin(y), cy = cos(y);
  const T icp = T(1) / cp;
  Matrix3<T> N;
  N << cy * icp, sy * icp, T(0), -sy, cy, T(0), sp * cy * icp, sp * sy * icp,
      T(1);
  return N;
}

/// Throws std::logic_error: a quaternion's four entries are zero.
[[noreturn]] void ThrowZeroQuaternion();

/// True if the value of `x` (without derivatives) is exactly zero; for a
/// symbolic x, true only if it is the constant 0 (an expression with
/// variables is not known to vanish).
template <typename T>
inline bool ValueIsZero(const T& x) {
  if constexpr (std::is_arithmetic_v<T>) {
    return x == 0;
  } else if constexpr (std::is_same_v<T, symbolic::Expression>) {
    return symbolic::is_zero(x);
  } else if constexpr (requires { x.value(); }) {
    return x.value() == 0;
  } else {
    return x.v == 0;
  }
}

/// Rotation of the (not necessarily unit) quaternion [w x y z]: that of
/// q/|q|. @throws std::logic_error if the four entries are zero.
template <typename T>
inline Matrix3<T> QuaternionRotation(const T& w, const T& x, const T& y,
                                     const T& z) {
  const T norm2 = w * w + x * x + y * y + z * z;
  if (ValueIsZero(norm2)) [[unlikely]]
    ThrowZeroQuaternion();
  const T s = T(2) / norm2;
  const T xx = s * x * x, yy = s * y * y, zz = s * z * z;
  const T xy = s * x * y, xz = s * x * z, yz = s * y * z;
  const T wx = s * w * x, wy = s * w * y, wz = s * w * z;
  Matrix3<T> R;
  R << T(1) - (yy + zz), xy - wz, xz + wy,  //
      xy + wz, T(1) - (xx + zz), yz - wx,   //
      xz - wy, yz + wx, T(1) - (xx + yy);
  return R;
}

/// E(q) ∈ ℝ⁴ˣ³ with q̇ = ½·E(q)·w_F for the quaternion q = [w x y z] of R_FM
/// (q̇ = ½·[0, w_F] ⊗ q). EᵀE = |q|²·I.
template <typename T>
inline Eigen::Matrix<T, 4, 3> QuaternionRateMatrix(const T& w, const T& x,
                                                   const T& y, const T& z) {
  Eigen::Matrix<T, 4, 3> E;
  E << -x, -y, -z,  //
      w, z, -y,     //
      -z, w, x,     //
      y, -x, w;
  return E;
}

}  // namespace mobilizer_math

/// The shape of a kind's hinge matrix H_FM, which lets the kernels write
/// H_B and q̇ without calling CalcH_FM() or CalcN() and without naming kinds.
enum class HingeShape {
  /// H_FM(q) from CalcH_FM().
  kGeneral,
  /// One constant column along the unit axis â of MobilizerConstants,
  /// H_FM = [w·â; l·â] with w = 1 if kAxisRotates (else 0) and
  /// l = AxisTranslationPerUnitV(c), and q̇ = v (revolute, prismatic, screw).
  kAxis,
  /// H_FM = I₆: v = V_FM_F = [w_FM_F; v_FMo_F] (the floating kinds, when not
  /// reversed).
  kIdentity,
};

/// The per-kind hooks of the kernels, with their defaults. Every
/// *MobilizerMath struct derives from it and overrides what applies to it.
struct MobilizerMathDefaults {
  static constexpr HingeShape kHingeShape = HingeShape::kGeneral;
  /// kAxis kinds: whether v turns M about â ...
  static constexpr bool kAxisRotates = false;
  /// ... and whether it moves Mo along â, by AxisTranslationPerUnitV(c) per
  /// unit of v (1 m for a prismatic, the lead for a screw).
  static constexpr bool kAxisTranslates = false;
  static double AxisTranslationPerUnitV(const MobilizerConstants&) { return 0; }
  /// True if q = [unit quaternion of R_FM; p_FoMo_F] and v = V_FM_F, for
  /// which the analytical partials of inverse dynamics have a closed form
  /// (inverse_dynamics_partials.cc); other kinds use dual numbers there.
  static constexpr bool kQuaternionAndPosition = false;
};

// Each *MobilizerMath struct below documents only what differs from the file
// comment. Arguments: `c` the kind's constants, `q` and `v` pointers to the
// mobilizer's first position and velocity.

/// WeldMobilizer: no motion.
struct WeldMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kWeld;
  static constexpr int kNq = 0, kNv = 0;
  static constexpr bool kHasHdot = false;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T*, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    R_FM->setIdentity();
    p_FM->setZero();
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T*,
                       Eigen::Matrix<T, 6, 0>*) {}
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 0, 0>*) {}
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 0, 0>*) {}
  template <typename T>
  static void SetZeroPosition(T*) {}
};

/// RevoluteMobilizer: rotation θ about â; Mo stays at Fo.
struct RevoluteMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kRevolute;
  static constexpr int kNq = 1, kNv = 1;
  static constexpr bool kHasHdot = false;
  static constexpr HingeShape kHingeShape = HingeShape::kAxis;
  static constexpr bool kAxisRotates = true;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants& c, const T* q,
                       Matrix3<T>* R_FM, Vector3<T>* p_FM) {
    *R_FM = mobilizer_math::AxisAngleRotation<T>(c.axis, q[0]);
    p_FM->setZero();
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants& c, const T*,
                       Eigen::Matrix<T, 6, 1>* H) {
    *H << c.axis.cast<T>(), Vector3<T>::Zero();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = T(0);
  }
};

/// PrismaticMobilizer: translation d along â; R_FM = I.
struct PrismaticMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kPrismatic;
  static constexpr int kNq = 1, kNv = 1;
  static constexpr bool kHasHdot = false;
  static constexpr HingeShape kHingeShape = HingeShape::kAxis;
  static constexpr bool kAxisTranslates = true;
  static double AxisTranslationPerUnitV(const MobilizerConstants&) { return 1; }
  template <typename T>
  static void CalcX_FM(const MobilizerConstants& c, const T* q,
                       Matrix3<T>* R_FM, Vector3<T>* p_FM) {
    R_FM->setIdentity();
    *p_FM = c.axis.cast<T>() * q[0];
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants& c, const T*,
                       Eigen::Matrix<T, 6, 1>* H) {
    *H << Vector3<T>::Zero(), c.axis.cast<T>();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = T(0);
  }
};

/// ScrewMobilizer: rotation θ about â coupled with translation
/// (pitch/2π)·θ along â.
struct ScrewMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kScrew;
  static constexpr int kNq = 1, kNv = 1;
  static constexpr bool kHasHdot = false;
  static constexpr HingeShape kHingeShape = HingeShape::kAxis;
  static constexpr bool kAxisRotates = true;
  static constexpr bool kAxisTranslates = true;
  static double lead(const MobilizerConstants& c) {
    return c.screw_pitch / (2 * M_PI);
  }
  static double AxisTranslationPerUnitV(const MobilizerConstants& c) {
    return lead(c);
  }
  template <typename T>
  static void CalcX_FM(const MobilizerConstants& c, const T* q,
                       Matrix3<T>* R_FM, Vector3<T>* p_FM) {
    *R_FM = mobilizer_math::AxisAngleRotation<T>(c.axis, q[0]);
    *p_FM = c.axis.cast<T>() * (lead(c) * q[0]);
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants& c, const T*,
                       Eigen::Matrix<T, 6, 1>* H) {
    *H << c.axis.cast<T>(), (c.axis * lead(c)).cast<T>();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 1, 1>* N) {
    (*N)(0, 0) = T(1);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = T(0);
  }
};

/// UniversalMobilizer: R_FM = Rx(θ₀)·Ry(θ₁); w_FM_F = θ̇₀·x̂ + θ̇₁·Rx(θ₀)·ŷ,
/// so Ḣ_FM·v = [θ̇₀θ̇₁·(x̂ × Rx(θ₀)ŷ); 0].
struct UniversalMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kUniversal;
  static constexpr int kNq = 2, kNv = 2;
  static constexpr bool kHasHdot = true;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T* q, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    using std::cos;
    using std::sin;
    const T s0 = sin(q[0]), c0 = cos(q[0]), s1 = sin(q[1]), c1 = cos(q[1]);
    // Rx(θ₀)·Ry(θ₁).
    *R_FM << c1, T(0), s1,      //
        s0 * s1, c0, -s0 * c1,  //
        -c0 * s1, s0, c0 * c1;
    p_FM->setZero();
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T* q,
                       Eigen::Matrix<T, 6, 2>* H) {
    using std::cos;
    using std::sin;
    H->setZero();
    (*H)(0, 0) = T(1);
    (*H)(1, 1) = cos(q[0]);
    (*H)(2, 1) = sin(q[0]);
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T* q,
                                   const T* v) {
    using std::cos;
    using std::sin;
    const T w01 = v[0] * v[1];
    Vector6<T> r = Vector6<T>::Zero();
    r[1] = -sin(q[0]) * w01;
    r[2] = cos(q[0]) * w01;
    return r;
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 2, 2>* N) {
    N->setIdentity();
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 2, 2>* N) {
    N->setIdentity();
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = q[1] = T(0);
  }
};

/// PlanarMobilizer: p_FM = [x, y, 0], R_FM = Rz(θ); V_FM_F = [0, 0, θ̇, ẋ,
/// ẏ, 0] (H_FM is constant in F).
struct PlanarMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kPlanar;
  static constexpr int kNq = 3, kNv = 3;
  static constexpr bool kHasHdot = false;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T* q, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    using std::cos;
    using std::sin;
    const T s = sin(q[2]), c = cos(q[2]);
    *R_FM << c, -s, T(0), s, c, T(0), T(0), T(0), T(1);
    *p_FM << q[0], q[1], T(0);
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T*,
                       Eigen::Matrix<T, 6, 3>* H) {
    H->setZero();
    (*H)(3, 0) = T(1);
    (*H)(4, 1) = T(1);
    (*H)(2, 2) = T(1);
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T*,
                    Eigen::Matrix<T, 3, 3>* N) {
    N->setIdentity();
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T*,
                        Eigen::Matrix<T, 3, 3>* N) {
    N->setIdentity();
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = q[1] = q[2] = T(0);
  }
};

/// RpyBallMobilizer (space XYZ): v = w_FM_F, H_FM = [I; 0].
/// N(q) is singular at pitch = ±π/2 (gimbal lock).
struct RpyBallMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kRpyBall;
  static constexpr int kNq = 3, kNv = 3;
  static constexpr bool kHasHdot = false;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T* q, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    *R_FM = mobilizer_math::RpyRotation<T>(q[0], q[1], q[2]);
    p_FM->setZero();
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T*,
                       Eigen::Matrix<T, 6, 3>* H) {
    H->setZero();
    H->template topRows<3>().setIdentity();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T* q,
                    Eigen::Matrix<T, 3, 3>* N) {
    *N = mobilizer_math::AngularVelocityToRpyRate<T>(q[1], q[2]);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T* q,
                        Eigen::Matrix<T, 3, 3>* N) {
    *N = mobilizer_math::RpyRateToAngularVelocity<T>(q[1], q[2]);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = q[1] = q[2] = T(0);
  }
};

/// RpyFloatingMobilizer: q = [rpy, p_FM], v = [w_FM_F, v_FMo_F], H_FM = I₆.
struct RpyFloatingMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kRpyFloating;
  static constexpr int kNq = 6, kNv = 6;
  static constexpr bool kHasHdot = false;
  static constexpr HingeShape kHingeShape = HingeShape::kIdentity;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T* q, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    *R_FM = mobilizer_math::RpyRotation<T>(q[0], q[1], q[2]);
    *p_FM << q[3], q[4], q[5];
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T*,
                       Eigen::Matrix<T, 6, 6>* H) {
    H->setIdentity();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T* q,
                    Eigen::Matrix<T, 6, 6>* N) {
    N->setIdentity();
    N->template topLeftCorner<3, 3>() =
        mobilizer_math::AngularVelocityToRpyRate<T>(q[1], q[2]);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T* q,
                        Eigen::Matrix<T, 6, 6>* N) {
    N->setIdentity();
    N->template topLeftCorner<3, 3>() =
        mobilizer_math::RpyRateToAngularVelocity<T>(q[1], q[2]);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    for (int i = 0; i < 6; ++i) q[i] = T(0);
  }
};

/// QuaternionFloatingMobilizer: q = [qw qx qy qz, p_FM], v = [w_FM_F,
/// v_FMo_F], H_FM = I₆; q̇_quat = ½·E(q)·w_FM_F, N⁺ uses 2·Eᵀ/|q|² so that
/// N⁺N = I for any non-zero quaternion.
struct QuaternionFloatingMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = MobilizerKind::kQuaternionFloating;
  static constexpr int kNq = 7, kNv = 6;
  static constexpr bool kHasHdot = false;
  static constexpr HingeShape kHingeShape = HingeShape::kIdentity;
  static constexpr bool kQuaternionAndPosition = true;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants&, const T* q, Matrix3<T>* R_FM,
                       Vector3<T>* p_FM) {
    *R_FM = mobilizer_math::QuaternionRotation<T>(q[0], q[1], q[2], q[3]);
    *p_FM << q[4], q[5], q[6];
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants&, const T*,
                       Eigen::Matrix<T, 6, 6>* H) {
    H->setIdentity();
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants&, const T*,
                                   const T*) {
    return Vector6<T>::Zero();
  }
  template <typename T>
  static void CalcN(const MobilizerConstants&, const T* q,
                    Eigen::Matrix<T, 7, 6>* N) {
    N->setZero();
    N->template topLeftCorner<4, 3>() =
        T(0.5) *
        mobilizer_math::QuaternionRateMatrix<T>(q[0], q[1], q[2], q[3]);
    N->template bottomRightCorner<3, 3>().setIdentity();
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants&, const T* q,
                        Eigen::Matrix<T, 6, 7>* N) {
    N->setZero();
    const T n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    N->template topLeftCorner<3, 4>() =
        (T(2) / n2) *
        mobilizer_math::QuaternionRateMatrix<T>(q[0], q[1], q[2], q[3])
            .transpose();
    N->template bottomRightCorner<3, 3>().setIdentity();
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    q[0] = T(1);
    for (int i = 1; i < 7; ++i) q[i] = T(0);
  }
};

/// The mobilizer of `Forward` used from its M frame to its F frame, with the
/// same coordinates. With forward X_FM(q) = (R, p), V_FM_F = [w; v] = H·v̂ (v̂
/// the generalized velocities) and forward bias Ḣ·v̂ = [b_w; b_v]:
///
///   X_F'M' = X_MF = (Rᵀ, −Rᵀ·p)
///   V_MF_M = −Rᵀ·[w; v + p × w]           so H' = −Rᵀ·[H_w; H_v + [p]×·H_w]
///   A_MF_M = H'·dv̂/dt + Rᵀ·[−b_w; −b_v + b_w × p + 2·w × v − w × (w × p)]
///
/// (the acceleration of Fo measured in M, by differentiating p_MoFo = −p in
/// M, where d/dt|_M = d/dt|_F − w ×). N(q) and N⁺(q) are the forward kind's:
/// q and v keep the joint's meaning.
template <typename Forward, MobilizerKind kReversedKind>
struct ReversedMobilizerMath : MobilizerMathDefaults {
  static constexpr MobilizerKind kKind = kReversedKind;
  /// The math of the kind this one reverses.
  using ForwardMath = Forward;
  static constexpr int kNq = Forward::kNq, kNv = Forward::kNv;
  static constexpr bool kHasHdot = true;
  template <typename T>
  static void CalcX_FM(const MobilizerConstants& c, const T* q,
                       Matrix3<T>* R_FM, Vector3<T>* p_FM) {
    Matrix3<T> R;
    Vector3<T> p;
    Forward::CalcX_FM(c, q, &R, &p);
    *R_FM = R.transpose();
    p_FM->noalias() = -(R.transpose() * p);
  }
  template <typename T>
  static void CalcH_FM(const MobilizerConstants& c, const T* q,
                       Eigen::Matrix<T, 6, kNv>* H) {
    Matrix3<T> R;
    Vector3<T> p;
    Forward::CalcX_FM(c, q, &R, &p);
    Eigen::Matrix<T, 6, kNv> H_fwd;
    Forward::CalcH_FM(c, q, &H_fwd);
    const Matrix3<T> Rt = -R.transpose();
    Eigen::Matrix<T, 3, kNv> lin = H_fwd.template bottomRows<3>();
    lin.noalias() +=
        mobilizer_math::CrossMatrix<T>(p) * H_fwd.template topRows<3>();
    H->template topRows<3>().noalias() = Rt * H_fwd.template topRows<3>();
    H->template bottomRows<3>().noalias() = Rt * lin;
  }
  template <typename T>
  static Vector6<T> CalcHdotTimesV(const MobilizerConstants& c, const T* q,
                                   const T* v) {
    Matrix3<T> R;
    Vector3<T> p;
    Forward::CalcX_FM(c, q, &R, &p);
    Eigen::Matrix<T, 6, kNv> H_fwd;
    Forward::CalcH_FM(c, q, &H_fwd);
    const Vector6<T> V = H_fwd * Eigen::Map<const Eigen::Matrix<T, kNv, 1>>(v);
    const Vector6<T> b = Forward::CalcHdotTimesV(c, q, v);
    const Vector3<T> w = V.template head<3>();
    const Vector3<T> vel = V.template tail<3>();
    const Vector3<T> b_w = b.template head<3>();
    const Vector3<T> b_v = b.template tail<3>();
    const Vector3<T> lin =
        -b_v + b_w.cross(p) + T(2) * w.cross(vel) - w.cross(w.cross(p));
    Vector6<T> r;
    r.template head<3>().noalias() = -(R.transpose() * b_w);
    r.template tail<3>().noalias() = R.transpose() * lin;
    return r;
  }
  template <typename T>
  static void CalcN(const MobilizerConstants& c, const T* q,
                    Eigen::Matrix<T, kNq, kNv>* N) {
    Forward::CalcN(c, q, N);
  }
  template <typename T>
  static void CalcNplus(const MobilizerConstants& c, const T* q,
                        Eigen::Matrix<T, kNv, kNq>* N) {
    Forward::CalcNplus(c, q, N);
  }
  template <typename T>
  static void SetZeroPosition(T* q) {
    Forward::SetZeroPosition(q);
  }
};

/// Calls `f(Math{})` with the *MobilizerMath struct of `kind`. A switch, so
/// each branch is compiled with the kind's math inlined.
template <typename F>
constexpr decltype(auto) VisitMobilizerKind(MobilizerKind kind, F&& f) {
  switch (kind) {
    case MobilizerKind::kWeld:
      return f(WeldMobilizerMath{});
    case MobilizerKind::kRevolute:
      return f(RevoluteMobilizerMath{});
    case MobilizerKind::kPrismatic:
      return f(PrismaticMobilizerMath{});
    case MobilizerKind::kScrew:
      return f(ScrewMobilizerMath{});
    case MobilizerKind::kUniversal:
      return f(UniversalMobilizerMath{});
    case MobilizerKind::kPlanar:
      return f(PlanarMobilizerMath{});
    case MobilizerKind::kRpyBall:
      return f(RpyBallMobilizerMath{});
    case MobilizerKind::kRpyFloating:
      return f(RpyFloatingMobilizerMath{});
    case MobilizerKind::kQuaternionFloating:
      return f(QuaternionFloatingMobilizerMath{});
    case MobilizerKind::kReversedUniversal:
      return f(ReversedMobilizerMath<UniversalMobilizerMath,
                                     MobilizerKind::kReversedUniversal>{});
    case MobilizerKind::kReversedPlanar:
      return f(ReversedMobilizerMath<PlanarMobilizerMath,
                                     MobilizerKind::kReversedPlanar>{});
    case MobilizerKind::kReversedRpyBall:
      return f(ReversedMobilizerMath<RpyBallMobilizerMath,
                                     MobilizerKind::kReversedRpyBall>{});
    case MobilizerKind::kReversedRpyFloating:
      return f(ReversedMobilizerMath<RpyFloatingMobilizerMath,
                                     MobilizerKind::kReversedRpyFloating>{});
    case MobilizerKind::kReversedQuaternionFloating:
      break;
  }
  return f(ReversedMobilizerMath<QuaternionFloatingMobilizerMath,
                                 MobilizerKind::kReversedQuaternionFloating>{});
}

/// The hooks of MobilizerMathDefaults of one kind, for code that holds the
/// kind at run time (a mobod's kind) rather than its Math type.
struct MobilizerKindHooks {
  HingeShape hinge_shape{HingeShape::kGeneral};
  bool axis_rotates{false};
  bool axis_translates{false};
  bool quaternion_and_position{false};
};

namespace internal_mobilizer_kinds {
inline constexpr std::array<MobilizerKindHooks, kAllMobilizerKinds.size()>
    kHooks = [] {
      std::array<MobilizerKindHooks, kAllMobilizerKinds.size()> hooks{};
      for (MobilizerKind kind : kAllMobilizerKinds) {
        hooks[static_cast<int>(kind)] = VisitMobilizerKind(kind, [](auto m) {
          using Math = decltype(m);
          return MobilizerKindHooks{Math::kHingeShape, Math::kAxisRotates,
                                    Math::kAxisTranslates,
                                    Math::kQuaternionAndPosition};
        });
      }
      return hooks;
    }();
}  // namespace internal_mobilizer_kinds

/// The hooks of `kind` (a table lookup).
inline const MobilizerKindHooks& GetMobilizerKindHooks(MobilizerKind kind) {
  return internal_mobilizer_kinds::kHooks[static_cast<int>(kind)];
}

/// AxisTranslationPerUnitV() of `kind` (0 for kinds that are not kAxis).
inline double AxisTranslationPerUnitV(MobilizerKind kind,
                                      const MobilizerConstants& c) {
  return VisitMobilizerKind(
      kind, [&](auto m) { return decltype(m)::AxisTranslationPerUnitV(c); });
}

}  // namespace ossa::multibody::internal
