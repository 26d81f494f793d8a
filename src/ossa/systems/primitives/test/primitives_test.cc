// Outputs of the primitive systems against hand-computed values, their port
// names and sizes, and their errors.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/primitives/adder.h"
#include "ossa/systems/primitives/affine_system.h"
#include "ossa/systems/primitives/constant_value_source.h"
#include "ossa/systems/primitives/constant_vector_source.h"
#include "ossa/systems/primitives/demultiplexer.h"
#include "ossa/systems/primitives/discrete_derivative.h"
#include "ossa/systems/primitives/discrete_time_delay.h"
#include "ossa/systems/primitives/discrete_time_integrator.h"
#include "ossa/systems/primitives/first_order_low_pass_filter.h"
#include "ossa/systems/primitives/gain.h"
#include "ossa/systems/primitives/integrator.h"
#include "ossa/systems/primitives/linear_system.h"
#include "ossa/systems/primitives/matrix_gain.h"
#include "ossa/systems/primitives/multiplexer.h"
#include "ossa/systems/primitives/pass_through.h"
#include "ossa/systems/primitives/saturation.h"
#include "ossa/systems/primitives/sine.h"
#include "ossa/systems/primitives/trajectory_source.h"
#include "ossa/systems/primitives/vector_log_sink.h"
#include "ossa/systems/primitives/wrap_to_system.h"
#include "ossa/systems/primitives/zero_order_hold.h"

