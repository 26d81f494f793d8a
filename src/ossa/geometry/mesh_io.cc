#include "ossa/geometry/mesh_io.h"

#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <algorithm>
#include <assimp/Importer.hpp>
#include <cctype>
#include <filesystem>

#include "ossa/common/error.h"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace ossa::geometry::internal {
namespace {

std::string LowerExtension(const std::string& filename) {
  std::string ext = std::filesystem::path(filename).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return ext;
}

void AppendNode(const aiScene& scene, const aiNode& node,
                const aiMatrix4x4& parent, TriangleSurface* out) {
  const aiMatrix4x4 X = parent * node.mTransformation;
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    const int offset = static_cast<int>(out->vertices.size());
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D p = X * mesh.mVertices[v];
      out->vertices.emplace_back(p.x, p.y, p.z);
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != 3) continue;  // Points and lines bound nothing.
      out->triangles.push_back({offset + static_cast<int>(face.mIndices[0]),
                                offset + static_cast<int>(face.mIndices[1]),
                                offset + static_cast<int>(face.mIndices[2])});
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c) {
    AppendNode(scene, *node.mChildren[c], X, out);
  }
}

}  // namespace

TriangleSurface ReadTriangleSurface(const std::string& filename,
                                    const Vector3<double>& scale) {
  if (!std::filesystem::exists(filename)) {
    ThrowRuntimeError("Cannot read the mesh file '{}': it does not exist.",
                      filename);
  }
  Assimp::Importer importer;
  const std::string ext = LowerExtension(filename);
  if (!importer.IsExtensionSupported(ext)) {
    ThrowRuntimeError(
        "Cannot read the mesh file '{}': its format '{}' is not one that can "
        "be read (OBJ, STL, DAE, glTF, ...).",
        filename, ext.empty() ? std::string("(no extension)") : ext);
  }
  // Vertices as written in the file, in the frame the model gives the
  // mesh (robot description files place Z-up COLLADA meshes as they are;
  // Assimp would otherwise turn them to Y-up).
  importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
  // Joining identical vertices makes a closed surface of an STL file, which
  // stores each triangle's corners separately.
  const aiScene* scene = importer.ReadFile(
      filename, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                    aiProcess_SortByPType);
  if (scene == nullptr || scene->mRootNode == nullptr) {
    ThrowRuntimeError("Cannot read the mesh file '{}': {}", filename,
                      importer.GetErrorString());
  }
  TriangleSurface out;
  aiMatrix4x4 identity;
  AppendNode(*scene, *scene->mRootNode, identity, &out);
  if (out.triangles.empty()) {
    ThrowRuntimeError("The mesh file '{}' has no triangles.", filename);
  }
  for (auto& v : out.vertices) v = v.cwiseProduct(scale);
  // A negative scale on an odd number of axes mirrors the surface; swapping
  // two corners keeps the normals pointing outward.
  if (scale.prod() < 0) {
    for (auto& t : out.triangles) std::swap(t[1], t[2]);
  }
  return out;
}

TriangleSurface ComputeConvexHull(const std::vector<Vector3<double>>& points,
                                  const std::string& what) {
  if (points.size() < 4) {
    ThrowRuntimeError("{}: a convex hull needs at least 4 points, got {}.",
                      what, points.size());
  }
  std::vector<coordT> coords(points.size() * 3);
  for (size_t i = 0; i < points.size(); ++i) {
    for (int k = 0; k < 3; ++k) coords[3 * i + k] = points[i][k];
  }
  qhT qh_storage;
  qhT* qh = &qh_storage;
  QHULL_LIB_CHECK
  qh_zero(qh, nullptr);
  char options[] = "qhull Qt";
  const int status =
      qh_new_qhull(qh, 3, static_cast<int>(points.size()), coords.data(), False,
                   options, nullptr, nullptr);
  TriangleSurface hull;
  if (status == 0) {
    std::vector<int> new_index(points.size(), -1);
    facetT* facet;
    vertexT* vertex;
    vertexT** vertexp;
    FORALLfacets {
      std::array<int, 3> tri{};
      int k = 0;
      FOREACHvertex_(facet->vertices) {
        const int id = qh_pointid(qh, vertex->point);
        if (new_index[id] < 0) {
          new_index[id] = static_cast<int>(hull.vertices.size());
          hull.vertices.push_back(points[id]);
        }
        if (k < 3) tri[k++] = new_index[id];
      }
      if (k != 3) continue;
      // Orient by the facet's outward normal, which qhull stores.
      const Vector3<double> n(facet->normal[0], facet->normal[1],
                              facet->normal[2]);
      const Vector3<double>& a = hull.vertices[tri[0]];
      const Vector3<double>& b = hull.vertices[tri[1]];
      const Vector3<double>& c = hull.vertices[tri[2]];
      if ((b - a).cross(c - a).dot(n) < 0) std::swap(tri[1], tri[2]);
      hull.triangles.push_back(tri);
    }
  }
  qh_freeqhull(qh, !qh_ALL);
  int curlong, totlong;
  qh_memfreeshort(qh, &curlong, &totlong);
  if (status != 0 || hull.triangles.empty()) {
    ThrowRuntimeError(
        "{}: the convex hull of {} points cannot be computed (the points lie "
        "in a plane, on a line or at one point).",
        what, points.size());
  }
  return hull;
}

SolidMoments CalcSolidMoments(const TriangleSurface& surface) {
  SolidMoments m;
  for (const auto& t : surface.triangles) {
    const Vector3<double>& a = surface.vertices[t[0]];
    const Vector3<double>& b = surface.vertices[t[1]];
    const Vector3<double>& c = surface.vertices[t[2]];
    // The tetrahedron (origin, a, b, c), signed by the triangle's
    // orientation.
    const double v = a.dot(b.cross(c)) / 6.0;
    const Vector3<double> s = a + b + c;
    m.volume += v;
    m.first_moment += v * s / 4.0;
    m.second_moment += v / 20.0 *
                       (a * a.transpose() + b * b.transpose() +
                        c * c.transpose() + s * s.transpose());
  }
  return m;
}

}  // namespace ossa::geometry::internal
