#include "ossa/multibody/parsing/detail_urdf_parser.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ossa::multibody::internal {
namespace {

using tinyxml2::XMLElement;
constexpr double kInf = std::numeric_limits<double>::infinity();

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Elements of other tools that appear in widely used URDFs and carry nothing
// the dynamics model needs; skipped without a warning.
bool IsForeignElement(std::string_view name) {
  static const std::set<std::string_view> kForeign{
      "gazebo",
      "ros2_control",
      "sensor",
      "self_filter",
      "contact",
      "self_collision_checking",
      "calibration",
      "safety_controller",
      "drake:ignored_collision_filter_group"};
  return kForeign.count(name) > 0 || StartsWith(name, "xacro:");
}

class UrdfReader {
 public:
  UrdfReader(const DataSource& source, const std::string& model_name,
             const ParsingWorkspace& workspace)
      : xml_(source, workspace), model_name_(model_name) {}

  ModelSpec Read();

 private:
  math::RigidTransformd ReadOrigin(const XMLElement* parent) const;
  void ReadMaterials(const XMLElement* robot);
  std::optional<Eigen::Vector4d> ReadMaterial(const XMLElement* material);
  void ReadLink(const XMLElement* e);
  void ReadInertial(const XMLElement* e, LinkSpec* link) const;
  bool ReadGeometry(const XMLElement* e, const std::string& link_name,
                    bool is_collision, GeometrySpec* g);
  bool ReadShape(const XMLElement* geometry, ShapeSpec* shape) const;
  void ReadJoint(const XMLElement* e, bool drake_joint);
  void ReadTransmission(const XMLElement* e);
  void ReadCollisionFilterGroup(const XMLElement* e);
  void CheckTopology();
  void ComputeLinkPoses();
  void WarnUnknownChildren(const XMLElement* e,
                           std::initializer_list<std::string_view> known) const;

  XmlReader xml_;
  std::string model_name_;
  ModelSpec model_;
  std::map<std::string, Eigen::Vector4d> materials_;
  std::map<std::string, const XMLElement*> link_elements_;
  std::map<std::string, const XMLElement*> joint_elements_;
};

void UrdfReader::WarnUnknownChildren(
    const XMLElement* e, std::initializer_list<std::string_view> known) const {
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view name = c->Name();
    bool ok = IsForeignElement(name);
    for (auto k : known) ok = ok || k == name;
    if (!ok) {
      xml_.Warning(c, fmt::format("unsupported element <{}> inside {} is "
                                  "ignored",
                                  name, XmlReader::Describe(e)));
    }
  }
}

math::RigidTransformd UrdfReader::ReadOrigin(const XMLElement* parent) const {
  const XMLElement* origin = parent->FirstChildElement("origin");
  if (origin == nullptr) return math::RigidTransformd();
  Eigen::Vector3d xyz = Eigen::Vector3d::Zero(), rpy = Eigen::Vector3d::Zero();
  if (const char* s = origin->Attribute("xyz"))
    xyz = xml_.ParseVector3(origin, s, "attribute 'xyz'");
  if (const char* s = origin->Attribute("rpy"))
    rpy = xml_.ParseVector3(origin, s, "attribute 'rpy'");
  return ToRigidTransform(PoseFromXyzRpy(xyz, rpy));
}

std::optional<Eigen::Vector4d> UrdfReader::ReadMaterial(
    const XMLElement* material) {
  const XMLElement* color = material->FirstChildElement("color");
  if (color && color->Attribute("rgba")) {
    Eigen::Vector4d rgba = xml_.ParseVector(color, color->Attribute("rgba"), 4,
                                            "attribute 'rgba'");
    if ((rgba.array() < 0).any() || (rgba.array() > 1).any()) {
      xml_.Warning(color, "rgba values should lie in [0, 1]");
    }
    // A named material defined inside a <visual> serves later references
    // by name too, as in the reference.
    if (const char* name = material->Attribute("name")) {
      materials_.emplace(name, rgba);
    }
    return rgba;
  }
  const char* name = material->Attribute("name");
  if (name) {
    auto it = materials_.find(name);
    if (it != materials_.end()) return it->second;
  }
  return std::nullopt;
}

