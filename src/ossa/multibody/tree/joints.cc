// The concrete joint kinds. They are small, so they share one translation
// unit (fewer compiler runs on the 2-core build machine).

#include <cmath>

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

namespace ossa::multibody {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Normalizes a joint axis; a (near) zero axis has no direction.
Vector3<double> NormalizeAxisOrThrow(const char* kind,
                                     const std::string& joint_name,
                                     const Vector3<double>& axis) {
  const double norm = axis.norm();
  // Anything this small is a modeling error (or an uninitialized vector),
  // not an intended direction.
  if (!(norm > 1e-10)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the axis of joint '{}' must have nonzero length (got [{}, {}, "
        "{}]).",
        kind, joint_name, axis.x(), axis.y(), axis.z());
  }
  return axis / norm;
}

void ThrowIfNegativeDamping(const char* method, const std::string& joint_name,
                            double damping) {
  if (!(damping >= 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the damping of joint '{}' must be nonnegative (got {}).", method,
        joint_name, damping);
  }
}

VectorX<double> Vec(std::initializer_list<double> values) {
  VectorX<double> v(static_cast<int>(values.size()));
  int i = 0;
  for (double x : values) v[i++] = x;
  return v;
}

}  // namespace

// ---------------------------------------------------------------- Weld
template <typename T>
const char WeldJoint<T>::kTypeName[] = "weld";
template <typename T>
const std::string& WeldJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}

// ---------------------------------------------------------------- Revolute
template <typename T>
RevoluteJoint<T>::RevoluteJoint(const std::string& name,
                                const Frame<T>& frame_on_parent,
                                const Frame<T>& frame_on_child,
                                const Vector3<double>& axis, double damping)
    : RevoluteJoint(name, frame_on_parent, frame_on_child, axis, -kInf, kInf,
                    damping) {}

template <typename T>
RevoluteJoint<T>::RevoluteJoint(const std::string& name,
                                const Frame<T>& frame_on_parent,
                                const Frame<T>& frame_on_child,
                                const Vector3<double>& axis,
                                double pos_lower_limit, double pos_upper_limit,
                                double damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 1, 1,
               Vec({std::max(damping, 0.0)}), Vec({pos_lower_limit}),
               Vec({pos_upper_limit}), Vec({-kInf}), Vec({kInf}), Vec({-kInf}),
               Vec({kInf})),
      axis_(NormalizeAxisOrThrow("RevoluteJoint", name, axis)) {
  ThrowIfNegativeDamping("RevoluteJoint", name, damping);
}
template <typename T>
const char RevoluteJoint<T>::kTypeName[] = "revolute";
template <typename T>
const std::string& RevoluteJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void RevoluteJoint<T>::set_default_damping(double damping) {
  ThrowIfNegativeDamping("set_default_damping", this->name(), damping);
  this->set_default_damping_vector(Vec({damping}));
}
template <typename T>
void RevoluteJoint<T>::set_default_angle(double angle) {
  this->set_default_positions(Vec({angle}));
}

// ---------------------------------------------------------------- Prismatic
template <typename T>
PrismaticJoint<T>::PrismaticJoint(const std::string& name,
                                  const Frame<T>& frame_on_parent,
                                  const Frame<T>& frame_on_child,
                                  const Vector3<double>& axis,
                                  double pos_lower_limit,
                                  double pos_upper_limit, double damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 1, 1,
               Vec({std::max(damping, 0.0)}), Vec({pos_lower_limit}),
               Vec({pos_upper_limit}), Vec({-kInf}), Vec({kInf}), Vec({-kInf}),
               Vec({kInf})),
      axis_(NormalizeAxisOrThrow("PrismaticJoint", name, axis)) {
  ThrowIfNegativeDamping("PrismaticJoint", name, damping);
}
template <typename T>
const char PrismaticJoint<T>::kTypeName[] = "prismatic";
template <typename T>
const std::string& PrismaticJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void PrismaticJoint<T>::set_default_damping(double damping) {
  ThrowIfNegativeDamping("set_default_damping", this->name(), damping);
  this->set_default_damping_vector(Vec({damping}));
}
template <typename T>
void PrismaticJoint<T>::set_default_translation(double translation) {
  this->set_default_positions(Vec({translation}));
}

