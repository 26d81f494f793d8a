// Tests of Diagram, DiagramBuilder and DiagramContext: wiring, wiring
// errors, subsystem contexts, cross-subsystem cache invalidation, events.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/test/test_systems.h"

namespace ossa::systems {
namespace diagram_test {

using test::Counter;
using test::Gain;
using test::Integrator;
using ::testing::HasSubstr;

// u → [integrator] → [gain 3] → y, plus a second output exporting x.
class ChainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DiagramBuilder<double> builder;
    integrator_ = builder.AddNamedSystem(
        "integrator", std::make_unique<Integrator<double>>(2));
    gain_ =
        builder.AddNamedSystem("gain", std::make_unique<Gain<double>>(3.0, 2));
    builder.Connect(integrator_->get_output_port(0), gain_->get_input_port(0));
    builder.ExportInput(integrator_->get_input_port(0), "u");
    builder.ExportOutput(gain_->get_output_port(0), "y");
    builder.ExportOutput(integrator_->get_output_port(0));
    EXPECT_TRUE(builder.IsConnectedOrExported(gain_->get_input_port(0)));
    diagram_ = builder.Build();
    diagram_->set_name("chain");
    context_ = diagram_->CreateDefaultContext();
  }
  Context<double>& integrator_context() {
    return diagram_->GetMutableSubsystemContext(*integrator_, context_.get());
  }
  Integrator<double>* integrator_{};
  Gain<double>* gain_{};
  std::unique_ptr<Diagram<double>> diagram_;
  std::unique_ptr<Context<double>> context_;
};

TEST_F(ChainTest, StructureAndPorts) {
  EXPECT_EQ(diagram_->num_subsystems(), 2);
  EXPECT_EQ(diagram_->num_input_ports(), 1);
  EXPECT_EQ(diagram_->num_output_ports(), 2);
  EXPECT_EQ(diagram_->get_output_port(1).get_name(),
            "integrator_y");  // default name
  EXPECT_EQ(diagram_->num_continuous_states(), 2);
  EXPECT_EQ(&diagram_->GetSubsystemByName("gain"), gain_);
  EXPECT_EQ(diagram_->GetSubsystemIndex(*gain_), SubsystemIndex(1));
  EXPECT_TRUE(diagram_->AreConnected(integrator_->get_output_port(0),
                                     gain_->get_input_port(0)));
  EXPECT_EQ(gain_->GetSystemPathname(), "::chain::gain");
  // Only the gain path feeds through: u → y is not direct (the integrator).
  EXPECT_FALSE(diagram_->HasAnyDirectFeedthrough());
}

TEST_F(ChainTest, SubsystemContextsAndValues) {
  integrator_context().SetContinuousState(Eigen::Vector2d(1.0, -2.0));
  // The diagram's state is the subsystems' state, in one vector.
  EXPECT_EQ(context_->get_continuous_state_vector().CopyToVector(),
            Eigen::Vector2d(1.0, -2.0));
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*context_),
            Eigen::Vector2d(3.0, -6.0));
  EXPECT_EQ(diagram_->get_output_port(1).Eval(*context_),
            Eigen::Vector2d(1.0, -2.0));
  // Writes through the diagram context land in the subcontext.
  context_->SetContinuousState(Eigen::Vector2d(0.5, 0.25));
  EXPECT_EQ(diagram_->GetSubsystemContext(*integrator_, *context_)
                .get_continuous_state_vector()
                .CopyToVector(),
            Eigen::Vector2d(0.5, 0.25));
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*context_),
            Eigen::Vector2d(1.5, 0.75));
  // Derivatives: ẋ = u from the fixed diagram input.
  diagram_->get_input_port(0).FixValue(context_.get(),
                                       Eigen::Vector2d(7.0, 8.0));
  EXPECT_EQ(diagram_->EvalTimeDerivatives(*context_).CopyToVector(),
            Eigen::Vector2d(7.0, 8.0));
  auto derivatives = diagram_->AllocateTimeDerivatives();
  diagram_->CalcTimeDerivatives(*context_, derivatives.get());
  EXPECT_EQ(derivatives->CopyToVector(), Eigen::Vector2d(7.0, 8.0));
  // Energy sums over subsystems: |x|² from the integrator, 0 from the gain.
  EXPECT_DOUBLE_EQ(diagram_->EvalPotentialEnergy(*context_), 0.3125);
  // Subcontexts cannot set time: only the root can.
  EXPECT_LOGIC_ERROR(integrator_context().SetTime(1.0), "root Context");
  EXPECT_LOGIC_ERROR(diagram_->GetSubsystemContext(
                         *std::make_unique<Gain<double>>(1.0), *context_),
                     "not a subsystem");
}

