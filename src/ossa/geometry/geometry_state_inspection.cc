// GeometryState<T>: the inspection queries (SceneGraphInspector's) and the
// world poses; registration, roles and filters are in geometry_state.cc.

#include <cmath>

#include "ossa/common/autodiff.h"
#include "ossa/common/default_scalars.h"
#include "ossa/common/error.h"
#include "ossa/geometry/geometry_state.h"
#include "ossa/geometry/geometry_state_helpers.h"

namespace ossa::geometry::internal {

using math::RigidTransform;

// ------------------------------------------------------------ inspection
template <typename T>
std::vector<SourceId> GeometryState<T>::GetAllSourceIds() const {
  std::vector<SourceId> out;
  for (const auto& [id, s] : sources_) out.push_back(id);
  return out;
}

template <typename T>
std::vector<FrameId> GeometryState<T>::GetAllFrameIds() const {
  std::vector<FrameId> out;
  for (const auto& [id, f] : frames_) out.push_back(id);
  return out;
}

template <typename T>
std::vector<GeometryId> GeometryState<T>::GetAllGeometryIds(
    std::optional<Role> role) const {
  std::vector<GeometryId> out;
  for (const auto& [id, g] : geometries_) {
    if (!role || HasRole(g, *role)) out.push_back(id);
  }
  return out;
}

template <typename T>
std::set<GeometryId> GeometryState<T>::GetGeometryIds(
    const GeometrySet& set, std::optional<Role> role) const {
  std::set<GeometryId> out;
  for (FrameId f : set.frames()) {
    auto it = frames_.find(f);
    if (it == frames_.end()) {
      ThrowRuntimeError(
          "Geometry set includes a frame id that doesn't belong to the "
          "SceneGraph: {}",
          f.to_string());
    }
    for (GeometryId g : it->second.geometries) {
      if (!role || HasRole(geometries_.at(g), *role)) out.insert(g);
    }
  }
  for (GeometryId g : set.geometries()) {
    auto it = geometries_.find(g);
    if (it == geometries_.end()) {
      ThrowRuntimeError(
          "Geometry set includes a geometry id that doesn't belong to the "
          "SceneGraph: {}",
          g.to_string());
    }
    if (!role || HasRole(it->second, *role)) out.insert(g);
  }
  return out;
}

template <typename T>
int GeometryState<T>::NumGeometriesWithRole(Role role) const {
  int n = 0;
  for (const auto& [id, g] : geometries_) n += HasRole(g, role) ? 1 : 0;
  return n;
}

template <typename T>
int GeometryState<T>::NumDynamicGeometries() const {
  return num_geometries() - NumAnchoredGeometries();
}

template <typename T>
int GeometryState<T>::NumAnchoredGeometries() const {
  return static_cast<int>(frames_.at(InternalWorldFrameId()).geometries.size());
}

template <typename T>
std::set<std::pair<GeometryId, GeometryId>>
GeometryState<T>::GetCollisionCandidates() const {
  std::set<std::pair<GeometryId, GeometryId>> out;
  std::vector<std::pair<GeometryId, int>> in_engine;
  for (const auto& [id, g] : geometries_) {
    if (g.engine_index >= 0) in_engine.emplace_back(id, g.engine_index);
  }
  for (size_t i = 0; i < in_engine.size(); ++i) {
    for (size_t j = i + 1; j < in_engine.size(); ++j) {
      if (!engine_.IsFiltered(in_engine[i].second, in_engine[j].second)) {
        out.insert(Ordered(in_engine[i].first, in_engine[j].first));
      }
    }
  }
  return out;
}

template <typename T>
const std::string& GeometryState<T>::GetName(SourceId id) const {
  auto it = sources_.find(id);
  if (it == sources_.end()) {
    ThrowRuntimeError("No source name available for invalid source id: {}",
                      id.to_string());
  }
  return it->second.name;
}

template <typename T>
const std::string& GeometryState<T>::GetName(FrameId id) const {
  return GetFrame(id, "name").name;
}

template <typename T>
const std::string& GeometryState<T>::GetName(GeometryId id) const {
  return GetGeometry(id).name;
}

template <typename T>
const std::string& GeometryState<T>::GetOwningSourceName(FrameId id) const {
  return sources_.at(GetFrame(id, "source").source).name;
}

template <typename T>
const std::string& GeometryState<T>::GetOwningSourceName(GeometryId id) const {
  return sources_.at(GetGeometry(id).source).name;
}

template <typename T>
int GeometryState<T>::NumFramesForSource(SourceId id) const {
  return static_cast<int>(GetSource(id).frames.size());
}

template <typename T>
std::vector<FrameId> GeometryState<T>::FramesForSource(SourceId id) const {
  return GetSource(id).frames;
}

template <typename T>
bool GeometryState<T>::BelongsToSource(FrameId frame_id,
                                       SourceId source_id) const {
  GetSource(source_id);
  return GetFrame(frame_id, "source").source == source_id;
}

template <typename T>
bool GeometryState<T>::BelongsToSource(GeometryId geometry_id,
                                       SourceId source_id) const {
  GetSource(source_id);
  return GetGeometry(geometry_id).source == source_id;
}

template <typename T>
int GeometryState<T>::GetFrameGroup(FrameId id) const {
  return GetFrame(id, "group").frame_group;
}

template <typename T>
int GeometryState<T>::NumGeometriesForFrame(FrameId id) const {
  return static_cast<int>(GetFrame(id, "geometries").geometries.size());
}

template <typename T>
int GeometryState<T>::NumGeometriesForFrameWithRole(FrameId id,
                                                    Role role) const {
  int n = 0;
  for (GeometryId g : GetFrame(id, "geometries").geometries) {
    n += HasRole(geometries_.at(g), role) ? 1 : 0;
  }
  return n;
}

template <typename T>
std::vector<GeometryId> GeometryState<T>::GetGeometries(
    FrameId id, std::optional<Role> role) const {
  std::vector<GeometryId> out;
  for (GeometryId g : GetFrame(id, "geometries").geometries) {
    if (!role || HasRole(geometries_.at(g), *role)) out.push_back(g);
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <typename T>
GeometryId GeometryState<T>::GetGeometryIdByName(
    FrameId frame_id, Role role, const std::string& name) const {
  const std::string canonical = CanonicalizeStringName(name);
  GeometryId found;
  for (GeometryId g : GetFrame(frame_id, "geometries").geometries) {
    const GeometryRecord& r = geometries_.at(g);
    if (r.name == canonical && HasRole(r, role)) {
      if (found.is_valid()) {
        ThrowLogicError(
            "The frame '{}' ({}) has multiple geometries named '{}' with the "
            "role '{}'",
            GetName(frame_id), frame_id.to_string(), name, to_string(role));
      }
      found = g;
    }
  }
  if (!found.is_valid()) {
    ThrowLogicError(
        "The frame '{}' ({}) has no geometry named '{}' with the role '{}'",
        GetName(frame_id), frame_id.to_string(), name, to_string(role));
  }
  return found;
}

template <typename T>
FrameId GeometryState<T>::GetFrameId(GeometryId id) const {
  return GetGeometry(id).frame;
}

template <typename T>
FrameId GeometryState<T>::GetParentFrame(FrameId id) const {
  return GetFrame(id, "parent").parent;
}

template <typename T>
const math::RigidTransform<double>& GeometryState<T>::GetPoseInFrame(
    GeometryId id) const {
  return GetGeometry(id).X_FG;
}

template <typename T>
const Shape& GeometryState<T>::GetShape(GeometryId id) const {
  return *GetGeometry(id).shape;
}

template <typename T>
const ProximityProperties* GeometryState<T>::GetProximityProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.proximity ? &*g.proximity : nullptr;
}

template <typename T>
const IllustrationProperties* GeometryState<T>::GetIllustrationProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.illustration ? &*g.illustration : nullptr;
}

template <typename T>
const PerceptionProperties* GeometryState<T>::GetPerceptionProperties(
    GeometryId id) const {
  const auto& g = GetGeometry(id);
  return g.perception ? &*g.perception : nullptr;
}

template <typename T>
const GeometryProperties* GeometryState<T>::GetProperties(GeometryId id,
                                                          Role role) const {
  switch (role) {
    case Role::kProximity:
      return GetProximityProperties(id);
    case Role::kIllustration:
      return GetIllustrationProperties(id);
    case Role::kPerception:
      return GetPerceptionProperties(id);
    case Role::kUnassigned:
      break;
  }
  return nullptr;
}

template <typename T>
std::unique_ptr<GeometryInstance> GeometryState<T>::CloneGeometryInstance(
    GeometryId id) const {
  const GeometryRecord& g = GetGeometry(id);
  auto out = std::make_unique<GeometryInstance>(g.X_FG, *g.shape, g.name);
  if (g.proximity) out->set_proximity_properties(*g.proximity);
  if (g.illustration) out->set_illustration_properties(*g.illustration);
  if (g.perception) out->set_perception_properties(*g.perception);
  return out;
}

template <typename T>
bool GeometryState<T>::IsAnchored(GeometryId id) const {
  return GetGeometry(id).frame == InternalWorldFrameId();
}

template <typename T>
bool GeometryState<T>::SourceHasDynamicFrames(SourceId id) const {
  return !GetSource(id).frames.empty();
}

// ------------------------------------------------------------------ poses
template <typename T>
void GeometryState<T>::SetFramePoses(SourceId source_id,
                                     const FramePoseVector<T>& poses,
                                     const std::string& port_name) const {
  const SourceRecord& source = GetSource(source_id);
  for (FrameId f : source.frames) {
    const FrameRecord& frame = frames_.at(f);
    if (!poses.has_id(f)) {
      ThrowRuntimeError(
          "SceneGraph: the input port '{}' of source '{}' has no pose for "
          "frame '{}' ({}).",
          port_name, source.name, frame.name, f.to_string());
    }
    const math::RigidTransform<T>& X_PF = poses.value(f);
    if (!IsFinite(X_PF)) {
      ThrowRuntimeError(
          "SceneGraph: the pose of frame '{}' ({}) given on the input port "
          "'{}' of source '{}' is not finite.",
          frame.name, f.to_string(), port_name, source.name);
    }
    // Frames are registered after their parents, so the parent's world
    // pose is current.
    const math::RigidTransform<T> X_WF = X_WF_.at(frame.parent) * X_PF;
    X_WF_[f] = X_WF;
    for (GeometryId g : frame.geometries) {
      X_WG_[g] = X_WF * FromDouble<T>(geometries_.at(g).X_FG);
    }
  }
}

template <typename T>
void GeometryState<T>::FinalizePoseUpdate() const {
  // Symbolic poses have no numbers to give the engine: its poses stay those
  // of registration, and the queries on Expression throw (QueryObject).
  if constexpr (std::is_same_v<T, symbolic::Expression>) return;
  for (const auto& [id, g] : geometries_) {
    if (g.engine_index >= 0 && g.frame != InternalWorldFrameId()) {
      engine_.SetPose(g.engine_index, ToDouble(X_WG_.at(id)));
    }
  }
}

namespace {

// poses.at(id), or an error naming the id's kind ("frame", "geometry").
template <typename Id, typename Poses>
const auto& PoseOrThrow(const Poses& poses, Id id, const char* kind) {
  const auto it = poses.find(id);
  if (it == poses.end()) {
    ThrowRuntimeError("No world pose available for invalid {} id: {}", kind,
                      id.to_string());
  }
  return it->second;
}

}  // namespace

template <typename T>
const math::RigidTransform<T>& GeometryState<T>::get_pose_in_world(
    FrameId id) const {
  return PoseOrThrow(X_WF_, id, "frame");
}

template <typename T>
const math::RigidTransform<T>& GeometryState<T>::get_pose_in_world(
    GeometryId id) const {
  return PoseOrThrow(X_WG_, id, "geometry");
}

template class GeometryState<double>;
template class GeometryState<AutoDiffXd>;
template class GeometryState<symbolic::Expression>;

}  // namespace ossa::geometry::internal
