#include "ossa/multibody/tree/frame.h"

#include "ossa/multibody/tree/multibody_tree.h"

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

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Frame);
