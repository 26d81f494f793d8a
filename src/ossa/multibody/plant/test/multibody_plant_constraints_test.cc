// MultibodyPlant constraints: the Add*/Remove/introspection API and its
// errors, the per-Context active status, scalar conversion, the SAP step
// imposing active constraints only, the refusal to integrate them, and the
// kinematics g(q), J(q) of constraint_kinematics.h against finite
// differences along q̇ = N(q)·v.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/constraint_kinematics.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/framework/context.h"

namespace ossa::multibody {
namespace multibody_plant_constraints_test {

using Eigen::Vector3d;
using Eigen::VectorXd;
using internal::CalcConstraintKinematics;
using internal::ConstraintKind;
using math::RigidTransform;
using math::RollPitchYaw;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();

// world —revolute(z)→ A —ball(rpy)→ B;  world —prismatic(x)→ C;
// world —revolute(y)→ D. Nothing is finalized.
struct Model {
  std::unique_ptr<MultibodyPlant<double>> plant;
  const RigidBody<double>* A{};
  const RigidBody<double>* B{};
  const RigidBody<double>* C{};
  const RigidBody<double>* D{};
  const Joint<double>* jA{};
  const Joint<double>* jB{};
  const Joint<double>* jC{};
  const Joint<double>* jD{};
};

Model MakeModel(double time_step, DiscreteContactApproximation approximation =
                                      DiscreteContactApproximation::kSap) {
  Model m;
  m.plant = std::make_unique<MultibodyPlant<double>>(time_step);
  MultibodyPlant<double>& plant = *m.plant;
  if (time_step > 0) plant.set_discrete_contact_approximation(approximation);
  const auto M = SpatialInertia<double>::SolidBoxWithMass(1.0, 0.2, 0.3, 0.4);
  m.A = &plant.AddRigidBody("A", M);
  m.B = &plant.AddRigidBody("B", M);
  m.C = &plant.AddRigidBody("C", M);
  m.D = &plant.AddRigidBody("D", M);
  m.jA = &plant.AddJoint<RevoluteJoint>("jA", plant.world_body(), std::nullopt,
                                        *m.A, std::nullopt, Vector3d::UnitZ());
  m.jB = &plant.AddJoint<BallRpyJoint>(
      "jB", *m.A, RigidTransform<double>(Vector3d(0.5, 0, 0)), *m.B,
      std::nullopt);
  m.jC = &plant.AddJoint<PrismaticJoint>(
      "jC", plant.world_body(), RigidTransform<double>(Vector3d(0, 1, 0)), *m.C,
      std::nullopt, Vector3d::UnitX());
  m.jD = &plant.AddJoint<RevoluteJoint>(
      "jD", plant.world_body(), RigidTransform<double>(Vector3d(1, 0, 0.5)),
      *m.D, std::nullopt, Vector3d::UnitY());
  return m;
}

TEST(ConstraintsApi, CountsIdsAndSpecs) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  EXPECT_EQ(plant.num_constraints(), 0);
  const RigidTransform<double> X_AP(RollPitchYaw<double>(0.1, 0.2, 0.3),
                                    Vector3d(1, 2, 3));
  const auto weld =
      plant.AddWeldConstraint(*m.A, X_AP, *m.C, RigidTransform<double>());
  const auto ball = plant.AddBallConstraint(*m.B, Vector3d(1, 0, 0), *m.D);
  const auto distance = plant.AddDistanceConstraint(
      *m.A, Vector3d(1, 0, 0), *m.D, Vector3d(0, 1, 0), 0.5);
  const auto coupler = plant.AddCouplerConstraint(*m.jA, *m.jD, 2.0, 0.25);
  const auto ball2 =
      plant.AddBallConstraint(*m.C, Vector3d(0, 0, 1), *m.D, Vector3d(1, 2, 3));
  EXPECT_EQ(plant.num_constraints(), 5);
  EXPECT_EQ(plant.num_coupler_constraints(), 1);
  EXPECT_EQ(plant.num_distance_constraints(), 1);
  EXPECT_EQ(plant.num_ball_constraints(), 2);
  EXPECT_EQ(plant.num_weld_constraints(), 1);
  // Couplers, distance, ball, weld; each kind by increasing id.
  EXPECT_EQ(plant.GetConstraintIds(),
            (std::vector<MultibodyConstraintId>{coupler, distance, ball, ball2,
                                                weld}));
  const auto& c = plant.get_coupler_constraint_specs(coupler);
  EXPECT_EQ(c.joint0_index, m.jA->index());
  EXPECT_EQ(c.joint1_index, m.jD->index());
  EXPECT_EQ(c.gear_ratio, 2.0);
  EXPECT_EQ(c.offset, 0.25);
  EXPECT_EQ(c.id, coupler);
  const auto& d = plant.get_distance_constraint_specs(distance);
  EXPECT_EQ(d.body_A, m.A->index());
  EXPECT_EQ(d.body_B, m.D->index());
  EXPECT_EQ(d.p_BQ, Vector3d(0, 1, 0));
  EXPECT_EQ(d.distance, 0.5);
  EXPECT_EQ(d.stiffness, kInf);  // the reference's defaults: a rigid rod
  EXPECT_EQ(d.damping, 0.0);
  EXPECT_TRUE(d.IsValid());
  EXPECT_FALSE(plant.get_ball_constraint_specs(ball).p_BQ.has_value());
  EXPECT_EQ(*plant.get_ball_constraint_specs(ball2).p_BQ, Vector3d(1, 2, 3));
  EXPECT_TRUE(
      plant.get_weld_constraint_specs(weld).X_AP.IsExactlyEqualTo(X_AP));
  EXPECT_EQ(plant.get_ball_constraint_specs().size(), 2u);
  // The wrong kind's getter throws, naming the kind.
  EXPECT_THAT([&] { plant.get_ball_constraint_specs(coupler); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("does not match any ball constraint")));

