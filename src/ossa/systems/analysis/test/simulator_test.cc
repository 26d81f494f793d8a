#include "ossa/systems/analysis/simulator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>
#include <vector>

#include "ossa/systems/analysis/explicit_euler_integrator.h"
#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/simulator_config_functions.h"
#include "ossa/systems/analysis/test/test_systems.h"

namespace ossa::systems::analysis_test {
namespace simulator_test {

using ::testing::HasSubstr;

// ẋ = 1 from x(0) = 0 (so x = t exactly, for any integrator) with a periodic
// discrete update that records the time and x at each update, and counts
// updates in its discrete state.
class SampledClock final : public LeafSystem<double> {
 public:
  SampledClock(double period, double offset) {
    this->DeclareContinuousState(1);
    this->DeclareDiscreteState(1);
    this->DeclarePeriodicDiscreteUpdateEvent(period, offset,
                                             &SampledClock::Update);
  }
  mutable std::vector<double> update_times;
  mutable std::vector<double> x_at_update;

 private:
  void DoCalcTimeDerivatives(const Context<double>&,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = 1.0;
  }
  EventStatus Update(const Context<double>& context,
                     DiscreteValues<double>* xd) const {
    update_times.push_back(context.get_time());
    x_at_update.push_back(context.get_continuous_state_vector()[0]);
    (*xd)[0] = context.get_discrete_state(0)[0] + 1;
    return EventStatus::Succeeded();
  }
};

// Discrete updates fire at exactly t = offset + k·period, with the continuous
// state integrated exactly up to that time, for error-controlled and
// fixed-step integrators whose steps do not divide the period.
TEST(SimulatorTest, PeriodicUpdatesFireAtExactTimes) {
  const double period = 0.1, offset = 0.05;
  for (int variant = 0; variant < 2; ++variant) {
    SampledClock system(period, offset);
    Simulator<double> simulator(system);
    if (variant == 1) {
      simulator.reset_integrator<RungeKutta2Integrator<double>>(0.03);
    }
    simulator.AdvanceTo(1.0);
    // Updates at 0.05, 0.15, …, 0.95: ten of them.
    ASSERT_EQ(system.update_times.size(), 10u);
    EXPECT_EQ(simulator.get_num_discrete_updates(), 10);
    EXPECT_EQ(simulator.get_context().get_discrete_state(0)[0], 10.0);
    for (int k = 0; k < 10; ++k) {
      EXPECT_EQ(system.update_times[k], offset + k * period) << k;
      // ẋ = 1 is integrated exactly by every method; 1e-14 is rounding.
      EXPECT_NEAR(system.x_at_update[k], system.update_times[k], 1e-14) << k;
    }
    EXPECT_EQ(simulator.get_context().get_time(), 1.0);
  }
}

// An update due exactly at the boundary time stays pending until the next
// AdvanceTo() or AdvancePendingEvents().
TEST(SimulatorTest, UpdateAtBoundaryIsPending) {
  SampledClock system(0.25, 0.0);
  Simulator<double> simulator(system);
  simulator.AdvanceTo(0.5);
  // t = 0 and 0.25 applied; 0.5 pending.
  EXPECT_EQ(system.update_times.size(), 2u);
  simulator.AdvancePendingEvents();
  ASSERT_EQ(system.update_times.size(), 3u);
  EXPECT_EQ(system.update_times[2], 0.5);
  EXPECT_EQ(simulator.get_context().get_time(), 0.5);
}

// A system with per-step and initialization events, to count handlers.
class Counter final : public LeafSystem<double> {
 public:
  Counter() {
    this->DeclareContinuousState(1);
    this->DeclarePerStepUnrestrictedUpdateEvent(&Counter::PerStep);
    this->DeclareInitializationPublishEvent(&Counter::Init);
    this->DeclareForcedPublishEvent(&Counter::Forced);
  }
  mutable int per_step{0}, init{0}, forced{0};

