// MultibodyPlant scalar conversion: ToAutoDiffXd() / ToScalarType<U>() give a finalized plant with the same
// elements, time step, gravity, default state and ports; its Contexts work;
// its values equal the double plant's and its derivatives equal central
// finite differences of the double plant.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {
namespace multibody_plant_scalar_conversion_test {

using math::RigidTransform;
using ::testing::HasSubstr;

// A double pendulum (the elbow a ball joint, so that N(q) is not the
// identity) with a damped actuated shoulder, a free box, gravity disabled
// in one model instance, and non-default defaults.
std::unique_ptr<MultibodyPlant<double>> MakePlant(double time_step,
                                                  bool sampled_ports = true) {
  auto plant = std::make_unique<MultibodyPlant<double>>(time_step);
  if (time_step > 0) plant->SetUseSampledOutputPorts(sampled_ports);
  const auto M1 = SpatialInertia<double>::SolidCylinderWithMassAboutEnd(
      1.0, 0.05, 1.0, -Vector3<double>::UnitZ());
  const auto M2 = SpatialInertia<double>::SolidBoxWithMass(0.7, 0.1, 0.2, 0.5);
  const auto& link1 = plant->AddRigidBody("link1", M1);
  const auto& link2 = plant->AddRigidBody("link2", M2);
  const auto& shoulder = plant->AddJoint<RevoluteJoint>(
      "shoulder", plant->world_body(), std::nullopt, link1, std::nullopt,
      Vector3<double>::UnitY(), 0.3);
  plant->AddJoint<BallRpyJoint>(
      "elbow", link1, RigidTransform<double>(Vector3<double>(0, 0, -1.0)),
      link2, RigidTransform<double>(Vector3<double>(0, 0, 0.25)), 0.1);
  plant->AddJointActuator("shoulder_motor", shoulder, 5.0);
  const ModelInstanceIndex floating = plant->AddModelInstance("floating");
  plant->AddRigidBody("box", floating,
                      SpatialInertia<double>::SolidBoxWithMass(2, 0.1, 0.2, 0.3));
  plant->mutable_gravity_field().set_enabled(floating, false);
  plant->mutable_gravity_field().set_gravity_vector(
      Vector3<double>(0.5, 0, -9.0));
  plant->Finalize();
  plant->GetMutableJointByName<RevoluteJoint>("shoulder")
      .set_default_angle(0.25);
  return plant;
}

// plant.ToAutoDiffXd() as the plant type it is.
std::unique_ptr<MultibodyPlant<AutoDiffXd>> ToAutoDiff(
    const MultibodyPlant<double>& plant) {
  std::unique_ptr<systems::System<AutoDiffXd>> system = plant.ToAutoDiffXd();
  auto* converted = dynamic_cast<MultibodyPlant<AutoDiffXd>*>(system.get());
  if (converted == nullptr) return nullptr;
  system.release();
  return std::unique_ptr<MultibodyPlant<AutoDiffXd>>(converted);
}

Eigen::VectorXd SomeState(const MultibodyPlant<double>& plant) {
  Eigen::VectorXd x(plant.num_multibody_states());
  // q = [shoulder, elbow rpy, box quaternion, box position] in some order:
  // build it through the joints so the quaternion is a unit one.
  auto context = plant.CreateDefaultContext();
  plant.GetJointByName("shoulder")
      .SetPositions(context.get(), Vector1<double>(0.4));
  plant.GetJointByName("elbow").SetPositions(context.get(),
                                             Vector3<double>(0.3, -0.2, 0.5));
  plant.SetFreeBodyPose(
      context.get(), plant.GetBodyByName("box"),
      RigidTransform<double>(math::RollPitchYaw<double>(0.1, 0.2, 0.3),
                             Vector3<double>(1, 2, 3)));
  Eigen::VectorXd v(plant.num_velocities());
  for (int i = 0; i < v.size(); ++i) v[i] = 0.3 * std::sin(1.0 + i);
  plant.SetVelocities(context.get(), v);
  return plant.GetPositionsAndVelocities(*context);
}

TEST(ScalarConversion, ConvertedPlantHasTheSameModel) {
  for (double time_step : {0.0, 1e-3}) {
    auto plant = MakePlant(time_step);
    std::unique_ptr<MultibodyPlant<AutoDiffXd>> ad =
        ToAutoDiff(*plant);
    ASSERT_NE(ad, nullptr);
    EXPECT_TRUE(ad->is_finalized());
    EXPECT_EQ(ad->time_step(), time_step);
    EXPECT_EQ(ad->has_sampled_output_ports(),
              plant->has_sampled_output_ports());
    EXPECT_EQ(ad->num_positions(), plant->num_positions());
    EXPECT_EQ(ad->num_velocities(), plant->num_velocities());
    EXPECT_EQ(ad->num_actuators(), 1);
    EXPECT_EQ(ad->GetPositionNames(), plant->GetPositionNames());
    EXPECT_EQ(ad->GetStateNames(), plant->GetStateNames());
    EXPECT_EQ(ad->GetJointByName("shoulder").index(),
              plant->GetJointByName("shoulder").index());
    EXPECT_EQ(ad->num_input_ports(), plant->num_input_ports());
    EXPECT_EQ(ad->num_output_ports(), plant->num_output_ports());
    for (int i = 0; i < plant->num_output_ports(); ++i) {
      EXPECT_EQ(ad->get_output_port(i).get_name(),
                plant->get_output_port(i).get_name());
    }
    EXPECT_EQ(ad->gravity_field().gravity_vector(),
              plant->gravity_field().gravity_vector());
    EXPECT_FALSE(ad->gravity_field().is_enabled(
        ad->GetModelInstanceByName("floating")));
    EXPECT_EQ(ad->GetDefaultPositions().size(), plant->num_positions());
    EXPECT_EQ(ad->GetJointActuatorByName("shoulder_motor").effort_limit(),
              5.0);
    // The default state (with the default angle set after Finalize()).
    auto context_ad = ad->CreateDefaultContext();
    auto context = plant->CreateDefaultContext();
    const VectorX<AutoDiffXd> x_ad = ad->GetPositionsAndVelocities(*context_ad);
    const Eigen::VectorXd x = plant->GetPositionsAndVelocities(*context);
    for (int i = 0; i < x.size(); ++i) EXPECT_EQ(x_ad[i].value(), x[i]);
    EXPECT_EQ(x[plant->GetJointByName("shoulder").position_start()], 0.25);
    // And back to double through the generic member.
    std::unique_ptr<systems::System<double>> back =
        ad->ToScalarType<double>();
    auto* back_plant = dynamic_cast<MultibodyPlant<double>*>(back.get());
    ASSERT_NE(back_plant, nullptr);
    EXPECT_EQ(back_plant->GetStateNames(), plant->GetStateNames());
  }
}

// ∂ẋ/∂x by AutoDiffXd through the converted plant against central
// differences of the double plant. With h = 1e-6 the truncation error is
// O(h²·|x'''|) ≈ 1e-11 and the round-off O(1e-16/h) ≈ 1e-10, so 1e-7 (on
// O(10) entries) separates them from any wrong derivative.
TEST(ScalarConversion, DerivativesMatchFiniteDifferences) {
  auto plant = MakePlant(0.0);
  auto ad = ToAutoDiff(*plant);
  const Eigen::VectorXd x0 = SomeState(*plant);
  const int n = x0.size();
  auto context = plant->CreateDefaultContext();
  auto context_ad = ad->CreateDefaultContext();
  // Actuation through the input port, also a derivative seed.
  const double u0 = 0.8;
  VectorX<AutoDiffXd> x_ad(n);
  for (int i = 0; i < n; ++i)
    x_ad[i] = AutoDiffXd(x0[i], Eigen::VectorXd::Unit(n + 1, i));
  ad->SetPositionsAndVelocities(context_ad.get(), x_ad);
  ad->get_actuation_input_port().FixValue(
      context_ad.get(), VectorX<AutoDiffXd>(VectorX<AutoDiffXd>::Constant(
                            1, AutoDiffXd(u0, Eigen::VectorXd::Unit(n + 1, n)))));
  const VectorX<AutoDiffXd> xdot_ad =
      ad->EvalTimeDerivatives(*context_ad).CopyToVector();

  auto xdot = [&](const Eigen::VectorXd& x, double u) {
    plant->SetPositionsAndVelocities(context.get(), x);
    plant->get_actuation_input_port().FixValue(context.get(),
                                               Vector1<double>(u));
    return Eigen::VectorXd(plant->EvalTimeDerivatives(*context).CopyToVector());
  };
  const Eigen::VectorXd f0 = xdot(x0, u0);
  const double h = 1e-6;
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(xdot_ad[i].value(), f0[i], 1e-12);
  }
  for (int j = 0; j <= n; ++j) {
    Eigen::VectorXd fd;
    if (j < n) {
      const Eigen::VectorXd e = Eigen::VectorXd::Unit(n, j);
      fd = (xdot(x0 + h * e, u0) - xdot(x0 - h * e, u0)) / (2 * h);
    } else {
      fd = (xdot(x0, u0 + h) - xdot(x0, u0 - h)) / (2 * h);
    }
    for (int i = 0; i < n; ++i) {
      ASSERT_EQ(xdot_ad[i].derivatives().size(), n + 1);
      EXPECT_NEAR(xdot_ad[i].derivatives()[j], fd[i], 1e-7)
          << "d xdot[" << i << "] / d x[" << j << "]";
    }
  }
}

