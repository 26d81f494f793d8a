// Context-level dynamics of MultibodyTree: inverse/forward dynamics, mass
// matrix, bias term, gravity, force elements, energy and power, and
// MultibodyForces.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/test/dynamics_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_tree_dynamics_test {

using internal::MultibodyTree;
using internal::MultibodyTreeSystem;
using ::testing::HasSubstr;

// ------------------------------------------------------------ acrobot

// Spong's acrobot in the x-y plane, gravity along −y, both hinges about z.
// Link i has its frame at its inboard hinge, mass m_i, center of mass lc_i
// along its x axis and central moment of inertia I_i about z.
struct AcrobotParams {
  double m1 = 1.3, m2 = 0.7, l1 = 1.1, lc1 = 0.45, lc2 = 0.6, I1 = 0.08,
         I2 = 0.05, g = 9.81;
};

template <typename T>
void BuildAcrobot(MultibodyTreeSystem<T>* system, const AcrobotParams& p) {
  auto& tree = system->mutable_tree();
  auto inertia = [](double m, double lc, double I) {
    // Ixx small, Iyy = Izz = I about the center of mass (a slender link).
    return SpatialInertia<double>::MakeFromCentralInertia(
        m, Vector3<double>(lc, 0, 0), RotationalInertia<double>(0.01, I, I));
  };
  const auto& link1 = tree.AddRigidBody("link1", inertia(p.m1, p.lc1, p.I1));
  const auto& link2 = tree.AddRigidBody("link2", inertia(p.m2, p.lc2, p.I2));
  tree.template AddJoint<RevoluteJoint>("shoulder", tree.world_body(),
                                        std::nullopt, link1, std::nullopt,
                                        Vector3<double>::UnitZ());
  tree.template AddJoint<RevoluteJoint>(
      "elbow", link1, math::RigidTransform<double>(Vector3<double>(p.l1, 0, 0)),
      link2, std::nullopt, Vector3<double>::UnitZ());
  tree.mutable_gravity_field().set_gravity_vector(Vector3<double>(0, -p.g, 0));
  system->Finalize();
}

