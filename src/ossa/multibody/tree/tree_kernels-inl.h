#pragma once

/// @file
/// Definitions of the kernels of tree_kernels.h, included only by the .cc
/// files that instantiate them (one per scalar, so they compile in parallel).

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/math/sin_cos.h"
#include "ossa/multibody/tree/tree_kernels.h"
#include "ossa/multibody/tree/tree_kernels_dual.h"

// Notation inside the recursions (Featherstone, "Rigid Body Dynamics
// Algorithms", ch. 2-7, in the specification's [rotational; translational]
// order): every per-mobod quantity is expressed in the body frame B at Bo.
// Velocities are the specification's V_WB; accelerations are Plücker
// (a_lin = a_Bo − w × v_Bo), which makes them transform exactly like
// velocities and turns the Newton–Euler equation into f = I·a + V ×* I·V.

namespace ossa::multibody::internal {
namespace {

template <int N>
using Int = std::integral_constant<int, N>;

// Calls f(Int<nv>{}) for the mobilizer sizes of the closed set (0,1,2,3,6),
// so per-body blocks have compile-time sizes.
template <typename F>
inline void DispatchNv(int nv, F&& f) {
  switch (nv) {
    case 0:
      return;
    case 1:
      f(Int<1>{});
      return;
    case 2:
      f(Int<2>{});
      return;
    case 3:
      f(Int<3>{});
      return;
    default:
      f(Int<6>{});
      return;
  }
}

// Zeroes a matrix view. Eigen zeroes a Ref with a runtime outer stride one
// column at a time, and GCC turns each column into a `rep stos` whose startup
// cost dwarfs the 6 or 30 doubles it writes (half of a Jacobian's time on a
// 34-dof humanoid); a contiguous view is zeroed in one pass instead.
template <typename T>
inline void SetZeroContiguous(Eigen::Ref<MatrixX<T>> A) {
  if (A.outerStride() == A.rows()) {
    Eigen::Map<VectorX<T>>(A.data(), A.size()).setZero();
  } else {
    A.setZero();
  }
}

// The axes after k (0, 1, 2) in cyclic order: i = (k + 1) mod 3 and
// j = (k + 2) mod 3, by lookup (a modulo per joint showed in profiles).
constexpr int kNextAxis[3] = {1, 2, 0};
constexpr int kNextNextAxis[3] = {2, 0, 1};

// Products for the scalar code below, returned as T. On double they are
// plain products. On AutoDiffXd, a product left as Eigen's expression keeps
// a constant factor sized when the expression was made, so added to a value
// with derivatives, a product of two operands without any would decide the
// sum's size (none: the derivatives were lost) or, among other products of
// other sizes, read past a vector's end. A T is sized where it is added.
template <typename T>
inline T Mul(const T& a, const std::type_identity_t<T>& b) {
  return a * b;
}
// How the scalar code holds a caller's input or a parameter while computing:
// by reference on double, by copy on other scalars, whose arithmetic would
// resize the original's empty derivative vector in place (see Mul).
template <typename T, typename U>
using OperandOf =
    std::conditional_t<std::is_same_v<T, double>, const U&, const U>;

// Row r of A times x, and column c of A (row c of Aᵀ) times x.
template <typename T>
inline T RowTimes(const Matrix3<T>& A, int r, const T* x) {
  return Mul(A(r, 0), x[0]) + Mul(A(r, 1), x[1]) + Mul(A(r, 2), x[2]);
}
template <typename T>
inline T ColTimes(const Matrix3<T>& A, int c, const T* x) {
  return Mul(A(0, c), x[0]) + Mul(A(1, c), x[1]) + Mul(A(2, c), x[2]);
}

// C = A·B and y = y + A·x for 3×3 blocks, written out on scalars into
// locals before the stores (the outputs may not alias the inputs, and the
// compiler need not assume they do). Eigen's fixed-size versions were called
// out of line here and assembled their results with mixed packed and scalar
// stores, which later whole-vector loads stall on.
template <typename T>
inline void MultiplyRotations(const Matrix3<T>& A, const Matrix3<T>& B,
                              Matrix3<T>* C) {
  T c[3][3];
  for (int j = 0; j < 3; ++j) {
    for (int r = 0; r < 3; ++r) {
      c[j][r] = Mul(A(r, 0), B(0, j)) + Mul(A(r, 1), B(1, j)) +
                Mul(A(r, 2), B(2, j));
    }
  }
  for (int j = 0; j < 3; ++j) {
    for (int r = 0; r < 3; ++r) (*C)(r, j) = c[j][r];
  }
}

#if defined(__GNUC__)
// Two doubles in one SSE2 register (GCC's vector extension; NEON or plain
// code elsewhere). The double versions of the 3×3 products below hold rows
// 0-1 of a column-major matrix's column in one, row 2 alone. A two-lane
// load must read what one two-lane store wrote (or older data): one spanning
// two recent 8-byte stores waits for them to retire (see the spatial-vector
// helpers).
typedef double DoublePair __attribute__((vector_size(16)));

inline DoublePair LoadDoublePair(const double* x) {
  DoublePair r;
  __builtin_memcpy(&r, x, sizeof(r));
  return r;
}
inline void StoreDoublePair(double* x, DoublePair v) {
  __builtin_memcpy(x, &v, sizeof(v));
}

// C = A·B, its columns stored the way PackInertiaInWorld<double> and this
// function load them: the world rotations of the mass matrix's pass.
template <>
inline void MultiplyRotations<double>(const Matrix3<double>& A,
                                      const Matrix3<double>& B,
                                      Matrix3<double>* C) {
  const double* a = A.data();
  const double* b = B.data();
  const DoublePair A0 = LoadDoublePair(a), A1 = LoadDoublePair(a + 3),
                   A2 = LoadDoublePair(a + 6);
  DoublePair c01[3];
  double c2[3];
  for (int j = 0; j < 3; ++j) {
    const double b0 = b[3 * j], b1 = b[3 * j + 1], b2 = b[3 * j + 2];
    c01[j] = A0 * b0 + A1 * b1 + A2 * b2;
    c2[j] = a[2] * b0 + a[5] * b1 + a[8] * b2;
  }
  double* c = C->data();
  for (int j = 0; j < 3; ++j) {
    StoreDoublePair(c + 3 * j, c01[j]);
    c[3 * j + 2] = c2[j];
  }
}
#endif

template <typename T>
inline void AddRotated(const Matrix3<T>& A, const Vector3<T>& x,
                       Vector3<T>* y) {
  T t[3];
  for (int r = 0; r < 3; ++r) {
    t[r] = RowTimes(A, r, x.data());
  }
  for (int r = 0; r < 3; ++r) (*y)[r] += t[r];
}

#if defined(__GNUC__)
// y += A·x with y's entries 0-1 stored together, as the world positions are
// loaded by PackInertiaInWorld<double>.
template <>
inline void AddRotated<double>(const Matrix3<double>& A,
                               const Vector3<double>& x, Vector3<double>* y) {
  const double* a = A.data();
  double* out = y->data();
  const DoublePair t01 = LoadDoublePair(a) * x[0] +
                         LoadDoublePair(a + 3) * x[1] +
                         LoadDoublePair(a + 6) * x[2];
  const double t2 = a[2] * x[0] + a[5] * x[1] + a[8] * x[2];
  StoreDoublePair(out, LoadDoublePair(out) + t01);
  out[2] += t2;
}
#endif

template <typename T>
inline Vector3<T> Ang(const Vector6<T>& V) {
  return V.template head<3>();
}
template <typename T>
inline Vector3<T> Lin(const Vector6<T>& V) {
  return V.template tail<3>();
}

// The spatial-vector helpers below write their results entry by entry on
// scalars: Eigen's 3-vector segments of a 6-vector were stored piecewise and
// then read back whole, and each such read waited for the stores to retire
// (a failed store-to-load forward), a fifth of a forward dynamics.
//
// Operands that are the caller's inputs or the Context's parameters are
// copied into locals before AutoDiffXd arithmetic: Eigen's AutoDiffScalar
// resizes an empty derivative vector of an operand in place (through a
// const_cast) to match the other operand's, which would change the sizes the
// caller's values carry (and trips Eigen's size assertions later, where a
// constant factor's expression cannot be resized). Copies are free on double.

template <typename T>
inline T Dot6(const T* a, const T* b) {
  return (Mul(a[0], b[0]) + Mul(a[1], b[1]) + Mul(a[2], b[2])) +
         (Mul(a[3], b[3]) + Mul(a[4], b[4]) + Mul(a[5], b[5]));
}

// a × b written into out[0..2].
template <typename T>
inline void Cross3(const T* a, const T* b, T* out) {
  out[0] = Mul(a[1], b[2]) - Mul(a[2], b[1]);
  out[1] = Mul(a[2], b[0]) - Mul(a[0], b[2]);
  out[2] = Mul(a[0], b[1]) - Mul(a[1], b[0]);
}

// Motion vector of the parent (at Po, in P) re-expressed in the child frame B
// at Bo: w_B = R_BP·w, v_B = R_BP·(v + w × p_PoBo_P). On raw arrays; out may
// not alias V_P.
template <typename T>
inline void MotionToChildInto(const Matrix3<T>& R_PB, const Vector3<T>& p_PB,
                              const T* V_P, T* out) {
  T wxp[3];
  Cross3<T>(V_P, p_PB.data(), wxp);
  const T v[3] = {V_P[3] + wxp[0], V_P[4] + wxp[1], V_P[5] + wxp[2]};
  for (int a = 0; a < 3; ++a) {
    out[a] = ColTimes(R_PB, a, V_P);
    out[3 + a] = ColTimes(R_PB, a, v);
  }
}
template <typename T>
inline Vector6<T> MotionToChild(const Matrix3<T>& R_PB, const Vector3<T>& p_PB,
                                const Vector6<T>& V_P) {
  Vector6<T> V;
  MotionToChildInto<T>(R_PB, p_PB, V_P.data(), V.data());
  return V;
}

// Force vector of the child (at Bo, in B) re-expressed in P at Po and added
// to dst: f_P = R_PB·f, τ_P = R_PB·τ + p_PoBo_P × f_P. On raw arrays.
template <typename T>
inline void AddForceToParent(const Matrix3<T>& R_PB, const Vector3<T>& p_PB,
                             const T* F_B, T* dst) {
  T t[3], f[3], pxf[3];
  for (int a = 0; a < 3; ++a) {
    t[a] = RowTimes(R_PB, a, F_B);
    f[a] = RowTimes(R_PB, a, F_B + 3);
  }
  Cross3<T>(p_PB.data(), f, pxf);
  for (int a = 0; a < 3; ++a) {
    dst[a] += t[a] + pxf[a];
    dst[3 + a] += f[a];
  }
}
template <typename T>
inline Vector6<T> ForceToParent(const Matrix3<T>& R_PB, const Vector3<T>& p_PB,
                                const Vector6<T>& F_B) {
  Vector6<T> F = Vector6<T>::Zero();
  AddForceToParent<T>(R_PB, p_PB, F_B.data(), F.data());
  return F;
}

// out = V ×ₘ U = [w × u_w; w × u_v + v × u_w], on raw arrays.
template <typename T>
inline void CrossMotionInto(const T* V, const T* U, T* out) {
  T a[3], b[3], c[3];
  Cross3<T>(V, U, a);
  Cross3<T>(V, U + 3, b);
  Cross3<T>(V + 3, U, c);
  for (int k = 0; k < 3; ++k) {
    out[k] = a[k];
    out[3 + k] = b[k] + c[k];
  }
}
template <typename T>
inline Vector6<T> CrossMotion(const Vector6<T>& V, const Vector6<T>& U) {
  Vector6<T> r;
  CrossMotionInto<T>(V.data(), U.data(), r.data());
  return r;
}

// V ×* F = [w × τ + v × f; w × f].
template <typename T>
inline Vector6<T> CrossForce(const Vector6<T>& V, const Vector6<T>& F) {
  T a[3], b[3], c[3];
  Cross3<T>(V.data(), F.data(), a);
  Cross3<T>(V.data() + 3, F.data() + 3, b);
  Cross3<T>(V.data(), F.data() + 3, c);
  Vector6<T> r;
  for (int k = 0; k < 3; ++k) {
    r[k] = a[k] + b[k];
    r[3 + k] = c[k];
  }
  return r;
}

// f −= R_WBᵀ·F_W: an applied force given in W, taken off in B.
template <typename T>
inline void SubtractForceInBody(const Matrix3<T>& R_WB, const T* F_W_in,
                                T* f) {
  const T* F_W = F_W_in;
  [[maybe_unused]] T copy[6];
  if constexpr (!std::is_same_v<T, double>) {  // See OperandOf.
    for (int k = 0; k < 6; ++k) copy[k] = F_W_in[k];
    F_W = copy;
  }
  for (int a = 0; a < 3; ++a) {
    f[a] -= ColTimes(R_WB, a, F_W);
    f[3 + a] -= ColTimes(R_WB, a, F_W + 3);
  }
}

// Rigid spatial inertia about Bo in B as (m, h = m·p_BoBcm_B, I_BBo_B).
template <typename T>
struct RigidInertia {
  T m;
  Vector3<T> h;
  Matrix3<T> I;
  // Scales copies of the parameters (on AutoDiffXd, scaling them in place
  // would resize their empty derivative vectors: see OperandOf).
  explicit RigidInertia(const MobodParameters<T>& p)
      : m(p.mass), h(p.p_BoBcm_B), I(p.G_BBo_B) {
    h *= m;
    I *= m;
  }
  RigidInertia(const T& m_in, const Vector3<T>& h_in, const Matrix3<T>& I_in)
      : m(m_in), h(h_in), I(I_in) {}
  // out = I·X = [I·w + h × v; m·v − h × w] for X = (w, v), on raw arrays.
  void Times(const T* X, T* out) const {
    T hv[3], hw[3];
    Cross3<T>(h.data(), X + 3, hv);
    Cross3<T>(h.data(), X, hw);
    for (int a = 0; a < 3; ++a) {
      out[a] = RowTimes(I, a, X) + hv[a];
      out[3 + a] = Mul(m, X[3 + a]) - hw[a];
    }
  }
  Vector6<T> operator*(const Vector6<T>& V) const {
    Vector6<T> r;
    Times(V.data(), r.data());
    return r;
  }
  // [I [h]×; −[h]× m·1], entry by entry.
  void ToMatrix(Matrix6<T>* M_out) const {
    Matrix6<T>& M = *M_out;
    for (int c = 0; c < 3; ++c) {
      for (int r = 0; r < 3; ++r) {
        M(r, c) = I(r, c);
        M(3 + r, 3 + c) = r == c ? m : T(0);
      }
    }
    M(0, 3) = T(0), M(0, 4) = -h[2], M(0, 5) = h[1];
    M(1, 3) = h[2], M(1, 4) = T(0), M(1, 5) = -h[0];
    M(2, 3) = -h[1], M(2, 4) = h[0], M(2, 5) = T(0);
    for (int c = 0; c < 3; ++c) {
      for (int r = 0; r < 3; ++r) M(3 + r, c) = -M(r, 3 + c);
    }
  }
  Matrix6<T> ToMatrix() const {
    Matrix6<T> M;
    ToMatrix(&M);
    return M;
  }
};

// f = I·a + V ×* (I·V) for the body's rigid inertia I (about Bo in B), or
// the bias V ×* (I·V) alone when a is null.
template <typename T>
inline void RigidBodyForce(const MobodParameters<T>& par, const T* V,
                           const T* a, T* f) {
  const RigidInertia<T> I(par);
  T IV[6], wxt[3], vxf[3], wxf[3];
  I.Times(V, IV);
  Cross3<T>(V, IV, wxt);
  Cross3<T>(V + 3, IV + 3, vxf);
  Cross3<T>(V, IV + 3, wxf);
  for (int k = 0; k < 3; ++k) {
    f[k] = wxt[k] + vxf[k];
    f[3 + k] = wxf[k];
  }
  if (a != nullptr) {
    T Ia[6];
    I.Times(a, Ia);
    for (int k = 0; k < 6; ++k) f[k] += Ia[k];
  }
}

// Adds to P_P (at Po in P) the articulated inertia Pa = [A B; Bᵀ C] (at Bo
// in B; A and C symmetric) as X*·Pa·X⁻¹: the blocks rotated by R = R_PB,
// then shifted by p = p_PB to A' + [p]B'ᵀ − B'[p] − [p]C'[p], B' + [p]C' and
// C'. Written on scalars with the symmetric blocks' six entries and the
// cross products as such: Eigen's 3x3 products spent 27 multiplications on
// each skew matrix and stalled on its temporaries.
template <typename T>
inline void AddArticulatedInertiaToParent(const Matrix3<T>& R,
                                          const Vector3<T>& p,
                                          const Matrix6<T>& Pa,
                                          Matrix6<T>* P_P) {
  // X' = R·X·Rᵀ for the 3x3 block X of Pa at (r0, c0); all nine entries,
  // or the upper triangle only when X is symmetric.
  auto rotate = [&](int r0, int c0, bool symmetric, T out[3][3]) {
    T RX[3][3];
    for (int a = 0; a < 3; ++a) {
      for (int k = 0; k < 3; ++k) {
        RX[a][k] = Mul(R(a, 0), Pa(r0, c0 + k)) +
                   Mul(R(a, 1), Pa(r0 + 1, c0 + k)) +
                   Mul(R(a, 2), Pa(r0 + 2, c0 + k));
      }
    }
    for (int a = 0; a < 3; ++a) {
      for (int b = symmetric ? a : 0; b < 3; ++b) {
        out[a][b] = Mul(RX[a][0], R(b, 0)) + Mul(RX[a][1], R(b, 1)) +
                    Mul(RX[a][2], R(b, 2));
      }
    }
    if (symmetric) {
      out[1][0] = out[0][1];
      out[2][0] = out[0][2];
      out[2][1] = out[1][2];
    }
  };
  T A[3][3], B[3][3], C[3][3];
  rotate(0, 0, true, A);
  rotate(0, 3, false, B);
  rotate(3, 3, true, C);
  // D = [p]C' (column j is p × C'.col(j)) and E = [p]B'ᵀ (column j is
  // p × B'.row(j)).
  T D[3][3], E[3][3];
  for (int j = 0; j < 3; ++j) {
    D[0][j] = Mul(p[1], C[2][j]) - Mul(p[2], C[1][j]);
    D[1][j] = Mul(p[2], C[0][j]) - Mul(p[0], C[2][j]);
    D[2][j] = Mul(p[0], C[1][j]) - Mul(p[1], C[0][j]);
    E[0][j] = Mul(p[1], B[j][2]) - Mul(p[2], B[j][1]);
    E[1][j] = Mul(p[2], B[j][0]) - Mul(p[0], B[j][2]);
    E[2][j] = Mul(p[0], B[j][1]) - Mul(p[1], B[j][0]);
  }
  // −[p]C'[p] = −D·[p], whose row a is (p × D.row(a))ᵀ.
  // (The lambdas return T: on AutoDiffXd an expression of their temporary
  // products would outlive them.)
  auto minus_D_px = [&](int a, int b) -> T {
    const int b1 = kNextAxis[b], b2 = kNextNextAxis[b];
    return Mul(p[b1], D[a][b2]) - Mul(p[b2], D[a][b1]);
  };
  Matrix6<T>& P = *P_P;
  for (int a = 0; a < 3; ++a) {
    for (int b = a; b < 3; ++b) {
      const T Anew = A[a][b] + E[a][b] + E[b][a] + minus_D_px(a, b);
      P(a, b) += Anew;
      if (b != a) P(b, a) += Anew;
      P(3 + a, 3 + b) += C[a][b];
      if (b != a) P(3 + b, 3 + a) += C[a][b];
    }
    for (int b = 0; b < 3; ++b) {
      const T Bnew = B[a][b] + D[a][b];
      P(a, 3 + b) += Bnew;
      P(3 + b, a) += Bnew;
    }
  }
}

// Re-expresses columns given in F at Mo into B at Bo: top = R_BF·top,
// bottom = R_BF·bottom + p_BoMo_B × top.
template <typename T, int NC>
inline void MobilizerToBodyColumns(const Matrix3<T>& R_BF,
                                   const Vector3<T>& p_BM,
                                   const Eigen::Matrix<T, 6, NC>& X_F,
                                   Eigen::Ref<Eigen::Matrix<T, 6, NC>> X_B) {
  X_B.template topRows<3>().noalias() = R_BF * X_F.template topRows<3>();
  X_B.template bottomRows<3>().noalias() = R_BF * X_F.template bottomRows<3>();
  X_B.template bottomRows<3>().noalias() +=
      mobilizer_math::CrossMatrix<T>(p_BM) * X_B.template topRows<3>();
}

template <typename T>
void CheckWorkspace(const char* func, const CompiledTree& tree,
                    const TreeParameters<T>& params,
                    const TreeWorkspace<T>* ws) {
  if (ws == nullptr) ThrowLogicError("{}(): the workspace is null.", func);
  const int n = tree.num_mobods();
  if (static_cast<int>(ws->R_WB.size()) != n ||
      ws->H_B.cols() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): the workspace was made for another tree (it holds {} mobods "
        "and {} velocities; the tree has {} and {}).",
        func, ws->R_WB.size(), ws->H_B.cols(), n, tree.num_velocities());
  }
  if (static_cast<int>(params.mobods.size()) != n ||
      params.damping.size() != tree.num_velocities() ||
      params.reflected_inertia.size() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): the parameters were made for another tree (they hold {} "
        "mobods and {} velocities; the tree has {} and {}).",
        func, params.mobods.size(), params.reflected_inertia.size(), n,
        tree.num_velocities());
  }
}

