#pragma once

/// @file
/// The O(n) computational kernels of the compiled multibody core: loops over
/// the flat arrays of a CompiledTree, in base-to-tip or tip-to-base order,
/// with the per-body steps of seed 002 (BodyNode) and the per-kind mobilizer
/// math of seed 004 inlined by a switch on the mobilizer kind.
///
/// Every kernel takes the structure (CompiledTree), the parameters
/// (TreeParameters) and the state explicitly and writes into a preallocated
/// TreeWorkspace (see compiled_tree.h for the frames it holds). For T = double
/// no kernel allocates heap memory once the workspace exists. Sizes are
/// checked once at entry; a mismatch throws std::logic_error naming the kernel
/// and the expected size.
///
/// Preconditions are stated as "needs: position" (CalcPositionKinematics ran
/// for the current q and parameters), "needs: velocity"
/// (CalcVelocityKinematics ran for the current q, v) and "needs: ABI"
/// (CalcArticulatedBodyInertiaCache ran for the current q).
///
/// Conventions (as the specification): spatial vectors are [rotational;
/// translational]; tau_applied has size 0 (none) or nv; F_applied_Bo_W has
/// size 0 (none) or num_mobods(), with the spatial force on each mobod's body
/// at its origin Bo, expressed in W (entry 0, the world, is ignored).
/// Gravity is the acceleration vector g_W (e.g. [0, 0, −9.81] m/s²).
/// Equations of motion: M(q)·v̇ + C(q, v)·v = tau_g(q) + tau_app + Σ
/// J_WBᵀ·F_app.

#include <stdexcept>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

template <typename T>
using SpatialVectorArray = std::vector<Vector6<T>>;

/// Base-to-tip position kinematics: X_FM(q), X_PB, X_WB and the hinge
/// matrices H_B of every mobod. q has size num_positions().
template <typename T>
void CalcPositionKinematics(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& q,
                            TreeWorkspace<T>* ws);

/// CalcPositionKinematics() without the world poses R_WB, p_WB: only X_FM,
/// X_PB and H_B, which is all that inverse dynamics, the mass matrix and the
/// articulated body algorithm need when there are no applied spatial forces
/// and no A_WB or F_BMo outputs. Kernels documented as "needs: world poses"
/// (applied spatial forces, A_WB_W/F_BMo_W outputs, gravity forces, energies,
/// momentum, Jacobians) require CalcPositionKinematics().
template <typename T>
void CalcLocalPositionKinematics(const CompiledTree& tree,
                                 const TreeParameters<T>& params,
                                 const Eigen::Ref<const VectorX<T>>& q,
                                 TreeWorkspace<T>* ws);

/// CalcPositionKinematics() restricted to the root path of `mobod` (the
/// mobod and its ancestors): X_FM, X_PB, X_WB and H_B of those mobods only,
/// which is all that CalcJacobianSpatialVelocity() and the pose of `mobod`
/// need. Other mobods' entries are left as they were (and the workspace's
/// world poses are marked incomplete for the kernels that need all of them).
/// @throws std::logic_error if `mobod` does not exist or q has the wrong size.
template <typename T>
void CalcPositionKinematicsAlongPath(const CompiledTree& tree,
                                     const TreeParameters<T>& params,
                                     const Eigen::Ref<const VectorX<T>>& q,
                                     int mobod, TreeWorkspace<T>* ws);

/// Base-to-tip velocity kinematics: V_WB (in B), V_PB and the velocity
/// product accelerations c_B. q must be the q of the position kinematics.
/// needs: position.
template <typename T>
void CalcVelocityKinematics(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& q,
                            const Eigen::Ref<const VectorX<T>>& v,
                            TreeWorkspace<T>* ws);

/// Spatial velocity V_WB_W of mobod `mobod` (rotated from the cached V_WB_B).
/// needs: velocity.
template <typename T>
Vector6<T> GetSpatialVelocityInWorld(const TreeWorkspace<T>& ws, int mobod) {
  Vector6<T> V;
  V.template head<3>() = ws.R_WB[mobod] * ws.V_WB_B[mobod].template head<3>();
  V.template tail<3>() = ws.R_WB[mobod] * ws.V_WB_B[mobod].template tail<3>();
  return V;
}

/// A_WB_W (classical: [α_WB_W; a_WBo_W]) of every mobod for the given v̇, no
/// gravity: A_WB = J_WB·v̇ + J̇_WB·v. A_WB_W is resized to num_mobods() if
/// needed (entry 0 is zero). needs: velocity.
template <typename T>
void CalcSpatialAccelerationsFromVdot(const CompiledTree& tree,
                                      const TreeParameters<T>& params,
                                      const Eigen::Ref<const VectorX<T>>& vdot,
                                      TreeWorkspace<T>* ws,
                                      SpatialVectorArray<T>* A_WB_W);

