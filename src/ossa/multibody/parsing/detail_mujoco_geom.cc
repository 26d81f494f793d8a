// MujocoReader's geoms: shapes, materials, contact properties and, for
// inertiafromgeom, the mass properties of each geom (primitive shapes in
// closed form, OBJ meshes from their triangles).

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ossa/multibody/parsing/detail_mujoco_reader.h"

namespace ossa::multibody::internal::mujoco {

namespace fs = std::filesystem;


// Reads the vertices and faces of a Wavefront OBJ file (polygons are fanned
// into triangles), scaled per axis by `scale`. Returns nullopt and sets
// `error` when the file cannot be read or holds a bad face.
std::optional<MeshVolumeProperties> ReadObjVolumeProperties(
    const std::string& path, const Eigen::Vector3d& scale, std::string* error) {
  // Only a regular file of bounded size is read: a FIFO or a device such as
  // /dev/zero (perhaps behind a symbolic link named *.obj) would block or
  // never end, and a huge file would exhaust memory.
  constexpr std::uintmax_t kMaxObjBytes = 512u << 20;
  std::error_code ec;
  const fs::file_status status = fs::status(fs::path(path), ec);
  if (ec || !fs::is_regular_file(status)) {
    *error = "is not a regular file";
    return std::nullopt;
  }
  const std::uintmax_t size = fs::file_size(fs::path(path), ec);
  if (ec || size > kMaxObjBytes) {
    *error = fmt::format("is larger than the {} MB an OBJ mesh may have",
                         kMaxObjBytes >> 20);
    return std::nullopt;
  }
  std::ifstream in(path);
  if (!in) {
    *error = "cannot be read";
    return std::nullopt;
  }
  std::vector<Eigen::Vector3d> vertices;
  MeshVolumeProperties p;
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();  // Σ V (a + b + c) / 4
  Eigen::Matrix3d C = Eigen::Matrix3d::Zero();       // ∫ r rᵀ dV
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind == "v") {
      Eigen::Vector3d v;
      if (!(words >> v.x() >> v.y() >> v.z()) || !v.allFinite()) {
        *error = fmt::format("line {}: a bad vertex", line_number);
        return std::nullopt;
      }
      vertices.push_back(v.cwiseProduct(scale));
    } else if (kind == "f") {
      std::vector<int> face;
      std::string token;
      while (words >> token) {
        // "i", "i/t", "i//n" or "i/t/n"; negative i counts from the end.
        int i = 0;
        try {
          i = std::stoi(token.substr(0, token.find('/')));
        } catch (const std::exception&) {
          *error =
              fmt::format("line {}: a bad face index '{}'", line_number, token);
          return std::nullopt;
        }
        const int n = static_cast<int>(vertices.size());
        const int index = i > 0 ? i - 1 : n + i;
        if (i == 0 || index < 0 || index >= n) {
          *error = fmt::format("line {}: face index {} is out of range",
                               line_number, i);
          return std::nullopt;
        }
        face.push_back(index);
      }
      for (size_t k = 1; k + 1 < face.size(); ++k) {
        const Eigen::Vector3d& a = vertices[face[0]];
        const Eigen::Vector3d& b = vertices[face[k]];
        const Eigen::Vector3d& c = vertices[face[k + 1]];
        const double V = a.dot(b.cross(c)) / 6;
        const Eigen::Vector3d sum = a + b + c;
        p.volume += V;
        moment += V * sum / 4;
        // Tetrahedron (0, a, b, c): ∫ r rᵀ dV = V/20 (a aᵀ + b bᵀ + c cᵀ +
        // s sᵀ), s = a + b + c.
        C += V / 20 *
             (a * a.transpose() + b * b.transpose() + c * c.transpose() +
              sum * sum.transpose());
      }
    }
  }
  if (!(p.volume > 0)) return p;  // the caller reports it
  p.p_GoGcm = moment / p.volume;
  // About Go: I = tr(C) 1 − C; shifted to the center of volume.
  const Eigen::Matrix3d I_GGo = C.trace() * Eigen::Matrix3d::Identity() - C;
  const Eigen::Vector3d& c = p.p_GoGcm;
  p.I_GGcm_per_density =
      I_GGo - p.volume * (c.squaredNorm() * Eigen::Matrix3d::Identity() -
                          c * c.transpose());
  return p;
}


void AddVisualAndCollision(GeometrySpec g, std::vector<GeometrySpec>* visuals,
                           std::vector<GeometrySpec>* collisions) {
  const auto& props = g.proximity_properties;
  const bool collides =
      !(props.count("contype") && props.at("contype") == 0 &&
        props.count("conaffinity") && props.at("conaffinity") == 0);
  g.is_collision = false;
  visuals->push_back(g);
  if (collides && g.shape.type != ShapeType::kMesh) {
    g.is_collision = true;
    collisions->push_back(std::move(g));
  }
}