TEST(MultibodyTreeDynamics, AcrobotMatchesSpongsEquations) {
  const AcrobotParams p;
  MultibodyTreeSystem<double> system;
  BuildAcrobot(&system, p);
  const MultibodyTree<double>& tree = system.tree();
  auto context = system.CreateDefaultContext();
  for (const auto& [q1, q2, v1, v2] : std::vector<std::array<double, 4>>{
           {0.3, -0.8, 1.2, -0.4}, {2.1, 1.4, -0.7, 2.2}}) {
    system.SetPositions(context.get(), Vector2<double>(q1, q2));
    system.SetVelocities(context.get(), Vector2<double>(v1, v2));
    // Spong, "The swing up control problem for the Acrobot" (1995), with
    // q1 from the horizontal x axis: M·q̈ + h + φ = τ.
    const double c2 = std::cos(q2), s2 = std::sin(q2);
    Eigen::Matrix2d M_expected;
    M_expected(0, 0) =
        p.m1 * p.lc1 * p.lc1 +
        p.m2 * (p.l1 * p.l1 + p.lc2 * p.lc2 + 2 * p.l1 * p.lc2 * c2) + p.I1 +
        p.I2;
    M_expected(0, 1) = M_expected(1, 0) =
        p.m2 * (p.lc2 * p.lc2 + p.l1 * p.lc2 * c2) + p.I2;
    M_expected(1, 1) = p.m2 * p.lc2 * p.lc2 + p.I2;
    const double hh = p.m2 * p.l1 * p.lc2 * s2;
    const Vector2<double> Cv_expected(-hh * v2 * v2 - 2 * hh * v1 * v2,
                                      hh * v1 * v1);
    const double phi2 = p.m2 * p.lc2 * p.g * std::cos(q1 + q2);
    const Vector2<double> phi(
        (p.m1 * p.lc1 + p.m2 * p.l1) * p.g * std::cos(q1) + phi2, phi2);

    // Values of order 1 from a few dozen flops: 1e-12 absolute.
    Eigen::MatrixXd M(2, 2);
    tree.CalcMassMatrix(*context, &M);
    EXPECT_TRUE(M.isApprox(M_expected, 1e-12)) << M;
    tree.CalcMassMatrixViaInverseDynamics(*context, &M);
    EXPECT_TRUE(M.isApprox(M_expected, 1e-12)) << M;
    Eigen::VectorXd Cv(2);
    tree.CalcBiasTerm(*context, &Cv);
    EXPECT_TRUE(Cv.isApprox(Cv_expected, 1e-12)) << Cv;
    // tau_g = −φ (gravity on the right-hand side).
    const Eigen::VectorXd tau_g = tree.CalcGravityGeneralizedForces(*context);
    EXPECT_TRUE(tau_g.isApprox(-phi, 1e-12)) << tau_g;

    // Inverse dynamics with gravity from the force elements:
    // tau = M·v̇ + C·v + φ.
    const Eigen::Vector2d vdot(0.7, -1.9);
    MultibodyForces<double> forces(tree);
    tree.CalcForceElementsContribution(*context, &forces);
    const Eigen::VectorXd tau =
        tree.CalcInverseDynamics(*context, vdot, forces);
    EXPECT_TRUE(tau.isApprox(M_expected * vdot + Cv_expected + phi, 1e-12));
    // Forward dynamics inverts it.
    MultibodyForces<double> actuation(tree);
    actuation.mutable_generalized_forces() = tau;
    Eigen::VectorXd vdot_fd(2);
    tree.CalcForwardDynamics(*context, actuation, &vdot_fd);
    EXPECT_TRUE(vdot_fd.isApprox(vdot, 1e-12)) << vdot_fd;

    // Energies: KE = ½vᵀMv, U = Σ m·g·y_cm.
    const double y1 = p.lc1 * std::sin(q1);
    const double y2 = p.l1 * std::sin(q1) + p.lc2 * std::sin(q1 + q2);
    const Eigen::Vector2d v(v1, v2);
    EXPECT_NEAR(tree.CalcKineticEnergy(*context), 0.5 * v.dot(M_expected * v),
                1e-12);
    EXPECT_NEAR(tree.CalcPotentialEnergy(*context),
                p.m1 * p.g * y1 + p.m2 * p.g * y2, 1e-12);
    // Pc = −U̇ = −∂U/∂q·v = −φ·v.
    EXPECT_NEAR(tree.CalcConservativePower(*context), -phi.dot(v), 1e-12);
    EXPECT_EQ(tree.CalcNonConservativePower(*context), 0.0);
  }
}

// ------------------------------------------------------------ identities

class EveryJointKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::BuildEveryJointKindModel(&system_, /* damping = */ true,
                                   /* actuators = */ true);
    context_ = system_.CreateDefaultContext();
  }
  const MultibodyTree<double>& tree() const { return system_.tree(); }
  MultibodyTreeSystem<double> system_;
  std::unique_ptr<systems::Context<double>> context_;
};

