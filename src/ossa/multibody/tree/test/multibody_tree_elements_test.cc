// Elements of a MultibodyTree: model instances, bodies, frames, joints of
// every kind, actuators; lookups by name and index; every documented error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>

#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_tree_elements_test {

using internal::MultibodyTree;
using math::RigidTransform;
using math::RotationMatrix;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();

SpatialInertia<double> Sphere(double mass) {
  return SpatialInertia<double>::SolidSphereWithMass(mass, 0.1);
}

TEST(MultibodyTreeElements, WorldAndDefaultInstances) {
  MultibodyTree<double> tree;
  EXPECT_EQ(tree.num_model_instances(), 2);
  EXPECT_EQ(tree.num_bodies(), 1);
  EXPECT_EQ(tree.num_frames(), 1);
  EXPECT_EQ(tree.num_joints(), 0);
  EXPECT_EQ(tree.GetModelInstanceName(world_model_instance()),
            "WorldModelInstance");
  EXPECT_EQ(tree.GetModelInstanceName(default_model_instance()),
            "DefaultModelInstance");
  EXPECT_EQ(tree.world_body().name(), "world");
  EXPECT_EQ(tree.world_body().index(), world_index());
  EXPECT_TRUE(tree.world_body().is_world());
  EXPECT_EQ(tree.world_frame().index(), world_frame_index());
  EXPECT_TRUE(tree.world_frame().is_world_frame());
  EXPECT_TRUE(tree.world_frame().is_body_frame());
  EXPECT_EQ(&tree.world_frame().body(), &tree.world_body());
  EXPECT_EQ(tree.world_body().model_instance(), world_model_instance());
  EXPECT_EQ(tree.GetModelInstanceByName("DefaultModelInstance"),
            default_model_instance());
}

TEST(MultibodyTreeElements, RigidBodyDefaults) {
  MultibodyTree<double> tree;
  const double mass = 2.5, radius = 0.2;
  const auto M = SpatialInertia<double>::SolidSphereWithMass(mass, radius);
  const RigidBody<double>& body = tree.AddRigidBody("ball", M);
  EXPECT_EQ(body.name(), "ball");
  EXPECT_EQ(body.index(), BodyIndex(1));
  EXPECT_EQ(body.model_instance(), default_model_instance());
  EXPECT_EQ(body.scoped_name(), "DefaultModelInstance::ball");
  EXPECT_EQ(body.default_mass(), mass);
  EXPECT_TRUE(body.default_com().isZero());
  // A solid sphere about its center: I = (2/5)·m·r²·Identity; the tolerance
  // covers the rounding of the product.
  const Matrix3<double> I =
      body.default_rotational_inertia().CopyToFullMatrix3();
  EXPECT_TRUE(I.isApprox(
      Matrix3<double>::Identity() * 0.4 * mass * radius * radius, 1e-14));
  EXPECT_EQ(body.default_spatial_inertia().get_mass(), mass);
  // The body frame.
  const RigidBodyFrame<double>& B = body.body_frame();
  EXPECT_EQ(B.name(), "ball");
  EXPECT_EQ(&B.body(), &body);
  EXPECT_TRUE(B.is_body_frame());
  EXPECT_FALSE(B.is_world_frame());
  EXPECT_EQ(B.model_instance(), default_model_instance());
  EXPECT_TRUE(B.GetFixedPoseInBodyFrame().IsExactlyIdentity());
  EXPECT_EQ(&tree.get_frame(B.index()), &B);
  EXPECT_EQ(&tree.get_body(BodyIndex(1)), &body);
}

