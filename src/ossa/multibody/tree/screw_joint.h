#pragma once

/// @file
/// ScrewJoint<T>: rotation about an axis coupled to translation along it.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 1-dof joint: M rotates by θ about the unit axis â and translates by
/// z = θ·pitch/(2π) along it: X_FM(θ) = [R(â, θ), z·â]. q = θ (rad),
/// v = θ̇; `screw_pitch` is the translation per full turn (m/rev). Damping d
/// gives τ = -d·θ̇.
template <typename T>
class ScrewJoint final : public Joint<T> {
 public:
  /// Axis z of F. Throws std::logic_error if `damping` is negative.
  ScrewJoint(const std::string& name, const Frame<T>& frame_on_parent,
             const Frame<T>& frame_on_child, double screw_pitch,
             double damping);
  /// Axis `axis` (normalized; throws if of (near) zero length).
  ScrewJoint(const std::string& name, const Frame<T>& frame_on_parent,
             const Frame<T>& frame_on_child, const Vector3<double>& axis,
             double screw_pitch, double damping);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kScrew;
  }

  const Vector3<double>& screw_axis() const { return axis_; }
  double screw_pitch() const { return screw_pitch_; }
  double default_damping() const { return this->default_damping_vector()[0]; }
  void set_default_damping(double damping);
  /// The damping d in `context` (Joint::GetDampingVector()[0]).
  T GetDamping(const systems::Context<T>& context) const {
    return this->GetDampingVector(context)[0];
  }
  /// Sets d in `context`; throws as Joint::SetDampingVector().
  void SetDamping(systems::Context<T>* context, const T& damping) const {
    this->SetDampingVectorImpl("ScrewJoint::SetDamping", context,
                               VectorX<T>::Constant(1, damping));
  }
  double get_default_rotation() const { return this->default_positions()[0]; }
  void set_default_rotation(double theta);
  /// z = θ·pitch/(2π) at the default rotation.
  double get_default_translation() const;
  /// Sets the default rotation θ = 2π·z/pitch; throws std::logic_error if
  /// the pitch is zero and z is not.
  void set_default_translation(double z);
  /// The distribution of the rotation θ (rad) that SetRandomState samples
  /// (see Joint's "Random positions").
  void set_random_pose_distribution(const Vector1<symbolic::Expression>& theta);

  /// @name State in a Context
  /// The rotation θ (rad), the translation z = θ·pitch/(2π) (m) and their
  /// rates in `context` (see Joint::GetPositions() for what is required of
  /// the model). The setters return this joint. set_translation() and
  /// set_translational_velocity() set θ = 2π·z/pitch (θ̇ = 2π·ż/pitch) and
  /// throw std::logic_error if the pitch is zero.
  /// @{
  T get_rotation(const systems::Context<T>& context) const {
    return this->GetOnePosition(context);
  }
  const ScrewJoint<T>& set_rotation(systems::Context<T>* context,
                                    const T& theta) const {
    this->SetPositions(context, Vector1<T>(theta));
    return *this;
  }
  T get_translation(const systems::Context<T>& context) const;
  const ScrewJoint<T>& set_translation(systems::Context<T>* context,
                                       const T& translation) const;
  T get_angular_velocity(const systems::Context<T>& context) const {
    return this->GetOneVelocity(context);
  }
  const ScrewJoint<T>& set_angular_velocity(systems::Context<T>* context,
                                            const T& theta_dot) const {
    this->SetVelocities(context, Vector1<T>(theta_dot));
    return *this;
  }
  T get_translational_velocity(const systems::Context<T>& context) const;
  const ScrewJoint<T>& set_translational_velocity(
      systems::Context<T>* context, const T& translation_dot) const;
  /// @}

 private:
  Vector3<double> axis_;
  double screw_pitch_;

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ScrewJoint);