/// Recursive Newton–Euler inverse dynamics:
///   tau = M(q)·v̇ + C(q, v)·v − tau_g(q) − tau_app − Σ J_WBᵀ·F_app,
/// including the reflected rotor inertia term diag(r)·v̇ (joint damping is
/// not included: add CalcJointDampingForces() to tau_app). Optionally
/// returns A_WB_W (classical accelerations, gravity excluded) and F_BMo_W, the
/// spatial force of each inboard mobilizer on its body at Mo, in W. Outputs
/// may be null; non-null arrays are resized to num_mobods() if needed.
/// needs: velocity.
template <typename T>
void CalcInverseDynamics(const CompiledTree& tree,
                         const TreeParameters<T>& params,
                         const Eigen::Ref<const VectorX<T>>& vdot,
                         const Vector3<T>& g_W,
                         const Eigen::Ref<const VectorX<T>>& tau_applied,
                         const SpatialVectorArray<T>& F_applied_Bo_W,
                         TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> tau,
                         SpatialVectorArray<T>* A_WB_W = nullptr,
                         SpatialVectorArray<T>* F_BMo_W = nullptr);

/// Mass matrix M(q) (nv x nv, symmetric) by the composite rigid body
/// algorithm, with reflected rotor inertia on the diagonal. Only entries of
/// dof pairs on a common root path are non-zero. needs: position.
template <typename T>
void CalcMassMatrix(const CompiledTree& tree, const TreeParameters<T>& params,
                    TreeWorkspace<T>* ws, Eigen::Ref<MatrixX<T>> M);

/// Bias term C(q, v)·v (inverse dynamics with v̇ = 0, no gravity, no applied
/// forces). needs: velocity.
template <typename T>
void CalcBiasTerm(const CompiledTree& tree, const TreeParameters<T>& params,
                  TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> Cv);

/// Generalized forces of gravity tau_g(q) = Σ J_WBᵀ·[p_BoBcm × m·g; m·g], so
/// that v·tau_g is the power of gravity. needs: position.
template <typename T>
void CalcGravityGeneralizedForces(const CompiledTree& tree,
                                  const TreeParameters<T>& params,
                                  const Vector3<T>& g_W, TreeWorkspace<T>* ws,
                                  Eigen::Ref<VectorX<T>> tau_g);

/// Thrown by the articulated-body kernels when the hinge inertia D of a
/// mobod (see CalcArticulatedBodyInertiaCache) is not positive definite: the
/// mobod and everything outboard of it have no mass or inertia along some
/// direction the mobilizer allows (or it holds NaN). The tree layer catches it
/// and throws a std::runtime_error that names the joint and bodies; what() here
/// names only the mobod index.
class SingularHingeInertiaError : public std::runtime_error {
 public:
  SingularHingeInertiaError(const CompiledTree* tree, int mobod, bool is_nan);
  /// The tree the kernel ran on, and the mobod in it.
  const CompiledTree* tree() const { return tree_; }
  int mobod() const { return mobod_; }
  /// True if the hinge inertia holds NaN (non-finite state or parameters)
  /// rather than being singular.
  bool is_nan() const { return is_nan_; }

 private:
  const CompiledTree* tree_;
  int mobod_;
  bool is_nan_;
};

/// Tip-to-base articulated body inertias P_B (stored after the projection
/// P_B − U·D⁻¹·Uᵀ), U_B = P_B·H_B and D⁻¹ = (H_Bᵀ·P_B·H_B + diag(r))⁻¹.
/// Depends on q only. needs: position.
/// @throws SingularHingeInertiaError if some D is not positive definite (a
///   Cholesky pivot ≤ 0 or NaN).
template <typename T>
void CalcArticulatedBodyInertiaCache(const CompiledTree& tree,
                                     const TreeParameters<T>& params,
                                     TreeWorkspace<T>* ws);

/// Forward dynamics v̇ by the articulated body algorithm (force bias pass
/// tip-to-base, accelerations base-to-tip), from the cached articulated
/// body inertias. needs: velocity and ABI.
template <typename T>
void CalcArticulatedBodyForwardDynamics(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot);

/// CalcArticulatedBodyInertiaCache() then CalcArticulatedBodyForwardDynamics().
/// needs: velocity.
template <typename T>
void CalcForwardDynamicsArticulatedBody(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot);

