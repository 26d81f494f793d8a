// The kernels on FixedDual (see tree_kernels_dual.h): only the ones the fast
// AutoDiffXd entry points use are instantiated, implicitly, here.
#include "ossa/multibody/core/tree_kernels_dual.h"

#include "ossa/multibody/core/compiled_tree-inl.h"
#include "ossa/multibody/core/inverse_dynamics_partials.h"
#include "ossa/multibody/core/tree_kernels-inl.h"

namespace ossa::multibody::internal {

template struct TreeParameters<DualScalar>;
template struct TreeWorkspace<DualScalar>;

struct DualWorkspace::Impl {
  explicit Impl(const CompiledTree& tree)
      : ws(tree),
        params(tree),
        q(tree.num_positions()),
        v(tree.num_velocities()),
        in(tree.num_velocities()),
        out(tree.num_velocities()) {
    // Derivative k of [q; v] goes to slot perm[k]: mobod by mobod, its q's
    // then its v's, so that a quantity depending only on the dofs of the
    // first mobods has a short prefix of non-zero derivatives (the dual's
    // count n), which the arithmetic exploits.
    const int nq = tree.num_positions();
    perm.resize(nq + tree.num_velocities());
    int slot = 0;
    for (int i = 1; i < tree.num_mobods(); ++i) {
      const MobodInfo& b = tree.mobod(i);
      for (int k = 0; k < b.nq; ++k) perm[b.q_start + k] = slot++;
      for (int k = 0; k < b.nv; ++k) perm[nq + b.v_start + k] = slot++;
    }
  }
  std::vector<int> perm;
  // perm when the inputs' derivatives are exactly those of [q; v], else
  // null (the identity).
  const int* active_perm{nullptr};
  TreeWorkspace<DualScalar> ws;
  TreeParameters<DualScalar> params;
  VectorX<DualScalar> q, v, in, out;
  Vector3<DualScalar> g;
  // The values in double (the analytical path, and the dual forward
  // dynamics), the analytical partials ∂ID/∂q, ∂ID/∂v, and the derivative
  // matrix D (nv × number of derivatives) of the result.
  std::unique_ptr<TreeWorkspace<double>> ws_d;
  std::unique_ptr<InverseDynamicsPartialsWorkspace> partials;
  TreeParameters<double> params_d;
  Eigen::VectorXd q_d, v_d, tau_d, vdot_d, id_d;
  Eigen::MatrixXd dtau_dq, dtau_dv, M;
  Eigen::MatrixXd D, Dt;
  VectorX<DualScalar> vdot;
};

DualWorkspace::DualWorkspace(const CompiledTree& tree)
    : impl_(std::make_unique<Impl>(tree)) {}
DualWorkspace::~DualWorkspace() = default;

namespace {

// Largest derivative count of the scalars of a vector.
int MaxDerivatives(const AdVectorRef& x, int nd) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    nd = std::max(nd, static_cast<int>(x.data()[i].derivatives().size()));
  }
  return nd;
}
template <int R, int C>
int MaxDerivatives(const Eigen::Matrix<AutoDiffXd, R, C>& x, int nd) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    nd = std::max(nd, static_cast<int>(x.data()[i].derivatives().size()));
  }
  return nd;
}

int MaxDerivatives(const TreeParameters<AutoDiffXd>& p, int nd) {
  for (const MobodParameters<AutoDiffXd>& m : p.mobods) {
    nd = std::max(nd, static_cast<int>(m.mass.derivatives().size()));
    nd = MaxDerivatives(m.p_BoBcm_B, nd);
    nd = MaxDerivatives(m.G_BBo_B, nd);
    nd = MaxDerivatives(m.X_PF.R, nd);
    nd = MaxDerivatives(m.X_PF.p, nd);
    nd = MaxDerivatives(m.X_BM.R, nd);
    nd = MaxDerivatives(m.X_BM.p, nd);
  }
  nd = MaxDerivatives(p.damping, nd);
  return MaxDerivatives(p.reflected_inertia, nd);
}