// inline: some includers (weld_merged_dynamics.cc) use none of the checks.
inline void CheckSize(const char* func, const char* what, Eigen::Index size,
                      Eigen::Index expected) {
  if (size != expected) {
    ThrowLogicError("{}(): {} has size {}; expected {}.", func, what, size,
                    expected);
  }
}

template <typename T>
void CheckAppliedForces(const char* func, const CompiledTree& tree,
                        const Eigen::Ref<const VectorX<T>>& tau_applied,
                        const SpatialVectorArray<T>& F_applied_Bo_W) {
  if (tau_applied.size() != 0 && tau_applied.size() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): tau_applied has size {}; expected 0 (none) or "
        "num_velocities() = {}.",
        func, tau_applied.size(), tree.num_velocities());
  }
  if (!F_applied_Bo_W.empty() &&
      static_cast<int>(F_applied_Bo_W.size()) != tree.num_mobods()) {
    ThrowLogicError(
        "{}(): F_applied_Bo_W has {} entries; expected 0 (none) or "
        "num_mobods() = {}.",
        func, F_applied_Bo_W.size(), tree.num_mobods());
  }
}

// Classical A_WB_W from the Plücker a_B (in B) and V_WB_B.
template <typename T>
inline Vector6<T> PluckerToClassicalInWorld(const Matrix3<T>& R_WB,
                                            const Vector6<T>& a_B,
                                            const Vector6<T>& V_B) {
  const Vector3<T> alpha = a_B.template head<3>();
  const Vector3<T> a_Bo = Lin(a_B) + Ang(V_B).cross(Lin(V_B));
  Vector6<T> A;
  A.template head<3>().noalias() = R_WB * alpha;
  A.template tail<3>().noalias() = R_WB * a_Bo;
  return A;
}

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

