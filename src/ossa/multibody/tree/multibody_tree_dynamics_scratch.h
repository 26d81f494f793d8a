#pragma once

/// @file
/// (Internal) What the Context-level dynamics methods of MultibodyTree need
/// besides the kernels of tree_kernels.h: a per-Context scratch (a cache
/// entry of MultibodyTreeSystem, so that repeated calls allocate nothing)
/// and the projection of spatial forces onto generalized forces.

#include <cstdint>
#include <memory>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/core/weld_merged_tree.h"

namespace ossa::multibody::internal {

class DualWorkspace;  // tree_kernels_dual.h

/// The workspace of the AutoDiffXd fast path (tree_kernels_dual.h), made on
/// first use. Scratch: a copy (a cloned Context) starts without one, so
/// that no two Contexts share it.
struct DualWorkspaceSlot {
  DualWorkspaceSlot() = default;
  DualWorkspaceSlot(const DualWorkspaceSlot&) {}
  DualWorkspaceSlot& operator=(const DualWorkspaceSlot&) { return *this; }
  std::shared_ptr<DualWorkspace> ws;
};

/// Scratch of the dynamics methods for one Context (a cache entry of
/// MultibodyTreeSystem, reached through a TreeComputation,
/// tree_computation.h). `ws` holds a copy of the Context's velocity
/// kinematics (refreshed when q, v or the parameters change) so that the
/// kernels may write their scratch fields (a_B, f_B, composite and
/// articulated inertias) without touching the cached kinematics.
/// `merged_ws` holds the position and velocity kinematics of the
/// weld-merged tree (weld_merged_tree.h) for the same q and v. Both are
/// filled on demand (TreeComputation::EvalKinematics()); the flags say which
/// one is current.
template <typename T>
struct DynamicsScratch {
  DynamicsScratch() = default;
  DynamicsScratch(const CompiledTree& tree, int num_bodies);
  DynamicsScratch(const CompiledTree& tree, const CompiledTree& merged_tree,
                  int num_bodies);

  TreeWorkspace<T> ws;
  bool full_kinematics_valid{false};
  /// Weld-merged tree: kinematics, spatial forces per group, [q; v]. Its
  /// position kinematics (local X_PB and H_B; world poses only when asked
  /// for) and its velocity kinematics are refreshed separately, each when a
  /// method first needs it for the Context's q and v.
  TreeWorkspace<T> merged_ws;
  bool merged_position_valid{false};
  bool merged_velocity_valid{false};
  std::vector<Vector6<T>> F_group_W;
  VectorX<T> x;
  /// The plant's applied forces (actuation, input ports) for its forward
  /// dynamics, so that a step allocates nothing.
  MultibodyForces<T> applied{1, 0};
  /// The plant's assembled actuation input, size num_actuated_dofs().
  VectorX<T> u;
  /// The plant's time derivatives ẋ (size nq + nv).
  VectorX<T> xdot;
  /// Spatial forces F_Bo_W in mobod order (the kernels' layout).
  std::vector<Vector6<T>> F_mobod_W;
  /// Outputs of the kernels, mobod order.
  std::vector<Vector6<T>> A_WB_W, F_BMo_W;
  /// Generalized-force scratch, size nv.
  VectorX<T> tau, tau_applied;
  /// Force element contributions (forward dynamics).
  MultibodyForces<T> forces{1, 0};
  /// AutoDiffXd only: the fast path's workspace for the merged tree.
  DualWorkspaceSlot dual;
  /// Poses X_WB of single bodies, by BodyIndex, made from their root path
  /// alone when EvalBodyPoseInWorld() is asked before the all-bodies cache is
  /// current: entry b is valid while X_WB_epoch[b] == epoch, and `epoch`
  /// moves on each change of q, v or the parameters. `num_path_poses` counts
  /// the path evaluations of the current epoch (a caller asking for many
  /// bodies gets the all-bodies cache instead).
  std::vector<math::RigidTransform<T>> X_WB;
  std::vector<std::uint64_t> X_WB_epoch;
  std::uint64_t epoch{1};
  int num_path_poses{0};
};

/// Copies the position and velocity kinematics fields of `from` (the ones
/// CalcPositionKinematics and CalcVelocityKinematics write) into `to`,
/// which must be sized for the same tree. Allocates nothing for double.
template <typename T>
void CopyKinematics(const TreeWorkspace<T>& from, TreeWorkspace<T>* to);

/// tau = Σ_B J_WBᵀ·F_Bo_W for spatial forces F_Bo_W given per mobod (size
/// num_mobods(), entry 0 ignored): a tip-to-base pass accumulating each
/// subtree's force at its root mobilizer, projected by Hᵀ. Uses ws->f_B as
/// scratch. needs: position (world poses).
template <typename T>
void CalcGeneralizedForcesFromSpatialForces(
    const CompiledTree& tree, const std::vector<Vector6<T>>& F_mobod_W,
    TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> tau);

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DynamicsScratch);
