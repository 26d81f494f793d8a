#include "ossa/multibody/parsing/detail_mujoco_parser.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

#include "ossa/multibody/parsing/detail_mujoco_equality.h"

namespace ossa::multibody::internal {
namespace {

namespace fs = std::filesystem;
using tinyxml2::XMLElement;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Attribute values of one default class, per element tag, merged with its
// parent classes' (own values win).
using AttributeMap = std::map<std::string, std::string>;
struct DefaultClass {
  std::map<std::string, AttributeMap> by_tag;
};

struct Compiler {
  bool degrees{true};
  std::string eulerseq{"xyz"};
  std::string inertiafromgeom{"auto"};  // false | true | auto
  bool autolimits{true};
  std::string meshdir;
};

struct MeshAsset {
  std::string file;  // resolved, or "" when missing
  std::string written;
  Eigen::Vector3d scale{Eigen::Vector3d::Ones()};
};

// A top-level section of the document, with the reader of the file it came
// from (an <include> brings in another file).
struct Section {
  const XmlReader* reader;
  const XMLElement* element;
};

// Volume, center of volume and second moment of a closed, outward-oriented
// triangle mesh (per unit density), by summing the signed tetrahedra the
// triangles make with the origin (divergence theorem).
struct MeshVolumeProperties {
  double volume{0};
  Eigen::Vector3d p_GoGcm{Eigen::Vector3d::Zero()};
  Eigen::Matrix3d I_GGcm_per_density{Eigen::Matrix3d::Zero()};
};

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

class MujocoReader : IncludingXmlReader {
 public:
  using IncludingXmlReader::IncludingXmlReader;

  ModelSpec Read();

 private:
  void CollectSections(const XmlReader& xml, const XMLElement* root, int depth);
  void ReadCompiler(const XmlReader& xml, const XMLElement* e);
  void ReadDefault(const XmlReader& xml, const XMLElement* e,
                   const DefaultClass& parent);
  void ReadAsset(const XmlReader& xml, const XMLElement* e);
  // A <body> to read: its parent's name, the parent's pose in world and
  // the childclass it inherits.
  struct PendingBody {
    const XMLElement* e;
    std::string parent;
    Eigen::Isometry3d X_WP;
    std::string childclass;
  };
  // Reads one body (its joints, geoms, sites) and appends its child bodies,
  // in order, to `children`.
  void ReadBody(const XmlReader& xml, const XMLElement* e,
                const std::string& parent, const Eigen::Isometry3d& X_WP,
                const std::string& childclass,
                std::vector<PendingBody>* children);
  // Reads a body and all the bodies inside it, depth first in document
  // order, with an explicit stack: bodies may nest thousands deep.
  void ReadBodyTree(const XmlReader& xml, const XMLElement* e,
                    const std::string& parent, const Eigen::Isometry3d& X_WP,
                    const std::string& childclass);
  void ReadWorldBody(const XmlReader& xml, const XMLElement* e);
  void ReadActuators(const XmlReader& xml, const XMLElement* e);
  void ReadContact(const XmlReader& xml, const XMLElement* e);

  // The attribute `name` of element `e` (tag `tag`) after defaults: own
  // value, else its class's, else nullptr.
  const char* Get(const XMLElement* e, const std::string& cls,
                  const char* name) const;
  std::string ClassOf(const XmlReader& xml, const XMLElement* e,
                      const std::string& inherited) const;
  Eigen::Matrix3d ReadOrientation(const XmlReader& xml, const XMLElement* e,
                                  const std::string& cls) const;
  Eigen::Isometry3d ReadFrame(const XmlReader& xml, const XMLElement* e,
                              const std::string& cls) const;
  double Angle(double value) const {
    return compiler_.degrees ? value * M_PI / 180.0 : value;
  }
  std::vector<double> Numbers(const XmlReader& xml, const XMLElement* e,
                              const std::string& cls, const char* name) const;
  bool ReadGeom(const XmlReader& xml, const XMLElement* e,
                const std::string& cls, const std::string& owner, int index,
                GeometrySpec* g, double* mass, Eigen::Vector3d* p_GoGcm_G,
                Eigen::Matrix3d* I_GGcm_G);

