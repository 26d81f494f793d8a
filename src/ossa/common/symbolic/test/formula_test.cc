#include <gtest/gtest.h>

#include "ossa/common/symbolic/expression.h"

namespace ossa::symbolic {
namespace {

class SymbolicFormulaTest : public ::testing::Test {
 protected:
  Variable x_{"x"}, y_{"y"};
  Expression x{x_}, y{y_};
};

TEST_F(SymbolicFormulaTest, ComparisonsOfConstantsAreDecided) {
  EXPECT_EQ((Expression(1) < 2).get_kind(), FormulaKind::True);
  EXPECT_EQ((Expression(3) <= 2).get_kind(), FormulaKind::False);
  EXPECT_EQ((x == x).get_kind(), FormulaKind::True);
  EXPECT_EQ((x < x).get_kind(), FormulaKind::False);
  EXPECT_EQ((x + 0 >= x).get_kind(), FormulaKind::True);
  EXPECT_TRUE(static_cast<bool>(Expression(1) < 2));
  EXPECT_FALSE(static_cast<bool>(x != x));
}

TEST_F(SymbolicFormulaTest, UndecidableBranchThrowsLogicError) {
  const Formula f = x < y;
  EXPECT_EQ(f.get_kind(), FormulaKind::Lt);
  try {
    if (f) ADD_FAILURE() << "a formula with variables decided a branch";
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("depends on the variables {x, y}"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(SymbolicFormulaTest, EvaluatesAndCombines) {
  const Environment env{{x_, 1.0}, {y_, 2.0}};
  EXPECT_TRUE((x < y).Evaluate(env));
  EXPECT_FALSE((x > y).Evaluate(env));
  EXPECT_TRUE((x != y).Evaluate(env));
  EXPECT_TRUE(((x < y) && (y <= 2)).Evaluate(env));
  EXPECT_TRUE(((x > y) || (y >= 2)).Evaluate(env));
  EXPECT_TRUE((!(x == y)).Evaluate(env));
  EXPECT_TRUE(isnan(x).GetFreeVariables() == Variables{x_});
  EXPECT_FALSE(isnan(x).Evaluate(env));
  // Simplification by a decided operand.
  EXPECT_TRUE((Formula::True() && (x < y)).EqualTo(x < y));
  EXPECT_EQ((Formula::False() && (x < y)).get_kind(), FormulaKind::False);
  EXPECT_EQ((Formula::True() || (x < y)).get_kind(), FormulaKind::True);
  EXPECT_TRUE((!!(x < y)).EqualTo(x < y));
  EXPECT_EQ(((x < y) && (y < 1)).to_string(), "((x < y) and (y < 1))");
  EXPECT_EQ(((x < y) && (y < 1)).GetFreeVariables(), (Variables{x_, y_}));
  EXPECT_TRUE((x < y).Substitute(y_, x + 1).Evaluate({{x_, 5.0}}));
  EXPECT_THROW((x < y).Evaluate({{x_, 1.0}}), std::runtime_error);
}

TEST_F(SymbolicFormulaTest, BooleanVariables) {
  const Variable b("b", Variable::Type::BOOLEAN);
  const Formula f = Formula(b) && (x > 0);
  EXPECT_TRUE(f.Evaluate({{b, 1.0}, {x_, 1.0}}));
  EXPECT_FALSE(f.Evaluate({{b, 0.0}, {x_, 1.0}}));
  EXPECT_THROW(Formula{x_}, std::logic_error);  // not BOOLEAN
  EXPECT_THROW(f.Evaluate({{x_, 1.0}}), std::runtime_error);
}

}  // namespace
}  // namespace ossa::symbolic
