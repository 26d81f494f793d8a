// Context-level queries of MultibodyTree beyond kinematics
// (multibody_tree_mass_properties.cc, multibody_tree_selectors.cc, ...):
// mass properties and momentum, selector and actuation matrices, locking,
// per-Context frame poses, documented errors, scalar conversion, random
// states. The model and fixture are kinematics_test_model.h's.

#include "ossa/multibody/tree/test/kinematics_test_model.h"

namespace ossa::multibody {
namespace multibody_tree_queries_test {

using namespace kinematics_test_model;  // NOLINT(build/namespaces)

TEST_F(KinematicsTest, MassPropertiesAndMomentum) {
  // Total mass: the sum of the bodies' masses above.
  EXPECT_NEAR(
      tree().CalcTotalMass(*context_),
      1.0 + 1.5 + 0.7 + 2.0 + 0.9 + 1.1 + 0.4 + 1.3 + 0.8 + 0.6 + 0.5 + 0.5,
      kTol);
  EXPECT_EQ(tree().CalcTotalMass(*context_, {}), 0.0);
  // CalcSpatialInertia of all bodies about Wo in W: its mass and com are the
  // system's.
  std::vector<BodyIndex> all;
  for (int b = 1; b < tree().num_bodies(); ++b) all.push_back(BodyIndex(b));
  const SpatialInertia<double> M_SWo_W =
      tree().CalcSpatialInertia(*context_, tree().world_frame(), all);
  EXPECT_NEAR(M_SWo_W.get_mass(), tree().CalcTotalMass(*context_), kTol);
  EXPECT_TRUE(M_SWo_W.get_com().isApprox(
      tree().CalcCenterOfMassPositionInWorld(*context_), kTol));
  // One body about its own frame: its default spatial inertia.
  const auto& b4 = tree().GetBodyByName("b4");
  const SpatialInertia<double> M_b4 =
      tree().CalcSpatialInertia(*context_, b4.body_frame(), {b4.index()});
  EXPECT_TRUE(M_b4.CopyToFullMatrix6().isApprox(
      b4.default_spatial_inertia().CopyToFullMatrix6(), kTol));
  // Momentum about Wo: M_SWo_W·? is not rigid; compare with the kernel's
  // independent sum over mobods, and with the sum over instances.
  const Vector3<double> p_WoP_W(0.3, -0.2, 0.5);
  const SpatialMomentum<double> L_WSP =
      tree().CalcSpatialMomentumInWorldAboutPoint(*context_, p_WoP_W);
  const Vector6<double> L_Wo = internal::CalcSpatialMomentumInWorldAboutWo(
      tree().compiled_tree(), system_.GetParameters(*context_),
      system_.EvalVelocityKinematics(*context_));
  // Shift from Wo to P: h_P = h_Wo − p_WoP × l.
  Vector6<double> L_P_expected;
  L_P_expected << L_Wo.head<3>() -
                      p_WoP_W.cross(Vector3<double>(L_Wo.tail<3>())),
      L_Wo.tail<3>();
  EXPECT_TRUE(L_WSP.get_coeffs().isApprox(L_P_expected, kTol));
  Vector6<double> sum = Vector6<double>::Zero();
  for (const char* name : {"robot", "other", "free"}) {
    sum += tree()
               .CalcSpatialMomentumInWorldAboutPoint(
                   *context_, {tree().GetModelInstanceByName(name)}, p_WoP_W)
               .get_coeffs();
  }
  EXPECT_TRUE(sum.isApprox(L_WSP.get_coeffs(), kTol));
  // The translational momentum is m_S·v_WScm.
  EXPECT_TRUE(L_WSP.translational().isApprox(
      tree().CalcTotalMass(*context_) *
          tree().CalcCenterOfMassTranslationalVelocityInWorld(*context_),
      kTol));
}

TEST_F(KinematicsTest, SelectorAndActuationMatrices) {
  MultibodyTreeSystem<double> system;
  auto& t = system.mutable_tree();
  const auto& a = t.AddRigidBody("a", Inertia(1, Vector3<double>::Zero()));
  const auto& b = t.AddRigidBody("b", Inertia(1, Vector3<double>::Zero()));
  const auto& c = t.AddRigidBody("c", Inertia(1, Vector3<double>::Zero()));
  const auto& ja = t.template AddJoint<RevoluteJoint>(
      "ja", t.world_body(), std::nullopt, a, std::nullopt,
      Vector3<double>::UnitZ());
  const auto& jb =
      t.template AddJoint<BallRpyJoint>("jb", a, std::nullopt, b, std::nullopt);
  const auto& jc = t.template AddJoint<PrismaticJoint>(
      "jc", b, std::nullopt, c, std::nullopt, Vector3<double>::UnitX());
  const auto& act_c = t.AddJointActuator("act_c", jc);
  const auto& act_a = t.AddJointActuator("act_a", ja);
  system.Finalize();
  const auto& tree = system.tree();
  // q = [θa, rpy_b, xc], v likewise: x has 10 entries.
  const auto Sx = tree.MakeStateSelectorMatrix({jc.index(), ja.index()});
  ASSERT_EQ(Sx.rows(), 4);
  ASSERT_EQ(Sx.cols(), 10);
  VectorX<double> x = VectorX<double>::LinSpaced(10, 0, 9);
  // xₛ = [q_c, q_a, v_c, v_a].
  EXPECT_EQ(Sx * x,
            Vector4<double>(jc.position_start(), ja.position_start(),
                            5 + jc.velocity_start(), 5 + ja.velocity_start()));
  EXPECT_EQ(tree.MakeStateSelectorMatrixFromJointNames({"jc", "ja"}), Sx);
  EXPECT_EQ(tree.MakeStateSelectorMatrix({jb.index()}).rows(), 6);
  // u is ordered by actuator index: u = [u_c, u_a]; Su maps uₛ = [u_a].
  const auto Su = tree.MakeActuatorSelectorMatrix(
      std::vector<JointActuatorIndex>{act_a.index()});
  EXPECT_EQ(Su, Vector2<double>(0, 1));
  EXPECT_EQ(
      tree.MakeActuatorSelectorMatrix(std::vector<JointIndex>{ja.index()}), Su);
  const MatrixX<double> B = tree.MakeActuationMatrix();
  ASSERT_EQ(B.rows(), 5);
  ASSERT_EQ(B.cols(), 2);
  EXPECT_EQ(B(jc.velocity_start(), act_c.input_start()), 1.0);
  EXPECT_EQ(B(ja.velocity_start(), act_a.input_start()), 1.0);
  EXPECT_EQ(B.sum(), 2.0);
  const MatrixX<double> Bplus(tree.MakeActuationMatrixPseudoinverse());
  // Moore–Penrose conditions that identify the pseudoinverse.
  EXPECT_TRUE((B * Bplus * B).isApprox(B));
  EXPECT_TRUE((Bplus * B * Bplus).isApprox(Bplus));
  EXPECT_TRUE((B * Bplus).transpose().isApprox(B * Bplus));
  EXPECT_TRUE((Bplus * B).transpose().isApprox(Bplus * B));

  EXPECT_LOGIC_ERROR(tree.MakeStateSelectorMatrix({ja.index(), ja.index()}),
                     "more than once");
  EXPECT_LOGIC_ERROR(
      tree.MakeActuatorSelectorMatrix(std::vector<JointIndex>{jb.index()}),
      "has no actuator");
  EXPECT_LOGIC_ERROR(
      tree.MakeActuatorSelectorMatrix(
          std::vector<JointActuatorIndex>{act_a.index(), act_a.index()}),
      "more than once");
}

TEST_F(KinematicsTest, LockZeroesVelocitiesAndIsPerContext) {
  const auto& j3 = tree().GetJointByName("j3");
  const auto& j1 = tree().GetJointByName("j1");
  EXPECT_FALSE(j3.is_locked(*context_));
  ASSERT_FALSE(j3.GetVelocities(*context_).isZero());
  j3.Lock(context_.get());
  EXPECT_TRUE(j3.is_locked(*context_));
  EXPECT_TRUE(j3.GetVelocities(*context_).isZero());
  EXPECT_EQ(j1.GetVelocities(*context_)[0], v_[j1.velocity_start()]);
  const std::vector<int> locked = tree().FindLockedVelocityIndices(*context_);
  EXPECT_EQ(locked,
            (std::vector<int>{j3.velocity_start(), j3.velocity_start() + 1,
                              j3.velocity_start() + 2}));
  EXPECT_EQ(
      static_cast<int>(tree().FindUnlockedVelocityIndices(*context_).size()),
      tree().num_velocities() - 3);
  auto other = system_.CreateDefaultContext();
  EXPECT_FALSE(j3.is_locked(*other));
  j3.Unlock(context_.get());
  EXPECT_FALSE(j3.is_locked(*context_));
  EXPECT_TRUE(tree().FindLockedVelocityIndices(*context_).empty());
}

TEST_F(KinematicsTest, FixedOffsetFramePoseIsAContextParameter) {
  const auto& tool =
      dynamic_cast<const FixedOffsetFrame<double>&>(frame("tool"));
  const auto& tip = frame("tool_tip");
  const RigidTransform<double> X_new = Pose(0.5, 0.0, -0.3, 0.0, 0.4, 0.1);
  auto other = system_.CreateDefaultContext();
  tool.SetPoseInParentFrame(context_.get(), X_new);
  EXPECT_TRUE(tool.GetPoseInParentFrame(*context_).IsExactlyEqualTo(X_new));
  EXPECT_TRUE(
      tool.GetPoseInParentFrame(*other).IsExactlyEqualTo(tool.default_X_PF()));
  // Frames fixed to it move with it.
  EXPECT_TRUE(tip.CalcPoseInBodyFrame(*context_).IsNearlyEqualTo(
      X_new * Pose(0, 0, 0.5, 0, 0, 0.15), kTol));
  // A joint frame: moving "j2_parent" (X_PF of joint j2 on b1) moves b2.
  const auto& j2_parent =
      dynamic_cast<const FixedOffsetFrame<double>&>(frame("j2_parent"));
  const auto& b1 = tree().GetBodyByName("b1");
  const auto& b2 = tree().GetBodyByName("b2");
  const RigidTransform<double> X_b1b2_before =
      tree().CalcRelativeTransform(*context_, b1.body_frame(), b2.body_frame());
  const RigidTransform<double> X_shift(Vector3<double>(0, 0, 0.25));
  j2_parent.SetPoseInParentFrame(context_.get(),
                                 j2_parent.default_X_PF() * X_shift);
  const RigidTransform<double> X_b1b2_after =
      tree().CalcRelativeTransform(*context_, b1.body_frame(), b2.body_frame());
  // X_b1b2 = X_b1F·X_FM·X_Mb2 with X_b1F moved by X_shift.
  EXPECT_TRUE(X_b1b2_after.IsNearlyEqualTo(
      j2_parent.default_X_PF() * X_shift * j2_parent.default_X_PF().inverse() *
          X_b1b2_before,
      kTol));
  EXPECT_LOGIC_ERROR(
      tree().SetFramePoseInParent(context_.get(), b1.body_frame(), X_new),
      "body frame");
}

TEST_F(KinematicsTest, DocumentedErrors) {
  const auto& world = tree().world_frame();
  const auto& B = frame("tool_tip");
  const int nv = tree().num_velocities(), nq = tree().num_positions();
  MatrixX<double> J_bad(6, nv + 1);
  EXPECT_LOGIC_ERROR(tree().CalcJacobianSpatialVelocity(
                         *context_, JacobianWrtVariable::kV, B,
                         Vector3<double>::Zero(), world, world, &J_bad),
                     "CalcJacobianSpatialVelocity(): Js_V_ABp_E is 6x");
  MatrixX<double> J_v(6, nv);
  EXPECT_LOGIC_ERROR(tree().CalcJacobianSpatialVelocity(
                         *context_, JacobianWrtVariable::kQDot, B,
                         Vector3<double>::Zero(), world, world, &J_v),
                     "was expected");
  EXPECT_LOGIC_ERROR(tree().CalcJacobianSpatialVelocity(
                         *context_, JacobianWrtVariable::kV, B,
                         Vector3<double>::Zero(), world, world, nullptr),
                     "nullptr");
  EXPECT_LOGIC_ERROR(
      tree().CalcJacobianAngularVelocity(*context_, JacobianWrtVariable::kV, B,
                                         world, world, nullptr),
      "CalcJacobianAngularVelocity(): the output");
  MatrixX<double> Jt(5, nv);
  EXPECT_LOGIC_ERROR(tree().CalcJacobianTranslationalVelocity(
                         *context_, JacobianWrtVariable::kV, B,
                         Matrix3X<double>::Zero(3, 2), world, world, &Jt),
                     "CalcJacobianTranslationalVelocity(): Js_v_ABi_E is 5x");
  MatrixX<double> Jp(3, nv);
  if (nv != nq) {
    EXPECT_LOGIC_ERROR(
        tree().CalcJacobianPositionVector(*context_, B, Vector3<double>::Zero(),
                                          world, world, &Jp),
        "CalcJacobianPositionVector()");
  }
  EXPECT_LOGIC_ERROR(tree().CalcBiasSpatialAcceleration(
                         *context_, JacobianWrtVariable::kQDot, B,
                         Vector3<double>::Zero(), world, world),
                     "kQDot is not supported");
  EXPECT_LOGIC_ERROR(tree().CalcBiasCenterOfMassTranslationalAcceleration(
                         *context_, JacobianWrtVariable::kQDot, world, world),
                     "kQDot");
  VectorX<double> v_wrong(nv + 1), qdot(nq);
  EXPECT_LOGIC_ERROR(tree().MapVelocityToQDot(*context_, v_wrong, &qdot),
                     "MapVelocityToQDot(): v has size");
  EXPECT_LOGIC_ERROR(tree().MapVelocityToQDot(*context_, v_, nullptr),
                     "MapVelocityToQDot(): the output qdot");
  VectorX<double> v_out(nv);
  VectorX<double> qdot_wrong(nq + 2);
  EXPECT_LOGIC_ERROR(tree().MapQDotToVelocity(*context_, qdot_wrong, &v_out),
                     "MapQDotToVelocity(): qdot has size");
  std::vector<SpatialAcceleration<double>> A_small(2);
  EXPECT_LOGIC_ERROR(
      tree().CalcSpatialAccelerationsFromVdot(*context_, v_, &A_small),
      "A_WB_array has size 2");
  MatrixX<double> p_BQ(2, 3), p_AQ(3, 3);
  EXPECT_LOGIC_ERROR(
      tree().CalcPointsPositions(*context_, B, p_BQ, world, &p_AQ),
      "must have 3 rows");
  MatrixX<double> p_BQ3(3, 3), p_AQ2(3, 2);
  EXPECT_LOGIC_ERROR(
      tree().CalcPointsPositions(*context_, B, p_BQ3, world, &p_AQ2),
      "p_AQi is 3x2");
  EXPECT_LOGIC_ERROR(tree().CalcCenterOfMassPositionInWorld(*context_, {}),
                     "no bodies other than the world");
  EXPECT_LOGIC_ERROR(
      tree().CalcSpatialInertia(*context_, world,
                                {BodyIndex(1), BodyIndex(2), BodyIndex(1)}),
      "twice");
  EXPECT_LOGIC_ERROR(
      tree().CalcSpatialInertia(*context_, world, {BodyIndex(99)}),
      "invalid BodyIndex 99");
  EXPECT_LOGIC_ERROR(tree().CalcTotalMass(*context_, {ModelInstanceIndex(17)}),
                     "no model instance with index 17");
  // Frames of another model.
  MultibodyTreeSystem<double> other;
  other.Finalize();
  EXPECT_LOGIC_ERROR(
      tree().CalcRelativeTransform(*context_, other.tree().world_frame(), B),
      "does not belong to this model");
  // A model of massless bodies has no center of mass.
  MultibodyTreeSystem<double> massless;
  auto& t = massless.mutable_tree();
  const auto& a = t.AddRigidBody("a");
  t.template AddJoint<RevoluteJoint>("ja", t.world_body(), std::nullopt, a,
                                     std::nullopt, Vector3<double>::UnitZ());
  massless.Finalize();
  auto massless_context = massless.CreateDefaultContext();
  EXPECT_LOGIC_ERROR(
      massless.tree().CalcCenterOfMassPositionInWorld(*massless_context),
      "must be positive");
  // The bare tree system has no forward dynamics for body accelerations.
  EXPECT_LOGIC_ERROR(B.CalcSpatialAccelerationInWorld(*context_),
                     "DoCalcGeneralizedAccelerations");
  // A tree without a system has no Context.
  MultibodyTree<double> bare;
  bare.Finalize();
  EXPECT_LOGIC_ERROR(bare.CalcTotalMass(*context_), "not owned by a");
}

// A system whose forward dynamics is a fixed v̇, to test the Eval* body
// accelerations and the Frame acceleration queries end to end.
class FixedVdotSystem : public MultibodyTreeSystem<double> {
 public:
  VectorX<double> vdot;

