#pragma once

/// @file
/// Analytical partial derivatives of the inverse dynamics,
/// ∂τ/∂q and ∂τ/∂v of τ = ID(q, v, v̇) (∂τ/∂v̇ is the mass matrix), in double.
///
/// Method: the inverse dynamics differentiated by hand in the body frames of
/// the recursions (tree_kernels-inl.h). In those frames a change of mobod
/// k's coordinates moves only k's own X_PB, H_B and across-mobilizer bias;
/// every other body-frame transform stays put. So the derivative along one
/// coordinate of k is a base-to-tip pass over k's subtree (δV, δa, δf), a
/// tip-to-base pass back to k, then a walk up k's ancestors carrying one
/// force: O(subtree + depth) per coordinate, O(n·depth) in all. The local
/// derivatives of X_PB, H_B and the bias come from each mobilizer kind's own
/// math evaluated on a small dual number, so every kind (reversed ones
/// included) is covered without per-kind derivative formulas, and q is
/// differentiated in its own coordinates (a quaternion's four components,
/// as the AutoDiffXd kernels do).

#include <vector>

#include "ossa/multibody/tree/compiled_tree.h"

namespace ossa::multibody::internal {

/// Scratch of CalcInverseDynamicsPartials for one tree: the descendant lists
/// and per-mobod derivative vectors. Create once per tree and reuse.
struct InverseDynamicsPartialsWorkspace {
  explicit InverseDynamicsPartialsWorkspace(const CompiledTree& tree);
  /// Strict descendants of each mobod, in topological order.
  std::vector<std::vector<int>> descendants;
  /// Rigid inertia of each body about Bo in B: m, h = m·p_BoBcm_B, I_BBo_B,
  /// and the momentum I·V_WB_B of the current state.
  std::vector<double> m;
  std::vector<Eigen::Vector3d> h;
  std::vector<Eigen::Matrix3d> I;
  std::vector<Vector6<double>> IV;
  /// Derivatives along one input coordinate: velocity, Plücker acceleration
  /// and (after the tip-to-base pass) subtree force of each mobod.
  std::vector<Vector6<double>> dV, dA, dF;
};

/// Writes ∂τ/∂q (nv × nq) and ∂τ/∂v (nv × nv) of the inverse dynamics
/// τ = CalcInverseDynamics(v̇, g_W, τ_applied, no applied spatial forces) at
/// the state whose kinematics `ws` holds. Preconditions: `ws` holds
/// CalcLocalPositionKinematics (or CalcPositionKinematics) for q,
/// CalcVelocityKinematics for q and v, and CalcInverseDynamics for v̇ and
/// g_W, all with `params`. A constant τ_applied does not change the
/// partials; applied spatial forces are not supported (expressed in W, they
/// would add a q-dependence through R_BW). ∂τ/∂v̇ is the mass matrix with
/// the reflected inertias on its diagonal (CalcMassMatrix).
/// @throws std::logic_error on sizes that do not match the tree.
void CalcInverseDynamicsPartials(const CompiledTree& tree,
                                 const TreeParameters<double>& params,
                                 const Eigen::Ref<const Eigen::VectorXd>& q,
                                 const Eigen::Ref<const Eigen::VectorXd>& v,
                                 const Eigen::Ref<const Eigen::VectorXd>& vdot,
                                 const TreeWorkspace<double>& ws,
                                 InverseDynamicsPartialsWorkspace* pws,
                                 Eigen::Ref<Eigen::MatrixXd> dtau_dq,
                                 Eigen::Ref<Eigen::MatrixXd> dtau_dv);

}  // namespace ossa::multibody::internal
