// MultibodyPlant ports: names, sizes, getters' errors, actuation summing,
// applied forces, kinematic outputs and reaction forces.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_plant_ports_test {

using math::RigidTransform;
using ::testing::HasSubstr;

constexpr double kG = 9.81;

// A point-mass pendulum (mass m at (0, 0, −l) in the link frame, pivot at
// the link origin, revolute about y) in `instance`, with an actuator.
struct Pendulum {
  Pendulum(double time_step, double m_in, double l_in)
      : plant(time_step), m(m_in), l(l_in) {
    instance = plant.AddModelInstance("pendulum");
    const auto& link = plant.AddRigidBody(
        "link", instance,
        SpatialInertia<double>::PointMass(m, Vector3<double>(0, 0, -l)));
    plant.AddJoint<RevoluteJoint>("pin", plant.world_body(), std::nullopt, link,
                                  std::nullopt, Vector3<double>::UnitY());
    plant.AddJointActuator("motor", plant.GetJointByName("pin"));
    // A second instance with a free sphere, to check instance ports.
    other = plant.AddModelInstance("ball");
    plant.AddRigidBody("ball", other,
                       SpatialInertia<double>::SolidSphereWithMass(2.0, 0.1));
    plant.Finalize();
    context = plant.CreateDefaultContext();
  }
  MultibodyPlant<double> plant;
  double m, l;
  ModelInstanceIndex instance, other;
  std::unique_ptr<systems::Context<double>> context;
};

TEST(Ports, PrefinalizeAndInvalidInstance) {
  MultibodyPlant<double> plant(0.0);
  // Geometry ports exist from construction.
  EXPECT_EQ(plant.get_geometry_query_input_port().get_name(), "geometry_query");
  EXPECT_EQ(plant.get_geometry_pose_output_port().get_name(), "geometry_pose");
  EXPECT_LOGIC_ERROR(plant.get_actuation_input_port(),
                     "get_actuation_input_port");
  EXPECT_LOGIC_ERROR(plant.get_actuation_input_port(default_model_instance()),
                     "get_actuation_input_port");
  EXPECT_LOGIC_ERROR(plant.get_state_output_port(), "get_state_output_port");
  EXPECT_LOGIC_ERROR(plant.get_reaction_forces_output_port(),
                     "get_reaction_forces_output_port");
  EXPECT_LOGIC_ERROR(plant.get_body_poses_output_port(),
                     "get_body_poses_output_port");
  EXPECT_LOGIC_ERROR(plant.get_applied_spatial_force_input_port(),
                     "get_applied_spatial_force_input_port");
  plant.Finalize();
  const ModelInstanceIndex bad(5);
  EXPECT_LOGIC_ERROR(plant.get_actuation_input_port(bad),
                     "get_actuation_input_port");
  EXPECT_LOGIC_ERROR(plant.get_desired_state_input_port(bad),
                     "get_desired_state_input_port");
  EXPECT_LOGIC_ERROR(plant.get_state_output_port(bad), "get_state_output_port");
  EXPECT_LOGIC_ERROR(plant.get_generalized_acceleration_output_port(bad),
                     "get_generalized_acceleration_output_port");
  EXPECT_LOGIC_ERROR(plant.get_net_actuation_output_port(bad),
                     "get_net_actuation_output_port");
}

