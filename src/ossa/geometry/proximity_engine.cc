#include "ossa/geometry/proximity_engine.h"

#include <coal/broadphase/broadphase_callbacks.h>
#include <coal/broadphase/broadphase_dynamic_AABB_tree.h>
#include <coal/collision.h>
#include <coal/distance.h>
#include <coal/shape/convex.h>
#include <coal/shape/geometric_shapes.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/geometry/closed_form_proximity.h"
#include "ossa/geometry/mesh_io.h"

namespace ossa::geometry::internal {
namespace {

using math::RigidTransform;
using V3 = Vector3<double>;
using M3 = Matrix3<double>;
using Kind = ShapeKind;

// What the engine keeps of a shape: its measures (for the closed forms) and
// coal's geometry, shared between copies (coal geometries are not changed
// after construction).
struct ShapeData : ShapeParams {
  std::shared_ptr<coal::CollisionGeometry> coal_geometry;
};

class ShapeToCoal final : public ShapeReifier {
 public:
  ShapeData data;
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Sphere& s, void*) final {
    data.coal_geometry = std::make_shared<coal::Sphere>(s.radius());
  }
  void ImplementGeometry(const Box& b, void*) final {
    data.coal_geometry =
        std::make_shared<coal::Box>(b.width(), b.depth(), b.height());
  }
  void ImplementGeometry(const Cylinder& c, void*) final {
    data.coal_geometry =
        std::make_shared<coal::Cylinder>(c.radius(), c.length());
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    data.coal_geometry =
        std::make_shared<coal::Capsule>(c.radius(), c.length());
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    data.coal_geometry = std::make_shared<coal::Ellipsoid>(e.a(), e.b(), e.c());
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    data.coal_geometry =
        std::make_shared<coal::Halfspace>(coal::Vec3s(0, 0, 1), 0.0);
  }
  // A mesh takes part in point contact and distance queries as its convex
  // hull, as in the reference.
  void ImplementGeometry(const Mesh& m, void*) final {
    MakeHull(m.filename(), m.scale3(), m.to_string());
  }
  void ImplementGeometry(const Convex& c, void*) final {
    MakeHull(c.filename(), c.scale3(), c.to_string());
  }

 private:
  void MakeHull(const std::string& file, const V3& scale,
                const std::string& what) {
    const TriangleSurface hull =
        ComputeConvexHull(ReadTriangleSurface(file, scale).vertices, what);
    auto points = std::make_shared<std::vector<coal::Vec3s>>();
    for (const V3& v : hull.vertices) points->emplace_back(v);
    auto tris = std::make_shared<std::vector<coal::Triangle>>();
    for (const auto& t : hull.triangles) {
      tris->emplace_back(t[0], t[1], t[2]);
    }
    data.coal_geometry = std::make_shared<coal::Convex<coal::Triangle>>(
        points, static_cast<unsigned>(points->size()), tris,
        static_cast<unsigned>(tris->size()));
  }
};

coal::Transform3s ToCoal(const RigidTransform<double>& X) {
  return coal::Transform3s(X.rotation().matrix(), X.translation());
}

struct Geometry {
  GeometryId id;
  ShapeData shape;
  RigidTransform<double> X_WG;
  std::unique_ptr<coal::CollisionObject> object;
};

// GJK's last search direction for a pair of geometries, to start the next
// query of the pair from: poses that change little between queries (a
// simulation step, or none at all) then converge in a few iterations.
struct WarmStart {
  coal::Vec3s direction{1, 0, 0};
  coal::support_func_guess_t support{coal::support_func_guess_t::Zero()};
};

struct IdPairHash {
  size_t operator()(const std::pair<GeometryId, GeometryId>& p) const {
    const size_t a = std::hash<GeometryId>()(p.first);
    return a ^ (std::hash<GeometryId>()(p.second) + 0x9e3779b97f4a7c15ULL +
                (a << 6) + (a >> 2));
  }
};

// Sets `request` to start from `warm` (coal's cached-guess mode).
void UseWarmStart(const WarmStart& warm, coal::QueryRequest* request) {
  request->gjk_initial_guess = coal::GJKInitialGuess::CachedGuess;
  request->cached_gjk_guess = warm.direction;
  request->cached_support_func_guess = warm.support;
}

std::optional<WorldPair<double>> ClosedFormEitherOrder(const Geometry& A,
                                                       const Geometry& B) {
  return CalcClosedFormPair<double>(A.shape, A.X_WG, B.shape, B.X_WG);
}

bool DistanceSupported(Kind a, Kind b) {
  // As in the reference: a half space takes part in signed distance queries
  // only with a sphere.
  if (a == Kind::kHalfSpace) return b == Kind::kSphere;
  if (b == Kind::kHalfSpace) return a == Kind::kSphere;
  return true;
}

// Added to every side of every world AABB: no box is degenerate, and the
// AABB distance stays a lower bound of the distance.
constexpr double kAabbPadding = 1e-10;

// Scenes with up to this many geometries in the broad phase test every pair
// of AABBs instead of maintaining coal's dynamic AABB tree: for a robot's
// few dozen shapes the pairs cost less than updating the tree (see
// benchmarks/kernel_notes.md, collision_query).
constexpr int kAllPairsBroadphaseMax = 48;

}  // namespace

