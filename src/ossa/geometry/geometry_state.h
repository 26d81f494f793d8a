#pragma once

/// @file
/// Internal: GeometryState<T>, everything SceneGraph knows: sources, frames,
/// geometries, roles, collision filters, the current poses, and the
/// proximity engine. SceneGraph owns a model instance and each Context a
/// copy (its abstract parameter). SceneGraphInspector and QueryObject read
/// it; users never see it.

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ossa/geometry/collision_filter_declaration.h"
#include "ossa/geometry/geometry_frame.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/kinematics_vector.h"
#include "ossa/geometry/proximity_engine.h"
#include "ossa/geometry/query_results.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry {

/// Identifies a transient collision filter declaration.
using FilterId = Identifier<struct FilterIdTag>;
struct FilterIdTag {
  static constexpr const char* kName = "FilterId";
};

namespace internal {

/// The world frame's id, the same for every SceneGraph.
FrameId InternalWorldFrameId();
/// The id of the source that owns the world frame ("SceneGraph").
SourceId InternalSelfSourceId();

template <typename T>
class GeometryState {
 public:
  GeometryState();
  GeometryState(const GeometryState&);
  GeometryState& operator=(const GeometryState&);
  ~GeometryState();

  /// A copy on another scalar: the same topology, roles and filters, and
  /// the poses converted (derivatives dropped).
  template <typename U>
  std::unique_ptr<GeometryState<U>> ToScalarType() const {
    auto out = std::make_unique<GeometryState<U>>();
    out->CopyTopologyFrom(*this);
    return out;
  }
  template <typename U>
  friend class GeometryState;

  // ------------------------------------------------------------ configuration
  /// The SceneGraph configuration this model was made with (a Context's
  /// copy keeps the one of its creation).
  const SceneGraphConfig& config() const { return config_; }
  void set_config(const SceneGraphConfig& config) {
    config_ = config;
    BumpProximityVersion();
  }

  /// A stamp of what proximity geometries are and the values they take from
  /// their properties: the set of proximity geometries, their
  /// ProximityProperties and the config (whose defaults apply to properties
  /// a geometry lacks). Every change of these gives the stamp a value no
  /// GeometryState of the process has had; a copy (a Context's) keeps its
  /// original's stamp until it changes. Values derived from the proximity
  /// properties may be cached under it.
  int64_t proximity_version() const { return proximity_version_; }

