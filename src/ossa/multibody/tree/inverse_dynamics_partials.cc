// Analytical ∂τ/∂q and ∂τ/∂v of the inverse dynamics (see the header for the
// method). Notation as in tree_kernels-inl.h: every per-mobod vector is in
// the body frame B at Bo, accelerations are Plücker, and the recursion is
//   V_B = X_BP·V_P + H_B·v_B,            VJ_B = H_B·v_B,
//   a_B = X_BP·a_P + H_B·v̇_B + c_B,     c_B = V_B ×ₘ VJ_B + bias_B(q_B, v_B),
//   f_B = I_B·a_B + V_B ×* I_B·V_B,      F_B = f_B + Σ_children X_BCᵀ·F_C,
//   τ_B = H_Bᵀ·F_B (+ reflected inertia ⊙ v̇, constant in q and v).
#include "ossa/multibody/tree/inverse_dynamics_partials.h"

#include "ossa/multibody/tree/tree_kernels-inl.h"
#include "ossa/multibody/tree/tree_kernels_dual.h"

namespace ossa::multibody::internal {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Vec6 = Vector6<double>;

// Enough derivatives for one mobod's own q and v (7 + 6 at most).
using LocalDual = FixedDual<13>;

// X_PB, H_B and the across-mobilizer Plücker bias of one mobod from its own
// q and v, computed as PositionStep and CalcVelocityKinematics compute them
// (there with fast paths; here generically, for the derivatives).
template <typename T>
struct LocalTerms {
  Matrix3<T> R_PB;
  Vector3<T> p_PB;
  Eigen::Matrix<T, 6, 6> H;  // The first nv columns are H_B.
  Vector6<T> bias;
};

template <typename T>
void CalcLocalTerms(const MobodInfo& b, const MobodParameters<double>& par,
                    const T* q, const T* v, LocalTerms<T>* out) {
  VisitMobilizerKind(b.kind, [&](auto m) {
    using Math = decltype(m);
    constexpr int nv = Math::kNv;
    Matrix3<T> R_FM;
    Vector3<T> p_FM;
    Math::CalcX_FM(b.constants, q, &R_FM, &p_FM);
    const Matrix3<T> R_BM = par.X_BM.R.cast<T>();
    const Vector3<T> p_BM = par.X_BM.p.cast<T>();
    const Matrix3<T> R_PF = par.X_PF.R.cast<T>();
    const Matrix3<T> R_FB = R_FM * R_BM.transpose();
    const Vector3<T> p_FB = p_FM - R_FB * p_BM;
    out->R_PB = R_PF * R_FB;
    out->p_PB = par.X_PF.p.cast<T>() + R_PF * p_FB;
    out->H.setZero();
    out->bias.setZero();
    if constexpr (nv > 0) {
      Eigen::Matrix<T, 6, nv> H_FM, H_B;
      Math::CalcH_FM(b.constants, q, &H_FM);
      const Matrix3<T> R_BF = R_FB.transpose();
      MobilizerToBodyColumns<T, nv>(R_BF, p_BM, H_FM, H_B);
      out->H.template leftCols<nv>() = H_B;
      if (MobilizerKindHasAcrossBias(b.kind)) {
        Vector6<T> bias = Math::CalcHdotTimesV(b.constants, q, v);
        const Vector6<T> V_FM =
            H_FM * Eigen::Map<const Eigen::Matrix<T, nv, 1>>(v);
        bias.template tail<3>() -= Ang(V_FM).cross(Lin(V_FM));
        Vector6<T> bias_B;
        MobilizerToBodyColumns<T, 1>(R_BF, p_BM, bias, bias_B);
        out->bias = bias_B;
      }
    }
  });
}

double Deriv(const LocalDual& x, int j) { return j < x.n ? x.d[j] : 0.0; }

// The derivatives of one mobod's local terms along each of its nq + nv
// coordinates (q's first), from one evaluation on duals.
struct LocalDerivatives {
  int num_dirs{0};
  Matrix3d dR[13];
  Vector3d dp[13];
  Eigen::Matrix<double, 6, 6> dH[13];
  Vec6 dbias[13];
};

// Revolute, prismatic and screw kinds: the axis â is the same in F and M
// and H_B is constant, so with a_B = R_BM·â, dR_FM/dθ = R_FM·[â]× gives
// dR_PB = R_PB·[a_B]×, and dp_PB = R_PF·dp_FM − dR_PB·p_BM with
// dp_FM = ∂p_FM/∂q (0, â, or lead·â).
void CalcAxialDerivatives(const MobodInfo& b,
                          const MobodParameters<double>& par,
                          const Matrix3d& R_PB, LocalDerivatives* out) {
  const Vector3d& axis = b.constants.axis;
  const Vector3d a_B = par.X_BM.R * axis;
  Vector3d dp_FM = Vector3d::Zero();
  Matrix3d& dR = out->dR[0];
  if (b.kind == MobilizerKind::kPrismatic) {
    dR.setZero();
    dp_FM = axis;
  } else {
    dR = R_PB * mobilizer_math::CrossMatrix<double>(a_B);
    if (b.kind == MobilizerKind::kScrew) {
      dp_FM = ScrewMobilizerMath::lead(b.constants) * axis;
    }
  }
  out->dp[0] = par.X_PF.R * dp_FM - dR * par.X_BM.p;
  out->dH[0].setZero();
  out->dbias[0].setZero();
  out->dbias[1].setZero();  // The v direction.
  out->num_dirs = 2;
}

void CalcLocalDerivatives(const MobodInfo& b,
                          const MobodParameters<double>& par, const double* q,
                          const double* v, const Matrix3d& R_PB,
                          LocalDerivatives* out) {
  if (b.kind == MobilizerKind::kRevolute ||
      b.kind == MobilizerKind::kPrismatic ||
      b.kind == MobilizerKind::kScrew) {
    CalcAxialDerivatives(b, par, R_PB, out);
    return;
  }
  LocalDual qd[7], vd[6];
  for (int j = 0; j < b.nq; ++j) {
    qd[j] = q[j];
    qd[j].n = j + 1;
    for (int k = 0; k < j; ++k) qd[j].d[k] = 0.0;
    qd[j].d[j] = 1.0;
  }
  for (int j = 0; j < b.nv; ++j) {
    const int slot = b.nq + j;
    vd[j] = v[j];
    vd[j].n = slot + 1;
    for (int k = 0; k < slot; ++k) vd[j].d[k] = 0.0;
    vd[j].d[slot] = 1.0;
  }
  LocalTerms<LocalDual> t;
  CalcLocalTerms<LocalDual>(b, par, qd, vd, &t);
  out->num_dirs = b.nq + b.nv;
  for (int j = 0; j < out->num_dirs; ++j) {
    for (int r = 0; r < 3; ++r) {
      out->dp[j][r] = Deriv(t.p_PB[r], j);
      for (int c = 0; c < 3; ++c) out->dR[j](r, c) = Deriv(t.R_PB(r, c), j);
    }
    for (int r = 0; r < 6; ++r) {
      out->dbias[j][r] = Deriv(t.bias[r], j);
      for (int c = 0; c < b.nv; ++c) out->dH[j](r, c) = Deriv(t.H(r, c), j);
    }
  }
}

// d/dX of MotionToChild(R, p, V) along (dR, dp) at constant V:
// [dRᵀ·w; dRᵀ·(v + w × p) + Rᵀ·(w × dp)].
Vec6 MotionToChildDerivative(const Matrix3d& R, const Vector3d& p,
                             const Matrix3d& dR, const Vector3d& dp,
                             const Vec6& V) {
  const Vector3d w = Ang(V);
  Vec6 r;
  r.head<3>().noalias() = dR.transpose() * w;
  const Vector3d u = Lin(V) + w.cross(p);
  r.tail<3>().noalias() = dR.transpose() * u;
  r.tail<3>().noalias() += R.transpose() * w.cross(dp);
  return r;
}

// d/dX of ForceToParent(R, p, F) along (dR, dp) at constant F:
// [dR·t + dp × (R·f) + p × (dR·f); dR·f].
Vec6 ForceToParentDerivative(const Matrix3d& R, const Vector3d& p,
                             const Matrix3d& dR, const Vector3d& dp,
                             const Vec6& F) {
  const Vector3d Rf = R * Lin(F);
  const Vector3d dRf = dR * Lin(F);
  Vec6 r;
  r.head<3>().noalias() = dR * Ang(F);
  r.head<3>() += dp.cross(Rf) + p.cross(dRf);
  r.tail<3>() = dRf;
  return r;
}

// δf = I·δa + δV ×* I·V + V ×* I·δV for mobod i.
Vec6 ForceDerivative(const InverseDynamicsPartialsWorkspace& w,
                     const TreeWorkspace<double>& ws, int i, const Vec6& dV,
                     const Vec6& dA) {
  const RigidInertia<double> I(w.m[i], w.h[i], w.I[i]);
  Vec6 f = I * dA;
  f += CrossForce(dV, w.IV[i]);
  f += CrossForce(ws.V_WB_B[i], I * dV);
  return f;
}

}  // namespace