namespace ossa::systems {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;
using Eigen::VectorXd;
using ::testing::HasSubstr;

TEST(PrimitivesTest, ConstantSources) {
  ConstantVectorSource<double> source(Vector3d(1, 2, 3));
  auto context = source.CreateDefaultContext();
  EXPECT_EQ(source.get_output_port(0).get_name(), "y0");
  EXPECT_EQ(source.get_output_port(0).Eval(*context), Vector3d(1, 2, 3));
  source.get_mutable_source_value(context.get())
      .SetFromVector(Vector3d(4, 5, 6));
  // The cached output follows the parameter change.
  EXPECT_EQ(source.get_output_port(0).Eval(*context), Vector3d(4, 5, 6));
  auto ad = source.ToAutoDiffXd();
  auto ad_context = ad->CreateDefaultContext();
  EXPECT_EQ(ad->get_output_port(0).Eval(*ad_context)[2].value(), 3.0);

  ConstantValueSource<double> value_source(Value<std::string>("hello"));
  auto vcontext = value_source.CreateDefaultContext();
  EXPECT_EQ(value_source.get_output_port(0).Eval<std::string>(*vcontext),
            "hello");
}

TEST(PrimitivesTest, GainAdderPassThroughMatrixGain) {
  Gain<double> gain(Vector3d(2, -1, 0.5));
  auto gc = gain.CreateDefaultContext();
  gain.get_input_port(0).FixValue(gc.get(), Vector3d(1, 2, 4));
  EXPECT_EQ(gain.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(gain.get_output_port(0).get_name(), "y0");
  EXPECT_EQ(gain.get_output_port(0).Eval(*gc), Vector3d(2, -2, 2));
  EXPECT_THROW(gain.get_gain(), std::logic_error);
  EXPECT_EQ(Gain<double>(3.0, 2).get_gain(), 3.0);
  EXPECT_THROW(Gain<double>(3.0, 0), std::logic_error);

  Adder<double> adder(3, 2);
  auto ac = adder.CreateDefaultContext();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(adder.get_input_port(i).get_name(), "u" + std::to_string(i));
    adder.get_input_port(i).FixValue(ac.get(), Vector2d(i, 10 * i));
  }
  EXPECT_EQ(adder.get_output_port(0).get_name(), "sum");
  EXPECT_EQ(adder.get_output_port(0).Eval(*ac), Vector2d(3, 30));
  // No inputs sum to zero; negative counts are errors.
  Adder<double> empty(0, 2);
  EXPECT_EQ(empty.get_output_port(0).Eval(*empty.CreateDefaultContext()),
            Vector2d(0, 0));
  EXPECT_THROW(Adder<double>(-1, 2), std::logic_error);
  EXPECT_THROW(Adder<double>(1, -2), std::logic_error);

  PassThrough<double> pass(2);
  auto pc = pass.CreateDefaultContext();
  pass.get_input_port(0).FixValue(pc.get(), Vector2d(7, 8));
  EXPECT_EQ(pass.get_input_port(0).get_name(), "u");
  EXPECT_EQ(pass.get_output_port(0).get_name(), "y");
  EXPECT_EQ(pass.get_output_port(0).Eval(*pc), Vector2d(7, 8));
  PassThrough<double> abstract_pass(Value<int>(0));
  auto apc = abstract_pass.CreateDefaultContext();
  abstract_pass.get_input_port(0).FixValue(apc.get(), 42);
  EXPECT_EQ(abstract_pass.get_output_port(0).Eval<int>(*apc), 42);

  Eigen::MatrixXd D(2, 3);
  D << 1, 2, 3, 4, 5, 6;
  MatrixGain<double> mg(D);
  auto mc = mg.CreateDefaultContext();
  mg.get_input_port(0).FixValue(mc.get(), Vector3d(1, 0, -1));
  EXPECT_EQ(mg.get_output_port(0).Eval(*mc), Vector2d(-2, -2));
}

TEST(PrimitivesTest, MultiplexerDemultiplexer) {
  Multiplexer<double> mux(std::vector<int>{2, 1});
  auto mc = mux.CreateDefaultContext();
  mux.get_input_port(0).FixValue(mc.get(), Vector2d(1, 2));
  mux.get_input_port(1).FixValue(mc.get(), Vector1<double>(3));
  EXPECT_EQ(mux.get_output_port(0).get_name(), "y0");
  EXPECT_EQ(mux.get_output_port(0).Eval(*mc), Vector3d(1, 2, 3));

  Demultiplexer<double> demux(std::vector<int>{1, 2});
  auto dc = demux.CreateDefaultContext();
  demux.get_input_port(0).FixValue(dc.get(), Vector3d(4, 5, 6));
  EXPECT_EQ(demux.get_output_port(0).Eval(*dc), Vector1<double>(4));
  EXPECT_EQ(demux.get_output_port(1).get_name(), "y1");
  EXPECT_EQ(demux.get_output_port(1).Eval(*dc), Vector2d(5, 6));
  EXPECT_EQ(Demultiplexer<double>(6, 2).num_output_ports(), 3);
  try {
    Demultiplexer<double>(5, 2);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("positive multiple"));
  }
}

TEST(PrimitivesTest, Saturation) {
  Saturation<double> sat(Vector3d(-1, -1, 0), Vector3d(1, 1, 0.5));
  auto c = sat.CreateDefaultContext();
  sat.get_input_port().FixValue(c.get(), Vector3d(-3, 0.25, 7));
  EXPECT_EQ(sat.get_output_port(0).Eval(*c), Vector3d(-1, 0.25, 0.5));
  EXPECT_THROW(sat.get_min_value_port(), std::logic_error);
  EXPECT_THROW(Saturation<double>(Vector2d(1, 1), Vector2d(0, 2)),
               std::logic_error);

  Saturation<double> variable(2);
  auto vc = variable.CreateDefaultContext();
  variable.get_input_port().FixValue(vc.get(), Vector2d(-5, 5));
  variable.get_max_value_port().FixValue(vc.get(), Vector2d(1, 2));
  // No min connected: unbounded below.
  EXPECT_EQ(variable.get_output_port(0).Eval(*vc), Vector2d(-5, 2));
}

