#pragma once

/// @file
/// Inverse dynamics by recursive Newton–Euler, the bias term C(q, v)·v, the
/// generalized forces of gravity and joint damping.

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"
#include "ossa/multibody/core/velocity_kinematics-inl.h"

namespace ossa::multibody::internal {

// Recursive Newton–Euler: BodyNode::CalcSpatialAcceleration_BaseToTip with
// the world accelerating at −g, then BodyNode::CalcInverseDynamics_TipToBase.
template <typename T>
void CalcInverseDynamics(const CompiledTree& tree,
                         const TreeParameters<T>& params,
                         const Eigen::Ref<const VectorX<T>>& vdot,
                         const Vector3<T>& g_W,
                         const Eigen::Ref<const VectorX<T>>& tau_applied,
                         const SpatialVectorArray<T>& F_applied_Bo_W,
                         TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> tau,
                         SpatialVectorArray<T>* A_WB_W,
                         SpatialVectorArray<T>* F_BMo_W) {
  constexpr const char* kFunc = "CalcInverseDynamics";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "vdot", vdot.size(), tree.num_velocities());
  CheckSize(kFunc, "tau", tau.size(), tree.num_velocities());
  CheckAppliedForces<T>(kFunc, tree, tau_applied, F_applied_Bo_W);
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  Vector6<T> a0;
  a0 << T(0), T(0), T(0), -g_W;
  AccelerationPass<T>(tree, a0, vdot.data(), ws);
  // The forces on scalars, read and written entry by entry (see the
  // spatial-vector helpers).
  const bool has_F = !F_applied_Bo_W.empty();
  for (int i = 1; i < n; ++i) {
    T f[6];
    RigidBodyForce<T>(params.mobods[i], w.V_WB_B[i].data(), w.a_B[i].data(), f);
    if (has_F) SubtractForceInBody<T>(w.R_WB[i], F_applied_Bo_W[i].data(), f);
    T* f_B = w.f_B[i].data();
    for (int k = 0; k < 6; ++k) f_B[k] = f[k];
  }
  const bool has_tau = tau_applied.size() != 0;
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    const T* f = w.f_B[i].data();
    for (int v = b.v_start; v < b.v_start + b.nv; ++v) {
      const T J = params.reflected_inertia[v], vd = vdot[v];
      tau[v] = Dot6<T>(&w.H_B(0, v), f) + Mul(J, vd);
      if (has_tau) tau[v] -= T(tau_applied[v]);
    }
    if (b.parent > 0) {
      AddForceToParent<T>(w.R_PB[i], w.p_PB[i], f, w.f_B[b.parent].data());
    }
  }
  if (A_WB_W != nullptr) {
    if (static_cast<int>(A_WB_W->size()) != n) A_WB_W->resize(n);
    (*A_WB_W)[0].setZero();
    for (int i = 1; i < n; ++i) {
      // Remove the −g offset of the world: a_B + [0; R_BW·g].
      Vector6<T> a = w.a_B[i];
      a.template tail<3>().noalias() += w.R_WB[i].transpose() * g_W;
      (*A_WB_W)[i] = PluckerToClassicalInWorld(w.R_WB[i], a, w.V_WB_B[i]);
    }
  }
  if (F_BMo_W != nullptr) {
    if (static_cast<int>(F_BMo_W->size()) != n) F_BMo_W->resize(n);
    (*F_BMo_W)[0].setZero();
    for (int i = 1; i < n; ++i) {
      // Shift from Bo to Mo: τ_Mo = τ_Bo + p_MoBo × f = τ_Bo − p_BoMo × f.
      const Vector6<T>& f = w.f_B[i];
      const Vector3<T> t_Mo = Ang(f) - params.mobods[i].X_BM.p.cross(Lin(f));
      Vector6<T>& F = (*F_BMo_W)[i];
      F.template head<3>().noalias() = w.R_WB[i] * t_Mo;
      F.template tail<3>().noalias() = w.R_WB[i] * Lin(f);
    }
  }
}

template <typename T>
void CalcBiasTerm(const CompiledTree& tree, const TreeParameters<T>& params,
                  TreeWorkspace<T>* ws, Eigen::Ref<VectorX<T>> Cv) {
  CheckWorkspace("CalcBiasTerm", tree, params, ws);
  CheckSize("CalcBiasTerm", "Cv", Cv.size(), tree.num_velocities());
  ws->vdot_zero.setZero();
  const SpatialVectorArray<T> no_forces;
  CalcInverseDynamics<T>(tree, params, ws->vdot_zero, Vector3<T>::Zero(),
                         VectorX<T>(), no_forces, ws, Cv);
}

template <typename T>
void CalcGravityGeneralizedForces(const CompiledTree& tree,
                                  const TreeParameters<T>& params,
                                  const Vector3<T>& g_W, TreeWorkspace<T>* ws,
                                  Eigen::Ref<VectorX<T>> tau_g) {
  CheckWorkspace("CalcGravityGeneralizedForces", tree, params, ws);
  CheckSize("CalcGravityGeneralizedForces", "tau_g", tau_g.size(),
            tree.num_velocities());
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  for (int i = 1; i < n; ++i) {
    const MobodParameters<T>& p = params.mobods[i];
    const Vector3<T> g_B = w.R_WB[i].transpose() * g_W;
    Vector6<T> F;
    F.template tail<3>() = p.mass * g_B;
    F.template head<3>() = (p.mass * p.p_BoBcm_B).cross(g_B);
    w.f_B[i] = F;
  }
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    DispatchNv(b.nv, [&](auto NV) {
      constexpr int nv = decltype(NV)::value;
      tau_g.template segment<nv>(b.v_start).noalias() =
          w.H_B.template middleCols<nv>(b.v_start).transpose() * w.f_B[i];
    });
    if (b.parent > 0) {
      w.f_B[b.parent] += ForceToParent(w.R_PB[i], w.p_PB[i], w.f_B[i]);
    }
  }
}

template <typename T>
void CalcJointDampingForces(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& v,
                            Eigen::Ref<VectorX<T>> tau) {
  CheckSize("CalcJointDampingForces", "v", v.size(), tree.num_velocities());
  CheckSize("CalcJointDampingForces", "tau", tau.size(), tree.num_velocities());
  tau = -params.damping.cwiseProduct(v);
}

}  // namespace ossa::multibody::internal
