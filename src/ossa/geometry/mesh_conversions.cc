#include "ossa/geometry/mesh_conversions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

#include "ossa/common/error.h"
#include "ossa/geometry/mesh_io.h"
#include "ossa/geometry/shape_specification.h"

namespace ossa::geometry {
namespace {

// The vertex index of one corner token of an `f` line ("7", "7/2",
// "7//3", "-1/..."), zero-based; -1 if the token is not a number.
int ObjCornerIndex(const std::string& token, int num_vertices) {
  const std::string first = token.substr(0, token.find('/'));
  size_t used = 0;
  int index = 0;
  try {
    index = std::stoi(first, &used);
  } catch (const std::exception&) {
    return -1;
  }
  if (used != first.size() || index == 0) return -1;
  // Positive indices count from 1; negative ones back from the last vertex.
  return index > 0 ? index - 1 : num_vertices + index;
}

TriangleSurfaceMesh ParseObj(std::istream& in, const std::string& what,
                             const Vector3<double>& scale3) {
  std::vector<Vector3<double>> vertices;
  std::vector<SurfaceTriangle> triangles;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    std::istringstream words(line);
    std::string key;
    if (!(words >> key)) continue;
    if (key == "v") {
      Vector3<double> p;
      if (!(words >> p.x() >> p.y() >> p.z())) {
        ThrowRuntimeError("{}:{}: a vertex needs three numbers: '{}'.", what,
                          line_number, line);
      }
      vertices.push_back(p.cwiseProduct(scale3));
    } else if (key == "f") {
      std::vector<int> corners;
      std::string token;
      const int n = static_cast<int>(vertices.size());
      while (words >> token) {
        const int v = ObjCornerIndex(token, n);
        if (v < 0 || v >= n) {
          ThrowRuntimeError(
              "{}:{}: the face corner '{}' names no vertex defined before it "
              "({} so far).",
              what, line_number, token, n);
        }
        corners.push_back(v);
      }
      if (corners.size() < 3) {
        ThrowRuntimeError("{}:{}: a face needs at least three corners.", what,
                          line_number);
      }
      for (size_t i = 1; i + 1 < corners.size(); ++i) {
        triangles.emplace_back(corners[0], corners[i], corners[i + 1]);
      }
    }
  }
  if (triangles.empty()) {
    ThrowRuntimeError("{}: the OBJ data has no faces.", what);
  }
  // A negative scale on an odd number of axes mirrors the surface; swapping
  // two corners keeps the normals pointing the way they did.
  if (scale3.prod() < 0) {
    for (auto& t : triangles) t.ReverseWinding();
  }
  return TriangleSurfaceMesh(std::move(triangles), std::move(vertices));
}

// Merges the hull's triangles into its faces: triangles of one face share
// its outward normal and offset; each face's vertices are ordered
// counterclockwise about the normal.
PolygonSurfaceMesh MergeHullFaces(const internal::TriangleSurface& hull) {
  struct Face {
    Vector3<double> n;
    double d;
    std::vector<int> vertices;
  };
  double size = 0;
  for (const auto& p : hull.vertices) size = std::max(size, p.norm());
  const double offset_tolerance = 1e-10 * std::max(size, 1.0);
  std::vector<Face> faces;
  for (const auto& t : hull.triangles) {
    const Vector3<double>& a = hull.vertices[t[0]];
    const Vector3<double> cross =
        (hull.vertices[t[1]] - a).cross(hull.vertices[t[2]] - a);
    if (!(cross.norm() > 0)) continue;
    const Vector3<double> n = cross.normalized();
    const double d = n.dot(a);
    auto it = std::find_if(faces.begin(), faces.end(), [&](const Face& f) {
      return f.n.dot(n) > 1 - 1e-10 && std::abs(f.d - d) <= offset_tolerance;
    });
    if (it == faces.end()) {
      faces.push_back(Face{n, d, {}});
      it = faces.end() - 1;
    }
    for (int v : t) {
      if (std::find(it->vertices.begin(), it->vertices.end(), v) ==
          it->vertices.end()) {
        it->vertices.push_back(v);
      }
    }
  }
  std::vector<int> face_data;
  for (Face& f : faces) {
    Vector3<double> c = Vector3<double>::Zero();
    for (int v : f.vertices) c += hull.vertices[v];
    c /= static_cast<double>(f.vertices.size());
    const Vector3<double> u = (hull.vertices[f.vertices[0]] - c).normalized();
    const Vector3<double> w = f.n.cross(u);
    auto angle = [&](int v) {
      const Vector3<double> r = hull.vertices[v] - c;
      return std::atan2(r.dot(w), r.dot(u));
    };
    std::sort(f.vertices.begin(), f.vertices.end(),
              [&](int a, int b) { return angle(a) < angle(b); });
    face_data.push_back(static_cast<int>(f.vertices.size()));
    face_data.insert(face_data.end(), f.vertices.begin(), f.vertices.end());
  }
  return PolygonSurfaceMesh(std::move(face_data), hull.vertices);
}

class HullSourceReifier final : public ShapeReifier {
 public:
  std::string filename;
  Vector3<double> scale3;
  std::string description;
  using ShapeReifier::ImplementGeometry;
  void ImplementGeometry(const Mesh& m, void*) final {
    filename = m.filename();
    scale3 = m.scale3();
    description = m.to_string();
  }
  void ImplementGeometry(const Convex& c, void*) final {
    filename = c.filename();
    scale3 = c.scale3();
    description = c.to_string();
  }
};

}  // namespace

TriangleSurfaceMesh ReadObjToTriangleSurfaceMesh(
    const std::string& filename, const Vector3<double>& scale3) {
  std::ifstream in(filename);
  if (!in) {
    ThrowRuntimeError(
        "ReadObjToTriangleSurfaceMesh(): cannot read the file '{}'.", filename);
  }
  return ParseObj(in, filename, scale3);
}

TriangleSurfaceMesh ReadObjContentsToTriangleSurfaceMesh(
    const std::string& contents, const std::string& description,
    const Vector3<double>& scale3) {
  std::istringstream in(contents);
  return ParseObj(in, description, scale3);
}

PolygonSurfaceMesh MakeConvexHull(const Shape& shape) {
  HullSourceReifier source;
  try {
    shape.Reify(&source);
  } catch (const std::logic_error&) {
    ThrowRuntimeError(
        "MakeConvexHull(): {} has no convex hull to compute; only Mesh and "
        "Convex do.",
        shape.to_string());
  }
  const auto surface =
      internal::ReadTriangleSurface(source.filename, source.scale3);
  return MergeHullFaces(
      internal::ComputeConvexHull(surface.vertices, source.description));
}

}  // namespace ossa::geometry
