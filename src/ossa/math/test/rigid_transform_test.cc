#include "ossa/math/rigid_transform.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/common/autodiff.h"
#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/roll_pitch_yaw.h"

namespace ossa::math {
namespace rigid_transform_test {

using ::testing::HasSubstr;
constexpr double kEps = std::numeric_limits<double>::epsilon();

RigidTransformd RandomPose(std::mt19937* gen) {
  std::normal_distribution<double> normal;
  const Eigen::Quaterniond q(normal(*gen), normal(*gen), normal(*gen),
                             normal(*gen));
  return RigidTransformd(
      q, Eigen::Vector3d(normal(*gen), normal(*gen), normal(*gen)));
}

TEST(RigidTransformTest, Constructors) {
  const RigidTransformd X;
  EXPECT_TRUE(X.IsExactlyIdentity());
  EXPECT_TRUE(RigidTransformd::Identity().IsExactlyIdentity());
  const Eigen::Vector3d p(1, 2, 3);
  const RotationMatrixd R = RotationMatrixd::MakeZRotation(0.5);
  EXPECT_TRUE(RigidTransformd(p).rotation().IsExactlyIdentity());
  EXPECT_EQ(RigidTransformd(p).translation(), p);
  EXPECT_EQ(RigidTransformd(R).translation(), Eigen::Vector3d::Zero());
  const RigidTransformd X_RP(R, p);
  EXPECT_TRUE(RigidTransformd(RollPitchYawd(0, 0, 0.5), p)
                  .IsNearlyEqualTo(X_RP, 4 * kEps));
  EXPECT_TRUE(
      RigidTransformd(Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitZ()), p)
          .IsNearlyEqualTo(X_RP, 4 * kEps));
  EXPECT_TRUE(RigidTransformd(
                  Eigen::Quaterniond(std::cos(0.25), 0, 0, std::sin(0.25)), p)
                  .IsNearlyEqualTo(X_RP, 4 * kEps));
  // Matrix forms round trip exactly.
  EXPECT_TRUE(RigidTransformd(X_RP.GetAsMatrix4()).IsExactlyEqualTo(X_RP));
  EXPECT_TRUE(RigidTransformd(X_RP.GetAsMatrix34()).IsExactlyEqualTo(X_RP));
  EXPECT_TRUE(RigidTransformd(X_RP.GetAsIsometry3()).IsExactlyEqualTo(X_RP));
  const Eigen::Matrix4d M = X_RP.GetAsMatrix4();
  EXPECT_EQ(M.row(3), Eigen::RowVector4d(0, 0, 0, 1));
  EXPECT_EQ((M.topLeftCorner<3, 3>()), R.matrix());
  EXPECT_EQ((M.topRightCorner<3, 1>()), p);