TEST(PrimitivesTest, SineAndDerivatives) {
  const double a = 2.0, w = 3.0, phi = 0.25, t = 0.7;
  Sine<double> sine(a, w, phi, 2);
  auto c = sine.CreateDefaultContext();
  c->SetTime(t);
  EXPECT_NEAR(sine.get_output_port(0).Eval(*c)[1], a * std::sin(w * t + phi),
              1e-15);
  EXPECT_NEAR(sine.get_output_port(1).Eval(*c)[0],
              a * w * std::cos(w * t + phi), 1e-14);
  EXPECT_NEAR(sine.get_output_port(2).Eval(*c)[0],
              -a * w * w * std::sin(w * t + phi), 1e-14);
  EXPECT_EQ(sine.num_input_ports(), 0);

  Sine<double> driven(a, w, phi, 1, false);
  auto dc = driven.CreateDefaultContext();
  EXPECT_EQ(driven.get_input_port(0).get_name(), "u0");
  driven.get_input_port(0).FixValue(dc.get(), Vector1<double>(0.1));
  EXPECT_NEAR(driven.get_output_port(0).Eval(*dc)[0],
              a * std::sin(w * 0.1 + phi), 1e-15);
}

TEST(PrimitivesTest, TrajectorySource) {
  using trajectories::PiecewisePolynomial;
  Eigen::VectorXd breaks(3);
  breaks << 0, 1, 2;
  Eigen::MatrixXd samples(2, 3);
  samples << 0, 2, 2,  //
      1, 1, 0;
  const auto pp = PiecewisePolynomial<double>::FirstOrderHold(breaks, samples);
  TrajectorySource<double> source(pp, 1);
  auto c = source.CreateDefaultContext();
  EXPECT_EQ(source.get_output_port(0).size(), 4);
  c->SetTime(0.5);
  Eigen::Vector4d expected(1.0, 1.0, 2.0, 0.0);
  EXPECT_TRUE(source.get_output_port(0).Eval(*c).isApprox(expected));
  c->SetTime(1.5);
  expected << 2.0, 0.5, 0.0, -1.0;
  EXPECT_TRUE(source.get_output_port(0).Eval(*c).isApprox(expected));
  // Beyond the end: held value, zero derivative.
  c->SetTime(3.0);
  expected << 2.0, 0.0, 0.0, 0.0;
  EXPECT_TRUE(source.get_output_port(0).Eval(*c).isApprox(expected));
}

// ZeroOrderHold in a simulation: samples at t = offset + k·period exactly;
// between samples the output holds the last sample.
TEST(PrimitivesTest, ZeroOrderHoldSamplesPeriodically) {
  ZeroOrderHold<double> zoh(0.25, 2, 0.1);
  EXPECT_EQ(zoh.get_input_port(0).get_name(), "u");
  EXPECT_EQ(zoh.get_output_port(0).get_name(), "y");
  Simulator<double> simulator(zoh);
  auto& context = simulator.get_mutable_context();
  zoh.get_input_port(0).FixValue(&context, Vector2d(3, 4));
  simulator.AdvanceTo(0.09);
  // Before the first sample at 0.1 the output is the zero initial state.
  EXPECT_EQ(zoh.get_output_port(0).Eval(context), Vector2d(0, 0));
  simulator.AdvanceTo(0.2);
  EXPECT_EQ(zoh.get_output_port(0).Eval(context), Vector2d(3, 4));
  zoh.get_input_port(0).FixValue(&context, Vector2d(5, 6));
  simulator.AdvanceTo(0.34);
  EXPECT_EQ(zoh.get_output_port(0).Eval(context), Vector2d(3, 4));
  simulator.AdvanceTo(0.36);
  EXPECT_EQ(zoh.get_output_port(0).Eval(context), Vector2d(5, 6));
  // Samples at 0.1 and 0.35.
  EXPECT_EQ(simulator.get_num_discrete_updates(), 2);
  EXPECT_THROW(ZeroOrderHold<double>(0.0, 1), std::logic_error);
}

