#pragma once

/// @file
/// LinearBushingRollPitchYaw<T>: a massless bushing with linear stiffness and
/// damping between two frames.

#include <memory>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/tree/force_element.h"

namespace ossa::multibody {

/// A massless flexible bushing connecting a frame A fixed on link L0 to a
/// frame C fixed on link L1, with the reference's quasi-symmetric
/// formulation:
///
/// - Torque. q = [q₀ q₁ q₂] are the roll-pitch-yaw angles of R_AC
///   (R_AC = Rz(q₂)·Ry(q₁)·Rx(q₀)) and q̇ their rates, related to the
///   angular velocity of C in A by q̇ = N(q)·w_AC_A (N the inverse of the
///   angular-velocity matrix of RollPitchYaw). The "gimbal torques"
///   τ = −(K⊙q + D⊙q̇) (K = torque_stiffness_constants, D =
///   torque_damping_constants) give the torque t on C (−t on A) with
///   t_A = Nᵀ·τ, so that t·w_AC = τ·q̇ (power consistent). Singular at
///   gimbal lock (|q₁| = π/2): the computation throws there.
/// - Force. B is the frame halfway between A and C: its origin Bo is the
///   midpoint of Ao and Co and its orientation R_AB the half rotation of
///   R_AC (in the angle-axis sense). With x = p_AoCo_B (the measures in B of
///   the position of Co from Ao), the force f_B = −(Kf⊙x + Df⊙ẋₕ) (Kf, Df
///   the force constants) acts on C at the point Cp of C coincident with
///   Bo, and −f on A at the point Ap of A coincident with Bo. As in the
///   reference, the rate ẋₕ is the derivative of the measures of p_AoCo in
///   a frame turning at w_AB ≈ ½·w_AC:
///     ẋₕ = R_BA·(d/dt_A p_AoCo − ½·w_AC × p_AoCo).
///   This is the true ẋ when C turns about a fixed axis of A (then B turns
///   at exactly half the rate of C); in general they differ at second
///   order in the rotation. With it, f·ẋₕ is exactly the power of f and −f
///   through the points Cp and Ap.
///
/// Energy (the reference throws "not implemented" for these three; ossa
/// reports them): U = ½·Σ Kᵢ·qᵢ² + ½·Σ Kfᵢ·xᵢ²; Pc = −U̇ =
/// −(K⊙q)·q̇ − (Kf⊙x)·ẋ with the true ẋ; Pnc = the power of all the
/// bushing's forces minus Pc = −(D⊙q̇)·q̇ − (Df⊙ẋₕ)·ẋₕ − (Kf⊙x)·(ẋₕ − ẋ),
/// so that d/dt(KE + U) = Pnc holds exactly for every motion (the last
/// term, the non-conservative part of the reference's stiffness force,
/// vanishes for rotations about a fixed axis).
/// Units: torque constants N·m/rad, N·m·s/rad; force constants N/m, N·s/m.
/// The constants are parameters of each Context (Get/Set...Constants()),
/// initialized from the constructor's values.
template <typename T>
class LinearBushingRollPitchYaw final : public ForceElement<T> {
 public:
  /// Throws std::logic_error if a constant is negative or not finite. The
  /// element is in frameC's model instance.
  LinearBushingRollPitchYaw(const Frame<T>& frameA, const Frame<T>& frameC,
                            const Vector3<double>& torque_stiffness_constants,
                            const Vector3<double>& torque_damping_constants,
                            const Vector3<double>& force_stiffness_constants,
                            const Vector3<double>& force_damping_constants);

  const Frame<T>& frameA() const { return *frameA_; }
  const Frame<T>& frameC() const { return *frameC_; }
  /// The links L0 (of frame A) and L1 (of frame C).
  const RigidBody<T>& link0() const;
  const RigidBody<T>& link1() const;
  /// The default constants (those of a new Context).
  const Vector3<double>& torque_stiffness_constants() const { return k_; }
  const Vector3<double>& torque_damping_constants() const { return d_; }
  const Vector3<double>& force_stiffness_constants() const { return kf_; }
  const Vector3<double>& force_damping_constants() const { return df_; }

  /// The constants stored in `context`: [k₀ k₁ k₂] (N·m/rad), [d₀ d₁ d₂]
  /// (N·m·s/rad), [kx ky kz] (N/m), [dx dy dz] (N·s/m).
  Vector3<T> GetTorqueStiffnessConstants(
      const systems::Context<T>& context) const;
  Vector3<T> GetTorqueDampingConstants(
      const systems::Context<T>& context) const;
  Vector3<T> GetForceStiffnessConstants(
      const systems::Context<T>& context) const;
  Vector3<T> GetForceDampingConstants(const systems::Context<T>& context) const;
  /// Set the constants in `context`; throw std::logic_error if one is
  /// negative.
  void SetTorqueStiffnessConstants(systems::Context<T>* context,
                                   const Vector3<T>& torque_stiffness) const;
  void SetTorqueDampingConstants(systems::Context<T>* context,
                                 const Vector3<T>& torque_damping) const;
  void SetForceStiffnessConstants(systems::Context<T>* context,
                                  const Vector3<T>& force_stiffness) const;
  void SetForceDampingConstants(systems::Context<T>* context,
                                const Vector3<T>& force_damping) const;

  /// F_C_C: the spatial force of the bushing on frame C, about its origin
  /// Co, expressed in C: [t + p_CoCp × f; f].
  SpatialForce<T> CalcBushingSpatialForceOnFrameC(
      const systems::Context<T>& context) const;
  /// F_A_A: the spatial force of the bushing on frame A, about its origin
  /// Ao, expressed in A: [−t − p_AoAp × f; −f].
  SpatialForce<T> CalcBushingSpatialForceOnFrameA(
      const systems::Context<T>& context) const;

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

  /// (Internal) Every kinematic quantity of the bushing, for tests.
  struct Kinematics {
    math::RigidTransform<T> X_WA, X_WC;
    Vector3<T> rpy;      ///< q
    Vector3<T> rpy_dot;  ///< q̇ (only with velocities)
    Matrix3<T> N;        ///< q̇ = N·w_AC_A
    Matrix3<T> R_AB;     ///< half rotation
    Vector3<T> x;        ///< p_AoCo_B
    Vector3<T> x_dot;    ///< the true ẋ (only with velocities)
    Vector3<T> x_dot_h;  ///< ẋₕ, with w_AB ≈ ½·w_AC (only with velocities)
    Vector3<T> p_WBo;  ///< midpoint of Ao and Co
  };
  /// `vc` may be null (then the rates are not computed).
  Kinematics CalcKinematics(const systems::Context<T>& context,
                            const internal::TreeWorkspace<T>& pc,
                            const internal::TreeWorkspace<T>* vc) const;

 protected:
  VectorX<T> DoMakeDefaultParameters() const override;
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  // [t_W; f_W], the torque and force on C at Bo, expressed in W.
  Vector6<T> CalcForceOnCAtBo(const systems::Context<T>& context,
                              const Kinematics& k) const;
  // Part `i` (0: k, 1: d, 2: kf, 3: df) of the Context's constants.
  Vector3<T> GetConstants(const char* method,
                          const systems::Context<T>& context, int i) const;
  void SetConstants(const char* method, const char* what,
                    systems::Context<T>* context, int i,
                    const Vector3<T>& value) const;

  const Frame<T>* frameA_;
  const Frame<T>* frameC_;
  Vector3<double> k_, d_, kf_, df_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::LinearBushingRollPitchYaw);
