// Context-level kinematics of MultibodyTree (multibody_tree_kinematics.cc,
// multibody_tree_jacobians.cc): frame queries, Jacobians, bias
// accelerations, q̇ ↔ v maps, spatial accelerations, the center-of-mass
// Jacobian. The model and fixture are kinematics_test_model.h's.
//
// Oracles: composition of poses, finite differences of positions along
// q(t) = q + N(q)·v·t, and AutoDiffXd time derivatives (each q entry seeded
// with q̇ = N(q)·v, each v entry with v̇) on the same model built for
// AutoDiffXd.

#include "ossa/multibody/tree/test/kinematics_test_model.h"

namespace ossa::multibody {
namespace multibody_tree_kinematics_test {

using namespace kinematics_test_model;  // NOLINT(build/namespaces)

TEST_F(KinematicsTest, PosesComposeFromBodyPosesAndFixedOffsets) {
  const auto& tool = frame("tool");
  const auto& tip = frame("tool_tip");
  const auto& b4 = tree().GetBodyByName("b4");
  const RigidTransform<double> X_WB4 = b4.EvalPoseInWorld(*context_);
  // X_W,tip = X_WB4·X_B4,tool·X_tool,tip with the model's fixed offsets.
  const RigidTransform<double> expected =
      X_WB4 * Pose(0.3, -0.2, 0.1, 0.1, 0.2, 0.3) * Pose(0, 0, 0.5, 0, 0, 0.15);
  EXPECT_TRUE(tip.CalcPoseInWorld(*context_).IsNearlyEqualTo(expected, kTol));
  EXPECT_TRUE(tip.CalcPoseInBodyFrame(*context_).IsNearlyEqualTo(
      tip.GetFixedPoseInBodyFrame(), kTol));
  // X_AB = X_WA⁻¹·X_WB, for frames on different bodies.
  const auto& on_f1 = frame("on_f1");
  const RigidTransform<double> X_AB =
      tree().CalcRelativeTransform(*context_, on_f1, tip);
  EXPECT_TRUE(X_AB.IsNearlyEqualTo(on_f1.CalcPoseInWorld(*context_).inverse() *
                                       tip.CalcPoseInWorld(*context_),
                                   kTol));
  EXPECT_TRUE(tip.CalcPose(*context_, on_f1).IsNearlyEqualTo(X_AB, kTol));
  EXPECT_TRUE(tree()
                  .CalcRelativeRotationMatrix(*context_, on_f1, tip)
                  .IsNearlyEqualTo(X_AB.rotation(), kTol));
  EXPECT_TRUE(tip.CalcRotationMatrix(*context_, on_f1)
                  .IsNearlyEqualTo(X_AB.rotation(), kTol));
  EXPECT_TRUE(tool.CalcOffsetPoseInBody(*context_, Pose(0, 0, 0.5, 0, 0, 0.15))
                  .IsNearlyEqualTo(tip.GetFixedPoseInBodyFrame(), kTol));
  // CalcAllBodyPosesInWorld agrees with the cached ones.
  std::vector<RigidTransform<double>> X_WB;
  tree().CalcAllBodyPosesInWorld(*context_, &X_WB);
  ASSERT_EQ(static_cast<int>(X_WB.size()), tree().num_bodies());
  EXPECT_TRUE(X_WB[b4.index()].IsExactlyEqualTo(X_WB4));
  EXPECT_TRUE(X_WB[0].IsExactlyIdentity());
  // Points: p_AQ = X_AB·p_BQ column by column.
  MatrixX<double> p_BQ(3, 2);
  p_BQ << 0.1, -0.3, 0.2, 0.0, 0.3, 0.5;
  MatrixX<double> p_AQ(3, 2);
  tree().CalcPointsPositions(*context_, tip, p_BQ, on_f1, &p_AQ);
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(
        p_AQ.col(i).isApprox(X_AB * Vector3<double>(p_BQ.col(i)), kTol));
  }
}

TEST_F(KinematicsTest, ReversedJointKeepsItsRelativePose) {
  // Joint jr2 is used reversed; the pose of its child frame M in its parent
  // frame F must still be X_FM(θ) = R(ŷ, θ).
  const auto& jr2 = tree().GetJointByName("jr2");
  ASSERT_TRUE(jr2.is_reversed());
  const double theta = jr2.GetOnePosition(*context_);
  const RigidTransform<double> X_FM = tree().CalcRelativeTransform(
      *context_, jr2.frame_on_parent(), jr2.frame_on_child());
  EXPECT_TRUE(X_FM.IsNearlyEqualTo(
      RigidTransform<double>(RotationMatrix<double>::MakeYRotation(theta),
                             Vector3<double>::Zero()),
      kTol));
}

// Spatial velocity of a frame from the Jacobian, from the frame query and
// from finite differences of the relative pose: all three agree.
TEST_F(KinematicsTest, JacobianSpatialVelocityMatchesFiniteDifferences) {
  const auto& B = frame("tool_tip");
  const auto& A = frame("on_f1");
  const auto& E = frame("b6");
  const Vector3<double> p_BoBp_B(0.1, -0.2, 0.3);
  MatrixX<double> Jv(6, tree().num_velocities());
  tree().CalcJacobianSpatialVelocity(*context_, JacobianWrtVariable::kV, B,
                                     p_BoBp_B, A, E, &Jv);
  const Vector6<double> V = Jv * v_;
  // Finite differences (central, dt = 1e-6: error O(dt²) ≈ 1e-12 times the
  // third derivatives, round-off ≈ 1e-16/dt = 1e-10): tolerance 1e-7.
  const double dt = 1e-6;
  auto pose_AB = [&](double t) {
    SetTime(t);
    return tree().CalcRelativeTransform(*context_, A, B);
  };
  const RigidTransform<double> X_plus = pose_AB(dt), X_minus = pose_AB(-dt);
  ResetState();
  const RigidTransform<double> X_AB =
      tree().CalcRelativeTransform(*context_, A, B);
  const Matrix3<double> Rdot =
      (X_plus.rotation().matrix() - X_minus.rotation().matrix()) / (2 * dt);
  const Matrix3<double> w_cross = Rdot * X_AB.rotation().matrix().transpose();
  const Vector3<double> w_AB_A(w_cross(2, 1), w_cross(0, 2), w_cross(1, 0));
  const Vector3<double> v_ABp_A =
      ((X_plus * p_BoBp_B) - (X_minus * p_BoBp_B)) / (2 * dt);
  const RotationMatrix<double> R_EA =
      tree().CalcRelativeRotationMatrix(*context_, E, A);
  EXPECT_TRUE(V.head<3>().isApprox(R_EA * w_AB_A, 1e-7));
  EXPECT_TRUE(V.tail<3>().isApprox(R_EA * v_ABp_A, 1e-7));

  // The frame query for the frame Bp (a frame fixed at p_BoBp_B in B) agrees
  // exactly: V_ABp_E from velocities composed along the tree.
  const SpatialVelocity<double> V_AB_E = B.CalcSpatialVelocity(*context_, A, E);
  const Vector3<double> p_BoBp_E =
      tree().CalcRelativeRotationMatrix(*context_, E, B) * p_BoBp_B;
  const SpatialVelocity<double> V_ABp_E = V_AB_E.Shift(p_BoBp_E);
  EXPECT_TRUE(V.isApprox(V_ABp_E.get_coeffs(), kTol));

  // The angular and translational Jacobians are the blocks of the spatial.
  Matrix3X<double> Jw(3, tree().num_velocities());
  tree().CalcJacobianAngularVelocity(*context_, JacobianWrtVariable::kV, B, A,
                                     E, &Jw);
  EXPECT_TRUE(Jw.isApprox(Jv.topRows<3>(), kTol));
  Matrix3X<double> points(3, 2);
  points << p_BoBp_B, Vector3<double>(0.0, 0.4, -0.1);
  MatrixX<double> Jt(6, tree().num_velocities());
  tree().CalcJacobianTranslationalVelocity(*context_, JacobianWrtVariable::kV,
                                           B, points, A, E, &Jt);
  EXPECT_TRUE(Jt.topRows<3>().isApprox(Jv.bottomRows<3>(), kTol));
}

TEST_F(KinematicsTest, JacobianInWorldMatchesBodyVelocity) {
  // V_WB = J_WB·v for every body, expressed in W.
  for (int b = 1; b < tree().num_bodies(); ++b) {
    const RigidBody<double>& body = tree().get_body(BodyIndex(b));
    MatrixX<double> J(6, tree().num_velocities());
    tree().CalcJacobianSpatialVelocity(
        *context_, JacobianWrtVariable::kV, body.body_frame(),
        Vector3<double>::Zero(), tree().world_frame(), tree().world_frame(),
        &J);
    EXPECT_TRUE((J * v_).isApprox(
        body.EvalSpatialVelocityInWorld(*context_).get_coeffs(), kTol))
        << body.name();
  }
}

TEST_F(KinematicsTest, QDotJacobiansAreVJacobiansTimesNplus) {
  const auto& B = frame("tool_tip");
  const auto& A = frame("on_f1");
  const auto& E = frame("tool");
  const Vector3<double> p(0.2, 0.1, -0.3);
  const int nq = tree().num_positions(), nv = tree().num_velocities();
  MatrixX<double> Jq(6, nq), Jv(6, nv);
  tree().CalcJacobianSpatialVelocity(*context_, JacobianWrtVariable::kQDot, B,
                                     p, A, E, &Jq);
  tree().CalcJacobianSpatialVelocity(*context_, JacobianWrtVariable::kV, B, p,
                                     A, E, &Jv);
  const Eigen::SparseMatrix<double> N = tree().MakeVelocityToQDotMap(*context_);
  const Eigen::SparseMatrix<double> Nplus =
      tree().MakeQDotToVelocityMap(*context_);
  // N⁺·N = I, so Jq̇·N = Jv·N⁺·N = Jv; and the q̇ velocity is the v one.
  EXPECT_TRUE((Jq * N).isApprox(Jv, kTol));
  EXPECT_TRUE((Jq * qdot_).isApprox(Jv * v_, kTol));

  // Jq_p_AoBi = Jq̇_v_ABi, checked against AutoDiffXd: ∂p_AoBi/∂q of the
  // positions computed with q seeded as independent variables, in A; then
  // expressed in E.
  MatrixX<double> Jpos(3, nq);
  tree().CalcJacobianPositionVector(*context_, B, p, A, A, &Jpos);
  system_ad_.SetPositions(context_ad_.get(), InitializeAutoDiff(q_));
  MatrixX<AutoDiffXd> p_AB(3, 1);
  tree_ad().CalcPointsPositions(*context_ad_, frame_ad("tool_tip"),
                                p.cast<AutoDiffXd>(), frame_ad("on_f1"), &p_AB);
  const MatrixX<double> dp_dq = ExtractGradient(p_AB, nq);
  // With a unit quaternion, the derivative along the quaternion's own
  // direction is zero in both (X_FM normalizes it, N⁺·q = 0): exact match.
  EXPECT_TRUE(Jpos.isApprox(dp_dq, kTol));
}

TEST_F(KinematicsTest, QDotAndVelocityMapsRoundTripAndMatchSparseMaps) {
  const int nq = tree().num_positions(), nv = tree().num_velocities();
  VectorX<double> v_back(nv);
  tree().MapQDotToVelocity(*context_, qdot_, &v_back);
  EXPECT_TRUE(v_back.isApprox(v_, kTol));
  const Eigen::SparseMatrix<double> N = tree().MakeVelocityToQDotMap(*context_);
  const Eigen::SparseMatrix<double> Nplus =
      tree().MakeQDotToVelocityMap(*context_);
  ASSERT_EQ(N.rows(), nq);
  ASSERT_EQ(N.cols(), nv);
  EXPECT_TRUE((N * v_).isApprox(qdot_, kTol));
  VectorX<double> qdot_any = VectorX<double>::LinSpaced(nq, -1, 2);
  VectorX<double> v_any(nv);
  tree().MapQDotToVelocity(*context_, qdot_any, &v_any);
  EXPECT_TRUE((Nplus * qdot_any).isApprox(v_any, kTol));
  EXPECT_TRUE((MatrixX<double>(Nplus) * MatrixX<double>(N))
                  .isApprox(MatrixX<double>::Identity(nv, nv), kTol));
  // This model has quaternion and RPY joints; a revolute chain has v = q̇.
  EXPECT_FALSE(tree().IsVelocityEqualToQDot());
  MultibodyTreeSystem<double> chain;
  auto& t = chain.mutable_tree();
  const auto& a = t.AddRigidBody("a", Inertia(1, Vector3<double>::Zero()));
  t.template AddJoint<RevoluteJoint>("ja", t.world_body(), std::nullopt, a,
                                     std::nullopt, Vector3<double>::UnitZ());
  chain.Finalize();
  EXPECT_TRUE(chain.tree().IsVelocityEqualToQDot());
}

// The bias A𝑠Bias_ABp = A_ABp − J·v̇ at v̇ = 0 equals the AutoDiffXd time
// derivative (q̇ = N·v, v̇ = 0) of J_V_ABp_A·v, expressed in A (then the
// component derivative is the derivative in A).
TEST_F(KinematicsTest, BiasAccelerationIsTimeDerivativeOfJv) {
  const Vector3<double> p(0.1, 0.3, -0.2);
  SeedTimeDerivative(VectorX<double>::Zero(tree().num_velocities()));
  for (const auto& [b_name, a_name] :
       std::vector<std::pair<std::string, std::string>>{{"tool_tip", "world"},
                                                        {"tool_tip", "on_f1"},
                                                        {"b6", "b2"},
                                                        {"q2", "tool"}}) {
    MatrixX<AutoDiffXd> J(6, tree_ad().num_velocities());
    tree_ad().CalcJacobianSpatialVelocity(
        *context_ad_, JacobianWrtVariable::kV, frame_ad(b_name),
        p.cast<AutoDiffXd>(), frame_ad(a_name), frame_ad(a_name), &J);
    const VectorX<AutoDiffXd> V = J * system_ad_.GetVelocities(*context_ad_);
    const VectorX<double> dV_dt = ExtractGradient(V, 1);
    const SpatialAcceleration<double> bias = tree().CalcBiasSpatialAcceleration(
        *context_, JacobianWrtVariable::kV, frame(b_name), p, frame(a_name),
        frame(a_name));
    EXPECT_TRUE(bias.get_coeffs().isApprox(dV_dt, 1e-11))
        << b_name << " in " << a_name << "\n"
        << bias.get_coeffs().transpose() << "\n"
        << dV_dt.transpose();
    // Re-expressed in another frame E: R_EA times the A-expressed bias.
    const SpatialAcceleration<double> bias_E =
        tree().CalcBiasSpatialAcceleration(*context_, JacobianWrtVariable::kV,
                                           frame(b_name), p, frame(a_name),
                                           frame("b5"));
    const RotationMatrix<double> R_EA = tree().CalcRelativeRotationMatrix(
        *context_, frame("b5"), frame(a_name));
    EXPECT_TRUE(bias_E.get_coeffs().isApprox((R_EA * bias).get_coeffs(), kTol));
    const Matrix3X<double> bias_t = tree().CalcBiasTranslationalAcceleration(
        *context_, JacobianWrtVariable::kV, frame(b_name), p, frame(a_name),
        frame(a_name));
    EXPECT_TRUE(bias_t.col(0).isApprox(bias.translational(), kTol));
  }
}

TEST_F(KinematicsTest, SpatialAccelerationsFromVdotAreTimeDerivatives) {
  VectorX<double> vdot =
      VectorX<double>::LinSpaced(tree().num_velocities(), -2, 3);
  SeedTimeDerivative(vdot);
  std::vector<SpatialAcceleration<double>> A_WB(tree().num_bodies());
  tree().CalcSpatialAccelerationsFromVdot(*context_, vdot, &A_WB);
  std::vector<SpatialVelocity<AutoDiffXd>> V_WB_ad;
  tree_ad().CalcAllBodySpatialVelocitiesInWorld(*context_ad_, &V_WB_ad);
  for (int b = 0; b < tree().num_bodies(); ++b) {
    // Classical A_WB_W = d/dt V_WB_W (both in W, at Bo).
    EXPECT_TRUE(A_WB[b].get_coeffs().isApprox(
                    ExtractGradient(V_WB_ad[b].get_coeffs(), 1), 1e-11) ||
                (b == 0 && A_WB[b].get_coeffs().isZero()))
        << b;
  }
  // Frame accelerations from those body accelerations: A_MF_M = d/dt of
  // V_MF_M (derivative of the components in M = derivative in M).
  const auto& F = frame("tool_tip");
  const auto& M = frame("on_f1");
  const SpatialAcceleration<double> A_MF_M =
      tree().CalcFrameSpatialAcceleration(*context_, F, M, M, A_WB);
  const SpatialVelocity<AutoDiffXd> V_MF_M = tree_ad().CalcFrameSpatialVelocity(
      *context_ad_, frame_ad("tool_tip"), frame_ad("on_f1"), frame_ad("on_f1"));
  EXPECT_TRUE(A_MF_M.get_coeffs().isApprox(
      ExtractGradient(V_MF_M.get_coeffs(), 1), 1e-11));
  const SpatialAcceleration<double> A_WF =
      tree().CalcFrameSpatialAccelerationInWorld(*context_, F, A_WB);
  const SpatialVelocity<AutoDiffXd> V_WF_ad =
      frame_ad("tool_tip").CalcSpatialVelocityInWorld(*context_ad_);
  EXPECT_TRUE(A_WF.get_coeffs().isApprox(
      ExtractGradient(V_WF_ad.get_coeffs(), 1), 1e-11));
}

TEST_F(KinematicsTest, CenterOfMassJacobianMatchesFiniteDifferences) {
  const auto& world = tree().world_frame();
  MatrixX<double> J(3, tree().num_velocities());
  Matrix3X<double> Jcm(3, tree().num_velocities());
  tree().CalcJacobianCenterOfMassTranslationalVelocity(
      *context_, JacobianWrtVariable::kV, world, world, &Jcm);
  const double dt = 1e-6;
  SetTime(dt);
  const Vector3<double> p_plus =
      tree().CalcCenterOfMassPositionInWorld(*context_);
  SetTime(-dt);
  const Vector3<double> p_minus =
      tree().CalcCenterOfMassPositionInWorld(*context_);
  ResetState();
  // Central differences: O(dt²) truncation and 1e-10 round-off → 1e-7.
  EXPECT_TRUE((Jcm * v_).isApprox((p_plus - p_minus) / (2 * dt), 1e-7));
  EXPECT_TRUE((Jcm * v_).isApprox(
      tree().CalcCenterOfMassTranslationalVelocityInWorld(*context_), kTol));
  // Per instance: the mass-weighted sum of the instances' Jacobians.
  const auto robot = tree().GetModelInstanceByName("robot");
  const auto other = tree().GetModelInstanceByName("other");
  const auto free = tree().GetModelInstanceByName("free");
  Matrix3X<double> sum = Matrix3X<double>::Zero(3, tree().num_velocities());
  for (auto instance : {robot, other, free}) {
    Matrix3X<double> Ji(3, tree().num_velocities());
    tree().CalcJacobianCenterOfMassTranslationalVelocity(
        *context_, {instance}, JacobianWrtVariable::kV, world, world, &Ji);
    sum += tree().CalcTotalMass(*context_, {instance}) * Ji;
  }
  EXPECT_TRUE((sum / tree().CalcTotalMass(*context_)).isApprox(Jcm, kTol));
  // The COM bias is the mass-weighted sum of the body com biases, and the
  // AutoDiffXd time derivative of Jcm·v at v̇ = 0.
  SeedTimeDerivative(VectorX<double>::Zero(tree().num_velocities()));
  Matrix3X<AutoDiffXd> Jcm_ad(3, tree().num_velocities());
  tree_ad().CalcJacobianCenterOfMassTranslationalVelocity(
      *context_ad_, JacobianWrtVariable::kV, tree_ad().world_frame(),
      tree_ad().world_frame(), &Jcm_ad);
  const Vector3<AutoDiffXd> vcm =
      Jcm_ad * system_ad_.GetVelocities(*context_ad_);
  EXPECT_TRUE(tree()
                  .CalcBiasCenterOfMassTranslationalAcceleration(
                      *context_, JacobianWrtVariable::kV, world, world)
                  .isApprox(ExtractGradient(vcm, 1), 1e-11));
}

}  // namespace multibody_tree_kinematics_test
}  // namespace ossa::multibody