// y = x with derivative k in slot perm[k] (perm null: the identity); the
// count n is one past the last non-zero slot.
void ToDual(const AutoDiffXd& x, const int* perm, DualScalar* y) {
  y->v = x.value();
  const auto& d = x.derivatives();
  const int nd = static_cast<int>(d.size());
  if (perm == nullptr) {
    y->n = nd;
    for (int i = 0; i < nd; ++i) y->d[i] = d[i];
    return;
  }
  if (nd == 0) {
    y->n = 0;
    return;
  }
  // Slots no derivative maps to stay zero (x may have fewer derivatives).
  for (int k = 0; k < kDualCapacity; ++k) y->d[k] = 0.0;
  int n = 0;
  for (int k = 0; k < nd; ++k) {
    y->d[perm[k]] = d[k];
    if (d[k] != 0.0) n = std::max(n, perm[k] + 1);
  }
  y->n = n;
}
template <typename Derived, typename Out>
void ToDual(const Eigen::MatrixBase<Derived>& x, const int* perm, Out* y) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    ToDual(x.derived().data()[i], perm, y->data() + i);
  }
}
void ToDual(const TreeParameters<AutoDiffXd>& p, const int* perm,
            TreeParameters<DualScalar>* y) {
  for (size_t i = 0; i < p.mobods.size(); ++i) {
    const MobodParameters<AutoDiffXd>& a = p.mobods[i];
    MobodParameters<DualScalar>& b = y->mobods[i];
    ToDual(a.mass, perm, &b.mass);
    ToDual(a.p_BoBcm_B, perm, &b.p_BoBcm_B);
    ToDual(a.G_BBo_B, perm, &b.G_BBo_B);
    ToDual(a.X_PF.R, perm, &b.X_PF.R);
    ToDual(a.X_PF.p, perm, &b.X_PF.p);
    ToDual(a.X_BM.R, perm, &b.X_BM.R);
    ToDual(a.X_BM.p, perm, &b.X_BM.p);
  }
  ToDual(p.damping, perm, &y->damping);
  ToDual(p.reflected_inertia, perm, &y->reflected_inertia);
}

// Every output carries nd derivatives (zeros where it does not depend on an
// input), as the AutoDiffXd kernels' outputs do.
void FromDual(const VectorX<DualScalar>& x, int nd, const int* perm,
              VectorX<AutoDiffXd>* y) {
  y->resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    AutoDiffXd& r = (*y)[i];
    r.value() = x[i].v;
    r.derivatives().setZero(nd);
    if (perm == nullptr) {
      for (int k = 0; k < x[i].n; ++k) r.derivatives()[k] = x[i].d[k];
    } else {
      for (int k = 0; k < nd; ++k) {
        if (perm[k] < x[i].n) r.derivatives()[k] = x[i].d[perm[k]];
      }
    }
  }
}

// The values (no derivatives) of vectors and parameters of duals or
// AutoDiffXd.
double ValueOf(const DualScalar& x) { return x.v; }
double ValueOf(const AutoDiffXd& x) { return x.value(); }
template <typename Derived>
void VectorValuesOf(const Eigen::MatrixBase<Derived>& x, Eigen::VectorXd* y) {
  y->resize(x.size());
  // data(): a Ref<const> returns its coefficients by value (a copy of each
  // AutoDiffXd gradient); every vector here is contiguous.
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    (*y)[i] = ValueOf(x.derived().data()[i]);
  }
}
template <typename S, int R, int C>
void ValuesOf(const Eigen::Matrix<S, R, C>& x, Eigen::Matrix<double, R, C>* y) {
  for (Eigen::Index i = 0; i < x.size(); ++i) (*y)(i) = ValueOf(x(i));
}
template <typename S>
void ValuesOf(const TreeParameters<S>& p, TreeParameters<double>* y) {
  y->mobods.resize(p.mobods.size());
  for (size_t i = 0; i < p.mobods.size(); ++i) {
    const MobodParameters<S>& a = p.mobods[i];
    MobodParameters<double>& b = y->mobods[i];
    b.mass = ValueOf(a.mass);
    ValuesOf(a.p_BoBcm_B, &b.p_BoBcm_B);
    ValuesOf(a.G_BBo_B, &b.G_BBo_B);
    ValuesOf(a.X_PF.R, &b.X_PF.R);
    ValuesOf(a.X_PF.p, &b.X_PF.p);
    ValuesOf(a.X_BM.R, &b.X_BM.R);
    ValuesOf(a.X_BM.p, &b.X_BM.p);
  }
  VectorValuesOf(p.damping, &y->damping);
  VectorValuesOf(p.reflected_inertia, &y->reflected_inertia);
}