void UrdfReader::ReadMaterials(const XMLElement* robot) {
  for (const XMLElement* m = robot->FirstChildElement("material"); m;
       m = m->NextSiblingElement("material")) {
    const std::string name = xml_.RequiredAttr(m, "name");
    auto rgba = ReadMaterial(m);
    if (rgba) materials_[name] = *rgba;
  }
}

ModelSpec UrdfReader::Read() {
  const XMLElement* robot = xml_.Root();
  if (std::string_view(robot->Name()) != "robot") {
    xml_.Error(robot, "the root element of a URDF file must be <robot>");
  }
  model_.location = xml_.Loc(robot);
  if (!model_name_.empty()) {
    model_.name = model_name_;
  } else {
    model_.name = xml_.RequiredAttr(robot, "name");
  }
  ReadMaterials(robot);
  for (const XMLElement* e = robot->FirstChildElement(); e;
       e = e->NextSiblingElement()) {
    const std::string_view name = e->Name();
    if (name == "link") {
      ReadLink(e);
    }
  }
  for (const XMLElement* e = robot->FirstChildElement(); e;
       e = e->NextSiblingElement()) {
    const std::string_view name = e->Name();
    if (name == "link" || name == "material") continue;
    if (name == "joint") {
      ReadJoint(e, false);
    } else if (name == "drake:joint") {
      ReadJoint(e, true);
    } else if (name == "transmission") {
      // After all joints: a transmission may come before its joint.
    } else if (name == "drake:collision_filter_group") {
      ReadCollisionFilterGroup(e);
    } else if (name == "frame") {
      // Drake's URDF extension: <frame name link xyz rpy/>.
      FrameSpec f;
      f.name = xml_.RequiredAttr(e, "name");
      f.body = xml_.RequiredAttr(e, "link");
      Eigen::Vector3d xyz = Eigen::Vector3d::Zero(),
                      rpy = Eigen::Vector3d::Zero();
      if (const char* s = e->Attribute("xyz"))
        xyz = xml_.ParseVector3(e, s, "attribute 'xyz'");
      if (const char* s = e->Attribute("rpy"))
        rpy = xml_.ParseVector3(e, s, "attribute 'rpy'");
      f.X_BF = ToRigidTransform(PoseFromXyzRpy(xyz, rpy));
      f.location = xml_.Loc(e);
      if (f.body != kWorldName && !link_elements_.count(f.body)) {
        xml_.Error(e, fmt::format("frame '{}' is attached to link '{}', which "
                                  "does not exist",
                                  f.name, f.body));
      }
      if (model_.FindFrame(f.name) || link_elements_.count(f.name)) {
        xml_.Error(e, fmt::format("a frame or link named '{}' already exists",
                                  f.name));
      }
      model_.frames.push_back(f);
    } else if (name == "loop_joint" || name == "force_element") {
      xml_.Warning(e, fmt::format("<{}> is not supported; ignored", name));
    } else if (!IsForeignElement(name)) {
      xml_.Warning(e, fmt::format("unsupported element <{}> inside <robot> is "
                                  "ignored",
                                  name));
    }
  }
  for (const XMLElement* e = robot->FirstChildElement("transmission"); e;
       e = e->NextSiblingElement("transmission")) {
    ReadTransmission(e);
  }
  CheckTopology();
  ComputeLinkPoses();
  return std::move(model_);
}

