// The elements compiled into the kernels' flat model at Finalize(): the
// poses X_WB(q) the kernels compute agree with poses composed by hand from
// the joints' frames, X_WB = X_WP·X_PF·X_FM(q)·X_MB, for every joint kind,
// for reversed joints and for welds; parameters land on the right mobods.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"

namespace ossa::multibody {
namespace multibody_tree_compile_test {

using internal::MultibodyTree;
using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;
using ::testing::HasSubstr;
using RigidTransformd = RigidTransform<double>;

// Poses are composed through at most ~10 transforms of unit-sized entries:
// a few hundred ulps of 1.
constexpr double kTolerance = 1e-13;

RigidTransformd MakePose(double r, double p, double y, double x, double yy,
                         double z) {
  return RigidTransformd(RollPitchYaw<double>(r, p, y),
                         Vector3<double>(x, yy, z));
}

RotationMatrix<double> AxisAngle(const Vector3<double>& axis, double angle) {
  return RotationMatrix<double>(AngleAxis<double>(angle, axis.normalized()));
}

// X_FM(q) of each joint kind, composed from the joint's documented
// coordinates (independently of the kernels' mobilizer code).
RigidTransformd HandX_FM(const Joint<double>& joint,
                         const VectorX<double>& q_joint) {
  const auto& q = q_joint;
  switch (joint.kind()) {
    case internal::MobilizerKind::kWeld:
      return dynamic_cast<const WeldJoint<double>&>(joint).X_FM();
    case internal::MobilizerKind::kRevolute:
      return RigidTransformd(
          AxisAngle(
              dynamic_cast<const RevoluteJoint<double>&>(joint).revolute_axis(),
              q[0]),
          Vector3<double>::Zero());
    case internal::MobilizerKind::kPrismatic:
      return RigidTransformd(Vector3<double>(
          q[0] * dynamic_cast<const PrismaticJoint<double>&>(joint)
                     .translation_axis()));
    case internal::MobilizerKind::kScrew: {
      const auto& screw = dynamic_cast<const ScrewJoint<double>&>(joint);
      return RigidTransformd(AxisAngle(screw.screw_axis(), q[0]),
                             Vector3<double>(screw.screw_pitch() * q[0] /
                                             (2 * M_PI) * screw.screw_axis()));
    }
    case internal::MobilizerKind::kRpyBall:
      return RigidTransformd(RollPitchYaw<double>(q[0], q[1], q[2]),
                             Vector3<double>::Zero());
    case internal::MobilizerKind::kRpyFloating:
      return RigidTransformd(RollPitchYaw<double>(q[0], q[1], q[2]),
                             Vector3<double>(q[3], q[4], q[5]));
    case internal::MobilizerKind::kQuaternionFloating:
      return RigidTransformd(
          Quaternion<double>(q[0], q[1], q[2], q[3]).normalized(),
          Vector3<double>(q[4], q[5], q[6]));
    case internal::MobilizerKind::kPlanar:
      return RigidTransformd(RotationMatrix<double>::MakeZRotation(q[2]),
                             Vector3<double>(q[0], q[1], 0));
    case internal::MobilizerKind::kUniversal:
      return RigidTransformd(RotationMatrix<double>::MakeXRotation(q[0]) *
                                 RotationMatrix<double>::MakeYRotation(q[1]),
                             Vector3<double>::Zero());
    default:
      // The kReversed* kinds: a joint reports only forward kinds.
      break;
  }
  throw std::logic_error("unknown kind");
}

// X_WB of every body by hand: walk from the world through the joints,
// using each joint forward (X_PC = X_PF·X_FM·X_CM⁻¹) or backward
// (X_CP = X_CM·X_FM⁻¹·X_PF⁻¹).
std::map<int, RigidTransformd> HandPoses(const MultibodyTree<double>& tree,
                                         const VectorX<double>& q) {
  std::map<int, RigidTransformd> X_WB{{0, RigidTransformd::Identity()}};
  bool grew = true;
  while (grew) {
    grew = false;
    for (int j = 0; j < tree.num_joints(); ++j) {
      const Joint<double>& joint = tree.get_joint(JointIndex(j));
      const int p = joint.parent_body().index();
      const int c = joint.child_body().index();
      const RigidTransformd X_PF =
          joint.frame_on_parent().GetFixedPoseInBodyFrame();
      const RigidTransformd X_CM =
          joint.frame_on_child().GetFixedPoseInBodyFrame();
      const RigidTransformd X_FM = HandX_FM(
          joint, q.segment(joint.position_start(), joint.num_positions()));
      if (X_WB.count(p) && !X_WB.count(c)) {
        X_WB[c] = X_WB[p] * X_PF * X_FM * X_CM.inverse();
        grew = true;
      } else if (X_WB.count(c) && !X_WB.count(p)) {
        X_WB[p] = X_WB[c] * X_CM * X_FM.inverse() * X_PF.inverse();
        grew = true;
      }
    }
  }
  return X_WB;
}

// The kernels' X_WB of `body`.
RigidTransformd KernelPose(const MultibodyTree<double>& tree,
                           const internal::TreeWorkspace<double>& ws,
                           const RigidBody<double>& body) {
  const int m = tree.get_topology().body_to_mobod(body.index());
  return RigidTransformd(RotationMatrix<double>(ws.R_WB[m]), ws.p_WB[m]);
}

void ExpectPosesMatch(const MultibodyTree<double>& tree,
                      const VectorX<double>& q) {
  internal::TreeWorkspace<double> ws(tree.compiled_tree());
  internal::CalcPositionKinematics<double>(
      tree.compiled_tree(), tree.default_tree_parameters(), q, &ws);
  const auto hand = HandPoses(tree, q);
  ASSERT_EQ(static_cast<int>(hand.size()), tree.num_bodies());
  for (int b = 0; b < tree.num_bodies(); ++b) {
    const RigidBody<double>& body = tree.get_body(BodyIndex(b));
    SCOPED_TRACE(body.name());
    EXPECT_TRUE(
        KernelPose(tree, ws, body).IsNearlyEqualTo(hand.at(b), kTolerance))
        << "kernel:\n"
        << KernelPose(tree, ws, body).GetAsMatrix4() << "\nhand:\n"
        << hand.at(b).GetAsMatrix4();
  }
}

VectorX<double> SomeQ(int n, double seed) {
  VectorX<double> q(n);
  for (int i = 0; i < n; ++i) q[i] = std::sin(seed * (i + 1) + 0.3 * i);
  return q;
}

TEST(MultibodyTreeCompile, EveryJointKindInAChainWithOffsets) {
  MultibodyTree<double> tree;
  const auto M = SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1);
  std::vector<const RigidBody<double>*> b;
  for (int i = 0; i < 9; ++i)
    b.push_back(&tree.AddRigidBody(fmt::format("b{}", i), M));
  const auto X = [](int k) {
    return MakePose(0.1 * k, -0.2 * k, 0.3 + 0.05 * k, 0.1 * k, -0.5, 0.2);
  };
  const auto Y = [](int k) {
    return MakePose(-0.3, 0.1 * k, 0.2, 0.3, 0.05 * k, -0.1 * k);
  };
  const Vector3<double> axis(1, -2, 0.5);
  tree.AddJoint<RevoluteJoint>("rev", tree.world_body(), X(0), *b[0], Y(0),
                               axis);
  tree.AddJoint<PrismaticJoint>("pri", *b[0], X(1), *b[1], Y(1), axis);
  tree.AddJoint<ScrewJoint>("scr", *b[1], X(2), *b[2], Y(2), axis, 0.3, 0.0);
  tree.AddJoint<BallRpyJoint>("bal", *b[2], X(3), *b[3], Y(3));
  tree.AddJoint<UniversalJoint>("uni", *b[3], X(4), *b[4], Y(4));
  tree.AddJoint<PlanarJoint>("pla", *b[4], X(5), *b[5], Y(5),
                             Vector3<double>::Zero());
  tree.AddJoint<RpyFloatingJoint>("rpy", *b[5], X(6), *b[6], Y(6));
  tree.AddJoint<QuaternionFloatingJoint>("qua", *b[6], X(7), *b[7], Y(7));
  tree.AddJoint<WeldJoint>("wel", *b[7], X(8), *b[8], Y(8), X(9));
  tree.Finalize();
  EXPECT_EQ(tree.compiled_tree().num_positions(), tree.num_positions());
  EXPECT_EQ(tree.compiled_tree().num_velocities(), tree.num_velocities());
  EXPECT_EQ(tree.compiled_tree().num_mobods(), tree.num_bodies());
  for (double seed : {0.0, 0.7, 2.3}) {
    SCOPED_TRACE(seed);
    VectorX<double> q = SomeQ(tree.num_positions(), seed);
    // A non-unit quaternion: the kernels normalize it, so does HandX_FM.
    const auto& qua = tree.GetJointByName("qua");
    q.segment<4>(qua.position_start()) << 1.2, 0.3, -0.4, 0.5;
    ExpectPosesMatch(tree, q);
  }
  // The zero configuration with the default positions.
  ExpectPosesMatch(tree, tree.GetDefaultPositions());
}

TEST(MultibodyTreeCompile, ReversedJointsGiveTheSamePoses) {
  // Forward: world —rev(F at X1 on world, M at X2 on B)→ B —pri→ C.
  // Reversed: the same joints declared with parent and child swapped.
  const RigidTransformd X1 = MakePose(0.2, -0.4, 1.1, 0.5, -0.2, 0.9);
  const RigidTransformd X2 = MakePose(-0.7, 0.3, 0.1, -0.1, 0.4, 0.25);
  const RigidTransformd X3 = MakePose(0.5, 0.5, -0.5, 1, 0, 0);
  const RigidTransformd X4 = MakePose(0, 0.2, 0, 0, 0.3, -0.6);
  const RigidTransformd X5 = MakePose(1.0, 0.0, 0.4, 0.0, 0.0, 0.3);
  const Vector3<double> axis(0.3, 1, -0.2);
  const auto M = SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1);