TEST_F(EveryJointKindTest, InverseOfForwardDynamicsAndMassMatrix) {
  std::mt19937 gen(42);
  const int nv = tree().num_velocities();
  for (int trial = 0; trial < 5; ++trial) {
    test::SetRandomState(system_, &gen, context_.get());
    // M by CRBA equals M by ID columns, symmetric positive definite. Entries
    // are O(1): 1e-12 covers the round-off of either algorithm.
    Eigen::MatrixXd M(nv, nv), M_id(nv, nv);
    tree().CalcMassMatrix(*context_, &M);
    tree().CalcMassMatrixViaInverseDynamics(*context_, &M_id);
    EXPECT_LT((M - M_id).norm(), 1e-12 * M.norm());
    EXPECT_EQ(M, M.transpose());
    Eigen::LLT<Eigen::MatrixXd> llt(M);
    EXPECT_EQ(llt.info(), Eigen::Success);

    // ID(q, v, FD(q, v, tau)) = tau, with gravity, damping and applied
    // body forces in the forces of both.
    MultibodyForces<double> applied(tree());
    applied.mutable_generalized_forces() = Eigen::VectorXd::Random(nv);
    const auto& b5 = tree().GetBodyByName("b5");
    b5.AddInForceInWorld(*context_,
                         SpatialForce<double>(Vector3<double>(0.1, -0.2, 0.3),
                                              Vector3<double>(1.0, 2.0, -0.5)),
                         &applied);
    Eigen::VectorXd vdot(nv);
    tree().CalcForwardDynamics(*context_, applied, &vdot);
    MultibodyForces<double> forces(tree());
    tree().CalcForceElementsContribution(*context_, &forces);
    forces.AddInForces(applied);
    const Eigen::VectorXd residual =
        tree().CalcInverseDynamics(*context_, vdot, forces);
    // ID returns M·v̇ + C·v − all forces = 0 up to the round-off of the
    // solve; relative to the size of the terms involved.
    const double scale = (M * vdot).norm() + forces.generalized_forces().norm();
    EXPECT_LT(residual.norm(), 1e-10 * scale) << residual.transpose();
    // And with tau on the left: ID with force elements only gives back the
    // applied generalized force equivalent.
    MultibodyForces<double> fe(tree());
    tree().CalcForceElementsContribution(*context_, &fe);
    Eigen::VectorXd tau_applied;
    tree().CalcGeneralizedForces(*context_, applied, &tau_applied);
    const Eigen::VectorXd tau = tree().CalcInverseDynamics(*context_, vdot, fe);
    EXPECT_LT((tau - tau_applied).norm(), 1e-10 * scale);

    // The bias term is ID with v̇ = 0 and no forces.
    Eigen::VectorXd Cv(nv);
    tree().CalcBiasTerm(*context_, &Cv);
    const MultibodyForces<double> none(tree());
    const Eigen::VectorXd id0 =
        tree().CalcInverseDynamics(*context_, Eigen::VectorXd::Zero(nv), none);
    EXPECT_LT((Cv - id0).norm(), 1e-14 * (1 + Cv.norm()));
  }
}

