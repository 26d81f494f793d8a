#pragma once

/// @file
/// The results of the proximity queries of QueryObject:
/// PenetrationAsPointPair, SignedDistancePair, SignedDistanceToPoint.

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/geometry_ids.h"

namespace ossa::geometry {

/// A penetration between geometries A and B (id_A < id_B) as two points:
/// Ca, the point of A deepest inside B, and Cb, the point of B deepest
/// inside A, both measured and expressed in the world frame W.
/// nhat_BA_W is the unit normal pointing out of B into A (translating A by
/// depth·nhat_BA_W separates them); depth = (p_WCa − p_WCb)·(−nhat_BA_W)
/// >= 0.
template <typename T>
struct PenetrationAsPointPair {
  /// Swaps the roles of A and B (points, ids, and the normal's sign).
  void SwapAAndB() {
    std::swap(id_A, id_B);
    std::swap(p_WCa, p_WCb);
    nhat_BA_W = -nhat_BA_W;
  }
  GeometryId id_A;
  GeometryId id_B;
  Vector3<T> p_WCa;
  Vector3<T> p_WCb;
  Vector3<T> nhat_BA_W;
  T depth{-1};
};

/// The signed distance between geometries A and B (id_A < id_B) and the
/// witness points Ca on A and Cb on B, each measured and expressed in its
/// own geometry frame. distance < 0 when they overlap (its magnitude is then
/// the penetration depth). nhat_BA_W is the gradient of the distance with
/// respect to the position of A, in the world frame: the unit vector from
/// Cb to Ca when separated.
template <typename T>
struct SignedDistancePair {
  SignedDistancePair() = default;
  SignedDistancePair(GeometryId a, GeometryId b, const Vector3<T>& p_ACa_in,
                     const Vector3<T>& p_BCb_in, const T& dist,
                     const Vector3<T>& nhat_BA_W_in)
      : id_A(a),
        id_B(b),
        p_ACa(p_ACa_in),
        p_BCb(p_BCb_in),
        distance(dist),
        nhat_BA_W(nhat_BA_W_in) {}
  void SwapAAndB() {
    std::swap(id_A, id_B);
    std::swap(p_ACa, p_BCb);
    nhat_BA_W = -nhat_BA_W;
  }
  GeometryId id_A;
  GeometryId id_B;
  Vector3<T> p_ACa;
  Vector3<T> p_BCb;
  T distance{};
  Vector3<T> nhat_BA_W;
};

/// The signed distance from a query point Q to geometry G: N is the point
/// of G's surface nearest Q (p_GN in G's frame), distance < 0 when Q is
/// inside G, and grad_W the gradient of the distance with respect to p_WQ.
template <typename T>
struct SignedDistanceToPoint {
  SignedDistanceToPoint() = default;
  SignedDistanceToPoint(GeometryId id, const Vector3<T>& p_GN_in, const T& dist,
                        const Vector3<T>& grad)
      : id_G(id), p_GN(p_GN_in), distance(dist), grad_W(grad) {}
  GeometryId id_G;
  Vector3<T> p_GN;
  T distance{};
  Vector3<T> grad_W;
};

/// A pair of geometry ids (id_A < id_B is not required; the queries return
/// them ordered).
using SortedPair = std::pair<GeometryId, GeometryId>;

}  // namespace ossa::geometry