// ---------------------------------------------------------------- BallRpy
template <typename T>
BallRpyJoint<T>::BallRpyJoint(const std::string& name,
                              const Frame<T>& frame_on_parent,
                              const Frame<T>& frame_on_child, double damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 3, 3,
               VectorX<double>::Constant(3, std::max(damping, 0.0)),
               Joint<T>::Inf(3) * -1, Joint<T>::Inf(3), Joint<T>::Inf(3) * -1,
               Joint<T>::Inf(3), Joint<T>::Inf(3) * -1, Joint<T>::Inf(3)) {
  ThrowIfNegativeDamping("BallRpyJoint", name, damping);
}
template <typename T>
const char BallRpyJoint<T>::kTypeName[] = "ball_rpy";
template <typename T>
const std::string& BallRpyJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void BallRpyJoint<T>::set_default_damping(double damping) {
  ThrowIfNegativeDamping("set_default_damping", this->name(), damping);
  this->set_default_damping_vector(VectorX<double>::Constant(3, damping));
}
template <typename T>
void BallRpyJoint<T>::set_default_angles(const Vector3<double>& angles) {
  this->set_default_positions(angles);
}

// ------------------------------------------------------ QuaternionFloating
template <typename T>
QuaternionFloatingJoint<T>::QuaternionFloatingJoint(
    const std::string& name, const Frame<T>& frame_on_parent,
    const Frame<T>& frame_on_child, double angular_damping,
    double translational_damping)
    : Joint<T>(
          name, frame_on_parent, frame_on_child, 7, 6,
          Vec({std::max(angular_damping, 0.0), std::max(angular_damping, 0.0),
               std::max(angular_damping, 0.0),
               std::max(translational_damping, 0.0),
               std::max(translational_damping, 0.0),
               std::max(translational_damping, 0.0)}),
          Joint<T>::Inf(7) * -1, Joint<T>::Inf(7), Joint<T>::Inf(6) * -1,
          Joint<T>::Inf(6), Joint<T>::Inf(6) * -1, Joint<T>::Inf(6)) {
  ThrowIfNegativeDamping("QuaternionFloatingJoint", name, angular_damping);
  ThrowIfNegativeDamping("QuaternionFloatingJoint", name,
                         translational_damping);
  // The identity orientation at the origin.
  this->mutable_default_positions() = Vec({1, 0, 0, 0, 0, 0, 0});
}
template <typename T>
const char QuaternionFloatingJoint<T>::kTypeName[] = "quaternion_floating";
template <typename T>
const std::string& QuaternionFloatingJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
Quaternion<double> QuaternionFloatingJoint<T>::get_default_quaternion() const {
  const VectorX<double>& q = this->default_positions();
  return Quaternion<double>(q[0], q[1], q[2], q[3]);
}
template <typename T>
void QuaternionFloatingJoint<T>::set_default_quaternion(
    const Quaternion<double>& q_FM) {
  VectorX<double> q = this->default_positions();
  q.template head<4>() << q_FM.w(), q_FM.x(), q_FM.y(), q_FM.z();
  this->set_default_positions(q);
}
template <typename T>
void QuaternionFloatingJoint<T>::set_default_position(
    const Vector3<double>& p_FM) {
  VectorX<double> q = this->default_positions();
  q.template tail<3>() = p_FM;
  this->set_default_positions(q);
}
template <typename T>
void QuaternionFloatingJoint<T>::DoCheckDefaultPositions(
    const VectorX<double>& q) const {
  if (!(q.template head<4>().norm() > 0)) [[unlikely]] {
    ThrowLogicError(
        "set_default_positions(): the default quaternion of joint '{}' must "
        "not be zero.",
        this->name());
  }
}

