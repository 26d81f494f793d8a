#include "ossa/math/rotation_matrix.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/common/autodiff.h"
#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/roll_pitch_yaw.h"

namespace ossa::math {
namespace rotation_matrix_test {

using ::testing::HasSubstr;
constexpr double kEps = std::numeric_limits<double>::epsilon();

RotationMatrixd RandomRotation(std::mt19937* gen) {
  std::normal_distribution<double> normal;
  Eigen::Quaterniond q(normal(*gen), normal(*gen), normal(*gen), normal(*gen));
  return RotationMatrixd(q);
}

TEST(RotationMatrixTest, DefaultIsIdentity) {
  const RotationMatrixd R;
  EXPECT_TRUE(R.IsExactlyIdentity());
  EXPECT_TRUE(RotationMatrixd::Identity().IsExactlyIdentity());
  EXPECT_FALSE(RotationMatrixd::MakeZRotation(1e-9).IsExactlyIdentity());
  // 1e-9 rotation: max element difference sin(1e-9) ≈ 1e-9 > 128 ε.
  EXPECT_FALSE(RotationMatrixd::MakeZRotation(1e-9).IsNearlyIdentity());
  EXPECT_TRUE(RotationMatrixd::MakeZRotation(1e-9).IsNearlyIdentity(2e-9));
}

TEST(RotationMatrixTest, AxisRotationsClosedForm) {
  const double t = 0.3, c = std::cos(t), s = std::sin(t);
  Eigen::Matrix3d Rx, Ry, Rz;
  Rx << 1, 0, 0, 0, c, -s, 0, s, c;
  Ry << c, 0, s, 0, 1, 0, -s, 0, c;
  Rz << c, -s, 0, s, c, 0, 0, 0, 1;
  EXPECT_TRUE(RotationMatrixd::MakeXRotation(t).matrix().isApprox(Rx, 0));
  EXPECT_TRUE(RotationMatrixd::MakeYRotation(t).matrix().isApprox(Ry, 0));
  EXPECT_TRUE(RotationMatrixd::MakeZRotation(t).matrix().isApprox(Rz, 0));
  // A positive z rotation turns Ax toward Ay.
  const Eigen::Vector3d v =
      RotationMatrixd::MakeZRotation(M_PI / 2) * Eigen::Vector3d(1, 0, 0);
  EXPECT_NEAR(v(1), 1.0, 4 * kEps);
  EXPECT_NEAR(v(0), 0.0, 4 * kEps);
}

TEST(RotationMatrixTest, CompositionAndInverse) {
  std::mt19937 gen(7);
  for (int i = 0; i < 100; ++i) {
    const RotationMatrixd R_AB = RandomRotation(&gen);
    const RotationMatrixd R_BC = RandomRotation(&gen);
    const RotationMatrixd R_AC = R_AB * R_BC;
    // Each product is a few ε from exact; 16 ε covers the round-off of two
    // 3x3 products of unit-magnitude entries.
    EXPECT_TRUE(R_AC.matrix().isApprox(R_AB.matrix() * R_BC.matrix(), 0));
    EXPECT_TRUE((R_AB.inverse() * R_AB).IsNearlyIdentity(16 * kEps));
    EXPECT_TRUE(R_AB.inverse().IsExactlyEqualTo(R_AB.transpose()));
    EXPECT_TRUE(R_AB.InvertAndCompose(R_AC).IsNearlyEqualTo(R_BC, 16 * kEps));
    RotationMatrixd R = R_AB;
    R *= R_BC;
    EXPECT_TRUE(R.IsExactlyEqualTo(R_AC));
    EXPECT_TRUE(R_AC.IsValid());
    // Re-expressing a vector and a 3xN matrix agree with the matrix.
    const Eigen::Vector3d v_C(0.1, -2, 3);
    EXPECT_TRUE((R_AC * v_C).isApprox(R_AC.matrix() * v_C, 0));
    Eigen::Matrix3Xd V(3, 5);
    V.setRandom();
    EXPECT_TRUE((R_AC * V).isApprox(R_AC.matrix() * V, 0));
    // row / col.
    EXPECT_EQ(R_AC.col(1), R_AC.matrix().col(1));
    EXPECT_EQ(R_AC.row(2), R_AC.matrix().row(2));
    EXPECT_LOGIC_ERROR(R_AC.row(3), "RotationMatrix::row()", "index is 3");
    EXPECT_LOGIC_ERROR(R_AC.col(-1), "RotationMatrix::col()", "index is -1");
  }
}

TEST(RotationMatrixTest, RejectsNonOrthonormal) {
  Eigen::Matrix3d M = Eigen::Matrix3d::Identity();
  M(0, 1) = 1e-6;
  EXPECT_LOGIC_ERROR(RotationMatrixd{M}, "RotationMatrix(Matrix3)",
                     "not orthonormal", "ProjectToRotationMatrix");
  // A reflection is orthonormal but det = −1.
  const Eigen::Matrix3d reflection = Eigen::Vector3d(1, 1, -1).asDiagonal();
  EXPECT_LOGIC_ERROR(RotationMatrixd{reflection}, "determinant", "reflection");
  Eigen::Matrix3d nan = Eigen::Matrix3d::Identity();
  nan(2, 2) = std::nan("");
  EXPECT_LOGIC_ERROR(RotationMatrixd{nan}, "NaN");
  RotationMatrixd R;
  EXPECT_LOGIC_ERROR(R.set(2 * Eigen::Matrix3d::Identity()),
                     "RotationMatrix::set()", "not orthonormal");
  EXPECT_LOGIC_ERROR(RotationMatrixd::MakeFromOrthonormalRows(
                         Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(1, 0, 0),
                         Eigen::Vector3d(0, 0, 1)),
                     "MakeFromOrthonormalRows");
  EXPECT_LOGIC_ERROR(RotationMatrixd::MakeFromOrthonormalColumns(
                         Eigen::Vector3d(0, 1, 0), Eigen::Vector3d(1, 0, 0),
                         Eigen::Vector3d(0, 0, 1)),
                     "MakeFromOrthonormalColumns", "reflection");
  // Within 128 ε is accepted.
  Eigen::Matrix3d nearly = Eigen::Matrix3d::Identity();
  nearly(0, 1) = 20 * kEps;
  EXPECT_NO_THROW(RotationMatrixd{nearly});
  // The AutoDiffXd path checks the values too.
  EXPECT_LOGIC_ERROR(RotationMatrix<AutoDiffXd>{M.cast<AutoDiffXd>()},
                     "not orthonormal");
}

TEST(RotationMatrixTest, OrthonormalRowsColumns) {
  const RotationMatrixd R = RotationMatrixd::MakeXRotation(0.4) *
                            RotationMatrixd::MakeYRotation(-1.1);
  const Eigen::Matrix3d& M = R.matrix();
  EXPECT_TRUE(
      RotationMatrixd::MakeFromOrthonormalColumns(M.col(0), M.col(1), M.col(2))
          .IsExactlyEqualTo(R));
  EXPECT_TRUE(RotationMatrixd::MakeFromOrthonormalRows(M.row(0).transpose(),
                                                       M.row(1).transpose(),
                                                       M.row(2).transpose())
                  .IsExactlyEqualTo(R));
}

TEST(RotationMatrixTest, Quaternion) {
  std::mt19937 gen(11);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 200; ++i) {
    const Eigen::Quaterniond q(normal(gen), normal(gen), normal(gen),
                               normal(gen));
    // Unnormalized input gives the rotation of q/|q|: compare with Eigen's
    // (independent) formula.
    const RotationMatrixd R(q);
    EXPECT_TRUE(R.matrix().isApprox(q.normalized().toRotationMatrix(), 1e-14));
    // Round trip to the canonical quaternion, w ≥ 0, to a few ε (the
    // conversion divides by 4·max(|w|,|x|,|y|,|z|) ≥ 2, so errors stay at
    // the level of R's).
    const Eigen::Quaterniond back = R.ToQuaternion();
    EXPECT_GE(back.w(), 0);
    Eigen::Vector4d expected(q.w(), q.x(), q.y(), q.z());
    expected /= expected.norm();
    if (expected(0) < 0) expected = -expected;
    EXPECT_TRUE((R.ToQuaternionAsVector4() - expected).cwiseAbs().maxCoeff() <
                8 * kEps)
        << R.ToQuaternionAsVector4().transpose() << " vs "
        << expected.transpose();
    EXPECT_NEAR(back.norm(), 1.0, 2 * kEps);
  }
  // Rotations by π have w = 0: Shepperd's branches handle them.
  for (int axis = 0; axis < 3; ++axis) {
    Eigen::Vector3d u = Eigen::Vector3d::Zero();
    u(axis) = 1;
    const RotationMatrixd R(Eigen::AngleAxisd(M_PI, u));
    const Eigen::Quaterniond q = R.ToQuaternion();
    EXPECT_NEAR(std::abs(q.vec()(axis)), 1.0, 4 * kEps);
    EXPECT_TRUE(RotationMatrixd(q).IsNearlyEqualTo(R, 8 * kEps));
  }
  EXPECT_LOGIC_ERROR(RotationMatrixd(Eigen::Quaterniond(0, 0, 0, 0)),
                     "RotationMatrix(Quaternion)", "zero");
  EXPECT_LOGIC_ERROR(RotationMatrixd(Eigen::Quaterniond(std::nan(""), 0, 0, 1)),
                     "NaN");
}

TEST(RotationMatrixTest, AngleAxis) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> angle(0, M_PI);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 200; ++i) {
    const double theta = angle(gen);
    const Eigen::Vector3d axis(normal(gen), normal(gen), normal(gen));
    // Unnormalized axes are normalized.
    const RotationMatrixd R(Eigen::AngleAxisd(theta, 3.7 * axis));
    EXPECT_TRUE(R.matrix().isApprox(
        Eigen::AngleAxisd(theta, axis.normalized()).toRotationMatrix(), 1e-14));
    const Eigen::AngleAxisd back = R.ToAngleAxis();
    // θ ∈ [0, π]; the atan2 form is accurate to a few ε at every angle
    // (except next to π, where the axis sign may flip: not sampled here
    // beyond the test's resolution).
    EXPECT_NEAR(back.angle(), theta, 1e-13);
    EXPECT_TRUE(back.axis().isApprox(axis.normalized(), 1e-12));
  }
  const Eigen::AngleAxisd zero = RotationMatrixd().ToAngleAxis();
  EXPECT_EQ(zero.angle(), 0.0);
  EXPECT_EQ(zero.axis(), Eigen::Vector3d::UnitZ());
  EXPECT_LOGIC_ERROR(
      RotationMatrixd(Eigen::AngleAxisd(0.3, Eigen::Vector3d::Zero())),
      "RotationMatrix(AngleAxis)", "zero");
}