TEST_F(ChainTest, InvalidationCrossesSubsystems) {
  integrator_context().SetContinuousState(Eigen::Vector2d(1.0, 2.0));
  diagram_->get_output_port(0).Eval(*context_);
  EXPECT_EQ(integrator_->count, 1);
  EXPECT_EQ(gain_->count, 1);
  diagram_->get_output_port(0).Eval(*context_);
  EXPECT_EQ(gain_->count, 1);

  // Time is a prerequisite of neither output.
  context_->SetTime(5.0);
  diagram_->get_output_port(0).Eval(*context_);
  EXPECT_EQ(integrator_->count, 1);
  EXPECT_EQ(gain_->count, 1);

  // The integrator's state feeds the gain's input: both recompute, once.
  integrator_context().get_mutable_continuous_state_vector()[0] = 4.0;
  EXPECT_TRUE(gain_->get_output_port(0).template Eval<BasicVector<double>>(
                  diagram_->GetSubsystemContext(*gain_, *context_))[0] == 12.0);
  diagram_->get_output_port(0).Eval(*context_);
  EXPECT_EQ(integrator_->count, 2);
  EXPECT_EQ(gain_->count, 2);

  // The gain's parameter changes only the gain's output.
  diagram_->GetMutableSubsystemContext(*gain_, context_.get())
      .get_mutable_numeric_parameter(0)[0] = -1.0;
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*context_),
            Eigen::Vector2d(-4.0, -2.0));
  EXPECT_EQ(integrator_->count, 2);
  EXPECT_EQ(gain_->count, 3);

  // A change of the diagram input reaches the integrator's derivatives but not
  // the outputs (no feedthrough).
  diagram_->get_input_port(0).FixValue(context_.get(),
                                       Eigen::Vector2d(1.0, 1.0));
  const auto& xdot_entry = diagram_->get_time_derivatives_cache_entry();
  diagram_->EvalTimeDerivatives(*context_);
  EXPECT_FALSE(xdot_entry.is_out_of_date(*context_));
  diagram_->get_input_port(0).FixValue(context_.get(),
                                       Eigen::Vector2d(2.0, 2.0));
  EXPECT_TRUE(xdot_entry.is_out_of_date(*context_));
  EXPECT_EQ(diagram_->EvalTimeDerivatives(*context_).CopyToVector(),
            Eigen::Vector2d(2.0, 2.0));
  diagram_->get_output_port(0).Eval(*context_);
  EXPECT_EQ(integrator_->count, 2);
  EXPECT_EQ(gain_->count, 3);

  // A bulk change at the diagram level reaches the subsystems.
  context_->get_mutable_continuous_state_vector()[1] = 10.0;
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*context_),
            Eigen::Vector2d(-4.0, -10.0));
  EXPECT_EQ(integrator_->count, 3);
  EXPECT_EQ(gain_->count, 4);
}

TEST_F(ChainTest, CloneKeepsValuesAndWiring) {
  integrator_context().SetContinuousState(Eigen::Vector2d(1.0, 2.0));
  diagram_->get_input_port(0).FixValue(context_.get(),
                                       Eigen::Vector2d(3.0, 4.0));
  auto clone = context_->Clone();
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*clone),
            Eigen::Vector2d(3.0, 6.0));
  EXPECT_EQ(diagram_->EvalTimeDerivatives(*clone).CopyToVector(),
            Eigen::Vector2d(3.0, 4.0));
  // Invalidation in the clone still crosses subsystems, and leaves the
  // original alone.
  diagram_->GetMutableSubsystemContext(*integrator_, clone.get())
      .SetContinuousState(Eigen::Vector2d(-1.0, 0.0));
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*clone),
            Eigen::Vector2d(-3.0, 0.0));
  EXPECT_EQ(diagram_->get_output_port(0).Eval(*context_),
            Eigen::Vector2d(3.0, 6.0));
  EXPECT_EQ(context_->get_continuous_state_vector()[0], 1.0);
}

