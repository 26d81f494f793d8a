#pragma once

/// @file
/// The full tree's inverse-dynamics outputs recovered from the weld-merged
/// tree's (weld_merged_tree.h): the body accelerations and the mobilizer
/// (joint reaction) forces of every full mobod, welded ones included, without
/// the full tree's kinematics. The plant's reaction-force and body
/// acceleration outputs use it when the model has welded bodies.

#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/weld_merged_tree.h"

namespace ossa::multibody::internal {

/// After CalcInverseDynamics() on the merged tree with gravity g_W and with
/// F_full_Bo_W gathered onto the groups (GatherSpatialForcesOnGroups()), and
/// with the merged workspace's world poses current, computes for every full
/// mobod B what CalcInverseDynamics() on the full tree would give (equal to
/// round-off): its world pose (R_WB, p_WB), A_WB_W (at Bo, in W) and F_BMo_W
/// (the force its mobilizer applies, at Mo, in W).
///
/// A welded member moves rigidly with its group, so its velocity and
/// (Plücker) acceleration follow from the group's; the force across a weld
/// is the sum over the bodies outboard of it (welded members and whole child
/// groups, whose forces are the merged tree's) of I·a + V × I·V − F_applied,
/// accumulated in the group's frame. A group root's mobilizer force is the
/// merged tree's. Outputs are resized to the full tree's num_mobods();
/// `S_G` is scratch. Entry 0 (the world) is zero or identity.
template <typename T>
void CalcFullInverseDynamicsOutputs(
    const CompiledTree& full, const TreeParameters<T>& full_params,
    const WeldMergedTree& merged, const WeldMergedParameters<T>& merged_params,
    const TreeWorkspace<T>& merged_ws, const Vector3<T>& g_W,
    const std::vector<Vector6<T>>& F_full_Bo_W, std::vector<Matrix3<T>>* R_WB,
    std::vector<Vector3<T>>* p_WB, std::vector<Vector6<T>>* A_WB_W,
    std::vector<Vector6<T>>* F_BMo_W, std::vector<Vector6<T>>* S_G);

}  // namespace ossa::multibody::internal
