#pragma once

/// @file
/// DoorHingeConfig and DoorHinge<T>: an empirical revolute door hinge
/// (spring, catch, dry and viscous friction).

#include <memory>

#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {

/// Parameters of a DoorHinge (SI units; angles in rad). The defaults are
/// the reference's values, measured on a dishwasher door.
struct DoorHingeConfig {
  /// qs₀, the angle at which the torsional spring's torque vanishes,
  /// measured outward from the closed position q = 0 (rad).
  double spring_zero_angle_rad{-1.5};
  /// k_ts ≥ 0, the torsional spring's stiffness (N·m/rad).
  double spring_constant{1.5};
  /// k_df ≥ 0, the dry friction torque while the hinge moves (N·m).
  double dynamic_friction_torque{3.0};
  /// k_sf ≥ 0, the extra friction torque near rest (N·m).
  double static_friction_torque{2.0};
  /// k_vf ≥ 0, the viscous friction coefficient (N·m·s/rad).
  double viscous_friction{1.0};
  /// qc₀ ≥ 0, the angular width of the catch from q = 0 (rad); 0: no catch.
  double catch_width{0.02};
  /// k_c, the catch's torque scale (N·m).
  double catch_torque{15.0};
  /// k_q̇₀ > 0, the angular rate that scales the smooth friction laws
  /// (rad/s).
  double motion_threshold{0.001};
};

/// A door hinge acting on the angle θ and rate θ̇ of a RevoluteJoint with
/// the generalized torque τ = τ_spring(θ) + τ_friction(θ̇), built from the
/// smooth step s(x, h) = tanh(x/h), its bump σ(x, h) = 1 − s² and the
/// double bump δ(x, h) = 2·s·σ (so that d/dx σ(x, h) = −δ(x, h)/h):
///   τ_spring = k·(θ₀ − θ) + τ_c·δ(θ − w/2, w/2)        (no catch if w = 0)
///   τ_friction = −b·θ̇ − τ_d·s(θ̇, v_th) − τ_s·δ(θ̇, v_th).
/// The spring part is conservative with potential energy, zero at the
/// closed position θ = 0 as in the reference,
///   U(θ) = ½·k·((θ − θ₀)² − θ₀²) + τ_c·(w/2)·(σ(θ − w/2, w/2) − σ(−w/2, w/2)),
/// Pc = τ_spring·θ̇ = −U̇; the friction part has power Pnc = τ_friction·θ̇.
///
/// Unlike the reference, which accepts motion_threshold = 0 (and then
/// returns degenerate friction torques), the constructor requires it > 0.
template <typename T>
class DoorHinge final : public ForceElement<T> {
 public:
  /// Throws std::logic_error if a stiffness, friction or the catch width is
  /// negative, or the motion threshold is not positive (the reference
  /// aborts on the negative values).
  DoorHinge(const RevoluteJoint<T>& joint, const DoorHingeConfig& config);

  const RevoluteJoint<T>& joint() const { return *joint_; }
  const DoorHingeConfig& config() const { return config_; }

  /// τ_spring(θ) (N·m).
  T CalcHingeSpringTorque(const T& angle) const;
  /// τ_friction(θ̇) (N·m).
  T CalcHingeFrictionalTorque(const T& angular_rate) const;
  /// τ_spring(θ) + τ_friction(θ̇) (N·m).
  T CalcHingeTorque(const T& angle, const T& angular_rate) const {
    return CalcHingeSpringTorque(angle) +
           CalcHingeFrictionalTorque(angular_rate);
  }

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

 protected:
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  const RevoluteJoint<T>* joint_;
  DoorHingeConfig config_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::DoorHinge);
