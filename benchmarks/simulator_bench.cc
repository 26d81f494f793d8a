// Framework + simulator overhead per step on a trivial system ẋ = −x (one
// continuous state): whatever a step costs here is overhead that the
// multibody plant must not be hidden behind. Reports ns per step
// ("items" = steps) for:
//  - RK2 fixed step through the Simulator (2 derivative evaluations/step),
//  - RK3 error-controlled through the Simulator (3 evaluations per attempt,
//    plus the error norm and step-size control),
//  - RK2 and RK3 through the integrator alone (no event handling).
// Run: build/benchmarks/simulator_bench --benchmark_repetitions=5

#include <benchmark/benchmark.h>

#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {
namespace {

class Decay final : public LeafSystem<double> {
 public:
  Decay() { this->DeclareContinuousState(1); }

 private:
  void DoCalcTimeDerivatives(const Context<double>& context,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = -context.get_continuous_state_vector()[0];
  }
};

constexpr int kStepsPerIteration = 1000;

void BM_SimulatorRk2FixedStep(benchmark::State& state) {
  Decay system;
  Simulator<double> simulator(system);
  const double h = 1e-3;
  simulator.reset_integrator<RungeKutta2Integrator<double>>(h);
  simulator.get_mutable_context().SetContinuousState(Vector1<double>(1.0));
  simulator.Initialize();
  for (auto _ : state) {
    const double t = simulator.get_context().get_time();
    simulator.AdvanceTo(t + kStepsPerIteration * h);
  }
  state.SetItemsProcessed(simulator.get_num_steps_taken());
}
BENCHMARK(BM_SimulatorRk2FixedStep);

void BM_SimulatorRk3ErrorControlled(benchmark::State& state) {
  Decay system;
  Simulator<double> simulator(system);
  auto& rk3 = simulator.reset_integrator<RungeKutta3Integrator<double>>();
  // Loose accuracy and a step cap so every step is taken at the cap: a
  // steady stream of identical steps, like a plant at its max step.
  rk3.set_maximum_step_size(1e-3);
  rk3.set_target_accuracy(1e-1);
  simulator.get_mutable_context().SetContinuousState(Vector1<double>(1.0));
  simulator.Initialize();
  for (auto _ : state) {
    const double t = simulator.get_context().get_time();
    simulator.AdvanceTo(t + kStepsPerIteration * 1e-3);
    // Keep the state away from underflow.
    simulator.get_mutable_context().SetContinuousState(Vector1<double>(1.0));
  }
  state.SetItemsProcessed(simulator.get_num_steps_taken());
}
BENCHMARK(BM_SimulatorRk3ErrorControlled);

template <class I>
void BM_IntegratorOnly(benchmark::State& state) {
  Decay system;
  auto context = system.CreateDefaultContext();
  context->SetContinuousState(Vector1<double>(1.0));
  std::unique_ptr<IntegratorBase<double>> integrator;
  if constexpr (std::is_same_v<I, RungeKutta2Integrator<double>>) {
    integrator = std::make_unique<I>(system, 1e-3, context.get());
  } else {
    integrator = std::make_unique<I>(system, context.get());
    integrator->set_maximum_step_size(1e-3);
    integrator->set_target_accuracy(1e-1);
  }
  integrator->Initialize();
  int64_t steps = 0;
  for (auto _ : state) {
    const int64_t before = integrator->get_num_steps_taken();
    integrator->IntegrateWithMultipleStepsToTime(context->get_time() +
                                                 kStepsPerIteration * 1e-3);
    steps += integrator->get_num_steps_taken() - before;
    context->SetContinuousState(Vector1<double>(1.0));
  }
  state.SetItemsProcessed(steps);
}
BENCHMARK_TEMPLATE(BM_IntegratorOnly, RungeKutta2Integrator<double>);
BENCHMARK_TEMPLATE(BM_IntegratorOnly, RungeKutta3Integrator<double>);

}  // namespace
}  // namespace ossa::systems

BENCHMARK_MAIN();
