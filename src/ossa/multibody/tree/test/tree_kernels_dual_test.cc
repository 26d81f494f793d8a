// The fast AutoDiffXd path (FixedDual kernels) against the AutoDiffXd
// kernels: same values and same gradients on random trees with every
// mobilizer kind, and the fallback when there are too many derivatives.

#include "ossa/multibody/tree/tree_kernels_dual.h"

#include <gtest/gtest.h>

#include <random>

#include "ossa/multibody/tree/test/kernel_test_models.h"

namespace ossa::multibody::internal {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Both paths run the same operations in the same order except that the dual
// one skips products with constant zeros, so they agree to round-off: 1e-10
// relative to the size of the (O(1)-O(100)) values and gradients.
constexpr double kTol = 1e-10;

struct AdState {
  VectorX<AutoDiffXd> q, v, x;  // x: vdot or tau.
};

AdState MakeState(const CompiledTree& tree, unsigned seed, int extra = 0) {
  std::mt19937 gen(seed);
  VectorXd q, v;
  test::RandomState(tree, &gen, &q, &v);
  const int nq = q.size(), nv = v.size(), nd = nq + nv + extra;
  AdState s;
  s.q = InitializeAutoDiff(q, nd, 0);
  s.v = InitializeAutoDiff(v, nd, nq);
  s.x = VectorXd::Random(nv).cast<AutoDiffXd>();
  return s;
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

// extra = 0: derivatives exactly those of [q; v] (the path reorders them
// mobod by mobod internally); extra > 0: unrelated extra derivatives (no
// reordering).
class TreeKernelsDualExtra : public ::testing::TestWithParam<int> {};

TEST_P(TreeKernelsDualExtra, InverseDynamicsMatchesAutoDiffXdKernels) {
  const test::TestModel m = test::MakeRandomTree(12, 3, 0.2);
  const TreeParameters<AutoDiffXd> p = test::CastParameters<AutoDiffXd>(m.params);
  const AdState s = MakeState(m.tree, 11, GetParam());
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

TEST_P(TreeKernelsDualExtra, ForwardDynamicsMatchesAutoDiffXdKernels) {
  const test::TestModel m = test::MakeRandomTree(12, 5, 0.2);
  const TreeParameters<AutoDiffXd> p = test::CastParameters<AutoDiffXd>(m.params);
  const AdState s = MakeState(m.tree, 13, GetParam());
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

INSTANTIATE_TEST_SUITE_P(Extra, TreeKernelsDualExtra, ::testing::Values(0, 2));

TEST(TreeKernelsDual, TooManyDerivativesFallsBack) {
  const test::TestModel m = test::MakeRandomTree(6, 7);
  const TreeParameters<AutoDiffXd> p = test::CastParameters<AutoDiffXd>(m.params);
  const AdState s = MakeState(m.tree, 17, kDualCapacity);
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
  const TreeParameters<AutoDiffXd> p = test::CastParameters<AutoDiffXd>(m.params);
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

}  // namespace
}  // namespace ossa::multibody::internal
