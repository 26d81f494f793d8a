#pragma once

/// @file
/// Internal: the three.js JSON objects (format 4.5, as the meshcat viewer's
/// ObjectLoader reads them) that Meshcat sends in set_object messages.
/// Lengths are meters; the viewer's world is Z-up like ours.

#include <string>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/rgba.h"
#include "ossa/visualization/meshcat_message.h"

namespace ossa::geometry {
class Shape;
}  // namespace ossa::geometry

namespace ossa::geometry::internal {

/// The object for a shape: a Mesh with a MeshPhongMaterial of `rgba`.
/// Sphere, Box, Cylinder and Ellipsoid map to three.js geometries; Capsule,
/// Convex (its hull) and meshes in formats the viewer cannot parse (glTF)
/// become BufferGeometry; OBJ, STL and DAE files are sent as they are
/// (`_meshfile_geometry`); a HalfSpace is drawn as a 40 m square slab
/// whose top face is its boundary. A mesh's scale is the object's matrix,
/// which also turns glTF's y-up into z-up.
/// @throws std::runtime_error naming the file if a mesh cannot be read.
MsgValue ShapeObject(const Shape& shape, const Rgba& rgba);

/// A polyline (`segments` false: LINE_STRIP through the columns) or
/// separate segments (pairs of consecutive columns).
MsgValue LineObject(const Eigen::Matrix3Xd& vertices, bool segments,
                    double line_width, const Rgba& rgba);

/// A triangle mesh from vertices (3×n) and faces (3×m vertex indices);
/// `side` is three.js's (0 front, 1 back, 2 both).
/// @throws std::invalid_argument naming `who` for an index out of range.
MsgValue TriangleMeshObject(const Eigen::Matrix3Xd& vertices,
                            const Eigen::Matrix3Xi& faces, const Rgba& rgba,
                            bool wireframe, double wireframe_line_width,
                            int side, const char* who);

/// Points (3×n), each of `point_size` meters, colored per point by
/// `colors` (3×n in [0, 1]) if it has n columns, else by `rgba`.
MsgValue PointsObject(const Eigen::Matrix3Xd& points,
                      const Eigen::Matrix3Xd& colors, double point_size,
                      const Rgba& rgba);

/// {type: "set_object", path, object}.
MsgValue SetObjectMessage(const std::string& path, MsgValue object);

}  // namespace ossa::geometry::internal