  RigidTransformd Y;
  Y.set(R, p);
  EXPECT_TRUE(Y.IsExactlyEqualTo(X_RP));
  Y.SetIdentity();
  EXPECT_TRUE(Y.IsExactlyIdentity());
  Y.set_rotation(R);
  Y.set_translation(p);
  EXPECT_TRUE(Y.IsExactlyEqualTo(X_RP));
}

TEST(RigidTransformTest, RejectsBadMatrices) {
  Eigen::Matrix4d M = Eigen::Matrix4d::Identity();
  M(3, 0) = 1e-20;
  EXPECT_LOGIC_ERROR(RigidTransformd{M}, "RigidTransform(Matrix4)", "last row",
                     "[0, 0, 0, 1]");
  M = Eigen::Matrix4d::Identity();
  M(0, 0) = 1.001;
  EXPECT_LOGIC_ERROR(RigidTransformd{M}, "RigidTransform(Matrix4)",
                     "not orthonormal");
  M(0, 0) = -1;
  EXPECT_LOGIC_ERROR(RigidTransformd{M}, "reflection");
  Eigen::Isometry3d iso = Eigen::Isometry3d::Identity();
  iso.linear() *= 2;
  EXPECT_LOGIC_ERROR(RigidTransformd{iso}, "RigidTransform(Isometry3)",
                     "not orthonormal");
  EXPECT_LOGIC_ERROR(
      RigidTransformd(Eigen::Quaterniond(0, 0, 0, 0), Eigen::Vector3d::Zero()),
      "Quaternion");
}

TEST(RigidTransformTest, CompositionInverseAndPoints) {
  std::mt19937 gen(1);
  for (int i = 0; i < 100; ++i) {
    const RigidTransformd X_AB = RandomPose(&gen);
    const RigidTransformd X_BC = RandomPose(&gen);
    const RigidTransformd X_AC = X_AB * X_BC;
    // Composition agrees with the 4x4 matrices; entries are O(1..10), so
    // 1e-14 absolute is ~ a few ε of relative error.
    EXPECT_TRUE(
        (X_AC.GetAsMatrix4() - X_AB.GetAsMatrix4() * X_BC.GetAsMatrix4())
            .cwiseAbs()
            .maxCoeff() < 1e-14);
    EXPECT_TRUE((X_AB.inverse() * X_AB).IsIdentityToEpsilon(1e-14));
    EXPECT_TRUE((X_AB * X_AB.inverse()).IsIdentityToEpsilon(1e-14));
    EXPECT_TRUE(X_AB.InvertAndCompose(X_AC).IsNearlyEqualTo(X_BC, 1e-14));
    EXPECT_TRUE((X_AB.inverse() * X_AC).IsNearlyEqualTo(X_BC, 1e-14));
    EXPECT_TRUE(X_AB.inverse().GetAsMatrix4().isApprox(
        X_AB.GetAsMatrix4().inverse(), 1e-13));
    RigidTransformd X = X_AB;
    X *= X_BC;
    EXPECT_TRUE(X.IsNearlyEqualTo(X_AC, 1e-15));
    // Acting on points: p_AoQ_A = X_AB * p_BoQ_B equals the homogeneous
    // product.
    const Eigen::Vector3d p_BoQ_B(0.3, -1.2, 2.0);
    const Eigen::Vector4d h = X_AB.GetAsMatrix4() * p_BoQ_B.homogeneous();
    EXPECT_TRUE((X_AB * p_BoQ_B - h.head<3>()).cwiseAbs().maxCoeff() < 1e-14);
    Eigen::Matrix3Xd P(3, 4);
    P.setRandom();
    const Eigen::Matrix3Xd Q = X_AB * P;
    Eigen::Matrix4Xd P_h(4, 4);
    P_h << P, Eigen::RowVector4d(1, 1, 1, 0);  // last: a direction.
    const Eigen::Matrix4Xd Q_h = X_AB * P_h;
    const Eigen::Matrix4Xd expected_h = X_AB.GetAsMatrix4() * P_h;
    EXPECT_TRUE((Q_h - expected_h).cwiseAbs().maxCoeff() < 1e-14);
    for (int k = 0; k < 3; ++k)
      EXPECT_TRUE(
          (Q.col(k) - expected_h.col(k).head<3>()).cwiseAbs().maxCoeff() <
          1e-14);
    // A direction (homogeneous 0) is only rotated.
    EXPECT_TRUE((Q_h.col(3).head<3>() - X_AB.rotation() * P.col(3))
                    .cwiseAbs()
                    .maxCoeff() < 1e-15);
    // Composing with a rotation keeps the origin.
    const RotationMatrixd R_BC = X_BC.rotation();
    EXPECT_TRUE((X_AB * R_BC)
                    .IsExactlyEqualTo(RigidTransformd(X_AB.rotation() * R_BC,
                                                      X_AB.translation())));
    // Associativity of the action.
    EXPECT_TRUE(((X_AB * X_BC) * p_BoQ_B - X_AB * (X_BC * p_BoQ_B))
                    .cwiseAbs()
                    .maxCoeff() < 1e-13);
  }
  Eigen::MatrixXd wrong(5, 2);
  wrong.setZero();
  EXPECT_LOGIC_ERROR(RigidTransformd() * wrong, "operator*", "3 rows", "not 5");
  EXPECT_LOGIC_ERROR(RigidTransformd() * Eigen::Vector4d(1, 2, 3, 0.5),
                     "operator*", "is 0.5", "expected 1 (a point) or 0");
  const RigidTransformd X(RotationMatrixd::MakeXRotation(0.3),
                          Eigen::Vector3d(1, 2, 3));
  const Eigen::Vector4d v4 = X * Eigen::Vector4d(1, 2, 3, 1);
  EXPECT_LE((v4 - X.GetAsMatrix4() * Eigen::Vector4d(1, 2, 3, 1))
                .cwiseAbs()
                .maxCoeff(),
            1e-15);
  EXPECT_TRUE(X.rotation().ToRollPitchYaw().IsNearlyEqualTo(
      RollPitchYawd(0.3, 0, 0), 1e-15));
  EXPECT_FALSE(X.IsNearlyIdentity(2.9));
  EXPECT_TRUE(
      RigidTransformd(Eigen::Vector3d(0, 0, 1e-9)).IsNearlyIdentity(1e-8));
  EXPECT_EQ(X.GetMaximumAbsoluteTranslationDifference(RigidTransformd()), 3);
}

TEST(RigidTransformTest, Comparisons) {
  const RigidTransformd X(RotationMatrixd::MakeXRotation(0.1),
                          Eigen::Vector3d(1, 2, 3));
  const RigidTransformd Y(RotationMatrixd::MakeXRotation(0.1),
                          Eigen::Vector3d(1, 2, 3.5));
  EXPECT_DOUBLE_EQ(X.GetMaxAbsoluteTranslationalDifference(Y), 0.5);
  EXPECT_DOUBLE_EQ(X.GetMaximumAbsoluteDifference(Y), 0.5);
  EXPECT_TRUE(X.IsNearlyEqualTo(Y, 0.5));
  EXPECT_FALSE(X.IsNearlyEqualTo(Y, 0.49));
  EXPECT_FALSE(X.IsExactlyEqualTo(Y));
  const RigidTransformd Z(RotationMatrixd::MakeXRotation(0.2),
                          Eigen::Vector3d(1, 2, 3));
  // max|R − R'| = |sin 0.2 − sin 0.1| (the largest element change).
  EXPECT_NEAR(X.GetMaximumAbsoluteDifference(Z), std::sin(0.2) - std::sin(0.1),
              1e-15);
  EXPECT_FALSE(
      RigidTransformd(Eigen::Vector3d(0, 0, 1e-3)).IsIdentityToEpsilon(1e-4));
  EXPECT_TRUE(
      RigidTransformd(Eigen::Vector3d(0, 0, 1e-5)).IsIdentityToEpsilon(1e-4));
}

// Derivatives of X_AB(θ) * p with AutoDiffXd vs central differences.
TEST(RigidTransformTest, AutoDiff) {
  auto pose = [](auto theta) {
    using S = decltype(theta);
    return RigidTransform<S>(RotationMatrix<S>::MakeYRotation(theta),
                             Vector3<S>(S(2) * theta, S(1), S(-0.5)));
  };
  const double theta = 0.4;
  const Eigen::Vector3d p(0.3, 0.2, -1);
  const AutoDiffXd t(theta, Eigen::VectorXd::Unit(1, 0));
  const Vector3<AutoDiffXd> q = pose(t) * p.cast<AutoDiffXd>();
  const Eigen::MatrixXd dq = ExtractGradient(q);
  const double h = 1e-6;
  const Eigen::Vector3d fd =
      (pose(theta + h) * p - pose(theta - h) * p) / (2 * h);
  // Central differences: error ~ h²·|q'''| + ε/h ≈ 1e-10.
  EXPECT_TRUE((dq - fd).cwiseAbs().maxCoeff() < 1e-9) << dq << "\n" << fd;
  // Inverse derivatives: d(X⁻¹·X)/dθ = 0.
  const RigidTransform<AutoDiffXd> I = pose(t).inverse() * pose(t);
  EXPECT_TRUE(ExtractGradient(I.GetAsMatrix4()).cwiseAbs().maxCoeff() < 1e-15);
  EXPECT_TRUE(pose(t).cast<double>().IsExactlyEqualTo(pose(theta)));
}

}  // namespace rigid_transform_test
}  // namespace ossa::math