// ---------------------------------------------------------------------------
namespace {

// True if R is exactly the identity. Only used for T = double to skip
// products with identity frame rotations (common in URDF models); for other
// scalars the derivatives carried by an identity-valued parameter matter.
[[gnu::always_inline]] inline bool IsExactIdentity(const Eigen::Matrix3d& R) {
  return R(0, 0) == 1 && R(1, 1) == 1 && R(2, 2) == 1 && R(0, 1) == 0 &&
         R(0, 2) == 0 && R(1, 0) == 0 && R(1, 2) == 0 && R(2, 0) == 0 &&
         R(2, 1) == 0;
}
template <typename T>
[[gnu::always_inline]] inline bool IsIdentityRotation(const Matrix3<T>& R) {
  if constexpr (std::is_same_v<T, double>) {
    return IsExactIdentity(R);
  } else {
    return false;
  }
}
template <typename T>
[[gnu::always_inline]] inline bool IsZeroVector(const Vector3<T>& p) {
  if constexpr (std::is_same_v<T, double>) {
    return p[0] == 0 && p[1] == 0 && p[2] == 0;
  } else {
    return false;
  }
}

// R = Rk(θ) about coordinate axis k (0, 1, 2) from s = sin θ, c = cos θ.
template <typename T>
inline void AxisRotation(int k, const T& s, const T& c, Matrix3<T>* R) {
  const int i = kNextAxis[k], j = kNextNextAxis[k];
  R->setZero();
  (*R)(k, k) = T(1);
  (*R)(i, i) = c;
  (*R)(j, j) = c;
  (*R)(j, i) = s;
  (*R)(i, j) = -s;
}

// R_out = A·Rk(θ): Rk maps eᵢ → c·eᵢ + s·eⱼ and eⱼ → −s·eᵢ + c·eⱼ (i, j the
// axes after k), so only two columns of A mix (12 products, not 27).
template <typename T>
inline void TimesAxisRotation(const Matrix3<T>& A, int k, const T& s,
                              const T& c, Matrix3<T>* R_out) {
  const int i = kNextAxis[k], j = kNextNextAxis[k];
  R_out->col(k) = A.col(k);
  R_out->col(i) = c * A.col(i) + s * A.col(j);
  R_out->col(j) = c * A.col(j) - s * A.col(i);
}

inline bool IsAxisRevolute(const MobodInfo& b) {
  return b.kind == MobilizerKind::kRevolute && b.axis_index >= 0;
}

// BodyNode::CalcPositionKinematicsCache_BaseToTip for mobod i; world pose
// only with kWorld (the parent's world pose must be current). sin_q, cos_q:
// on double, the sine and cosine of an axis-aligned revolute's angle
// (PositionSteps computes them together); unused otherwise.
template <typename T, bool kWorld>
inline void PositionStep(const CompiledTree& tree,
                         const TreeParameters<T>& params, const T* q, int i,
                         double sin_q, double cos_q, TreeWorkspace<T>* ws) {
  TreeWorkspace<T>& w = *ws;
  const MobodInfo& b = tree.mobod(i);
  const MobodParameters<T>& par = params.mobods[i];
  if (IsAxisRevolute(b)) {
    // Axis-aligned revolute: R_FM = Rk(θ), p_FM = 0, H constant.
    const int k = b.axis_index;
    T s, c;
    if constexpr (std::is_same_v<T, double>) {
      s = sin_q;
      c = cos_q;
    } else {
      using std::cos;
      using std::sin;
      s = sin(q[b.q_start]);
      c = cos(q[b.q_start]);
    }
    AxisRotation<T>(k, s, c, &w.R_FM[i]);
    w.p_FM[i].setZero();
    const bool R_BM_identity = IsIdentityRotation<T>(par.X_BM.R);
    const bool p_BM_zero = IsZeroVector<T>(par.X_BM.p);
    Matrix3<T>& R_PB = w.R_PB[i];
    Vector3<T>& p_PB = w.p_PB[i];
    if (R_BM_identity) {
      // R_PB = R_PF·Rk(θ); p_PB = p_PF − R_PB·p_BM.
      if (IsIdentityRotation<T>(par.X_PF.R)) {
        R_PB = w.R_FM[i];
      } else {
        TimesAxisRotation<T>(par.X_PF.R, k, s, c, &R_PB);
      }
    } else {
      Matrix3<T> R_FB;
      R_FB.noalias() = w.R_FM[i] * par.X_BM.R.transpose();
      R_PB.noalias() = par.X_PF.R * R_FB;
    }
    p_PB = par.X_PF.p;
    if (!p_BM_zero) p_PB.noalias() -= R_PB * par.X_BM.p;
    if constexpr (kWorld) {
      if (b.parent == 0) {
        w.R_WB[i] = R_PB;
        w.p_WB[i] = p_PB;
      } else {
        MultiplyRotations<T>(w.R_WB[b.parent], R_PB, &w.R_WB[i]);
        w.p_WB[i] = w.p_WB[b.parent];
        AddRotated<T>(w.R_WB[b.parent], p_PB, &w.p_WB[i]);
      }
    }
    auto H = w.H_B.col(b.v_start);
    Vector3<T> a_B;
    if (R_BM_identity) {
      a_B.setZero();
      a_B[k] = T(1);
    } else {
      a_B = par.X_BM.R.col(k);
    }
    H.template head<3>() = a_B;
    if (p_BM_zero) {
      H.template tail<3>().setZero();
    } else {
      H.template tail<3>() = par.X_BM.p.cross(a_B);
    }
    return;
  }
  VisitMobilizerKind(b.kind, [&](auto m) {
    using Math = decltype(m);
    constexpr int nv = Math::kNv;
    const T* qb = q + b.q_start;
    Matrix3<T>& R_FM = w.R_FM[i];
    Vector3<T>& p_FM = w.p_FM[i];
    Math::CalcX_FM(b.constants, qb, &R_FM, &p_FM);
    // X_FB = X_FM·X_MB with X_MB = X_BM⁻¹; X_PB = X_PF·X_FB. The identity
    // tests skip the products for the frames URDF models leave at identity.
    const bool R_BM_identity = IsIdentityRotation<T>(par.X_BM.R);
    const bool p_BM_zero = IsZeroVector<T>(par.X_BM.p);
    Matrix3<T> R_FB;
    if (R_BM_identity) {
      R_FB = R_FM;
    } else {
      R_FB.noalias() = R_FM * par.X_BM.R.transpose();
    }
    Vector3<T> p_FB = p_FM;
    if (!p_BM_zero) p_FB.noalias() -= R_FB * par.X_BM.p;
    Matrix3<T>& R_PB = w.R_PB[i];
    Vector3<T>& p_PB = w.p_PB[i];
    if (IsIdentityRotation<T>(par.X_PF.R)) {
      R_PB = R_FB;
      p_PB = par.X_PF.p + p_FB;
    } else {
      R_PB.noalias() = par.X_PF.R * R_FB;
      p_PB = par.X_PF.p;
      p_PB.noalias() += par.X_PF.R * p_FB;
    }
    if constexpr (kWorld) {
      if (b.parent == 0) {
        w.R_WB[i] = R_PB;
        w.p_WB[i] = p_PB;
      } else {
        MultiplyRotations<T>(w.R_WB[b.parent], R_PB, &w.R_WB[i]);
        w.p_WB[i] = w.p_WB[b.parent];
        AddRotated<T>(w.R_WB[b.parent], p_PB, &w.p_WB[i]);
      }
    }
    if constexpr (nv > 0) {
      auto H = w.H_B.template middleCols<nv>(b.v_start);
      constexpr MobilizerKind kind = Math::kKind;
      if constexpr (kind == MobilizerKind::kRevolute ||
                    kind == MobilizerKind::kPrismatic ||
                    kind == MobilizerKind::kScrew) {
        // The axis is fixed by R_FM, so R_BF·â = R_BM·â: no q dependence.
        Vector3<T> a_B;
        if (R_BM_identity) {
          a_B = b.constants.axis.cast<T>();
        } else {
          a_B.noalias() = par.X_BM.R * b.constants.axis.cast<T>();
        }
        if constexpr (kind == MobilizerKind::kPrismatic) {
          H.template topRows<3>().setZero();
          H.template bottomRows<3>() = a_B;
        } else {
          H.template topRows<3>() = a_B;
          Vector3<T> lin = Vector3<T>::Zero();
          if (!p_BM_zero) lin = par.X_BM.p.cross(a_B);
          if constexpr (kind == MobilizerKind::kScrew) {
            lin += ScrewMobilizerMath::lead(b.constants) * a_B;
          }
          H.template bottomRows<3>() = lin;
        }
      } else if constexpr (kind == MobilizerKind::kQuaternionFloating ||
                           kind == MobilizerKind::kRpyFloating) {
        // H_FM = I₆, so H_B = [R_BF 0; [p_BM]×·R_BF R_BF]: written, not
        // multiplied (the general product was 500 instructions per call).
        const Matrix3<T> R_BF = R_FB.transpose();
        H.setZero();
        H.template topLeftCorner<3, 3>() = R_BF;
        H.template bottomRightCorner<3, 3>() = R_BF;
        if (!p_BM_zero) {
          H.template bottomLeftCorner<3, 3>().noalias() =
              mobilizer_math::CrossMatrix<T>(par.X_BM.p) * R_BF;
        }
      } else {
        Eigen::Matrix<T, 6, nv> H_FM;
        Math::CalcH_FM(b.constants, qb, &H_FM);
        const Matrix3<T> R_BF = R_FB.transpose();
        MobilizerToBodyColumns<T, nv>(R_BF, par.X_BM.p, H_FM, H);
      }
    }
  });
}

// At most this many mobods per PositionSteps call.
constexpr int kPositionStepsChunk = 32;

// The position steps of mobods[0..count), in that order (count at most
// kPositionStepsChunk). On double, the sines and cosines of their
// axis-aligned revolute angles are computed first, two at a time
// (math::SinCos): a libm call per joint was an eighth of a legged robot's
// mass matrix.
template <typename T, bool kWorld>
void PositionSteps(const CompiledTree& tree, const TreeParameters<T>& params,
                   const T* q, const int* mobods, int count,
                   TreeWorkspace<T>* ws) {
  if constexpr (std::is_same_v<T, double>) {
    // Only the revolutes' angles, packed: a lane spent on another kind's
    // placeholder cost Cassie's local pass 8%.
    double angle[kPositionStepsChunk], s[kPositionStepsChunk],
        c[kPositionStepsChunk];
    int m = 0;
    for (int k = 0; k < count; ++k) {
      const MobodInfo& b = tree.mobod(mobods[k]);
      if (IsAxisRevolute(b)) angle[m++] = q[b.q_start];
    }
    math::SinCos(angle, m, s, c);
    m = 0;
    for (int k = 0; k < count; ++k) {
      double sin_q = 0, cos_q = 0;
      if (IsAxisRevolute(tree.mobod(mobods[k]))) {
        sin_q = s[m];
        cos_q = c[m++];
      }
      PositionStep<T, kWorld>(tree, params, q, mobods[k], sin_q, cos_q, ws);
    }
  } else {
    for (int k = 0; k < count; ++k) {
      PositionStep<T, kWorld>(tree, params, q, mobods[k], 0, 0, ws);
    }
  }
}

// All mobods, base to tip.
template <typename T, bool kWorld>
void PositionPass(const CompiledTree& tree, const TreeParameters<T>& params,
                  const Eigen::Ref<const VectorX<T>>& q, TreeWorkspace<T>* ws) {
  const int n = tree.num_mobods();
  int mobods[kPositionStepsChunk];
  for (int first = 1; first < n; first += kPositionStepsChunk) {
    const int count = std::min(kPositionStepsChunk, n - first);
    for (int k = 0; k < count; ++k) mobods[k] = first + k;
    PositionSteps<T, kWorld>(tree, params, q.data(), mobods, count, ws);
  }
}

}  // namespace

