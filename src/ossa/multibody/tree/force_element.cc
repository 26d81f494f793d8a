#include "ossa/multibody/tree/force_element.h"

#include <fmt/format.h>

#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody {

template <typename T>
ForceElement<T>::ForceElement(ModelInstanceIndex model_instance)
    : MultibodyElement<T>(model_instance) {}

template <typename T>
ForceElement<T>::~ForceElement() = default;

template <typename T>
ForceElementIndex ForceElement<T>::index() const {
  if (!index_.is_valid()) [[unlikely]] {
    ThrowLogicError(
        "ForceElement::index(): the force element was not added to a model "
        "yet; add it with AddForceElement() first.");
  }
  return index_;
}

template <typename T>
const internal::MultibodyTree<T>& ForceElement<T>::tree(
    const char* method) const {
  // Not GetParentTreeOrThrow(): its message argument would be built (and
  // allocated) on every call.
  const internal::MultibodyTree<T>* model = this->parent_tree();
  if (model == nullptr) [[unlikely]] {
    ThrowLogicError(
        "{}(): this force element was not added to a model yet; add it to a "
        "MultibodyTree/MultibodyPlant first.",
        method);
  }
  return *model;
}

template <typename T>
void ForceElement<T>::CalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc, MultibodyForces<T>* forces) const {
  const internal::MultibodyTree<T>& model =
      tree("ForceElement::CalcAndAddForceContribution");
  if (forces == nullptr) [[unlikely]] {
    ThrowLogicError(
        "ForceElement::CalcAndAddForceContribution(): forces is a nullptr.");
  }
  if (!forces->CheckHasRightSizeForModel(model)) [[unlikely]] {
    ThrowLogicError(
        "ForceElement::CalcAndAddForceContribution(): forces has {} bodies "
        "and {} generalized forces but the model has {} bodies and {} "
        "velocities.",
        forces->num_bodies(), forces->num_velocities(), model.num_bodies(),
        model.num_velocities());
  }
  DoCalcAndAddForceContribution(context, pc, vc, forces);
}

template <typename T>
const VectorX<T>& ForceElement<T>::GetParameters(
    const char* method, const systems::Context<T>& context) const {
  const internal::MultibodyTreeSystem<T>& system =
      tree(method).tree_system(method);
  return system.GetElementParameters(context).force_element_parameters.at(
      index());
}

template <typename T>
VectorX<T>& ForceElement<T>::GetMutableParameters(
    const char* method, systems::Context<T>* context) const {
  const internal::MultibodyTreeSystem<T>& system =
      tree(method).tree_system(method);
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the context is a nullptr.", method);
  }
  return system.GetMutableElementParameters(context)
      .force_element_parameters.at(index());
}

template <typename T>
math::RigidTransform<T> ForceElement<T>::GetBodyPoseInWorld(
    const internal::TreeWorkspace<T>& pc, const RigidBody<T>& body) const {
  const int m = tree("ForceElement").get_topology().body_to_mobod(body.index());
  return math::RigidTransform<T>(
      math::RotationMatrix<T>::MakeUnchecked(pc.R_WB[m]), pc.p_WB[m]);
}

template <typename T>
SpatialVelocity<T> ForceElement<T>::GetBodySpatialVelocityInWorld(
    const internal::TreeWorkspace<T>& vc, const RigidBody<T>& body) const {
  const int m = tree("ForceElement").get_topology().body_to_mobod(body.index());
  return SpatialVelocity<T>(internal::GetSpatialVelocityInWorld(vc, m));
}

template <typename T>
math::RigidTransform<T> ForceElement<T>::CalcFramePoseInWorld(
    const internal::TreeWorkspace<T>& pc, const Frame<T>& frame) const {
  return GetBodyPoseInWorld(pc, frame.body()) *
         frame.GetFixedPoseInBodyFrame().template cast<T>();
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ForceElement);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::ForceElement);