TEST(RotationMatrixTest, MakeFromOneVector) {
  std::mt19937 gen(5);
  std::normal_distribution<double> normal;
  for (int i = 0; i < 50; ++i) {
    Eigen::Vector3d b(normal(gen), normal(gen), normal(gen));
    if (i % 10 == 0) b(i % 3) = 0;  // A zero element.
    for (int axis = 0; axis < 3; ++axis) {
      const RotationMatrixd R = RotationMatrixd::MakeFromOneVector(b, axis);
      EXPECT_TRUE(R.IsValid());
      EXPECT_TRUE(R.col(axis).isApprox(b.normalized(), 4 * kEps));
      // v has a zero element.
      EXPECT_EQ(R.col((axis + 1) % 3).cwiseAbs().minCoeff(), 0.0);
    }
  }
  EXPECT_LOGIC_ERROR(
      RotationMatrixd::MakeFromOneVector(Eigen::Vector3d(1e-11, 0, 0), 0),
      "MakeFromOneVector", "1e-10");
  EXPECT_LOGIC_ERROR(
      RotationMatrixd::MakeFromOneVector(Eigen::Vector3d(1, 0, 0), 3),
      "axis_index is 3");
}

TEST(RotationMatrixTest, ProjectToRotationMatrix) {
  std::mt19937 gen(9);
  for (int i = 0; i < 20; ++i) {
    const RotationMatrixd R = RandomRotation(&gen);
    Eigen::Matrix3d noise = Eigen::Matrix3d::Random() * 1e-3;
    const Eigen::Matrix3d M = R.matrix() + noise;
    double quality;
    const RotationMatrixd P =
        RotationMatrixd::ProjectToRotationMatrix(M, &quality);
    EXPECT_TRUE(P.IsValid());
    // The projection is closer (Frobenius) to M than R is, and
    // closer than any small perturbation of it.
    const double d = (P.matrix() - M).norm();
    EXPECT_LE(d, (R.matrix() - M).norm() + 1e-15);
    for (int axis = 0; axis < 3; ++axis) {
      for (double t : {-1e-4, 1e-4}) {
        Eigen::Vector3d u = Eigen::Vector3d::Zero();
        u(axis) = t;
        const RotationMatrixd Q = P * RotationMatrixd(Eigen::AngleAxisd(
                                          t, Eigen::Vector3d::Unit(axis)));
        EXPECT_LT(d, (Q.matrix() - M).norm());
      }
    }
    EXPECT_NEAR(quality, 1.0, 4e-3);
    // AutoDiffXd uses Newton's polar iteration: same values to ~ε.
    const RotationMatrix<AutoDiffXd> P_ad =
        RotationMatrix<AutoDiffXd>::ProjectToRotationMatrix(
            M.cast<AutoDiffXd>());
    EXPECT_TRUE(P_ad.cast<double>().IsNearlyEqualTo(P, 1e-14));
  }
  // A scaled rotation: quality factor is the scale.
  double quality;
  RotationMatrixd::ProjectToRotationMatrix(
      1.25 * RotationMatrixd::MakeXRotation(0.2).matrix(), &quality);
  EXPECT_NEAR(quality, 1.25, 1e-14);
  EXPECT_LOGIC_ERROR(RotationMatrixd::ProjectToRotationMatrix(
                         Eigen::Vector3d(1, 1, -1).asDiagonal()),
                     "ProjectToRotationMatrix", "determinant");
  EXPECT_LOGIC_ERROR(
      RotationMatrixd::ProjectToRotationMatrix(Eigen::Matrix3d::Zero()),
      "ProjectToRotationMatrix");
}

