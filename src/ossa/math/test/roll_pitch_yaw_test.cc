#include "ossa/math/roll_pitch_yaw.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "ossa/common/autodiff.h"
#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::math {
namespace roll_pitch_yaw_test {

using ::testing::HasSubstr;
constexpr double kEps = std::numeric_limits<double>::epsilon();

double MaxAbs(const Eigen::MatrixXd& m) { return m.cwiseAbs().maxCoeff(); }

// Wraps an angle difference to (−π, π].
double AngleDiff(double a, double b) { return std::remainder(a - b, 2 * M_PI); }

// Random angles in the canonical range, pitch away from gimbal lock.
Eigen::Vector3d RandomRpy(std::mt19937* gen, double max_abs_pitch) {
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  std::uniform_real_distribution<double> pitch(-max_abs_pitch, max_abs_pitch);
  return Eigen::Vector3d(angle(*gen), pitch(*gen), angle(*gen));
}

TEST(RollPitchYawTest, Accessors) {
  RollPitchYawd rpy(0.1, 0.2, 0.3);
  EXPECT_EQ(rpy.roll_angle(), 0.1);
  EXPECT_EQ(rpy.pitch_angle(), 0.2);
  EXPECT_EQ(rpy.yaw_angle(), 0.3);
  EXPECT_EQ(rpy.vector(), Eigen::Vector3d(0.1, 0.2, 0.3));
  rpy.set_yaw_angle(-1);
  rpy.set_pitch_angle(-2);
  rpy.set_roll_angle(-3);
  EXPECT_EQ(rpy.vector(), Eigen::Vector3d(-3, -2, -1));
  EXPECT_FALSE(rpy.IsRollPitchYawInCanonicalRange());  // |p| > π/2
  rpy.set(0.5, 0.6, 0.7);
  EXPECT_TRUE(rpy.IsRollPitchYawInCanonicalRange());
  EXPECT_TRUE(RollPitchYawd::IsValid(rpy.vector()));
  EXPECT_FALSE(RollPitchYawd::IsValid(Eigen::Vector3d(0, std::nan(""), 0)));
}

// R = Rz(y)·Ry(p)·Rx(r): space-fixed X-Y-Z.
TEST(RollPitchYawTest, ToRotationMatrixConvention) {
  std::mt19937 gen(1);
  for (int i = 0; i < 100; ++i) {
    const Eigen::Vector3d a = RandomRpy(&gen, M_PI);
    const RotationMatrixd expected = RotationMatrixd::MakeZRotation(a(2)) *
                                     RotationMatrixd::MakeYRotation(a(1)) *
                                     RotationMatrixd::MakeXRotation(a(0));
    const RotationMatrixd R = RollPitchYawd(a).ToRotationMatrix();
    EXPECT_TRUE(R.IsNearlyEqualTo(expected, 4 * kEps));
    EXPECT_TRUE(RotationMatrixd(RollPitchYawd(a)).IsExactlyEqualTo(R));
    // The quaternion formula agrees (up to sign) with the matrix.
    const Eigen::Quaterniond q = RollPitchYawd(a).ToQuaternion();
    EXPECT_NEAR(q.norm(), 1.0, 4 * kEps);
    EXPECT_TRUE(RotationMatrixd(q).IsNearlyEqualTo(R, 8 * kEps));
  }
}

// Away from gimbal lock the angles are recovered to ~ε/|cos p|.
TEST(RollPitchYawTest, RoundTripGeneric) {
  std::mt19937 gen(2);
  double worst = 0;
  for (int i = 0; i < 2000; ++i) {
    const Eigen::Vector3d a = RandomRpy(&gen, M_PI / 2 - 0.01);
    const RotationMatrixd R = RollPitchYawd(a).ToRotationMatrix();
    const RollPitchYawd back(R);
    EXPECT_TRUE(back.IsRollPitchYawInCanonicalRange());
    const double err = std::max({std::abs(AngleDiff(back.roll_angle(), a(0))),
                                 std::abs(back.pitch_angle() - a(1)),
                                 std::abs(AngleDiff(back.yaw_angle(), a(2)))});
    const double bound = 16 * kEps / std::cos(a(1));
    EXPECT_LE(err, bound) << a.transpose();
    worst = std::max(worst, err * std::cos(a(1)) / kEps);
    // Through a quaternion too.
    const RollPitchYawd from_q(R.ToQuaternion());
    EXPECT_TRUE(from_q.IsNearlySameOrientation(back, 8 * kEps));
  }
  std::printf("generic round trip: max |Δangle|·cos(p) = %.2f ε\n", worst);
}

// Near gimbal lock, p = ±(π/2 − δ): the reconstructed matrix matches R to a
// few ε; pitch is accurate to a few ε; roll and yaw individually carry the
// intrinsic ε/δ, while the well-determined combination (y − r at p ≈ π/2,
// y + r at p ≈ −π/2) stays accurate to a few ε.
TEST(RollPitchYawTest, RoundTripNearGimbalLock) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  double worst_R = 0, worst_pitch = 0, worst_combo = 0, worst_individual = 0;
  for (double delta : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) {
    for (double sign : {1.0, -1.0}) {
      for (int i = 0; i < 200; ++i) {
        const Eigen::Vector3d a(angle(gen), sign * (M_PI / 2 - delta),
                                angle(gen));
        const RotationMatrixd R = RollPitchYawd(a).ToRotationMatrix();
        const RollPitchYawd back(R);
        const double err_R =
            back.ToRotationMatrix().GetMaximumAbsoluteDifference(R);
        EXPECT_LE(err_R, 8 * kEps) << a.transpose();
        const double err_p = std::abs(back.pitch_angle() - a(1));
        EXPECT_LE(err_p, 8 * kEps) << a.transpose();
        const double combo_in = a(2) - sign * a(0);
        const double combo_out = back.yaw_angle() - sign * back.roll_angle();
        const double err_combo = std::abs(AngleDiff(combo_out, combo_in));
        EXPECT_LE(err_combo, 16 * kEps) << a.transpose();
        const double err_r = std::abs(AngleDiff(back.roll_angle(), a(0)));
        EXPECT_LE(err_r, 16 * kEps / delta) << a.transpose();
        worst_R = std::max(worst_R, err_R / kEps);
        worst_pitch = std::max(worst_pitch, err_p / kEps);
        worst_combo = std::max(worst_combo, err_combo / kEps);
        worst_individual = std::max(worst_individual, err_r * delta / kEps);
      }
    }
  }
  std::printf(
      "near gimbal lock (δ = 1e-3..1e-8): max|R' − R| = %.2f ε, |Δp| = %.2f "
      "ε, |Δ(y ∓ r)| = %.2f ε, |Δr|·δ = %.2f ε\n",
      worst_R, worst_pitch, worst_combo, worst_individual);
  // A matrix with absolute (not relative) element errors of ~ε, as one made
  // from a quaternion: R is still reproduced to a few ε and y ∓ r stays
  // accurate, while r and y individually move by up to ~ε/δ, as the
  // parametrization dictates (that part is not an error of the method).
  double worst_R_q = 0, worst_combo_q = 0, worst_individual_q = 0;
  for (double delta : {1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) {
    for (double sign : {1.0, -1.0}) {
      for (int i = 0; i < 200; ++i) {
        const Eigen::Vector3d a(angle(gen), sign * (M_PI / 2 - delta),
                                angle(gen));
        const RotationMatrixd R(RollPitchYawd(a).ToQuaternion());
        const RollPitchYawd back(R);
        const double err_R =
            back.ToRotationMatrix().GetMaximumAbsoluteDifference(R);
        EXPECT_LE(err_R, 8 * kEps) << a.transpose();
        EXPECT_LE(std::abs(back.pitch_angle() - a(1)), 8 * kEps);
        const double err_combo = std::abs(AngleDiff(
            back.yaw_angle() - sign * back.roll_angle(), a(2) - sign * a(0)));
        EXPECT_LE(err_combo, 16 * kEps) << a.transpose();
        const double err_r = std::abs(AngleDiff(back.roll_angle(), a(0)));
        EXPECT_LE(err_r, 16 * kEps / delta) << a.transpose();
        worst_R_q = std::max(worst_R_q, err_R / kEps);
        worst_combo_q = std::max(worst_combo_q, err_combo / kEps);
        worst_individual_q = std::max(worst_individual_q, err_r * delta / kEps);
      }
    }
  }
  std::printf(
      "near gimbal lock, R from a quaternion: max|R' − R| = %.2f ε, |Δ(y ∓ "
      "r)| = %.2f ε, |Δr|·δ = %.2f ε\n",
      worst_R_q, worst_combo_q, worst_individual_q);
  // Exactly at gimbal lock the constructor still reproduces R.
  for (double sign : {1.0, -1.0}) {
    const RotationMatrixd R = RotationMatrixd::MakeYRotation(sign * M_PI / 2) *
                              RotationMatrixd::MakeXRotation(0.3);
    EXPECT_TRUE(
        RollPitchYawd(R).ToRotationMatrix().IsNearlyEqualTo(R, 8 * kEps));
  }
}

TEST(RollPitchYawTest, Comparisons) {
  const RollPitchYawd a(0, 0, M_PI), b(0, 0, -M_PI);
  EXPECT_FALSE(a.IsNearlyEqualTo(b, 1e-10));
  EXPECT_TRUE(a.IsNearlySameOrientation(b, 1e-15));
  EXPECT_TRUE(a.IsNearlyEqualTo(RollPitchYawd(0, 1e-11, M_PI), 1e-10));
  // [r, p, y] and [r + π, π − p, y + π] are the same orientation.
  const RollPitchYawd c(0.2, 0.3, 0.4), d(0.2 + M_PI, M_PI - 0.3, 0.4 + M_PI);
  EXPECT_TRUE(c.IsNearlySameOrientation(d, 1e-14));
  EXPECT_FALSE(c.IsNearlySameOrientation(RollPitchYawd(0.2, 0.3, 0.41), 1e-3));
}

// w_AD_A from rpyDt vs Ṙ·Rᵀ = [w]× by central differences of R(t).
TEST(RollPitchYawTest, AngularVelocityMatchesFiniteDifferences) {
  std::mt19937 gen(4);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 100; ++i) {
    const Eigen::Vector3d a = RandomRpy(&gen, 1.5);
    const Eigen::Vector3d rpyDt(normal(gen), normal(gen), normal(gen));
    const RollPitchYawd rpy(a);
    const double h = 1e-6;
    const Eigen::Matrix3d Rdot =
        (RollPitchYawd(a + h * rpyDt).ToRotationMatrix().matrix() -
         RollPitchYawd(a - h * rpyDt).ToRotationMatrix().matrix()) /
        (2 * h);
    // A copy: matrix() refers into the temporary RotationMatrix.
    const Eigen::Matrix3d R = rpy.ToRotationMatrix().matrix();
    const Eigen::Matrix3d W = Rdot * R.transpose();
    const Eigen::Vector3d w_fd(W(2, 1), W(0, 2), W(1, 0));
    const Eigen::Vector3d w_A = rpy.CalcAngularVelocityInParentFromRpyDt(rpyDt);
    // Central differences: truncation ~h²·|rpyDt|³ ≈ 1e-11, round-off
    // ε/h ≈ 2e-10.
    EXPECT_LE(MaxAbs(w_A - w_fd), 1e-8);
    EXPECT_LE(MaxAbs(rpy.CalcRotationMatrixDt(rpyDt) - Rdot), 1e-8);
    // Expressed in the child: w_AD_D = R_ADᵀ·w_AD_A.
    const Eigen::Vector3d w_D = rpy.CalcAngularVelocityInChildFromRpyDt(rpyDt);
    EXPECT_LE(MaxAbs(w_D - R.transpose() * w_A), 1e-14);
    // The inverse maps return rpyDt; their conditioning is 1/cos p ≤ 14.
    EXPECT_LE(MaxAbs(rpy.CalcRpyDtFromAngularVelocityInParent(w_A) - rpyDt),
              1e-13);
    EXPECT_LE(MaxAbs(rpy.CalcRpyDtFromAngularVelocityInChild(w_D) - rpyDt),
              1e-13);
    EXPECT_LE(
        MaxAbs(
            rpy.CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame() *
                w_A -
            rpyDt),
        1e-13);
    EXPECT_LE(
        MaxAbs(
            rpy.CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInChildFrame() *
                w_D -
            rpyDt),
        1e-13);
  }
}

