// The force elements: closed-form forces and energies, power identities
// (Pc = −U̇ and d/dt(KE + U) = Pnc with AutoDiffXd), argument checks and
// CloneToScalar.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ossa/multibody/tree/door_hinge.h"
#include "ossa/multibody/tree/linear_bushing_roll_pitch_yaw.h"
#include "ossa/multibody/tree/linear_spring_damper.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/prismatic_spring.h"
#include "ossa/multibody/tree/revolute_spring.h"
#include "ossa/multibody/tree/test/dynamics_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace force_elements_test {

using internal::MultibodyTree;
using internal::MultibodyTreeSystem;
using ::testing::HasSubstr;

DoorHingeConfig SomeDoorHingeConfig() {
  DoorHingeConfig config;
  config.spring_zero_angle_rad = -0.4;
  config.spring_constant = 1.5;
  config.dynamic_friction_torque = 0.3;
  config.static_friction_torque = 0.2;
  config.viscous_friction = 0.1;
  config.catch_width = 0.2;
  config.catch_torque = 0.8;
  config.motion_threshold = 0.05;
  return config;
}

// A model with every force element kind:
//  - "pendulum" on revolute "hinge" (z) with a RevoluteSpring and a
//    DoorHinge;
//  - "slider" on prismatic "slide" (x) with a PrismaticSpring;
//  - "free" (floating) hung from the world by a LinearSpringDamper and held
//    by a bushing (a general 3D relative rotation);
//  - "planar" on a PlanarJoint (rotation about the fixed z axis) with a
//    full bushing (force and torque constants) and a spring-damper to the
//    slider.
// With `elements` false, the bodies and joints only (to receive clones).
template <typename T>
void BuildSpringModel(MultibodyTreeSystem<T>* system, bool elements = true,
                      bool gravity = true) {
  MultibodyTree<T>& tree = system->mutable_tree();
  const auto& pendulum = tree.AddRigidBody("pendulum", test::SomeInertia(1));
  const auto& slider = tree.AddRigidBody("slider", test::SomeInertia(2));
  const auto& free = tree.AddRigidBody("free", test::SomeInertia(3));
  const auto& planar = tree.AddRigidBody("planar", test::SomeInertia(4));
  const auto& hinge = tree.template AddJoint<RevoluteJoint>(
      "hinge", tree.world_body(), test::Pose(0.1, 0.2, 0.3, 0, 0, 1), pendulum,
      test::Pose(0, 0, 0, 0.3, 0, 0), Vector3<double>::UnitZ());
  const auto& slide = tree.template AddJoint<PrismaticJoint>(
      "slide", tree.world_body(), std::nullopt, slider, std::nullopt,
      Vector3<double>::UnitX());
  tree.template AddJoint<PlanarJoint>("plane", tree.world_body(),
                                      test::Pose(0, 0, 0, 0, 1, 0), planar,
                                      std::nullopt, Vector3<double>::Zero());
  const auto& A = tree.template AddFrame<FixedOffsetFrame>(
      "A", tree.world_frame(), test::Pose(0.2, -0.1, 0.3, 0.1, 0.2, 0.3));
  const auto& C = tree.template AddFrame<FixedOffsetFrame>(
      "C", free, test::Pose(-0.3, 0.2, 0.1, 0.05, -0.1, 0.2));
  const auto& A2 = tree.template AddFrame<FixedOffsetFrame>(
      "A2", tree.world_frame(), test::Pose(0, 0, 0.5, 0.1, 1.1, 0));
  const auto& C2 = tree.template AddFrame<FixedOffsetFrame>(
      "C2", planar, test::Pose(0, 0, -0.2, 0.1, 0, 0));
  if (!gravity) {
    tree.mutable_gravity_field().set_gravity_vector(Vector3<double>::Zero());
  }
  if (!elements) return;
  tree.template AddForceElement<RevoluteSpring>(hinge, 0.3, 2.0);
  tree.template AddForceElement<PrismaticSpring>(slide, -0.1, 5.0);
  tree.template AddForceElement<DoorHinge>(hinge, SomeDoorHingeConfig());
  tree.template AddForceElement<LinearSpringDamper>(
      tree.world_body(), Vector3<double>(0.1, 0.2, 1.5), free,
      Vector3<double>(0.05, -0.1, 0.02), 0.5, 10.0, 0.7);
  tree.template AddForceElement<LinearSpringDamper>(
      slider, Vector3<double>(0, 0.1, 0), planar, Vector3<double>(0.1, 0, 0.05),
      0.8, 3.0, 0.4);
  tree.template AddForceElement<LinearBushingRollPitchYaw>(
      A, C, Vector3<double>(1.0, 2.0, 3.0), Vector3<double>(0.1, 0.2, 0.3),
      Vector3<double>(7.0, 8.0, 9.0), Vector3<double>(0.4, 0.5, 0.6));
  tree.template AddForceElement<LinearBushingRollPitchYaw>(
      A2, C2, Vector3<double>(0.5, 0.7, 0.9), Vector3<double>(0.2, 0.1, 0.3),
      Vector3<double>(4.0, 5.0, 6.0), Vector3<double>(0.3, 0.2, 0.1));
}

