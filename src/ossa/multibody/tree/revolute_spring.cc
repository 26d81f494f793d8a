#include "ossa/multibody/tree/revolute_spring.h"

#include <cmath>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {

template <typename T>
RevoluteSpring<T>::RevoluteSpring(const RevoluteJoint<T>& joint,
                                  double nominal_angle, double stiffness)
    : ForceElement<T>(joint.model_instance()),
      joint_(&joint),
      nominal_(nominal_angle),
      stiffness_(stiffness) {
  if (!(stiffness >= 0) || !std::isfinite(stiffness)) [[unlikely]] {
    ThrowLogicError(
        "RevoluteSpring(): the stiffness of the spring on joint '{}' is {} but "
        "it must be non-negative and finite.",
        joint.name(), stiffness);
  }
}

// Parameters in the Context: [θ₀, k].
template <typename T>
VectorX<T> RevoluteSpring<T>::DoMakeDefaultParameters() const {
  VectorX<T> p(2);
  p << T(nominal_), T(stiffness_);
  return p;
}

template <typename T>
const T& RevoluteSpring<T>::GetNominalAngle(
    const systems::Context<T>& context) const {
  return this->GetParameters("RevoluteSpring::GetNominalAngle", context)[0];
}

template <typename T>
void RevoluteSpring<T>::SetNominalAngle(systems::Context<T>* context,
                                        const T& nominal_angle) const {
  this->GetMutableParameters("RevoluteSpring::SetNominalAngle", context)[0] =
      nominal_angle;
}

template <typename T>
const T& RevoluteSpring<T>::GetStiffness(
    const systems::Context<T>& context) const {
  return this->GetParameters("RevoluteSpring::GetStiffness", context)[1];
}

template <typename T>
void RevoluteSpring<T>::SetStiffness(systems::Context<T>* context,
                                     const T& stiffness) const {
  if constexpr (scalar_predicate<T>::is_bool) {
    if (!(stiffness >= 0)) [[unlikely]] {
      ThrowLogicError(
          "RevoluteSpring::SetStiffness(): the stiffness of the spring on "
          "joint '{}' is {} but it must be non-negative.",
          joint_->name(), ExtractDoubleOrThrow(stiffness));
    }
  }
  this->GetMutableParameters("RevoluteSpring::SetStiffness", context)[1] =
      stiffness;
}

template <typename T>
void RevoluteSpring<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&, MultibodyForces<T>* forces) const {
  const T delta = joint_->get_angle(context) - GetNominalAngle(context);
  forces->mutable_generalized_forces()[joint_->velocity_start()] -=
      GetStiffness(context) * delta;
}

template <typename T>
T RevoluteSpring<T>::CalcPotentialEnergy(
    const systems::Context<T>& context,
    const internal::TreeWorkspace<T>&) const {
  const T delta = joint_->get_angle(context) - GetNominalAngle(context);
  // State-dependent factors first: Eigen's AutoDiffScalar can pad a plain
  // operand's empty gradient (a constant parameter) to the other's size,
  // never an expression's, so `0.5 * k * δ` would mix sizes.
  const T k = GetStiffness(context);
  return (delta * delta) * k * 0.5;
}

template <typename T>
T RevoluteSpring<T>::CalcConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  const T delta = joint_->get_angle(context) - GetNominalAngle(context);
  const T k = GetStiffness(context);  // Factor order: see above.
  return -((delta * joint_->get_angular_rate(context)) * k);
}

template <typename T>
T RevoluteSpring<T>::CalcNonConservativePower(
    const systems::Context<T>&, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  return T(0);
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> RevoluteSpring<T>::TemplatedClone(
    const internal::MultibodyTree<U>& tree_clone) const {
  const auto& joint_clone = dynamic_cast<const RevoluteJoint<U>&>(
      tree_clone.get_joint(joint_->index()));
  return std::make_unique<RevoluteSpring<U>>(joint_clone, nominal_, stiffness_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(RevoluteSpring)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RevoluteSpring);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RevoluteSpring);