  MultibodyTree<double> forward;
  const auto& fB = forward.AddRigidBody("B", M);
  const auto& fC = forward.AddRigidBody("C", M);
  const auto& fD = forward.AddRigidBody("D", M);
  forward.AddJoint<RevoluteJoint>("rev", forward.world_body(), X1, fB, X2,
                                  axis);
  forward.AddJoint<PrismaticJoint>("pri", fB, X3, fC, X4, axis);
  forward.AddJoint<WeldJoint>("wel", fC, X2, fD, X3, X5);
  forward.Finalize();

  MultibodyTree<double> reversed;
  const auto& rB = reversed.AddRigidBody("B", M);
  const auto& rC = reversed.AddRigidBody("C", M);
  const auto& rD = reversed.AddRigidBody("D", M);
  const auto& rev = reversed.AddJoint<RevoluteJoint>(
      "rev", rB, X2, reversed.world_body(), X1, axis);
  const auto& pri =
      reversed.AddJoint<PrismaticJoint>("pri", rC, X4, rB, X3, axis);
  const auto& wel =
      reversed.AddJoint<WeldJoint>("wel", rD, X3, rC, X2, X5.inverse());
  reversed.Finalize();
  EXPECT_TRUE(rev.is_reversed());
  EXPECT_TRUE(pri.is_reversed());
  EXPECT_TRUE(wel.is_reversed());
  EXPECT_EQ(reversed.num_positions(), 2);
  EXPECT_EQ(rB.get_level(), 1);
  EXPECT_EQ(rD.get_level(), 3);

