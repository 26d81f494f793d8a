#pragma once

/// @file
/// Definitions of the TreeParameters and TreeWorkspace constructors, for the
/// .cc files that instantiate them (compiled_tree.cc for the default scalars,
/// tree_kernels_dual.cc for the fast AutoDiffXd path's dual scalar).

#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

template <typename T>
TreeParameters<T>::TreeParameters(const CompiledTree& tree)
    : mobods(tree.num_mobods()),
      damping(VectorX<T>::Zero(tree.num_velocities())),
      reflected_inertia(VectorX<T>::Zero(tree.num_velocities())) {}

template <typename T>
TreeWorkspace<T>::TreeWorkspace(const CompiledTree& tree) {
  const int n = tree.num_mobods();
  const int nv = tree.num_velocities();
  R_FM.assign(n, Matrix3<T>::Identity());
  p_FM.assign(n, Vector3<T>::Zero());
  R_PB.assign(n, Matrix3<T>::Identity());
  p_PB.assign(n, Vector3<T>::Zero());
  R_WB.assign(n, Matrix3<T>::Identity());
  p_WB.assign(n, Vector3<T>::Zero());
  H_B = Matrix6X<T>::Zero(6, nv);
  V_WB_B.assign(n, Vector6<T>::Zero());
  V_PB_B.assign(n, Vector6<T>::Zero());
  c_B.assign(n, Vector6<T>::Zero());
  a_B.assign(n, Vector6<T>::Zero());
  f_B.assign(n, Vector6<T>::Zero());
  K_W.assign(n, Eigen::Matrix<T, 10, 1>::Zero());
  S_W = Matrix6X<T>::Zero(6, nv);
  P_B.assign(n, Matrix6<T>::Zero());
  Dinv_B.assign(n, Matrix6<T>::Zero());
  U_B = Matrix6X<T>::Zero(6, nv);
  z_B.assign(n, Vector6<T>::Zero());
  u = VectorX<T>::Zero(nv);
  // M and llt are sized by the dense forward dynamics on first use (an nv×nv
  // matrix per workspace would make every Context quadratic in nv).
  rhs = VectorX<T>::Zero(nv);
  // Initialized by an empty factorization, not left default-constructed:
  // that leaves the factorization's status uninitialized, and moving it
  // reads that (UB).
  llt.compute(MatrixX<T>(0, 0));
  vdot_zero = VectorX<T>::Zero(nv);
}

}  // namespace ossa::multibody::internal
