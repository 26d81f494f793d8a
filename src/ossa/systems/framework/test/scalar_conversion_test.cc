// Tests of ToAutoDiffXd / ToScalarType for leaf systems and diagrams.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/test/test_systems.h"

namespace ossa::systems {
namespace scalar_conversion_test {

using test::Gain;
using test::Integrator;
using ::testing::HasSubstr;

// ẋ = −a·x + u through a feedback loop: integrator → gain(−a) → adder? We
// keep it linear with two integrators and a gain:
//   x1' = g·x2,  x2' = u (diagram input)
// so that ∂ẋ/∂x = [[0, g], [0, 0]] and ∂ẋ/∂u = [0, 1].
std::unique_ptr<Diagram<double>> MakeLinearDiagram(double g) {
  DiagramBuilder<double> builder;
  auto* x1 =
      builder.AddNamedSystem("x1", std::make_unique<Integrator<double>>());
  auto* x2 =
      builder.AddNamedSystem("x2", std::make_unique<Integrator<double>>());
  auto* gain =
      builder.AddNamedSystem("gain", std::make_unique<Gain<double>>(g));
  builder.Connect(*x2, *gain);
  builder.Connect(*gain, *x1);
  builder.ExportInput(x2->get_input_port(0), "u");
  builder.ExportOutput(x1->get_output_port(0), "y");
  auto diagram = builder.Build();
  diagram->set_name("linear");
  return diagram;
}

TEST(ScalarConversionTest, LeafSystem) {
  Gain<double> gain(2.5);
  gain.set_name("g");
  std::unique_ptr<System<AutoDiffXd>> gain_ad = gain.ToAutoDiffXd();
  EXPECT_EQ(gain_ad->get_name(), "g");
  ASSERT_NE(dynamic_cast<Gain<AutoDiffXd>*>(gain_ad.get()), nullptr);
  auto context = gain_ad->CreateDefaultContext();
  // y = k·u with u the independent variable: dy/du = k.
  gain_ad->get_input_port(0).FixValue(
      context.get(), InitializeAutoDiff(Eigen::VectorXd::Constant(1, 4.0)));
  const auto& y = gain_ad->get_output_port(0).Eval(*context);
  EXPECT_EQ(y[0].value(), 10.0);
  ASSERT_EQ(y[0].derivatives().size(), 1);
  EXPECT_EQ(y[0].derivatives()[0], 2.5);
  // And back to double.
  auto gain_back = gain_ad->ToScalarType<double>();
  EXPECT_EQ(dynamic_cast<Gain<double>&>(*gain_back).k(), 2.5);
}

TEST(ScalarConversionTest, DiagramMatchesDoubleAndHasGradients) {
  const double g = -3.0;
  auto diagram = MakeLinearDiagram(g);
  auto context = diagram->CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(0.7, 1.1));
  diagram->get_input_port(0).FixValue(context.get(), 0.4);
  const Eigen::VectorXd xdot =
      diagram->EvalTimeDerivatives(*context).CopyToVector();
  EXPECT_EQ(xdot, Eigen::Vector2d(g * 1.1, 0.4));

  std::unique_ptr<System<AutoDiffXd>> diagram_ad = diagram->ToAutoDiffXd();
  EXPECT_EQ(diagram_ad->get_name(), "linear");
  EXPECT_EQ(diagram_ad->num_continuous_states(), 2);
  auto context_ad = diagram_ad->CreateDefaultContext();
  context_ad->SetTimeStateAndParametersFrom(*context);
  // Independent variables: [x1, x2, u].
  const VectorX<AutoDiffXd> xu =
      InitializeAutoDiff(Eigen::Vector3d(0.7, 1.1, 0.4));
  context_ad->SetContinuousState(xu.head(2));
  diagram_ad->get_input_port(0).FixValue(context_ad.get(),
                                         VectorX<AutoDiffXd>(xu.tail(1)));
  const VectorX<AutoDiffXd> xdot_ad =
      diagram_ad->EvalTimeDerivatives(*context_ad).CopyToVector();
  // Values equal to the double computation (the same operations: exact).
  EXPECT_EQ(ExtractValue(xdot_ad), xdot);
  // The Jacobian of a linear system is exact: [[0, g, 0], [0, 0, 1]].
  Eigen::MatrixXd expected(2, 3);
  expected << 0, g, 0, 0, 0, 1;
  EXPECT_EQ(ExtractGradient(xdot_ad, 3), expected);
}

class NotConvertible final : public LeafSystem<double> {
 public:
  NotConvertible() { DeclareContinuousState(1); }
};

TEST(ScalarConversionTest, UnsupportedConversionThrows) {
  NotConvertible sys;
  sys.set_name("plain");
  try {
    sys.ToAutoDiffXd();
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("does not support scalar conversion"));
    EXPECT_THAT(e.what(), HasSubstr("plain"));
  }
  EXPECT_EQ(sys.ToAutoDiffXdMaybe(), nullptr);
  DiagramBuilder<double> builder;
  builder.AddNamedSystem("plain", std::make_unique<NotConvertible>());
  auto diagram = builder.Build();
  EXPECT_THROW(diagram->ToAutoDiffXd(), std::logic_error);
}

}  // namespace
}  // namespace ossa::systems
