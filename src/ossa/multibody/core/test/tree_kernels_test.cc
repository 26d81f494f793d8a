// The kernels of the compiled core against closed forms (acrobot, pendulum,
// torque-free body) and against each other on random trees with every
// mobilizer kind (identities that must hold for any model and state).

#include "ossa/multibody/core/tree_kernels.h"

#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <random>

#include "ossa/multibody/core/test/kernel_test_models.h"

namespace ossa::multibody::internal {
namespace tree_kernels_test {

using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;
using test::TestModel;

const Vector3d kGravity(0, 0, -9.81);

// Unit inertia about Bo of a body with central inertia I_cm and com p.
Eigen::Matrix3d UnitInertiaAboutBo(double mass, const Eigen::Matrix3d& I_cm,
                                   const Vector3d& p) {
  return I_cm / mass +
         (p.squaredNorm() * Eigen::Matrix3d::Identity() - p * p.transpose());
}

// ---------------------------------------------------------------------------
// Acrobot (Spong): two links in the x-y plane, joints about z, gravity −y.
struct Acrobot {
  double m1 = 1.3, m2 = 0.9, l1 = 1.1, lc1 = 0.55, lc2 = 0.7, Ic1 = 0.083,
         Ic2 = 0.21, g = 9.81;
  CompiledTree tree;
  TreeParameters<double> params;
  Acrobot() {
    tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute);
    tree.AddMobod(MobodIndex(1), MobilizerKind::kRevolute);
    params = TreeParameters<double>(tree);
    auto set = [&](int i, double m, double lc, double Ic) {
      params.mobods[i].mass = m;
      params.mobods[i].p_BoBcm_B = Vector3d(0, -lc, 0);
      params.mobods[i].G_BBo_B = UnitInertiaAboutBo(
          m, Eigen::Vector3d(0.01, 0.02, Ic).asDiagonal(), Vector3d(0, -lc, 0));
    };
    set(1, m1, lc1, Ic1);
    set(2, m2, lc2, Ic2);
    params.mobods[2].X_PF.p = Vector3d(0, -l1, 0);
  }
};

TEST(TreeKernels, AcrobotMatchesSpongClosedForm) {
  Acrobot a;
  TreeWorkspace<double> ws(a.tree);
  const VectorXd q = Eigen::Vector2d(0.7, -1.9), v = Eigen::Vector2d(1.3, -0.4);
  CalcPositionKinematics<double>(a.tree, a.params, q, &ws);
  CalcVelocityKinematics<double>(a.tree, a.params, q, v, &ws);
  MatrixXd M(2, 2);
  CalcMassMatrix<double>(a.tree, a.params, &ws, M);
  const double c2 = std::cos(q[1]), s2 = std::sin(q[1]), s1 = std::sin(q[0]),
               s12 = std::sin(q[0] + q[1]);
  const double I1 = a.Ic1 + a.m1 * a.lc1 * a.lc1,
               I2 = a.Ic2 + a.m2 * a.lc2 * a.lc2;
  MatrixXd M_expected(2, 2);
  M_expected << I1 + I2 + a.m2 * a.l1 * a.l1 + 2 * a.m2 * a.l1 * a.lc2 * c2,
      I2 + a.m2 * a.l1 * a.lc2 * c2, I2 + a.m2 * a.l1 * a.lc2 * c2, I2;
  // O(1) entries computed by short sums of products: round-off ~1e-15.
  EXPECT_TRUE(M.isApprox(M_expected, 1e-13)) << M << "\n" << M_expected;

  VectorXd Cv(2);
  CalcBiasTerm<double>(a.tree, a.params, &ws, Cv);
  const double h = a.m2 * a.l1 * a.lc2 * s2;
  const VectorXd Cv_expected =
      Eigen::Vector2d(-h * (2 * v[0] * v[1] + v[1] * v[1]), h * v[0] * v[0]);
  EXPECT_TRUE(Cv.isApprox(Cv_expected, 1e-13)) << Cv << "\n" << Cv_expected;

  VectorXd tau_g(2);
  CalcGravityGeneralizedForces<double>(a.tree, a.params, Vector3d(0, -a.g, 0),
                                       &ws, tau_g);
  const VectorXd tau_g_expected = Eigen::Vector2d(
      -a.m1 * a.g * a.lc1 * s1 - a.m2 * a.g * (a.l1 * s1 + a.lc2 * s12),
      -a.m2 * a.g * a.lc2 * s12);
  EXPECT_TRUE(tau_g.isApprox(tau_g_expected, 1e-13));
}

TEST(TreeKernels, SinglePendulumForwardDynamics) {
  // Point-like pendulum of length L hanging along −z, joint about x.
  const double m = 2.0, L = 0.8, Icm = 0.01;
  CompiledTree tree;
  MobilizerConstants c;
  c.axis = Vector3d::UnitX();
  tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute, c);
  TreeParameters<double> params(tree);
  params.mobods[1].mass = m;
  params.mobods[1].p_BoBcm_B = Vector3d(0, 0, -L);
  params.mobods[1].G_BBo_B = UnitInertiaAboutBo(
      m, Eigen::Matrix3d::Identity() * Icm, Vector3d(0, 0, -L));
  TreeWorkspace<double> ws(tree);
  const VectorXd q = Vector1<double>(0.6), v = Vector1<double>(-2.0);
  CalcPositionKinematics<double>(tree, params, q, &ws);
  CalcVelocityKinematics<double>(tree, params, q, v, &ws);
  VectorXd vdot(1);
  CalcForwardDynamicsArticulatedBody<double>(tree, params, kGravity, VectorXd(),
                                             {}, &ws, vdot);
  const double expected = -m * 9.81 * L * std::sin(q[0]) / (Icm + m * L * L);
  EXPECT_NEAR(vdot[0], expected, 1e-12);
  // Potential energy −m·g·z of the com.
  EXPECT_NEAR(CalcPotentialEnergy<double>(tree, params, kGravity, ws),
              -m * 9.81 * L * std::cos(q[0]), 1e-12);
}

