#pragma once

/// @file
/// PlanarJoint<T>: motion of M in the x-y plane of F.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 3-dof joint: M translates in the x-y plane of F and rotates about their
/// common z axis: q = [x, y, θ], X_FM = [Rz(θ), (x, y, 0)], v = [ẋ, ẏ, θ̇].
/// Damping [d_x, d_y, d_θ] gives the generalized force -d∘v.
template <typename T>
class PlanarJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if a damping entry is negative.
  PlanarJoint(const std::string& name, const Frame<T>& frame_on_parent,
              const Frame<T>& frame_on_child, const Vector3<double>& damping);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kPlanar;
  }

  Vector3<double> default_damping() const {
    return this->default_damping_vector();
  }
  void set_default_damping(const Vector3<double>& damping);
  Vector2<double> get_default_translation() const {
    return this->default_positions().template head<2>();
  }
  double get_default_rotation() const { return this->default_positions()[2]; }
  void set_default_translation(const Vector2<double>& p_FoMo_F);
  void set_default_rotation(double theta);
  void set_default_pose(const Vector2<double>& p_FoMo_F, double theta);
  /// The distribution of the position p_FoMo_F (m) and the angle θ (rad)
  /// that SetRandomState samples (see Joint's "Random positions").
  void set_random_pose_distribution(
      const Vector2<symbolic::Expression>& p_FoMo_F,
      const symbolic::Expression& theta);

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PlanarJoint);
