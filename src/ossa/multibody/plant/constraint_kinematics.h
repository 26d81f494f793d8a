#pragma once

/// @file
/// The kinematics of a plant's constraints (constraint_specs.h) for a
/// discrete solver: per active constraint its function g(q), which the
/// constraint drives to zero, and the Jacobian J = ∂ġ/∂v with respect to
/// the generalized velocities, so that ġ = J·v.
///
/// Per kind (P, Q the constrained points or frames on bodies A and B, all
/// vectors expressed in the world W):
///  - coupler (1 row): g = q₀ − ρ·q₁ − Δq; J = e(v₀) − ρ·e(v₁), with v₀, v₁
///    the velocity indices of the two single-dof joints (whose q̇ = v).
///  - distance (1 row, from the Context's DistanceConstraintParams):
///    g = ‖p_PQ‖ − d₀; J = p̂_PQᵀ·(Jv_WBq − Jv_WAp), with
///    p̂_PQ = p_PQ/‖p_PQ‖ and Jv_WAp (Jv_WBq) the translational-velocity
///    Jacobian of the point of A at P (of B at Q).
///  - ball (3 rows): g = p_PQ_W = p_WQ − p_WP; J = Jv_WBq − Jv_WAp.
///  - weld (6 rows, rotation first): g = [a_PQ_W; p_PoQo_W] with
///    a_PQ_W = R_WP·(θ·k̂) the rotation vector of R_PQ (angle θ ∈ [0, π]
///    about k̂, expressed in P) re-expressed in W; J = J_WBm − J_WAm, the
///    spatial-velocity Jacobians of the points Am of A and Bm of B that
///    coincide with the midpoint M of Po and Qo. This is the reference's
///    linearization: ġ = J·v holds exactly where g = 0 and to first order
///    in ‖g‖ elsewhere.
///
/// The impulse γ a solver finds for a constraint acts, for coupler, as the
/// generalized impulses +γ on v₀ and −ρ·γ on v₁; for distance, as γ·p̂_PQ on
/// B at Q and its opposite on A at P; for ball, as the force γ on B at Q and
/// −γ on A at P; for weld, as the spatial impulse γ on B at Bm and −γ on A at
/// Am. In every case the generalized impulse is Jᵀ·γ.
///
/// Regularization: a distance constraint has the stiffness k and damping c
/// of its parameters in the Context (MultibodyPlant::
/// GetDistanceConstraintParams(); k = ∞ for a rigid rod); couplers, balls
/// and welds are rigid (k = ∞, c = 0), which SAP models as near-rigid with
/// the reference's fixed β = 0.1 (sap_holonomic_constraint.h).

#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/plant/constraint_specs.h"
#include "ossa/multibody/plant/multibody_plant_fwd.h"
#include "ossa/systems/framework/framework_fwd.h"

namespace ossa::multibody::internal {

enum class ConstraintKind { kCoupler, kDistance, kBall, kWeld };

/// The function, Jacobian and regularization of one constraint.
template <typename T>
struct ConstraintKinematics {
  MultibodyConstraintId id;
  ConstraintKind kind{ConstraintKind::kCoupler};
  /// g(q), of size num_rows() (m, rad or the joints' units).
  VectorX<T> g;
  /// ∂ġ/∂v, num_rows() × nv.
  MatrixX<T> J;
  /// Stiffness k (N/m for distance; ∞ = rigid) and damping c (N·s/m).
  double stiffness{0.0};
  double damping{0.0};
  /// Body A and body B (invalid for a coupler).
  BodyIndex body_A;
  BodyIndex body_B;
  /// Where the impulse γ acts on the bodies, as the reference reports it
  /// (reaction forces): the points of A and B from Ao and Bo, in W — P and
  /// Q for ball and distance, the points Am and Bm at the weld's midpoint M
  /// for weld — and, for distance, the direction p̂_PQ_W. Zero for a
  /// coupler (whose impulse is a generalized force).
  Vector3<T> p_AoAp_W{Vector3<T>::Zero()};
  Vector3<T> p_BoBq_W{Vector3<T>::Zero()};
  Vector3<T> direction_W{Vector3<T>::Zero()};

  int num_rows() const { return static_cast<int>(g.size()); }
};

/// The kinematics of every constraint of `plant` that is active in
/// `context`, in the order of plant.GetConstraintIds().
/// @throws std::logic_error if `plant` is not finalized, `context` is not
/// its Context, or a distance constraint has P and Q coincident (its
/// direction p̂_PQ is undefined), naming the bodies.
template <typename T>
std::vector<ConstraintKinematics<T>> CalcConstraintKinematics(
    const MultibodyPlant<T>& plant, const systems::Context<T>& context);

}  // namespace ossa::multibody::internal