TEST(Ports, NamesAndSizes) {
  Pendulum p(0.0, 1.0, 0.5);
  const auto& plant = p.plant;
  EXPECT_EQ(plant.get_actuation_input_port().get_name(), "actuation");
  EXPECT_EQ(plant.get_actuation_input_port().size(), 1);
  EXPECT_EQ(plant.get_actuation_input_port(p.instance).get_name(),
            "pendulum_actuation");
  EXPECT_EQ(plant.get_actuation_input_port(p.instance).size(), 1);
  EXPECT_EQ(plant.get_actuation_input_port(p.other).size(), 0);
  EXPECT_EQ(plant.get_desired_state_input_port(p.instance).get_name(),
            "pendulum_desired_state");
  // 2 entries per actuator of the instance, PD-controlled or not (as
  // pydrake: a 1-actuator instance without gains has a 2-sized port).
  EXPECT_EQ(plant.get_desired_state_input_port(p.instance).size(), 2);
  EXPECT_EQ(plant.get_desired_state_input_port(p.other).size(), 0);
  EXPECT_EQ(plant.get_applied_generalized_force_input_port().get_name(),
            "applied_generalized_force");
  EXPECT_EQ(plant.get_applied_generalized_force_input_port().size(), 7);
  EXPECT_EQ(plant.get_applied_spatial_force_input_port().get_name(),
            "applied_spatial_force");
  EXPECT_EQ(plant.get_state_output_port().get_name(), "state");
  EXPECT_EQ(plant.get_state_output_port().size(), 8 + 7);
  EXPECT_EQ(plant.get_state_output_port(p.other).get_name(), "ball_state");
  EXPECT_EQ(plant.get_state_output_port(p.other).size(), 13);
  EXPECT_EQ(plant.get_state_output_port(world_model_instance()).get_name(),
            "WorldModelInstance_state");
  EXPECT_EQ(plant.get_generalized_acceleration_output_port().get_name(),
            "generalized_acceleration");
  EXPECT_EQ(plant.get_generalized_acceleration_output_port().size(), 7);
  EXPECT_EQ(
      plant.get_generalized_acceleration_output_port(p.instance).get_name(),
      "pendulum_generalized_acceleration");
  EXPECT_EQ(plant.get_net_actuation_output_port().get_name(), "net_actuation");
  EXPECT_EQ(plant.get_net_actuation_output_port(p.instance).get_name(),
            "pendulum_net_actuation");
  EXPECT_EQ(plant.get_net_actuation_output_port(p.other).size(), 0);
  EXPECT_EQ(plant.get_reaction_forces_output_port().get_name(),
            "reaction_forces");
  EXPECT_EQ(plant.get_body_poses_output_port().get_name(), "body_poses");
  EXPECT_EQ(plant.get_body_spatial_velocities_output_port().get_name(),
            "body_spatial_velocities");
  EXPECT_EQ(plant.get_body_spatial_accelerations_output_port().get_name(),
            "body_spatial_accelerations");
  // The desired state port has 2 entries per actuator.
  MultibodyPlant<double> pd(1e-3);
  const auto& link = pd.AddRigidBody(
      "link", SpatialInertia<double>::PointMass(1, Vector3<double>(0, 0, -1)));
  const auto& pin =
      pd.AddJoint<RevoluteJoint>("pin", pd.world_body(), std::nullopt, link,
                                 std::nullopt, Vector3<double>::UnitY());
  pd.get_mutable_joint_actuator(pd.AddJointActuator("motor", pin).index())
      .set_controller_gains({10.0, 1.0});
  pd.Finalize();
  EXPECT_EQ(pd.get_desired_state_input_port(default_model_instance()).size(),
            2);
}

