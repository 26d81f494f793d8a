// Selector, PortSwitch, BusCreator and BusSelector (with BusValue),
// SparseMatrixGain, SharedPointerSystem, the publish triggers of
// VectorLogSink, the abstract DiscreteTimeDelay, the
// trajectory-coefficient systems and the AffineSystem additions
// (UpdateCoefficients, random states): outputs against hand-computed
// values, dependencies, scalar conversion and errors.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/primitives/affine_system.h"
#include "ossa/systems/primitives/bus_creator.h"
#include "ossa/systems/primitives/bus_selector.h"
#include "ossa/systems/primitives/discrete_time_delay.h"
#include "ossa/systems/primitives/multiplexer.h"
#include "ossa/systems/primitives/port_switch.h"
#include "ossa/systems/primitives/selector.h"
#include "ossa/systems/primitives/shared_pointer_system.h"
#include "ossa/systems/primitives/sparse_matrix_gain.h"
#include "ossa/systems/primitives/trajectory_affine_system.h"
#include "ossa/systems/primitives/trajectory_linear_system.h"
#include "ossa/systems/primitives/vector_log_sink.h"

namespace ossa::systems {
namespace {

using ::testing::HasSubstr;
using trajectories::PiecewisePolynomial;

#define ROUTING_EXPECT_THROW_WITH(statement, text)                \
  try {                                                           \
    statement;                                                    \
    ADD_FAILURE() << "expected an exception mentioning " << text; \
  } catch (const std::exception& e) {                             \
    EXPECT_THAT(std::string(e.what()), HasSubstr(text));          \
  }

SelectorParams RoutingSelectorParams() {
  using P = SelectorParams;
  P params;
  params.inputs = {P::InputPortParams{std::nullopt, 2},
                   P::InputPortParams{"b", 3}};
  // y0 = [b[2], u0[0], b[0]]; "z" = [b[1]].
  params.outputs = {P::OutputPortParams{std::nullopt, {{1, 2}, {0, 0}, {1, 0}}},
                    P::OutputPortParams{"z", {{1, 1}}}};
  return params;
}

TEST(RoutingPrimitivesTest, SelectorRoutesElements) {
  Selector<double> selector(RoutingSelectorParams());
  ASSERT_EQ(selector.num_input_ports(), 2);
  ASSERT_EQ(selector.num_output_ports(), 2);
  EXPECT_EQ(selector.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(selector.get_input_port(1).get_name(), "b");
  EXPECT_EQ(selector.get_output_port(0).get_name(), "y0");
  EXPECT_EQ(selector.get_output_port(1).get_name(), "z");
  EXPECT_EQ(selector.get_output_port(0).size(), 3);
  // Each output depends on exactly the inputs its selections name.
  EXPECT_TRUE(selector.HasDirectFeedthrough(0, 0));
  EXPECT_TRUE(selector.HasDirectFeedthrough(1, 0));
  EXPECT_FALSE(selector.HasDirectFeedthrough(0, 1));
  EXPECT_TRUE(selector.HasDirectFeedthrough(1, 1));
  auto context = selector.CreateDefaultContext();
  selector.get_input_port(0).FixValue(context.get(), Eigen::Vector2d(1, 2));
  selector.get_input_port(1).FixValue(context.get(), Eigen::Vector3d(3, 4, 5));
  EXPECT_EQ(selector.get_output_port(0).Eval(*context),
            Eigen::Vector3d(5, 1, 3));
  EXPECT_EQ(selector.get_output_port(1).Eval(*context)[0], 4.0);

  // The same routing on AutoDiffXd keeps the derivatives of the inputs.
  auto ad = selector.ToAutoDiffXd();
  auto ad_context = ad->CreateDefaultContext();
  VectorX<AutoDiffXd> u0(2), b(3);
  for (int i = 0; i < 2; ++i)
    u0[i] = AutoDiffXd(i + 1, Eigen::VectorXd::Unit(5, i));
  for (int i = 0; i < 3; ++i)
    b[i] = AutoDiffXd(i + 3, Eigen::VectorXd::Unit(5, 2 + i));
  ad->get_input_port(0).FixValue(ad_context.get(), u0);
  ad->get_input_port(1).FixValue(ad_context.get(), b);
  const auto& y = ad->get_output_port(0).Eval(*ad_context);
  EXPECT_EQ(y[0].derivatives(), Eigen::VectorXd::Unit(5, 4));
  EXPECT_EQ(y[1].derivatives(), Eigen::VectorXd::Unit(5, 0));
}

TEST(RoutingPrimitivesTest, SelectorRejectsBadSelections) {
  using P = SelectorParams;
  P params;
  params.inputs = {P::InputPortParams{std::nullopt, 2}};
  params.outputs = {P::OutputPortParams{std::nullopt, {{1, 0}}}};
  ROUTING_EXPECT_THROW_WITH(Selector<double>{params}, "selects input port 1");
  params.outputs = {P::OutputPortParams{std::nullopt, {{0, 2}}}};
  ROUTING_EXPECT_THROW_WITH(Selector<double>{params}, "selects offset 2");
  params.inputs = {P::InputPortParams{std::nullopt, -1}};
  params.outputs.clear();
  ROUTING_EXPECT_THROW_WITH(Selector<double>{params}, "has size -1");
  params.inputs = {P::InputPortParams{"a", 1}, P::InputPortParams{"a", 1}};
  EXPECT_THROW(Selector<double>{params}, std::exception);
}

TEST(RoutingPrimitivesTest, PortSwitchPassesTheSelectedInput) {
  PortSwitch<double> port_switch(2);
  port_switch.DeclareInputPort("a");
  port_switch.DeclareInputPort("b");
  EXPECT_EQ(port_switch.get_port_selector_input_port().get_name(),
            "port_selector");
  EXPECT_EQ(port_switch.get_output_port(0).get_name(), "value");
  auto context = port_switch.CreateDefaultContext();
  port_switch.get_input_port(1).FixValue(context.get(), Eigen::Vector2d(1, 2));
  // Input "b" stays unset: an unselected input is never evaluated.
  port_switch.get_port_selector_input_port().FixValue(context.get(),
                                                      InputPortIndex(1));
  EXPECT_EQ(port_switch.get_output_port(0).Eval(*context),
            Eigen::Vector2d(1, 2));
  port_switch.get_input_port(2).FixValue(context.get(), Eigen::Vector2d(3, 4));
  port_switch.get_port_selector_input_port().FixValue(context.get(),
                                                      InputPortIndex(2));
  EXPECT_EQ(port_switch.get_output_port(0).Eval(*context),
            Eigen::Vector2d(3, 4));
  for (int bad : {0, 3}) {
    port_switch.get_port_selector_input_port().FixValue(context.get(),
                                                        InputPortIndex(bad));
    ROUTING_EXPECT_THROW_WITH(port_switch.get_output_port(0).Eval(*context),
                              "port_selector is " + std::to_string(bad));
  }
  // An input declared after the Context was allocated has no value there:
  // selecting it throws (it does not read past the Context's ports).
  port_switch.DeclareInputPort("late");
  port_switch.get_port_selector_input_port().FixValue(context.get(),
                                                      InputPortIndex(3));
  ROUTING_EXPECT_THROW_WITH(port_switch.get_output_port(0).Eval(*context),
                            "declared after this Context was allocated");
  // Scalar conversion keeps the declared inputs and their names.
  auto ad = port_switch.ToAutoDiffXd();
  ASSERT_EQ(ad->num_input_ports(), 4);
  EXPECT_EQ(ad->get_input_port(2).get_name(), "b");
  EXPECT_THROW(PortSwitch<double>(0), std::logic_error);
}

TEST(RoutingPrimitivesTest, SparseMatrixGainMatchesDenseProduct) {
  Eigen::MatrixXd dense(3, 4);
  dense << 1, 0, 0, 2,  //
      0, 0, -3, 0,      //
      4, 0, 0, 5;
  const Eigen::SparseMatrix<double> D = dense.sparseView();
  SparseMatrixGain<double> gain(D);
  EXPECT_EQ(gain.get_input_port(0).get_name(), "u");
  EXPECT_EQ(gain.get_output_port(0).get_name(), "y");
  EXPECT_EQ(gain.get_input_port(0).size(), 4);
  EXPECT_EQ(gain.get_output_port(0).size(), 3);
  auto context = gain.CreateDefaultContext();
  const Eigen::Vector4d u(1, -2, 3, 0.5);
  gain.get_input_port(0).FixValue(context.get(), u);
  // Exact: each entry is a sum of at most two products of small integers
  // and halves.
  EXPECT_EQ(gain.get_output_port(0).Eval(*context), dense * u);
  // A new D applies to outputs computed afterwards: a fresh Context (the
  // existing one keeps its cached output until its input changes).
  gain.set_D(-D);
  auto fresh = gain.CreateDefaultContext();
  gain.get_input_port(0).FixValue(fresh.get(), u);
  EXPECT_EQ(gain.get_output_port(0).Eval(*fresh), -dense * u);
  EXPECT_THROW(gain.set_D(Eigen::SparseMatrix<double>(2, 2)), std::logic_error);
}

TEST(RoutingPrimitivesTest, SharedPointerSystemKeepsItsValue) {
  auto held = std::make_shared<std::string>("kept");
  std::weak_ptr<std::string> watch = held;
  {
    DiagramBuilder<double> builder;
    std::string* alias =
        SharedPointerSystem<double>::AddToBuilder(&builder, std::move(held));
    EXPECT_EQ(*alias, "kept");
    auto diagram = builder.Build();
    EXPECT_FALSE(watch.expired());
    const auto& system = dynamic_cast<const SharedPointerSystem<double>&>(
        *diagram->GetSystems()[0]);
    EXPECT_EQ(system.get<std::string>(), alias);
    ROUTING_EXPECT_THROW_WITH(system.get<int>(), "not a int");
    // The converted system shares the object.
    auto ad = system.ToAutoDiffXd();
    diagram.reset();
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(*dynamic_cast<const SharedPointerSystem<AutoDiffXd>&>(*ad)
                   .get<std::string>(),
              "kept");
  }
  EXPECT_TRUE(watch.expired());
  EXPECT_THROW(SharedPointerSystem<double>::AddToBuilder(
                   nullptr, std::make_shared<int>(1)),
               std::logic_error);
}

// A(t) = (1 + t)·I₂ (first-order hold), B(t) = [1; 1] then [2; 2] from
// t = 1 (zero-order hold), f0(t) = (1 + t)·[1; 1], C(t) = (1 + t)·[1 1],
// D(t) = [t], y0(t) = [1 + t], on t ∈ [0, 2].
struct RoutingCoefficients {
  PiecewisePolynomial<double> A, B, f0, C, D, y0;
};

RoutingCoefficients MakeRoutingCoefficients() {
  const std::vector<double> breaks{0, 1, 2};
  auto hold = [&](Eigen::MatrixXd base, bool first_order) {
    std::vector<Eigen::MatrixXd> samples;
    for (int k = 1; k <= 3; ++k) samples.push_back(k * base);
    return first_order
               ? PiecewisePolynomial<double>::FirstOrderHold(breaks, samples)
               : PiecewisePolynomial<double>::ZeroOrderHold(breaks, samples);
  };
  std::vector<Eigen::MatrixXd> d_samples{Eigen::MatrixXd::Constant(1, 1, 0),
                                         Eigen::MatrixXd::Constant(1, 1, 1),
                                         Eigen::MatrixXd::Constant(1, 1, 2)};
  return {hold(Eigen::Matrix2d::Identity(), true),
          hold(Eigen::MatrixXd::Ones(2, 1), false),
          hold(Eigen::MatrixXd::Ones(2, 1), true),
          hold(Eigen::MatrixXd::Ones(1, 2), true),
          PiecewisePolynomial<double>::FirstOrderHold(breaks, d_samples),
          hold(Eigen::MatrixXd::Ones(1, 1), true)};
}

TEST(RoutingPrimitivesTest, TrajectoryAffineSystemContinuous) {
  const RoutingCoefficients k = MakeRoutingCoefficients();
  TrajectoryAffineSystem<double> sys(k.A, k.B, k.f0, k.C, k.D, k.y0);
  EXPECT_EQ(sys.num_states(), 2);
  EXPECT_EQ(sys.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(sys.get_output_port(0).get_name(), "y0");
  EXPECT_TRUE(sys.HasDirectFeedthrough(0, 0));
  auto context = sys.CreateDefaultContext();
  context->SetTime(0.5);
  context->SetContinuousState(Eigen::Vector2d(1, 2));
  sys.get_input_port(0).FixValue(context.get(), Vector1<double>(3));
  // ẋ = 1.5·[1, 2] + 1·3 + 1.5 = [6, 7.5]; y = 1.5·3 + 0.5·3 + 1.5 = 7.5.
  EXPECT_TRUE(sys.EvalTimeDerivatives(*context).CopyToVector().isApprox(
      Eigen::Vector2d(6, 7.5), 1e-14));
  EXPECT_NEAR(sys.get_output_port(0).Eval(*context)[0], 7.5, 1e-14);
  EXPECT_NEAR(sys.A(1.25)(1, 1), 2.25, 1e-14);
  EXPECT_EQ(sys.B(1.25), Eigen::Vector2d(2, 2));

  // AutoDiffXd: the state's derivatives pass through A(t).
  auto ad = sys.ToAutoDiffXd();
  auto ad_context = ad->CreateDefaultContext();
  ad_context->SetTime(0.5);
  VectorX<AutoDiffXd> x(2);
  x[0] = AutoDiffXd(1, Eigen::Vector2d(1, 0));
  x[1] = AutoDiffXd(2, Eigen::Vector2d(0, 1));
  ad_context->SetContinuousState(x);
  ad->get_input_port(0).FixValue(
      ad_context.get(),
      VectorX<AutoDiffXd>(VectorX<AutoDiffXd>::Constant(1, 3.0)));
  const auto xdot = ad->EvalTimeDerivatives(*ad_context).CopyToVector();
  EXPECT_NEAR(xdot[1].value(), 7.5, 1e-14);
  EXPECT_TRUE(xdot[0].derivatives().isApprox(Eigen::Vector2d(1.5, 0), 1e-14));

  ROUTING_EXPECT_THROW_WITH(
      (TrajectoryAffineSystem<double>(k.A, k.B, k.y0, k.C, k.D, k.y0)),
      "f0 is 1x1; expected 2x1");
  EXPECT_THROW(
      (TrajectoryAffineSystem<double>(k.A, k.B, k.f0, k.C, k.D, k.y0, -1.0)),
      std::logic_error);
}

TEST(RoutingPrimitivesTest, TrajectoryLinearSystemDiscrete) {
  const RoutingCoefficients k = MakeRoutingCoefficients();
  TrajectoryLinearSystem<double> sys(k.A, k.B, k.C, k.D, 0.5);
  EXPECT_EQ(sys.time_period(), 0.5);
  EXPECT_EQ(sys.f0(0.3), Eigen::Vector2d::Zero());
  Simulator<double> simulator(sys);
  auto& context = simulator.get_mutable_context();
  context.SetDiscreteState(Eigen::Vector2d(1, 2));
  sys.get_input_port(0).FixValue(&context, Vector1<double>(3));
  // Updates at t = 0 and 0.5: x ← A(t)·x + B(t)·u with A(0) = I,
  // A(0.5) = 1.5·I, B = [1; 1]: [1, 2] → [4, 5] → [9, 10.5].
  simulator.AdvanceTo(0.75);
  EXPECT_TRUE(context.get_discrete_state(0).value().isApprox(
      Eigen::Vector2d(9, 10.5), 1e-14));
}

TEST(RoutingPrimitivesTest, RandomStateHasTheConfiguredCovariance) {
  const RoutingCoefficients k = MakeRoutingCoefficients();
  TrajectoryAffineSystem<double> sys(k.A, k.B, k.f0, k.C, k.D, k.y0);
  sys.configure_default_state(Eigen::Vector2d(1, -1));
  Eigen::Matrix2d sigma;
  sigma << 4, 1, 1, 2;
  sys.configure_random_state(sigma);
  const Eigen::MatrixXd& L = sys.get_random_state_covariance_factor();
  EXPECT_TRUE((L * L.transpose()).isApprox(sigma, 1e-14));
  // Sample mean and covariance of N draws: their standard errors are about
  // sqrt(Σ/N) ≈ 0.02 and sqrt(2)·Σ/sqrt(N) ≈ 0.06 for N = 10⁴; the bounds
  // are about 5 standard errors.
  RandomGenerator generator(42);
  auto context = sys.CreateDefaultContext();
  const int N = 10000;
  Eigen::Vector2d sum = Eigen::Vector2d::Zero();
  Eigen::Matrix2d outer = Eigen::Matrix2d::Zero();
  for (int i = 0; i < N; ++i) {
    sys.SetRandomContext(context.get(), &generator);
    const Eigen::Vector2d x =
        context->get_continuous_state_vector().CopyToVector();
    sum += x;
    outer +=
        (x - Eigen::Vector2d(1, -1)) * (x - Eigen::Vector2d(1, -1)).transpose();
  }
  EXPECT_TRUE((sum / N - Eigen::Vector2d(1, -1)).cwiseAbs().maxCoeff() < 0.1);
  EXPECT_TRUE((outer / N - sigma).cwiseAbs().maxCoeff() < 0.3);
  // A semi-definite covariance (rank one) factors too.
  Eigen::Matrix2d rank_one;
  rank_one << 1, 2, 2, 4;
  sys.configure_random_state(rank_one);
  const Eigen::MatrixXd& L1 = sys.get_random_state_covariance_factor();
  EXPECT_TRUE((L1 * L1.transpose()).isApprox(rank_one, 1e-12));
  sys.configure_random_state(Eigen::Matrix2d::Zero());
  EXPECT_TRUE(sys.get_random_state_covariance_factor().isZero(0.0));
  Eigen::Matrix2d indefinite;
  indefinite << 1, 0, 0, -1;
  ROUTING_EXPECT_THROW_WITH(sys.configure_random_state(indefinite),
                            "not positive semi-definite");
  ROUTING_EXPECT_THROW_WITH(
      sys.configure_random_state(Eigen::Matrix3d::Identity()), "3x3");
}

TEST(RoutingPrimitivesTest, AffineSystemUpdateCoefficients) {
  Eigen::Matrix2d A;
  A << 0, 1, -2, -3;
  const Eigen::Vector2d B(0, 1), f0(1, -1);
  Eigen::MatrixXd C(1, 2), D(1, 1);
  C << 1, 2;
  D << 0;
  AffineSystem<double> sys(A, B, f0, C, D, Vector1<double>(5));
  EXPECT_FALSE(sys.HasDirectFeedthrough(0, 0));
  sys.UpdateCoefficients(2 * A, 2 * B, 2 * f0, 2 * C, D, Vector1<double>(1));
  auto context = sys.CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(2, 3));
  sys.get_input_port(0).FixValue(context.get(), Vector1<double>(7));
  // ẋ = 2·([3, -13] + [0, 7] + [1, -1]) = [8, -14]; y = 2·(2 + 6) + 1 = 17.
  EXPECT_EQ(sys.EvalTimeDerivatives(*context).CopyToVector(),
            Eigen::Vector2d(8, -14));
  EXPECT_EQ(sys.get_output_port(0).Eval(*context)[0], 17.0);
  ROUTING_EXPECT_THROW_WITH(
      sys.UpdateCoefficients(Eigen::Matrix3d::Identity(), B, f0, C, D,
                             Vector1<double>(1)),
      "the new A is 3x3");
  ROUTING_EXPECT_THROW_WITH(
      sys.UpdateCoefficients(A, B, f0, C, Eigen::MatrixXd::Ones(1, 1),
                             Vector1<double>(1)),
      "D is nonzero");
}

TEST(RoutingPrimitivesTest, MultiplexerFromModelVector) {
  const BasicVector<double> model(Eigen::Vector3d(7, 8, 9));
  Multiplexer<double> mux(model);
  EXPECT_EQ(mux.num_input_ports(), 3);
  EXPECT_EQ(mux.get_output_port(0).size(), 3);
  auto context = mux.CreateDefaultContext();
  for (int i = 0; i < 3; ++i) {
    mux.get_input_port(i).FixValue(context.get(), Vector1<double>(i + 1.0));
  }
  EXPECT_EQ(mux.get_output_port(0).Eval(*context), Eigen::Vector3d(1, 2, 3));
  EXPECT_THROW(mux.ToAutoDiffXd(), std::logic_error);
}

TEST(RoutingPrimitivesTest, BusValueKeepsOrderAndTypes) {
  BusValue bus;
  bus.Set("z", Value<double>(1.5));
  bus.Set("a", Value<std::string>("text"));
  bus.Set("z", Value<double>(2.5));
  ASSERT_EQ(bus.size(), 2);
  std::vector<std::string> names;
  for (const auto& [name, value] : bus) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"z", "a"}));
  EXPECT_EQ(bus.Find("z")->get_value<double>(), 2.5);
  EXPECT_EQ(bus.Find("missing"), nullptr);
  EXPECT_THROW(bus.Set("z", Value<std::string>("x")), std::logic_error);
  // Copies are deep.
  BusValue copy = bus;
  bus.Set("a", Value<std::string>("changed"));
  EXPECT_EQ(copy.Find("a")->get_value<std::string>(), "text");
  bus.Clear();
  EXPECT_EQ(bus.size(), 0);
  EXPECT_EQ(bus.Find("z"), nullptr);
}

