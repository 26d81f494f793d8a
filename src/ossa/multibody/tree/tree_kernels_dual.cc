// The kernels on FixedDual (see tree_kernels_dual.h): only the ones the fast
// AutoDiffXd entry points use are instantiated, implicitly, here.
#include "ossa/multibody/tree/tree_kernels_dual.h"

#include "ossa/multibody/tree/compiled_tree-inl.h"
#include "ossa/multibody/tree/tree_kernels-inl.h"

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
        out(tree.num_velocities()) {}
  TreeWorkspace<DualScalar> ws;
  TreeParameters<DualScalar> params;
  VectorX<DualScalar> q, v, in, out;
  Vector3<DualScalar> g;
};

DualWorkspace::DualWorkspace(const CompiledTree& tree)
    : impl_(std::make_unique<Impl>(tree)) {}
DualWorkspace::~DualWorkspace() = default;

namespace {

// Largest derivative count of the scalars of a vector.
int MaxDerivatives(const VectorX<AutoDiffXd>& x, int nd) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    nd = std::max(nd, static_cast<int>(x[i].derivatives().size()));
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

void ToDual(const AutoDiffXd& x, DualScalar* y) {
  y->v = x.value();
  const auto& d = x.derivatives();
  y->n = static_cast<int>(d.size());
  for (int i = 0; i < y->n; ++i) y->d[i] = d[i];
}
template <typename Derived, typename Out>
void ToDual(const Eigen::MatrixBase<Derived>& x, Out* y) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    ToDual(x.derived().data()[i], y->data() + i);
  }
}
void ToDual(const TreeParameters<AutoDiffXd>& p,
            TreeParameters<DualScalar>* y) {
  for (size_t i = 0; i < p.mobods.size(); ++i) {
    const MobodParameters<AutoDiffXd>& a = p.mobods[i];
    MobodParameters<DualScalar>& b = y->mobods[i];
    ToDual(a.mass, &b.mass);
    ToDual(a.p_BoBcm_B, &b.p_BoBcm_B);
    ToDual(a.G_BBo_B, &b.G_BBo_B);
    ToDual(a.X_PF.R, &b.X_PF.R);
    ToDual(a.X_PF.p, &b.X_PF.p);
    ToDual(a.X_BM.R, &b.X_BM.R);
    ToDual(a.X_BM.p, &b.X_BM.p);
  }
  ToDual(p.damping, &y->damping);
  ToDual(p.reflected_inertia, &y->reflected_inertia);
}

// Every output carries nd derivatives (zeros where it does not depend on an
// input), as the AutoDiffXd kernels' outputs do.
void FromDual(const VectorX<DualScalar>& x, int nd, VectorX<AutoDiffXd>* y) {
  y->resize(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    AutoDiffXd& r = (*y)[i];
    r.value() = x[i].v;
    r.derivatives().setZero(nd);
    for (int k = 0; k < x[i].n; ++k) r.derivatives()[k] = x[i].d[k];
  }
}

// Converts the inputs and runs the local position and velocity kinematics;
// false if some input has more than kDualCapacity derivatives.
bool PrepareDual(const CompiledTree& tree,
                 const TreeParameters<AutoDiffXd>& params,
                 const VectorX<AutoDiffXd>& q, const VectorX<AutoDiffXd>& v,
                 const VectorX<AutoDiffXd>& in, const Vector3<AutoDiffXd>& g_W,
                 DualWorkspace::Impl* w, int* nd) {
  int n = MaxDerivatives(q, 0);
  n = MaxDerivatives(v, n);
  n = MaxDerivatives(in, n);
  n = MaxDerivatives(g_W, n);
  n = MaxDerivatives(params, n);
  *nd = n;
  if (n > kDualCapacity) return false;
  ToDual(params, &w->params);
  ToDual(q, &w->q);
  ToDual(v, &w->v);
  if (in.size() != 0) ToDual(in, &w->in);
  ToDual(g_W, &w->g);
  CalcLocalPositionKinematics<DualScalar>(tree, w->params, w->q, &w->ws);
  CalcVelocityKinematics<DualScalar>(tree, w->params, w->q, w->v, &w->ws);
  return true;
}