TEST(PrimitivesTest, VectorLogSinkRecordsEveryStep) {
  Sine<double> sine(1.0, 1.0, 0.0, 1);
  VectorLogSink<double> sink(1);
  EXPECT_EQ(sink.get_input_port(0).get_name(), "data");
  Simulator<double> simulator(sink);
  auto& context = simulator.get_mutable_context();
  sink.get_input_port(0).FixValue(&context, Vector1<double>(2.5));
  simulator.AdvanceTo(1.0);
  const VectorLog<double>& log = sink.GetLog(context);
  // One sample at initialization plus one per step.
  EXPECT_EQ(log.num_samples(), 1 + simulator.get_num_steps_taken());
  EXPECT_EQ(log.sample_times()[0], 0.0);
  EXPECT_EQ(log.sample_times()[log.num_samples() - 1], 1.0);
  EXPECT_TRUE((log.data().array() == 2.5).all());
  sink.GetMutableLog(context).Clear();
  EXPECT_EQ(sink.GetLog(context).num_samples(), 0);

  // Periodic logging at 0.1 s: t = 0, 0.1, …, 1.0 → 11 samples.
  VectorLogSink<double> periodic(1, 0.1);
  Simulator<double> sim2(periodic);
  periodic.get_input_port(0).FixValue(&sim2.get_mutable_context(),
                                      Vector1<double>(1.0));
  sim2.AdvanceTo(1.0);
  const auto& log2 = periodic.GetLog(sim2.get_context());
  ASSERT_EQ(log2.num_samples(), 11);
  for (int k = 0; k <= 10; ++k) EXPECT_EQ(log2.sample_times()[k], k * 0.1);
}

// LogVectorOutput wires a sink into a Diagram; FindLog reaches its log from
// the root Context. A sine logged at 0.05 s matches sin(t) at the sample
// times (the sine is a pure function of time: exact to rounding).
TEST(PrimitivesTest, LogVectorOutputAndFindLog) {
  DiagramBuilder<double> builder;
  auto* sine = builder.AddSystem<Sine<double>>(2.0, 3.0, 0.0, 1);
  VectorLogSink<double>* sink =
      LogVectorOutput(sine->get_output_port(0), &builder, 0.05);
  VectorLogSink<double>* every_step =
      LogVectorOutput(sine->get_output_port(1), &builder);
  auto diagram = builder.Build();
  Simulator<double> simulator(*diagram);
  simulator.AdvanceTo(0.5);
  const Context<double>& root = simulator.get_context();
  const VectorLog<double>& log = sink->FindLog(root);
  ASSERT_EQ(log.num_samples(), 11);
  for (int k = 0; k < log.num_samples(); ++k) {
    const double t = log.sample_times()[k];
    EXPECT_EQ(t, 0.05 * k);
    EXPECT_NEAR(log.data()(0, k), 2.0 * std::sin(3.0 * t), 1e-15);
  }
  EXPECT_EQ(&log, &sink->GetLog(sink->GetMyContextFromRoot(root)));
  const VectorLog<double>& derivative_log = every_step->FindLog(root);
  EXPECT_EQ(derivative_log.num_samples(), 1 + simulator.get_num_steps_taken());
  for (int k = 0; k < derivative_log.num_samples(); ++k) {
    const double t = derivative_log.sample_times()[k];
    EXPECT_NEAR(derivative_log.data()(0, k), 6.0 * std::cos(3.0 * t), 1e-14);
  }
  every_step->FindMutableLog(root).Clear();
  EXPECT_EQ(every_step->FindLog(root).num_samples(), 0);

  // Errors: a subcontext is not a root; a sink outside the Diagram.
  try {
    sink->FindLog(sink->GetMyContextFromRoot(root));
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("not a root Context"));
  }
  VectorLogSink<double> stranger(1);
  EXPECT_THROW(stranger.FindLog(root), std::logic_error);
  DiagramBuilder<double> builder2;
  auto* value_source =
      builder2.AddSystem<ConstantValueSource<double>>(Value<std::string>("x"));
  try {
    LogVectorOutput(value_source->get_output_port(0), &builder2);
    ADD_FAILURE() << "expected a throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("LogVectorOutput"));
    EXPECT_THAT(e.what(), HasSubstr("abstract-valued"));
  }
  EXPECT_THROW(LogVectorOutput(sine->get_output_port(0),
                               static_cast<DiagramBuilder<double>*>(nullptr)),
               std::logic_error);
}

