#include "ossa/multibody/core/weld_merged_dynamics.h"

#include "ossa/common/default_scalars.h"
#include "ossa/common/error.h"
#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {

template <typename T>
void CalcFullInverseDynamicsOutputs(
    const CompiledTree& full, const TreeParameters<T>& full_params,
    const WeldMergedTree& merged, const WeldMergedParameters<T>& merged_params,
    const TreeWorkspace<T>& merged_ws, const Vector3<T>& g_W,
    const std::vector<Vector6<T>>& F_full_Bo_W, std::vector<Matrix3<T>>* R_WB,
    std::vector<Vector3<T>>* p_WB, std::vector<Vector6<T>>* A_WB_W,
    std::vector<Vector6<T>>* F_BMo_W, std::vector<Vector6<T>>* S_G) {
  const int n = full.num_mobods();
  OSSA_DEMAND(merged.num_full_mobods() == n);
  OSSA_DEMAND(F_full_Bo_W.empty() || static_cast<int>(F_full_Bo_W.size()) == n);
  OSSA_DEMAND(merged_ws.world_poses_valid);
  R_WB->resize(n);
  p_WB->resize(n);
  A_WB_W->resize(n);
  F_BMo_W->resize(n);
  S_G->resize(n);
  (*R_WB)[0].setIdentity();
  (*p_WB)[0].setZero();
  (*A_WB_W)[0].setZero();
  (*F_BMo_W)[0].setZero();
  (*S_G)[0].setZero();
  // The world's Plücker acceleration in the kernels: gravity enters as a
  // base acceleration −g.
  Vector6<T> a_world;
  a_world << T(0), T(0), T(0), -g_W;
  const Vector6<T> V_world = Vector6<T>::Zero();
  auto is_group_root = [&](int m) {
    const int g = merged.group(m);
    return g != 0 && merged.root(g) == m;
  };
  // Pose and motion of every full mobod from its group's; for the welded
  // members (and those welded to the world), their own I·a + V × I·V −
  // F_applied, at Go in G.
  for (int m = 1; m < n; ++m) {
    const int g = merged.group(m);
    const bool root = is_group_root(m);
    const Pose<T>& X_GB = merged_params.X_GB[m];
    CalcFullMobodPoseInWorld<T>(merged, merged_params, merged_ws, m,
                                &(*R_WB)[m], &(*p_WB)[m]);
    Vector6<T> V, a;
    if (root) {
      // B is G (X_GB = 1): the merged tree's motion as it is.
      V = merged_ws.V_WB_B[g];
      a = merged_ws.a_B[g];
    } else {
      V = MotionToChild(X_GB.R, X_GB.p, g == 0 ? V_world : merged_ws.V_WB_B[g]);
      a = MotionToChild(X_GB.R, X_GB.p, g == 0 ? a_world : merged_ws.a_B[g]);
    }
    const Matrix3<T>& R = (*R_WB)[m];
    // Remove the world's −g offset, as the full kernel does.
    Vector6<T> a_true = a;
    a_true.template tail<3>().noalias() += R.transpose() * g_W;
    (*A_WB_W)[m] = PluckerToClassicalInWorld(R, a_true, V);
    if (root) continue;
    const RigidInertia<T> I(full_params.mobods[m]);
    Vector6<T> f = I * a;
    f += CrossForce(V, I * V);
    if (!F_full_Bo_W.empty()) {
      const Vector6<T>& F = F_full_Bo_W[m];
      f.template head<3>().noalias() -= R.transpose() * F.template head<3>();
      f.template tail<3>().noalias() -= R.transpose() * F.template tail<3>();
    }
    (*S_G)[m] = ForceToParent(X_GB.R, X_GB.p, f);
  }
  // Whole child groups hanging from a welded member: the merged tree's force
  // of the child group, at Go in its parent group's frame G.
  const CompiledTree& mt = merged.tree();
  for (int gc = 1; gc < mt.num_mobods(); ++gc) {
    const int pm = full.mobod(merged.root(gc)).parent;
    if (pm == 0 || is_group_root(pm)) continue;  // In the merged forces.
    (*S_G)[pm] += ForceToParent(merged_ws.R_PB[gc], merged_ws.p_PB[gc],
                                merged_ws.f_B[gc]);
  }
  // Outboard sums over the welded members, tip to base (a child's index is
  // larger than its parent's).
  for (int m = n - 1; m > 0; --m) {
    if (is_group_root(m)) continue;
    const int p = full.mobod(m).parent;
    if (p != 0 && !is_group_root(p)) (*S_G)[p] += (*S_G)[m];
  }
  // Mobilizer forces at Mo, in W: F_Bo_B from the group's (root) or from the
  // outboard sum at Go in G (welded member: f_B = X_BG* · S_G).
  for (int m = 1; m < n; ++m) {
    Vector6<T> f;
    if (is_group_root(m)) {
      f = merged_ws.f_B[merged.group(m)];
    } else {
      const Pose<T>& X_GB = merged_params.X_GB[m];
      const Vector6<T>& S = (*S_G)[m];
      const Vector3<T> t_Bo = Ang(S) - X_GB.p.cross(Lin(S));
      f.template head<3>().noalias() = X_GB.R.transpose() * t_Bo;
      f.template tail<3>().noalias() = X_GB.R.transpose() * Lin(S);
    }
    const Vector3<T> t_Mo = Ang(f) - full_params.mobods[m].X_BM.p.cross(Lin(f));
    Vector6<T>& F = (*F_BMo_W)[m];
    F.template head<3>().noalias() = (*R_WB)[m] * t_Mo;
    F.template tail<3>().noalias() = (*R_WB)[m] * Lin(f);
  }
}

#define OSSA_WELD_MERGED_DYNAMICS_INSTANTIATE(T)                            \
  template void CalcFullInverseDynamicsOutputs<T>(                          \
      const CompiledTree&, const TreeParameters<T>&, const WeldMergedTree&, \
      const WeldMergedParameters<T>&, const TreeWorkspace<T>&,              \
      const Vector3<T>&, const std::vector<Vector6<T>>&,                    \
      std::vector<Matrix3<T>>*, std::vector<Vector3<T>>*,                   \
      std::vector<Vector6<T>>*, std::vector<Vector6<T>>*,                   \
      std::vector<Vector6<T>>*);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_WELD_MERGED_DYNAMICS_INSTANTIATE)
OSSA_WELD_MERGED_DYNAMICS_INSTANTIATE(::ossa::symbolic::Expression)
#undef OSSA_WELD_MERGED_DYNAMICS_INSTANTIATE

}  // namespace ossa::multibody::internal