TEST(RoutingPrimitivesTest, BusCreatorAndSelectorRoundTrip) {
  BusCreator<double> creator("bus_out");
  creator.DeclareVectorInputPort("position", 2);
  creator.DeclareAbstractInputPort("label", Value<std::string>("none"));
  creator.DeclareVectorInputPort(kUseDefaultName, 1);
  EXPECT_EQ(creator.get_input_port(2).get_name(), "u2");
  auto creator_context = creator.CreateDefaultContext();
  creator.get_input_port(0).FixValue(creator_context.get(),
                                     Eigen::Vector2d(0.5, -4));
  creator.get_input_port(1).FixValue(creator_context.get(), std::string("tag"));
  // Input u2 has no value: it is left out of the bus.
  const auto& bus = creator.get_output_port(0).Eval<BusValue>(*creator_context);
  ASSERT_EQ(bus.size(), 2);
  EXPECT_EQ(bus.Find("u2"), nullptr);

  BusSelector<double> selector;
  EXPECT_EQ(selector.get_input_port(0).get_name(), "u0");
  selector.DeclareVectorOutputPort("position", 2);
  selector.DeclareAbstractOutputPort("label", Value<std::string>("none"));
  selector.DeclareVectorOutputPort("velocity", 2);
  selector.DeclareVectorOutputPort("label_as_vector", 1);
  auto selector_context = selector.CreateDefaultContext();
  BusValue with_wrong_type = bus;
  with_wrong_type.Set("label_as_vector", Value<std::string>("x"));
  selector.get_input_port(0).FixValue(selector_context.get(), with_wrong_type);
  EXPECT_EQ(selector.get_output_port(0).Eval(*selector_context),
            Eigen::Vector2d(0.5, -4));
  EXPECT_EQ(selector.get_output_port(1).Eval<std::string>(*selector_context),
            "tag");
  ROUTING_EXPECT_THROW_WITH(selector.get_output_port(2).Eval(*selector_context),
                            "no signal named 'velocity'");
  ROUTING_EXPECT_THROW_WITH(selector.get_output_port(3).Eval(*selector_context),
                            "needs a BasicVector of size 1");

  // Scalar conversion keeps every port, with its name, size or type.
  auto ad_creator = creator.ToAutoDiffXd();
  ASSERT_EQ(ad_creator->num_input_ports(), 3);
  EXPECT_EQ(ad_creator->get_output_port(0).get_name(), "bus_out");
  EXPECT_EQ(ad_creator->get_input_port(1).get_data_type(), kAbstractValued);
  auto ad_selector = selector.ToAutoDiffXd();
  ASSERT_EQ(ad_selector->num_output_ports(), 4);
  EXPECT_EQ(ad_selector->get_output_port(2).get_name(), "velocity");
}