  std::vector<Section> sections_;
  Compiler compiler_;
  std::map<std::string, DefaultClass> classes_;
  std::map<std::string, MeshAsset> meshes_;
  std::map<std::string, Eigen::Vector4d> materials_;
  ModelSpec model_;
  std::set<std::string> body_names_;
  std::map<std::string, const JointSpec*> joints_by_name_;
};

void MujocoReader::CollectSections(const XmlReader& xml, const XMLElement* root,
                                   int depth) {
  for (const XMLElement* c = root->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (std::string_view(c->Name()) != "include") {
      sections_.push_back({&xml, c});
      continue;
    }
    const std::string file = xml.RequiredAttr(c, "file");
    const std::string path = xml.ResolveUri(file);
    if (path.empty()) {
      xml.Error(c, fmt::format("the included file '{}' cannot be found", file));
    }
    sources_.push_back(
        std::make_unique<DataSource>(DataSource::FromFile(path)));
    CheckInclude(xml, c, include_chain_, workspace_.include_depth + depth,
                 *sources_.back());
    readers_.push_back(
        std::make_unique<XmlReader>(*sources_.back(), workspace_));
    XmlReader& inner = *readers_.back();
    const XMLElement* inner_root = inner.Root();
    if (std::string_view(inner_root->Name()) != "mujoco") {
      inner.Error(inner_root,
                  "an included MJCF file must have a <mujoco> "
                  "root");
    }
    include_chain_.push_back(IncludeKey(*sources_.back()));
    CollectSections(inner, inner_root, depth + 1);
    include_chain_.pop_back();
  }
}

void MujocoReader::ReadCompiler(const XmlReader& xml, const XMLElement* e) {
  if (const char* a = e->Attribute("angle")) {
    const std::string_view v(a);
    if (v == "degree")
      compiler_.degrees = true;
    else if (v == "radian")
      compiler_.degrees = false;
    else
      xml.Error(e, fmt::format("angle must be 'degree' or 'radian', not "
                               "'{}'",
                               v));
  }
  if (const char* s = e->Attribute("eulerseq")) {
    const std::string v(s);
    bool ok = v.size() == 3;
    for (char c : v)
      ok = ok && std::string_view("xyzXYZ").find(c) != std::string_view::npos;
    if (!ok) {
      xml.Error(e, fmt::format("eulerseq must be three of x, y, z, X, Y, Z, "
                               "not '{}'",
                               v));
    }
    compiler_.eulerseq = v;
  }
  if (const char* s = e->Attribute("inertiafromgeom")) {
    const std::string v(s);
    if (v != "true" && v != "false" && v != "auto") {
      xml.Error(e, fmt::format("inertiafromgeom must be true, false or auto, "
                               "not '{}'",
                               v));
    }
    compiler_.inertiafromgeom = v;
  }
  if (const char* s = e->Attribute("autolimits")) {
    compiler_.autolimits = std::string_view(s) == "true";
  }
  if (const char* s = e->Attribute("meshdir"))
    compiler_.meshdir = s;
  else if (const char* s2 = e->Attribute("assetdir"))
    compiler_.meshdir = s2;
  if (const char* s = e->Attribute("coordinate")) {
    if (std::string_view(s) != "local") {
      xml.Error(e, fmt::format("coordinate='{}' is not supported (only "
                               "'local')",
                               s));
    }
  }
}

void MujocoReader::ReadDefault(const XmlReader& xml, const XMLElement* e,
                               const DefaultClass& parent) {
  std::string name = "main";
  if (const char* c = e->Attribute("class")) name = c;
  if (classes_.count(name) && name != "main") {
    xml.Error(e, fmt::format("default class '{}' is defined twice", name));
  }
  DefaultClass cls = parent;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (std::string_view(c->Name()) == "default") continue;
    AttributeMap& attrs = cls.by_tag[c->Name()];
    for (const tinyxml2::XMLAttribute* a = c->FirstAttribute(); a;
         a = a->Next()) {
      attrs[a->Name()] = a->Value();
    }
  }
  classes_[name] = cls;
  for (const XMLElement* c = e->FirstChildElement("default"); c;
       c = c->NextSiblingElement("default")) {
    if (!c->Attribute("class")) {
      xml.Error(c, "a nested <default> needs a class attribute");
    }
    ReadDefault(xml, c, cls);
  }
}

void MujocoReader::ReadAsset(const XmlReader& xml, const XMLElement* e) {
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "mesh") {
      MeshAsset mesh;
      const char* file = c->Attribute("file");
      std::string name;
      if (const char* n = c->Attribute("name")) name = n;
      if (file == nullptr) {
        xml.Warning(c,
                    "a mesh without a file (inline vertices) is not "
                    "supported; skipped");
        continue;
      }
      mesh.written = file;
      if (name.empty()) name = fs::path(file).stem().string();
      std::string rel = file;
      if (!compiler_.meshdir.empty() && fs::path(file).is_relative()) {
        rel = (fs::path(compiler_.meshdir) / file).string();
      }
      mesh.file = xml.ResolveUri(rel);
      if (const char* s = c->Attribute("scale")) {
        mesh.scale = xml.ParseVector3(c, s, "attribute 'scale'");
      }
      meshes_[name] = mesh;
    } else if (tag == "material") {
      const std::string name = xml.RequiredAttr(c, "name");
      if (const char* rgba = c->Attribute("rgba")) {
        materials_[name] = xml.ParseVector(c, rgba, 4, "attribute 'rgba'");
      }
    }
    // Textures, heightfields and skins carry nothing for dynamics.
  }
}

