#pragma once

// The model and fixture of the Context-level kinematics tests
// (multibody_tree_kinematics_test.cc, multibody_tree_queries_test.cc): a
// tree with every joint kind, fixed offset frames and a reversed joint,
// built for double and AutoDiffXd, at a random state.

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
namespace kinematics_test_model {

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

}  // namespace kinematics_test_model
}  // namespace ossa::multibody
