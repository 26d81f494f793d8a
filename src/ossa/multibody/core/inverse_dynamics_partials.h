#pragma once

/// @file
/// Analytical partial derivatives of the inverse dynamics,
/// ∂τ/∂q and ∂τ/∂v of τ = ID(q, v, v̇) (∂τ/∂v̇ is the mass matrix), in double.
///
/// Method: the inverse dynamics differentiated by hand in the body frames of
/// the recursions (tree_kernels-inl.h). In those frames a change of mobod
/// k's coordinates moves only k's own X_PB, H_B and across-mobilizer bias;
/// every other body-frame transform stays put. Along one coordinate of k the
/// recursion's derivative is therefore a "seed" (δV_k, δa_k) at k, carried
/// linearly through k's subtree, plus the one force k passes to its
/// ancestors. The subtree part is condensed: a tip-to-base pass builds, per
/// mobod i, the 6×12 map Φ_i from (δV_i, δa_i) to the derivative of its
/// subtree force (its acceleration half is the composite rigid-body
/// inertia); then each dof j carries the row Hⱼᵀ·Φⱼ up its root path, and
/// its derivative along any coordinate of an ancestor a is that row times
/// a's seed. Expressed in W, those rows change along the path only by one
/// cross product per step, and what the ancestors see is one fixed force:
/// O(n·depth) 6-vector operations in all, with the floating base's 13
/// coordinates sharing each row. The local derivatives of X_PB, H_B and the
/// bias come from closed forms for the axial kinds (revolute, prismatic, screw)
/// and from each mobilizer kind's own math evaluated on a small dual number for
/// the others, so every kind (reversed ones included) is covered, and q is
/// differentiated in its own coordinates (a quaternion's four components,
/// as the AutoDiffXd kernels do).

#include <vector>

#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

/// Scratch of CalcInverseDynamicsPartials for one tree: per-mobod 6×6
/// operators and seeds. Create once per tree and reuse.
struct InverseDynamicsPartialsWorkspace {
  using Matrix6d = Eigen::Matrix<double, 6, 6>;
  /// Up to 13 columns (a quaternion floating mobilizer's 7 + 6 coordinates)
  /// without heap storage.
  using Seeds = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 13>;
  explicit InverseDynamicsPartialsWorkspace(const CompiledTree& tree);
  /// Φ = [Φ_V | Φ_A]: derivative of the subtree force per (δV, δa), all in
  /// W at Wo.
  std::vector<Matrix6d> Phi_V, Phi_A;
  /// World pose of each mobod, and in W at Wo: its hinge columns H_W, its
  /// across-mobilizer velocity VJ_W and its seeds (δV, δa), one column per
  /// own coordinate (q's first, then v's).
  std::vector<Eigen::Matrix3d> R_WB;
  std::vector<Eigen::Vector3d> p_WB;
  Matrix6X<double> H_W;
  std::vector<Vector6<double>> VJ_W;
  std::vector<Seeds> seed_V, seed_A;
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