std::string MujocoReader::ClassOf(const XmlReader& xml, const XMLElement* e,
                                  const std::string& inherited) const {
  if (const char* c = e->Attribute("class")) {
    if (!classes_.count(c)) {
      xml.Error(e, fmt::format("default class '{}' does not exist", c));
    }
    return c;
  }
  return inherited;
}

const char* MujocoReader::Get(const XMLElement* e, const std::string& cls,
                              const char* name) const {
  if (const char* own = e->Attribute(name)) return own;
  auto it = classes_.find(cls);
  if (it == classes_.end()) return nullptr;
  auto tag = it->second.by_tag.find(e->Name());
  if (tag == it->second.by_tag.end()) return nullptr;
  auto attr = tag->second.find(name);
  return attr == tag->second.end() ? nullptr : attr->second.c_str();
}

std::vector<double> MujocoReader::Numbers(const XmlReader& xml,
                                          const XMLElement* e,
                                          const std::string& cls,
                                          const char* name) const {
  const char* v = Get(e, cls, name);
  if (v == nullptr) return {};
  auto numbers = xml.ParseDoubles(e, v, fmt::format("attribute '{}'", name));
  for (double x : numbers) {
    if (!std::isfinite(x)) {
      xml.Error(e,
                fmt::format("attribute '{}' holds a non-finite number", name));
    }
  }
  return numbers;
}

Eigen::Matrix3d MujocoReader::ReadOrientation(const XmlReader& xml,
                                              const XMLElement* e,
                                              const std::string& cls) const {
  int given = 0;
  for (const char* a : {"quat", "axisangle", "euler", "xyaxes", "zaxis"}) {
    if (e->Attribute(a)) ++given;
  }
  if (given > 1) {
    xml.Error(e,
              "more than one of quat, axisangle, euler, xyaxes, zaxis "
              "is given");
  }
  auto need = [&](const char* name, size_t n) {
    const auto v = Numbers(xml, e, cls, name);
    if (v.size() != n) {
      xml.Error(e, fmt::format("attribute '{}' needs {} numbers, has {}", name,
                               n, v.size()));
    }
    return v;
  };
  if (e->Attribute("quat")) {
    const auto q = need("quat", 4);  // w x y z
    Eigen::Quaterniond quat(q[0], q[1], q[2], q[3]);
    if (!(quat.norm() > 1e-10)) xml.Error(e, "the quaternion is zero");
    return quat.normalized().toRotationMatrix();
  }
  if (e->Attribute("axisangle")) {
    const auto v = need("axisangle", 4);
    Eigen::Vector3d axis(v[0], v[1], v[2]);
    if (!(axis.norm() > 1e-10)) xml.Error(e, "the rotation axis is zero");
    return Eigen::AngleAxisd(Angle(v[3]), axis.normalized()).toRotationMatrix();
  }
  if (e->Attribute("euler")) {
    const auto v = need("euler", 3);
    // Lowercase axes rotate with the frame (post-multiply), uppercase are
    // fixed (pre-multiply), as MuJoCo's compiler defines eulerseq.
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    for (int i = 0; i < 3; ++i) {
      const char c = compiler_.eulerseq[i];
      const int k = std::tolower(c) - 'x';
      const Eigen::Matrix3d Ri =
          Eigen::AngleAxisd(Angle(v[i]), Eigen::Vector3d::Unit(k))
              .toRotationMatrix();
      R = std::islower(c) ? Eigen::Matrix3d(R * Ri) : Eigen::Matrix3d(Ri * R);
    }
    return R;
  }
  if (e->Attribute("xyaxes")) {
    const auto v = need("xyaxes", 6);
    Eigen::Vector3d x(v[0], v[1], v[2]), y(v[3], v[4], v[5]);
    if (!(x.norm() > 1e-10)) xml.Error(e, "xyaxes has a zero x axis");
    x.normalize();
    y -= x.dot(y) * x;
    if (!(y.norm() > 1e-10)) xml.Error(e, "xyaxes has a y axis parallel to x");
    y.normalize();
    Eigen::Matrix3d R;
    R.col(0) = x;
    R.col(1) = y;
    R.col(2) = x.cross(y);
    return R;
  }
  if (e->Attribute("zaxis")) {
    const auto v = need("zaxis", 3);
    Eigen::Vector3d z(v[0], v[1], v[2]);
    if (!(z.norm() > 1e-10)) xml.Error(e, "zaxis is zero");
    return Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(),
                                              z.normalized())
        .toRotationMatrix();
  }
  return Eigen::Matrix3d::Identity();
}

Eigen::Isometry3d MujocoReader::ReadFrame(const XmlReader& xml,
                                          const XMLElement* e,
                                          const std::string& cls) const {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  const auto pos = Numbers(xml, e, cls, "pos");
  if (!pos.empty()) {
    if (pos.size() != 3) xml.Error(e, "attribute 'pos' needs 3 numbers");
    X.translation() = Eigen::Vector3d(pos[0], pos[1], pos[2]);
  }
  X.linear() = ReadOrientation(xml, e, cls);
  return X;
}

