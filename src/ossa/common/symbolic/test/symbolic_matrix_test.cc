#include <gtest/gtest.h>

#include <cmath>

#include "ossa/common/eigen_types.h"
#include "ossa/common/symbolic/expression.h"

namespace ossa::symbolic {
namespace {

TEST(SymbolicMatrixTest, EigenArithmeticMatchesDouble) {
  const auto q = MakeVectorVariable(4, "q");
  EXPECT_EQ(q(2).get_name(), "q(2)");
  Matrix3<Expression> A;
  A << q(0), q(1), 1,      //
      sin(q(2)), 2, q(3),  //
      0, q(0) * q(1), cos(q(3));
  const Vector3<Expression> b(q(3), -q(0), 0.5);
  const Matrix3<Expression> M = A * A.transpose() + 2 * A;
  const Vector3<Expression> c = A.inverse() * b;
  const Expression det = A.determinant();

  Environment env;
  const Eigen::Vector4d qv(0.3, -1.1, 0.7, 2.0);
  for (int i = 0; i < 4; ++i) env.insert(q(i), qv(i));
  Matrix3<double> Ad;
  Ad << qv(0), qv(1), 1, std::sin(qv(2)), 2, qv(3), 0, qv(0) * qv(1),
      std::cos(qv(3));
  const Eigen::Vector3d bd(qv(3), -qv(0), 0.5);
  // Same arithmetic on doubles; the symbolic result may associate sums
  // differently, so compare to a few ulps of the entries' size.
  EXPECT_TRUE(Evaluate(M, env).isApprox(Ad * Ad.transpose() + 2 * Ad, 1e-14));
  EXPECT_TRUE(Evaluate(c, env).isApprox(Ad.inverse() * bd, 1e-13));
  EXPECT_NEAR(det.Evaluate(env), Ad.determinant(), 1e-14);
  EXPECT_EQ(GetVariables(M), (Variables{q(0), q(1), q(2), q(3)}));
}

TEST(SymbolicMatrixTest, JacobianMatchesClosedForm) {
  const Variable x("x"), y("y");
  Vector2<Expression> f(Expression(x) * y, sin(Expression(x)));
  const MatrixX<Expression> J = Jacobian(f, {x, y});
  ASSERT_EQ(J.rows(), 2);
  ASSERT_EQ(J.cols(), 2);
  EXPECT_TRUE(J(0, 0).EqualTo(y));
  EXPECT_TRUE(J(0, 1).EqualTo(x));
  EXPECT_TRUE(J(1, 0).EqualTo(cos(Expression(x))));
  EXPECT_TRUE(is_zero(J(1, 1)));
  const auto df = Differentiate(f, x);
  EXPECT_TRUE(df(0).EqualTo(y));
  const auto row = (Expression(x) * x * y).Jacobian({x, y});
  EXPECT_NEAR(row(0).Evaluate({{x, 2.0}, {y, 3.0}}), 12.0, 1e-15);
  EXPECT_NEAR(row(1).Evaluate({{x, 2.0}, {y, 3.0}}), 4.0, 1e-15);
}

TEST(SymbolicMatrixTest, WholeMatrixOperations) {
  const Variable x("x"), y("y");
  Matrix2<Expression> m;
  m << pow(Expression(x) + y, 2), x, y, 1;
  const Matrix2<Expression> e = Expand(m);
  EXPECT_TRUE(e(0, 0).is_polynomial());
  EXPECT_TRUE(is_zero((e(0, 0) - x * x - 2 * x * y - y * y).Expand()));
  const Matrix2<Expression> s = Substitute(m, {{x, Expression(2.0)}});
  EXPECT_TRUE(s(0, 1).EqualTo(Expression(2.0)));
  EXPECT_THROW(Evaluate(m, {{x, 1.0}}), std::runtime_error);  // y unbound
}

}  // namespace
}  // namespace ossa::symbolic
