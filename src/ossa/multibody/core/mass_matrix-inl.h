#pragma once

/// @file
/// The mass matrix by the composite rigid body algorithm (world convention),
/// and Featherstone's sparse LᵀDL factorization of it with its solve.

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/position_kinematics-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {

namespace {

// The mass matrix below is written entry by entry on scalars rather than with
// Eigen's fixed-size vectors: those are built on the stack with a mix of
// scalar and packed stores and read back whole, and each such read waits for
// the stores to retire (a failed store-to-load forward); scalar temporaries
// stay in registers.

// A body's rigid inertia about Wo in W, packed as the workspace's K_W (m, h,
// then I's xx, yy, zz, xy, xz, yz), from its inertia about Bo in B and the
// pose (R, p) = X_WB. With h_r = R·m·c the first moment about Bo in W,
// I_Wo = R·(m·G_Bo)·Rᵀ − [h_r][p] − [p][h_r] − m[p][p] (shift from Bo to Wo),
// and [a][b] = b·aᵀ − (a·b)·1 makes the shift (2 p·s)·1 − (p·sᵀ + s·pᵀ) with
// s = h_r + m·p/2: six entries of a symmetric matrix, not nine.
template <typename T>
inline void PackInertiaInWorld(const MobodParameters<T>& b, const Matrix3<T>& R,
                               const Vector3<T>& p, T* K) {
  OperandOf<T, T> m = b.mass;
  OperandOf<T, Matrix3<T>> G = b.G_BBo_B;
  OperandOf<T, Vector3<T>> c_B = b.p_BoBcm_B;
  T h_r[3], s[3], RG[3][3];
  for (int a = 0; a < 3; ++a) {
    h_r[a] = Mul(m, RowTimes(R, a, c_B.data()));
    s[a] = h_r[a] + Mul(Mul(T(0.5), m), p[a]);
    for (int k = 0; k < 3; ++k) {
      RG[a][k] =
          Mul(R(a, 0), G(0, k)) + Mul(R(a, 1), G(1, k)) + Mul(R(a, 2), G(2, k));
    }
  }
  const T c = Mul(T(2), Mul(p[0], s[0]) + Mul(p[1], s[1]) + Mul(p[2], s[2]));
  // Entry (a, b) of m·RG·Rᵀ − (p·sᵀ + s·pᵀ).
  auto entry = [&](int a, int b) -> T {  // T: see minus_D_px.
    return Mul(m, Mul(RG[a][0], R(b, 0)) + Mul(RG[a][1], R(b, 1)) +
                      Mul(RG[a][2], R(b, 2))) -
           (Mul(p[a], s[b]) + Mul(s[a], p[b]));
  };
  K[0] = m;
  for (int a = 0; a < 3; ++a) K[1 + a] = h_r[a] + Mul(m, p[a]);
  K[4] = entry(0, 0) + c;
  K[5] = entry(1, 1) + c;
  K[6] = entry(2, 2) + c;
  K[7] = entry(0, 1);
  K[8] = entry(0, 2);
  K[9] = entry(1, 2);
}

#if defined(__GNUC__)
// PackInertiaInWorld on double, rows 0 and 1 of each 3×3 product in one
// two-lane vector and row 2 on its own (see DoublePair), for fewer
// arithmetic instructions in the kernel's costliest step. R is written by
// MultiplyRotations<double> or long before.
template <>
inline void PackInertiaInWorld<double>(const MobodParameters<double>& b,
                                       const Matrix3<double>& R,
                                       const Vector3<double>& p, double* K) {
  const double m = b.mass;
  const double* r = R.data();  // Column-major: r[3k + a] = R(a, k).
  const double* g = b.G_BBo_B.data();
  const Vector3<double>& c_B = b.p_BoBcm_B;
  // Column k of R, rows 0-1.
  const DoublePair R0 = LoadDoublePair(r), R1 = LoadDoublePair(r + 3),
                   R2 = LoadDoublePair(r + 6);
  // h_r = m·R·c and s = h_r + m·p/2; rows 0-1 then row 2.
  const DoublePair h_r = (R0 * c_B[0] + R1 * c_B[1] + R2 * c_B[2]) * m;
  const double h_r2 = (r[2] * c_B[0] + r[5] * c_B[1] + r[8] * c_B[2]) * m;
  const DoublePair p01 = {p[0], p[1]};
  const DoublePair s = h_r + p01 * (0.5 * m);
  const double s2 = h_r2 + p[2] * (0.5 * m);
  const DoublePair h = h_r + p01 * m;
  const DoublePair ps = p01 * s;
  const double c = 2 * (ps[0] + ps[1] + p[2] * s2);
  // RG = R·(m·G) by columns, then the needed entries of Q = RG·Rᵀ: rows 0-1
  // of column `col` are Σ_k RG.col(k)·R(col, k).
  DoublePair RG01[3];
  double RG2[3];
  for (int k = 0; k < 3; ++k) {
    const double g0 = m * g[3 * k], g1 = m * g[3 * k + 1],
                 g2 = m * g[3 * k + 2];
    RG01[k] = R0 * g0 + R1 * g1 + R2 * g2;
    RG2[k] = r[2] * g0 + r[5] * g1 + r[8] * g2;
  }
  DoublePair Q01[3];
  for (int col = 0; col < 3; ++col) {
    Q01[col] = RG01[0] * r[col] + RG01[1] * r[3 + col] + RG01[2] * r[6 + col];
  }
  const double Q22 = RG2[0] * r[2] + RG2[1] * r[5] + RG2[2] * r[8];
  // Q − (p·sᵀ + s·pᵀ) + (2 p·s)·1, as the generic version.
  K[0] = m;
  K[1] = h[0];
  K[2] = h[1];
  K[3] = h_r2 + p[2] * m;
  K[4] = Q01[0][0] - 2 * p[0] * s[0] + c;
  K[5] = Q01[1][1] - 2 * p[1] * s[1] + c;
  K[6] = Q22 - 2 * p[2] * s2 + c;
  K[7] = Q01[1][0] - (p[0] * s[1] + s[0] * p[1]);
  K[8] = Q01[2][0] - (p[0] * s2 + s[0] * p[2]);
  K[9] = Q01[2][1] - (p[1] * s2 + s[1] * p[2]);
}
#endif

// The rigid inertia (m, h, I) a PackInertiaInWorld packing holds.
template <typename T>
inline RigidInertia<T> UnpackInertia(const T* K) {
  Matrix3<T> I;
  I << K[4], K[7], K[8], K[7], K[5], K[9], K[8], K[9], K[6];
  return RigidInertia<T>(K[0], Vector3<T>(K[1], K[2], K[3]), I);
}

// The spatial force F = K·S of the packed inertia K on the motion S = (w, v),
// both at Wo in W: [I·w + h × v; m·v − h × w].
template <typename T>
inline void PackedInertiaTimes(const T* K, const T* S, T* F) {
  const T &w0 = S[0], &w1 = S[1], &w2 = S[2];
  const T &v0 = S[3], &v1 = S[4], &v2 = S[5];
  const T &h0 = K[1], &h1 = K[2], &h2 = K[3];
  F[0] = Mul(K[4], w0) + Mul(K[7], w1) + Mul(K[8], w2) +
         (Mul(h1, v2) - Mul(h2, v1));
  F[1] = Mul(K[7], w0) + Mul(K[5], w1) + Mul(K[9], w2) +
         (Mul(h2, v0) - Mul(h0, v2));
  F[2] = Mul(K[8], w0) + Mul(K[9], w1) + Mul(K[6], w2) +
         (Mul(h0, v1) - Mul(h1, v0));
  F[3] = Mul(K[0], v0) - (Mul(h1, w2) - Mul(h2, w1));
  F[4] = Mul(K[0], v1) - (Mul(h2, w0) - Mul(h0, w2));
  F[5] = Mul(K[0], v2) - (Mul(h0, w1) - Mul(h1, w0));
}

// S = (R·h_ang, p × (R·h_ang) + R·h_lin): a hinge column h (at Bo in B) at
// Wo in W, with (R, p) = X_WB.
template <typename T>
inline void HingeColumnInWorld(const Matrix3<T>& R, const Vector3<T>& p,
                               const T* h, T* S) {
  T s[3], l[3];
  for (int a = 0; a < 3; ++a) s[a] = RowTimes(R, a, h);
  for (int a = 0; a < 3; ++a) l[a] = RowTimes(R, a, h + 3);
  S[0] = s[0];
  S[1] = s[1];
  S[2] = s[2];
  S[3] = Mul(p[1], s[2]) - Mul(p[2], s[1]) + l[0];
  S[4] = Mul(p[2], s[0]) - Mul(p[0], s[2]) + l[1];
  S[5] = Mul(p[0], s[1]) - Mul(p[1], s[0]) + l[2];
}

// True when mobod 1 is a floating root whose hinge is the identity in its
// F frame (HingeShape::kIdentity), on dofs 0-5.
inline bool IsFloatingRoot(const CompiledTree& tree) {
  if (tree.num_mobods() < 2) return false;
  const MobodInfo& b = tree.mobod(1);
  return b.parent == 0 && b.v_start == 0 && b.nv == 6 &&
         GetMobilizerKindHooks(b.kind).hinge_shape == HingeShape::kIdentity;
}

// A floating root (mobod 1 on dofs 0-5 with H_FM = 1, v = (w_FM_F, v_FM_F))
// has S_W = [R_WF 0; [p_WMo]×R_WF R_WF], so its rows of M against a
// descendant's force column F = (n, f) are R_WFᵀ·(n − p_WMo × f) and R_WFᵀ·f:
// 12 products instead of six 6-vector dot products per column, the bulk of
// the off-diagonal work on a legged robot or humanoid.
template <typename T>
struct FloatingRootRows {
  Matrix3<T> R_WF;
  Vector3<T> p_WMo;
  bool R_WF_identity{true};

  // Rows 0-5 of column `col` of M and their mirror, from F.
  void Write(const T* F, int col, Eigen::Ref<MatrixX<T>>* M) const {
    T m[6];
    const T u[3] = {F[0] - (Mul(p_WMo[1], F[5]) - Mul(p_WMo[2], F[4])),
                    F[1] - (Mul(p_WMo[2], F[3]) - Mul(p_WMo[0], F[5])),
                    F[2] - (Mul(p_WMo[0], F[4]) - Mul(p_WMo[1], F[3]))};
    if (R_WF_identity) {
      m[0] = u[0], m[1] = u[1], m[2] = u[2];
      m[3] = F[3], m[4] = F[4], m[5] = F[5];
    } else {
      for (int a = 0; a < 3; ++a) {
        m[a] = ColTimes(R_WF, a, u);
        m[3 + a] = ColTimes(R_WF, a, F + 3);
      }
    }
    for (int r = 0; r < 6; ++r) {
      (*M)(r, col) = m[r];
      (*M)(col, r) = m[r];
    }
  }
};

}  // namespace

// Composite rigid body algorithm with every quantity at Wo in W (the
// "world convention"): composite inertias are then plain sums (no shift per
// level), and each mass-matrix entry of a dof pair on a root path is one
// 6-vector dot product M(r, c) = S_rᵀ·(Ic_i·S_c). Entries off every root path
// are zero.
template <typename T>
void CalcMassMatrix(const CompiledTree& tree, const TreeParameters<T>& params,
                    TreeWorkspace<T>* ws, Eigen::Ref<MatrixX<T>> M) {
  constexpr const char* kFunc = "CalcMassMatrix";
  CheckWorkspace(kFunc, tree, params, ws);
  const int nv = tree.num_velocities();
  if (M.rows() != nv || M.cols() != nv) {
    ThrowLogicError("{}(): M is {}x{}; expected {}x{}.", kFunc, M.rows(),
                    M.cols(), nv, nv);
  }
  TreeWorkspace<T>& w = *ws;
  const int n = tree.num_mobods();
  // Base to tip: the world pose (unless a position pass left it), the body's
  // inertia and its hinge columns, all at Wo in W. One pass, so that each
  // body's pose is used while it is in cache.
  const bool complete_poses = !w.world_poses_valid;
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    if (complete_poses) ComposeWorldPose(tree, i, ws);
    PackInertiaInWorld<T>(params.mobods[i], w.R_WB[i], w.p_WB[i],
                          w.K_W[i].data());
    for (int c = b.v_start; c < b.v_start + b.nv; ++c) {
      HingeColumnInWorld<T>(w.R_WB[i], w.p_WB[i], &w.H_B(0, c), &w.S_W(0, c));
    }
  }
  w.world_poses_valid = true;
  const bool floating_root = IsFloatingRoot(tree);
  FloatingRootRows<T> root;
  if (floating_root) {
    const MobodParameters<T>& p1 = params.mobods[1];
    root.R_WF = p1.X_PF.R;
    root.R_WF_identity = IsIdentityRotation<T>(root.R_WF);
    root.p_WMo = w.p_WB[1];
    OperandOf<T, Vector3<T>> p_BM = p1.X_BM.p;
    AddRotated<T>(w.R_WB[1], p_BM, &root.p_WMo);
  }
  if (!tree.dofs_form_a_path()) SetZeroContiguous<T>(M);
  const std::vector<int>& lambda = tree.dof_parent();
  const std::vector<int>& run_start = tree.dof_run_start();
  // Each entry is stored on both sides of the diagonal as it is made: a final
  // triangular copy of M walks the whole matrix against its stride.
  auto set = [&M](int r, int c, const T& m) {
    M(r, c) = m;
    M(c, r) = m;
  };
  // Tip to base: a mobod's composite inertia is complete once its children
  // (higher indices) have added theirs, so each body's columns of M are made
  // and its composite passed to its parent in the same step.
  for (int i = n - 1; i > 0; --i) {
    const MobodInfo& b = tree.mobod(i);
    const T* K = w.K_W[i].data();
    for (int c = b.v_start; c < b.v_start + b.nv; ++c) {
      T F[6];
      PackedInertiaTimes<T>(K, &w.S_W(0, c), F);
      // The body's own block: rows up to c, mirrored.
      for (int r = b.v_start; r < c; ++r) set(r, c, Dot6<T>(&w.S_W(0, r), F));
      M(c, c) = Dot6<T>(&w.S_W(0, c), F) + T(params.reflected_inertia[c]);
      // The ancestors' rows, by runs of consecutive dofs.
      for (int j = lambda[b.v_start]; j >= 0;) {
        int s = run_start[j];
        const int next = lambda[s];
        if (s == 0 && floating_root) {
          root.Write(F, c, &M);
          s = 6;
        }
        for (int r = s; r <= j; ++r) set(r, c, Dot6<T>(&w.S_W(0, r), F));
        j = next;
      }
    }
    if (b.parent > 0) w.K_W[b.parent] += w.K_W[i];
  }
}