InverseDynamicsPartialsWorkspace::InverseDynamicsPartialsWorkspace(
    const CompiledTree& tree) {
  const int n = tree.num_mobods();
  descendants.resize(n);
  for (int i = 1; i < n; ++i) {
    for (int a = tree.mobod(i).parent; a > 0; a = tree.mobod(a).parent) {
      descendants[a].push_back(i);
    }
  }
  m.resize(n);
  h.resize(n);
  I.resize(n);
  IV.resize(n);
  dV.resize(n);
  dA.resize(n);
  dF.resize(n);
}

void CalcInverseDynamicsPartials(const CompiledTree& tree,
                                 const TreeParameters<double>& params,
                                 const Eigen::Ref<const Eigen::VectorXd>& q,
                                 const Eigen::Ref<const Eigen::VectorXd>& v,
                                 const Eigen::Ref<const Eigen::VectorXd>& vdot,
                                 const TreeWorkspace<double>& ws,
                                 InverseDynamicsPartialsWorkspace* pws,
                                 Eigen::Ref<Eigen::MatrixXd> dtau_dq,
                                 Eigen::Ref<Eigen::MatrixXd> dtau_dv) {
  constexpr const char* kFunc = "CalcInverseDynamicsPartials";
  CheckWorkspace(kFunc, tree, params, &ws);
  const int n = tree.num_mobods();
  const int nq = tree.num_positions(), nv = tree.num_velocities();
  CheckSize(kFunc, "q", q.size(), nq);
  CheckSize(kFunc, "v", v.size(), nv);
  CheckSize(kFunc, "vdot", vdot.size(), nv);
  if (pws == nullptr ||
      static_cast<int>(pws->descendants.size()) != n) {
    ThrowLogicError("{}(): the partials workspace is null or was made for "
                    "another tree.", kFunc);
  }
  if (dtau_dq.rows() != nv || dtau_dq.cols() != nq || dtau_dv.rows() != nv ||
      dtau_dv.cols() != nv) {
    ThrowLogicError(
        "{}(): dtau_dq is {}x{} and dtau_dv {}x{}; expected {}x{} and {}x{}.",
        kFunc, dtau_dq.rows(), dtau_dq.cols(), dtau_dv.rows(), dtau_dv.cols(),
        nv, nq, nv, nv);
  }
  InverseDynamicsPartialsWorkspace& w = *pws;
  for (int i = 1; i < n; ++i) {
    const MobodParameters<double>& par = params.mobods[i];
    w.m[i] = par.mass;
    w.h[i] = par.mass * par.p_BoBcm_B;
    w.I[i] = par.mass * par.G_BBo_B;
    w.IV[i] = RigidInertia<double>(w.m[i], w.h[i], w.I[i]) * ws.V_WB_B[i];
  }
  SetZeroContiguous<double>(dtau_dq);
  SetZeroContiguous<double>(dtau_dv);

  LocalDerivatives local;
  for (int k = 1; k < n; ++k) {
    const MobodInfo& bk = tree.mobod(k);
    if (bk.nq + bk.nv == 0) continue;
    CalcLocalDerivatives(bk, params.mobods[k], q.data() + bk.q_start,
                         v.data() + bk.v_start, ws.R_PB[k], &local);
    const Matrix3d& R = ws.R_PB[k];
    const Vector3d& p = ws.p_PB[k];
    const Vec6& V_P = ws.V_WB_B[bk.parent];
    const Vec6& a_P = ws.a_B[bk.parent];
    const Vec6& V = ws.V_WB_B[k];
    const Vec6& VJ = ws.V_PB_B[k];
    const auto H = ws.H_B.middleCols(bk.v_start, bk.nv);
    const auto vk = v.segment(bk.v_start, bk.nv);
    const auto vdotk = vdot.segment(bk.v_start, bk.nv);
    for (int j = 0; j < local.num_dirs; ++j) {
      const bool is_q = j < bk.nq;
      // Mobod k's own changes: δV, δ(H·v) and δa before δc.
      Vec6 dV, dVJ, dA;
      if (is_q) {
        const auto dH = local.dH[j].leftCols(bk.nv);
        dVJ.noalias() = dH * vk;
        dV = MotionToChildDerivative(R, p, local.dR[j], local.dp[j], V_P) + dVJ;
        dA = MotionToChildDerivative(R, p, local.dR[j], local.dp[j], a_P);
        dA.noalias() += dH * vdotk;
      } else {
        dVJ = H.col(j - bk.nq);
        dV = dVJ;
        dA.setZero();
      }
      dA += CrossMotion(dV, VJ) + CrossMotion(V, dVJ) + local.dbias[j];
      w.dV[k] = dV;
      w.dA[k] = dA;
      w.dF[k] = ForceDerivative(w, ws, k, dV, dA);
      // k's subtree, base to tip: its transforms and hinges do not change.
      const std::vector<int>& sub = w.descendants[k];
      for (int i : sub) {
        const int P = tree.mobod(i).parent;
        const Vec6 dVi = MotionToChild(ws.R_PB[i], ws.p_PB[i], w.dV[P]);
        const Vec6 dAi = MotionToChild(ws.R_PB[i], ws.p_PB[i], w.dA[P]) +
                         CrossMotion(dVi, ws.V_PB_B[i]);
        w.dV[i] = dVi;
        w.dA[i] = dAi;
        w.dF[i] = ForceDerivative(w, ws, i, dVi, dAi);
      }
      auto col = is_q ? dtau_dq.col(bk.q_start + j)
                      : dtau_dv.col(bk.v_start + j - bk.nq);
      // Tip to base over the subtree, then k, then k's ancestors, which see
      // only the one force k passes up.
      for (auto it = sub.rbegin(); it != sub.rend(); ++it) {
        const int i = *it;
        const MobodInfo& bi = tree.mobod(i);
        col.segment(bi.v_start, bi.nv).noalias() =
            ws.H_B.middleCols(bi.v_start, bi.nv).transpose() * w.dF[i];
        w.dF[bi.parent] += ForceToParent(ws.R_PB[i], ws.p_PB[i], w.dF[i]);
      }
      const Vec6& F = ws.f_B[k];
      auto col_k = col.segment(bk.v_start, bk.nv);
      col_k.noalias() = H.transpose() * w.dF[k];
      Vec6 G = ForceToParent(R, p, w.dF[k]);
      if (is_q) {
        col_k.noalias() += local.dH[j].leftCols(bk.nv).transpose() * F;
        G += ForceToParentDerivative(R, p, local.dR[j], local.dp[j], F);
      }
      for (int a = bk.parent; a > 0; a = tree.mobod(a).parent) {
        const MobodInfo& ba = tree.mobod(a);
        col.segment(ba.v_start, ba.nv).noalias() =
            ws.H_B.middleCols(ba.v_start, ba.nv).transpose() * G;
        if (ba.parent > 0) G = ForceToParent(ws.R_PB[a], ws.p_PB[a], G);
      }
    }
  }
}

}  // namespace ossa::multibody::internal
