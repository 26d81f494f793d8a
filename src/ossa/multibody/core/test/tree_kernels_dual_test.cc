// The fast AutoDiffXd paths against the AutoDiffXd kernels: same values and
// same gradients on random trees with every mobilizer kind, through the
// analytical partials (only the state and v̇ or τ carry derivatives) and
// through the FixedDual kernels (a parameter carries one too), and the
// fallback when there are too many derivatives.

#include "ossa/multibody/core/tree_kernels_dual.h"

#include <gtest/gtest.h>

#include <random>

#include "ossa/multibody/core/test/kernel_test_models.h"

namespace ossa::multibody::internal {
namespace tree_kernels_dual_test {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Both paths run the same operations in the same order except that the dual
// one skips products with constant zeros, so they agree to round-off: 1e-10
// relative to the size of the (O(1)-O(100)) values and gradients.
constexpr double kTol = 1e-10;

struct AdState {
  VectorX<AutoDiffXd> q, v, x;  // x: vdot or tau.
};

// q and v seeded first, then `extra` unrelated derivatives; with `seed_x`,
// x depends on all of them too (a random dense gradient).
AdState MakeState(const CompiledTree& tree, unsigned seed, int extra = 0,
                  bool seed_x = false) {
  std::mt19937 gen(seed);
  VectorXd q, v;
  test::RandomState(tree, &gen, &q, &v);
  const int nq = q.size(), nv = v.size(), nd = nq + nv + extra;
  AdState s;
  s.q = InitializeAutoDiff(q, nd, 0);
  s.v = InitializeAutoDiff(v, nd, nq);
  s.x = VectorXd::Random(nv).cast<AutoDiffXd>();
  if (seed_x) {
    for (int i = 0; i < nv; ++i) s.x[i].derivatives() = VectorXd::Random(nd);
  }
  return s;
}

// Which path the parameters select: kAnalytical (no parameter derivatives)
// or kDual (the mass of mobod 2 depends on the last derivative).
enum class Path { kAnalytical, kDual };

TreeParameters<AutoDiffXd> MakeParameters(const test::TestModel& m, Path path,
                                          int nd) {
  TreeParameters<AutoDiffXd> p = test::CastParameters<AutoDiffXd>(m.params);
  if (path == Path::kDual) {
    p.mobods[2].mass.derivatives() = VectorXd::Unit(nd, nd - 1);
  }
  return p;
}

void ExpectSame(const VectorX<AutoDiffXd>& a, const VectorX<AutoDiffXd>& b) {
  ASSERT_EQ(a.size(), b.size());
  const VectorXd va = ExtractValue(a), vb = ExtractValue(b);
  const MatrixXd ga = ExtractGradient(a), gb = ExtractGradient(b);
  EXPECT_LT((va - vb).norm(), kTol * (1 + vb.norm()));
  ASSERT_EQ(ga.rows(), gb.rows());
  ASSERT_EQ(ga.cols(), gb.cols());
  EXPECT_GT(gb.norm(), 0);  // The comparison is not vacuous.
  EXPECT_LT((ga - gb).norm(), kTol * (1 + gb.norm()));
}

// Cases: the path; extra = 0: derivatives exactly those of [q; v] (the dual
// path reorders them mobod by mobod internally), extra > 0: unrelated extra
// derivatives (no reordering); seed_x: v̇ or τ has derivatives too.
struct Case {
  Path path;
  int extra;
  bool seed_x;
};

class TreeKernelsDualCase : public ::testing::TestWithParam<Case> {};

TEST_P(TreeKernelsDualCase, InverseDynamicsMatchesAutoDiffXdKernels) {
  const Case c = GetParam();
  const test::TestModel m = test::MakeRandomTree(12, 3, 0.2);
  const AdState s = MakeState(m.tree, 11, c.extra, c.seed_x);
  const int nd = s.q[0].derivatives().size();
  const TreeParameters<AutoDiffXd> p = MakeParameters(m, c.path, nd);
  const Vector3<AutoDiffXd> g = Eigen::Vector3d(0, 0, -9.81).cast<AutoDiffXd>();
  DualWorkspace dws(m.tree);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  VectorX<AutoDiffXd> tau_fast;
  EXPECT_TRUE(CalcInverseDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x, g, &dws,
                                          &ws, &tau_fast));
  VectorX<AutoDiffXd> tau(m.tree.num_velocities());
  CalcLocalPositionKinematics<AutoDiffXd>(m.tree, p, s.q, &ws);
  CalcVelocityKinematics<AutoDiffXd>(m.tree, p, s.q, s.v, &ws);
  CalcInverseDynamics<AutoDiffXd>(m.tree, p, s.x, g, VectorX<AutoDiffXd>(), {},
                                  &ws, tau);
  ExpectSame(tau_fast, tau);
  // A second call on the same workspace gives the same result.
  VectorX<AutoDiffXd> again;
  CalcInverseDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x, g, &dws, &ws, &again);
  ExpectSame(again, tau);
}