// Reads a geom's shape and pose, and its mass properties for
// inertiafromgeom: `mass`, its center of mass Gcm (the origin Go for the
// primitive shapes, symmetric about it) and the rotational inertia I_GGcm_G
// about it, in the geom's frame G.
// A geom is drawn, and collides unless both its contype and conaffinity
// are 0 (the reference registers it with both roles under one name). Mesh
// geoms are drawn only.
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

void MujocoReader::ReadBodyTree(const XmlReader& xml, const XMLElement* e,
                                const std::string& parent,
                                const Eigen::Isometry3d& X_WP,
                                const std::string& childclass) {
  std::vector<PendingBody> stack{{e, parent, X_WP, childclass}};
  std::vector<PendingBody> children;
  while (!stack.empty()) {
    const PendingBody b = std::move(stack.back());
    stack.pop_back();
    children.clear();
    ReadBody(xml, b.e, b.parent, b.X_WP, b.childclass, &children);
    // Reversed, so that the first child is read next.
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.push_back(std::move(*it));
    }
  }
}

void MujocoReader::ReadBody(const XmlReader& xml, const XMLElement* e,
                            const std::string& parent,
                            const Eigen::Isometry3d& X_WP,
                            const std::string& childclass_in,
                            std::vector<PendingBody>* children) {
  std::string childclass = childclass_in;
  if (const char* c = e->Attribute("childclass")) {
    if (!classes_.count(c)) {
      xml.Error(e, fmt::format("default class '{}' does not exist", c));
    }
    childclass = c;
  }
  const std::string cls = ClassOf(xml, e, childclass);
  LinkSpec link;
  link.location = xml.Loc(e);
  if (const char* n = e->Attribute("name")) {
    link.name = n;
  } else {
    // The reference names an unnamed body after the index it gets in the
    // plant (the world is 0): the same names when this file is the plant's
    // first model.
    link.name = fmt::format("body{}", 1 + model_.links.size());
  }
  if (link.name == kWorldName || !body_names_.insert(link.name).second) {
    xml.Error(e, fmt::format("a body named '{}' already exists", link.name));
  }
  const Eigen::Isometry3d X_PB = ReadFrame(xml, e, cls);
  link.X_WB = ToRigidTransform(X_WP * X_PB);

  // Mass properties: <inertial>, or the geoms'.
  const XMLElement* inertial = e->FirstChildElement("inertial");
  double geom_mass = 0;
  Eigen::Vector3d geom_moment = Eigen::Vector3d::Zero();  // Σ m p
  // Each geom's mass, R_BG, p_BoGcm_B and I_GGcm_G.
  std::vector<
      std::tuple<double, Eigen::Matrix3d, Eigen::Vector3d, Eigen::Matrix3d>>
      parts;
  int n_geom = 0;
  for (const XMLElement* c = e->FirstChildElement("geom"); c;
       c = c->NextSiblingElement("geom")) {
    GeometrySpec g;
    double m = 0;
    Eigen::Vector3d p_GoGcm = Eigen::Vector3d::Zero();
    Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
    const std::string gcls = ClassOf(xml, c, childclass);
    if (!ReadGeom(xml, c, gcls, link.name, n_geom++, &g, &m, &p_GoGcm, &I)) {
      continue;
    }
    const Eigen::Vector3d p_BoGcm = g.X_BG * p_GoGcm;
    parts.emplace_back(m, g.X_BG.rotation().matrix(), p_BoGcm, I);
    geom_mass += m;
    geom_moment += m * p_BoGcm;
    AddVisualAndCollision(g, &link.visuals, &link.collisions);
  }
  const bool from_geom =
      compiler_.inertiafromgeom == "true" ||
      (compiler_.inertiafromgeom == "auto" && inertial == nullptr);
  if (inertial && !from_geom) {
    const std::string icls = ClassOf(xml, inertial, childclass);
    link.has_inertial = true;
    link.inertial.X_BI = ToRigidTransform(ReadFrame(xml, inertial, icls));
    const char* mass = Get(inertial, icls, "mass");
    if (mass == nullptr) xml.Error(inertial, "<inertial> has no mass");
    link.inertial.mass = xml.ParseDouble(inertial, mass, "attribute 'mass'");
    const auto diag = Numbers(xml, inertial, icls, "diaginertia");
    const auto full = Numbers(xml, inertial, icls, "fullinertia");
    if (diag.size() == 3) {
      link.inertial.I_BBcm_I =
          Eigen::Vector3d(diag[0], diag[1], diag[2]).asDiagonal();
    } else if (full.size() == 6) {
      // MuJoCo order: ixx iyy izz ixy ixz iyz.
      link.inertial.I_BBcm_I << full[0], full[3], full[4], full[3], full[1],
          full[5], full[4], full[5], full[2];
    } else {
      xml.Error(inertial,
                "<inertial> needs diaginertia (3 numbers) or "
                "fullinertia (6 numbers)");
    }
    CheckInertial(xml, inertial, link.name, &link.inertial);
  } else if (geom_mass > 0) {
    // Composite of the geoms about their common center of mass Bcm:
    // I_BBcm_B = Σ R_BG I_GGcm_G R_BGᵀ + m (|d|² 1 − d dᵀ), d = p_BcmGcm.
    link.has_inertial = true;
    const Eigen::Vector3d p_BBcm = geom_moment / geom_mass;
    Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
    for (const auto& [m, R, p_BoGcm, I_G] : parts) {
      const Eigen::Vector3d d = p_BoGcm - p_BBcm;
      I += R * I_G * R.transpose() +
           m * (d.squaredNorm() * Eigen::Matrix3d::Identity() -
                d * d.transpose());
    }
    link.inertial.mass = geom_mass;
    link.inertial.X_BI = math::RigidTransformd(p_BBcm);
    link.inertial.I_BBcm_I = I;
  }

  // Joints: none welds B to its parent; several are chained through
  // massless links, each joint acting at its own pos/axis in B (MuJoCo
  // applies a body's joints in order).
  std::vector<const XMLElement*> joints;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "joint" || tag == "freejoint") joints.push_back(c);
  }
  std::string previous = parent;
  // Massless bodies between B's joints; they follow B in the plant, as in
  // the reference.
  std::vector<LinkSpec> dummies;
  Eigen::Isometry3d X_previous_B0 = X_PB;  // B's rest pose in `previous`
  if (joints.empty()) {
    // The reference's name for a weld (MultibodyPlant::WeldFrames()).
    JointSpec j;
    j.name = fmt::format("{}_welds_to_{}", parent, link.name);
    j.type = JointType::kFixed;
    j.parent = parent;
    j.child = link.name;
    j.X_PF = ToRigidTransform(X_PB);
    j.location = link.location;
    model_.joints.push_back(j);
  }
  for (size_t k = 0; k < joints.size(); ++k) {
    const XMLElement* je = joints[k];
    const std::string jcls = ClassOf(xml, je, childclass);
    JointSpec j;
    j.location = xml.Loc(je);
    const bool last = k + 1 == joints.size();
    // Several joints are chained through massless bodies named, as the
    // reference does, after B with an index (B0, B1, ...); B is the last
    // child.
    j.parent = previous;
    j.child = last ? link.name : fmt::format("{}{}", link.name, k);
    // An unnamed joint is "<parent>-<child>", as in the reference.
    j.name = je->Attribute("name") ? je->Attribute("name")
                                   : fmt::format("{}-{}", j.parent, j.child);
    if (joints_by_name_.count(j.name)) {
      xml.Error(je, fmt::format("a joint named '{}' already exists", j.name));
    }
    std::string type = "hinge";
    if (std::string_view(je->Name()) == "freejoint") {
      type = "free";
    } else if (const char* t = Get(je, jcls, "type")) {
      type = t;
    }
    if (type == "hinge")
      j.type = JointType::kRevolute;
    else if (type == "slide")
      j.type = JointType::kPrismatic;
    else if (type == "ball")
      j.type = JointType::kBall;
    else if (type == "free")
      j.type = JointType::kFloating;
    else
      xml.Error(je, fmt::format("unknown joint type '{}' (expected hinge, "
                                "slide, ball or free)",
                                type));
    if (j.type == JointType::kFloating &&
        (joints.size() > 1 || parent != kWorldName)) {
      xml.Error(je, "a free joint must be the only joint of a top-level body");
    }
    Eigen::Isometry3d X_BJ = Eigen::Isometry3d::Identity();
    const auto pos = Numbers(xml, je, jcls, "pos");
    if (!pos.empty()) {
      if (pos.size() != 3) xml.Error(je, "attribute 'pos' needs 3 numbers");
      X_BJ.translation() = Eigen::Vector3d(pos[0], pos[1], pos[2]);
    }
    if (j.type == JointType::kFloating) X_BJ.setIdentity();
    const auto axis = Numbers(xml, je, jcls, "axis");
    if (!axis.empty()) {
      if (axis.size() != 3) xml.Error(je, "attribute 'axis' needs 3 numbers");
      const Eigen::Vector3d a(axis[0], axis[1], axis[2]);
      if (!(a.norm() > 1e-10)) xml.Error(je, "the joint axis is zero");
      j.axis = a.normalized();
    } else {
      j.axis = Eigen::Vector3d::UnitZ();
    }
    const int nv = num_velocities(j.type);
    j.effort_limits = Eigen::VectorXd::Constant(nv, kInf);
    j.velocity_limits = Eigen::VectorXd::Constant(nv, kInf);
    j.damping = Eigen::VectorXd::Zero(nv);
    j.friction = Eigen::VectorXd::Zero(nv);
    if (nv == 1) {
      j.position_lower_limits = Eigen::VectorXd::Constant(1, -kInf);
      j.position_upper_limits = Eigen::VectorXd::Constant(1, kInf);
      const auto range = Numbers(xml, je, jcls, "range");
      std::string limited = "auto";
      if (const char* l = Get(je, jcls, "limited")) limited = l;
      const bool is_limited =
          limited == "true" ||
          (limited == "auto" && compiler_.autolimits && !range.empty());
      if (is_limited) {
        if (range.size() != 2) {
          xml.Error(je, "a limited joint needs range with 2 numbers");
        }
        double lo = range[0], hi = range[1];
        if (j.type == JointType::kRevolute) {
          lo = Angle(lo);
          hi = Angle(hi);
        }
        if (lo > hi) {
          xml.Error(je, fmt::format("joint '{}' has range lower {} above "
                                    "upper {}",
                                    j.name, range[0], range[1]));
        }
        j.position_lower_limits(0) = lo;
        j.position_upper_limits(0) = hi;
      }
    }
    if (const char* d = Get(je, jcls, "damping")) {
      const double damping = xml.ParseDouble(je, d, "attribute 'damping'");
      if (damping < 0) xml.Error(je, "damping cannot be negative");
      j.damping.setConstant(damping);
    }
    if (const char* f = Get(je, jcls, "frictionloss")) {
      j.friction.setConstant(
          xml.ParseDouble(je, f, "attribute 'frictionloss'"));
    }
    if (nv == 1) {
      if (const char* r = Get(je, jcls, "ref")) {
        // MuJoCo's ref: the joint value at which the body is where the file
        // puts it, and the joint's initial value. Below, F is moved by
        // −ref along the joint so that q = ref gives the file's pose (the
        // reference only starts the joint at ref, from the pose at q = 0;
        // this follows MuJoCo, checked against it in the tests).
        double ref = xml.ParseDouble(je, r, "attribute 'ref'");
        if (j.type == JointType::kRevolute) ref = Angle(ref);
        if (!std::isfinite(ref)) xml.Error(je, "ref must be finite");
        if (ref != 0) j.default_position = ref;
      }
    }
    for (const char* unsupported : {"stiffness", "springref"}) {
      if (Get(je, jcls, unsupported) != nullptr) {
        xml.Warning(je, fmt::format("attribute '{}' is not supported (no "
                                    "joint springs); ignored",
                                    unsupported));
      }
    }
    if (const char* a = Get(je, jcls, "armature")) {
      j.armature = xml.ParseDouble(je, a, "attribute 'armature'");
      if (j.armature < 0) xml.Error(je, "armature cannot be negative");
    }
    Eigen::Isometry3d X_JF = Eigen::Isometry3d::Identity();  // ref offset
    if (j.default_position) {
      if (j.type == JointType::kRevolute) {
        X_JF.linear() =
            Eigen::AngleAxisd(-*j.default_position, j.axis).toRotationMatrix();
      } else {
        X_JF.translation() = -*j.default_position * j.axis;
      }
    }
    j.X_PF = ToRigidTransform(X_previous_B0 * X_BJ * X_JF);
    j.X_CM = ToRigidTransform(X_BJ);
    joints_by_name_[j.name] = nullptr;
    if (j.type == JointType::kFloating) {
      // As in the reference, a free joint adds no joint: B is a free body
      // of the plant (its floating joint, added at Finalize(), is named
      // after B) that starts at the pose the file gives it.
      if (j.damping.size() > 0 && j.damping(0) != 0) {
        xml.Warning(je, fmt::format("free joint '{}' has damping {}; free "
                                    "bodies are not damped, it is ignored",
                                    j.name, j.damping(0)));
      }
      continue;
    }
    if (!last) {
      // A massless link that carries the next joint; its frame coincides
      // with B's at rest.
      LinkSpec dummy;
      dummy.name = j.child;
      dummy.location = j.location;
      dummy.X_WB = link.X_WB;
      if (!body_names_.insert(dummy.name).second) {
        xml.Error(je,
                  fmt::format("a body named '{}' already exists", dummy.name));
      }
      dummies.push_back(std::move(dummy));
      previous = j.child;
      X_previous_B0.setIdentity();
    }
    model_.joints.push_back(j);
  }
  for (const XMLElement* c = e->FirstChildElement("site"); c;
       c = c->NextSiblingElement("site")) {
    FrameSpec f;
    f.location = xml.Loc(c);
    f.name = c->Attribute("name") ? c->Attribute("name")
                                  : fmt::format("{}_site", link.name);
    f.body = link.name;
    f.X_BF = ToRigidTransform(ReadFrame(xml, c, ClassOf(xml, c, childclass)));
    model_.frames.push_back(f);
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    static const std::set<std::string_view> kKnown{
        "inertial", "joint", "freejoint", "geom",     "site",   "body",
        "camera",   "light", "composite", "flexcomp", "attach", "frame"};
    if (!kKnown.count(c->Name())) {
      xml.Warning(c, fmt::format("unsupported element <{}> inside body '{}' "
                                 "is ignored",
                                 c->Name(), link.name));
    } else if (std::string_view(c->Name()) == "frame" ||
               std::string_view(c->Name()) == "composite" ||
               std::string_view(c->Name()) == "flexcomp" ||
               std::string_view(c->Name()) == "attach") {
      xml.Warning(c, fmt::format("<{}> is not supported; ignored", c->Name()));
    }
  }
  const std::string name = link.name;
  const Eigen::Isometry3d X_WB = link.X_WB.GetAsIsometry3();
  model_.links.push_back(std::move(link));
  for (auto& d : dummies) model_.links.push_back(std::move(d));
  for (const XMLElement* c = e->FirstChildElement("body"); c;
       c = c->NextSiblingElement("body")) {
    children->push_back({c, name, X_WB, childclass});
  }
}