void UrdfReader::ReadLink(const XMLElement* e) {
  LinkSpec link;
  link.name = xml_.RequiredAttr(e, "name");
  link.location = xml_.Loc(e);
  if (link_elements_.count(link.name)) {
    xml_.Error(e, fmt::format("a link named '{}' already exists (line {})",
                              link.name, xml_.Line(link_elements_[link.name])));
  }
  link_elements_[link.name] = e;
  WarnUnknownChildren(e, {"inertial", "visual", "collision"});
  const XMLElement* inertial = e->FirstChildElement("inertial");
  if (inertial) {
    if (inertial->NextSiblingElement("inertial")) {
      xml_.Error(
          inertial->NextSiblingElement("inertial"),
          fmt::format("link '{}' has more than one <inertial>", link.name));
    }
    ReadInertial(inertial, &link);
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view name = c->Name();
    if (name != "visual" && name != "collision") continue;
    const bool is_collision = name == "collision";
    GeometrySpec g;
    if (ReadGeometry(c, link.name, is_collision, &g)) {
      (is_collision ? link.collisions : link.visuals).push_back(std::move(g));
    }
  }
  if (link.name == kWorldName) {
    // The world body: geometry only; it cannot be given mass properties.
    if (inertial) {
      xml_.Warning(inertial,
                   "the world link cannot have an <inertial>; "
                   "ignored");
    }
    for (auto& g : link.visuals) model_.world_geometries.push_back(g);
    for (auto& g : link.collisions) model_.world_geometries.push_back(g);
    return;
  }
  model_.links.push_back(std::move(link));
}

void UrdfReader::ReadInertial(const XMLElement* e, LinkSpec* link) const {
  link->has_inertial = true;
  link->inertial.X_BI = ReadOrigin(e);
  const XMLElement* mass = e->FirstChildElement("mass");
  if (mass == nullptr) {
    xml_.Error(e, fmt::format("the <inertial> of link '{}' has no <mass>",
                              link->name));
  }
  link->inertial.mass = xml_.RequiredDoubleAttr(mass, "value");
  const XMLElement* inertia = e->FirstChildElement("inertia");
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  if (inertia) {
    const double ixx = xml_.DoubleAttr(inertia, "ixx", 0);
    const double iyy = xml_.DoubleAttr(inertia, "iyy", 0);
    const double izz = xml_.DoubleAttr(inertia, "izz", 0);
    const double ixy = xml_.DoubleAttr(inertia, "ixy", 0);
    const double ixz = xml_.DoubleAttr(inertia, "ixz", 0);
    const double iyz = xml_.DoubleAttr(inertia, "iyz", 0);
    I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
  }
  link->inertial.I_BBcm_I = I;
  CheckInertial(xml_, e, link->name, &link->inertial);
}

bool UrdfReader::ReadShape(const XMLElement* geometry, ShapeSpec* s) const {
  const XMLElement* shape = geometry->FirstChildElement();
  if (shape == nullptr) {
    xml_.Error(geometry, "<geometry> has no shape");
  }
  if (shape->NextSiblingElement()) {
    xml_.Error(shape->NextSiblingElement(),
               "<geometry> has more than one "
               "shape");
  }
  const std::string_view kind = shape->Name();
  // Zero sizes are allowed (Drake's models use radius-0 spheres as contact
  // points); negative ones are not.
  auto positive = [&](const char* attr) {
    const double v = xml_.RequiredDoubleAttr(shape, attr);
    if (!(v >= 0)) {
      xml_.Error(
          shape,
          fmt::format("attribute '{}' cannot be negative (got {})", attr, v));
    }
    return v;
  };
  if (kind == "box") {
    s->type = ShapeType::kBox;
    s->size = xml_.ParseVector3(shape, xml_.RequiredAttr(shape, "size"),
                                "attribute 'size'");
    if ((s->size.array() < 0).any()) {
      xml_.Error(shape, "a box size cannot be negative");
    }
  } else if (kind == "sphere") {
    s->type = ShapeType::kSphere;
    s->radius = positive("radius");
  } else if (kind == "cylinder" || kind == "capsule" ||
             kind == "drake:capsule") {
    s->type = kind == "cylinder" ? ShapeType::kCylinder : ShapeType::kCapsule;
    s->radius = positive("radius");
    s->length = positive("length");
  } else if (kind == "drake:ellipsoid") {
    s->type = ShapeType::kEllipsoid;
    s->size = Eigen::Vector3d(positive("a"), positive("b"), positive("c"));
  } else if (kind == "mesh") {
    s->type = ShapeType::kMesh;
    s->filename = xml_.RequiredAttr(shape, "filename");
    if (const char* scale = shape->Attribute("scale")) {
      const auto v = xml_.ParseDoubles(shape, scale, "attribute 'scale'");
      if (v.size() == 1) {
        s->scale.setConstant(v[0]);
      } else if (v.size() == 3) {
        s->scale = Eigen::Vector3d(v[0], v[1], v[2]);
      } else {
        xml_.Error(shape, "attribute 'scale' needs 1 or 3 numbers");
      }
    }
    // An unresolved URI is an error only if the geometry is registered
    // (with a SceneGraph), as in the reference.
    s->uri = s->filename;
    s->filename = xml_.ResolveUri(s->uri);
    s->location = xml_.Loc(shape);
  } else {
    xml_.Error(shape, fmt::format("unknown shape <{}>", kind));
  }
  return true;
}

