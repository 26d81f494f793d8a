#include "ossa/common/trajectories/piecewise_polynomial.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ossa {
namespace trajectories {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using PP = PiecewisePolynomial<double>;

MatrixXd S(double x) { return MatrixXd::Constant(1, 1, x); }

// Exact arithmetic on small integers and halves: 1e-14 only absorbs rounding.
constexpr double kTol = 1e-12;

TEST(PiecewisePolynomialTest, ZeroOrderHoldHoldsLeftSample) {
  const PP pp = PP::ZeroOrderHold({0.0, 1.0, 3.0}, {S(2), S(5), S(7)});
  EXPECT_EQ(pp.get_number_of_segments(), 2);
  EXPECT_EQ(pp.value(0.0)(0, 0), 2);
  EXPECT_EQ(pp.value(0.999)(0, 0), 2);
  EXPECT_EQ(pp.value(1.0)(0, 0), 5);
  EXPECT_EQ(pp.value(2.9)(0, 0), 5);
  // Clamped outside the breaks: the first and last segments hold.
  EXPECT_EQ(pp.value(-4.0)(0, 0), 2);
  EXPECT_EQ(pp.value(10.0)(0, 0), 5);
  EXPECT_EQ(pp.EvalDerivative(0.5)(0, 0), 0);
}

TEST(PiecewisePolynomialTest, FirstOrderHoldInterpolatesLinearly) {
  VectorXd breaks(3);
  breaks << 0, 2, 3;
  MatrixXd samples(2, 3);
  samples << 0, 4, 1,  //
      1, 1, 1;
  const PP pp = PP::FirstOrderHold(breaks, samples);
  EXPECT_EQ(pp.rows(), 2);
  EXPECT_EQ(pp.cols(), 1);
  EXPECT_NEAR(pp.value(1.0)(0, 0), 2.0, kTol);
  EXPECT_NEAR(pp.value(2.5)(0, 0), 2.5, kTol);
  EXPECT_NEAR(pp.value(2.5)(1, 0), 1.0, kTol);
  EXPECT_NEAR(pp.EvalDerivative(1.0)(0, 0), 2.0, kTol);
  EXPECT_NEAR(pp.EvalDerivative(2.5)(0, 0), -3.0, kTol);
  EXPECT_NEAR(pp.value(5.0)(0, 0), 1.0, kTol);
  EXPECT_EQ(pp.start_time(), 0.0);
  EXPECT_EQ(pp.end_time(), 3.0);
  EXPECT_EQ(pp.duration(0), 2.0);
}

double Cubic(double t) { return 1 - 2 * t + 0.5 * t * t + 0.25 * t * t * t; }
double CubicDot(double t) { return -2 + t + 0.75 * t * t; }
double CubicDdot(double t) { return 1 + 1.5 * t; }

// A cubic is reproduced exactly by each cubic interpolant whose conditions it
// satisfies: Hermite with its slopes, the clamped spline with its end slopes
// and the not-a-knot spline (which is the unique C³ interpolant).
TEST(PiecewisePolynomialTest, CubicsReproduceACubic) {
  const std::vector<double> breaks{-1.0, 0.0, 0.5, 2.0, 3.0};
  std::vector<MatrixXd> y, yd;
  for (double t : breaks) {
    y.push_back(S(Cubic(t)));
    yd.push_back(S(CubicDot(t)));
  }
  const PP hermite = PP::CubicHermite(breaks, y, yd);
  const PP clamped = PP::CubicWithContinuousSecondDerivatives(
      breaks, y, yd.front(), yd.back());
  const PP not_a_knot = PP::CubicWithContinuousSecondDerivatives(breaks, y);
  for (const PP* pp : {&hermite, &clamped, &not_a_knot}) {
    for (double t = -1.0; t <= 3.0; t += 0.1) {
      EXPECT_NEAR(pp->value(t)(0, 0), Cubic(t), 1e-12) << t;
      EXPECT_NEAR(pp->EvalDerivative(t)(0, 0), CubicDot(t), 1e-11) << t;
      EXPECT_NEAR(pp->EvalDerivative(t, 2)(0, 0), CubicDdot(t), 1e-10) << t;
    }
  }
}

// The spline through non-polynomial data must still be C² at interior knots:
// compare the one-sided second derivatives from the adjacent segments.
TEST(PiecewisePolynomialTest, SplinesAreC2AtKnots) {
  const std::vector<double> breaks{0, 0.7, 1.1, 2.0, 2.4, 3.0};
  std::vector<MatrixXd> y;
  for (double t : breaks) y.push_back(S(std::sin(2 * t)));
  const PP natural = PP::CubicWithContinuousSecondDerivatives(breaks, y);
  const PP ddot = natural.derivative(2);
  for (size_t i = 1; i + 1 < breaks.size(); ++i) {
    const double eps = 1e-9;
    EXPECT_NEAR(ddot.value(breaks[i] - eps)(0, 0),
                ddot.value(breaks[i] + eps)(0, 0), 1e-6)
        << i;
  }
  // Periodic: sin over one full period with equal end samples.
  std::vector<double> pb{0, 1, 2.5, 4, 2 * M_PI};
  std::vector<MatrixXd> py;
  for (double t : pb) py.push_back(S(std::sin(t)));
  py.back() = py.front();
  const PP periodic = PP::CubicWithContinuousSecondDerivatives(pb, py, true);
  EXPECT_NEAR(periodic.EvalDerivative(0.0)(0, 0),
              periodic.EvalDerivative(2 * M_PI)(0, 0), 1e-12);
  EXPECT_NEAR(periodic.EvalDerivative(0.0, 2)(0, 0),
              periodic.EvalDerivative(2 * M_PI, 2)(0, 0), 1e-12);
}

TEST(PiecewisePolynomialTest, ConstantAndAutoDiff) {
  const PP c(MatrixXd::Identity(2, 2));
  EXPECT_TRUE(c.value(-1e9).isIdentity());
  EXPECT_TRUE(c.value(1e9).isIdentity());
  // AutoDiffXd through a linear segment: d/dt of y(t) is the slope.
  using PPad = PiecewisePolynomial<AutoDiffXd>;
  const PPad pp =
      PPad::FirstOrderHold(std::vector<AutoDiffXd>{0.0, 2.0},
                           std::vector<MatrixX<AutoDiffXd>>{
                               MatrixX<AutoDiffXd>::Constant(1, 1, 1.0),
                               MatrixX<AutoDiffXd>::Constant(1, 1, 5.0)});
  AutoDiffXd t(1.0, Eigen::VectorXd::Ones(1));
  const AutoDiffXd y = pp.value(t)(0, 0);
  EXPECT_NEAR(y.value(), 3.0, kTol);
  EXPECT_NEAR(y.derivatives()(0), 2.0, kTol);
}

TEST(PiecewisePolynomialTest, BadInputThrows) {
  using ::testing::HasSubstr;
  try {
    PP::FirstOrderHold({0.0, 1.0, 1.0}, {S(0), S(1), S(2)});
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(),
                HasSubstr("FirstOrderHold(): breaks must be strictly"));
  }
  EXPECT_THROW(PP::FirstOrderHold({0.0, 1.0}, {S(0)}), std::logic_error);
  EXPECT_THROW(PP::FirstOrderHold({0.0, 1.0}, {S(0), MatrixXd::Zero(2, 1)}),
               std::logic_error);
  EXPECT_THROW(PP::CubicWithContinuousSecondDerivatives({0.0, 1.0, 2.0},
                                                        {S(0), S(1), S(0)}),
               std::logic_error);
  EXPECT_THROW(PP::CubicWithContinuousSecondDerivatives(
                   {0.0, 1.0, 2.0}, {S(0), S(1), S(2)}, true),
               std::logic_error);
  const PP pp = PP::ZeroOrderHold({0.0, 1.0}, {S(0), S(1)});
  EXPECT_THROW(pp.start_time(3), std::logic_error);
  EXPECT_THROW(pp.derivative(-1), std::logic_error);
  EXPECT_THROW(PP().value(0.0), std::logic_error);
}