class ProximityEngine::Impl {
 public:
  Impl() = default;
  Impl(const Impl& o) : filter_(o.filter_) {
    for (const auto& g : o.geometries_) {
      Add(g->id, g->shape, g->X_WG);
    }
    filter_ = o.filter_;
  }

  int Add(GeometryId id, ShapeData shape, const RigidTransform<double>& X_WG) {
    auto g = std::make_unique<Geometry>();
    g->id = id;
    g->shape = std::move(shape);
    g->X_WG = X_WG;
    g->object = std::make_unique<coal::CollisionObject>(g->shape.coal_geometry,
                                                        ToCoal(X_WG));
    const int index = static_cast<int>(geometries_.size());
    g->object->setUserData(
        reinterpret_cast<void*>(static_cast<intptr_t>(index)));
    // Half spaces stay out of the AABB tree (their boxes are unbounded);
    // ForEachCandidate() tests them against every geometry.
    if (g->shape.kind != Kind::kHalfSpace) {
      manager_.registerObject(g->object.get());
    }
    geometries_.push_back(std::move(g));
    for (auto& row : filter_) row.push_back(0);
    filter_.emplace_back(geometries_.size(), 0);
    broadphase_dirty_ = true;
    return index;
  }

  GeometryId Remove(int index) {
    if (geometries_[index]->shape.kind != Kind::kHalfSpace) {
      manager_.unregisterObject(geometries_[index]->object.get());
    }
    const int last = static_cast<int>(geometries_.size()) - 1;
    GeometryId moved;
    if (index != last) {
      geometries_[index] = std::move(geometries_[last]);
      geometries_[index]->object->setUserData(
          reinterpret_cast<void*>(static_cast<intptr_t>(index)));
      moved = geometries_[index]->id;
      for (auto& row : filter_) row[index] = row[last];
      filter_[index] = filter_[last];
      filter_[index][index] = 0;
    }
    geometries_.pop_back();
    filter_.pop_back();
    for (auto& row : filter_) row.pop_back();
    broadphase_dirty_ = true;
    return moved;
  }

  void SetPose(int index, const RigidTransform<double>& X_WG) {
    Geometry& g = *geometries_[index];
    g.X_WG = X_WG;
    g.object->setTransform(ToCoal(X_WG));
    broadphase_dirty_ = true;
  }

  // The world AABB of every geometry, padded by kAabbPadding so that no box
  // is degenerate (a sphere of radius 0, a contact point, has a zero-volume
  // box, which coal's AABB tree refuses).
  void UpdateBroadphase() const {
    if (!broadphase_dirty_) return;
    num_tree_geometries_ = 0;
    for (auto& g : geometries_) {
      g->object->computeAABB();
      coal::AABB& box = g->object->getAABB();
      box.min_.array() -= kAabbPadding;
      box.max_.array() += kAabbPadding;
      if (g->shape.kind != Kind::kHalfSpace) ++num_tree_geometries_;
    }
    broadphase_dirty_ = false;
    tree_dirty_ = true;
  }

  // The AABB tree, brought up to date with the boxes.
  void UpdateTree() const {
    UpdateBroadphase();
    if (!tree_dirty_) return;
    // Refits every leaf to its object's box, then rebalances.
    manager_.update();
    tree_dirty_ = false;
  }

  static int IndexOf(const coal::CollisionObject* o) {
    return static_cast<int>(reinterpret_cast<intptr_t>(o->getUserData()));
  }

  // Calls f(a, b) for every unfiltered pair whose AABBs overlap, a and b
  // ordered by id.
  template <typename F>
  void ForEachCandidate(F&& f) const {
    UpdateBroadphase();
    if (num_tree_geometries_ <= kAllPairsBroadphaseMax) {
      if (ForEachOverlappingPair(f)) return;
    } else {
      ForEachTreeCandidate(f);
    }
    ForEachHalfSpaceCandidate(f);
  }

