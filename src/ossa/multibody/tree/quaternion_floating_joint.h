#pragma once

/// @file
/// QuaternionFloatingJoint<T>: 6-dof free motion, rotation as a quaternion.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 6-dof joint: q = [qw, qx, qy, qz, x, y, z] (the quaternion of R_FM,
/// then p_FoMo_F in m), v = [w_FM_F; v_FMo_F] (rad/s, m/s). Angular damping
/// d_w gives τ = -d_w·w_FM, translational damping d_v gives f = -d_v·v_FMo.
/// The tree adds one of these, from the world frame to the body frame and
/// named after the body, for every body with no path to the world.
template <typename T>
class QuaternionFloatingJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if a damping is negative.
  QuaternionFloatingJoint(const std::string& name,
                          const Frame<T>& frame_on_parent,
                          const Frame<T>& frame_on_child,
                          double angular_damping = 0,
                          double translational_damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kQuaternionFloating;
  }

  /// The distributions of the quaternion q_FM (w, x, y, z; used as drawn,
  /// not normalized, as in the specification) and of the translation p_FM
  /// (m) that SetRandomState samples (see Joint's "Random positions"). Each
  /// setter keeps the other part's distribution if one was set, else makes
  /// that part the zero configuration (identity, origin), not its default.
  void set_random_quaternion_distribution(
      const Eigen::Quaternion<symbolic::Expression>& q_FM);
  /// Orientations uniform over SO(3): Shoemake's unit quaternion of three
  /// new uniform random variables u₁, u₂, u₃ (w, x = √(1−u₁)·(sin, cos)(2πu₂),
  /// y, z = √u₁·(sin, cos)(2πu₃)).
  void set_random_quaternion_distribution_to_uniform();
  void set_random_translation_distribution(
      const Vector3<symbolic::Expression>& translation);
  double default_angular_damping() const {
    return this->default_damping_vector()[0];
  }
  double default_translational_damping() const {
    return this->default_damping_vector()[3];
  }
  /// The default orientation of M in F (normalized when used).
  Quaternion<double> get_default_quaternion() const;
  /// The default position p_FoMo_F.
  Vector3<double> get_default_position() const {
    return this->default_positions().template tail<3>();
  }
  /// Throws std::logic_error if the quaternion is zero (it is stored as
  /// given; a Context normalizes it).
  void set_default_quaternion(const Quaternion<double>& q_FM);
  void set_default_position(const Vector3<double>& p_FM);

 private:
  void DoCheckDefaultPositions(const VectorX<double>& q) const override;

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::QuaternionFloatingJoint);