// Converts the inputs and runs the local position and velocity kinematics;
// false if some input has more than kDualCapacity derivatives.
bool PrepareDual(const CompiledTree& tree,
                 const TreeParameters<AutoDiffXd>& params, const AdVectorRef& q,
                 const AdVectorRef& v, const AdVectorRef& in,
                 const Vector3<AutoDiffXd>& g_W, DualWorkspace::Impl* w,
                 int* nd) {
  int n = MaxDerivatives(q, 0);
  n = MaxDerivatives(v, n);
  n = MaxDerivatives(in, n);
  n = MaxDerivatives(g_W, n);
  n = MaxDerivatives(params, n);
  *nd = n;
  if (n > kDualCapacity) return false;
  const int* perm =
      n == static_cast<int>(w->perm.size()) ? w->perm.data() : nullptr;
  w->active_perm = perm;
  ToDual(params, perm, &w->params);
  ToDual(q, perm, &w->q);
  ToDual(v, perm, &w->v);
  if (in.size() != 0) ToDual(in, perm, &w->in);
  ToDual(g_W, perm, &w->g);
  CalcLocalPositionKinematics<DualScalar>(tree, w->params, w->q, &w->ws);
  CalcVelocityKinematics<DualScalar>(tree, w->params, w->q, w->v, &w->ws);
  return true;
}

void CheckStateSizes(const char* func, const CompiledTree& tree,
                     const AdVectorRef& q, const AdVectorRef& v,
                     const char* in_name, const AdVectorRef& in,
                     bool in_may_be_empty) {
  CheckSize(func, "q", q.size(), tree.num_positions());
  CheckSize(func, "v", v.size(), tree.num_velocities());
  if (!(in_may_be_empty && in.size() == 0)) {
    CheckSize(func, in_name, in.size(), tree.num_velocities());
  }
}

// True if some scalar of x has a non-zero derivative.
bool HasDerivatives(const AutoDiffXd& x) {
  const auto& d = x.derivatives();
  for (Eigen::Index k = 0; k < d.size(); ++k) {
    if (d[k] != 0.0) return true;
  }
  return false;
}
template <typename Derived>
bool HasDerivatives(const Eigen::MatrixBase<Derived>& x) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (HasDerivatives(x.derived().data()[i])) return true;
  }
  return false;
}
bool HasDerivatives(const TreeParameters<AutoDiffXd>& p) {
  // Sizes first: parameters made from doubles carry no derivatives at all.
  if (MaxDerivatives(p, 0) == 0) return false;
  for (const MobodParameters<AutoDiffXd>& m : p.mobods) {
    if (HasDerivatives(m.mass) || HasDerivatives(m.p_BoBcm_B) ||
        HasDerivatives(m.G_BBo_B) || HasDerivatives(m.X_PF.R) ||
        HasDerivatives(m.X_PF.p) || HasDerivatives(m.X_BM.R) ||
        HasDerivatives(m.X_BM.p)) {
      return true;
    }
  }
  return HasDerivatives(p.damping) || HasDerivatives(p.reflected_inertia);
}

// D += J·X' where X' (x.size() × nd) holds the derivatives of x: J's
// column r scaled by each non-zero derivative of x[r] (the common seeds are
// one unit entry per scalar).
void AddChainRule(const AdVectorRef& x, const Eigen::MatrixXd& J,
                  Eigen::MatrixXd* D) {
  for (Eigen::Index r = 0; r < x.size(); ++r) {
    const auto& d = x.data()[r].derivatives();
    for (Eigen::Index k = 0; k < d.size(); ++k) {
      if (d[k] != 0.0) D->col(k) += d[k] * J.col(r);
    }
  }
}

