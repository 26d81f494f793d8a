// MultibodyPlant continuous dynamics: ABA time derivatives against the
// dense equations of motion, the pendulum period under an error-controlled
// integrator, the implicit residual, q̇ ↔ v maps and AutoDiffXd derivatives
// against finite differences.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/math/spatial_momentum.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_plant_dynamics_test {

using math::RigidTransform;
using ::testing::HasSubstr;

constexpr double kG = 9.81;

// An acrobot (two links, revolute about y, elbow actuated, shoulder
// damped) plus a free box, so that every kind of state is present.
template <typename T>
void BuildAcrobotAndBox(MultibodyPlant<T>* plant, bool welded_tool = false) {
  const double l1 = 1.0, l2 = 2.0;
  const auto M1 = SpatialInertia<double>::SolidCylinderWithMassAboutEnd(
      1.0, 0.05, l1, -Vector3<double>::UnitZ());
  const auto M2 = SpatialInertia<double>::SolidCylinderWithMassAboutEnd(
      1.5, 0.05, l2, -Vector3<double>::UnitZ());
  const auto& link1 = plant->AddRigidBody("link1", M1);
  const auto& link2 = plant->AddRigidBody("link2", M2);
  const auto& shoulder = plant->template AddJoint<RevoluteJoint>(
      "shoulder", plant->world_body(), std::nullopt, link1, std::nullopt,
      Vector3<double>::UnitY(), 0.3);
  const auto& elbow = plant->template AddJoint<RevoluteJoint>(
      "elbow", link1, RigidTransform<double>(Vector3<double>(0, 0, -l1)), link2,
      std::nullopt, Vector3<double>::UnitY());
  (void)shoulder;
  plant->AddJointActuator("elbow_motor", elbow);
  plant->AddRigidBody(
      "box", SpatialInertia<double>::SolidBoxWithMass(2.0, 0.1, 0.2, 0.3));
  if (welded_tool) {
    // A weld the compiled core merges away (the plant's fast paths).
    const auto& tool = plant->AddRigidBody(
        "tool", SpatialInertia<double>::SolidBoxWithMass(0.7, 0.2, 0.1, 0.1));
    plant->WeldFrames(
        link2.body_frame(), tool.body_frame(),
        RigidTransform<double>(math::RollPitchYaw<double>(0.1, 0.5, -0.3),
                               Vector3<double>(0.1, 0, -l2)));
  }
  plant->Finalize();
}

// A non-trivial state: angles, rates, a rotated moving box.
Eigen::VectorXd SomeState(const MultibodyPlant<double>& plant) {
  auto context = plant.CreateDefaultContext();
  plant.GetJointByName("shoulder")
      .SetPositions(context.get(), Vector1<double>(0.4));
  plant.GetJointByName("elbow").SetPositions(context.get(),
                                             Vector1<double>(-1.1));
  plant.GetJointByName("shoulder")
      .SetVelocities(context.get(), Vector1<double>(1.3));
  plant.GetJointByName("elbow").SetVelocities(context.get(),
                                              Vector1<double>(-0.7));
  const auto& box = plant.GetBodyByName("box");
  plant.SetFreeBodyPose(
      context.get(), box,
      RigidTransform<double>(math::RollPitchYaw<double>(0.3, -0.2, 0.9),
                             Vector3<double>(1, 2, 3)));
  plant.SetFreeBodySpatialVelocity(
      context.get(), box,
      SpatialVelocity<double>(Vector3<double>(0.5, -1.0, 2.0),
                              Vector3<double>(0.1, 0.2, 0.3)));
  return plant.GetPositionsAndVelocities(*context);
}