template <typename T>
void CalcPositionKinematics(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& q,
                            TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcPositionKinematics", tree, params, ws);
  CheckSize("CalcPositionKinematics", "q", q.size(), tree.num_positions());
  PositionPass<T, true>(tree, params, q, ws);
  ws->world_poses_valid = true;
}

template <typename T>
void CalcLocalPositionKinematics(const CompiledTree& tree,
                                 const TreeParameters<T>& params,
                                 const Eigen::Ref<const VectorX<T>>& q,
                                 TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcLocalPositionKinematics", tree, params, ws);
  CheckSize("CalcLocalPositionKinematics", "q", q.size(), tree.num_positions());
  PositionPass<T, false>(tree, params, q, ws);
  ws->world_poses_valid = false;
}

// Position steps of the root path of `mobod`, base to tip, by chunks
// (recursing once per kPositionStepsChunk levels).
template <typename T>
void PathPositionSteps(const CompiledTree& tree,
                       const TreeParameters<T>& params, const T* q, int mobod,
                       TreeWorkspace<T>* ws) {
  // The chunk of the path nearest the tip, filled from its end, after the
  // rest of the path.
  int path[kPositionStepsChunk];
  int first = kPositionStepsChunk;
  int i = mobod;
  for (; i > 0 && first > 0; i = tree.mobod(i).parent) path[--first] = i;
  if (i > 0) PathPositionSteps<T>(tree, params, q, i, ws);
  PositionSteps<T, true>(tree, params, q, path + first,
                         kPositionStepsChunk - first, ws);
}

