#include "ossa/multibody/tree/prismatic_spring.h"

#include <cmath>

#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {

template <typename T>
PrismaticSpring<T>::PrismaticSpring(const PrismaticJoint<T>& joint,
                                    double nominal_position, double stiffness)
    : ForceElement<T>(joint.model_instance()),
      joint_(&joint),
      nominal_(nominal_position),
      stiffness_(stiffness) {
  if (!(stiffness >= 0) || !std::isfinite(stiffness)) [[unlikely]] {
    ThrowLogicError(
        "PrismaticSpring(): the stiffness of the spring on joint '{}' is {} "
        "but it "
        "must be non-negative and finite.",
        joint.name(), stiffness);
  }
}

template <typename T>
void PrismaticSpring<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&, MultibodyForces<T>* forces) const {
  const T delta = joint_->get_translation(context) - nominal_;
  forces->mutable_generalized_forces()[joint_->velocity_start()] -=
      stiffness_ * delta;
}

template <typename T>
T PrismaticSpring<T>::CalcPotentialEnergy(
    const systems::Context<T>& context,
    const internal::TreeWorkspace<T>&) const {
  const T delta = joint_->get_translation(context) - nominal_;
  return 0.5 * stiffness_ * delta * delta;
}

template <typename T>
T PrismaticSpring<T>::CalcConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  const T delta = joint_->get_translation(context) - nominal_;
  return -stiffness_ * delta * joint_->get_translation_rate(context);
}

template <typename T>
T PrismaticSpring<T>::CalcNonConservativePower(
    const systems::Context<T>&, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  return T(0);
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> PrismaticSpring<T>::TemplatedClone(
    const internal::MultibodyTree<U>& tree_clone) const {
  const auto& joint_clone = dynamic_cast<const PrismaticJoint<U>&>(
      tree_clone.get_joint(joint_->index()));
  return std::make_unique<PrismaticSpring<U>>(joint_clone, nominal_,
                                              stiffness_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(PrismaticSpring)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::PrismaticSpring);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::PrismaticSpring);