template <typename T>
std::unique_ptr<systems::Context<T>> MakeFinalized(
    MultibodyTreeSystem<T>* system) {
  system->Finalize();
  return system->CreateDefaultContext();
}

// The state along the motion: q + t·N(q)·v and v + t·v̇ as AutoDiffXd with
// one derivative, d/dt at t = 0.
void SetTimeDerivatives(const MultibodyTreeSystem<double>& system,
                        const systems::Context<double>& context,
                        const Eigen::VectorXd& vdot,
                        const MultibodyTreeSystem<AutoDiffXd>& system_ad,
                        systems::Context<AutoDiffXd>* context_ad) {
  const Eigen::VectorXd q = system.GetPositions(context);
  const Eigen::VectorXd v = system.GetVelocities(context);
  Eigen::VectorXd qdot(q.size());
  internal::MapVelocityToQDot<double>(system.tree().compiled_tree(), q, v,
                                      qdot);
  VectorX<AutoDiffXd> q_ad(q.size()), v_ad(v.size());
  for (int i = 0; i < q.size(); ++i)
    q_ad[i] = AutoDiffXd(q[i], Vector1<double>(qdot[i]));
  for (int i = 0; i < v.size(); ++i)
    v_ad[i] = AutoDiffXd(v[i], Vector1<double>(vdot[i]));
  system_ad.SetPositions(context_ad, q_ad);
  system_ad.SetVelocities(context_ad, v_ad);
}

TEST(ForceElements, EnergyBalanceOfEveryKind) {
  MultibodyTreeSystem<double> system;
  MultibodyTreeSystem<AutoDiffXd> system_ad;
  BuildSpringModel(&system);
  BuildSpringModel(&system_ad);
  auto context = MakeFinalized(&system);
  auto context_ad = MakeFinalized(&system_ad);
  const MultibodyTree<double>& tree = system.tree();
  EXPECT_EQ(tree.num_force_elements(), 8);
  std::mt19937 gen(21);
  for (int trial = 0; trial < 4; ++trial) {
    test::SetRandomState(system, &gen, context.get());
    Eigen::VectorXd vdot(tree.num_velocities());
    tree.CalcForwardDynamics(*context, MultibodyForces<double>(tree), &vdot);
    SetTimeDerivatives(system, *context, vdot, system_ad, context_ad.get());
    const MultibodyTree<AutoDiffXd>& tree_ad = system_ad.tree();
    // Per element: Pc = −U̇ (AutoDiffXd time derivative of U). Values O(10);
    // 1e-10 covers the round-off of the closed forms.
    const auto& pc = system.EvalPositionKinematics(*context);
    const auto& vc = system.EvalVelocityKinematics(*context);
    const auto& pc_ad = system_ad.EvalPositionKinematics(*context_ad);
    for (int e = 0; e < tree.num_force_elements(); ++e) {
      const ForceElementIndex index(e);
      SCOPED_TRACE(
          NiceTypeNameFromTypeInfo(typeid(tree.get_force_element(index))));
      const AutoDiffXd U = tree_ad.get_force_element(index).CalcPotentialEnergy(
          *context_ad, pc_ad);
      const double Pc =
          tree.get_force_element(index).CalcConservativePower(*context, pc, vc);
      EXPECT_NEAR(U.derivatives()[0], -Pc, 1e-10 * (1 + std::abs(Pc)));
      EXPECT_NEAR(
          U.value(),
          tree.get_force_element(index).CalcPotentialEnergy(*context, pc),
          1e-13 * (1 + std::abs(U.value())));
      const double Pnc = tree.get_force_element(index).CalcNonConservativePower(
          *context, pc, vc);
      // Every element here dissipates or conserves, except the 3D bushing,
      // whose Pnc includes the non-conservative part of the reference's
      // stiffness force (see LinearBushingRollPitchYaw).
      if (e != 6) {
        EXPECT_LE(Pnc, 1e-14);
      }
    }
    // The whole model: d/dt(KE + U) = Pnc, exact up to round-off: values
    // O(10..100), AutoDiffXd derivative against closed forms, 1e-9
    // relative leaves room for a few thousand ulps.
    const AutoDiffXd E = tree_ad.CalcKineticEnergy(*context_ad) +
                         tree_ad.CalcPotentialEnergy(*context_ad);
    const double Pnc = tree.CalcNonConservativePower(*context);
    EXPECT_NEAR(E.derivatives()[0], Pnc, 1e-9 * (1 + std::abs(Pnc)));
    // And it is not trivially zero: the model dissipates.
    EXPECT_GT(std::abs(Pnc), 1e-3);
  }
}

