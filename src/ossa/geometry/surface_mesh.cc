#include "ossa/geometry/surface_mesh.h"

#include <fmt/format.h>

#include <stdexcept>

#include "ossa/common/error.h"

namespace ossa::geometry {

namespace internal {

void CheckMeshIndex(int i, int n, const char* what) {
  if (i < 0 || i >= n) {
    throw std::out_of_range(
        fmt::format("{}: index {} is out of range [0, {}).", what, i, n));
  }
}

Vector3<double> TriangleGradient(const Vector3<double>& p0,
                                 const Vector3<double>& p1,
                                 const Vector3<double>& p2, double f0,
                                 double f1, double f2, double* twice_area) {
  const Vector3<double> cross = (p1 - p0).cross(p2 - p0);
  const double a2 = cross.norm();
  *twice_area = a2;
  if (!(a2 > 0)) return Vector3<double>::Zero();
  const Vector3<double> n = cross / a2;
  // ∇b_i = n̂ × (edge opposite corner i, counterclockwise) / 2A.
  return (f0 * n.cross(p2 - p1) + f1 * n.cross(p0 - p2) +
          f2 * n.cross(p1 - p0)) /
         a2;
}

}  // namespace internal

namespace {

using internal::CheckMeshIndex;

std::pair<Vector3<double>, Vector3<double>> BoundingBoxOf(
    const std::vector<Vector3<double>>& vertices) {
  if (vertices.empty()) {
    return {Vector3<double>::Zero(), Vector3<double>::Zero()};
  }
  Vector3<double> lower = vertices[0], upper = vertices[0];
  for (const auto& p : vertices) {
    lower = lower.cwiseMin(p);
    upper = upper.cwiseMax(p);
  }
  return {(lower + upper) / 2, upper - lower};
}

}  // namespace

SurfaceTriangle::SurfaceTriangle(int v0, int v1, int v2) : v_{v0, v1, v2} {
  if (v0 < 0 || v1 < 0 || v2 < 0) {
    ThrowRuntimeError(
        "SurfaceTriangle({}, {}, {}): vertex indices must be >= 0.", v0, v1,
        v2);
  }
}

int SurfaceTriangle::vertex(int i) const {
  CheckMeshIndex(i, 3, "SurfaceTriangle::vertex()");
  return v_[i];
}

TriangleSurfaceMesh::TriangleSurfaceMesh(std::vector<SurfaceTriangle> triangles,
                                         std::vector<Vector3<double>> vertices)
    : triangles_(std::move(triangles)), vertices_(std::move(vertices)) {
  if (triangles_.empty()) {
    ThrowRuntimeError(
        "TriangleSurfaceMesh(): a mesh must contain at least one triangle.");
  }
  for (size_t t = 0; t < triangles_.size(); ++t) {
    for (int i = 0; i < 3; ++i) {
      if (triangles_[t].vertex(i) >= num_vertices()) {
        ThrowRuntimeError(
            "TriangleSurfaceMesh(): triangle {} names vertex {}, but the mesh "
            "has {} vertices.",
            t, triangles_[t].vertex(i), num_vertices());
      }
    }
  }
  ComputeDerived();
}

void TriangleSurfaceMesh::ComputeDerived() {
  const int n = num_elements();
  area_.resize(n);
  normal_.resize(n);
  total_area_ = 0;
  Vector3<double> weighted = Vector3<double>::Zero();
  for (int t = 0; t < n; ++t) {
    const auto& tri = triangles_[t];
    const Vector3<double>& p0 = vertices_[tri.vertex(0)];
    const Vector3<double>& p1 = vertices_[tri.vertex(1)];
    const Vector3<double>& p2 = vertices_[tri.vertex(2)];
    const Vector3<double> cross = (p1 - p0).cross(p2 - p0);
    const double norm = cross.norm();
    area_[t] = norm / 2;
    normal_[t] =
        norm > 0 ? Vector3<double>(cross / norm) : Vector3<double>::Zero();
    total_area_ += area_[t];
    weighted += area_[t] * (p0 + p1 + p2) / 3;
  }
  centroid_ = total_area_ > 0 ? Vector3<double>(weighted / total_area_)
                              : Vector3<double>::Zero();
}

void TriangleSurfaceMesh::CheckedElement(int e, const char* method) const {
  CheckMeshIndex(e, num_elements(),
                 fmt::format("TriangleSurfaceMesh::{}()", method).c_str());
}

const SurfaceTriangle& TriangleSurfaceMesh::element(int e) const {
  CheckedElement(e, "element");
  return triangles_[e];
}

const Vector3<double>& TriangleSurfaceMesh::vertex(int v) const {
  CheckMeshIndex(v, num_vertices(), "TriangleSurfaceMesh::vertex()");
  return vertices_[v];
}

Vector3<double> TriangleSurfaceMesh::element_centroid(int t) const {
  CheckedElement(t, "element_centroid");
  const auto& tri = triangles_[t];
  return (vertices_[tri.vertex(0)] + vertices_[tri.vertex(1)] +
          vertices_[tri.vertex(2)]) /
         3;
}

std::pair<Vector3<double>, Vector3<double>>
TriangleSurfaceMesh::CalcBoundingBox() const {
  return BoundingBoxOf(vertices_);
}

bool TriangleSurfaceMesh::Equal(const TriangleSurfaceMesh& mesh) const {
  return triangles_ == mesh.triangles_ && vertices_ == mesh.vertices_;
}

Vector3<double> TriangleSurfaceMesh::CalcBarycentric(
    const Vector3<double>& p_MQ, int t) const {
  CheckedElement(t, "CalcBarycentric");
  if (!(area_[t] > 0)) {
    ThrowRuntimeError(
        "TriangleSurfaceMesh::CalcBarycentric(): triangle {} is degenerate "
        "(zero area).",
        t);
  }
  const auto& tri = triangles_[t];
  const Vector3<double>& p0 = vertices_[tri.vertex(0)];
  const Vector3<double>& p1 = vertices_[tri.vertex(1)];
  const Vector3<double>& p2 = vertices_[tri.vertex(2)];
  // b_i is the signed area of the sub-triangle opposite corner i (with Q
  // projected onto the plane) over the triangle's area; the projection
  // drops out of the dot product with the normal.
  const Vector3<double>& n = normal_[t];
  const double a2 = 2 * area_[t];
  const double b1 = (p2 - p0).cross(p_MQ - p0).dot(n) / -a2;
  const double b2 = (p1 - p0).cross(p_MQ - p0).dot(n) / a2;
  return Vector3<double>(1 - b1 - b2, b1, b2);
}

Vector3<double> TriangleSurfaceMesh::CalcCartesianFromBarycentric(
    int element_index, const Vector3<double>& b_Q) const {
  CheckedElement(element_index, "CalcCartesianFromBarycentric");
  const auto& tri = triangles_[element_index];
  return b_Q[0] * vertices_[tri.vertex(0)] + b_Q[1] * vertices_[tri.vertex(1)] +
         b_Q[2] * vertices_[tri.vertex(2)];
}

Vector3<double> TriangleSurfaceMesh::CalcGradientVectorOfLinearField(
    const std::vector<double>& f, int t) const {
  CheckedElement(t, "CalcGradientVectorOfLinearField");
  const auto& tri = triangles_[t];
  double a2;
  return internal::TriangleGradient(
      vertices_[tri.vertex(0)], vertices_[tri.vertex(1)],
      vertices_[tri.vertex(2)], f.at(tri.vertex(0)), f.at(tri.vertex(1)),
      f.at(tri.vertex(2)), &a2);
}

void TriangleSurfaceMesh::TransformVertices(const Matrix3<double>& R_NM,
                                            const Vector3<double>& p_NoMo_N) {
  for (auto& p : vertices_) p = R_NM * p + p_NoMo_N;
  ComputeDerived();
}

void TriangleSurfaceMesh::ReverseFaceWinding() {
  for (auto& t : triangles_) t.ReverseWinding();
  ComputeDerived();
}

int SurfacePolygon::vertex(int i) const {
  CheckMeshIndex(i, num_vertices(), "SurfacePolygon::vertex()");
  return vertices_[i];
}

PolygonSurfaceMesh::PolygonSurfaceMesh(std::vector<int> face_data,
                                       std::vector<Vector3<double>> vertices)
    : face_data_(std::move(face_data)), vertices_(std::move(vertices)) {
  const int size = static_cast<int>(face_data_.size());
  Vector3<double> weighted = Vector3<double>::Zero();
  for (int k = 0; k < size;) {
    const int count = face_data_[k];
    const int f = num_elements();
    if (count < 3 || k + count >= size) {
      ThrowRuntimeError(
          "PolygonSurfaceMesh(): face {} (at face_data[{}]) has vertex count "
          "{}; a count must be >= 3 and its indices must follow it within "
          "face_data (size {}).",
          f, k, count, size);
    }
    for (int i = 1; i <= count; ++i) {
      const int v = face_data_[k + i];
      if (v < 0 || v >= num_vertices()) {
        ThrowRuntimeError(
            "PolygonSurfaceMesh(): face {} names vertex {}, but the mesh has "
            "{} vertices.",
            f, v, num_vertices());
      }
    }
    face_start_.push_back(k);
    // Vector area and area centroid from the fan of triangles from corner 0
    // (signed by the face's normal, so a planar polygon's parts add up).
    const Vector3<double>& p0 = vertices_[face_data_[k + 1]];
    Vector3<double> vector_area = Vector3<double>::Zero();
    for (int i = 2; i < count; ++i) {
      vector_area += (vertices_[face_data_[k + i]] - p0)
                         .cross(vertices_[face_data_[k + i + 1]] - p0) /
                     2;
    }
    const double area = vector_area.norm();
    const Vector3<double> n = area > 0 ? Vector3<double>(vector_area / area)
                                       : Vector3<double>::Zero();
    Vector3<double> centroid = Vector3<double>::Zero();
    if (area > 0) {
      for (int i = 2; i < count; ++i) {
        const Vector3<double>& p1 = vertices_[face_data_[k + i]];
        const Vector3<double>& p2 = vertices_[face_data_[k + i + 1]];
        const double a = (p1 - p0).cross(p2 - p0).dot(n) / 2;
        centroid += a * (p0 + p1 + p2) / 3;
      }
      centroid /= area;
    } else {
      for (int i = 1; i <= count; ++i) centroid += vertices_[face_data_[k + i]];
      centroid /= count;
    }
    area_.push_back(area);
    normal_.push_back(n);
    element_centroid_.push_back(centroid);
    total_area_ += area;
    weighted += area * centroid;
    k += count + 1;
  }
  if (total_area_ > 0) centroid_ = weighted / total_area_;
}

void PolygonSurfaceMesh::CheckedElement(int e, const char* method) const {
  CheckMeshIndex(e, num_elements(),
                 fmt::format("PolygonSurfaceMesh::{}()", method).c_str());
}

SurfacePolygon PolygonSurfaceMesh::element(int e) const {
  CheckedElement(e, "element");
  const int k = face_start_[e];
  return SurfacePolygon(std::vector<int>(
      face_data_.begin() + k + 1, face_data_.begin() + k + 1 + face_data_[k]));
}

const Vector3<double>& PolygonSurfaceMesh::vertex(int v) const {
  CheckMeshIndex(v, num_vertices(), "PolygonSurfaceMesh::vertex()");
  return vertices_[v];
}

std::pair<Vector3<double>, Vector3<double>>
PolygonSurfaceMesh::CalcBoundingBox() const {
  return BoundingBoxOf(vertices_);
}

bool PolygonSurfaceMesh::Equal(const PolygonSurfaceMesh& mesh) const {
  return face_data_ == mesh.face_data_ && vertices_ == mesh.vertices_;
}

Vector3<double> PolygonSurfaceMesh::CalcGradientVectorOfLinearField(
    const std::vector<double>& f, int e) const {
  CheckedElement(e, "CalcGradientVectorOfLinearField");
  const int k = face_start_[e];
  const int count = face_data_[k];
  const int v0 = face_data_[k + 1];
  Vector3<double> sum = Vector3<double>::Zero();
  double total = 0;
  for (int i = 2; i < count; ++i) {
    const int v1 = face_data_[k + i], v2 = face_data_[k + i + 1];
    double a2;
    const Vector3<double> g =
        internal::TriangleGradient(vertices_[v0], vertices_[v1], vertices_[v2],
                                   f.at(v0), f.at(v1), f.at(v2), &a2);
    sum += a2 * g;
    total += a2;
  }
  return total > 0 ? Vector3<double>(sum / total) : Vector3<double>::Zero();
}

}  // namespace ossa::geometry
