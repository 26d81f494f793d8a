// InverseDynamics and InverseDynamicsController on a plant built in code:
// the plant driven by the controller's actuation accelerates exactly as
// commanded, gravity compensation holds the arm still, a PD loop follows the
// closed-form critically damped error, and misuse throws.

#include "ossa/systems/controllers/inverse_dynamics_controller.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/primitives/constant_vector_source.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::systems::controllers {
namespace inverse_dynamics_controller_test {

using math::RigidTransform;
using multibody::MultibodyPlant;
using multibody::RevoluteJoint;
using multibody::SpatialInertia;
using ::testing::HasSubstr;

// Three links under gravity, hinged about y, x and y (so the dynamics are
// fully 3-D), one actuator per joint, the middle one with a gear ratio and
// rotor inertia (reflected inertia is part of M) and the last one damped.
std::unique_ptr<MultibodyPlant<double>> MakeArm(bool actuate_all = true) {
  auto plant = std::make_unique<MultibodyPlant<double>>(0.0);
  const Eigen::Vector3d axes[3] = {Eigen::Vector3d::UnitY(),
                                   Eigen::Vector3d::UnitX(),
                                   Eigen::Vector3d::UnitY()};
  const multibody::RigidBody<double>* parent = &plant->world_body();
  for (int i = 0; i < 3; ++i) {
    const auto& link = plant->AddRigidBody(
        "link" + std::to_string(i),
        SpatialInertia<double>::SolidBoxWithMass(1.0 + i, 0.1, 0.2, 0.6));
    const auto& joint = plant->AddJoint<RevoluteJoint>(
        "joint" + std::to_string(i), *parent,
        RigidTransform<double>(Eigen::Vector3d(0.05, 0, -0.3 * (i > 0))), link,
        RigidTransform<double>(Eigen::Vector3d(0, 0, 0.3)), axes[i],
        i == 2 ? 0.4 : 0.0);
    if (actuate_all || i != 1) {
      const auto index =
          plant->AddJointActuator("motor" + std::to_string(i), joint).index();
      if (i == 1) {
        auto& actuator = plant->get_mutable_joint_actuator(index);
        actuator.set_default_gear_ratio(3.0);
        actuator.set_default_rotor_inertia(0.02);
      }
    }
    parent = &link;
  }
  plant->Finalize();
  return plant;
}

// The acceleration the plant itself computes (ABA) when driven by the
// controller's actuation equals the commanded one: the controller and the
// plant agree on M, C, gravity, damping and B.
TEST(InverseDynamicsController, PlantFollowsCommandedAcceleration) {
  auto plant = MakeArm();
  const Eigen::Vector3d kp(10, 20, 30), ki(1, 2, 3), kd(4, 5, 6);
  InverseDynamicsController<double> controller(*plant, kp, ki, kd, true);
  EXPECT_EQ(controller.get_input_port_estimated_state().get_name(),
            "estimated_state");
  EXPECT_EQ(controller.get_input_port_desired_state().get_name(),
            "desired_state");
  EXPECT_EQ(controller.get_input_port_desired_acceleration().get_name(),
            "desired_acceleration");
  EXPECT_EQ(controller.get_output_port_control().get_name(), "actuation");
  EXPECT_EQ(controller.get_output_port_generalized_force().get_name(),
            "generalized_force");
  EXPECT_EQ(controller.get_multibody_plant_for_control(), plant.get());

  Eigen::VectorXd x(6), x_d(6), vd_d(3), integral(3);
  x << 0.3, -0.5, 1.1, 0.7, -0.2, 0.4;
  x_d << 0.1, 0.2, -0.3, 0.0, 0.5, -0.1;
  vd_d << 0.5, -1.0, 2.0;
  integral << 0.2, -0.1, 0.05;
  auto context = controller.CreateDefaultContext();
  controller.get_input_port_estimated_state().FixValue(context.get(), x);
  controller.get_input_port_desired_state().FixValue(context.get(), x_d);
  controller.get_input_port_desired_acceleration().FixValue(context.get(),
                                                            vd_d);
  controller.set_integral_value(context.get(), integral);
  const Eigen::VectorXd u = controller.get_output_port_control().Eval(*context);

  const Eigen::VectorXd vd_commanded =
      kp.cwiseProduct(x_d.head(3) - x.head(3)) + ki.cwiseProduct(integral) +
      kd.cwiseProduct(x_d.tail(3) - x.tail(3)) + vd_d;
  auto plant_context = plant->CreateDefaultContext();
  plant->SetPositionsAndVelocities(plant_context.get(), x);
  plant->get_actuation_input_port().FixValue(plant_context.get(), u);
  const Eigen::VectorXd xdot =
      plant->EvalTimeDerivatives(*plant_context).CopyToVector();
  // Both sides are O(10) rad/s²; the ABA and RNEA round-off is ~1e-14.
  EXPECT_TRUE(xdot.tail(3).isApprox(vd_commanded, 1e-12))
      << xdot.tail(3).transpose() << " vs " << vd_commanded.transpose();

  // The generalized force output is B·u (B has one unit entry per actuator;
  // a gear ratio only adds reflected inertia).
  const Eigen::VectorXd tau =
      controller.get_output_port_generalized_force().Eval(*context);
  EXPECT_TRUE((plant->MakeActuationMatrix() * u).isApprox(tau, 1e-14));
}

// Gravity compensation: the arm at rest, driven by −tau_g, stays at rest.
TEST(InverseDynamics, GravityCompensationHoldsTheArm) {
  auto plant = MakeArm();
  InverseDynamics<double> compensator(
      plant.get(), InverseDynamics<double>::kGravityCompensation);
  EXPECT_TRUE(compensator.is_pure_gravity_compensation());
  EXPECT_EQ(compensator.num_input_ports(), 1);
  EXPECT_LOGIC_ERROR(compensator.get_input_port_desired_acceleration(),
                     "no desired acceleration input");
  auto context = compensator.CreateDefaultContext();
  Eigen::VectorXd x(6);
  x << 0.3, -0.5, 1.1, 0, 0, 0;
  compensator.get_input_port_estimated_state().FixValue(context.get(), x);
  const Eigen::VectorXd tau =
      compensator.get_output_port_generalized_force().Eval(*context);
  EXPECT_GT(tau.norm(), 1.0);  // gravity does load the joints

  auto plant_context = plant->CreateDefaultContext();
  plant->SetPositionsAndVelocities(plant_context.get(), x);
  plant->get_actuation_input_port().FixValue(
      plant_context.get(),
      Eigen::VectorXd(plant->MakeActuationMatrixPseudoinverse() * tau));
  EXPECT_LT(plant->EvalTimeDerivatives(*plant_context).CopyToVector().norm(),
            1e-12);
}

// On its own model, PD control (ki = 0, no reference acceleration) makes
// each joint's error obey ë + 2ω·ė + ω²·e = 0: critically damped, from rest
// e(t) = e0·(1 + ωt)·e^(−ωt).
TEST(InverseDynamicsController, ClosedLoopFollowsCriticallyDampedError) {
  auto owned_plant = MakeArm();
  const MultibodyPlant<double>* model = owned_plant.get();
  DiagramBuilder<double> builder;
  auto* plant = builder.AddSystem(MakeArm());
  const Eigen::Vector3d omega(3, 4, 5);
  auto* controller = builder.AddSystem<InverseDynamicsController<double>>(
      std::move(owned_plant), omega.cwiseProduct(omega),
      Eigen::Vector3d::Zero(), 2 * omega, false);
  EXPECT_EQ(controller->get_multibody_plant_for_control(), model);
  EXPECT_LOGIC_ERROR(controller->get_input_port_desired_acceleration(),
                     "has_reference_acceleration");
  Eigen::VectorXd x_d(6);
  x_d << 0.4, -0.3, 0.8, 0, 0, 0;
  auto* target = builder.AddSystem<ConstantVectorSource<double>>(x_d);
  builder.Connect(plant->get_state_output_port(),
                  controller->get_input_port_estimated_state());
  builder.Connect(target->get_output_port(),
                  controller->get_input_port_desired_state());
  builder.Connect(controller->get_output_port_control(),
                  plant->get_actuation_input_port());
  auto diagram = builder.Build();

  Simulator<double> simulator(*diagram);
  simulator.get_mutable_integrator().set_target_accuracy(1e-10);
  auto& plant_context =
      plant->GetMyMutableContextFromRoot(&simulator.get_mutable_context());
  const Eigen::Vector3d q0(0.0, 0.2, -0.5);
  plant->SetPositions(&plant_context, q0);
  const double t = 1.0;
  simulator.AdvanceTo(t);
  const Eigen::VectorXd q =
      plant->GetPositions(plant->GetMyContextFromRoot(simulator.get_context()));
  for (int i = 0; i < 3; ++i) {
    const double e0 = x_d[i] - q0[i];
    const double e = e0 * (1 + omega[i] * t) * std::exp(-omega[i] * t);
    // Error-controlled integration at 1e-10 target accuracy.
    EXPECT_NEAR(x_d[i] - q[i], e, 1e-6) << "joint " << i;
  }
}

TEST(InverseDynamicsController, RejectsWhatItCannotControl) {
  const Eigen::Vector3d k(1, 1, 1);
  MultibodyPlant<double> unfinalized(0.0);
  EXPECT_LOGIC_ERROR(
      InverseDynamicsController<double>(unfinalized, k, k, k, false),
      "must be finalized");
  EXPECT_LOGIC_ERROR(InverseDynamics<double>{&unfinalized},
                     "must be finalized");
  EXPECT_LOGIC_ERROR(
      InverseDynamics<double>{
          static_cast<const MultibodyPlant<double>*>(nullptr)},
      "null");

  auto underactuated = MakeArm(false);
  EXPECT_LOGIC_ERROR(
      InverseDynamicsController<double>(*underactuated, k, k, k, false),
      "3 positions, but only 2 actuators");

  auto arm = MakeArm();
  EXPECT_LOGIC_ERROR(InverseDynamicsController<double>(
                         *arm, Eigen::Vector2d(1, 1), k, k, false),
                     "one gain per position (3)");

  // A free body: 7 positions, 6 velocities.
  MultibodyPlant<double> floating(0.0);
  floating.AddRigidBody("box",
                        SpatialInertia<double>::SolidCubeWithMass(1, 0.1));
  floating.Finalize();
  EXPECT_LOGIC_ERROR(
      InverseDynamicsController<double>(floating, Eigen::VectorXd::Ones(7),
                                        Eigen::VectorXd::Ones(7),
                                        Eigen::VectorXd::Ones(7), false),
      "7 positions but 6 velocities");

  // A context of another plant.
  auto other_context = underactuated->CreateDefaultContext();
  EXPECT_THROW(InverseDynamics<double>(
                   arm.get(), InverseDynamics<double>::kInverseDynamics,
                   other_context.get()),
               std::logic_error);
}

}  // namespace
}  // namespace ossa::systems::controllers
