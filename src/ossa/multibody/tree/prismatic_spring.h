#pragma once

/// @file
/// PrismaticSpring<T>: a linear translational spring on a PrismaticJoint.

#include <memory>

#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/prismatic_joint.h"

namespace ossa::multibody {

/// A linear spring acting on the coordinate x (m) of a PrismaticJoint:
/// the generalized force τ = −k·(x − x₀) at the joint's velocity,
/// potential energy U = ½·k·(x − x₀)², Pc = τ·ẋ = −U̇, Pnc = 0.
/// k in N/m. The element is in the joint's model instance.
template <typename T>
class PrismaticSpring final : public ForceElement<T> {
 public:
  /// Throws std::logic_error if `stiffness` is negative or not finite.
  PrismaticSpring(const PrismaticJoint<T>& joint, double nominal_position,
                  double stiffness);

  const PrismaticJoint<T>& joint() const { return *joint_; }
  double nominal_position() const { return nominal_; }
  double stiffness() const { return stiffness_; }

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

 protected:
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  const PrismaticJoint<T>* joint_;
  double nominal_;
  double stiffness_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PrismaticSpring);
