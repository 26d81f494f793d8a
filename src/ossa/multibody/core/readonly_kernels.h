#pragma once

/// @file
/// Kernels that read a workspace's cached kinematics and write nothing into
/// it, so the tree layer can run them on the Context's cached (const)
/// workspaces: the columns of a point's Jacobian and its bias acceleration
/// along one root path (a mobod and its ancestors; the tree's Jacobian
/// queries of frames, points, centers of mass, relative to a frame A, are
/// sums of these), and the spatial accelerations of all mobods for a v̇.
///
/// Frames as in tree_kernels.h: W the world; P a point fixed on the body of
/// `mobod`, at p_WP (measured from Wo, in W). "needs: position" means
/// CalcPositionKinematics() ran (world poses included); "needs: velocity"
/// also CalcVelocityKinematics().

#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

/// J += scale·J_P, where J_P is the Jacobian of P's velocity in W with
/// respect to v — or, when `q` is non-empty, with respect to q̇ (J_P·N⁺(q),
/// q the positions the workspace was computed at) — over the root path of
/// `mobod`. Rows: [w_WP; v_WP] when `angular` and `translational`, else only
/// the one asked for, in rows 0-2. J has num_velocities() columns (or
/// num_positions() for q̇). Columns of mobods off the path are untouched.
/// needs: position.
template <typename T>
void AddPathJacobianInWorld(const CompiledTree& tree,
                            const TreeWorkspace<T>& ws, int mobod,
                            const Vector3<T>& p_WP, const T& scale,
                            const Eigen::Ref<const VectorX<T>>& q, bool angular,
                            bool translational, Eigen::Ref<MatrixX<T>> J);

/// The classical bias acceleration (v̇ = 0) of P in W, [α_WB; a_WP] with
/// a_WP = a_WBo + α × r + w × (w × r), r = p_WP − p_WBo, from the
/// velocity-product accelerations along the root path of `mobod` (zero for
/// the world, mobod 0). needs: velocity.
template <typename T>
Vector6<T> CalcBiasAccelerationOfPointInWorld(const CompiledTree& tree,
                                              const TreeWorkspace<T>& ws,
                                              int mobod,
                                              const Vector3<T>& p_WP);

/// A_WB_W = [α_WB; a_WBo] (classical, in W) of every mobod for the given
/// v̇ (size num_velocities()), from the Plücker a_B = X_BP·a_P + H_B·v̇_B + c_B
/// base to tip; A_WB_W is resized to num_mobods() (entry 0 is zero).
/// needs: velocity.
template <typename T>
void CalcSpatialAccelerationsInWorld(const CompiledTree& tree,
                                     const TreeWorkspace<T>& ws,
                                     const Eigen::Ref<const VectorX<T>>& vdot,
                                     std::vector<Vector6<T>>* A_WB_W);

}  // namespace ossa::multibody::internal