 protected:
  void DoCalcGeneralizedAccelerations(const systems::Context<double>&,
                                      VectorX<double>* out) const override {
    *out = vdot;
  }
};

TEST(KinematicsAccelerationTest, FrameAccelerationsUseTheSystemsVdot) {
  FixedVdotSystem system;
  BuildModel<double>(&system);
  system.vdot =
      VectorX<double>::LinSpaced(system.tree().num_velocities(), 1, 2);
  auto context = system.CreateDefaultContext();
  SetRandomState<double>(system, context.get(), 7);
  const auto& tree = system.tree();
  std::vector<SpatialAcceleration<double>> A_WB(tree.num_bodies());
  tree.CalcSpatialAccelerationsFromVdot(*context, system.vdot, &A_WB);
  const auto& b6 = tree.GetBodyByName("b6");
  EXPECT_TRUE(b6.EvalSpatialAccelerationInWorld(*context).IsApprox(
      A_WB[b6.index()], kTol));
  const auto& F = tree.GetFrameByName("tool_tip");
  const auto& M = tree.GetFrameByName("on_f1");
  EXPECT_TRUE(F.CalcSpatialAccelerationInWorld(*context).IsApprox(
      tree.CalcFrameSpatialAccelerationInWorld(*context, F, A_WB), kTol));
  EXPECT_TRUE(
      F.CalcSpatialAcceleration(*context, M, M)
          .IsApprox(tree.CalcFrameSpatialAcceleration(*context, F, M, M, A_WB),
                    kTol));
  // Relative accelerations are differences.
  EXPECT_TRUE(F.CalcRelativeSpatialAccelerationInWorld(*context, M)
                  .IsApprox(F.CalcSpatialAccelerationInWorld(*context) -
                                M.CalcSpatialAccelerationInWorld(*context),
                            kTol));
  EXPECT_TRUE(F.CalcRelativeSpatialVelocityInWorld(*context, M)
                  .IsApprox(F.CalcSpatialVelocityInWorld(*context) -
                                M.CalcSpatialVelocityInWorld(*context),
                            kTol));
  // The COM acceleration is the mass-weighted body com accelerations: the
  // same as J_cm·v̇ + bias.
  Matrix3X<double> Jcm(3, tree.num_velocities());
  tree.CalcJacobianCenterOfMassTranslationalVelocity(
      *context, JacobianWrtVariable::kV, tree.world_frame(), tree.world_frame(),
      &Jcm);
  const Vector3<double> bias =
      tree.CalcBiasCenterOfMassTranslationalAcceleration(
          *context, JacobianWrtVariable::kV, tree.world_frame(),
          tree.world_frame());
  EXPECT_TRUE(
      tree.CalcCenterOfMassTranslationalAccelerationInWorld(*context).isApprox(
          Jcm * system.vdot + bias, kTol));
}

// CloneToScalar keeps every element's index, name and defaults, and the
// clone computes the same kinematics (on double: bit-identical, the same
// operations on the same values; on AutoDiffXd: the same values).
TEST_F(KinematicsTest, CloneToScalarRoundTripKeepsElementsAndKinematics) {
  std::unique_ptr<MultibodyTree<AutoDiffXd>> ad = tree().ToAutoDiffXd();
  ASSERT_TRUE(ad->is_finalized());
  std::unique_ptr<MultibodyTree<double>> back = ad->CloneToScalar<double>();
  ASSERT_EQ(back->num_bodies(), tree().num_bodies());
  ASSERT_EQ(back->num_frames(), tree().num_frames());
  ASSERT_EQ(back->num_joints(), tree().num_joints());
  ASSERT_EQ(back->num_actuators(), tree().num_actuators());
  ASSERT_EQ(back->num_model_instances(), tree().num_model_instances());
  for (int f = 0; f < tree().num_frames(); ++f) {
    const Frame<double>& frame = tree().get_frame(FrameIndex(f));
    const Frame<double>& copy = back->get_variant(frame);
    EXPECT_EQ(copy.name(), frame.name());
    EXPECT_EQ(copy.index(), frame.index());
    EXPECT_EQ(copy.model_instance(), frame.model_instance());
    EXPECT_EQ(copy.body().index(), frame.body().index());
    EXPECT_TRUE(copy.GetFixedPoseInBodyFrame().IsExactlyEqualTo(
        frame.GetFixedPoseInBodyFrame()));
  }
  for (int j = 0; j < tree().num_joints(); ++j) {
    const Joint<double>& joint = tree().get_joint(JointIndex(j));
    const Joint<AutoDiffXd>& copy = ad->get_variant(joint);
    EXPECT_EQ(copy.name(), joint.name());
    EXPECT_EQ(copy.type_name(), joint.type_name());
    EXPECT_EQ(copy.model_instance(), joint.model_instance());
    EXPECT_EQ(copy.position_start(), joint.position_start());
    EXPECT_EQ(copy.velocity_start(), joint.velocity_start());
    EXPECT_EQ(copy.is_reversed(), joint.is_reversed());
    EXPECT_EQ(copy.default_positions(), joint.default_positions());
    EXPECT_EQ(copy.position_lower_limits(), joint.position_lower_limits());
    EXPECT_EQ(copy.default_damping_vector(), joint.default_damping_vector());
  }
  const auto& j1 = tree().GetJointByName("j1");
  EXPECT_EQ(ad->get_variant(dynamic_cast<const RevoluteJoint<double>&>(j1))
                .revolute_axis(),
            dynamic_cast<const RevoluteJoint<double>&>(j1).revolute_axis());
  {
    // An element whose index holds another kind of element here.
    MultibodyTreeSystem<double> small;
    auto& t = small.mutable_tree();
    const auto& a = t.AddRigidBody("a", Inertia(1, Vector3<double>::Zero()));
    const auto& fixed = t.template AddFrame<FixedOffsetFrame>(
        "fixed", a.body_frame(), RigidTransform<double>::Identity());
    ASSERT_EQ(int{fixed.index()}, 2);
    ASSERT_TRUE(tree().get_frame(FrameIndex(2)).is_body_frame());
    EXPECT_LOGIC_ERROR(tree().get_variant(fixed), "is not a");
  }
  // Same kinematics in a Context of the round-tripped copy.
  MultibodyTreeSystem<double> system_back(std::move(back));
  auto context_back = system_back.CreateDefaultContext();
  system_back.SetPositions(context_back.get(), q_);
  system_back.SetVelocities(context_back.get(), v_);
  const auto& tree_back = system_back.tree();
  const Frame<double>& tip = frame("tool_tip");
  EXPECT_TRUE(tree_back.get_variant(tip)
                  .CalcPoseInWorld(*context_back)
                  .IsExactlyEqualTo(tip.CalcPoseInWorld(*context_)));
  MatrixX<double> J(6, tree().num_velocities()),
      J_back(6, tree().num_velocities());
  tree().CalcJacobianSpatialVelocity(*context_, JacobianWrtVariable::kV, tip,
                                     Vector3<double>(0.1, 0.2, 0.3),
                                     frame("on_f1"), frame("b2"), &J);
  tree_back.CalcJacobianSpatialVelocity(
      *context_back, JacobianWrtVariable::kV, tree_back.get_variant(tip),
      Vector3<double>(0.1, 0.2, 0.3), tree_back.GetFrameByName("on_f1"),
      tree_back.GetFrameByName("b2"), &J_back);
  EXPECT_EQ(J, J_back);
  // The AutoDiffXd clone in a system: same values.
  MultibodyTreeSystem<AutoDiffXd> system_ad(tree().ToAutoDiffXd());
  auto context_ad = system_ad.CreateDefaultContext();
  system_ad.SetPositions(context_ad.get(), q_.cast<AutoDiffXd>());
  EXPECT_TRUE(
      ExtractValue(system_ad.tree()
                       .GetFrameByName("tool_tip")
                       .CalcPoseInWorld(*context_ad)
                       .GetAsMatrix34())
          .isApprox(tip.CalcPoseInWorld(*context_).GetAsMatrix34(), kTol));
  // A tree already owned by a system cannot be adopted again... and a null
  // tree is rejected.
  EXPECT_LOGIC_ERROR(MultibodyTreeSystem<double>(nullptr), "nullptr");
}

TEST(RandomStateTest, JointDistributionsAreSampledBySetRandomContext) {
  MultibodyTreeSystem<double> system;
  auto& tree = system.mutable_tree();
  const auto& a = tree.AddRigidBody("a", Inertia(1, Vector3<double>::Zero()));
  const auto& b = tree.AddRigidBody("b", Inertia(1, Vector3<double>::Zero()));
  const auto& c = tree.AddRigidBody("c", Inertia(1, Vector3<double>::Zero()));
  auto& rev = dynamic_cast<RevoluteJoint<double>&>(
      tree.get_mutable_joint(tree.template AddJoint<RevoluteJoint>(
                                     "rev", tree.world_body(), std::nullopt, a,
                                     std::nullopt, Vector3<double>::UnitZ())
                                 .index()));
  auto& ball = dynamic_cast<BallRpyJoint<double>&>(
      tree.get_mutable_joint(tree.template AddJoint<BallRpyJoint>(
                                     "ball", a, std::nullopt, b, std::nullopt)
                                 .index()));
  auto& free =
      dynamic_cast<QuaternionFloatingJoint<double>&>(tree.get_mutable_joint(
          tree.template AddJoint<QuaternionFloatingJoint>(
                  "free", tree.world_body(), std::nullopt, c, std::nullopt)
              .index()));
  rev.set_default_angle(0.5);
  using symbolic::Expression;
  using symbolic::Variable;
  const Variable u("u", Variable::Type::RANDOM_UNIFORM);
  rev.set_random_angle_distribution(2.0 + Expression(u));
  ball.set_random_angles_distribution(Vector3<Expression>(0.1, 0.2, 0.3));
  // c floats: its quaternion is uniform, its translation zero.
  free.set_random_quaternion_distribution_to_uniform();
  system.Finalize();
  auto context = system.CreateDefaultContext();
  EXPECT_EQ(rev.get_angle(*context), 0.5);
  std::mt19937 generator(123);
  system.SetRandomContext(context.get(), &generator);
  const double angle = rev.get_angle(*context);
  EXPECT_GE(angle, 2.0);
  EXPECT_LE(angle, 3.0);
  EXPECT_EQ(ball.GetPositions(*context), Vector3<double>(0.1, 0.2, 0.3));
  const VectorX<double> qc = free.GetPositions(*context);
  EXPECT_NEAR(qc.head<4>().norm(), 1.0, 1e-15);
  EXPECT_FALSE(qc.head<4>().isApprox(Vector4<double>(1, 0, 0, 0)));
  EXPECT_EQ(qc.tail<3>(), Vector3<double>::Zero());
  // Another sample differs (continuous distributions).
  system.SetRandomContext(context.get(), &generator);
  EXPECT_NE(rev.get_angle(*context), angle);
  // A distribution of the wrong size is refused.
  EXPECT_LOGIC_ERROR(
      rev.set_random_positions_distribution(VectorX<Expression>(2)),
      "has 2 entries but the joint has 1 positions");
  // A variable that is not random cannot be sampled: the error names the
  // joint.
  rev.set_random_angle_distribution(Expression(Variable("x")));
  try {
    system.SetRandomContext(context.get(), &generator);
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("joint 'rev'"), std::string::npos)
        << error.what();
  }
}

}  // namespace multibody_tree_queries_test
}  // namespace ossa::multibody
