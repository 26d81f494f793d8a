// MultibodyPlant: names, limits, per-instance arrays, topology queries and
// free bodies.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_plant_queries_test {

using math::RigidTransform;
using math::RollPitchYaw;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

// robot: a free "base" with an "arm" on revolute "shoulder" (actuated
// "motor", limit 5) and a "tool" on prismatic "slide".
// box: a free "box" posed by an RpyFloatingJoint "box_joint".
// default instance: a "table" welded to the world, a "cup" on the table
// through a revolute "cup_pin".
class Model : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto M = SpatialInertia<double>::SolidBoxWithMass(1.0, 0.1, 0.2, 0.3);
    robot_ = plant_.AddModelInstance("robot");
    box_instance_ = plant_.AddModelInstance("box");
    const auto& base = plant_.AddRigidBody("base", robot_, M);
    const auto& arm = plant_.AddRigidBody("arm", robot_, M);
    const auto& tool = plant_.AddRigidBody("tool", robot_, M);
    auto& shoulder = plant_.AddJoint<RevoluteJoint>(
        "shoulder", base, RigidTransform<double>(Vector3<double>(0, 0, 0.1)),
        arm, std::nullopt, Vector3<double>::UnitY());
    plant_.get_mutable_joint(shoulder.index())
        .set_position_limits(Vector1<double>(-1.0), Vector1<double>(2.0));
    plant_.get_mutable_joint(shoulder.index())
        .set_velocity_limits(Vector1<double>(-3.0), Vector1<double>(4.0));
    plant_.AddJoint<PrismaticJoint>("slide", arm, std::nullopt, tool,
                                    std::nullopt, Vector3<double>::UnitZ());
    plant_.AddJointActuator("motor", shoulder, 5.0);
    const auto& box = plant_.AddRigidBody("box", box_instance_, M);
    plant_.AddJoint<RpyFloatingJoint>(
        "box_joint", plant_.world_body(),
        RigidTransform<double>(Vector3<double>(1, 2, 3)), box, std::nullopt);
    const auto& table =
        plant_.AddRigidBody("table", default_model_instance(), M);
    const auto& cup = plant_.AddRigidBody("cup", default_model_instance(), M);
    plant_.WeldFrames(plant_.world_frame(), table.body_frame(),
                      RigidTransform<double>(Vector3<double>(0, 0, 0.5)));
    plant_.AddJoint<RevoluteJoint>("cup_pin", table, std::nullopt, cup,
                                   std::nullopt, Vector3<double>::UnitZ());
  }
  void Finalize() {
    plant_.Finalize();
    context_ = plant_.CreateDefaultContext();
  }
  MultibodyPlant<double> plant_{0.0};
  ModelInstanceIndex robot_, box_instance_;
  std::unique_ptr<systems::Context<double>> context_;
};

