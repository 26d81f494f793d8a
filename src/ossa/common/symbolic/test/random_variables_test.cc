// Evaluating expressions of random variables with a generator: what is
// drawn, in which order, and what is shared.

#include "ossa/common/symbolic/random_variables.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

namespace ossa::symbolic {
namespace {

using Type = Variable::Type;

// Standard draws, each from a fresh distribution as the evaluation makes
// them.
double DrawUniform(RandomGenerator* g) {
  return std::uniform_real_distribution<double>(0.0, 1.0)(*g);
}
double DrawGaussian(RandomGenerator* g) {
  return std::normal_distribution<double>(0.0, 1.0)(*g);
}
double DrawExponential(RandomGenerator* g) {
  return std::exponential_distribution<double>(1.0)(*g);
}

TEST(RandomVariablesTest, DrawsByTypeThenByCreation) {
  // Created in the reverse of the draw order: the exponential first, then
  // the Gaussians, then the uniforms.
  const Variable e("e", Type::RANDOM_EXPONENTIAL);
  const Variable g1("g1", Type::RANDOM_GAUSSIAN);
  const Variable g2("g2", Type::RANDOM_GAUSSIAN);
  const Variable u1("u1", Type::RANDOM_UNIFORM);
  const Variable u2("u2", Type::RANDOM_UNIFORM);
  const Expression sum = Expression(e) + 10 * Expression(g2) +
                         100 * Expression(g1) + 1000 * Expression(u2) +
                         10000 * Expression(u1);
  for (unsigned seed : {1u, 7u, 42u}) {
    RandomGenerator expected_generator(seed);
    const double vu1 = DrawUniform(&expected_generator);
    const double vu2 = DrawUniform(&expected_generator);
    const double vg1 = DrawGaussian(&expected_generator);
    const double vg2 = DrawGaussian(&expected_generator);
    const double ve = DrawExponential(&expected_generator);
    RandomGenerator generator(seed);
    const double value = Evaluate(sum, &generator);
    // The same arithmetic on the expected draws, in the expression's order.
    const Environment env{{u1, vu1}, {u2, vu2}, {g1, vg1}, {g2, vg2}, {e, ve}};
    EXPECT_EQ(value, sum.Evaluate(env));
    // Exactly the expected draws were consumed.
    EXPECT_EQ(generator, expected_generator);
  }
}

TEST(RandomVariablesTest, EachVariableIsDrawnOncePerCall) {
  const Variable u("u", Type::RANDOM_UNIFORM);
  const Expression e = Expression(u) / (1 + sin(u));
  RandomGenerator generator(3);
  const double value = Evaluate(e, &generator);
  RandomGenerator one_draw(3);
  const double v = DrawUniform(&one_draw);
  EXPECT_EQ(value, v / (1 + std::sin(v)));
  EXPECT_EQ(generator, one_draw);
  // A matrix shares the draw among its entries.
  Eigen::Matrix<Expression, 2, 2> m;
  m << Expression(u), 2 * Expression(u), 3 * Expression(u), 1.5;
  RandomGenerator matrix_generator(3);
  const Eigen::Matrix2d values = Evaluate(m, Environment{}, &matrix_generator);
  RandomGenerator expected(3);
  const double drawn = DrawUniform(&expected);
  EXPECT_EQ(values(0, 0), drawn);
  EXPECT_EQ(values(0, 1), 2 * drawn);
  EXPECT_EQ(values(1, 0), 3 * drawn);
  EXPECT_EQ(values(1, 1), 1.5);
  EXPECT_EQ(matrix_generator, expected);
  // Another call draws anew.
  EXPECT_NE(Evaluate(Expression(u), &matrix_generator), drawn);
}

TEST(RandomVariablesTest, BoundVariablesAreNotDrawn) {
  const Variable u("u", Type::RANDOM_UNIFORM);
  const Variable g("g", Type::RANDOM_GAUSSIAN);
  const Variable x("x");
  const Expression e = Expression(u) + Expression(g) * Expression(x);
  RandomGenerator generator(11);
  const double value = Evaluate(e, {{u, 0.25}, {x, 2.0}}, &generator);
  RandomGenerator expected(11);
  const double vg = DrawGaussian(&expected);
  EXPECT_EQ(value, 0.25 + vg * 2.0);
  EXPECT_EQ(generator, expected);
  // A continuous variable is never drawn: unbound, it is an error.
  RandomGenerator other(11);
  EXPECT_THROW(Evaluate(e, {{u, 0.25}}, &other), std::runtime_error);
}

TEST(RandomVariablesTest, UnboundRandomVariableWithoutGenerator) {
  const Variable u("u", Type::RANDOM_UNIFORM);
  const Expression e = 2 * Expression(u);
  try {
    Evaluate(e, Environment{}, nullptr);
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("'u'"), std::string::npos)
        << error.what();
  }
  Eigen::Matrix<Expression, 2, 1> m(e, Expression(1));
  EXPECT_THROW(Evaluate(m, Environment{}, nullptr), std::runtime_error);
  EXPECT_EQ(Evaluate(e, {{u, 0.5}}, nullptr), 1.0);
  EXPECT_THROW(PopulateRandomVariables(Environment{}, Variables{u}, nullptr),
               std::logic_error);
}

TEST(RandomVariablesTest, DistributionsHaveTheirMoments) {
  // Sample means and variances of the three types over many draws. With
  // n = 20000 the standard error of a mean is σ/√n ≤ 0.007 and of a
  // variance about 0.02 (exponential) or less; 5 standard errors bound them.
  const Variable u("u", Type::RANDOM_UNIFORM);
  const Variable g("g", Type::RANDOM_GAUSSIAN);
  const Variable x("x", Type::RANDOM_EXPONENTIAL);
  const Eigen::Matrix<Expression, 3, 1> m{Expression(u), Expression(g),
                                          Expression(x)};
  RandomGenerator generator(2024);
  const int n = 20000;
  Eigen::Vector3d sum = Eigen::Vector3d::Zero(), sum2 = sum;
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector3d s = Evaluate(m, Environment{}, &generator);
    EXPECT_GE(s[0], 0.0);
    EXPECT_LT(s[0], 1.0);
    EXPECT_GE(s[2], 0.0);
    sum += s;
    sum2 += s.cwiseProduct(s);
  }
  const Eigen::Vector3d mean = sum / n;
  const Eigen::Vector3d variance = sum2 / n - mean.cwiseProduct(mean);
  EXPECT_NEAR(mean[0], 0.5, 5 * std::sqrt(1.0 / 12 / n));
  EXPECT_NEAR(variance[0], 1.0 / 12, 0.005);
  EXPECT_NEAR(mean[1], 0.0, 5 * std::sqrt(1.0 / n));
  EXPECT_NEAR(variance[1], 1.0, 0.05);
  EXPECT_NEAR(mean[2], 1.0, 5 * std::sqrt(1.0 / n));
  EXPECT_NEAR(variance[2], 1.0, 0.15);
}

}  // namespace
}  // namespace ossa::symbolic