  // The broad phase of small scenes: every pair of boxes. Returns true if f
  // asked to stop.
  template <typename F>
  bool ForEachOverlappingPair(F& f) const {
    const int n = static_cast<int>(geometries_.size());
    for (int a = 0; a < n; ++a) {
      const Geometry& A = *geometries_[a];
      if (A.shape.kind == Kind::kHalfSpace) continue;
      const coal::AABB& box_a = A.object->getAABB();
      const std::vector<char>& filtered = filter_[a];
      for (int b = a + 1; b < n; ++b) {
        if (filtered[b]) continue;
        const Geometry& B = *geometries_[b];
        if (B.shape.kind == Kind::kHalfSpace) continue;
        if (!box_a.overlap(B.object->getAABB())) continue;
        if (B.id < A.id ? f(b, a) : f(a, b)) return true;
      }
    }
    return false;
  }

  template <typename F>
  void ForEachTreeCandidate(F& f) const {
    UpdateTree();
    struct Callback final : coal::CollisionCallBackBase {
      const Impl* self;
      F* f;
      bool collide(coal::CollisionObject* o1, coal::CollisionObject* o2) final {
        int a = IndexOf(o1), b = IndexOf(o2);
        if (self->filter_[a][b]) return false;
        if (self->geometries_[b]->id < self->geometries_[a]->id) {
          std::swap(a, b);
        }
        return (*f)(a, b);
      }
    } cb;
    cb.self = this;
    cb.f = &f;
    manager_.collide(&cb);
  }

  // Half spaces against every geometry whose box reaches below the plane.
  template <typename F>
  void ForEachHalfSpaceCandidate(F& f) const {
    const int n = static_cast<int>(geometries_.size());
    for (int h = 0; h < n; ++h) {
      const Geometry& hs = *geometries_[h];
      if (hs.shape.kind != Kind::kHalfSpace) continue;
      const V3 normal = hs.X_WG.rotation().matrix().col(2);
      const V3 origin = hs.X_WG.translation();
      for (int i = 0; i < n; ++i) {
        if (i == h || filter_[h][i]) continue;
        const Geometry& g = *geometries_[i];
        if (g.shape.kind == Kind::kHalfSpace) {
          if (i < h) continue;  // Each pair of half spaces once.
        } else {
          // The AABB corner lowest along the normal must be below the plane.
          const coal::AABB& box = g.object->getAABB();
          V3 corner;
          for (int k = 0; k < 3; ++k) {
            corner[k] = normal[k] > 0 ? box.min_[k] : box.max_[k];
          }
          if (normal.dot(corner - origin) > 0) continue;
        }
        const bool stop = hs.id < g.id ? f(h, i) : f(i, h);
        if (stop) return;
      }
    }
  }

  std::optional<PenetrationAsPointPair<double>> Penetration(int ia,
                                                            int ib) const {
    const Geometry& A = *geometries_[ia];
    const Geometry& B = *geometries_[ib];
    const Kind ka = A.shape.kind, kb = B.shape.kind;
    if (ka == Kind::kHalfSpace && kb == Kind::kHalfSpace) return std::nullopt;
    if (auto w = ClosedFormEitherOrder(A, B)) {
      return ToPenetrationAsPointPair(A.id, B.id, w);
    }
    if (ka == Kind::kBox && kb == Kind::kBox) {
      return ToPenetrationAsPointPair(
          A.id, B.id,
          CalcBoxBoxPenetration<double>(A.shape, A.X_WG, B.shape, B.X_WG));
    }
    if (ka == Kind::kBox && kb == Kind::kHalfSpace) {
      return ToPenetrationAsPointPair(
          A.id, B.id,
          CalcBoxHalfSpacePenetration<double>(A.shape, A.X_WG, B.X_WG));
    }
    if (ka == Kind::kHalfSpace && kb == Kind::kBox) {
      auto r = ToPenetrationAsPointPair(
          B.id, A.id,
          CalcBoxHalfSpacePenetration<double>(B.shape, B.X_WG, A.X_WG));
      if (r) r->SwapAAndB();
      return r;
    }
    coal::CollisionRequest request(coal::CONTACT, 1);
    request.gjk_tolerance = kIterativeSolverTolerance;
    request.epa_tolerance = kIterativeSolverTolerance;
    coal::CollisionResult result;
    coal::collide(A.object.get(), B.object.get(), request, result);
    if (!result.isCollision()) return std::nullopt;
    const coal::Contact& c = result.getContact(0);
    PenetrationAsPointPair<double> r;
    r.id_A = A.id;
    r.id_B = B.id;
    // coal: normal from o1 (A) to o2 (B), penetration_depth the (negative)
    // signed distance.
    r.nhat_BA_W = -c.normal;
    r.depth = -c.penetration_depth;
    r.p_WCa = c.nearest_points[0];
    r.p_WCb = c.nearest_points[1];
    return r;
  }