TEST_F(EveryJointKindTest, LockedJointsStayAtRest) {
  std::mt19937 gen(13);
  test::SetRandomState(system_, &gen, context_.get());
  const Joint<double> &bal = tree().GetJointByName("bal");
  bal.Lock(context_.get());
  EXPECT_TRUE(bal.GetVelocities(*context_).isZero(0));
  const int nv = tree().num_velocities();
  MultibodyForces<double> applied(tree());
  applied.mutable_generalized_forces() = Eigen::VectorXd::Random(nv);
  Eigen::VectorXd vdot(nv);
  tree().CalcForwardDynamics(*context_, applied, &vdot);
  const int s = bal.velocity_start();
  EXPECT_TRUE(vdot.segment(s, 3).isZero(0));
  MultibodyForces<double> forces(tree());
  tree().CalcForceElementsContribution(*context_, &forces);
  forces.AddInForces(applied);
  Eigen::VectorXd residual =
      tree().CalcInverseDynamics(*context_, vdot, forces);
  // The unlocked dofs satisfy their equations of motion (round-off of a
  // dense solve on O(1) terms); the locked ones carry the torque that
  // holds them.
  const double scale = 1 + forces.generalized_forces().norm();
  Eigen::VectorXd unlocked = residual;
  unlocked.segment(s, 3).setZero();
  EXPECT_LT(unlocked.norm(), 1e-10 * scale);
  EXPECT_GT(residual.segment(s, 3).norm(), 1e-6);
  // Unlocked again, the articulated body path solves every dof.
  bal.Unlock(context_.get());
  tree().CalcForwardDynamics(*context_, applied, &vdot);
  tree().CalcForceElementsContribution(*context_, &forces);
  forces.AddInForces(applied);
  residual = tree().CalcInverseDynamics(*context_, vdot, forces);
  EXPECT_LT(residual.norm(), 1e-10 * scale);
}
TEST_F(EveryJointKindTest, ReflectedInertiaOnTheDiagonal) {
  MultibodyTreeSystem<double> bare;
  test::BuildEveryJointKindModel(&bare, true, /* actuators = */ false);
  auto bare_context = bare.CreateDefaultContext();
  std::mt19937 gen(7);
  Eigen::VectorXd q, v;
  test::SetRandomState(system_, &gen, context_.get(), &q, &v);
  bare.SetPositions(bare_context.get(), q);
  bare.SetVelocities(bare_context.get(), v);
  const int nv = tree().num_velocities();
  Eigen::MatrixXd M(nv, nv), M_bare(nv, nv);
  tree().CalcMassMatrix(*context_, &M);
  bare.tree().CalcMassMatrix(*bare_context, &M_bare);
  Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(nv, nv);
  // ρ²·I_r: 5²·0.3 on the revolute dof, (−3)²·0.02 on the prismatic one.
  expected(tree().GetJointByName("rev").velocity_start(),
           tree().GetJointByName("rev").velocity_start()) = 25 * 0.3;
  expected(tree().GetJointByName("pri").velocity_start(),
           tree().GetJointByName("pri").velocity_start()) = 9 * 0.02;
  EXPECT_LT((M - M_bare - expected).norm(), 1e-12);
  Eigen::MatrixXd M_id(nv, nv);
  tree().CalcMassMatrixViaInverseDynamics(*context_, &M_id);
  EXPECT_LT((M - M_id).norm(), 1e-12 * M.norm());
}

TEST_F(EveryJointKindTest, AdvancedInverseDynamicsAndAliasing) {
  std::mt19937 gen(3);
  test::SetRandomState(system_, &gen, context_.get());
  const int nv = tree().num_velocities();
  const int n = tree().num_mobods();
  const Eigen::VectorXd vdot = Eigen::VectorXd::Random(nv);
  std::vector<SpatialForce<double>> F_applied(n);
  for (int i = 0; i < n; ++i)
    F_applied[i] = SpatialForce<double>(Vector6<double>::Random());
  const Eigen::VectorXd tau_applied = Eigen::VectorXd::Random(nv);
  std::vector<SpatialAcceleration<double>> A_WB;
  std::vector<SpatialForce<double>> F_BMo;
  Eigen::VectorXd tau(nv);
  tree().CalcInverseDynamics(*context_, vdot, F_applied, tau_applied, &A_WB,
                             &F_BMo, &tau);
  ASSERT_EQ(static_cast<int>(A_WB.size()), n);
  // The same from the MultibodyForces overload (forces per body).
  MultibodyForces<double> forces(tree());
  forces.mutable_generalized_forces() = tau_applied;
  for (int i = 1; i < n; ++i) {
    const BodyIndex body =
        tree().get_topology().get_mobod(internal::MobodIndex(i)).body;
    forces.mutable_body_forces()[body] = F_applied[i];
  }
  const Eigen::VectorXd tau_simple =
      tree().CalcInverseDynamics(*context_, vdot, forces);
  EXPECT_LT((tau - tau_simple).norm(), 1e-13 * (1 + tau.norm()));
  // A_WB against the kernel's acceleration kinematics.
  std::vector<Vector6<double>> A_expected;
  internal::TreeWorkspace<double> ws =
      system_.EvalVelocityKinematics(*context_);
  internal::CalcSpatialAccelerationsFromVdot<double>(
      tree().compiled_tree(), system_.GetParameters(*context_), vdot, &ws,
      &A_expected);
  for (int i = 0; i < n; ++i) {
    EXPECT_TRUE(A_WB[i].get_coeffs().isApprox(A_expected[i], 1e-12) ||
                (A_WB[i].get_coeffs() - A_expected[i]).norm() < 1e-12);
  }
  // Aliasing: outputs in the input arrays give the same results.
  std::vector<SpatialForce<double>> F_alias = F_applied;
  Eigen::VectorXd tau_alias = tau_applied;
  std::vector<SpatialAcceleration<double>> A_alias;
  tree().CalcInverseDynamics(*context_, vdot, F_alias, tau_alias, &A_alias,
                             &F_alias, &tau_alias);
  EXPECT_EQ(tau_alias, tau);
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(F_alias[i].get_coeffs(), F_BMo[i].get_coeffs());
  // Size errors.
  EXPECT_LOGIC_ERROR(
      tree().CalcInverseDynamics(*context_, vdot, F_applied, Eigen::VectorXd(2),
                                 &A_WB, &F_BMo, &tau),
      "tau_applied_array has size 2");
  EXPECT_LOGIC_ERROR(tree().CalcInverseDynamics(
                         *context_, vdot, std::vector<SpatialForce<double>>(3),
                         tau_applied, &A_WB, &F_BMo, &tau),
                     "Fapplied_Bo_W_array has 3 entries");
  EXPECT_LOGIC_ERROR(
      tree().CalcInverseDynamics(*context_, vdot, F_applied, tau_applied,
                                 nullptr, &F_BMo, &tau),
      "must not be nullptr");
  EXPECT_LOGIC_ERROR(
      tree().CalcInverseDynamics(*context_, Eigen::VectorXd(1), forces),
      "CalcInverseDynamics(): known_vdot has size 1");
}

