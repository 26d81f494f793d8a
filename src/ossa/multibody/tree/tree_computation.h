#pragma once

/// @file
/// (Internal) TreeComputation<T>: one computation of the core's kernels,
/// prepared from a Context. Every Context-level method that runs dynamics
/// kernels (MultibodyTree::Calc*, the plant's dynamics outputs, the discrete
/// step) starts from one, so that the choice of how a call is computed
/// exists in one place: MultibodyTreeSystem::PrepareComputation().
///
/// What it chooses:
///  - the compiled tree: the weld-merged tree (weld_merged_tree.h: welded
///    bodies are parts of composite bodies, the same q and v with fewer
///    bodies) when the model has welded mobods, else the full tree; a caller
///    that needs results per full mobod (body accelerations and mobilizer
///    forces of every body, locked joints) asks for the full tree;
///  - the TreeParameters of that tree (the Context's, or their merged form,
///    cached per Context parameters);
///  - the TreeWorkspace the kernels write into: the per-Context scratch
///    (a cache entry), whose kinematics EvalKinematics() brings up to date
///    for the Context's q and v, computing only what the computation needs;
///  - the scalar path: for T = AutoDiffXd on the merged tree, the
///    fixed-capacity dual kernels (tree_kernels_dual.h) when the inputs allow.
///
/// Frames and layouts: q and v are the Context's, in the layout of both
/// trees (welds have no dofs). Spatial forces enter the kernels per mobod of
/// tree(), at the mobod's body origin, expressed in W; on the merged tree a
/// mobod is a group and its origin Go is the origin of the group's root body
/// (SpatialForcesOnMobods() shifts forces given per body there). Results per
/// mobod (A_WB_W, F_BMo_W) are per mobod of tree().
///
/// Contact and constraint stages hook in here: their Jacobians and forces
/// are taken per mobod of tree(), with the kinematics of workspace().
///
/// Preconditions: the system is finalized and the Context is one of its own
/// (PrepareComputation() throws std::logic_error otherwise); the caller has
/// checked the sizes of its inputs (the kernels check them once more).
///
/// Ownership: a TreeComputation owns nothing. It points into the finalized
/// system (trees) and into the Context (parameters, scratch, state), and is
/// valid while neither changes: make one per call, never keep it across a
/// change of the Context. Not thread-safe across calls on the same Context
/// (the scratch is shared), as every Context-level computation.

#include <type_traits>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"
#include "ossa/systems/framework/context.h"

namespace ossa::multibody::internal {

template <typename T>
class MultibodyTreeSystem;

/// What of the kinematics a kernel call needs current in the workspace, in
/// the kernels' terms (tree_kernels.h: "needs: position", "needs: velocity";
/// "world" adds the world poses R_WB, p_WB, which applied spatial forces,
/// A_WB_W and F_BMo_W outputs need).
enum class KinematicsNeed {
  kPosition,          ///< X_FM, X_PB, H_B (the mass matrix).
  kPositionAndWorld,  ///< Those and R_WB, p_WB.
  kVelocity,          ///< Position and velocity kinematics.
  kVelocityAndWorld,  ///< Those and R_WB, p_WB.
};

/// Which compiled tree a computation runs on.
enum class TreeChoice {
  /// The weld-merged tree when the model has welded mobods, else the full
  /// tree: the same τ, M, C·v and v̇ with fewer bodies.
  kFastest,
  /// The full tree, one mobod per body: for results per full mobod and for
  /// locked joints.
  kFull,
  /// The weld-merged tree even when it merges nothing (the body poses and
  /// path kinematics, which are defined on it).
  kWeldMerged,
};

/// One computation prepared from a Context (see the file comment). Made by
/// MultibodyTreeSystem::PrepareComputation().
template <typename T>
class TreeComputation {
 public:
  /// The compiled tree the kernels run on, and its parameters.
  const CompiledTree& tree() const { return *tree_; }
  const TreeParameters<T>& parameters() const { return *params_; }

  /// True if tree() is the weld-merged tree.
  bool is_weld_merged() const { return merged_params_ != nullptr; }
  /// The weld-merged structure and parameters (is_weld_merged() only).
  const WeldMergedTree& weld_merged_tree() const { return *merged_; }
  const WeldMergedParameters<T>& weld_merged_parameters() const {
    return *merged_params_;
  }

  /// The Context's q and v (views of its state, or of a copy in the scratch
  /// when the state is not contiguous).
  Eigen::Map<const VectorX<T>> q() const {
    return Eigen::Map<const VectorX<T>>(x_, nq_);
  }
  Eigen::Map<const VectorX<T>> v() const {
    return Eigen::Map<const VectorX<T>>(x_ + nq_, nv_);
  }