TEST(RoutingPrimitivesTest, VectorLogSinkPublishTriggers) {
  // Forced only: a simulation records nothing until ForcedPublish.
  VectorLogSink<double> forced(1, {TriggerType::kForced});
  EXPECT_EQ(forced.publish_triggers(),
            std::set<TriggerType>{TriggerType::kForced});
  Simulator<double> simulator(forced);
  forced.get_input_port(0).FixValue(&simulator.get_mutable_context(),
                                    Vector1<double>(2));
  simulator.AdvanceTo(1.0);
  EXPECT_EQ(forced.GetLog(simulator.get_context()).num_samples(), 0);
  forced.ForcedPublish(simulator.get_context());
  EXPECT_EQ(forced.GetLog(simulator.get_context()).num_samples(), 1);
  // Periodic only, every 0.25 s: t = 0, 0.25, 0.5, 0.75, 1.
  VectorLogSink<double> periodic(1, {TriggerType::kPeriodic}, 0.25);
  Simulator<double> periodic_simulator(periodic);
  periodic.get_input_port(0).FixValue(&periodic_simulator.get_mutable_context(),
                                      Vector1<double>(2));
  periodic_simulator.AdvanceTo(1.0);
  EXPECT_EQ(periodic.GetLog(periodic_simulator.get_context()).num_samples(), 5);
  // The log's first growth makes room for kDefaultCapacity samples.
  VectorLog<double> log(2);
  log.AddData(0.0, Eigen::Vector2d(1, 2));
  EXPECT_EQ(VectorLog<double>::kDefaultCapacity, 1000);

  const std::set<TriggerType> none;
  ROUTING_EXPECT_THROW_WITH((VectorLogSink<double>(1, none)), "empty");
  ROUTING_EXPECT_THROW_WITH((VectorLogSink<double>(1, {TriggerType::kWitness})),
                            "not supported");
  ROUTING_EXPECT_THROW_WITH(
      (VectorLogSink<double>(1, {TriggerType::kPeriodic}, 0.0)),
      "needs publish_period > 0");
  ROUTING_EXPECT_THROW_WITH(
      (VectorLogSink<double>(1, {TriggerType::kPerStep}, 0.5)),
      "do not include kPeriodic");
}