TEST(MultibodyTreeElements, ModelInstances) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex iiwa = tree.AddModelInstance("iiwa");
  const ModelInstanceIndex gripper = tree.AddModelInstance("gripper");
  EXPECT_EQ(iiwa, ModelInstanceIndex(2));
  EXPECT_EQ(gripper, ModelInstanceIndex(3));
  EXPECT_EQ(tree.num_model_instances(), 4);
  EXPECT_TRUE(tree.HasModelInstanceNamed("iiwa"));
  EXPECT_FALSE(tree.HasModelInstanceNamed("kuka"));
  EXPECT_EQ(tree.GetModelInstanceByName("gripper"), gripper);
  EXPECT_LOGIC_ERROR(tree.AddModelInstance("iiwa"),
                     "a model instance named 'iiwa' already exists");
  EXPECT_LOGIC_ERROR(tree.GetModelInstanceByName("kuka"),
                     "there is no model instance named 'kuka'");
  EXPECT_LOGIC_ERROR(tree.GetModelInstanceName(ModelInstanceIndex(9)),
                     "GetModelInstanceName(): there is no model instance "
                     "with index 9");
  tree.RenameModelInstance(gripper, "hand");
  EXPECT_EQ(tree.GetModelInstanceName(gripper), "hand");
  EXPECT_EQ(tree.GetModelInstanceByName("hand"), gripper);
  EXPECT_FALSE(tree.HasModelInstanceNamed("gripper"));
  EXPECT_LOGIC_ERROR(tree.RenameModelInstance(gripper, "iiwa"),
                     "a model instance named 'iiwa' already exists");

  // Same names in two instances are fine; in one instance they are not.
  const auto& a = tree.AddRigidBody("link", iiwa, Sphere(1));
  const auto& b = tree.AddRigidBody("link", gripper, Sphere(1));
  EXPECT_LOGIC_ERROR(tree.AddRigidBody("link", iiwa, Sphere(1)),
                     "AddRigidBody(): a body named 'link' already exists in "
                     "model instance 'iiwa'.");
  // Without an instance: ambiguous.
  EXPECT_LOGIC_ERROR(tree.AddRigidBody("other", Sphere(1)),
                     "more model instances than the world and default");
  EXPECT_LOGIC_ERROR(tree.AddRigidBody("x", ModelInstanceIndex(7), Sphere(1)),
                     "AddRigidBody(): there is no model instance with index 7");
  EXPECT_LOGIC_ERROR(tree.AddRigidBody("x", world_model_instance(), Sphere(1)),
                     "cannot be added to the world model instance");
  EXPECT_EQ(tree.GetBodyIndices(iiwa), std::vector<BodyIndex>{a.index()});
  EXPECT_EQ(tree.GetBodyIndices(gripper), std::vector<BodyIndex>{b.index()});
  EXPECT_EQ(tree.GetBodyIndices(world_model_instance()),
            std::vector<BodyIndex>{world_index()});
  EXPECT_EQ(tree.GetFrameIndices(iiwa),
            std::vector<FrameIndex>{a.body_frame().index()});
  EXPECT_EQ(a.scoped_name(), "iiwa::link");
}

TEST(MultibodyTreeElements, LookupsByName) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex iiwa = tree.AddModelInstance("iiwa");
  const ModelInstanceIndex other = tree.AddModelInstance("other");
  const auto& x = tree.AddRigidBody("x", iiwa, Sphere(1));
  const auto& y = tree.AddRigidBody("y", iiwa, Sphere(1));
  const auto& x2 = tree.AddRigidBody("x", other, Sphere(1));
  const auto& elbow = tree.AddJoint<RevoluteJoint>(
      "elbow", x, std::nullopt, y, std::nullopt, Vector3<double>::UnitZ());
  const auto& act = tree.AddJointActuator("motor", elbow);

  // Unique names are found without an instance.
  EXPECT_EQ(&tree.GetBodyByName("y"), &y);
  EXPECT_EQ(&tree.GetRigidBodyByName("y"), &y);
  EXPECT_EQ(&tree.GetJointByName("elbow"), &elbow);
  EXPECT_EQ(&tree.GetJointByName<RevoluteJoint>("elbow"), &elbow);
  EXPECT_EQ(&tree.GetJointByName<RevoluteJoint>("elbow", iiwa), &elbow);
  EXPECT_EQ(&tree.GetJointActuatorByName("motor"), &act);
  EXPECT_EQ(&tree.GetJointActuatorByName("motor", iiwa), &act);
  EXPECT_EQ(&tree.GetFrameByName("y"), &y.body_frame());
  EXPECT_TRUE(tree.HasBodyNamed("y"));
  EXPECT_TRUE(tree.HasJointNamed("elbow"));
  EXPECT_TRUE(tree.HasJointNamed("elbow", iiwa));
  EXPECT_FALSE(tree.HasJointNamed("elbow", other));
  EXPECT_TRUE(tree.HasJointActuatorNamed("motor"));
  EXPECT_FALSE(tree.HasFrameNamed("nope"));

  // A name in several instances needs an instance.
  EXPECT_EQ(&tree.GetBodyByName("x", iiwa), &x);
  EXPECT_EQ(&tree.GetBodyByName("x", other), &x2);
  EXPECT_TRUE(tree.HasBodyNamed("x", other));
  EXPECT_LOGIC_ERROR(tree.GetBodyByName("x"),
                     "GetBodyByName(): a body named 'x' appears in several "
                     "model instances (iiwa, other)");
  EXPECT_LOGIC_ERROR(tree.HasBodyNamed("x"),
                     "HasBodyNamed(): a body named 'x' appears in several "
                     "model instances (iiwa, other)");
  EXPECT_LOGIC_ERROR(tree.GetFrameByName("x"),
                     "GetFrameByName(): a frame named 'x' appears in several");

  // Missing names list what exists.
  EXPECT_LOGIC_ERROR(tree.GetBodyByName("nope"),
                     "GetBodyByName(): there is no body named 'nope' anywhere "
                     "in the model (valid names in model instance "
                     "'WorldModelInstance': world; in model instance 'iiwa': "
                     "x, y; in model instance 'other': x)");
  EXPECT_LOGIC_ERROR(tree.GetJointByName("elbow", other),
                     "GetJointByName(): there is no joint named 'elbow' in "
                     "model instance 'other', but one exists in other model "
                     "instances (iiwa)");
  EXPECT_LOGIC_ERROR(tree.GetJointActuatorByName("nope"),
                     "there is no joint actuator named 'nope'");
  EXPECT_LOGIC_ERROR(tree.GetJointByName<PrismaticJoint>("elbow"),
                     "joint 'elbow' in model instance 'iiwa' is a revolute "
                     "joint, not a ");
  EXPECT_LOGIC_ERROR(tree.GetBodyByName("x", ModelInstanceIndex(11)),
                     "GetBodyByName(): there is no model instance with index "
                     "11");

  // By index.
  EXPECT_LOGIC_ERROR(tree.get_body(BodyIndex(10)),
                     "get_body(): the given BodyIndex(10) is out of bounds "
                     "(must be less than 4)");
  EXPECT_LOGIC_ERROR(tree.get_joint(JointIndex(1)),
                     "get_joint(): the given JointIndex(1) is out of bounds");
  EXPECT_LOGIC_ERROR(tree.get_frame(FrameIndex(4)),
                     "get_frame(): the given FrameIndex(4) is out of bounds");
  EXPECT_LOGIC_ERROR(tree.get_joint_actuator(JointActuatorIndex(1)),
                     "JointActuatorIndex(1) is out of bounds");
  EXPECT_LOGIC_ERROR(tree.get_body(BodyIndex()), "BodyIndex(-1)");

  // Index lists.
  EXPECT_EQ(tree.GetJointIndices(iiwa), std::vector<JointIndex>{JointIndex(0)});
  EXPECT_TRUE(tree.GetJointIndices(other).empty());
  EXPECT_EQ(tree.GetJointActuatorIndices(iiwa),
            std::vector<JointActuatorIndex>{JointActuatorIndex(0)});
  EXPECT_EQ(tree.GetActuatedJointIndices(iiwa),
            std::vector<JointIndex>{elbow.index()});
  EXPECT_TRUE(tree.GetActuatedJointIndices(other).empty());
  EXPECT_LOGIC_ERROR(tree.GetJointIndices(ModelInstanceIndex(5)),
                     "GetJointIndices(): there is no model instance");
}

