#include "ossa/geometry/closed_form_proximity.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ossa/common/autodiff.h"

namespace ossa::geometry::internal {

const char* ShapeKindName(ShapeKind k) {
  switch (k) {
    case ShapeKind::kSphere:
      return "Sphere";
    case ShapeKind::kBox:
      return "Box";
    case ShapeKind::kCylinder:
      return "Cylinder";
    case ShapeKind::kCapsule:
      return "Capsule";
    case ShapeKind::kEllipsoid:
      return "Ellipsoid";
    case ShapeKind::kHalfSpace:
      return "HalfSpace";
    case ShapeKind::kConvex:
      return "Convex";
  }
  return "?";
}

namespace {

using std::abs;
using std::sqrt;

class ParamsReifier final : public ShapeReifier {
 public:
  ShapeParams p;
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Sphere& s, void*) final {
    p.kind = ShapeKind::kSphere;
    p.radius = s.radius();
  }
  void ImplementGeometry(const Box& b, void*) final {
    p.kind = ShapeKind::kBox;
    p.half = b.size() / 2;
  }
  void ImplementGeometry(const Cylinder& c, void*) final {
    p.kind = ShapeKind::kCylinder;
    p.radius = c.radius();
    p.half = Vector3<double>(0, 0, c.length() / 2);
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    p.kind = ShapeKind::kCapsule;
    p.radius = c.radius();
    p.half = Vector3<double>(0, 0, c.length() / 2);
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    p.kind = ShapeKind::kEllipsoid;
    p.half = Vector3<double>(e.a(), e.b(), e.c());
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    p.kind = ShapeKind::kHalfSpace;
  }
  void ImplementGeometry(const Mesh&, void*) final {
    p.kind = ShapeKind::kConvex;
  }
  void ImplementGeometry(const Convex&, void*) final {
    p.kind = ShapeKind::kConvex;
  }
};

template <typename T>
using V3 = Vector3<T>;

// Any unit vector, where the direction is not unique (two coincident sphere
// centers, a point on a cylinder's axis).
template <typename T>
V3<T> AnyDirection() {
  return V3<T>::UnitX();
}

template <typename T>
T Clamp(const T& x, double lo, double hi) {
  if (x < lo) return T(lo);
  if (x > hi) return T(hi);
  return x;
}

// Two "fat points": sphere centers, or the closest points of capsules' core
// segments.
template <typename T>
WorldPair<T> PointRadiusPair(const V3<T>& pA, double rA, const V3<T>& pB,
                             double rB) {
  const V3<T> v = pA - pB;
  const T n = v.norm();
  WorldPair<T> r;
  r.nhat_BA_W = n > 0 ? V3<T>(v / n) : AnyDirection<T>();
  r.distance = n - rA - rB;
  r.p_WCa = pA - rA * r.nhat_BA_W;
  r.p_WCb = pB + rB * r.nhat_BA_W;
  return r;
}

// The parameter in [0, 1] of the point of segment [a, b] nearest q.
template <typename T>
T ClosestOnSegment(const V3<T>& a, const V3<T>& b, const V3<T>& q) {
  const V3<T> d = b - a;
  const T dd = d.squaredNorm();
  if (dd == 0) return T(0);
  return Clamp<T>((q - a).dot(d) / dd, 0.0, 1.0);
}

// Closest points of two segments p(s) = p0 + s d1, q(t) = q0 + t d2. The
// unconstrained minimum of |p(s) − q(t)|² solves a 2×2 linear system; it is
// clamped to the square, and each parameter is then recomputed from the
// other, which gives the exact constrained minimum of this convex quadratic.
// For parallel segments (not unique) s comes from the projection of q0.
template <typename T>
void ClosestSegmentSegment(const V3<T>& p0, const V3<T>& p1, const V3<T>& q0,
                           const V3<T>& q1, V3<T>* p, V3<T>* q) {
  const V3<T> d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const T a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  T s(0), t(0);
  if (a == 0 && e == 0) {
  } else if (a == 0) {
    t = Clamp<T>(f / e, 0.0, 1.0);
  } else {
    const T c = d1.dot(r);
    if (e == 0) {
      s = Clamp<T>(-c / a, 0.0, 1.0);
    } else {
      const T b = d1.dot(d2);
      const T denom = a * e - b * b;
      // Parallel when sin² of the angle is below ε.
      s = denom > 1e-14 * a * e ? Clamp<T>((b * f - c * e) / denom, 0.0, 1.0)
                                : T(0);
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = Clamp<T>(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = Clamp<T>((b - c) / a, 0.0, 1.0);
      }
    }
  }
  *p = p0 + s * d1;
  *q = q0 + t * d2;
}

template <typename T>
void SegmentOf(const ShapeParams& g, const math::RigidTransform<T>& X_WG,
               V3<T>* a, V3<T>* b) {
  const V3<T> axis = X_WG.rotation().matrix().col(2) * g.half.z();
  *a = X_WG.translation() - axis;
  *b = X_WG.translation() + axis;
}

// The signed distance from p (box frame) to a box of half sizes h.
template <typename T>
PointDistance<T> PointBox(const V3<T>& c, const Vector3<double>& h) {
  PointDistance<T> out;
  bool outside = false;
  for (int i = 0; i < 3; ++i) outside = outside || abs(c[i]) > h[i];
  if (outside) {
    V3<T> q;
    for (int i = 0; i < 3; ++i) q[i] = Clamp<T>(c[i], -h[i], h[i]);
    const V3<T> diff = c - q;
    const T len = diff.norm();
    out.grad_G = diff / len;
    out.distance = len;
    out.p_GN = q;
  } else {
    // Inside (or on the surface): the nearest face. Ties (equally near two
    // faces) have several answers; the lowest axis wins.
    int k = 0;
    T best = h[0] - abs(c[0]);
    for (int i = 1; i < 3; ++i) {
      const T gap = h[i] - abs(c[i]);
      if (gap < best) {
        best = gap;
        k = i;
      }
    }
    const double s = c[k] >= 0 ? 1.0 : -1.0;
    out.p_GN = c;
    out.p_GN[k] = s * h[k];
    out.grad_G = V3<T>::Zero();
    out.grad_G[k] = s;
    out.distance = -best;
  }
  return out;
}

// The signed distance from p (cylinder frame) to a cylinder of radius r and
// half length h along z. Inside, the nearer of the barrel and the caps wins
// (the barrel on a tie).
template <typename T>
PointDistance<T> PointCylinder(const V3<T>& p, double r, double h) {
  PointDistance<T> out;
  const T rho = sqrt(p.x() * p.x() + p.y() * p.y());
  const V3<T> radial =
      rho > 0 ? V3<T>(p.x() / rho, p.y() / rho, T(0)) : AnyDirection<T>();
  if (rho <= r && abs(p.z()) <= h) {
    const double s = p.z() >= 0 ? 1.0 : -1.0;
    if (r - rho <= h - abs(p.z())) {
      out.distance = rho - r;
      out.grad_G = radial;
      out.p_GN = V3<T>(r * radial.x(), r * radial.y(), p.z());
    } else {
      out.distance = abs(p.z()) - h;
      out.grad_G = V3<T>(T(0), T(0), T(s));
      out.p_GN = V3<T>(p.x(), p.y(), T(s * h));
    }
  } else {
    const T rc = rho < r ? rho : T(r);
    out.p_GN = V3<T>(rc * radial.x(), rc * radial.y(), Clamp<T>(p.z(), -h, h));
    const V3<T> v = p - out.p_GN;
    out.distance = v.norm();
    out.grad_G = v / out.distance;
  }
  return out;
}

// Sphere A (center c_W, radius r) against a shape B whose point distance
// has a closed form: the distance from the center, less r.
template <typename T>
WorldPair<T> SphereAgainst(const V3<T>& c_W, double r,
                           const PointDistance<T>& d_B,
                           const math::RigidTransform<T>& X_WB) {
  WorldPair<T> w;
  w.distance = d_B.distance - r;
  w.nhat_BA_W = X_WB.rotation().matrix() * d_B.grad_G;
  w.p_WCa = c_W - r * w.nhat_BA_W;
  w.p_WCb = X_WB * d_B.p_GN;
  return w;
}

// Capsule A against box B, exactly. In B's frame the capsule's core is the
// segment p(t) = c + t u, |t| <= L. If it misses the box, the squared
// distance from p(t) to the box is a convex piecewise quadratic in t whose
// pieces change where a coordinate crosses ±h; its minimum is found piece by
// piece. If it meets the box, the separating axis test over the box's face
// normals and u × (box axes), the normals of the segment–box Minkowski
// difference, gives the exact penetration of the segment; the capsule's
// radius adds to it.
template <typename T>
WorldPair<T> CapsuleBox(const ShapeParams& cap,
                        const math::RigidTransform<T>& X_WA,
                        const ShapeParams& box,
                        const math::RigidTransform<T>& X_WB) {
  const Matrix3<T>& R_WB = X_WB.rotation().matrix();
  const V3<T> c = R_WB.transpose() * (X_WA.translation() - X_WB.translation());
  const V3<T> u = R_WB.transpose() * X_WA.rotation().matrix().col(2);
  const double L = cap.half.z(), r = cap.radius;
  const Vector3<double>& h = box.half;
  // Breakpoints of the pieces.
  std::vector<T> ts{T(-L), T(L)};
  for (int i = 0; i < 3; ++i) {
    if (u[i] == 0) continue;
    for (double sgn : {-1.0, 1.0}) {
      const T t = (sgn * h[i] - c[i]) / u[i];
      if (t > -L && t < L) ts.push_back(t);
    }
  }
  std::sort(ts.begin(), ts.end());
  T best_f = std::numeric_limits<double>::infinity();
  T best_t(0);
  for (size_t k = 0; k + 1 < ts.size(); ++k) {
    const T mid = (ts[k] + ts[k + 1]) / 2;
    // The active terms on this piece: (c_i + t u_i − s_i h_i)².
    T num(0), den(0);
    bool any = false;
    Vector3<double> side = Vector3<double>::Zero();
    for (int i = 0; i < 3; ++i) {
      const T pi = c[i] + mid * u[i];
      if (pi > h[i]) side[i] = 1;
      if (pi < -h[i]) side[i] = -1;
      if (side[i] != 0) {
        any = true;
        num += u[i] * (c[i] - side[i] * h[i]);
        den += u[i] * u[i];
      }
    }
    T t = mid;
    if (any && den > 0) {
      t = -num / den;
      if (t < ts[k]) t = ts[k];
      if (t > ts[k + 1]) t = ts[k + 1];
    }
    T f(0);
    for (int i = 0; i < 3; ++i) {
      if (side[i] != 0) {
        const T e = c[i] + t * u[i] - side[i] * h[i];
        f += e * e;
      }
    }
    if (!any) f = T(0);
    if (f < best_f) {
      best_f = f;
      best_t = t;
    }
  }
  WorldPair<T> w;
  if (best_f > 0) {
    const V3<T> q_seg = c + best_t * u;
    V3<T> q_box;
    for (int i = 0; i < 3; ++i) q_box[i] = Clamp<T>(q_seg[i], -h[i], h[i]);
    const V3<T> diff = q_seg - q_box;
    const T dist = diff.norm();
    const V3<T> n_B = diff / dist;
    w.distance = dist - r;
    w.nhat_BA_W = R_WB * n_B;
    w.p_WCa = X_WB * q_seg - r * w.nhat_BA_W;
    w.p_WCb = X_WB * q_box;
    return w;
  }
  // The core meets the box: least overlap over the candidate axes.
  T best = std::numeric_limits<double>::infinity();
  V3<T> n = V3<T>::UnitX();
  int best_kind = -1;
  for (int kind = 0; kind < 6; ++kind) {
    V3<T> axis = kind < 3 ? V3<T>(V3<T>::Unit(kind))
                          : V3<T>(u.cross(V3<T>::Unit(kind - 3)));
    const T len = axis.norm();
    if (kind >= 3 && !(len > 1e-9)) continue;
    axis /= len;
    T rb(0);
    for (int i = 0; i < 3; ++i) rb += h[i] * abs(axis[i]);
    const T dist = c.dot(axis);
    const T overlap = rb + L * abs(u.dot(axis)) - abs(dist);
    const T score = kind >= 3 ? overlap * (1 + 1e-9) + 1e-12 : overlap;
    if (score < best) {
      best = score;
      n = dist >= 0 ? axis : V3<T>(-axis);
      best_kind = kind;
    }
  }
  T rb(0);
  for (int i = 0; i < 3; ++i) rb += h[i] * abs(n[i]);
  const T overlap = rb + L * abs(u.dot(n)) - c.dot(n);
  V3<T> q_seg, q_box;
  if (best_kind < 3) {
    // A face of the box: the core's end deepest into the box.
    q_seg = u.dot(n) > 0 ? V3<T>(c - L * u) : V3<T>(c + L * u);
    q_box = q_seg + overlap * n;
  } else {
    // The core against the box edge along axis j that supports n.
    const int j = best_kind - 3;
    V3<T> v = V3<T>::Zero();
    for (int i = 0; i < 3; ++i) {
      if (i != j) v[i] = n[i] >= 0 ? h[i] : -h[i];
    }
    V3<T> e = V3<T>::Zero();
    e[j] = h[j];
    ClosestSegmentSegment<T>(c - L * u, c + L * u, v - e, v + e, &q_seg,
                             &q_box);
  }
  w.distance = -(overlap + r);
  w.nhat_BA_W = R_WB * n;
  w.p_WCa = X_WB * q_seg - r * w.nhat_BA_W;
  w.p_WCb = X_WB * q_box;
  return w;
}

template <typename T>
std::optional<WorldPair<T>> OneOrder(const ShapeParams& a,
                                     const math::RigidTransform<T>& X_WA,
                                     const ShapeParams& b,
                                     const math::RigidTransform<T>& X_WB) {
  const V3<T> cA = X_WA.translation();
  if (a.kind == ShapeKind::kSphere && b.kind == ShapeKind::kSphere) {
    return PointRadiusPair<T>(cA, a.radius, X_WB.translation(), b.radius);
  }
  if (a.kind == ShapeKind::kSphere && b.kind == ShapeKind::kCapsule) {
    V3<T> b0, b1;
    SegmentOf(b, X_WB, &b0, &b1);
    const V3<T> q = b0 + ClosestOnSegment<T>(b0, b1, cA) * (b1 - b0);
    return PointRadiusPair<T>(cA, a.radius, q, b.radius);
  }
  if (a.kind == ShapeKind::kSphere &&
      (b.kind == ShapeKind::kBox || b.kind == ShapeKind::kCylinder ||
       b.kind == ShapeKind::kHalfSpace)) {
    const V3<T> p_BA =
        X_WB.rotation().matrix().transpose() * (cA - X_WB.translation());
    const auto d = CalcClosedFormPointDistance<T>(b, p_BA);
    return SphereAgainst<T>(cA, a.radius, *d, X_WB);
  }
  if (a.kind == ShapeKind::kCapsule && b.kind == ShapeKind::kBox) {
    return CapsuleBox<T>(a, X_WA, b, X_WB);
  }
  if (a.kind == ShapeKind::kCapsule && b.kind == ShapeKind::kCapsule) {
    V3<T> a0, a1, b0, b1, p, q;
    SegmentOf(a, X_WA, &a0, &a1);
    SegmentOf(b, X_WB, &b0, &b1);
    ClosestSegmentSegment<T>(a0, a1, b0, b1, &p, &q);
    WorldPair<T> w = PointRadiusPair<T>(p, a.radius, q, b.radius);
    if ((p - q).norm() == 0) {
      // Crossing core segments: the normal is perpendicular to both.
      const V3<T> x = (a1 - a0).cross(b1 - b0);
      if (x.norm() > 0) {
        w.nhat_BA_W = x / x.norm();
        w.p_WCa = p - a.radius * w.nhat_BA_W;
        w.p_WCb = q + b.radius * w.nhat_BA_W;
      }
    }
    return w;
  }
  return std::nullopt;
}

}  // namespace

