// The SAP family's holonomic constraint (sap_holonomic_constraint.h): the
// regularization and bias of each regime in closed form, the impulse is the
// negative gradient of the cost and G the negative Jacobian of the impulse
// (central differences) inside and beyond impulse limits, and bad
// parameters throw.
//
// Agreement of whole steps with the reference is in
// python/ossa/test/constraints_sap_drake_agreement_test.py.

#include "ossa/multibody/plant/sap_holonomic_constraint.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace ossa::multibody::internal {
namespace sap_holonomic_constraint_test {

constexpr double kH = 1e-3;
constexpr double kInf = std::numeric_limits<double>::infinity();

// γ = −∂ℓ/∂vc and G = −∂γ/∂vc at vc by central differences.
void CheckDerivatives(const SapHolonomicConstraint<double>& c,
                      const VectorX<double>& vc) {
  const int k = static_cast<int>(vc.size());
  VectorX<double> gamma(k), gp(k), gm(k);
  MatrixX<double> G(k, k);
  c.Calc(vc, gamma, &G);
  const double eps = 1e-7 * std::max(1.0, vc.norm());
  MatrixX<double> G_fd(k, k);
  VectorX<double> grad_fd(k);
  for (int i = 0; i < k; ++i) {
    VectorX<double> vp = vc, vm = vc;
    vp[i] += eps;
    vm[i] -= eps;
    const double lp = c.Calc(vp, gp, nullptr);
    const double lm = c.Calc(vm, gm, nullptr);
    grad_fd[i] = (lp - lm) / (2 * eps);
    G_fd.col(i) = -(gp - gm) / (2 * eps);
  }
  // The cost is quadratic (or linear) in each row: central differences are
  // exact up to round-off of ℓ/ε.
  const double g_scale = std::max(gamma.norm(), 1e-12);
  EXPECT_LT((gamma + grad_fd).norm(), 1e-5 * g_scale) << vc.transpose();
  const double G_scale = std::max(G.norm(), 1e-12);
  EXPECT_LT((G - G_fd).norm(), 1e-5 * G_scale) << vc.transpose();
}

TEST(SapHolonomicConstraintTest, RigidIsNearRigidWithTimeStepRelaxation) {
  // A ball constraint: three rows, rigid, β = 0.1.
  SapHolonomicConstraint<double> c;
  const Vector3<double> g(1e-4, -2e-4, 3e-5);
  c.set_parameters(g, kInf, 0.0);
  const double w = 5.0;
  c.Prepare(kH, w);
  const double R = 0.01 / (4 * M_PI * M_PI) * w;
  EXPECT_NEAR(c.regularization(), R, 1e-15 * R);
  // τ = h in the near-rigid regime: v̂ = −g/(2h).
  EXPECT_TRUE(c.v_hat().isApprox(-g / (2 * kH), 1e-14));
  const Vector3<double> vc(0.3, -0.1, 0.05);
  VectorX<double> gamma(3);
  MatrixX<double> G(3, 3);
  const double cost = c.Calc(vc, gamma, &G);
  const Vector3<double> expected = (-g / (2 * kH) - vc) / R;
  EXPECT_TRUE(gamma.isApprox(expected, 1e-14));
  EXPECT_TRUE(G.isApprox(Matrix3<double>::Identity() / R, 1e-14));
  EXPECT_NEAR(cost, 0.5 * R * expected.squaredNorm(), 1e-12 * cost);
  CheckDerivatives(c, vc);
}

TEST(SapHolonomicConstraintTest, CompliantDistance) {
  // A soft distance constraint: k = 1e3 N/m, c = 10 N·s/m (τ = 0.01 s),
  // far from the near-rigid regime for w = 1.
  SapHolonomicConstraint<double> c;
  const double k = 1e3, tau = 0.01;
  VectorX<double> g(1);
  g << 0.02;
  c.set_parameters(g, k, tau);
  c.Prepare(kH, 1.0);
  const double R = 1.0 / (kH * (kH + tau) * k);
  EXPECT_NEAR(c.regularization(), R, 1e-14 * R);
  EXPECT_NEAR(c.v_hat()[0], -0.02 / (kH + tau), 1e-16);
  // (v̂ − vc)/R is the implicit spring-damper impulse
  // −h·(k·g + (h·k + c)·vc) with c = k·τ, exactly.
  VectorX<double> vc(1), gamma(1);
  vc << -0.4;
  c.Calc(vc, gamma, nullptr);
  const double c_damping = k * tau;
  EXPECT_NEAR(gamma[0], -kH * (k * g[0] + (kH * k + c_damping) * vc[0]), 1e-12);
  CheckDerivatives(c, vc);

  // A stiff one with the same w is near-rigid: R = β²/(4π²)·w, τ → h.
  SapHolonomicConstraint<double> stiff;
  stiff.set_parameters(g, 1e12, tau);
  stiff.Prepare(kH, 1.0);
  EXPECT_NEAR(stiff.regularization(), 0.01 / (4 * M_PI * M_PI), 1e-18);
  EXPECT_NEAR(stiff.v_hat()[0], -0.02 / (2 * kH), 1e-14);
}

TEST(SapHolonomicConstraintTest, ImpulseLimits) {
  SapHolonomicConstraint<double> c;
  VectorX<double> g = VectorX<double>::Zero(2);
  c.set_parameters(g, kInf, 0.0);
  VectorX<double> lower(2), upper(2);
  lower << -1.0, 0.0;
  upper << 1.0, kInf;
  c.set_impulse_limits(lower, upper);
  c.Prepare(kH, 1.0);
  const double R = c.regularization();
  // Row 0 beyond its upper limit, row 1 inside.
  VectorX<double> vc(2), gamma(2);
  MatrixX<double> G(2, 2);
  vc << -10.0 * R, -0.5 * R;
  c.Calc(vc, gamma, &G);
  EXPECT_EQ(gamma[0], 1.0);
  EXPECT_NEAR(gamma[1], 0.5, 1e-12);
  EXPECT_EQ(G(0, 0), 0.0);
  EXPECT_NEAR(G(1, 1), 1.0 / R, 1e-9 / R);
  CheckDerivatives(c, vc);
  // Row 1 below its lower limit 0.
  vc << 0.0, 2.0 * R;
  c.Calc(vc, gamma, &G);
  EXPECT_EQ(gamma[1], 0.0);
  CheckDerivatives(c, vc);
}

TEST(SapHolonomicConstraintTest, BadParametersThrow) {
  SapHolonomicConstraint<double> c;
  const VectorX<double> g = VectorX<double>::Zero(1);
  EXPECT_THROW(c.set_parameters(g, 0.0, 0.0), std::logic_error);
  EXPECT_THROW(c.set_parameters(g, 1.0, -1.0), std::logic_error);
  EXPECT_THROW(c.set_parameters(g, 1.0, std::nan("")), std::logic_error);
  c.set_parameters(g, 1.0, 0.0);
  VectorX<double> lower(1), upper(1);
  lower << 1.0;
  upper << -1.0;
  EXPECT_THROW(c.set_impulse_limits(lower, upper), std::logic_error);
}

}  // namespace sap_holonomic_constraint_test
}  // namespace ossa::multibody::internal