TEST(DiagramTest, FeedbackDerivativesAndNesting) {
  // Inner diagram: ẋ = u, y = −2·x with the gain exported; outer feeds back.
  DiagramBuilder<double> inner_builder;
  auto* integrator = inner_builder.AddNamedSystem(
      "integrator", std::make_unique<Integrator<double>>());
  auto* gain = inner_builder.AddNamedSystem(
      "gain", std::make_unique<Gain<double>>(-2.0));
  inner_builder.Connect(*integrator, *gain);
  inner_builder.ExportInput(integrator->get_input_port(0), "u");
  inner_builder.ExportOutput(gain->get_output_port(0), "y");
  auto inner = inner_builder.Build();
  inner->set_name("inner");
  DiagramBuilder<double> outer_builder;
  auto* inner_ptr = outer_builder.AddSystem(std::move(inner));
  auto* other = outer_builder.AddNamedSystem(
      "other", std::make_unique<Integrator<double>>());
  outer_builder.Connect(inner_ptr->get_output_port(0),
                        inner_ptr->get_input_port(0));
  outer_builder.Connect(inner_ptr->get_output_port(0),
                        other->get_input_port(0));
  auto outer = outer_builder.Build();
  auto context = outer->CreateDefaultContext();
  // Subcontexts of a nested subsystem are reachable from the outer diagram.
  outer->GetMutableSubsystemContext(*integrator, context.get())
      .SetContinuousState(Eigen::VectorXd::Constant(1, 1.5));
  // ẋ = −2x = −3 for the inner integrator; the other integrator gets −3 too.
  EXPECT_EQ(outer->EvalTimeDerivatives(*context).CopyToVector(),
            Eigen::Vector2d(-3.0, -3.0));
  EXPECT_EQ(context->get_continuous_state_vector().CopyToVector(),
            Eigen::Vector2d(1.5, 0.0));
  EXPECT_EQ(inner_ptr->GetSystemPathname(), "::_::inner");
  EXPECT_EQ(gain->GetSystemPathname(), "::_::inner::gain");
  // Changing the inner integrator's state invalidates the outer derivatives.
  outer->GetMutableSubsystemContext(*integrator, context.get())
      .SetContinuousState(Eigen::VectorXd::Constant(1, -1.0));
  EXPECT_EQ(outer->EvalTimeDerivatives(*context).CopyToVector(),
            Eigen::Vector2d(2.0, 2.0));
  const std::string dot = outer->GetGraphvizString();
  EXPECT_THAT(dot, HasSubstr("digraph"));
  EXPECT_THAT(dot, HasSubstr("label=\"inner\""));
  EXPECT_THAT(dot, HasSubstr("integrator"));
  EXPECT_THAT(dot, HasSubstr("->"));
}