void MujocoReader::ReadWorldBody(const XmlReader& xml, const XMLElement* e) {
  int n_geom = 0;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "body") {
      ReadBodyTree(xml, c, kWorldName, Eigen::Isometry3d::Identity(), "main");
    } else if (tag == "geom") {
      GeometrySpec g;
      double m;
      Eigen::Vector3d p;
      Eigen::Matrix3d I;
      if (ReadGeom(xml, c, ClassOf(xml, c, "main"), kWorldName, n_geom++, &g,
                   &m, &p, &I)) {
        AddVisualAndCollision(g, &model_.world_geometries,
                              &model_.world_geometries);
      }
    } else if (tag == "site") {
      FrameSpec f;
      f.location = xml.Loc(c);
      f.name = xml.RequiredAttr(c, "name");
      f.body = kWorldName;
      f.X_BF = ToRigidTransform(ReadFrame(xml, c, ClassOf(xml, c, "main")));
      model_.frames.push_back(f);
    } else if (tag != "camera" && tag != "light") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside <worldbody> "
                                 "is ignored",
                                 tag));
    }
  }
}

// Actuators as the reference reads them: <motor> is a force actuator and
// <position> a PD-controlled one (proportional gain kp); the other kinds
// are reported and skipped. The joint sees the actuation directly; `gear`
// is the actuator's gear ratio, which with the joint's armature gives the
// reflected rotor inertia (rotor inertia = armature / gear²). The effort
// limit is the largest |ctrlrange| when the control is limited, lowered to
// the largest |forcerange| when the force is.
void MujocoReader::ReadActuators(const XmlReader& xml, const XMLElement* e) {
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag != "motor" && tag != "position") {
      xml.Warning(c, fmt::format("actuator type <{}> is not supported (only "
                                 "<motor> and <position>); ignored",
                                 tag));
      continue;
    }
    const std::string cls = ClassOf(xml, c, "main");
    const char* joint = Get(c, cls, "joint");
    if (joint == nullptr) {
      xml.Warning(c,
                  "only joint transmissions are supported; actuator "
                  "ignored");
      continue;
    }
    const JointSpec* target = model_.FindJoint(joint);
    if (target == nullptr) {
      xml.Error(c, fmt::format("the actuator names joint '{}', which does not "
                               "exist",
                               joint));
    }
    if (num_velocities(target->type) != 1) {
      xml.Warning(c, fmt::format("joint '{}' is not a 1-dof joint; actuator "
                                 "ignored",
                                 joint));
      continue;
    }
    ActuatorSpec a;
    a.location = xml.Loc(c);
    a.joint = joint;
    // The reference's name for an unnamed actuator: "motor<index>" (the
    // same when this file is the plant's first model).
    a.name = c->Attribute("name")
                 ? c->Attribute("name")
                 : fmt::format("motor{}", model_.actuators.size());
    for (const auto& other : model_.actuators) {
      if (other.name == a.name) {
        xml.Error(c,
                  fmt::format("an actuator named '{}' already exists", a.name));
      }
    }
    const auto gears = Numbers(xml, c, cls, "gear");
    if (!gears.empty()) {
      a.gear_ratio = gears[0];
      if (!(a.gear_ratio != 0)) {
        xml.Error(c, "the actuator's gear cannot be zero");
      }
    }
    auto limited = [&](const char* flag, const std::vector<double>& range) {
      std::string v = "auto";
      if (const char* l = Get(c, cls, flag)) v = l;
      return v == "true" ||
             (v == "auto" && compiler_.autolimits && !range.empty());
    };
    // The larger magnitude of a [lower, upper] range (the plant's effort
    // limits are symmetric); a reversed range is reported and ignored.
    auto bound = [&](const char* name,
                     const std::vector<double>& range) -> double {
      if (range.size() != 2) {
        xml.Error(c, fmt::format("attribute '{}' needs 2 numbers", name));
      }
      if (range[0] > range[1]) {
        xml.Warning(c, fmt::format("{} has lower {} above upper {}; it is "
                                   "ignored",
                                   name, range[0], range[1]));
        return kInf;
      }
      return std::max(range[1], -range[0]);
    };
    const auto ctrlrange = Numbers(xml, c, cls, "ctrlrange");
    const auto forcerange = Numbers(xml, c, cls, "forcerange");
    if (limited("ctrllimited", ctrlrange)) {
      a.effort_limit = bound("ctrlrange", ctrlrange);
    }
    if (limited("forcelimited", forcerange)) {
      a.effort_limit =
          std::min(a.effort_limit, bound("forcerange", forcerange));
    }
    if (tag == "position") {
      a.proportional_gain = 1.0;
      if (const char* kp = Get(c, cls, "kp")) {
        a.proportional_gain = xml.ParseDouble(c, kp, "attribute 'kp'");
      }
      // The reference's PD actuator has no derivative term from MJCF.
      a.derivative_gain = 0.0;
      if (Get(c, cls, "kv") != nullptr) {
        xml.Warning(c,
                    "the velocity gain kv of a <position> actuator is not "
                    "supported; ignored");
      }
    }
    model_.actuators.push_back(std::move(a));
  }
}

