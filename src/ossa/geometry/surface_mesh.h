#pragma once

/// @file
/// Surface meshes as plain data: TriangleSurfaceMesh (with its element
/// SurfaceTriangle) and PolygonSurfaceMesh (with SurfacePolygon). They are
/// the reference's representations of contact surfaces and of surfaces read
/// from files, and the types hydroelastic contact builds on.
///
/// Every vertex position is measured and expressed in the mesh's frame M
/// (p_MV). A face's vertices wind counterclockwise seen from the side its
/// normal points to (the right-hand rule gives the normal). Lengths are in
/// meters, areas in m².
///
/// Indices given to accessors (a vertex v, an element e or t, a corner i)
/// are checked: one out of range throws std::out_of_range naming the method
/// and the valid range.

#include <utility>
#include <vector>

#include "ossa/common/eigen_types.h"

namespace ossa::geometry {

/// A triangle of a TriangleSurfaceMesh: three vertex indices in
/// counterclockwise order (seen from the side of its normal).
class SurfaceTriangle {
 public:
  /// @throws std::runtime_error if an index is negative.
  SurfaceTriangle(int v0, int v1, int v2);
  static constexpr int num_vertices() { return 3; }
  /// The mesh index of corner i ∈ {0, 1, 2}.
  int vertex(int i) const;
  /// Reverses the winding (and so the normal): (v0, v1, v2) → (v0, v2, v1).
  void ReverseWinding() { std::swap(v_[1], v_[2]); }
  bool operator==(const SurfaceTriangle&) const = default;

 private:
  int v_[3];
};

/// A union of triangles sharing vertices.
class TriangleSurfaceMesh {
 public:
  using ElementType = SurfaceTriangle;

  /// @throws std::runtime_error if `triangles` is empty or a triangle names
  /// a vertex that does not exist (naming the triangle).
  TriangleSurfaceMesh(std::vector<SurfaceTriangle> triangles,
                      std::vector<Vector3<double>> vertices);

  const SurfaceTriangle& element(int e) const;
  const Vector3<double>& vertex(int v) const;
  const std::vector<Vector3<double>>& vertices() const { return vertices_; }
  const std::vector<SurfaceTriangle>& triangles() const { return triangles_; }
  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_elements() const { return static_cast<int>(triangles_.size()); }
  int num_triangles() const { return num_elements(); }

  /// Area of triangle t: ½‖(p1 − p0) × (p2 − p0)‖.
  double area(int t) const { return CheckedElement(t, "area"), area_[t]; }
  /// Σ area(t).
  double total_area() const { return total_area_; }
  /// Unit normal n̂_M of triangle t, (p1 − p0) × (p2 − p0) normalized (zero
  /// for a degenerate triangle).
  const Vector3<double>& face_normal(int t) const {
    return CheckedElement(t, "face_normal"), normal_[t];
  }
  /// Centroid (p0 + p1 + p2) / 3 of triangle t.
  Vector3<double> element_centroid(int t) const;
  /// Area-weighted centroid of the surface, Σ area(t)·c_t / Σ area(t) (of
  /// the surface, not of the solid it may bound).
  const Vector3<double>& centroid() const { return centroid_; }

  /// The axis-aligned box around the vertices: (center, size), size being
  /// the full edge lengths upper − lower.
  std::pair<Vector3<double>, Vector3<double>> CalcBoundingBox() const;

  /// True if both meshes have the same triangles (same order and winding)
  /// and bit-identical vertices.
  bool Equal(const TriangleSurfaceMesh& mesh) const;

  /// Barycentric coordinates b of the orthogonal projection of Q onto the
  /// plane of triangle t: p_MQ' = Σ b_i p_i with Σ b_i = 1. Coordinates
  /// are negative for points outside the triangle.
  /// @throws std::runtime_error if triangle t is degenerate (zero area).
  Vector3<double> CalcBarycentric(const Vector3<double>& p_MQ, int t) const;
  /// p_MQ = Σ b_i p_i for the corners p_i of element e.
  Vector3<double> CalcCartesianFromBarycentric(
      int element_index, const Vector3<double>& b_Q) const;
  /// The in-plane gradient ∇f = Σ f_i ∇b_i of the linear field with values
  /// f_i at the corners of triangle t (∇b_0 = n̂ × (p2 − p1) / 2A, and
  /// cyclically). Zero for a degenerate triangle.
  Vector3<double> CalcGradientVectorOfLinearField(
      const std::vector<double>& field_value, int t) const;
  /// Moves every vertex by X_NM (vertices and normals then expressed in N).
  void TransformVertices(const Matrix3<double>& R_NM,
                         const Vector3<double>& p_NoMo_N);
  /// Reverses every triangle's winding (normals point the other way).
  void ReverseFaceWinding();