  for (double seed : {0.4, 1.9}) {
    const VectorX<double> q = SomeQ(2, seed);
    // Each reversed model is checked against its own hand composition...
    ExpectPosesMatch(reversed, q);
    ExpectPosesMatch(forward, q);
    // ...and against the forward model: swapping F and M inverts X_FM(q),
    // which for these joints is X_FM(-q).
    internal::TreeWorkspace<double> wf(forward.compiled_tree());
    internal::TreeWorkspace<double> wr(reversed.compiled_tree());
    internal::CalcPositionKinematics<double>(
        forward.compiled_tree(), forward.default_tree_parameters(), q, &wf);
    const VectorX<double> minus_q = -q;
    internal::CalcPositionKinematics<double>(reversed.compiled_tree(),
                                             reversed.default_tree_parameters(),
                                             minus_q, &wr);
    EXPECT_TRUE(KernelPose(forward, wf, fB)
                    .IsNearlyEqualTo(KernelPose(reversed, wr, rB), kTolerance));
    EXPECT_TRUE(KernelPose(forward, wf, fC)
                    .IsNearlyEqualTo(KernelPose(reversed, wr, rC), kTolerance));
    EXPECT_TRUE(KernelPose(forward, wf, fD)
                    .IsNearlyEqualTo(KernelPose(reversed, wr, rD), kTolerance));
  }
}

