#pragma once

/// @file
/// Forward dynamics: the articulated-body inertias and the articulated-body
/// algorithm (BodyNode::CalcArticulatedBodyInertiaCache_TipToBase and the
/// force-bias and acceleration passes), and the dense (LLT) and sparse (LᵀDL)
/// mass-matrix methods.

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/inverse_dynamics-inl.h"
#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/mass_matrix-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {

// Dinv = D⁻¹ for a small symmetric positive-definite D: Cholesky D = L·Lᵀ,
// then L⁻¹ and Dinv = L⁻ᵀ·L⁻¹, in plain loops (Eigen's fixed-size LLT solve
// runs its blocked dynamic-size triangular solver). Returns false, leaving
// Dinv unspecified, if a pivot is not above `tiny` (D is not positive
// definite to working precision, or holds NaN).
template <typename T, int N, typename Out>
inline bool InvertSymmetricPositiveDefinite(const Eigen::Matrix<T, N, N>& D,
                                            const T& tiny, Out* Dinv) {
  using std::sqrt;
  Eigen::Matrix<T, N, N> L;  // Lower triangle only.
  for (int j = 0; j < N; ++j) {
    T s = D(j, j);
    for (int k = 0; k < j; ++k) s -= L(j, k) * L(j, k);
    // A symbolic pivot cannot be compared: the factorization proceeds (as
    // the reference's does on Expression), dividing by it.
    if constexpr (scalar_predicate<T>::is_bool) {
      if (!(s > tiny)) [[unlikely]]
        return false;
    }
    L(j, j) = sqrt(s);
    const T inv = T(1) / L(j, j);
    for (int i = j + 1; i < N; ++i) {
      T t = D(i, j);
      for (int k = 0; k < j; ++k) t -= L(i, k) * L(j, k);
      L(i, j) = t * inv;
    }
  }
  Eigen::Matrix<T, N, N> Li;  // L⁻¹, lower triangle only.
  for (int j = 0; j < N; ++j) {
    Li(j, j) = T(1) / L(j, j);
    for (int i = j + 1; i < N; ++i) {
      T t = -L(i, j) * Li(j, j);
      for (int k = j + 1; k < i; ++k) t -= L(i, k) * Li(k, j);
      Li(i, j) = t / L(i, i);
    }
  }
  // Dinv(r, c) = Σ_{k ≥ max(r, c)} Li(k, r)·Li(k, c), symmetric.
  for (int c = 0; c < N; ++c) {
    for (int r = c; r < N; ++r) {
      T t = Li(r, r) * Li(r, c);
      for (int k = r + 1; k < N; ++k) t += Li(k, r) * Li(k, c);
      (*Dinv)(r, c) = t;
      (*Dinv)(c, r) = t;
    }
  }
  return true;
}

// BodyNode::CalcArticulatedBodyInertiaCache_TipToBase, for all mobods.
template <typename T>
void CalcArticulatedBodyInertiaCache(const CompiledTree& tree,
                                     const TreeParameters<T>& params,
                                     TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcArticulatedBodyInertiaCache", tree, params, ws);
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  for (int i = 1; i < n; ++i) {
    RigidInertia<T>(params.mobods[i]).ToMatrix(&w.P_B[i]);
  }
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    Matrix6<T>& P = w.P_B[i];
    DispatchNv(b.nv, [&](auto NV) {
      constexpr int nv = decltype(NV)::value;
      const auto H = w.H_B.template middleCols<nv>(b.v_start);
      auto U = w.U_B.template middleCols<nv>(b.v_start);
      U.noalias() = P * H;
      Eigen::Matrix<T, nv, nv> D;
      D.noalias() = H.transpose() * U;
      D.diagonal() += params.reflected_inertia.template segment<nv>(b.v_start);
      auto Dinv = w.Dinv_B[i].template topLeftCorner<nv, nv>();
      // D's pivots are measured against the articulated inertia P it comes
      // from. A symbolic D has no value to measure: its pivots are used as
      // they are, so the result holds where D is positive definite.
      T tiny(0);
      if constexpr (scalar_predicate<T>::is_bool) {
        using std::abs;
        T scale = abs(P(0, 0));
        for (int k = 1; k < 6; ++k) {
          if (abs(P(k, k)) > scale) scale = abs(P(k, k));
        }
        tiny = PivotTolerance(scale);
      }
      if constexpr (nv == 1) {
        if constexpr (scalar_predicate<T>::is_bool) {
          if (!(D(0, 0) > tiny)) [[unlikely]] {
            throw SingularHingeInertiaError(&tree, i, IsNaNValue(D(0, 0)));
          }
        }
        Dinv(0, 0) = T(1) / D(0, 0);
      } else {
        if (!InvertSymmetricPositiveDefinite<T, nv>(D, tiny, &Dinv))
            [[unlikely]] {
          bool has_nan = false;
          for (int k = 0; k < nv * nv; ++k) has_nan |= IsNaNValue(D(k));
          throw SingularHingeInertiaError(&tree, i, has_nan);
        }
      }
      // Projected articulated inertia Pa = P − U·D⁻¹·Uᵀ.
      const Eigen::Matrix<T, 6, nv> UDinv = U * Dinv;
      P.noalias() -= UDinv * U.transpose();
    });
    if (b.parent > 0) {
      AddArticulatedInertiaToParent(w.R_PB[i], w.p_PB[i], P, &w.P_B[b.parent]);
    }
  }
}

