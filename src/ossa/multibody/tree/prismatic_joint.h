#pragma once

/// @file
/// PrismaticJoint<T>: translation of M in F along a fixed unit axis â.

#include <limits>
#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 1-dof joint: M translates relative to F along the unit axis â
/// (expressed identically in F and M, which keep their orientation):
/// X_FM(x) = [I, x·â]. q = x (m), v = ẋ (m/s). Damping d gives the force
/// f = -d·ẋ (N·s/m).
template <typename T>
class PrismaticJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if `axis` has (near) zero length, if `damping`
  /// is negative or if lower > upper.
  PrismaticJoint(
      const std::string& name, const Frame<T>& frame_on_parent,
      const Frame<T>& frame_on_child, const Vector3<double>& axis,
      double pos_lower_limit = -std::numeric_limits<double>::infinity(),
      double pos_upper_limit = std::numeric_limits<double>::infinity(),
      double damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kPrismatic;
  }

  /// The unit axis â, the same in F and M.
  const Vector3<double>& translation_axis() const { return axis_; }
  /// The distribution of the translation (m) that SetRandomState samples:
  /// an expression of random variables (see Joint's "Random positions").
  void set_random_translation_distribution(
      const symbolic::Expression& translation);
  double default_damping() const { return this->default_damping_vector()[0]; }
  void set_default_damping(double damping);
  /// The damping d in `context` (Joint::GetDampingVector()[0]).
  T GetDamping(const systems::Context<T>& context) const {
    return this->GetDampingVector(context)[0];
  }
  /// Sets d in `context`; throws as Joint::SetDampingVector().
  void SetDamping(systems::Context<T>* context, const T& damping) const {
    this->SetDampingVectorImpl("PrismaticJoint::SetDamping", context,
                               VectorX<T>::Constant(1, damping));
  }
  double position_lower_limit() const {
    return this->position_lower_limits()[0];
  }
  double position_upper_limit() const {
    return this->position_upper_limits()[0];
  }
  double velocity_lower_limit() const {
    return this->velocity_lower_limits()[0];
  }
  double velocity_upper_limit() const {
    return this->velocity_upper_limits()[0];
  }
  double acceleration_lower_limit() const {
    return this->acceleration_lower_limits()[0];
  }
  double acceleration_upper_limit() const {
    return this->acceleration_upper_limits()[0];
  }
  double get_default_translation() const {
    return this->default_positions()[0];
  }
  void set_default_translation(double translation);

  /// The translation (m) and its rate (m/s) in `context` (see
  /// Joint::GetPositions() for what is required of the model).
  T get_translation(const systems::Context<T>& context) const {
    return this->GetOnePosition(context);
  }
  const PrismaticJoint<T>& set_translation(systems::Context<T>* context,
                                           const T& translation) const {
    this->SetPositions(context, Vector1<T>(translation));
    return *this;
  }
  T get_translation_rate(const systems::Context<T>& context) const {
    return this->GetOneVelocity(context);
  }
  const PrismaticJoint<T>& set_translation_rate(
      systems::Context<T>* context, const T& translation_dot) const {
    this->SetVelocities(context, Vector1<T>(translation_dot));
    return *this;
  }

 private:
  Vector3<double> axis_;

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PrismaticJoint);