TEST(ForceElements, RevoluteAndPrismaticSprings) {
  MultibodyTreeSystem<double> system;
  BuildSpringModel(&system, true, /* gravity = */ false);
  auto context = MakeFinalized(&system);
  const MultibodyTree<double>& tree = system.tree();
  const auto& spring =
      tree.GetForceElement<RevoluteSpring>(ForceElementIndex(1));
  const auto& slide_spring =
      tree.GetForceElement<PrismaticSpring>(ForceElementIndex(2));
  EXPECT_EQ(spring.default_nominal_angle(), 0.3);
  EXPECT_EQ(spring.default_stiffness(), 2.0);
  EXPECT_EQ(spring.GetNominalAngle(*context), 0.3);
  EXPECT_EQ(spring.GetStiffness(*context), 2.0);
  EXPECT_EQ(&spring.joint(), &tree.GetJointByName("hinge"));
  EXPECT_EQ(slide_spring.nominal_position(), -0.1);
  EXPECT_EQ(slide_spring.stiffness(), 5.0);
  EXPECT_LOGIC_ERROR(
      tree.GetForceElement<PrismaticSpring>(ForceElementIndex(1)),
      "GetForceElement(): force element 1 is a");
  const auto& hinge = tree.GetJointByName<RevoluteJoint>("hinge");
  const auto& slide = tree.GetJointByName<PrismaticJoint>("slide");
  hinge.set_angle(context.get(), 1.1).set_angular_rate(context.get(), -0.6);
  slide.set_translation(context.get(), 0.7);
  slide.set_translation_rate(context.get(), 0.25);
  const auto& pc = system.EvalPositionKinematics(*context);
  const auto& vc = system.EvalVelocityKinematics(*context);
  // U = ½k(θ − θ₀)², Pc = −k(θ − θ₀)θ̇ (exact up to one rounding).
  EXPECT_NEAR(spring.CalcPotentialEnergy(*context, pc), 0.5 * 2.0 * 0.8 * 0.8,
              1e-15);
  EXPECT_NEAR(spring.CalcConservativePower(*context, pc, vc), -2.0 * 0.8 * -0.6,
              1e-15);
  EXPECT_NEAR(slide_spring.CalcPotentialEnergy(*context, pc),
              0.5 * 5.0 * 0.8 * 0.8, 1e-15);
  MultibodyForces<double> forces(tree);
  spring.CalcAndAddForceContribution(*context, pc, vc, &forces);
  slide_spring.CalcAndAddForceContribution(*context, pc, vc, &forces);
  EXPECT_NEAR(forces.generalized_forces()[hinge.velocity_start()], -2.0 * 0.8,
              1e-15);
  EXPECT_NEAR(forces.generalized_forces()[slide.velocity_start()], -5.0 * 0.8,
              1e-15);
  // The Context's parameters: a stiffer spring at another nominal angle
  // gives −k'(θ − θ₀'); the defaults stay.
  spring.SetStiffness(context.get(), 3.0);
  spring.SetNominalAngle(context.get(), 1.0);
  MultibodyForces<double> changed(tree);
  spring.CalcAndAddForceContribution(
      *context, system.EvalPositionKinematics(*context),
      system.EvalVelocityKinematics(*context), &changed);
  EXPECT_NEAR(changed.generalized_forces()[hinge.velocity_start()], -3.0 * 0.1,
              1e-15);
  EXPECT_EQ(spring.default_stiffness(), 2.0);
  EXPECT_LOGIC_ERROR(spring.SetStiffness(context.get(), -1.0),
                     "RevoluteSpring::SetStiffness(): the stiffness of the "
                     "spring on joint 'hinge' is -1");
  EXPECT_LOGIC_ERROR(spring.SetNominalAngle(nullptr, 0.0),
                     "RevoluteSpring::SetNominalAngle(): the context is a "
                     "nullptr");
  MultibodyTreeSystem<double> other;
  auto& other_tree = other.mutable_tree();
  const auto& b = other_tree.AddRigidBody("b", test::SomeInertia(0));
  const auto& j = other_tree.AddJoint<RevoluteJoint>(
      "j", other_tree.world_body(), std::nullopt, b, std::nullopt,
      Vector3<double>::UnitZ());
  EXPECT_LOGIC_ERROR(other_tree.AddForceElement<RevoluteSpring>(j, 0.0, -1.0),
                     "RevoluteSpring(): the stiffness of the spring on joint "
                     "'j' is -1");
}

