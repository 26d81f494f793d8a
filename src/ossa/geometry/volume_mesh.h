#pragma once

/// @file
/// VolumeMesh, a tetrahedral mesh of a solid (with its element
/// VolumeElement), as plain data, and ConvertVolumeToSurfaceMesh(), its
/// boundary. These are the reference's representation of compliant
/// hydroelastic geometry.
///
/// Vertex positions p_MV are measured and expressed in the mesh's frame M.
/// A tetrahedron (v0, v1, v2, v3) is positively oriented when v3 lies on
/// the side of the right-hand normal of (v0, v1, v2): its signed volume
/// (p1 − p0) · ((p2 − p0) × (p3 − p0)) / 6 is then positive. Indices are
/// checked as in surface_mesh.h (std::out_of_range).

#include <array>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/surface_mesh.h"

namespace ossa::geometry {

/// A tetrahedron of a VolumeMesh: four vertex indices.
class VolumeElement {
 public:
  /// @throws std::runtime_error if an index is negative.
  VolumeElement(int v0, int v1, int v2, int v3);
  static constexpr int num_vertices() { return 4; }
  /// The mesh index of corner i ∈ {0, 1, 2, 3}.
  int vertex(int i) const;
  bool operator==(const VolumeElement&) const = default;

 private:
  std::array<int, 4> v_;
};

/// A union of tetrahedra sharing vertices.
class VolumeMesh {
 public:
  using ElementType = VolumeElement;

  /// @throws std::runtime_error if `elements` is empty or an element names
  /// a vertex that does not exist (naming the element).
  VolumeMesh(std::vector<VolumeElement> elements,
             std::vector<Vector3<double>> vertices);

  const VolumeElement& element(int e) const;
  const Vector3<double>& vertex(int v) const;
  const std::vector<Vector3<double>>& vertices() const { return vertices_; }
  const std::vector<VolumeElement>& tetrahedra() const { return elements_; }
  int num_vertices() const { return static_cast<int>(vertices_.size()); }
  int num_elements() const { return static_cast<int>(elements_.size()); }

  /// p_b − p_a for corners a, b ∈ {0..3} of element e.
  Vector3<double> edge_vector(int e, int a, int b) const;
  /// The unit normal of the face of element e opposite corner f, pointing
  /// into the tetrahedron (toward corner f) when the element is positively
  /// oriented (out of it otherwise); zero for a degenerate face.
  Vector3<double> inward_normal(int e, int f) const;
  /// Signed volume of element e (positive for a positively oriented one).
  double CalcTetrahedronVolume(int e) const;
  /// Σ CalcTetrahedronVolume(e).
  double CalcVolume() const;
  /// Barycentric coordinates b of Q in element e: p_MQ = Σ b_i p_i with
  /// Σ b_i = 1 (negative entries for points outside).
  /// @throws std::runtime_error if element e is degenerate (zero volume).
  Vector4<double> CalcBarycentric(const Vector3<double>& p_MQ, int e) const;
  /// ∇f = Σ f_i ∇b_i of the linear field with values f_i at the corners of
  /// element e (zero for a degenerate element).
  Vector3<double> CalcGradientVectorOfLinearField(
      const std::vector<double>& field_value, int e) const;
  /// Same elements and vertices within `vertex_tolerance` (max norm per
  /// coordinate).
  bool Equal(const VolumeMesh& mesh, double vertex_tolerance = 0) const;

 private:
  const Vector3<double>& corner(int e, int i) const {
    return vertices_[elements_[e].vertex(i)];
  }

  std::vector<VolumeElement> elements_;
  std::vector<Vector3<double>> vertices_;
};

/// The boundary of `volume`: the faces that belong to exactly one
/// tetrahedron, wound so their normals point out of it when it is
/// positively oriented (into it otherwise), over the boundary vertices only
/// (renumbered in their order in `volume`).
/// @throws std::runtime_error if the volume mesh has no boundary face.
TriangleSurfaceMesh ConvertVolumeToSurfaceMesh(const VolumeMesh& volume);

}  // namespace ossa::geometry