  SignedDistancePair<double> Distance(int ia, int ib) const {
    const Geometry& A = *geometries_[ia];
    const Geometry& B = *geometries_[ib];
    if (!DistanceSupported(A.shape.kind, B.shape.kind)) {
      ThrowLogicError(
          "Signed distance queries between shapes '{}' and '{}' are not "
          "supported for scalar type double.",
          ShapeKindName(A.shape.kind), ShapeKindName(B.shape.kind));
    }
    WorldPair<double> w;
    if (auto cf = ClosedFormEitherOrder(A, B)) {
      w = *cf;
    } else {
      // Warm-started GJK for separated pairs; an overlapping pair is solved
      // again from the default start, because EPA's depth depends on the
      // simplex GJK hands it (measured: warm starts move it by up to 3e-5).
      coal::DistanceRequest request(true), warm_request(true);
      for (coal::DistanceRequest* r : {&request, &warm_request}) {
        r->gjk_tolerance = kIterativeSolverTolerance;
        r->epa_tolerance = kIterativeSolverTolerance;
      }
      WarmStart& warm = warm_starts_[{A.id, B.id}];
      UseWarmStart(warm, &warm_request);
      coal::DistanceResult result;
      coal::distance(A.object.get(), B.object.get(), warm_request, result);
      warm = {result.cached_gjk_guess, result.cached_support_func_guess};
      if (result.min_distance <= 0) {
        result = coal::DistanceResult();
        coal::distance(A.object.get(), B.object.get(), request, result);
      }
      w.distance = result.min_distance;
      w.p_WCa = result.nearest_points[0];
      w.p_WCb = result.nearest_points[1];
      w.nhat_BA_W = -result.normal;
    }
    return SignedDistancePair<double>(A.id, B.id, A.X_WG.inverse() * w.p_WCa,
                                      B.X_WG.inverse() * w.p_WCb, w.distance,
                                      w.nhat_BA_W);
  }

  std::vector<std::unique_ptr<Geometry>> geometries_;
  std::vector<std::vector<char>> filter_;
  mutable coal::DynamicAABBTreeCollisionManager manager_;
  mutable bool broadphase_dirty_{true};
  mutable bool tree_dirty_{true};
  // Geometries in the broad phase (all but half spaces).
  mutable int num_tree_geometries_{0};
  // By (id_A, id_B) as the pair is queried; entries of removed geometries
  // stay (ids are never reused) until the engine is copied.
  mutable std::unordered_map<std::pair<GeometryId, GeometryId>, WarmStart,
                             IdPairHash>
      warm_starts_;
};

ProximityEngine::ProximityEngine() : impl_(std::make_unique<Impl>()) {}
ProximityEngine::ProximityEngine(const ProximityEngine& o)
    : impl_(std::make_unique<Impl>(*o.impl_)) {}
ProximityEngine& ProximityEngine::operator=(const ProximityEngine& o) {
  if (this != &o) impl_ = std::make_unique<Impl>(*o.impl_);
  return *this;
}
ProximityEngine::~ProximityEngine() = default;

int ProximityEngine::AddGeometry(GeometryId id, const Shape& shape,
                                 const RigidTransform<double>& X_WG) {
  ShapeToCoal reifier;
  static_cast<ShapeParams&>(reifier.data) = GetShapeParams(shape);
  shape.Reify(&reifier);
  return impl_->Add(id, std::move(reifier.data), X_WG);
}

GeometryId ProximityEngine::RemoveGeometry(int index) {
  return impl_->Remove(index);
}

int ProximityEngine::num_geometries() const {
  return static_cast<int>(impl_->geometries_.size());
}

void ProximityEngine::SetPose(int index, const RigidTransform<double>& X_WG) {
  impl_->SetPose(index, X_WG);
}

void ProximityEngine::SetFiltered(int a, int b, bool filtered) {
  impl_->filter_[a][b] = impl_->filter_[b][a] = filtered ? 1 : 0;
}