void CheckStateSizes(const char* func, const CompiledTree& tree,
                     const VectorX<AutoDiffXd>& q,
                     const VectorX<AutoDiffXd>& v, const char* in_name,
                     const VectorX<AutoDiffXd>& in, bool in_may_be_empty) {
  CheckSize(func, "q", q.size(), tree.num_positions());
  CheckSize(func, "v", v.size(), tree.num_velocities());
  if (!(in_may_be_empty && in.size() == 0)) {
    CheckSize(func, in_name, in.size(), tree.num_velocities());
  }
}

}  // namespace

bool CalcInverseDynamicsAutoDiff(const CompiledTree& tree,
                                 const TreeParameters<AutoDiffXd>& params,
                                 const VectorX<AutoDiffXd>& q,
                                 const VectorX<AutoDiffXd>& v,
                                 const VectorX<AutoDiffXd>& vdot,
                                 const Vector3<AutoDiffXd>& g_W,
                                 DualWorkspace* ws,
                                 TreeWorkspace<AutoDiffXd>* fallback,
                                 VectorX<AutoDiffXd>* tau) {
  constexpr const char* kFunc = "CalcInverseDynamicsAutoDiff";
  if (ws == nullptr || fallback == nullptr || tau == nullptr) {
    ThrowLogicError("{}(): the workspaces and tau must not be null.", kFunc);
  }
  CheckStateSizes(kFunc, tree, q, v, "vdot", vdot, false);
  const std::vector<Vector6<AutoDiffXd>> no_forces;
  DualWorkspace::Impl& w = ws->impl();
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
  FromDual(w.out, nd, tau);
  return true;
}

bool CalcForwardDynamicsAutoDiff(const CompiledTree& tree,
                                 const TreeParameters<AutoDiffXd>& params,
                                 const VectorX<AutoDiffXd>& q,
                                 const VectorX<AutoDiffXd>& v,
                                 const VectorX<AutoDiffXd>& tau_applied,
                                 const Vector3<AutoDiffXd>& g_W,
                                 DualWorkspace* ws,
                                 TreeWorkspace<AutoDiffXd>* fallback,
                                 VectorX<AutoDiffXd>* vdot) {
  constexpr const char* kFunc = "CalcForwardDynamicsAutoDiff";
  if (ws == nullptr || fallback == nullptr || vdot == nullptr) {
    ThrowLogicError("{}(): the workspaces and vdot must not be null.", kFunc);
  }
  CheckStateSizes(kFunc, tree, q, v, "tau_applied", tau_applied, true);
  const std::vector<Vector6<AutoDiffXd>> no_forces;
  DualWorkspace::Impl& w = ws->impl();
  int nd = 0;
  if (!PrepareDual(tree, params, q, v, tau_applied, g_W, &w, &nd)) {
    vdot->resize(tree.num_velocities());
    CalcLocalPositionKinematics<AutoDiffXd>(tree, params, q, fallback);
    CalcVelocityKinematics<AutoDiffXd>(tree, params, q, v, fallback);
    CalcForwardDynamicsArticulatedBody<AutoDiffXd>(
        tree, params, g_W, tau_applied, no_forces, fallback, *vdot);
    return false;
  }
  const std::vector<Vector6<DualScalar>> no_dual_forces;
  const VectorX<DualScalar> no_tau;
  CalcForwardDynamicsArticulatedBody<DualScalar>(
      tree, w.params, w.g, tau_applied.size() != 0 ? w.in : no_tau,
      no_dual_forces, &w.ws, w.out);
  FromDual(w.out, nd, vdot);
  return true;
}

}  // namespace ossa::multibody::internal