TEST(RoutingPrimitivesTest, AbstractDiscreteTimeDelay) {
  // Samples every 0.5 s, delayed by two updates; the output is the model
  // value until the first delayed sample arrives.
  DiscreteTimeDelay<double> delay(0.5, 2, Value<std::string>("none"));
  EXPECT_TRUE(delay.is_abstract());
  EXPECT_EQ(delay.get_output_port(0).get_name(), "delayed_u");
  EXPECT_FALSE(delay.HasAnyDirectFeedthrough());
  Simulator<double> simulator(delay);
  auto& context = simulator.get_mutable_context();
  std::vector<std::string> outputs;
  for (int k = 0; k < 5; ++k) {
    delay.get_input_port(0).FixValue(&context, "s" + std::to_string(k));
    // Update k happens at t = 0.5·k, with the input "sk".
    simulator.AdvanceTo(0.5 * k + 0.25);
    outputs.push_back(delay.get_output_port(0).Eval<std::string>(context));
  }
  EXPECT_EQ(outputs,
            (std::vector<std::string>{"none", "none", "s0", "s1", "s2"}));
  EXPECT_THROW(delay.ToAutoDiffXd(), std::logic_error);
  EXPECT_THROW(DiscreteTimeDelay<double>(0.5, 0, Value<int>(1)),
               std::logic_error);
}

}  // namespace
}  // namespace ossa::systems