// ------------------------------------------------------------- RpyFloating
template <typename T>
RpyFloatingJoint<T>::RpyFloatingJoint(const std::string& name,
                                      const Frame<T>& frame_on_parent,
                                      const Frame<T>& frame_on_child,
                                      double angular_damping,
                                      double translational_damping)
    : Joint<T>(
          name, frame_on_parent, frame_on_child, 6, 6,
          Vec({std::max(angular_damping, 0.0), std::max(angular_damping, 0.0),
               std::max(angular_damping, 0.0),
               std::max(translational_damping, 0.0),
               std::max(translational_damping, 0.0),
               std::max(translational_damping, 0.0)}),
          Joint<T>::Inf(6) * -1, Joint<T>::Inf(6), Joint<T>::Inf(6) * -1,
          Joint<T>::Inf(6), Joint<T>::Inf(6) * -1, Joint<T>::Inf(6)) {
  ThrowIfNegativeDamping("RpyFloatingJoint", name, angular_damping);
  ThrowIfNegativeDamping("RpyFloatingJoint", name, translational_damping);
}
template <typename T>
const char RpyFloatingJoint<T>::kTypeName[] = "rpy_floating";
template <typename T>
const std::string& RpyFloatingJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void RpyFloatingJoint<T>::set_default_angles(const Vector3<double>& angles) {
  VectorX<double> q = this->default_positions();
  q.template head<3>() = angles;
  this->set_default_positions(q);
}
template <typename T>
void RpyFloatingJoint<T>::set_default_translation(const Vector3<double>& p_FM) {
  VectorX<double> q = this->default_positions();
  q.template tail<3>() = p_FM;
  this->set_default_positions(q);
}

// ---------------------------------------------------------------- Planar
template <typename T>
PlanarJoint<T>::PlanarJoint(const std::string& name,
                            const Frame<T>& frame_on_parent,
                            const Frame<T>& frame_on_child,
                            const Vector3<double>& damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 3, 3,
               damping.cwiseMax(0.0), Joint<T>::Inf(3) * -1, Joint<T>::Inf(3),
               Joint<T>::Inf(3) * -1, Joint<T>::Inf(3), Joint<T>::Inf(3) * -1,
               Joint<T>::Inf(3)) {
  for (int i = 0; i < 3; ++i)
    ThrowIfNegativeDamping("PlanarJoint", name, damping[i]);
}
template <typename T>
const char PlanarJoint<T>::kTypeName[] = "planar";
template <typename T>
const std::string& PlanarJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void PlanarJoint<T>::set_default_damping(const Vector3<double>& damping) {
  this->set_default_damping_vector(damping);
}
template <typename T>
void PlanarJoint<T>::set_default_translation(const Vector2<double>& p_FoMo_F) {
  set_default_pose(p_FoMo_F, get_default_rotation());
}
template <typename T>
void PlanarJoint<T>::set_default_rotation(double theta) {
  set_default_pose(get_default_translation(), theta);
}
template <typename T>
void PlanarJoint<T>::set_default_pose(const Vector2<double>& p_FoMo_F,
                                      double theta) {
  this->set_default_positions(Vec({p_FoMo_F.x(), p_FoMo_F.y(), theta}));
}

// ---------------------------------------------------------------- Universal
template <typename T>
UniversalJoint<T>::UniversalJoint(const std::string& name,
                                  const Frame<T>& frame_on_parent,
                                  const Frame<T>& frame_on_child,
                                  double damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 2, 2,
               VectorX<double>::Constant(2, std::max(damping, 0.0)),
               Joint<T>::Inf(2) * -1, Joint<T>::Inf(2), Joint<T>::Inf(2) * -1,
               Joint<T>::Inf(2), Joint<T>::Inf(2) * -1, Joint<T>::Inf(2)) {
  ThrowIfNegativeDamping("UniversalJoint", name, damping);
}
template <typename T>
const char UniversalJoint<T>::kTypeName[] = "universal";
template <typename T>
const std::string& UniversalJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void UniversalJoint<T>::set_default_damping(double damping) {
  ThrowIfNegativeDamping("set_default_damping", this->name(), damping);
  this->set_default_damping_vector(VectorX<double>::Constant(2, damping));
}
template <typename T>
void UniversalJoint<T>::set_default_angles(const Vector2<double>& angles) {
  this->set_default_positions(angles);
}

