#include "ossa/multibody/tree/frame.h"

#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

template <typename T>
Frame<T>::Frame(const std::string& name, const RigidBody<T>& body,
                ModelInstanceIndex model_instance)
    : MultibodyElement<T>(model_instance), name_(name), body_(&body) {}

template <typename T>
Frame<T>::~Frame() = default;

template <typename T>
FrameIndex Frame<T>::index() const {
  if (!index_.is_valid()) [[unlikely]] {
    ThrowLogicError(
        "Frame::index(): frame '{}' was not added to a model yet; add it "
        "with AddFrame() first.",
        name_);
  }
  return index_;
}

template <typename T>
std::string Frame<T>::scoped_name() const {
  if (this->parent_tree() == nullptr) return name_;
  return this->parent_tree()->GetModelInstanceName(this->model_instance()) +
         "::" + name_;
}

template <typename T>
const internal::MultibodyTree<T>& Frame<T>::tree_or_throw(
    const char* method) const {
  return this->GetParentTreeOrThrow(method, "frame", name_);
}

template <typename T>
math::RigidTransform<T> Frame<T>::CalcPoseInBodyFrame(
    const systems::Context<T>& context) const {
  return tree_or_throw("Frame::CalcPoseInBodyFrame")
      .GetFramePoseInBody(context, *this);
}

template <typename T>
math::RotationMatrix<T> Frame<T>::CalcRotationMatrixInBodyFrame(
    const systems::Context<T>& context) const {
  return CalcPoseInBodyFrame(context).rotation();
}

template <typename T>
math::RigidTransform<T> Frame<T>::CalcOffsetPoseInBody(
    const systems::Context<T>& context,
    const math::RigidTransform<T>& X_FQ) const {
  return CalcPoseInBodyFrame(context) * X_FQ;
}

template <typename T>
math::RotationMatrix<T> Frame<T>::CalcOffsetRotationMatrixInBody(
    const systems::Context<T>& context,
    const math::RotationMatrix<T>& R_FQ) const {
  return CalcRotationMatrixInBodyFrame(context) * R_FQ;
}

template <typename T>
math::RigidTransform<T> Frame<T>::CalcPoseInWorld(
    const systems::Context<T>& context) const {
  return tree_or_throw("Frame::CalcPoseInWorld")
      .CalcFramePoseInWorld(context, *this);
}

template <typename T>
math::RigidTransform<T> Frame<T>::CalcPose(const systems::Context<T>& context,
                                           const Frame<T>& frame_M) const {
  return tree_or_throw("Frame::CalcPose")
      .CalcRelativeTransform(context, frame_M, *this);
}

template <typename T>
math::RotationMatrix<T> Frame<T>::CalcRotationMatrixInWorld(
    const systems::Context<T>& context) const {
  return CalcPoseInWorld(context).rotation();
}

template <typename T>
math::RotationMatrix<T> Frame<T>::CalcRotationMatrix(
    const systems::Context<T>& context, const Frame<T>& frame_M) const {
  return tree_or_throw("Frame::CalcRotationMatrix")
      .CalcRelativeRotationMatrix(context, frame_M, *this);
}

template <typename T>
SpatialVelocity<T> Frame<T>::CalcSpatialVelocityInWorld(
    const systems::Context<T>& context) const {
  return tree_or_throw("Frame::CalcSpatialVelocityInWorld")
      .CalcFrameSpatialVelocityInWorld(context, *this);
}

template <typename T>
SpatialVelocity<T> Frame<T>::CalcSpatialVelocity(
    const systems::Context<T>& context, const Frame<T>& frame_M,
    const Frame<T>& frame_E) const {
  return tree_or_throw("Frame::CalcSpatialVelocity")
      .CalcFrameSpatialVelocity(context, *this, frame_M, frame_E);
}

template <typename T>
SpatialVelocity<T> Frame<T>::CalcRelativeSpatialVelocityInWorld(
    const systems::Context<T>& context, const Frame<T>& other_frame) const {
  return CalcSpatialVelocityInWorld(context) -
         other_frame.CalcSpatialVelocityInWorld(context);
}

template <typename T>
SpatialVelocity<T> Frame<T>::CalcRelativeSpatialVelocity(
    const systems::Context<T>& context, const Frame<T>& other_frame,
    const Frame<T>& measured_in_frame,
    const Frame<T>& expressed_in_frame) const {
  return CalcSpatialVelocity(context, measured_in_frame, expressed_in_frame) -
         other_frame.CalcSpatialVelocity(context, measured_in_frame,
                                         expressed_in_frame);
}

template <typename T>
SpatialAcceleration<T> Frame<T>::CalcSpatialAccelerationInWorld(
    const systems::Context<T>& context) const {
  const internal::MultibodyTree<T>& tree =
      tree_or_throw("Frame::CalcSpatialAccelerationInWorld");
  return tree.CalcFrameSpatialAccelerationInWorld(
      context, *this,
      tree.tree_system("CalcSpatialAccelerationInWorld")
          .EvalBodySpatialAccelerationsInWorld(context));
}

template <typename T>
SpatialAcceleration<T> Frame<T>::CalcSpatialAcceleration(
    const systems::Context<T>& context, const Frame<T>& frame_M,
    const Frame<T>& frame_E) const {
  const internal::MultibodyTree<T>& tree =
      tree_or_throw("Frame::CalcSpatialAcceleration");
  return tree.CalcFrameSpatialAcceleration(
      context, *this, frame_M, frame_E,
      tree.tree_system("CalcSpatialAcceleration")
          .EvalBodySpatialAccelerationsInWorld(context));
}

template <typename T>
SpatialAcceleration<T> Frame<T>::CalcRelativeSpatialAccelerationInWorld(
    const systems::Context<T>& context, const Frame<T>& other_frame) const {
  return CalcSpatialAccelerationInWorld(context) -
         other_frame.CalcSpatialAccelerationInWorld(context);
}

template <typename T>
SpatialAcceleration<T> Frame<T>::CalcRelativeSpatialAcceleration(
    const systems::Context<T>& context, const Frame<T>& other_frame,
    const Frame<T>& measured_in_frame,
    const Frame<T>& expressed_in_frame) const {
  return CalcSpatialAcceleration(context, measured_in_frame,
                                 expressed_in_frame) -
         other_frame.CalcSpatialAcceleration(context, measured_in_frame,
                                             expressed_in_frame);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Frame);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::Frame);
