// The SAP family's contact constraints (sap_constraint.h): in every mode of
// each model, the impulse is the negative gradient of the cost and G the
// negative Jacobian of the impulse (central differences), G is symmetric
// positive semi-definite, the friction cone's projection lands on the cone,
// and the column-compressed Jacobian products equal the dense ones.
//
// Agreement of whole steps with the reference is in
// python/ossa/test/discrete_contact_drake_agreement_test.py.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <Eigen/Eigenvalues>

#include "ossa/multibody/plant/sap_constraint.h"

namespace ossa::multibody::internal {
namespace sap_constraint_test {

constexpr double kH = 1e-3;

SapContactParameters<double> Parameters() {
  SapContactParameters<double> p;
  p.phi0 = -1e-3;
  p.vn0 = -0.05;
  p.stiffness = 1e5;
  p.dissipation = 8.0;
  p.relaxation_time = 0.02;
  p.friction = 0.4;
  p.beta = 1.0;
  p.sigma = 1e-3;
  p.stiction_tolerance = 1e-4;
  return p;
}

// γ = −∂ℓ/∂vc and G = −∂γ/∂vc at vc by central differences; G symmetric
// and positive semi-definite.
void CheckDerivatives(const SapConstraint<double>& c, const Vector3<double>& vc,
                      double scale) {
  VectorX<double> gamma(3), gp(3), gm(3);
  MatrixX<double> G(3, 3), unused(3, 3);
  c.Calc(vc, gamma, &G);
  const double eps = 1e-7 * scale;
  MatrixX<double> G_fd(3, 3);
  VectorX<double> grad_fd(3);
  for (int i = 0; i < 3; ++i) {
    Vector3<double> vp = vc, vm = vc;
    vp[i] += eps;
    vm[i] -= eps;
    const double lp = c.Calc(vp, gp, nullptr);
    const double lm = c.Calc(vm, gm, nullptr);
    grad_fd[i] = (lp - lm) / (2 * eps);
    G_fd.col(i) = -(gp - gm) / (2 * eps);
  }
  const double g_scale = std::max(gamma.norm(), 1e-12);
  EXPECT_LT((gamma + grad_fd).norm(), 1e-5 * g_scale) << vc.transpose();
  const double G_scale = std::max(G.norm(), 1e-12);
  EXPECT_LT((G - G_fd).norm(), 1e-4 * G_scale) << vc.transpose();
  EXPECT_LT((G - G.transpose()).norm(), 1e-10 * G_scale);
  const Eigen::SelfAdjointEigenSolver<MatrixX<double>> eig(
      0.5 * (G + G.transpose()));
  EXPECT_GE(eig.eigenvalues().minCoeff(), -1e-10 * G_scale);
}

TEST(SapConstraintTest, FrictionConeModesAndDerivatives) {
  SapFrictionConeConstraint<double> c(Parameters());
  const double w = 2.0;
  c.Prepare(kH, w);
  const SapContactParameters<double> p = Parameters();
  // Regularization and bias of the file comment.
  const double Rn = std::max(1.0 / (4 * M_PI * M_PI) * w,
                             1.0 / (kH * p.stiffness * (kH + 0.02)));
  const double Rt = 1e-3 * w;
  const double vn_hat = -p.phi0 / (kH + 0.02);
  VectorX<double> gamma(3);
  // Stiction: γ = R⁻¹·(v̂ − vc).
  const Vector3<double> v_stick(1e-6, -2e-6, 0.0);
  c.Calc(v_stick, gamma, nullptr);
  EXPECT_NEAR(gamma[2], vn_hat / Rn, 1e-12 * vn_hat / Rn);
  EXPECT_NEAR(gamma[0], -v_stick[0] / Rt, 1e-9);
  CheckDerivatives(c, v_stick, 1e-2);
  // Sliding: on the cone.
  const Vector3<double> v_slide(0.3, -0.2, 0.0);
  c.Calc(v_slide, gamma, nullptr);
  EXPECT_GT(gamma[2], 0);
  EXPECT_NEAR(gamma.head<2>().norm(), p.friction * gamma[2],
              1e-12 * gamma[2]);
  // Friction opposes the slip.
  EXPECT_LT(gamma.head<2>().dot(v_slide.head<2>()), 0);
  CheckDerivatives(c, v_slide, 1e-2);
  // Separating fast: no impulse.
  const Vector3<double> v_sep(0.1, 0.0, 1.0);
  const double cost = c.Calc(v_sep, gamma, nullptr);
  EXPECT_EQ(gamma.norm(), 0.0);
  EXPECT_EQ(cost, 0.0);
}

TEST(SapConstraintTest, HuntCrossleyDerivatives) {
  for (SapHuntCrossleyModel model :
       {SapHuntCrossleyModel::kSimilar, SapHuntCrossleyModel::kLagged}) {
    SapHuntCrossleyConstraint<double> c(model, Parameters());
    c.Prepare(kH, 2.0);
    std::mt19937 gen(22);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int k = 0; k < 50; ++k) {
      // Normal velocities on both sides of the release velocity
      // min(fₑ₀/(h·k), 1/d) = 1 m/s, slips from 1e-5 to 1 m/s.
      const double slip = std::pow(10.0, -5.0 + 5.0 * (0.5 + 0.5 * u(gen)));
      const Vector3<double> vc(slip * u(gen), slip * u(gen), 0.5 * u(gen));
      CheckDerivatives(c, vc, std::max(slip, 1e-3));
    }
    // The normal impulse is the discrete Hunt–Crossley law.
    VectorX<double> gamma(3);
    const Vector3<double> vc(0, 0, -0.1);
    c.Calc(vc, gamma, nullptr);
    const SapContactParameters<double> p = Parameters();
    const double fe = p.stiffness * (-p.phi0) + kH * p.stiffness * 0.1;
    EXPECT_NEAR(gamma[2], kH * fe * (1 + p.dissipation * 0.1), 1e-12);
  }
}

TEST(SapConstraintTest, CompressedJacobianProducts) {
  SapFrictionConeConstraint<double> c(Parameters());
  MatrixX<double> J = MatrixX<double>::Zero(3, 9);
  J.col(1) = Vector3<double>(1, 2, 3);
  J.col(4) = Vector3<double>(-1, 0.5, 2);
  J.col(8) = Vector3<double>(0, 0, 1);
  c.SetJacobian(J);
  ASSERT_EQ(c.dofs(), (std::vector<int>{1, 4, 8}));
  const VectorX<double> v = VectorX<double>::LinSpaced(9, -1.0, 2.0);
  VectorX<double> vc(3);
  c.MultiplyJ(v, vc);
  EXPECT_LT((vc - J * v).norm(), 1e-14);
  VectorX<double> tau = VectorX<double>::Zero(9);
  const VectorX<double> gamma = Vector3<double>(0.3, -0.7, 1.1);
  c.AddJTransposeTimes(gamma, &tau);
  EXPECT_LT((tau - J.transpose() * gamma).norm(), 1e-14);
  MatrixX<double> G(3, 3);
  G << 2, 0.1, 0, 0.1, 1, 0.2, 0, 0.2, 3;
  MatrixX<double> H = MatrixX<double>::Identity(9, 9);
  c.AddJTransposeGJ(G, &H);
  const MatrixX<double> H_dense =
      MatrixX<double>::Identity(9, 9) + J.transpose() * G * J;
  EXPECT_LT((H - H_dense).norm(), 1e-13);
}

}  // namespace sap_constraint_test
}  // namespace ossa::multibody::internal
