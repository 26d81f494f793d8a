#include "ossa/math/quaternion.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/common/autodiff.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::math {
namespace quaternion_test {

constexpr double kEps = std::numeric_limits<double>::epsilon();

double MaxAbs(const Eigen::MatrixXd& m) { return m.cwiseAbs().maxCoeff(); }

Eigen::Vector4d AsVector4(const Eigen::Quaterniond& q) {
  return Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
}

Eigen::Quaterniond RandomUnitQuaternion(std::mt19937* gen) {
  std::normal_distribution<double> normal;
  return Eigen::Quaterniond(normal(*gen), normal(*gen), normal(*gen),
                            normal(*gen))
      .normalized();
}

// exp of a rotation vector φ as a unit quaternion.
Eigen::Quaterniond Exp(const Eigen::Vector3d& phi) {
  const double angle = phi.norm();
  if (angle == 0) return Eigen::Quaterniond::Identity();
  return Eigen::Quaterniond(Eigen::AngleAxisd(angle, phi / angle));
}

TEST(QuaternionTest, CanonicalFormAndComparisons) {
  const Eigen::Quaterniond q(-0.5, 0.5, 0.5, 0.5);
  EXPECT_FALSE(is_quaternion_in_canonical_form(q));
  const Eigen::Quaterniond c = QuaternionToCanonicalForm(q);
  EXPECT_TRUE(is_quaternion_in_canonical_form(c));
  EXPECT_EQ(AsVector4(c), -AsVector4(q));
  EXPECT_EQ(AsVector4(QuaternionToCanonicalForm(c)), AsVector4(c));
  EXPECT_TRUE(AreQuaternionsEqualForOrientation(q, c, 0.0));
  EXPECT_FALSE(AreQuaternionsEqualForOrientation(
      q, Eigen::Quaterniond(0.5, 0.5, 0.5, -0.5), 1e-10));
  // Closest: −q2 when q1·q2 < 0.
  const Eigen::Quaterniond q1(1, 0, 0, 0);
  EXPECT_EQ(AsVector4(ClosestQuaternion(q1, q)), AsVector4(c));
  EXPECT_EQ(AsVector4(ClosestQuaternion(q1, c)), AsVector4(c));
  EXPECT_TRUE(IsQuaternionValid(q, 4 * kEps));
  EXPECT_FALSE(IsQuaternionValid(Eigen::Quaterniond(1.01, 0, 0, 0), 1e-3));
  EXPECT_FALSE(
      IsQuaternionValid(Eigen::Quaterniond(std::nan(""), 0, 0, 0), 1e-3));
  EXPECT_TRUE(IsBothQuaternionAndQuaternionDtOK(q1, Eigen::Vector4d(0, 1, 2, 3),
                                                1e-12));
  EXPECT_FALSE(IsBothQuaternionAndQuaternionDtOK(
      q1, Eigen::Vector4d(0.1, 1, 2, 3), 1e-12));
}

// q̇ = ½ q ⊗ (0, w_B) against central differences of q(t) = q0 ⊗ exp(w_B t)
// (B rotates at constant w_B expressed in B), and q̇ = ½ (0, w_A) ⊗ q
// against q(t) = exp(w_A t) ⊗ q0.
TEST(QuaternionTest, RatesMatchFiniteDifferences) {
  std::mt19937 gen(6);
  std::normal_distribution<double> normal;
  const double h = 1e-6;
  for (int i = 0; i < 100; ++i) {
    const Eigen::Quaterniond q0 = RandomUnitQuaternion(&gen);
    const Eigen::Vector3d w(normal(gen), normal(gen), normal(gen));
    const Eigen::Vector4d fd_B =
        (AsVector4(q0 * Exp(h * w)) - AsVector4(q0 * Exp(-h * w))) / (2 * h);
    const Eigen::Vector4d fd_A =
        (AsVector4(Exp(h * w) * q0) - AsVector4(Exp(-h * w) * q0)) / (2 * h);
    // Central differences: ~ε/h + h²|w|³ ≈ 2e-10.
    const Eigen::Vector4d qDt_B =
        CalculateQuaternionDtFromAngularVelocityExpressedInB(q0, w);
    EXPECT_LE(MaxAbs(qDt_B - fd_B), 1e-9);
    EXPECT_LE(
        MaxAbs(AngularVelocityInChildToQuaternionRateMatrix(q0) * w - fd_B),
        1e-9);
    EXPECT_LE(MaxAbs(AngularVelocityToQuaternionRateMatrix(q0) * w - fd_A),
              1e-9);
    // Inverses: N⁺·N = I, and back to w.
    EXPECT_LE(
        MaxAbs(CalculateAngularVelocityExpressedInBFromQuaternionDt(q0, qDt_B) -
               w),
        1e-14);
    EXPECT_LE(MaxAbs(QuaternionRateToAngularVelocityMatrix(q0) *
                         AngularVelocityToQuaternionRateMatrix(q0) -
                     Eigen::Matrix3d::Identity()),
              4 * kEps);
    EXPECT_TRUE(IsBothQuaternionAndQuaternionDtOK(q0, qDt_B, 1e-13));
    // w_A = R_AB·w_B: the two maps agree on the same q̇.
    const Eigen::Matrix3d R = RotationMatrixd(q0).matrix();
    EXPECT_LE(MaxAbs(QuaternionRateToAngularVelocityMatrix(q0) * qDt_B - R * w),
              1e-14);
    // N⁺ is an exact left inverse for a non-unit q too (EᵀE = |q|²·I).
    const Eigen::Quaterniond q_big(2.5 * q0.w(), 2.5 * q0.x(), 2.5 * q0.y(),
                                   2.5 * q0.z());
    EXPECT_LE(MaxAbs(QuaternionRateToAngularVelocityInChildMatrix(q_big) *
                         AngularVelocityInChildToQuaternionRateMatrix(q_big) -
                     Eigen::Matrix3d::Identity()),
              8 * kEps);
  }
}

TEST(QuaternionTest, AutoDiff) {
  // d/dt of the rotation matrix of q(t) = q0 + t·q̇ with q̇ from w_B gives
  // Ṙ = R·[w_B]×.
  const Eigen::Quaterniond q0 =
      Eigen::Quaterniond(0.3, -0.2, 0.9, 0.1).normalized();
  const Eigen::Vector3d w_B(0.4, -1.0, 2.0);
  const Eigen::Vector4d qDt =
      CalculateQuaternionDtFromAngularVelocityExpressedInB(q0, w_B);
  Quaternion<AutoDiffXd> q_t;
  const Eigen::Vector4d v = AsVector4(q0);
  q_t.w() = AutoDiffXd(v(0), Eigen::VectorXd::Constant(1, qDt(0)));
  q_t.x() = AutoDiffXd(v(1), Eigen::VectorXd::Constant(1, qDt(1)));
  q_t.y() = AutoDiffXd(v(2), Eigen::VectorXd::Constant(1, qDt(2)));
  q_t.z() = AutoDiffXd(v(3), Eigen::VectorXd::Constant(1, qDt(3)));
  const RotationMatrix<AutoDiffXd> R_t(q_t);
  const Eigen::VectorXd Rdot = ExtractGradient(R_t.matrix());
  Eigen::Matrix3d w_cross;
  w_cross << 0, -w_B(2), w_B(1), w_B(2), 0, -w_B(0), -w_B(1), w_B(0), 0;
  const Eigen::Matrix3d expected = RotationMatrixd(q0).matrix() * w_cross;
  EXPECT_LE(
      MaxAbs(Rdot - Eigen::Map<const Eigen::VectorXd>(expected.data(), 9)),
      1e-14);
  // The AutoDiffXd instantiations give the same values.
  EXPECT_LE(MaxAbs(ExtractValue(AngularVelocityToQuaternionRateMatrix(q_t)) -
                   AngularVelocityToQuaternionRateMatrix(q0)),
            0.0);
}

}  // namespace quaternion_test
}  // namespace ossa::math
