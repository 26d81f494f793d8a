// The analytical inverse-dynamics partials against the AutoDiffXd kernels
// (forward-mode derivatives of the same recursion) on trees with every
// mobilizer kind, reversed kinds, gravity, v̇ ≠ 0 and reflected inertia; and
// against central differences on a floating tree, as an independent check.

#include "ossa/multibody/core/inverse_dynamics_partials.h"

#include <gtest/gtest.h>

#include <random>

#include "ossa/common/autodiff.h"
#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace inverse_dynamics_partials_test {

using Eigen::MatrixXd;
using Eigen::VectorXd;

const Eigen::Vector3d kGravity(0, 0, -9.81);

// τ and the partials from the analytical kernel.
void AnalyticalPartials(const test::TestModel& m, const VectorXd& q,
                        const VectorXd& v, const VectorXd& vdot, MatrixXd* dq,
                        MatrixXd* dv) {
  TreeWorkspace<double> ws(m.tree);
  CalcLocalPositionKinematics<double>(m.tree, m.params, q, &ws);
  CalcVelocityKinematics<double>(m.tree, m.params, q, v, &ws);
  VectorXd tau(m.tree.num_velocities());
  CalcInverseDynamics<double>(m.tree, m.params, vdot, kGravity, VectorXd(), {},
                              &ws, tau);
  InverseDynamicsPartialsWorkspace pws(m.tree);
  dq->resize(m.tree.num_velocities(), m.tree.num_positions());
  dv->resize(m.tree.num_velocities(), m.tree.num_velocities());
  CalcInverseDynamicsPartials(m.tree, m.params, q, v, vdot, ws, &pws, *dq, *dv);
}

// The same partials from the AutoDiffXd kernels with q and v seeded.
void AutoDiffPartials(const test::TestModel& m, const VectorXd& q,
                      const VectorXd& v, const VectorXd& vdot, MatrixXd* dq,
                      MatrixXd* dv) {
  const int nq = q.size(), nv = v.size();
  const TreeParameters<AutoDiffXd> p =
      test::CastParameters<AutoDiffXd>(m.params);
  const VectorX<AutoDiffXd> q_ad = InitializeAutoDiff(q, nq + nv, 0);
  const VectorX<AutoDiffXd> v_ad = InitializeAutoDiff(v, nq + nv, nq);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  CalcLocalPositionKinematics<AutoDiffXd>(m.tree, p, q_ad, &ws);
  CalcVelocityKinematics<AutoDiffXd>(m.tree, p, q_ad, v_ad, &ws);
  VectorX<AutoDiffXd> tau(nv);
  CalcInverseDynamics<AutoDiffXd>(m.tree, p, vdot.cast<AutoDiffXd>(),
                                  kGravity.cast<AutoDiffXd>(),
                                  VectorX<AutoDiffXd>(), {}, &ws, tau);
  const MatrixXd g = ExtractGradient(tau, nq + nv);
  *dq = g.leftCols(nq);
  *dv = g.rightCols(nv);
}

// quaternion_scale ≠ 1: quaternions off the unit sphere, which X_FM
// normalizes (their radial derivative is zero).
void ExpectMatchesAutoDiff(const test::TestModel& m, unsigned seed,
                           double quaternion_scale = 1.0) {
  std::mt19937 gen(seed);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  for (int i = 1; i < m.tree.num_mobods(); ++i) {
    const MobodInfo& b = m.tree.mobod(i);
    if (b.kind == MobilizerKind::kQuaternionFloating ||
        b.kind == MobilizerKind::kReversedQuaternionFloating) {
      q.segment<4>(b.q_start) *= quaternion_scale;
    }
  }
  const VectorXd vdot = VectorXd::Random(m.tree.num_velocities());
  MatrixXd dq, dv, dq_ad, dv_ad;
  AnalyticalPartials(m, q, v, vdot, &dq, &dv);
  AutoDiffPartials(m, q, v, vdot, &dq_ad, &dv_ad);
  ASSERT_GT(dq_ad.norm(), 0);
  ASSERT_GT(dv_ad.norm(), 0);
  EXPECT_LT((dq - dq_ad).norm(), 1e-10 * (1 + dq_ad.norm()))
      << "analytical:\n"
      << dq << "\nautodiff:\n"
      << dq_ad;
  EXPECT_LT((dv - dv_ad).norm(), 1e-10 * (1 + dv_ad.norm()))
      << "analytical:\n"
      << dv << "\nautodiff:\n"
      << dv_ad;
}