  /// The workspace for tree() with the kinematics named by `need` current
  /// for q and v (kept in the Context's scratch until q, v or the parameters
  /// change; computed here only when stale: on the merged tree only what
  /// `need` names, on the full tree all of them at once, copied from the
  /// Context's cache when that is current). The kernels may write its
  /// scratch fields (a_B, f_B, composite and articulated inertias).
  TreeWorkspace<T>& EvalKinematics(KinematicsNeed need);

  /// The workspace with the position kinematics, world poses included, of
  /// the root path of `mobod` (a mobod of tree()) current: all a Jacobian of
  /// a frame on that mobod and its pose need. On the merged tree only that
  /// path is computed, unless the whole workspace is current already; on
  /// the full tree, as EvalKinematics(kPositionAndWorld).
  const TreeWorkspace<T>& EvalPathKinematics(int mobod);

  /// The workspace as it is, kinematics not refreshed: for kernels that
  /// compute their own kinematics (the dual path's fallback).
  TreeWorkspace<T>& workspace() { return *ws_; }

  /// The per-Context work arrays (DynamicsScratch) of the computation.
  DynamicsScratch<T>& scratch() { return *scratch_; }

  /// Spatial forces F_Bo_W given per body (BodyIndex order, at each body's
  /// origin Bo, in W) as the kernels take them on tree(): per mobod, and on
  /// the merged tree summed per group at Go (F_Go = Σ [τ_Bo + p_GoBo_W × f;
  /// f]). The per-full-mobod forces are left in scratch().F_mobod_W.
  /// Computes the world poses when the merged tree needs them.
  const std::vector<Vector6<T>>& SpatialForcesOnMobods(
      const std::vector<SpatialForce<T>>& F_Bo_W);

  /// As SpatialForcesOnMobods(), for forces already given per full mobod
  /// (entry 0, the world, ignored): `F_full_Bo_W` itself on the full tree.
  const std::vector<Vector6<T>>& GatherMobodForces(
      const std::vector<Vector6<T>>& F_full_Bo_W);

  /// Inverse dynamics (CalcInverseDynamics() of tree_kernels.h, g_W = 0:
  /// the force elements carry gravity) with results per mobod of the full
  /// tree whatever tree() is: τ in scratch().tau; A_WB_W (at Bo) and F_BMo_W
  /// (the mobilizer's force at Mo), in W, in scratch().A_WB_W and
  /// scratch().F_BMo_W; the bodies' world poses in scratch().ws.R_WB and
  /// p_WB. On the merged tree the welded bodies' values are recovered from
  /// their groups' (weld_merged_dynamics.h), without the full tree's
  /// kinematics.
  void CalcInverseDynamicsPerFullMobod(
      const Eigen::Ref<const VectorX<T>>& vdot,
      const Eigen::Ref<const VectorX<T>>& tau_applied,
      const std::vector<SpatialForce<T>>& F_Bo_W);

  /// v_W = R_WB·v_B for the body of full mobod `full_mobod`, from the
  /// world poses of tree() (needs kPositionAndWorld): on the merged tree
  /// R_WB = R_WG·R_GB.
  Vector3<T> ReExpressInWorld(int full_mobod, const Vector3<T>& v_B) const {
    if (!is_weld_merged()) return ws_->R_WB[full_mobod] * v_B;
    // The members of the world's group have R_WG = 1 (their X_GB is X_WB).
    const Vector3<T> v_G = merged_params_->X_GB[full_mobod].R * v_B;
    const int g = merged_->group(full_mobod);
    if (g == 0) return v_G;
    return ws_->R_WB[g] * v_G;
  }

  /// True if the fixed-capacity dual kernels (tree_kernels_dual.h) may run:
  /// T = AutoDiffXd on the merged tree. They take no applied spatial forces.
  bool has_dual_path() const {
    return std::is_same_v<T, AutoDiffXd> && is_weld_merged();
  }
  /// The dual kernels' workspace for tree(), made on first use in the
  /// scratch (has_dual_path() only).
  DualWorkspace& dual_workspace();

 private:
  friend class MultibodyTreeSystem<T>;
  TreeComputation() = default;

  const MultibodyTreeSystem<T>* system_{nullptr};
  const systems::Context<T>* context_{nullptr};
  const CompiledTree* tree_{nullptr};
  const TreeParameters<T>* params_{nullptr};
  const WeldMergedTree* merged_{nullptr};
  const WeldMergedParameters<T>* merged_params_{nullptr};
  TreeWorkspace<T>* ws_{nullptr};
  DynamicsScratch<T>* scratch_{nullptr};
  const T* x_{nullptr};
  int nq_{0};
  int nv_{0};
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::TreeComputation);
