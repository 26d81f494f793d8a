#include "ossa/common/symbolic/expression.h"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "ossa/common/scalar_traits.h"

namespace ossa::symbolic {
namespace {

class SymbolicExpressionTest : public ::testing::Test {
 protected:
  Variable x_{"x"}, y_{"y"}, z_{"z"};
  Expression x{x_}, y{y_}, z{z_};
};

TEST_F(SymbolicExpressionTest, VariablesAreDistinctSymbols) {
  const Variable a("a"), a2("a"), b("b", Variable::Type::INTEGER);
  EXPECT_FALSE(a.equal_to(a2));  // same name, different symbols
  EXPECT_TRUE(a.less(a2));       // ids follow creation order
  EXPECT_EQ(a.get_name(), "a");
  EXPECT_EQ(b.get_type(), Variable::Type::INTEGER);
  EXPECT_TRUE(Variable().is_dummy());
  const Variables s{a, b, a};
  EXPECT_EQ(s.size(), 2);
  EXPECT_TRUE(s.include(b));
  EXPECT_TRUE((Variables{a}.IsStrictSubsetOf(s)));
  EXPECT_EQ(intersect(s, Variables{b, a2}).size(), 1);
  EXPECT_EQ((s - b).size(), 1);
  EXPECT_EQ(s.to_string(), "{a, b}");
}

TEST_F(SymbolicExpressionTest, ConstructionFoldsAndSimplifies) {
  EXPECT_TRUE(is_constant(Expression(2) + 3, 5));
  EXPECT_TRUE(is_constant(sin(Expression(0)), 0));
  EXPECT_TRUE((x + 0).EqualTo(x));
  EXPECT_TRUE((0 + x).EqualTo(x));
  EXPECT_TRUE((x * 1).EqualTo(x));
  EXPECT_TRUE(is_zero(0 * x));
  EXPECT_TRUE(is_zero(x * 0));
  EXPECT_TRUE(is_zero(x - x));
  EXPECT_TRUE((x / 1).EqualTo(x));
  EXPECT_TRUE((2 * (3 * x)).EqualTo(6 * x));
  EXPECT_TRUE((x + x).EqualTo(2 * x));
  EXPECT_TRUE((2 * x + 3 * x).EqualTo(5 * x));
  EXPECT_TRUE((x * x).EqualTo(pow(x, 2)));
  EXPECT_TRUE(((x + 1) - 1).EqualTo(x));
  EXPECT_TRUE(pow(x, 0).EqualTo(Expression(1)));
  EXPECT_TRUE(pow(x, 1).EqualTo(x));
  EXPECT_TRUE(min(x, x).EqualTo(x));
}

TEST_F(SymbolicExpressionTest, EqualExpressionsShareOneNode) {
  const Expression a = sin(x + y) * cos(z);
  const Expression b = sin(x + y) * cos(z);
  EXPECT_TRUE(a.EqualTo(b));
  EXPECT_EQ(a.get_hash(), b.get_hash());
  EXPECT_FALSE(a.EqualTo(sin(x + y) * cos(x)));
  EXPECT_FALSE(a.Less(b));
  EXPECT_NE(a.Less(sin(x)), sin(x).Less(a));  // a total order
}

TEST_F(SymbolicExpressionTest, EvaluatesClosedForms) {
  const Environment env{{x_, 0.3}, {y_, -1.7}, {z_, 2.5}};
  const double X = 0.3, Y = -1.7, Z = 2.5;
  // Each against the same formula in double arithmetic (rounding may differ
  // in the last bits where our construction reorders, hence 1e-15 relative).
  auto expect = [&](const Expression& e, double value) {
    EXPECT_NEAR(e.Evaluate(env), value, 1e-15 * (1 + std::abs(value))) << e;
  };
  expect((x + y) * (x - y), (X + Y) * (X - Y));
  expect(x / y + z, X / Y + Z);
  expect(pow(z, x) + pow(y, 3), std::pow(Z, X) + std::pow(Y, 3));
  expect(sqrt(z) * exp(y) - log(z), std::sqrt(Z) * std::exp(Y) - std::log(Z));
  expect(abs(y) + sin(x) * cos(y) + tan(z),
         std::abs(Y) + std::sin(X) * std::cos(Y) + std::tan(Z));
  expect(asin(x) + acos(x) + atan(y) + atan2(y, x),
         std::asin(X) + std::acos(X) + std::atan(Y) + std::atan2(Y, X));
  expect(sinh(x) + cosh(y) + tanh(z),
         std::sinh(X) + std::cosh(Y) + std::tanh(Z));
  expect(min(x, y) + max(x, y) + ceil(z) + floor(y),
         std::min(X, Y) + std::max(X, Y) + std::ceil(Z) + std::floor(Y));
  expect(if_then_else(x > y, x, y), X);
  expect(if_then_else(x < y && z > 0, x, -z), -Z);
}

TEST_F(SymbolicExpressionTest, EvaluationErrorsNameTheProblem) {
  try {
    (x + y).Evaluate({{x_, 1.0}});
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("'y'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Expression(1) / 0, std::runtime_error);
  EXPECT_THROW(x / Expression(0), std::runtime_error);
  EXPECT_THROW((1 / x).Evaluate({{x_, 0.0}}), std::runtime_error);
  EXPECT_THROW(sqrt(Expression(-1)), std::domain_error);
  EXPECT_THROW(log(Expression(-2)), std::domain_error);
  EXPECT_THROW(asin(Expression(2)), std::domain_error);
  EXPECT_THROW(sqrt(x).Evaluate({{x_, -1.0}}), std::domain_error);
  EXPECT_THROW(acos(x).Evaluate({{x_, 1.5}}), std::domain_error);
  EXPECT_THROW(pow(x, 0.5).Evaluate({{x_, -4.0}}), std::domain_error);
  EXPECT_THROW(Expression::NaN().Evaluate(), std::runtime_error);
  EXPECT_THROW(Environment({{x_, NAN}}), std::runtime_error);
  EXPECT_THROW(Expression{Variable{}}, std::logic_error);
  EXPECT_THROW(Expression(Variable("b", Variable::Type::BOOLEAN)),
               std::logic_error);
  EXPECT_THROW(get_constant_value(x), std::logic_error);
  EXPECT_THROW(ossa::ExtractDoubleOrThrow(x + 1), std::logic_error);
  EXPECT_EQ(ossa::ExtractDoubleOrThrow(Expression(2.5)), 2.5);
}

TEST_F(SymbolicExpressionTest, IfThenElseEvaluatesOnlyTheChosenBranch) {
  const Expression e = if_then_else(x >= 0, sqrt(x), -x);
  EXPECT_EQ(e.Evaluate({{x_, 4.0}}), 2.0);
  EXPECT_EQ(e.Evaluate({{x_, -3.0}}), 3.0);  // sqrt(−3) is not taken
  EXPECT_TRUE(if_then_else(Expression(1) < 2, x, y).EqualTo(x));
}

// d/dx of known functions, compared at a point with the textbook formulas.
TEST_F(SymbolicExpressionTest, DifferentiatesClosedForms) {
  const double X = 0.4, Y = 1.3;
  const Environment env{{x_, X}, {y_, Y}};
  auto d = [&](const Expression& e, const Variable& v) {
    return e.Differentiate(v).Evaluate(env);
  };
  EXPECT_NEAR(d(sin(x) * pow(x, 2), x_),
              std::cos(X) * X * X + 2 * X * std::sin(X), 1e-14);
  EXPECT_NEAR(d(atan2(y, x), x_), -Y / (X * X + Y * Y), 1e-14);
  EXPECT_NEAR(d(atan2(y, x), y_), X / (X * X + Y * Y), 1e-14);
  EXPECT_NEAR(d(pow(x, y), y_), std::pow(X, Y) * std::log(X), 1e-14);
  EXPECT_NEAR(d(pow(x, y), x_), Y * std::pow(X, Y - 1), 1e-14);
  EXPECT_NEAR(d(x / y, y_), -X / (Y * Y), 1e-14);
  EXPECT_NEAR(d(tan(x), x_), 1 / std::pow(std::cos(X), 2), 1e-14);
  EXPECT_NEAR(d(asin(x), x_), 1 / std::sqrt(1 - X * X), 1e-14);
  EXPECT_NEAR(d(acos(x), x_), -1 / std::sqrt(1 - X * X), 1e-14);
  EXPECT_NEAR(d(atan(x), x_), 1 / (1 + X * X), 1e-14);
  EXPECT_NEAR(d(tanh(x), x_), 1 - std::pow(std::tanh(X), 2), 1e-14);
  EXPECT_NEAR(d(sinh(x) * cosh(y), x_), std::cosh(X) * std::cosh(Y), 1e-14);
  EXPECT_NEAR(d(log(x) + exp(2 * x) + sqrt(x), x_),
              1 / X + 2 * std::exp(2 * X) + 0.5 / std::sqrt(X), 1e-13);
  EXPECT_EQ(d(abs(x), x_), 1.0);
  EXPECT_EQ(d(abs(x - 1), x_), -1.0);  // x − 1 < 0 at x = 0.4
  EXPECT_EQ(d(max(x, y), y_), 1.0);
  EXPECT_EQ(d(min(x, y), y_), 0.0);
  EXPECT_TRUE(is_zero(sin(y).Differentiate(x_)));
  // No derivative at a kink: NaN, which evaluation reports.
  EXPECT_THROW(abs(x).Differentiate(x_).Evaluate({{x_, 0.0}}),
               std::runtime_error);
}

// A composite function against central differences.
TEST_F(SymbolicExpressionTest, DerivativeAgreesWithFiniteDifferences) {
  const Expression f =
      exp(sin(x * y) / (1 + pow(x, 2))) * atan2(x - y, 2 + cos(y)) +
      sqrt(1 + x * x * y);
  const double X = 0.7, Y = -0.2, h = 1e-6;
  const double fd = (f.Evaluate({{x_, X + h}, {y_, Y}}) -
                     f.Evaluate({{x_, X - h}, {y_, Y}})) /
                    (2 * h);
  // Central differences with h = 1e-6 are accurate to about 1e-9 here.
  EXPECT_NEAR(f.Differentiate(x_).Evaluate({{x_, X}, {y_, Y}}), fd, 1e-8);
}

TEST_F(SymbolicExpressionTest, ExpandMultipliesOut) {
  const Expression square = pow(x + y, 2).Expand();
  EXPECT_TRUE(square.is_polynomial());
  // (x + y)² − x² − 2xy − y² is the zero polynomial.
  EXPECT_TRUE(is_zero((square - x * x - 2 * x * y - y * y).Expand()));
  EXPECT_TRUE(is_zero(((x + 1) * (x - 1) - (pow(x, 2) - 1)).Expand()));
  EXPECT_TRUE(is_zero((pow(x - y, 3) - pow(x, 3) + 3 * pow(x, 2) * y -
                       3 * x * pow(y, 2) + pow(y, 3))
                          .Expand()));
  // Expansion is idempotent and reaches inside function arguments.
  EXPECT_TRUE(square.Expand().EqualTo(square));
  EXPECT_TRUE(sin(pow(x + 1, 2))
                  .Expand()
                  .EqualTo(sin((pow(x, 2) + 2 * x + 1).Expand())));
  EXPECT_TRUE(((x + y) / 2).Expand().EqualTo((x / 2 + y / 2).Expand()));
  const Environment env{{x_, 0.3}, {y_, 1.9}};
  const Expression e = (x + sin(y)) * (x - y) / (1 + y);
  EXPECT_NEAR(e.Expand().Evaluate(env), e.Evaluate(env), 1e-14);
}

TEST_F(SymbolicExpressionTest, RecognizesPolynomials) {
  EXPECT_TRUE((x * y + 3).is_polynomial());
  EXPECT_TRUE((x / 2 + pow(y, 3)).is_polynomial());
  EXPECT_FALSE((x / y).is_polynomial());
  EXPECT_FALSE(pow(x, 0.5).is_polynomial());
  EXPECT_FALSE(pow(x, -1).is_polynomial());
  EXPECT_FALSE((x + sin(y)).is_polynomial());
}

TEST_F(SymbolicExpressionTest, SubstitutesAndEvaluatesPartially) {
  const Expression e = x * y + sin(z);
  const Expression s = e.Substitute(x_, y + 1);
  EXPECT_EQ(s.GetVariables(), (Variables{y_, z_}));
  EXPECT_NEAR(s.Evaluate({{y_, 2.0}, {z_, 0.5}}), 3 * 2 + std::sin(0.5), 1e-15);
  const Expression p = e.EvaluatePartial({{x_, 2.0}, {z_, 0.0}});
  EXPECT_TRUE(p.EqualTo(2 * y));
  EXPECT_TRUE(
      e.Substitute(Substitution{{x_, y}, {y_, x}}).EqualTo(y * x + sin(z)));
  EXPECT_THROW((x / y).Substitute(y_, 0.0), std::runtime_error);
}

TEST_F(SymbolicExpressionTest, PrintsInfix) {
  EXPECT_EQ((x + y).to_string(), "(x + y)");
  EXPECT_EQ((x - y).to_string(), "(x - y)");
  EXPECT_EQ((2 * sin(x)).to_string(), "(2 * sin(x))");
  EXPECT_EQ(pow(x, 3).to_string(), "pow(x, 3)");
  EXPECT_EQ(atan2(y, x).to_string(), "atan2(y, x)");
  EXPECT_EQ(if_then_else(x > y, x, y).to_string(),
            "(if (x > y) then x else y)");
  EXPECT_EQ(Expression(0.5).to_string(), "0.5");
}

// A DAG whose tree would have 2⁶⁰ nodes: everything stays linear in the
// number of distinct nodes.
TEST_F(SymbolicExpressionTest, SharedSubexpressionsStayShared) {
  Expression e = x;
  double value = 0.1;
  for (int i = 0; i < 60; ++i) {
    e = sin(e) * e + e;
    value = std::sin(value) * value + value;
  }
  EXPECT_LE(e.GetDistinctNodeCount(), 4 * 60 + 2);
  EXPECT_EQ(e.GetTreeSize(), std::numeric_limits<std::size_t>::max());
  EXPECT_NEAR(e.Evaluate({{x_, 0.1}}), value, 1e-12 * std::abs(value));
  const Expression de = e.Differentiate(x_);
  EXPECT_LE(de.GetDistinctNodeCount(), 20 * 60);
  EXPECT_TRUE(std::isfinite(de.Evaluate({{x_, 0.1}})));
}

// A chain 10⁵ deep: no traversal (nor the release) recurses.
TEST_F(SymbolicExpressionTest, DeepExpressionsDoNotOverflowTheStack) {
  constexpr int kDepth = 100000;
  Expression e = 1;
  double value = 1;
  for (int i = 0; i < kDepth; ++i) {
    e = e * x + 1;
    value = value * 0.5 + 1;
  }
  EXPECT_NEAR(e.Evaluate({{x_, 0.5}}), value, 1e-12);
  EXPECT_NEAR(e.Differentiate(x_).Evaluate({{x_, 0.0}}), 1.0, 1e-12);
  EXPECT_TRUE(e.is_polynomial());
  EXPECT_EQ(e.GetVariables(), Variables{x_});
  e = Expression();  // frees the chain
  EXPECT_TRUE(is_zero(e));
}

TEST_F(SymbolicExpressionTest, ThreadsBuildTheSameNodes) {
  std::vector<Expression> built(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Expression e = 0;
      for (int i = 0; i < 2000; ++i) e = cos(e + x * i) + y;
      built[t] = e;
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 1; t < 4; ++t) EXPECT_TRUE(built[t].EqualTo(built[0]));
}

}  // namespace
}  // namespace ossa::symbolic