// The values of q and v in double, their local position and velocity
// kinematics in w.ws_d, and the partials workspace.
void PrepareValues(const CompiledTree& tree,
                   const TreeParameters<AutoDiffXd>& params,
                   const AdVectorRef& q, const AdVectorRef& v,
                   DualWorkspace::Impl* w) {
  if (w->ws_d == nullptr)
    w->ws_d = std::make_unique<TreeWorkspace<double>>(tree);
  if (w->partials == nullptr) {
    w->partials = std::make_unique<InverseDynamicsPartialsWorkspace>(tree);
  }
  ValuesOf(params, &w->params_d);
  VectorValuesOf(q, &w->q_d);
  VectorValuesOf(v, &w->v_d);
  CalcLocalPositionKinematics<double>(tree, w->params_d, w->q_d, w->ws_d.get());
  CalcVelocityKinematics<double>(tree, w->params_d, w->q_d, w->v_d,
                                 w->ws_d.get());
}

// The analytical partials at the v̇ whose inverse dynamics w.ws_d holds,
// and D = ∂ID/∂q·Q' + ∂ID/∂v·V' (Q', V' the derivatives of q and v) with nd
// columns.
void AnalyticalDerivatives(const CompiledTree& tree, const AdVectorRef& q,
                           const AdVectorRef& v, const Eigen::VectorXd& vdot,
                           int nd, DualWorkspace::Impl* w) {
  const int nq = tree.num_positions(), nv = tree.num_velocities();
  w->dtau_dq.resize(nv, nq);
  w->dtau_dv.resize(nv, nv);
  CalcInverseDynamicsPartials(tree, w->params_d, w->q_d, w->v_d, vdot, *w->ws_d,
                              w->partials.get(), w->dtau_dq, w->dtau_dv);
  w->D.setZero(nv, nd);
  AddChainRule(q, w->dtau_dq, &w->D);
  AddChainRule(v, w->dtau_dv, &w->D);
}

// Solves M·X = B for every column of B at once, B given transposed (one
// right-hand side per row of Bt), with M = Lᵀ·D·L factored in LD: the sparse
// solve of SolveLTDL with whole columns of Bt as its scalars, so its inner
// operations run over all right-hand sides contiguously.
void SolveLTDLForRows(const CompiledTree& tree, const Eigen::MatrixXd& LD,
                      Eigen::MatrixXd* Bt) {
  const std::vector<int>& lambda = tree.dof_parent();
  const int nv = tree.num_velocities();
  for (int i = nv - 1; i >= 0; --i) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) {
      Bt->col(j) -= LD(i, j) * Bt->col(i);
    }
  }
  for (int i = 0; i < nv; ++i) Bt->col(i) /= LD(i, i);
  for (int i = 0; i < nv; ++i) {
    for (int j = lambda[i]; j >= 0; j = lambda[j]) {
      Bt->col(i) -= LD(i, j) * Bt->col(j);
    }
  }
}

// y[i] = value[i] with derivatives D.row(i).
void ToAutoDiff(const Eigen::VectorXd& value, const Eigen::MatrixXd& D,
                VectorX<AutoDiffXd>* y) {
  y->resize(value.size());
  for (Eigen::Index i = 0; i < value.size(); ++i) {
    (*y)[i].value() = value[i];
    (*y)[i].derivatives() = D.row(i).transpose();
  }
}

// Inverse dynamics with the analytical partials, when only q, v and v̇
// carry derivatives: τ in double, then dτ = ∂τ/∂q·Q' + ∂τ/∂v·V' + M·V̇'.
void AnalyticalInverseDynamics(const CompiledTree& tree,
                               const TreeParameters<AutoDiffXd>& params,
                               const AdVectorRef& q, const AdVectorRef& v,
                               const AdVectorRef& vdot,
                               const Vector3<AutoDiffXd>& g_W, int nd,
                               DualWorkspace::Impl* w,
                               VectorX<AutoDiffXd>* tau) {
  const int nv = tree.num_velocities();
  PrepareValues(tree, params, q, v, w);
  VectorValuesOf(vdot, &w->vdot_d);
  const Eigen::Vector3d g(g_W[0].value(), g_W[1].value(), g_W[2].value());
  w->id_d.resize(nv);
  static const std::vector<Vector6<double>> kNoForces;
  CalcInverseDynamics<double>(tree, w->params_d, w->vdot_d, g,
                              Eigen::VectorXd(), kNoForces, w->ws_d.get(),
                              w->id_d);
  AnalyticalDerivatives(tree, q, v, w->vdot_d, nd, w);
  if (HasDerivatives(vdot)) {
    w->M.resize(nv, nv);
    CalcMassMatrix<double>(tree, w->params_d, w->ws_d.get(), w->M);
    AddChainRule(vdot, w->M, &w->D);
  }
  ToAutoDiff(w->id_d, w->D, tau);
}

