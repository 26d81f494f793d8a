// The systems framework and the primitives on symbolic::Expression: a
// diagram converted with ToSymbolic() gives, at any values of its variables,
// what the double diagram gives at those values; the linear primitives'
// symbolic derivatives have their coefficient matrices as Jacobians; the
// conversions that need a number decide for constants and throw for
// variables; SymbolicVectorSystem on every scalar.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "ossa/common/symbolic/environment.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/test/test_systems.h"
#include "ossa/systems/primitives/adder.h"
#include "ossa/systems/primitives/affine_system.h"
#include "ossa/systems/primitives/constant_vector_source.h"
#include "ossa/systems/primitives/demultiplexer.h"
#include "ossa/systems/primitives/gain.h"
#include "ossa/systems/primitives/integrator.h"
#include "ossa/systems/primitives/linear_system.h"
#include "ossa/systems/primitives/multiplexer.h"
#include "ossa/systems/primitives/pass_through.h"
#include "ossa/systems/primitives/symbolic_vector_system.h"

namespace ossa::systems {
namespace symbolic_systems_test {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;
using ::testing::HasSubstr;
using Vector1d = Vector1<double>;

// A diagram of primitives with state, feedthrough and every vector shuffle:
//   s = k ⊙ (c + u)            (ConstantVectorSource, Adder, Gain)
//   ẋ_int = u                  (Integrator, then a PassThrough)
//   [s; x_int] → Mux → Demux → (s, x_int)
//   ẋ_lin = A·x_lin + B·s, y_linear = C·x_lin + D·s    (LinearSystem)
// The diagram's outputs: y_linear and x_int (through the Demux).
template <typename T>
std::unique_ptr<Diagram<T>> MakePrimitivesDiagram() {
  DiagramBuilder<T> builder;
  auto* source = builder.template AddSystem<ConstantVectorSource>(
      VectorX<T>(Eigen::Vector2d(0.5, -1.25).cast<T>()));
  auto* adder = builder.template AddSystem<Adder>(2, 2);
  auto* gain = builder.template AddSystem<Gain>(Eigen::Vector2d(2.0, -3.0));
  auto* integrator = builder.template AddSystem<Integrator>(2);
  auto* pass = builder.template AddSystem<PassThrough>(2);
  auto* mux = builder.template AddSystem<Multiplexer>(std::vector<int>{2, 2});
  auto* demux = builder.template AddSystem<Demultiplexer>(4, 2);
  Eigen::Matrix2d A, B, C, D;
  A << -1.0, 0.5, 0.0, -2.0;
  B << 1.0, 0.25, -0.5, 2.0;
  C << 1.0, 1.0, 0.0, 3.0;
  D << 0.0, 0.1, 0.2, 0.0;
  auto* linear = builder.template AddSystem<LinearSystem>(A, B, C, D);
  builder.Connect(source->get_output_port(), adder->get_input_port(0));
  builder.ExportInput(adder->get_input_port(1), "u");
  builder.ConnectInput("u", integrator->get_input_port());
  builder.Connect(adder->get_output_port(), gain->get_input_port());
  builder.Connect(gain->get_output_port(), mux->get_input_port(0));
  builder.Connect(integrator->get_output_port(), pass->get_input_port());
  builder.Connect(pass->get_output_port(), mux->get_input_port(1));
  builder.Connect(mux->get_output_port(0), demux->get_input_port(0));
  builder.Connect(demux->get_output_port(0), linear->get_input_port());
  builder.ExportOutput(linear->get_output_port(), "y_linear");
  builder.ExportOutput(demux->get_output_port(1), "y_integral");
  return builder.Build();
}

TEST(SymbolicSystemsTest, DiagramOfPrimitivesMatchesDouble) {
  auto diagram = MakePrimitivesDiagram<double>();
  std::unique_ptr<System<Expression>> symbolic = diagram->ToSymbolic();
  ASSERT_NE(dynamic_cast<Diagram<Expression>*>(symbolic.get()), nullptr);
  ASSERT_EQ(symbolic->num_continuous_states(), 4);

  // The state and the input as variables.
  std::vector<Variable> vars;
  VectorX<Expression> x(4), u(2);
  for (int i = 0; i < 4; ++i) {
    vars.emplace_back("x" + std::to_string(i));
    x[i] = vars.back();
  }
  for (int i = 0; i < 2; ++i) {
    vars.emplace_back("u" + std::to_string(i));
    u[i] = vars.back();
  }
  auto sym_context = symbolic->CreateDefaultContext();
  sym_context->SetContinuousState(x);
  symbolic->get_input_port(0).FixValue(sym_context.get(), u);
  const VectorX<Expression> xdot_sym =
      symbolic->EvalTimeDerivatives(*sym_context).CopyToVector();
  const VectorX<Expression> y0_sym =
      symbolic->get_output_port(0).Eval(*sym_context);
  const VectorX<Expression> y1_sym =
      symbolic->get_output_port(1).Eval(*sym_context);

  // At random values, the double diagram gives the same numbers. The
  // expressions are evaluated with the same operations in the same order as
  // the double path, up to reassociation of sums: 1e-12 bounds the rounding.
  std::mt19937 generator(25);
  std::uniform_real_distribution<double> uniform(-2.0, 2.0);
  auto context = diagram->CreateDefaultContext();
  for (int trial = 0; trial < 20; ++trial) {
    Eigen::VectorXd values(6);
    Environment env;
    for (int i = 0; i < 6; ++i) {
      values[i] = uniform(generator);
      env.insert(vars[i], values[i]);
    }
    context->SetContinuousState(values.head(4));
    diagram->get_input_port(0).FixValue(context.get(),
                                        Eigen::VectorXd(values.tail(2)));
    const Eigen::VectorXd xdot =
        diagram->EvalTimeDerivatives(*context).CopyToVector();
    EXPECT_TRUE(symbolic::Evaluate(xdot_sym, env).isApprox(xdot, 1e-12));
    EXPECT_TRUE(
        symbolic::Evaluate(y0_sym, env)
            .isApprox(diagram->get_output_port(0).Eval(*context), 1e-12));
    EXPECT_TRUE(
        symbolic::Evaluate(y1_sym, env)
            .isApprox(diagram->get_output_port(1).Eval(*context), 1e-12));
  }

  // The symbolic diagram converts back to double, and to AutoDiffXd.
  EXPECT_NE(symbolic->ToScalarType<double>(), nullptr);
  EXPECT_NE(symbolic->ToAutoDiffXd(), nullptr);
}

TEST(SymbolicSystemsTest, AffineSystemJacobiansAreItsCoefficients) {
  Eigen::Matrix2d A, B, C, D;
  A << 0.0, 1.0, -4.0, -0.5;
  B << 0.0, 0.0, 1.0, 2.0;
  C << 1.0, 0.0, 0.0, 2.0;
  D << 0.0, 0.5, 0.0, 0.0;
  const Eigen::Vector2d f0(0.25, -1.0), y0(3.0, 0.0);
  AffineSystem<double> affine(A, B, f0, C, D, y0);
  auto symbolic = affine.ToSymbolic();
  auto context = symbolic->CreateDefaultContext();
  const Variable x0("x0"), x1("x1"), u0("u0"), u1("u1");
  context->SetContinuousState(VectorX<Expression>(Vector2<Expression>(x0, x1)));
  symbolic->get_input_port(0).FixValue(
      context.get(), VectorX<Expression>(Vector2<Expression>(u0, u1)));
  const VectorX<Expression> xdot =
      symbolic->EvalTimeDerivatives(*context).CopyToVector();
  const VectorX<Expression> y = symbolic->get_output_port(0).Eval(*context);
  // ∂ẋ/∂x = A, ∂ẋ/∂u = B, ∂y/∂x = C, ∂y/∂u = D exactly (constants), and
  // the offsets are the values at zero.
  const std::vector<Variable> xs{x0, x1}, us{u0, u1};
  EXPECT_EQ(symbolic::Evaluate(symbolic::Jacobian(xdot, xs)), A);
  EXPECT_EQ(symbolic::Evaluate(symbolic::Jacobian(xdot, us)), B);
  EXPECT_EQ(symbolic::Evaluate(symbolic::Jacobian(y, xs)), C);
  EXPECT_EQ(symbolic::Evaluate(symbolic::Jacobian(y, us)), D);
  const Environment zero{{x0, 0.0}, {x1, 0.0}, {u0, 0.0}, {u1, 0.0}};
  EXPECT_EQ(symbolic::Evaluate(xdot, zero), Eigen::VectorXd(f0));
  EXPECT_EQ(symbolic::Evaluate(y, zero), Eigen::VectorXd(y0));
}

TEST(SymbolicSystemsTest, ConversionsThatNeedANumberDecideOrThrow) {
  // A constant source holding numbers converts back to double; one holding
  // a variable cannot (its value is undecided) and says so.
  ConstantVectorSource<Expression> constant(
      VectorX<Expression>(Vector2<Expression>(1.5, -2.0)));
  auto as_double = constant.ToScalarType<double>();
  auto double_context = as_double->CreateDefaultContext();
  EXPECT_EQ(as_double->get_output_port(0).Eval(*double_context),
            Eigen::Vector2d(1.5, -2.0));
  const Variable a("a");
  ConstantVectorSource<Expression> variable(
      VectorX<Expression>(Vector2<Expression>(a, 1.0)));
  EXPECT_THROW(variable.ToScalarType<double>(), std::logic_error);
}

TEST(SymbolicSystemsTest, UnsupportedSystemsSayWhichOne) {
  // The test systems declare a SystemTypeTag but not SupportsSymbolic.
  test::Gain<double> gain(2.0);
  gain.set_name("plain_gain");
  EXPECT_EQ(gain.ToSymbolicMaybe(), nullptr);
  try {
    gain.ToSymbolic();
    ADD_FAILURE() << "ToSymbolic() of an unsupported system did not throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("plain_gain"));
  }
  // In a diagram, the conversion names the subsystem.
  DiagramBuilder<double> builder;
  builder.AddNamedSystem("plain_gain",
                         std::make_unique<test::Gain<double>>(2.0));
  builder.AddSystem<Adder>(2, 1);
  auto diagram = builder.Build();
  try {
    diagram->ToSymbolic();
    ADD_FAILURE() << "ToSymbolic() of a diagram with an unsupported "
                     "subsystem did not throw";
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("plain_gain"));
  }
}

// ẋ = [x1; −p·sin(x0) + u·t], y = [x0 + u] (a forced pendulum).
struct ForcedPendulum {
  Variable t{"t"}, x0{"x0"}, x1{"x1"}, u{"u"}, p{"p"};
  VectorX<Variable> state() const { return Vector2<Variable>(x0, x1); }
  VectorX<Variable> input() const { return Vector1<Variable>(u); }
  VectorX<Variable> parameter() const { return Vector1<Variable>(p); }
  VectorX<Expression> dynamics() const {
    return Vector2<Expression>(x1, -Expression(p) * sin(x0) + u * t);
  }
  VectorX<Expression> output() const { return Vector1<Expression>(x0 + u); }
};

TEST(SymbolicSystemsTest, SymbolicVectorSystemOnEveryScalar) {
  const ForcedPendulum m;
  SymbolicVectorSystem<double> system(m.t, m.state(), m.input(), m.parameter(),
                                      m.dynamics(), m.output());
  ASSERT_EQ(system.num_continuous_states(), 2);
  ASSERT_EQ(system.num_input_ports(), 1);
  ASSERT_EQ(system.num_output_ports(), 1);
  EXPECT_EQ(system.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(system.get_output_port(0).get_name(), "y0");
  EXPECT_TRUE(system.HasDirectFeedthrough(0, 0));
  EXPECT_TRUE(system.dynamics_for_variable(m.x1).EqualTo(m.dynamics()[1]));
  EXPECT_THROW(system.dynamics_for_variable(m.u), std::out_of_range);

  const double t = 0.7, x0 = 0.3, x1 = -1.2, u = 0.9, p = 9.81;
  auto context = system.CreateDefaultContext();
  // The parameter starts as NaN: it must be set.
  EXPECT_TRUE(std::isnan(context->get_numeric_parameter(0).value()[0]));
  context->SetTime(t);
  context->SetContinuousState(Eigen::Vector2d(x0, x1));
  context->get_mutable_numeric_parameter(0).set_value(Vector1d(p));
  system.get_input_port(0).FixValue(context.get(), Vector1d(u));
  const Eigen::VectorXd xdot =
      system.EvalTimeDerivatives(*context).CopyToVector();
  EXPECT_NEAR(xdot[0], x1, 1e-15);
  EXPECT_NEAR(xdot[1], -p * std::sin(x0) + u * t, 1e-14);
  EXPECT_NEAR(system.get_output_port(0).Eval(*context)[0], x0 + u, 1e-15);

  // AutoDiffXd: the derivatives with respect to (x0, x1, u) are the
  // closed-form partials.
  auto ad = system.ToAutoDiffXd();
  auto ad_context = ad->CreateDefaultContext();
  ad_context->SetTime(t);
  const VectorX<AutoDiffXd> xu = InitializeAutoDiff(Eigen::Vector3d(x0, x1, u));
  ad_context->SetContinuousState(xu.head(2));
  ad_context->get_mutable_numeric_parameter(0).set_value(
      Vector1<AutoDiffXd>(AutoDiffXd(p)));
  ad->get_input_port(0).FixValue(ad_context.get(),
                                 VectorX<AutoDiffXd>(xu.tail(1)));
  const VectorX<AutoDiffXd> xdot_ad =
      ad->EvalTimeDerivatives(*ad_context).CopyToVector();
  EXPECT_NEAR(xdot_ad[1].value(), xdot[1], 1e-15);
  ASSERT_EQ(xdot_ad[1].derivatives().size(), 3);
  EXPECT_NEAR(xdot_ad[0].derivatives()[1], 1.0, 1e-15);
  EXPECT_NEAR(xdot_ad[1].derivatives()[0], -p * std::cos(x0), 1e-14);
  EXPECT_NEAR(xdot_ad[1].derivatives()[1], 0.0, 1e-15);
  EXPECT_NEAR(xdot_ad[1].derivatives()[2], t, 1e-15);

  // Expression: the dynamics with the Context's expressions substituted.
  auto sym = system.ToSymbolic();
  auto sym_context = sym->CreateDefaultContext();
  const Variable a("a"), b("b");
  sym_context->SetTime(Expression(2.0));
  sym_context->SetContinuousState(
      VectorX<Expression>(Vector2<Expression>(a, b)));
  sym_context->get_mutable_numeric_parameter(0).set_value(
      Vector1<Expression>(Expression(3.0)));
  sym->get_input_port(0).FixValue(sym_context.get(),
                                  VectorX<Expression>(Vector1<Expression>(b)));
  const VectorX<Expression> xdot_sym =
      sym->EvalTimeDerivatives(*sym_context).CopyToVector();
  const Environment env{{a, 0.4}, {b, -0.6}};
  EXPECT_NEAR(symbolic::Evaluate(xdot_sym, env)[1],
              -3.0 * std::sin(0.4) + (-0.6) * 2.0, 1e-14);
}

TEST(SymbolicSystemsTest, DiscreteSymbolicVectorSystem) {
  // x[n+1] = x[n] / 2 + u, y = x (no feedthrough).
  const Variable x("x"), u("u");
  SymbolicVectorSystem<double> system(
      std::nullopt, Vector1<Variable>(x), Vector1<Variable>(u),
      Vector1<Expression>(Expression(x) / 2.0 + u),
      Vector1<Expression>(Expression(x)), 0.1);
  EXPECT_EQ(system.num_continuous_states(), 0);
  EXPECT_EQ(system.num_discrete_state_groups(), 1);
  EXPECT_FALSE(system.HasDirectFeedthrough(0, 0));
  auto context = system.CreateDefaultContext();
  context->SetDiscreteState(0, Vector1d(3.0));
  system.get_input_port(0).FixValue(context.get(), Vector1d(0.5));
  // The periodic update due at the next sample time.
  auto events = system.AllocateCompositeEventCollection();
  EXPECT_NEAR(system.CalcNextUpdateTime(*context, events.get()), 0.1, 1e-15);
  auto update = system.AllocateDiscreteVariables();
  system.CalcDiscreteVariableUpdate(
      *context, events->get_discrete_update_events(), update.get());
  EXPECT_EQ(update->value(0)[0], 2.0);
}

TEST(SymbolicSystemsTest, SymbolicVectorSystemBadInput) {
  const ForcedPendulum m;
  const VectorX<Variable> none;
  auto message_of = [](auto make) {
    try {
      make();
    } catch (const std::logic_error& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  // Wrong number of dynamics.
  EXPECT_THAT(message_of([&] {
                SymbolicVectorSystem<double>(m.t, m.state(), m.input(),
                                             m.parameter(),
                                             m.dynamics().head(1), m.output());
              }),
              HasSubstr("one per state variable"));
  // Nothing to compute.
  EXPECT_THAT(message_of([&] {
                SymbolicVectorSystem<double>(std::nullopt, none, none,
                                             VectorX<Expression>(),
                                             VectorX<Expression>());
              }),
              HasSubstr("both empty"));
  // A repeated variable.
  EXPECT_THAT(message_of([&] {
                SymbolicVectorSystem<double>(m.x0, m.state(), m.input(),
                                             m.parameter(), m.dynamics(),
                                             m.output());
              }),
              HasSubstr("'x0' appears more than once"));
  // An undeclared variable (no parameter p given).
  EXPECT_THAT(message_of([&] {
                SymbolicVectorSystem<double>(m.t, m.state(), m.input(),
                                             m.dynamics(), m.output());
              }),
              HasSubstr("'p'"));
  // A negative period.
  EXPECT_THAT(message_of([&] {
                SymbolicVectorSystem<double>(m.t, m.state(), m.input(),
                                             m.parameter(), m.dynamics(),
                                             m.output(), -1.0);
              }),
              HasSubstr("time_period"));
}

}  // namespace symbolic_systems_test
}  // namespace ossa::systems