TEST(MultibodyTreeElements, FramesAndAddJointFrames) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex arm = tree.AddModelInstance("arm");
  const auto& a = tree.AddRigidBody("a", arm, Sphere(1));
  const auto& b = tree.AddRigidBody("b", arm, Sphere(1));
  const RigidTransform<double> X_AP(RotationMatrix<double>::MakeZRotation(0.3),
                                    Vector3<double>(1, 2, 3));
  const auto& P = tree.AddFrame<FixedOffsetFrame>("P", a.body_frame(), X_AP);
  EXPECT_EQ(P.model_instance(), arm);
  EXPECT_EQ(&P.body(), &a);
  EXPECT_FALSE(P.is_body_frame());
  // A frame on a frame: X_AQ = X_AP·X_PQ.
  const RigidTransform<double> X_PQ(RotationMatrix<double>::MakeXRotation(-0.7),
                                    Vector3<double>(0.5, 0, -1));
  const auto& Q = tree.AddFrame<FixedOffsetFrame>("Q", P, X_PQ);
  EXPECT_TRUE(Q.GetFixedPoseInBodyFrame().IsNearlyEqualTo(X_AP * X_PQ, 1e-15));
  EXPECT_EQ(&Q.parent_frame(), &P);
  EXPECT_LOGIC_ERROR(tree.AddFrame<FixedOffsetFrame>("P", b.body_frame(), X_AP),
                     "AddFrame(): a frame named 'P' already exists in model "
                     "instance 'arm'.");
  EXPECT_LOGIC_ERROR(tree.AddFrame(std::unique_ptr<FixedOffsetFrame<double>>()),
                     "AddFrame(): the frame is a nullptr");
  // A body frame's name is taken by the frame of the same name too.
  EXPECT_LOGIC_ERROR(tree.AddFrame<FixedOffsetFrame>("a", b.body_frame(), X_AP),
                     "a frame named 'a' already exists");

  // AddJoint with poses makes "{name}_parent" / "{name}_child" frames.
  const RigidTransform<double> X_BM(Vector3<double>(0, 0, -0.5));
  const auto& j = tree.AddJoint<RevoluteJoint>("j", a, X_AP, b, X_BM,
                                               Vector3<double>::UnitY());
  EXPECT_EQ(j.frame_on_parent().name(), "j_parent");
  EXPECT_EQ(j.frame_on_child().name(), "j_child");
  EXPECT_TRUE(
      j.frame_on_parent().GetFixedPoseInBodyFrame().IsExactlyEqualTo(X_AP));
  EXPECT_TRUE(
      j.frame_on_child().GetFixedPoseInBodyFrame().IsExactlyEqualTo(X_BM));
  EXPECT_EQ(&j.parent_body(), &a);
  EXPECT_EQ(&j.child_body(), &b);
  EXPECT_TRUE(tree.HasFrameNamed("j_parent", arm));
  // Without poses the body frames are used.
  MultibodyTree<double> tree2;
  const auto& c = tree2.AddRigidBody("c", Sphere(1));
  const auto& k =
      tree2.AddJoint<PrismaticJoint>("k", tree2.world_body(), std::nullopt, c,
                                     std::nullopt, Vector3<double>::UnitX());
  EXPECT_EQ(&k.frame_on_parent(), &tree2.world_frame());
  EXPECT_EQ(&k.frame_on_child(), &c.body_frame());
  EXPECT_EQ(tree2.num_frames(), 2);
}

