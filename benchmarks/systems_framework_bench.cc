// Cost of the systems framework's hot paths:
//  - a state change followed by Eval of a cache entry that depends on it
//    (invalidation through the precompiled subscriber list + recompute);
//  - Eval of an up-to-date cache entry (the cache-hit path);
//  - CalcTimeDerivatives of a trivial 1-state system inside a 2-system
//    Diagram (dispatch overhead per step of a simulation).
// Report: ns per iteration (Google Benchmark's "Time" column).

#include <benchmark/benchmark.h>

#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {
namespace {

// ẋ = −x; y = x; a cache entry x² that depends on q only.
class Decay final : public LeafSystem<double> {
 public:
  Decay() {
    DeclareContinuousState(1, 0, 0);
    square_ =
        &DeclareCacheEntry("x squared", 0.0, &Decay::CalcSquare, {q_ticket()});
    DeclareVectorOutputPort("y", 1, &Decay::CalcY, {xc_ticket()});
  }
  const CacheEntry& square() const { return *square_; }

 private:
  void CalcSquare(const Context<double>& context, double* out) const {
    const double x = context.get_continuous_state_vector()[0];
    *out = x * x;
  }
  void CalcY(const Context<double>& context, BasicVector<double>* y) const {
    (*y)[0] = context.get_continuous_state_vector()[0];
  }
  void DoCalcTimeDerivatives(const Context<double>& context,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = -context.get_continuous_state_vector()[0];
  }
  const CacheEntry* square_{};
};

// y = 2·u.
class Double final : public LeafSystem<double> {
 public:
  Double() {
    DeclareVectorInputPort("u", 1);
    DeclareVectorOutputPort("y", 1, &Double::CalcY, {all_input_ports_ticket()});
  }

 private:
  void CalcY(const Context<double>& context, BasicVector<double>* y) const {
    (*y)[0] = 2 * get_input_port(0).Eval(context)[0];
  }
};

void BM_StateChangeThenEval(benchmark::State& state) {
  Decay decay;
  auto context = decay.CreateDefaultContext();
  double x = 0.5;
  for (auto _ : state) {
    x += 1e-9;
    context->get_mutable_continuous_state_vector()[0] = x;
    benchmark::DoNotOptimize(decay.square().Eval<double>(*context));
  }
}
BENCHMARK(BM_StateChangeThenEval);

void BM_EvalUpToDate(benchmark::State& state) {
  Decay decay;
  auto context = decay.CreateDefaultContext();
  for (auto _ : state)
    benchmark::DoNotOptimize(decay.square().Eval<double>(*context));
}
BENCHMARK(BM_EvalUpToDate);

void BM_SetTimeThenEvalUnaffected(benchmark::State& state) {
  Decay decay;
  auto context = decay.CreateDefaultContext();
  double t = 0;
  for (auto _ : state) {
    t += 1e-9;
    context->SetTime(t);
    benchmark::DoNotOptimize(decay.square().Eval<double>(*context));
  }
}
BENCHMARK(BM_SetTimeThenEvalUnaffected);

struct TwoSystemDiagram {
  TwoSystemDiagram() {
    DiagramBuilder<double> builder;
    auto* decay = builder.AddNamedSystem("decay", std::make_unique<Decay>());
    auto* twice = builder.AddNamedSystem("twice", std::make_unique<Double>());
    builder.Connect(*decay, *twice);
    builder.ExportOutput(twice->get_output_port(0), "y");
    diagram = builder.Build();
    decay_ptr = decay;
    context = diagram->CreateDefaultContext();
    context->SetContinuousState(Eigen::VectorXd::Constant(1, 1.0));
    derivatives = diagram->AllocateTimeDerivatives();
  }
  std::unique_ptr<Diagram<double>> diagram;
  const Decay* decay_ptr{};
  std::unique_ptr<Context<double>> context;
  std::unique_ptr<ContinuousState<double>> derivatives;
};

void BM_DiagramCalcTimeDerivatives(benchmark::State& state) {
  TwoSystemDiagram d;
  for (auto _ : state) {
    d.diagram->CalcTimeDerivatives(*d.context, d.derivatives.get());
    benchmark::DoNotOptimize((*d.derivatives)[0]);
  }
}
BENCHMARK(BM_DiagramCalcTimeDerivatives);

void BM_DiagramStateChangeThenOutputEval(benchmark::State& state) {
  // Change the decay's state through the diagram context, then Eval the
  // diagram output: invalidation crosses the connection, two recomputes.
  TwoSystemDiagram d;
  double x = 1.0;
  for (auto _ : state) {
    x += 1e-9;
    d.context->get_mutable_continuous_state_vector()[0] = x;
    benchmark::DoNotOptimize(d.diagram->get_output_port(0).Eval(*d.context)[0]);
  }
}
BENCHMARK(BM_DiagramStateChangeThenOutputEval);

}  // namespace
}  // namespace ossa::systems

BENCHMARK_MAIN();