TEST_F(Model, Names) {
  EXPECT_LOGIC_ERROR(plant_.GetPositionNames(), "GetPositionNames");
  EXPECT_LOGIC_ERROR(plant_.GetActuatorNames(), "GetActuatorNames");
  Finalize();
  const std::vector<std::string> q_names = plant_.GetPositionNames();
  ASSERT_EQ(static_cast<int>(q_names.size()), plant_.num_positions());
  // Each name sits at its joint's coordinate.
  const auto& shoulder = plant_.GetJointByName("shoulder");
  EXPECT_EQ(q_names[shoulder.position_start()], "robot_shoulder_q");
  const auto& base_joint = plant_.GetJointByName("base");  // added at Finalize
  EXPECT_EQ(q_names[base_joint.position_start()], "robot_base_qw");
  EXPECT_EQ(q_names[base_joint.position_start() + 6], "robot_base_z");
  EXPECT_EQ(plant_.GetVelocityNames()[base_joint.velocity_start() + 3],
            "robot_base_vx");
  EXPECT_EQ(plant_.GetPositionNames(false, true)[shoulder.position_start()],
            "shoulder_q");
  // Without always_add_suffix, 1-dof joints lose the suffix only.
  const auto short_names = plant_.GetPositionNames(false, false);
  EXPECT_EQ(short_names[shoulder.position_start()], "shoulder");
  EXPECT_EQ(short_names[base_joint.position_start() + 1], "base_qx");
  // Instance names follow q order inside the instance.
  EXPECT_THAT(plant_.GetPositionNames(box_instance_),
              ElementsAre("box_joint_qx", "box_joint_qy", "box_joint_qz",
                          "box_joint_x", "box_joint_y", "box_joint_z"));
  EXPECT_THAT(plant_.GetVelocityNames(default_model_instance(), true, false),
              ElementsAre("DefaultModelInstance_cup_pin"));
  const auto state_names = plant_.GetStateNames(default_model_instance());
  EXPECT_THAT(state_names, ElementsAre("cup_pin_q", "cup_pin_w"));
  const auto all_state_names = plant_.GetStateNames();
  ASSERT_EQ(static_cast<int>(all_state_names.size()),
            plant_.num_multibody_states());
  EXPECT_EQ(all_state_names[plant_.num_positions() + shoulder.velocity_start()],
            "robot_shoulder_w");
  // Unique with the prefix.
  std::set<std::string> unique(all_state_names.begin(), all_state_names.end());
  EXPECT_EQ(unique.size(), all_state_names.size());
  EXPECT_THAT(plant_.GetActuatorNames(), ElementsAre("robot_motor"));
  EXPECT_THAT(plant_.GetActuatorNames(robot_), ElementsAre("motor"));
  EXPECT_THAT(plant_.GetActuatorNames(robot_, true),
              ElementsAre("robot_motor"));
  EXPECT_TRUE(plant_.GetActuatorNames(box_instance_).empty());
  EXPECT_LOGIC_ERROR(plant_.GetPositionNames(ModelInstanceIndex(42)),
                     "GetPositionNames");
  EXPECT_LOGIC_ERROR(plant_.GetStateNames(ModelInstanceIndex(42)),
                     "GetStateNames");
}

TEST_F(Model, Limits) {
  EXPECT_LOGIC_ERROR(plant_.GetPositionLowerLimits(), "GetPositionLowerLimits");
  EXPECT_LOGIC_ERROR(plant_.GetEffortUpperLimits(), "GetEffortUpperLimits");
  Finalize();
  const double inf = std::numeric_limits<double>::infinity();
  const auto& shoulder = plant_.GetJointByName("shoulder");
  const VectorX<double> q_lower = plant_.GetPositionLowerLimits();
  const VectorX<double> q_upper = plant_.GetPositionUpperLimits();
  ASSERT_EQ(q_lower.size(), plant_.num_positions());
  for (int i = 0; i < plant_.num_positions(); ++i) {
    const bool is_shoulder = i == shoulder.position_start();
    EXPECT_EQ(q_lower[i], is_shoulder ? -1.0 : -inf);
    EXPECT_EQ(q_upper[i], is_shoulder ? 2.0 : inf);
  }
  EXPECT_EQ(plant_.GetVelocityLowerLimits()[shoulder.velocity_start()], -3.0);
  EXPECT_EQ(plant_.GetVelocityUpperLimits()[shoulder.velocity_start()], 4.0);
  EXPECT_EQ(plant_.GetVelocityUpperLimits().size(), plant_.num_velocities());
  EXPECT_EQ(plant_.GetAccelerationLowerLimits(),
            VectorX<double>::Constant(plant_.num_velocities(), -inf));
  EXPECT_EQ(plant_.GetAccelerationUpperLimits(),
            VectorX<double>::Constant(plant_.num_velocities(), inf));
  EXPECT_EQ(plant_.GetEffortLowerLimits(), Vector1<double>(-5.0));
  EXPECT_EQ(plant_.GetEffortUpperLimits(), Vector1<double>(5.0));
}