  plant.RemoveConstraint(ball);
  EXPECT_EQ(plant.num_ball_constraints(), 1);
  EXPECT_THAT([&] { plant.RemoveConstraint(ball); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("does not match any constraint")));
  plant.Finalize();
  EXPECT_THAT(
      [&] { plant.AddCouplerConstraint(*m.jA, *m.jD, 1.0); },
      ::testing::ThrowsMessage<std::logic_error>(HasSubstr("post-finalize")));
  EXPECT_THAT(
      [&] { plant.RemoveConstraint(coupler); },
      ::testing::ThrowsMessage<std::logic_error>(HasSubstr("post-finalize")));
}

TEST(ConstraintsApi, BadInput) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  auto throws = [](auto f, const char* gist) {
    EXPECT_THAT(f, ::testing::ThrowsMessage<std::logic_error>(HasSubstr(gist)));
  };
  throws([&] { plant.AddBallConstraint(*m.A, Vector3d::Zero(), *m.A); },
         "bodies 'A' and 'A'");
  throws([&] { plant.AddWeldConstraint(*m.B, {}, *m.B, {}); },
         "must be on two distinct bodies");
  throws(
      [&] {
        plant.AddDistanceConstraint(*m.C, Vector3d::Zero(), *m.C,
                                    Vector3d::UnitX(), 1.0);
      },
      "two distinct bodies");
  throws(
      [&] {
        plant.AddDistanceConstraint(*m.A, Vector3d::Zero(), *m.B,
                                    Vector3d::UnitX(), 0.0);
      },
      "distance must be strictly positive");
  throws(
      [&] {
        plant.AddDistanceConstraint(*m.A, Vector3d::Zero(), *m.B,
                                    Vector3d::UnitX(), 1.0, -1.0);
      },
      "stiffness must be strictly positive");
  throws(
      [&] {
        plant.AddDistanceConstraint(*m.A, Vector3d::Zero(), *m.B,
                                    Vector3d::UnitX(), 1.0, 1.0, -2.0);
      },
      "damping must be positive or zero");
  throws(
      [&] {
        plant.AddDistanceConstraint(*m.A, Vector3d::Zero(), *m.B,
                                    Vector3d::UnitX(), std::nan(""));
      },
      "distance must be strictly positive");
  throws([&] { plant.AddCouplerConstraint(*m.jA, *m.jB, 1.0); },
         "joint 'jB' has 3 DOFs");
  Model other = MakeModel(0.01);
  throws([&] { plant.AddBallConstraint(*m.A, Vector3d::Zero(), *other.B); },
         "body 'B' is not in this plant");
  throws([&] { plant.AddCouplerConstraint(*m.jA, *other.jD, 1.0); },
         "joint 'jD' is not in this plant");
  EXPECT_EQ(plant.num_constraints(), 0);

