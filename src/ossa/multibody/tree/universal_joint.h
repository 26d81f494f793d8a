#pragma once

/// @file
/// UniversalJoint<T>: two rotations, about F's x axis then M's y axis.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 2-dof joint (Cardan / Hooke): R_FM = Rx(θ₁)·Ry(θ₂), common origin;
/// q = [θ₁, θ₂] (rad), v = q̇. Damping d gives τ = -d·v.
template <typename T>
class UniversalJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if `damping` is negative.
  UniversalJoint(const std::string& name, const Frame<T>& frame_on_parent,
                 const Frame<T>& frame_on_child, double damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kUniversal;
  }

  /// The distribution of the two angles (rad) that SetRandomState samples
  /// (see Joint's "Random positions").
  void set_random_angles_distribution(
      const Vector2<symbolic::Expression>& angles);
  double default_damping() const { return this->default_damping_vector()[0]; }
  void set_default_damping(double damping);
  Vector2<double> get_default_angles() const {
    return this->default_positions();
  }
  void set_default_angles(const Vector2<double>& angles);

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UniversalJoint);