void MujocoReader::ReadContact(const XmlReader& xml, const XMLElement* e) {
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    if (std::string_view(c->Name()) != "exclude") {
      xml.Warning(c, fmt::format("<{}> inside <contact> is not supported; "
                                 "ignored",
                                 c->Name()));
      continue;
    }
    const std::string b1 = xml.RequiredAttr(c, "body1");
    const std::string b2 = xml.RequiredAttr(c, "body2");
    for (const auto& b : {b1, b2}) {
      if (!body_names_.count(b) && b != kWorldName) {
        xml.Error(c, fmt::format("<exclude> names body '{}', which does not "
                                 "exist",
                                 b));
      }
    }
    CollisionFilterGroupSpec group;
    group.name = c->Attribute("name") ? c->Attribute("name")
                                      : fmt::format("exclude_{}_{}", b1, b2);
    group.members = {b1, b2};
    group.ignores = {group.name};
    group.location = xml.Loc(c);
    model_.collision_filter_groups.push_back(group);
  }
}

ModelSpec MujocoReader::Read() {
  XmlReader& xml = *readers_.front();
  const XMLElement* root = xml.Root();
  if (std::string_view(root->Name()) != "mujoco") {
    xml.Error(root, "the root element of an MJCF file must be <mujoco>");
  }
  model_.location = xml.Loc(root);
  if (!model_name_.empty()) {
    model_.name = model_name_;
  } else if (const char* m = root->Attribute("model")) {
    model_.name = m;
  } else {
    model_.name = fs::path(xml.source().name).stem().string();
  }
  CollectSections(xml, root, 0);
  classes_["main"] = DefaultClass{};
  // Compiler settings and classes first: they apply to the whole file
  // whatever their position.
  for (const auto& s : sections_) {
    if (std::string_view(s.element->Name()) == "compiler") {
      ReadCompiler(*s.reader, s.element);
    }
  }
  for (const auto& s : sections_) {
    const std::string_view tag = s.element->Name();
    if (tag == "default") ReadDefault(*s.reader, s.element, classes_["main"]);
    if (tag == "asset") ReadAsset(*s.reader, s.element);
  }
  for (const auto& s : sections_) {
    if (std::string_view(s.element->Name()) == "worldbody") {
      ReadWorldBody(*s.reader, s.element);
    }
  }
  for (const auto& s : sections_) {
    const std::string_view tag = s.element->Name();
    if (tag == "actuator") {
      ReadActuators(*s.reader, s.element);
    } else if (tag == "contact") {
      ReadContact(*s.reader, s.element);
    } else if (tag == "equality") {
      ReadMujocoEquality(*s.reader, s.element, &model_);
    } else if (tag == "tendon") {
      s.reader->Warning(s.element,
                        fmt::format("<{}> is not supported; ignored", tag));
    } else if (tag == "option") {
      if (const char* g = s.element->Attribute("gravity")) {
        model_.gravity =
            s.reader->ParseVector3(s.element, g, "attribute 'gravity'");
      }
    } else if (tag != "compiler" && tag != "default" && tag != "asset" &&
               tag != "worldbody" && tag != "size" && tag != "visual" &&
               tag != "statistic" && tag != "sensor" && tag != "keyframe" &&
               tag != "custom" && tag != "extension") {
      s.reader->Warning(s.element,
                        fmt::format("unsupported element <{}> inside "
                                    "<mujoco> is ignored",
                                    tag));
    }
  }
  return std::move(model_);
}

}  // namespace

std::vector<ModelSpec> ParseMujoco(const DataSource& source,
                                   const std::string& model_name,
                                   const ParsingWorkspace& workspace) {
  MujocoReader reader(source, model_name, workspace);
  std::vector<ModelSpec> result;
  result.push_back(reader.Read());
  return result;
}

}  // namespace ossa::multibody::internal