TEST(ForceElements, LinearSpringDamperForceAlongTheLine) {
  MultibodyTreeSystem<double> system;
  BuildSpringModel(&system, true, /* gravity = */ false);
  auto context = MakeFinalized(&system);
  const MultibodyTree<double>& tree = system.tree();
  const auto& spring =
      tree.GetForceElement<LinearSpringDamper>(ForceElementIndex(4));
  const RigidBody<double>& free = tree.GetBodyByName("free");
  std::mt19937 gen(4);
  test::SetRandomState(system, &gen, context.get());
  const auto& pc = system.EvalPositionKinematics(*context);
  const auto& vc = system.EvalVelocityKinematics(*context);
  const int m = tree.get_topology().body_to_mobod(free.index());
  const Vector3<double> p_WP = spring.p_AP();  // A is the world
  const Vector3<double> p_BoQ_W = pc.R_WB[m] * spring.p_BQ();
  const Vector3<double> p_WQ = pc.p_WB[m] + p_BoQ_W;
  const Vector3<double> V_w =
      internal::GetSpatialVelocityInWorld(vc, m).head<3>();
  const Vector3<double> v_WQ =
      internal::GetSpatialVelocityInWorld(vc, m).tail<3>() + V_w.cross(p_BoQ_W);
  const double length = (p_WQ - p_WP).norm();
  const Vector3<double> u = (p_WQ - p_WP) / length;
  const double length_dot = u.dot(v_WQ);
  const double tension = 10.0 * (length - 0.5) + 0.7 * length_dot;
  MultibodyForces<double> forces(tree);
  spring.CalcAndAddForceContribution(*context, pc, vc, &forces);
  const Vector3<double> f_Q = -tension * u;
  const SpatialForce<double>& F = forces.body_forces()[free.index()];
  // Terms O(10): 1e-13.
  EXPECT_TRUE(F.translational().isApprox(f_Q, 1e-13));
  EXPECT_TRUE(F.rotational().isApprox(p_BoQ_W.cross(f_Q), 1e-13));
  // The reaction on the world at P: the world is at the origin, so the
  // moment is p_WP × (tension·u).
  const SpatialForce<double>& F0 = forces.body_forces()[world_index()];
  EXPECT_TRUE(F0.translational().isApprox(-f_Q, 1e-13));
  EXPECT_TRUE(F0.rotational().isApprox(p_WP.cross(-f_Q), 1e-13));
  EXPECT_NEAR(spring.CalcNonConservativePower(*context, pc, vc),
              -0.7 * length_dot * length_dot, 1e-12);

  // At the free length and at rest: no force. Place Q at distance ℓ₀ from P
  // by moving the body's origin.
  const Eigen::VectorXd q = system.GetPositions(*context);
  Eigen::VectorXd q_rest = q;
  const Joint<double>& floating = tree.GetInboardJoint(free);
  const Vector3<double> p_WBo_rest = p_WP + 0.5 * u - p_BoQ_W;
  q_rest.segment<3>(floating.position_start() + 4) = p_WBo_rest;
  system.SetPositions(context.get(), q_rest);
  system.SetVelocities(context.get(),
                       Eigen::VectorXd::Zero(tree.num_velocities()));
  MultibodyForces<double> rest(tree);
  spring.CalcAndAddForceContribution(
      *context, system.EvalPositionKinematics(*context),
      system.EvalVelocityKinematics(*context), &rest);
  EXPECT_LT(rest.body_forces()[free.index()].get_coeffs().norm(), 1e-13);
  EXPECT_NEAR(spring.CalcPotentialEnergy(
                  *context, system.EvalPositionKinematics(*context)),
              0.0, 1e-28);

  EXPECT_LOGIC_ERROR(
      LinearSpringDamper<double>(free, Vector3<double>::Zero(), free,
                                 Vector3<double>::Zero(), 0.0, 1.0, 1.0),
      "the free length is 0");
  EXPECT_LOGIC_ERROR(
      LinearSpringDamper<double>(free, Vector3<double>::Zero(), free,
                                 Vector3<double>::Zero(), 1.0, -1.0, 1.0),
      "the stiffness is -1");
  EXPECT_LOGIC_ERROR(
      LinearSpringDamper<double>(free, Vector3<double>::Zero(), free,
                                 Vector3<double>::Zero(), 1.0, 1.0, -2.0),
      "the damping is -2");
}