// Continuous pendulum: θ̈ = (u − m·g·l·sin θ)/(m·l²), u the summed
// actuation.
TEST(Ports, ActuationIsSummedAndZeroWhenUnconnected) {
  Pendulum p(0.0, 1.5, 0.8);
  auto& plant = p.plant;
  auto& context = *p.context;
  const auto& pin = plant.GetJointByName("pin");
  const double theta = 0.3;
  VectorX<double> q = plant.GetPositions(context);
  q[pin.position_start()] = theta;
  // The ball's quaternion must be valid.
  q.segment<4>(plant.GetJointByName("ball").position_start()) << 1, 0, 0, 0;
  plant.SetPositions(&context, q);
  const double inertia = p.m * p.l * p.l;
  auto expected_thetaddot = [&](double u) {
    return (u - p.m * kG * p.l * std::sin(theta)) / inertia;
  };
  auto thetaddot = [&]() {
    return plant.get_generalized_acceleration_output_port().Eval(
        context)[pin.velocity_start()];
  };
  // Round-off only.
  const double kTol = 1e-12;
  EXPECT_NEAR(thetaddot(), expected_thetaddot(0.0), kTol);
  EXPECT_EQ(plant.get_net_actuation_output_port().Eval(context),
            Vector1<double>(0.0));
  plant.get_actuation_input_port().FixValue(&context, Vector1<double>(2.0));
  EXPECT_NEAR(thetaddot(), expected_thetaddot(2.0), kTol);
  plant.get_actuation_input_port(p.instance)
      .FixValue(&context, Vector1<double>(0.5));
  EXPECT_NEAR(thetaddot(), expected_thetaddot(2.5), kTol);
  EXPECT_EQ(plant.get_net_actuation_output_port().Eval(context),
            Vector1<double>(2.5));
  EXPECT_EQ(plant.get_net_actuation_output_port(p.instance).Eval(context),
            Vector1<double>(2.5));
  // The instance acceleration port and xdot agree with the whole one.
  EXPECT_EQ(plant.get_generalized_acceleration_output_port(p.instance)
                .Eval(context)[0],
            thetaddot());
  EXPECT_EQ(plant.EvalTimeDerivatives(context).CopyToVector().tail(7),
            plant.get_generalized_acceleration_output_port().Eval(context));
  // Applied generalized forces add to τ.
  VectorX<double> tau = VectorX<double>::Zero(7);
  tau[pin.velocity_start()] = -1.0;
  plant.get_applied_generalized_force_input_port().FixValue(&context, tau);
  EXPECT_NEAR(thetaddot(), expected_thetaddot(1.5), kTol);
  // The free ball falls.
  const int ball_v = plant.GetJointByName("ball").velocity_start();
  EXPECT_NEAR(plant.get_generalized_acceleration_output_port().Eval(
                  context)[ball_v + 5],
              -kG, kTol);
  // NaN inputs throw.
  plant.get_actuation_input_port().FixValue(&context,
                                            Vector1<double>(std::nan("")));
  EXPECT_LOGIC_ERROR(thetaddot(), "NaN");
}

// A force f at a point Bq of a free sphere (at rest, identity pose):
// a = f/m + g, α = I⁻¹·(p_BoBq × f).
TEST(Ports, AppliedSpatialForce) {
  Pendulum p(0.0, 1.0, 1.0);
  auto& plant = p.plant;
  auto& context = *p.context;
  const auto& ball = plant.GetBodyByName("ball");
  const double m = 2.0, r = 0.1;
  const double I = 0.4 * m * r * r;
  const Vector3<double> p_BoBq(0.0, 0.1, 0.0), f(3.0, 0.0, 1.0);
  std::vector<ExternallyAppliedSpatialForce<double>> forces(1);
  forces[0].body_index = ball.index();
  forces[0].p_BoBq_B = p_BoBq;
  forces[0].F_Bq_W = SpatialForce<double>(Vector3<double>(0, 0, 0.5), f);
  plant.get_applied_spatial_force_input_port().FixValue(&context, forces);
  const VectorX<double> vdot =
      plant.get_generalized_acceleration_output_port().Eval(context);
  const int v0 = plant.GetJointByName("ball").velocity_start();
  const Vector3<double> alpha =
      (Vector3<double>(0, 0, 0.5) + p_BoBq.cross(f)) / I;
  const Vector3<double> a = f / m + Vector3<double>(0, 0, -kG);
  // Round-off relative to O(10²) values.
  EXPECT_TRUE(vdot.segment<3>(v0).isApprox(alpha, 1e-12));
  EXPECT_TRUE(vdot.segment<3>(v0 + 3).isApprox(a, 1e-12));
  // The same through body_spatial_accelerations (ω = 0: A = [α; a]).
  const auto& A_WB =
      plant.get_body_spatial_accelerations_output_port()
          .Eval<std::vector<SpatialAcceleration<double>>>(context);
  ASSERT_EQ(static_cast<int>(A_WB.size()), plant.num_bodies());
  EXPECT_TRUE(A_WB[ball.index()].rotational().isApprox(alpha, 1e-12));
  EXPECT_TRUE(A_WB[ball.index()].translational().isApprox(a, 1e-12));
  EXPECT_TRUE(A_WB[world_index()].get_coeffs().isZero());
  // A body index outside the plant throws.
  forces[0].body_index = BodyIndex(17);
  plant.get_applied_spatial_force_input_port().FixValue(&context, forces);
  EXPECT_LOGIC_ERROR(
      plant.get_generalized_acceleration_output_port().Eval(context),
      "body index 17");
}