// Torque-free axisymmetric body: Euler's equations A·ω̇₁ = (A − C)·ω₂ω₃,
// A·ω̇₂ = (C − A)·ω₃ω₁, C·ω̇₃ = 0 in the body frame, and the com (at Bo = Mo)
// does not accelerate.
TEST(TreeKernels, FreeAxisymmetricBodyFollowsEulerEquations) {
  for (MobilizerKind kind :
       {MobilizerKind::kQuaternionFloating, MobilizerKind::kRpyFloating}) {
    const double mass = 3.0, A = 0.4, C = 0.9;
    CompiledTree tree;
    tree.AddMobod(MobodIndex(0), kind);
    TreeParameters<double> params(tree);
    params.mobods[1].mass = mass;
    params.mobods[1].G_BBo_B = Vector3d(A, A, C).asDiagonal();
    params.mobods[1].G_BBo_B /= mass;
    TreeWorkspace<double> ws(tree);
    std::mt19937 gen(3);
    VectorXd q, v;
    test::RandomState(tree, &gen, &q, &v);
    CalcPositionKinematics<double>(tree, params, q, &ws);
    CalcVelocityKinematics<double>(tree, params, q, v, &ws);
    VectorXd vdot(6);
    CalcForwardDynamicsArticulatedBody<double>(tree, params, Vector3d::Zero(),
                                               VectorXd(), {}, &ws, vdot);
    const Eigen::Matrix3d& R_WB = ws.R_WB[1];
    const Vector3d w_B = R_WB.transpose() * v.head<3>();
    const Vector3d wdot_B((A - C) / A * w_B[1] * w_B[2],
                          (C - A) / A * w_B[2] * w_B[0], 0);
    // ω̇_W = R_WB·ω̇_B (the ω × ω term vanishes).
    EXPECT_LT((vdot.head<3>() - R_WB * wdot_B).norm(), 1e-12)
        << MobilizerKindName(kind);
    EXPECT_LT(vdot.tail<3>().norm(), 1e-12);
  }
}

