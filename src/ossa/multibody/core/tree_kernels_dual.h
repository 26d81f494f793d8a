#pragma once

/// @file
/// Fast internal paths for AutoDiffXd dynamics, AutoDiffXd in and out (values
/// and gradients equal to the AutoDiffXd kernels' up to round-off):
///  - when only q, v and v̇ (or τ) carry derivatives — the common case of
///    gradients with respect to the state — the dynamics run in double and
///    the gradients come from the analytical partials ∂ID/∂q, ∂ID/∂v
///    (inverse_dynamics_partials.h) by the chain rule;
///  - when the parameters or g_W carry derivatives too, the kernels of
///    tree_kernels.h run on FixedDual<N>, a forward-mode dual number whose
///    derivatives live inline in a fixed-capacity array (no heap allocation
///    per operation, unlike AutoDiffXd's dynamic vectors), with a runtime
///    count of active derivatives so that constants (count 0) cost one
///    double;
///  - beyond kDualCapacity derivatives, the AutoDiffXd kernels themselves.
/// Internal: the plant's AutoDiffXd evaluations route through them.

#include <algorithm>
#include <cmath>
#include <memory>

#include "ossa/common/autodiff.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {

/// Forward-mode dual number x = v + Σ d[i]·εᵢ with up to N derivatives, of
/// which the first n are meaningful (n = 0: a constant). Arithmetic between
/// operands of different n treats the missing derivatives as zeros.
template <int N>
struct FixedDual {
  double v{0};
  int n{0};
  double d[N];

  FixedDual() = default;
  FixedDual(double value) : v(value), n(0) {}  // NOLINT(runtime/explicit)
  FixedDual(const FixedDual& o) : v(o.v), n(Count(o.n)) {
    for (int i = 0; i < n; ++i) d[i] = o.d[i];
  }
  FixedDual& operator=(const FixedDual& o) {
    v = o.v;
    n = Count(o.n);
    for (int i = 0; i < n; ++i) d[i] = o.d[i];
    return *this;
  }
  FixedDual& operator=(double value) {
    v = value;
    n = 0;
    return *this;
  }
  double value() const { return v; }
  /// The independent variable number `slot`: `value` with derivative 1 in
  /// that slot (and 0 in the ones before it).
  static FixedDual Variable(double value, int slot) {
    FixedDual x(value);
    x.n = Count(slot + 1);
    for (int i = 0; i < slot; ++i) x.d[i] = 0.0;
    x.d[slot] = 1.0;
    return x;
  }

  // 0 ≤ n ≤ N always; telling the compiler lets it drop bounds it cannot
  // prove (and silences -Warray-bounds false positives).
  static int Count(int k) {
    if (k < 0 || k > N) __builtin_unreachable();
    return k;
  }

  // this = a·x + b·y on the derivatives (value handled by the caller).
  void SetDerivs(double a, const FixedDual& x, double b, const FixedDual& y) {
    const int xn = Count(x.n), yn = Count(y.n);
    const int m = std::min(xn, yn);
    for (int i = 0; i < m; ++i) d[i] = a * x.d[i] + b * y.d[i];
    for (int i = m; i < xn; ++i) d[i] = a * x.d[i];
    for (int i = m; i < yn; ++i) d[i] = b * y.d[i];
    n = std::max(xn, yn);
  }
  void SetDerivs(double a, const FixedDual& x) {
    const int xn = Count(x.n);
    for (int i = 0; i < xn; ++i) d[i] = a * x.d[i];
    n = xn;
  }
  // this.d += a·x.d
  void AddDerivs(double a, const FixedDual& x) {
    const int xn = Count(x.n), tn = Count(n);
    const int m = std::min(tn, xn);
    for (int i = 0; i < m; ++i) d[i] += a * x.d[i];
    for (int i = m; i < xn; ++i) d[i] = a * x.d[i];
    n = std::max(tn, xn);
  }

  FixedDual& operator+=(const FixedDual& o) {
    v += o.v;
    AddDerivs(1.0, o);
    return *this;
  }
  FixedDual& operator-=(const FixedDual& o) {
    v -= o.v;
    AddDerivs(-1.0, o);
    return *this;
  }
  FixedDual& operator*=(const FixedDual& o) {
    // d(xy) = y·dx + x·dy, in place.
    const double x = v;
    const int tn = Count(n), on = Count(o.n);
    for (int i = 0; i < tn; ++i) d[i] *= o.v;
    const int m = std::min(tn, on);
    for (int i = 0; i < m; ++i) d[i] += x * o.d[i];
    for (int i = m; i < on; ++i) d[i] = x * o.d[i];
    n = std::max(tn, on);
    v *= o.v;
    return *this;
  }
  FixedDual& operator/=(const FixedDual& o) {
    *this = *this / o;
    return *this;
  }
  FixedDual& operator+=(double o) {
    v += o;
    return *this;
  }
  FixedDual& operator-=(double o) {
    v -= o;
    return *this;
  }
  FixedDual& operator*=(double o) {
    v *= o;
    for (int i = 0; i < n; ++i) d[i] *= o;
    return *this;
  }

