// The Context-level dynamics of MultibodyTree allocate nothing on double once
// the Context's caches are up to date and the outputs have their sizes: this
// binary counts every global operator new while they run.

#include <gtest/gtest.h>

#include <random>

#include "ossa/common/test/allocation_counter.h"
#include "ossa/multibody/tree/door_hinge.h"
#include "ossa/multibody/tree/linear_bushing_roll_pitch_yaw.h"
#include "ossa/multibody/tree/linear_spring_damper.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/prismatic_spring.h"
#include "ossa/multibody/tree/revolute_spring.h"
#include "ossa/multibody/tree/test/dynamics_test_models.h"

namespace ossa::multibody {
namespace multibody_tree_dynamics_allocation_test {

TEST(MultibodyTreeDynamicsAllocation, NoHeapAllocationPerCall) {
  internal::MultibodyTreeSystem<double> system;
  // No joint damping: the damping term reads v from the state as a copy.
  test::BuildEveryJointKindModel(&system, /* damping = */ false,
                                 /* actuators = */ true);
  const internal::MultibodyTree<double>& tree = system.tree();
  auto context = system.CreateDefaultContext();
  std::mt19937 gen(1);
  test::SetRandomState(system, &gen, context.get());
  const int nv = tree.num_velocities();
  const int n = tree.num_mobods();
  const Eigen::VectorXd vdot_in = Eigen::VectorXd::Random(nv);
  const Eigen::VectorXd tau_applied = Eigen::VectorXd::Random(nv);
  std::vector<SpatialForce<double>> F_applied(
      n, SpatialForce<double>(Vector6<double>::Ones()));
  std::vector<SpatialAcceleration<double>> A_WB(n);
  std::vector<SpatialForce<double>> F_BMo(n);
  Eigen::VectorXd tau(nv), Cv(nv), vdot(nv);
  Eigen::MatrixXd M(nv, nv);
  MultibodyForces<double> applied(tree);
  applied.mutable_generalized_forces() = tau_applied;

  auto run = [&]() {
    tree.CalcInverseDynamics(*context, vdot_in, F_applied, tau_applied, &A_WB,
                             &F_BMo, &tau);
    tree.CalcMassMatrix(*context, &M);
    tree.CalcBiasTerm(*context, &Cv);
    tree.CalcForwardDynamics(*context, applied, &vdot);
  };
  run();  // evaluates the caches (allocating their values once)
  const long before = g_allocations.load();
  for (int i = 0; i < 10; ++i) run();
  EXPECT_EQ(g_allocations.load() - before, 0);
  // The calls computed something: M is positive definite, so non-zero.
  EXPECT_GT(M.diagonal().minCoeff(), 0);
  EXPECT_GT(tau.norm(), 0);
}

// Forward dynamics, energy and power with every force element kind (their
// Context parameters included) allocate nothing either.
TEST(MultibodyTreeDynamicsAllocation, ForceElementsAllocateNothing) {
  internal::MultibodyTreeSystem<double> system;
  internal::MultibodyTree<double>& tree = system.mutable_tree();
  const auto& door = tree.AddRigidBody("door", test::SomeInertia(1));
  const auto& slider = tree.AddRigidBody("slider", test::SomeInertia(2));
  const auto& free = tree.AddRigidBody("free", test::SomeInertia(3));
  const auto& hinge = tree.AddJoint<RevoluteJoint>(
      "hinge", tree.world_body(), std::nullopt, door, std::nullopt,
      Vector3<double>::UnitZ());
  const auto& slide =
      tree.AddJoint<PrismaticJoint>("slide", door, std::nullopt, slider,
                                    std::nullopt, Vector3<double>::UnitX());
  const auto& C = tree.AddFrame<FixedOffsetFrame>(
      "C", free, test::Pose(0.1, 0.2, 0.3, 0.1, 0, 0));
  tree.AddForceElement<RevoluteSpring>(hinge, 0.1, 2.0);
  tree.AddForceElement<DoorHinge>(hinge, DoorHingeConfig{});
  tree.AddForceElement<PrismaticSpring>(slide, 0.2, 3.0);
  tree.AddForceElement<LinearSpringDamper>(slider, Vector3<double>::Zero(),
                                           free, Vector3<double>(0, 0, 0.1),
                                           0.5, 4.0, 0.3);
  tree.AddForceElement<LinearBushingRollPitchYaw>(
      tree.world_frame(), C, Vector3<double>(1, 2, 3),
      Vector3<double>(0.1, 0.2, 0.3), Vector3<double>(4, 5, 6),
      Vector3<double>(0.4, 0.5, 0.6));
  system.Finalize();
  auto context = system.CreateDefaultContext();
  std::mt19937 gen(2);
  test::SetRandomState(system, &gen, context.get());
  const int nv = system.tree().num_velocities();
  Eigen::VectorXd vdot(nv);
  MultibodyForces<double> applied(system.tree());
  double energy = 0;
  auto run = [&]() {
    system.tree().CalcForwardDynamics(*context, applied, &vdot);
    energy = system.tree().CalcPotentialEnergy(*context) +
             system.tree().CalcConservativePower(*context) +
             system.tree().CalcNonConservativePower(*context);
  };
  run();
  const long before = g_allocations.load();
  for (int i = 0; i < 10; ++i) run();
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(vdot.norm(), 0);
  EXPECT_NE(energy, 0);
}

}  // namespace
}  // namespace ossa::multibody