// ---------------------------------------------------------------------------
// Random trees with every kind.
class RandomTreeTest : public ::testing::TestWithParam<unsigned> {
 protected:
  void SetUp() override {
    model_ = test::MakeRandomTree(23, GetParam(), /*reflected=*/0.1);
    std::mt19937 gen(GetParam() + 100);
    test::RandomState(model_.tree, &gen, &q_, &v_);
    nv_ = model_.tree.num_velocities();
    tau_ = VectorXd::Random(nv_);
    F_.assign(model_.tree.num_mobods(), Vector6<double>::Zero());
    for (size_t i = 1; i < F_.size(); ++i) F_[i] = Vector6<double>::Random();
    ws_ = TreeWorkspace<double>(model_.tree);
    Update(q_, v_);
  }
  void Update(const VectorXd& q, const VectorXd& v) {
    CalcPositionKinematics<double>(tree(), params(), q, &ws_);
    CalcVelocityKinematics<double>(tree(), params(), q, v, &ws_);
  }
  const CompiledTree& tree() const { return model_.tree; }
  const TreeParameters<double>& params() const { return model_.params; }
  VectorXd InverseDynamics(const VectorXd& vdot, const Vector3d& g,
                           const VectorXd& tau_app,
                           const std::vector<Vector6<double>>& F) {
    VectorXd tau(nv_);
    CalcInverseDynamics<double>(tree(), params(), vdot, g, tau_app, F, &ws_,
                                tau);
    return tau;
  }
  MatrixXd MassMatrix() {
    MatrixXd M(nv_, nv_);
    CalcMassMatrix<double>(tree(), params(), &ws_, M);
    return M;
  }
  // The full N(q) (nq x nv), column by column.
  MatrixXd NMatrix(const VectorXd& q) {
    MatrixXd N(tree().num_positions(), nv_);
    VectorXd qdot(tree().num_positions());
    for (int k = 0; k < nv_; ++k) {
      MapVelocityToQDot<double>(tree(), q, VectorXd::Unit(nv_, k), qdot);
      N.col(k) = qdot;
    }
    return N;
  }

  TestModel model_;
  TreeWorkspace<double> ws_;
  VectorXd q_, v_, tau_;
  std::vector<Vector6<double>> F_;
  int nv_{};
};

TEST_P(RandomTreeTest, InverseDynamicsOfForwardDynamicsGivesTau) {
  VectorXd vdot_aba(nv_), vdot_chol(nv_), vdot_ltdl(nv_);
  CalcForwardDynamicsArticulatedBody<double>(tree(), params(), kGravity, tau_,
                                             F_, &ws_, vdot_aba);
  CalcForwardDynamicsCholesky<double>(tree(), params(), kGravity, tau_, F_,
                                      &ws_, vdot_chol);
  CalcForwardDynamicsLTDL<double>(tree(), params(), kGravity, tau_, F_, &ws_,
                                  vdot_ltdl);
  // The three solvers agree to the conditioning of M times machine epsilon:
  // M's condition number on these trees is < 1e4, so 1e-10 relative.
  const double scale = 1 + vdot_aba.norm();
  EXPECT_LT((vdot_aba - vdot_chol).norm() / scale, 1e-10);
  EXPECT_LT((vdot_aba - vdot_ltdl).norm() / scale, 1e-10);
  // ID(q, v, FD(q, v, tau)) = tau, relative to the size of the terms.
  const VectorXd tau = InverseDynamics(vdot_aba, kGravity, VectorXd(), F_);
  EXPECT_LT((tau - tau_).norm() / (1 + tau_.norm()), 1e-10)
      << (tau - tau_).transpose();
}