TEST(DiagramTest, WiringErrors) {
  DiagramBuilder<double> builder;
  auto* gain1 =
      builder.AddNamedSystem("g1", std::make_unique<Gain<double>>(1.0, 1));
  auto* gain2 =
      builder.AddNamedSystem("g2", std::make_unique<Gain<double>>(1.0, 2));
  auto* gain3 =
      builder.AddNamedSystem("g3", std::make_unique<Gain<double>>(1.0, 1));
  auto* source =
      builder.AddNamedSystem("source", std::make_unique<test::StringSource>());
  auto* int_sink =
      builder.AddNamedSystem("int_sink", std::make_unique<test::IntSink>());
  auto* string_sink = builder.AddNamedSystem(
      "string_sink", std::make_unique<test::StringSink>());
  EXPECT_LOGIC_ERROR(
      builder.Connect(gain1->get_output_port(0), gain2->get_input_port(0)),
      "vector size mismatch");
  EXPECT_LOGIC_ERROR(
      builder.Connect(source->get_output_port(0), int_sink->get_input_port(0)),
      "abstract type mismatch");
  EXPECT_LOGIC_ERROR(
      builder.Connect(source->get_output_port(0), gain1->get_input_port(0)),
      "abstract-valued");
  builder.Connect(source->get_output_port(0), string_sink->get_input_port(0));
  builder.Connect(gain1->get_output_port(0), gain3->get_input_port(0));
  EXPECT_LOGIC_ERROR(
      builder.Connect(gain1->get_output_port(0), gain3->get_input_port(0)),
      "already connected");
  EXPECT_LOGIC_ERROR(builder.ExportInput(gain3->get_input_port(0)),
                     "already connected");
  builder.ExportInput(gain2->get_input_port(0), "u");
  EXPECT_LOGIC_ERROR(builder.ExportInput(gain1->get_input_port(0), "u"),
                     "already has an input");
  EXPECT_LOGIC_ERROR(builder.ConnectInput("nope", gain1->get_input_port(0)),
                     "no input port named");
  EXPECT_LOGIC_ERROR(builder.ConnectInput("u", gain1->get_input_port(0)),
                     "vector size mismatch");
  Gain<double> stranger(1.0);
  EXPECT_LOGIC_ERROR(
      builder.Connect(stranger.get_output_port(0), gain1->get_input_port(0)),
      "has not been added");
  EXPECT_LOGIC_ERROR(builder.AddSystem(std::unique_ptr<Gain<double>>(gain1)),
                     "already been added");
  EXPECT_LOGIC_ERROR(builder.AddSystem(std::unique_ptr<Gain<double>>()),
                     "null");
  EXPECT_LOGIC_ERROR(builder.GetSubsystemByName("g4"),
                     "valid names: g1, g2, g3");
  // An algebraic loop: g3 → g1 → g3 through feedthrough gains.
  builder.Connect(gain3->get_output_port(0), gain1->get_input_port(0));
  EXPECT_LOGIC_ERROR(builder.Build(), "algebraic loop");
}

TEST(DiagramTest, DuplicateNamesAndReuse) {
  DiagramBuilder<double> builder;
  builder.AddNamedSystem("same", std::make_unique<Gain<double>>(1.0));
  builder.AddNamedSystem("same", std::make_unique<Gain<double>>(2.0));
  EXPECT_LOGIC_ERROR(builder.GetSubsystemByName("same"), "more than one");
  EXPECT_LOGIC_ERROR(builder.Build(), "used by more than one subsystem");
  DiagramBuilder<double> good;
  auto* g = good.AddSystem(std::make_unique<Gain<double>>(1.0));
  EXPECT_THAT(g->get_name(),
              HasSubstr("Gain@"));  // the memory-object default name
  auto diagram = good.Build();
  EXPECT_LOGIC_ERROR(good.Build(), "already been called");
  DiagramBuilder<double> another;
  EXPECT_LOGIC_ERROR(another.AddSystem(std::unique_ptr<Gain<double>>(g)),
                     "already belongs");
}

TEST(DiagramTest, DirectFeedthroughThroughGains) {
  DiagramBuilder<double> builder;
  auto* g1 = builder.AddSystem(std::make_unique<Gain<double>>(2.0));
  auto* g2 = builder.AddSystem(std::make_unique<Gain<double>>(3.0));
  auto* integrator = builder.AddSystem(std::make_unique<Integrator<double>>());
  builder.Connect(*g1, *g2);
  builder.ExportInput(g1->get_input_port(0), "u");
  builder.ConnectInput("u", integrator->get_input_port(0));
  builder.ExportOutput(g2->get_output_port(0), "y");
  builder.ExportOutput(integrator->get_output_port(0), "x");
  auto diagram = builder.Build();
  EXPECT_TRUE(diagram->HasDirectFeedthrough(0, 0));
  EXPECT_FALSE(diagram->HasDirectFeedthrough(0, 1));
  auto context = diagram->CreateDefaultContext();
  diagram->get_input_port(0).FixValue(context.get(), 1.5);
  EXPECT_EQ(diagram->get_output_port(0).Eval(*context)[0], 9.0);
  EXPECT_EQ(diagram->EvalTimeDerivatives(*context)[0],
            1.5);  // ConnectInput fan-out
}

