// Analytical ∂τ/∂q and ∂τ/∂v of the inverse dynamics (see the header for the
// method). Notation as in tree_kernels-inl.h: every per-mobod vector is in
// the body frame B at Bo, accelerations are Plücker, and the recursion is
//   V_B = X_B·V_P + H_B·v_B,             VJ_B = H_B·v_B,
//   a_B = X_B·a_P + H_B·v̇_B + c_B,      c_B = V_B ×ₘ VJ_B + bias_B(q_B, v_B),
//   f_B = I_B·a_B + V_B ×* I_B·V_B,      F_B = f_B + Σ_children X_Cᵀ·F_C,
//   τ_B = H_Bᵀ·F_B (+ reflected inertia ⊙ v̇, constant in q and v),
// with X_B the motion transform from P to B. Below k's mobilizer its
// coordinates change nothing but (δV, δa), which propagate as
//   δV_C = X_C·δV_B,  δa_C = X_C·δa_B − crm(VJ_C)·δV_C,
//   δf_C = I_C·δa_C + K_C·δV_C  (K: see Kmatrix).
// Re-expressed in W at Wo every X becomes the identity, which is why the
// condensed maps Φ, the rows carried up the paths and the seeds live in W;
// only the local derivatives (of X_PB, H_B, the bias) are taken in B.
#include "ossa/multibody/core/inverse_dynamics_partials.h"

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/mass_matrix-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"
#include "ossa/multibody/core/tree_kernels_dual.h"
#include "ossa/multibody/core/velocity_kinematics-inl.h"

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
  const MobilizerKindHooks& hooks = GetMobilizerKindHooks(b.kind);
  if (hooks.axis_rotates) {
    dR = R_PB * mobilizer_math::CrossMatrix<double>(a_B);
  } else {
    dR.setZero();
  }
  if (hooks.axis_translates) {
    dp_FM = AxisTranslationPerUnitV(b.kind, b.constants) * axis;
  }
  out->dp[0] = par.X_PF.R * dp_FM - dR * par.X_BM.p;
  out->dH[0].setZero();
  out->dbias[0].setZero();
  out->dbias[1].setZero();  // The v direction.
  out->num_dirs = 2;
}

// Quaternion floating kind: H_FM = I₆, Ḣ = 0, X_FM(q) = (R(q/|q|), p).
// Along quaternion component c, dR_FM = [ω]×·R_FM with the angular rate in
// F of the normalized quaternion u = (s, r):
//   ω = (2/|q|)·(s·ṙ − ṡ·r + r × ṙ) for (ṡ, ṙ) = e_c
// (the radial part of e_c drops out); along p, dp_FM = e. Then X_PB, H_B and
// the bias [0; R_BF·(−w × v)] follow by the chain rule.
void CalcQuaternionFloatingDerivatives(const MobodParameters<double>& par,
                                       const double* q, const double* v,
                                       const Matrix3d& R_FM,
                                       LocalDerivatives* out) {
  const Eigen::Vector4d z(q[0], q[1], q[2], q[3]);
  const double k = 2.0 / z.norm();
  const double s = z[0] / z.norm();
  const Vector3d r = z.tail<3>() / z.norm();
  const Matrix3d& R_BM = par.X_BM.R;
  const Vector3d& p_BM = par.X_BM.p;
  const Matrix3d R_FB = R_FM * R_BM.transpose();
  const Matrix3d R_BF = R_FB.transpose();
  const Matrix3d pBMx = mobilizer_math::CrossMatrix<double>(p_BM);
  const Vector3d w(v[0], v[1], v[2]), u(v[3], v[4], v[5]);
  const Vector3d b_bot = -w.cross(u);  // Bias in F at Mo (top is zero).
  for (int c = 0; c < 7; ++c) {
    Matrix3d dR_FB = Matrix3d::Zero();
    Vector3d dp_FM = Vector3d::Zero();
    if (c < 4) {
      Vector3d omega;
      if (c == 0) {
        omega = -k * r;
      } else {
        const Vector3d e = Vector3d::Unit(c - 1);
        omega = k * (s * e + r.cross(e));
      }
      dR_FB = mobilizer_math::CrossMatrix<double>(omega) * R_FB;
    } else {
      dp_FM = Vector3d::Unit(c - 4);
    }
    const Matrix3d dR_BF = dR_FB.transpose();
    out->dR[c].noalias() = par.X_PF.R * dR_FB;
    out->dp[c].noalias() = par.X_PF.R * (dp_FM - dR_FB * p_BM);
    Eigen::Matrix<double, 6, 6>& dH = out->dH[c];
    dH.topLeftCorner<3, 3>() = dR_BF;
    dH.topRightCorner<3, 3>().setZero();
    dH.bottomLeftCorner<3, 3>().noalias() = pBMx * dR_BF;
    dH.bottomRightCorner<3, 3>() = dR_BF;
    out->dbias[c].head<3>().setZero();
    out->dbias[c].tail<3>().noalias() = dR_BF * b_bot;
  }
  for (int c = 0; c < 6; ++c) {
    const Vector3d e = Vector3d::Unit(c % 3);
    const Vector3d db = c < 3 ? Vector3d(-e.cross(u)) : Vector3d(-w.cross(e));
    out->dbias[7 + c].head<3>().setZero();
    out->dbias[7 + c].tail<3>().noalias() = R_BF * db;
  }
  out->num_dirs = 13;
}