  // TAMSI: adding throws; choosing TAMSI once constraints exist throws.
  Model tamsi = MakeModel(0.01, DiscreteContactApproximation::kTamsi);
  throws([&] { tamsi.plant->AddCouplerConstraint(*tamsi.jA, *tamsi.jD, 1.0); },
         "TAMSI does not support constraints");
  plant.AddCouplerConstraint(*m.jA, *m.jD, 1.0);
  throws(
      [&] {
        plant.set_discrete_contact_approximation(
            DiscreteContactApproximation::kTamsi);
      },
      "TAMSI does not support constraints");
  // Active status: after Finalize() only, and only for known ids.
  const MultibodyConstraintId id = plant.GetConstraintIds()[0];
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  throws(
      [&] {
        plant.GetConstraintActiveStatus(*context,
                                        MultibodyConstraintId::get_new_id());
      },
      "does not belong to any multibody constraint");
  throws([&] { plant.SetConstraintActiveStatus(nullptr, id, false); },
         "context is a nullptr");
  EXPECT_TRUE(plant.GetConstraintActiveStatus(*context, id));
}

TEST(ConstraintsApi, ActiveStatusAndStepping) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  const auto id = plant.AddCouplerConstraint(*m.jA, *m.jD, 2.0);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  EXPECT_TRUE(plant.GetConstraintActiveStatus(*context, id));
  // Active: the SAP step imposes vA = 2·vD from a state with vA = 1,
  // vD = 0, to near-rigid accuracy (the residual fraction of the constraint
  // velocity is about R/w = β²/(4π²) ≈ 2.5e-4 per step).
  const int vA = m.jA->velocity_start();
  const int vD = m.jD->velocity_start();
  VectorX<double> v0 = VectorX<double>::Zero(plant.num_velocities());
  v0[vA] = 1.0;
  plant.SetVelocities(context.get(), v0);
  plant.ExecuteForcedEvents(context.get());
  const VectorX<double> v1 = plant.GetVelocities(*context);
  EXPECT_LT(std::abs(v1[vA] - 2.0 * v1[vD]), 1e-3);
  EXPECT_GT(std::abs(v1[vD]), 0.1);
  plant.SetVelocities(context.get(), v0);
  plant.SetConstraintActiveStatus(context.get(), id, false);
  EXPECT_FALSE(plant.GetConstraintActiveStatus(*context, id));
  // The status is per Context: a clone keeps it, a new Context does not.
  EXPECT_FALSE(plant.GetConstraintActiveStatus(*context->Clone(), id));
  EXPECT_TRUE(
      plant.GetConstraintActiveStatus(*plant.CreateDefaultContext(), id));
  // Inactive: the step leaves the joints independent.
  plant.ExecuteForcedEvents(context.get());
  EXPECT_NEAR(plant.GetVelocities(*context)[vA], 1.0, 1e-9);
  EXPECT_NEAR(plant.GetVelocities(*context)[vD], 0.0, 1e-9);
}