bool UrdfReader::ReadGeometry(const XMLElement* e, const std::string& link_name,
                              bool is_collision, GeometrySpec* g) {
  g->is_collision = is_collision;
  g->location = xml_.Loc(e);
  g->X_BG = ReadOrigin(e);
  // Unnamed geometry is named after its shape when registered.
  if (const char* name = e->Attribute("name")) g->name = name;
  const XMLElement* geometry = e->FirstChildElement("geometry");
  if (geometry == nullptr) {
    // Atlas has such a visual. As in the reference, it is an error only if
    // the geometry is registered (with a SceneGraph).
    g->deferred_error = fmt::format("<{}> of link '{}' has no <geometry>",
                                    e->Name(), link_name);
    return true;
  }
  if (!ReadShape(geometry, &g->shape)) return false;
  if (const XMLElement* material = e->FirstChildElement("material")) {
    g->rgba = ReadMaterial(material);
  }
  if (const XMLElement* props =
          e->FirstChildElement("drake:proximity_properties")) {
    for (const XMLElement* p = props->FirstChildElement(); p;
         p = p->NextSiblingElement()) {
      std::string key = p->Name();
      if (StartsWith(key, "drake:")) key = key.substr(6);
      double value = 1.0;  // flags such as <drake:rigid_hydroelastic/>
      if (p->Attribute("value")) value = xml_.RequiredDoubleAttr(p, "value");
      if (key == "mu_static") {
        g->static_friction = value;
      } else if (key == "mu_dynamic") {
        g->dynamic_friction = value;
      } else {
        g->proximity_properties[key] = value;
      }
    }
  }
  return true;
}