TEST(MultibodyTreeElements, AddJointErrors) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex iiwa = tree.AddModelInstance("iiwa");
  const auto& x = tree.AddRigidBody("x", iiwa, Sphere(1));
  const auto& y = tree.AddRigidBody("y", iiwa, Sphere(1));
  const Vector3<double> z = Vector3<double>::UnitZ();
  tree.AddJoint<RevoluteJoint>("elbow", x, std::nullopt, y, std::nullopt, z);
  EXPECT_LOGIC_ERROR(
      tree.AddJoint<PrismaticJoint>("elbow", tree.world_body(), std::nullopt, x,
                                    std::nullopt, z),
      "AddJoint(): a joint named 'elbow' already exists in model instance "
      "'iiwa'.");
  EXPECT_LOGIC_ERROR(
      tree.AddJoint<RevoluteJoint>("self", x, std::nullopt, x, std::nullopt, z),
      "AddJoint(): joint 'self' would connect body 'x' to "
      "itself.");
  EXPECT_LOGIC_ERROR(tree.AddJoint<RevoluteJoint>("again", y, std::nullopt, x,
                                                  std::nullopt, z),
                     "joint 'again' would connect bodies 'y' and 'x', which "
                     "joint 'elbow' already connects");
  EXPECT_LOGIC_ERROR(tree.AddJoint(std::unique_ptr<RevoluteJoint<double>>()),
                     "AddJoint(): the joint is a nullptr.");
  // Frames of another tree.
  MultibodyTree<double> other;
  const auto& w = other.AddRigidBody("w", Sphere(1));
  EXPECT_LOGIC_ERROR(
      tree.AddJoint(std::make_unique<RevoluteJoint<double>>(
          "alien", tree.world_frame(), w.body_frame(), z)),
      "AddJoint(): joint 'alien' uses frame 'w', which does not belong to "
      "this model");
  EXPECT_LOGIC_ERROR(
      tree.AddJoint<RevoluteJoint>("alien2", tree.world_body(), std::nullopt, w,
                                   std::nullopt, z),
      "joint 'alien2' connects body 'w', which does not "
      "belong to this model");
}

