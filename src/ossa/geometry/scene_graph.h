#pragma once

/// @file
/// SceneGraph<T>: the system that owns the geometry of a diagram. Sources
/// (the plant, ...) register frames and geometries with it, give their
/// frames' poses on one input port per source ("<source name>_pose", a
/// FramePoseVector<T>), and read the "query" output port (a QueryObject<T>)
/// to ask for poses and proximity results.
///
/// Registration before a Context is created changes SceneGraph's model;
/// each Context gets a copy of the model (its abstract parameter), which
/// collision_filter_manager(context) changes for that Context only.

#include <memory>
#include <string>
#include <unordered_map>

#include "ossa/geometry/collision_filter_manager.h"
#include "ossa/geometry/geometry_frame.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/kinematics_vector.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/geometry/scene_graph_inspector.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::geometry {

template <typename T>
class SceneGraph final : public systems::LeafSystem<T> {
 public:
  SceneGraph();
  /// An empty SceneGraph with the given configuration.
  /// @throws std::runtime_error if `config` is invalid
  /// (SceneGraphConfig::ValidateOrThrow()).
  explicit SceneGraph(const SceneGraphConfig& config);
  /// Scalar conversion: the same model on scalar T.
  template <typename U>
  explicit SceneGraph(const SceneGraph<U>& other);
  ~SceneGraph() override;

  /// Sets the configuration that Contexts created from now on copy.
  /// @throws std::runtime_error if `config` is invalid.
  void set_config(const SceneGraphConfig& config);
  /// The current configuration.
  const SceneGraphConfig& get_config() const;
  /// The configuration `context` was created with (it does not change
  /// afterwards).
  const SceneGraphConfig& get_config(const systems::Context<T>& context) const;

  /// Registers a source and declares its pose input port "<name>_pose". An
  /// empty name becomes "Source_<id>".
  /// @throws std::runtime_error if the name is taken.
  SourceId RegisterSource(std::string name = "");
  bool SourceIsRegistered(SourceId id) const;
  /// @throws std::runtime_error if the source is not registered.
  const systems::InputPort<T>& get_source_pose_port(SourceId id) const;
  const systems::OutputPort<T>& get_query_output_port() const;

  /// Registers a frame of the source, a child of the world.
  /// @throws std::runtime_error for an unknown source, a frame id already
  /// registered, or a name the source already used.
  FrameId RegisterFrame(SourceId source_id, const GeometryFrame& frame);
  /// Registers a frame of the source, a child of `parent_id` (a frame of the
  /// same source).
  FrameId RegisterFrame(SourceId source_id, FrameId parent_id,
                        const GeometryFrame& frame);
  /// Registers a geometry on a frame of the source; the roles whose
  /// properties the instance carries are assigned.
  /// @throws std::runtime_error for an unknown source, a frame that is not
  /// the source's, a non-finite pose, or a role's name taken on the frame.
  GeometryId RegisterGeometry(SourceId source_id, FrameId frame_id,
                              std::unique_ptr<GeometryInstance> geometry);
  /// Registers a geometry fixed in the world.
  GeometryId RegisterAnchoredGeometry(
      SourceId source_id, std::unique_ptr<GeometryInstance> geometry);
  /// @throws std::runtime_error unless the geometry belongs to the source.
  void RemoveGeometry(SourceId source_id, GeometryId geometry_id);

  /// Assigns a role with its properties. kNew throws if the geometry has the
  /// role, kReplace if it does not; a new role's name must be unique among
  /// the frame's geometries with that role.
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  ProximityProperties properties,
                  RoleAssign assign = RoleAssign::kNew);
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  IllustrationProperties properties,
                  RoleAssign assign = RoleAssign::kNew);
  void AssignRole(SourceId source_id, GeometryId geometry_id,
                  PerceptionProperties properties,
                  RoleAssign assign = RoleAssign::kNew);
  /// The same, on a Context's copy of the model.
  void AssignRole(systems::Context<T>* context, SourceId source_id,
                  GeometryId geometry_id, ProximityProperties properties,
                  RoleAssign assign = RoleAssign::kNew) const;
  void AssignRole(systems::Context<T>* context, SourceId source_id,
                  GeometryId geometry_id, IllustrationProperties properties,
                  RoleAssign assign = RoleAssign::kNew) const;
  /// Removes a role; returns the number of geometries that had it (0 or 1).
  int RemoveRole(SourceId source_id, GeometryId geometry_id, Role role);

  /// The model's topology.
  const SceneGraphInspector<T>& model_inspector() const { return inspector_; }

  /// Collision filtering of the model (persistent for every Context created
  /// afterwards).
  CollisionFilterManager<T> collision_filter_manager();
  /// Collision filtering of one Context's copy of the model.
  CollisionFilterManager<T> collision_filter_manager(
      systems::Context<T>* context) const;

  static FrameId world_frame_id() { return internal::InternalWorldFrameId(); }

  /// Internal (QueryObject): the Context's model with its poses updated
  /// from the input ports (once per change of an input or of the model: a
  /// cache entry tracks them).
  const internal::GeometryState<T>& UpdatePoses(
      const systems::Context<T>& context) const;
  /// Internal: the Context's model, poses as last updated.
  const internal::GeometryState<T>& geometry_state(
      const systems::Context<T>& context) const;

  void SetDefaultParameters(const systems::Context<T>& context,
                            systems::Parameters<T>* parameters) const final;

 private:
  template <typename U>
  friend class SceneGraph;

  void CalcQueryObject(const systems::Context<T>& context,
                       QueryObject<T>* output) const;
  // The pose update's cache entry: copies the source ports' poses into the
  // Context's model (its value is a dummy).
  void CalcPoseUpdate(const systems::Context<T>& context, int* unused) const;
  internal::GeometryState<T>& mutable_state(systems::Context<T>* context) const;
  void DeclarePorts();

  std::unique_ptr<internal::GeometryState<T>> model_;
  SceneGraphInspector<T> inspector_;
  std::unordered_map<SourceId, int> source_port_index_;
  int state_parameter_index_{-1};
  int query_port_index_{-1};
  const systems::CacheEntry* pose_update_cache_{nullptr};
};

}  // namespace ossa::geometry

namespace ossa::systems::scalar_conversion {
/// SceneGraph converts to and from symbolic::Expression (with the plant in
/// a Diagram's ToSymbolic()): the model and the frame poses are symbolic,
/// and the proximity queries throw (QueryObject).
template <>
struct SupportsSymbolic<::ossa::geometry::SceneGraph> : std::true_type {};
}  // namespace ossa::systems::scalar_conversion
