#pragma once

// The MJCF reader's internals, shared by detail_mujoco_parser.cc (the
// document's sections, compiler settings, defaults, assets, actuators and
// contact), detail_mujoco_body.cc (the body tree: bodies, joints, inertia)
// and detail_mujoco_geom.cc (geoms, their shapes and their mass
// properties). Not part of the API.

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ossa/multibody/parsing/detail_common.h"

namespace ossa::multibody::internal::mujoco {

using tinyxml2::XMLElement;
inline constexpr double kInf = std::numeric_limits<double>::infinity();


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
    const std::string& path, const Eigen::Vector3d& scale, std::string* error);

// Adds geom `g` to `visuals` and, unless both its contype and conaffinity
// are 0, to `collisions` (the reference registers it with both roles under
// one name). Mesh geoms are drawn only.
void AddVisualAndCollision(GeometrySpec g, std::vector<GeometrySpec>* visuals,
                           std::vector<GeometrySpec>* collisions);

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
  // Reads a geom's shape and pose, and its mass properties for
  // inertiafromgeom: `mass`, its center of mass Gcm (the origin Go for the
  // primitive shapes, symmetric about it) and the rotational inertia
  // I_GGcm_G about it, in the geom's frame G.
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

}  // namespace ossa::multibody::internal::mujoco
