#pragma once

/// @file
/// WeldJoint<T>: no relative motion; frame M is fixed in frame F at X_FM.

#include <string>

#include "ossa/multibody/tree/joint.h"

namespace ossa::multibody {

/// A 0-dof joint holding the child frame M at the fixed pose X_FM in the
/// parent frame F: X_PB = X_PF·X_FM·X_MB for all time.
template <typename T>
class WeldJoint final : public Joint<T> {
 public:
  WeldJoint(const std::string& name, const Frame<T>& frame_on_parent_F,
            const Frame<T>& frame_on_child_M,
            const math::RigidTransform<double>& X_FM)
      : Joint<T>(name, frame_on_parent_F, frame_on_child_M, 0, 0,
                 VectorX<double>(0), VectorX<double>(0), VectorX<double>(0),
                 VectorX<double>(0), VectorX<double>(0), VectorX<double>(0),
                 VectorX<double>(0)),
        X_FM_(X_FM) {}

  static const char kTypeName[];
  const std::string& type_name() const override;
  internal::MobilizerKind kind() const override {
    return internal::MobilizerKind::kWeld;
  }

  /// The fixed pose of M in F.
  const math::RigidTransform<double>& X_FM() const { return X_FM_; }

 private:
  math::RigidTransform<double> X_FM_;

  // Scalar conversion (joints.cc).
 private:
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Joint)
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::WeldJoint);