TEST_P(TreeKernelsDualCase, ForwardDynamicsMatchesAutoDiffXdKernels) {
  const Case c = GetParam();
  const test::TestModel m = test::MakeRandomTree(12, 5, 0.2);
  const AdState s = MakeState(m.tree, 13, c.extra, c.seed_x);
  const int nd = s.q[0].derivatives().size();
  const TreeParameters<AutoDiffXd> p = MakeParameters(m, c.path, nd);
  const Vector3<AutoDiffXd> g = Eigen::Vector3d(0, 0, -9.81).cast<AutoDiffXd>();
  DualWorkspace dws(m.tree);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  VectorX<AutoDiffXd> vdot_fast;
  EXPECT_TRUE(CalcForwardDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x, g, &dws,
                                          &ws, &vdot_fast));
  VectorX<AutoDiffXd> vdot(m.tree.num_velocities());
  CalcLocalPositionKinematics<AutoDiffXd>(m.tree, p, s.q, &ws);
  CalcVelocityKinematics<AutoDiffXd>(m.tree, p, s.q, s.v, &ws);
  CalcForwardDynamicsArticulatedBody<AutoDiffXd>(m.tree, p, g, s.x, {}, &ws,
                                                 vdot);
  ExpectSame(vdot_fast, vdot);
}

INSTANTIATE_TEST_SUITE_P(Paths, TreeKernelsDualCase,
                         ::testing::Values(Case{Path::kAnalytical, 0, false},
                                           Case{Path::kAnalytical, 2, false},
                                           Case{Path::kAnalytical, 2, true},
                                           Case{Path::kDual, 1, false},
                                           Case{Path::kDual, 2, true}));

// Both fast paths on one workspace, alternately, as a plant whose
// parameters gain derivatives between calls would use it.
TEST(TreeKernelsDual, PathsShareOneWorkspace) {
  const test::TestModel m = test::MakeRandomTree(8, 23, 0.1);
  const AdState s = MakeState(m.tree, 29, 1);
  const int nd = s.q[0].derivatives().size();
  const Vector3<AutoDiffXd> g = Eigen::Vector3d(0, 0, -9.81).cast<AutoDiffXd>();
  DualWorkspace dws(m.tree);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  for (Path path : {Path::kDual, Path::kAnalytical, Path::kDual}) {
    const TreeParameters<AutoDiffXd> p = MakeParameters(m, path, nd);
    VectorX<AutoDiffXd> fast, slow(m.tree.num_velocities());
    CalcForwardDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x, g, &dws, &ws, &fast);
    CalcLocalPositionKinematics<AutoDiffXd>(m.tree, p, s.q, &ws);
    CalcVelocityKinematics<AutoDiffXd>(m.tree, p, s.q, s.v, &ws);
    CalcForwardDynamicsArticulatedBody<AutoDiffXd>(m.tree, p, g, s.x, {}, &ws,
                                                   slow);
    ExpectSame(fast, slow);
  }
}

TEST(TreeKernelsDual, TooManyDerivativesFallsBack) {
  const test::TestModel m = test::MakeRandomTree(6, 7);
  const AdState s = MakeState(m.tree, 17, kDualCapacity);
  // A parameter derivative rules out the analytical path.
  const TreeParameters<AutoDiffXd> p =
      MakeParameters(m, Path::kDual, s.q[0].derivatives().size());
  const Vector3<AutoDiffXd> g = Eigen::Vector3d(0, 0, -9.81).cast<AutoDiffXd>();
  DualWorkspace dws(m.tree);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  VectorX<AutoDiffXd> tau_fast;
  EXPECT_FALSE(CalcInverseDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x, g, &dws,
                                           &ws, &tau_fast));
  // The fallback result is the AutoDiffXd kernels' (checked by finite
  // differences elsewhere); here: its gradient has every derivative.
  EXPECT_EQ(ExtractGradient(tau_fast).cols(),
            m.tree.num_positions() + m.tree.num_velocities() + kDualCapacity);
}

