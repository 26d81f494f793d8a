// MultibodyTreeSystem: state, parameters and kinematics caches in a Context.

#include "ossa/multibody/tree/multibody_tree_system.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/test/dynamics_test_models.h"
#include "ossa/multibody/tree/tree_computation.h"

namespace ossa::multibody {
namespace multibody_tree_system_test {

using internal::MultibodyTreeSystem;
using ::testing::HasSubstr;

// A planar pendulum of length l on a cart: q = [x, θ].
template <typename T>
void BuildCartPole(MultibodyTreeSystem<T>* system, double length) {
  auto& tree = system->mutable_tree();
  const auto M = SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1);
  const auto& cart = tree.AddRigidBody("cart", M);
  const auto& pole = tree.AddRigidBody("pole", M);
  tree.template AddJoint<PrismaticJoint>("x", tree.world_body(), std::nullopt,
                                         cart, std::nullopt,
                                         Vector3<double>::UnitX());
  auto& hinge = tree.get_mutable_joint(
      tree.template AddJoint<RevoluteJoint>(
              "theta", cart, std::nullopt, pole,
              math::RigidTransform<double>(Vector3<double>(0, 0, length)),
              Vector3<double>::UnitY())
          .index());
  hinge.set_default_positions(Vector1<double>(0.25));
  system->Finalize();
}

TEST(MultibodyTreeSystem, ContinuousStateAndCaches) {
  MultibodyTreeSystem<double> system;
  const double l = 0.5;
  BuildCartPole(&system, l);
  EXPECT_FALSE(system.is_discrete());
  EXPECT_LOGIC_ERROR(system.mutable_tree(), "post-finalize");
  auto context = system.CreateDefaultContext();
  EXPECT_EQ(context->num_continuous_states(), 4);
  // Default state: the joints' default positions, zero velocities.
  EXPECT_EQ(system.GetPositions(*context), Vector2<double>(0, 0.25));
  EXPECT_EQ(system.GetVelocities(*context), Vector2<double>(0, 0));

  const auto& pole = system.tree().GetBodyByName("pole");
  const int m = system.tree().get_topology().body_to_mobod(pole.index());
  // The pole's body frame origin sits at the hinge: p_WPole = [x, 0, 0]
  // (the revolute joint's child frame M is offset by l along z in the pole,
  // so Bo = Mo - R_WB·[0, 0, l]).
  auto expected_p = [&](double x, double theta) {
    return Vector3<double>(x - l * std::sin(theta), 0, -l * std::cos(theta));
  };
  EXPECT_TRUE(system.EvalPositionKinematics(*context).p_WB[m].isApprox(
      expected_p(0, 0.25), 1e-14));
  // Changing q invalidates the cache.
  system.SetPositions(context.get(), Vector2<double>(1.0, -0.5));
  EXPECT_TRUE(system.EvalPositionKinematics(*context).p_WB[m].isApprox(
      expected_p(1.0, -0.5), 1e-14));
  // Velocity kinematics: V_WPole = [0, θ̇, 0 | ẋ + ... ] checked through the
  // translational velocity of Bo, d/dt p(x, θ).
  const double xdot = 0.3, thetadot = -1.2;
  system.SetVelocities(context.get(), Vector2<double>(xdot, thetadot));
  const auto& vc = system.EvalVelocityKinematics(*context);
  const Vector6<double> V_WB_W = internal::GetSpatialVelocityInWorld(vc, m);
  const double theta = -0.5;
  const Vector3<double> v_expected(xdot - l * std::cos(theta) * thetadot, 0,
                                   l * std::sin(theta) * thetadot);
  EXPECT_TRUE(V_WB_W.tail<3>().isApprox(v_expected, 1e-14));
  EXPECT_TRUE(
      V_WB_W.head<3>().isApprox(Vector3<double>(0, thetadot, 0), 1e-14));
  // Size checks.
  EXPECT_LOGIC_ERROR(system.SetPositions(context.get(), Vector1<double>(0)),
                     "SetPositions(): q has size 1 but size 2 was expected.");
  EXPECT_LOGIC_ERROR(system.SetVelocities(nullptr, Vector2<double>(0, 0)),
                     "the context is a nullptr");
}

TEST(MultibodyTreeSystem, ParametersLiveInTheContext) {
  MultibodyTreeSystem<double> system;
  BuildCartPole(&system, 0.5);
  auto context = system.CreateDefaultContext();
  auto other = system.CreateDefaultContext();
  const auto& pole = system.tree().GetBodyByName("pole");
  const int m = system.tree().get_topology().body_to_mobod(pole.index());
  EXPECT_EQ(system.GetParameters(*context).mobods[m].mass, 1.0);
  const Vector3<double> p0 = system.EvalPositionKinematics(*context).p_WB[m];
  // A longer pole in one context only: X_BM of the hinge is the parameter.
  system.GetMutableParameters(context.get()).mobods[m].X_BM.p =
      Vector3<double>(0, 0, 2.0);
  const Vector3<double> p1 = system.EvalPositionKinematics(*context).p_WB[m];
  EXPECT_NEAR(p1.norm(), 2.0, 1e-14);
  EXPECT_NEAR(p0.norm(), 0.5, 1e-14);
  EXPECT_TRUE(system.EvalPositionKinematics(*other).p_WB[m].isApprox(p0));
}

TEST(MultibodyTreeSystem, DiscreteState) {
  MultibodyTreeSystem<AutoDiffXd> system(/* is_discrete = */ true);
  BuildCartPole(&system, 0.5);
  auto context = system.CreateDefaultContext();
  EXPECT_TRUE(system.is_discrete());
  EXPECT_EQ(context->num_continuous_states(), 0);
  EXPECT_EQ(context->get_discrete_state(0).size(), 4);
  EXPECT_EQ(ExtractValue(system.GetPositions(*context))(1), 0.25);
  // AutoDiffXd through the cache: dp_z/dθ = l·sin θ.
  VectorX<AutoDiffXd> q = InitializeAutoDiff(Vector2<double>(0, 0.25));
  system.SetPositions(context.get(), q);
  const int m = system.tree().get_topology().body_to_mobod(
      system.tree().GetBodyByName("pole").index());
  const AutoDiffXd pz = system.EvalPositionKinematics(*context).p_WB[m].z();
  EXPECT_NEAR(pz.derivatives()[1], 0.5 * std::sin(0.25), 1e-14);
}

TEST(MultibodyTreeSystem, JointContextAccessors) {
  MultibodyTreeSystem<double> system;
  BuildCartPole(&system, 0.5);
  auto context = system.CreateDefaultContext();
  const auto& tree = system.tree();
  const auto& x = tree.GetJointByName<PrismaticJoint>("x");
  const auto& theta = tree.GetJointByName<RevoluteJoint>("theta");
  EXPECT_EQ(theta.get_angle(*context), 0.25);
  theta.set_angle(context.get(), -1.0).set_angular_rate(context.get(), 2.0);
  x.set_translation(context.get(), 3.0)
      .set_translation_rate(context.get(), 4.0);
  EXPECT_EQ(system.GetPositions(*context), Vector2<double>(3.0, -1.0));
  EXPECT_EQ(system.GetVelocities(*context), Vector2<double>(4.0, 2.0));
  EXPECT_EQ(x.get_translation(*context), 3.0);
  EXPECT_EQ(x.get_translation_rate(*context), 4.0);
  EXPECT_EQ(theta.get_angular_rate(*context), 2.0);
  EXPECT_EQ(theta.GetOneVelocity(*context), 2.0);
  EXPECT_EQ(theta.GetPositions(*context), Vector1<double>(-1.0));
  EXPECT_LOGIC_ERROR(theta.SetPositions(context.get(), Vector2<double>(1, 2)),
                     "Joint::SetPositions(): joint 'theta' has 1 positions "
                     "but the given vector has size 2.");
  // A bare tree has no Context.
  internal::MultibodyTree<double> bare;
  const auto& b =
      bare.AddRigidBody("b", SpatialInertia<double>::SolidSphereWithMass(1, 1));
  const auto& j =
      bare.AddJoint<RevoluteJoint>("j", bare.world_body(), std::nullopt, b,
                                   std::nullopt, Vector3<double>::UnitZ());
  bare.Finalize();
  EXPECT_LOGIC_ERROR(j.get_angle(*context),
                     "Joint::GetOnePosition(): this model is not owned by a "
                     "MultibodyTreeSystem");
  // A context of another system is rejected.
  MultibodyTreeSystem<double> other;
  BuildCartPole(&other, 1.0);
  auto other_context = other.CreateDefaultContext();
  EXPECT_THROW(theta.get_angle(*other_context), std::logic_error);
}

TEST(MultibodyTreeSystem, PreFinalize) {
  MultibodyTreeSystem<double> system;
  // The check comes before the Context is looked at (any Context will do).
  MultibodyTreeSystem<double> other;
  auto context = other.CreateDefaultContext();
  EXPECT_LOGIC_ERROR(system.EvalPositionKinematics(*context), "pre-finalize");
  system.Finalize();
  EXPECT_LOGIC_ERROR(system.Finalize(), "post-finalize");
}

// PrepareComputation() picks the weld-merged tree only when it merges
// something (or when asked), views the Context's q and v, and keeps the
// workspace's kinematics those of the Context's current state.
TEST(MultibodyTreeSystem, PrepareComputationPicksTheTreeAndItsKinematics) {
  using internal::KinematicsNeed;
  using internal::TreeChoice;
  MultibodyTreeSystem<double> cart_pole;
  BuildCartPole(&cart_pole, 0.5);
  auto cart_pole_context = cart_pole.CreateDefaultContext();
  {
    auto c = cart_pole.PrepareComputation(*cart_pole_context);
    EXPECT_FALSE(c.is_weld_merged());
    EXPECT_EQ(&c.tree(), &cart_pole.tree().compiled_tree());
    EXPECT_EQ(&c.parameters(), &cart_pole.GetParameters(*cart_pole_context));
    EXPECT_EQ(c.q(), cart_pole.GetPositions(*cart_pole_context));
    EXPECT_EQ(c.v(), cart_pole.GetVelocities(*cart_pole_context));
    auto merged = cart_pole.PrepareComputation(*cart_pole_context,
                                               TreeChoice::kWeldMerged);
    EXPECT_TRUE(merged.is_weld_merged());
    EXPECT_EQ(&merged.tree(), &cart_pole.weld_merged_tree().tree());
  }

  // Every joint kind, with a weld (b7 -weld- b8).
  MultibodyTreeSystem<double> system;
  test::BuildEveryJointKindModel(&system);
  ASSERT_TRUE(system.weld_merged_tree().merges_anything());
  auto context = system.CreateDefaultContext();
  std::mt19937 gen(7);
  for (int trial = 0; trial < 2; ++trial) {
    VectorX<double> q, v;
    test::SetRandomState(system, &gen, context.get(), &q, &v);
    auto c = system.PrepareComputation(*context);
    ASSERT_TRUE(c.is_weld_merged());
    EXPECT_EQ(&c.tree(), &system.weld_merged_tree().tree());
    EXPECT_EQ(&c.parameters(),
              &system.EvalWeldMergedParameters(*context).params);
    EXPECT_EQ(c.q(), q);
    EXPECT_EQ(c.v(), v);
    // The workspace's kinematics are the kernels' for this q and v (the
    // second trial checks that a change of state refreshes them).
    internal::TreeWorkspace<double> expected(c.tree());
    internal::CalcPositionKinematics<double>(c.tree(), c.parameters(), q,
                                             &expected);
    internal::CalcVelocityKinematics<double>(c.tree(), c.parameters(), q, v,
                                             &expected);
    const internal::TreeWorkspace<double>& ws =
        c.EvalKinematics(KinematicsNeed::kVelocityAndWorld);
    for (int m = 1; m < c.tree().num_mobods(); ++m) {
      EXPECT_EQ(ws.R_WB[m], expected.R_WB[m]) << m;
      EXPECT_EQ(ws.p_WB[m], expected.p_WB[m]) << m;
      EXPECT_EQ(ws.V_WB_B[m], expected.V_WB_B[m]) << m;
    }

    // Spatial forces on the merged groups have the generalized forces of
    // the same forces on the full tree's bodies: Σ J_WBᵀ·F_Bo_W (to
    // round-off: the group sums shift each force to Go).
    std::vector<SpatialForce<double>> F_Bo_W(system.tree().num_bodies());
    std::uniform_real_distribution<double> u(-1, 1);
    for (auto& F : F_Bo_W) {
      F = SpatialForce<double>(Vector3<double>(u(gen), u(gen), u(gen)),
                               Vector3<double>(u(gen), u(gen), u(gen)));
    }
    const std::vector<Vector6<double>> F_group_W =
        c.SpatialForcesOnMobods(F_Bo_W);
    VectorX<double> tau_merged(system.tree().num_velocities());
    internal::CalcGeneralizedForcesFromSpatialForces<double>(
        c.tree(), F_group_W, &c.workspace(), tau_merged);
    auto full = system.PrepareComputation(*context, TreeChoice::kFull);
    EXPECT_FALSE(full.is_weld_merged());
    EXPECT_EQ(&full.tree(), &system.tree().compiled_tree());
    VectorX<double> tau_full(system.tree().num_velocities());
    internal::CalcGeneralizedForcesFromSpatialForces<double>(
        full.tree(), full.SpatialForcesOnMobods(F_Bo_W),
        &full.EvalKinematics(KinematicsNeed::kPositionAndWorld), tau_full);
    EXPECT_TRUE(tau_merged.isApprox(tau_full, 1e-12))
        << tau_merged.transpose() << "\n"
        << tau_full.transpose();
    // R_WB·v_B of a welded body from its group's pose.
    const int m8 = system.tree().get_topology().body_to_mobod(
        system.tree().GetBodyByName("b8").index());
    const Vector3<double> v_B(0.3, -0.2, 0.7);
    EXPECT_TRUE(c.ReExpressInWorld(m8, v_B).isApprox(
        full.ReExpressInWorld(m8, v_B), 1e-12));
  }
}

}  // namespace multibody_tree_system_test
}  // namespace ossa::multibody