// A rigid constraint whose Jacobian vanishes at the step's configuration
// (a singular configuration: here a rod from a world point straight above
// D's point Q, whose only motion is horizontal) cannot act during the
// step: the step is finite and equals the step without the constraint.
TEST(ConstraintsApi, SingularConfigurationIsInert) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  // Q = Do + (0, 0, −0.3) is at (1, 0, 0.2) in W, moving along x only.
  const auto id = plant.AddDistanceConstraint(
      plant.world_body(), Vector3d(1, 0, 1.2), *m.D, Vector3d(0, 0, -0.3),
      0.5);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  VectorX<double> v0 = VectorX<double>::Zero(plant.num_velocities());
  v0[m.jA->velocity_start()] = 1.0;
  plant.SetVelocities(context.get(), v0);
  auto free_context = context->Clone();
  plant.SetConstraintActiveStatus(free_context.get(), id, false);
  plant.ExecuteForcedEvents(context.get());
  plant.ExecuteForcedEvents(free_context.get());
  const VectorX<double> v1 = plant.GetVelocities(*context);
  EXPECT_TRUE(v1.allFinite());
  EXPECT_GT(v1.norm(), 0.5);
  EXPECT_NEAR((v1 - plant.GetVelocities(*free_context)).norm(), 0.0, 1e-12);
}

TEST(ConstraintsApi, ContinuousPlantDynamicsThrow) {
  Model m = MakeModel(0.0);
  MultibodyPlant<double>& plant = *m.plant;
  const auto id = plant.AddBallConstraint(*m.B, Vector3d::Zero(), *m.D);
  plant.Finalize();  // as the reference: Finalize() accepts it
  auto context = plant.CreateDefaultContext();
  // Even inactive, as the reference.
  plant.SetConstraintActiveStatus(context.get(), id, false);
  EXPECT_THAT([&] { plant.EvalTimeDerivatives(*context); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("Continuous time does not support constraints")));
}

TEST(ConstraintsApi, ScalarConversionKeepsConstraints) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  plant.AddCouplerConstraint(*m.jA, *m.jD, 2.0, 0.1);
  plant.AddBallConstraint(*m.B, Vector3d(0.1, 0, 0), *m.D);
  plant.AddWeldConstraint(*m.A, {}, *m.C, {});
  plant.Finalize();
  std::unique_ptr<systems::System<AutoDiffXd>> system = plant.ToAutoDiffXd();
  const auto& ad = dynamic_cast<const MultibodyPlant<AutoDiffXd>&>(*system);
  EXPECT_EQ(ad.GetConstraintIds(), plant.GetConstraintIds());
  EXPECT_EQ(ad.num_weld_constraints(), 1);
  const auto ball_id = plant.get_ball_constraint_specs().begin()->first;
  EXPECT_EQ(*ad.get_ball_constraint_specs(ball_id).p_BQ,
            *plant.get_ball_constraint_specs(ball_id).p_BQ);
  auto context = ad.CreateDefaultContext();
  for (const auto& id : ad.GetConstraintIds()) {
    EXPECT_TRUE(ad.GetConstraintActiveStatus(*context, id));
  }
  // A constrained SAP step on AutoDiffXd gives the double step's values,
  // and derivatives with respect to the initial velocities.
  auto context_double = plant.CreateDefaultContext();
  VectorXd v0 = VectorXd::LinSpaced(plant.num_velocities(), -0.5, 0.7);
  plant.SetVelocities(context_double.get(), v0);
  plant.ExecuteForcedEvents(context_double.get());
  VectorX<AutoDiffXd> v0_ad(v0.size());
  for (int i = 0; i < v0.size(); ++i) {
    v0_ad[i] = AutoDiffXd(v0[i], VectorXd::Unit(v0.size(), i));
  }
  ad.SetVelocities(context.get(), v0_ad);
  ad.ExecuteForcedEvents(context.get());
  const VectorX<AutoDiffXd> x_ad = ad.GetPositionsAndVelocities(*context);
  const VectorXd x = plant.GetPositionsAndVelocities(*context_double);
  for (int i = 0; i < x.size(); ++i) {
    EXPECT_NEAR(x_ad[i].value(), x[i], 1e-12 * std::max(1.0, std::abs(x[i])));
  }
  EXPECT_EQ(x_ad[x.size() - 1].derivatives().size(), v0.size());
}

// g at the Context's q; q set from `q`.
std::vector<internal::ConstraintKinematics<double>> Kinematics(
    const MultibodyPlant<double>& plant, systems::Context<double>* context,
    const VectorXd& q) {
  plant.SetPositions(context, q);
  return CalcConstraintKinematics(plant, *context);
}

