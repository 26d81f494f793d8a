// Forward dynamics integrated in time against motions known in closed form:
// a rigid pendulum's period at large amplitude (complete elliptic integral)
// and the torque-free motion of an axisymmetric body (steady precession).
// These check the articulated body algorithm over a whole trajectory, not
// only at one state.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace dynamics_closed_form_test {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

// One classical Runge–Kutta step of ẋ = f(x).
VectorXd Rk4Step(const std::function<VectorXd(const VectorXd&)>& f,
                 const VectorXd& x, double h) {
  const VectorXd k1 = f(x);
  const VectorXd k2 = f(x + 0.5 * h * k1);
  const VectorXd k3 = f(x + 0.5 * h * k2);
  const VectorXd k4 = f(x + h * k3);
  return x + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
}

// ẋ = [N(q)·v; v̇] of a tree moved only by gravity g_W, x = [q; v].
std::function<VectorXd(const VectorXd&)> StateDerivative(
    const CompiledTree& tree, const TreeParameters<double>& params,
    const Vector3d& g_W, TreeWorkspace<double>* ws) {
  return [&tree, &params, g_W, ws](const VectorXd& x) {
    const int nq = tree.num_positions(), nv = tree.num_velocities();
    const VectorXd q = x.head(nq), v = x.tail(nv);
    CalcPositionKinematics<double>(tree, params, q, ws);
    CalcVelocityKinematics<double>(tree, params, q, v, ws);
    VectorXd xdot(nq + nv);
    MapVelocityToQDot<double>(tree, q, v, xdot.head(nq));
    VectorXd vdot(nv);
    CalcForwardDynamicsArticulatedBody<double>(tree, params, g_W, VectorXd(),
                                               {}, ws, vdot);
    xdot.tail(nv) = vdot;
    return xdot;
  };
}

// K(k) = π / (2·AGM(1, √(1 − k²))), the complete elliptic integral of the
// first kind (the AGM converges quadratically: 8 rounds are plenty).
double EllipticK(double k) {
  double a = 1, b = std::sqrt(1 - k * k);
  for (int i = 0; i < 8; ++i) {
    const double a_next = (a + b) / 2;
    b = std::sqrt(a * b);
    a = a_next;
  }
  return M_PI / (2 * a);
}

// A rigid pendulum released at rest from θ₀ = 1.2 rad (far from the small
// angle regime: its period is 10% longer than 2π·√(I_O/(m·g·L))). Exactly,
//   T = 4·√(I_O/(m·g·L))·K(sin(θ₀/2)),  I_O = I_cm + m·L².
// The integrated pendulum passes θ = 0 at T/4 and reaches −θ₀ at rest at
// T/2; both times are found to round-off by Newton on the RK4 step size.
TEST(DynamicsClosedForm, PendulumPeriodMatchesEllipticIntegral) {
  const double m = 1.7, L = 0.9, Icm = 0.05, g = 9.81, theta0 = 1.2;
  CompiledTree tree;
  MobilizerConstants c;
  c.axis = Vector3d::UnitX();
  tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute, c);
  TreeParameters<double> params(tree);
  params.mobods[1].mass = m;
  const Vector3d p_BoBcm(0, 0, -L);
  params.mobods[1].p_BoBcm_B = p_BoBcm;
  params.mobods[1].G_BBo_B = Matrix3d::Identity() * Icm / m +
                             (p_BoBcm.squaredNorm() * Matrix3d::Identity() -
                              p_BoBcm * p_BoBcm.transpose());
  TreeWorkspace<double> ws(tree);
  const auto f = StateDerivative(tree, params, Vector3d(0, 0, -g), &ws);

  const double I_O = Icm + m * L * L;
  const double period =
      4 * std::sqrt(I_O / (m * g * L)) * EllipticK(std::sin(theta0 / 2));
  ASSERT_GT(period, 1.05 * 2 * M_PI * std::sqrt(I_O / (m * g * L)));

  // Integrates until component `i` of x changes sign (after the start),
  // then solves x_i(t) = 0 by Newton on the last step's size.
  auto time_of_zero = [&](VectorXd x, int i) {
    const double h = 1e-3;
    double t = 0;
    for (;;) {
      const VectorXd next = Rk4Step(f, x, h);
      if (t > 0 && next[i] * x[i] <= 0) break;
      x = next;
      t += h;
    }
    double dt = 0;
    for (int iter = 0; iter < 6; ++iter) {
      const VectorXd at = Rk4Step(f, x, dt);
      dt -= at[i] / f(at)[i];
    }
    return t + dt;
  };
  VectorXd x0(2);
  x0 << theta0, 0;
  // RK4 with h = 1e-3 on a motion of period ~2 s: global error ~1e-12;
  // Newton converges to round-off. 1e-9 relative is a wide margin that
  // still catches any error in the dynamics (a 1e-6 change of I_O moves
  // the period by 5e-7 relative).
  EXPECT_NEAR(time_of_zero(x0, 0), period / 4, 1e-9 * period);
  EXPECT_NEAR(time_of_zero(x0, 1), period / 2, 1e-9 * period);
}

