// The discrete step as the plant runs it: the DiscreteUpdateManager's
// assembly of the step inputs from the plant's ports and force elements
// (actuation summed over ports, desired states, applied forces, gravity
// through the gravity field) against the solver fed those inputs directly,
// and the dynamic output ports of a discrete plant.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "ossa/multibody/plant/discrete_step_solver.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/test/discrete_test_models.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {
namespace discrete_inputs_test {

using internal::DiscreteStepInputs;
using internal::DiscreteStepResults;
using internal::DiscreteStepSolver;

constexpr double kH = 1e-3;

// The arm with PD gains on every actuator, in its own model instance
// "arm" (so the per-instance ports are distinct from the whole-plant ones).
std::unique_ptr<MultibodyPlant<double>> MakeArm(
    DiscreteContactApproximation approximation, bool sampled) {
  auto plant = std::make_unique<MultibodyPlant<double>>(kH);
  test::AddArm(plant.get());
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    plant->get_mutable_joint_actuator(a).set_controller_gains({200.0, 5.0});
  }
  plant->set_discrete_contact_approximation(approximation);
  plant->SetUseSampledOutputPorts(sampled);
  plant->Finalize();
  return plant;
}

// The solver's step with explicit inputs (gravity through g_W, the
// solver's own path).
DiscreteStepResults<double> DirectStep(const MultibodyPlant<double>& plant,
                                       const systems::Context<double>& context,
                                       const DiscreteStepInputs<double>& in) {
  DiscreteStepSolver<double> solver(plant);
  auto scratch = solver.MakeScratch();
  DiscreteStepResults<double> results;
  solver.Step(plant, context, in, scratch.get(), &results);
  return results;
}

// Every input port of the step at once, for each approximation: the
// manager's step equals the solver fed u_ff = u_plant + u_instance, the
// desired state, the applied generalized force and gravity -9.81 ẑ. The
// two differ only in how gravity and the applied force enter (force
// element + generalized input vs the kernel's g_W), i.e. by round-off:
// 1e-12 on velocities of O(1) leaves a wide margin.
TEST(DiscreteInputs, PortsAndForceElementsFeedTheStep) {
  for (const auto approximation : {DiscreteContactApproximation::kTamsi,
                                   DiscreteContactApproximation::kSap,
                                   DiscreteContactApproximation::kLagged}) {
    auto plant = MakeArm(approximation, /*sampled=*/false);
    auto context = plant->CreateDefaultContext();
    Eigen::VectorXd x0(14);
    x0 << 0.3, -0.2, 0.5, 0.9, -0.4, 0.1, 0.7, 0.5, -1.0, 0.8, 0.2, -0.6, 1.1,
        -0.3;
    plant->SetPositionsAndVelocities(context.get(), x0);
    Eigen::VectorXd u_plant(7), u_instance(7), xd(14), tau(7);
    u_plant << 10, -20, 30, -5, 1, 2, -3;
    u_instance << 1, 2, 3, 4, 5, 6, 7;
    xd << 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0, 0.1, 0, -0.1, 0, 0.2, 0;
    tau << 0.5, -0.5, 1, -1, 2, -2, 3;
    plant->get_actuation_input_port().FixValue(context.get(), u_plant);
    plant->get_actuation_input_port(default_model_instance())
        .FixValue(context.get(), u_instance);
    plant->get_desired_state_input_port(default_model_instance())
        .FixValue(context.get(), xd);
    plant->get_applied_generalized_force_input_port().FixValue(context.get(),
                                                               tau);
    const auto* manager = plant->internal_discrete_update_manager();
    ASSERT_NE(manager, nullptr);
    const DiscreteStepResults<double>& ours =
        manager->EvalDiscreteStepResults(*context);

    DiscreteStepInputs<double> in;
    in.Resize(7, 7);
    in.u_ff = u_plant + u_instance;
    in.qd = xd.head(7);
    in.vd = xd.tail(7);
    in.tau_applied = tau;
    const DiscreteStepResults<double> direct = DirectStep(*plant, *context, in);
    EXPECT_LT((ours.v_next - direct.v_next).lpNorm<Eigen::Infinity>(), 1e-12);
    EXPECT_LT((ours.q_next - direct.q_next).lpNorm<Eigen::Infinity>(), 1e-12);
    EXPECT_LT(
        (ours.net_actuation - direct.net_actuation).lpNorm<Eigen::Infinity>(),
        1e-9);
    // The step did move: gravity and the forces are not zero.
    EXPECT_GT((ours.v_next - x0.tail(7)).lpNorm<Eigen::Infinity>(), 1e-3);

    // The discrete update of the plant writes exactly these results.
    auto next = plant->AllocateDiscreteVariables();
    plant->CalcForcedDiscreteVariableUpdate(*context, next.get());
    EXPECT_EQ(next->get_vector(0).CopyToVector().head(7), ours.q_next);
    EXPECT_EQ(next->get_vector(0).CopyToVector().tail(7), ours.v_next);
  }
}

