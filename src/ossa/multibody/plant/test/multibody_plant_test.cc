// MultibodyPlant: construction, model building, Finalize rules, counts,
// lookups, state access per model instance, defaults, and the continuous
// dynamics of a pendulum.

#include "ossa/multibody/plant/multibody_plant.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_plant_test {

using ::testing::HasSubstr;

constexpr double kGravity = 9.81;

// A pendulum in instance `instance`: a point mass m at distance l below a
// revolute joint about y (the link frame origin is at the pivot).
template <typename T>
const RevoluteJoint<T>& AddPendulum(MultibodyPlant<T>* plant,
                                    ModelInstanceIndex instance,
                                    const std::string& prefix, double m,
                                    double l) {
  const auto& link = plant->AddRigidBody(
      prefix + "link", instance,
      SpatialInertia<double>::PointMass(m, Vector3<double>(0, 0, -l)));
  return plant->template AddJoint<RevoluteJoint>(
      prefix + "pin", plant->world_body(), std::nullopt, link, std::nullopt,
      Vector3<double>::UnitY());
}

TEST(MultibodyPlant, TimeStep) {
  MultibodyPlant<double> continuous(0.0);
  EXPECT_EQ(continuous.time_step(), 0.0);
  EXPECT_FALSE(continuous.is_discrete());
  MultibodyPlant<double> discrete(1e-3);
  EXPECT_EQ(discrete.time_step(), 1e-3);
  EXPECT_TRUE(discrete.is_discrete());
  EXPECT_LOGIC_ERROR(MultibodyPlant<double>(-1e-3), "non-negative");
  EXPECT_LOGIC_ERROR(MultibodyPlant<double>(std::nan("")), "non-negative");
}

TEST(MultibodyPlant, FinalizeRules) {
  MultibodyPlant<double> plant(0.0);
  const ModelInstanceIndex a = plant.AddModelInstance("a");
  const auto& pin = AddPendulum(&plant, a, "", 1.0, 0.5);
  // Coordinate counts and state need Finalize().
  EXPECT_LOGIC_ERROR(plant.num_positions(), "num_positions");
  EXPECT_LOGIC_ERROR(plant.num_velocities(a), "Finalize");
  EXPECT_LOGIC_ERROR(plant.GetDefaultPositions(), "GetDefaultPositions");
  EXPECT_LOGIC_ERROR(plant.SetDefaultPositions(Vector1<double>(0.1)),
                     "SetDefaultPositions");
  EXPECT_FALSE(plant.is_finalized());
  plant.Finalize();
  EXPECT_TRUE(plant.is_finalized());
  // Every construction method throws afterwards, naming itself.
  EXPECT_LOGIC_ERROR(plant.Finalize(), "Finalize");
  EXPECT_LOGIC_ERROR(plant.AddModelInstance("b"), "AddModelInstance");
  EXPECT_LOGIC_ERROR(plant.RenameModelInstance(a, "c"), "RenameModelInstance");
  EXPECT_LOGIC_ERROR(plant.AddRigidBody("x", a), "AddRigidBody");
  EXPECT_LOGIC_ERROR(plant.AddRigidBody("x"), "AddRigidBody");
  EXPECT_LOGIC_ERROR(
      plant.AddFrame(std::make_unique<FixedOffsetFrame<double>>(
          "f", plant.world_frame(), math::RigidTransform<double>())),
      "AddFrame");
  EXPECT_LOGIC_ERROR(
      plant.AddJoint<RevoluteJoint>("j", plant.world_body(), std::nullopt,
                                    plant.GetBodyByName("link"), std::nullopt,
                                    Vector3<double>::UnitX()),
      "AddJoint");
  EXPECT_LOGIC_ERROR(plant.WeldFrames(plant.world_frame(),
                                      plant.GetBodyByName("link").body_frame()),
                     "WeldFrames");
  EXPECT_LOGIC_ERROR(plant.AddJointActuator("u", pin), "AddJointActuator");
  EXPECT_LOGIC_ERROR(plant.SetUseSampledOutputPorts(false),
                     "SetUseSampledOutputPorts");
}

TEST(MultibodyPlant, BuildingErrors) {
  MultibodyPlant<double> plant(0.0);
  plant.AddModelInstance("a");
  // With a third instance, the instance-less AddRigidBody is ambiguous.
  EXPECT_THROW(plant.AddRigidBody("x"), std::logic_error);
  EXPECT_LOGIC_ERROR(plant.AddModelInstance("a"), "already exists");
  EXPECT_THROW(plant.AddRigidBody("x", ModelInstanceIndex(7)),
               std::logic_error);
}