// Forward dynamics with the analytical partials: v̇ in double (M = Lᵀ·D·L),
// and since v̇ solves ID(q, v, v̇) − τ = 0, dv̇ = −M⁻¹·(∂ID/∂q·Q' +
// ∂ID/∂v·V' − T') by the implicit function theorem (T' the derivatives of
// τ_applied), one sparse solve for all derivatives.
void AnalyticalForwardDynamics(const CompiledTree& tree,
                               const TreeParameters<AutoDiffXd>& params,
                               const AdVectorRef& q, const AdVectorRef& v,
                               const AdVectorRef& tau_applied,
                               const Vector3<AutoDiffXd>& g_W, int nd,
                               DualWorkspace::Impl* w,
                               VectorX<AutoDiffXd>* vdot) {
  const int nv = tree.num_velocities();
  PrepareValues(tree, params, q, v, w);
  const bool has_tau = tau_applied.size() != 0;
  if (has_tau) VectorValuesOf(tau_applied, &w->tau_d);
  const Eigen::Vector3d g(g_W[0].value(), g_W[1].value(), g_W[2].value());
  static const std::vector<Vector6<double>> kNoForces;
  static const Eigen::VectorXd kNoTau;
  TreeWorkspace<double>& wd = *w->ws_d;
  w->vdot_d.resize(nv);
  // Leaves M = Lᵀ·D·L factored in wd.M, for the solves below.
  CalcForwardDynamicsLTDL<double>(tree, w->params_d, g,
                                  has_tau ? w->tau_d : kNoTau, kNoForces, &wd,
                                  w->vdot_d);
  // The partials need the inverse dynamics at the solution in the workspace
  // (its value, ≈ τ_applied, is not used).
  w->id_d.resize(nv);
  CalcInverseDynamics<double>(tree, w->params_d, w->vdot_d, g, kNoTau,
                              kNoForces, &wd, w->id_d);
  AnalyticalDerivatives(tree, q, v, w->vdot_d, nd, w);
  for (Eigen::Index r = 0; r < tau_applied.size(); ++r) {
    const auto& d = tau_applied.data()[r].derivatives();
    for (Eigen::Index k = 0; k < d.size(); ++k) w->D(r, k) -= d[k];
  }
  w->Dt = -w->D.transpose();
  SolveLTDLForRows(tree, wd.M, &w->Dt);
  vdot->resize(nv);
  for (int i = 0; i < nv; ++i) {
    (*vdot)[i].value() = w->vdot_d[i];
    (*vdot)[i].derivatives() = w->Dt.col(i);
  }
}

}  // namespace

bool CalcInverseDynamicsAutoDiff(
    const CompiledTree& tree, const TreeParameters<AutoDiffXd>& params,
    const AdVectorRef& q, const AdVectorRef& v, const AdVectorRef& vdot,
    const Vector3<AutoDiffXd>& g_W, DualWorkspace* ws,
    TreeWorkspace<AutoDiffXd>* fallback, VectorX<AutoDiffXd>* tau) {
  constexpr const char* kFunc = "CalcInverseDynamicsAutoDiff";
  if (ws == nullptr || fallback == nullptr || tau == nullptr) {
    ThrowLogicError("{}(): the workspaces and tau must not be null.", kFunc);
  }
  CheckStateSizes(kFunc, tree, q, v, "vdot", vdot, false);
  DualWorkspace::Impl& w = ws->impl();
  if (!HasDerivatives(params) && !HasDerivatives(g_W)) {
    int nd = MaxDerivatives(q, MaxDerivatives(v, MaxDerivatives(vdot, 0)));
    nd = MaxDerivatives(params, MaxDerivatives(g_W, nd));
    AnalyticalInverseDynamics(tree, params, q, v, vdot, g_W, nd, &w, tau);
    return true;
  }
  const std::vector<Vector6<AutoDiffXd>> no_forces;
  int nd = 0;
  if (!PrepareDual(tree, params, q, v, vdot, g_W, &w, &nd)) {
    tau->resize(tree.num_velocities());
    CalcLocalPositionKinematics<AutoDiffXd>(tree, params, q, fallback);
    CalcVelocityKinematics<AutoDiffXd>(tree, params, q, v, fallback);
    CalcInverseDynamics<AutoDiffXd>(tree, params, vdot, g_W,
                                    VectorX<AutoDiffXd>(), no_forces, fallback,
                                    *tau);
    return false;
  }
  const std::vector<Vector6<DualScalar>> no_dual_forces;
  CalcInverseDynamics<DualScalar>(tree, w.params, w.in, w.g,
                                  VectorX<DualScalar>(), no_dual_forces, &w.ws,
                                  w.out);
  FromDual(w.out, nd, w.active_perm, tau);
  return true;
}

