#pragma once

/// @file
/// Internal: reading surface meshes from files (through Assimp) and convex
/// hulls (through Qhull). Neither library appears in this header.

#include <array>
#include <string>
#include <vector>

#include "ossa/common/eigen_types.h"

namespace ossa::geometry::internal {

/// A triangle surface mesh: vertices in the mesh frame and triangles as
/// vertex indices, counterclockwise seen from outside (right-hand normals
/// point outward) when the file is a closed, consistently oriented surface.
struct TriangleSurface {
  std::vector<Vector3<double>> vertices;
  std::vector<std::array<int, 3>> triangles;
};

/// Reads every mesh of `filename` (OBJ, STL, DAE, glTF/GLB, and the other
/// formats Assimp reads), applies the node transforms of the file and then
/// `scale` per axis, and returns one triangle surface.
/// @throws std::runtime_error naming the file if it does not exist, if its
/// format is not one that can be read (naming the extension), or if it has
/// no triangles.
TriangleSurface ReadTriangleSurface(const std::string& filename,
                                    const Vector3<double>& scale);

/// The convex hull of `points` as a triangle surface with outward normals
/// (only the hull's vertices are kept).
/// @throws std::runtime_error if the points span less than three dimensions
/// (`what` names the caller and the file in the message).
TriangleSurface ComputeConvexHull(const std::vector<Vector3<double>>& points,
                                  const std::string& what);

/// Volume, first moment (volume · centroid) and second moment
/// ∫ p pᵀ dV of the solid enclosed by a closed surface, about its frame's
/// origin, by the divergence theorem over tetrahedra from the origin.
struct SolidMoments {
  double volume{};
  Vector3<double> first_moment = Vector3<double>::Zero();
  Matrix3<double> second_moment = Matrix3<double>::Zero();
};
SolidMoments CalcSolidMoments(const TriangleSurface& surface);

}  // namespace ossa::geometry::internal