template <typename T>
void CalcPositionKinematicsAlongPath(const CompiledTree& tree,
                                     const TreeParameters<T>& params,
                                     const Eigen::Ref<const VectorX<T>>& q,
                                     int mobod, TreeWorkspace<T>* ws) {
  constexpr const char* kFunc = "CalcPositionKinematicsAlongPath";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "q", q.size(), tree.num_positions());
  if (mobod < 0 || mobod >= tree.num_mobods()) {
    ThrowLogicError("{}(): mobod {} does not exist (the tree has {}).", kFunc,
                    mobod, tree.num_mobods());
  }
  PathPositionSteps<T>(tree, params, q.data(), mobod, ws);
  ws->world_poses_valid = false;
}

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
    RigidBodyForce<T>(params.mobods[i], w.V_WB_B[i].data(), w.a_B[i].data(),
                      f);
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

// X_WB of mobod i from X_PB and its parent's X_WP (already composed).
template <typename T>
inline void ComposeWorldPose(const CompiledTree& tree, int i,
                             TreeWorkspace<T>* ws) {
  TreeWorkspace<T>& w = *ws;
  const int parent = tree.mobod(i).parent;
  if (parent == 0) {
    w.R_WB[i] = w.R_PB[i];
    w.p_WB[i] = w.p_PB[i];
  } else {
    MultiplyRotations<T>(w.R_WB[parent], w.R_PB[i], &w.R_WB[i]);
    w.p_WB[i] = w.p_WB[parent];
    AddRotated<T>(w.R_WB[parent], w.p_PB[i], &w.p_WB[i]);
  }
}