// Without a connected desired-state port the PD controllers are disarmed
// (feedforward only, as the reference); disabling gravity on the instance
// removes it from the step (the gravity field is the only gravity path).
TEST(DiscreteInputs, DisarmedPdAndDisabledGravity) {
  for (const bool gravity : {true, false}) {
    auto plant = std::make_unique<MultibodyPlant<double>>(kH);
    test::AddArm(plant.get());
    for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
      plant->get_mutable_joint_actuator(a).set_controller_gains({200.0, 5.0});
    }
    plant->set_gravity_enabled(default_model_instance(), gravity);
    plant->SetUseSampledOutputPorts(false);
    plant->Finalize();
    auto context = plant->CreateDefaultContext();
    Eigen::VectorXd q0(7);
    q0 << 0.3, -0.2, 0.5, 0.9, -0.4, 0.1, 0.7;
    plant->SetPositions(context.get(), q0);
    Eigen::VectorXd u(7);
    u << 1, -2, 3, -4, 5, -6, 7;
    plant->get_actuation_input_port().FixValue(context.get(), u);
    const auto& ours =
        plant->internal_discrete_update_manager()->EvalDiscreteStepResults(
            *context);
    DiscreteStepInputs<double> in;
    in.Resize(7, 7);
    in.u_ff = u;
    in.pd_armed.assign(7, 0);
    if (!gravity) in.g_W.setZero();
    const auto direct = DirectStep(*plant, *context, in);
    EXPECT_LT((ours.v_next - direct.v_next).lpNorm<Eigen::Infinity>(), 1e-12);
    EXPECT_EQ(ours.net_actuation, u);
    // With gravity off the step from rest is u alone; damping is implicit
    // in the default (lagged) approximation: (M + h·D)·v[1] = h·u.
    if (!gravity) {
      Eigen::MatrixXd M(7, 7);
      plant->CalcMassMatrix(*context, &M);
      M.diagonal() += kH * plant->GetParameters(*context).damping;
      const Eigen::VectorXd Mdv = M * ours.v_next;
      EXPECT_LT((Mdv - kH * u).lpNorm<Eigen::Infinity>(), 1e-12);
    }
  }
}

// A NaN in an actuation port throws, naming the port.
TEST(DiscreteInputs, NaNActuationThrows) {
  auto plant = MakeArm(DiscreteContactApproximation::kSap, false);
  auto context = plant->CreateDefaultContext();
  Eigen::VectorXd u = Eigen::VectorXd::Zero(7);
  u[3] = std::nan("");
  plant->get_actuation_input_port(default_model_instance())
      .FixValue(context.get(), u);
  EXPECT_THAT(
      [&] {
        plant->internal_discrete_update_manager()->EvalDiscreteStepResults(
            *context);
      },
      ::testing::ThrowsMessage<std::logic_error>(
          ::testing::HasSubstr("DefaultModelInstance' contains NaN")));
}

// The dynamic output ports of a discrete plant. A pendulum (point mass m at
// distance l below a pin about y, no damping) hanging at rest: the step
// keeps it at rest, so v̇ = 0 and the pin holds the weight, F_CJc_Jc =
// (0, m·g) at the pin (Jc at the body origin, aligned with W). With
// sampled ports the outputs are zero until a step runs, then those of the
// step; live ports report them at once.
TEST(DiscreteInputs, DynamicOutputPorts) {
  const double m = 2.0, l = 0.5, g = 9.81;
  for (const bool sampled : {true, false}) {
    MultibodyPlant<double> plant(kH);
    const auto& body = plant.AddRigidBody(
        "bob", SpatialInertia<double>::PointMass(m, Vector3<double>(0, 0, -l)));
    const auto& pin = plant.AddJoint<RevoluteJoint>(
        "pin", plant.world_body(), std::nullopt, body, std::nullopt,
        Vector3<double>::UnitY());
    plant.AddJointActuator("motor", pin);
    plant.SetUseSampledOutputPorts(sampled);
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    plant.get_actuation_input_port().FixValue(
        context.get(), Eigen::VectorXd(Eigen::VectorXd::Constant(1, 0)));
    const auto reaction = [&] {
      return plant.get_reaction_forces_output_port()
          .template Eval<std::vector<SpatialForce<double>>>(*context)[0];
    };
    if (sampled) {
      EXPECT_TRUE(reaction().get_coeffs().isZero(0.0));
      plant.ExecuteForcedEvents(context.get());
    }
    // 1e-12: the step from rest is exactly at rest up to round-off of the
    // force composition (gravity element, added-back damping).
    const SpatialForce<double> F = reaction();
    EXPECT_LT(F.rotational().norm(), 1e-12);
    EXPECT_LT((F.translational() - Vector3<double>(0, 0, m * g)).norm(), 1e-12);
    EXPECT_LT(
        plant.get_generalized_acceleration_output_port().Eval(*context).norm(),
        1e-12);
    // A torque u: the sampled net actuation and v̇ = u/(m·l²) follow after
    // the next step (the Context still holds the previous sample before).
    plant.get_actuation_input_port().FixValue(
        context.get(), Eigen::VectorXd(Eigen::VectorXd::Constant(1, 3)));
    if (sampled) {
      EXPECT_EQ(plant.get_net_actuation_output_port().Eval(*context)[0], 0.0);
      plant.SetPositionsAndVelocities(context.get(), Eigen::Vector2d(0, 0));
      plant.ExecuteForcedEvents(context.get());
    }
    EXPECT_EQ(plant.get_net_actuation_output_port().Eval(*context)[0], 3.0);
    // At q = 0 gravity has no torque: v̇ = u/(m·l²) exactly up to round-off.
    EXPECT_NEAR(
        plant.get_generalized_acceleration_output_port().Eval(*context)[0],
        3.0 / (m * l * l), 1e-10);
  }
}

}  // namespace
}  // namespace ossa::multibody