TEST(ForceElements, DoorHingeTorqueFormula) {
  MultibodyTreeSystem<double> system;
  BuildSpringModel(&system, true, false);
  auto context = MakeFinalized(&system);
  const MultibodyTree<double>& tree = system.tree();
  const auto& door = tree.GetForceElement<DoorHinge>(ForceElementIndex(3));
  const DoorHingeConfig c = SomeDoorHingeConfig();
  for (const auto& [angle, rate] : std::vector<std::pair<double, double>>{
           {0.05, 0.01}, {0.15, -0.2}, {-0.3, 2.0}, {1.2, -0.001}}) {
    const double h = c.catch_width / 2;
    const double s = std::tanh((angle - h) / h);
    const double catch_torque = c.catch_torque * 2 * s * (1 - s * s);
    const double spring =
        c.spring_constant * (c.spring_zero_angle_rad - angle) + catch_torque;
    const double sr = std::tanh(rate / c.motion_threshold);
    const double friction = -c.viscous_friction * rate -
                            c.dynamic_friction_torque * sr -
                            c.static_friction_torque * 2 * sr * (1 - sr * sr);
    EXPECT_NEAR(door.CalcHingeSpringTorque(angle), spring, 1e-14);
    EXPECT_NEAR(door.CalcHingeFrictionalTorque(rate), friction, 1e-14);
    EXPECT_NEAR(door.CalcHingeTorque(angle, rate), spring + friction, 1e-14);
    const auto& hinge = door.joint();
    hinge.set_angle(context.get(), angle).set_angular_rate(context.get(), rate);
    MultibodyForces<double> forces(tree);
    door.CalcAndAddForceContribution(
        *context, system.EvalPositionKinematics(*context),
        system.EvalVelocityKinematics(*context), &forces);
    EXPECT_NEAR(forces.generalized_forces()[hinge.velocity_start()],
                spring + friction, 1e-14);
    EXPECT_NEAR(door.CalcNonConservativePower(
                    *context, system.EvalPositionKinematics(*context),
                    system.EvalVelocityKinematics(*context)),
                friction * rate, 1e-14);
    // The energy is zero at the closed position θ = 0, as the reference's:
    // U = ½k((θ − θ₀)² − θ₀²) + τ_c·h·(σ(θ − h) − σ(−h)), σ = 1 − s².
    const double s0 = std::tanh(-1.0);
    const double U = 0.5 * c.spring_constant *
                         (std::pow(angle - c.spring_zero_angle_rad, 2) -
                          std::pow(c.spring_zero_angle_rad, 2)) +
                     c.catch_torque * h * ((1 - s * s) - (1 - s0 * s0));
    EXPECT_NEAR(door.CalcPotentialEnergy(
                    *context, system.EvalPositionKinematics(*context)),
                U, 1e-14);
  }
  DoorHingeConfig bad = c;
  bad.spring_constant = -1;
  EXPECT_LOGIC_ERROR(DoorHinge<double>(door.joint(), bad),
                     "config.spring_constant is -1");
  bad = c;
  bad.motion_threshold = 0;
  EXPECT_LOGIC_ERROR(DoorHinge<double>(door.joint(), bad),
                     "config.motion_threshold is 0");
}

