#include "ossa/geometry/volume_mesh.h"

#include <Eigen/LU>
#include <algorithm>
#include <map>

#include "ossa/common/error.h"

namespace ossa::geometry {

using internal::CheckMeshIndex;

VolumeElement::VolumeElement(int v0, int v1, int v2, int v3)
    : v_{v0, v1, v2, v3} {
  if (v0 < 0 || v1 < 0 || v2 < 0 || v3 < 0) {
    ThrowRuntimeError(
        "VolumeElement({}, {}, {}, {}): vertex indices must be >= 0.", v0, v1,
        v2, v3);
  }
}

int VolumeElement::vertex(int i) const {
  CheckMeshIndex(i, 4, "VolumeElement::vertex()");
  return v_[i];
}

VolumeMesh::VolumeMesh(std::vector<VolumeElement> elements,
                       std::vector<Vector3<double>> vertices)
    : elements_(std::move(elements)), vertices_(std::move(vertices)) {
  if (elements_.empty()) {
    ThrowRuntimeError(
        "VolumeMesh(): a mesh must contain at least one tetrahedron.");
  }
  for (size_t e = 0; e < elements_.size(); ++e) {
    for (int i = 0; i < 4; ++i) {
      if (elements_[e].vertex(i) >= num_vertices()) {
        ThrowRuntimeError(
            "VolumeMesh(): tetrahedron {} names vertex {}, but the mesh has "
            "{} vertices.",
            e, elements_[e].vertex(i), num_vertices());
      }
    }
  }
}

const VolumeElement& VolumeMesh::element(int e) const {
  CheckMeshIndex(e, num_elements(), "VolumeMesh::element()");
  return elements_[e];
}

const Vector3<double>& VolumeMesh::vertex(int v) const {
  CheckMeshIndex(v, num_vertices(), "VolumeMesh::vertex()");
  return vertices_[v];
}

Vector3<double> VolumeMesh::edge_vector(int e, int a, int b) const {
  CheckMeshIndex(e, num_elements(), "VolumeMesh::edge_vector()");
  CheckMeshIndex(a, 4, "VolumeMesh::edge_vector() corner a");
  CheckMeshIndex(b, 4, "VolumeMesh::edge_vector() corner b");
  return corner(e, b) - corner(e, a);
}

Vector3<double> VolumeMesh::inward_normal(int e, int f) const {
  CheckMeshIndex(e, num_elements(), "VolumeMesh::inward_normal()");
  CheckMeshIndex(f, 4, "VolumeMesh::inward_normal() face");
  const Vector3<double>& a = corner(e, (f + 1) % 4);
  const Vector3<double>& b = corner(e, (f + 2) % 4);
  const Vector3<double>& c = corner(e, (f + 3) % 4);
  // The corners (f+1, f+2, f+3) follow f in a cyclic shift of (0, 1, 2, 3)
  // by f + 1 places, an odd permutation for even f: their right-hand normal
  // then points away from corner f of a positively oriented element.
  const Vector3<double> n = (b - a).cross(c - a).normalized();
  return f % 2 == 0 ? Vector3<double>(-n) : n;
}

double VolumeMesh::CalcTetrahedronVolume(int e) const {
  CheckMeshIndex(e, num_elements(), "VolumeMesh::CalcTetrahedronVolume()");
  const Vector3<double>& p0 = corner(e, 0);
  return (corner(e, 1) - p0).dot((corner(e, 2) - p0).cross(corner(e, 3) - p0)) /
         6;
}

double VolumeMesh::CalcVolume() const {
  double volume = 0;
  for (int e = 0; e < num_elements(); ++e) volume += CalcTetrahedronVolume(e);
  return volume;
}

Vector4<double> VolumeMesh::CalcBarycentric(const Vector3<double>& p_MQ,
                                            int e) const {
  CheckMeshIndex(e, num_elements(), "VolumeMesh::CalcBarycentric()");
  // p_MQ − p0 = J [b1 b2 b3]ᵀ with J's columns the edges from corner 0.
  const Vector3<double>& p0 = corner(e, 0);
  Matrix3<double> J;
  J << corner(e, 1) - p0, corner(e, 2) - p0, corner(e, 3) - p0;
  Eigen::FullPivLU<Matrix3<double>> lu(J);
  if (!lu.isInvertible() || J.determinant() == 0) {
    ThrowRuntimeError(
        "VolumeMesh::CalcBarycentric(): tetrahedron {} is degenerate (zero "
        "volume).",
        e);
  }
  const Vector3<double> b = lu.solve(p_MQ - p0);
  return Vector4<double>(1 - b.sum(), b[0], b[1], b[2]);
}

Vector3<double> VolumeMesh::CalcGradientVectorOfLinearField(
    const std::vector<double>& f, int e) const {
  CheckMeshIndex(e, num_elements(),
                 "VolumeMesh::CalcGradientVectorOfLinearField()");
  // f(p) = f0 + dfᵀ J⁻¹ (p − p0), so ∇f = J⁻ᵀ df.
  const Vector3<double>& p0 = corner(e, 0);
  Matrix3<double> J;
  J << corner(e, 1) - p0, corner(e, 2) - p0, corner(e, 3) - p0;
  const VolumeElement& el = elements_[e];
  const double f0 = f.at(el.vertex(0));
  const Vector3<double> df(f.at(el.vertex(1)) - f0, f.at(el.vertex(2)) - f0,
                           f.at(el.vertex(3)) - f0);
  Eigen::FullPivLU<Matrix3<double>> lu(J.transpose());
  if (!lu.isInvertible()) return Vector3<double>::Zero();
  return lu.solve(df);
}

bool VolumeMesh::Equal(const VolumeMesh& mesh, double vertex_tolerance) const {
  if (elements_ != mesh.elements_ || vertices_.size() != mesh.vertices_.size())
    return false;
  for (size_t v = 0; v < vertices_.size(); ++v) {
    if (!((vertices_[v] - mesh.vertices_[v]).cwiseAbs().maxCoeff() <=
          vertex_tolerance)) {
      return false;
    }
  }
  return true;
}

TriangleSurfaceMesh ConvertVolumeToSurfaceMesh(const VolumeMesh& volume) {
  // Each face keyed by its sorted vertex indices; a boundary face is seen
  // once.
  struct Face {
    int count{0};
    int element{0};
    int opposite{0};  // The corner of the element not on the face.
  };
  std::map<std::array<int, 3>, Face> faces;
  std::vector<std::array<int, 3>> order;
  for (int e = 0; e < volume.num_elements(); ++e) {
    const VolumeElement& el = volume.element(e);
    for (int f = 0; f < 4; ++f) {
      std::array<int, 3> key{el.vertex((f + 1) % 4), el.vertex((f + 2) % 4),
                             el.vertex((f + 3) % 4)};
      std::sort(key.begin(), key.end());
      Face& face = faces[key];
      if (face.count++ == 0) {
        face.element = e;
        face.opposite = f;
        order.push_back(key);
      }
    }
  }
  std::vector<int> new_index(volume.num_vertices(), -1);
  std::vector<std::array<int, 3>> boundary;
  for (const auto& key : order) {
    const Face& face = faces.at(key);
    if (face.count != 1) continue;
    const VolumeElement& el = volume.element(face.element);
    std::array<int, 3> tri{el.vertex((face.opposite + 1) % 4),
                           el.vertex((face.opposite + 2) % 4),
                           el.vertex((face.opposite + 3) % 4)};
    // Wind so the right-hand normal points out of a positively oriented
    // element (see inward_normal(): (f+1, f+2, f+3) points in for odd f).
    if (face.opposite % 2 == 1) std::swap(tri[1], tri[2]);
    for (int v : tri) new_index[v] = 0;
    boundary.push_back(tri);
  }
  if (boundary.empty()) {
    ThrowRuntimeError(
        "ConvertVolumeToSurfaceMesh(): the volume mesh has no boundary "
        "face.");
  }
  std::vector<Vector3<double>> vertices;
  for (int v = 0; v < volume.num_vertices(); ++v) {
    if (new_index[v] < 0) continue;
    new_index[v] = static_cast<int>(vertices.size());
    vertices.push_back(volume.vertex(v));
  }
  std::vector<SurfaceTriangle> triangles;
  triangles.reserve(boundary.size());
  for (const auto& t : boundary) {
    triangles.emplace_back(new_index[t[0]], new_index[t[1]], new_index[t[2]]);
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

}  // namespace ossa::geometry