TEST_P(RandomTreeTest, MassMatrixIsInverseDynamicsColumnsAndSpd) {
  const MatrixXd M = MassMatrix();
  Update(q_, VectorXd::Zero(nv_));
  for (int k = 0; k < nv_; ++k) {
    const VectorXd col = InverseDynamics(VectorXd::Unit(nv_, k),
                                         Vector3d::Zero(), VectorXd(), {});
    // O(1) entries from O(n) sums: 1e-12 absolute.
    EXPECT_LT((col - M.col(k)).norm(), 1e-12) << "column " << k;
  }
  EXPECT_TRUE(M.isApprox(M.transpose(), 0));
  Eigen::SelfAdjointEigenSolver<MatrixXd> eig(M);
  EXPECT_GT(eig.eigenvalues().minCoeff(), 0);
  // Entries off common root paths are structurally zero.
  for (int i = 0; i < nv_; ++i) {
    for (int j = 0; j < i; ++j) {
      bool related = false;
      for (int k = tree().dof_parent()[i]; k >= 0; k = tree().dof_parent()[k])
        related |= (k == j);
      if (!related) {
        EXPECT_EQ(M(i, j), 0.0);
      }
    }
  }
}

TEST_P(RandomTreeTest, BiasAndGravityTermsAreInverseDynamics) {
  VectorXd Cv(nv_), tau_g(nv_);
  CalcBiasTerm<double>(tree(), params(), &ws_, Cv);
  CalcGravityGeneralizedForces<double>(tree(), params(), kGravity, &ws_, tau_g);
  // Bias term: by construction ID(v̇ = 0, no gravity); check it against the
  // full ID minus M·v̇ instead, a different combination of kernels.
  const VectorXd vdot = VectorXd::Random(nv_);
  const VectorXd id = InverseDynamics(vdot, kGravity, VectorXd(), {});
  const MatrixXd M = MassMatrix();
  EXPECT_LT((id - (M * vdot + Cv - tau_g)).norm() / (1 + id.norm()), 1e-12);
  // Gravity: −ID(v = 0, v̇ = 0, g).
  Update(q_, VectorXd::Zero(nv_));
  const VectorXd id_static =
      InverseDynamics(VectorXd::Zero(nv_), kGravity, VectorXd(), {});
  EXPECT_LT((id_static + tau_g).norm(), 1e-12 * (1 + tau_g.norm()));
}

TEST_P(RandomTreeTest, AppliedForcesEnterAsJacobianTranspose) {
  // tau(F) − tau(0) = −Σ J_WBᵀ·F_Bo_W.
  const VectorXd vdot = VectorXd::Random(nv_);
  const VectorXd d = InverseDynamics(vdot, kGravity, tau_, F_) -
                     InverseDynamics(vdot, kGravity, VectorXd(), {});
  VectorXd expected = -tau_;
  MatrixXd J(6, nv_);
  for (int b = 1; b < tree().num_mobods(); ++b) {
    CalcJacobianSpatialVelocity<double>(tree(), ws_, b, Vector3d::Zero(), J);
    expected -= J.transpose() * F_[b];
  }
  EXPECT_LT((d - expected).norm(), 1e-12 * (1 + expected.norm()));
}

