// Witness functions: their trigger semantics, their collection in Diagrams
// and the Simulator's isolation of their zero crossings.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems::analysis_test {
namespace witness_test {

using ::testing::HasSubstr;

constexpr double kG = 9.81;

// A ball in free fall, state [h; v] (nq = nv = 1), bouncing off the ground
// h = 0 with restitution e: a witness on h (positive, then non-positive)
// triggers an unrestricted update v ← −e·v. A periodic discrete update
// (period 0.1) samples the time, to check that sampling stays exact between
// impacts. The handlers record what they see.
class BouncingBall final : public LeafSystem<double> {
 public:
  BouncingBall(double h0, double restitution) : e_(restitution) {
    this->DeclareContinuousState(BasicVector<double>(Eigen::Vector2d(h0, 0.0)),
                                 1, 1, 0);
    this->DeclareDiscreteState(1);
    this->DeclarePeriodicDiscreteUpdateEvent(0.1, 0.0, &BouncingBall::Sample);
    witness_ = &this->DeclareWitnessFunction(
        "height", WitnessFunctionDirection::kPositiveThenNonNegative,
        &BouncingBall::Height,
        UnrestrictedUpdateEvent<double>(
            [this](const System<double>&, const Context<double>& context,
                   const UnrestrictedUpdateEvent<double>& event,
                   State<double>* state) {
              return Bounce(context, event, state);
            }));
  }
  const WitnessFunction<double>& witness() const { return *witness_; }

  mutable std::vector<double> impact_times;
  mutable std::vector<double> interval_lengths;
  mutable std::vector<double> heights_at_impact;
  mutable std::vector<double> sample_times;

 private:
  double Height(const Context<double>& context) const {
    return context.get_continuous_state_vector()[0];
  }
  void DoCalcTimeDerivatives(const Context<double>& context,
                             ContinuousState<double>* derivatives) const final {
    (*derivatives)[0] = context.get_continuous_state_vector()[1];
    (*derivatives)[1] = -kG;
  }
  EventStatus Bounce(const Context<double>& context,
                     const UnrestrictedUpdateEvent<double>& event,
                     State<double>* state) const {
    const auto* data =
        event.get_event_data<WitnessTriggeredEventData<double>>();
    if (data == nullptr || data->triggered_witness() != witness_ ||
        event.get_trigger_type() != TriggerType::kWitness) {
      return EventStatus::Failed(this, "no witness data");
    }
    impact_times.push_back(context.get_time());
    interval_lengths.push_back(data->tf() - data->t0());
    heights_at_impact.push_back(context.get_continuous_state_vector()[0]);
    // The handler runs at the end of the isolation interval.
    if (data->tf() != context.get_time()) {
      return EventStatus::Failed(this, "tf is not the event time");
    }
    auto& xc = state->get_mutable_continuous_state();
    xc[1] = -e_ * context.get_continuous_state_vector()[1];
    return EventStatus::Succeeded();
  }
  EventStatus Sample(const Context<double>& context,
                     DiscreteValues<double>* xd) const {
    sample_times.push_back(context.get_time());
    (*xd)[0] = context.get_discrete_state(0)[0] + 1;
    return EventStatus::Succeeded();
  }

