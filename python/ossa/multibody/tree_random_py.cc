// The joints' random distributions (set_random_*_distribution), for every
// scalar: each takes expressions of random variables (ossa.symbolic
// Variables of the RANDOM_* types) that System.SetRandomContext samples.
// Attached to the joint classes tree_joints_py.cc binds.

#include "ossa/autodiff_caster.h"
#include "ossa/bindings.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"

namespace nb = nanobind;

namespace ossa::py {
namespace {

using symbolic::Expression;

template <typename T>
void DefineJointRandomDistributions() {
  using multibody::BallRpyJoint;
  using multibody::PlanarJoint;
  using multibody::PrismaticJoint;
  using multibody::QuaternionFloatingJoint;
  using multibody::RevoluteJoint;
  using multibody::RpyFloatingJoint;
  using multibody::ScrewJoint;
  using multibody::UniversalJoint;
  DefMethod(
      nb::type<RevoluteJoint<T>>(), "set_random_angle_distribution",
      [](RevoluteJoint<T>& self, const Expression& angle) {
        self.set_random_angle_distribution(angle);
      },
      nb::arg("angle"),
      "Sets the distribution of the angle that SetRandomContext samples (an "
      "Expression of random variables).");
  DefMethod(
      nb::type<PrismaticJoint<T>>(), "set_random_translation_distribution",
      [](PrismaticJoint<T>& self, const Expression& translation) {
        self.set_random_translation_distribution(translation);
      },
      nb::arg("translation"),
      "Sets the distribution of the translation that SetRandomContext "
      "samples (an Expression of random variables).");
  DefMethod(
      nb::type<BallRpyJoint<T>>(), "set_random_angles_distribution",
      [](BallRpyJoint<T>& self, const Vector3<Expression>& angles) {
        self.set_random_angles_distribution(angles);
      },
      nb::arg("angles"),
      "Sets the distribution of the roll-pitch-yaw angles that "
      "SetRandomContext samples (3 Expressions of random variables).");
  DefMethod(
      nb::type<UniversalJoint<T>>(), "set_random_angles_distribution",
      [](UniversalJoint<T>& self, const Vector2<Expression>& angles) {
        self.set_random_angles_distribution(angles);
      },
      nb::arg("angles"),
      "Sets the distribution of the two angles that SetRandomContext "
      "samples (2 Expressions of random variables).");
  DefMethod(
      nb::type<PlanarJoint<T>>(), "set_random_pose_distribution",
      [](PlanarJoint<T>& self, const Vector2<Expression>& p_FoMo_F,
         const Expression& theta) {
        self.set_random_pose_distribution(p_FoMo_F, theta);
      },
      nb::arg("p_FoMo_F"), nb::arg("theta"),
      "Sets the distribution of the position (2 Expressions) and the angle "
      "that SetRandomContext samples.");
  DefMethod(
      nb::type<ScrewJoint<T>>(), "set_random_pose_distribution",
      [](ScrewJoint<T>& self, const Vector1<Expression>& theta) {
        self.set_random_pose_distribution(theta);
      },
      nb::arg("theta"),
      "Sets the distribution of the rotation angle that SetRandomContext "
      "samples (an array of one Expression).");
  DefMethod(
      nb::type<RpyFloatingJoint<T>>(), "set_random_angles_distribution",
      [](RpyFloatingJoint<T>& self, const Vector3<Expression>& angles) {
        self.set_random_angles_distribution(angles);
      },
      nb::arg("angles"),
      "Sets the distribution of the roll-pitch-yaw angles that "
      "SetRandomContext samples; the translation keeps its distribution if "
      "it has one, else is zero.");
  DefMethod(
      nb::type<RpyFloatingJoint<T>>(), "set_random_translation_distribution",
      [](RpyFloatingJoint<T>& self, const Vector3<Expression>& p_FM) {
        self.set_random_translation_distribution(p_FM);
      },
      nb::arg("p_FM"),
      "Sets the distribution of the translation p_FM that SetRandomContext "
      "samples; the angles keep their distribution if they have one, else "
      "are zero.");
  DefMethod(
      nb::type<QuaternionFloatingJoint<T>>(),
      "set_random_quaternion_distribution",
      [](QuaternionFloatingJoint<T>& self,
         const Eigen::Quaternion<Expression>& q_FM) {
        self.set_random_quaternion_distribution(q_FM);
      },
      nb::arg("q_FM"),
      "Sets the distribution of the quaternion (a Quaternion_[Expression], "
      "used as sampled, not normalized) that SetRandomContext samples; the "
      "translation keeps its distribution if it has one, else is zero.");
  DefMethod(
      nb::type<QuaternionFloatingJoint<T>>(),
      "set_random_quaternion_distribution_to_uniform",
      [](QuaternionFloatingJoint<T>& self) {
        self.set_random_quaternion_distribution_to_uniform();
      },
      "Makes SetRandomContext sample orientations uniformly over all "
      "rotations.");
  DefMethod(
      nb::type<QuaternionFloatingJoint<T>>(),
      "set_random_translation_distribution",
      [](QuaternionFloatingJoint<T>& self,
         const Vector3<Expression>& translation) {
        self.set_random_translation_distribution(translation);
      },
      nb::arg("translation"),
      "Sets the distribution of the translation that SetRandomContext "
      "samples; the quaternion keeps its distribution if it has one, else is "
      "the identity.");
}

}  // namespace

void DefineMultibodyTreeRandomDistributions(nb::module_) {
  DefineJointRandomDistributions<double>();
  DefineJointRandomDistributions<AutoDiffXd>();
  DefineJointRandomDistributions<Expression>();
}

}  // namespace ossa::py