void CalcLocalDerivatives(const MobodInfo& b,
                          const MobodParameters<double>& par, const double* q,
                          const double* v, const Matrix3d& R_PB,
                          const Matrix3d& R_FM, LocalDerivatives* out) {
  const MobilizerKindHooks& hooks = GetMobilizerKindHooks(b.kind);
  if (hooks.hinge_shape == HingeShape::kAxis) {
    CalcAxialDerivatives(b, par, R_PB, out);
    return;
  }
  if (hooks.quaternion_and_position) {
    CalcQuaternionFloatingDerivatives(par, q, v, R_FM, out);
    return;
  }
  LocalDual qd[7], vd[6];
  for (int j = 0; j < b.nq; ++j) qd[j] = LocalDual::Variable(q[j], j);
  for (int j = 0; j < b.nv; ++j) vd[j] = LocalDual::Variable(v[j], b.nq + j);
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

using Matrix6d = InverseDynamicsPartialsWorkspace::Matrix6d;

// V ×ₘ (·) = [[w]×, 0; [v]×, [w]×].
Matrix6d MotionCrossMatrix(const Vec6& V) {
  Matrix6d C;
  const Matrix3d wx = mobilizer_math::CrossMatrix<double>(Ang(V));
  C.topLeftCorner<3, 3>() = wx;
  C.topRightCorner<3, 3>().setZero();
  C.bottomLeftCorner<3, 3>() = mobilizer_math::CrossMatrix<double>(Lin(V));
  C.bottomRightCorner<3, 3>() = wx;
  return C;
}

// The derivative of the Newton–Euler force f = I·a + V ×* I·V in V:
// δV ↦ δV ×* h + V ×* I·δV with h = I·V, where
// δV ×* h = [−[h_τ]×, −[h_f]×; −[h_f]×, 0]·δV and
// V ×* (·) = [[w]×, [v]×; 0, [w]×].
Matrix6d Kmatrix(const Matrix6d& I, const Vec6& V) {
  const Vec6 h = I * V;
  const Matrix3d tx = mobilizer_math::CrossMatrix<double>(Ang(h));
  const Matrix3d fx = mobilizer_math::CrossMatrix<double>(Lin(h));
  Matrix6d crf;
  const Matrix3d wx = mobilizer_math::CrossMatrix<double>(Ang(V));
  crf.topLeftCorner<3, 3>() = wx;
  crf.topRightCorner<3, 3>() = mobilizer_math::CrossMatrix<double>(Lin(V));
  crf.bottomLeftCorner<3, 3>().setZero();
  crf.bottomRightCorner<3, 3>() = wx;
  Matrix6d K;
  K.noalias() = crf * I;
  K.topLeftCorner<3, 3>() -= tx;
  K.topRightCorner<3, 3>() -= fx;
  K.bottomLeftCorner<3, 3>() -= fx;
  return K;
}

// Motion vector of B (at Bo, in B) in W at Wo: [R·w; R·v + p × R·w].
Vec6 MotionToWorld(const Matrix3d& R_WB, const Vector3d& p_WB, const Vec6& V) {
  Vec6 r;
  r.head<3>().noalias() = R_WB * Ang(V);
  r.tail<3>().noalias() = R_WB * Lin(V);
  r.tail<3>() += p_WB.cross(Vector3d(r.head<3>()));
  return r;
}

}  // namespace

