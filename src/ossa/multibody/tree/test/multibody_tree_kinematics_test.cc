// Context-level kinematics of MultibodyTree (multibody_tree_kinematics.cc):
// frame queries, Jacobians, bias accelerations, q̇ ↔ v maps, mass
// properties, momentum, selector matrices, locking, per-Context frame poses.
//
// Oracles: composition of poses, finite differences of positions along
// q(t) = q + N(q)·v·t, and AutoDiffXd time derivatives (each q entry seeded
// with q̇ = N(q)·v, each v entry with v̇) on the same model built for
// AutoDiffXd.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"
#include "ossa/common/test/expect_logic_error.h"

namespace ossa::multibody {
namespace multibody_tree_kinematics_test {

using internal::MultibodyTree;
using internal::MultibodyTreeSystem;
using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;
using ::testing::HasSubstr;

// Round-off of products of a few dozen rotations and sums over ~12 bodies:
// far above 1e-16, far below any modeling error.
constexpr double kTol = 1e-12;

// A body with mass m whose center of mass is off its origin (so that the
// com terms of every formula matter).
SpatialInertia<double> Inertia(double m, const Vector3<double>& com) {
  return SpatialInertia<double>::SolidBoxWithMass(m, 0.3, 0.2, 0.1).Shift(-com);
}

RigidTransform<double> Pose(double r, double p, double y, double x, double yy,
                            double z) {
  return RigidTransform<double>(RollPitchYaw<double>(r, p, y),
                                Vector3<double>(x, yy, z));
}

// Every joint kind, a branch, a weld, a reversed revolute joint, a floating
// base added by Finalize, an RPY floating body, fixed-offset frames, three
// model instances.
template <typename T>
void BuildModel(MultibodyTreeSystem<T>* system) {
  MultibodyTree<T>& tree = system->mutable_tree();
  const ModelInstanceIndex robot = tree.AddModelInstance("robot");
  const ModelInstanceIndex other = tree.AddModelInstance("other");
  const ModelInstanceIndex free = tree.AddModelInstance("free");
  auto body = [&](const std::string& name, ModelInstanceIndex instance,
                  double m, const Vector3<double>& com) -> const RigidBody<T>& {
    return tree.AddRigidBody(name, instance, Inertia(m, com));
  };
  const auto& b1 = body("b1", robot, 1.0, {0.1, 0.0, 0.05});
  const auto& b2 = body("b2", robot, 1.5, {0.0, -0.1, 0.1});
  const auto& b3 = body("b3", robot, 0.7, {0.05, 0.05, 0.0});
  const auto& b4 = body("b4", robot, 2.0, {0.0, 0.0, -0.2});
  const auto& b5 = body("b5", robot, 0.9, {0.1, 0.2, 0.0});
  const auto& b6 = body("b6", robot, 1.1, {-0.1, 0.0, 0.1});
  const auto& b7 = body("b7", robot, 0.4, {0.0, 0.1, 0.1});
  const auto& f1 = body("f1", other, 1.3, {0.05, -0.05, 0.1});
  const auto& q1 = body("q1", free, 0.8, {0.1, 0.1, -0.1});
  const auto& q2 = body("q2", free, 0.6, {-0.05, 0.1, 0.0});
  const auto& r1 = body("r1", other, 0.5, {0.0, 0.1, 0.0});
  const auto& r2 = body("r2", other, 0.5, {0.1, 0.0, 0.05});
  const auto& W = tree.world_body();
  tree.template AddJoint<RevoluteJoint>("j1", W, Pose(0.1, 0.2, 0.3, 0, 0, 1),
                                        b1, std::nullopt,
                                        Vector3<double>(1, 2, 3));
  tree.template AddJoint<PrismaticJoint>("j2", b1, Pose(0.2, 0, 0, 0.3, 0, 0),
                                         b2, Pose(0, 0.1, 0, 0, 0.1, 0),
                                         Vector3<double>(0, 1, 1));
  tree.template AddJoint<BallRpyJoint>("j3", b2, Pose(0, 0, 0.4, 0, 0, 0.2), b3,
                                       std::nullopt);
  tree.template AddJoint<UniversalJoint>("j4", b3, Pose(0, 0.3, 0, 0.1, 0, 0),
                                         b4, Pose(0.1, 0, 0, 0, 0, -0.1));
  tree.template AddJoint<PlanarJoint>("j5", b1, Pose(0.3, 0, 0, 0, 0.2, 0), b5,
                                      std::nullopt, Vector3<double>::Zero());
  tree.template AddJoint<ScrewJoint>("j6", b5, Pose(0, 0, 0, 0, 0, 0.3), b6,
                                     std::nullopt, Vector3<double>(1, 0, 1),
                                     0.05, 0.0);
  tree.template AddJoint<WeldJoint>("j7", b4, Pose(0.1, 0.1, 0.1, 0, 0.2, 0),
                                    b7, std::nullopt,
                                    Pose(0.2, 0, 0.1, 0.1, 0, 0));
  tree.template AddJoint<RpyFloatingJoint>("jf1", W, std::nullopt, f1,
                                           std::nullopt);
  // q1 gets a quaternion floating joint at Finalize; q2 hangs off it.
  tree.template AddJoint<RevoluteJoint>("jq2", q1, Pose(0, 0, 0, 0.2, 0, 0), q2,
                                        std::nullopt, Vector3<double>(0, 0, 1));
  // r1 on the world; joint "jr2" has parent r2 and child r1: reversed.
  tree.template AddJoint<PrismaticJoint>("jr1", W, Pose(0, 0, 0, -1, 0, 0), r1,
                                         std::nullopt,
                                         Vector3<double>(1, 0, 0));
  tree.template AddJoint<RevoluteJoint>("jr2", r2, Pose(0, 0.2, 0, 0, 0, 0.3),
                                        r1, Pose(0.1, 0, 0, 0.1, 0, 0),
                                        Vector3<double>(0, 1, 0));
  const auto& tool = tree.template AddFrame<FixedOffsetFrame>(
      "tool", b4.body_frame(), Pose(0.3, -0.2, 0.1, 0.1, 0.2, 0.3));
  tree.template AddFrame<FixedOffsetFrame>("tool_tip", tool,
                                           Pose(0, 0, 0.5, 0, 0, 0.15));
  tree.template AddFrame<FixedOffsetFrame>("on_f1", f1.body_frame(),
                                           Pose(0.2, 0.1, 0, -0.1, 0, 0.1));
  system->Finalize();
}

// A random state: q from a random v-like perturbation of the default (unit
// quaternion), v random.
template <typename T>
void SetRandomState(const MultibodyTreeSystem<double>& system,
                    systems::Context<double>* context, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const auto& tree = system.tree();
  VectorX<double> q(tree.num_positions()), v(tree.num_velocities());
  for (int i = 0; i < q.size(); ++i) q[i] = u(gen);
  for (int i = 0; i < v.size(); ++i) v[i] = u(gen);
  const auto& jq = tree.GetJointByName("q1");
  q.segment<4>(jq.position_start()).normalize();
  system.SetPositions(context, q);
  system.SetVelocities(context, v);
}

class KinematicsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    BuildModel(&system_);
    BuildModel(&system_ad_);
    context_ = system_.CreateDefaultContext();
    context_ad_ = system_ad_.CreateDefaultContext();
    SetRandomState<double>(system_, context_.get(), 42);
    q_ = system_.GetPositions(*context_);
    v_ = system_.GetVelocities(*context_);
    qdot_ = VectorX<double>(tree().num_positions());
    tree().MapVelocityToQDot(*context_, v_, &qdot_);
  }