// ---------------------------------------------------------------- Screw
template <typename T>
ScrewJoint<T>::ScrewJoint(const std::string& name,
                          const Frame<T>& frame_on_parent,
                          const Frame<T>& frame_on_child, double screw_pitch,
                          double damping)
    : ScrewJoint(name, frame_on_parent, frame_on_child,
                 Vector3<double>::UnitZ(), screw_pitch, damping) {}

template <typename T>
ScrewJoint<T>::ScrewJoint(const std::string& name,
                          const Frame<T>& frame_on_parent,
                          const Frame<T>& frame_on_child,
                          const Vector3<double>& axis, double screw_pitch,
                          double damping)
    : Joint<T>(name, frame_on_parent, frame_on_child, 1, 1,
               Vec({std::max(damping, 0.0)}), Vec({-kInf}), Vec({kInf}),
               Vec({-kInf}), Vec({kInf}), Vec({-kInf}), Vec({kInf})),
      axis_(NormalizeAxisOrThrow("ScrewJoint", name, axis)),
      screw_pitch_(screw_pitch) {
  ThrowIfNegativeDamping("ScrewJoint", name, damping);
  if (!std::isfinite(screw_pitch)) [[unlikely]] {
    ThrowLogicError(
        "ScrewJoint(): the screw pitch of joint '{}' must be finite.", name);
  }
}
template <typename T>
const char ScrewJoint<T>::kTypeName[] = "screw";
template <typename T>
const std::string& ScrewJoint<T>::type_name() const {
  static const std::string name{kTypeName};
  return name;
}
template <typename T>
void ScrewJoint<T>::set_default_damping(double damping) {
  ThrowIfNegativeDamping("set_default_damping", this->name(), damping);
  this->set_default_damping_vector(Vec({damping}));
}
template <typename T>
void ScrewJoint<T>::set_default_rotation(double theta) {
  this->set_default_positions(Vec({theta}));
}
template <typename T>
double ScrewJoint<T>::get_default_translation() const {
  return get_default_rotation() * screw_pitch_ / (2 * M_PI);
}
template <typename T>
void ScrewJoint<T>::set_default_translation(double z) {
  if (screw_pitch_ == 0) {
    if (z != 0) [[unlikely]] {
      ThrowLogicError(
          "set_default_translation(): screw joint '{}' has zero pitch, so it "
          "cannot translate (asked for {} m).",
          this->name(), z);
    }
    return;
  }
  set_default_rotation(2 * M_PI * z / screw_pitch_);
}
template <typename T>
T ScrewJoint<T>::get_translation(const systems::Context<T>& context) const {
  return T(this->GetOnePosition(context) * screw_pitch_ / (2 * M_PI));
}
template <typename T>
const ScrewJoint<T>& ScrewJoint<T>::set_translation(
    systems::Context<T>* context, const T& translation) const {
  if (screw_pitch_ == 0) [[unlikely]] {
    ThrowLogicError(
        "ScrewJoint::set_translation(): the joint '{}' has zero pitch; its "
        "translation is always zero.",
        this->name());
  }
  this->SetPositions(context,
                     Vector1<T>(translation * (2 * M_PI) / screw_pitch_));
  return *this;
}
template <typename T>
T ScrewJoint<T>::get_translational_velocity(
    const systems::Context<T>& context) const {
  return T(this->GetOneVelocity(context) * screw_pitch_ / (2 * M_PI));
}
template <typename T>
const ScrewJoint<T>& ScrewJoint<T>::set_translational_velocity(
    systems::Context<T>* context, const T& translation_dot) const {
  if (screw_pitch_ == 0) [[unlikely]] {
    ThrowLogicError(
        "ScrewJoint::set_translational_velocity(): the joint '{}' has zero "
        "pitch; its translational velocity is always zero.",
        this->name());
  }
  this->SetVelocities(context,
                      Vector1<T>(translation_dot * (2 * M_PI) / screw_pitch_));
  return *this;
}

// ------------------------------------------------------- random positions
// Each setter writes the joint's vector of position distributions; the
// floating kinds keep the other part of an existing one (else zero).

template <typename T>
void RevoluteJoint<T>::set_random_angle_distribution(
    const symbolic::Expression& angle) {
  this->set_random_positions_distribution(Vector1<symbolic::Expression>(angle));
}

