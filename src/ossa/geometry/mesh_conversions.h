#pragma once

/// @file
/// Functions that produce the mesh types of surface_mesh.h from files and
/// shapes: ReadObjToTriangleSurfaceMesh() and MakeConvexHull().

#include <string>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/surface_mesh.h"

namespace ossa::geometry {

class Shape;

/// Reads the Wavefront OBJ file `filename` into a triangle mesh: its `v`
/// lines, in file order, are the vertices (scaled per axis by `scale3`);
/// each `f` line is a face, split into a fan of triangles from its first
/// corner. Every object and group of the file is included; texture
/// coordinates, normals and materials are ignored.
/// @throws std::runtime_error naming the file (and line) if it cannot be
/// read, names a vertex that does not exist, or has no faces.
TriangleSurfaceMesh ReadObjToTriangleSurfaceMesh(
    const std::string& filename,
    const Vector3<double>& scale3 = Vector3<double>::Ones());

/// The same, from the contents of an OBJ file held in memory; `description`
/// names it in messages.
TriangleSurfaceMesh ReadObjContentsToTriangleSurfaceMesh(
    const std::string& contents, const std::string& description,
    const Vector3<double>& scale3 = Vector3<double>::Ones());

/// The convex hull of a Mesh's or Convex's vertices (file and scale) as a
/// polygon mesh in the shape's frame: one planar, convex polygon per face of
/// the hull (coplanar hull triangles merged), wound counterclockwise seen
/// from outside, over the hull's vertices only.
/// @throws std::runtime_error if `shape` is not a Mesh or Convex, if the
/// file cannot be read, or if its vertices span less than three dimensions.
PolygonSurfaceMesh MakeConvexHull(const Shape& shape);

}  // namespace ossa::geometry