TEST(Ports, KinematicOutputs) {
  Pendulum p(0.0, 1.0, 0.5);
  auto& plant = p.plant;
  auto& context = *p.context;
  const auto& pin = plant.GetJointByName("pin");
  const auto& link = plant.GetBodyByName("link");
  const auto& ball = plant.GetBodyByName("ball");
  const double theta = -0.7, thetadot = 2.0;
  pin.SetPositions(&context, Vector1<double>(theta));
  pin.SetVelocities(&context, Vector1<double>(thetadot));
  const RigidTransform<double> X_WBall(
      math::RollPitchYaw<double>(0.1, 0.2, 0.3), Vector3<double>(1, 2, 3));
  plant.SetFreeBodyPose(&context, ball, X_WBall);
  EXPECT_EQ(plant.get_state_output_port().Eval(context),
            plant.GetPositionsAndVelocities(context));
  EXPECT_EQ(plant.get_state_output_port(p.instance).Eval(context),
            Eigen::Vector2d(theta, thetadot));
  const auto& X_WB = plant.get_body_poses_output_port()
                         .Eval<std::vector<RigidTransform<double>>>(context);
  ASSERT_EQ(static_cast<int>(X_WB.size()), plant.num_bodies());
  EXPECT_TRUE(X_WB[world_index()].IsExactlyIdentity());
  EXPECT_TRUE(X_WB[ball.index()].IsNearlyEqualTo(X_WBall, 1e-14));
  EXPECT_TRUE(X_WB[link.index()].rotation().IsNearlyEqualTo(
      math::RotationMatrix<double>::MakeYRotation(theta), 1e-14));
  const auto& V_WB = plant.get_body_spatial_velocities_output_port()
                         .Eval<std::vector<SpatialVelocity<double>>>(context);
  EXPECT_TRUE(V_WB[link.index()].rotational().isApprox(
      Vector3<double>(0, thetadot, 0), 1e-14));
  // The link origin is the pivot: it does not move.
  EXPECT_TRUE(V_WB[link.index()].translational().isZero(1e-14));
}