TEST_F(EveryJointKindTest, GravityGeneralizedForces) {
  std::mt19937 gen(11);
  test::SetRandomState(system_, &gen, context_.get());
  const int nv = tree().num_velocities();
  const Eigen::VectorXd tau_g = tree().CalcGravityGeneralizedForces(*context_);
  // The same as the generalized equivalent of gravity's body forces, and
  // as the kernel's gravity forces.
  MultibodyForces<double> gravity(tree());
  tree().gravity_field().CalcAndAddForceContribution(
      *context_, system_.EvalPositionKinematics(*context_),
      system_.EvalVelocityKinematics(*context_), &gravity);
  Eigen::VectorXd tau_from_forces;
  tree().CalcGeneralizedForces(*context_, gravity, &tau_from_forces);
  EXPECT_LT((tau_g - tau_from_forces).norm(), 1e-12 * tau_g.norm());
  internal::TreeWorkspace<double> ws =
      system_.EvalPositionKinematics(*context_);
  Eigen::VectorXd tau_kernel(nv);
  internal::CalcGravityGeneralizedForces<double>(
      tree().compiled_tree(), system_.GetParameters(*context_),
      Vector3<double>(0, 0, -9.81), &ws, tau_kernel);
  EXPECT_LT((tau_g - tau_kernel).norm(), 1e-12 * tau_g.norm());
  // v·tau_g is the power of gravity, the gravity field's conservative power.
  const Eigen::VectorXd v = system_.GetVelocities(*context_);
  EXPECT_NEAR(v.dot(tau_g),
              tree().gravity_field().CalcConservativePower(
                  *context_, system_.EvalPositionKinematics(*context_),
                  system_.EvalVelocityKinematics(*context_)),
              1e-12 * tau_g.norm());
}