ShapeParams GetShapeParams(const Shape& shape) {
  ParamsReifier r;
  shape.Reify(&r);
  return r.p;
}

template <typename T>
std::optional<PointDistance<T>> CalcClosedFormPointDistance(
    const ShapeParams& g, const Vector3<T>& p) {
  switch (g.kind) {
    case ShapeKind::kSphere: {
      PointDistance<T> out;
      const T len = p.norm();
      out.grad_G = len > 0 ? V3<T>(p / len) : AnyDirection<T>();
      out.p_GN = g.radius * out.grad_G;
      out.distance = len - g.radius;
      return out;
    }
    case ShapeKind::kHalfSpace: {
      PointDistance<T> out;
      out.distance = p.z();
      out.grad_G = V3<T>::UnitZ();
      out.p_GN = V3<T>(p.x(), p.y(), T(0));
      return out;
    }
    case ShapeKind::kBox:
      return PointBox<T>(p, g.half);
    case ShapeKind::kCapsule: {
      PointDistance<T> out;
      const double h = g.half.z();
      const V3<T> q(T(0), T(0), Clamp<T>(p.z(), -h, h));
      const V3<T> v = p - q;
      const T len = v.norm();
      out.grad_G = len > 0 ? V3<T>(v / len) : AnyDirection<T>();
      out.p_GN = q + g.radius * out.grad_G;
      out.distance = len - g.radius;
      return out;
    }
    case ShapeKind::kCylinder:
      return PointCylinder<T>(p, g.radius, g.half.z());
    default:
      return std::nullopt;
  }
}