// rpyDDt from the angular acceleration: build rpy(t) with known rates and
// second derivatives, get alpha = dw/dt by AutoDiffXd (t the only
// variable), and recover rpyDDt.
TEST(RollPitchYawTest, SecondDerivatives) {
  std::mt19937 gen(5);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 100; ++i) {
    const Eigen::Vector3d a = RandomRpy(&gen, 1.5);
    const Eigen::Vector3d rpyDt(normal(gen), normal(gen), normal(gen));
    const Eigen::Vector3d rpyDDt(normal(gen), normal(gen), normal(gen));
    Vector3<AutoDiffXd> rpy_t, rpyDt_t;
    for (int k = 0; k < 3; ++k) {
      rpy_t(k) = AutoDiffXd(a(k), Eigen::VectorXd::Constant(1, rpyDt(k)));
      rpyDt_t(k) =
          AutoDiffXd(rpyDt(k), Eigen::VectorXd::Constant(1, rpyDDt(k)));
    }
    const RollPitchYaw<AutoDiffXd> rpy_ad(rpy_t);
    const Eigen::Vector3d alpha_A =
        ExtractGradient(rpy_ad.CalcAngularVelocityInParentFromRpyDt(rpyDt_t));
    const Eigen::Vector3d alpha_D =
        ExtractGradient(rpy_ad.CalcAngularVelocityInChildFromRpyDt(rpyDt_t));
    const RollPitchYawd rpy(a);
    EXPECT_LE(
        MaxAbs(rpy.CalcRpyDDtFromRpyDtAndAngularAccelInParent(rpyDt, alpha_A) -
               rpyDDt),
        1e-12);
    EXPECT_LE(
        MaxAbs(rpy.CalcRpyDDtFromAngularAccelInParent(rpyDt, alpha_A) - rpyDDt),
        1e-12);
    EXPECT_LE(
        MaxAbs(rpy.CalcRpyDDtFromAngularAccelInChild(rpyDt, alpha_D) - rpyDDt),
        1e-12);
    // alpha_AD_D = R_ADᵀ·alpha_AD_A (w × w = 0).
    EXPECT_LE(
        MaxAbs(alpha_D - rpy.ToRotationMatrix().matrix().transpose() * alpha_A),
        1e-13);
    // And the AutoDiffXd alpha agrees with central differences of w(t).
    const double h = 1e-6;
    auto w_at = [&](double t) {
      return RollPitchYawd(a + t * rpyDt + 0.5 * t * t * rpyDDt)
          .CalcAngularVelocityInParentFromRpyDt(rpyDt + t * rpyDDt);
    };
    EXPECT_LE(MaxAbs((w_at(h) - w_at(-h)) / (2 * h) - alpha_A), 1e-8);
  }
}

