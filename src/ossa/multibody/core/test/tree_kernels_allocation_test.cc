// Once a TreeWorkspace exists, the double kernels allocate nothing: this
// binary counts every global operator new while the kernels run.

#include <gtest/gtest.h>

#include <random>

#include "ossa/common/test/allocation_counter.h"
#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace tree_kernels_allocation_test {

TEST(TreeKernelsAllocation, NoHeapAllocationPerCall) {
  const test::TestModel m = test::MakeRandomTree(20, 4, 0.1);
  const CompiledTree& tree = m.tree;
  TreeWorkspace<double> ws(tree);
  std::mt19937 gen(1);
  Eigen::VectorXd q, v;
  test::RandomState(tree, &gen, &q, &v);
  const int nv = tree.num_velocities();
  const Eigen::VectorXd tau_app = Eigen::VectorXd::Random(nv);
  const Eigen::VectorXd vdot_in = Eigen::VectorXd::Random(nv);
  std::vector<Vector6<double>> F(tree.num_mobods(), Vector6<double>::Ones());
  std::vector<Vector6<double>> A_WB(tree.num_mobods()),
      F_BMo(tree.num_mobods());
  const std::vector<Vector6<double>> no_forces;
  const Eigen::VectorXd no_tau;
  Eigen::VectorXd tau(nv), vdot(nv), Cv(nv), tau_g(nv);
  Eigen::MatrixXd M(nv, nv), J(6, nv);
  const Eigen::Vector3d g(0, 0, -9.81);

  auto run = [&]() {
    CalcPositionKinematics<double>(tree, m.params, q, &ws);
    CalcVelocityKinematics<double>(tree, m.params, q, v, &ws);
    CalcInverseDynamics<double>(tree, m.params, vdot_in, g, tau_app, F, &ws,
                                tau, &A_WB, &F_BMo);
    CalcMassMatrix<double>(tree, m.params, &ws, M);
    CalcBiasTerm<double>(tree, m.params, &ws, Cv);
    CalcGravityGeneralizedForces<double>(tree, m.params, g, &ws, tau_g);
    CalcForwardDynamicsArticulatedBody<double>(tree, m.params, g, tau_app, F,
                                               &ws, vdot);
    CalcForwardDynamicsCholesky<double>(tree, m.params, g, no_tau, no_forces,
                                        &ws, vdot);
    CalcForwardDynamicsLTDL<double>(tree, m.params, g, tau_app, F, &ws, vdot);
    CalcSpatialAccelerationsFromVdot<double>(tree, m.params, vdot_in, &ws,
                                             &A_WB);
    CalcJacobianSpatialVelocity<double>(tree, ws, 5, Eigen::Vector3d::Ones(),
                                        J);
    CalcBiasSpatialAcceleration<double>(tree, &ws, 5, Eigen::Vector3d::Ones());
  };
  run();  // Warm-up (nothing should be lazily allocated, but be fair).
  const long before = g_allocations.load();
  for (int i = 0; i < 3; ++i) run();
  EXPECT_EQ(g_allocations.load() - before, 0);
  // The counter works: an allocation is seen.
  const long before_vec = g_allocations.load();
  std::vector<double> probe(10);
  EXPECT_GT(g_allocations.load() - before_vec, 0);
  EXPECT_EQ(probe.size(), 10u);
}

}  // namespace tree_kernels_allocation_test
}  // namespace ossa::multibody::internal
