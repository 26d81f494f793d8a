#pragma once

/// @file
/// Private helpers of the kernels (included only by core .cc files): the
/// spatial-vector and 3×3 products written on scalars, the inertia
/// shapes, and nv dispatch. Internal linkage: every including file gets its
/// own copy.

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/math/sin_cos.h"
#include "ossa/multibody/core/tree_kernels.h"

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
// cost dwarfs the 6 or 30 doubles it writes; a contiguous view is zeroed in
// one pass instead.
template <typename T>
inline void SetZeroContiguous(Eigen::Ref<MatrixX<T>> A) {
  if (A.outerStride() == A.rows()) {
    Eigen::Map<VectorX<T>>(A.data(), A.size()).setZero();
  } else {
    A.setZero();
  }
}

// The axes after k (0, 1, 2) in cyclic order: i = (k + 1) mod 3 and
// j = (k + 2) mod 3, by lookup rather than a modulo per joint.
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
// compiler need not assume they do). Eigen's fixed-size products are called
// out of line here and assemble their results with mixed packed and scalar
// stores, which later whole-vector loads stall on.
template <typename T>
inline void MultiplyRotations(const Matrix3<T>& A, const Matrix3<T>& B,
                              Matrix3<T>* C) {
  T c[3][3];
  for (int j = 0; j < 3; ++j) {
    for (int r = 0; r < 3; ++r) {
      c[j][r] =
          Mul(A(r, 0), B(0, j)) + Mul(A(r, 1), B(1, j)) + Mul(A(r, 2), B(2, j));
    }
  }
  for (int j = 0; j < 3; ++j) {
    for (int r = 0; r < 3; ++r) (*C)(r, j) = c[j][r];
  }
}

template <typename T>
inline void AddRotated(const Matrix3<T>& A, const Vector3<T>& x,
                       Vector3<T>* y) {
  T t[3];
  for (int r = 0; r < 3; ++r) {
    t[r] = RowTimes(A, r, x.data());
  }
  for (int r = 0; r < 3; ++r) (*y)[r] += t[r];
}

template <typename T>
inline Vector3<T> Ang(const Vector6<T>& V) {
  return V.template head<3>();
}
template <typename T>
inline Vector3<T> Lin(const Vector6<T>& V) {
  return V.template tail<3>();
}

// The spatial-vector helpers below write their results entry by entry on
// scalars: Eigen stores the 3-vector segments of a 6-vector piecewise and
// reads them back whole, and each such read waits for the stores to retire
// (a failed store-to-load forward).
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
inline void SubtractForceInBody(const Matrix3<T>& R_WB, const T* F_W_in, T* f) {
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

}  // namespace
}  // namespace ossa::multibody::internal

#include "ossa/multibody/core/simd_double-inl.h"