TEST(MultibodyTreeElements, JointKindsCommonApi) {
  MultibodyTree<double> tree;
  const auto& W = tree.world_frame();
  std::vector<const RigidBody<double>*> b;
  for (int i = 0; i < 9; ++i)
    b.push_back(&tree.AddRigidBody(fmt::format("b{}", i), Sphere(1)));
  const Vector3<double> axis(0, 0, 2);  // normalized by the joints
  std::vector<const Joint<double>*> joints = {
      &tree.AddJoint(std::make_unique<WeldJoint<double>>(
          "weld", W, b[0]->body_frame(), RigidTransform<double>::Identity())),
      &tree.AddJoint(std::make_unique<RevoluteJoint<double>>(
          "revolute", W, b[1]->body_frame(), axis)),
      &tree.AddJoint(std::make_unique<PrismaticJoint<double>>(
          "prismatic", W, b[2]->body_frame(), axis)),
      &tree.AddJoint(std::make_unique<BallRpyJoint<double>>(
          "ball_rpy", W, b[3]->body_frame())),
      &tree.AddJoint(std::make_unique<QuaternionFloatingJoint<double>>(
          "quaternion_floating", W, b[4]->body_frame())),
      &tree.AddJoint(std::make_unique<RpyFloatingJoint<double>>(
          "rpy_floating", W, b[5]->body_frame())),
      &tree.AddJoint(std::make_unique<PlanarJoint<double>>(
          "planar", W, b[6]->body_frame(), Vector3<double>::Zero())),
      &tree.AddJoint(std::make_unique<UniversalJoint<double>>(
          "universal", W, b[7]->body_frame())),
      &tree.AddJoint(std::make_unique<ScrewJoint<double>>(
          "screw", W, b[8]->body_frame(), 0.1, 0.0)),
  };
  struct Expected {
    int nq, nv;
    bool rotates, translates;
    std::vector<std::string> q_suffixes, v_suffixes;
  };
  const std::vector<Expected> expected = {
      {0, 0, false, false, {}, {}},
      {1, 1, true, false, {"q"}, {"w"}},
      {1, 1, false, true, {"x"}, {"v"}},
      {3, 3, true, false, {"qx", "qy", "qz"}, {"wx", "wy", "wz"}},
      {7,
       6,
       true,
       true,
       {"qw", "qx", "qy", "qz", "x", "y", "z"},
       {"wx", "wy", "wz", "vx", "vy", "vz"}},
      {6,
       6,
       true,
       true,
       {"qx", "qy", "qz", "x", "y", "z"},
       {"wx", "wy", "wz", "vx", "vy", "vz"}},
      {3, 3, true, true, {"x", "y", "qz"}, {"vx", "vy", "wz"}},
      {2, 2, true, false, {"qx", "qy"}, {"wx", "wy"}},
      {1, 1, true, true, {"q"}, {"w"}},
  };
  for (size_t k = 0; k < joints.size(); ++k) {
    const Joint<double>& joint = *joints[k];
    SCOPED_TRACE(joint.name());
    // Each joint is named after its type name here.
    EXPECT_EQ(joint.type_name(), joint.name());
    EXPECT_EQ(joint.num_positions(), expected[k].nq);
    EXPECT_EQ(joint.num_velocities(), expected[k].nv);
    EXPECT_EQ(joint.can_rotate(), expected[k].rotates);
    EXPECT_EQ(joint.can_translate(), expected[k].translates);
    for (int i = 0; i < joint.num_positions(); ++i)
      EXPECT_EQ(joint.position_suffix(i), expected[k].q_suffixes[i]);
    for (int i = 0; i < joint.num_velocities(); ++i)
      EXPECT_EQ(joint.velocity_suffix(i), expected[k].v_suffixes[i]);
    EXPECT_LOGIC_ERROR(joint.position_suffix(joint.num_positions()),
                       "out of range");
    // No limits, no damping by default.
    EXPECT_EQ(joint.position_lower_limits(),
              VectorX<double>::Constant(expected[k].nq, -kInf));
    EXPECT_EQ(joint.position_upper_limits(),
              VectorX<double>::Constant(expected[k].nq, kInf));
    EXPECT_EQ(joint.velocity_lower_limits(),
              VectorX<double>::Constant(expected[k].nv, -kInf));
    EXPECT_EQ(joint.acceleration_upper_limits(),
              VectorX<double>::Constant(expected[k].nv, kInf));
    EXPECT_TRUE(joint.default_damping_vector().isZero());
    EXPECT_EQ(joint.default_damping_vector().size(), expected[k].nv);
    // Default positions: zero, except the identity quaternion.
    VectorX<double> q0 = VectorX<double>::Zero(expected[k].nq);
    if (joint.type_name() == "quaternion_floating") q0[0] = 1;
    EXPECT_EQ(joint.default_positions(), q0);
    EXPECT_EQ(joint.model_instance(), default_model_instance());
    EXPECT_LOGIC_ERROR(joint.position_start(), "pre-finalize");
  }
  const auto& revolute = tree.GetJointByName<RevoluteJoint>("revolute");
  EXPECT_EQ(revolute.revolute_axis(), Vector3<double>::UnitZ());
  const auto& prismatic = tree.GetJointByName<PrismaticJoint>("prismatic");
  EXPECT_EQ(prismatic.translation_axis(), Vector3<double>::UnitZ());
  const auto& screw = tree.GetJointByName<ScrewJoint>("screw");
  EXPECT_EQ(screw.screw_axis(), Vector3<double>::UnitZ());
  EXPECT_EQ(screw.screw_pitch(), 0.1);
  EXPECT_TRUE(
      tree.GetJointByName<WeldJoint>("weld").X_FM().IsExactlyIdentity());
}

