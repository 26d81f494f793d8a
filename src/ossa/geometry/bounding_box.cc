#include "ossa/geometry/bounding_box.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <vector>

#include "ossa/common/error.h"
#include "ossa/geometry/mesh_io.h"
#include "ossa/geometry/shape_specification.h"

namespace ossa::geometry {
namespace {

using math::RigidTransform;
using math::RotationMatrix;

void CheckHalfWidth(const Vector3<double>& h, const char* who) {
  if (!(h.allFinite() && h.minCoeff() >= 0)) {
    ThrowRuntimeError(
        "{}(): every half width must be finite and >= 0, given [{}, {}, {}].",
        who, h.x(), h.y(), h.z());
  }
}

// Separating-axis test of box A (half widths a, at the origin of its own
// frame) and box B (half widths b) posed in A by R_AB, p_AB: the boxes are
// disjoint iff their projections on one of the 15 axes (A's 3 face normals,
// B's 3, and the 9 cross products of edges) are disjoint. The absolute
// rotation entries get a small epsilon so that near-parallel edges, whose
// cross product is nearly zero, do not report a false separation.
bool BoxesOverlap(const Vector3<double>& a, const Vector3<double>& b,
                  const Matrix3<double>& R, const Vector3<double>& t) {
  const Matrix3<double> absR = R.cwiseAbs() + Matrix3<double>::Constant(1e-14);
  for (int i = 0; i < 3; ++i) {
    if (std::abs(t[i]) > a[i] + absR.row(i).dot(b)) return false;
  }
  for (int j = 0; j < 3; ++j) {
    if (std::abs(t.dot(R.col(j))) > absR.col(j).dot(a) + b[j]) return false;
  }
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      // Axis A_i × B_j, expressed in A.
      const double ra = a[i1] * absR(i2, j) + a[i2] * absR(i1, j);
      const double rb = b[j1] * absR(i, j2) + b[j2] * absR(i, j1);
      const double d = std::abs(t[i2] * R(i1, j) - t[i1] * R(i2, j));
      if (d > ra + rb) return false;
    }
  }
  return true;
}

// Box B (half widths h, posed in G by X_GB) against box C posed in G by
// X_GC: expressed in B.
bool PosedBoxesOverlap(const Vector3<double>& hb,
                       const RigidTransform<double>& X_GB,
                       const Vector3<double>& hc,
                       const RigidTransform<double>& X_GC) {
  const RigidTransform<double> X_BC = X_GB.inverse() * X_GC;
  return BoxesOverlap(hb, hc, X_BC.rotation().matrix(), X_BC.translation());
}

// Half of the box's extent along unit direction n: Σ h_i |n · R_col_i|.
double ProjectedRadius(const Vector3<double>& h, const Matrix3<double>& R,
                       const Vector3<double>& n) {
  return (R.transpose() * n).cwiseAbs().dot(h);
}

bool BoxBelowHalfSpace(const Vector3<double>& h,
                       const RigidTransform<double>& X_CB) {
  const Vector3<double> z = Vector3<double>::UnitZ();
  return X_CB.translation().z() -
             ProjectedRadius(h, X_CB.rotation().matrix(), z) <=
         0;
}

template <class Mesh>
std::vector<Vector3<double>> SelectVertices(const Mesh& mesh,
                                            const std::set<int>& vertices,
                                            const char* who) {
  if (vertices.empty()) {
    ThrowRuntimeError("{}(): no vertices are given.", who);
  }
  std::vector<Vector3<double>> points;
  points.reserve(vertices.size());
  for (int v : vertices) {
    if (v < 0 || v >= mesh.num_vertices()) {
      ThrowRuntimeError("{}(): vertex {} is not in the mesh ({} vertices).",
                        who, v, mesh.num_vertices());
    }
    points.push_back(mesh.vertex(v));
  }
  return points;
}

Aabb AabbOf(const std::vector<Vector3<double>>& points) {
  Vector3<double> lower = points[0], upper = points[0];
  for (const auto& p : points) {
    lower = lower.cwiseMin(p);
    upper = upper.cwiseMax(p);
  }
  return Aabb((lower + upper) / 2, (upper - lower) / 2);
}

