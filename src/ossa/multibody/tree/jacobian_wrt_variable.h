#pragma once

/// @file
/// JacobianWrtVariable: whether a Jacobian differentiates with respect to q̇
/// or v.

namespace ossa::multibody {

/// The "speeds" 𝑠 a Jacobian J𝑠 is taken with respect to: kQDot for 𝑠 = q̇
/// (J = ∂V/∂q̇, n = num_positions() columns) or kV for 𝑠 = v (J = ∂V/∂v,
/// n = num_velocities() columns). Since q̇ = N(q)·v and v = N⁺(q)·q̇,
/// Jq̇ = Jv·N⁺(q) and Jv = Jq̇·N(q).
enum class JacobianWrtVariable {
  kQDot,  ///< J = ∂V/∂q̇
  kV,     ///< J = ∂V/∂v
};

}  // namespace ossa::multibody