TEST(MultibodyTreeCompile, BranchedTreeWithFloatingBaseAndInstances) {
  MultibodyTree<double> tree;
  const ModelInstanceIndex robot = tree.AddModelInstance("robot");
  const auto M = SpatialInertia<double>::SolidSphereWithMass(2.0, 0.2);
  const auto& torso = tree.AddRigidBody("torso", robot, M);
  const auto& l1 = tree.AddRigidBody("l1", robot, M);
  const auto& l2 = tree.AddRigidBody("l2", robot, M);
  const auto& r1 = tree.AddRigidBody("r1", robot, M);
  const auto& table = tree.AddRigidBody("table", default_model_instance(), M);
  tree.AddJoint<RevoluteJoint>("hip_l", torso, MakePose(0, 0, 0, 0, 0.2, 0), l1,
                               std::nullopt, Vector3<double>::UnitY());
  tree.AddJoint<RevoluteJoint>("knee_l", l1, MakePose(0, 0, 0, 0, 0, -0.4), l2,
                               std::nullopt, Vector3<double>::UnitY());
  // Declared with r1 as the parent: r1 is no joint's child, so (as in the
  // reference) it is the floating base and the torso hangs below it.
  tree.AddJoint<RevoluteJoint>("hip_r", r1, std::nullopt, torso,
                               MakePose(0, 0, 0, 0, -0.2, 0),
                               Vector3<double>::UnitY());
  tree.WeldFrames(tree.world_frame(), table.body_frame(),
                  MakePose(0, 0, 0.5, 1, 1, 0));
  tree.Finalize();
  EXPECT_TRUE(r1.is_floating_base_body());
  EXPECT_FALSE(torso.is_floating_base_body());
  EXPECT_EQ(tree.num_positions(), 7 + 3);
  EXPECT_EQ(tree.num_positions(robot), 10);
  VectorX<double> q = SomeQ(tree.num_positions(), 1.3);
  ExpectPosesMatch(tree, q);
}

TEST(MultibodyTreeCompile, ParametersLandOnTheirMobods) {
  MultibodyTree<double> tree;
  const auto M1 = SpatialInertia<double>::SolidSphereWithMass(3.0, 0.5);
  const auto M2 = SpatialInertia<double>::SolidSphereWithMass(5.0, 0.25);
  const auto& a = tree.AddRigidBody("a", M1);
  const auto& c = tree.AddRigidBody("c", M2);
  const auto& ja = tree.AddJoint<PrismaticJoint>(
      "ja", tree.world_body(), std::nullopt, a, std::nullopt,
      Vector3<double>::UnitX(), -1.0, 1.0, 0.75);
  const auto& jc =
      tree.AddJoint<BallRpyJoint>("jc", a, std::nullopt, c, std::nullopt, 0.5);
  auto& motor = tree.get_mutable_joint_actuator(
      tree.AddJointActuator("motor", ja).index());
  motor.set_default_rotor_inertia(0.1);
  motor.set_default_gear_ratio(3.0);
  tree.Finalize();
  const auto& p = tree.default_tree_parameters();
  const auto& topology = tree.get_topology();
  const int ma = topology.body_to_mobod(a.index());
  const int mc = topology.body_to_mobod(c.index());
  EXPECT_EQ(p.mobods[ma].mass, 3.0);
  EXPECT_EQ(p.mobods[mc].mass, 5.0);
  // Unit inertia of a solid sphere about its center: (2/5)·r².
  EXPECT_NEAR(p.mobods[mc].G_BBo_B(1, 1), 0.4 * 0.25 * 0.25, 1e-15);
  // Damping per dof: [ja | jc jc jc].
  EXPECT_EQ(p.damping, (VectorX<double>(4) << 0.75, 0.5, 0.5, 0.5).finished());
  // Reflected inertia ρ²·I_r = 9·0.1 on ja's dof only.
  EXPECT_NEAR(p.reflected_inertia[ja.velocity_start()], 0.9, 1e-15);
  EXPECT_EQ(p.reflected_inertia.sum(), p.reflected_inertia[0]);
  EXPECT_EQ(tree.compiled_tree().mobod(mc).kind,
            internal::MobilizerKind::kRpyBall);
  EXPECT_EQ(tree.compiled_tree().mobod(mc).parent, ma);
  EXPECT_EQ(jc.velocity_start(), 1);
}