bool MujocoReader::ReadGeom(const XmlReader& xml, const XMLElement* e,
                            const std::string& cls, const std::string& owner,
                            int index, GeometrySpec* g, double* mass,
                            Eigen::Vector3d* p_GoGcm_G,
                            Eigen::Matrix3d* I_GGcm_G) {
  p_GoGcm_G->setZero();
  std::optional<MeshVolumeProperties> mesh_properties;
  g->location = xml.Loc(e);
  // Unnamed geoms are "geom<i>", i their index in the body, as the
  // reference names them.
  g->name = e->Attribute("name") ? e->Attribute("name")
                                 : fmt::format("geom{}", index);
  std::string type = "sphere";
  if (const char* t = Get(e, cls, "type")) type = t;
  std::vector<double> size = Numbers(xml, e, cls, "size");
  Eigen::Isometry3d X_BG = ReadFrame(xml, e, cls);
  const auto fromto = Numbers(xml, e, cls, "fromto");
  if (!fromto.empty()) {
    if (fromto.size() != 6) xml.Error(e, "attribute 'fromto' needs 6 numbers");
    if (type != "capsule" && type != "cylinder" && type != "box" &&
        type != "ellipsoid") {
      xml.Error(e, fmt::format("fromto is not allowed on a {} geom", type));
    }
    const Eigen::Vector3d from(fromto[0], fromto[1], fromto[2]);
    const Eigen::Vector3d to(fromto[3], fromto[4], fromto[5]);
    const Eigen::Vector3d d = to - from;
    if (!(d.norm() > 1e-10)) xml.Error(e, "fromto has zero length");
    X_BG.translation() = 0.5 * (from + to);
    X_BG.linear() = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(),
                                                       d.normalized())
                        .toRotationMatrix();
    const double half = 0.5 * d.norm();
    if (size.empty()) xml.Error(e, "a fromto geom needs its radius in size");
    if (type == "box" || type == "ellipsoid") {
      if (size.size() < 2) xml.Error(e, "size needs 2 numbers with fromto");
      size = {size[0], size[1], half};
    } else {
      size = {size[0], half};
    }
  }
  g->X_BG = ToRigidTransform(X_BG);
  auto need = [&](size_t n) {
    if (size.size() < n) {
      xml.Error(e, fmt::format("a {} geom needs {} size number(s), has {}",
                               type, n, size.size()));
    }
    for (size_t i = 0; i < n; ++i) {
      if (size[i] < 0) xml.Error(e, "geom sizes cannot be negative");
    }
  };
  ShapeSpec& s = g->shape;
  double volume = 0;
  Eigen::Vector3d unit_I = Eigen::Vector3d::Zero();  // I / m, principal
  if (type == "sphere") {
    need(1);
    s.type = ShapeType::kSphere;
    s.radius = size[0];
    const double r = size[0];
    volume = 4.0 / 3.0 * M_PI * r * r * r;
    unit_I.setConstant(0.4 * r * r);
  } else if (type == "box") {
    need(3);
    s.type = ShapeType::kBox;
    const Eigen::Vector3d h(size[0], size[1], size[2]);
    s.size = 2 * h;
    volume = 8 * h.prod();
    unit_I = Eigen::Vector3d(h.y() * h.y() + h.z() * h.z(),
                             h.x() * h.x() + h.z() * h.z(),
                             h.x() * h.x() + h.y() * h.y()) /
             3.0;
  } else if (type == "cylinder") {
    need(2);
    s.type = ShapeType::kCylinder;
    s.radius = size[0];
    s.length = 2 * size[1];
    const double r = size[0], L = 2 * size[1];
    volume = M_PI * r * r * L;
    unit_I = Eigen::Vector3d((3 * r * r + L * L) / 12, (3 * r * r + L * L) / 12,
                             r * r / 2);
  } else if (type == "capsule") {
    need(2);
    s.type = ShapeType::kCapsule;
    s.radius = size[0];
    s.length = 2 * size[1];
    const double r = size[0], h = size[1], L = 2 * h;
    // Cylinder of length L plus two hemispheres, each hemisphere's inertia
    // shifted from its own centroid (3r/8 from the flat face) to Go.
    const double vc = M_PI * r * r * L, vs = 4.0 / 3.0 * M_PI * r * r * r;
    volume = vc + vs;
    if (volume > 0) {
      const double Ixx = vc * (L * L / 12 + r * r / 4) +
                         vs * (2 * r * r / 5 + h * h + 3 * h * r / 4);
      const double Izz = vc * r * r / 2 + vs * 2 * r * r / 5;
      unit_I = Eigen::Vector3d(Ixx, Ixx, Izz) / volume;
    }
  } else if (type == "ellipsoid") {
    need(3);
    s.type = ShapeType::kEllipsoid;
    s.size = Eigen::Vector3d(size[0], size[1], size[2]);
    const Eigen::Vector3d a = s.size;
    volume = 4.0 / 3.0 * M_PI * a.prod();
    unit_I = Eigen::Vector3d(a.y() * a.y() + a.z() * a.z(),
                             a.x() * a.x() + a.z() * a.z(),
                             a.x() * a.x() + a.y() * a.y()) /
             5.0;
  } else if (type == "plane") {
    s.type = ShapeType::kHalfSpace;
  } else if (type == "mesh") {
    s.type = ShapeType::kMesh;
    const char* mesh = Get(e, cls, "mesh");
    if (mesh == nullptr) xml.Error(e, "a mesh geom needs a mesh attribute");
    auto it = meshes_.find(mesh);
    if (it == meshes_.end()) {
      xml.Error(e, fmt::format("mesh asset '{}' does not exist", mesh));
    }
    s.scale = it->second.scale;
    if (it->second.file.empty()) {
      xml.Warning(e, fmt::format("mesh file '{}' cannot be found; the "
                                 "geometry is skipped",
                                 it->second.written));
      return false;
    }
    s.filename = it->second.file;
    // As the reference: inertia from the volume of an OBJ mesh (in G,
    // scaled); other formats carry none.
    if (GetExtension(s.filename) == "obj") {
      std::string error;
      mesh_properties = ReadObjVolumeProperties(s.filename, s.scale, &error);
      if (!mesh_properties) {
        xml.Warning(e, fmt::format("mesh file '{}' {}; the geom has no "
                                   "mass",
                                   it->second.written, error));
      } else if (!(mesh_properties->volume > 0)) {
        xml.Warning(e, fmt::format("mesh file '{}' encloses no positive "
                                   "volume (not closed, or faces turned "
                                   "inward); the geom has no mass",
                                   it->second.written));
        mesh_properties.reset();
      } else {
        volume = mesh_properties->volume;
      }
    }
  } else {
    xml.Warning(e, fmt::format("unsupported geom type '{}'; skipped", type));
    return false;
  }
  // Mass: an explicit mass wins, else density × volume (MuJoCo's default
  // density is 1000 kg/m³, water).
  double density = 1000;
  if (const char* d = Get(e, cls, "density")) {
    density = xml.ParseDouble(e, d, "attribute 'density'");
  }
  *mass = density * volume;
  if (const char* m = Get(e, cls, "mass")) {
    *mass = xml.ParseDouble(e, m, "attribute 'mass'");
  }
  if (*mass < 0) xml.Error(e, "a geom's mass cannot be negative");
  if (s.type == ShapeType::kMesh && !mesh_properties) {
    // No volume to spread a mass over: a given mass stays a point mass at
    // Go, else the geom is massless.
    if (Get(e, cls, "mass") == nullptr) *mass = 0;
    I_GGcm_G->setZero();
  } else if (mesh_properties) {
    *p_GoGcm_G = mesh_properties->p_GoGcm;
    *I_GGcm_G = (*mass / volume) * mesh_properties->I_GGcm_per_density;
  } else {
    *I_GGcm_G = (*mass * unit_I).asDiagonal();
  }
  // Color: the geom's own rgba, else its material's, else the class's.
  const char* material = Get(e, cls, "material");
  auto mat = material ? materials_.find(material) : materials_.end();
  if (const char* rgba = e->Attribute("rgba")) {
    g->rgba = xml.ParseVector(e, rgba, 4, "attribute 'rgba'");
  } else if (mat != materials_.end()) {
    g->rgba = mat->second;
  } else if (const char* class_rgba = Get(e, cls, "rgba")) {
    g->rgba = xml.ParseVector(e, class_rgba, 4, "attribute 'rgba'");
  }
  const auto friction = Numbers(xml, e, cls, "friction");
  if (!friction.empty()) {
    g->static_friction = friction[0];
    g->dynamic_friction = friction[0];
  }
  for (const char* key : {"contype", "conaffinity", "condim", "group"}) {
    if (const char* v = Get(e, cls, key)) {
      g->proximity_properties[key] =
          xml.ParseDouble(e, v, fmt::format("attribute '{}'", key));
    }
  }
  return true;
}
}  // namespace ossa::multibody::internal::mujoco
