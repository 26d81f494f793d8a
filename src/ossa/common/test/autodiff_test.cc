#include "ossa/common/autodiff.h"

#include <gtest/gtest.h>

#include <cmath>

namespace ossa {
namespace autodiff_test {

// The derivative of f(x, y) = sin(x)·y + x² computed by AutoDiffXd equals the
// closed form [cos(x)·y + 2x, sin(x)] to round-off.
TEST(AutoDiffTest, GradientOfScalarFunctionMatchesClosedForm) {
  const Eigen::Vector2d xy(0.7, -1.3);
  const auto v = InitializeAutoDiff(xy);
  using std::sin;
  const AutoDiffXd f = sin(v(0)) * v(1) + v(0) * v(0);
  EXPECT_DOUBLE_EQ(f.value(), std::sin(0.7) * -1.3 + 0.49);
  const Eigen::MatrixXd g = ExtractGradient(Vector1<AutoDiffXd>(f));
  ASSERT_EQ(g.rows(), 1);
  ASSERT_EQ(g.cols(), 2);
  EXPECT_NEAR(g(0, 0), std::cos(0.7) * -1.3 + 1.4, 1e-15);
  EXPECT_NEAR(g(0, 1), std::sin(0.7), 1e-15);
}

TEST(AutoDiffTest, InitializeWithOffsetAndExtract) {
  const Eigen::Vector2d x(1.0, 2.0);
  const auto v = InitializeAutoDiff(x, 5, 2);
  const Eigen::MatrixXd g = ExtractGradient(v);
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(2, 5);
  expected(0, 2) = 1;
  expected(1, 3) = 1;
  EXPECT_EQ(g, expected);
  EXPECT_EQ(ExtractValue(v), Eigen::MatrixXd(x));
  EXPECT_EQ(DiscardGradient(v), Eigen::MatrixXd(x));
  EXPECT_THROW(InitializeAutoDiff(x, 2, 1), std::logic_error);
}

TEST(AutoDiffTest, EmptyDerivativesMixWithSizedOnes) {
  Vector2<AutoDiffXd> v;
  v(0) = AutoDiffXd(3.0);  // A constant: empty derivatives.
  v(1) = AutoDiffXd(2.0, Eigen::Vector3d(1, 2, 3));
  const AutoDiffXd p = v(0) * v(1);
  EXPECT_EQ(p.derivatives(), Eigen::Vector3d(3, 6, 9));
  const Eigen::MatrixXd g = ExtractGradient(v);
  EXPECT_EQ(g.row(0), Eigen::RowVector3d::Zero());
}

TEST(AutoDiffTest, MismatchedDerivativeSizesThrow) {
  Vector2<AutoDiffXd> v;
  v(0) = AutoDiffXd(1.0, Eigen::Vector2d(1, 0));
  v(1) = AutoDiffXd(1.0, Eigen::Vector3d(1, 0, 0));
  EXPECT_THROW(ExtractGradient(v), std::logic_error);
}

TEST(AutoDiffTest, InitializeFromValueAndGradient) {
  Eigen::MatrixXd grad(2, 3);
  grad << 1, 2, 3, 4, 5, 6;
  const auto v = InitializeAutoDiff(Eigen::Vector2d(7, 8), grad);
  EXPECT_EQ(ExtractGradient(v), grad);
  EXPECT_THROW(InitializeAutoDiff(Eigen::Vector3d(7, 8, 9), grad),
               std::logic_error);
}

}  // namespace autodiff_test
}  // namespace ossa
