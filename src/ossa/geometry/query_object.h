#pragma once

/// @file
/// QueryObject<T>: the value of SceneGraph's "query" output port, through
/// which a system asks for poses and proximity results in the Context it
/// was evaluated in. Each query first brings the poses up to date from the
/// source pose input ports.
///
/// Proximity queries consider geometries with the proximity role only and
/// skip filtered pairs. On AutoDiffXd, as in the reference, penetration is
/// differentiated for a sphere with a sphere, box, capsule, cylinder or half
/// space, signed distance for a sphere with a sphere, box or half space, and
/// the distance to a point for spheres, boxes, capsules, cylinders and half
/// spaces (exact closed forms); other pairs throw std::logic_error.

#include <limits>
#include <memory>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/query_results.h"
#include "ossa/geometry/scene_graph_inspector.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/systems/framework/framework_fwd.h"

namespace ossa::geometry {

template <typename T>
class SceneGraph;

template <typename T>
class QueryObject {
 public:
  /// A default QueryObject is not attached to any Context; every query
  /// throws std::logic_error.
  QueryObject() = default;
  /// Copying a live QueryObject (one from the output port) gives a "baked"
  /// one, as in the reference: it holds its own copy of the geometry and of
  /// the poses of that moment, and no longer follows the Context (which may
  /// be gone). A cloned Context's cached query value is such a copy until
  /// one of its inputs changes.
  QueryObject(const QueryObject& other);
  QueryObject& operator=(const QueryObject& other);
  QueryObject(QueryObject&&) noexcept = default;
  QueryObject& operator=(QueryObject&&) noexcept = default;

  /// The topology of the Context's geometry model.
  const SceneGraphInspector<T>& inspector() const;

  /// X_WF of a frame (the world frame's is the identity).
  const math::RigidTransform<T>& GetPoseInWorld(FrameId frame_id) const;
  /// X_WG of a geometry.
  const math::RigidTransform<T>& GetPoseInWorld(GeometryId geometry_id) const;

  /// Every penetrating unfiltered pair of proximity geometries, as point
  /// pairs with id_A < id_B, sorted by (id_A, id_B). Touching pairs (depth
  /// 0) may or may not be reported.
  std::vector<PenetrationAsPointPair<T>> ComputePointPairPenetration() const;

  /// The signed distance of every unfiltered pair of proximity geometries
  /// whose distance is at most max_distance, sorted by (id_A, id_B) with
  /// id_A < id_B.
  /// @throws std::logic_error for a pair of shapes without signed distance
  /// support (a half space with anything but a sphere).
  std::vector<SignedDistancePair<T>> ComputeSignedDistancePairwiseClosestPoints(
      double max_distance = std::numeric_limits<double>::infinity()) const;

  /// The signed distance between A and B (in that order), filtered or not.
  /// @throws std::logic_error unless both have the proximity role.
  SignedDistancePair<T> ComputeSignedDistancePairClosestPoints(
      GeometryId geometry_id_A, GeometryId geometry_id_B) const;

  /// The signed distance from the point Q to every proximity geometry
  /// within `threshold`, sorted by id (closed forms for sphere, box,
  /// capsule, cylinder and half space; GJK/EPA for ellipsoids and convex
  /// hulls).
  std::vector<SignedDistanceToPoint<T>> ComputeSignedDistanceToPoint(
      const Vector3<T>& p_WQ,
      double threshold = std::numeric_limits<double>::infinity()) const;

  /// The unfiltered pairs whose bounding boxes overlap (id_A < id_B, sorted).
  std::vector<SortedPair> FindCollisionCandidates() const;

  /// Whether any unfiltered pair penetrates.
  bool HasCollisions() const;

 private:
  friend class SceneGraph<T>;
  QueryObject(const SceneGraph<T>* scene_graph,
              const systems::Context<T>* context);
  // The Context's geometry model with its poses brought up to date.
  const internal::GeometryState<T>& UpdatedState() const;
  void ThrowIfDetached() const;

  const SceneGraph<T>* scene_graph_{nullptr};
  const systems::Context<T>* context_{nullptr};
  std::shared_ptr<const internal::GeometryState<T>> baked_;
  mutable SceneGraphInspector<T> inspector_;
};

}  // namespace ossa::geometry