// The discrete plant converts too, and its step on AutoDiffXd has the value
// of the double step (live output ports: the step is then a discrete
// update, which CalcForcedDiscreteVariableUpdate runs).
TEST(ScalarConversion, DiscreteStepMatchesDouble) {
  auto plant = MakePlant(1e-3, /* sampled_ports = */ false);
  auto ad = ToAutoDiff(*plant);
  const Eigen::VectorXd x0 = SomeState(*plant);
  auto context = plant->CreateDefaultContext();
  auto context_ad = ad->CreateDefaultContext();
  plant->SetPositionsAndVelocities(context.get(), x0);
  ad->SetPositionsAndVelocities(context_ad.get(),
                                x0.cast<AutoDiffXd>().eval());
  plant->get_actuation_input_port().FixValue(context.get(),
                                             Vector1<double>(0.5));
  ad->get_actuation_input_port().FixValue(
      context_ad.get(),
      VectorX<AutoDiffXd>(VectorX<AutoDiffXd>::Constant(1, AutoDiffXd(0.5))));
  auto next = plant->AllocateDiscreteVariables();
  auto next_ad = ad->AllocateDiscreteVariables();
  plant->CalcForcedDiscreteVariableUpdate(*context, next.get());
  ad->CalcForcedDiscreteVariableUpdate(*context_ad, next_ad.get());
  const Eigen::VectorXd x1 = next->get_vector().CopyToVector();
  const VectorX<AutoDiffXd> x1_ad = next_ad->get_vector().CopyToVector();
  ASSERT_EQ(x1.size(), x1_ad.size());
  // The same arithmetic on the values: equal to round-off.
  for (int i = 0; i < x1.size(); ++i) EXPECT_NEAR(x1_ad[i].value(), x1[i], 1e-12);
  EXPECT_GT((x1 - x0).norm(), 1e-6);  // it did step
}

TEST(ScalarConversion, UnfinalizedPlantThrows) {
  MultibodyPlant<double> plant(0.0);
  plant.AddRigidBody("body", SpatialInertia<double>::SolidSphereWithMass(
                                 1.0, 0.1));
  EXPECT_THAT([&] { plant.ToAutoDiffXd(); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("the plant is not finalized")));
}

}  // namespace
}  // namespace ossa::multibody