TEST(DiagramTest, EventsAreCollectedFromTheEarliestSubsystems) {
  DiagramBuilder<double> builder;
  auto* fast =
      builder.AddNamedSystem("fast", std::make_unique<Counter>(0.25, 0.0));
  auto* slow =
      builder.AddNamedSystem("slow", std::make_unique<Counter>(1.0, 0.5));
  builder.ExportOutput(fast->get_output_port(0), "fast");
  builder.ExportOutput(slow->get_output_port(0), "slow");
  auto diagram = builder.Build();
  auto context = diagram->CreateDefaultContext();
  auto events = diagram->AllocateCompositeEventCollection();
  auto xd = diagram->AllocateDiscreteVariables();
  auto& de = dynamic_cast<DiagramCompositeEventCollection<double>&>(*events);

  context->SetTime(0.3);  // fast at 0.5, slow at 0.5: both
  EXPECT_EQ(diagram->CalcNextUpdateTime(*context, events.get()), 0.5);
  EXPECT_TRUE(de.get_subevent_collection(0).HasDiscreteUpdateEvents());
  EXPECT_TRUE(de.get_subevent_collection(1).HasDiscreteUpdateEvents());
  context->SetTime(0.5);  // fast at 0.75 only; slow at 1.5
  EXPECT_EQ(diagram->CalcNextUpdateTime(*context, events.get()), 0.75);
  EXPECT_TRUE(de.get_subevent_collection(0).HasDiscreteUpdateEvents());
  EXPECT_FALSE(de.get_subevent_collection(1).HasDiscreteUpdateEvents());

  diagram->CalcDiscreteVariableUpdate(
      *context, events->get_discrete_update_events(), xd.get());
  diagram->ApplyDiscreteVariableUpdate(events->get_discrete_update_events(),
                                       xd.get(), context.get());
  EXPECT_EQ(diagram->GetOutputPort("fast").Eval(*context)[0], 1.0);
  EXPECT_EQ(diagram->GetOutputPort("slow").Eval(*context)[0], 0.0);
  EXPECT_EQ(context->num_discrete_state_groups(), 2);

  auto timing = diagram->GetPeriodicEvents();
  EXPECT_EQ(timing.size(), 2u);
  EXPECT_LOGIC_ERROR(diagram->GetUniquePeriodicDiscreteUpdateAttribute(),
                     "different timings");
  // A single counter is a difference equation system.
  Counter alone(0.1, 0.0);
  double period = 0;
  EXPECT_TRUE(alone.IsDifferenceEquationSystem(&period));
  EXPECT_EQ(period, 0.1);
}

}  // namespace diagram_test
}  // namespace ossa::systems

namespace ossa::systems {
namespace diagram_test {

// x' = u with u fixed directly on the subsystem's (unexported) input port.
TEST(DiagramTest, SubsystemFixedInputInvalidatesDiagramDerivatives) {
  DiagramBuilder<double> builder;
  auto* integrator = builder.AddNamedSystem(
      "integrator", std::make_unique<test::Integrator<double>>());
  auto diagram = builder.Build();
  auto context = diagram->CreateDefaultContext();
  auto& sub = diagram->GetMutableSubsystemContext(*integrator, context.get());
  auto& fixed = integrator->get_input_port(0).FixValue(&sub, 1.0);
  EXPECT_EQ(diagram->EvalTimeDerivatives(*context)[0], 1.0);
  integrator->get_input_port(0).FixValue(&sub, 2.0);
  EXPECT_EQ(diagram->EvalTimeDerivatives(*context)[0], 2.0);
  (void)fixed;
  sub.MaybeGetMutableFixedInputPortValue(0)->GetMutableVectorData<double>()[0] =
      3.0;
  EXPECT_EQ(diagram->EvalTimeDerivatives(*context)[0], 3.0);
}

// Abstract state, abstract parameters, unrestricted updates and forced events
// through a Diagram.
class Tagger final : public LeafSystem<double> {
 public:
  Tagger() {
    DeclareAbstractState(Value<std::string>("start"));
    DeclareAbstractParameter(Value<int>(3));
    DeclarePeriodicUnrestrictedUpdateEvent(1.0, 0.0, &Tagger::Append);
    DeclareForcedUnrestrictedUpdateEvent(&Tagger::Forced);
    DeclareStateOutputPort("tag", AbstractStateIndex(0));
  }