 private:
  void CheckedElement(int e, const char* method) const;
  void ComputeDerived();

  std::vector<SurfaceTriangle> triangles_;
  std::vector<Vector3<double>> vertices_;
  std::vector<double> area_;
  std::vector<Vector3<double>> normal_;
  double total_area_{};
  Vector3<double> centroid_ = Vector3<double>::Zero();
};

/// A polygonal face of a PolygonSurfaceMesh: its vertex indices in
/// counterclockwise order. A copy of the mesh's data, valid on its own.
class SurfacePolygon {
 public:
  explicit SurfacePolygon(std::vector<int> vertices)
      : vertices_(std::move(vertices)) {}
  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  /// The mesh index of corner i ∈ [0, num_vertices()).
  int vertex(int i) const;

 private:
  std::vector<int> vertices_;
};

/// A surface of planar, convex polygons sharing vertices. Faces are given
/// as one array, `face_data` = [n₀, v₀₀, …, v₀ₙ₀₋₁, n₁, v₁₀, …]: each face's
/// vertex count followed by its vertex indices.
class PolygonSurfaceMesh {
 public:
  using ElementType = SurfacePolygon;

  /// An empty mesh (no faces, no vertices).
  PolygonSurfaceMesh() = default;
  /// @throws std::runtime_error if `face_data` is malformed (a count below 3
  /// or running past the end) or names a vertex that does not exist.
  PolygonSurfaceMesh(std::vector<int> face_data,
                     std::vector<Vector3<double>> vertices);

  SurfacePolygon element(int e) const;
  const Vector3<double>& vertex(int v) const;
  const std::vector<int>& face_data() const { return face_data_; }
  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_elements() const { return static_cast<int>(face_start_.size()); }
  int num_faces() const { return num_elements(); }

  /// Area of face f: ½‖Σ p_i × p_{i+1}‖ (the vector area of a planar
  /// polygon).
  double area(int f) const { return CheckedElement(f, "area"), area_[f]; }
  double total_area() const { return total_area_; }
  /// Unit normal of face f, its vector area normalized.
  const Vector3<double>& face_normal(int f) const {
    return CheckedElement(f, "face_normal"), normal_[f];
  }
  /// Area centroid of face f (of the polygon's region, from a fan of
  /// triangles; the mean of the corners for a degenerate face).
  const Vector3<double>& element_centroid(int f) const {
    return CheckedElement(f, "element_centroid"), element_centroid_[f];
  }
  /// Area-weighted centroid of the surface.
  const Vector3<double>& centroid() const { return centroid_; }
  /// (center, size) of the axis-aligned box around the vertices; zeros for
  /// an empty mesh.
  std::pair<Vector3<double>, Vector3<double>> CalcBoundingBox() const;
  /// Same face data and bit-identical vertices.
  bool Equal(const PolygonSurfaceMesh& mesh) const;
  /// The in-plane gradient of the linear field with values f_i at the
  /// face's corners: the area-weighted mean of the gradients over the fan of
  /// triangles from corner 0 (exact for a field that is affine on the
  /// face).
  Vector3<double> CalcGradientVectorOfLinearField(
      const std::vector<double>& field_value, int f) const;

 private:
  void CheckedElement(int e, const char* method) const;

  std::vector<int> face_data_;
  std::vector<Vector3<double>> vertices_;
  std::vector<int> face_start_;  // Index in face_data_ of each face's count.
  std::vector<double> area_;
  std::vector<Vector3<double>> normal_;
  std::vector<Vector3<double>> element_centroid_;
  double total_area_{};
  Vector3<double> centroid_ = Vector3<double>::Zero();
};

namespace internal {
/// Throws std::out_of_range "<what>: index <i> is out of range [0, <n>)."
/// unless 0 <= i < n.
void CheckMeshIndex(int i, int n, const char* what);
/// The in-plane gradient of the linear interpolant of values f0, f1, f2 at
/// p0, p1, p2, and twice the triangle's area (the gradient is zero when the
/// area is).
Vector3<double> TriangleGradient(const Vector3<double>& p0,
                                 const Vector3<double>& p1,
                                 const Vector3<double>& p2, double f0,
                                 double f1, double f2, double* twice_area);
}  // namespace internal

}  // namespace ossa::geometry