template <typename T>
void PrismaticJoint<T>::set_random_translation_distribution(
    const symbolic::Expression& translation) {
  this->set_random_positions_distribution(
      Vector1<symbolic::Expression>(translation));
}

template <typename T>
void BallRpyJoint<T>::set_random_angles_distribution(
    const Vector3<symbolic::Expression>& angles) {
  this->set_random_positions_distribution(angles);
}

template <typename T>
void UniversalJoint<T>::set_random_angles_distribution(
    const Vector2<symbolic::Expression>& angles) {
  this->set_random_positions_distribution(angles);
}

template <typename T>
void PlanarJoint<T>::set_random_pose_distribution(
    const Vector2<symbolic::Expression>& p_FoMo_F,
    const symbolic::Expression& theta) {
  this->set_random_positions_distribution(
      Vector3<symbolic::Expression>(p_FoMo_F[0], p_FoMo_F[1], theta));
}

template <typename T>
void ScrewJoint<T>::set_random_pose_distribution(
    const Vector1<symbolic::Expression>& theta) {
  this->set_random_positions_distribution(theta);
}

template <typename T>
void RpyFloatingJoint<T>::set_random_angles_distribution(
    const Vector3<symbolic::Expression>& angles) {
  VectorX<symbolic::Expression> q =
      this->RandomPositionsOr(VectorX<double>::Zero(6));
  q.template head<3>() = angles;
  this->set_random_positions_distribution(q);
}

template <typename T>
void RpyFloatingJoint<T>::set_random_translation_distribution(
    const Vector3<symbolic::Expression>& p_FM) {
  VectorX<symbolic::Expression> q =
      this->RandomPositionsOr(VectorX<double>::Zero(6));
  q.template tail<3>() = p_FM;
  this->set_random_positions_distribution(q);
}

namespace {
// The zero configuration of a quaternion floating joint: identity, origin.
VectorX<double> QuaternionFloatingZero() {
  VectorX<double> q = VectorX<double>::Zero(7);
  q[0] = 1.0;
  return q;
}
}  // namespace

template <typename T>
void QuaternionFloatingJoint<T>::set_random_quaternion_distribution(
    const Eigen::Quaternion<symbolic::Expression>& q_FM) {
  VectorX<symbolic::Expression> q =
      this->RandomPositionsOr(QuaternionFloatingZero());
  q.template head<4>() << q_FM.w(), q_FM.x(), q_FM.y(), q_FM.z();
  this->set_random_positions_distribution(q);
}

template <typename T>
void QuaternionFloatingJoint<
    T>::set_random_quaternion_distribution_to_uniform() {
  // Shoemake's subgroup algorithm: u₁ splits the unit 4-vector's squared
  // norm between (w, x) and (y, z); u₂, u₃ pick the angles in each plane.
  // The result is uniform on S³, hence a uniform rotation.
  using symbolic::Expression;
  using symbolic::Variable;
  const Expression u1(Variable("u1", Variable::Type::RANDOM_UNIFORM));
  const Expression u2(Variable("u2", Variable::Type::RANDOM_UNIFORM));
  const Expression u3(Variable("u3", Variable::Type::RANDOM_UNIFORM));
  const Expression a = sqrt(1.0 - u1);
  const Expression b = sqrt(u1);
  const Expression angle2 = 2.0 * M_PI * u2;
  const Expression angle3 = 2.0 * M_PI * u3;
  set_random_quaternion_distribution(Eigen::Quaternion<Expression>(
      a * sin(angle2), a * cos(angle2), b * sin(angle3), b * cos(angle3)));
}

template <typename T>
void QuaternionFloatingJoint<T>::set_random_translation_distribution(
    const Vector3<symbolic::Expression>& translation) {
  VectorX<symbolic::Expression> q =
      this->RandomPositionsOr(QuaternionFloatingZero());
  q.template tail<3>() = translation;
  this->set_random_positions_distribution(q);
}

// ------------------------------------------------------- scalar conversion
// Each kind is rebuilt on the clone tree's frames with its own constants;
// Joint::CloneToScalar copies limits, defaults, damping and distributions.