// Two pendulums in two instances plus a slider in the default instance.
class TwoInstances : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = plant_.AddModelInstance("a");
    b_ = plant_.AddModelInstance("b");
    AddPendulum(&plant_, a_, "", 1.0, 0.5);
    const auto& pin_b = AddPendulum(&plant_, b_, "", 2.0, 1.0);
    plant_.AddJointActuator("pin_motor", pin_b, 3.0);
    const auto& cart = plant_.AddRigidBody(
        "cart", default_model_instance(),
        SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
    plant_.AddJoint<PrismaticJoint>("slider", plant_.world_body(), std::nullopt,
                                    cart, std::nullopt,
                                    Vector3<double>::UnitX());
    plant_.Finalize();
    context_ = plant_.CreateDefaultContext();
  }
  MultibodyPlant<double> plant_{0.0};
  ModelInstanceIndex a_, b_;
  std::unique_ptr<systems::Context<double>> context_;
};

TEST_F(TwoInstances, CountsAndLookups) {
  EXPECT_EQ(plant_.num_model_instances(), 4);
  EXPECT_EQ(plant_.num_bodies(), 4);
  EXPECT_EQ(plant_.num_joints(), 3);
  EXPECT_EQ(plant_.num_actuators(), 1);
  EXPECT_EQ(plant_.num_actuators(b_), 1);
  EXPECT_EQ(plant_.num_actuators(a_), 0);
  EXPECT_EQ(plant_.num_actuated_dofs(), 1);
  EXPECT_EQ(plant_.num_actuated_dofs(b_), 1);
  EXPECT_EQ(plant_.num_positions(), 3);
  EXPECT_EQ(plant_.num_velocities(), 3);
  EXPECT_EQ(plant_.num_multibody_states(), 6);
  EXPECT_EQ(plant_.num_positions(a_), 1);
  EXPECT_EQ(plant_.num_multibody_states(b_), 2);
  EXPECT_EQ(plant_.num_positions(world_model_instance()), 0);
  EXPECT_LOGIC_ERROR(plant_.num_positions(ModelInstanceIndex(9)),
                     "num_positions");
  EXPECT_LOGIC_ERROR(plant_.num_actuators(ModelInstanceIndex()),
                     "num_actuators");

  EXPECT_TRUE(plant_.HasModelInstanceNamed("a"));
  EXPECT_EQ(plant_.GetModelInstanceByName("b"), b_);
  EXPECT_EQ(plant_.GetModelInstanceName(a_), "a");
  EXPECT_TRUE(plant_.HasBodyNamed("link", a_));
  EXPECT_FALSE(plant_.HasBodyNamed("cart", a_));
  // "link" exists in a and b: ambiguous without an instance.
  EXPECT_THROW(plant_.GetBodyByName("link"), std::logic_error);
  EXPECT_EQ(plant_.GetBodyByName("link", b_).model_instance(), b_);
  EXPECT_EQ(&plant_.GetRigidBodyByName("cart"), &plant_.GetBodyByName("cart"));
  EXPECT_THROW(plant_.GetBodyByName("nope"), std::logic_error);
  const auto& slider = plant_.GetJointByName<PrismaticJoint>("slider");
  EXPECT_EQ(slider.name(), "slider");
  EXPECT_EQ(&plant_.GetJointByName("pin", a_),
            &plant_.get_joint(plant_.GetJointIndices(a_).at(0)));
  EXPECT_THROW(plant_.GetJointByName<RevoluteJoint>("slider"),
               std::logic_error);
  EXPECT_EQ(plant_.GetJointActuatorByName("pin_motor").effort_limit(), 3.0);
  EXPECT_EQ(&plant_.get_joint_actuator(JointActuatorIndex(0)),
            &plant_.GetJointActuatorByName("pin_motor", b_));
  EXPECT_EQ(&plant_.GetFrameByName("cart"),
            &plant_.GetBodyByName("cart").body_frame());
  EXPECT_EQ(plant_.world_body().index(), world_index());
  EXPECT_EQ(&plant_.world_frame(), &plant_.get_frame(world_frame_index()));
  EXPECT_EQ(plant_.GetBodyIndices(a_).size(), 1u);
  EXPECT_EQ(plant_.GetJointIndices().size(), 3u);
  EXPECT_EQ(plant_.GetJointActuatorIndices(b_).size(), 1u);
  EXPECT_EQ(plant_.GetActuatedJointIndices(b_).size(), 1u);
  EXPECT_EQ(&plant_.internal_tree(), &plant_.tree());
}