template <typename T>
void CalcArticulatedBodyForwardDynamics(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot) {
  constexpr const char* kFunc = "CalcArticulatedBodyForwardDynamics";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "vdot", vdot.size(), tree.num_velocities());
  CheckAppliedForces<T>(kFunc, tree, tau_applied, F_applied_Bo_W);
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  const bool has_F = !F_applied_Bo_W.empty();
  const bool has_tau = tau_applied.size() != 0;
  // The bias forces and accelerations on scalars, read and written entry by
  // entry (see the spatial-vector helpers).
  for (int i = 1; i < n; ++i) {
    T z[6];
    RigidBodyForce<T>(params.mobods[i], w.V_WB_B[i].data(), nullptr, z);
    if (has_F) SubtractForceInBody<T>(w.R_WB[i], F_applied_Bo_W[i].data(), z);
    T* z_B = w.z_B[i].data();
    for (int k = 0; k < 6; ++k) z_B[k] = z[k];
  }
  // Tip-to-base: u = τ − Hᵀz; z_a = z + Pa·c + U·D⁻¹·u to the parent.
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    const T* z = w.z_B[i].data();
    const T* c = w.c_B[i].data();
    const Matrix6<T>& P = w.P_B[i];
    T za[6];
    for (int k = 0; k < 6; ++k) {
      za[k] = z[k] +
              (Mul(P(k, 0), c[0]) + Mul(P(k, 1), c[1]) + Mul(P(k, 2), c[2])) +
              (Mul(P(k, 3), c[3]) + Mul(P(k, 4), c[4]) + Mul(P(k, 5), c[5]));
    }
    DispatchNv(b.nv, [&](auto NV) {
      constexpr int nv = decltype(NV)::value;
      T u[nv];
      for (int r = 0; r < nv; ++r) {
        const int v = b.v_start + r;
        u[r] = -Dot6<T>(&w.H_B(0, v), z);
        if (has_tau) u[r] += T(tau_applied[v]);
        w.u[v] = u[r];
      }
      for (int r = 0; r < nv; ++r) {
        T Dinv_u(0);
        for (int s = 0; s < nv; ++s) Dinv_u += Mul(w.Dinv_B[i](r, s), u[s]);
        const T* U = &w.U_B(0, b.v_start + r);
        for (int k = 0; k < 6; ++k) za[k] += Mul(U[k], Dinv_u);
      }
    });
    if (b.parent > 0) {
      AddForceToParent<T>(w.R_PB[i], w.p_PB[i], za, w.z_B[b.parent].data());
    }
  }
  // Base-to-tip: a' = X_BP·a_P + c; v̇ = D⁻¹(u − Uᵀa'); a = a' + H·v̇.
  Vector6<T> a0;
  a0 << T(0), T(0), T(0), -g_W;
  w.a_B[0] = a0;
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    T a[6];
    MotionToChildInto<T>(w.R_PB[i], w.p_PB[i], w.a_B[b.parent].data(), a);
    const T* c = w.c_B[i].data();
    for (int k = 0; k < 6; ++k) a[k] += c[k];
    DispatchNv(b.nv, [&](auto NV) {
      constexpr int nv = decltype(NV)::value;
      T r[nv];
      for (int q = 0; q < nv; ++q) {
        const int v = b.v_start + q;
        r[q] = w.u[v] - Dot6<T>(&w.U_B(0, v), a);
      }
      for (int q = 0; q < nv; ++q) {
        const int v = b.v_start + q;
        T vd(0);
        for (int s = 0; s < nv; ++s) vd += Mul(w.Dinv_B[i](q, s), r[s]);
        vdot[v] = vd;
      }
      for (int q = 0; q < nv; ++q) {
        const int v = b.v_start + q;
        const T* h = &w.H_B(0, v);
        const T vd = vdot[v];
        for (int k = 0; k < 6; ++k) a[k] += Mul(h[k], vd);
      }
    });
    T* a_B = w.a_B[i].data();
    for (int k = 0; k < 6; ++k) a_B[k] = a[k];
  }
}

