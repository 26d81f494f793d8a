#pragma once

/// @file
/// RevoluteJoint<T>: rotation of M in F about a fixed unit axis â.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 1-dof joint: M rotates relative to F about the unit axis â (expressed
/// identically in F and M, the two frames share their origin):
/// X_FM(θ) = [R(â, θ), 0]. q = θ (rad), v = θ̇ (rad/s). Damping d gives
/// the torque τ = -d·θ̇ (N·m·s/rad).
template <typename T>
class RevoluteJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if `axis` has (near) zero length (it is
  /// normalized) or `damping` is negative. No position limits.
  RevoluteJoint(const std::string& name, const Frame<T>& frame_on_parent,
                const Frame<T>& frame_on_child, const Vector3<double>& axis,
                double damping = 0);
  /// With position limits (rad); throws if lower > upper.
  RevoluteJoint(const std::string& name, const Frame<T>& frame_on_parent,
                const Frame<T>& frame_on_child, const Vector3<double>& axis,
                double pos_lower_limit, double pos_upper_limit,
                double damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kRevolute;
  }

  /// The unit axis â, the same in F and M.
  const Vector3<double>& revolute_axis() const { return axis_; }
  double default_damping() const { return this->default_damping_vector()[0]; }
  /// Throws std::logic_error if negative or after Finalize().
  void set_default_damping(double damping);
  /// The damping d in `context` (Joint::GetDampingVector()[0]).
  T GetDamping(const systems::Context<T>& context) const {
    return this->GetDampingVector(context)[0];
  }
  /// Sets d in `context`; throws as Joint::SetDampingVector().
  void SetDamping(systems::Context<T>* context, const T& damping) const {
    this->SetDampingVectorImpl("RevoluteJoint::SetDamping", context,
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
  double get_default_angle() const { return this->default_positions()[0]; }
  void set_default_angle(double angle);

  /// The distribution of the angle θ (rad) that SetRandomState /
  /// SetRandomContext samples: an expression of random variables (see
  /// Joint's "Random positions").
  void set_random_angle_distribution(const symbolic::Expression& angle);

  /// The angle θ (rad) and rate θ̇ (rad/s) in `context` (see
  /// Joint::GetPositions() for what is required of the model).
  T get_angle(const systems::Context<T>& context) const {
    return this->GetOnePosition(context);
  }
  const RevoluteJoint<T>& set_angle(systems::Context<T>* context,
                                    const T& angle) const {
    this->SetPositions(context, Vector1<T>(angle));
    return *this;
  }
  T get_angular_rate(const systems::Context<T>& context) const {
    return this->GetOneVelocity(context);
  }
  const RevoluteJoint<T>& set_angular_rate(systems::Context<T>* context,
                                           const T& theta_dot) const {
    this->SetVelocities(context, Vector1<T>(theta_dot));
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
    class ::ossa::multibody::RevoluteJoint);