// Checks J·v against the central difference of g along q̇ = N(q)·v, with
// relative tolerance `tol` (the differences are O(h²) with h = 1e-6). Welds
// are checked only if `include_welds` (their J is exact where g = 0 only).
void ExpectJacobianMatchesFiniteDifferences(const MultibodyPlant<double>& plant,
                                            const VectorXd& q,
                                            const VectorXd& v, double tol,
                                            bool include_welds = true) {
  auto context = plant.CreateDefaultContext();
  const auto k0 = Kinematics(plant, context.get(), q);
  plant.SetPositions(context.get(), q);
  const VectorXd qdot = plant.MakeVelocityToQDotMap(*context) * v;
  const double h = 1e-6;
  const auto kp = Kinematics(plant, context.get(), q + h * qdot);
  const auto km = Kinematics(plant, context.get(), q - h * qdot);
  ASSERT_EQ(k0.size(), kp.size());
  for (size_t i = 0; i < k0.size(); ++i) {
    if (k0[i].kind == ConstraintKind::kWeld && !include_welds) continue;
    const VectorXd gdot_fd = (kp[i].g - km[i].g) / (2 * h);
    const VectorXd gdot = k0[i].J * v;
    EXPECT_TRUE(gdot.isApprox(gdot_fd, tol) || (gdot - gdot_fd).norm() < tol)
        << "constraint " << i << "\nJ·v = " << gdot.transpose()
        << "\nfd  = " << gdot_fd.transpose();
  }
}

TEST(ConstraintKinematics, ValuesAndJacobians) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  const RigidTransform<double> X_AP(RollPitchYaw<double>(0.3, -0.2, 0.1),
                                    Vector3d(0.1, 0.2, 0.3));
  plant.AddCouplerConstraint(*m.jA, *m.jC, -1.5, 0.2);
  plant.AddDistanceConstraint(*m.B, Vector3d(0.1, 0.2, 0), *m.C,
                              Vector3d(0, 0, 0.3), 0.7, 1e4, 10.0);
  plant.AddBallConstraint(*m.B, Vector3d(0.2, 0, 0.1), *m.D,
                          Vector3d(0, 0.4, 0));
  plant.AddWeldConstraint(*m.B, X_AP, *m.D, RigidTransform<double>());
  plant.AddBallConstraint(plant.world_body(), Vector3d(0.3, 0.1, 0), *m.B);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();

  // Closed forms at a configuration q.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  VectorXd q(plant.num_positions()), v(plant.num_velocities());
  for (int i = 0; i < q.size(); ++i) q(i) = u(rng);
  for (int i = 0; i < v.size(); ++i) v(i) = u(rng);
  const auto k = Kinematics(plant, context.get(), q);
  ASSERT_EQ(k.size(), 5u);
  const double qA = q(m.jA->position_start()), qC = q(m.jC->position_start());
  EXPECT_EQ(k[0].kind, ConstraintKind::kCoupler);
  EXPECT_NEAR(k[0].g(0), qA + 1.5 * qC - 0.2, 1e-15);
  EXPECT_EQ(k[0].stiffness, kInf);
  EXPECT_EQ(k[1].kind, ConstraintKind::kDistance);
  const Vector3d p_WP =
      plant.EvalBodyPoseInWorld(*context, *m.B) * Vector3d(0.1, 0.2, 0);
  const Vector3d p_WQ =
      plant.EvalBodyPoseInWorld(*context, *m.C) * Vector3d(0, 0, 0.3);
  EXPECT_NEAR(k[1].g(0), (p_WQ - p_WP).norm() - 0.7, 1e-14);
  EXPECT_EQ(k[1].stiffness, 1e4);
  EXPECT_EQ(k[1].damping, 10.0);
  EXPECT_EQ(k[2].kind, ConstraintKind::kBall);
  EXPECT_EQ(k[2].num_rows(), 3);
  EXPECT_EQ(k[4].kind, ConstraintKind::kWeld);
  EXPECT_EQ(k[4].num_rows(), 6);
  EXPECT_EQ(k[4].J.cols(), plant.num_velocities());

  // J against finite differences for the exact kinds (coupler, distance,
  // ball): O(h²) ≈ 1e-12 truncation plus roundoff ε/h ≈ 1e-10.
  for (int trial = 0; trial < 5; ++trial) {
    for (int i = 0; i < q.size(); ++i) q(i) = u(rng);
    for (int i = 0; i < v.size(); ++i) v(i) = u(rng);
    ExpectJacobianMatchesFiniteDifferences(plant, q, v, 1e-7,
                                           /* include_welds = */ false);
  }
}