  double e_;
  const WitnessFunction<double>* witness_{};
};

// Impact times of the ball dropped from rest at h0: t₁ = √(2h₀/g), and each
// flight after impact k takes 2·eᵏ·v₁/g with v₁ = g·t₁.
std::vector<double> ClosedFormImpacts(double h0, double e, int n) {
  std::vector<double> t{std::sqrt(2 * h0 / kG)};
  const double v1 = kG * t[0];
  for (int k = 1; k < n; ++k) {
    t.push_back(t.back() + 2 * std::pow(e, k) * v1 / kG);
  }
  return t;
}

TEST(WitnessFunctionTest, TriggerDirections) {
  BouncingBall ball(1.0, 0.5);
  auto make = [&](WitnessFunctionDirection d) {
    return std::make_unique<WitnessFunction<double>>(
        &ball, "w", d, [](const Context<double>&) { return 0.0; });
  };
  const auto none = make(WitnessFunctionDirection::kNone);
  const auto down = make(WitnessFunctionDirection::kPositiveThenNonNegative);
  const auto up = make(WitnessFunctionDirection::kNegativeThenNonPositive);
  const auto both = make(WitnessFunctionDirection::kCrossesZero);
  // (w0, wf) pairs: a strict sign at the start is needed, zero at the end
  // counts.
  EXPECT_FALSE(none->should_trigger(1, -1));
  EXPECT_TRUE(down->should_trigger(1, -1));
  EXPECT_TRUE(down->should_trigger(1, 0));
  EXPECT_FALSE(down->should_trigger(0, -1));
  EXPECT_FALSE(down->should_trigger(-1, 1));
  EXPECT_TRUE(up->should_trigger(-1, 1));
  EXPECT_TRUE(up->should_trigger(-1, 0));
  EXPECT_FALSE(up->should_trigger(0, 1));
  EXPECT_FALSE(up->should_trigger(1, -1));
  EXPECT_TRUE(both->should_trigger(1, -1));
  EXPECT_TRUE(both->should_trigger(-1, 1));
  EXPECT_FALSE(both->should_trigger(1, 2));
  EXPECT_FALSE(both->should_trigger(0, 0));
  EXPECT_EQ(down->direction_type(),
            WitnessFunctionDirection::kPositiveThenNonNegative);
  EXPECT_EQ(&down->get_system(), &ball);
}

TEST(WitnessFunctionTest, ValueAndErrors) {
  BouncingBall ball(0.75, 0.5);
  auto context = ball.CreateDefaultContext();
  std::vector<const WitnessFunction<double>*> w;
  ball.GetWitnessFunctions(*context, &w);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0]->description(), "height");
  EXPECT_EQ(ball.CalcWitnessValue(*context, *w[0]), 0.75);
  BouncingBall other(1.0, 0.5);
  auto other_context = other.CreateDefaultContext();
  try {
    w[0]->CalcWitnessValue(*other_context);
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("CalcWitnessValue"));
    EXPECT_THAT(e.what(), HasSubstr("height"));
  }
  EXPECT_THROW(other.CalcWitnessValue(*other_context, *w[0]), std::logic_error);
  EXPECT_THROW(ball.GetWitnessFunctions(*other_context, &w), std::logic_error);
  EXPECT_THROW(
      WitnessFunction<double>(nullptr, "x", WitnessFunctionDirection::kNone,
                              [](const Context<double>&) { return 0.0; }),
      std::logic_error);
}

// The impacts are isolated to 0.01·accuracy = 1e-12 s; RK3 integrates free
// fall (a quadratic in t) exactly, so the only errors are the isolation
// length and rounding, which carry over from one flight to the next:
// 1e-10 leaves ample room for four bounces.
TEST(WitnessSimulatorTest, BouncingBallImpactTimesMatchClosedForm) {
  const double h0 = 1.0, e = 0.8;
  BouncingBall ball(h0, e);
  Simulator<double> simulator(ball);
  auto& integrator = simulator.get_mutable_integrator();
  integrator.set_target_accuracy(1e-10);
  integrator.set_maximum_step_size(0.05);
  const std::vector<double> expected = ClosedFormImpacts(h0, e, 4);
  simulator.AdvanceTo(expected.back() + 0.01);
  const std::optional<double> isolation =
      simulator.GetCurrentWitnessTimeIsolation();
  ASSERT_TRUE(isolation.has_value());
  EXPECT_NEAR(*isolation, 1e-12, 1e-26);
  ASSERT_EQ(ball.impact_times.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    EXPECT_NEAR(ball.impact_times[k], expected[k], 1e-10) << k;
    // The event is handled just past the crossing: h ≤ 0 and tiny (speed ≤
    // 4.5 m/s over at most the isolation length).
    EXPECT_LE(ball.heights_at_impact[k], 0.0) << k;
    EXPECT_GT(ball.heights_at_impact[k], -5 * *isolation) << k;
    EXPECT_LE(ball.interval_lengths[k], *isolation) << k;
    EXPECT_GT(ball.interval_lengths[k], 0.0) << k;
  }
  // The periodic samples were not disturbed: exactly at k·0.1.
  ASSERT_GE(ball.sample_times.size(), 10u);
  for (size_t k = 0; k < ball.sample_times.size(); ++k) {
    EXPECT_EQ(ball.sample_times[k], 0.1 * static_cast<double>(k)) << k;
  }
  // After the last impact the ball rises: v = e⁴·v₁ − g·(t − t₄).
  const double v1 = kG * expected[0];
  const double t = simulator.get_context().get_time();
  EXPECT_NEAR(simulator.get_context().get_continuous_state_vector()[1],
              std::pow(e, 4) * v1 - kG * (t - expected[3]), 1e-8);
  EXPECT_EQ(simulator.get_num_unrestricted_updates(), 4);
}

