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

#include "ossa/common/error.h"
#include "ossa/geometry/mesh_io.h"

namespace ossa::geometry::internal {
namespace {

using math::RigidTransform;
using V3 = Vector3<double>;
using M3 = Matrix3<double>;

enum class Kind {
  kSphere,
  kBox,
  kCylinder,
  kCapsule,
  kEllipsoid,
  kHalfSpace,
  kConvex
};

const char* KindName(Kind k) {
  switch (k) {
    case Kind::kSphere:
      return "Sphere";
    case Kind::kBox:
      return "Box";
    case Kind::kCylinder:
      return "Cylinder";
    case Kind::kCapsule:
      return "Capsule";
    case Kind::kEllipsoid:
      return "Ellipsoid";
    case Kind::kHalfSpace:
      return "HalfSpace";
    case Kind::kConvex:
      return "Convex";
  }
  return "?";
}

// What the engine keeps of a shape: its kind, its measures (radius, half
// sizes, half length) and coal's geometry, shared between copies (coal
// geometries are not changed after construction).
struct ShapeData {
  Kind kind{};
  double radius{};
  V3 half = V3::Zero();  // Box half sizes; (0, 0, half length) for
                         // cylinders and capsules.
  std::string description;
  std::shared_ptr<coal::CollisionGeometry> coal_geometry;
};

class ShapeToCoal final : public ShapeReifier {
 public:
  ShapeData data;
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Sphere& s, void*) final {
    data.kind = Kind::kSphere;
    data.radius = s.radius();
    data.coal_geometry = std::make_shared<coal::Sphere>(s.radius());
  }
  void ImplementGeometry(const Box& b, void*) final {
    data.kind = Kind::kBox;
    data.half = b.size() / 2;
    data.coal_geometry =
        std::make_shared<coal::Box>(b.width(), b.depth(), b.height());
  }
  void ImplementGeometry(const Cylinder& c, void*) final {
    data.kind = Kind::kCylinder;
    data.radius = c.radius();
    data.half = V3(0, 0, c.length() / 2);
    data.coal_geometry =
        std::make_shared<coal::Cylinder>(c.radius(), c.length());
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    data.kind = Kind::kCapsule;
    data.radius = c.radius();
    data.half = V3(0, 0, c.length() / 2);
    data.coal_geometry =
        std::make_shared<coal::Capsule>(c.radius(), c.length());
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    data.kind = Kind::kEllipsoid;
    data.half = V3(e.a(), e.b(), e.c());
    data.coal_geometry = std::make_shared<coal::Ellipsoid>(e.a(), e.b(), e.c());
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    data.kind = Kind::kHalfSpace;
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
    data.kind = Kind::kConvex;
    data.coal_geometry = std::make_shared<coal::Convex<coal::Triangle>>(
        points, static_cast<unsigned>(points->size()), tris,
        static_cast<unsigned>(tris->size()));
  }
};

coal::Transform3s ToCoal(const RigidTransform<double>& X) {
  return coal::Transform3s(X.rotation().matrix(), X.translation());
}

// ---------------------------------------------------------------- closed forms
// Each returns the signed distance pair for (A, B) with witnesses in world
// coordinates (converted to the geometry frames by the caller).
struct WorldPair {
  double distance{};
  V3 p_WCa, p_WCb, nhat_BA_W;
};

// Any unit vector (used where the direction is not unique, e.g. two
// coincident sphere centers).
const V3 kAnyDirection = V3::UnitX();

WorldPair PointRadiusPair(const V3& pA, double rA, const V3& pB, double rB) {
  // Two "fat points": spheres, or the closest points of the core segments
  // of capsules.
  const V3 v = pA - pB;
  const double n = v.norm();
  WorldPair r;
  r.nhat_BA_W = n > 0 ? V3(v / n) : kAnyDirection;
  r.distance = n - rA - rB;
  r.p_WCa = pA - rA * r.nhat_BA_W;
  r.p_WCb = pB + rB * r.nhat_BA_W;
  return r;
}

// The closest point of the segment [a, b] to q, as a parameter in [0, 1].
double ClosestOnSegment(const V3& a, const V3& b, const V3& q) {
  const V3 d = b - a;
  const double dd = d.squaredNorm();
  if (dd == 0) return 0;
  return std::clamp((q - a).dot(d) / dd, 0.0, 1.0);
}

// Closest points of two segments p(s) = p0 + s d1, q(t) = q0 + t d2. The
// unconstrained minimum of |p(s) − q(t)|² solves a 2×2 linear system; it is
// clamped to the square, and then each parameter is recomputed from the
// other (at most twice), which gives the exact constrained minimum for this
// convex quadratic. For parallel segments the minimizer is not unique; this
// picks s from the projection of q0, then t.
void ClosestSegmentSegment(const V3& p0, const V3& p1, const V3& q0,
                           const V3& q1, V3* p, V3* q) {
  const V3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  double s = 0, t = 0;
  if (a == 0 && e == 0) {
  } else if (a == 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = d1.dot(r);
    if (e == 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = d1.dot(d2);
      const double denom = a * e - b * b;
      // Relative test: parallel when sin² of the angle is below ε.
      s = denom > 1e-14 * a * e ? std::clamp((b * f - c * e) / denom, 0.0, 1.0)
                                : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  *p = p0 + s * d1;
  *q = q0 + t * d2;
}

struct Geometry {
  GeometryId id;
  ShapeData shape;
  RigidTransform<double> X_WG;
  std::unique_ptr<coal::CollisionObject> object;
};

void SegmentOf(const Geometry& g, V3* a, V3* b) {
  const V3 axis = g.X_WG.rotation().matrix().col(2) * g.shape.half.z();
  *a = g.X_WG.translation() - axis;
  *b = g.X_WG.translation() + axis;
}

// Sphere A (center c_W, radius r) against box B.
WorldPair SphereBox(const V3& c_W, double r, const Geometry& box) {
  const M3 R = box.X_WG.rotation().matrix();
  const V3 p = box.X_WG.translation();
  const V3 c = R.transpose() * (c_W - p);
  const V3& h = box.shape.half;
  V3 q, n;
  double d;
  const bool outside = (c.cwiseAbs() - h).maxCoeff() > 0;
  if (outside) {
    q = c.cwiseMax(-h).cwiseMin(h);
    const V3 diff = c - q;
    const double len = diff.norm();
    n = diff / len;
    d = len - r;
  } else {
    // Inside (or on the surface): the nearest face. Ties (center equally
    // near two faces) have several answers; the lowest axis wins.
    int k = 0;
    double best = h[0] - std::abs(c[0]);
    for (int i = 1; i < 3; ++i) {
      const double gap = h[i] - std::abs(c[i]);
      if (gap < best) {
        best = gap;
        k = i;
      }
    }
    const double s = c[k] >= 0 ? 1.0 : -1.0;
    q = c;
    q[k] = s * h[k];
    n = V3::Zero();
    n[k] = s;
    d = -best - r;
  }
  WorldPair w;
  w.distance = d;
  w.nhat_BA_W = R * n;
  w.p_WCa = c_W - r * w.nhat_BA_W;
  w.p_WCb = p + R * q;
  return w;
}

// The signed distance from a point p (in the cylinder frame G) to a
// cylinder of radius r and half length h along Gz: the nearest surface point
// N, the distance and its gradient, all in G. Inside, the nearer of the
// barrel and the caps wins (the barrel on a tie).
void PointCylinder(const V3& p, double r, double h, V3* N, double* d,
                   V3* grad) {
  const double rho = std::hypot(p.x(), p.y());
  const V3 radial =
      rho > 0 ? V3(p.x() / rho, p.y() / rho, 0) : V3(kAnyDirection);
  if (rho <= r && std::abs(p.z()) <= h) {
    const double s = p.z() >= 0 ? 1.0 : -1.0;
    if (r - rho <= h - std::abs(p.z())) {
      *d = rho - r;
      *grad = radial;
      *N = V3(r * radial.x(), r * radial.y(), p.z());
    } else {
      *d = std::abs(p.z()) - h;
      *grad = V3(0, 0, s);
      *N = V3(p.x(), p.y(), s * h);
    }
  } else {
    const double rc = std::min(rho, r);
    *N = V3(rc * radial.x(), rc * radial.y(), std::clamp(p.z(), -h, h));
    const V3 v = p - *N;
    *d = v.norm();
    *grad = v / *d;
  }
}

// Sphere A against half space B.
WorldPair SphereHalfSpace(const V3& c_W, double r, const Geometry& hs) {
  const V3 n = hs.X_WG.rotation().matrix().col(2);
  const double s = n.dot(c_W - hs.X_WG.translation());
  WorldPair w;
  w.distance = s - r;
  w.nhat_BA_W = n;
  w.p_WCa = c_W - r * n;
  w.p_WCb = c_W - s * n;
  return w;
}

// The closed-form signed distance of (A, B), if there is one.
std::optional<WorldPair> ClosedForm(const Geometry& A, const Geometry& B) {
  const Kind ka = A.shape.kind, kb = B.shape.kind;
  const V3 cA = A.X_WG.translation(), cB = B.X_WG.translation();
  const double rA = A.shape.radius, rB = B.shape.radius;
  if (ka == Kind::kSphere && kb == Kind::kSphere) {
    return PointRadiusPair(cA, rA, cB, rB);
  }
  if (ka == Kind::kSphere && kb == Kind::kBox) return SphereBox(cA, rA, B);
  if (ka == Kind::kSphere && kb == Kind::kHalfSpace) {
    return SphereHalfSpace(cA, rA, B);
  }
  if (ka == Kind::kSphere && kb == Kind::kCylinder) {
    const M3 R = B.X_WG.rotation().matrix();
    V3 N, grad;
    double d;
    PointCylinder(R.transpose() * (cA - cB), rB, B.shape.half.z(), &N, &d,
                  &grad);
    WorldPair w;
    w.distance = d - rA;
    w.nhat_BA_W = R * grad;
    w.p_WCa = cA - rA * w.nhat_BA_W;
    w.p_WCb = cB + R * N;
    return w;
  }
  if (ka == Kind::kSphere && kb == Kind::kCapsule) {
    V3 b0, b1;
    SegmentOf(B, &b0, &b1);
    const V3 q = b0 + ClosestOnSegment(b0, b1, cA) * (b1 - b0);
    return PointRadiusPair(cA, rA, q, rB);
  }
  if (ka == Kind::kCapsule && kb == Kind::kCapsule) {
    V3 a0, a1, b0, b1, p, q;
    SegmentOf(A, &a0, &a1);
    SegmentOf(B, &b0, &b1);
    ClosestSegmentSegment(a0, a1, b0, b1, &p, &q);
    WorldPair w = PointRadiusPair(p, rA, q, rB);
    if ((p - q).norm() == 0) {
      // Crossing core segments: the normal is perpendicular to both.
      const V3 x = (a1 - a0).cross(b1 - b0);
      if (x.norm() > 0) {
        w.nhat_BA_W = x.normalized();
        w.p_WCa = p - rA * w.nhat_BA_W;
        w.p_WCb = q + rB * w.nhat_BA_W;
      }
    }
    return w;
  }
  return std::nullopt;
}

std::optional<WorldPair> ClosedFormEitherOrder(const Geometry& A,
                                               const Geometry& B) {
  if (auto w = ClosedForm(A, B)) return w;
  if (auto w = ClosedForm(B, A)) {
    std::swap(w->p_WCa, w->p_WCb);
    w->nhat_BA_W = -w->nhat_BA_W;
    return w;
  }
  return std::nullopt;
}

// Box A against half space B: the box's vertex deepest below the plane.
std::optional<PenetrationAsPointPair<double>> BoxHalfSpacePenetration(
    const Geometry& box, const Geometry& hs) {
  const V3 n = hs.X_WG.rotation().matrix().col(2);
  const V3 o = hs.X_WG.translation();
  const M3 R = box.X_WG.rotation().matrix();
  // The vertex minimizing n·v: each coordinate's sign opposes n in the box
  // frame (ties: the + side).
  const V3 n_B = R.transpose() * n;
  V3 v_B;
  for (int i = 0; i < 3; ++i) {
    v_B[i] = n_B[i] > 0 ? -box.shape.half[i] : box.shape.half[i];
  }
  const V3 v_W = box.X_WG.translation() + R * v_B;
  const double s = n.dot(v_W - o);
  if (s > 0) return std::nullopt;
  PenetrationAsPointPair<double> r;
  r.id_A = box.id;
  r.id_B = hs.id;
  r.depth = -s;
  r.nhat_BA_W = n;
  r.p_WCa = v_W;
  r.p_WCb = v_W - s * n;
  return r;
}

bool DistanceSupported(Kind a, Kind b) {
  // As in the reference: a half space takes part in signed distance queries
  // only with a sphere.
  if (a == Kind::kHalfSpace) return b == Kind::kSphere;
  if (b == Kind::kHalfSpace) return a == Kind::kSphere;
  return true;
}

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

  void UpdateBroadphase() const {
    if (!broadphase_dirty_) return;
    for (auto& g : geometries_) g->object->computeAABB();
    if (!setup_) {
      manager_.setup();
      setup_ = true;
    } else {
      manager_.update();
    }
    broadphase_dirty_ = false;
  }

  static int IndexOf(const coal::CollisionObject* o) {
    return static_cast<int>(reinterpret_cast<intptr_t>(o->getUserData()));
  }

  // Calls f(a, b) for every unfiltered pair whose AABBs overlap, a and b
  // ordered by id.
  template <typename F>
  void ForEachCandidate(F&& f) const {
    UpdateBroadphase();
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
      if (w->distance > 0) return std::nullopt;
      PenetrationAsPointPair<double> r;
      r.id_A = A.id;
      r.id_B = B.id;
      r.p_WCa = w->p_WCa;
      r.p_WCb = w->p_WCb;
      r.nhat_BA_W = w->nhat_BA_W;
      r.depth = -w->distance;
      return r;
    }
    if (ka == Kind::kBox && kb == Kind::kHalfSpace) {
      return BoxHalfSpacePenetration(A, B);
    }
    if (ka == Kind::kHalfSpace && kb == Kind::kBox) {
      auto r = BoxHalfSpacePenetration(B, A);
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
          KindName(A.shape.kind), KindName(B.shape.kind));
    }
    WorldPair w;
    if (auto cf = ClosedFormEitherOrder(A, B)) {
      w = *cf;
    } else {
      coal::DistanceRequest request(true);
      request.gjk_tolerance = kIterativeSolverTolerance;
      request.epa_tolerance = kIterativeSolverTolerance;
      coal::DistanceResult result;
      coal::distance(A.object.get(), B.object.get(), request, result);
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
  mutable bool setup_{false};
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
    switch (g.shape.kind) {
      case Kind::kSphere: {
        const double len = p.norm();
        grad_G = len > 0 ? V3(p / len) : kAnyDirection;
        N = g.shape.radius * grad_G;
        d = len - g.shape.radius;
        break;
      }
      case Kind::kHalfSpace: {
        d = p.z();
        grad_G = V3::UnitZ();
        N = V3(p.x(), p.y(), 0);
        break;
      }
      case Kind::kBox: {
        const WorldPair w = SphereBox(p_WQ, 0.0, g);
        d = w.distance;
        N = R.transpose() * (w.p_WCb - g.X_WG.translation());
        grad_G = R.transpose() * w.nhat_BA_W;
        break;
      }
      case Kind::kCapsule: {
        const double h = g.shape.half.z();
        const V3 q(0, 0, std::clamp(p.z(), -h, h));
        const V3 v = p - q;
        const double len = v.norm();
        grad_G = len > 0 ? V3(v / len) : kAnyDirection;
        N = q + g.shape.radius * grad_G;
        d = len - g.shape.radius;
        break;
      }
      case Kind::kCylinder: {
        PointCylinder(p, g.shape.radius, g.shape.half.z(), &N, &d, &grad_G);
        break;
      }
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