bool CalcForwardDynamicsAutoDiff(
    const CompiledTree& tree, const TreeParameters<AutoDiffXd>& params,
    const AdVectorRef& q, const AdVectorRef& v, const AdVectorRef& tau_applied,
    const Vector3<AutoDiffXd>& g_W, DualWorkspace* ws,
    TreeWorkspace<AutoDiffXd>* fallback, VectorX<AutoDiffXd>* vdot) {
  constexpr const char* kFunc = "CalcForwardDynamicsAutoDiff";
  if (ws == nullptr || fallback == nullptr || vdot == nullptr) {
    ThrowLogicError("{}(): the workspaces and vdot must not be null.", kFunc);
  }
  CheckStateSizes(kFunc, tree, q, v, "tau_applied", tau_applied, true);
  DualWorkspace::Impl& w = ws->impl();
  if (!HasDerivatives(params) && !HasDerivatives(g_W)) {
    int nd =
        MaxDerivatives(q, MaxDerivatives(v, MaxDerivatives(tau_applied, 0)));
    nd = MaxDerivatives(params, MaxDerivatives(g_W, nd));
    AnalyticalForwardDynamics(tree, params, q, v, tau_applied, g_W, nd, &w,
                              vdot);
    return true;
  }
  const std::vector<Vector6<AutoDiffXd>> no_forces;
  int nd = 0;
  if (!PrepareDual(tree, params, q, v, tau_applied, g_W, &w, &nd)) {
    vdot->resize(tree.num_velocities());
    CalcLocalPositionKinematics<AutoDiffXd>(tree, params, q, fallback);
    CalcVelocityKinematics<AutoDiffXd>(tree, params, q, v, fallback);
    CalcForwardDynamicsArticulatedBody<AutoDiffXd>(
        tree, params, g_W, tau_applied, no_forces, fallback, *vdot);
    return false;
  }
  // v̇ solves ID(q, v, v̇) − τ = 0, so its derivatives with respect to
  // every input x are dv̇/dx = −M⁻¹·∂(ID − τ)/∂x at the solution (the
  // implicit function theorem): the values in double
  // (CalcForwardDynamicsLTDL), the partials by one dual inverse dynamics at the
  // constant v̇, then one sparse solve per derivative. This costs about one dual
  // inverse dynamics instead of a dual articulated-body pass (~3 of them).
  const int nv = tree.num_velocities();
  if (w.ws_d == nullptr) w.ws_d = std::make_unique<TreeWorkspace<double>>(tree);
  ValuesOf(w.params, &w.params_d);
  VectorValuesOf(w.q, &w.q_d);
  VectorValuesOf(w.v, &w.v_d);
  const Eigen::Vector3d g_d(w.g[0].v, w.g[1].v, w.g[2].v);
  const bool has_tau = tau_applied.size() != 0;
  if (has_tau) VectorValuesOf(w.in, &w.tau_d);
  TreeWorkspace<double>& wd = *w.ws_d;
  CalcLocalPositionKinematics<double>(tree, w.params_d, w.q_d, &wd);
  CalcVelocityKinematics<double>(tree, w.params_d, w.q_d, w.v_d, &wd);
  static const std::vector<Vector6<double>> kNoForces;
  static const Eigen::VectorXd kNoTau;
  w.vdot_d.resize(nv);
  // Leaves M = Lᵀ·D·L factored in wd.M, for the solves below.
  CalcForwardDynamicsLTDL<double>(tree, w.params_d, g_d,
                                  has_tau ? w.tau_d : kNoTau, kNoForces, &wd,
                                  w.vdot_d);
  // ∂(ID − τ)/∂x at the constant v̇ (its value is the residual, ~0).
  w.vdot.resize(nv);
  for (int i = 0; i < nv; ++i) w.vdot[i] = w.vdot_d[i];
  const std::vector<Vector6<DualScalar>> no_dual_forces;
  const VectorX<DualScalar> no_tau;
  CalcInverseDynamics<DualScalar>(tree, w.params, w.vdot, w.g,
                                  has_tau ? w.in : no_tau, no_dual_forces,
                                  &w.ws, w.out);
  w.D.setZero(nv, nd);
  for (int i = 0; i < nv; ++i) {
    for (int k = 0; k < w.out[i].n; ++k) w.D(i, k) = -w.out[i].d[k];
  }
  for (int k = 0; k < nd; ++k) {
    Eigen::Ref<Eigen::VectorXd> column = w.D.col(k);
    SolveLTDL<double>(tree, wd.M, column);
  }
  for (int i = 0; i < nv; ++i) {
    DualScalar& x = w.out[i];
    x.v = w.vdot_d[i];
    x.n = nd;
    for (int k = 0; k < nd; ++k) x.d[k] = w.D(i, k);
  }
  FromDual(w.out, nd, w.active_perm, vdot);
  return true;
}