InverseDynamicsPartialsWorkspace::InverseDynamicsPartialsWorkspace(
    const CompiledTree& tree) {
  const int n = tree.num_mobods();
  Phi_V.resize(n);
  Phi_A.resize(n);
  R_WB.resize(n);
  p_WB.resize(n);
  H_W.resize(6, tree.num_velocities());
  VJ_W.resize(n);
  seed_V.resize(n);
  seed_A.resize(n);
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
  if (pws == nullptr || static_cast<int>(pws->Phi_A.size()) != n) {
    ThrowLogicError(
        "{}(): the partials workspace is null or was made for "
        "another tree.",
        kFunc);
  }
  if (dtau_dq.rows() != nv || dtau_dq.cols() != nq || dtau_dv.rows() != nv ||
      dtau_dv.cols() != nv) {
    ThrowLogicError(
        "{}(): dtau_dq is {}x{} and dtau_dv {}x{}; expected {}x{} and {}x{}.",
        kFunc, dtau_dq.rows(), dtau_dq.cols(), dtau_dv.rows(), dtau_dv.cols(),
        nv, nq, nv, nv);
  }
  InverseDynamicsPartialsWorkspace& w = *pws;
  SetZeroContiguous<double>(dtau_dq);
  SetZeroContiguous<double>(dtau_dv);

  // World poses; the hinges, across velocities and Φ in W at Wo, where the
  // transport to a parent is X = 1 up to the velocity-product term:
  // Φ_A = Σ_subtree I_W (the composite inertia) and
  // Φ_V = K_W + Σ_children (Φ_V,C − Φ_A,C·crm(VJ_C)).
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    if (b.parent == 0) {
      w.R_WB[i] = ws.R_PB[i];
      w.p_WB[i] = ws.p_PB[i];
    } else {
      w.R_WB[i].noalias() = w.R_WB[b.parent] * ws.R_PB[i];
      w.p_WB[i] = w.p_WB[b.parent];
      w.p_WB[i].noalias() += w.R_WB[b.parent] * ws.p_PB[i];
    }
    for (int c = 0; c < b.nv; ++c) {
      w.H_W.col(b.v_start + c) =
          MotionToWorld(w.R_WB[i], w.p_WB[i], Vec6(ws.H_B.col(b.v_start + c)));
    }
    w.VJ_W[i] = MotionToWorld(w.R_WB[i], w.p_WB[i], ws.V_PB_B[i]);
    // The body's inertia about Wo in W, as the mass matrix packs it.
    double K[10];
    PackInertiaInWorld<double>(params.mobods[i], w.R_WB[i], w.p_WB[i], K);
    w.Phi_A[i] = UnpackInertia(K).ToMatrix();
    w.Phi_V[i] =
        Kmatrix(w.Phi_A[i], MotionToWorld(w.R_WB[i], w.p_WB[i], ws.V_WB_B[i]));
  }
  for (int i = n - 1; i > 0; --i) {
    const int P = tree.mobod(i).parent;
    if (P == 0) continue;
    w.Phi_A[P] += w.Phi_A[i];
    w.Phi_V[P] += w.Phi_V[i];
    w.Phi_V[P].noalias() -= w.Phi_A[i] * MotionCrossMatrix(w.VJ_W[i]);
  }

  // Each mobod's seeds, its own dH term, and what its ancestors see.
  LocalDerivatives local;
  for (int k = 1; k < n; ++k) {
    const MobodInfo& bk = tree.mobod(k);
    const int m = bk.nq + bk.nv;
    if (m == 0) continue;
    CalcLocalDerivatives(bk, params.mobods[k], q.data() + bk.q_start,
                         v.data() + bk.v_start, ws.R_PB[k], ws.R_FM[k], &local);
    const Matrix3d& R = ws.R_PB[k];
    const Vector3d& p = ws.p_PB[k];
    const Vec6& V_P = ws.V_WB_B[bk.parent];
    const Vec6& a_P = ws.a_B[bk.parent];
    const Vec6& V = ws.V_WB_B[k];
    const Vec6& VJ = ws.V_PB_B[k];
    const Vec6& F = ws.f_B[k];  // Subtree force after the inverse dynamics.
    const auto H = ws.H_B.middleCols(bk.v_start, bk.nv);
    const auto vk = v.segment(bk.v_start, bk.nv);
    const auto vdotk = vdot.segment(bk.v_start, bk.nv);
    w.seed_V[k].resize(6, m);
    w.seed_A[k].resize(6, m);
    for (int j = 0; j < m; ++j) {
      const bool is_q = j < bk.nq;
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
      const Vec6 dV_W = MotionToWorld(w.R_WB[k], w.p_WB[k], dV);
      const Vec6 dA_W = MotionToWorld(w.R_WB[k], w.p_WB[k], dA);
      w.seed_V[k].col(j) = dV_W;
      w.seed_A[k].col(j) = dA_W;
      auto col = is_q ? dtau_dq.col(bk.q_start + j)
                      : dtau_dv.col(bk.v_start + j - bk.nq);
      if (is_q) {
        col.segment(bk.v_start, bk.nv).noalias() +=
            local.dH[j].leftCols(bk.nv).transpose() * F;
      }
      if (bk.parent == 0) continue;
      // The ancestors see k's subtree force change plus, along q, the
      // subtree force moved through k's changed transform: one force in W.
      Vec6 G_W;
      G_W.noalias() = w.Phi_V[k] * dV_W;
      G_W.noalias() += w.Phi_A[k] * dA_W;
      if (is_q) {
        G_W += ForceToParent(
            w.R_WB[bk.parent], w.p_WB[bk.parent],
            ForceToParentDerivative(R, p, local.dR[j], local.dp[j], F));
      }
      for (int a = bk.parent; a > 0; a = tree.mobod(a).parent) {
        const MobodInfo& ba = tree.mobod(a);
        col.segment(ba.v_start, ba.nv).noalias() +=
            w.H_W.middleCols(ba.v_start, ba.nv).transpose() * G_W;
      }
    }
  }

  // Each dof block j: the rows Hⱼᵀ·Φⱼ carried to every ancestor a (itself
  // included), times a's seeds. In W the transport to the parent leaves Ψ_A
  // unchanged and adds to Ψ_V: Ψ_V −= Ψ_A·crm(VJ_a), i.e. each row gains
  // VJ_a ×* ψ_A (crmᵀ = −crf).
  for (int jb = 1; jb < n; ++jb) {
    const MobodInfo& bj = tree.mobod(jb);
    DispatchNv(bj.nv, [&](auto NV) {
      constexpr int kNv = decltype(NV)::value;
      using Rows = Eigen::Matrix<double, kNv, 6,
                                 kNv == 1 ? Eigen::RowMajor : Eigen::ColMajor>;
      const auto Hj = w.H_W.middleCols<kNv>(bj.v_start);
      Rows Psi_V, Psi_A;
      Psi_V.noalias() = Hj.transpose() * w.Phi_V[jb];
      Psi_A.noalias() = Hj.transpose() * w.Phi_A[jb];
      for (int a = jb; a > 0; a = tree.mobod(a).parent) {
        const MobodInfo& ba = tree.mobod(a);
        // Fixed sizes for the common one-dof mobilizers (2 seeds).
        if (ba.nq == 1 && ba.nv == 1) {
          const Eigen::Matrix<double, kNv, 2> block =
              Psi_V * w.seed_V[a].template leftCols<2>() +
              Psi_A * w.seed_A[a].template leftCols<2>();
          dtau_dq.col(ba.q_start).template segment<kNv>(bj.v_start) +=
              block.col(0);
          dtau_dv.col(ba.v_start).template segment<kNv>(bj.v_start) +=
              block.col(1);
        } else if (ba.nq + ba.nv > 0) {
          Eigen::Matrix<double, kNv, Eigen::Dynamic,
                        kNv == 1 ? Eigen::RowMajor : Eigen::ColMajor, kNv, 13>
              block;
          block.noalias() = Psi_V * w.seed_V[a];
          block.noalias() += Psi_A * w.seed_A[a];
          dtau_dq.block(bj.v_start, ba.q_start, kNv, ba.nq) +=
              block.leftCols(ba.nq);
          dtau_dv.block(bj.v_start, ba.v_start, kNv, ba.nv) +=
              block.rightCols(ba.nv);
        }
        if (ba.parent == 0) break;
        for (int r = 0; r < kNv; ++r) {
          Psi_V.row(r) +=
              CrossForce(w.VJ_W[a], Vec6(Psi_A.row(r).transpose())).transpose();
        }
      }
    });
  }
}

}  // namespace ossa::multibody::internal
