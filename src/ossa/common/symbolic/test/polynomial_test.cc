// Tests of Monomial, Polynomial, RationalFunction and the sin/cos
// substitution: closed forms and identities (the agreement with the
// reference toolkit is python/ossa/test/symbolic_polynomial_test.py).

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/common/symbolic/rational_function.h"

namespace ossa::symbolic {
namespace {

class PolynomialTest : public ::testing::Test {
 protected:
  Variable x_{"x"}, y_{"y"}, z_{"z"}, a_{"a"}, b_{"b"};
  Expression x{x_}, y{y_}, z{z_}, a{a_}, b{b_};
  std::mt19937 rng_{7};
  Environment RandomEnvironment() {
    std::uniform_real_distribution<double> u(-2, 2);
    return Environment{{x_, u(rng_)},
                       {y_, u(rng_)},
                       {z_, u(rng_)},
                       {a_, u(rng_)},
                       {b_, u(rng_)}};
  }
};

std::int64_t Binomial(int n, int k) {
  std::int64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

TEST_F(PolynomialTest, MonomialBasics) {
  const Monomial m(std::map<Variable, int>{{y_, 3}, {x_, 2}});
  EXPECT_EQ(m.total_degree(), 5);
  EXPECT_EQ(m.degree(x_), 2);
  EXPECT_EQ(m.degree(z_), 0);
  EXPECT_EQ(m.to_string(), "x^2 * y^3");
  EXPECT_EQ(Monomial().to_string(), "1");
  EXPECT_EQ(pow(m, 2), m * m);
  EXPECT_EQ(pow(m, 0), Monomial());
  const Environment env{{x_, 2.0}, {y_, 3.0}};
  EXPECT_EQ(m.Evaluate(env), 4.0 * 27.0);
  // The Expression evaluates to the same value.
  EXPECT_EQ(m.ToExpression().Evaluate(env), 108.0);
  const auto [c, rest] = m.EvaluatePartial(Environment{{x_, 2.0}});
  EXPECT_EQ(c, 4.0);
  EXPECT_EQ(rest, Monomial(y_, 3));
  // The batch evaluation: column j is one point.
  Eigen::Matrix<Variable, 3, 1> vars(x_, y_, z_);
  Eigen::MatrixXd values(3, 2);
  values << 1, 2, 3, 4, 5, 6;
  const Eigen::VectorXd batch = m.Evaluate(vars, values);
  EXPECT_EQ(batch(0), 27.0);
  EXPECT_EQ(batch(1), 4.0 * 64.0);
  EXPECT_THROW(Monomial(x_, -1), std::runtime_error);
  EXPECT_THROW(Monomial(x_).pow_in_place(-2), std::runtime_error);
  EXPECT_THROW(m.Evaluate(Environment{{x_, 1.0}}), std::runtime_error);
}

TEST_F(PolynomialTest, MonomialOrderAndBasis) {
  // With x before y: 1 < y < y² < x·y < x².
  const Monomial one, my(y_), my2(y_, 2), mxy = Monomial(x_) * Monomial(y_),
                                          mx2(x_, 2);
  EXPECT_LT(one, my);
  EXPECT_LT(my, my2);
  EXPECT_LT(my2, mxy);
  EXPECT_LT(mxy, mx2);
  EXPECT_FALSE(mx2 < mxy);
  // MonomialBasis({x, y, z}, 2) = [z², yz, y², xz, xy, x², z, y, x, 1].
  const auto basis = MonomialBasis(Variables{x_, y_, z_}, 2);
  ASSERT_EQ(basis.size(), 10);
  EXPECT_EQ(basis(0), Monomial(z_, 2));
  EXPECT_EQ(basis(1), Monomial(y_) * Monomial(z_));
  EXPECT_EQ(basis(4), mxy);
  EXPECT_EQ(basis(5), mx2);
  EXPECT_EQ(basis(9), one);
  for (int n = 1; n <= 4; ++n) {
    Variables vars;
    for (int i = 0; i < n; ++i) vars.insert(Variable("v"));
    for (int d = 0; d <= 4; ++d) {
      EXPECT_EQ(MonomialBasis(vars, d).size(), Binomial(n + d, d));
      const auto even = EvenDegreeMonomialBasis(vars, d);
      const auto odd = OddDegreeMonomialBasis(vars, d);
      EXPECT_EQ(even.size() + odd.size(), Binomial(n + d, d));
    }
    EXPECT_EQ(CalcMonomialBasisOrderUpToOne(vars).size(), 1 << n);
  }
  EXPECT_THROW(MonomialBasis(Variables{}, 2), std::runtime_error);
  EXPECT_THROW(MonomialBasis(Variables{x_}, -1), std::runtime_error);
  EXPECT_THROW(MonomialBasis({{Variables{x_, y_}, 1}, {Variables{y_}, 1}}),
               std::runtime_error);
}

TEST_F(PolynomialTest, DecompositionAndIdentities) {
  const Expression e = a * x * x + b * x * y + 3 * y + 2;
  const Polynomial p(e, Variables{x_, y_});
  EXPECT_EQ(p.indeterminates(), (Variables{x_, y_}));
  EXPECT_EQ(p.decision_variables(), (Variables{a_, b_}));
  EXPECT_EQ(p.terms().size(), 4);
  EXPECT_EQ(p.TotalDegree(), 2);
  EXPECT_EQ(p.Degree(x_), 2);
  EXPECT_EQ(p.Degree(a_), 0);
  // Expand(p.ToExpression()) equals Expand(e).
  EXPECT_TRUE(p.ToExpression().Expand().EqualTo(e.Expand()));
  const Polynomial q((x + 2 * y - z) * (x - 1) + pow(x + y, 3.0));
  // (p·q)(env) = p(env)·q(env); (p + q), p^3 likewise; to 1e-12 relative
  // (the products of the coefficients round differently).
  for (int trial = 0; trial < 20; ++trial) {
    const Environment env = RandomEnvironment();
    const double pv = p.Evaluate(env), qv = q.Evaluate(env);
    EXPECT_NEAR((p * q).Evaluate(env), pv * qv,
                1e-12 * (1 + std::abs(pv * qv)));
    EXPECT_NEAR((p + q).Evaluate(env), pv + qv,
                1e-12 * (1 + std::abs(pv + qv)));
    EXPECT_NEAR(pow(q, 3).Evaluate(env), qv * qv * qv,
                1e-11 * (1 + std::abs(qv * qv * qv)));
    EXPECT_NEAR(q.Evaluate(env),
                ((x + 2 * y - z) * (x - 1) + pow(x + y, 3.0)).Evaluate(env),
                1e-12 * (1 + std::abs(qv)));
  }
  // d/dx ∫ p dx = p, and ∫₀¹ x² dx = 1/3.
  EXPECT_TRUE(p.Integrate(x_).Differentiate(x_).Expand().EqualTo(p.Expand()));
  const Polynomial x2(x * x);
  EXPECT_TRUE(x2.Integrate(x_, 0, 1).EqualTo(Polynomial(
                  Polynomial::MapType{{Monomial(), Expression(1.0 / 3.0)}})) ||
              std::abs(x2.Integrate(x_, 0, 1).Evaluate({}) - 1.0 / 3.0) <
                  1e-15);
  EXPECT_THROW(p.Integrate(a_), std::runtime_error);
  // p − p is the zero polynomial; p = p is the formula True.
  EXPECT_TRUE((p - p).terms().empty());
  EXPECT_TRUE(static_cast<bool>(p == p));
  EXPECT_FALSE(static_cast<bool>(p == (Polynomial(p) += 1.0)));
}

TEST_F(PolynomialTest, NonPolynomialInput) {
  EXPECT_THROW(Polynomial(sin(x)), std::runtime_error);
  EXPECT_THROW(Polynomial(x / y), std::runtime_error);
  EXPECT_THROW(Polynomial(pow(x, -1.0)), std::runtime_error);
  EXPECT_THROW(Polynomial(pow(x, y)), std::runtime_error);
  // Functions of decision variables are coefficients.
  const Polynomial p(sin(a) * x + x / (a + 1), Variables{x_});
  EXPECT_EQ(p.terms().size(), 1);
  EXPECT_EQ(p.Degree(x_), 1);
  try {
    Polynomial(x * sin(x));
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("sin(x)"), std::string::npos);
  }
}

TEST_F(PolynomialTest, Roots) {
  // (x − 1)(x − 2)(x + 3) has the roots 1, 2, −3; the companion matrix's
  // eigenvalues are exact to a few ulps of the coefficients.
  const Polynomial p((x - 1) * (x - 2) * (x + 3));
  Eigen::VectorXcd roots = p.Roots();
  ASSERT_EQ(roots.size(), 3);
  std::vector<double> re;
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(roots(i).imag(), 0, 1e-12);
    re.push_back(roots(i).real());
  }
  std::sort(re.begin(), re.end());
  EXPECT_NEAR(re[0], -3, 1e-12);
  EXPECT_NEAR(re[1], 1, 1e-12);
  EXPECT_NEAR(re[2], 2, 1e-12);
  const Eigen::VectorXcd complex_roots = Polynomial(x * x + 1).Roots();
  EXPECT_NEAR(std::abs(complex_roots(0).imag()), 1, 1e-14);
  EXPECT_THROW(Polynomial(x * y).Roots(), std::runtime_error);
  EXPECT_THROW(Polynomial(a * x, Variables{x_}).Roots(), std::runtime_error);
}

TEST_F(PolynomialTest, QuadraticDecomposition) {
  // x² + 2xy + 3y + 4 = ½ [x y] [[2 2] [2 0]] [x y]ᵀ + [0 3]·[x y] + 4.
  Eigen::MatrixXd Q;
  Eigen::VectorXd bv;
  double c;
  DecomposeQuadraticPolynomial(Polynomial(x * x + 2 * x * y + 3 * y + 4),
                               {{x_.get_id(), 0}, {y_.get_id(), 1}}, &Q, &bv,
                               &c);
  EXPECT_EQ(Q, (Eigen::Matrix2d() << 2, 2, 2, 0).finished());
  EXPECT_EQ(bv, Eigen::Vector2d(0, 3));
  EXPECT_EQ(c, 4);
  EXPECT_THROW(DecomposeQuadraticPolynomial(Polynomial(x * x * x),
                                            {{x_.get_id(), 0}}, &Q, &bv, &c),
               std::runtime_error);
}

TEST_F(PolynomialTest, RationalFunction) {
  const RationalFunction f(Polynomial(x), Polynomial(y + 1));
  const RationalFunction g(Polynomial(z), Polynomial(y + 1));
  for (int trial = 0; trial < 10; ++trial) {
    const Environment env = RandomEnvironment();
    const double fv = f.Evaluate(env), gv = g.Evaluate(env);
    EXPECT_NEAR((f + g).Evaluate(env), fv + gv,
                1e-12 * (1 + std::abs(fv + gv)));
    EXPECT_NEAR((f * g).Evaluate(env), fv * gv,
                1e-12 * (1 + std::abs(fv * gv)));
    EXPECT_NEAR((f / g).Evaluate(env), fv / gv,
                1e-12 * (1 + std::abs(fv / gv)));
    EXPECT_NEAR((f - g).Evaluate(env), fv - gv,
                1e-12 * (1 + std::abs(fv - gv)));
  }
  // Equal denominators add numerators; f == 2x / (2y + 2) holds.
  EXPECT_TRUE((f + g).denominator().EqualTo(f.denominator()));
  EXPECT_TRUE(static_cast<bool>(
      f == RationalFunction(Polynomial(2 * x), Polynomial(2 * y + 2))));
  EXPECT_THROW(RationalFunction(Polynomial(x), Polynomial()),
               std::runtime_error);
  EXPECT_THROW(f / RationalFunction(0.0), std::runtime_error);
}

TEST_F(PolynomialTest, SinCosSubstitution) {
  const Variable sx("sx"), cx("cx"), sy("sy"), cy("cy");
  const SinCosSubstitution angle{{x_, SinCos(sx, cx)}, {y_, SinCos(sy, cy)}};
  const SinCosSubstitution half{
      {x_, SinCos(sx, cx, SinCosSubstitutionType::kHalfAnglePreferSin)},
      {y_, SinCos(sy, cy, SinCosSubstitutionType::kHalfAnglePreferCos)}};
  const Expression e =
      x * sin(x + y) + cos(2 * x - y) * sin(z) + tan(x) + pow(cos(y + 1), 2.0);
  const Expression e_half = sin(0.5 * x) * cos(x) + sin(y) + cos(1.5 * y);
  for (int trial = 0; trial < 10; ++trial) {
    Environment env = RandomEnvironment();
    const double qx = env.at(x_), qy = env.at(y_);
    Environment with = env;
    with.insert(sx, std::sin(qx));
    with.insert(cx, std::cos(qx));
    with.insert(sy, std::sin(qy));
    with.insert(cy, std::cos(qy));
    EXPECT_NEAR(Substitute(e, angle).Evaluate(with), e.Evaluate(env), 1e-12);
    with.insert(sx, std::sin(qx / 2));
    with.insert(cx, std::cos(qx / 2));
    with.insert(sy, std::sin(qy / 2));
    with.insert(cy, std::cos(qy / 2));
    EXPECT_NEAR(Substitute(e_half, half).Evaluate(with), e_half.Evaluate(env),
                1e-12);
  }
  // The result is a polynomial in the new variables where e had only
  // sines and cosines of the angles.
  EXPECT_TRUE(Substitute(sin(x) * cos(y) + cos(2 * x), angle).is_polynomial());
  EXPECT_THROW(Substitute(sin(x * y), angle), std::runtime_error);
  EXPECT_THROW(Substitute(sin(0.5 * x), angle), std::runtime_error);
  EXPECT_THROW(Substitute(sin(sin(x)), angle), std::runtime_error);
}

}  // namespace
}  // namespace ossa::symbolic
