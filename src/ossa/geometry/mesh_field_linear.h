#pragma once

/// @file
/// MeshFieldLinear: a continuous scalar field, linear on each element of a
/// mesh (TriangleSurfaceMesh, PolygonSurfaceMesh or VolumeMesh), given by
/// its values at the mesh's vertices. On element e,
///
///   f(Q) = Σ b_i(Q) f_i       (b the barycentric coordinates of Q),
///        = f_0 + ∇f_e · (p_MQ − p_0)
///
/// where ∇f_e is the element's gradient (in its plane, for a surface
/// mesh), computed once at construction by the mesh's
/// CalcGradientVectorOfLinearField(). A field that is affine on an element
/// is reproduced exactly there. The hydroelastic pressure fields and
/// contact-surface pressures are such fields.
///
/// The field keeps a pointer to its mesh, which must outlive it.

#include <cmath>
#include <utility>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/common/error.h"
#include "ossa/geometry/surface_mesh.h"

namespace ossa::geometry {

template <class MeshType>
class MeshFieldLinear {
 public:
  /// @throws std::runtime_error unless there is one value per vertex of
  /// `mesh` and every value is finite.
  MeshFieldLinear(std::vector<double> values, const MeshType* mesh)
      : values_(std::move(values)), mesh_(mesh) {
    OSSA_DEMAND(mesh != nullptr);
    if (static_cast<int>(values_.size()) != mesh->num_vertices()) {
      ThrowRuntimeError(
          "MeshFieldLinear(): {} values given for a mesh of {} vertices; "
          "there must be one per vertex.",
          values_.size(), mesh->num_vertices());
    }
    for (size_t v = 0; v < values_.size(); ++v) {
      if (!std::isfinite(values_[v])) {
        ThrowRuntimeError("MeshFieldLinear(): the value at vertex {} is {}.", v,
                          values_[v]);
      }
    }
    gradients_.reserve(mesh->num_elements());
    for (int e = 0; e < mesh->num_elements(); ++e) {
      gradients_.push_back(mesh->CalcGradientVectorOfLinearField(values_, e));
    }
  }

  const MeshType& mesh() const { return *mesh_; }
  const std::vector<double>& values() const { return values_; }

  /// f_v, the value at vertex v.
  double EvaluateAtVertex(int v) const {
    internal::CheckMeshIndex(v, static_cast<int>(values_.size()),
                             "MeshFieldLinear::EvaluateAtVertex()");
    return values_[v];
  }

  /// Σ b_i f_i on element e, for barycentric coordinates b (3 for a
  /// triangle, 4 for a tetrahedron).
  template <typename Barycentric>
  double Evaluate(int e, const Barycentric& b) const {
    const auto& el = mesh_->element(e);
    double f = 0;
    for (int i = 0; i < el.num_vertices(); ++i)
      f += b[i] * values_[el.vertex(i)];
    return f;
  }

  /// f(Q) = f_0 + ∇f_e · (p_MQ − p_0) on element e (Q projected onto the
  /// element's plane, for a surface mesh, since ∇f_e lies in it).
  double EvaluateCartesian(int e, const Vector3<double>& p_MQ) const {
    const int v0 = mesh_->element(e).vertex(0);
    return values_[v0] + gradients_[e].dot(p_MQ - mesh_->vertex(v0));
  }

  /// ∇f_e, the gradient on element e, expressed in M.
  const Vector3<double>& EvaluateGradient(int e) const {
    internal::CheckMeshIndex(e, static_cast<int>(gradients_.size()),
                             "MeshFieldLinear::EvaluateGradient()");
    return gradients_[e];
  }

 private:
  std::vector<double> values_;
  std::vector<Vector3<double>> gradients_;
  const MeshType* mesh_{};
};

using TriangleSurfaceMeshFieldLinear = MeshFieldLinear<TriangleSurfaceMesh>;
using PolygonSurfaceMeshFieldLinear = MeshFieldLinear<PolygonSurfaceMesh>;

}  // namespace ossa::geometry