void MapVelocityToQDotAutoDiff(const CompiledTree& tree, const AdVectorRef& q,
                               const AdVectorRef& v,
                               Eigen::Ref<VectorX<AutoDiffXd>> qdot) {
  OSSA_DEMAND(q.size() == tree.num_positions() &&
              v.size() == tree.num_velocities() &&
              qdot.size() == tree.num_positions());
  const AutoDiffXd* qa = q.data();
  const AutoDiffXd* va = v.data();
  Eigen::Index nd = 0;
  for (Eigen::Index k = 0; k < q.size(); ++k)
    nd = std::max(nd, qa[k].derivatives().size());
  for (Eigen::Index k = 0; k < v.size(); ++k)
    nd = std::max(nd, va[k].derivatives().size());
  // out += a·x's gradient, zero-padded to nd.
  auto add_scaled = [](double a, const AutoDiffXd& x, Eigen::VectorXd* out) {
    const Eigen::VectorXd& dx = x.derivatives();
    if (a != 0 && dx.size() > 0) out->head(dx.size()) += a * dx;
  };
  for (int i = 1; i < tree.num_mobods(); ++i) {
    const MobodInfo& b = tree.mobod(i);
    VisitMobilizerKind(b.kind, [&](auto m) {
      using Math = decltype(m);
      constexpr int nq = Math::kNq, nv = Math::kNv;
      const AutoDiffXd* qb = qa + b.q_start;
      const AutoDiffXd* vb = va + b.v_start;
      AutoDiffXd* out = qdot.data() + b.q_start;
      if constexpr (Math::kHingeShape == HingeShape::kAxis) {
        out[0] = vb[0];  // N = 1.
      } else if constexpr (nv > 0) {
        using D = FixedDual<nq>;
        D qd[nq];
        for (int k = 0; k < nq; ++k) qd[k] = D::Variable(qb[k].value(), k);
        Eigen::Matrix<D, nq, nv> N;
        Math::CalcN(b.constants, qd, &N);
        for (int r = 0; r < nq; ++r) {
          double value = 0;
          Eigen::VectorXd& der = out[r].derivatives();
          der.setZero(nd);
          // ∂q̇_r/∂q_k = Σ_c ∂N(r, c)/∂q_k·v_c.
          double dq[nq] = {};
          for (int c = 0; c < nv; ++c) {
            const D& n_rc = N(r, c);
            const double v_c = vb[c].value();
            value += n_rc.v * v_c;
            add_scaled(n_rc.v, vb[c], &der);
            for (int k = 0; k < n_rc.n; ++k) dq[k] += n_rc.d[k] * v_c;
          }
          for (int k = 0; k < nq; ++k) add_scaled(dq[k], qb[k], &der);
          out[r].value() = value;
        }
      }
    });
  }
}

}  // namespace ossa::multibody::internal