TEST_P(RandomTreeTest, AccelerationOutputsAgree) {
  const VectorXd vdot = VectorXd::Random(nv_);
  std::vector<Vector6<double>> A_id, A_kin, F_BMo;
  VectorXd tau(nv_);
  CalcInverseDynamics<double>(tree(), params(), vdot, kGravity, VectorXd(), {},
                              &ws_, tau, &A_id, &F_BMo);
  CalcSpatialAccelerationsFromVdot<double>(tree(), params(), vdot, &ws_,
                                           &A_kin);
  for (int b = 1; b < tree().num_mobods(); ++b) {
    EXPECT_LT((A_id[b] - A_kin[b]).norm(), 1e-12) << "mobod " << b;
  }
  // Jacobian form: A_WBp = J·v̇ + J̇·v at a point of each body.
  MatrixXd J(6, nv_);
  for (int b = 1; b < tree().num_mobods(); ++b) {
    const Vector3d p_BoBp_B(0.1, -0.2, 0.3);
    CalcJacobianSpatialVelocity<double>(tree(), ws_, b, p_BoBp_B, J);
    const Vector6<double> bias =
        CalcBiasSpatialAcceleration<double>(tree(), &ws_, b, p_BoBp_B);
    const Vector6<double> V = GetSpatialVelocityInWorld(ws_, b);
    const Vector3d r = ws_.R_WB[b] * p_BoBp_B;
    Vector6<double> A_p = A_kin[b];
    A_p.tail<3>() +=
        A_kin[b].head<3>().cross(r) + V.head<3>().cross(V.head<3>().cross(r));
    EXPECT_LT((J * vdot + bias - A_p).norm(), 1e-11) << "mobod " << b;
  }
}

TEST_P(RandomTreeTest, JacobianMatchesVelocityFiniteDifferencesAndAutoDiff) {
  MatrixXd J(6, nv_);
  const VectorXd qdot = NMatrix(q_) * v_;
  const double h = 1e-6;
  CalcPositionKinematics<double>(tree(), params(), q_ + h * qdot, &ws_);
  const std::vector<Eigen::Matrix3d> Rp = ws_.R_WB;
  const std::vector<Vector3d> pp = ws_.p_WB;
  CalcPositionKinematics<double>(tree(), params(), q_ - h * qdot, &ws_);
  const std::vector<Eigen::Matrix3d> Rm = ws_.R_WB;
  const std::vector<Vector3d> pm = ws_.p_WB;
  Update(q_, v_);

  // AutoDiffXd: ∂p_WBp/∂q · N(q) is the translational Jacobian.
  const CompiledTree& t = tree();
  const TreeParameters<AutoDiffXd> params_ad =
      test::CastParameters<AutoDiffXd>(params());
  TreeWorkspace<AutoDiffXd> ws_ad(t);
  const VectorX<AutoDiffXd> q_ad = InitializeAutoDiff(q_);
  CalcPositionKinematics<AutoDiffXd>(t, params_ad, q_ad, &ws_ad);
  const MatrixXd N = NMatrix(q_);

  const Vector3d p_BoBp_B(0.3, 0.1, -0.2);
  for (int b = 1; b < t.num_mobods(); ++b) {
    CalcJacobianSpatialVelocity<double>(t, ws_, b, p_BoBp_B, J);
    const Vector6<double> JV = J * v_;
    // J·v equals the cached spatial velocity, shifted to Bp.
    Vector6<double> V = GetSpatialVelocityInWorld(ws_, b);
    V.tail<3>() += V.head<3>().cross(ws_.R_WB[b] * p_BoBp_B);
    EXPECT_LT((JV - V).norm(), 1e-12);
    // Central differences with h = 1e-6: truncation ~1e-12, round-off
    // ~1e-16/1e-6 = 1e-10 on O(1) quantities: 1e-8.
    const Eigen::Matrix3d W =
        (Rp[b] - Rm[b]) / (2 * h) * ws_.R_WB[b].transpose();
    const Vector3d w_fd(W(2, 1), W(0, 2), W(1, 0));
    const Vector3d v_fd =
        ((pp[b] + Rp[b] * p_BoBp_B) - (pm[b] + Rm[b] * p_BoBp_B)) / (2 * h);
    EXPECT_LT((w_fd - JV.head<3>()).norm(), 1e-8) << "mobod " << b;
    EXPECT_LT((v_fd - JV.tail<3>()).norm(), 1e-8) << "mobod " << b;
    const Vector3<AutoDiffXd> p_ad =
        ws_ad.p_WB[b] + ws_ad.R_WB[b] * p_BoBp_B.cast<AutoDiffXd>();
    const MatrixXd dp_dq = ExtractGradient(p_ad, t.num_positions());
    // Exact derivatives: agreement to round-off.
    EXPECT_LT((dp_dq * N - J.bottomRows<3>()).norm(), 1e-12) << "mobod " << b;
  }
}