TEST(MultibodyTreeCompile, ReversedMultiDofJointsUseReversedKinds) {
  // A ball joint whose child is the world: the compiled mobilizer goes from
  // the joint's child frame to its parent frame, X_F'M'(q) = X_FM(q)⁻¹
  // (python/ossa/test/reversed_joints_test.py checks the dynamics of every
  // kind reversed).
  MultibodyTree<double> tree;
  const auto& a = tree.AddRigidBody("a", SpatialInertia<double>::Zero());
  const math::RigidTransform<double> X_AF = MakePose(0.1, 0.2, 0.3, 1, 2, 3);
  const math::RigidTransform<double> X_WM = MakePose(-0.3, 0.1, 0.2, 0, 1, 0);
  const auto& ball = tree.AddJoint<BallRpyJoint>("ball", a, X_AF,
                                                 tree.world_body(), X_WM);
  tree.Finalize();
  EXPECT_TRUE(ball.is_reversed());
  const internal::CompiledTree& compiled = tree.compiled_tree();
  ASSERT_EQ(compiled.num_mobods(), 2);
  EXPECT_EQ(compiled.mobod(1).kind, internal::MobilizerKind::kReversedRpyBall);
  Eigen::VectorXd q(3);
  q << 0.3, -0.4, 0.9;
  internal::TreeWorkspace<double> ws(compiled);
  internal::CalcPositionKinematics<double>(
      compiled, tree.default_tree_parameters(), q, &ws);
  // X_WA = X_WM·X_FM(q)⁻¹·X_AF⁻¹ with R_FM = RollPitchYaw(q).
  const math::RigidTransform<double> X_FM(
      math::RollPitchYaw<double>(q[0], q[1], q[2]), Vector3<double>::Zero());
  const math::RigidTransform<double> X_WA =
      X_WM * X_FM.inverse() * X_AF.inverse();
  EXPECT_TRUE(X_WA.IsNearlyEqualTo(KernelPose(tree, ws, a), kTolerance));
}

TEST(MultibodyTreeCompile, AutoDiffTreeMatchesDouble) {
  // The same model on AutoDiffXd compiles to the same values.
  auto build = [](auto* tree) {
    const auto& a = tree->AddRigidBody(
        "a", SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
    tree->template AddJoint<RevoluteJoint>(
        "j", tree->world_body(), MakePose(0.1, 0.2, 0.3, 1, 2, 3), a,
        std::nullopt, Vector3<double>::UnitX());
    tree->Finalize();
  };
  MultibodyTree<double> td;
  MultibodyTree<AutoDiffXd> ta;
  build(&td);
  build(&ta);
  internal::TreeWorkspace<double> wd(td.compiled_tree());
  internal::TreeWorkspace<AutoDiffXd> wa(ta.compiled_tree());
  VectorX<double> q(1);
  q << 0.4;
  VectorX<AutoDiffXd> qa = InitializeAutoDiff(q);
  internal::CalcPositionKinematics<double>(
      td.compiled_tree(), td.default_tree_parameters(), q, &wd);
  internal::CalcPositionKinematics<AutoDiffXd>(
      ta.compiled_tree(), ta.default_tree_parameters(), qa, &wa);
  EXPECT_TRUE(ExtractValue(wa.p_WB[1]).isApprox(wd.p_WB[1], 1e-15));
  EXPECT_TRUE(ExtractValue(wa.R_WB[1]).isApprox(wd.R_WB[1], 1e-15));
}

}  // namespace
}  // namespace ossa::multibody