template <typename T>
void CalcForwardDynamicsArticulatedBody(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot) {
  CalcArticulatedBodyInertiaCache(tree, params, ws);
  CalcArticulatedBodyForwardDynamics(tree, params, g_W, tau_applied,
                                     F_applied_Bo_W, ws, vdot);
}

namespace {

// The first half of both mass-matrix methods: checks the arguments, then
// M(q) into ws->M (sized on the first call; TreeWorkspace leaves it empty)
// and the forces at v̇ = 0, rhs = C·v − tau_g − tau_app − Σ J_WBᵀ·F_app, into
// ws->rhs, so that M·v̇ = −rhs.
template <typename T>
void CalcMassMatrixAndRhs(const char* func, const CompiledTree& tree,
                          const TreeParameters<T>& params,
                          const Vector3<T>& g_W,
                          const Eigen::Ref<const VectorX<T>>& tau_applied,
                          const SpatialVectorArray<T>& F_applied_Bo_W,
                          Eigen::Index vdot_size, TreeWorkspace<T>* ws) {
  CheckWorkspace(func, tree, params, ws);
  CheckSize(func, "vdot", vdot_size, tree.num_velocities());
  TreeWorkspace<T>& w = *ws;
  const int nv = tree.num_velocities();
  if (w.M.rows() != nv || w.M.cols() != nv) w.M.resize(nv, nv);
  CalcMassMatrix<T>(tree, params, ws, w.M);
  w.vdot_zero.setZero();
  CalcInverseDynamics<T>(tree, params, w.vdot_zero, g_W, tau_applied,
                         F_applied_Bo_W, ws, w.rhs);
}

}  // namespace

template <typename T>
void CalcForwardDynamicsCholesky(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot) {
  constexpr const char* kFunc = "CalcForwardDynamicsCholesky";
  if constexpr (!scalar_predicate<T>::is_bool) {
    // The factorization checks the sign of each pivot: a comparison that a
    // symbolic value cannot decide.
    ThrowLogicError(
        "{}(): not available for symbolic::Expression (the factorization "
        "branches on values); use the mass matrix and bias term instead.",
        kFunc);
  } else {
    CalcMassMatrixAndRhs(kFunc, tree, params, g_W, tau_applied, F_applied_Bo_W,
                         vdot.size(), ws);
    TreeWorkspace<T>& w = *ws;
    w.llt.compute(w.M);
    if (w.llt.info() != Eigen::Success) {
      ThrowLogicError("{}(): the mass matrix is not positive definite.", kFunc);
    }
    vdot = -w.rhs;
    w.llt.solveInPlace(vdot);
  }
}

template <typename T>
void CalcForwardDynamicsLTDL(const CompiledTree& tree,
                             const TreeParameters<T>& params,
                             const Vector3<T>& g_W,
                             const Eigen::Ref<const VectorX<T>>& tau_applied,
                             const SpatialVectorArray<T>& F_applied_Bo_W,
                             TreeWorkspace<T>* ws,
                             Eigen::Ref<VectorX<T>> vdot) {
  CalcMassMatrixAndRhs("CalcForwardDynamicsLTDL", tree, params, g_W,
                       tau_applied, F_applied_Bo_W, vdot.size(), ws);
  FactorMassMatrixLTDL<T>(tree, ws->M);
  vdot = -ws->rhs;
  SolveLTDL<T>(tree, ws->M, vdot);
}

}  // namespace ossa::multibody::internal