 private:
  void DoCalcTimeDerivatives(const Context<double>& context,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = -context.get_continuous_state_vector()[0];
  }
  EventStatus PerStep(const Context<double>&, State<double>*) const {
    ++per_step;
    return EventStatus::Succeeded();
  }
  EventStatus Init(const Context<double>&) const {
    ++init;
    return EventStatus::Succeeded();
  }
  EventStatus Forced(const Context<double>&) const {
    ++forced;
    return EventStatus::Succeeded();
  }
};

TEST(SimulatorTest, PerStepEventsAndPublishCounts) {
  Counter system;
  Simulator<double> simulator(system);
  simulator.reset_integrator<ExplicitEulerIntegrator<double>>(0.1);
  simulator.set_publish_every_time_step(true);
  simulator.set_publish_at_initialization(true);
  simulator.Initialize();
  EXPECT_EQ(system.init, 1);
  EXPECT_EQ(system.forced, 1);
  simulator.AdvanceTo(1.0);
  // Fixed steps of 0.1 over [0, 1]: 10 steps, one per-step update each.
  EXPECT_EQ(simulator.get_num_steps_taken(), 10);
  EXPECT_EQ(system.per_step, 10);
  EXPECT_EQ(simulator.get_num_unrestricted_updates(), 10);
  EXPECT_EQ(system.forced, 11);
  // One init publish plus one forced publish per step and at initialization.
  EXPECT_EQ(simulator.get_num_publishes(), 1 + 1 + 10);
  // x(1) = (1 − 0.1)^10 · x(0) with explicit Euler; x(0) = 0 here.
  EXPECT_EQ(simulator.get_context().get_continuous_state_vector()[0], 0.0);
  simulator.ResetStatistics();
  EXPECT_EQ(simulator.get_num_steps_taken(), 0);
  EXPECT_EQ(simulator.get_num_publishes(), 0);
}

// A falling ball; the monitor stops the simulation when it reaches the
// ground, and a failing monitor makes AdvanceTo() throw.
class FallingBall final : public LeafSystem<double> {
 public:
  FallingBall() { this->DeclareContinuousState(1, 1, 0); }

 private:
  void DoCalcTimeDerivatives(const Context<double>& context,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = context.get_continuous_state_vector()[1];
    (*derivatives)[1] = -9.81;
  }
};

TEST(SimulatorTest, MonitorStopsAndFails) {
  FallingBall ball;
  Simulator<double> simulator(ball);
  simulator.get_mutable_context().SetContinuousState(Eigen::Vector2d(1.0, 0.0));
  simulator.reset_integrator<RungeKutta2Integrator<double>>(0.01);
  simulator.set_monitor([&ball](const Context<double>& context) {
    if (context.get_continuous_state_vector()[0] < 0.0) {
      return EventStatus::ReachedTermination(&ball, "hit the ground");
    }
    return EventStatus::Succeeded();
  });
  const SimulatorStatus status = simulator.AdvanceTo(10.0);
  EXPECT_EQ(status.reason(), SimulatorStatus::kReachedTerminationCondition);
  EXPECT_TRUE(status.succeeded());
  EXPECT_EQ(status.system(), &ball);
  EXPECT_THAT(status.FormatMessage(), HasSubstr("hit the ground"));
  // Free fall from 1 m lands at √(2/9.81) ≈ 0.4515 s; it stops within the
  // first 0.01 s step past that.
  const double t_hit = std::sqrt(2 / 9.81);
  EXPECT_GE(status.return_time(), t_hit);
  EXPECT_LE(status.return_time(), t_hit + 0.01 + 1e-12);
  EXPECT_EQ(simulator.get_context().get_time(), status.return_time());

  simulator.set_monitor([&ball](const Context<double>&) {
    return EventStatus::Failed(&ball, "broken");
  });
  try {
    simulator.AdvanceTo(20.0);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("broken"));
  }
  simulator.clear_monitor();
  EXPECT_FALSE(simulator.get_monitor());
  const double t = simulator.get_context().get_time();
  EXPECT_THROW(simulator.AdvanceTo(t - 1.0), std::logic_error);
}

TEST(SimulatorTest, DefaultsAndRealtime) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  Simulator<double> simulator(system);
  // The default integrator: error-controlled RK3, max step 0.1, accuracy 1e-4.
  const auto* rk3 = dynamic_cast<const RungeKutta3Integrator<double>*>(
      &simulator.get_integrator());
  ASSERT_NE(rk3, nullptr);
  EXPECT_FALSE(rk3->get_fixed_step_mode());
  EXPECT_EQ(rk3->get_maximum_step_size(), 0.1);
  EXPECT_EQ(rk3->get_target_accuracy(), 1e-4);
  EXPECT_EQ(simulator.get_target_realtime_rate(), 0.0);
  simulator.set_target_realtime_rate(-3);
  EXPECT_EQ(simulator.get_target_realtime_rate(), 0.0);

  // At 5× real time each step waits until wall time catches up with its
  // start, so 0.2 s of simulation in steps of ≤ 0.01 s takes at least
  // 0.19/5 s: the actual rate is at most 5·0.2/0.19 ≈ 5.26.
  simulator.get_mutable_integrator().set_maximum_step_size(0.01);
  simulator.set_target_realtime_rate(5.0);
  simulator.Initialize();
  simulator.AdvanceTo(0.2);
  EXPECT_LE(simulator.get_actual_realtime_rate(), 5.0 * 1.1);
  EXPECT_GT(simulator.get_actual_realtime_rate(), 0.0);
}

