// BezierCurve, BsplineBasis, BsplineTrajectory, PiecewiseTrajectory and
// ExponentialPlusPiecewisePolynomial against closed forms and identities.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <unsupported/Eigen/MatrixFunctions>
#include <vector>

#include "ossa/common/autodiff.h"
#include "ossa/common/trajectories/bezier_curve.h"
#include "ossa/common/trajectories/bspline_basis.h"
#include "ossa/common/trajectories/bspline_trajectory.h"
#include "ossa/common/trajectories/exponential_plus_piecewise_polynomial.h"

namespace ossa {
namespace trajectories {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;
using math::BsplineBasis;
using math::KnotVectorType;

// Convex combinations of O(1) numbers: rounding stays within a few ulps.
constexpr double kSplineTol = 1e-13;
// Central differences with step h = 1e-5 on O(10) second derivatives: the
// truncation error is O(h²·y‴) ≈ 1e-9, the rounding O(ε/h) ≈ 1e-11.
constexpr double kSplineFdTol = 1e-7;

MatrixXd SplineControl() {
  MatrixXd P(2, 5);
  P << 0, 1, 3, 2, -1,  //
      1, -2, 0.5, 4, 3;
  return P;
}

TEST(BezierCurveTest, EndsAndDerivativesAreClosedForms) {
  const BezierCurve<double> curve(0.5, 2.0, SplineControl());
  const MatrixXd P = SplineControl();
  EXPECT_EQ(curve.order(), 4);
  EXPECT_TRUE(curve.value(0.5).isApprox(P.col(0), kSplineTol));
  EXPECT_TRUE(curve.value(2.0).isApprox(P.col(4), kSplineTol));
  // Clamped outside [t0, t1].
  EXPECT_TRUE(curve.value(-3.0).isApprox(P.col(0), kSplineTol));
  // y'(t0) = n/T (P1 − P0).
  const double n_over_T = 4 / 1.5;
  EXPECT_TRUE(curve.EvalDerivative(0.5).isApprox(
      n_over_T * (P.col(1) - P.col(0)), kSplineTol));
  // The Bernstein polynomials sum to one and combine the points.
  const double t = 1.2;
  VectorXd weights(5);
  for (int i = 0; i < 5; ++i) weights(i) = curve.BernsteinBasis(i, t);
  EXPECT_NEAR(weights.sum(), 1.0, kSplineTol);
  EXPECT_TRUE(curve.value(t).isApprox(P * weights, kSplineTol));
  // Finite differences.
  const double h = 1e-5;
  const MatrixXd fd = (curve.value(t + h) - curve.value(t - h)) / (2 * h);
  EXPECT_TRUE(curve.EvalDerivative(t).isApprox(fd, kSplineFdTol));
  // The fifth derivative of a quartic vanishes.
  EXPECT_TRUE(curve.EvalDerivative(t, 5).isZero());
  // Elevating the order keeps the curve.
  BezierCurve<double> elevated = curve;
  elevated.ElevateOrder();
  EXPECT_EQ(elevated.order(), 5);
  for (double s : {0.5, 0.9, 1.4, 2.0}) {
    EXPECT_TRUE(elevated.value(s).isApprox(curve.value(s), kSplineTol));
  }
}

TEST(BezierCurveTest, AutoDiffTimeGivesTheDerivative) {
  const BezierCurve<AutoDiffXd> curve(0.5, 2.0,
                                      SplineControl().cast<AutoDiffXd>());
  AutoDiffXd t(1.2, VectorXd::Ones(1));
  const MatrixX<AutoDiffXd> y = curve.value(t);
  const MatrixXd dy =
      BezierCurve<double>(0.5, 2.0, SplineControl()).EvalDerivative(1.2);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(y(i, 0).derivatives()(0), dy(i, 0), kSplineTol);
  }
}

TEST(BsplineBasisTest, KnotsAndPartitionOfUnity) {
  const BsplineBasis<double> clamped(3, 5);
  EXPECT_THAT(clamped.knots(),
              testing::ElementsAre(0, 0, 0, 1.0 / 3, 2.0 / 3, 1, 1, 1));
  const BsplineBasis<double> uniform(3, 5, KnotVectorType::kUniform, 0, 1);
  EXPECT_NEAR(uniform.knots().front(), -2.0 / 3, kSplineTol);
  EXPECT_NEAR(uniform.initial_parameter_value(), 0, kSplineTol);
  EXPECT_NEAR(uniform.final_parameter_value(), 1, kSplineTol);
  for (const auto* basis : {&clamped, &uniform}) {
    for (double t = 0; t <= 1.0; t += 0.0625) {
      double sum = 0;
      for (int i = 0; i < 5; ++i) {
        const double b = basis->EvaluateBasisFunctionI(i, t);
        EXPECT_GE(b, -kSplineTol);
        sum += b;
      }
      EXPECT_NEAR(sum, 1.0, kSplineTol) << "t = " << t;
      // The derivatives of a partition of unity sum to zero.
      EXPECT_NEAR(basis->EvaluateLinearInControlPoints(t, 1).sum(), 0, 1e-12);
    }
  }
  EXPECT_THROW(BsplineBasis<double>(0, std::vector<double>{0, 1}),
               std::logic_error);
  EXPECT_THROW(clamped.FindContainingInterval(1.5), std::logic_error);
}

TEST(BsplineTrajectoryTest, ClampedEndsKnotInsertionAndDerivatives) {
  const MatrixXd P = SplineControl();
  std::vector<MatrixXd> points;
  for (int i = 0; i < 5; ++i) points.push_back(P.col(i));
  const BsplineTrajectory<double> spline(
      BsplineBasis<double>(4, 5, KnotVectorType::kClampedUniform, 0.5, 2.0),
      points);
  EXPECT_TRUE(spline.InitialValue().isApprox(P.col(0), kSplineTol));
  EXPECT_TRUE(spline.FinalValue().isApprox(P.col(4), kSplineTol));
  BsplineTrajectory<double> refined = spline;
  refined.InsertKnots({0.6, 1.0, 1.0, 1.9});
  EXPECT_EQ(refined.num_control_points(), 9);
  for (double t = 0.5; t <= 2.0; t += 0.125) {
    EXPECT_TRUE(refined.value(t).isApprox(spline.value(t), 1e-12));
  }
  const double t = 1.37, h = 1e-5;
  const MatrixXd fd = (spline.value(t + h) - spline.value(t - h)) / (2 * h);
  EXPECT_TRUE(spline.EvalDerivative(t).isApprox(fd, kSplineFdTol));
  // The weights reproduce value and derivative; M maps control points to
  // the derivative's control points.
  for (int d = 0; d < 3; ++d) {
    EXPECT_TRUE((P * spline.EvaluateLinearInControlPoints(t, d))
                    .isApprox(spline.EvalDerivative(t, d), 1e-12));
  }
  const MatrixXd Q = P * spline.AsLinearInControlPoints(1);
  const BsplineTrajectory<double> derivative = spline.Derivative(1);
  for (int i = 0; i < Q.cols(); ++i) {
    EXPECT_TRUE(derivative.control_points()[i].isApprox(Q.col(i), kSplineTol));
  }
  EXPECT_TRUE(spline.EvalDerivative(t, 4).isZero());
}

TEST(PiecewiseTrajectoryTest, SegmentsAndExponentialPart) {
  const PiecewisePolynomial<double> pp =
      PiecewisePolynomial<double>::FirstOrderHold(
          std::vector<double>{0, 1, 3},
          std::vector<MatrixXd>{MatrixXd::Constant(1, 1, 0),
                                MatrixXd::Constant(1, 1, 1),
                                MatrixXd::Constant(1, 1, 2)});
  const PiecewiseTrajectory<double>& base = pp;
  EXPECT_EQ(base.get_number_of_segments(), 2);
  EXPECT_EQ(base.get_segment_index(2.0), 1);
  EXPECT_EQ(base.get_segment_index(-5.0), 0);
  EXPECT_TRUE(base.is_time_in_range(3.0));
  EXPECT_FALSE(base.is_time_in_range(3.5));
  EXPECT_THROW(base.duration(2), std::logic_error);
  // y(t) = K exp(A (t − t_j)) α_j + P(t).
  MatrixXd K(1, 2), A(2, 2), alpha(2, 2);
  K << 1, 0.5;
  A << -1, 0.3, 0, -2;
  alpha << 1, -1, 2, 0.5;
  const ExponentialPlusPiecewisePolynomial<double> eppp(K, A, alpha, pp);
  for (double t : {-0.5, 0.25, 1.0, 2.5, 4.0}) {
    const int j = t < 1 ? 0 : 1;
    const double tj = j == 0 ? 0.0 : 1.0;
    const MatrixXd expected =
        K * (A * (t - tj)).exp() * alpha.col(j) + pp.value(t);
    EXPECT_TRUE(eppp.value(t).isApprox(expected, 1e-12)) << "t = " << t;
  }
  EXPECT_THROW(ExponentialPlusPiecewisePolynomial<double>(
                   K, A, MatrixXd::Ones(2, 3), pp),
               std::logic_error);
}

}  // namespace
}  // namespace trajectories
}  // namespace ossa