// ẋ from the plant (ABA) against q̇ = N(q)·v and
// v̇ = M⁻¹·(τ_u + τ_damping + τ_g − C·v) from the dense kernels.
TEST(Dynamics, TimeDerivativesMatchDenseEquations) {
  MultibodyPlant<double> plant(0.0);
  BuildAcrobotAndBox(&plant);
  auto context = plant.CreateDefaultContext();
  plant.SetPositionsAndVelocities(context.get(), SomeState(plant));
  const double u = 0.8;
  plant.get_actuation_input_port().FixValue(context.get(), Vector1<double>(u));
  const Eigen::VectorXd xdot =
      plant.EvalTimeDerivatives(*context).CopyToVector();

  const int nq = plant.num_positions(), nv = plant.num_velocities();
  const auto& compiled = plant.internal_tree().compiled_tree();
  const auto& params = plant.GetParameters(*context);
  internal::TreeWorkspace<double> ws = plant.EvalVelocityKinematics(*context);
  Eigen::MatrixXd M(nv, nv);
  internal::CalcMassMatrix<double>(compiled, params, &ws, M);
  Eigen::VectorXd Cv(nv), tau_g(nv);
  internal::CalcBiasTerm<double>(compiled, params, &ws, Cv);
  internal::CalcGravityGeneralizedForces<double>(
      compiled, params, Vector3<double>(0, 0, -kG), &ws, tau_g);
  const Eigen::VectorXd v = plant.GetVelocities(*context);
  Eigen::VectorXd tau = tau_g - Cv;
  const auto& shoulder = plant.GetJointByName("shoulder");
  const auto& elbow = plant.GetJointByName("elbow");
  tau[shoulder.velocity_start()] -= 0.3 * v[shoulder.velocity_start()];
  tau[elbow.velocity_start()] += u;
  const Eigen::VectorXd vdot = M.llt().solve(tau);
  // Both are O(n) exact algorithms on O(10) values: round-off only.
  EXPECT_TRUE(xdot.tail(nv).isApprox(vdot, 1e-12))
      << xdot.tail(nv).transpose() << "\n"
      << vdot.transpose();
  Eigen::VectorXd qdot(nq);
  plant.MapVelocityToQDot(*context, v, &qdot);
  EXPECT_TRUE(xdot.head(nq).isApprox(qdot, 1e-14));
}

// A full swing of amplitude θ₀ takes T = 4·√(l/g)·K(sin(θ₀/2)), with K the
// complete elliptic integral of the first kind, K(k) = π / (2·AGM(1, √(1−k²))).
TEST(Dynamics, PendulumPeriod) {
  const double m = 1.0, l = 0.7, theta0 = 1.2;
  MultibodyPlant<double> plant(0.0);
  const auto& link = plant.AddRigidBody(
      "link", SpatialInertia<double>::PointMass(m, Vector3<double>(0, 0, -l)));
  const auto& pin = plant.AddJoint<RevoluteJoint>(
      "pin", plant.world_body(), std::nullopt, link, std::nullopt,
      Vector3<double>::UnitY());
  plant.Finalize();
  double a = 1.0, b = std::sqrt(1.0 - std::pow(std::sin(theta0 / 2), 2));
  for (int i = 0; i < 10; ++i) {
    const double next_a = (a + b) / 2;
    b = std::sqrt(a * b);
    a = next_a;
  }
  const double K = M_PI / (2 * a);
  const double period = 4 * std::sqrt(l / kG) * K;
  systems::Simulator<double> simulator(plant);
  pin.SetPositions(&simulator.get_mutable_context(), Vector1<double>(theta0));
  auto& integrator =
      simulator.reset_integrator<systems::RungeKutta3Integrator<double>>();
  integrator.set_target_accuracy(1e-10);
  integrator.set_maximum_step_size(0.01);
  simulator.AdvanceTo(period / 2);
  const auto& context = simulator.get_context();
  // Half a period later it is at −θ₀ at rest; the tolerance is a few times
  // the integrator's accuracy over ~100 steps.
  EXPECT_NEAR(plant.GetPositions(context)[0], -theta0, 1e-7);
  EXPECT_NEAR(plant.GetVelocities(context)[0], 0.0, 1e-7);
  simulator.AdvanceTo(period);
  EXPECT_NEAR(plant.GetPositions(simulator.get_context())[0], theta0, 2e-7);
}

TEST(Dynamics, ImplicitResidual) {
  MultibodyPlant<double> plant(0.0);
  BuildAcrobotAndBox(&plant);
  auto context = plant.CreateDefaultContext();
  plant.SetPositionsAndVelocities(context.get(), SomeState(plant));
  plant.get_actuation_input_port().FixValue(context.get(),
                                            Vector1<double>(-0.4));
  const int nq = plant.num_positions(), nv = plant.num_velocities();
  auto proposed = plant.AllocateTimeDerivatives();
  proposed->SetFrom(plant.EvalTimeDerivatives(*context));
  Eigen::VectorXd residual(nq + nv);
  plant.CalcImplicitTimeDerivativesResidual(*context, *proposed, &residual);
  // Zero at the true derivatives (round-off on O(10) forces).
  EXPECT_LT(residual.norm(), 1e-11);
  // Off by δ in q̇ and δv̇ in v̇: the residual is [δ; M·δv̇].
  Eigen::VectorXd xdot = proposed->CopyToVector();
  xdot[0] += 0.5;
  Eigen::VectorXd dvdot = Eigen::VectorXd::Zero(nv);
  dvdot[plant.GetJointByName("elbow").velocity_start()] = 1.0;
  xdot.tail(nv) += dvdot;
  proposed->SetFromVector(xdot);
  plant.CalcImplicitTimeDerivativesResidual(*context, *proposed, &residual);
  const auto& compiled = plant.internal_tree().compiled_tree();
  internal::TreeWorkspace<double> ws = plant.EvalVelocityKinematics(*context);
  Eigen::MatrixXd M(nv, nv);
  internal::CalcMassMatrix<double>(compiled, plant.GetParameters(*context), &ws,
                                   M);
  EXPECT_NEAR(residual[0], 0.5, 1e-12);
  EXPECT_TRUE(residual.segment(1, nq - 1).isZero(1e-12));
  EXPECT_TRUE(residual.tail(nv).isApprox(M * dvdot, 1e-11));
}

