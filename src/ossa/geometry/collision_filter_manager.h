#pragma once

/// @file
/// CollisionFilterManager: applies collision filter declarations to one
/// geometry model (SceneGraph's model or a Context's copy). Persistent
/// declarations change the model for good; transient ones can be removed by
/// the id ApplyTransient() returns and are evaluated in order after the
/// persistent ones.

#include "ossa/geometry/collision_filter_declaration.h"
#include "ossa/geometry/geometry_state.h"

namespace ossa::geometry {

template <typename T>
class SceneGraph;

template <typename T>
class CollisionFilterManager {
 public:
  /// Applies the declaration persistently.
  /// @throws std::runtime_error if a set names an unknown frame or geometry,
  /// or if transient declarations are active.
  void Apply(const CollisionFilterDeclaration& declaration) {
    state_->ApplyFilter(declaration, "CollisionFilterManager::Apply()");
  }
  /// Applies the declaration until RemoveDeclaration(id).
  FilterId ApplyTransient(const CollisionFilterDeclaration& declaration) {
    return state_->ApplyTransientFilter(declaration);
  }
  /// Removes a transient declaration; returns whether it was active.
  bool RemoveDeclaration(FilterId id) {
    return state_->RemoveFilterDeclaration(id);
  }
  bool IsActive(FilterId id) const { return state_->IsFilterActive(id); }
  bool has_transient_history() const {
    return state_->has_transient_filter_history();
  }

 private:
  friend class SceneGraph<T>;
  explicit CollisionFilterManager(internal::GeometryState<T>* state)
      : state_(state) {}
  internal::GeometryState<T>* state_;
};

}  // namespace ossa::geometry