namespace {
template <typename U, typename T>
const Frame<U>& ParentIn(const internal::MultibodyTree<U>& tree,
                         const Joint<T>& joint) {
  return tree.get_frame(joint.frame_on_parent().index());
}
template <typename U, typename T>
const Frame<U>& ChildIn(const internal::MultibodyTree<U>& tree,
                        const Joint<T>& joint) {
  return tree.get_frame(joint.frame_on_child().index());
}

template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const WeldJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<WeldJoint<U>>(j.name(), ParentIn(t, j), ChildIn(t, j),
                                        j.X_FM());
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const RevoluteJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<RevoluteJoint<U>>(j.name(), ParentIn(t, j),
                                            ChildIn(t, j), j.revolute_axis());
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const PrismaticJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<PrismaticJoint<U>>(
      j.name(), ParentIn(t, j), ChildIn(t, j), j.translation_axis());
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const ScrewJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<ScrewJoint<U>>(j.name(), ParentIn(t, j),
                                         ChildIn(t, j), j.screw_axis(),
                                         j.screw_pitch(), 0.0);
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const BallRpyJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<BallRpyJoint<U>>(j.name(), ParentIn(t, j),
                                           ChildIn(t, j));
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const QuaternionFloatingJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<QuaternionFloatingJoint<U>>(j.name(), ParentIn(t, j),
                                                      ChildIn(t, j));
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const RpyFloatingJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<RpyFloatingJoint<U>>(j.name(), ParentIn(t, j),
                                               ChildIn(t, j));
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const PlanarJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<PlanarJoint<U>>(
      j.name(), ParentIn(t, j), ChildIn(t, j), Vector3<double>::Zero());
}
template <typename U, typename T>
std::unique_ptr<Joint<U>> MakeClone(const UniversalJoint<T>& j,
                                    const internal::MultibodyTree<U>& t) {
  return std::make_unique<UniversalJoint<U>>(j.name(), ParentIn(t, j),
                                             ChildIn(t, j));
}
}  // namespace

#define OSSA_DEFINE_JOINT_CLONE(Kind)                                          \
  template <typename T>                                                        \
  std::unique_ptr<Joint<double>> Kind<T>::DoCloneToScalar(                     \
      const internal::MultibodyTree<double>& tree_clone) const {               \
    return MakeClone<double>(*this, tree_clone);                               \
  }                                                                            \
  template <typename T>                                                        \
  std::unique_ptr<Joint<AutoDiffXd>> Kind<T>::DoCloneToScalar(                 \
      const internal::MultibodyTree<AutoDiffXd>& tree_clone) const {           \
    return MakeClone<AutoDiffXd>(*this, tree_clone);                           \
  }                                                                            \
  template <typename T>                                                        \
  std::unique_ptr<Joint<symbolic::Expression>> Kind<T>::DoCloneToScalar(       \
      const internal::MultibodyTree<symbolic::Expression>& tree_clone) const { \
    return MakeClone<symbolic::Expression>(*this, tree_clone);                 \
  }
OSSA_DEFINE_JOINT_CLONE(WeldJoint)
OSSA_DEFINE_JOINT_CLONE(RevoluteJoint)
OSSA_DEFINE_JOINT_CLONE(PrismaticJoint)
OSSA_DEFINE_JOINT_CLONE(ScrewJoint)
OSSA_DEFINE_JOINT_CLONE(BallRpyJoint)
OSSA_DEFINE_JOINT_CLONE(QuaternionFloatingJoint)
OSSA_DEFINE_JOINT_CLONE(RpyFloatingJoint)
OSSA_DEFINE_JOINT_CLONE(PlanarJoint)
OSSA_DEFINE_JOINT_CLONE(UniversalJoint)
#undef OSSA_DEFINE_JOINT_CLONE

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::WeldJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::WeldJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RevoluteJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RevoluteJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PrismaticJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::PrismaticJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::BallRpyJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::BallRpyJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::QuaternionFloatingJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::QuaternionFloatingJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RpyFloatingJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RpyFloatingJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PlanarJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::PlanarJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UniversalJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::UniversalJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ScrewJoint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ScrewJoint);