// d/dθ of MakeZRotation(θ) via AutoDiffXd vs the closed form and central
// differences.
TEST(RotationMatrixTest, AutoDiffDerivatives) {
  const double theta = 0.7;
  const AutoDiffXd theta_ad(theta, Eigen::VectorXd::Unit(1, 0));
  for (int axis = 0; axis < 3; ++axis) {
    auto make = [axis](auto t) {
      using S = decltype(t);
      if (axis == 0) return RotationMatrix<S>::MakeXRotation(t);
      if (axis == 1) return RotationMatrix<S>::MakeYRotation(t);
      return RotationMatrix<S>::MakeZRotation(t);
    };
    const RotationMatrix<AutoDiffXd> R = make(theta_ad);
    const Eigen::MatrixXd dR = ExtractGradient(R.matrix());  // 9x1
    const double h = 1e-6;
    const Eigen::Matrix3d fd =
        (make(theta + h).matrix() - make(theta - h).matrix()) / (2 * h);
    // Central differences: truncation h²/6·|R'''| ≈ 2e-13, round-off
    // ε/h ≈ 2e-10.
    EXPECT_TRUE((dR - Eigen::Map<const Eigen::VectorXd>(fd.data(), 9))
                    .cwiseAbs()
                    .maxCoeff() < 1e-9);
    // Closed form: Ṙ = [axis]× R.
    Eigen::Matrix3d K = Eigen::Matrix3d::Zero();
    const int j = (axis + 1) % 3, k = (axis + 2) % 3;
    K(k, j) = 1;
    K(j, k) = -1;
    const Eigen::Matrix3d exact = K * make(theta).matrix();
    EXPECT_TRUE((dR - Eigen::Map<const Eigen::VectorXd>(exact.data(), 9))
                    .cwiseAbs()
                    .maxCoeff() < 4 * kEps);
  }
  // Quaternion → R → quaternion carries derivatives: d/dt of the round trip
  // is the identity on the tangent of a unit quaternion.
  Eigen::Vector4d q0(0.5, -0.1, 0.7, 0.3);
  q0.normalize();
  const VectorX<AutoDiffXd> q_ad = InitializeAutoDiff(q0);
  const RotationMatrix<AutoDiffXd> R(
      Quaternion<AutoDiffXd>(q_ad(0), q_ad(1), q_ad(2), q_ad(3)));
  const Vector4<AutoDiffXd> back = R.ToQuaternionAsVector4();
  const Eigen::MatrixXd J = ExtractGradient(back);
  // d(q/|q|)/dq = (I − q qᵀ) for |q| = 1.
  const Eigen::Matrix4d expected =
      Eigen::Matrix4d::Identity() - q0 * q0.transpose();
  EXPECT_TRUE((J - expected).cwiseAbs().maxCoeff() < 1e-14) << J;
}

TEST(RotationMatrixTest, Cast) {
  const RotationMatrixd R = RotationMatrixd::MakeYRotation(0.3);
  const RotationMatrix<AutoDiffXd> R_ad = R.cast<AutoDiffXd>();
  EXPECT_TRUE(R_ad.cast<double>().IsExactlyEqualTo(R));
  EXPECT_EQ(R_ad.matrix()(0, 0).derivatives().size(), 0);
}

}  // namespace rotation_matrix_test
}  // namespace ossa::math