TEST(MultibodyTreeElements, JointLimitsDefaultsAndDamping) {
  MultibodyTree<double> tree;
  const auto& body = tree.AddRigidBody("b", Sphere(1));
  auto& joint = const_cast<RevoluteJoint<double>&>(tree.AddJoint<RevoluteJoint>(
      "j", tree.world_body(), std::nullopt, body, std::nullopt,
      Vector3<double>(3, 0, 4), -1.0, 2.0, 0.5));
  EXPECT_TRUE(
      joint.revolute_axis().isApprox(Vector3<double>(0.6, 0, 0.8), 1e-15));
  EXPECT_EQ(joint.position_lower_limit(), -1.0);
  EXPECT_EQ(joint.position_upper_limit(), 2.0);
  EXPECT_EQ(joint.default_damping(), 0.5);
  joint.set_default_angle(0.25);
  EXPECT_EQ(joint.get_default_angle(), 0.25);
  EXPECT_EQ(joint.default_positions()[0], 0.25);
  joint.set_velocity_limits(Vector1<double>(-3), Vector1<double>(3));
  EXPECT_EQ(joint.velocity_upper_limit(), 3);
  joint.set_acceleration_limits(Vector1<double>(-10), Vector1<double>(kInf));
  EXPECT_EQ(joint.acceleration_lower_limit(), -10);
  EXPECT_EQ(joint.acceleration_upper_limit(), kInf);
  // Setting position limits leaves the default position unchanged.
  joint.set_position_limits(Vector1<double>(0.5), Vector1<double>(0.6));
  EXPECT_EQ(joint.get_default_angle(), 0.25);
  EXPECT_LOGIC_ERROR(
      joint.set_position_limits(Vector2<double>(0, 0), Vector1<double>(1)),
      "set_position_limits(): joint 'j' needs 1 position limits (one per "
      "coordinate) but the lower and upper limits have sizes 2 and 1.");
  EXPECT_LOGIC_ERROR(
      joint.set_velocity_limits(Vector1<double>(1), Vector1<double>(0)),
      "set_velocity_limits(): joint 'j': the lower velocity limit 1 of "
      "coordinate 0 exceeds the upper limit 0.");
  EXPECT_LOGIC_ERROR(joint.set_default_positions(Vector2<double>(0, 0)),
                     "set_default_positions(): joint 'j' has 1 positions but "
                     "the given vector has size 2.");
  EXPECT_LOGIC_ERROR(joint.set_default_damping_vector(Vector1<double>(-1)),
                     "the damping of joint 'j' must be nonnegative");
  EXPECT_LOGIC_ERROR(joint.set_default_damping(-1), "must be nonnegative");
  EXPECT_LOGIC_ERROR(
      joint.set_default_damping_vector(Vector2<double>(1, 1)),
      "set_default_damping_vector(): joint 'j' has 1 velocities but the given "
      "vector has size 2.");
  joint.set_default_damping(2.0);
  EXPECT_EQ(joint.default_damping_vector(), Vector1<double>(2.0));

  // Constructor checks.
  const auto& W = tree.world_frame();
  const auto& B = body.body_frame();
  EXPECT_LOGIC_ERROR(RevoluteJoint<double>("r", W, B, Vector3<double>::Zero()),
                     "RevoluteJoint(): the axis of joint 'r' must have "
                     "nonzero length");
  EXPECT_LOGIC_ERROR(
      RevoluteJoint<double>("r", W, B, Vector3<double>::UnitX(), -1.0),
      "RevoluteJoint(): the damping of joint 'r' must be nonnegative");
  EXPECT_LOGIC_ERROR(
      RevoluteJoint<double>("r", W, B, Vector3<double>::UnitX(), 2.0, 1.0),
      "the lower position limit 2 of coordinate 0 exceeds the upper limit 1");
  EXPECT_LOGIC_ERROR(PrismaticJoint<double>("p", W, B, Vector3<double>::Zero()),
                     "PrismaticJoint(): the axis of joint 'p' must have "
                     "nonzero length");
  EXPECT_LOGIC_ERROR(BallRpyJoint<double>("b", W, B, -0.1),
                     "BallRpyJoint(): the damping");
  EXPECT_LOGIC_ERROR(QuaternionFloatingJoint<double>("q", W, B, 0, -2),
                     "QuaternionFloatingJoint(): the damping");
  EXPECT_LOGIC_ERROR(PlanarJoint<double>("pl", W, B, Vector3<double>(0, -1, 0)),
                     "PlanarJoint(): the damping");
  EXPECT_LOGIC_ERROR(UniversalJoint<double>("u", W, B, -1),
                     "UniversalJoint(): the damping");
  EXPECT_LOGIC_ERROR(ScrewJoint<double>("s", W, B, 0.1, -1),
                     "ScrewJoint(): the damping");
  EXPECT_LOGIC_ERROR(
      ScrewJoint<double>("s", W, B, Vector3<double>::Zero(), 0.1, 0),
      "ScrewJoint(): the axis");
}