// World poses R_WB, p_WB from the local X_PB, unless the position pass
// already computed them for the current q.
template <typename T>
void CompleteWorldPoses(const CompiledTree& tree, TreeWorkspace<T>* ws) {
  if (ws->world_poses_valid) return;
  for (int i = 1; i < tree.num_mobods(); ++i) ComposeWorldPose(tree, i, ws);
  ws->world_poses_valid = true;
}

namespace {

// The mass matrix below is written entry by entry on scalars rather than with
// Eigen's fixed-size vectors: those are built on the stack with a mix of
// scalar and packed stores and read back whole, and each such read waits for
// the stores to retire (a failed store-to-load forward). That stall was a
// third of this kernel's time; scalar temporaries stay in registers.

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
      RG[a][k] = Mul(R(a, 0), G(0, k)) + Mul(R(a, 1), G(1, k)) +
                 Mul(R(a, 2), G(2, k));
    }
  }
  const T c =
      Mul(T(2), Mul(p[0], s[0]) + Mul(p[1], s[1]) + Mul(p[2], s[2]));
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
// two-lane vector and row 2 on its own (see DoublePair): a third fewer
// arithmetic instructions for the kernel's costliest step. R is written by
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
// F frame (quaternion or roll-pitch-yaw floating, not reversed), on dofs 0-5.
inline bool IsFloatingRoot(const CompiledTree& tree) {
  if (tree.num_mobods() < 2) return false;
  const MobodInfo& b = tree.mobod(1);
  return b.parent == 0 && b.v_start == 0 && b.nv == 6 &&
         (b.kind == MobilizerKind::kQuaternionFloating ||
          b.kind == MobilizerKind::kRpyFloating);
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
    if (!(s > tiny)) [[unlikely]]
      return false;
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

// The smallest pivot a factorization may meet and still count as positive:
// ε times `scale` (the largest diagonal entry of the matrix it comes from:
// below its rounding error a pivot is numerically zero), and at least the
// smallest normal double, so that 1/pivot stays finite.
template <typename T>
inline T PivotTolerance(const T& scale) {
  const T tiny = std::numeric_limits<double>::epsilon() * scale;
  return tiny > std::numeric_limits<double>::min()
             ? tiny
             : T(std::numeric_limits<double>::min());
}

// True if `x`'s value is NaN (x != x), on every scalar the kernels use.
template <typename T>
inline bool IsNaNValue(const T& x) {
  return !(x == x);
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
      // from.
      using std::abs;
      T scale = abs(P(0, 0));
      for (int k = 1; k < 6; ++k) {
        if (abs(P(k, k)) > scale) scale = abs(P(k, k));
      }
      const T tiny = PivotTolerance(scale);
      if constexpr (nv == 1) {
        if (!(D(0, 0) > tiny)) [[unlikely]] {
          throw SingularHingeInertiaError(&tree, i, IsNaNValue(D(0, 0)));
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
      za[k] = z[k] + (Mul(P(k, 0), c[0]) + Mul(P(k, 1), c[1]) +
                      Mul(P(k, 2), c[2])) +
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

// The workspace's nv×nv mass matrix, sized on the first dense forward
// dynamics (TreeWorkspace leaves it empty).
template <typename T>
void SizeDenseMassMatrix(const CompiledTree& tree, TreeWorkspace<T>* w) {
  const int nv = tree.num_velocities();
  if (w->M.rows() != nv || w->M.cols() != nv) w->M.resize(nv, nv);
}

}  // namespace

template <typename T>
void CalcForwardDynamicsCholesky(
    const CompiledTree& tree, const TreeParameters<T>& params,
    const Vector3<T>& g_W, const Eigen::Ref<const VectorX<T>>& tau_applied,
    const SpatialVectorArray<T>& F_applied_Bo_W, TreeWorkspace<T>* ws,
    Eigen::Ref<VectorX<T>> vdot) {
  constexpr const char* kFunc = "CalcForwardDynamicsCholesky";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "vdot", vdot.size(), tree.num_velocities());
  TreeWorkspace<T>& w = *ws;
  SizeDenseMassMatrix(tree, &w);
  CalcMassMatrix<T>(tree, params, ws, w.M);
  w.vdot_zero.setZero();
  CalcInverseDynamics<T>(tree, params, w.vdot_zero, g_W, tau_applied,
                         F_applied_Bo_W, ws, w.rhs);
  w.llt.compute(w.M);
  if (w.llt.info() != Eigen::Success) {
    ThrowLogicError("{}(): the mass matrix is not positive definite.", kFunc);
  }
  vdot = -w.rhs;
  w.llt.solveInPlace(vdot);
}

template <typename T>
void FactorMassMatrixLTDL(const CompiledTree& tree, Eigen::Ref<MatrixX<T>> M) {
  const std::vector<int>& lambda = tree.dof_parent();
  const int nv = tree.num_velocities();
  CheckSize("FactorMassMatrixLTDL", "M", M.rows(), nv);
  CheckSize("FactorMassMatrixLTDL", "M", M.cols(), nv);
  // Pivots are measured against M's largest diagonal entry.
  T scale(0);
  for (int k = 0; k < nv; ++k) {
    if (M(k, k) > scale) scale = M(k, k);
  }
  const T tiny = PivotTolerance(scale);
  // RBDA §6.5, 0-based with −1 for "none".
  for (int k = nv - 1; k >= 0; --k) {
    if (!(M(k, k) > tiny)) [[unlikely]] {
      throw SingularHingeInertiaError(&tree, tree.dof_mobod()[k],
                                      IsNaNValue(M(k, k)));
    }
    const T inv_d = T(1) / M(k, k);
    for (int i = lambda[k]; i >= 0; i = lambda[i]) {
      const T b = M(k, i) * inv_d;
      for (int j = i; j >= 0; j = lambda[j]) M(i, j) -= M(k, j) * b;
      M(k, i) = b;
    }
  }
}

template <typename T>
void SolveLTDL(const CompiledTree& tree, const Eigen::Ref<const MatrixX<T>>& LD,
               Eigen::Ref<VectorX<T>> x) {
  const std::vector<int>& lambda = tree.dof_parent();
  const int nv = tree.num_velocities();
  CheckSize("SolveLTDL", "x", x.size(), nv);
  // Lᵀ·z = b (tip to base), then D, then L·x = y (base to tip).
  for (int i = nv - 1; i >= 0; --i) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) x[j] -= LD(i, j) * x[i];
  }
  for (int i = 0; i < nv; ++i) x[i] /= LD(i, i);
  for (int i = 0; i < nv; ++i) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) x[i] -= LD(i, j) * x[j];
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
  constexpr const char* kFunc = "CalcForwardDynamicsLTDL";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "vdot", vdot.size(), tree.num_velocities());
  TreeWorkspace<T>& w = *ws;
  SizeDenseMassMatrix(tree, &w);
  CalcMassMatrix<T>(tree, params, ws, w.M);
  w.vdot_zero.setZero();
  CalcInverseDynamics<T>(tree, params, w.vdot_zero, g_W, tau_applied,
                         F_applied_Bo_W, ws, w.rhs);
  FactorMassMatrixLTDL<T>(tree, w.M);
  vdot = -w.rhs;
  SolveLTDL<T>(tree, w.M, vdot);
}

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

