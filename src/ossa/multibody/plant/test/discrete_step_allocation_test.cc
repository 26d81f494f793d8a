// For T = double a discrete step allocates nothing once its scratch exists:
// this binary counts every global operator new while steps run.

#include <gtest/gtest.h>

#include <cmath>

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

// Contact pair `k` of a step between body A (or the world) and body B at
// the point p_WC with contact normal +z (R_WC = I): J = J_WBc − J_WAc,
// given by its nonzero columns.
internal::DiscreteContactPair<double> MakeAllocationTestContact(
    const MultibodyPlant<double>& plant,
    const systems::Context<double>& context, const RigidBody<double>* A,
    const RigidBody<double>& B, const Eigen::Vector3d& p_WC, double phi0) {
  const int nv = plant.num_velocities();
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(3, nv), J_body(3, nv);
  auto add = [&](const RigidBody<double>& body, double sign) {
    const Eigen::Vector3d p_BoC_B =
        plant.EvalBodyPoseInWorld(context, body).inverse() * p_WC;
    plant.CalcJacobianTranslationalVelocity(
        context, JacobianWrtVariable::kV, body.body_frame(), p_BoC_B,
        plant.world_frame(), plant.world_frame(), &J_body);
    J += sign * J_body;
  };
  add(B, 1.0);
  if (A != nullptr) add(*A, -1.0);
  internal::DiscreteContactPair<double> pair;
  pair.source.body_A = A != nullptr ? A->index() : world_index();
  pair.source.body_B = B.index();
  pair.source.stiffness = 1e6;
  pair.source.dissipation = 10.0;
  pair.source.relaxation_time = 0.01;
  pair.source.friction = CoulombFriction<double>(0.5, 0.5);
  pair.p_WC = p_WC;
  pair.R_WC.setIdentity();
  for (int i = 0; i < nv; ++i) {
    if (J.col(i).squaredNorm() > 0) pair.dofs.push_back(i);
  }
  pair.J_dofs.resize(3, pair.dofs.size());
  for (size_t c = 0; c < pair.dofs.size(); ++c) {
    pair.J_dofs.col(c) = J.col(pair.dofs[c]);
  }
  pair.phi0 = phi0;
  return pair;
}

// The SAP family's step with point contact: two free boxes, the lower on
// the ground (contacts with the world: the Newton matrix keeps the tree
// sparsity) and, in the second case, the upper on the lower (contacts
// between two trees: the dense factorization). Newton iterations and line
// searches run every step; none allocates once the scratch has been used.
TEST(DiscreteStepAllocation, NoHeapAllocationPerContactStep) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kSap,
        DiscreteContactApproximation::kLagged}) {
    for (bool stacked : {false, true}) {
      MultibodyPlant<double> plant(1e-3);
      plant.set_discrete_contact_approximation(approximation);
      const auto M =
          SpatialInertia<double>::SolidBoxWithMass(1.0, 0.2, 0.2, 0.1);
      const RigidBody<double>& lower = plant.AddRigidBody("lower", M);
      const RigidBody<double>& upper = plant.AddRigidBody("upper", M);
      plant.Finalize();
      auto context = plant.CreateDefaultContext();
      plant.SetFreeBodyPose(
          context.get(), lower,
          math::RigidTransform<double>(Eigen::Vector3d(0, 0, 0.05)));
      plant.SetFreeBodyPose(
          context.get(), upper,
          math::RigidTransform<double>(Eigen::Vector3d(0, 0, 0.15)));
      internal::DiscreteStepSolver<double> solver(plant);
      auto scratch = solver.MakeScratch();
      internal::DiscreteStepInputs<double> inputs;
      inputs.Resize(0, plant.num_velocities());
      for (double x : {-0.1, 0.1}) {
        for (double y : {-0.1, 0.1}) {
          inputs.contact_pairs.push_back(
              MakeAllocationTestContact(plant, *context, nullptr, lower,
                                        Eigen::Vector3d(x, y, 0), -1e-4));
          if (stacked) {
            inputs.contact_pairs.push_back(
                MakeAllocationTestContact(plant, *context, &lower, upper,
                                          Eigen::Vector3d(x, y, 0.1), -1e-4));
          }
        }
      }
      internal::DiscreteStepResults<double> results;
      solver.Step(plant, *context, inputs, scratch.get(), &results);
      int newton_iterations = 0;
      long allocations = 0;
      Eigen::VectorXd v(plant.num_velocities());
      for (int n = 0; n < 100; ++n) {
        // The contact data stay those of the first step (the test is of
        // the solver's memory); the velocities and a push on one box (a
        // generalized force on dof 3, a free body's translation) change
        // every step, so that every step iterates.
        inputs.tau_applied.setZero();
        inputs.tau_applied[3] = 20.0 * std::sin(0.3 * n);
        v = results.v_next;
        plant.SetVelocities(context.get(), v);
        plant.EvalVelocityKinematics(*context);
        const long before = g_allocations.load();
        solver.Step(plant, *context, inputs, scratch.get(), &results);
        allocations += g_allocations.load() - before;
        newton_iterations += results.num_iterations;
      }
      EXPECT_EQ(allocations, 0) << "stacked: " << stacked;
      EXPECT_GE(newton_iterations, 100);
      EXPECT_EQ(results.contact_results.num_point_pair_contacts(),
                static_cast<int>(inputs.contact_pairs.size()));
    }
  }
}

}  // namespace discrete_step_allocation_test
}  // namespace ossa::multibody
