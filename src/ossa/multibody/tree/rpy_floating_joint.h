#pragma once

/// @file
/// RpyFloatingJoint<T>: 6-dof free motion, rotation as roll-pitch-yaw.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 6-dof joint: q = [r, p, y, x, y, z] (roll-pitch-yaw of R_FM in rad,
/// then p_FoMo_F in m), v = [w_FM_F; v_FMo_F] (rad/s, m/s). Damping as for
/// QuaternionFloatingJoint.
template <typename T>
class RpyFloatingJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if a damping is negative.
  RpyFloatingJoint(const std::string& name, const Frame<T>& frame_on_parent,
                   const Frame<T>& frame_on_child, double angular_damping = 0,
                   double translational_damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kRpyFloating;
  }

  /// The distributions of the roll-pitch-yaw angles (rad) and of the
  /// translation p_FM (m) that SetRandomState samples (see Joint's "Random
  /// positions"). Each setter keeps the other part's distribution if one
  /// was set, else makes that part zero (not its default), as the
  /// specification does.
  void set_random_angles_distribution(
      const Vector3<symbolic::Expression>& angles);
  void set_random_translation_distribution(
      const Vector3<symbolic::Expression>& p_FM);
  double default_angular_damping() const {
    return this->default_damping_vector()[0];
  }
  double default_translational_damping() const {
    return this->default_damping_vector()[3];
  }
  Vector3<double> get_default_angles() const {
    return this->default_positions().template head<3>();
  }
  Vector3<double> get_default_translation() const {
    return this->default_positions().template tail<3>();
  }
  void set_default_angles(const Vector3<double>& angles);
  void set_default_translation(const Vector3<double>& p_FM);

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RpyFloatingJoint);
