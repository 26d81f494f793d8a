#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"

namespace ossa::multibody::internal {

template <typename T>
DynamicsScratch<T>::DynamicsScratch(const CompiledTree& tree, int num_bodies)
    : ws(tree),
      F_mobod_W(tree.num_mobods(), Vector6<T>::Zero()),
      A_WB_W(tree.num_mobods(), Vector6<T>::Zero()),
      F_BMo_W(tree.num_mobods(), Vector6<T>::Zero()),
      tau(VectorX<T>::Zero(tree.num_velocities())),
      tau_applied(VectorX<T>::Zero(tree.num_velocities())),
      forces(num_bodies, tree.num_velocities()),
      X_WB(num_bodies),
      X_WB_epoch(num_bodies, 0) {
  applied = MultibodyForces<T>(num_bodies, tree.num_velocities());
}

template <typename T>
DynamicsScratch<T>::DynamicsScratch(const CompiledTree& tree,
                                    const CompiledTree& merged_tree,
                                    int num_bodies)
    : DynamicsScratch(tree, num_bodies) {
  merged_ws = TreeWorkspace<T>(merged_tree);
  F_group_W.assign(merged_tree.num_mobods(), Vector6<T>::Zero());
  x = VectorX<T>::Zero(tree.num_positions() + tree.num_velocities());
  xdot = VectorX<T>::Zero(tree.num_positions() + tree.num_velocities());
}

template <typename T>
void CopyKinematics(const TreeWorkspace<T>& from, TreeWorkspace<T>* to) {
  to->R_FM = from.R_FM;
  to->p_FM = from.p_FM;
  to->R_PB = from.R_PB;
  to->p_PB = from.p_PB;
  to->R_WB = from.R_WB;
  to->p_WB = from.p_WB;
  to->H_B = from.H_B;
  to->world_poses_valid = from.world_poses_valid;
  to->V_WB_B = from.V_WB_B;
  to->V_PB_B = from.V_PB_B;
  to->c_B = from.c_B;
}

template <typename T>
void CalcGeneralizedForcesFromSpatialForces(
    const CompiledTree& tree, const std::vector<Vector6<T>>& F_mobod_W,
    TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> tau) {
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  OSSA_DEMAND(static_cast<int>(F_mobod_W.size()) == n);
  OSSA_DEMAND(tau.size() == tree.num_velocities());
  for (int i = 1; i < n; ++i) {
    // F_Bo_B: the force at Bo re-expressed in B.
    w.f_B[i].template head<3>().noalias() =
        w.R_WB[i].transpose() * F_mobod_W[i].template head<3>();
    w.f_B[i].template tail<3>().noalias() =
        w.R_WB[i].transpose() * F_mobod_W[i].template tail<3>();
  }
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    const Vector6<T>& f = w.f_B[i];
    if (b.nv > 0) {
      tau.segment(b.v_start, b.nv).noalias() =
          w.H_B.middleCols(b.v_start, b.nv).transpose() * f;
    }
    if (b.parent > 0) {
      // Shift the subtree's force from Bo to Po and express it in P:
      // t_Po = R_PB·t_Bo + p_PoBo × (R_PB·f), f_P = R_PB·f.
      const Vector3<T> f_P = w.R_PB[i] * f.template tail<3>();
      Vector6<T>& fp = w.f_B[b.parent];
      fp.template head<3>() +=
          w.R_PB[i] * f.template head<3>() + w.p_PB[i].cross(f_P);
      fp.template tail<3>() += f_P;
    }
  }
}

#define OSSA_INSTANTIATE(T)                                                    \
  template void CopyKinematics<T>(const TreeWorkspace<T>&, TreeWorkspace<T>*); \
  template void CalcGeneralizedForcesFromSpatialForces<T>(                     \
      const CompiledTree&, const std::vector<Vector6<T>>&, TreeWorkspace<T>*,  \
      Eigen::Ref<VectorX<T>>);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE)
OSSA_INSTANTIATE(::ossa::symbolic::Expression)
#undef OSSA_INSTANTIATE

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DynamicsScratch);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::DynamicsScratch);