// The bushing's torque and force against hand formulas built from
// independent pieces: Rz·Ry·Rx angles, the angular-velocity matrix of
// RollPitchYaw written out, an AngleAxis half rotation and a central finite
// difference of x = p_AoCo_B along the motion. Frame A is on the world, C
// on a free body, so R_AC is a general 3D rotation.
TEST(ForceElements, BushingAgainstHandFormulas) {
  const Vector3<double> K(0.5, 0.7, 0.9), D(0.2, 0.1, 0.3);
  const Vector3<double> Kf(4.0, 5.0, 6.0), Df(0.3, 0.2, 0.1);
  MultibodyTreeSystem<double> system;
  MultibodyTree<double>& model = system.mutable_tree();
  const auto& box = model.AddRigidBody("box", test::SomeInertia(2));
  const math::RigidTransform<double> X_WA =
      test::Pose(0.3, -0.2, 0.5, 0.1, 0.2, 0.3);
  const math::RigidTransform<double> X_BC =
      test::Pose(-0.3, 0.2, 0.1, 0.05, -0.1, 0.2);
  const auto& A =
      model.AddFrame<FixedOffsetFrame>("A", model.world_frame(), X_WA);
  const auto& C = model.AddFrame<FixedOffsetFrame>("C", box, X_BC);
  const auto& bushing =
      model.AddForceElement<LinearBushingRollPitchYaw>(A, C, K, D, Kf, Df);
  model.mutable_gravity_field().set_gravity_vector(Vector3<double>::Zero());
  auto context = MakeFinalized(&system);
  const MultibodyTree<double>& tree = system.tree();
  EXPECT_EQ(&bushing.link0(), &tree.world_body());
  EXPECT_EQ(&bushing.link1(), &box);
  EXPECT_EQ(bushing.torque_damping_constants(), D);
  const Joint<double>& floating = tree.GetInboardJoint(box);
  const int iq = floating.position_start();
  const int m = tree.get_topology().body_to_mobod(box.index());

  // C's pose in A: a rotation by `angle` about a skew axis and a small or
  // large offset; the box's pose follows (X_WB = X_WA·X_AC·X_BC⁻¹).
  for (const double angle : {1e-3, 1.2}) {
    SCOPED_TRACE(angle);
    const math::RotationMatrix<double> R_AC(
        AngleAxis<double>(angle, Vector3<double>(1, 2, -0.5).normalized()));
    const Vector3<double> p_AC = angle * Vector3<double>(0.3, -0.2, 0.4);
    const math::RigidTransform<double> X_WB =
        X_WA * math::RigidTransform<double>(R_AC, p_AC) * X_BC.inverse();
    Eigen::VectorXd q = system.GetPositions(*context);
    q.segment<4>(iq) = X_WB.rotation().ToQuaternionAsVector4();
    q.segment<3>(iq + 4) = X_WB.translation();
    system.SetPositions(context.get(), q);
    Eigen::VectorXd v(6);
    v << 0.4, -0.7, 1.3, 0.2, 0.5, -0.3;
    system.SetVelocities(context.get(), v);
    const auto& pc = system.EvalPositionKinematics(*context);
    const auto& vc = system.EvalVelocityKinematics(*context);
    const auto k = bushing.CalcKinematics(*context, pc, &vc);
    EXPECT_TRUE(k.X_WC.IsNearlyEqualTo(X_WB * X_BC, 1e-14));

    // Angles: R_AC = Rz(q2)·Ry(q1)·Rx(q0).
    const Eigen::Matrix3d R_rebuilt =
        (Eigen::AngleAxisd(k.rpy[2], Eigen::Vector3d::UnitZ()) *
         Eigen::AngleAxisd(k.rpy[1], Eigen::Vector3d::UnitY()) *
         Eigen::AngleAxisd(k.rpy[0], Eigen::Vector3d::UnitX()))
            .toRotationMatrix();
    EXPECT_TRUE(R_rebuilt.isApprox(R_AC.matrix(), 1e-13));
    // Half rotation.
    const Eigen::AngleAxisd aa(R_AC.matrix());
    const Eigen::Matrix3d R_AB_hand =
        Eigen::AngleAxisd(aa.angle() / 2, aa.axis()).toRotationMatrix();
    EXPECT_TRUE(k.R_AB.isApprox(R_AB_hand, 1e-12));
    EXPECT_TRUE(k.x.isApprox(R_AB_hand.transpose() * p_AC, 1e-12));
    // ẋ by central differences along q + t·q̇ (the kernels normalize the
    // quaternion): error O(h²) ≈ 1e-10.
    Eigen::VectorXd qdot(7);
    internal::MapVelocityToQDot<double>(tree.compiled_tree(), q, v, qdot);
    const double h = 1e-5;
    auto x_at = [&](double t) {
      system.SetPositions(context.get(), q + t * qdot);
      return bushing
          .CalcKinematics(*context, system.EvalPositionKinematics(*context),
                          nullptr)
          .x;
    };
    const Eigen::Vector3d x_dot_fd = (x_at(h) - x_at(-h)) / (2 * h);
    system.SetPositions(context.get(), q);
    EXPECT_LT((k.x_dot - x_dot_fd).norm(), 1e-8);

    // Torque: t_A = Nᵀ·τ with N the inverse of
    // M = [cy·cp, −sy, 0; sy·cp, cy, 0; −sp, 0, 1].
    const double cp = std::cos(k.rpy[1]), sp = std::sin(k.rpy[1]);
    const double cy = std::cos(k.rpy[2]), sy = std::sin(k.rpy[2]);
    Eigen::Matrix3d Mw;
    Mw << cy * cp, -sy, 0, sy * cp, cy, 0, -sp, 0, 1;
    const Eigen::Matrix3d N = Mw.inverse();
    const Eigen::Vector3d w_AC_A =
        X_WA.rotation().matrix().transpose() *
        internal::GetSpatialVelocityInWorld(vc, m).head<3>();
    const Eigen::Vector3d rpy_dot = N * w_AC_A;
    EXPECT_TRUE(k.rpy_dot.isApprox(rpy_dot, 1e-13));
    const Eigen::Vector3d tau =
        -(K.cwiseProduct(k.rpy) + D.cwiseProduct(rpy_dot));
    const Eigen::Vector3d t_A = N.transpose() * tau;
    const Eigen::Vector3d t_W = X_WA.rotation().matrix() * t_A;
    // Power consistency of the torque: t·w_AC = τ·q̇.
    EXPECT_NEAR(t_A.dot(w_AC_A), tau.dot(rpy_dot), 1e-13);
    // The damper sees ẋₕ, the rate in a frame turning at ½·w_AC (the
    // reference's choice); A is fixed to the world here.
    const Eigen::Vector3d p_AC_dot =
        X_WA.rotation().matrix().transpose() *
        (internal::GetSpatialVelocityInWorld(vc, m).tail<3>() +
         internal::GetSpatialVelocityInWorld(vc, m).head<3>().cross(
             X_WB.rotation() * X_BC.translation()));
    const Eigen::Vector3d x_dot_h =
        R_AB_hand.transpose() * (p_AC_dot - 0.5 * w_AC_A.cross(p_AC));
    EXPECT_TRUE(k.x_dot_h.isApprox(x_dot_h, 1e-12));
    const Eigen::Vector3d f_B =
        -(Kf.cwiseProduct(k.x) + Df.cwiseProduct(x_dot_h));
    const Eigen::Vector3d f_W = X_WA.rotation().matrix() * R_AB_hand * f_B;
    const Eigen::Vector3d p_AoCo_W = X_WA.rotation().matrix() * p_AC;
    // On C at Co: [t + p_CoBo × f; f] with p_CoBo = −½·p_AoCo; ẋ by
    // differences limits the agreement to ~1e-8.
    // The reference reports F_C_C (in C) and F_A_A (in A): back to W.
    const math::RotationMatrix<double> R_WC = (X_WB * X_BC).rotation();
    const SpatialForce<double> F_C =
        R_WC * bushing.CalcBushingSpatialForceOnFrameC(*context);
    EXPECT_LT((F_C.translational() - f_W).norm(), 1e-7);
    EXPECT_LT((F_C.rotational() - (t_W - 0.5 * p_AoCo_W.cross(f_W))).norm(),
              1e-7);
    // On A at Ao: the opposite force; the moments of −f about Ao and of f
    // about Co are equal.
    const SpatialForce<double> F_A =
        X_WA.rotation() * bushing.CalcBushingSpatialForceOnFrameA(*context);
    EXPECT_TRUE(F_A.translational().isApprox(-F_C.translational(), 1e-14));
    EXPECT_LT(((F_A.rotational() + t_W) - (F_C.rotational() - t_W)).norm(),
              1e-13);
    // The body force the tree applies to the box: F_C shifted from Co to Bo.
    MultibodyForces<double> forces(tree);
    bushing.CalcAndAddForceContribution(*context, pc, vc, &forces);
    const Vector3<double> p_BoCo_W = X_WB.rotation() * X_BC.translation();
    const SpatialForce<double> F_Bo = F_C.Shift(Vector3<double>(-p_BoCo_W));
    EXPECT_LT(
        (forces.body_forces()[box.index()].get_coeffs() - F_Bo.get_coeffs())
            .norm(),
        1e-12);
    if (angle < 0.01) {
      // Small angles: q ≈ the rotation vector (error O(angle²)) and, at
      // rest, t_A ≈ −K⊙q, f ≈ −Kf⊙p_AC (relative errors O(angle)).
      EXPECT_LT((k.rpy - aa.angle() * aa.axis()).norm(), 10 * angle * angle);
      system.SetVelocities(context.get(), Eigen::VectorXd::Zero(6));
      const SpatialForce<double> F_rest =
          R_WC * bushing.CalcBushingSpatialForceOnFrameC(*context);
      const Vector3<double> t_small =
          X_WA.rotation() *
          Vector3<double>(-K.cwiseProduct(aa.angle() * aa.axis()));
      const Vector3<double> f_small =
          X_WA.rotation() * Vector3<double>(-Kf.cwiseProduct(p_AC));
      EXPECT_LT((F_rest.translational() - f_small).norm(),
                10 * angle * f_small.norm());
      EXPECT_LT((F_rest.rotational() - t_small).norm(),
                10 * angle * t_small.norm());
    }
  }
  // The constants live in the Context: doubling the force stiffness at
  // rest doubles the force.
  system.SetVelocities(context.get(), Eigen::VectorXd::Zero(6));
  const Vector3<double> f1 =
      bushing.CalcBushingSpatialForceOnFrameC(*context).translational();
  bushing.SetForceStiffnessConstants(context.get(), 2 * Kf);
  EXPECT_EQ(bushing.GetForceStiffnessConstants(*context), 2 * Kf);
  EXPECT_EQ(bushing.force_stiffness_constants(), Kf);
  EXPECT_TRUE(bushing.CalcBushingSpatialForceOnFrameC(*context)
                  .translational()
                  .isApprox(2 * f1, 1e-14));
  EXPECT_LOGIC_ERROR(
      bushing.SetTorqueDampingConstants(context.get(),
                                        Vector3<double>(0, -2, 0)),
      "SetTorqueDampingConstants(): the torque damping constants are [0, -2, "
      "0]");
  EXPECT_EQ(bushing.model_instance(), box.model_instance());
  EXPECT_LOGIC_ERROR(LinearBushingRollPitchYaw<double>(
                         tree.world_frame(), tree.world_frame(),
                         Vector3<double>(1, -1, 1), Vector3<double>::Zero(),
                         Vector3<double>::Zero(), Vector3<double>::Zero()),
                     "the torque stiffness constants are [1, -1, 1]");
}