void UrdfReader::ReadJoint(const XMLElement* e, bool drake_joint) {
  JointSpec j;
  j.name = xml_.RequiredAttr(e, "name");
  j.location = xml_.Loc(e);
  if (joint_elements_.count(j.name)) {
    xml_.Error(e, fmt::format("a joint named '{}' already exists (line {})",
                              j.name, xml_.Line(joint_elements_[j.name])));
  }
  joint_elements_[j.name] = e;
  const std::string type = xml_.RequiredAttr(e, "type");
  const JointTypeInfo* info = FindJointTypeInfo(type);
  if (!drake_joint) {
    if (info != nullptr && info->in_urdf) {
      j.type = info->type;
    } else if (info != nullptr && info->in_urdf_drake_joint) {
      xml_.Error(e, fmt::format("joint type '{}' must be written as "
                                "<drake:joint type='{}'> in URDF",
                                type, type));
    } else {
      xml_.Error(e, fmt::format("unknown joint type '{}' (expected {})", type,
                                JointTypeNames(&JointTypeInfo::in_urdf)));
    }
  } else {
    if (info != nullptr && info->in_urdf_drake_joint) {
      j.type = info->type;
    } else {
      xml_.Error(
          e, fmt::format("unknown drake:joint type '{}' (expected {})", type,
                         JointTypeNames(&JointTypeInfo::in_urdf_drake_joint)));
    }
  }
  auto link_of = [&](const char* tag) {
    const XMLElement* c = e->FirstChildElement(tag);
    if (c == nullptr && drake_joint) {
      c = e->FirstChildElement(fmt::format("drake:{}", tag).c_str());
    }
    if (c == nullptr) {
      xml_.Error(e, fmt::format("joint '{}' has no <{}>", j.name, tag));
    }
    const std::string link = xml_.RequiredAttr(c, "link");
    if (link != kWorldName && !link_elements_.count(link)) {
      xml_.Error(c, fmt::format("joint '{}' names {} link '{}', which does "
                                "not exist",
                                j.name, tag, link));
    }
    return link;
  };
  j.parent = link_of("parent");
  j.child = link_of("child");
  if (j.child == kWorldName) {
    xml_.Error(e, fmt::format("joint '{}' has the world as its child", j.name));
  }
  if (j.parent == j.child) {
    xml_.Error(e, fmt::format("joint '{}' connects link '{}' to itself", j.name,
                              j.child));
  }
  j.X_PF = ReadOrigin(e);
  const int nv = num_velocities(j.type);
  if (const XMLElement* axis = e->FirstChildElement("axis")) {
    Eigen::Vector3d a = Eigen::Vector3d::UnitX();
    if (const char* xyz = axis->Attribute("xyz"))
      a = xml_.ParseVector3(axis, xyz, "attribute 'xyz'");
    const double norm = a.norm();
    // Fixed and floating joints ignore their axis (talos writes 0 0 0).
    const bool uses_axis =
        nv > 0 && j.type != JointType::kFloating && j.type != JointType::kBall;
    if (!uses_axis && !(norm > 1e-10))
      a = Eigen::Vector3d::UnitX();
    else if (!(norm > 1e-10)) {
      xml_.Error(axis, fmt::format("joint '{}' has a zero axis", j.name));
    }
    j.axis = a / a.norm();
  } else if (j.type == JointType::kPlanar) {
    j.axis = Eigen::Vector3d::UnitZ();
  }
  j.effort_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.velocity_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.damping = Eigen::VectorXd::Zero(nv);
  j.friction = Eigen::VectorXd::Zero(nv);
  if (nv == 1 || j.type == JointType::kBall) {
    j.position_lower_limits = Eigen::VectorXd::Constant(nv, -kInf);
    j.position_upper_limits = Eigen::VectorXd::Constant(nv, kInf);
  }
  if (const XMLElement* limit = e->FirstChildElement("limit")) {
    if (nv == 1) {
      const double lower = xml_.DoubleAttr(limit, "lower", -kInf);
      const double upper = xml_.DoubleAttr(limit, "upper", kInf);
      if (lower > upper) {
        xml_.Error(limit, fmt::format("joint '{}' has lower limit {} above "
                                      "upper limit {}",
                                      j.name, lower, upper));
      }
      if (j.type != JointType::kContinuous) {
        j.position_lower_limits.setConstant(lower);
        j.position_upper_limits.setConstant(upper);
      }
    }
    if (nv > 0) {
      const double effort = xml_.DoubleAttr(limit, "effort", kInf);
      const double velocity = xml_.DoubleAttr(limit, "velocity", kInf);
      if (effort < 0 || velocity < 0) {
        xml_.Error(limit, fmt::format("joint '{}' has a negative effort or "
                                      "velocity limit",
                                      j.name));
      }
      j.effort_limits.setConstant(effort);
      j.velocity_limits.setConstant(velocity);
    }
  }
  if (const XMLElement* dynamics = e->FirstChildElement("dynamics")) {
    const double damping = xml_.DoubleAttr(dynamics, "damping", 0);
    const double friction = xml_.DoubleAttr(dynamics, "friction", 0);
    if (damping < 0) {
      xml_.Error(dynamics, fmt::format("joint '{}' has negative damping {}",
                                       j.name, damping));
    }
    j.damping.setConstant(damping);
    j.friction.setConstant(friction);
  }
  if (const XMLElement* mimic = e->FirstChildElement("mimic")) {
    MimicSpec m;
    m.joint = xml_.RequiredAttr(mimic, "joint");
    m.multiplier = xml_.DoubleAttr(mimic, "multiplier", 1.0);
    m.offset = xml_.DoubleAttr(mimic, "offset", 0.0);
    m.location = xml_.Loc(mimic);
    if (m.joint == j.name) {
      xml_.Error(mimic, fmt::format("joint '{}' mimic element specifies "
                                    "joint '{}'. Joints cannot mimic "
                                    "themselves.",
                                    j.name, m.joint));
    }
    j.mimic = m;
  }
  if (const XMLElement* pitch =
          e->FirstChildElement("drake:screw_thread_pitch")) {
    j.screw_thread_pitch = xml_.RequiredDoubleAttr(pitch, "value");
    if (j.screw_thread_pitch == 0) {
      xml_.Error(pitch, "a screw joint's thread pitch cannot be zero");
    }
  } else if (j.type == JointType::kScrew) {
    xml_.Error(e, fmt::format("screw joint '{}' has no "
                              "<drake:screw_thread_pitch>",
                              j.name));
  }
  WarnUnknownChildren(
      e, {"parent", "child", "origin", "axis", "limit", "dynamics", "mimic",
          "drake:parent", "drake:child", "drake:screw_thread_pitch",
          "drake:rotor_inertia", "drake:gear_ratio"});
  model_.joints.push_back(std::move(j));
}