  // ------------------------------------------------------------ registration
  SourceId RegisterNewSource(const std::string& name);
  FrameId RegisterFrame(SourceId source_id, FrameId parent_id,
                        const GeometryFrame& frame);
  GeometryId RegisterGeometry(SourceId source_id, FrameId frame_id,
                              std::unique_ptr<GeometryInstance> geometry);
  GeometryId RegisterAnchoredGeometry(
      SourceId source_id, std::unique_ptr<GeometryInstance> geometry);
  void RemoveGeometry(SourceId source_id, GeometryId geometry_id);
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  ProximityProperties properties, RoleAssign assign);
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  IllustrationProperties properties, RoleAssign assign);
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  PerceptionProperties properties, RoleAssign assign);
  int RemoveRole(SourceId source_id, GeometryId geometry_id, Role role);

  // ------------------------------------------------------------ filters
  void ApplyFilter(const CollisionFilterDeclaration& declaration,
                   const char* caller);
  FilterId ApplyTransientFilter(const CollisionFilterDeclaration& declaration);
  bool RemoveFilterDeclaration(FilterId id);
  bool IsFilterActive(FilterId id) const;
  bool has_transient_filter_history() const { return !transients_.empty(); }
  /// Whether the pair is filtered; @throws std::logic_error unless both are
  /// registered and have the proximity role.
  bool CollisionFiltered(GeometryId id1, GeometryId id2) const;

  // ------------------------------------------------------------ inspection
  int num_sources() const { return static_cast<int>(sources_.size()); }
  int num_frames() const { return static_cast<int>(frames_.size()); }
  int num_geometries() const { return static_cast<int>(geometries_.size()); }
  std::vector<SourceId> GetAllSourceIds() const;
  std::vector<FrameId> GetAllFrameIds() const;
  std::vector<GeometryId> GetAllGeometryIds(std::optional<Role> role) const;
  std::set<GeometryId> GetGeometryIds(const GeometrySet& set,
                                      std::optional<Role> role) const;
  int NumGeometriesWithRole(Role role) const;
  int NumDynamicGeometries() const;
  int NumAnchoredGeometries() const;
  std::set<std::pair<GeometryId, GeometryId>> GetCollisionCandidates() const;
  bool SourceIsRegistered(SourceId id) const { return sources_.count(id) > 0; }
  const std::string& GetName(SourceId id) const;
  const std::string& GetName(FrameId id) const;
  const std::string& GetName(GeometryId id) const;
  const std::string& GetOwningSourceName(FrameId id) const;
  const std::string& GetOwningSourceName(GeometryId id) const;
  int NumFramesForSource(SourceId id) const;
  std::vector<FrameId> FramesForSource(SourceId id) const;
  bool BelongsToSource(FrameId frame_id, SourceId source_id) const;
  bool BelongsToSource(GeometryId geometry_id, SourceId source_id) const;
  int GetFrameGroup(FrameId id) const;
  int NumGeometriesForFrame(FrameId id) const;
  int NumGeometriesForFrameWithRole(FrameId id, Role role) const;
  std::vector<GeometryId> GetGeometries(FrameId id,
                                        std::optional<Role> role) const;
  GeometryId GetGeometryIdByName(FrameId frame_id, Role role,
                                 const std::string& name) const;
  FrameId GetFrameId(GeometryId id) const;
  FrameId GetParentFrame(FrameId id) const;
  const math::RigidTransform<double>& GetPoseInFrame(GeometryId id) const;
  const Shape& GetShape(GeometryId id) const;
  const ProximityProperties* GetProximityProperties(GeometryId id) const;
  const IllustrationProperties* GetIllustrationProperties(GeometryId id) const;
  const PerceptionProperties* GetPerceptionProperties(GeometryId id) const;
  const GeometryProperties* GetProperties(GeometryId id, Role role) const;
  std::unique_ptr<GeometryInstance> CloneGeometryInstance(GeometryId id) const;
  bool IsAnchored(GeometryId id) const;
  /// The sources that registered frames other than the world (each needs
  /// its pose input port connected).
  bool SourceHasDynamicFrames(SourceId id) const;

  // ------------------------------------------------------------ poses
  /// Sets the poses X_PF of `source_id`'s frames from `poses` (every frame
  /// of the source must have one) and updates the world poses of their
  /// descendants and geometries. Call once per source, in source order, then
  /// FinalizePoseUpdate().
  /// @throws std::runtime_error if a frame's pose is missing or not finite.
  void SetFramePoses(SourceId source_id, const FramePoseVector<T>& poses,
                     const std::string& port_name) const;
  /// Pushes the world poses of the proximity geometries to the engine.
  void FinalizePoseUpdate() const;
  const math::RigidTransform<T>& get_pose_in_world(FrameId id) const;
  const math::RigidTransform<T>& get_pose_in_world(GeometryId id) const;

  // ------------------------------------------------------------ queries
  const ProximityEngine& proximity_engine() const { return engine_; }
  int engine_index(GeometryId id, const char* caller) const;

 private:
  struct SourceRecord {
    std::string name;
    std::vector<FrameId> frames;
    std::vector<GeometryId> anchored;
  };
  struct FrameRecord {
    SourceId source;
    std::string name;
    FrameId parent;
    int frame_group{};
    std::vector<GeometryId> geometries;
  };
  struct GeometryRecord {
    SourceId source;
    FrameId frame;
    std::string name;
    math::RigidTransform<double> X_FG;
    std::shared_ptr<const Shape> shape;
    std::optional<ProximityProperties> proximity;
    std::optional<IllustrationProperties> illustration;
    std::optional<PerceptionProperties> perception;
    int engine_index{-1};
  };
  // A filter statement with its sets resolved to proximity geometries.
  struct ResolvedStatement {
    bool exclude{};
    std::vector<GeometryId> a, b;
  };
  struct Transient {
    FilterId id;
    std::vector<ResolvedStatement> statements;
  };

  template <typename U>
  void CopyTopologyFrom(const GeometryState<U>& other);
  // Gives proximity_version_ a new value of the process-wide counter.
  void BumpProximityVersion();

  const SourceRecord& GetSource(SourceId id) const;
  const FrameRecord& GetFrame(FrameId id, const char* what) const;
  const GeometryRecord& GetGeometry(GeometryId id) const;
  GeometryRecord& GetMutableGeometryForSource(SourceId source_id,
                                              GeometryId geometry_id);
  void ThrowIfNameExistsForRole(const GeometryRecord& g, Role role) const;
  // Checks an assignment of `role` to `id` (`assign` new or replacing), then
  // stores `properties` in `slot`, a role field of `g`.
  template <typename Properties>
  void SetRoleProperties(GeometryId id, Role role, RoleAssign assign,
                         const GeometryRecord& g,
                         std::optional<Properties>* slot,
                         Properties properties);
  bool HasRole(const GeometryRecord& g, Role role) const;
  void AddToEngine(GeometryId id, GeometryRecord* g);
  void RemoveFromEngine(GeometryRecord* g);
  std::vector<ResolvedStatement> Resolve(
      const CollisionFilterDeclaration& declaration) const;
  void ApplyStatements(
      const std::vector<ResolvedStatement>& statements,
      std::set<std::pair<GeometryId, GeometryId>>* pairs) const;
  // Recomputes the engine's filter matrix from the invariant filters (same
  // frame), the persistent exclusions and the transient history.
  void UpdateEngineFilters();
  bool InvariantFiltered(const GeometryRecord& a,
                         const GeometryRecord& b) const {
    return a.frame == b.frame;
  }

  std::map<SourceId, SourceRecord> sources_;
  std::map<FrameId, FrameRecord> frames_;
  std::map<GeometryId, GeometryRecord> geometries_;
  std::set<std::pair<GeometryId, GeometryId>> persistent_excluded_;
  std::vector<Transient> transients_;
  // Poses: X_WF per frame and X_WG per geometry (as of the last update).
  mutable std::unordered_map<FrameId, math::RigidTransform<T>> X_WF_;
  mutable std::unordered_map<GeometryId, math::RigidTransform<T>> X_WG_;
  mutable ProximityEngine engine_;
  SceneGraphConfig config_;
  int64_t proximity_version_{0};
};

}  // namespace internal
}  // namespace ossa::geometry
