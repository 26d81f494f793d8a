// For T = double a discrete step allocates nothing once its scratch exists:
// this binary counts every global operator new while steps run.

#include <gtest/gtest.h>

#include "ossa/common/test/allocation_counter.h"
#include "ossa/multibody/plant/discrete_step_solver.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/test/discrete_test_models.h"

namespace ossa::multibody {
namespace discrete_step_allocation_test {

// Steps with every path active: TAMSI with limit penalties; the SAP family
// with PD (some saturated) and joint limits (Newton iterations and line
// searches).
TEST(DiscreteStepAllocation, NoHeapAllocationPerStep) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kTamsi,
        DiscreteContactApproximation::kLagged}) {
    MultibodyPlant<double> plant(1e-3);
    test::AddArm(&plant);
    plant.set_discrete_contact_approximation(approximation);
    int k = 0;
    for (JointActuatorIndex a : plant.GetJointActuatorIndices()) {
      auto& actuator = plant.get_mutable_joint_actuator(a);
      actuator.set_controller_gains({1e4, 100.0});
      actuator.set_effort_limit(k % 2 == 0 ? 20.0 : 1e4);
      ++k;
    }
    for (JointIndex j : plant.GetJointIndices()) {
      plant.get_mutable_joint(j).set_position_limits(Vector1<double>(-0.2),
                                                     Vector1<double>(0.2));
    }
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    internal::DiscreteStepSolver<double> solver(plant);
    auto scratch = solver.MakeScratch();
    internal::DiscreteStepInputs<double> inputs;
    inputs.Resize(7, 7);
    inputs.qd.setConstant(0.6);  // beyond the limits: they engage
    internal::DiscreteStepResults<double> results;
    Eigen::VectorXd q(7), v(7);
    solver.Step(plant, *context, inputs, scratch.get(), &results);
    int newton_iterations = 0;
    long allocations = 0;
    for (int n = 0; n < 200; ++n) {
      q = results.q_next;
      v = results.v_next;
      // Setting the state invalidates the cached kinematics; their
      // recomputation is the plant's and is not counted here.
      plant.SetPositions(context.get(), q);
      plant.SetVelocities(context.get(), v);
      plant.EvalVelocityKinematics(*context);
      const long before = g_allocations.load();
      solver.Step(plant, *context, inputs, scratch.get(), &results);
      allocations += g_allocations.load() - before;
      newton_iterations += results.num_iterations;
    }
    EXPECT_EQ(allocations, 0);
    if (approximation != DiscreteContactApproximation::kTamsi) {
      EXPECT_GT(newton_iterations, 200);
    }
  }
}

// The plant's step through its DiscreteUpdateManager: input assembly from
// connected ports (actuation, desired state, applied generalized force) and
// the force elements (gravity), then the solver. Counted apart: the
// plant's kinematics (evaluated before), and the dynamic outputs of a
// sampled step (see below).
TEST(DiscreteStepAllocation, NoHeapAllocationPerPlantStep) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kTamsi,
        DiscreteContactApproximation::kLagged}) {
    MultibodyPlant<double> plant(1e-3);
    test::AddArm(&plant);
    plant.set_discrete_contact_approximation(approximation);
    for (JointActuatorIndex a : plant.GetJointActuatorIndices()) {
      plant.get_mutable_joint_actuator(a).set_controller_gains({1e4, 100.0});
    }
    for (JointIndex j : plant.GetJointIndices()) {
      plant.get_mutable_joint(j).set_position_limits(Vector1<double>(-0.2),
                                                     Vector1<double>(0.2));
    }
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    plant.get_actuation_input_port().FixValue(
        context.get(), Eigen::VectorXd(Eigen::VectorXd::Constant(7, 1.0)));
    plant.get_desired_state_input_port(default_model_instance())
        .FixValue(context.get(),
                  Eigen::VectorXd(Eigen::VectorXd::Constant(14, 0.3)));
    plant.get_applied_generalized_force_input_port().FixValue(
        context.get(), Eigen::VectorXd(Eigen::VectorXd::Constant(7, 0.5)));
    const auto* manager = plant.internal_discrete_update_manager();
    manager->EvalDiscreteStepResults(*context);
    Eigen::VectorXd q(7), v(7);
    long allocations = 0;
    for (int n = 0; n < 100; ++n) {
      const auto& results = manager->EvalDiscreteStepResults(*context);
      q = results.q_next;
      v = results.v_next;
      plant.SetPositions(context.get(), q);
      plant.SetVelocities(context.get(), v);
      plant.EvalVelocityKinematics(*context);
      const long before = g_allocations.load();
      manager->EvalDiscreteStepResults(*context);
      allocations += g_allocations.load() - before;
    }
    EXPECT_EQ(allocations, 0);
  }
}

}  // namespace
}  // namespace ossa::multibody