template <typename T>
std::optional<WorldPair<T>> CalcClosedFormPair(
    const ShapeParams& a, const math::RigidTransform<T>& X_WA,
    const ShapeParams& b, const math::RigidTransform<T>& X_WB) {
  if (auto w = OneOrder<T>(a, X_WA, b, X_WB)) return w;
  if (auto w = OneOrder<T>(b, X_WB, a, X_WA)) {
    std::swap(w->p_WCa, w->p_WCb);
    w->nhat_BA_W = -w->nhat_BA_W;
    return w;
  }
  return std::nullopt;
}

template <typename T>
std::optional<WorldPair<T>> CalcBoxHalfSpacePenetration(
    const ShapeParams& box, const math::RigidTransform<T>& X_WA,
    const math::RigidTransform<T>& X_WB) {
  const V3<T> n = X_WB.rotation().matrix().col(2);
  const auto& R = X_WA.rotation().matrix();
  // The vertex minimizing n·v: each coordinate's sign opposes n in the box
  // frame (ties: the + side).
  const V3<T> n_A = R.transpose() * n;
  V3<T> v_A;
  for (int i = 0; i < 3; ++i) {
    v_A[i] = n_A[i] > 0 ? -box.half[i] : box.half[i];
  }
  const V3<T> v_W = X_WA.translation() + R * v_A;
  const T s = n.dot(v_W - X_WB.translation());
  if (s > 0) return std::nullopt;
  WorldPair<T> w;
  w.distance = s;
  w.nhat_BA_W = n;
  w.p_WCa = v_W;
  w.p_WCb = v_W - s * n;
  return w;
}

