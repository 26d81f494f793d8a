#pragma once

/// @file
/// BallRpyJoint<T>: free rotation of M in F parametrized by roll-pitch-yaw.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 3-dof joint: M rotates freely about the common origin of F and M;
/// q = [r, p, y] (body-fixed roll-pitch-yaw angles, R_FM = Rz(y)·Ry(p)·Rx(r),
/// rad), v = w_FM_F (rad/s). Damping d gives τ = -d·w_FM.
template <typename T>
class BallRpyJoint final : public Joint<T> {
 public:
  /// Throws std::logic_error if `damping` is negative.
  BallRpyJoint(const std::string& name, const Frame<T>& frame_on_parent,
               const Frame<T>& frame_on_child, double damping = 0);

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kRpyBall;
  }

  /// The distribution of the roll-pitch-yaw angles (rad) that
  /// SetRandomState samples (see Joint's "Random positions").
  void set_random_angles_distribution(
      const Vector3<symbolic::Expression>& angles);
  double default_damping() const { return this->default_damping_vector()[0]; }
  void set_default_damping(double damping);
  Vector3<double> get_default_angles() const {
    return this->default_positions();
  }
  void set_default_angles(const Vector3<double>& angles);

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::BallRpyJoint);
