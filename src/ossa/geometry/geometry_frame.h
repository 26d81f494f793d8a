#pragma once

/// @file
/// GeometryFrame: the declaration of a frame a source registers with
/// SceneGraph (its name and frame group); it gets a new FrameId at
/// construction.

#include <string>

#include "ossa/geometry/geometry_ids.h"

namespace ossa::geometry {

class GeometryFrame {
 public:
  /// @param frame_name  the frame's name (unique per source).
  /// @param frame_group_id  an integer grouping frames (the plant uses the
  /// model instance index); >= 0.
  /// @throws std::logic_error if frame_group_id is negative.
  explicit GeometryFrame(const std::string& frame_name, int frame_group_id = 0)
      : id_(FrameId::get_new_id()),
        name_(frame_name),
        frame_group_(frame_group_id) {
    if (frame_group_id < 0) {
      ThrowLogicError(
          "GeometryFrame(): the frame group id must be >= 0, got {}.",
          frame_group_id);
    }
  }

  FrameId id() const { return id_; }
  const std::string& name() const { return name_; }
  int frame_group() const { return frame_group_; }

 private:
  FrameId id_;
  std::string name_;
  int frame_group_{};
};

}  // namespace ossa::geometry