// The editing operations against the identities that define them, on a
// cubic Hermite trajectory (tolerance kTol: a few roundings of O(1) values).
PP MakeHermite() {
  return PP::CubicHermite(std::vector<double>{0.0, 1.0, 3.0},
                          {S(0.0), S(1.0), S(0.5)}, {S(1.0), S(0.0), S(-1.0)});
}

TEST(PiecewisePolynomialTest, TimeEditsAreReparametrizations) {
  const PP pp = MakeHermite();
  PP scaled = pp, reversed = pp, shifted = pp;
  scaled.ScaleTime(2.0);
  reversed.ReverseTime();
  shifted.shiftRight(1.5);
  EXPECT_THAT(reversed.get_segment_times(),
              ::testing::ElementsAre(-3.0, -1.0, 0.0));
  for (double t = -0.5; t <= 3.5; t += 0.25) {
    EXPECT_NEAR(scaled.value(2 * t)(0, 0), pp.value(t)(0, 0), kTol) << t;
    EXPECT_NEAR(reversed.value(-t)(0, 0), pp.value(t)(0, 0), kTol) << t;
    EXPECT_NEAR(shifted.value(t + 1.5)(0, 0), pp.value(t)(0, 0), kTol) << t;
  }
  EXPECT_THROW(scaled.ScaleTime(0.0), std::logic_error);
  PP constant(S(4.0));
  constant.ReverseTime();
  EXPECT_EQ(constant.value(7.0)(0, 0), 4.0);
}