TEST_F(TwoInstances, StateRoundTrips) {
  const int nq = plant_.num_positions();
  // Whole-plant round trips.
  const Eigen::Vector3d q(0.1, -0.2, 0.3), v(1.0, 2.0, 3.0);
  plant_.SetPositions(context_.get(), q);
  plant_.SetVelocities(context_.get(), v);
  EXPECT_EQ(plant_.GetPositions(*context_), q);
  EXPECT_EQ(plant_.GetVelocities(*context_), v);
  Eigen::VectorXd x(6);
  x << q, v;
  EXPECT_EQ(plant_.GetPositionsAndVelocities(*context_), x);
  plant_.SetPositionsAndVelocities(context_.get(), -x);
  EXPECT_EQ(plant_.GetPositionsAndVelocities(*context_), -x);

  // Per instance: writing one instance changes only its coordinates.
  const auto& pin_a = plant_.GetJointByName("pin", a_);
  const auto& pin_b = plant_.GetJointByName("pin", b_);
  plant_.SetPositionsAndVelocities(context_.get(), Eigen::VectorXd::Zero(6));
  plant_.SetPositions(context_.get(), a_, Vector1<double>(0.7));
  plant_.SetVelocities(context_.get(), b_, Vector1<double>(-0.4));
  EXPECT_EQ(plant_.GetPositions(*context_)[pin_a.position_start()], 0.7);
  EXPECT_EQ(plant_.GetVelocities(*context_)[pin_b.velocity_start()], -0.4);
  EXPECT_EQ(plant_.GetPositions(*context_).cwiseAbs().sum(), 0.7);
  EXPECT_EQ(plant_.GetVelocities(*context_).cwiseAbs().sum(), 0.4);
  EXPECT_EQ(plant_.GetPositions(*context_, a_), Vector1<double>(0.7));
  EXPECT_EQ(plant_.GetVelocities(*context_, b_), Vector1<double>(-0.4));
  plant_.SetPositionsAndVelocities(context_.get(), b_,
                                   Eigen::Vector2d(1.5, 2.5));
  EXPECT_EQ(plant_.GetPositionsAndVelocities(*context_, b_),
            Eigen::Vector2d(1.5, 2.5));
  EXPECT_EQ(plant_.GetPositions(*context_, a_), Vector1<double>(0.7));
  // Into a separate State.
  auto state = context_->CloneState();
  plant_.SetPositions(*context_, state.get(), a_, Vector1<double>(-0.9));
  plant_.SetVelocities(*context_, state.get(), a_, Vector1<double>(0.25));
  context_->get_mutable_state().SetFrom(*state);
  EXPECT_EQ(plant_.GetPositionsAndVelocities(*context_, a_),
            Eigen::Vector2d(-0.9, 0.25));

  // Wrong sizes, invalid instances, null pointers, foreign contexts.
  EXPECT_LOGIC_ERROR(plant_.SetPositions(context_.get(), Eigen::VectorXd(2)),
                     "SetPositions");
  EXPECT_LOGIC_ERROR(
      plant_.SetPositions(context_.get(), a_, Eigen::VectorXd(2)), "size");
  EXPECT_LOGIC_ERROR(
      plant_.SetVelocities(context_.get(), Eigen::VectorXd(nq + 1)),
      "SetVelocities");
  EXPECT_LOGIC_ERROR(
      plant_.SetPositionsAndVelocities(context_.get(), Eigen::VectorXd(5)),
      "SetPositionsAndVelocities");
  EXPECT_LOGIC_ERROR(plant_.GetPositions(*context_, ModelInstanceIndex(10)),
                     "GetPositions");
  EXPECT_LOGIC_ERROR(
      plant_.SetVelocities(context_.get(), ModelInstanceIndex(10),
                           Vector1<double>(0)),
      "SetVelocities");
  EXPECT_LOGIC_ERROR(plant_.SetPositions(nullptr, q), "nullptr");
  MultibodyPlant<double> other(0.0);
  other.Finalize();
  auto other_context = other.CreateDefaultContext();
  EXPECT_THROW(plant_.GetPositions(*other_context), std::logic_error);
}