 private:
  EventStatus Append(const Context<double>& context,
                     State<double>* state) const {
    const int n = context.get_abstract_parameter(0).get_value<int>();
    state->get_mutable_abstract_state<std::string>(0) += std::string(n, '+');
    return EventStatus::Succeeded();
  }
  void Forced(const Context<double>&, State<double>* state) const {
    state->get_mutable_abstract_state<std::string>(0) = "forced";
  }
};

TEST(DiagramTest, AbstractStateAndUnrestrictedUpdates) {
  DiagramBuilder<double> builder;
  auto* tagger = builder.AddNamedSystem("tagger", std::make_unique<Tagger>());
  auto* counter = builder.AddNamedSystem(
      "counter", std::make_unique<test::Counter>(1.0, 0.0));
  builder.ExportOutput(tagger->get_output_port(0), "tag");
  auto diagram = builder.Build();
  auto context = diagram->CreateDefaultContext();
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context), "start");
  EXPECT_EQ(context->num_abstract_states(), 1);
  EXPECT_EQ(context->num_abstract_parameters(), 1);
  auto events = diagram->AllocateCompositeEventCollection();
  // The next update time is strictly after the current time.
  EXPECT_EQ(diagram->CalcNextUpdateTime(*context, events.get()), 1.0);
  // PerturbTime lets a simulator find the events due exactly at t = 0.
  context->PerturbTime(-1e-12, 0.0);
  EXPECT_EQ(context->get_true_time(), 0.0);
  EXPECT_EQ(diagram->CalcNextUpdateTime(*context, events.get()), 0.0);
  context->SetTime(0.5);
  EXPECT_EQ(diagram->CalcNextUpdateTime(*context, events.get()), 1.0);
  EXPECT_TRUE(events->HasUnrestrictedUpdateEvents());
  EXPECT_TRUE(events->HasDiscreteUpdateEvents());  // the counter, same time
  auto state = context->CloneState();
  EXPECT_TRUE(
      diagram
          ->CalcUnrestrictedUpdate(
              *context, events->get_unrestricted_update_events(), state.get())
          .succeeded());
  diagram->ApplyUnrestrictedUpdate(events->get_unrestricted_update_events(),
                                   state.get(), context.get());
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context),
            "start+++");
  // A parameter change through the diagram context reaches the handler.
  context->get_mutable_abstract_parameter(0).set_value<int>(1);
  diagram->CalcUnrestrictedUpdate(
      *context, events->get_unrestricted_update_events(), state.get());
  diagram->ApplyUnrestrictedUpdate(events->get_unrestricted_update_events(),
                                   state.get(), context.get());
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context),
            "start++++");
  // The counter is untouched by unrestricted updates; forced events run.
  EXPECT_EQ(
      diagram->GetSubsystemContext(*counter, *context).get_discrete_state(0)[0],
      0.0);
  diagram->ExecuteForcedEvents(context.get());
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context), "forced");
  // Default values come back with SetDefaultContext.
  diagram->SetDefaultContext(context.get());
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context), "start");
  EXPECT_EQ(context->get_abstract_parameter(0).get_value<int>(), 3);
  RandomGenerator generator(42);
  diagram->SetRandomContext(context.get(),
                            &generator);  // defaults: no distributions
  EXPECT_EQ(diagram->get_output_port(0).Eval<std::string>(*context), "start");
}

}  // namespace diagram_test
}  // namespace ossa::systems
