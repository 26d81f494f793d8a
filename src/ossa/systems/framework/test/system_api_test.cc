// Tests of SystemOutput and CalcSystemOutput, SystemVisitor,
// CalcUniquePeriodicDiscreteUpdate, and DiagramBuilder's Disconnect,
// ConnectToSame and RemoveSystem.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/system_output.h"
#include "ossa/systems/framework/system_visitor.h"
#include "ossa/systems/framework/test/test_systems.h"
#include "ossa/systems/framework/unique_periodic_discrete_update.h"

namespace ossa::systems {
namespace system_api_test {

using test::Counter;
using test::Gain;
using test::Integrator;

TEST(SystemOutputTest, CalcOutputWritesEveryPort) {
  Gain<double> gain(2.5, 2);
  auto context = gain.CreateDefaultContext();
  gain.get_input_port(0).FixValue(context.get(),
                                  Eigen::VectorXd(Eigen::Vector2d(1.0, -4.0)));
  SystemOutput<double> outputs(gain);
  ASSERT_EQ(outputs.num_ports(), 1);
  CalcSystemOutput(gain, *context, &outputs);
  // y = k·u.
  EXPECT_EQ(outputs.get_vector_data(0).value(),
            Eigen::VectorXd(Eigen::Vector2d(2.5, -10.0)));
  EXPECT_THROW(outputs.get_data(1), std::out_of_range);
  Gain<double> other(1.0, 2);
  EXPECT_LOGIC_ERROR(
      CalcSystemOutput(other, *other.CreateDefaultContext(), &outputs),
      "allocated by system");
}

// Records the visits, descending into diagrams.
class RecordingVisitor final : public SystemVisitor<double> {
 public:
  void VisitSystem(const System<double>& system) final {
    visits.push_back("system " + system.get_name());
  }
  void VisitDiagram(const Diagram<double>& diagram) final {
    visits.push_back("diagram " + diagram.get_name());
    for (const System<double>* s : diagram.GetSystems())
      AcceptSystemVisitor(*s, this);
  }
  std::vector<std::string> visits;
};

TEST(SystemVisitorTest, VisitsDiagramsAndLeaves) {
  DiagramBuilder<double> builder;
  auto* integrator = builder.AddNamedSystem(
      "integrator", std::make_unique<Integrator<double>>(1));
  auto* gain =
      builder.AddNamedSystem("gain", std::make_unique<Gain<double>>(2.0, 1));
  builder.Connect(*integrator, *gain);
  auto diagram = builder.Build();
  diagram->set_name("d");
  RecordingVisitor visitor;
  AcceptSystemVisitor(*diagram, &visitor);
  EXPECT_THAT(
      visitor.visits,
      ::testing::ElementsAre("diagram d", "system integrator", "system gain"));
  EXPECT_LOGIC_ERROR(AcceptSystemVisitor<double>(*diagram, nullptr),
                     "visitor is null");
}

TEST(UniquePeriodicDiscreteUpdateTest, LeafAndDiagram) {
  Counter counter(0.5, 0.0);
  auto context = counter.CreateDefaultContext();
  context->SetDiscreteState(Eigen::VectorXd::Constant(1, 4.0));
  // x⁺ = x + 1; the Context keeps x.
  EXPECT_EQ(CalcUniquePeriodicDiscreteUpdate(counter, *context)->value(0)[0],
            5.0);
  EXPECT_EQ(context->get_discrete_state(0)[0], 4.0);

  DiagramBuilder<double> builder;
  auto* first = builder.AddNamedSystem("a", std::make_unique<Counter>(0.5, 0));
  builder.AddNamedSystem("b", std::make_unique<Counter>(0.5, 0));
  auto diagram = builder.Build();
  auto diagram_context = diagram->CreateDefaultContext();
  diagram->GetMutableSubsystemContext(*first, diagram_context.get())
      .SetDiscreteState(Eigen::VectorXd::Constant(1, 10.0));
  auto update = CalcUniquePeriodicDiscreteUpdate(*diagram, *diagram_context);
  ASSERT_EQ(update->num_groups(), 2);
  EXPECT_EQ(update->value(0)[0], 11.0);
  EXPECT_EQ(update->value(1)[0], 1.0);

  Gain<double> no_events(1.0, 1);
  EXPECT_LOGIC_ERROR(CalcUniquePeriodicDiscreteUpdate(
                         no_events, *no_events.CreateDefaultContext()),
                     "no periodic discrete update events");
}

TEST(DiagramBuilderEditTest, DisconnectConnectToSameRemoveSystem) {
  DiagramBuilder<double> builder;
  auto* source =
      builder.AddNamedSystem("source", std::make_unique<Gain<double>>(2.0, 1));
  auto* a = builder.AddNamedSystem("a", std::make_unique<Gain<double>>(3.0, 1));
  auto* b = builder.AddNamedSystem("b", std::make_unique<Gain<double>>(5.0, 1));
  auto* c = builder.AddNamedSystem("c", std::make_unique<Gain<double>>(7.0, 1));
  builder.ExportInput(source->get_input_port(0), "u");
  builder.Connect(source->get_output_port(0), a->get_input_port(0));
  EXPECT_TRUE(
      builder.ConnectToSame(a->get_input_port(0), b->get_input_port(0)));
  EXPECT_EQ(builder.connection_map().size(), 2);
  // The exemplar exported: c joins diagram input u.
  EXPECT_TRUE(
      builder.ConnectToSame(source->get_input_port(0), c->get_input_port(0)));
  builder.Disconnect(source->get_output_port(0), b->get_input_port(0));
  EXPECT_FALSE(builder.IsConnectedOrExported(b->get_input_port(0)));
  EXPECT_LOGIC_ERROR(
      builder.Disconnect(source->get_output_port(0), b->get_input_port(0)),
      "is not connected to");
  EXPECT_FALSE(
      builder.ConnectToSame(b->get_input_port(0), c->get_input_port(0)));
  builder.ExportOutput(b->get_output_port(0), "yb");
  builder.ExportOutput(a->get_output_port(0), "ya");
  builder.RemoveSystem(*b);
  EXPECT_LOGIC_ERROR(builder.RemoveSystem(*b), "is not in this builder");
  EXPECT_EQ(builder.num_output_ports(), 1);
  auto diagram = builder.Build();
  EXPECT_EQ(diagram->num_subsystems(), 3);
  ASSERT_EQ(diagram->num_output_ports(), 1);
  EXPECT_EQ(diagram->get_output_port(0).get_name(), "ya");
  auto context = diagram->CreateDefaultContext();
  diagram->get_input_port(0).FixValue(
      context.get(), Eigen::VectorXd(Eigen::VectorXd::Ones(1)));
  // ya = 3·(2·u).
  EXPECT_EQ(diagram->get_output_port(0).Eval(*context)[0], 6.0);
}

}  // namespace system_api_test
}  // namespace ossa::systems