TEST_F(TwoInstances, DefaultPositions) {
  const auto& pin_a = plant_.GetJointByName("pin", a_);
  EXPECT_EQ(plant_.GetDefaultPositions(), Eigen::Vector3d::Zero());
  plant_.SetDefaultPositions(a_, Vector1<double>(0.3));
  Eigen::Vector3d q0 = Eigen::Vector3d::Zero();
  q0[pin_a.position_start()] = 0.3;
  EXPECT_EQ(plant_.GetDefaultPositions(), q0);
  EXPECT_EQ(plant_.GetDefaultPositions(a_), Vector1<double>(0.3));
  // Contexts made or reset afterwards take the new defaults; v is zero.
  plant_.SetVelocities(context_.get(), Eigen::Vector3d::Ones());
  plant_.SetDefaultContext(context_.get());
  EXPECT_EQ(plant_.GetPositions(*context_), q0);
  EXPECT_EQ(plant_.GetVelocities(*context_), Eigen::Vector3d::Zero());
  EXPECT_EQ(plant_.GetPositions(*plant_.CreateDefaultContext()), q0);
  plant_.SetDefaultPositions(Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(plant_.GetDefaultPositions(), Eigen::Vector3d(1, 2, 3));
  EXPECT_LOGIC_ERROR(plant_.SetDefaultPositions(Eigen::Vector2d(1, 2)),
                     "SetDefaultPositions");
  EXPECT_LOGIC_ERROR(plant_.SetDefaultPositions(b_, Eigen::Vector2d(1, 2)),
                     "SetDefaultPositions");
  EXPECT_LOGIC_ERROR(plant_.GetDefaultPositions(ModelInstanceIndex(99)),
                     "GetDefaultPositions");
}

// θ̈ = −(g/l)·sin θ for a point-mass pendulum whose state is [θ, θ̇].
TEST(MultibodyPlant, PendulumTimeDerivatives) {
  const double m = 2.0, l = 0.75;
  MultibodyPlant<double> plant(0.0);
  AddPendulum(&plant, default_model_instance(), "", m, l);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  EXPECT_EQ(context->num_continuous_states(), 2);
  const double theta = 0.4, thetadot = -1.3;
  plant.SetPositionsAndVelocities(context.get(),
                                  Eigen::Vector2d(theta, thetadot));
  const Eigen::VectorXd xdot =
      plant.EvalTimeDerivatives(*context).CopyToVector();
  // Round-off only: a handful of flops on O(1) values.
  EXPECT_NEAR(xdot[0], thetadot, 1e-14);
  EXPECT_NEAR(xdot[1], -kGravity / l * std::sin(theta), 1e-12);
}

// The placeholder discrete step is semi-implicit Euler:
// v₁ = v₀ + h·v̇(x₀), q₁ = q₀ + h·v₁.
TEST(MultibodyPlant, DiscretePendulumStep) {
  const double m = 1.0, l = 0.5, h = 1e-3;
  MultibodyPlant<double> plant(h);
  AddPendulum(&plant, default_model_instance(), "", m, l);
  // With sampled output ports (the default) the step is an unrestricted
  // update, as in the reference; without, a discrete update.
  plant.SetUseSampledOutputPorts(false);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  EXPECT_EQ(context->num_discrete_state_groups(), 1);
  EXPECT_EQ(context->num_continuous_states(), 0);
  const double theta = 0.4, thetadot = -1.3;
  plant.SetPositionsAndVelocities(context.get(),
                                  Eigen::Vector2d(theta, thetadot));
  auto next = plant.AllocateDiscreteVariables();
  plant.CalcForcedDiscreteVariableUpdate(*context, next.get());
  const double v1 = thetadot - h * kGravity / l * std::sin(theta);
  EXPECT_NEAR(next->get_vector(0)[1], v1, 1e-14);
  EXPECT_NEAR(next->get_vector(0)[0], theta + h * v1, 1e-14);
}

TEST(MultibodyPlant, AutoDiffScalar) {
  MultibodyPlant<AutoDiffXd> plant(0.0);
  AddPendulum(&plant, default_model_instance(), "", 1.0, 1.0);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  // θ as the independent variable: d θ̈ / dθ = −(g/l)·cos θ.
  VectorX<AutoDiffXd> x(2);
  x[0] = AutoDiffXd(0.3, Eigen::VectorXd::Unit(1, 0));
  x[1] = AutoDiffXd(0.0, Eigen::VectorXd::Zero(1));
  plant.SetPositionsAndVelocities(context.get(), x);
  const VectorX<AutoDiffXd> xdot =
      plant.EvalTimeDerivatives(*context).CopyToVector();
  EXPECT_NEAR(xdot[1].value(), -kGravity * std::sin(0.3), 1e-12);
  ASSERT_EQ(xdot[1].derivatives().size(), 1);
  EXPECT_NEAR(xdot[1].derivatives()[0], -kGravity * std::cos(0.3), 1e-12);
}

}  // namespace
}  // namespace ossa::multibody
