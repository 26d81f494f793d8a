#pragma once

/// @file
/// Welded bodies merged into composite bodies for the dynamics kernels.
///
/// A mobod whose inboard mobilizer is a weld moves rigidly with its parent:
/// for inverse dynamics, the mass matrix, the articulated body algorithm, the
/// bias term and gravity it is one rigid body with its parent. WeldMergedTree
/// compiles a second, smaller CompiledTree in which every such mobod is part
/// of its nearest non-welded ancestor (its "group"; mobods welded to the
/// world belong to the world, group 0). The merged tree has the same q and v
/// layout as the full one (welds have no dofs, and the remaining mobods keep
/// their order), so q, v, v̇ and τ vectors pass unchanged between the two.
///
/// Frames: G is the body frame of a group's root mobod (the non-welded one);
/// X_GB is the fixed pose of the body frame B of a member mobod in G (the
/// identity for the root; X_WB for mobods welded to the world).
///
/// CalcWeldMergedParameters() turns the full tree's parameters into the
/// merged tree's: each group's spatial inertia is the sum of its members'
/// inertias shifted to Go in G, and the inboard frame F of each group root is
/// re-expressed in its parent group's frame. Public results for individual
/// bodies follow from the group's: X_WB = X_WG·X_GB, a frame Bp on a member
/// has the Jacobian of the group root at p_GoBp_G = p_GoBo_G + R_GB·p_BoBp_B,
/// and a spatial force on a member at Bo acts on the group at Go after the
/// shift τ_Go = τ_Bo + p_GoBo_W × f.

#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

/// The structure of a CompiledTree with welded mobods merged (see the file
/// comment). Immutable once built.
class WeldMergedTree {
 public:
  WeldMergedTree() = default;

  /// Compiles the merged form of `full`.
  explicit WeldMergedTree(const CompiledTree& full);

  /// The merged tree (num_positions() and num_velocities() equal the full
  /// tree's, with the same layout).
  const CompiledTree& tree() const { return merged_; }

  /// True if at least one mobod of the full tree is welded (to its parent or
  /// to the world), i.e. the merged tree has fewer mobods.
  bool merges_anything() const {
    return merged_.num_mobods() < static_cast<int>(group_.size());
  }

  /// Number of mobods of the full tree.
  int num_full_mobods() const { return static_cast<int>(group_.size()); }

  /// The merged mobod (group) of full mobod `full_mobod` (0 for the world and
  /// the mobods welded to it).
  int group(int full_mobod) const { return group_[full_mobod]; }
  const std::vector<int>& groups() const { return group_; }

  /// The full mobod at the root of merged mobod `merged_mobod` (0 for the
  /// world).
  int root(int merged_mobod) const { return root_[merged_mobod]; }

 private:
  CompiledTree merged_;
  std::vector<int> group_;
  std::vector<int> root_;
};

/// The Context-dependent values of a WeldMergedTree: the merged tree's
/// parameters and, for each full mobod, the pose X_GB of its body in its
/// group's frame.
template <typename T>
struct WeldMergedParameters {
  TreeParameters<T> params;
  std::vector<Pose<T>> X_GB;
};

/// Fills `out` from the full tree's parameters (allocates only when `out`
/// is not yet sized for `merged`).
/// @throws std::logic_error if `full_params` or `merged` were not made for
/// `full`.
template <typename T>
void CalcWeldMergedParameters(const CompiledTree& full,
                              const WeldMergedTree& merged,
                              const TreeParameters<T>& full_params,
                              WeldMergedParameters<T>* out);

/// World pose of full mobod `full_mobod` from the merged workspace's world
/// poses (R_WB, p_WB of the groups; CalcPositionKinematics on the merged
/// tree): X_WB = X_WG·X_GB.
template <typename T>
void CalcFullMobodPoseInWorld(const WeldMergedTree& merged,
                              const WeldMergedParameters<T>& merged_params,
                              const TreeWorkspace<T>& merged_ws, int full_mobod,
                              Matrix3<T>* R_WB, Vector3<T>* p_WB);

/// Spatial forces given per full mobod (at each body's Bo, in W; 0 or
/// num_full_mobods() entries) summed per group at Go, in W:
/// F_Go = Σ [τ_Bo + p_GoBo_W × f; f] with p_GoBo_W = R_WG·p_GoBo_G. Forces on
/// the world's group are dropped. F_group_W is resized to the merged tree's
/// num_mobods() (or cleared when F_full_Bo_W is empty). Needs the merged
/// workspace's world poses.
template <typename T>
void GatherSpatialForcesOnGroups(const WeldMergedTree& merged,
                                 const WeldMergedParameters<T>& merged_params,
                                 const TreeWorkspace<T>& merged_ws,
                                 const std::vector<Vector6<T>>& F_full_Bo_W,
                                 std::vector<Vector6<T>>* F_group_W);

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::WeldMergedParameters);

}  // namespace ossa::multibody::internal