  friend FixedDual operator+(const FixedDual& a, const FixedDual& b) {
    FixedDual r;
    r.v = a.v + b.v;
    r.SetDerivs(1.0, a, 1.0, b);
    return r;
  }
  friend FixedDual operator-(const FixedDual& a, const FixedDual& b) {
    FixedDual r;
    r.v = a.v - b.v;
    r.SetDerivs(1.0, a, -1.0, b);
    return r;
  }
  friend FixedDual operator*(const FixedDual& a, const FixedDual& b) {
    FixedDual r;
    r.v = a.v * b.v;
    r.SetDerivs(b.v, a, a.v, b);
    return r;
  }
  friend FixedDual operator/(const FixedDual& a, const FixedDual& b) {
    FixedDual r;
    const double inv = 1.0 / b.v;
    r.v = a.v * inv;
    r.SetDerivs(inv, a, -r.v * inv, b);
    return r;
  }
  friend FixedDual operator-(const FixedDual& a) {
    FixedDual r;
    r.v = -a.v;
    r.SetDerivs(-1.0, a);
    return r;
  }
  friend FixedDual operator+(const FixedDual& a) { return a; }
  friend FixedDual operator+(const FixedDual& a, double b) {
    FixedDual r(a);
    r.v += b;
    return r;
  }
  friend FixedDual operator+(double b, const FixedDual& a) { return a + b; }
  friend FixedDual operator-(const FixedDual& a, double b) {
    FixedDual r(a);
    r.v -= b;
    return r;
  }
  friend FixedDual operator-(double b, const FixedDual& a) {
    FixedDual r;
    r.v = b - a.v;
    r.SetDerivs(-1.0, a);
    return r;
  }
  friend FixedDual operator*(const FixedDual& a, double b) {
    FixedDual r;
    r.v = a.v * b;
    r.SetDerivs(b, a);
    return r;
  }
  friend FixedDual operator*(double b, const FixedDual& a) { return a * b; }
  friend FixedDual operator/(const FixedDual& a, double b) {
    return a * (1.0 / b);
  }
  friend FixedDual operator/(double b, const FixedDual& a) {
    FixedDual r;
    r.v = b / a.v;
    r.SetDerivs(-r.v / a.v, a);
    return r;
  }

#define OSSA_FIXED_DUAL_COMPARE(op)                                          \
  friend bool operator op(const FixedDual& a, const FixedDual& b) {          \
    return a.v op b.v;                                                       \
  }                                                                          \
  friend bool operator op(const FixedDual& a, double b) { return a.v op b; } \
  friend bool operator op(double a, const FixedDual& b) { return a op b.v; }
  OSSA_FIXED_DUAL_COMPARE(<)
  OSSA_FIXED_DUAL_COMPARE(<=)
  OSSA_FIXED_DUAL_COMPARE(>)
  OSSA_FIXED_DUAL_COMPARE(>=)
  OSSA_FIXED_DUAL_COMPARE(==)
  OSSA_FIXED_DUAL_COMPARE(!=)
#undef OSSA_FIXED_DUAL_COMPARE

  // Elementary functions (found by ADL: `using std::sin; sin(x)`).
  friend FixedDual sin(const FixedDual& a) {
    FixedDual r;
    r.v = std::sin(a.v);
    r.SetDerivs(std::cos(a.v), a);
    return r;
  }
  friend FixedDual cos(const FixedDual& a) {
    FixedDual r;
    r.v = std::cos(a.v);
    r.SetDerivs(-std::sin(a.v), a);
    return r;
  }
  friend FixedDual sqrt(const FixedDual& a) {
    FixedDual r;
    r.v = std::sqrt(a.v);
    r.SetDerivs(0.5 / r.v, a);
    return r;
  }
  friend FixedDual abs(const FixedDual& a) { return a.v < 0 ? -a : a; }
  friend FixedDual abs2(const FixedDual& a) { return a * a; }
  friend FixedDual atan2(const FixedDual& y, const FixedDual& x) {
    FixedDual r;
    r.v = std::atan2(y.v, x.v);
    const double inv = 1.0 / (x.v * x.v + y.v * y.v);
    r.SetDerivs(x.v * inv, y, -y.v * inv, x);
    return r;
  }
  friend bool isfinite(const FixedDual& a) { return std::isfinite(a.v); }
  friend bool isnan(const FixedDual& a) { return std::isnan(a.v); }
  friend bool isinf(const FixedDual& a) { return std::isinf(a.v); }
};

