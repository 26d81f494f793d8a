#include "ossa/multibody/parsing/detail_mujoco_parser.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "ossa/multibody/parsing/detail_mujoco_equality.h"
#include "ossa/multibody/parsing/detail_mujoco_reader.h"

namespace ossa::multibody::internal {
namespace mujoco {

namespace fs = std::filesystem;

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

}  // namespace mujoco

std::vector<ModelSpec> ParseMujoco(const DataSource& source,
                                   const std::string& model_name,
                                   const ParsingWorkspace& workspace) {
  mujoco::MujocoReader reader(source, model_name, workspace);
  std::vector<ModelSpec> result;
  result.push_back(reader.Read());
  return result;
}

}  // namespace ossa::multibody::internal
