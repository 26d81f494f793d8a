#include "ossa/multibody/math/spatial_algebra.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "ossa/math/rigid_transform.h"
#include "ossa/math/rotation_matrix.h"
#include "ossa/multibody/math/test/some_rotation.h"

namespace ossa::multibody {
namespace spatial_algebra_test {

using math::RotationMatrix;
using ::testing::HasSubstr;

using test::kEps;
using test::SomeRotation;

TEST(SpatialVector, ConstructionAccessAndArithmetic) {
  const SpatialVelocity<double> V(Vector3<double>(1, 2, 3),
                                  Vector3<double>(4, 5, 6));
  EXPECT_EQ(V.rotational(), Vector3<double>(1, 2, 3));
  EXPECT_EQ(V.translational(), Vector3<double>(4, 5, 6));
  EXPECT_EQ(V.size(), 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(V[i], i + 1.0);
  Vector6<double> c;
  c << 1, 2, 3, 4, 5, 6;
  EXPECT_EQ(V.get_coeffs(), c);
  EXPECT_EQ(SpatialVelocity<double>(c).get_coeffs(), c);

  const SpatialVelocity<double> W(Vector3<double>(-1, 0.5, 2),
                                  Vector3<double>(0, 1, -3));
  EXPECT_EQ((V + W).get_coeffs(), c + W.get_coeffs());
  EXPECT_EQ((V - W).get_coeffs(), c - W.get_coeffs());
  EXPECT_EQ((-V).get_coeffs(), -c);
  EXPECT_EQ((2.0 * V).get_coeffs(), 2 * c);
  EXPECT_EQ((V * 3.0).get_coeffs(), 3 * c);
  SpatialVelocity<double> U = V;
  U += W;
  U -= V;
  EXPECT_EQ(U.get_coeffs(), W.get_coeffs());
  U *= 2.0;
  EXPECT_EQ(U.get_coeffs(), 2 * W.get_coeffs());

  EXPECT_TRUE(SpatialForce<double>::Zero().get_coeffs().isZero(0));
  SpatialForce<double> F(c);
  F.SetNaN();
  EXPECT_TRUE(F.get_coeffs().array().isNaN().all());
  F.SetZero();
  EXPECT_TRUE(F.get_coeffs().isZero(0));

  // Writing through the mutable parts changes the coefficients.
  SpatialAcceleration<double> A = SpatialAcceleration<double>::Zero();
  A.rotational() = Vector3<double>(7, 8, 9);
  A.translational()[2] = 1;
  A[3] = 2;
  Vector6<double> expected;
  expected << 7, 8, 9, 2, 0, 1;
  EXPECT_EQ(A.get_coeffs(), expected);
}

TEST(SpatialVector, WrongSizeThrows) {
  const VectorX<double> five = VectorX<double>::Zero(5);
  EXPECT_THAT([&] { SpatialForce<double> F(five); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("needs 6 entries; got 5")));
  const VectorX<double> two = VectorX<double>::Zero(2);
  EXPECT_THROW(SpatialVelocity<double>(two, Vector3<double>::Zero()),
               std::logic_error);
}

TEST(SpatialVector, Comparisons) {
  const SpatialMomentum<double> L(Vector3<double>(1, 2, 3),
                                  Vector3<double>(4, 5, 6));
  const SpatialMomentum<double> L2(Vector3<double>(1, 2.5, 3),
                                   Vector3<double>(4, 5, 5.9));
  const auto [w_diff, v_diff] = L.GetMaximumAbsoluteDifferences(L2);
  EXPECT_DOUBLE_EQ(w_diff, 0.5);
  EXPECT_NEAR(v_diff, 0.1, 1e-15);
  EXPECT_TRUE(L.IsNearlyEqualWithinAbsoluteTolerance(L2, 0.5, 0.11));
  EXPECT_FALSE(L.IsNearlyEqualWithinAbsoluteTolerance(L2, 0.49, 0.11));
  EXPECT_FALSE(L.IsNearlyEqualWithinAbsoluteTolerance(L2, 0.5, 0.09));
  EXPECT_TRUE(L.IsApprox(L));
  EXPECT_FALSE(L.IsApprox(L2, 1e-3));
  // Relative: a 1e-9 change in a part of norm ~8.8 passes at 1e-9.
  const SpatialMomentum<double> L3(Vector3<double>(1, 2, 3),
                                   Vector3<double>(4, 5, 6 + 1e-9));
  EXPECT_TRUE(L.IsApprox(L3, 1e-9));
  EXPECT_FALSE(L.IsApprox(L3, 1e-12));
}

// Re-expression rotates both parts and leaves power unchanged: power is a
// scalar, independent of the expressed-in frame.
TEST(SpatialVector, ReExpressionKeepsPower) {
  const RotationMatrix<double> R_FE = SomeRotation();
  const SpatialVelocity<double> V_E(Vector3<double>(0.1, -2, 3),
                                    Vector3<double>(4, 0.5, -6));
  const SpatialForce<double> F_E(Vector3<double>(1, 2, -0.3),
                                 Vector3<double>(-4, 5, 6));
  const SpatialVelocity<double> V_F = R_FE * V_E;
  const SpatialForce<double> F_F = R_FE * F_E;
  EXPECT_TRUE(V_F.rotational().isApprox(R_FE * V_E.rotational(), 4 * kEps));
  EXPECT_TRUE(
      V_F.translational().isApprox(R_FE * V_E.translational(), 4 * kEps));
  // |P| ~ 60; rotations of unit vectors lose a few ulps.
  EXPECT_NEAR(V_F.dot(F_F), V_E.dot(F_E), 1e-13);
  EXPECT_NEAR(F_F.dot(V_F), V_E.dot(F_E), 1e-13);
  // Power by hand: τ·ω + f·v.
  EXPECT_DOUBLE_EQ(V_E.dot(F_E),
                   0.1 * 1 + -2 * 2 + 3 * -0.3 + 4 * -4 + 0.5 * 5 + -6 * 6);
}

// Shifting the point at which a spatial force acts, and the point whose
// velocity is taken, by the same offset leaves the power unchanged:
// F_Bq·V_Bq = (τ − p×f)·ω + f·(v + ω×p) = τ·ω + f·v.
TEST(SpatialVector, ShiftKeepsPowerAndKineticEnergy) {
  const Vector3<double> p_BoBq(0.7, -1.3, 2.2);
  const SpatialVelocity<double> V_WBo(Vector3<double>(0.4, -2, 1),
                                      Vector3<double>(3, 0.5, -1));
  const SpatialForce<double> F_Bo(Vector3<double>(1, -2, 0.3),
                                  Vector3<double>(-4, 5, 1));
  const SpatialVelocity<double> V_WBq = V_WBo.Shift(p_BoBq);
  const SpatialForce<double> F_Bq = F_Bo.Shift(p_BoBq);
  EXPECT_NEAR(V_WBq.dot(F_Bq), V_WBo.dot(F_Bo), 1e-13);
  // Shift really moved the point: the translational velocity changed.
  EXPECT_GT((V_WBq.translational() - V_WBo.translational()).norm(), 1);
  EXPECT_EQ(V_WBq.rotational(), V_WBo.rotational());
  EXPECT_EQ(F_Bq.translational(), F_Bo.translational());
  // The formulas themselves.
  EXPECT_TRUE(V_WBq.translational().isApprox(
      V_WBo.translational() + V_WBo.rotational().cross(p_BoBq), 4 * kEps));
  EXPECT_TRUE(F_Bq.rotational().isApprox(
      F_Bo.rotational() - p_BoBq.cross(F_Bo.translational()), 4 * kEps));

  // Momentum shifts like a force, so L·V (twice the kinetic energy) is the
  // same about any point of the body.
  const SpatialMomentum<double> L_Bo(Vector3<double>(0.2, 1, -1),
                                     Vector3<double>(2, -1, 0.5));
  EXPECT_NEAR(L_Bo.Shift(p_BoBq).dot(V_WBq), L_Bo.dot(V_WBo), 1e-13);
  EXPECT_NEAR(V_WBq.dot(L_Bo.Shift(p_BoBq)), L_Bo.dot(V_WBo), 1e-13);

  // Shift there and back is the identity.
  EXPECT_TRUE(V_WBq.Shift(-p_BoBq).IsApprox(V_WBo, 8 * kEps));
  EXPECT_TRUE(F_Bq.Shift(-p_BoBq).IsApprox(F_Bo, 8 * kEps));

  // In-place versions agree with the copying ones.
  SpatialForce<double> F = F_Bo;
  F.ShiftInPlace(p_BoBq);
  EXPECT_EQ(F.get_coeffs(), F_Bq.get_coeffs());
  SpatialVelocity<double> V = V_WBo;
  V.ShiftInPlace(p_BoBq);
  EXPECT_EQ(V.get_coeffs(), V_WBq.get_coeffs());
}

TEST(SpatialForce, ShiftManyColumns) {
  Matrix6X<double> F_all(6, 3);
  F_all << 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3, 0.5, 0.1, 0, 2, 2, 2;
  const Vector3<double> p(0.3, -0.2, 1.5);
  Matrix6X<double> out(6, 3);
  SpatialForce<double>::Shift(F_all, p, &out);
  for (int j = 0; j < 3; ++j) {
    const SpatialForce<double> expected =
        SpatialForce<double>(Vector6<double>(F_all.col(j))).Shift(p);
    EXPECT_EQ(Vector6<double>(out.col(j)), expected.get_coeffs());
  }
  SpatialForce<double>::ShiftInPlace(&F_all, p);
  EXPECT_EQ(F_all, out);
  Matrix6X<double> wrong(6, 2);
  EXPECT_THAT([&] { SpatialForce<double>::Shift(F_all, p, &wrong); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("has 2 columns; expected 3")));
  EXPECT_THROW(SpatialForce<double>::ShiftInPlace(nullptr, p),
               std::logic_error);
}

// ---------------------------------------------------------------------------
// Composition of moving frames against finite differences of an explicit
// motion. Frame P moves in W and frame B moves in P, each rotating about a
// fixed axis with a known angle θ(t) and translating along a known path, so
// their own spatial velocities and accelerations are exact. The composed
// pose X_WB(t) = X_WP(t) X_PB(t) is differentiated numerically.

struct Motion {
  Vector3<double> axis;  // fixed rotation axis (unit), in the parent frame
  std::function<double(double)> theta, theta_dot, theta_ddot;
  std::function<Vector3<double>(double)> p, p_dot, p_ddot;  // in the parent
  RotationMatrix<double> R(double t) const {
    return RotationMatrix<double>(
        Eigen::AngleAxis<double>(theta(t), axis).toRotationMatrix());
  }
  // Spatial velocity/acceleration of the child in its parent, expressed in
  // the parent frame.
  SpatialVelocity<double> V(double t) const {
    return SpatialVelocity<double>(Vector3<double>(theta_dot(t) * axis),
                                   p_dot(t));
  }
  SpatialAcceleration<double> A(double t) const {
    return SpatialAcceleration<double>(Vector3<double>(theta_ddot(t) * axis),
                                       p_ddot(t));
  }
};

Motion MotionP() {
  Motion m;
  m.axis = Vector3<double>(1, 2, 2) / 3.0;
  m.theta = [](double t) { return 0.4 + 1.3 * t + 0.7 * t * t; };
  m.theta_dot = [](double t) { return 1.3 + 1.4 * t; };
  m.theta_ddot = [](double) { return 1.4; };
  m.p = [](double t) {
    return Vector3<double>(std::sin(t), 0.5 * t * t, 2 - t);
  };
  m.p_dot = [](double t) { return Vector3<double>(std::cos(t), t, -1); };
  m.p_ddot = [](double t) { return Vector3<double>(-std::sin(t), 1, 0); };
  return m;
}

Motion MotionB() {
  Motion m;
  m.axis = Vector3<double>(0, 0.6, -0.8);
  m.theta = [](double t) { return -0.2 + 2.1 * std::sin(t); };
  m.theta_dot = [](double t) { return 2.1 * std::cos(t); };
  m.theta_ddot = [](double t) { return -2.1 * std::sin(t); };
  m.p = [](double t) {
    return Vector3<double>(0.3 + t, std::cos(2 * t), 0.2 * t * t * t);
  };
  m.p_dot = [](double t) {
    return Vector3<double>(1, -2 * std::sin(2 * t), 0.6 * t * t);
  };
  m.p_ddot = [](double t) {
    return Vector3<double>(0, -4 * std::cos(2 * t), 1.2 * t);
  };
  return m;
}

// Pose of B in W at time t.
std::pair<Matrix3<double>, Vector3<double>> PoseWB(double t) {
  const Motion P = MotionP(), B = MotionB();
  const Matrix3<double> R_WP = P.R(t).matrix();
  return {R_WP * B.R(t).matrix(), P.p(t) + R_WP * B.p(t)};
}

Vector3<double> Unskew(const Matrix3<double>& S) {
  return Vector3<double>(S(2, 1) - S(1, 2), S(0, 2) - S(2, 0),
                         S(1, 0) - S(0, 1)) /
         2;
}

// V_WB_W by central differences: ω from Ṙ Rᵀ, v from ṗ.
SpatialVelocity<double> NumericalV_WB(double t, double h) {
  const auto [R_plus, p_plus] = PoseWB(t + h);
  const auto [R_minus, p_minus] = PoseWB(t - h);
  const auto [R, p] = PoseWB(t);
  const Matrix3<double> Rdot = (R_plus - R_minus) / (2 * h);
  return SpatialVelocity<double>(Unskew(Rdot * R.transpose()),
                                 Vector3<double>((p_plus - p_minus) / (2 * h)));
}

TEST(SpatialVelocity, ComposeWithMovingFrameVelocityMatchesFiniteDifference) {
  const Motion P = MotionP(), B = MotionB();
  for (double t : {0.0, 0.37, 1.2}) {
    const RotationMatrix<double> R_WP = P.R(t);
    const SpatialVelocity<double> V_WP_W = P.V(t);
    const SpatialVelocity<double> V_PB_W = R_WP * B.V(t);
    const Vector3<double> p_PoBo_W = R_WP * B.p(t);
    const SpatialVelocity<double> V_WB_W =
        V_WP_W.ComposeWithMovingFrameVelocity(p_PoBo_W, V_PB_W);
    // Central differences with h = 1e-5: truncation ~h²·|x'''| ~ 1e-9,
    // rounding ~ε/h ~ 1e-11; velocities here are O(1).
    const SpatialVelocity<double> expected = NumericalV_WB(t, 1e-5);
    EXPECT_TRUE(
        V_WB_W.IsNearlyEqualWithinAbsoluteTolerance(expected, 1e-8, 1e-8))
        << "t = " << t << "\n"
        << V_WB_W << "\n"
        << expected;
    EXPECT_EQ(V_WB_W.get_coeffs(),
              V_WP_W.ComposeWithMovingFrames(p_PoBo_W, V_PB_W).get_coeffs());
  }
}

TEST(SpatialAcceleration,
     ComposeWithMovingFrameAccelerationMatchesFiniteDifference) {
  const Motion P = MotionP(), B = MotionB();
  for (double t : {0.0, 0.37, 1.2}) {
    const RotationMatrix<double> R_WP = P.R(t);
    const Vector3<double> w_WP_W = P.V(t).rotational();
    const SpatialAcceleration<double> A_WP_W = P.A(t);
    // B's motion in P is given in P; the time derivative taken in P of a
    // vector expressed in P re-expresses to W by rotation only.
    const SpatialVelocity<double> V_PB_W = R_WP * B.V(t);
    const SpatialAcceleration<double> A_PB_W = R_WP * B.A(t);
    const Vector3<double> p_PoBo_W = R_WP * B.p(t);
    const SpatialAcceleration<double> A_WB_W =
        A_WP_W.ComposeWithMovingFrameAcceleration(p_PoBo_W, w_WP_W, V_PB_W,
                                                  A_PB_W);
    // A_WB = d/dt V_WB (both parts differentiated in W), by a Richardson-
    // extrapolated central difference of the numerical velocity: truncation
    // O(h⁴) ~ 1e-12 for h = 1e-3. The inner velocity (h_in = 1e-4) has a
    // truncation error ~h_in²·|x'''| ~ 1e-8 that varies smoothly with t, so
    // it contributes ~1e-8 to the derivative, and rounding ε·|x|/h_in ~ 1e-11
    // amplified by 1/h ~ 1e-8. Accelerations here are up to ~15.
    const double h = 1e-3, h_in = 1e-4;
    auto D = [&](double step) {
      return Vector6<double>((NumericalV_WB(t + step, h_in).get_coeffs() -
                              NumericalV_WB(t - step, h_in).get_coeffs()) /
                             (2 * step));
    };
    const Vector6<double> expected = (4 * D(h / 2) - D(h)) / 3;
    EXPECT_TRUE(A_WB_W.IsNearlyEqualWithinAbsoluteTolerance(
        SpatialAcceleration<double>(expected), 1e-6, 1e-6))
        << "t = " << t << "\n"
        << A_WB_W << "\n"
        << expected.transpose();
    EXPECT_EQ(A_WB_W.get_coeffs(),
              A_WP_W.ComposeWithMovingFrames(p_PoBo_W, w_WP_W, V_PB_W, A_PB_W)
                  .get_coeffs());
  }
}

// A point fixed in a rotating frame: composition with zero relative motion
// is Shift(), which includes the centripetal term ω×(ω×p).
TEST(SpatialAcceleration, ShiftIsCompositionWithRigidlyAttachedFrame) {
  const Vector3<double> w(0, 0, 2);  // spin at 2 rad/s about z
  const Vector3<double> p(1.5, 0, 0);
  const SpatialAcceleration<double> A_WP = SpatialAcceleration<double>::Zero();
  const SpatialAcceleration<double> A_WQ = A_WP.Shift(p, w);
  // Uniform circular motion: centripetal acceleration −ω² r toward the axis.
  EXPECT_TRUE(A_WQ.translational().isApprox(Vector3<double>(-6, 0, 0)));
  const SpatialAcceleration<double> A_WP2(Vector3<double>(0.1, -0.3, 0.2),
                                          Vector3<double>(1, 2, 3));
  EXPECT_TRUE(
      A_WP2.Shift(p, w).IsApprox(A_WP2.ComposeWithMovingFrameAcceleration(
                                     p, w, SpatialVelocity<double>::Zero(),
                                     SpatialAcceleration<double>::Zero()),
                                 4 * kEps));
  EXPECT_TRUE(A_WP2.ShiftWithZeroAngularVelocity(p).IsApprox(
      A_WP2.Shift(p, Vector3<double>::Zero()), 4 * kEps));
  SpatialAcceleration<double> A = A_WP2;
  A.ShiftInPlace(p, w);
  EXPECT_EQ(A.get_coeffs(), A_WP2.Shift(p, w).get_coeffs());
}

// AutoDiffXd: the derivative of the power of a shifted force with respect
// to the offset is zero (power does not depend on the point), and the
// derivative of the shifted velocity with respect to the offset is [ω]×.
TEST(SpatialVector, AutoDiffDerivativesOfShift) {
  const Vector3<double> p0(0.3, -0.5, 0.8);
  const Vector3<AutoDiffXd> p = InitializeAutoDiff(p0);
  const SpatialVelocity<AutoDiffXd> V(
      Vector3<double>(1, -2, 0.5).cast<AutoDiffXd>(),
      Vector3<double>(0.3, 0.1, -1).cast<AutoDiffXd>());
  const SpatialForce<AutoDiffXd> F(
      Vector3<double>(-1, 2, 0.4).cast<AutoDiffXd>(),
      Vector3<double>(2, 0.7, 1).cast<AutoDiffXd>());
  const AutoDiffXd power = V.Shift(p).dot(F.Shift(p));
  EXPECT_NEAR(power.value(), ExtractValue(V.dot(F)), 1e-14);
  EXPECT_LT(power.derivatives().lpNorm<Eigen::Infinity>(), 1e-14);

  const SpatialVelocity<AutoDiffXd> Vp = V.Shift(p);
  const MatrixX<double> J = ExtractGradient(Vp.get_coeffs());
  // Central differences of the double version (exact for a linear map up to
  // rounding ~ε/h).
  const SpatialVelocity<double> Vd(Vector3<double>(1, -2, 0.5),
                                   Vector3<double>(0.3, 0.1, -1));
  const double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    const Vector3<double> dp = h * Vector3<double>::Unit(k);
    const Vector6<double> fd =
        (Vd.Shift(p0 + dp).get_coeffs() - Vd.Shift(p0 - dp).get_coeffs()) /
        (2 * h);
    EXPECT_TRUE(J.col(k).isApprox(fd, 1e-8)) << k;
  }
}

}  // namespace spatial_algebra_test
}  // namespace ossa::multibody