namespace {
// The vertex of box (center c, axes R, half sizes h) farthest along d.
template <typename T>
V3<T> Support(const V3<T>& c, const Matrix3<T>& R, const Vector3<double>& h,
              const V3<T>& d) {
  V3<T> v = c;
  for (int i = 0; i < 3; ++i) {
    v += (R.col(i).dot(d) >= 0 ? h[i] : -h[i]) * R.col(i);
  }
  return v;
}
}  // namespace

template <typename T>
std::optional<WorldPair<T>> CalcBoxBoxPenetration(
    const ShapeParams& a, const math::RigidTransform<T>& X_WA,
    const ShapeParams& b, const math::RigidTransform<T>& X_WB) {
  const Matrix3<T>& RA = X_WA.rotation().matrix();
  const Matrix3<T>& RB = X_WB.rotation().matrix();
  const V3<T> ca = X_WA.translation(), cb = X_WB.translation();
  const V3<T> d = ca - cb;
  // Least overlap so far: its unit axis (oriented from B toward A), and
  // which kind of axis: 0–2 faces of A, 3–5 faces of B, 6–14 edge pairs.
  T best = std::numeric_limits<double>::infinity();
  V3<T> best_axis = V3<T>::UnitX();
  int best_kind = -1;
  auto test = [&](V3<T> L, int kind) -> bool {
    const T len = L.norm();
    // Edge pairs of (nearly) parallel edges give no new axis.
    if (kind >= 6 && !(len > 1e-9)) return true;
    L /= len;
    T ra(0), rb(0);
    for (int i = 0; i < 3; ++i) {
      ra += a.half[i] * abs(RA.col(i).dot(L));
      rb += b.half[i] * abs(RB.col(i).dot(L));
    }
    const T dist = d.dot(L);
    const T overlap = ra + rb - abs(dist);
    if (overlap < 0) return false;  // A separating axis.
    // Edge axes must beat the face axes by a relative margin, so that face
    // contact (the usual resting case) reports a face normal.
    const T score = kind >= 6 ? overlap * (1 + 1e-9) + 1e-12 : overlap;
    if (score < best) {
      best = score;
      best_axis = dist >= 0 ? L : V3<T>(-L);
      best_kind = kind;
    }
    return true;
  };
  for (int i = 0; i < 3; ++i) {
    if (!test(RA.col(i), i)) return std::nullopt;
  }
  for (int i = 0; i < 3; ++i) {
    if (!test(RB.col(i), 3 + i)) return std::nullopt;
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (!test(RA.col(i).cross(RB.col(j)), 6 + 3 * i + j)) {
        return std::nullopt;
      }
    }
  }
  const V3<T>& n = best_axis;  // Out of B toward A.
  // Recompute the depth on the chosen axis without the edge bias.
  T ra(0), rb(0);
  for (int i = 0; i < 3; ++i) {
    ra += a.half[i] * abs(RA.col(i).dot(n));
    rb += b.half[i] * abs(RB.col(i).dot(n));
  }
  const T depth = ra + rb - d.dot(n);
  WorldPair<T> w;
  w.distance = -depth;
  w.nhat_BA_W = n;
  if (best_kind >= 3 && best_kind < 6) {
    // A face of B: A's vertex deepest into B, and its projection.
    w.p_WCa = Support<T>(ca, RA, a.half, V3<T>(-n));
    w.p_WCb = w.p_WCa + depth * n;
  } else if (best_kind < 3) {
    // A face of A: B's vertex deepest into A.
    w.p_WCb = Support<T>(cb, RB, b.half, n);
    w.p_WCa = w.p_WCb - depth * n;
  } else {
    // Edge against edge: the edges through the supporting vertices, along
    // the two boxes' axes that made the axis; their closest points.
    const int i = (best_kind - 6) / 3, j = (best_kind - 6) % 3;
    V3<T> pa = Support<T>(ca, RA, a.half, V3<T>(-n));
    V3<T> pb = Support<T>(cb, RB, b.half, n);
    // Move each supporting vertex to the middle of its edge, then take the
    // closest points of the two (full-length) edges.
    pa -= RA.col(i) * RA.col(i).dot(pa - ca);
    pb -= RB.col(j) * RB.col(j).dot(pb - cb);
    V3<T> qa, qb;
    ClosestSegmentSegment<T>(
        pa - a.half[i] * RA.col(i), pa + a.half[i] * RA.col(i),
        pb - b.half[j] * RB.col(j), pb + b.half[j] * RB.col(j), &qa, &qb);
    w.p_WCa = qa;
    w.p_WCb = qb;
  }
  return w;
}

#define OSSA_INSTANTIATE(T)                                                   \
  template std::optional<WorldPair<T>> CalcClosedFormPair(                    \
      const ShapeParams&, const math::RigidTransform<T>&, const ShapeParams&, \
      const math::RigidTransform<T>&);                                        \
  template std::optional<WorldPair<T>> CalcBoxHalfSpacePenetration(           \
      const ShapeParams&, const math::RigidTransform<T>&,                     \
      const math::RigidTransform<T>&);                                        \
  template std::optional<PointDistance<T>> CalcClosedFormPointDistance(       \
      const ShapeParams&, const Vector3<T>&);                                 \
  template std::optional<WorldPair<T>> CalcBoxBoxPenetration(                 \
      const ShapeParams&, const math::RigidTransform<T>&, const ShapeParams&, \
      const math::RigidTransform<T>&);
OSSA_INSTANTIATE(double)
OSSA_INSTANTIATE(AutoDiffXd)
#undef OSSA_INSTANTIATE

}  // namespace ossa::geometry::internal