// d/dt(KE + PE + ½·Σ rᵢvᵢ²) = vᵀ·tau_app for a conservative system
// (gravity, no damping, no spatial forces), with the time derivative taken
// by AutoDiffXd along q̇ = N(q)·v, v̇ = FD(q, v, tau_app).
TEST_P(RandomTreeTest, PowerBalance) {
  VectorXd vdot(nv_);
  CalcForwardDynamicsArticulatedBody<double>(tree(), params(), kGravity, tau_,
                                             {}, &ws_, vdot);
  const VectorXd qdot = NMatrix(q_) * v_;
  VectorX<AutoDiffXd> q_ad(q_.size()), v_ad(nv_);
  for (int i = 0; i < q_.size(); ++i)
    q_ad[i] = AutoDiffXd(q_[i], Vector1<double>(qdot[i]));
  for (int i = 0; i < nv_; ++i)
    v_ad[i] = AutoDiffXd(v_[i], Vector1<double>(vdot[i]));
  const TreeParameters<AutoDiffXd> p_ad =
      test::CastParameters<AutoDiffXd>(params());
  TreeWorkspace<AutoDiffXd> ws_ad(tree());
  CalcPositionKinematics<AutoDiffXd>(tree(), p_ad, q_ad, &ws_ad);
  CalcVelocityKinematics<AutoDiffXd>(tree(), p_ad, q_ad, v_ad, &ws_ad);
  AutoDiffXd E = CalcKineticEnergy<AutoDiffXd>(tree(), p_ad, ws_ad) +
                 CalcPotentialEnergy<AutoDiffXd>(
                     tree(), p_ad, kGravity.cast<AutoDiffXd>(), ws_ad);
  for (int i = 0; i < nv_; ++i)
    E += 0.5 * p_ad.reflected_inertia[i].value() * v_ad[i] * v_ad[i];
  const double power = v_.dot(tau_);
  EXPECT_NEAR(E.derivatives()[0], power, 1e-10 * (1 + std::abs(power)));
}

TEST_P(RandomTreeTest, KineticEnergyAndMomentumFromMassMatrix) {
  // Make the root's F the world frame so that the floating root's
  // generalized momentum is the system's momentum about its Mo, in W.
  model_ = test::MakeRandomTree(23, GetParam(), 0.1, /*single_root=*/true);
  ws_ = TreeWorkspace<double>(tree());
  ASSERT_EQ(tree().mobod(1).kind, MobilizerKind::kQuaternionFloating);
  model_.params.mobods[1].X_PF = Pose<double>();
  Update(q_, v_);
  const MatrixXd M = MassMatrix();
  const double ke = CalcKineticEnergy<double>(tree(), params(), ws_);
  const double reflected =
      0.5 * v_.dot(params().reflected_inertia.cwiseProduct(v_));
  EXPECT_NEAR(0.5 * v_.dot(M * v_), ke + reflected, 1e-12 * (1 + ke));
  const Vector6<double> L =
      CalcSpatialMomentumInWorldAboutWo<double>(tree(), params(), ws_);
  const Vector3d p_WMo = ws_.p_WB[1] + ws_.R_WB[1] * params().mobods[1].X_BM.p;
  Vector6<double> L_Mo = L;
  L_Mo.head<3>() -= p_WMo.cross(L.tail<3>());
  // The root's dofs carry no reflected inertia contribution beyond its own
  // diagonal: remove it before comparing.
  const VectorXd p = M * v_ - params().reflected_inertia.cwiseProduct(v_);
  EXPECT_LT((p.head<6>() - L_Mo).norm(), 1e-12 * (1 + L.norm()));
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomTreeTest, ::testing::Values(1u, 2u, 3u));