TEST(SimulatorTest, ContextManagement) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  Simulator<double> simulator(system);
  EXPECT_TRUE(simulator.has_context());
  auto context = simulator.release_context();
  EXPECT_FALSE(simulator.has_context());
  try {
    simulator.AdvanceTo(1.0);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("has no Context"));
  }
  context->SetContinuousState(Eigen::Vector2d(1.0, 0.0));
  simulator.reset_context(std::move(context));
  simulator.AdvanceTo(1.0);
  const Eigen::Vector2d expected = system.Exact(1.0, 1.0, 0.0);
  // Default accuracy 1e-4 per step: the global error is well below 1e-3.
  EXPECT_LT(
      (simulator.get_context().get_continuous_state_vector().CopyToVector() -
       expected)
          .cwiseAbs()
          .maxCoeff(),
      1e-3);
}

// A borrowed Context is the caller's object: the simulation advances it,
// the Simulator does not delete it, and release_context() refuses.
TEST(SimulatorTest, BorrowedContext) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  auto context = system.CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(1.0, 0.0));
  {
    Simulator<double> simulator(system, context.get(),
                                Simulator<double>::BorrowContext{});
    EXPECT_EQ(&simulator.get_context(), context.get());
    simulator.AdvanceTo(1.0);
    EXPECT_THAT([&] { simulator.release_context(); },
                ::testing::ThrowsMessage<std::logic_error>(
                    HasSubstr("the Context is borrowed")));
  }
  // Still alive after the Simulator: the state is the simulated one.
  EXPECT_DOUBLE_EQ(context->get_time(), 1.0);
  EXPECT_NEAR(context->get_continuous_state_vector()[0],
              system.Exact(1.0, 1.0, 0.0)[0], 1e-3);
  EXPECT_THAT(
      [&] {
        Simulator<double>(system, nullptr, Simulator<double>::BorrowContext{});
      },
      ::testing::ThrowsMessage<std::logic_error>(HasSubstr("is null")));
}

// The interrupt check runs between steps and its exception ends AdvanceTo
// with the Context at the end of a completed step.
TEST(SimulatorTest, InterruptCheckStopsAdvanceTo) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  Simulator<double> simulator(system);
  int calls = 0;
  simulator.set_interrupt_check([&calls] {
    if (++calls == 3) throw std::runtime_error("interrupted");
  });
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THAT([&] { simulator.AdvanceTo(1e9); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("interrupted")));
  EXPECT_EQ(calls, 3);
  const double t = simulator.get_context().get_time();
  EXPECT_GT(t, 0.0);
  EXPECT_LT(t, 1e9);
  // Checks are at least 50 ms apart: three of them take ≥ 100 ms.
  EXPECT_GE(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(100));
}

TEST(SimulatorConfigTest, ApplyAndExtractRoundTrip) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  for (const std::string& scheme : GetIntegrationSchemes()) {
    Simulator<double> simulator(system);
    SimulatorConfig config;
    config.integration_scheme = scheme;
    config.max_step_size = 0.01;
    config.accuracy = 1e-5;
    config.use_error_control = true;
    config.target_realtime_rate = 0.0;
    config.publish_every_time_step = true;
    ApplySimulatorConfig(config, &simulator);
    const SimulatorConfig out = ExtractSimulatorConfig(simulator);
    EXPECT_EQ(out.integration_scheme, scheme);
    EXPECT_EQ(out.max_step_size, 0.01);
    EXPECT_EQ(out.publish_every_time_step, true);
    EXPECT_TRUE(simulator.get_publish_every_time_step());
    if (simulator.get_integrator().supports_error_estimation()) {
      EXPECT_TRUE(out.use_error_control) << scheme;
      EXPECT_EQ(out.accuracy, 1e-5) << scheme;
    } else {
      EXPECT_FALSE(out.use_error_control) << scheme;
    }
    // Every scheme simulates the oscillator to within 5e-2 at t = 1 with
    // h ≤ 0.01 (a first-order method's global error is ≈ h·t·ω₀²/2 ≈ 2e-2).
    simulator.get_mutable_context().SetContinuousState(Eigen::Vector2d(1, 0));
    simulator.AdvanceTo(1.0);
    EXPECT_LT(
        (simulator.get_context().get_continuous_state_vector().CopyToVector() -
         system.Exact(1.0, 1.0, 0.0))
            .cwiseAbs()
            .maxCoeff(),
        5e-2)
        << scheme;
  }
  Simulator<double> simulator(system);
  SimulatorConfig bad;
  bad.integration_scheme = "warp_drive";
  try {
    ApplySimulatorConfig(bad, &simulator);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("unknown integration scheme 'warp_drive'"));
    EXPECT_THAT(e.what(), HasSubstr("runge_kutta3"));
  }
  const SimulatorConfig defaults;
  EXPECT_EQ(defaults.integration_scheme, "runge_kutta3");
  EXPECT_EQ(defaults.max_step_size, 0.1);
  EXPECT_EQ(defaults.accuracy, 1e-4);
  EXPECT_TRUE(defaults.use_error_control);
  EXPECT_EQ(GetIntegrationSchemes().size(), 8u);
}

}  // namespace
}  // namespace ossa::systems::analysis_test
