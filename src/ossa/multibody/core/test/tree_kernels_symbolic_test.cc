// The kernels on symbolic::Expression: the mass matrix, the bias term and
// the inverse dynamics built with q, v and v̇ as variables, evaluated at
// random states, equal the double kernels' results; the expressions stay
// the size of the computation (hash-consed DAGs), not the size of the trees
// they stand for.

#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "ossa/common/symbolic/expression.h"
#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;
using test::TestModel;

struct SymbolicDynamics {
  VectorX<Variable> q, v, vdot;
  MatrixX<Expression> M;
  VectorX<Expression> Cv, tau;
};

SymbolicDynamics BuildSymbolicDynamics(const TestModel& m) {
  const CompiledTree& tree = m.tree;
  const TreeParameters<Expression> params =
      test::CastParameters<Expression>(m.params);
  SymbolicDynamics d;
  d.q = symbolic::MakeVectorVariable(tree.num_positions(), "q");
  d.v = symbolic::MakeVectorVariable(tree.num_velocities(), "v");
  d.vdot = symbolic::MakeVectorVariable(tree.num_velocities(), "vdot");
  const VectorX<Expression> q = d.q.cast<Expression>();
  const VectorX<Expression> v = d.v.cast<Expression>();
  const VectorX<Expression> vdot = d.vdot.cast<Expression>();
  const int nv = tree.num_velocities();
  TreeWorkspace<Expression> ws(tree);
  CalcPositionKinematics<Expression>(tree, params, q, &ws);
  CalcVelocityKinematics<Expression>(tree, params, q, v, &ws);
  d.M.resize(nv, nv);
  CalcMassMatrix<Expression>(tree, params, &ws, d.M);
  d.Cv.resize(nv);
  CalcBiasTerm<Expression>(tree, params, &ws, d.Cv);
  d.tau.resize(nv);
  CalcInverseDynamics<Expression>(
      tree, params, vdot, Vector3<Expression>(0.0, 0.0, -9.81),
      VectorX<Expression>(), {}, &ws, d.tau, nullptr, nullptr);
  return d;
}

// Evaluates the symbolic results at random states and compares them with
// the double kernels. Both run the same arithmetic (the symbolic one
// replays it at evaluation, up to reassociated sums and folded constants):
// 1e-12 relative to the entries' size.
void ExpectAgreesWithDouble(const TestModel& m, const SymbolicDynamics& d,
                            int num_states) {
  const CompiledTree& tree = m.tree;
  const int nv = tree.num_velocities();
  std::mt19937 gen(42);
  TreeWorkspace<double> ws(tree);
  for (int k = 0; k < num_states; ++k) {
    Eigen::VectorXd q, v;
    test::RandomState(tree, &gen, &q, &v);
    const Eigen::VectorXd vdot = Eigen::VectorXd::Random(nv);
    Environment env;
    for (int i = 0; i < q.size(); ++i) env.insert(d.q(i), q(i));
    for (int i = 0; i < nv; ++i) {
      env.insert(d.v(i), v(i));
      env.insert(d.vdot(i), vdot(i));
    }
    CalcPositionKinematics<double>(tree, m.params, q, &ws);
    CalcVelocityKinematics<double>(tree, m.params, q, v, &ws);
    Eigen::MatrixXd M(nv, nv);
    CalcMassMatrix<double>(tree, m.params, &ws, M);
    Eigen::VectorXd Cv(nv), tau(nv);
    CalcBiasTerm<double>(tree, m.params, &ws, Cv);
    CalcInverseDynamics<double>(
        tree, m.params, vdot, Eigen::Vector3d(0.0, 0.0, -9.81),
        Eigen::VectorXd(), {}, &ws, tau, nullptr, nullptr);
    const Eigen::MatrixXd M_sym = symbolic::Evaluate(d.M, env);
    const Eigen::VectorXd Cv_sym = symbolic::Evaluate(d.Cv, env);
    const Eigen::VectorXd tau_sym = symbolic::Evaluate(d.tau, env);
    EXPECT_LT((M_sym - M).norm(), 1e-12 * (1 + M.norm())) << "state " << k;
    EXPECT_LT((Cv_sym - Cv).norm(), 1e-12 * (1 + Cv.norm())) << "state " << k;
    EXPECT_LT((tau_sym - tau).norm(), 1e-12 * (1 + tau.norm()))
        << "state " << k;
  }
}

std::size_t SumOfDistinctNodes(const MatrixX<Expression>& m) {
  std::size_t total = 0;
  for (int k = 0; k < m.size(); ++k) total += m(k).GetDistinctNodeCount();
  return total;
}

TEST(TreeKernelsSymbolic, SevenLinkArmAgreesWithDoubleAndStaysSmall) {
  const TestModel m = test::MakeRevoluteChain(7);
  const SymbolicDynamics d = BuildSymbolicDynamics(m);
  ExpectAgreesWithDouble(m, d, 20);
  // The mass matrix's entries are DAGs of the composite-body recursion's
  // operations: a few hundred nodes each, 49 entries under 49·2000.
  const std::size_t M_nodes = SumOfDistinctNodes(d.M);
  const std::size_t tau_nodes = SumOfDistinctNodes(d.tau);
  std::cout << "7-link arm: M(q) " << M_nodes << " nodes summed over entries, "
            << "M(0, 0) as a tree " << d.M(0, 0).GetTreeSize() << "; τ " << tau_nodes
            << " nodes\n";
  EXPECT_LT(M_nodes, 49 * 2000);
  EXPECT_TRUE(d.M(0, 0).GetVariables().IsSubsetOf(
      symbolic::Variables(d.q.data(), d.q.data() + d.q.size())));
}

TEST(TreeKernelsSymbolic, RandomTreeOfEveryKindAgreesWithDouble) {
  const TestModel m = test::MakeRandomTree(10, 3);
  const SymbolicDynamics d = BuildSymbolicDynamics(m);
  ExpectAgreesWithDouble(m, d, 10);
}

TEST(TreeKernelsSymbolic, SymmetricMassMatrixEntriesAreOneExpression) {
  // M is symmetric by construction of the composite-body algorithm: the
  // kernels fill both triangles from one computation.
  const SymbolicDynamics d = BuildSymbolicDynamics(test::MakeRevoluteChain(4));
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < i; ++j) EXPECT_TRUE(d.M(i, j).EqualTo(d.M(j, i)));
  }
}

}  // namespace
}  // namespace ossa::multibody::internal