TEST(RollPitchYawTest, GimbalLockThrows) {
  const double p = M_PI / 2 - 1e-3;  // cos p = 1e-3 < 0.008
  const RollPitchYawd rpy(0.1, p, 0.2);
  EXPECT_TRUE(rpy.DoesPitchAngleViolateGimbalLockTolerance());
  EXPECT_TRUE(
      RollPitchYawd::DoesCosPitchAngleViolateGimbalLockTolerance(0.0079));
  EXPECT_FALSE(
      RollPitchYawd::DoesCosPitchAngleViolateGimbalLockTolerance(-0.0081));
  EXPECT_NEAR(RollPitchYawd::GimbalLockPitchAngleTolerance(), 0.008, 1e-6);
  const Eigen::Vector3d v(1, 2, 3);
  EXPECT_LOGIC_ERROR(rpy.CalcRpyDtFromAngularVelocityInParent(v),
                     "RollPitchYaw::CalcRpyDtFromAngularVelocityInParent()",
                     "gimbal lock", "pitch angle");
  EXPECT_LOGIC_ERROR(rpy.CalcRpyDtFromAngularVelocityInChild(v),
                     "CalcRpyDtFromAngularVelocityInChild", "gimbal lock");
  EXPECT_LOGIC_ERROR(rpy.CalcRpyDDtFromRpyDtAndAngularAccelInParent(v, v),
                     "CalcRpyDDtFromRpyDtAndAngularAccelInParent");
  EXPECT_LOGIC_ERROR(rpy.CalcRpyDDtFromAngularAccelInChild(v, v),
                     "CalcRpyDDtFromAngularAccelInChild");
  EXPECT_LOGIC_ERROR(
      rpy.CalcMatrixRelationshipBetweenRpyDtAndAngularVelocityInParentFrame(),
      "InParentFrame");
  EXPECT_LOGIC_ERROR(
      RollPitchYawd(0, -p, 0).CalcRpyDtFromAngularVelocityInParent(v),
      "gimbal lock");
  // The forward maps are defined everywhere.
  EXPECT_NO_THROW(rpy.CalcAngularVelocityInParentFromRpyDt(v));
  // Just outside the tolerance works.
  EXPECT_NO_THROW(RollPitchYawd(0, M_PI / 2 - 0.0081, 0)
                      .CalcRpyDtFromAngularVelocityInParent(v));
}