void UrdfReader::ReadTransmission(const XMLElement* e) {
  // Two layouts exist: <transmission type="SimpleTransmission"> (old) and
  // <transmission><type>...SimpleTransmission</type> (ROS ≥ indigo).
  std::string type;
  if (const char* t = e->Attribute("type")) type = t;
  if (const XMLElement* t = e->FirstChildElement("type")) {
    if (t->GetText()) type = t->GetText();
  }
  if (type.find("SimpleTransmission") == std::string::npos) {
    xml_.Warning(e, fmt::format("only SimpleTransmission is supported; "
                                "transmission type '{}' is ignored",
                                type));
    return;
  }
  const XMLElement* joint = e->FirstChildElement("joint");
  if (joint == nullptr) xml_.Error(e, "the transmission has no <joint>");
  const std::string joint_name = xml_.RequiredAttr(joint, "name");
  const XMLElement* actuator = e->FirstChildElement("actuator");
  if (actuator == nullptr) xml_.Error(e, "the transmission has no <actuator>");
  ActuatorSpec a;
  a.name = xml_.RequiredAttr(actuator, "name");
  a.joint = joint_name;
  a.location = xml_.Loc(actuator);
  auto it =
      std::find_if(model_.joints.begin(), model_.joints.end(),
                   [&](const JointSpec& j) { return j.name == joint_name; });
  if (it == model_.joints.end()) {
    xml_.Error(joint, fmt::format("the transmission names joint '{}', which "
                                  "does not exist",
                                  joint_name));
  }
  if (num_velocities(it->type) != 1) {
    xml_.Warning(joint, fmt::format("joint '{}' is a {} joint; only 1-dof "
                                    "joints can be actuated, actuator '{}' "
                                    "is skipped",
                                    joint_name, to_string(it->type), a.name));
    return;
  }
  for (const auto& other : model_.actuators) {
    if (other.name == a.name) {
      xml_.Error(actuator,
                 fmt::format("an actuator named '{}' already exists", a.name));
    }
  }
  a.effort_limit = it->effort_limits(0);
  if (const XMLElement* g = actuator->FirstChildElement("drake:gear_ratio")) {
    a.gear_ratio = xml_.RequiredDoubleAttr(g, "value");
  }
  if (const XMLElement* r =
          actuator->FirstChildElement("drake:rotor_inertia")) {
    a.rotor_inertia = xml_.RequiredDoubleAttr(r, "value");
    if (a.rotor_inertia < 0) {
      xml_.Error(r, "the rotor inertia cannot be negative");
    }
  }
  model_.actuators.push_back(std::move(a));
}

void UrdfReader::ReadCollisionFilterGroup(const XMLElement* e) {
  CollisionFilterGroupSpec group;
  group.name = xml_.RequiredAttr(e, "name");
  group.location = xml_.Loc(e);
  for (const XMLElement* m = e->FirstChildElement("drake:member"); m;
       m = m->NextSiblingElement("drake:member")) {
    const std::string link = xml_.RequiredAttr(m, "link");
    if (!link_elements_.count(link)) {
      xml_.Error(m, fmt::format("collision filter group '{}' names link '{}', "
                                "which does not exist",
                                group.name, link));
    }
    group.members.push_back(link);
  }
  for (const XMLElement* g =
           e->FirstChildElement("drake:ignored_collision_filter_group");
       g; g = g->NextSiblingElement("drake:ignored_collision_filter_group")) {
    group.ignores.push_back(xml_.RequiredAttr(g, "name"));
  }
  model_.collision_filter_groups.push_back(std::move(group));
}