  const MultibodyTree<double>& tree() const { return system_.tree(); }
  const MultibodyTree<AutoDiffXd>& tree_ad() const { return system_ad_.tree(); }
  const Frame<double>& frame(const std::string& name) const {
    return tree().GetFrameByName(name);
  }
  const Frame<AutoDiffXd>& frame_ad(const std::string& name) const {
    return tree_ad().GetFrameByName(name);
  }

  // Sets the AutoDiffXd context to (q, v) with one derivative: q̇ = N(q)·v,
  // v̇ = vdot (so d/dt of any f(q, v) is its derivative).
  void SeedTimeDerivative(const VectorX<double>& vdot) {
    const VectorX<AutoDiffXd> q_ad =
        InitializeAutoDiff(q_, MatrixX<double>(qdot_));
    const VectorX<AutoDiffXd> v_ad =
        InitializeAutoDiff(v_, MatrixX<double>(vdot));
    system_ad_.SetPositions(context_ad_.get(), q_ad);
    system_ad_.SetVelocities(context_ad_.get(), v_ad);
  }

  // Sets the double context to q + dt·q̇ (quaternion left unnormalized: to
  // first order it stays unit, and X_FM normalizes it).
  void SetTime(double dt) {
    system_.SetPositions(context_.get(), q_ + dt * qdot_);
  }
  void ResetState() {
    system_.SetPositions(context_.get(), q_);
    system_.SetVelocities(context_.get(), v_);
  }

  MultibodyTreeSystem<double> system_;
  MultibodyTreeSystem<AutoDiffXd> system_ad_;
  std::unique_ptr<systems::Context<double>> context_;
  std::unique_ptr<systems::Context<AutoDiffXd>> context_ad_;
  VectorX<double> q_, v_, qdot_;
};

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
  rev.set_random_angle_distribution([](std::mt19937* g) {
    return std::uniform_real_distribution<double>(2.0, 3.0)(*g);
  });
  ball.set_random_angles_distribution(
      [](std::mt19937*) { return Vector3<double>(0.1, 0.2, 0.3); });
  // c floats: its quaternion is uniform, its translation keeps the default.
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
  // A sampler of the wrong size is reported.
  rev.set_random_positions_sampler(
      [](std::mt19937*, const VectorX<double>&) { return VectorX<double>(2); });
  EXPECT_LOGIC_ERROR(system.SetRandomContext(context.get(), &generator),
                     "gave 2 values but the joint has 1 positions");
}

}  // namespace
}  // namespace ossa::multibody