TEST(Dynamics, VelocityQDotMaps) {
  MultibodyPlant<double> plant(0.0);
  BuildAcrobotAndBox(&plant);
  auto context = plant.CreateDefaultContext();
  plant.SetPositionsAndVelocities(context.get(), SomeState(plant));
  const int nq = plant.num_positions(), nv = plant.num_velocities();
  const Eigen::VectorXd v = Eigen::VectorXd::LinSpaced(nv, -1, 2);
  Eigen::VectorXd qdot(nq), v_back(nv);
  plant.MapVelocityToQDot(*context, v, &qdot);
  plant.MapQDotToVelocity(*context, qdot, &v_back);
  // N⁺·N = I on unit quaternions: round-off only.
  EXPECT_TRUE(v_back.isApprox(v, 1e-14));
  // The System overloads agree (continuous plant).
  systems::BasicVector<double> qdot_sys(nq);
  plant.MapVelocityToQDot(*context, v, &qdot_sys);
  EXPECT_EQ(qdot_sys.CopyToVector(), qdot);
  Eigen::VectorXd wrong(nv + 1);
  EXPECT_LOGIC_ERROR(plant.MapVelocityToQDot(*context, wrong, &qdot),
                     "MapVelocityToQDot");
  EXPECT_LOGIC_ERROR(plant.MapQDotToVelocity(*context, qdot, &wrong),
                     "MapQDotToVelocity");
}

// ∂ẋ/∂x and ∂τ/∂x of the inverse dynamics from AutoDiffXd against central
// differences of the double plant, without and with a welded tool (with it,
// the plant takes the analytical-partials path; the shoulder is damped).
class DynamicsAutoDiff : public ::testing::TestWithParam<bool> {};