TEST(TreeKernels, ReactionForceOfStaticBody) {
  // A body held still against gravity by its revolute mobilizer: the
  // reaction F_BMo_W balances gravity, f = −m·g and τ_Mo = −p_MoBcm × m·g.
  std::mt19937 gen(11);
  CompiledTree tree;
  tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute);
  TreeParameters<double> params(tree);
  test::RandomizeBody(&gen, &params.mobods[1]);
  params.mobods[1].X_PF = test::RandomPose(&gen, 0.5);
  params.mobods[1].X_BM = test::RandomPose(&gen, 0.5);
  TreeWorkspace<double> ws(tree);
  const VectorXd q = Vector1<double>(0.4), v = Vector1<double>(0.0);
  CalcPositionKinematics<double>(tree, params, q, &ws);
  CalcVelocityKinematics<double>(tree, params, q, v, &ws);
  std::vector<Vector6<double>> A, F;
  VectorXd tau(1);
  CalcInverseDynamics<double>(tree, params, Vector1<double>(0.0), kGravity,
                              VectorXd(), {}, &ws, tau, &A, &F);
  const MobodParameters<double>& p = params.mobods[1];
  const Vector3d p_MoBcm_W = ws.R_WB[1] * (p.p_BoBcm_B - p.X_BM.p);
  EXPECT_LT((F[1].tail<3>() + p.mass * kGravity).norm(), 1e-12);
  EXPECT_LT((F[1].head<3>() + p_MoBcm_W.cross(p.mass * kGravity)).norm(),
            1e-12);
  EXPECT_LT(A[1].norm(), 1e-12);
}

// The double kernels skip products with identity frame rotations and zero
// offsets; the AutoDiffXd instantiation never does. With half of the frames
// set to identity, both must agree, and the local-only position pass must
// give the same X_PB and H_B as the full one.
TEST(TreeKernels, IdentityFrameShortcutsMatchGeneralPath) {
  test::TestModel m = test::MakeRandomTree(20, 21, 0.1);
  for (int i = 1; i < m.tree.num_mobods(); i += 2) {
    m.params.mobods[i].X_BM = Pose<double>();
    m.params.mobods[i + 1 < m.tree.num_mobods() ? i + 1 : i]
        .X_PF.R.setIdentity();
  }
  std::mt19937 gen(8);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  const int nv = m.tree.num_velocities();
  const VectorXd vdot = VectorXd::Random(nv);
  TreeWorkspace<double> ws(m.tree);
  CalcPositionKinematics<double>(m.tree, m.params, q, &ws);
  const MatrixXd H_full = ws.H_B;
  const std::vector<Eigen::Matrix3d> R_PB_full = ws.R_PB;
  ws.H_B.setZero();
  CalcLocalPositionKinematics<double>(m.tree, m.params, q, &ws);
  EXPECT_EQ(ws.H_B, H_full);
  for (int i = 1; i < m.tree.num_mobods(); ++i)
    EXPECT_EQ(ws.R_PB[i], R_PB_full[i]);
  CalcVelocityKinematics<double>(m.tree, m.params, q, v, &ws);
  VectorXd tau(nv);
  CalcInverseDynamics<double>(m.tree, m.params, vdot, kGravity, VectorXd(), {},
                              &ws, tau);
  const TreeParameters<AutoDiffXd> p_ad =
      test::CastParameters<AutoDiffXd>(m.params);
  TreeWorkspace<AutoDiffXd> ws_ad(m.tree);
  const VectorX<AutoDiffXd> q_ad = q.cast<AutoDiffXd>(),
                            v_ad = v.cast<AutoDiffXd>(),
                            vdot_ad = vdot.cast<AutoDiffXd>();
  CalcPositionKinematics<AutoDiffXd>(m.tree, p_ad, q_ad, &ws_ad);
  CalcVelocityKinematics<AutoDiffXd>(m.tree, p_ad, q_ad, v_ad, &ws_ad);
  VectorX<AutoDiffXd> tau_ad(nv);
  CalcInverseDynamics<AutoDiffXd>(m.tree, p_ad, vdot_ad,
                                  kGravity.cast<AutoDiffXd>(),
                                  VectorX<AutoDiffXd>(), {}, &ws_ad, tau_ad);
  // Same operations up to multiplications by exact ones and zeros.
  EXPECT_LT((ExtractValue(tau_ad) - tau).norm(), 1e-11 * (1 + tau.norm()));
}

