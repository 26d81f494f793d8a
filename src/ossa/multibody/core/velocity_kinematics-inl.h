#pragma once

/// @file
/// Velocity kinematics (V_WB, V_PB, the velocity-product accelerations c_B),
/// spatial accelerations from v̇, kinetic energy and momentum, and the
/// kinematic maps q̇ = N(q)·v, v = N⁺(q)·q̇.

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/position_kinematics-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"
#include "ossa/multibody/core/tree_kernels_dual.h"

namespace ossa::multibody::internal {
namespace {

// Base-to-tip a_B = X_BP·a_P + H_B·v̇_B + c_B with a_world = a0 (in W).
template <typename T>
void AccelerationPass(const CompiledTree& tree, const Vector6<T>& a0,
                      const T* vdot, TreeWorkspace<T>* ws) {
  TreeWorkspace<T>& w = *ws;
  w.a_B[0] = a0;
  const int n = tree.num_mobods();
  // On scalars into a_B itself (see the spatial-vector helpers).
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    T a[6];
    MotionToChildInto<T>(w.R_PB[i], w.p_PB[i], w.a_B[b.parent].data(), a);
    const T* c = w.c_B[i].data();
    for (int k = 0; k < 6; ++k) a[k] += c[k];
    if (vdot != nullptr) {
      for (int v = b.v_start; v < b.v_start + b.nv; ++v) {
        const T* h = &w.H_B(0, v);
        const T vd = vdot[v];
        for (int k = 0; k < 6; ++k) a[k] += Mul(h[k], vd);
      }
    }
    T* a_B = w.a_B[i].data();
    for (int k = 0; k < 6; ++k) a_B[k] = a[k];
  }
}

}  // namespace

// BodyNode::CalcVelocityKinematicsCache_BaseToTip, for all mobods.
template <typename T>
void CalcVelocityKinematics(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& q,
                            const Eigen::Ref<const VectorX<T>>& v,
                            TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcVelocityKinematics", tree, params, ws);
  CheckSize("CalcVelocityKinematics", "q", q.size(), tree.num_positions());
  CheckSize("CalcVelocityKinematics", "v", v.size(), tree.num_velocities());
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  w.V_WB_B[0].setZero();
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    // V = X_BP·V_P + H·v and the hinge's VJ = H·v, on scalars stored entry
    // by entry (see the spatial-vector helpers).
    T V[6], VJ[6] = {T(0), T(0), T(0), T(0), T(0), T(0)};
    MotionToChildInto<T>(w.R_PB[i], w.p_PB[i], w.V_WB_B[b.parent].data(), V);
    for (int k = b.v_start; k < b.v_start + b.nv; ++k) {
      const T* h = &w.H_B(0, k);
      const T vk = v[k];
      for (int r = 0; r < 6; ++r) VJ[r] += Mul(h[r], vk);
    }
    T* V_WB = w.V_WB_B[i].data();
    T* V_PB = w.V_PB_B[i].data();
    for (int r = 0; r < 6; ++r) {
      V[r] += VJ[r];
      V_WB[r] = V[r];
      V_PB[r] = VJ[r];
    }
    T c[6];
    CrossMotionInto<T>(V, VJ, c);
    // Plücker across-mobilizer bias in F at Mo: [Ḣ·v]_w and
    // [Ḣ·v]_v − w_FM × v_FMo, zero for kinds with constant H_FM whose
    // w_FM and v_FMo are parallel (revolute, prismatic, screw, ball).
    const MobilizerKind kind = b.kind;
    if (MobilizerKindHasAcrossBias(kind)) {
      VisitMobilizerKind(kind, [&](auto m) {
        using Math = decltype(m);
        constexpr int nv = Math::kNv;
        if constexpr (nv > 0) {
          const T* qb = q.data() + b.q_start;
          const T* vb = v.data() + b.v_start;
          Eigen::Matrix<T, 6, nv> H_FM;
          Math::CalcH_FM(b.constants, qb, &H_FM);
          const Vector6<T> V_FM =
              H_FM * Eigen::Map<const Eigen::Matrix<T, nv, 1>>(vb);
          Eigen::Matrix<T, 6, 1> bias =
              Math::CalcHdotTimesV(b.constants, qb, vb);
          bias.template tail<3>() -= Ang(V_FM).cross(Lin(V_FM));
          const MobodParameters<T>& par = params.mobods[i];
          Matrix3<T> R_BF;
          R_BF.noalias() = par.X_BM.R * w.R_FM[i].transpose();
          Eigen::Matrix<T, 6, 1> bias_B;
          MobilizerToBodyColumns<T, 1>(R_BF, par.X_BM.p, bias, bias_B);
          for (int r = 0; r < 6; ++r) c[r] += bias_B[r];
        }
      });
    }
    T* c_B = w.c_B[i].data();
    for (int r = 0; r < 6; ++r) c_B[r] = c[r];
  }
}

// BodyNode::CalcSpatialAcceleration_BaseToTip, for all mobods.
template <typename T>
void CalcSpatialAccelerationsFromVdot(const CompiledTree& tree,
                                      const TreeParameters<T>& params,
                                      const Eigen::Ref<const VectorX<T>>& vdot,
                                      TreeWorkspace<T>* ws,
                                      SpatialVectorArray<T>* A_WB_W) {
  CheckWorkspace("CalcSpatialAccelerationsFromVdot", tree, params, ws);
  CheckSize("CalcSpatialAccelerationsFromVdot", "vdot", vdot.size(),
            tree.num_velocities());
  if (A_WB_W == nullptr) {
    ThrowLogicError("CalcSpatialAccelerationsFromVdot(): A_WB_W is null.");
  }
  AccelerationPass<T>(tree, Vector6<T>::Zero(), vdot.data(), ws);
  const int n = tree.num_mobods();
  if (static_cast<int>(A_WB_W->size()) != n) A_WB_W->resize(n);
  (*A_WB_W)[0].setZero();
  for (int i = 1; i < n; ++i) {
    (*A_WB_W)[i] =
        PluckerToClassicalInWorld(ws->R_WB[i], ws->a_B[i], ws->V_WB_B[i]);
  }
}