TEST(MultibodyTreeElements, JointKindDefaults) {
  MultibodyTree<double> tree;
  const auto& W = tree.world_frame();
  const auto& B = tree.AddRigidBody("b", Sphere(1)).body_frame();
  QuaternionFloatingJoint<double> quat("q", W, B, 1.5, 2.5);
  EXPECT_EQ(quat.default_angular_damping(), 1.5);
  EXPECT_EQ(quat.default_translational_damping(), 2.5);
  EXPECT_EQ(quat.default_damping_vector(),
            (Vector6<double>() << 1.5, 1.5, 1.5, 2.5, 2.5, 2.5).finished());
  const Quaternion<double> q_FM(0.5, 0.5, -0.5, 0.5);
  quat.set_default_quaternion(q_FM);
  quat.set_default_position(Vector3<double>(1, 2, 3));
  EXPECT_EQ(quat.get_default_quaternion().coeffs(), q_FM.coeffs());
  EXPECT_EQ(quat.get_default_position(), Vector3<double>(1, 2, 3));
  EXPECT_EQ(quat.default_positions(),
            (VectorX<double>(7) << 0.5, 0.5, -0.5, 0.5, 1, 2, 3).finished());
  EXPECT_LOGIC_ERROR(
      quat.set_default_quaternion(Quaternion<double>(0, 0, 0, 0)),
      "the default quaternion of joint 'q' must not be zero");

  RpyFloatingJoint<double> rpy("r", W, B, 0.5, 0.25);
  rpy.set_default_angles(Vector3<double>(0.1, 0.2, 0.3));
  rpy.set_default_translation(Vector3<double>(4, 5, 6));
  EXPECT_EQ(rpy.default_positions(),
            (VectorX<double>(6) << 0.1, 0.2, 0.3, 4, 5, 6).finished());
  EXPECT_EQ(rpy.default_translational_damping(), 0.25);

  PlanarJoint<double> planar("p", W, B, Vector3<double>(1, 2, 3));
  EXPECT_EQ(planar.default_damping(), Vector3<double>(1, 2, 3));
  planar.set_default_pose(Vector2<double>(0.5, -0.5), 1.2);
  EXPECT_EQ(planar.get_default_translation(), Vector2<double>(0.5, -0.5));
  EXPECT_EQ(planar.get_default_rotation(), 1.2);
  planar.set_default_rotation(0.3);
  EXPECT_EQ(planar.default_positions(), Vector3<double>(0.5, -0.5, 0.3));

  BallRpyJoint<double> ball("b", W, B, 0.7);
  EXPECT_EQ(ball.default_damping_vector(), Vector3<double>::Constant(0.7));
  ball.set_default_angles(Vector3<double>(1, 2, 3));
  EXPECT_EQ(ball.get_default_angles(), Vector3<double>(1, 2, 3));

  UniversalJoint<double> universal("u", W, B, 0.2);
  EXPECT_EQ(universal.default_damping_vector(), Vector2<double>(0.2, 0.2));
  universal.set_default_angles(Vector2<double>(-1, 1));
  EXPECT_EQ(universal.get_default_angles(), Vector2<double>(-1, 1));

  // Screw: z = θ·pitch/(2π), so a quarter turn of a 0.4 m pitch is 0.1 m.
  ScrewJoint<double> screw("s", W, B, Vector3<double>(0, 2, 0), 0.4, 0.1);
  EXPECT_EQ(screw.screw_axis(), Vector3<double>::UnitY());
  screw.set_default_rotation(M_PI / 2);
  EXPECT_NEAR(screw.get_default_translation(), 0.1, 1e-15);
  screw.set_default_translation(0.2);
  EXPECT_NEAR(screw.get_default_rotation(), M_PI, 1e-15);
  ScrewJoint<double> flat("f", W, B, 0.0, 0.0);
  EXPECT_LOGIC_ERROR(flat.set_default_translation(0.1), "has zero pitch");

  PrismaticJoint<double> prismatic("x", W, B, Vector3<double>::UnitX(), -1, 1,
                                   3);
  prismatic.set_default_translation(0.5);
  EXPECT_EQ(prismatic.get_default_translation(), 0.5);
  EXPECT_EQ(prismatic.default_damping(), 3);
  EXPECT_EQ(prismatic.position_upper_limit(), 1);
}

TEST(MultibodyTreeElements, JointActuators) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex arm = tree.AddModelInstance("arm");
  const auto& a = tree.AddRigidBody("a", arm, Sphere(1));
  const auto& b = tree.AddRigidBody("b", arm, Sphere(1));
  const auto& c = tree.AddRigidBody("c", arm, Sphere(1));
  const auto& shoulder =
      tree.AddJoint<RevoluteJoint>("shoulder", tree.world_body(), std::nullopt,
                                   a, std::nullopt, Vector3<double>::UnitZ());
  const auto& weld = tree.WeldFrames(a.body_frame(), b.body_frame());
  EXPECT_EQ(weld.name(), "a_welds_to_b");
  const auto& ball =
      tree.AddJoint<BallRpyJoint>("ball", b, std::nullopt, c, std::nullopt);
  auto& motor = const_cast<JointActuator<double>&>(
      tree.AddJointActuator("motor", shoulder, 20.0));
  EXPECT_EQ(motor.name(), "motor");
  EXPECT_EQ(&motor.joint(), &shoulder);
  EXPECT_EQ(motor.model_instance(), arm);
  EXPECT_EQ(motor.effort_limit(), 20.0);
  EXPECT_EQ(motor.num_inputs(), 1);
  EXPECT_EQ(motor.default_gear_ratio(), 1.0);
  EXPECT_EQ(motor.default_rotor_inertia(), 0.0);
  motor.set_default_rotor_inertia(0.02);
  motor.set_default_gear_ratio(-10.0);
  // Reflected inertia ρ²·I_r: the sign of the ratio does not matter.
  EXPECT_NEAR(motor.default_reflected_inertia(), 2.0, 1e-15);
  EXPECT_FALSE(motor.has_controller());
  EXPECT_LOGIC_ERROR(motor.get_controller_gains(), "has no PD controller");
  motor.set_controller_gains({100.0, 5.0});
  EXPECT_EQ(motor.get_controller_gains().p, 100.0);
  EXPECT_EQ(motor.get_controller_gains().d, 5.0);
  EXPECT_LOGIC_ERROR(motor.set_controller_gains({0.0, 1.0}),
                     "the proportional gain must be strictly positive");
  EXPECT_LOGIC_ERROR(motor.set_default_rotor_inertia(-1), "nonnegative");
  EXPECT_LOGIC_ERROR(motor.set_effort_limit(0), "strictly positive");
  EXPECT_LOGIC_ERROR(motor.input_start(), "pre-finalize");

  EXPECT_LOGIC_ERROR(tree.AddJointActuator("motor", shoulder),
                     "AddJointActuator(): a joint actuator named 'motor' "
                     "already exists in model instance 'arm'.");
  EXPECT_LOGIC_ERROR(tree.AddJointActuator("m2", shoulder, -1.0),
                     "the effort limit of joint actuator 'm2' must be "
                     "strictly positive (got -1)");
  EXPECT_LOGIC_ERROR(tree.AddJointActuator("m3", weld),
                     "joint 'a_welds_to_b' (weld), which has 0 degrees of "
                     "freedom");
  EXPECT_LOGIC_ERROR(tree.AddJointActuator("m4", ball),
                     "joint 'ball' (ball_rpy), which has 3 degrees");
  EXPECT_EQ(tree.num_actuators(), 1);
  EXPECT_EQ(tree.num_actuated_dofs(), 1);
  EXPECT_EQ(tree.num_actuated_dofs(arm), 1);
  EXPECT_EQ(tree.num_actuated_dofs(default_model_instance()), 0);
  EXPECT_EQ(tree.num_actuators(arm), 1);
}