TEST_F(Model, InstanceArrays) {
  Finalize();
  const int nq = plant_.num_positions(), nv = plant_.num_velocities();
  const VectorX<double> q = VectorX<double>::LinSpaced(nq, 1.0, nq);
  // Round trip: get an instance's entries, write them into zeros, and the
  // entries of the other instances stay zero.
  for (ModelInstanceIndex i :
       {robot_, box_instance_, default_model_instance()}) {
    const VectorX<double> q_i = plant_.GetPositionsFromArray(i, q);
    EXPECT_EQ(q_i.size(), plant_.num_positions(i));
    VectorX<double> out = VectorX<double>::Zero(nq);
    plant_.SetPositionsInArray(i, q_i, &out);
    EXPECT_EQ(plant_.GetPositionsFromArray(i, out), q_i);
    EXPECT_DOUBLE_EQ(out.sum(), q_i.sum());
    VectorX<double> q_out(q_i.size());
    plant_.GetPositionsFromArray(i, q, &q_out);
    EXPECT_EQ(q_out, q_i);
  }
  const VectorX<double> v = VectorX<double>::LinSpaced(nv, -1.0, -nv);
  const VectorX<double> v_box = plant_.GetVelocitiesFromArray(box_instance_, v);
  EXPECT_EQ(v_box.size(), 6);
  VectorX<double> v_out = VectorX<double>::Zero(nv);
  plant_.SetVelocitiesInArray(box_instance_, v_box, &v_out);
  EXPECT_EQ(plant_.GetVelocitiesFromArray(box_instance_, v_out), v_box);
  VectorX<double> v_box_out(6);
  plant_.GetVelocitiesFromArray(box_instance_, v, &v_box_out);
  EXPECT_EQ(v_box_out, v_box);
  VectorX<double> u = VectorX<double>::Zero(1);
  plant_.SetActuationInArray(robot_, Vector1<double>(7.0), &u);
  EXPECT_EQ(u, Vector1<double>(7.0));
  EXPECT_EQ(plant_.GetActuationFromArray(robot_, u), Vector1<double>(7.0));
  EXPECT_EQ(plant_.GetActuationFromArray(box_instance_, u).size(), 0);
  // Misuse.
  EXPECT_LOGIC_ERROR(plant_.GetPositionsFromArray(robot_, VectorX<double>(2)),
                     "GetPositionsFromArray");
  EXPECT_LOGIC_ERROR(
      plant_.SetVelocitiesInArray(robot_, VectorX<double>(1), &v_out),
      "SetVelocitiesInArray");
  EXPECT_LOGIC_ERROR(plant_.GetActuationFromArray(robot_, VectorX<double>(3)),
                     "GetActuationFromArray");
  EXPECT_LOGIC_ERROR(plant_.GetPositionsFromArray(ModelInstanceIndex(9), q),
                     "GetPositionsFromArray");
  EXPECT_LOGIC_ERROR(plant_.GetPositionsFromArray(
                         robot_, q, static_cast<VectorX<double>*>(nullptr)),
                     "nullptr");
}

TEST_F(Model, Topology) {
  const auto& table = plant_.GetBodyByName("table");
  const auto& cup = plant_.GetBodyByName("cup");
  // Pre-finalize: welded groups from the weld joints so far.
  EXPECT_EQ(plant_.GetBodiesWeldedTo(table).size(), 2u);
  EXPECT_LOGIC_ERROR(plant_.IsAnchored(table), "IsAnchored");
  EXPECT_LOGIC_ERROR(plant_.GetFloatingBaseBodies(), "GetFloatingBaseBodies");
  EXPECT_LOGIC_ERROR(plant_.HasUniqueFreeBaseBody(robot_),
                     "HasUniqueFreeBaseBody");
  const std::string dot_before = plant_.GetTopologyGraphvizString();
  EXPECT_THAT(dot_before, HasSubstr("digraph"));
  EXPECT_THAT(dot_before, HasSubstr("shoulder [revolute]"));
  Finalize();
  const auto& base = plant_.GetBodyByName("base");
  const auto& box = plant_.GetBodyByName("box");
  EXPECT_TRUE(plant_.IsAnchored(table));
  EXPECT_TRUE(plant_.IsAnchored(plant_.world_body()));
  EXPECT_FALSE(plant_.IsAnchored(cup));
  EXPECT_FALSE(plant_.IsAnchored(base));
  std::vector<std::string> welded;
  for (const auto* body : plant_.GetBodiesWeldedTo(plant_.world_body()))
    welded.push_back(body->name());
  EXPECT_THAT(welded, UnorderedElementsAre("world", "table"));
  EXPECT_EQ(plant_.GetBodiesWeldedTo(cup).size(), 1u);
  // As the reference: only bodies Finalize() gave a floating joint are
  // floating base bodies, not the box on its user-added RpyFloatingJoint.
  EXPECT_THAT(plant_.GetFloatingBaseBodies(),
              UnorderedElementsAre(base.index()));
  EXPECT_FALSE(box.is_floating_base_body());
  EXPECT_TRUE(plant_.HasUniqueFreeBaseBody(robot_));
  EXPECT_FALSE(plant_.HasUniqueFreeBaseBody(box_instance_));
  // The default instance's base body (the table) is welded, not free.
  EXPECT_FALSE(plant_.HasUniqueFreeBaseBody(default_model_instance()));
  EXPECT_EQ(&plant_.GetUniqueFreeBaseBodyOrThrow(robot_), &base);
  EXPECT_LOGIC_ERROR(
      plant_.GetUniqueFreeBaseBodyOrThrow(default_model_instance()),
      "GetUniqueFreeBaseBodyOrThrow");
  EXPECT_LOGIC_ERROR(plant_.HasUniqueFreeBaseBody(ModelInstanceIndex(12)),
                     "HasUniqueFreeBaseBody");
  // Outboard of the shoulder: arm and tool; of the base's joint: all three.
  const JointIndex shoulder = plant_.GetJointByName("shoulder").index();
  const JointIndex base_joint = plant_.GetJointByName("base").index();
  const auto ids = [&](std::initializer_list<const char*> names) {
    std::vector<BodyIndex> result;
    for (const char* n : names)
      result.push_back(plant_.GetBodyByName(n).index());
    std::sort(result.begin(), result.end());
    return result;
  };
  EXPECT_EQ(plant_.GetBodiesKinematicallyAffectedBy({shoulder}),
            ids({"arm", "tool"}));
  EXPECT_EQ(plant_.GetBodiesKinematicallyAffectedBy({base_joint, shoulder}),
            ids({"base", "arm", "tool"}));
  const JointIndex weld = plant_.GetJointByName("world_welds_to_table").index();
  EXPECT_LOGIC_ERROR(plant_.GetBodiesKinematicallyAffectedBy({weld}), "weld");
  EXPECT_LOGIC_ERROR(plant_.GetBodiesKinematicallyAffectedBy({JointIndex(99)}),
                     "GetBodiesKinematicallyAffectedBy");
  const std::string dot = plant_.GetTopologyGraphvizString();
  EXPECT_THAT(dot, HasSubstr("base [quaternion_floating]"));
  EXPECT_THAT(dot, HasSubstr("label=\"robot\""));
}

