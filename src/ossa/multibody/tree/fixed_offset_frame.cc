#include "ossa/multibody/tree/fixed_offset_frame.h"

#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/rigid_body.h"

namespace ossa::multibody {

template <typename T>
FixedOffsetFrame<T>::FixedOffsetFrame(
    const std::string& name, const Frame<T>& P,
    const math::RigidTransform<double>& X_PF,
    std::optional<ModelInstanceIndex> model_instance)
    : Frame<T>(name, P.body(), model_instance.value_or(P.model_instance())),
      parent_frame_(&P),
      X_PF_(X_PF) {}

template <typename T>
FixedOffsetFrame<T>::FixedOffsetFrame(const std::string& name,
                                      const RigidBody<T>& bodyB,
                                      const math::RigidTransform<double>& X_BF)
    : FixedOffsetFrame(name, bodyB.body_frame(), X_BF) {}

template <typename T>
FixedOffsetFrame<T>::~FixedOffsetFrame() = default;

template <typename T>
math::RigidTransform<double> FixedOffsetFrame<T>::GetFixedPoseInBodyFrame()
    const {
  // X_BF = X_BP·X_PF, recursively through chains of fixed-offset frames.
  return parent_frame_->GetFixedPoseInBodyFrame() * X_PF_;
}

template <typename T>
const math::RigidTransform<T>& FixedOffsetFrame<T>::GetPoseInParentFrame(
    const systems::Context<T>& context) const {
  return this
      ->GetParentTreeOrThrow("FixedOffsetFrame::GetPoseInParentFrame",
                             "frame", this->name())
      .GetFramePoseInParent(context, *this);
}

template <typename T>
void FixedOffsetFrame<T>::SetPoseInParentFrame(
    systems::Context<T>* context, const math::RigidTransform<T>& X_PF) const {
  this->GetParentTreeOrThrow("FixedOffsetFrame::SetPoseInParentFrame",
                             "frame", this->name())
      .SetFramePoseInParent(context, *this, X_PF);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::FixedOffsetFrame);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::FixedOffsetFrame);