/// A read-only view of AutoDiffXd values (a vector or a Context's state
/// segment, without copying the gradients).
using AdVectorRef = Eigen::Ref<const VectorX<AutoDiffXd>>;

/// The capacity of the fast path (derivatives per scalar).
inline constexpr int kDualCapacity = 96;
using DualScalar = FixedDual<kDualCapacity>;

/// Workspace of the fast AutoDiffXd path for one tree (large: one dual per
/// cached scalar). Create once per tree and reuse.
class DualWorkspace {
 public:
  explicit DualWorkspace(const CompiledTree& tree);
  ~DualWorkspace();
  DualWorkspace(const DualWorkspace&) = delete;
  DualWorkspace& operator=(const DualWorkspace&) = delete;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/// Inverse dynamics on AutoDiffXd, from the state: local position and
/// velocity kinematics, then CalcInverseDynamics (see there; no applied
/// forces). Analytical partials when the parameters and g_W carry no
/// derivatives, else FixedDual when every input has at most kDualCapacity
/// derivatives, else the AutoDiffXd kernels with `fallback`. Returns false
/// only if the fallback was taken.
bool CalcInverseDynamicsAutoDiff(
    const CompiledTree& tree, const TreeParameters<AutoDiffXd>& params,
    const AdVectorRef& q, const AdVectorRef& v, const AdVectorRef& vdot,
    const Vector3<AutoDiffXd>& g_W, DualWorkspace* ws,
    TreeWorkspace<AutoDiffXd>* fallback, VectorX<AutoDiffXd>* tau);

/// Forward dynamics on AutoDiffXd from the state, with tau_applied and no
/// applied spatial forces: the values of CalcForwardDynamicsArticulatedBody
/// up to round-off. The fast paths compute v̇ in double (M = Lᵀ·D·L) and its
/// derivatives by the implicit function theorem, dv̇/dx = −M⁻¹·∂(ID − τ)/∂x,
/// with the analytical partials of ID (parameters and g_W without
/// derivatives) or one dual inverse dynamics at the constant v̇; the
/// fallback (too many derivatives) runs the articulated body algorithm on
/// AutoDiffXd, as CalcInverseDynamicsAutoDiff() falls back.
bool CalcForwardDynamicsAutoDiff(
    const CompiledTree& tree, const TreeParameters<AutoDiffXd>& params,
    const AdVectorRef& q, const AdVectorRef& v, const AdVectorRef& tau_applied,
    const Vector3<AutoDiffXd>& g_W, DualWorkspace* ws,
    TreeWorkspace<AutoDiffXd>* fallback, VectorX<AutoDiffXd>* vdot);

/// q̇ = N(q)·v on AutoDiffXd (MapVelocityToQDot<AutoDiffXd> routes here), by
/// the gradients: dq̇ = N·dv + ∂(N·v)/∂q·dq in double, with N and ∂N/∂q from
/// the kind's own N on a dual number over the mobod's coordinates, instead
/// of AutoDiffXd products (each of which allocates a gradient). Inputs with
/// fewer derivatives than the longest are zero-padded. qdot must not alias
/// q or v. Sizes are demanded (MapVelocityToQDot checks them with a clear
/// error first).
void MapVelocityToQDotAutoDiff(const CompiledTree& tree, const AdVectorRef& q,
                               const AdVectorRef& v,
                               Eigen::Ref<VectorX<AutoDiffXd>> qdot);

}  // namespace ossa::multibody::internal

namespace Eigen {
template <int N>
struct NumTraits<ossa::multibody::internal::FixedDual<N>> : NumTraits<double> {
  using Real = ossa::multibody::internal::FixedDual<N>;
  using NonInteger = Real;
  using Nested = Real;
  using Literal = Real;
  enum {
    IsComplex = 0,
    IsInteger = 0,
    IsSigned = 1,
    RequireInitialization = 1,
    ReadCost = 1,
    AddCost = 3,
    MulCost = 3
  };
};
template <int N, typename BinOp>
struct ScalarBinaryOpTraits<ossa::multibody::internal::FixedDual<N>, double,
                            BinOp> {
  using ReturnType = ossa::multibody::internal::FixedDual<N>;
};
template <int N, typename BinOp>
struct ScalarBinaryOpTraits<double, ossa::multibody::internal::FixedDual<N>,
                            BinOp> {
  using ReturnType = ossa::multibody::internal::FixedDual<N>;
};
}  // namespace Eigen
