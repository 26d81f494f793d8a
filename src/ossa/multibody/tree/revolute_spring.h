#pragma once

/// @file
/// RevoluteSpring<T>: a linear torsional spring on a RevoluteJoint.

#include <memory>

#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {

/// A linear spring acting on the coordinate θ (rad) of a RevoluteJoint:
/// the generalized force τ = −k·(θ − θ₀) at the joint's velocity,
/// potential energy U = ½·k·(θ − θ₀)², Pc = τ·θ̇ = −U̇, Pnc = 0.
/// k in N·m/rad. The element is in the joint's model instance.
///
/// θ₀ and k are parameters of each Context (GetNominalAngle(),
/// SetStiffness(), ...), initialized from the constructor's defaults.
template <typename T>
class RevoluteSpring final : public ForceElement<T> {
 public:
  /// Throws std::logic_error if `stiffness` is negative or not finite.
  RevoluteSpring(const RevoluteJoint<T>& joint, double nominal_angle,
                 double stiffness);

  const RevoluteJoint<T>& joint() const { return *joint_; }
  /// θ₀ (rad) of a new Context.
  double default_nominal_angle() const { return nominal_; }
  /// k (N·m/rad) of a new Context.
  double default_stiffness() const { return stiffness_; }

  /// θ₀ (rad) stored in `context`.
  const T& GetNominalAngle(const systems::Context<T>& context) const;
  /// Sets θ₀ (rad) in `context`.
  void SetNominalAngle(systems::Context<T>* context,
                       const T& nominal_angle) const;
  /// k (N·m/rad) stored in `context`.
  const T& GetStiffness(const systems::Context<T>& context) const;
  /// Sets k (N·m/rad) in `context`; throws std::logic_error if it is
  /// negative.
  void SetStiffness(systems::Context<T>* context, const T& stiffness) const;

  OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()

 protected:
  VectorX<T> DoMakeDefaultParameters() const override;
  OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()

 private:
  const RevoluteJoint<T>* joint_;
  double nominal_;
  double stiffness_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RevoluteSpring);