TEST(MultibodyTreeDynamics, GravityDisabledPerModelInstance) {
  MultibodyTreeSystem<double> all, off;
  test::BuildEveryJointKindModel(&all);
  test::BuildEveryJointKindModel<double>(
      &off, true, false, [](MultibodyTree<double>* tree) {
        tree->mutable_gravity_field().set_enabled(
            tree->GetModelInstanceByName("rover"), false);
      });
  const MultibodyTree<double>& tree = all.tree();
  const ModelInstanceIndex rover = tree.GetModelInstanceByName("rover");
  const ModelInstanceIndex arm = tree.GetModelInstanceByName("arm");
  EXPECT_TRUE(tree.gravity_field().is_enabled(rover));
  EXPECT_FALSE(off.tree().gravity_field().is_enabled(rover));
  EXPECT_TRUE(off.tree().gravity_field().is_enabled(arm));
  auto context = all.CreateDefaultContext();
  auto off_context = off.CreateDefaultContext();
  std::mt19937 gen(5);
  Eigen::VectorXd q, v;
  test::SetRandomState(all, &gen, context.get(), &q, &v);
  off.SetPositions(off_context.get(), q);
  off.SetVelocities(off_context.get(), v);

  // Gravity on the rover's bodies, applied by hand at their centers of
  // mass (point and force expressed in the body frame).
  MultibodyForces<double> rover_gravity(tree);
  const auto& pc = all.EvalPositionKinematics(*context);
  double U_rover = 0;
  for (BodyIndex b : tree.GetBodyIndices(rover)) {
    const RigidBody<double>& body = tree.get_body(b);
    const int m = tree.get_topology().body_to_mobod(b);
    const Vector3<double> g_W(0, 0, -9.81);
    const Vector3<double> f_W = body.default_mass() * g_W;
    body.AddInForce(*context, body.default_com(),
                    SpatialForce<double>(Vector3<double>::Zero(),
                                         pc.R_WB[m].transpose() * f_W),
                    body.body_frame(), &rover_gravity);
    U_rover -= f_W.dot(pc.p_WB[m] + pc.R_WB[m] * body.default_com());
  }
  Eigen::VectorXd tau_rover;
  tree.CalcGeneralizedForces(*context, rover_gravity, &tau_rover);
  const Eigen::VectorXd tau_all = tree.CalcGravityGeneralizedForces(*context);
  const Eigen::VectorXd tau_off =
      off.tree().CalcGravityGeneralizedForces(*off_context);
  // Disabling removes exactly the rover's contribution (round-off of sums
  // of O(10) terms).
  EXPECT_LT((tau_all - tau_rover - tau_off).norm(), 1e-12 * tau_all.norm());
  EXPECT_GT(tau_rover.norm(), 1.0);
  EXPECT_NEAR(tree.CalcPotentialEnergy(*context) -
                  off.tree().CalcPotentialEnergy(*off_context),
              U_rover, 1e-12 * std::abs(U_rover) + 1e-12);
  // Forward dynamics sees it too: with the rover's gravity applied by hand,
  // the model without it accelerates like the full one.
  Eigen::VectorXd vdot_all(tree.num_velocities()),
      vdot_off(tree.num_velocities());
  tree.CalcForwardDynamics(*context, MultibodyForces<double>(tree), &vdot_all);
  MultibodyForces<double> rover_gravity_off(off.tree());
  rover_gravity_off.mutable_generalized_forces() = tau_rover;
  off.tree().CalcForwardDynamics(*off_context, rover_gravity_off, &vdot_off);
  EXPECT_LT((vdot_all - vdot_off).norm(), 1e-10 * vdot_all.norm());

  EXPECT_LOGIC_ERROR(
      const_cast<MultibodyTree<double>&>(off.tree())
          .mutable_gravity_field()
          .set_enabled(rover, false),
      "UniformGravityFieldElement::set_enabled(): post-finalize");
  EXPECT_LOGIC_ERROR(tree.gravity_field().is_enabled(ModelInstanceIndex(9)),
                     "no model instance with index 9");
}