// ẋ = A·x + B·u + f0, y = C·x + D·u + y0 against the matrix products
// written out by hand (exact: small integers).
TEST(PrimitivesTest, AffineSystemContinuous) {
  Eigen::Matrix2d A;
  A << 0, 1, -2, -3;
  const Eigen::Vector2d B(0, 1), f0(1, -1);
  Eigen::MatrixXd C_row(1, 2), D(1, 1);
  C_row << 1, 2;
  D << 4;
  AffineSystem<double> sys(A, B, f0, C_row, D, Vector1<double>(5));
  EXPECT_EQ(sys.num_states(), 2);
  EXPECT_EQ(sys.num_inputs(), 1);
  EXPECT_EQ(sys.num_outputs(), 1);
  EXPECT_EQ(sys.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(sys.get_output_port(0).get_name(), "y0");
  EXPECT_TRUE(sys.HasDirectFeedthrough(0, 0));  // D != 0
  auto context = sys.CreateDefaultContext();
  context->SetContinuousState(Vector2d(2, 3));
  sys.get_input_port(0).FixValue(context.get(), Vector1<double>(7));
  // ẋ = [3 + 1, -4 - 9 + 7 - 1] = [4, -7]; y = 2 + 6 + 28 + 5 = 41.
  EXPECT_EQ(sys.EvalTimeDerivatives(*context).CopyToVector(), Vector2d(4, -7));
  EXPECT_EQ(sys.get_output_port(0).Eval(*context)[0], 41.0);
  // The default state is configurable (and survives scalar conversion).
  sys.configure_default_state(Vector2d(-1, 1));
  EXPECT_EQ(
      sys.CreateDefaultContext()->get_continuous_state_vector().CopyToVector(),
      Vector2d(-1, 1));
  auto ad = sys.ToAutoDiffXd();
  EXPECT_EQ(ad->CreateDefaultContext()
                ->get_continuous_state_vector()
                .CopyToVector()[0]
                .value(),
            -1.0);
}

TEST(PrimitivesTest, LinearSystemDiscreteAndShapes) {
  // x[n+1] = 2·x[n] + u, y = x (no feedthrough: D = 0).
  LinearSystem<double> sys(
      Eigen::MatrixXd::Constant(1, 1, 2.0), Eigen::MatrixXd::Ones(1, 1),
      Eigen::MatrixXd::Ones(1, 1), Eigen::MatrixXd::Zero(1, 1), 0.5);
  EXPECT_FALSE(sys.HasAnyDirectFeedthrough());
  EXPECT_EQ(sys.time_period(), 0.5);
  EXPECT_EQ(sys.f0(), Vector1<double>(0));
  Simulator<double> simulator(sys);
  auto& context = simulator.get_mutable_context();
  context.SetDiscreteState(Vector1<double>(1));
  sys.get_input_port(0).FixValue(&context, Vector1<double>(1));
  // Updates at t = 0, 0.5, 1.0: 1 -> 3 -> 7 -> 15.
  simulator.AdvanceTo(1.25);
  EXPECT_EQ(sys.get_output_port(0).Eval(context)[0], 15.0);
  auto ad = sys.ToAutoDiffXd();
  EXPECT_EQ(ad->num_input_ports(), 1);
  // Shapes: A square, coefficients consistent, period >= 0.
  const Eigen::MatrixXd I2 = Eigen::MatrixXd::Identity(2, 2);
  EXPECT_THROW(LinearSystem<double>(Eigen::MatrixXd::Ones(2, 3), I2, I2, I2),
               std::logic_error);
  EXPECT_THROW(LinearSystem<double>(I2, Eigen::MatrixXd::Ones(3, 1), I2, I2),
               std::logic_error);
  EXPECT_THROW(LinearSystem<double>(I2, I2, I2, I2, -1.0), std::logic_error);
  EXPECT_THROW(sys.configure_default_state(Vector2d(1, 2)), std::logic_error);
  // An autonomous system: no input port.
  LinearSystem<double> autonomous(I2, Eigen::MatrixXd(), I2, Eigen::MatrixXd());
  EXPECT_EQ(autonomous.num_input_ports(), 0);
  EXPECT_EQ(autonomous.num_outputs(), 2);
}

TEST(PrimitivesTest, IntegratorIntegrates) {
  Integrator<double> integrator(Vector2d(1, 2));
  EXPECT_FALSE(integrator.HasAnyDirectFeedthrough());
  Simulator<double> simulator(integrator);
  auto& context = simulator.get_mutable_context();
  integrator.get_input_port(0).FixValue(&context, Vector2d(3, -1));
  EXPECT_EQ(integrator.get_output_port(0).Eval(context), Vector2d(1, 2));
  simulator.AdvanceTo(2.0);
  // x(2) = x(0) + 2·u, integrated exactly by any Runge-Kutta scheme up to
  // roundoff (tolerance 1e-12).
  EXPECT_NEAR(integrator.get_output_port(0).Eval(context)[0], 7.0, 1e-12);
  EXPECT_NEAR(integrator.get_output_port(0).Eval(context)[1], 0.0, 1e-12);
  integrator.set_integral_value(&context, Vector2d(5, 6));
  EXPECT_EQ(integrator.get_output_port(0).Eval(context), Vector2d(5, 6));
  EXPECT_THROW(integrator.set_integral_value(&context, Vector3d(1, 2, 3)),
               std::logic_error);
  EXPECT_THROW(Integrator<double>(0), std::logic_error);
  Integrator<double> sized(3);
  sized.set_default_integral_value(Vector3d(1, 1, 1));
  EXPECT_EQ(sized.CreateDefaultContext()
                ->get_continuous_state_vector()
                .CopyToVector(),
            Vector3d(1, 1, 1));
}

TEST(PrimitivesTest, FirstOrderLowPassFilterLags) {
  FirstOrderLowPassFilter<double> filter(Vector2d(0.5, 2.0));
  auto context = filter.CreateDefaultContext();
  filter.set_initial_output_value(context.get(), Vector2d(1, -1));
  filter.get_input_port(0).FixValue(context.get(), Vector2d(3, 3));
  // ż = (u − z)/τ = [(3 − 1)/0.5, (3 + 1)/2].
  EXPECT_EQ(filter.EvalTimeDerivatives(*context).CopyToVector(),
            Vector2d(4, 2));
  EXPECT_EQ(filter.get_output_port(0).Eval(*context), Vector2d(1, -1));
  EXPECT_FALSE(filter.HasAnyDirectFeedthrough());
  EXPECT_EQ(FirstOrderLowPassFilter<double>(0.3, 2).get_time_constant(), 0.3);
  EXPECT_THROW(filter.get_time_constant(), std::invalid_argument);
  EXPECT_THROW(FirstOrderLowPassFilter<double>(0.0), std::logic_error);
  EXPECT_THROW(FirstOrderLowPassFilter<double>(1.0, 0), std::logic_error);
}

TEST(PrimitivesTest, DiscreteTimeIntegratorAccumulates) {
  DiscreteTimeIntegrator<double> integrator(2, 0.25);
  Simulator<double> simulator(integrator);
  auto& context = simulator.get_mutable_context();
  integrator.set_integral_value(&context, Vector2d(1, 0));
  integrator.get_input_port(0).FixValue(&context, Vector2d(2, -4));
  // Updates at 0, 0.25, 0.5, 0.75 (1.0 is left for the next step):
  // x = x0 + 4·h·u.
  simulator.AdvanceTo(1.0);
  EXPECT_EQ(integrator.get_output_port(0).Eval(context), Vector2d(3, -4));
  EXPECT_THROW(DiscreteTimeIntegrator<double>(2, 0.0), std::logic_error);
}

TEST(PrimitivesTest, DiscreteDerivativeDifferencesSamples) {
  for (bool suppress : {true, false}) {
    DiscreteDerivative<double> derivative(1, 0.5, suppress);
    Simulator<double> simulator(derivative);
    auto& context = simulator.get_mutable_context();
    derivative.get_input_port(0).FixValue(&context, Vector1<double>(2));
    simulator.AdvanceTo(0.25);  // one sample, u = 2, after u[-1] = 0
    EXPECT_EQ(derivative.get_output_port(0).Eval(context)[0],
              suppress ? 0.0 : 4.0);
    derivative.get_input_port(0).FixValue(&context, Vector1<double>(5));
    simulator.AdvanceTo(0.75);  // second sample: (5 − 2)/0.5
    EXPECT_EQ(derivative.get_output_port(0).Eval(context)[0], 6.0);
    EXPECT_EQ(derivative.suppress_initial_transient(), suppress);
  }
  EXPECT_THROW(DiscreteDerivative<double>(0, 0.1), std::logic_error);
}

TEST(PrimitivesTest, DiscreteTimeDelayDelays) {
  DiscreteTimeDelay<double> delay(0.5, 2, 1);
  EXPECT_EQ(delay.get_output_port(0).get_name(), "delayed_u");
  Simulator<double> simulator(delay);
  auto& context = simulator.get_mutable_context();
  double expected[] = {0, 0, 1, 2};
  for (int k = 0; k < 4; ++k) {
    delay.get_input_port(0).FixValue(&context, Vector1<double>(k + 1));
    simulator.AdvanceTo(0.5 * k + 0.25);  // sample k taken at 0.5·k
    EXPECT_EQ(delay.get_output_port(0).Eval(context)[0], expected[k]) << k;
  }
  EXPECT_THROW(DiscreteTimeDelay<double>(0.1, 0, 1), std::logic_error);
}

TEST(PrimitivesTest, WrapToSystemWraps) {
  WrapToSystem<double> wrap(2);
  wrap.set_interval(0, 0.0, 2.0);
  auto context = wrap.CreateDefaultContext();
  wrap.get_input_port(0).FixValue(context.get(), Vector2d(7.5, 7.5));
  // 7.5 − 3·2 = 1.5; the entry without an interval passes through.
  EXPECT_EQ(wrap.get_output_port(0).Eval(*context), Vector2d(1.5, 7.5));
  EXPECT_THROW(wrap.set_interval(2, 0.0, 1.0), std::logic_error);
  EXPECT_THROW(wrap.set_interval(0, 1.0, 1.0), std::logic_error);
}

TEST(PrimitivesTest, PassThroughOutputsItsDefaultWhileUnconnected) {
  PassThrough<double> pass(Vector3d(1, 2, 3));
  auto context = pass.CreateDefaultContext();
  EXPECT_EQ(pass.get_output_port(0).Eval(*context), Vector3d(1, 2, 3));
  pass.get_input_port(0).FixValue(context.get(), Vector3d(4, 5, 6));
  EXPECT_EQ(pass.get_output_port(0).Eval(*context), Vector3d(4, 5, 6));
  PassThrough<double> sized(2);
  EXPECT_EQ(sized.get_output_port(0).Eval(*sized.CreateDefaultContext()),
            Vector2d(0, 0));
  PassThrough<double> abstract(Value<int>(7));
  EXPECT_EQ(
      abstract.get_output_port(0).Eval<int>(*abstract.CreateDefaultContext()),
      7);
  // The default survives scalar conversion.
  auto ad = pass.ToAutoDiffXd();
  EXPECT_EQ(ad->get_output_port(0).Eval(*ad->CreateDefaultContext())[2].value(),
            3.0);
}

}  // namespace
}  // namespace ossa::systems
