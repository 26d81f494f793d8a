#pragma once

/// @file
/// SceneGraphInspector<T>: read-only access to the topology of a geometry
/// model (sources, frames, geometries, roles, filters) of a SceneGraph or a
/// Context. Poses in the world are not here: they are in QueryObject.

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/geometry_set.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry {

namespace internal {
template <typename T>
class GeometryState;
}  // namespace internal

template <typename T>
class SceneGraphInspector {
 public:
  SceneGraphInspector() = default;

  int num_sources() const;
  int num_frames() const;
  int num_geometries() const;
  std::vector<SourceId> GetAllSourceIds() const;
  std::vector<FrameId> GetAllFrameIds() const;
  /// Every geometry id (with the role, if given), in increasing order.
  std::vector<GeometryId> GetAllGeometryIds(
      std::optional<Role> role = std::nullopt) const;
  /// The geometries of the set (frames expanded), with the role if given.
  std::set<GeometryId> GetGeometryIds(
      const GeometrySet& geometry_set,
      std::optional<Role> role = std::nullopt) const;
  int NumGeometriesWithRole(Role role) const;
  int NumDynamicGeometries() const;
  int NumAnchoredGeometries() const;
  /// Every unfiltered pair of proximity geometries, (id_A < id_B).
  std::set<std::pair<GeometryId, GeometryId>> GetCollisionCandidates() const;
  bool SourceIsRegistered(SourceId source_id) const;
  const std::string& GetName(SourceId source_id) const;
  const std::string& GetName(FrameId frame_id) const;
  const std::string& GetName(GeometryId geometry_id) const;
  const std::string& GetOwningSourceName(FrameId frame_id) const;
  const std::string& GetOwningSourceName(GeometryId geometry_id) const;
  int NumFramesForSource(SourceId source_id) const;
  std::vector<FrameId> FramesForSource(SourceId source_id) const;
  bool BelongsToSource(FrameId frame_id, SourceId source_id) const;
  bool BelongsToSource(GeometryId geometry_id, SourceId source_id) const;
  int GetFrameGroup(FrameId frame_id) const;
  int NumGeometriesForFrame(FrameId frame_id) const;
  int NumGeometriesForFrameWithRole(FrameId frame_id, Role role) const;
  std::vector<GeometryId> GetGeometries(
      FrameId frame_id, std::optional<Role> role = std::nullopt) const;
  GeometryId GetGeometryIdByName(FrameId frame_id, Role role,
                                 const std::string& name) const;
  FrameId GetFrameId(GeometryId geometry_id) const;
  /// X_FG, the geometry's pose in its frame.
  const math::RigidTransform<double>& GetPoseInFrame(
      GeometryId geometry_id) const;
  const Shape& GetShape(GeometryId geometry_id) const;
  const ProximityProperties* GetProximityProperties(GeometryId id) const;
  const IllustrationProperties* GetIllustrationProperties(GeometryId id) const;
  const PerceptionProperties* GetPerceptionProperties(GeometryId id) const;
  const GeometryProperties* GetProperties(GeometryId id, Role role) const;
  /// Whether collision between the two (proximity) geometries is filtered.
  bool CollisionFiltered(GeometryId geometry_id1,
                         GeometryId geometry_id2) const;
  std::unique_ptr<GeometryInstance> CloneGeometryInstance(GeometryId id) const;
  static FrameId world_frame_id();

  /// The SceneGraphConfig of the model this inspector reads: a Context's
  /// copy for the inspector of a QueryObject (an addition of ossa; the
  /// MultibodyPlant reads its default contact properties here).
  const SceneGraphConfig& GetSceneGraphConfig() const;

  /// A stamp of the proximity data of the model this inspector reads (an
  /// addition of ossa, in the spirit of the reference's geometry_version()):
  /// it changes whenever a proximity geometry is added or removed, its
  /// ProximityProperties change or the config changes, and two models with
  /// the same stamp have the same proximity properties. The MultibodyPlant
  /// caches each geometry's contact material under it.
  int64_t proximity_version() const;

 private:
  template <typename U>
  friend class SceneGraph;
  template <typename U>
  friend class QueryObject;
  explicit SceneGraphInspector(const internal::GeometryState<T>* state)
      : state_(state) {}
  const internal::GeometryState<T>& state() const;
  const internal::GeometryState<T>* state_{nullptr};
};

}  // namespace ossa::geometry