// Without isolation (fixed step, no accuracy in the Context) the event fires
// at the end of the step in which the crossing happened.
TEST(WitnessSimulatorTest, FixedStepWithoutAccuracyFiresAtStepEnd) {
  BouncingBall ball(1.0, 0.5);
  Simulator<double> simulator(ball);
  simulator.reset_integrator<RungeKutta2Integrator<double>>(0.01);
  EXPECT_FALSE(simulator.GetCurrentWitnessTimeIsolation().has_value());
  simulator.AdvanceTo(0.5);
  const double t1 = std::sqrt(2 / kG);  // 0.4515...
  ASSERT_EQ(ball.impact_times.size(), 1u);
  // The first step end after t1 (steps of 0.01, also landing on samples).
  EXPECT_NEAR(ball.impact_times[0], std::ceil(t1 / 0.01) * 0.01, 1e-12);
  // With an accuracy in the Context, the same integrator isolates:
  // 0.01 · 1e-8 · 0.01 = 1e-12 s.
  BouncingBall ball2(1.0, 0.5);
  Simulator<double> simulator2(ball2);
  simulator2.reset_integrator<RungeKutta2Integrator<double>>(0.01);
  simulator2.get_mutable_context().SetAccuracy(1e-8);
  simulator2.AdvanceTo(0.5);
  ASSERT_EQ(ball2.impact_times.size(), 1u);
  // RK2 is exact for free fall too.
  EXPECT_NEAR(ball2.impact_times[0], t1, 1e-11);
}

// Inside a Diagram: the witnesses of all subsystems are reported, evaluated
// on their subcontexts, and each triggered event reaches its own subsystem.
TEST(WitnessSimulatorTest, WitnessesInDiagram) {
  DiagramBuilder<double> builder;
  auto* high = builder.AddSystem<BouncingBall>(1.5, 0.5);
  auto* low = builder.AddSystem<BouncingBall>(0.5, 0.5);
  high->set_name("high");
  low->set_name("low");
  auto diagram = builder.Build();
  auto context = diagram->CreateDefaultContext();
  std::vector<const WitnessFunction<double>*> w;
  diagram->GetWitnessFunctions(*context, &w);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(diagram->CalcWitnessValue(*context, high->witness()), 1.5);
  EXPECT_EQ(diagram->CalcWitnessValue(*context, low->witness()), 0.5);
  BouncingBall stranger(1.0, 0.5);
  try {
    diagram->CalcWitnessValue(*context, stranger.witness());
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("not in Diagram"));
  }

  Simulator<double> simulator(*diagram, std::move(context));
  simulator.get_mutable_integrator().set_target_accuracy(1e-10);
  simulator.get_mutable_integrator().set_maximum_step_size(0.05);
  simulator.AdvanceTo(0.7);
  // Low ball: impacts at t1 = √(1/g) ≈ 0.319 and t1 + 2·0.5·g·t1/g = 2·t1
  // (then 2.5·t1 ≈ 0.80); the high one at √(3/g) ≈ 0.553 (then ≈ 1.1).
  // Each handler saw only its own.
  const double t_low = std::sqrt(2 * 0.5 / kG);
  const double t_high = std::sqrt(2 * 1.5 / kG);
  ASSERT_EQ(low->impact_times.size(), 2u);
  ASSERT_EQ(high->impact_times.size(), 1u);
  EXPECT_NEAR(low->impact_times[0], t_low, 1e-10);
  EXPECT_NEAR(low->impact_times[1], 2 * t_low, 1e-10);
  EXPECT_NEAR(high->impact_times[0], t_high, 1e-10);
}

// A subsystem finds its Context in the root Context of its Diagram.
TEST(SystemContextTest, GetMyContextFromRoot) {
  DiagramBuilder<double> builder;
  auto* ball = builder.AddSystem<BouncingBall>(2.0, 0.5);
  auto* other = builder.AddSystem<BouncingBall>(1.0, 0.5);
  auto diagram = builder.Build();
  auto root = diagram->CreateDefaultContext();
  const Context<double>& mine = ball->GetMyContextFromRoot(*root);
  EXPECT_EQ(&mine, &diagram->GetSubsystemContext(*ball, *root));
  EXPECT_EQ(&diagram->GetMyContextFromRoot(*root), root.get());
  Context<double>& mutable_mine =
      other->GetMyMutableContextFromRoot(root.get());
  EXPECT_EQ(mutable_mine.get_continuous_state_vector()[0], 1.0);
  mutable_mine.SetContinuousState(Eigen::Vector2d(3.0, 0.0));
  EXPECT_EQ(diagram->GetSubsystemContext(*other, *root)
                .get_continuous_state_vector()[0],
            3.0);
  // Not a root context.
  try {
    ball->GetMyContextFromRoot(mine);
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("GetMyContextFromRoot"));
    EXPECT_THAT(e.what(), HasSubstr("not a root Context"));
  }
  // A system outside the diagram.
  BouncingBall stranger(1.0, 0.5);
  stranger.set_name("stranger");
  try {
    stranger.GetMyContextFromRoot(*root);
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("stranger"));
    EXPECT_THAT(e.what(), HasSubstr("is not part of"));
  }
  EXPECT_THROW(ball->GetMyMutableContextFromRoot(nullptr), std::logic_error);
}

}  // namespace
}  // namespace ossa::systems::analysis_test