// d/dt(KE + U) = Pnc and Pc = −U̇, with AutoDiffXd time derivatives along
// the motion: q(t) = q + t·q̇, v(t) = v + t·v̇ with q̇ = N(q)·v and v̇ from
// forward dynamics, so that d/dt at t = 0 is the derivative carried by
// the AutoDiffXd state.
TEST(MultibodyTreeDynamics, EnergyBalanceWithAutoDiff) {
  // With rotors: their reflected inertia is in M, so it must be in KE too
  // for d/dt(KE + U) to be the power of the forces.
  MultibodyTreeSystem<double> system;
  test::BuildEveryJointKindModel(&system, /* damping = */ true,
                                 /* actuators = */ true);
  MultibodyTreeSystem<AutoDiffXd> system_ad;
  test::BuildEveryJointKindModel(&system_ad, /* damping = */ true,
                                 /* actuators = */ true);
  auto context = system.CreateDefaultContext();
  auto context_ad = system_ad.CreateDefaultContext();
  const MultibodyTree<double>& tree = system.tree();
  std::mt19937 gen(9);
  for (int trial = 0; trial < 3; ++trial) {
    Eigen::VectorXd q, v;
    test::SetRandomState(system, &gen, context.get(), &q, &v);
    const int nv = tree.num_velocities();
    Eigen::VectorXd vdot(nv), qdot(tree.num_positions());
    tree.CalcForwardDynamics(*context, MultibodyForces<double>(tree), &vdot);
    internal::MapVelocityToQDot<double>(tree.compiled_tree(), q, v, qdot);
    VectorX<AutoDiffXd> q_ad(q.size()), v_ad(nv);
    for (int i = 0; i < q.size(); ++i)
      q_ad[i] = AutoDiffXd(q[i], Vector1<double>(qdot[i]));
    for (int i = 0; i < nv; ++i)
      v_ad[i] = AutoDiffXd(v[i], Vector1<double>(vdot[i]));
    system_ad.SetPositions(context_ad.get(), q_ad);
    system_ad.SetVelocities(context_ad.get(), v_ad);
    const MultibodyTree<AutoDiffXd>& tree_ad = system_ad.tree();
    const AutoDiffXd KE = tree_ad.CalcKineticEnergy(*context_ad);
    const AutoDiffXd U = tree_ad.CalcPotentialEnergy(*context_ad);
    const double Pc = tree.CalcConservativePower(*context);
    const double Pnc = tree.CalcNonConservativePower(*context);
    EXPECT_LT(Pnc, 0.0);  // damping dissipates
    // Derivatives of O(10) quantities through a few hundred flops.
    EXPECT_NEAR(U.derivatives()[0], -Pc, 1e-11 * (1 + std::abs(Pc)));
    EXPECT_NEAR(KE.derivatives()[0] + U.derivatives()[0], Pnc,
                1e-10 * (1 + std::abs(Pnc) + std::abs(Pc)));
    // The scalar values agree with the double model.
    EXPECT_NEAR(KE.value(), tree.CalcKineticEnergy(*context), 1e-13);
    EXPECT_NEAR(U.value(), tree.CalcPotentialEnergy(*context), 1e-13);
  }
}

// ------------------------------------------------------------ errors

