// The math layer on the symbolic scalar: results built symbolically and
// evaluated equal the double results; checks that need a boolean decide
// where the values are constants and throw std::logic_error where they
// depend on variables.

#include <gtest/gtest.h>

#include "ossa/common/symbolic/expression.h"
#include "ossa/math/quaternion.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/math/rotation_matrix.h"

namespace ossa::math {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;

class SymbolicMathTest : public ::testing::Test {
 protected:
  Variable r_{"r"}, p_{"p"}, y_{"y"};
  Expression r{r_}, p{p_}, y{y_};
  const double rv = 0.3, pv = -0.7, yv = 1.9;
  Environment env{{r_, rv}, {p_, pv}, {y_, yv}};
};

// The symbolic results are the double computation replayed at evaluation,
// up to reassociation of a few sums: 1e-15 for O(1) entries.
constexpr double kTolerance = 1e-15;

TEST_F(SymbolicMathTest, RotationsEvaluateToTheDoubleResults) {
  const RotationMatrix<Expression> R =
      RotationMatrix<Expression>::MakeZRotation(y) *
      RotationMatrix<Expression>::MakeYRotation(p) *
      RotationMatrix<Expression>::MakeXRotation(r);
  const RotationMatrix<double> Rd = RotationMatrix<double>::MakeZRotation(yv) *
                                    RotationMatrix<double>::MakeYRotation(pv) *
                                    RotationMatrix<double>::MakeXRotation(rv);
  EXPECT_TRUE(
      symbolic::Evaluate(R.matrix(), env).isApprox(Rd.matrix(), kTolerance));
  const RotationMatrix<Expression> R_rpy(RollPitchYaw<Expression>(r, p, y));
  EXPECT_TRUE(symbolic::Evaluate(R_rpy.matrix(), env)
                  .isApprox(Rd.matrix(), kTolerance));
  // Rᵀ·R evaluates to the identity.
  const Matrix3<Expression> RtR = (R.inverse() * R).matrix();
  EXPECT_TRUE(symbolic::Evaluate(RtR, env).isIdentity(1e-15));
  const Vector3<Expression> v = R * Vector3<Expression>(r, 1.0, 2.0);
  EXPECT_TRUE(symbolic::Evaluate(v, env).isApprox(
      Rd * Eigen::Vector3d(rv, 1.0, 2.0), kTolerance));
}

TEST_F(SymbolicMathTest, TransformsEvaluateToTheDoubleResults) {
  const RigidTransform<Expression> X_AB(RollPitchYaw<Expression>(r, p, y),
                                        Vector3<Expression>(r * p, y, 1.0));
  const RigidTransform<double> X_AB_d(RollPitchYaw<double>(rv, pv, yv),
                                      Eigen::Vector3d(rv * pv, yv, 1.0));
  const RigidTransform<Expression> X = X_AB.inverse() * X_AB * X_AB;
  const RigidTransform<double> Xd = X_AB_d.inverse() * X_AB_d * X_AB_d;
  EXPECT_TRUE(symbolic::Evaluate(X.GetAsMatrix4(), env)
                  .isApprox(Xd.GetAsMatrix4(), 1e-14));
}

TEST_F(SymbolicMathTest, QuaternionHelpersEvaluateToTheDoubleResults) {
  const Quaternion<Expression> q(r, p, y, 0.5);
  const Eigen::Quaterniond qd(rv, pv, yv, 0.5);
  const Vector3<Expression> w(1.0, p, -r);
  const Eigen::Vector3d wd(1.0, pv, -rv);
  EXPECT_TRUE(
      symbolic::Evaluate(
          CalculateQuaternionDtFromAngularVelocityExpressedInB(q, w), env)
          .isApprox(
              CalculateQuaternionDtFromAngularVelocityExpressedInB(qd, wd),
              kTolerance));
  const RotationMatrix<Expression> R(q);
  EXPECT_TRUE(symbolic::Evaluate(R.matrix(), env)
                  .isApprox(RotationMatrix<double>(qd).matrix(), 1e-14));
}

TEST_F(SymbolicMathTest, DecidableChecksPassUndecidableOnesThrow) {
  // Constant entries: the checks decide.
  const RotationMatrix<Expression> identity;
  EXPECT_TRUE(identity.IsExactlyIdentity());
  EXPECT_TRUE(
      RotationMatrix<Expression>::MakeZRotation(0.0).IsNearlyIdentity());
  const Quaternion<Expression> q =
      RotationMatrix<Expression>::MakeXRotation(0.4).ToQuaternion();
  const Eigen::Quaterniond qd =
      RotationMatrix<double>::MakeXRotation(0.4).ToQuaternion();
  EXPECT_NEAR(ExtractDoubleOrThrow(q.w()), qd.w(), kTolerance);
  EXPECT_NEAR(ExtractDoubleOrThrow(q.x()), qd.x(), kTolerance);
  // Entries with variables: a check needing a boolean throws logic_error.
  const RotationMatrix<Expression> R =
      RotationMatrix<Expression>::MakeZRotation(y);
  EXPECT_THROW(R.IsExactlyIdentity(), std::logic_error);
  EXPECT_THROW(R.IsNearlyIdentity(), std::logic_error);
  EXPECT_THROW(R.ToQuaternion(), std::logic_error);
  EXPECT_THROW(R.IsValid(), std::logic_error);
  EXPECT_THROW(RotationMatrix<Expression>::ProjectToRotationMatrix(R.matrix()),
               std::logic_error);
  // A measure of orthonormality is an expression, not a branch.
  const Expression measure =
      RotationMatrix<Expression>::GetMeasureOfOrthonormality(R.matrix());
  EXPECT_LE(measure.Evaluate(env), 1e-15);
}

}  // namespace
}  // namespace ossa::math
