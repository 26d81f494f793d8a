#pragma once

/// @file
/// GeometrySet: a set of frames and geometries, the operand of collision
/// filter declarations. A frame stands for every geometry attached to it
/// (when the declaration is applied).

#include <initializer_list>
#include <set>
#include <vector>

#include "ossa/geometry/geometry_ids.h"

namespace ossa::geometry {

class GeometrySet {
 public:
  GeometrySet() = default;
  GeometrySet(GeometryId id) { Add(id); }  // NOLINT(runtime/explicit)
  GeometrySet(FrameId id) { Add(id); }     // NOLINT(runtime/explicit)
  GeometrySet(const std::vector<GeometryId>& geometries) {  // NOLINT
    Add(geometries);
  }
  GeometrySet(const std::vector<FrameId>& frames) { Add(frames); }  // NOLINT
  GeometrySet(const std::vector<GeometryId>& geometries,
              const std::vector<FrameId>& frames) {
    Add(geometries, frames);
  }

  void Add(GeometryId id) { geometries_.insert(id); }
  void Add(FrameId id) { frames_.insert(id); }
  void Add(const std::vector<GeometryId>& ids) {
    geometries_.insert(ids.begin(), ids.end());
  }
  void Add(const std::vector<FrameId>& ids) {
    frames_.insert(ids.begin(), ids.end());
  }
  void Add(const std::vector<GeometryId>& geometries,
           const std::vector<FrameId>& frames) {
    Add(geometries);
    Add(frames);
  }
  void Add(const GeometrySet& other) {
    geometries_.insert(other.geometries_.begin(), other.geometries_.end());
    frames_.insert(other.frames_.begin(), other.frames_.end());
  }

  int num_frames() const { return static_cast<int>(frames_.size()); }
  int num_geometries() const { return static_cast<int>(geometries_.size()); }
  bool contains(GeometryId id) const { return geometries_.count(id) > 0; }
  bool contains(FrameId id) const { return frames_.count(id) > 0; }
  const std::set<GeometryId>& geometries() const { return geometries_; }
  const std::set<FrameId>& frames() const { return frames_; }

 private:
  std::set<GeometryId> geometries_;
  std::set<FrameId> frames_;
};

}  // namespace ossa::geometry
