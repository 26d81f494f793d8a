#pragma once

/// @file
/// Internal: the exact closed forms of the proximity queries, on double and
/// AutoDiffXd: signed distance (with witness points and normal) of a sphere
/// with a sphere, box, capsule, cylinder or half space, of two capsules and
/// of a capsule and a box; the penetration of a box into a box or a half
/// space; the signed distance from a point to a sphere, box, capsule,
/// cylinder or half space. ProximityEngine
/// uses them on double; QueryObject<AutoDiffXd> uses them for the pairs the
/// reference differentiates.

#include <optional>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/query_results.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry::internal {

enum class ShapeKind {
  kSphere,
  kBox,
  kCylinder,
  kCapsule,
  kEllipsoid,
  kHalfSpace,
  kConvex
};

/// The shape's name in messages ("Sphere", "HalfSpace", ...).
const char* ShapeKindName(ShapeKind kind);

/// What the closed forms need of a shape: its kind and measures.
struct ShapeParams {
  ShapeKind kind{};
  double radius{};  // Sphere, cylinder, capsule.
  Vector3<double> half =
      Vector3<double>::Zero();  // Box half sizes;
                                // (0, 0, half length) for cylinders and
                                // capsules; ellipsoid semi-axes.
};

/// The parameters of `shape` (meshes are kConvex).
ShapeParams GetShapeParams(const Shape& shape);

/// A signed distance between A and B with witnesses in the world frame:
/// p_WCa on A, p_WCb on B, nhat_BA_W the unit normal out of B toward A.
template <typename T>
struct WorldPair {
  T distance{};
  Vector3<T> p_WCa, p_WCb, nhat_BA_W;
};

/// `w` as the penetration of A (id `a`) and B (id `b`): depth = −distance;
/// nullopt when `w` is empty or the pair is separated (distance > 0).
template <typename T>
std::optional<PenetrationAsPointPair<T>> ToPenetrationAsPointPair(
    GeometryId a, GeometryId b, const std::optional<WorldPair<T>>& w) {
  if (!w || w->distance > 0) return std::nullopt;
  PenetrationAsPointPair<T> r;
  r.id_A = a;
  r.id_B = b;
  r.p_WCa = w->p_WCa;
  r.p_WCb = w->p_WCb;
  r.nhat_BA_W = w->nhat_BA_W;
  r.depth = -w->distance;
  return r;
}

/// The closed-form signed distance of (A, B) if the pair has one (either
/// order), else nullopt.
template <typename T>
std::optional<WorldPair<T>> CalcClosedFormPair(
    const ShapeParams& a, const math::RigidTransform<T>& X_WA,
    const ShapeParams& b, const math::RigidTransform<T>& X_WB);

/// The penetration of box A into half space B (nullopt when separated): the
/// box vertex deepest below the plane.
template <typename T>
std::optional<WorldPair<T>> CalcBoxHalfSpacePenetration(
    const ShapeParams& box, const math::RigidTransform<T>& X_WA,
    const math::RigidTransform<T>& X_WB);

/// The penetration of box A into box B (nullopt when separated) by the
/// separating axis test over the 15 candidate axes (3 + 3 face normals, 9
/// edge–edge cross products): the axis of least overlap gives the normal and
/// the depth, which for two convex polyhedra is the exact penetration depth.
/// The witnesses: the deepest vertex of the incident box and its projection
/// onto the reference face, or the closest points of the two edges.
template <typename T>
std::optional<WorldPair<T>> CalcBoxBoxPenetration(
    const ShapeParams& a, const math::RigidTransform<T>& X_WA,
    const ShapeParams& b, const math::RigidTransform<T>& X_WB);

/// The signed distance from Q to G (p_GQ in G's frame): the nearest surface
/// point N, the distance and its gradient, in G's frame; nullopt for a kind
/// without a closed form (ellipsoid, convex).
template <typename T>
struct PointDistance {
  Vector3<T> p_GN;
  T distance{};
  Vector3<T> grad_G;
};
template <typename T>
std::optional<PointDistance<T>> CalcClosedFormPointDistance(
    const ShapeParams& g, const Vector3<T>& p_GQ);

}  // namespace ossa::geometry::internal