TEST(TreeKernelsDual, BadSizesThrow) {
  const test::TestModel m = test::MakeRandomTree(4, 9);
  const TreeParameters<AutoDiffXd> p =
      test::CastParameters<AutoDiffXd>(m.params);
  const AdState s = MakeState(m.tree, 19);
  DualWorkspace dws(m.tree);
  TreeWorkspace<AutoDiffXd> ws(m.tree);
  VectorX<AutoDiffXd> out;
  const VectorX<AutoDiffXd> short_q = s.q.head(1);
  try {
    CalcInverseDynamicsAutoDiff(m.tree, p, short_q, s.v, s.x,
                                Vector3<AutoDiffXd>::Zero(), &dws, &ws, &out);
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("CalcInverseDynamicsAutoDiff"),
              std::string::npos);
    EXPECT_NE(std::string(e.what()).find("q has size 1"), std::string::npos);
  }
  EXPECT_THROW(CalcForwardDynamicsAutoDiff(m.tree, p, s.q, s.v, s.x,
                                           Vector3<AutoDiffXd>::Zero(), &dws,
                                           &ws, nullptr),
               std::logic_error);
}

// q̇ = N(q)·v on AutoDiffXd (the gradient path) against the double kernel:
// values equal, and each derivative column against central differences of
// MapVelocityToQDot<double> along that column's direction (q, v) — on a random
// tree of every forward kind, with gradients of mixed lengths (some
// empty) that the path zero-pads.
TEST(TreeKernelsDual, MapVelocityToQDotGradients) {
  const test::TestModel m = test::MakeRandomTree(20, 21);
  std::mt19937 gen(22);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  const int nq = q.size(), nv = v.size(), nd = 5;
  const MatrixXd Dq = MatrixXd::Random(nq, nd), Dv = MatrixXd::Random(nv, nd);
  VectorX<AutoDiffXd> q_ad(nq), v_ad(nv), qdot_ad(nq);
  MatrixXd Dq_used = Dq, Dv_used = Dv;
  for (int k = 0; k < nq; ++k) {
    // Every fourth q without derivatives, every third with only two.
    if (k % 4 == 0) {
      q_ad[k] = AutoDiffXd(q[k]);
      Dq_used.row(k).setZero();
    } else if (k % 3 == 0) {
      q_ad[k] = AutoDiffXd(q[k], Dq.row(k).head(2).transpose());
      Dq_used.row(k).tail(nd - 2).setZero();
    } else {
      q_ad[k] = AutoDiffXd(q[k], Dq.row(k).transpose());
    }
  }
  for (int k = 0; k < nv; ++k) {
    if (k % 5 == 1) {
      v_ad[k] = AutoDiffXd(v[k]);
      Dv_used.row(k).setZero();
    } else {
      v_ad[k] = AutoDiffXd(v[k], Dv.row(k).transpose());
    }
  }
  MapVelocityToQDot<AutoDiffXd>(m.tree, q_ad, v_ad, qdot_ad);
  VectorXd qdot(nq);
  MapVelocityToQDot<double>(m.tree, q, v, qdot);
  const double h = 1e-6;
  for (int k = 0; k < nq; ++k) {
    // Same arithmetic for the value, up to summation order.
    EXPECT_NEAR(qdot_ad[k].value(), qdot[k], 1e-14 * (1 + std::abs(qdot[k])));
    // Full gradients, or none (zero) where q̇ copies a v without any; the
    // central differences below check the zeros too.
    const int size = qdot_ad[k].derivatives().size();
    EXPECT_TRUE(size == nd || size == 0) << k;
  }
  auto derivative = [&](int k, int j) {
    const VectorXd& d = qdot_ad[k].derivatives();
    return j < d.size() ? d[j] : 0.0;
  };
  for (int j = 0; j < nd; ++j) {
    VectorXd plus(nq), minus(nq);
    MapVelocityToQDot<double>(m.tree, q + h * Dq_used.col(j),
                              v + h * Dv_used.col(j), plus);
    MapVelocityToQDot<double>(m.tree, q - h * Dq_used.col(j),
                              v - h * Dv_used.col(j), minus);
    const VectorXd fd = (plus - minus) / (2 * h);
    for (int k = 0; k < nq; ++k) {
      // N is at most trigonometric in q: central differences err by O(h²).
      EXPECT_NEAR(derivative(k, j), fd[k], 1e-8)
          << "q " << k << ", direction " << j;
    }
  }
}

}  // namespace tree_kernels_dual_test
}  // namespace ossa::multibody::internal
