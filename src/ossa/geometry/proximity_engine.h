#pragma once

/// @file
/// Internal: ProximityEngine, the proximity queries over the geometries that
/// have the proximity role. The broad phase (a dynamic AABB tree) and the
/// narrow phase (GJK/EPA) come from coal, hidden behind a pimpl; exact
/// closed forms (closed_form_proximity.h) handle a sphere with a sphere, box,
/// capsule, cylinder or half space, capsule–capsule and capsule–box, and
/// the penetration of a box into a box or a half space.
///
/// Geometries are known by a dense engine index (returned by AddGeometry()).
/// Poses X_WG are set per geometry; a filter matrix over engine indices says
/// which pairs are never reported.

#include <memory>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/query_results.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry::internal {

/// The tolerance of coal's GJK and EPA (both on distance, in m): the
/// accuracy of the signed distances and depths of the pairs without a
/// closed form.
inline constexpr double kIterativeSolverTolerance = 1e-6;

class ProximityEngine {
 public:
  ProximityEngine();
  ProximityEngine(const ProximityEngine& other);
  ProximityEngine& operator=(const ProximityEngine& other);
  ~ProximityEngine();

  /// Adds a geometry; returns its engine index (indices are dense: removing
  /// moves the last geometry into the freed index, see RemoveGeometry()).
  int AddGeometry(GeometryId id, const Shape& shape,
                  const math::RigidTransform<double>& X_WG);
  /// Removes the geometry at `index`; returns the id of the geometry moved
  /// into `index` (invalid if none moved).
  GeometryId RemoveGeometry(int index);
  int num_geometries() const;

  void SetPose(int index, const math::RigidTransform<double>& X_WG);
  /// Sets whether the pair (a, b) is filtered (symmetric).
  void SetFiltered(int a, int b, bool filtered);
  bool IsFiltered(int a, int b) const;

  std::vector<PenetrationAsPointPair<double>> ComputePointPairPenetration()
      const;
  std::vector<SignedDistancePair<double>>
  ComputeSignedDistancePairwiseClosestPoints(double max_distance) const;
  SignedDistancePair<double> ComputeSignedDistancePairClosestPoints(
      int a, int b) const;
  std::vector<SignedDistanceToPoint<double>> ComputeSignedDistanceToPoint(
      const Vector3<double>& p_WQ, double threshold) const;
  std::vector<SortedPair> FindCollisionCandidates() const;
  bool HasCollisions() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ossa::geometry::internal