template <typename T>
T CalcKineticEnergy(const CompiledTree& tree, const TreeParameters<T>& params,
                    const TreeWorkspace<T>& ws) {
  T ke(0);
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const Vector6<T>& V = ws.V_WB_B[i];
    ke += V.dot(RigidInertia<T>(params.mobods[i]) * V);
  }
  return ke / T(2);
}

template <typename T>
T CalcPotentialEnergy(const CompiledTree& tree, const TreeParameters<T>& params,
                      const Vector3<T>& g_W, const TreeWorkspace<T>& ws) {
  T pe(0);
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const MobodParameters<T>& p = params.mobods[i];
    const Vector3<T> p_WBcm = ws.p_WB[i] + ws.R_WB[i] * p.p_BoBcm_B;
    pe -= p.mass * g_W.dot(p_WBcm);
  }
  return pe;
}

template <typename T>
Vector6<T> CalcSpatialMomentumInWorldAboutWo(const CompiledTree& tree,
                                             const TreeParameters<T>& params,
                                             const TreeWorkspace<T>& ws) {
  Vector6<T> L = Vector6<T>::Zero();
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const Vector6<T> h = RigidInertia<T>(params.mobods[i]) * ws.V_WB_B[i];
    const Vector3<T> lin = ws.R_WB[i] * Lin(h);
    L.template tail<3>() += lin;
    L.template head<3>() += ws.R_WB[i] * Ang(h) + ws.p_WB[i].cross(lin);
  }
  return L;
}
// True if x is exactly `value` with no (or all-zero) derivatives.
template <typename T>
bool IsConstantValue(const T& x, double value) {
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    if (x.value() != value) return false;
    const auto& d = x.derivatives();
    for (Eigen::Index k = 0; k < d.size(); ++k) {
      if (d[k] != 0.0) return false;
    }
    return true;
  } else {
    return false;
  }
}

template <typename T>
void MapVelocityToQDot(const CompiledTree& tree,
                       const Eigen::Ref<const VectorX<T>>& q,
                       const Eigen::Ref<const VectorX<T>>& v,
                       Eigen::Ref<VectorX<T>> qdot) {
  CheckSize("MapVelocityToQDot", "q", q.size(), tree.num_positions());
  CheckSize("MapVelocityToQDot", "v", v.size(), tree.num_velocities());
  CheckSize("MapVelocityToQDot", "qdot", qdot.size(), tree.num_positions());
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    MapVelocityToQDotAutoDiff(tree, q, v, qdot);
    return;
  }
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const MobodInfo& b = tree.mobod(i);
    VisitMobilizerKind(b.kind, [&](auto m) {
      using Math = decltype(m);
      constexpr int nq = Math::kNq, nv = Math::kNv;
      if constexpr (nv > 0) {
        Eigen::Matrix<T, nq, nv> N;
        Math::CalcN(b.constants, q.data() + b.q_start, &N);
        if constexpr (std::is_same_v<T, double>) {
          qdot.template segment<nq>(b.q_start).noalias() =
              N * v.template segment<nv>(b.v_start);
        } else {
          // Entry by entry, copying through exact constant ones and skipping
          // exact constant zeros: N is mostly both (1 for revolute joints,
          // [½·E(q), 0; 0, I] for a quaternion), and every product of
          // non-double scalars costs. (AutoDiffXd took the gradient path
          // above.)
          for (int r = 0; r < nq; ++r) {
            T sum(0);
            bool first = true;
            for (int c = 0; c < nv; ++c) {
              const T& n_rc = N(r, c);
              const T& v_c = v[b.v_start + c];
              if (IsConstantValue(n_rc, 0.0)) continue;
              if (IsConstantValue(n_rc, 1.0)) {
                sum = first ? v_c : T(sum + v_c);
              } else {
                sum = first ? T(n_rc * v_c) : T(sum + n_rc * v_c);
              }
              first = false;
            }
            qdot[b.q_start + r] = sum;
          }
        }
      }
    });
  }
}

template <typename T>
void MapQDotToVelocity(const CompiledTree& tree,
                       const Eigen::Ref<const VectorX<T>>& q,
                       const Eigen::Ref<const VectorX<T>>& qdot,
                       Eigen::Ref<VectorX<T>> v) {
  CheckSize("MapQDotToVelocity", "q", q.size(), tree.num_positions());
  CheckSize("MapQDotToVelocity", "qdot", qdot.size(), tree.num_positions());
  CheckSize("MapQDotToVelocity", "v", v.size(), tree.num_velocities());
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const MobodInfo& b = tree.mobod(i);
    VisitMobilizerKind(b.kind, [&](auto m) {
      using Math = decltype(m);
      constexpr int nq = Math::kNq, nv = Math::kNv;
      if constexpr (nv > 0) {
        Eigen::Matrix<T, nv, nq> Np;
        Math::CalcNplus(b.constants, q.data() + b.q_start, &Np);
        v.template segment<nv>(b.v_start).noalias() =
            Np * qdot.template segment<nq>(b.q_start);
      }
    });
  }
}

}  // namespace ossa::multibody::internal