// The weld's J is exact where g = 0: build the weld so that it holds at q₀.
TEST(ConstraintKinematics, WeldJacobianExactWhereSatisfied) {
  for (int trial = 0; trial < 3; ++trial) {
    Model m = MakeModel(0.01);
    MultibodyPlant<double>& plant = *m.plant;
    std::mt19937 rng(11 + trial);
    std::uniform_real_distribution<double> u(-1, 1);
    // Compute X_WB(q₀), X_WD(q₀) on a twin plant.
    Model twin = MakeModel(0.01);
    twin.plant->Finalize();
    auto twin_context = twin.plant->CreateDefaultContext();
    VectorXd q0(twin.plant->num_positions());
    for (int i = 0; i < q0.size(); ++i) q0(i) = u(rng);
    twin.plant->SetPositions(twin_context.get(), q0);
    const RigidTransform<double> X_WB =
        twin.plant->EvalBodyPoseInWorld(*twin_context, *twin.B);
    const RigidTransform<double> X_WD =
        twin.plant->EvalBodyPoseInWorld(*twin_context, *twin.D);
    const RigidTransform<double> X_BP(
        RollPitchYaw<double>(u(rng), u(rng), u(rng)),
        Vector3d(u(rng), u(rng), u(rng)));
    // P and Q coincide at q₀: X_DQ = X_WD⁻¹·X_WB·X_BP.
    const RigidTransform<double> X_DQ = X_WD.inverse() * X_WB * X_BP;
    plant.AddWeldConstraint(*m.B, X_BP, *m.D, X_DQ);
    // A ball with the p_BQ Finalize() picks holds at the default q = 0.
    plant.AddBallConstraint(*m.B, Vector3d(u(rng), u(rng), u(rng)), *m.C);
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    const auto k_default = CalcConstraintKinematics(plant, *context);
    EXPECT_LT(k_default[0].g.norm(), 1e-14);  // the ball, at q = 0
    const auto k0 = Kinematics(plant, context.get(), q0);
    EXPECT_LT(k0[1].g.norm(), 1e-14);  // the weld, at q₀
    VectorXd v(plant.num_velocities());
    for (int i = 0; i < v.size(); ++i) v(i) = u(rng);
    ExpectJacobianMatchesFiniteDifferences(plant, q0, v, 1e-7);
  }
}

}  // namespace multibody_plant_constraints_test
}  // namespace ossa::multibody

namespace ossa::multibody {
namespace multibody_plant_constraints_test {

// The weld's g in closed form: P = A's frame (revolute about z, angle q_A),
// Q = C's frame (prismatic along x from (0, 1, 0), no rotation):
// R_PQ = Rz(−q_A), so θ·k̂ = −q_A·ẑ in P and a_PQ_W = Rz(q_A)·(−q_A·ẑ) =
// −q_A·ẑ; p_PoQo_W = (q_C, 1, 0).
TEST(ConstraintKinematics, WeldClosedForm) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  plant.AddWeldConstraint(*m.A, {}, *m.C, {});
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  VectorXd q = VectorXd::Zero(plant.num_positions());
  const double q_A = 0.7, q_C = 0.3;
  q(m.jA->position_start()) = q_A;
  q(m.jC->position_start()) = q_C;
  const auto k = Kinematics(plant, context.get(), q);
  ASSERT_EQ(k.size(), 1u);
  Eigen::Matrix<double, 6, 1> expected;
  expected << 0, 0, -q_A, q_C, 1, 0;
  // Roundoff of the angle-axis extraction: a few ε.
  EXPECT_TRUE(k[0].g.isApprox(expected, 1e-14)) << k[0].g.transpose();
  // Rotating A only changes the rotation rows, at rate −1: the column of
  // q̇_A in J holds −ẑ in its rotation rows.
  const Vector3d w_column = k[0].J.col(m.jA->velocity_start()).head<3>();
  EXPECT_TRUE(w_column.isApprox(-Vector3d::UnitZ(), 1e-14));
}

}  // namespace multibody_plant_constraints_test
}  // namespace ossa::multibody