void UrdfReader::CheckTopology() {
  // Each link has at most one parent joint: a second one closes a loop,
  // which a tree cannot hold.
  std::map<std::string, const JointSpec*> parent_joint;
  for (const auto& j : model_.joints) {
    auto [it, inserted] = parent_joint.emplace(j.child, &j);
    if (!inserted) {
      xml_.Error(joint_elements_[j.name],
                 fmt::format("link '{}' is the child of both joint '{}' and "
                             "joint '{}': kinematic loops are not supported",
                             j.child, it->second->name, j.name));
    }
  }
  // Walking up from any link must reach a root; revisiting a link of the
  // current walk is a cycle. Links whose walk reached a root are marked
  // done, so each link is walked once: linear in the number of links, also
  // for long chains.
  enum class Walk { kOnPath, kReachesRoot };
  std::map<std::string, Walk> state;
  std::vector<std::string> path;
  for (const auto& j : model_.joints) {
    if (state.count(j.child)) continue;
    path.assign(1, j.child);
    state[j.child] = Walk::kOnPath;
    std::string link = j.parent;
    while (true) {
      auto s = state.find(link);
      if (s != state.end() && s->second == Walk::kReachesRoot) break;
      if (s != state.end()) {
        xml_.Error(joint_elements_[j.name],
                   fmt::format("joint '{}' is part of a kinematic cycle "
                               "through link '{}'",
                               j.name, link));
      }
      state[link] = Walk::kOnPath;
      path.push_back(link);
      auto it = parent_joint.find(link);
      if (it == parent_joint.end()) break;
      link = it->second->parent;
    }
    for (const auto& l : path) state[l] = Walk::kReachesRoot;
  }
  for (const auto& j : model_.joints) {
    if (!j.mimic) continue;
    if (!model_.FindJoint(j.mimic->joint)) {
      xml_.Error(joint_elements_[j.name],
                 fmt::format("joint '{}' mimics joint '{}', which does not "
                             "exist",
                             j.name, j.mimic->joint));
    }
  }
}

void UrdfReader::ComputeLinkPoses() {
  // Zero-configuration poses: X_WC = X_WP · X_PF · X_CM⁻¹, from the roots.
  std::map<std::string, const JointSpec*> parent_joint;
  for (const auto& j : model_.joints) parent_joint[j.child] = &j;
  std::map<std::string, math::RigidTransformd> X_W;
  X_W[kWorldName] = math::RigidTransformd();
  // Iterative (a URDF is flat, so a chain can be as long as the file is:
  // recursion could overflow the stack). CheckTopology() has excluded
  // cycles.
  std::vector<const JointSpec*> chain;
  for (auto& l : model_.links) {
    chain.clear();
    std::string link = l.name;
    math::RigidTransformd X_WP;  // a root's pose is the identity
    while (true) {
      auto known = X_W.find(link);
      if (known != X_W.end()) {
        X_WP = known->second;
        break;
      }
      auto pj = parent_joint.find(link);
      if (pj == parent_joint.end()) {
        X_W[link] = X_WP;
        break;
      }
      chain.push_back(pj->second);
      link = pj->second->parent;
    }
    for (auto j = chain.rbegin(); j != chain.rend(); ++j) {
      X_WP = X_WP * (*j)->X_PF * (*j)->X_CM.inverse();
      X_W[(*j)->child] = X_WP;
    }
    l.X_WB = X_W.at(l.name);
  }
}

}  // namespace

std::vector<ModelSpec> ParseUrdf(const DataSource& source,
                                 const std::string& model_name,
                                 const ParsingWorkspace& workspace) {
  UrdfReader reader(source, model_name, workspace);
  std::vector<ModelSpec> result;
  result.push_back(reader.Read());
  return result;
}

}  // namespace ossa::multibody::internal