TEST(MultibodyTreeElements, FinalizeRules) {
  MultibodyTree<double> tree;
  const auto& a = tree.AddRigidBody("a", Sphere(1));
  const auto& j =
      tree.AddJoint<RevoluteJoint>("j", tree.world_body(), std::nullopt, a,
                                   std::nullopt, Vector3<double>::UnitZ());
  tree.AddJointActuator("m", j);
  EXPECT_LOGIC_ERROR(tree.num_positions(),
                     "num_positions(): pre-finalize calls are not allowed");
  EXPECT_LOGIC_ERROR(tree.tree_height(), "pre-finalize");
  EXPECT_LOGIC_ERROR(a.is_floating_base_body(), "pre-finalize");
  EXPECT_FALSE(tree.is_finalized());
  tree.Finalize();
  EXPECT_TRUE(tree.is_finalized());
  EXPECT_TRUE(tree.topology_is_valid());
  EXPECT_LOGIC_ERROR(tree.Finalize(),
                     "Finalize(): post-finalize calls are not allowed");
  EXPECT_LOGIC_ERROR(tree.AddRigidBody("b", Sphere(1)),
                     "AddRigidBody(): post-finalize calls are not allowed");
  EXPECT_LOGIC_ERROR(tree.AddModelInstance("late"),
                     "AddModelInstance(): post-finalize");
  EXPECT_LOGIC_ERROR(tree.AddJointActuator("m2", j),
                     "AddJointActuator(): post-finalize");
  EXPECT_LOGIC_ERROR(tree.AddFrame<FixedOffsetFrame>("f", a.body_frame(),
                                                     RigidTransform<double>()),
                     "AddFrame(): post-finalize");
  EXPECT_LOGIC_ERROR(tree.WeldFrames(tree.world_frame(), a.body_frame()),
                     "AddJoint(): post-finalize");
  EXPECT_LOGIC_ERROR(
      tree.get_mutable_joint(j.index()).set_default_damping_vector(
          Vector1<double>(1)),
      "set_default_damping_vector(): joint 'j': post-finalize calls are not "
      "allowed");
  // Default positions and limits may still change (they are not compiled),
  // and so may an actuator's gear ratio and rotor inertia (the Contexts set
  // to defaults afterwards take them).
  tree.get_mutable_joint(j.index()).set_default_positions(Vector1<double>(0.3));
  EXPECT_EQ(tree.GetDefaultPositions(), Vector1<double>(0.3));
  tree.get_mutable_joint_actuator(JointActuatorIndex(0))
      .set_default_gear_ratio(2);
  EXPECT_EQ(tree.get_joint_actuator(JointActuatorIndex(0)).default_gear_ratio(),
            2.0);
  EXPECT_EQ(tree.get_joint_actuator(JointActuatorIndex(0)).input_start(), 0);
}

TEST(MultibodyTreeElements, AutoDiffScalar) {
  // The element classes and the tree instantiate on AutoDiffXd too.
  MultibodyTree<AutoDiffXd> tree;
  const auto& a = tree.AddRigidBody("a", Sphere(2));
  const auto& j = tree.AddJoint<PrismaticJoint>(
      "j", tree.world_body(), RigidTransform<double>(Vector3<double>(0, 0, 1)),
      a, std::nullopt, Vector3<double>::UnitX());
  tree.Finalize();
  EXPECT_EQ(tree.num_positions(), 1);
  EXPECT_EQ(j.position_start(), 0);
  EXPECT_EQ(a.default_mass(), 2.0);
  VectorX<AutoDiffXd> q(1);
  q[0] = AutoDiffXd(0.5, Vector1<double>(1.0));
  EXPECT_EQ(tree.GetPositionsFromArray(default_model_instance(), q)[0]
                .derivatives()[0],
            1.0);
}

}  // namespace
}  // namespace ossa::multibody