// A free axisymmetric body, central inertia diag(A, A, C) at Bo, no
// gravity. With H the (constant) angular momentum, Ω = |H|/A and
// λ = (C − A)/A·ω₃, the exact motion is
//   ω_B(t) = [Rz(λt)·(ω₁, ω₂)₀, ω₃],
//   R_WB(t) = Rot(H/|H|, Ω·t)·R_WB(0)·Rz(−λ·t),
//   p_WBo(t) = p_WBo(0) + v₀·t.
// Checked after 3 s of RK4 integration of the articulated body forward
// dynamics, for both floating mobilizers.
TEST(DynamicsClosedForm, TorqueFreeAxisymmetricBodyPrecessesSteadily) {
  const double mass = 2.5, A = 0.3, C = 0.8;
  const Matrix3d I_B = Vector3d(A, A, C).asDiagonal();
  const Matrix3d R_WB0 =
      Eigen::AngleAxisd(0.7, Vector3d(1, -2, 0.5).normalized())
          .toRotationMatrix();
  const Vector3d w_B0(0.9, -0.4, 2.1), p_W0(0.1, -0.3, 0.2),
      v_W0(0.5, 0.2, -0.1);
  for (MobilizerKind kind :
       {MobilizerKind::kQuaternionFloating, MobilizerKind::kRpyFloating}) {
    SCOPED_TRACE(MobilizerKindName(kind));
    CompiledTree tree;
    tree.AddMobod(MobodIndex(0), kind);
    TreeParameters<double> params(tree);
    params.mobods[1].mass = mass;
    params.mobods[1].G_BBo_B = I_B / mass;
    TreeWorkspace<double> ws(tree);
    const auto f = StateDerivative(tree, params, Vector3d::Zero(), &ws);
    const int nq = tree.num_positions();
    VectorXd x(nq + 6);
    if (kind == MobilizerKind::kQuaternionFloating) {
      const Eigen::Quaterniond quat(R_WB0);
      x.head<4>() << quat.w(), quat.x(), quat.y(), quat.z();
    } else {
      // R = Rz(y)·Ry(p)·Rx(r).
      const Vector3d ypr = R_WB0.eulerAngles(2, 1, 0);
      x.head<3>() << ypr[2], ypr[1], ypr[0];
    }
    x.segment<3>(nq - 3) = p_W0;
    x.segment<3>(nq) = R_WB0 * w_B0;
    x.tail<3>() = v_W0;

    const double h = 1e-3, t_final = 3.0;
    const int steps = static_cast<int>(std::lround(t_final / h));
    for (int k = 0; k < steps; ++k) x = Rk4Step(f, x, h);

    CalcPositionKinematics<double>(tree, params, x.head(nq), &ws);
    const Matrix3d& R_WB = ws.R_WB[1];
    const Vector3d H_W = R_WB0 * I_B * w_B0;
    const double Omega = H_W.norm() / A;
    const double lambda = (C - A) / A * w_B0.z();
    const Matrix3d R_expected =
        Eigen::AngleAxisd(Omega * t_final, H_W.normalized())
            .toRotationMatrix() *
        R_WB0 *
        Eigen::AngleAxisd(-lambda * t_final, Vector3d::UnitZ())
            .toRotationMatrix();
    const Eigen::Rotation2Dd spin(lambda * t_final);
    const Vector3d w_expected_B(
        (spin * Eigen::Vector2d(w_B0.x(), w_B0.y())).x(),
        (spin * Eigen::Vector2d(w_B0.x(), w_B0.y())).y(), w_B0.z());
    // RK4 at h = 1e-3 on rates ~3 rad/s over 3 s: global error ~1e-11;
    // 1e-9 leaves margin, and a wrong inertia term (a sign of the
    // gyroscopic term, A and C swapped) is O(1).
    EXPECT_LT((R_WB - R_expected).norm(), 1e-9);
    EXPECT_LT((R_WB.transpose() * x.segment<3>(nq) - w_expected_B).norm(),
              1e-9);
    EXPECT_LT((x.segment<3>(nq - 3) - (p_W0 + t_final * v_W0)).norm(), 1e-9);
    EXPECT_LT((x.tail<3>() - v_W0).norm(), 1e-12);
  }
}

}  // namespace dynamics_closed_form_test
}  // namespace ossa::multibody::internal
