#pragma once

/// @file
/// Jacobians of a frame fixed on a body, and its bias acceleration J̇·v.

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"
#include "ossa/multibody/core/velocity_kinematics-inl.h"

namespace ossa::multibody::internal {

template <typename T>
void CalcJacobianSpatialVelocity(const CompiledTree& tree,
                                 const TreeWorkspace<T>& ws, int mobod,
                                 const Vector3<T>& p_BoBp_B,
                                 Eigen::Ref<MatrixX<T>> J) {
  constexpr const char* kFunc = "CalcJacobianSpatialVelocity";
  if (mobod < 0 || mobod >= tree.num_mobods()) {
    ThrowLogicError("{}(): mobod {} does not exist (the tree has {}).", kFunc,
                    mobod, tree.num_mobods());
  }
  if (J.rows() != 6 || J.cols() != tree.num_velocities()) {
    ThrowLogicError("{}(): J is {}x{}; expected 6x{}.", kFunc, J.rows(),
                    J.cols(), tree.num_velocities());
  }
  SetZeroContiguous<T>(J);
  const Vector3<T> p_WP = ws.p_WB[mobod] + ws.R_WB[mobod] * p_BoBp_B;
  for (int k = mobod; k > 0; k = tree.mobod(k).parent) {
    const MobodInfo& b = tree.mobod(k);
    const Vector3<T> p_KoP_W = p_WP - ws.p_WB[k];
    for (int c = 0; c < b.nv; ++c) {
      const auto h = ws.H_B.col(b.v_start + c);
      const Vector3<T> w = ws.R_WB[k] * h.template head<3>();
      const Vector3<T> v = ws.R_WB[k] * h.template tail<3>() + w.cross(p_KoP_W);
      J.col(b.v_start + c) << w, v;
    }
  }
}

template <typename T>
Vector6<T> CalcBiasSpatialAcceleration(const CompiledTree& tree,
                                       TreeWorkspace<T>* ws, int mobod,
                                       const Vector3<T>& p_BoBp_B) {
  if (mobod < 0 || mobod >= tree.num_mobods()) {
    ThrowLogicError(
        "CalcBiasSpatialAcceleration(): mobod {} does not exist (the tree "
        "has {}).",
        mobod, tree.num_mobods());
  }
  AccelerationPass<T>(tree, Vector6<T>::Zero(), nullptr, ws);
  const Vector6<T>& a = ws->a_B[mobod];
  const Vector6<T>& V = ws->V_WB_B[mobod];
  const Vector3<T> w = Ang(V);
  const Vector3<T> alpha = Ang(a);
  const Vector3<T> a_Bo = Lin(a) + w.cross(Lin(V));
  const Vector3<T> a_P =
      a_Bo + alpha.cross(p_BoBp_B) + w.cross(Vector3<T>(w.cross(p_BoBp_B)));
  Vector6<T> A;
  A << ws->R_WB[mobod] * alpha, ws->R_WB[mobod] * a_P;
  return A;
}
}  // namespace ossa::multibody::internal