TEST_P(DynamicsAutoDiff, MatchesFiniteDifferences) {
  const bool welded_tool = GetParam();
  MultibodyPlant<double> plant(0.0);
  BuildAcrobotAndBox(&plant, welded_tool);
  MultibodyPlant<AutoDiffXd> plant_ad(0.0);
  BuildAcrobotAndBox(&plant_ad, welded_tool);
  const Eigen::VectorXd x0 = SomeState(plant);
  const int n = x0.size();
  auto context = plant.CreateDefaultContext();
  auto context_ad = plant_ad.CreateDefaultContext();
  plant.get_actuation_input_port().FixValue(context.get(), Vector1<double>(1));
  plant_ad.get_actuation_input_port().FixValue(context_ad.get(),
                                               Vector1<AutoDiffXd>(1));
  VectorX<AutoDiffXd> x_ad(n);
  for (int i = 0; i < n; ++i)
    x_ad[i] = AutoDiffXd(x0[i], Eigen::VectorXd::Unit(n, i));
  plant_ad.SetPositionsAndVelocities(context_ad.get(), x_ad);
  const VectorX<AutoDiffXd> xdot_ad =
      plant_ad.EvalTimeDerivatives(*context_ad).CopyToVector();
  Eigen::MatrixXd J_ad(n, n);
  for (int i = 0; i < n; ++i) J_ad.row(i) = xdot_ad[i].derivatives();
  // Central differences of f(x) evaluated on the double plant.
  auto central_differences = [&](auto f) {
    const double h = 1e-6;
    Eigen::MatrixXd D;
    for (int j = 0; j < n; ++j) {
      Eigen::VectorXd xp = x0, xm = x0;
      xp[j] += h;
      xm[j] -= h;
      plant.SetPositionsAndVelocities(context.get(), xp);
      const Eigen::VectorXd fp = f();
      plant.SetPositionsAndVelocities(context.get(), xm);
      const Eigen::VectorXd fm = f();
      if (j == 0) D.resize(fp.size(), n);
      D.col(j) = (fp - fm) / (2 * h);
    }
    return D;
  };
  const Eigen::MatrixXd J_fd = central_differences(
      [&] { return plant.EvalTimeDerivatives(*context).CopyToVector(); });
  // Central differences: O(h²) truncation and O(ε/h) round-off, ~1e-8 on
  // O(10) derivatives.
  EXPECT_TRUE(J_ad.isApprox(J_fd, 1e-7)) << (J_ad - J_fd).cwiseAbs().maxCoeff();
  EXPECT_NEAR(xdot_ad[n - 1].value(),
              plant_ad.EvalTimeDerivatives(*context_ad)[n - 1].value(), 0);

  // Inverse dynamics at a fixed v̇ with a generalized force.
  const int nv = plant.num_velocities();
  const Eigen::VectorXd vdot = Eigen::VectorXd::LinSpaced(nv, -1.0, 2.0);
  MultibodyForces<double> forces(plant);
  forces.mutable_generalized_forces() = Eigen::VectorXd::Constant(nv, 0.25);
  MultibodyForces<AutoDiffXd> forces_ad(plant_ad);
  forces_ad.mutable_generalized_forces() =
      Eigen::VectorXd::Constant(nv, 0.25).cast<AutoDiffXd>();
  const VectorX<AutoDiffXd> tau_ad = plant_ad.CalcInverseDynamics(
      *context_ad, vdot.cast<AutoDiffXd>(), forces_ad);
  Eigen::MatrixXd T_ad(nv, n);
  for (int i = 0; i < nv; ++i) T_ad.row(i) = tau_ad[i].derivatives();
  const Eigen::MatrixXd T_fd = central_differences(
      [&] { return plant.CalcInverseDynamics(*context, vdot, forces); });
  ASSERT_GT(T_fd.norm(), 0);
  EXPECT_TRUE(T_ad.isApprox(T_fd, 1e-7)) << (T_ad - T_fd).cwiseAbs().maxCoeff();
}

INSTANTIATE_TEST_SUITE_P(WeldedTool, DynamicsAutoDiff,
                         ::testing::Values(false, true));

// The tree's Context-level queries through the plant: body accelerations
// from the plant's forward dynamics agree with the output port, and the
// center-of-mass velocity with the momentum.
TEST(Dynamics, ForwardedKinematics) {
  MultibodyPlant<double> plant(0.0);
  BuildAcrobotAndBox(&plant);
  auto context = plant.CreateDefaultContext();
  plant.SetPositionsAndVelocities(context.get(), SomeState(plant));
  const auto& box = plant.GetBodyByName("box");
  const auto& A_port =
      plant.get_body_spatial_accelerations_output_port()
          .Eval<std::vector<SpatialAcceleration<double>>>(*context);
  for (BodyIndex b(0); b < plant.num_bodies(); ++b) {
    // Same v̇, same kinematics: round-off only.
    EXPECT_LT(
        (plant.EvalBodySpatialAccelerationInWorld(*context, plant.get_body(b))
             .get_coeffs() -
         A_port[b].get_coeffs())
            .norm(),
        1e-11);
  }
  // The free box falls freely: a_WBcm = g (its origin is its COM).
  EXPECT_TRUE(plant.EvalBodySpatialAccelerationInWorld(*context, box)
                  .translational()
                  .isApprox(Vector3<double>(0, 0, -kG), 1e-12));
  const double mass = plant.CalcTotalMass(*context);
  EXPECT_NEAR(mass, 1.0 + 1.5 + 2.0, 1e-14);
  const SpatialMomentum<double> L = plant.CalcSpatialMomentumInWorldAboutPoint(
      *context, Vector3<double>::Zero());
  EXPECT_TRUE(
      (mass * plant.CalcCenterOfMassTranslationalVelocityInWorld(*context))
          .isApprox(L.translational(), 1e-12));
  EXPECT_TRUE(
      plant.EvalBodyPoseInWorld(*context, box)
          .IsNearlyEqualTo(plant.GetFreeBodyPose(*context, box), 1e-14));
  EXPECT_FALSE(plant.IsVelocityEqualToQDot());
  EXPECT_EQ(plant.MakeActuationMatrix().rows(), plant.num_velocities());
}

}  // namespace
}  // namespace ossa::multibody
