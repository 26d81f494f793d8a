// Cost of building and evaluating symbolic expressions (ossa::symbolic):
//  - a polynomial of 200 terms c_i·xⁱ·y^(199−i): build, evaluate, expand;
//  - the pose of the end of a 7-joint chain (alternating z and y rotations
//    with offsets, an arm like the iiwa): build as a product of
//    RigidTransform<Expression>, evaluate the 4x4 matrix (one shared pass),
//    its Jacobian of the position with respect to q;
//  - Expand((x + y + z + 1)⁸);
//  - the mass matrix M(q) of a 7-link revolute arm from the core's kernels
//    on Expression: build, and evaluate all 49 entries in one pass;
//  - the iiwa (models/drake/kuka_iiwa_robot.urdf, welded to the world): its
//    M(q) and inverse dynamics τ(q, v, v̇) (with gravity) built from the
//    plant's compiled tree on Expression, and evaluated at one state
//    (benchmarks/symbolic_iiwa_vs_drake.py compares them with the
//    reference's symbolic plant).
// The same workloads against pydrake.symbolic are timed by
// benchmarks/symbolic_vs_drake.py. Report: ns per iteration; counters give
// the expression sizes (distinct DAG nodes).

#include <benchmark/benchmark.h>

#include "ossa/common/find_resource.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_parameters_cast.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::symbolic {
namespace {

constexpr int kTerms = 200;

Expression BuildPolynomial(const Expression& x, const Expression& y) {
  Expression e;
  for (int i = 0; i < kTerms; ++i) {
    e += (i + 1.0) * pow(x, i) * pow(y, kTerms - 1 - i);
  }
  return e;
}

void BM_PolynomialBuild(benchmark::State& state) {
  const Variable x("x"), y("y");
  for (auto _ : state) {
    Expression e = BuildPolynomial(x, y);
    benchmark::DoNotOptimize(e);
  }
}
BENCHMARK(BM_PolynomialBuild);

void BM_PolynomialEvaluate(benchmark::State& state) {
  const Variable x("x"), y("y");
  const Expression e = BuildPolynomial(x, y);
  const Environment env{{x, 0.9}, {y, 1.01}};
  for (auto _ : state) benchmark::DoNotOptimize(e.Evaluate(env));
  state.counters["nodes"] = e.GetDistinctNodeCount();
}
BENCHMARK(BM_PolynomialEvaluate);

// X_WE(q) of a 7-joint arm: X_{i-1,i} = [Rz or Ry](q_i) with an offset.
Matrix4<Expression> BuildChainPose(const VectorX<Variable>& q) {
  math::RigidTransform<Expression> X;
  for (int i = 0; i < q.size(); ++i) {
    const Expression qi(q(i));
    const auto R = i % 2 == 0
                       ? math::RotationMatrix<Expression>::MakeZRotation(qi)
                       : math::RotationMatrix<Expression>::MakeYRotation(qi);
    X = X * math::RigidTransform<Expression>(
                R, Vector3<Expression>(0.0, 0.01 * i, 0.2 + 0.01 * i));
  }
  return X.GetAsMatrix4();
}

void BM_ChainPoseBuild(benchmark::State& state) {
  const auto q = MakeVectorVariable(7, "q");
  for (auto _ : state) {
    Matrix4<Expression> X = BuildChainPose(q);
    benchmark::DoNotOptimize(X);
  }
}
BENCHMARK(BM_ChainPoseBuild);

void BM_ChainPoseEvaluate(benchmark::State& state) {
  const auto q = MakeVectorVariable(7, "q");
  const Matrix4<Expression> X = BuildChainPose(q);
  Environment env;
  for (int i = 0; i < 7; ++i) env.insert(q(i), 0.1 * (i + 1));
  for (auto _ : state) {
    Eigen::Matrix4d value = Evaluate(X, env);
    benchmark::DoNotOptimize(value);
  }
}
BENCHMARK(BM_ChainPoseEvaluate);

void BM_ChainPositionJacobian(benchmark::State& state) {
  const auto q = MakeVectorVariable(7, "q");
  const Matrix4<Expression> X = BuildChainPose(q);
  const VectorX<Expression> p = X.block<3, 1>(0, 3);
  const std::vector<Variable> vars(q.data(), q.data() + q.size());
  for (auto _ : state) {
    MatrixX<Expression> J = Jacobian(p, vars);
    benchmark::DoNotOptimize(J);
  }
}
BENCHMARK(BM_ChainPositionJacobian);

void BM_ExpandPower(benchmark::State& state) {
  const Variable x("x"), y("y"), z("z");
  const Expression e = pow(Expression(x) + y + z + 1, 8);
  for (auto _ : state) {
    Expression expanded = e.Expand();
    benchmark::DoNotOptimize(expanded);
  }
}
BENCHMARK(BM_ExpandPower);

MatrixX<Expression> BuildArmMassMatrix(
    const multibody::internal::test::TestModel& m, const VectorX<Variable>& q) {
  using namespace multibody::internal;  // NOLINT: the kernels' namespace
  const TreeParameters<Expression> params =
      test::CastParameters<Expression>(m.params);
  TreeWorkspace<Expression> ws(m.tree);
  const VectorX<Expression> qe = q.cast<Expression>();
  CalcPositionKinematics<Expression>(m.tree, params, qe, &ws);
  MatrixX<Expression> M(q.size(), q.size());
  CalcMassMatrix<Expression>(m.tree, params, &ws, M);
  return M;
}

void BM_ArmMassMatrixBuild(benchmark::State& state) {
  const auto m = multibody::internal::test::MakeRevoluteChain(7);
  const auto q = MakeVectorVariable(7, "q");
  for (auto _ : state) {
    MatrixX<Expression> M = BuildArmMassMatrix(m, q);
    benchmark::DoNotOptimize(M);
  }
}
BENCHMARK(BM_ArmMassMatrixBuild);

void BM_ArmMassMatrixEvaluate(benchmark::State& state) {
  const auto m = multibody::internal::test::MakeRevoluteChain(7);
  const auto q = MakeVectorVariable(7, "q");
  const MatrixX<Expression> M = BuildArmMassMatrix(m, q);
  Environment env;
  for (int i = 0; i < 7; ++i) env.insert(q(i), 0.1 * (i + 1));
  for (auto _ : state) {
    Eigen::MatrixXd value = Evaluate(M, env);
    benchmark::DoNotOptimize(value);
  }
  std::size_t nodes = 0;
  for (int k = 0; k < M.size(); ++k) nodes += M(k).GetDistinctNodeCount();
  state.counters["nodes_summed_over_entries"] = nodes;
}
BENCHMARK(BM_ArmMassMatrixEvaluate);

// The iiwa welded to the world, and its symbolic M(q) and τ(q, v, v̇). The
// parameters and the workspace are made once, as the reference's timing
// reuses one Context.
struct SymbolicIiwa {
  static bool Load(multibody::MultibodyPlant<double>* plant) {
    multibody::Parser(plant).AddModels(
        FindResourceOrThrow("drake/kuka_iiwa_robot.urdf"));
    plant->WeldFrames(plant->world_frame(), plant->GetFrameByName("base"));
    plant->Finalize();
    return true;
  }
  const multibody::internal::CompiledTree& tree() const {
    return plant.internal_tree().compiled_tree();
  }
  // Builds M (with_inverse_dynamics false) or τ from the compiled tree.
  void Build(bool with_inverse_dynamics) {
    using namespace multibody::internal;  // NOLINT: the kernels' namespace
    const VectorX<Expression> qe = q.cast<Expression>();
    CalcPositionKinematics<Expression>(tree(), params, qe, &ws);
    if (with_inverse_dynamics) {
      CalcVelocityKinematics<Expression>(tree(), params, qe,
                                         v.cast<Expression>(), &ws);
      tau.resize(7);
      CalcInverseDynamics<Expression>(
          tree(), params, vdot.cast<Expression>(),
          plant.gravity_field().gravity_vector().cast<Expression>(),
          VectorX<Expression>(), {}, &ws, tau, nullptr, nullptr);
    } else {
      M.resize(7, 7);
      CalcMassMatrix<Expression>(tree(), params, &ws, M);
    }
  }
  Environment State() const {
    Environment env;
    for (int i = 0; i < 7; ++i) {
      env.insert(q(i), 0.1 * (i + 1));
      env.insert(v(i), 0.2 - 0.05 * i);
      env.insert(vdot(i), 0.3 * i - 1.0);
    }
    return env;
  }
  multibody::MultibodyPlant<double> plant{0.0};
  bool loaded = Load(&plant);  // before the members that use the model
  multibody::internal::TreeParameters<Expression> params{
      multibody::internal::CastTreeParameters<Expression>(
          plant.internal_tree().default_tree_parameters())};
  multibody::internal::TreeWorkspace<Expression> ws{tree()};
  VectorX<Variable> q = MakeVectorVariable(7, "q");
  VectorX<Variable> v = MakeVectorVariable(7, "v");
  VectorX<Variable> vdot = MakeVectorVariable(7, "vd");
  MatrixX<Expression> M;
  VectorX<Expression> tau;
};

template <typename Matrix>
double DistinctNodesSummed(const Matrix& m) {
  std::size_t nodes = 0;
  for (int k = 0; k < m.size(); ++k) nodes += m(k).GetDistinctNodeCount();
  return static_cast<double>(nodes);
}

void BM_IiwaMassMatrixBuild(benchmark::State& state) {
  SymbolicIiwa iiwa;
  for (auto _ : state) iiwa.Build(false);
  state.counters["nodes_summed_over_entries"] = DistinctNodesSummed(iiwa.M);
}
BENCHMARK(BM_IiwaMassMatrixBuild)->Unit(benchmark::kMicrosecond);

void BM_IiwaInverseDynamicsBuild(benchmark::State& state) {
  SymbolicIiwa iiwa;
  for (auto _ : state) iiwa.Build(true);
  state.counters["nodes_summed_over_entries"] = DistinctNodesSummed(iiwa.tau);
}
BENCHMARK(BM_IiwaInverseDynamicsBuild)->Unit(benchmark::kMicrosecond);

void BM_IiwaMassMatrixEvaluate(benchmark::State& state) {
  SymbolicIiwa iiwa;
  iiwa.Build(false);
  const Environment env = iiwa.State();
  for (auto _ : state) {
    Eigen::MatrixXd value = Evaluate(iiwa.M, env);
    benchmark::DoNotOptimize(value);
  }
}
BENCHMARK(BM_IiwaMassMatrixEvaluate)->Unit(benchmark::kMicrosecond);

void BM_IiwaInverseDynamicsEvaluate(benchmark::State& state) {
  SymbolicIiwa iiwa;
  iiwa.Build(true);
  const Environment env = iiwa.State();
  for (auto _ : state) {
    Eigen::VectorXd value = Evaluate(iiwa.tau, env);
    benchmark::DoNotOptimize(value);
  }
}
BENCHMARK(BM_IiwaInverseDynamicsEvaluate)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ossa::symbolic

BENCHMARK_MAIN();
