// Speed of the compiled multibody kernels (src/ossa/multibody/tree): inverse
// dynamics (RNEA), mass matrix (CRBA), forward dynamics by the articulated
// body algorithm, by dense Cholesky of M and by the sparse tree LTDL
// factorization, on serial revolute chains of 10, 100 and 1000 links and on
// a branched floating-base tree of 30 velocities.
//
// Every timed call starts from q (and v, v̇ or tau): position (local X_PB,
// H_B; world poses are not needed without applied spatial forces) and
// velocity kinematics are included, as in the peers' rnea/crba/aba entry
// points.
// Counters: "per_body" is the time per mobilized body.
//
// Run: build/benchmarks/multibody_kernels_bench --benchmark_repetitions=10
//        --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <random>

#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace {

struct Setup {
  explicit Setup(int model) {
    m = model == 0 ? test::MakeBranchedFloatingTree()
                   : test::MakeRevoluteChain(model);
    ws = TreeWorkspace<double>(m.tree);
    std::mt19937 gen(1);
    test::RandomState(m.tree, &gen, &q, &v);
    const int nv = m.tree.num_velocities();
    std::uniform_real_distribution<double> u(-1, 1);
    a.resize(nv);
    tau.resize(nv);
    for (int i = 0; i < nv; ++i) a[i] = u(gen), tau[i] = u(gen);
    out.resize(nv);
    M.resize(nv, nv);
  }
  int num_bodies() const { return m.tree.num_mobods() - 1; }
  test::TestModel m;
  TreeWorkspace<double> ws;
  Eigen::VectorXd q, v, a, tau, out;
  Eigen::MatrixXd M;
  const Eigen::Vector3d g{0, 0, -9.81};
  const std::vector<Vector6<double>> no_forces;
  const Eigen::VectorXd no_tau;
};

void AddCounters(benchmark::State& state, const Setup& s) {
  state.counters["per_body"] = benchmark::Counter(
      s.num_bodies(), benchmark::Counter::kIsIterationInvariantRate |
                          benchmark::Counter::kInvert);
  state.counters["bodies"] = s.num_bodies();
}

void BM_InverseDynamics(benchmark::State& state) {
  Setup s(state.range(0));
  for (auto _ : state) {
    CalcLocalPositionKinematics<double>(s.m.tree, s.m.params, s.q, &s.ws);
    CalcVelocityKinematics<double>(s.m.tree, s.m.params, s.q, s.v, &s.ws);
    CalcInverseDynamics<double>(s.m.tree, s.m.params, s.a, s.g, s.no_tau,
                                s.no_forces, &s.ws, s.out);
    benchmark::DoNotOptimize(s.out.data());
  }
  AddCounters(state, s);
}

void BM_MassMatrix(benchmark::State& state) {
  Setup s(state.range(0));
  for (auto _ : state) {
    CalcLocalPositionKinematics<double>(s.m.tree, s.m.params, s.q, &s.ws);
    CalcMassMatrix<double>(s.m.tree, s.m.params, &s.ws, s.M);
    benchmark::DoNotOptimize(s.M.data());
  }
  AddCounters(state, s);
}

void BM_ForwardDynamicsABA(benchmark::State& state) {
  Setup s(state.range(0));
  for (auto _ : state) {
    CalcLocalPositionKinematics<double>(s.m.tree, s.m.params, s.q, &s.ws);
    CalcVelocityKinematics<double>(s.m.tree, s.m.params, s.q, s.v, &s.ws);
    CalcForwardDynamicsArticulatedBody<double>(s.m.tree, s.m.params, s.g, s.tau,
                                               s.no_forces, &s.ws, s.out);
    benchmark::DoNotOptimize(s.out.data());
  }
  AddCounters(state, s);
}

void BM_ForwardDynamicsCholesky(benchmark::State& state) {
  Setup s(state.range(0));
  for (auto _ : state) {
    CalcLocalPositionKinematics<double>(s.m.tree, s.m.params, s.q, &s.ws);
    CalcVelocityKinematics<double>(s.m.tree, s.m.params, s.q, s.v, &s.ws);
    CalcForwardDynamicsCholesky<double>(s.m.tree, s.m.params, s.g, s.tau,
                                        s.no_forces, &s.ws, s.out);
    benchmark::DoNotOptimize(s.out.data());
  }
  AddCounters(state, s);
}

void BM_ForwardDynamicsLTDL(benchmark::State& state) {
  Setup s(state.range(0));
  for (auto _ : state) {
    CalcLocalPositionKinematics<double>(s.m.tree, s.m.params, s.q, &s.ws);
    CalcVelocityKinematics<double>(s.m.tree, s.m.params, s.q, s.v, &s.ws);
    CalcForwardDynamicsLTDL<double>(s.m.tree, s.m.params, s.g, s.tau,
                                    s.no_forces, &s.ws, s.out);
    benchmark::DoNotOptimize(s.out.data());
  }
  AddCounters(state, s);
}

// Argument: number of chain links, or 0 for the branched floating tree.
#define OSSA_KERNEL_BENCH(fn)          \
  BENCHMARK(fn)                        \
      ->ArgName("links_or_0_for_tree") \
      ->Arg(0)                         \
      ->Arg(10)                        \
      ->Arg(100)                       \
      ->Arg(1000)

OSSA_KERNEL_BENCH(BM_InverseDynamics);
OSSA_KERNEL_BENCH(BM_MassMatrix);
OSSA_KERNEL_BENCH(BM_ForwardDynamicsABA);
OSSA_KERNEL_BENCH(BM_ForwardDynamicsLTDL);
// Dense Cholesky is O(n³): skip the 1000-link chain.
BENCHMARK(BM_ForwardDynamicsCholesky)
    ->ArgName("links_or_0_for_tree")
    ->Arg(0)
    ->Arg(10)
    ->Arg(100);

}  // namespace
}  // namespace ossa::multibody::internal

BENCHMARK_MAIN();
