#pragma once

/// @file
/// MultibodyElement<T>: what every element a user adds to a multibody model
/// (bodies, frames, joints, actuators) has in common: the model instance it
/// belongs to and the tree that owns it.

#include <memory>
#include <string>

#include "ossa/common/autodiff.h"
#include "ossa/common/error.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/systems/framework/framework_fwd.h"

namespace ossa::multibody {

// The classes element headers name without needing their definitions.
template <typename T>
class Frame;
template <typename T>
class MultibodyForces;
template <typename T>
class RigidBody;

namespace internal {
template <typename T>
class MultibodyTree;
template <typename T>
class MultibodyTreeSystem;
}  // namespace internal

/// Base of the elements owned by a MultibodyTree. An element is created by
/// the user (or by the tree), then handed to the tree, which gives it its
/// index and a pointer back to itself. It is templated on the scalar T of
/// the tree, although the default (model) values the elements store are
/// doubles: the per-Context values are of type T.
/// Declares, in a concrete element class whose base is `Base` (Joint,
/// ForceElement), the scalar-converting clones it overrides: one per default
/// scalar, so that adding a scalar changes this macro only.
#define OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(Base)                  \
  std::unique_ptr<Base<double>> DoCloneToScalar(                              \
      const ::ossa::multibody::internal::MultibodyTree<double>& tree_clone)   \
      const override;                                                         \
  std::unique_ptr<Base<::ossa::AutoDiffXd>> DoCloneToScalar(                  \
      const ::ossa::multibody::internal::MultibodyTree<::ossa::AutoDiffXd>&   \
          tree_clone) const override;                                         \
  std::unique_ptr<Base<::ossa::symbolic::Expression>> DoCloneToScalar(        \
      const ::ossa::multibody::internal::MultibodyTree<                       \
          ::ossa::symbolic::Expression>& tree_clone) const override;

template <typename T>
class MultibodyElement {
 public:
  MultibodyElement(const MultibodyElement&) = delete;
  MultibodyElement& operator=(const MultibodyElement&) = delete;
  virtual ~MultibodyElement() = default;

  /// The model instance this element belongs to.
  ModelInstanceIndex model_instance() const { return model_instance_; }

  /// True once the element has been added to a tree.
  bool has_parent_tree() const { return tree_ != nullptr; }

 protected:
  explicit MultibodyElement(ModelInstanceIndex model_instance)
      : model_instance_(model_instance) {}

  /// The tree that owns this element; throws std::logic_error naming
  /// `method` and the element ("<kind> '<name>'") if the element was not
  /// added to a tree yet. Builds no string unless it throws.
  const internal::MultibodyTree<T>& GetParentTreeOrThrow(
      const char* method, const char* kind, const std::string& name) const {
    if (tree_ == nullptr) [[unlikely]] {
      ThrowLogicError(
          "{}(): {} '{}' was not added to a model yet; add it to a "
          "MultibodyTree/MultibodyPlant first.",
          method, kind, name);
    }
    return *tree_;
  }
  const internal::MultibodyTree<T>* parent_tree() const { return tree_; }

  /// Only before the element is added to a tree (the tree sets it when the
  /// element is created with an implicit model instance).
  void set_model_instance(ModelInstanceIndex model_instance) {
    model_instance_ = model_instance;
  }

 private:
  template <typename>
  friend class internal::MultibodyTree;

  ModelInstanceIndex model_instance_;
  const internal::MultibodyTree<T>* tree_{nullptr};
};

}  // namespace ossa::multibody