bool ProximityEngine::IsFiltered(int a, int b) const {
  return impl_->filter_[a][b] != 0;
}

namespace {
template <typename Result>
void SortById(std::vector<Result>* results) {
  std::sort(results->begin(), results->end(),
            [](const Result& x, const Result& y) {
              return std::tie(x.id_A, x.id_B) < std::tie(y.id_A, y.id_B);
            });
}
}  // namespace

std::vector<PenetrationAsPointPair<double>>
ProximityEngine::ComputePointPairPenetration() const {
  std::vector<PenetrationAsPointPair<double>> out;
  impl_->ForEachCandidate([&](int a, int b) {
    if (auto r = impl_->Penetration(a, b)) out.push_back(*r);
    return false;
  });
  SortById(&out);
  return out;
}

std::vector<SignedDistancePair<double>>
ProximityEngine::ComputeSignedDistancePairwiseClosestPoints(
    double max_distance) const {
  impl_->UpdateBroadphase();
  const auto& g = impl_->geometries_;
  const int n = static_cast<int>(g.size());
  std::vector<SignedDistancePair<double>> out;
  if (!std::isfinite(max_distance)) out.reserve(n * (n - 1) / 2);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (impl_->filter_[i][j]) continue;
      // The AABB distance is a lower bound of the distance.
      if (std::isfinite(max_distance) &&
          g[i]->object->getAABB().distance(g[j]->object->getAABB()) >
              max_distance) {
        continue;
      }
      const bool swap = g[j]->id < g[i]->id;
      SignedDistancePair<double> r =
          swap ? impl_->Distance(j, i) : impl_->Distance(i, j);
      if (r.distance <= max_distance) out.push_back(r);
    }
  }
  SortById(&out);
  return out;
}

SignedDistancePair<double>
ProximityEngine::ComputeSignedDistancePairClosestPoints(int a, int b) const {
  return impl_->Distance(a, b);
}

std::vector<SignedDistanceToPoint<double>>
ProximityEngine::ComputeSignedDistanceToPoint(const V3& p_WQ,
                                              double threshold) const {
  std::vector<SignedDistanceToPoint<double>> out;
  for (const auto& gp : impl_->geometries_) {
    const Geometry& g = *gp;
    const M3 R = g.X_WG.rotation().matrix();
    const V3 p = R.transpose() * (p_WQ - g.X_WG.translation());  // p_GQ
    V3 N, grad_G;
    double d;
    if (auto cf = CalcClosedFormPointDistance<double>(g.shape, p)) {
      N = cf->p_GN;
      d = cf->distance;
      grad_G = cf->grad_G;
    } else {
      switch (g.shape.kind) {
        default: {
          // Ellipsoids and convex hulls: coal's distance to a point (a sphere
          // of radius 0), GJK outside and EPA inside.
          static const auto point_shape = std::make_shared<coal::Sphere>(0.0);
          coal::CollisionObject point(point_shape,
                                      coal::Transform3s(M3::Identity(), p_WQ));
          coal::DistanceRequest request(true);
          request.gjk_tolerance = kIterativeSolverTolerance;
          request.epa_tolerance = kIterativeSolverTolerance;
          coal::DistanceResult result;
          coal::distance(g.object.get(), &point, request, result);
          d = result.min_distance;
          N = R.transpose() *
              (V3(result.nearest_points[0]) - g.X_WG.translation());
          // coal's normal points from the geometry to the point: the gradient
          // of the distance with respect to Q.
          grad_G = R.transpose() * V3(result.normal);
          break;
        }
      }
    }
    if (d <= threshold) {
      out.emplace_back(g.id, N, d, R * grad_G);
    }
  }
  std::sort(out.begin(), out.end(),
            [](const auto& x, const auto& y) { return x.id_G < y.id_G; });
  return out;
}

std::vector<SortedPair> ProximityEngine::FindCollisionCandidates() const {
  std::vector<SortedPair> out;
  impl_->ForEachCandidate([&](int a, int b) {
    out.emplace_back(impl_->geometries_[a]->id, impl_->geometries_[b]->id);
    return false;
  });
  std::sort(out.begin(), out.end());
  return out;
}

bool ProximityEngine::HasCollisions() const {
  bool found = false;
  impl_->ForEachCandidate([&](int a, int b) {
    found = impl_->Penetration(a, b).has_value();
    return found;  // Returning true stops the broad phase.
  });
  return found;
}

}  // namespace ossa::geometry::internal