/// Forward dynamics by M = CRBA, rhs = −ID(v̇ = 0) and a dense LLT
/// factorization (in ws->llt). needs: velocity. The first call on a
/// workspace sizes its nv×nv ws->M and ws->llt (allocates); later calls
/// allocate nothing.
template <typename T>
void CalcForwardDynamicsCholesky(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot);

/// Forward dynamics by M = CRBA and the sparse factorization M = Lᵀ·D·L
/// (FactorMassMatrixLTDL: O(Σ depth²), not O(nv³)), which stays in ws->M for
/// further solves (SolveLTDL). needs: velocity. The first call on a
/// workspace sizes its nv×nv ws->M (allocates); later calls allocate nothing.
template <typename T>
void CalcForwardDynamicsLTDL(const CompiledTree& tree,
                             const TreeParameters<T>& params,
                             const Vector3<T>& g_W,
                             const Eigen::Ref<const VectorX<T>>& tau_applied,
                             const SpatialVectorArray<T>& F_applied_Bo_W,
                             TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> vdot);

/// In place, Featherstone's LTDL factorization of a mass matrix of `tree`:
/// on return the strictly lower triangle of M holds the unit lower factor L
/// (at dof pairs (i, j), j an ancestor dof of i) and the diagonal holds D, with
/// M = Lᵀ·D·L. Entries off the root paths are not read. Requires M positive
/// definite.
template <typename T>
void FactorMassMatrixLTDL(const CompiledTree& tree, Eigen::Ref<MatrixX<T>> M);

/// Solves Lᵀ·D·L·x = b in place (x holds b on input) with the output of
/// FactorMassMatrixLTDL().
template <typename T>
void SolveLTDL(const CompiledTree& tree, const Eigen::Ref<const MatrixX<T>>& LD,
               Eigen::Ref<VectorX<T>> x);

/// Jacobian Jv_V_WBp_W (6 x nv) of the spatial velocity of frame Bp (body B
/// of `mobod` shifted to the point p_BoBp_B), measured and expressed in W:
/// V_WBp_W = J·v. needs: position.
template <typename T>
void CalcJacobianSpatialVelocity(const CompiledTree& tree,
                                 const TreeWorkspace<T>& ws, int mobod,
                                 const Vector3<T>& p_BoBp_B,
                                 Eigen::Ref<MatrixX<T>> J);

/// Bias spatial acceleration AsBias_WBp_W = J̇·v (classical, in W) of the
/// frame Bp of CalcJacobianSpatialVelocity(): the acceleration of Bp when
/// v̇ = 0. Overwrites ws->a_B. needs: velocity.
template <typename T>
Vector6<T> CalcBiasSpatialAcceleration(const CompiledTree& tree,
                                       TreeWorkspace<T>* ws, int mobod,
                                       const Vector3<T>& p_BoBp_B);

/// Kinetic energy ½·Σ V_WBᵀ·M_B·V_WB of the bodies (reflected rotor inertia
/// not included). needs: velocity.
template <typename T>
T CalcKineticEnergy(const CompiledTree& tree, const TreeParameters<T>& params,
                    const TreeWorkspace<T>& ws);

/// Gravitational potential energy −Σ m_B·g_W·p_WBcm. needs: position.
template <typename T>
T CalcPotentialEnergy(const CompiledTree& tree, const TreeParameters<T>& params,
                      const Vector3<T>& g_W, const TreeWorkspace<T>& ws);

/// Spatial momentum L_WS_W of all bodies about Wo, expressed in W.
/// needs: velocity.
template <typename T>
Vector6<T> CalcSpatialMomentumInWorldAboutWo(const CompiledTree& tree,
                                             const TreeParameters<T>& params,
                                             const TreeWorkspace<T>& ws);

/// Joint damping generalized forces tau = −diag(damping)·v.
template <typename T>
void CalcJointDampingForces(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& v,
                            Eigen::Ref<VectorX<T>> tau);

/// q̇ = N(q)·v, mobilizer by mobilizer.
template <typename T>
void MapVelocityToQDot(const CompiledTree& tree,
                       const Eigen::Ref<const VectorX<T>>& q,
                       const Eigen::Ref<const VectorX<T>>& v,
                       Eigen::Ref<VectorX<T>> qdot);

/// v = N⁺(q)·q̇, mobilizer by mobilizer.
template <typename T>
void MapQDotToVelocity(const CompiledTree& tree,
                       const Eigen::Ref<const VectorX<T>>& q,
                       const Eigen::Ref<const VectorX<T>>& qdot,
                       Eigen::Ref<VectorX<T>> v);

}  // namespace ossa::multibody::internal
