// The continuous plant's hot path (set the state, CalcTimeDerivatives)
// allocates nothing once its Context and caches exist: this binary counts
// every global operator new while it runs. The model has a welded body (so
// the weld-merged dynamics run), an actuated joint, damping and a free body.

#include <gtest/gtest.h>

#include "ossa/common/test/allocation_counter.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/weld_joint.h"

namespace ossa::multibody {
namespace multibody_plant_allocation_test {

using math::RigidTransform;

void BuildModel(MultibodyPlant<double>* plant) {
  const auto M = SpatialInertia<double>::SolidBoxWithMass(1.0, 0.1, 0.2, 0.3);
  const auto& link1 = plant->AddRigidBody("link1", M);
  const auto& link2 = plant->AddRigidBody("link2", M);
  const auto& tool = plant->AddRigidBody("tool", M);
  plant->AddJoint<RevoluteJoint>("shoulder", plant->world_body(), std::nullopt,
                                 link1, std::nullopt, Vector3<double>::UnitY(),
                                 0.3);
  const auto& elbow = plant->AddJoint<RevoluteJoint>(
      "elbow", link1, RigidTransform<double>(Vector3<double>(0, 0, -1)), link2,
      std::nullopt, Vector3<double>::UnitX());
  plant->AddJoint<WeldJoint>(
      "tool_weld", link2, RigidTransform<double>(Vector3<double>(0, 0.1, -0.5)),
      tool, std::nullopt, RigidTransform<double>::Identity());
  plant->AddJointActuator("elbow_motor", elbow);
  plant->AddRigidBody("box", M);
  plant->Finalize();
}

TEST(PlantAllocation, TimeDerivativesAllocateNothing) {
  MultibodyPlant<double> plant(0.0);
  BuildModel(&plant);
  auto context = plant.CreateDefaultContext();
  const Eigen::VectorXd u0 = Eigen::VectorXd::Constant(1, 0.5);
  plant.get_actuation_input_port().FixValue(context.get(), u0);
  auto derivatives = plant.AllocateTimeDerivatives();
  const int nx = plant.num_positions() + plant.num_velocities();
  Eigen::VectorXd x0 = plant.GetPositionsAndVelocities(*context);
  Eigen::VectorXd x1 = x0;
  x1.tail(plant.num_velocities()).setConstant(0.7);
  x1[0] = 0.3;  // shoulder angle
  ASSERT_EQ(x1.size(), nx);
  // Warm up: the first evaluation sizes every cache and scratch.
  plant.SetPositionsAndVelocities(context.get(), x1);
  plant.CalcTimeDerivatives(*context, derivatives.get());
  const Eigen::VectorXd xdot1 = derivatives->CopyToVector();
  plant.SetPositionsAndVelocities(context.get(), x0);
  plant.CalcTimeDerivatives(*context, derivatives.get());

  // The counter sees allocations (a new Context allocates with new).
  const long counted = g_allocations.load();
  const auto probe = plant.CreateDefaultContext();
  ASSERT_GT(g_allocations.load(), counted);

  const long before = g_allocations.load();
  plant.SetPositionsAndVelocities(context.get(), x1);
  plant.CalcTimeDerivatives(*context, derivatives.get());
  const long allocations = g_allocations.load() - before;
  EXPECT_EQ(allocations, 0);
  // And the result is the one of the warm-up at the same state (the
  // scratch is reused, not stale).
  EXPECT_TRUE(derivatives->CopyToVector() == xdot1);
}

}  // namespace
}  // namespace ossa::multibody