// Reaction at the pivot of the point-mass pendulum released from θ at rest:
// the only other force is gravity at the mass, so F on the link at the
// pivot is f_W = m·(a_com − g) and its moment about the pivot is zero
// (r × f has no x or z part and its y part balances the motion). Expressed
// in Jc (the link frame): R_WJc = Ry(θ).
TEST(Ports, ReactionForces) {
  for (bool reversed : {false, true}) {
    MultibodyPlant<double> plant(0.0);
    const double m = 2.0, l = 0.6, theta = 0.4;
    const auto& link = plant.AddRigidBody(
        "link",
        SpatialInertia<double>::PointMass(m, Vector3<double>(0, 0, -l)));
    // Reversed: the world is the joint's child (axis −y gives the same θ).
    const Joint<double>& pin =
        reversed
            ? static_cast<const Joint<double>&>(plant.AddJoint<RevoluteJoint>(
                  "pin", link, std::nullopt, plant.world_body(), std::nullopt,
                  -Vector3<double>::UnitY()))
            : plant.AddJoint<RevoluteJoint>("pin", plant.world_body(),
                                            std::nullopt, link, std::nullopt,
                                            Vector3<double>::UnitY());
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    pin.SetPositions(context.get(), Vector1<double>(theta));
    const double thetaddot = -kG / l * std::sin(theta);
    EXPECT_NEAR(
        plant.get_generalized_acceleration_output_port().Eval(*context)[0],
        thetaddot, 1e-12);
    const Vector3<double> r(-l * std::sin(theta), 0, -l * std::cos(theta));
    const Vector3<double> a_com = Vector3<double>(0, thetaddot, 0).cross(r);
    const Vector3<double> f_W = m * (a_com - Vector3<double>(0, 0, -kG));
    const auto& F = plant.get_reaction_forces_output_port()
                        .Eval<std::vector<SpatialForce<double>>>(*context);
    ASSERT_EQ(F.size(), 1u);
    const math::RotationMatrix<double> R_WL =
        math::RotationMatrix<double>::MakeYRotation(theta);
    // Not reversed: the force on the link, in the link frame. Reversed: the
    // force on the world (the child), in the world frame: −f_W.
    const Vector3<double> expected =
        reversed ? Vector3<double>(-f_W)
                 : Vector3<double>(R_WL.inverse() * f_W);
    // Round-off relative to m·g ≈ 20 N.
    EXPECT_TRUE(F[0].translational().isApprox(expected, 1e-12))
        << F[0].translational().transpose() << " vs " << expected.transpose();
    EXPECT_LT(F[0].rotational().norm(), 1e-12);
  }
}

// The reaction force is expressed in the joint's child frame Jc as posed in
// the Context: a FixedOffsetFrame's pose set there (a parameter) gives the
// same output as a model built with that pose as its default, on the
// continuous and the discrete (sampled) plant.
TEST(Ports, ReactionForcesUseTheContextsJointFramePoses) {
  const RigidTransform<double> X0(
      math::RollPitchYaw<double>(0.3, -0.2, 0.5), Vector3<double>(0.1, 0, 0.05));
  const RigidTransform<double> X1(
      math::RollPitchYaw<double>(-0.4, 0.6, 0.1), Vector3<double>(0, 0.2, 0));
  for (double time_step : {0.0, 1e-3}) {
    // The reaction forces of a pendulum whose X_LJc defaults to `X_default`
    // and, when given, is set to `X_context` in the Context.
    auto reaction = [&](const RigidTransform<double>& X_default,
                        const RigidTransform<double>* X_context) {
      MultibodyPlant<double> plant(time_step);
      const auto& link = plant.AddRigidBody(
          "link",
          SpatialInertia<double>::PointMass(2.0, Vector3<double>(0, 0, -0.6)));
      const auto& pin = plant.AddJoint<RevoluteJoint>(
          "pin", plant.world_body(), std::nullopt, link, X_default,
          Vector3<double>::UnitY());
      plant.Finalize();
      auto context = plant.CreateDefaultContext();
      if (X_context != nullptr) {
        dynamic_cast<const FixedOffsetFrame<double>&>(pin.frame_on_child())
            .SetPoseInParentFrame(context.get(), *X_context);
      }
      pin.set_angle(context.get(), 0.4);
      pin.set_angular_rate(context.get(), -1.1);
      if (time_step > 0) plant.ExecuteForcedEvents(context.get());
      return plant.get_reaction_forces_output_port()
          .Eval<std::vector<SpatialForce<double>>>(*context)[0];
    };
    const SpatialForce<double> set = reaction(X0, &X1);
    const SpatialForce<double> built = reaction(X1, nullptr);
    const SpatialForce<double> stale = reaction(X0, nullptr);
    EXPECT_TRUE(set.get_coeffs().isApprox(built.get_coeffs(), 1e-12))
        << set.get_coeffs().transpose() << " vs "
        << built.get_coeffs().transpose();
    // The frame change matters: the default pose gives another answer.
    EXPECT_GT((stale.get_coeffs() - built.get_coeffs()).norm(), 1e-3);
  }
}

}  // namespace
}  // namespace ossa::multibody