template <typename T>
void FactorMassMatrixLTDL(const CompiledTree& tree, Eigen::Ref<MatrixX<T>> M) {
  const std::vector<int>& lambda = tree.dof_parent();
  const std::vector<int>& run_start = tree.dof_run_start();
  const int nv = tree.num_velocities();
  CheckSize("FactorMassMatrixLTDL", "M", M.rows(), nv);
  CheckSize("FactorMassMatrixLTDL", "M", M.cols(), nv);
  // Pivots are measured against M's largest diagonal entry.
  T scale(0);
  for (int k = 0; k < nv; ++k) {
    if (M(k, k) > scale) scale = M(k, k);
  }
  const T tiny = PivotTolerance(scale);
  // RBDA §6.5, 0-based with −1 for "none". The walks up a dof's ancestors
  // (i over k's, nearest first; j over i and i's) go by the contiguous runs
  // [s, t] of dof_run_start() (λ(u) = u − 1 inside a run): the operations
  // and their order are those of stepping λ one dof at a time, with inner
  // loops over consecutive dofs. Only M's lower triangle is read.
  for (int k = nv - 1; k >= 0; --k) {
    if (!(M(k, k) > tiny)) [[unlikely]] {
      throw SingularHingeInertiaError(&tree, tree.dof_mobod()[k],
                                      IsNaNValue(M(k, k)));
    }
    const T inv_d = T(1) / M(k, k);
    for (int top = lambda[k]; top >= 0;) {
      const int s = run_start[top];
      for (int i = top; i >= s; --i) {
        const T b = M(k, i) * inv_d;
        for (int j = i; j >= s; --j) M(i, j) -= M(k, j) * b;
        for (int jt = lambda[s]; jt >= 0;) {
          const int js = run_start[jt];
          for (int j = jt; j >= js; --j) M(i, j) -= M(k, j) * b;
          jt = lambda[js];
        }
        M(k, i) = b;
      }
      top = lambda[s];
    }
  }
}

template <typename T>
void SolveLTDL(const CompiledTree& tree, const Eigen::Ref<const MatrixX<T>>& LD,
               Eigen::Ref<VectorX<T>> x) {
  const std::vector<int>& lambda = tree.dof_parent();
  const std::vector<int>& run_start = tree.dof_run_start();
  const int nv = tree.num_velocities();
  CheckSize("SolveLTDL", "x", x.size(), nv);
  // Lᵀ·z = b (tip to base), then D, then L·x = y (base to tip); the
  // ancestors by runs, as in FactorMassMatrixLTDL().
  for (int i = nv - 1; i >= 0; --i) {
    const T xi = x[i];
    for (int top = lambda[i]; top >= 0;) {
      const int s = run_start[top];
      for (int j = top; j >= s; --j) x[j] -= LD(i, j) * xi;
      top = lambda[s];
    }
  }
  for (int i = 0; i < nv; ++i) x[i] /= LD(i, i);
  for (int i = 0; i < nv; ++i) {
    for (int top = lambda[i]; top >= 0;) {
      const int s = run_start[top];
      for (int j = top; j >= s; --j) x[i] -= LD(i, j) * x[j];
      top = lambda[s];
    }
  }
}
}  // namespace ossa::multibody::internal