TEST(PiecewisePolynomialTest, AppendedSegmentsContinueTheEnd) {
  PP pp = PP::FirstOrderHold(std::vector<double>{0.0, 1.0}, {S(0), S(1)});
  pp.AppendFirstOrderSegment(2.0, S(3.0));
  EXPECT_NEAR(pp.value(1.5)(0, 0), 2.0, kTol);
  pp.AppendCubicHermiteSegment(3.0, S(0.0), S(0.5));
  // The cubic starts with the end value and slope (2) of the linear
  // segment and ends at the given sample and slope.
  EXPECT_NEAR(pp.value(2.0)(0, 0), 3.0, kTol);
  EXPECT_NEAR(pp.EvalDerivative(2.0, 1)(0, 0), 2.0, kTol);
  EXPECT_NEAR(pp.value(3.0)(0, 0), 0.0, kTol);
  EXPECT_NEAR(pp.EvalDerivative(3.0, 1)(0, 0), 0.5, kTol);
  EXPECT_THROW(pp.AppendFirstOrderSegment(2.5, S(1.0)), std::logic_error);
  EXPECT_THROW(pp.AppendFirstOrderSegment(4.0, MatrixXd::Zero(2, 1)),
               std::logic_error);
  EXPECT_THROW(PP().AppendFirstOrderSegment(1.0, S(1.0)), std::logic_error);
  pp.RemoveFinalSegment();
  EXPECT_EQ(pp.get_number_of_segments(), 2);
  EXPECT_EQ(pp.end_time(), 2.0);
  pp.RemoveFinalSegment();
  pp.RemoveFinalSegment();
  EXPECT_TRUE(pp.empty());
  EXPECT_THROW(pp.RemoveFinalSegment(), std::logic_error);
}

TEST(PiecewisePolynomialTest, ConcatenateSliceAndAdd) {
  const PP pp = MakeHermite();
  PP joined = pp.slice(0, 1);
  joined.ConcatenateInTime(pp.slice(1, 1));
  EXPECT_TRUE(joined.isApprox(pp, 0.0));
  PP empty;
  empty.ConcatenateInTime(pp);
  EXPECT_TRUE(empty.isApprox(pp, 0.0));
  PP gap = pp;
  EXPECT_THROW(gap.ConcatenateInTime(pp), std::logic_error);
  EXPECT_THROW(pp.slice(1, 2), std::logic_error);
  const PP doubled = pp + pp;
  EXPECT_NEAR(doubled.value(2.2)(0, 0), 2 * pp.value(2.2)(0, 0), kTol);
  EXPECT_THROW(pp + pp.slice(0, 1), std::logic_error);
  PP scaled = pp;
  scaled.ScaleTime(1.0 + 1e-9);
  EXPECT_FALSE(pp.isApprox(scaled, 1e-12));
  EXPECT_TRUE(pp.isApprox(scaled, 1e-6));
}

TEST(PiecewisePolynomialTest, TransposeAndBlock) {
  MatrixXd a(2, 3), b(2, 3);
  a << 1, 2, 3, 4, 5, 6;
  b = 2 * a;
  const PP pp = PP::FirstOrderHold(std::vector<double>{0.0, 1.0}, {a, b});
  EXPECT_EQ(pp.Transpose().value(0.5), MatrixXd(1.5 * a.transpose()));
  EXPECT_EQ(pp.Block(0, 1, 2, 2).value(0.5),
            MatrixXd(1.5 * a.block(0, 1, 2, 2)));
  EXPECT_THROW(pp.Block(1, 1, 2, 2), std::logic_error);
}

}  // namespace
}  // namespace trajectories
}  // namespace ossa