TEST(MultibodyTreeDynamics, MultibodyForcesInvariantsAndErrors) {
  MultibodyTreeSystem<double> system;
  test::BuildEveryJointKindModel(&system);
  const MultibodyTree<double>& tree = system.tree();
  auto context = system.CreateDefaultContext();
  MultibodyForces<double> forces(system);
  EXPECT_EQ(forces.num_bodies(), tree.num_bodies());
  EXPECT_EQ(forces.num_velocities(), tree.num_velocities());
  EXPECT_TRUE(forces.CheckInvariants());
  EXPECT_TRUE(forces.CheckHasRightSizeForModel(tree));
  EXPECT_TRUE(forces.generalized_forces().isZero(0));
  forces.mutable_generalized_forces().setOnes();
  const auto& b2 = tree.GetBodyByName("b2");
  b2.AddInForceInWorld(*context, SpatialForce<double>(Vector6<double>::Ones()),
                       &forces);
  EXPECT_EQ(b2.GetForceInWorld(*context, forces).get_coeffs(),
            Vector6<double>::Ones());
  MultibodyForces<double> twice = forces;
  twice.AddInForces(forces);
  EXPECT_EQ(twice.generalized_forces(),
            2 * Eigen::VectorXd::Ones(tree.num_velocities()));
  EXPECT_EQ(b2.GetForceInWorld(*context, twice).get_coeffs(),
            2 * Vector6<double>::Ones());
  twice.SetZero();
  EXPECT_TRUE(twice.generalized_forces().isZero(0));
  EXPECT_TRUE(b2.GetForceInWorld(*context, twice).get_coeffs().isZero(0));

  // A different model's forces.
  MultibodyForces<double> small(2, 1);
  EXPECT_FALSE(small.CheckHasRightSizeForModel(tree));
  EXPECT_LOGIC_ERROR(forces.AddInForces(small),
                     "MultibodyForces::AddInForces(): the addend holds 2 body "
                     "forces and 1 generalized forces");
  EXPECT_LOGIC_ERROR(
      tree.CalcInverseDynamics(
          *context, Eigen::VectorXd::Zero(tree.num_velocities()), small),
      "CalcInverseDynamics(): the MultibodyForces holds 2 body forces");
  EXPECT_LOGIC_ERROR(
      b2.AddInForceInWorld(*context, SpatialForce<double>::Zero(), &small),
      "RigidBody::AddInForceInWorld(): the MultibodyForces");
  EXPECT_LOGIC_ERROR(
      b2.AddInForceInWorld(*context, SpatialForce<double>::Zero(), nullptr),
      "forces is a nullptr");
  EXPECT_LOGIC_ERROR(tree.CalcForceElementsContribution(*context, nullptr),
                     "CalcForceElementsContribution(): forces is a nullptr");
  // A caller resizing the arrays breaks the invariants.
  MultibodyForces<double> broken(tree);
  broken.mutable_generalized_forces().resize(1);
  EXPECT_FALSE(broken.CheckInvariants());
  EXPECT_FALSE(broken.CheckHasRightSizeForModel(tree));
  EXPECT_LOGIC_ERROR(MultibodyForces<double>(0, 3), "num_bodies = 0");
  // Outputs.
  Eigen::MatrixXd M(2, 2);
  EXPECT_LOGIC_ERROR(tree.CalcMassMatrix(*context, &M),
                     "CalcMassMatrix(): M is 2x2 but");
  EXPECT_LOGIC_ERROR(tree.CalcMassMatrix(*context, nullptr), "nullptr");
  Eigen::VectorXd Cv(1);
  EXPECT_LOGIC_ERROR(tree.CalcBiasTerm(*context, &Cv),
                     "CalcBiasTerm(): Cv has size 1");
  EXPECT_LOGIC_ERROR(tree.CalcGeneralizedForces(*context, forces, nullptr),
                     "generalized_forces is a nullptr");
  // A bare tree has no Context; an unfinalized one cannot make forces.
  MultibodyTree<double> bare;
  EXPECT_LOGIC_ERROR(MultibodyForces<double>{bare}, "call Finalize() first");
  bare.Finalize();
  EXPECT_LOGIC_ERROR(bare.CalcPotentialEnergy(*context),
                     "CalcPotentialEnergy(): this model is not owned");
}

TEST(MultibodyTreeDynamics, ForceElementBookkeeping) {
  MultibodyTree<double> tree;
  EXPECT_EQ(tree.num_force_elements(), 1);
  EXPECT_EQ(tree.gravity_field().index(), ForceElementIndex(0));
  EXPECT_EQ(tree.gravity_field().gravity_vector(),
            Vector3<double>(0, 0, -9.81));
  EXPECT_EQ(
      &tree.GetForceElement<UniformGravityFieldElement>(ForceElementIndex(0)),
      &tree.gravity_field());
  EXPECT_LOGIC_ERROR(tree.AddForceElement<UniformGravityFieldElement>(),
                     "already has a UniformGravityFieldElement");
  EXPECT_LOGIC_ERROR(tree.get_force_element(ForceElementIndex(3)),
                     "no force element with index 3");
}

}  // namespace
}  // namespace ossa::multibody
