#pragma once

/// @file
/// Quaternion helpers. A quaternion q_AB = (w, x, y, z) = (cos(θ/2),
/// sin(θ/2)·λ) describes the orientation of frame B in frame A (rotation θ
/// about the unit axis λ). q and −q describe the same orientation; the
/// canonical form has w ≥ 0. Vector4 forms are always ordered [w, x, y, z]
/// (Eigen's coeffs() order [x, y, z, w] is never used here).
///
/// Rates: for a unit quaternion q_AB and the angular velocity of B in A,
///   q̇_AB = ½ (0, w_AB_A) ⊗ q_AB = ½ q_AB ⊗ (0, w_AB_B),
/// where ⊗ is the Hamilton product. With E(q) the 4x3 matrices below these
/// read q̇ = N(q)·w with N(q) = ½·E(q), and w = N⁺(q)·q̇ with
/// N⁺(q) = (2/|q|²)·E(q)ᵀ, the exact left inverse of N (E(q)ᵀE(q) = |q|²·I),
/// which is what a quaternion free joint needs for q̇ = N(q)·v and
/// v = N⁺(q)·q̇.

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa::math {

/// Returns quat2 or −quat2, whichever is closer to quat1 (their dot product
/// is ≥ 0), so that interpolation between them takes the short way.
template <typename T>
Quaternion<T> ClosestQuaternion(const Quaternion<T>& quat1,
                                const Quaternion<T>& quat2);

/// True if q.w() ≥ 0.
template <typename T>
bool is_quaternion_in_canonical_form(const Quaternion<T>& quat);

/// Returns q if q.w() ≥ 0, else −q (the same orientation).
template <typename T>
Quaternion<T> QuaternionToCanonicalForm(const Quaternion<T>& quat);

/// True if quat1 and quat2 describe the same orientation: their canonical
/// forms differ element-wise by at most `tolerance`.
template <typename T>
bool AreQuaternionsEqualForOrientation(const Quaternion<T>& quat1,
                                       const Quaternion<T>& quat2,
                                       double tolerance);

/// True if every element is finite and | |q| − 1 | ≤ tolerance.
template <typename T>
bool IsQuaternionValid(const Quaternion<T>& quat, double tolerance);

/// True if q is valid (IsQuaternionValid) and q̇ is consistent with it:
/// |q·q̇| ≤ tolerance (a unit quaternion's rate is orthogonal to it).
template <typename T>
bool IsBothQuaternionAndQuaternionDtOK(const Quaternion<T>& quat,
                                       const Vector4<T>& quatDt,
                                       double tolerance);

/// q̇_AB = ½ q_AB ⊗ (0, w_AB_B), as [ẇ, ẋ, ẏ, ż]. q_AB need not be
/// normalized (the formula is applied as is).
template <typename T>
Vector4<T> CalculateQuaternionDtFromAngularVelocityExpressedInB(
    const Quaternion<T>& quat_AB, const Vector3<T>& w_AB_B);

/// w_AB_B = 2·vec(q_AB* ⊗ q̇_AB)/|q_AB|² from quatDt = [ẇ, ẋ, ẏ, ż]; the
/// exact inverse of CalculateQuaternionDtFromAngularVelocityExpressedInB
/// for a q̇ orthogonal to q.
template <typename T>
Vector3<T> CalculateAngularVelocityExpressedInBFromQuaternionDt(
    const Quaternion<T>& quat_AB, const Vector4<T>& quatDt);

/// N(q), 4x3, with q̇_AB = N(q)·w_AB_A (angular velocity expressed in the
/// parent frame A): N = ½·[−x, −y, −z; w, z, −y; −z, w, x; y, −x, w].
template <typename T>
Eigen::Matrix<T, 4, 3> AngularVelocityToQuaternionRateMatrix(
    const Quaternion<T>& q_AB);

/// N⁺(q), 3x4, with w_AB_A = N⁺(q)·q̇_AB: N⁺ = (4/|q|²)·Nᵀ.
template <typename T>
Eigen::Matrix<T, 3, 4> QuaternionRateToAngularVelocityMatrix(
    const Quaternion<T>& q_AB);

/// N(q), 4x3, with q̇_AB = N(q)·w_AB_B (angular velocity expressed in the
/// child frame B): N = ½·[−x, −y, −z; w, −z, y; z, w, −x; −y, x, w].
template <typename T>
Eigen::Matrix<T, 4, 3> AngularVelocityInChildToQuaternionRateMatrix(
    const Quaternion<T>& q_AB);

/// N⁺(q), 3x4, with w_AB_B = N⁺(q)·q̇_AB: N⁺ = (4/|q|²)·Nᵀ.
template <typename T>
Eigen::Matrix<T, 3, 4> QuaternionRateToAngularVelocityInChildMatrix(
    const Quaternion<T>& q_AB);

}  // namespace ossa::math