namespace ossa::multibody {
namespace multibody_plant_constraints_test {

// A distance constraint's parameters live in the Context: the defaults
// come from AddDistanceConstraint(), a Context may change them, and the
// kinematics follow the Context's.
TEST(ConstraintsApi, DistanceConstraintParamsInTheContext) {
  Model m = MakeModel(0.01);
  MultibodyPlant<double>& plant = *m.plant;
  const auto id = plant.AddDistanceConstraint(*m.A, Vector3d(1, 0, 0), *m.C,
                                              Vector3d(0, 0, 0), 0.5, 1e3, 2.0);
  const auto coupler = plant.AddCouplerConstraint(*m.jA, *m.jD, 1.0);
  const auto defaults = plant.GetDefaultDistanceConstraintParams();
  ASSERT_EQ(defaults.size(), 1u);
  const DistanceConstraintParams& d = defaults.at(id);
  EXPECT_EQ(d.bodyA(), m.A->index());
  EXPECT_EQ(d.p_AP(), Vector3d(1, 0, 0));
  EXPECT_EQ(d.distance(), 0.5);
  EXPECT_EQ(d.stiffness(), 1e3);
  EXPECT_EQ(d.damping(), 2.0);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  EXPECT_EQ(plant.GetDistanceConstraintParams(*context, id).distance(), 0.5);
  plant.SetDistanceConstraintParams(
      context.get(), id,
      DistanceConstraintParams(m.A->index(), Vector3d(1, 0, 0), m.C->index(),
                               Vector3d(0, 0, 0), 2.0, kInf, 0.0));
  EXPECT_EQ(plant.GetDistanceConstraintParams(*context, id).distance(), 2.0);
  EXPECT_EQ(plant.GetDistanceConstraintParams(*plant.CreateDefaultContext(), id)
                .distance(),
            0.5);
  // At q = 0: P = (1, 0, 0), Q = C's origin (0, 1, 0): ‖p_PQ‖ = √2.
  plant.SetConstraintActiveStatus(context.get(), coupler, false);
  const auto k = CalcConstraintKinematics(plant, *context);
  ASSERT_EQ(k.size(), 1u);
  EXPECT_NEAR(k[0].g(0), std::sqrt(2.0) - 2.0, 1e-15);
  EXPECT_EQ(k[0].stiffness, kInf);

  auto throws = [](auto f, const char* gist) {
    EXPECT_THAT(f, ::testing::ThrowsMessage<std::logic_error>(HasSubstr(gist)));
  };
  throws([&] { plant.GetDistanceConstraintParams(*context, coupler); },
         "does not match any distance constraint");
  throws(
      [&] {
        plant.SetDistanceConstraintParams(
            context.get(), id,
            DistanceConstraintParams(BodyIndex(99), Vector3d::Zero(),
                                     m.C->index(), Vector3d::Zero(), 1.0, 1.0,
                                     0.0));
      },
      "body index 99");
  throws(
      [&] {
        DistanceConstraintParams(m.A->index(), Vector3d::Zero(), m.A->index(),
                                 Vector3d::Zero(), 1.0, 1.0, 0.0);
      },
      "distinct bodies");
  throws(
      [&] {
        DistanceConstraintParams(m.A->index(), Vector3d::Zero(), m.C->index(),
                                 Vector3d::Zero(), 1.0, 1.0, -1.0);
      },
      "damping must be positive or zero");
}

}  // namespace multibody_plant_constraints_test
}  // namespace ossa::multibody