// AutoDiffXd through RPY → R and R → RPY.
TEST(RollPitchYawTest, AutoDiffDerivatives) {
  const Eigen::Vector3d a(0.3, -0.7, 2.1);
  const VectorX<AutoDiffXd> a_ad = InitializeAutoDiff(a);
  const RollPitchYaw<AutoDiffXd> rpy_ad{Vector3<AutoDiffXd>(a_ad)};
  const RotationMatrix<AutoDiffXd> R_ad = rpy_ad.ToRotationMatrix();
  const Eigen::MatrixXd J = ExtractGradient(R_ad.matrix());  // 9x3
  const double h = 1e-6;
  for (int k = 0; k < 3; ++k) {
    const Eigen::Vector3d e = Eigen::Vector3d::Unit(k);
    const Eigen::Matrix3d fd =
        (RollPitchYawd(a + h * e).ToRotationMatrix().matrix() -
         RollPitchYawd(a - h * e).ToRotationMatrix().matrix()) /
        (2 * h);
    // Central differences: ~ε/h + h² ≈ 2e-10.
    EXPECT_LE(
        MaxAbs(J.col(k) - Eigen::Map<const Eigen::VectorXd>(fd.data(), 9)),
        1e-9);
  }
  // The inverse map: d(rpy(R(a)))/da = I.
  const RollPitchYaw<AutoDiffXd> back(R_ad);
  EXPECT_LE(
      MaxAbs(ExtractGradient(back.vector()) - Eigen::Matrix3d::Identity()),
      1e-14);
  // Quaternion path too.
  const RollPitchYaw<AutoDiffXd> back_q(rpy_ad.ToQuaternion());
  EXPECT_LE(
      MaxAbs(ExtractGradient(back_q.vector()) - Eigen::Matrix3d::Identity()),
      1e-13);
  EXPECT_TRUE(back.cast<double>().IsNearlyEqualTo(RollPitchYawd(a), 1e-15));
}

}  // namespace roll_pitch_yaw_test
}  // namespace ossa::math