TEST_F(Model, FreeBodies) {
  const auto& base = plant_.GetBodyByName("base");
  const auto& box = plant_.GetBodyByName("box");
  const auto& arm = plant_.GetBodyByName("arm");
  // Defaults may be given before Finalize().
  const RigidTransform<double> X_WBase0(RollPitchYaw<double>(0.1, 0.2, 0.3),
                                        Vector3<double>(4, 5, 6));
  plant_.SetDefaultFreeBodyPose(base, X_WBase0);
  EXPECT_TRUE(plant_.GetDefaultFreeBodyPose(base).IsNearlyEqualTo(X_WBase0, 0));
  EXPECT_TRUE(plant_.GetDefaultFreeBodyPose(arm).IsExactlyIdentity());
  Finalize();
  // The default context has the default pose (via a quaternion: round-off).
  EXPECT_TRUE(
      plant_.GetFreeBodyPose(*context_, base).IsNearlyEqualTo(X_WBase0, 1e-14));

  // Round trips for the quaternion and the rpy floating joints.
  const RigidTransform<double> X_PB(RollPitchYaw<double>(-0.4, 0.5, 1.2),
                                    Vector3<double>(0.3, -0.2, 0.1));
  for (const RigidBody<double>* body : {&base, &box}) {
    plant_.SetFreeBodyPose(context_.get(), *body, X_PB);
    EXPECT_TRUE(
        plant_.GetFreeBodyPose(*context_, *body).IsNearlyEqualTo(X_PB, 1e-14));
  }
  // The box's parent frame F sits at (1, 2, 3) in the world: its free-body
  // pose is the joint's X_FM, and the pose in the world maps through F.
  const RigidTransform<double> X_WF(Vector3<double>(1, 2, 3));
  EXPECT_TRUE(plant_.EvalBodyPoseInWorld(*context_, box)
                  .IsNearlyEqualTo(X_WF * X_PB, 1e-14));
  // SetFreeBodyPoseInWorldFrame() takes floating base bodies only (those
  // Finalize() gave a floating joint), as the reference.
  const RigidTransform<double> X_WBase(RollPitchYaw<double>(0.2, -0.1, 0.7),
                                       Vector3<double>(-1, 0.5, 2));
  EXPECT_LOGIC_ERROR(
      plant_.SetFreeBodyPoseInWorldFrame(context_.get(), box, X_WBase),
      "not a floating base body");
  plant_.SetFreeBodyPoseInWorldFrame(context_.get(), base, X_WBase);
  EXPECT_TRUE(plant_.EvalBodyPoseInWorld(*context_, base)
                  .IsNearlyEqualTo(X_WBase, 1e-14));
  // Anchored frame: the table at z = 0.5. X_WB = X_WTable·X_TableB.
  const auto& table_frame = plant_.GetFrameByName("table");
  const RigidTransform<double> X_TB(RollPitchYaw<double>(0.0, 0.3, 0.0),
                                    Vector3<double>(0.1, 0.2, 0.3));
  plant_.SetFreeBodyPoseInAnchoredFrame(context_.get(), table_frame, base,
                                        X_TB);
  const RigidTransform<double> X_WTable(Vector3<double>(0, 0, 0.5));
  EXPECT_TRUE(plant_.GetFreeBodyPose(*context_, base)
                  .IsNearlyEqualTo(X_WTable * X_TB, 1e-14));
  EXPECT_LOGIC_ERROR(
      plant_.SetFreeBodyPoseInAnchoredFrame(
          context_.get(), plant_.GetFrameByName("cup"), base, X_TB),
      "anchored");

  // Spatial velocity: v = [w; v] of the floating joint.
  const SpatialVelocity<double> V_PB(Vector3<double>(1, 2, 3),
                                     Vector3<double>(4, 5, 6));
  plant_.SetFreeBodySpatialVelocity(context_.get(), box, V_PB);
  const auto& box_joint = plant_.GetJointByName("box_joint");
  EXPECT_EQ(
      plant_.GetVelocities(*context_).segment<6>(box_joint.velocity_start()),
      V_PB.get_coeffs());
  auto state = context_->CloneState();
  plant_.SetFreeBodySpatialVelocity(*context_, state.get(), base, V_PB);
  plant_.SetFreeBodyPose(*context_, state.get(), base, X_PB);
  context_->get_mutable_state().SetFrom(*state);
  EXPECT_TRUE(
      plant_.GetFreeBodyPose(*context_, base).IsNearlyEqualTo(X_PB, 1e-14));

  // Defaults after Finalize() apply to new contexts, for floating base
  // bodies; for the box (a user floating joint) the value is only echoed
  // back, as the reference does.
  plant_.SetDefaultFreeBodyPose(base, X_PB);
  EXPECT_TRUE(plant_.GetFreeBodyPose(*plant_.CreateDefaultContext(), base)
                  .IsNearlyEqualTo(X_PB, 1e-14));
  plant_.SetDefaultFreeBodyPose(box, X_PB);
  EXPECT_TRUE(plant_.GetDefaultFreeBodyPose(box).IsNearlyEqualTo(X_PB, 0));
  EXPECT_TRUE(plant_.GetFreeBodyPose(*plant_.CreateDefaultContext(), box)
                  .IsExactlyIdentity());

  // Misuse: not a free body, wrong plant, nullptr.
  EXPECT_LOGIC_ERROR(plant_.GetFreeBodyPose(*context_, arm), "not a free body");
  EXPECT_LOGIC_ERROR(plant_.SetFreeBodyPose(context_.get(), arm, X_PB),
                     "SetFreeBodyPose");
  EXPECT_LOGIC_ERROR(
      plant_.SetFreeBodySpatialVelocity(context_.get(), arm, V_PB),
      "SetFreeBodySpatialVelocity");
  EXPECT_LOGIC_ERROR(plant_.SetFreeBodyPose(nullptr, base, X_PB), "nullptr");
  MultibodyPlant<double> other(0.0);
  const auto& stranger = other.AddRigidBody("stranger");
  EXPECT_LOGIC_ERROR(plant_.GetDefaultFreeBodyPose(stranger),
                     "not in this plant");
}

TEST_F(Model, FreeBodyPrefinalize) {
  MultibodyPlant<double> other(0.0);
  other.Finalize();
  auto other_context = other.CreateDefaultContext();
  EXPECT_LOGIC_ERROR(
      plant_.GetFreeBodyPose(*other_context, plant_.GetBodyByName("base")),
      "GetFreeBodyPose");
}

}  // namespace
}  // namespace ossa::multibody
