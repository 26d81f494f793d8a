#pragma once

/// @file
/// FramePoseVector<T>: the poses X_PF of a source's frames (P the frame's
/// parent, the world for frames registered without one), the value of a
/// SceneGraph source pose input port.

#include <unordered_map>
#include <vector>

#include "ossa/common/error.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry {

template <typename T>
class FramePoseVector {
 public:
  FramePoseVector() = default;

  void clear() { values_.clear(); }
  void set_value(FrameId id, const math::RigidTransform<T>& X_PF) {
    values_[id] = X_PF;
  }
  /// @throws std::runtime_error if `id` has no value.
  const math::RigidTransform<T>& value(FrameId id) const {
    auto it = values_.find(id);
    if (it == values_.end()) {
      ThrowRuntimeError("No such FrameId {}.", id.to_string());
    }
    return it->second;
  }
  bool has_id(FrameId id) const { return values_.count(id) > 0; }
  int size() const { return static_cast<int>(values_.size()); }
  std::vector<FrameId> ids() const {
    std::vector<FrameId> out;
    for (const auto& [id, X] : values_) out.push_back(id);
    return out;
  }

 private:
  std::unordered_map<FrameId, math::RigidTransform<T>> values_;
};

}  // namespace ossa::geometry