// The box with edges along R's columns around the points.
Obb ObbAlong(const Matrix3<double>& R, const std::vector<Vector3<double>>& p) {
  Vector3<double> lower = R.transpose() * p[0], upper = lower;
  for (const auto& q : p) {
    const Vector3<double> q_B = R.transpose() * q;
    lower = lower.cwiseMin(q_B);
    upper = upper.cwiseMax(q_B);
  }
  return Obb(RigidTransform<double>(RotationMatrix<double>(R),
                                    R * (lower + upper) / 2),
             (upper - lower) / 2);
}

Obb FitObb(const std::vector<Vector3<double>>& points) {
  Vector3<double> mean = Vector3<double>::Zero();
  for (const auto& p : points) mean += p;
  mean /= static_cast<double>(points.size());
  Matrix3<double> C = Matrix3<double>::Zero();
  for (const auto& p : points) C += (p - mean) * (p - mean).transpose();
  Eigen::SelfAdjointEigenSolver<Matrix3<double>> eig(C);
  Matrix3<double> R = eig.eigenvectors();
  if (R.determinant() < 0) R.col(2) = -R.col(2);
  const Obb principal = ObbAlong(R, points);
  const Obb aligned = ObbAlong(Matrix3<double>::Identity(), points);
  return principal.CalcVolume() < aligned.CalcVolume() ? principal : aligned;
}

class ObbReifier final : public ShapeReifier {
 public:
  std::optional<Obb> obb;
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Sphere& s, void*) final {
    Centered(Vector3<double>::Constant(s.radius()));
  }
  void ImplementGeometry(const Box& b, void*) final { Centered(b.size() / 2); }
  void ImplementGeometry(const Cylinder& c, void*) final {
    Centered(Vector3<double>(c.radius(), c.radius(), c.length() / 2));
  }
  void ImplementGeometry(const Capsule& c, void*) final {
    Centered(
        Vector3<double>(c.radius(), c.radius(), c.length() / 2 + c.radius()));
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    Centered(Vector3<double>(e.a(), e.b(), e.c()));
  }
  void ImplementGeometry(const HalfSpace&, void*) final { obb.reset(); }
  void ImplementGeometry(const Mesh& m, void*) final {
    obb = FitObb(
        internal::ReadTriangleSurface(m.filename(), m.scale3()).vertices);
  }
  void ImplementGeometry(const Convex& c, void*) final {
    obb = FitObb(
        internal::ReadTriangleSurface(c.filename(), c.scale3()).vertices);
  }

 private:
  void Centered(const Vector3<double>& h) {
    obb.emplace(RigidTransform<double>(), h);
  }
};

}  // namespace

Plane::Plane(const Vector3<double>& normal,
             const Vector3<double>& point_on_plane, bool already_normalized)
    : p_FR_(point_on_plane) {
  const double norm = normal.norm();
  if (!(norm >= 1e-10)) {
    ThrowRuntimeError(
        "Plane(): cannot make a plane from normal [{}, {}, {}]; its magnitude "
        "{} is below 1e-10.",
        normal.x(), normal.y(), normal.z(), norm);
  }
  if (already_normalized && !(std::abs(norm - 1) <= 1e-13)) {
    ThrowRuntimeError(
        "Plane(): the normal [{}, {}, {}] is said to be normalized, but its "
        "magnitude is {}.",
        normal.x(), normal.y(), normal.z(), norm);
  }
  nhat_F_ = already_normalized ? normal : Vector3<double>(normal / norm);
}

bool Plane::BoxOverlaps(const Vector3<double>& half_width,
                        const Vector3<double>& box_center_in_plane,
                        const RotationMatrix<double>& R_FB) const {
  return std::abs(CalcHeight(box_center_in_plane)) <=
         ProjectedRadius(half_width, R_FB.matrix(), nhat_F_);
}

Aabb::Aabb(const Vector3<double>& p_HoBo, const Vector3<double>& half_width)
    : center_(p_HoBo), half_width_(half_width) {
  CheckHalfWidth(half_width, "Aabb");
}