TEST(ForceElements, CloneToScalarKeepsEveryElement) {
  MultibodyTreeSystem<double> system;
  BuildSpringModel(&system);
  auto context = MakeFinalized(&system);
  MultibodyTreeSystem<AutoDiffXd> system_ad;
  BuildSpringModel(&system_ad, /* elements = */ false);
  MultibodyTree<AutoDiffXd>& tree_ad = system_ad.mutable_tree();
  const MultibodyTree<double>& tree = system.tree();
  for (int e = 1; e < tree.num_force_elements(); ++e) {
    tree_ad.AddForceElement(tree.get_force_element(ForceElementIndex(e))
                                .CloneToScalar<AutoDiffXd>(tree_ad));
  }
  auto context_ad = MakeFinalized(&system_ad);
  EXPECT_EQ(tree_ad.num_force_elements(), tree.num_force_elements());
  std::mt19937 gen(8);
  Eigen::VectorXd q, v;
  test::SetRandomState(system, &gen, context.get(), &q, &v);
  system_ad.SetPositions(context_ad.get(), q.cast<AutoDiffXd>());
  system_ad.SetVelocities(context_ad.get(), v.cast<AutoDiffXd>());
  EXPECT_NEAR(tree_ad.CalcPotentialEnergy(*context_ad).value(),
              tree.CalcPotentialEnergy(*context), 1e-13);
  EXPECT_NEAR(tree_ad.CalcNonConservativePower(*context_ad).value(),
              tree.CalcNonConservativePower(*context), 1e-12);
  const auto& bushing =
      tree_ad.GetForceElement<LinearBushingRollPitchYaw>(ForceElementIndex(7));
  EXPECT_EQ(bushing.force_stiffness_constants(), Vector3<double>(4, 5, 6));
  EXPECT_EQ(bushing.frameC().name(), "C2");
}

}  // namespace
}  // namespace ossa::multibody
