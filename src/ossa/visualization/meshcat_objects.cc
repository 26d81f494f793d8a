#include "ossa/visualization/meshcat_objects.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ossa/geometry/mesh_io.h"
#include "ossa/geometry/shape_specification.h"

namespace ossa::geometry::internal {
namespace {

// A geometry or material of a three.js JSON object, with its uuid.
struct Part {
  std::string uuid;
  MsgValue value;
};

Part NewPart(const char* type) {
  Part part{NewUuid(), MsgValue::Map()};
  part.value.Set("uuid", part.uuid);
  part.value.Set("type", type);
  return part;
}

int ColorInt(const Rgba& rgba) {
  // Truncated, as the reference does (0.9 is 229 = 0xE5).
  auto channel = [](double c) {
    return static_cast<int>(std::clamp(c, 0.0, 1.0) * 255.0);
  };
  return (channel(rgba.r()) << 16) | (channel(rgba.g()) << 8) |
         channel(rgba.b());
}

MsgValue MatrixValue(const Eigen::Matrix4d& X) {
  return MsgValue::DoubleArray(std::vector<double>(X.data(), X.data() + 16));
}

void SetOpacity(const Rgba& rgba, MsgValue* material) {
  material->Set("color", ColorInt(rgba));
  material->Set("transparent", rgba.a() < 1.0);
  material->Set("opacity", rgba.a());
}

Part PhongMaterial(const Rgba& rgba, bool flat_shading, bool wireframe = false,
                   double wireframe_line_width = 1.0, int side = 2) {
  Part m = NewPart("MeshPhongMaterial");
  SetOpacity(rgba, &m.value);
  m.value.Set("reflectivity", 0.5);
  m.value.Set("side", side);  // THREE.FrontSide 0, BackSide 1, DoubleSide 2
  m.value.Set("flatShading", flat_shading);
  if (wireframe) {
    m.value.Set("wireframe", true);
    m.value.Set("wireframeLinewidth", wireframe_line_width);
  }
  return m;
}

// {metadata, geometries: [geometry], materials: [material], object}.
MsgValue Root(Part geometry, Part material, const char* type,
              const Eigen::Matrix4d& X = Eigen::Matrix4d::Identity()) {
  MsgValue object = MsgValue::Map();
  object.Set("uuid", NewUuid());
  object.Set("type", type);
  object.Set("geometry", geometry.uuid);
  object.Set("material", material.uuid);
  object.Set("matrix", MatrixValue(X));
  MsgValue root = MsgValue::Map();
  root.Set("metadata",
           MsgValue::Map().Set("version", 4.5).Set("type", "Object"));
  root.Set("geometries", MsgValue::Array().Push(std::move(geometry.value)));
  root.Set("materials", MsgValue::Array().Push(std::move(material.value)));
  root.Set("object", std::move(object));
  return root;
}

MsgValue Attribute(std::vector<float> values, int item_size) {
  return MsgValue::Map()
      .Set("itemSize", item_size)
      .Set("type", "Float32Array")
      .Set("array", MsgValue::Float32Array(values))
      .Set("normalized", false);
}

std::vector<float> Floats(const Eigen::Matrix3Xd& m) {
  std::vector<float> out(m.size());
  for (Eigen::Index i = 0; i < m.size(); ++i)
    out[i] = static_cast<float>(m.data()[i]);
  return out;
}

// A BufferGeometry with positions (3 floats per vertex), optional normals
// and optional triangle indices.
Part BufferGeometry(std::vector<float> positions, std::vector<float> normals,
                    std::vector<uint32_t> indices,
                    std::vector<float> colors = {}) {
  Part g = NewPart("BufferGeometry");
  MsgValue attributes = MsgValue::Map();
  attributes.Set("position", Attribute(std::move(positions), 3));
  if (!normals.empty())
    attributes.Set("normal", Attribute(std::move(normals), 3));
  if (!colors.empty()) attributes.Set("color", Attribute(std::move(colors), 3));
  MsgValue data = MsgValue::Map();
  data.Set("attributes", std::move(attributes));
  if (!indices.empty()) {
    data.Set("index", MsgValue::Map()
                          .Set("itemSize", 1)
                          .Set("type", "Uint32Array")
                          .Set("array", MsgValue::Uint32Array(indices)));
  }
  g.value.Set("data", std::move(data));
  return g;
}

Part SurfaceGeometry(const TriangleSurface& surface) {
  std::vector<float> positions;
  positions.reserve(surface.vertices.size() * 3);
  for (const auto& v : surface.vertices) {
    for (int i = 0; i < 3; ++i) positions.push_back(static_cast<float>(v[i]));
  }
  std::vector<uint32_t> indices;
  indices.reserve(surface.triangles.size() * 3);
  for (const auto& t : surface.triangles) {
    for (int i = 0; i < 3; ++i) indices.push_back(static_cast<uint32_t>(t[i]));
  }
  return BufferGeometry(std::move(positions), {}, std::move(indices));
}

// A capsule of radius r and cylinder length l about Sz, as a surface of
// revolution: rings from the bottom pole to the top pole, with the normals
// of the exact surface (smooth shading).
Part CapsuleGeometry(double r, double l) {
  constexpr int kSegments = 32;  // around the axis
  constexpr int kCapRings = 8;   // per hemisphere, pole to equator
  std::vector<float> positions, normals;
  std::vector<uint32_t> indices;
  int rings = 0;
  for (int cap = 0; cap < 2; ++cap) {
    const double z0 = cap == 0 ? -l / 2 : l / 2;
    for (int k = 0; k <= kCapRings; ++k) {
      // Latitude from -pi/2 (bottom pole) to 0, then 0 to pi/2.
      const double phi = cap == 0 ? -M_PI / 2 + M_PI / 2 * k / kCapRings
                                  : M_PI / 2 * k / kCapRings;
      for (int s = 0; s <= kSegments; ++s) {
        const double theta = 2 * M_PI * s / kSegments;
        const double nx = std::cos(phi) * std::cos(theta);
        const double ny = std::cos(phi) * std::sin(theta);
        const double nz = std::sin(phi);
        positions.insert(positions.end(),
                         {float(r * nx), float(r * ny), float(z0 + r * nz)});
        normals.insert(normals.end(), {float(nx), float(ny), float(nz)});
      }
      ++rings;
    }
  }
  const int row = kSegments + 1;
  for (int ring = 0; ring + 1 < rings; ++ring) {
    for (int s = 0; s < kSegments; ++s) {
      const uint32_t a = ring * row + s, b = a + 1, c = a + row, d = c + 1;
      indices.insert(indices.end(), {a, b, d, a, d, c});
    }
  }
  return BufferGeometry(std::move(positions), std::move(normals),
                        std::move(indices));
}

std::string ReadFile(const std::string& filename) {
  std::ifstream in(filename, std::ios::binary);
  if (!in) {
    throw std::runtime_error(fmt::format(
        "Meshcat::SetObject(): cannot read the mesh file '{}'.", filename));
  }
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A mesh file: OBJ, STL and DAE go to the viewer as they are; other formats
// (glTF, ...) are read here and sent as triangles.
Part MeshFileGeometry(const std::string& filename, const std::string& extension,
                      bool* flat_shading) {
  *flat_shading = false;
  if (extension == ".obj" || extension == ".stl" || extension == ".dae") {
    Part g = NewPart("_meshfile_geometry");
    std::string bytes = ReadFile(filename);
    g.value.Set("format", extension.substr(1));
    if (extension == ".stl") {
      g.value.Set("data", MsgValue::Bin(std::move(bytes)));
    } else {
      g.value.Set("data", std::move(bytes));
    }
    return g;
  }
  *flat_shading = true;
  // The scale is the object's matrix, as for the other formats.
  return SurfaceGeometry(
      ReadTriangleSurface(filename, Vector3<double>::Ones()));
}

class ObjectBuilder final : public ShapeReifier {
 public:
  explicit ObjectBuilder(const Rgba& rgba) : rgba_(rgba) {}
  MsgValue Build(const Shape& shape) {
    shape.Reify(this);
    return std::move(result_);
  }

 private:
  void Finish(Part geometry, bool flat_shading,
              const Eigen::Matrix4d& X = Eigen::Matrix4d::Identity()) {
    result_ = Root(std::move(geometry), PhongMaterial(rgba_, flat_shading),
                   "Mesh", X);
  }

  // A quarter turn about x: y becomes z (three.js primitives and glTF
  // files are y-up; SceneGraph is z-up).
  static Eigen::Matrix4d YUpToZUp() {
    Eigen::Matrix4d X = Eigen::Matrix4d::Identity();
    X(1, 1) = 0;
    X(2, 1) = 1;
    X(1, 2) = -1;
    X(2, 2) = 0;
    return X;
  }

  static Eigen::Matrix4d Scale(const Vector3<double>& s) {
    Eigen::Matrix4d X = Eigen::Matrix4d::Identity();
    X.diagonal().head<3>() = s;
    return X;
  }

  void ImplementGeometry(const Sphere& sphere, void*) final {
    Part g = NewPart("SphereGeometry");
    g.value.Set("radius", sphere.radius());
    g.value.Set("widthSegments", 32).Set("heightSegments", 16);
    Finish(std::move(g), false);
  }
  void ImplementGeometry(const Ellipsoid& e, void*) final {
    Part g = NewPart("SphereGeometry");
    g.value.Set("radius", 1.0)
        .Set("widthSegments", 32)
        .Set("heightSegments", 16);
    Finish(std::move(g), false, Scale(Vector3<double>(e.a(), e.b(), e.c())));
  }
  void ImplementGeometry(const Box& box, void*) final {
    // three.js boxes are width × height × depth along x, y, z.
    Part g = NewPart("BoxGeometry");
    g.value.Set("width", box.width()).Set("height", box.depth());
    g.value.Set("depth", box.height());
    Finish(std::move(g), false);
  }
  void ImplementGeometry(const Cylinder& cylinder, void*) final {
    Part g = NewPart("CylinderGeometry");
    g.value.Set("radiusTop", cylinder.radius());
    g.value.Set("radiusBottom", cylinder.radius());
    g.value.Set("height", cylinder.length());
    g.value.Set("radialSegments", 32);
    // three.js cylinders run along y.
    Finish(std::move(g), false, YUpToZUp());
  }
  void ImplementGeometry(const Capsule& capsule, void*) final {
    Finish(CapsuleGeometry(capsule.radius(), capsule.length()), false);
  }
  void ImplementGeometry(const HalfSpace&, void*) final {
    constexpr double kSide = 40, kThickness = 0.01;
    Part g = NewPart("BoxGeometry");
    g.value.Set("width", kSide).Set("height", kSide).Set("depth", kThickness);
    Eigen::Matrix4d X = Eigen::Matrix4d::Identity();
    X(2, 3) = -kThickness / 2;
    Finish(std::move(g), false, X);
  }
  void ImplementGeometry(const Mesh& mesh, void*) final {
    bool flat = false;
    Part g = MeshFileGeometry(mesh.filename(), mesh.extension(), &flat);
    const std::string ext = mesh.extension();
    const bool y_up = ext == ".gltf" || ext == ".glb";
    Finish(std::move(g), flat,
           y_up ? Eigen::Matrix4d(Scale(mesh.scale3()) * YUpToZUp())
                : Scale(mesh.scale3()));
  }
  void ImplementGeometry(const Convex& convex, void*) final {
    const TriangleSurface surface =
        ReadTriangleSurface(convex.filename(), convex.scale3());
    const TriangleSurface hull =
        ComputeConvexHull(surface.vertices, "Meshcat::SetObject() of Convex '" +
                                                convex.filename() + "'");
    Finish(SurfaceGeometry(hull), true);
  }

  Rgba rgba_;
  MsgValue result_;
};

}  // namespace

MsgValue ShapeObject(const Shape& shape, const Rgba& rgba) {
  return ObjectBuilder(rgba).Build(shape);
}

MsgValue LineObject(const Eigen::Matrix3Xd& vertices, bool segments,
                    double line_width, const Rgba& rgba) {
  Part material = NewPart("LineBasicMaterial");
  SetOpacity(rgba, &material.value);
  material.value.Set("linewidth", line_width);
  material.value.Set("vertexColors", false);
  return Root(BufferGeometry(Floats(vertices), {}, {}), std::move(material),
              segments ? "LineSegments" : "Line");
}

MsgValue TriangleMeshObject(const Eigen::Matrix3Xd& vertices,
                            const Eigen::Matrix3Xi& faces, const Rgba& rgba,
                            bool wireframe, double wireframe_line_width,
                            int side, const char* who) {
  std::vector<uint32_t> indices(faces.size());
  for (Eigen::Index i = 0; i < faces.size(); ++i) {
    const int index = faces.data()[i];
    if (index < 0 || index >= vertices.cols()) {
      throw std::invalid_argument(fmt::format(
          "{}: face {} refers to vertex {}, but there are {} vertices.", who,
          i / 3, index, vertices.cols()));
    }
    indices[i] = static_cast<uint32_t>(index);
  }
  return Root(BufferGeometry(Floats(vertices), {}, std::move(indices)),
              PhongMaterial(rgba, true, wireframe, wireframe_line_width, side),
              "Mesh");
}

MsgValue PointsObject(const Eigen::Matrix3Xd& points,
                      const Eigen::Matrix3Xd& colors, double point_size,
                      const Rgba& rgba) {
  const bool per_point = colors.cols() == points.cols() && points.cols() > 0;
  Part material = NewPart("PointsMaterial");
  SetOpacity(rgba, &material.value);
  material.value.Set("size", point_size);
  material.value.Set("vertexColors", per_point);
  return Root(BufferGeometry(Floats(points), {}, {},
                             per_point ? Floats(colors) : std::vector<float>{}),
              std::move(material), "Points");
}

MsgValue SetObjectMessage(const std::string& path, MsgValue object) {
  return MsgValue::Map()
      .Set("type", "set_object")
      .Set("path", path)
      .Set("object", std::move(object));
}

}  // namespace ossa::geometry::internal