void Aabb::TightenToContain(const Aabb& other) {
  const Vector3<double> lo = lower().cwiseMin(other.lower());
  const Vector3<double> hi = upper().cwiseMax(other.upper());
  center_ = (lo + hi) / 2;
  half_width_ = (hi - lo) / 2;
}

bool Aabb::HasOverlap(const Aabb& a_G, const Aabb& b_H,
                      const RigidTransform<double>& X_GH) {
  return PosedBoxesOverlap(a_G.half_width(), a_G.pose(), b_H.half_width(),
                           X_GH * b_H.pose());
}

bool Aabb::HasOverlap(const Aabb& aabb_G, const Obb& obb_H,
                      const RigidTransform<double>& X_GH) {
  return PosedBoxesOverlap(aabb_G.half_width(), aabb_G.pose(),
                           obb_H.half_width(), X_GH * obb_H.pose());
}

bool Aabb::HasOverlap(const Aabb& bv_H, const HalfSpace&,
                      const RigidTransform<double>& X_CH) {
  return BoxBelowHalfSpace(bv_H.half_width(), X_CH * bv_H.pose());
}

bool Aabb::HasOverlap(const Aabb& bv_H, const Plane& plane_P,
                      const RigidTransform<double>& X_PH) {
  const RigidTransform<double> X_PB = X_PH * bv_H.pose();
  return plane_P.BoxOverlaps(bv_H.half_width(), X_PB.translation(),
                             X_PB.rotation());
}

Obb::Obb(const RigidTransform<double>& X_HB, const Vector3<double>& half_width)
    : X_HB_(X_HB), half_width_(half_width) {
  CheckHalfWidth(half_width, "Obb");
}

bool Obb::Equal(const Obb& other) const {
  return half_width_ == other.half_width_ &&
         X_HB_.translation() == other.X_HB_.translation() &&
         X_HB_.rotation().matrix() == other.X_HB_.rotation().matrix();
}

bool Obb::HasOverlap(const Obb& a_G, const Obb& b_H,
                     const RigidTransform<double>& X_GH) {
  return PosedBoxesOverlap(a_G.half_width(), a_G.pose(), b_H.half_width(),
                           X_GH * b_H.pose());
}

bool Obb::HasOverlap(const Obb& obb_G, const Aabb& aabb_H,
                     const RigidTransform<double>& X_GH) {
  return PosedBoxesOverlap(obb_G.half_width(), obb_G.pose(),
                           aabb_H.half_width(), X_GH * aabb_H.pose());
}

bool Obb::HasOverlap(const Obb& bv_H, const HalfSpace&,
                     const RigidTransform<double>& X_CH) {
  return BoxBelowHalfSpace(bv_H.half_width(), X_CH * bv_H.pose());
}

bool Obb::HasOverlap(const Obb& bv_H, const Plane& plane_P,
                     const RigidTransform<double>& X_PH) {
  const RigidTransform<double> X_PB = X_PH * bv_H.pose();
  return plane_P.BoxOverlaps(bv_H.half_width(), X_PB.translation(),
                             X_PB.rotation());
}

Aabb ComputeAabbForTriangleMesh(const TriangleSurfaceMesh& mesh_M,
                                const std::set<int>& vertices) {
  return AabbOf(SelectVertices(mesh_M, vertices, "ComputeAabbForTriangleMesh"));
}

Aabb ComputeAabbForVolumeMesh(const VolumeMesh& mesh_M,
                              const std::set<int>& vertices) {
  return AabbOf(SelectVertices(mesh_M, vertices, "ComputeAabbForVolumeMesh"));
}

Obb ComputeObbForTriangleMesh(const TriangleSurfaceMesh& mesh_M,
                              const std::set<int>& vertices) {
  return FitObb(SelectVertices(mesh_M, vertices, "ComputeObbForTriangleMesh"));
}

Obb ComputeObbForVolumeMesh(const VolumeMesh& mesh_M,
                            const std::set<int>& vertices) {
  return FitObb(SelectVertices(mesh_M, vertices, "ComputeObbForVolumeMesh"));
}

std::optional<Obb> CalcObb(const Shape& shape) {
  ObbReifier reifier;
  shape.Reify(&reifier);
  return reifier.obb;
}

}  // namespace ossa::geometry