TEST(InverseDynamicsPartials, RandomTreesWithEveryKind) {
  // Trees of every kind, with several roots and with reflected inertia.
  for (unsigned seed : {1u, 2u, 3u}) {
    SCOPED_TRACE(seed);
    ExpectMatchesAutoDiff(test::MakeRandomTree(14, seed, 0.3), seed + 10);
  }
  ExpectMatchesAutoDiff(test::MakeRandomTree(20, 4, 0.0, true), 21);
}

TEST(InverseDynamicsPartials, UnnormalizedQuaternions) {
  ExpectMatchesAutoDiff(test::MakeBranchedFloatingTree(), 31, 1.7);
  ExpectMatchesAutoDiff(test::MakeRandomTree(12, 9, 0.1), 33, 0.6);
}

TEST(InverseDynamicsPartials, ReversedKinds) {
  test::TestModel m;
  std::mt19937 gen(5);
  const MobilizerKind kinds[] = {MobilizerKind::kReversedQuaternionFloating,
                                 MobilizerKind::kRevolute,
                                 MobilizerKind::kReversedUniversal,
                                 MobilizerKind::kReversedPlanar,
                                 MobilizerKind::kReversedRpyBall,
                                 MobilizerKind::kReversedRpyFloating,
                                 MobilizerKind::kScrew};
  int parent = 0;
  for (MobilizerKind kind : kinds) {
    MobilizerConstants c;
    c.axis = test::RandomVector(&gen, 1.0).normalized();
    c.screw_pitch = -0.2;
    parent = m.tree.AddMobod(MobodIndex(parent), kind, c);
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i < m.tree.num_mobods(); ++i) {
    test::RandomizeBody(&gen, &m.params.mobods[i]);
    m.params.mobods[i].X_PF = test::RandomPose(&gen, 0.5);
    m.params.mobods[i].X_BM = test::RandomPose(&gen, 0.3);
  }
  ExpectMatchesAutoDiff(m, 6);
  ExpectMatchesAutoDiff(m, 7, 1.4);
}

TEST(InverseDynamicsPartials, BranchedFloatingTreeAgainstCentralDifferences) {
  const test::TestModel m = test::MakeBranchedFloatingTree();
  std::mt19937 gen(8);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  const int nv = m.tree.num_velocities();
  const VectorXd vdot = VectorXd::Random(nv);
  MatrixXd dq, dv;
  AnalyticalPartials(m, q, v, vdot, &dq, &dv);
  auto id = [&](const VectorXd& qq, const VectorXd& vv) {
    TreeWorkspace<double> ws(m.tree);
    CalcLocalPositionKinematics<double>(m.tree, m.params, qq, &ws);
    CalcVelocityKinematics<double>(m.tree, m.params, qq, vv, &ws);
    VectorXd tau(nv);
    CalcInverseDynamics<double>(m.tree, m.params, vdot, kGravity, VectorXd(),
                                {}, &ws, tau);
    return tau;
  };
  const double h = 1e-6;
  for (int c = 0; c < q.size(); ++c) {
    VectorXd qp = q, qm = q;
    qp[c] += h;
    qm[c] -= h;
    const VectorXd fd = (id(qp, v) - id(qm, v)) / (2 * h);
    EXPECT_LT((dq.col(c) - fd).norm(), 1e-6 * (1 + fd.norm())) << "q " << c;
  }
  for (int c = 0; c < nv; ++c) {
    VectorXd vp = v, vm = v;
    vp[c] += h;
    vm[c] -= h;
    const VectorXd fd = (id(q, vp) - id(q, vm)) / (2 * h);
    EXPECT_LT((dv.col(c) - fd).norm(), 1e-6 * (1 + fd.norm())) << "v " << c;
  }
}

TEST(InverseDynamicsPartials, BadSizesThrow) {
  const test::TestModel m = test::MakeRevoluteChain(3);
  TreeWorkspace<double> ws(m.tree);
  InverseDynamicsPartialsWorkspace pws(m.tree);
  const VectorXd x = VectorXd::Zero(3);
  MatrixXd dq(3, 3), dv(3, 2);
  try {
    CalcInverseDynamicsPartials(m.tree, m.params, x, x, x, ws, &pws, dq, dv);
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("dtau_dv 3x2"), std::string::npos)
        << e.what();
  }
  const test::TestModel other = test::MakeRevoluteChain(4);
  InverseDynamicsPartialsWorkspace other_pws(other.tree);
  dv.resize(3, 3);
  EXPECT_THROW(CalcInverseDynamicsPartials(m.tree, m.params, x, x, x, ws,
                                           &other_pws, dq, dv),
               std::logic_error);
}

}  // namespace inverse_dynamics_partials_test
}  // namespace ossa::multibody::internal
