#pragma once

// Models built in code for the dynamics tests: a branched tree with every
// joint kind, damping, offsets, generic inertias and two model instances.

#include <fmt/format.h>

#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree/weld_joint.h"

namespace ossa::multibody::test {

inline math::RigidTransform<double> Pose(double r, double p, double y, double x,
                                         double yy, double z) {
  return math::RigidTransform<double>(math::RollPitchYaw<double>(r, p, y),
                                      Vector3<double>(x, yy, z));
}

// A generic (non-symmetric, off-center) spatial inertia, different per k.
inline SpatialInertia<double> SomeInertia(int k) {
  const double m = 0.5 + 0.3 * k;
  const Vector3<double> com(0.05 * k - 0.1, 0.02 * (3 - k), 0.04);
  // Principal moments satisfying the triangle inequality, rotated.
  const RotationalInertia<double> I_principal(0.02 + 0.003 * k, 0.03,
                                              0.035 + 0.002 * k);
  const math::RotationMatrix<double> R(
      math::RollPitchYaw<double>(0.3 * k, -0.2, 0.1 * k));
  return SpatialInertia<double>::MakeFromCentralInertia(
      m, com, I_principal.ReExpress(R));
}

// Bodies b0..b9. Instance "arm" (default-instance-free layout):
//   world -rev- b0 -pri- b1 -scr- b2,  b0 -ball- b3 -uni- b4 -pla- b5,
// instance "rover":
//   world -rpy- b6 -qua- b7 -weld- b8, and b9 free (an added quaternion
//   floating joint).
// With `damping`, the 1- and 3-dof joints have joint damping. With
// `actuators`, the revolute and prismatic joints get actuators with rotor
// inertia and gear ratio.
template <typename T>
void BuildEveryJointKindModel(
    internal::MultibodyTreeSystem<T>* system, bool damping = true,
    bool actuators = false,
    const std::function<void(internal::MultibodyTree<T>*)>& before_finalize =
        {}) {
  auto& tree = system->mutable_tree();
  const ModelInstanceIndex arm = tree.AddModelInstance("arm");
  const ModelInstanceIndex rover = tree.AddModelInstance("rover");
  std::vector<const RigidBody<T>*> b;
  for (int k = 0; k < 10; ++k) {
    b.push_back(&tree.AddRigidBody(fmt::format("b{}", k), k < 6 ? arm : rover,
                                   SomeInertia(k)));
  }
  const double d = damping ? 1.0 : 0.0;
  const auto X = [](int k) {
    return Pose(0.1 * k, -0.2 * k, 0.3, 0.1 * k, -0.2, 0.15);
  };
  const auto Y = [](int k) {
    return Pose(-0.3, 0.1 * k, 0.2, 0.1, 0.05 * k, -0.1);
  };
  const Vector3<double> axis(1, -2, 0.5);
  const double inf = std::numeric_limits<double>::infinity();
  const auto& rev = tree.template AddJoint<RevoluteJoint>(
      "rev", tree.world_body(), X(0), *b[0], Y(0), axis, 0.3 * d);
  const auto& pri = tree.template AddJoint<PrismaticJoint>(
      "pri", *b[0], X(1), *b[1], Y(1), Vector3<double>(0.2, 1, 0), -inf, inf,
      0.7 * d);
  tree.template AddJoint<ScrewJoint>("scr", *b[1], X(2), *b[2], Y(2), axis, 0.3,
                                     0.2 * d);
  tree.template AddJoint<BallRpyJoint>("bal", *b[0], X(3), *b[3], Y(3),
                                       0.4 * d);
  tree.template AddJoint<UniversalJoint>("uni", *b[3], X(4), *b[4], Y(4),
                                         0.1 * d);
  tree.template AddJoint<PlanarJoint>("pla", *b[4], X(5), *b[5], Y(5),
                                      Vector3<double>(0.1, 0.2, 0.3) * d);
  tree.template AddJoint<RpyFloatingJoint>("rpy", tree.world_body(), X(6),
                                           *b[6], Y(6), 0.2 * d, 0.3 * d);
  tree.template AddJoint<QuaternionFloatingJoint>("qua", *b[6], X(7), *b[7],
                                                  Y(7), 0.1 * d, 0.05 * d);
  tree.template AddJoint<WeldJoint>("wel", *b[7], X(8), *b[8], Y(8), X(9));
  if (actuators) {
    auto& a0 = tree.get_mutable_joint_actuator(
        tree.AddJointActuator("rev_motor", rev).index());
    a0.set_default_rotor_inertia(0.3);
    a0.set_default_gear_ratio(5.0);
    auto& a1 = tree.get_mutable_joint_actuator(
        tree.AddJointActuator("pri_motor", pri).index());
    a1.set_default_rotor_inertia(0.02);
    a1.set_default_gear_ratio(-3.0);
  }
  if (before_finalize) before_finalize(&tree);
  system->Finalize();
}

// A random state: q from U(-1, 1) with unit quaternions, v from U(-1, 1).
template <typename T>
void SetRandomState(const internal::MultibodyTreeSystem<T>& system,
                    std::mt19937* gen, systems::Context<T>* context,
                    VectorX<double>* q_out = nullptr,
                    VectorX<double>* v_out = nullptr) {
  std::uniform_real_distribution<double> u(-1, 1);
  const auto& tree = system.tree();
  VectorX<double> q(tree.num_positions()), v(tree.num_velocities());
  for (int i = 0; i < q.size(); ++i) q[i] = u(*gen);
  for (int i = 0; i < v.size(); ++i) v[i] = u(*gen);
  for (JointIndex j : tree.GetJointIndices()) {
    const Joint<T>& joint = tree.get_joint(j);
    if (joint.kind() == internal::MobilizerKind::kQuaternionFloating) {
      q.segment<4>(joint.position_start()).normalize();
    }
  }
  system.SetPositions(context, q.template cast<T>());
  system.SetVelocities(context, v.template cast<T>());
  if (q_out) *q_out = q;
  if (v_out) *v_out = v;
}

}  // namespace ossa::multibody::test