template <typename T>
void CalcJointDampingForces(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& v,
                            Eigen::Ref<VectorX<T>> tau) {
  CheckSize("CalcJointDampingForces", "v", v.size(), tree.num_velocities());
  CheckSize("CalcJointDampingForces", "tau", tau.size(), tree.num_velocities());
  tau = -params.damping.cwiseProduct(v);
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

#define OSSA_TREE_KERNELS_INSTANTIATE(T)                                       \
  template void CalcPositionKinematics<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcLocalPositionKinematics<T>(                                \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcPositionKinematicsAlongPath<T>(                            \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, int, TreeWorkspace<T>*);            \
  template void CalcVelocityKinematics<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&,                                     \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcSpatialAccelerationsFromVdot<T>(                           \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*,                  \
      SpatialVectorArray<T>*);                                                 \
  template void CalcInverseDynamics<T>(                                        \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, const Vector3<T>&,                  \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>, SpatialVectorArray<T>*,       \
      SpatialVectorArray<T>*);                                                 \
  template void CalcMassMatrix<T>(const CompiledTree&,                         \
                                  const TreeParameters<T>&, TreeWorkspace<T>*, \
                                  Eigen::Ref<MatrixX<T>>);                     \
  template void CalcBiasTerm<T>(const CompiledTree&, const TreeParameters<T>&, \
                                TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);    \
  template void CalcGravityGeneralizedForces<T>(                               \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcArticulatedBodyInertiaCache<T>(                            \
      const CompiledTree&, const TreeParameters<T>&, TreeWorkspace<T>*);       \
  template void CalcArticulatedBodyForwardDynamics<T>(                         \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsArticulatedBody<T>(                         \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsCholesky<T>(                                \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsLTDL<T>(                                    \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void FactorMassMatrixLTDL<T>(const CompiledTree&,                   \
                                        Eigen::Ref<MatrixX<T>>);               \
  template void SolveLTDL<T>(const CompiledTree&,                              \
                             const Eigen::Ref<const MatrixX<T>>&,              \
                             Eigen::Ref<VectorX<T>>);                          \
  template void CalcJacobianSpatialVelocity<T>(                                \
      const CompiledTree&, const TreeWorkspace<T>&, int, const Vector3<T>&,    \
      Eigen::Ref<MatrixX<T>>);                                                 \
  template Vector6<T> CalcBiasSpatialAcceleration<T>(                          \
      const CompiledTree&, TreeWorkspace<T>*, int, const Vector3<T>&);         \
  template T CalcKineticEnergy<T>(                                             \
      const CompiledTree&, const TreeParameters<T>&, const TreeWorkspace<T>&); \
  template T CalcPotentialEnergy<T>(                                           \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const TreeWorkspace<T>&);                                                \
  template Vector6<T> CalcSpatialMomentumInWorldAboutWo<T>(                    \
      const CompiledTree&, const TreeParameters<T>&, const TreeWorkspace<T>&); \
  template void CalcJointDampingForces<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);            \
  template void MapVelocityToQDot<T>(                                          \
      const CompiledTree&, const Eigen::Ref<const VectorX<T>>&,                \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);            \
  template void MapQDotToVelocity<T>(                                          \
      const CompiledTree&, const Eigen::Ref<const VectorX<T>>&,                \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);

}  // namespace ossa::multibody::internal