TEST(TreeKernels, LtdlFactorizationReproducesMassMatrix) {
  const TestModel m = test::MakeRandomTree(15, 9);
  TreeWorkspace<double> ws(m.tree);
  std::mt19937 gen(5);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  CalcPositionKinematics<double>(m.tree, m.params, q, &ws);
  const int nv = m.tree.num_velocities();
  MatrixXd M(nv, nv);
  CalcMassMatrix<double>(m.tree, m.params, &ws, M);
  MatrixXd LD = M;
  FactorMassMatrixLTDL<double>(m.tree, LD);
  MatrixXd L = MatrixXd::Identity(nv, nv);
  for (int i = 0; i < nv; ++i)
    for (int j = m.tree.dof_parent()[i]; j >= 0; j = m.tree.dof_parent()[j])
      L(i, j) = LD(i, j);
  const MatrixXd LtDL = L.transpose() * LD.diagonal().asDiagonal() * L;
  EXPECT_TRUE(LtDL.isApprox(M, 1e-12));
}

TEST(TreeKernels, TreeWithoutDofs) {
  CompiledTree tree;
  tree.AddMobod(MobodIndex(0), MobilizerKind::kWeld);
  TreeParameters<double> params(tree);
  params.mobods[1].mass = 1;
  TreeWorkspace<double> ws(tree);
  const VectorXd empty;
  CalcPositionKinematics<double>(tree, params, empty, &ws);
  CalcVelocityKinematics<double>(tree, params, empty, empty, &ws);
  VectorXd vdot;
  CalcForwardDynamicsArticulatedBody<double>(tree, params, kGravity, empty, {},
                                             &ws, vdot);
  CalcForwardDynamicsCholesky<double>(tree, params, kGravity, empty, {}, &ws,
                                      vdot);
  EXPECT_EQ(vdot.size(), 0);
}

TEST(TreeKernels, BadInputThrows) {
  const TestModel m = test::MakeRevoluteChain(3);
  TreeWorkspace<double> ws(m.tree);
  const VectorXd q2 = VectorXd::Zero(2);
  try {
    CalcPositionKinematics<double>(m.tree, m.params, q2, &ws);
    ADD_FAILURE() << "no exception";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("CalcPositionKinematics(): q has "
                                         "size 2; expected 3"),
              std::string::npos)
        << e.what();
  }
  const TestModel other = test::MakeRevoluteChain(4);
  TreeWorkspace<double> ws_other(other.tree);
  EXPECT_THROW(CalcPositionKinematics<double>(m.tree, m.params,
                                              VectorXd::Zero(3), &ws_other),
               std::logic_error);
  VectorXd tau(3);
  EXPECT_THROW(
      CalcInverseDynamics<double>(m.tree, m.params, VectorXd::Zero(3), kGravity,
                                  VectorXd::Zero(2), {}, &ws, tau),
      std::logic_error);
  MatrixXd J(6, 2);
  EXPECT_THROW(
      CalcJacobianSpatialVelocity<double>(m.tree, ws, 1, Vector3d::Zero(), J),
      std::logic_error);
  CompiledTree tree;
  EXPECT_THROW(tree.AddMobod(MobodIndex(3), MobilizerKind::kRevolute),
               std::logic_error);
  MobilizerConstants zero_axis;
  zero_axis.axis.setZero();
  try {
    tree.AddMobod(MobodIndex(0), MobilizerKind::kPrismatic, zero_axis);
    ADD_FAILURE() << "no exception";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("prismatic"), std::string::npos);
  }
}

}  // namespace tree_kernels_test
}  // namespace ossa::multibody::internal
