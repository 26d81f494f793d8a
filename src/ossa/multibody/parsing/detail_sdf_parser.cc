#include "ossa/multibody/parsing/detail_sdf_parser.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string_view>

#include "ossa/multibody/parsing/package_map.h"

namespace ossa::multibody::internal {
namespace {

namespace fs = std::filesystem;
using tinyxml2::XMLElement;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr const char* kModelFrame = "__model__";

// Elements of simulators and renderers that carry nothing the dynamics model
// needs; skipped without a warning.
bool IsForeignElement(std::string_view name) {
  static const std::set<std::string_view> kForeign{"plugin",
                                                   "sensor",
                                                   "self_collide",
                                                   "enable_wind",
                                                   "allow_auto_disable",
                                                   "kinematic",
                                                   "gravity",
                                                   "velocity_decay",
                                                   "light",
                                                   "audio_source",
                                                   "audio_sink",
                                                   "battery",
                                                   "particle_emitter",
                                                   "projector",
                                                   "must_be_base_link",
                                                   "laser_retro",
                                                   "max_contacts",
                                                   "enable_contact",
                                                   "transparency",
                                                   "cast_shadows",
                                                   "meta",
                                                   "visibility_flags",
                                                   "sensor_noise",
                                                   "physics",
                                                   "scene",
                                                   "gui",
                                                   "magnetic_field",
                                                   "atmosphere",
                                                   "spherical_coordinates",
                                                   "wind",
                                                   "road",
                                                   "population",
                                                   "state",
                                                   "audio",
                                                   "actor",
                                                   "gravity"};
  return kForeign.count(name) > 0;
}

// A custom element: its name has a namespace prefix ("drake:joint",
// "xyz:anything"). SDFormat keeps such elements anywhere; the reader warns
// about the ones it does not know where it reads a list of elements (in
// <model>, <link>, <joint>), as the reference does.
bool IsCustomElement(std::string_view name) {
  return name.find(':') != std::string_view::npos;
}

// The child elements SDFormat (1.4 – 1.11) defines inside each element the
// reader reads. Deprecated children of older versions stay listed so that
// files that still carry them load (as libsdformat converts them).
const std::set<std::string_view>& SpecChildren(std::string_view parent) {
  static const std::map<std::string_view, std::set<std::string_view>> kSpec{
      {"sdf", {"world", "model", "actor", "light"}},
      {"world",
       {"audio", "wind", "include", "gravity", "magnetic_field", "atmosphere",
        "gui", "physics", "scene", "light", "frame", "model", "actor", "plugin",
        "road", "spherical_coordinates", "state", "population", "joint"}},
      {"model",
       {"static", "self_collide", "allow_auto_disable", "include", "model",
        "enable_wind", "frame", "pose", "link", "joint", "plugin", "gripper"}},
      {"include",
       {"uri", "name", "static", "pose", "plugin", "placement_frame"}},
      {"frame", {"pose"}},
      {"pose", {}},
      {"link",
       {"gravity", "enable_wind", "self_collide", "kinematic",
        "must_be_base_link", "velocity_decay", "frame", "pose", "inertial",
        "collision", "visual", "sensor", "projector", "audio_sink",
        "audio_source", "battery", "light", "particle_emitter"}},
      {"inertial", {"mass", "pose", "inertia", "frame", "fluid_added_mass"}},
      {"inertia", {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"}},
      {"joint",
       {"parent", "child", "gearbox_ratio", "gearbox_reference_body",
        "thread_pitch", "screw_thread_pitch", "axis", "axis2", "physics",
        "pose", "sensor", "frame"}},
      {"axis",
       {"initial_position", "xyz", "use_parent_model_frame", "dynamics",
        "limit", "mimic"}},
      {"dynamics",
       {"damping", "friction", "spring_reference", "spring_stiffness"}},
      {"limit",
       {"lower", "upper", "effort", "velocity", "stiffness", "dissipation"}},
  };
  auto it = kSpec.find(parent == "axis2" ? "axis" : parent);
  static const std::set<std::string_view> kNone;
  return it == kSpec.end() ? kNone : it->second;
}

// Throws (naming the file, the line and the element) when `e` holds a child
// element SDFormat does not define there, such as <mass> inside <inertia>
// instead of <inertial>: the reference rejects those, and skipping one
// would silently drop what the author meant (a mass, a limit). Custom
// elements with a namespace prefix are accepted.
void CheckChildElements(const XmlReader& xml, const XMLElement* e) {
  const std::set<std::string_view>& spec = SpecChildren(e->Name());
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (spec.count(tag) || IsCustomElement(tag)) continue;
    std::string hint;
    if (tag == "mass" || tag == "inertia" || tag == "ixx" || tag == "ixy" ||
        tag == "ixz" || tag == "iyy" || tag == "iyz" || tag == "izz") {
      hint = tag == "mass" || tag == "inertia" ? " (it belongs in <inertial>)"
                                               : " (it belongs in <inertia>)";
    }
    xml.Error(c, fmt::format("<{}> is not an SDFormat element of {} (line "
                             "{}){}; a misplaced or misspelled element "
                             "is an error",
                             tag, XmlReader::Describe(e), xml.Line(e), hint));
  }
}

enum class EntryKind { kLink, kJoint, kFrame, kModel };

struct Scope;

// A named frame of a model scope: a link, a joint, an explicit frame or a
// nested model's frame.
struct Entry {
  EntryKind kind{EntryKind::kLink};
  std::string name;
  const XMLElement* element{nullptr};
  const XMLElement* pose_element{nullptr};
  // The document `pose_element` belongs to, when not the scope's (the
  // model's own <pose> in an included file).
  const XmlReader* pose_reader{nullptr};
  std::string relative_to;  // resolved default when the file is silent
  std::string attached_to;  // frames: the frame they ride on
  Scope* nested{nullptr};   // models
  // Resolution state: 0 = not yet, 1 = in progress (cycle guard), 2 = done.
  int pose_state{0};
  Eigen::Isometry3d X_WF{Eigen::Isometry3d::Identity()};
  int body_state{0};
  std::pair<Scope*, std::string> body{nullptr, ""};  // (scope, link name)
};

class SdfReader;

// One <model>: its frames by name and its nested models. Elements point into
// the document of `reader` (an included file has its own).
struct Scope {
  std::string name;  // scoped name, before any renaming by Parser
  const XMLElement* element{nullptr};
  const XmlReader* reader{nullptr};
  Scope* parent{nullptr};
  bool is_static{false};
  Eigen::Isometry3d X_WM{Eigen::Isometry3d::Identity()};
  std::map<std::string, Entry> entries;
  std::vector<std::string> link_order, joint_order, frame_order;
  std::vector<std::unique_ptr<Scope>> children;
  std::string canonical_link;  // may be scoped ("inner::link")
  // Models from included non-SDFormat files (already complete specs).
  std::vector<ModelSpec> foreign_models;
  // The model's <drake:collision_filter_group> elements.
  std::vector<const XMLElement*> filter_groups;
  // The model's <drake:ball_constraint> elements.
  std::vector<const XMLElement*> ball_constraints;
};

struct PoseValue {
  Eigen::Isometry3d X{Eigen::Isometry3d::Identity()};
  std::string relative_to;
};

class SdfReader : IncludingXmlReader {
 public:
  using IncludingXmlReader::IncludingXmlReader;

  std::vector<ModelSpec> Read();

 private:
  PoseValue ReadPose(const XmlReader& xml, const XMLElement* e) const;
  std::unique_ptr<Scope> ReadModel(const XmlReader& xml, const XMLElement* e,
                                   const std::string& scoped_name,
                                   Scope* parent, bool parent_static);
  void ReadInclude(const XmlReader& xml, const XMLElement* include,
                   Scope* parent, const std::string& parent_name,
                   bool parent_static,
                   std::vector<std::unique_ptr<Scope>>* top_level);
  void AddEntry(Scope* scope, Entry entry);

  // Finds the entry named `name` (possibly "a::b::frame") seen from `scope`.
  std::pair<Scope*, Entry*> Lookup(Scope* scope, const std::string& name);
  Eigen::Isometry3d ResolvePose(Scope* scope, const std::string& name,
                                const XMLElement* user);
  Eigen::Isometry3d ResolveEntryPose(Scope* scope, Entry* entry);
  std::pair<Scope*, std::string> ResolveBody(Scope* scope,
                                             const std::string& name,
                                             const XMLElement* user);
  std::pair<Scope*, std::string> ResolveEntryBody(Scope* scope, Entry* entry);
  std::pair<Scope*, std::string> CanonicalLink(Scope* scope,
                                               const XMLElement* user);
  Eigen::Isometry3d PoseInScope(Scope* scope, const XmlReader& xml,
                                const XMLElement* owner,
                                const std::string& default_relative_to);

  void Emit(Scope* scope, std::vector<ModelSpec>* out);
  // <drake:collision_filter_group>: members are links of the model (scoped
  // names reach nested models), ignored groups are names of the model's
  // groups.
  void EmitCollisionFilterGroup(Scope* scope, const XMLElement* e,
                                ModelSpec* model);
  // <drake:ball_constraint>: bodies A and B are links of the model, p_AP and
  // p_BQ are required.
  void EmitBallConstraint(Scope* scope, const XMLElement* e, ModelSpec* model);
  // <drake:mimic joint="..." multiplier="..." offset="..."> of joint `j`
  // (all three attributes required, as the reference).
  void ReadMimic(Scope* scope, const XMLElement* e, JointSpec* j);
  void EmitLink(Scope* scope, const std::string& name, ModelSpec* model);
  void EmitJoint(Scope* scope, const std::string& name, ModelSpec* model);
  bool ReadGeometry(Scope* scope, const XMLElement* e,
                    const Eigen::Isometry3d& X_WB, const std::string& link_name,
                    bool is_collision, int index, GeometrySpec* g);
  std::string RelativeName(Scope* from, Scope* to, const std::string& link);

  // Pose and body resolution recurse along relative_to / attached_to
  // chains; an adversarial file could make them long enough to overflow the
  // stack, so the depth is bounded (real models chain a few tens of frames).
  static constexpr int kMaxFrameChain = 1000;
  class DepthGuard {
   public:
    DepthGuard(SdfReader* reader, Scope* scope, const Entry* entry)
        : depth_(&reader->resolve_depth_) {
      if (++*depth_ > kMaxFrameChain) {
        --*depth_;
        scope->reader->Error(
            entry->element,
            fmt::format("the chain of frames posed or attached relative to "
                        "one another through '{}' of model '{}' is longer "
                        "than {} frames",
                        entry->name, scope->name, kMaxFrameChain));
      }
    }
    ~DepthGuard() { --*depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    int* depth_;
  };

  int resolve_depth_{0};
  // SDFormat files included inside one another (other formats count in
  // workspace_.include_depth).
  int include_depth_{0};
  // Nested models (and included ones) inside one another: each level
  // recurses through ReadModel(), so the depth is bounded well before the
  // stack's end (real models nest a few levels).
  static constexpr int kMaxModelNesting = 1000;
  int model_depth_{0};
};

PoseValue SdfReader::ReadPose(const XmlReader& xml, const XMLElement* e) const {
  PoseValue p;
  if (e == nullptr) return p;
  CheckChildElements(xml, e);
  if (const char* r = e->Attribute("relative_to")) p.relative_to = r;
  if (e->Attribute("frame")) {
    xml.Warning(e,
                "the SDFormat 1.6 'frame' attribute is not supported; "
                "use 'relative_to'");
  }
  const char* text = e->GetText();
  if (text == nullptr) return p;  // <pose/> is the identity
  const auto values = xml.ParseDoubles(e, text, "<pose>");
  for (double v : values) {
    if (!std::isfinite(v)) xml.Error(e, "<pose> holds a non-finite number");
  }
  std::string format = "euler_rpy";
  if (const char* f = e->Attribute("rotation_format")) format = f;
  bool degrees = false;
  if (const char* d = e->Attribute("degrees")) {
    degrees = std::string_view(d) == "true" || std::string_view(d) == "1";
  }
  if (format == "euler_rpy") {
    if (values.size() != 6) {
      xml.Error(e, fmt::format("<pose> needs 6 numbers (x y z roll pitch "
                               "yaw) but has {}",
                               values.size()));
    }
    Eigen::Vector3d rpy(values[3], values[4], values[5]);
    if (degrees) rpy *= M_PI / 180.0;
    p.X = PoseFromXyzRpy(Eigen::Vector3d(values[0], values[1], values[2]), rpy);
  } else if (format == "quat_xyzw") {
    if (values.size() != 7) {
      xml.Error(e, fmt::format("<pose> with rotation_format 'quat_xyzw' needs "
                               "7 numbers but has {}",
                               values.size()));
    }
    Eigen::Quaterniond q(values[6], values[3], values[4], values[5]);
    if (!(q.norm() > 1e-10)) xml.Error(e, "<pose> has a zero quaternion");
    p.X.linear() = q.normalized().toRotationMatrix();
    p.X.translation() = Eigen::Vector3d(values[0], values[1], values[2]);
  } else {
    xml.Error(e, fmt::format("unknown rotation_format '{}' (expected "
                             "euler_rpy or quat_xyzw)",
                             format));
  }
  return p;
}

void SdfReader::AddEntry(Scope* scope, Entry entry) {
  const XmlReader& xml = *scope->reader;
  if (entry.name.find("::") != std::string::npos) {
    xml.Error(entry.element,
              fmt::format("the name '{}' cannot contain '::'", entry.name));
  }
  if (entry.name == kModelFrame || entry.name == kWorldName) {
    xml.Error(entry.element,
              fmt::format("the name '{}' is reserved", entry.name));
  }
  auto it = scope->entries.find(entry.name);
  if (it != scope->entries.end()) {
    xml.Error(entry.element,
              fmt::format("the name '{}' is already used in model '{}' by a "
                          "<{}> (line {})",
                          entry.name, scope->name, it->second.element->Name(),
                          xml.Line(it->second.element)));
  }
  const std::string name = entry.name;
  switch (entry.kind) {
    case EntryKind::kLink:
      scope->link_order.push_back(name);
      break;
    case EntryKind::kJoint:
      scope->joint_order.push_back(name);
      break;
    case EntryKind::kFrame:
      scope->frame_order.push_back(name);
      break;
    case EntryKind::kModel:
      break;
  }
  scope->entries.emplace(name, std::move(entry));
}

std::unique_ptr<Scope> SdfReader::ReadModel(const XmlReader& xml,
                                            const XMLElement* e,
                                            const std::string& scoped_name,
                                            Scope* parent, bool parent_static) {
  if (++model_depth_ > kMaxModelNesting) {
    xml.Error(
        e, fmt::format("models nest deeper than {} levels", kMaxModelNesting));
  }
  auto scope = std::make_unique<Scope>();
  scope->name = scoped_name;
  scope->element = e;
  scope->reader = &xml;
  scope->parent = parent;
  scope->is_static = parent_static;
  if (const XMLElement* s = e->FirstChildElement("static")) {
    const std::string v = xml.RequiredText(s);
    if (v == "true" || v == "1") {
      scope->is_static = true;
    } else if (v != "false" && v != "0") {
      xml.Error(s, fmt::format("<static> must be true or false, not '{}'", v));
    }
  }
  CheckChildElements(xml, e);
  if (e->Attribute("placement_frame")) {
    xml.Warning(e,
                "the placement_frame attribute is not supported; the "
                "model pose is used as the pose of the model frame");
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "link" || tag == "joint" || tag == "frame") {
      Entry entry;
      entry.kind = tag == "link"    ? EntryKind::kLink
                   : tag == "joint" ? EntryKind::kJoint
                                    : EntryKind::kFrame;
      entry.name = xml.RequiredAttr(c, "name");
      entry.element = c;
      entry.pose_element = c->FirstChildElement("pose");
      if (entry.kind == EntryKind::kFrame) {
        CheckChildElements(xml, c);
        if (const char* a = c->Attribute("attached_to")) entry.attached_to = a;
        if (entry.attached_to.empty()) entry.attached_to = kModelFrame;
      }
      AddEntry(scope.get(), std::move(entry));
    } else if (tag == "model") {
      const std::string name = xml.RequiredAttr(c, "name");
      auto child = ReadModel(xml, c, ScopedName(scoped_name, name), scope.get(),
                             scope->is_static);
      Entry entry;
      entry.kind = EntryKind::kModel;
      entry.name = name;
      entry.element = c;
      entry.pose_element = c->FirstChildElement("pose");
      entry.nested = child.get();
      AddEntry(scope.get(), std::move(entry));
      scope->children.push_back(std::move(child));
    } else if (tag == "include") {
      ReadInclude(xml, c, scope.get(), scoped_name, scope->is_static, nullptr);
    } else if (tag == "drake:collision_filter_group") {
      scope->filter_groups.push_back(c);
    } else if (tag == "drake:ball_constraint") {
      scope->ball_constraints.push_back(c);
    } else if (tag == "static" || tag == "pose" || IsForeignElement(tag) ||
               tag.substr(0, 6) == "drake:") {
      continue;
    } else {
      xml.Warning(c, fmt::format("unsupported element <{}> inside model '{}' "
                                 "is ignored",
                                 tag, scoped_name));
    }
  }
  if (const char* canonical = e->Attribute("canonical_link")) {
    scope->canonical_link = canonical;
    // Checked here, not only when a frame needs it: a model whose canonical
    // link does not exist is invalid even if nothing attaches to it.
    auto [owner, entry] = Lookup(scope.get(), scope->canonical_link);
    // A link of an included model of another format is not a scope entry;
    // CanonicalLink() reports it if a frame needs it.
    const bool maybe_foreign =
        !scope->foreign_models.empty() &&
        scope->canonical_link.find("::") != std::string::npos;
    if ((entry == nullptr && !maybe_foreign) ||
        (entry != nullptr && entry->kind != EntryKind::kLink)) {
      xml.Error(e, fmt::format("canonical_link '{}' of model '{}' names no "
                               "link of the model",
                               scope->canonical_link, scoped_name));
    }
  } else if (!scope->link_order.empty()) {
    scope->canonical_link = scope->link_order.front();
  }
  --model_depth_;
  return scope;
}

void SdfReader::ReadInclude(const XmlReader& xml, const XMLElement* include,
                            Scope* parent, const std::string& parent_name,
                            bool parent_static,
                            std::vector<std::unique_ptr<Scope>>* top_level) {
  CheckChildElements(xml, include);
  const XMLElement* uri_e = include->FirstChildElement("uri");
  if (uri_e == nullptr) xml.Error(include, "<include> has no <uri>");
  const std::string uri = xml.RequiredText(uri_e);
  std::string path = xml.ResolveUri(uri);
  if (path.empty()) {
    std::string why;
    if (uri.find("://") != std::string::npos) {
      workspace_.package_map().TryResolveUrl(uri, &why);
    } else {
      why = "no such file";
    }
    xml.Error(uri_e, fmt::format("cannot resolve <uri> '{}': {}", uri, why));
  }
  std::error_code ec;
  if (fs::is_directory(fs::path(path), ec)) {
    // A model folder: model.config names the file (<sdf> element), else
    // model.sdf.
    std::string file;
    const fs::path config = fs::path(path) / "model.config";
    if (fs::is_regular_file(config, ec)) {
      tinyxml2::XMLDocument doc;
      if (doc.LoadFile(config.string().c_str()) == tinyxml2::XML_SUCCESS) {
        const XMLElement* model = doc.FirstChildElement("model");
        const XMLElement* sdf =
            model ? model->FirstChildElement("sdf") : nullptr;
        if (sdf && sdf->GetText()) file = sdf->GetText();
      }
    }
    if (file.empty()) file = "model.sdf";
    path = (fs::path(path) / file).string();
    if (!FileExists(path)) {
      xml.Error(uri_e, fmt::format("the model folder of <uri> '{}' holds no "
                                   "'{}'",
                                   uri, file));
    }
  }
  sources_.push_back(std::make_unique<DataSource>(DataSource::FromFile(path)));
  const DataSource& source = *sources_.back();
  CheckInclude(xml, include, include_chain_,
               workspace_.include_depth + include_depth_, source);
  std::string name_override;
  if (const XMLElement* n = include->FirstChildElement("name")) {
    name_override = xml.RequiredText(n);
  }
  const PoseValue include_pose =
      ReadPose(xml, include->FirstChildElement("pose"));
  bool is_static = parent_static;
  if (const XMLElement* s = include->FirstChildElement("static")) {
    const std::string v = xml.RequiredText(s);
    is_static = is_static || v == "true" || v == "1";
  }
  const std::string ext = GetExtension(path);
  if (ext != "sdf") {
    // Another format: parse it whole, place it, keep it as finished specs.
    ParsingWorkspace nested = workspace_;
    nested.include_depth = workspace_.include_depth + include_depth_ + 1;
    nested.include_chain = include_chain_;
    auto models = workspace_.parse_any()(source, name_override, nested);
    // Placed relative to the parent model frame (world at top level); Emit
    // composes the parent's world pose once it is resolved.
    for (auto& m : models) {
      m.name = ScopedName(parent_name, m.name);
      m.is_static = m.is_static || is_static;
      for (auto& l : m.links)
        l.X_WB = ToRigidTransform(include_pose.X) * l.X_WB;
    }
    Scope* holder = parent;
    if (holder == nullptr) {
      // Top level in a world: wrap in an empty scope that only carries them.
      auto wrapper = std::make_unique<Scope>();
      wrapper->name = "";
      wrapper->reader = &xml;
      wrapper->element = include;
      wrapper->foreign_models = std::move(models);
      top_level->push_back(std::move(wrapper));
      return;
    }
    for (auto& m : models) holder->foreign_models.push_back(std::move(m));
    return;
  }
  readers_.push_back(std::make_unique<XmlReader>(source, workspace_));
  XmlReader& inner = *readers_.back();
  const XMLElement* root = inner.Root();
  if (std::string_view(root->Name()) != "sdf") {
    inner.Error(root, "the root element of an SDFormat file must be <sdf>");
  }
  const XMLElement* model = root->FirstChildElement("model");
  if (model == nullptr) {
    inner.Error(root, "an included SDFormat file must hold a <model>");
  }
  const std::string name =
      name_override.empty() ? inner.RequiredAttr(model, "name") : name_override;
  // An error ends the whole parse: no need to undo these on one.
  ++include_depth_;
  include_chain_.push_back(IncludeKey(source));
  auto child =
      ReadModel(inner, model, ScopedName(parent_name, name), parent, is_static);
  include_chain_.pop_back();
  --include_depth_;
  // The include's <pose> replaces the model's own.
  const XMLElement* pose_e = include->FirstChildElement("pose");
  if (parent) {
    Entry entry;
    entry.kind = EntryKind::kModel;
    entry.name = name;
    entry.element = include;
    entry.nested = child.get();
    entry.pose_element = pose_e ? pose_e : model->FirstChildElement("pose");
    entry.pose_reader = pose_e ? &xml : &inner;
    AddEntry(parent, std::move(entry));
    parent->children.push_back(std::move(child));
  } else {
    child->X_WM = pose_e ? include_pose.X
                         : ReadPose(inner, model->FirstChildElement("pose")).X;
    top_level->push_back(std::move(child));
  }
}

std::pair<Scope*, Entry*> SdfReader::Lookup(Scope* scope,
                                            const std::string& name) {
  const auto sep = name.find("::");
  if (sep == std::string::npos) {
    auto it = scope->entries.find(name);
    if (it == scope->entries.end()) return {nullptr, nullptr};
    return {scope, &it->second};
  }
  const std::string head = name.substr(0, sep);
  auto it = scope->entries.find(head);
  if (it == scope->entries.end() || it->second.kind != EntryKind::kModel) {
    return {nullptr, nullptr};
  }
  const std::string rest = name.substr(sep + 2);
  if (rest == kModelFrame) return {scope, &it->second};
  return Lookup(it->second.nested, rest);
}

// World pose of the frame named `name` as seen from `scope`.
Eigen::Isometry3d SdfReader::ResolvePose(Scope* scope, const std::string& name,
                                         const XMLElement* user) {
  if (name.empty() || name == kModelFrame) {
    if (scope->parent == nullptr) return scope->X_WM;
    // A nested model's frame is its entry in the parent.
    Entry* self =
        &scope->parent->entries.at(SplitScopedName(scope->name).second);
    return ResolveEntryPose(scope->parent, self);
  }
  if (name == kWorldName) return Eigen::Isometry3d::Identity();
  auto [owner, entry] = Lookup(scope, name);
  if (entry == nullptr) {
    scope->reader->Error(user, fmt::format("the frame '{}' does not exist in "
                                           "model '{}'",
                                           name, scope->name));
  }
  return ResolveEntryPose(owner, entry);
}

Eigen::Isometry3d SdfReader::ResolveEntryPose(Scope* scope, Entry* entry) {
  if (entry->pose_state == 2) return entry->X_WF;
  const XmlReader& xml = *scope->reader;
  const XmlReader& pose_xml =
      entry->pose_reader ? *entry->pose_reader : *scope->reader;
  if (entry->pose_state == 1) {
    xml.Error(entry->element,
              fmt::format("the poses of '{}' in model '{}' are defined in a "
                          "cycle (relative_to / attached_to loop)",
                          entry->name, scope->name));
  }
  entry->pose_state = 1;
  {
    const DepthGuard guard(this, scope, entry);
    const PoseValue p = ReadPose(pose_xml, entry->pose_element);
    std::string relative_to = p.relative_to;
    if (relative_to.empty()) {
      switch (entry->kind) {
        case EntryKind::kJoint: {
          const XMLElement* child = entry->element->FirstChildElement("child");
          if (child == nullptr) {
            xml.Error(entry->element,
                      fmt::format("joint '{}' has no <child>", entry->name));
          }
          relative_to = xml.RequiredText(child);
          break;
        }
        case EntryKind::kFrame:
          relative_to = entry->attached_to;
          break;
        default:
          relative_to = kModelFrame;
      }
    }
    if (relative_to == entry->name) {
      pose_xml.Error(
          entry->pose_element ? entry->pose_element : entry->element,
          fmt::format("'{}' cannot be posed relative to itself", entry->name));
    }
    // Messages name an element of the scope's own document.
    const XMLElement* user =
        entry->pose_reader == nullptr && entry->pose_element
            ? entry->pose_element
            : entry->element;
    entry->X_WF = ResolvePose(scope, relative_to, user) * p.X;
  }
  if (entry->kind == EntryKind::kModel) entry->nested->X_WM = entry->X_WF;
  entry->pose_state = 2;
  return entry->X_WF;
}

std::pair<Scope*, std::string> SdfReader::CanonicalLink(
    Scope* scope, const XMLElement* user) {
  if (!scope->canonical_link.empty()) {
    auto [owner, entry] = Lookup(scope, scope->canonical_link);
    if (entry == nullptr || entry->kind != EntryKind::kLink) {
      scope->reader->Error(scope->element,
                           fmt::format("canonical link '{}' of model '{}' is "
                                       "not a link of the model",
                                       scope->canonical_link, scope->name));
    }
    return {owner, entry->name};
  }
  for (auto& child : scope->children) {
    auto found = CanonicalLink(child.get(), user);
    if (found.first) return found;
  }
  return {nullptr, ""};
}

std::pair<Scope*, std::string> SdfReader::ResolveBody(Scope* scope,
                                                      const std::string& name,
                                                      const XMLElement* user) {
  if (name == kWorldName) return {nullptr, kWorldName};
  if (name.empty() || name == kModelFrame) {
    auto found = CanonicalLink(scope, user);
    if (found.first == nullptr) {
      scope->reader->Error(user, fmt::format("model '{}' has no link to "
                                             "attach '__model__' to",
                                             scope->name));
    }
    return found;
  }
  auto [owner, entry] = Lookup(scope, name);
  if (entry == nullptr) {
    scope->reader->Error(user, fmt::format("the frame '{}' does not exist in "
                                           "model '{}'",
                                           name, scope->name));
  }
  return ResolveEntryBody(owner, entry);
}

std::pair<Scope*, std::string> SdfReader::ResolveEntryBody(Scope* scope,
                                                           Entry* entry) {
  if (entry->body_state == 2) return entry->body;
  if (entry->body_state == 1) {
    scope->reader->Error(entry->element,
                         fmt::format("frame '{}' of model '{}' is attached "
                                     "in a cycle",
                                     entry->name, scope->name));
  }
  entry->body_state = 1;
  const DepthGuard guard(this, scope, entry);
  switch (entry->kind) {
    case EntryKind::kLink:
      entry->body = {scope, entry->name};
      break;
    case EntryKind::kJoint: {
      const XMLElement* child = entry->element->FirstChildElement("child");
      if (child == nullptr) {
        scope->reader->Error(
            entry->element,
            fmt::format("joint '{}' has no <child>", entry->name));
      }
      entry->body =
          ResolveBody(scope, scope->reader->RequiredText(child), child);
      break;
    }
    case EntryKind::kFrame:
      entry->body = ResolveBody(scope, entry->attached_to, entry->element);
      break;
    case EntryKind::kModel: {
      entry->body = CanonicalLink(entry->nested, entry->element);
      if (entry->body.first == nullptr) {
        scope->reader->Error(
            entry->element,
            fmt::format("model '{}' has no links", entry->name));
      }
      break;
    }
  }
  entry->body_state = 2;
  return entry->body;
}

// Pose of an element (inertial, visual, collision) in world: its <pose>
// relative to `relative_to` if it says so, else `default_relative_to`.
Eigen::Isometry3d SdfReader::PoseInScope(Scope* scope, const XmlReader& xml,
                                         const XMLElement* owner,
                                         const std::string& default_rel) {
  const XMLElement* pose_e = owner->FirstChildElement("pose");
  const PoseValue p = ReadPose(xml, pose_e);
  const std::string rel = p.relative_to.empty() ? default_rel : p.relative_to;
  return ResolvePose(scope, rel, pose_e ? pose_e : owner) * p.X;
}

std::string SdfReader::RelativeName(Scope* from, Scope* to,
                                    const std::string& link) {
  if (to == nullptr) return kWorldName;
  if (to == from) return link;
  // `to` is nested inside `from` (joints may only reach into nested
  // models): strip from's prefix.
  const std::string prefix = from->name.empty() ? "" : from->name + "::";
  std::string rel = to->name;
  if (!prefix.empty() && rel.rfind(prefix, 0) == 0)
    rel = rel.substr(prefix.size());
  return ScopedName(rel, link);
}

bool SdfReader::ReadGeometry(Scope* scope, const XMLElement* e,
                             const Eigen::Isometry3d& X_WB,
                             const std::string& link_name, bool is_collision,
                             int index, GeometrySpec* g) {
  const XmlReader& xml = *scope->reader;
  g->is_collision = is_collision;
  g->location = xml.Loc(e);
  g->name = e->Attribute("name")
                ? e->Attribute("name")
                : fmt::format("{}_{}{}", link_name,
                              is_collision ? "collision" : "visual", index);
  const Eigen::Isometry3d X_WG = PoseInScope(scope, xml, e, link_name);
  g->X_BG = ToRigidTransform(X_WB.inverse() * X_WG);
  const XMLElement* geometry = e->FirstChildElement("geometry");
  if (geometry == nullptr) {
    xml.Error(e, fmt::format("<{}> of link '{}' has no <geometry>", e->Name(),
                             link_name));
  }
  const XMLElement* shape = geometry->FirstChildElement();
  if (shape == nullptr) {
    xml.Warning(geometry, "<geometry> is empty; skipped");
    return false;
  }
  const std::string_view kind = shape->Name();
  auto nonneg = [&](const char* child) {
    const XMLElement* c = shape->FirstChildElement(child);
    if (c == nullptr) {
      xml.Error(shape, fmt::format("<{}> has no <{}>", kind, child));
    }
    const double v =
        xml.ParseDouble(c, xml.RequiredText(c), fmt::format("<{}>", child));
    if (v < 0) xml.Error(c, fmt::format("<{}> cannot be negative", child));
    return v;
  };
  ShapeSpec& s = g->shape;
  if (kind == "box") {
    s.type = ShapeType::kBox;
    const XMLElement* size = shape->FirstChildElement("size");
    if (size == nullptr) xml.Error(shape, "<box> has no <size>");
    s.size = xml.ParseVector3(size, xml.RequiredText(size), "<size>");
    if ((s.size.array() < 0).any())
      xml.Error(size, "<size> cannot be negative");
  } else if (kind == "sphere") {
    s.type = ShapeType::kSphere;
    s.radius = nonneg("radius");
  } else if (kind == "cylinder" || kind == "capsule") {
    s.type = kind == "cylinder" ? ShapeType::kCylinder : ShapeType::kCapsule;
    s.radius = nonneg("radius");
    s.length = nonneg("length");
  } else if (kind == "ellipsoid") {
    s.type = ShapeType::kEllipsoid;
    const XMLElement* radii = shape->FirstChildElement("radii");
    if (radii == nullptr) xml.Error(shape, "<ellipsoid> has no <radii>");
    s.size = xml.ParseVector3(radii, xml.RequiredText(radii), "<radii>");
  } else if (kind == "plane") {
    s.type = ShapeType::kHalfSpace;
    Eigen::Vector3d n = Eigen::Vector3d::UnitZ();
    if (const XMLElement* normal = shape->FirstChildElement("normal")) {
      n = xml.ParseVector3(normal, xml.RequiredText(normal), "<normal>");
      if (!(n.norm() > 1e-10)) xml.Error(normal, "<normal> is zero");
      n.normalize();
    }
    // Fold the normal into X_BG: the half space's +z is the normal.
    g->X_BG = g->X_BG * math::RotationMatrixd::MakeUnchecked(
                            Eigen::Quaterniond::FromTwoVectors(
                                Eigen::Vector3d::UnitZ(), n)
                                .toRotationMatrix());
  } else if (kind == "mesh") {
    s.type = ShapeType::kMesh;
    const XMLElement* uri = shape->FirstChildElement("uri");
    if (uri == nullptr) xml.Error(shape, "<mesh> has no <uri>");
    s.filename = xml.RequiredText(uri);
    if (const XMLElement* scale = shape->FirstChildElement("scale")) {
      s.scale = xml.ParseVector3(scale, xml.RequiredText(scale), "<scale>");
    }
    // An unresolved URI is an error only if the geometry is registered
    // (with a SceneGraph), as in the reference.
    s.uri = s.filename;
    s.filename = xml.ResolveUri(s.uri);
    s.location = xml.Loc(shape);
  } else {
    xml.Warning(shape, fmt::format("unsupported shape <{}>; the geometry is "
                                   "skipped",
                                   kind));
    return false;
  }
  if (const XMLElement* material = e->FirstChildElement("material")) {
    if (const XMLElement* diffuse = material->FirstChildElement("diffuse")) {
      const auto v =
          xml.ParseDoubles(diffuse, xml.RequiredText(diffuse), "<diffuse>");
      if (v.size() != 3 && v.size() != 4) {
        xml.Error(diffuse, "<diffuse> needs 3 or 4 numbers");
      }
      g->rgba = Eigen::Vector4d(v[0], v[1], v[2], v.size() == 4 ? v[3] : 1.0);
    }
  }
  if (const XMLElement* surface = e->FirstChildElement("surface")) {
    const XMLElement* friction = surface->FirstChildElement("friction");
    const XMLElement* ode =
        friction ? friction->FirstChildElement("ode") : nullptr;
    if (ode) {
      if (ode->FirstChildElement("mu")) {
        g->static_friction = xml.ChildDouble(ode, "mu", 1.0);
        g->dynamic_friction = g->static_friction;
      }
      if (ode->FirstChildElement("mu2")) {
        g->dynamic_friction = xml.ChildDouble(ode, "mu2", 1.0);
      }
    }
  }
  if (const XMLElement* props =
          e->FirstChildElement("drake:proximity_properties")) {
    for (const XMLElement* p = props->FirstChildElement(); p;
         p = p->NextSiblingElement()) {
      std::string key = p->Name();
      if (key.rfind("drake:", 0) == 0) key = key.substr(6);
      const char* text = p->GetText();
      const double value =
          text ? xml.ParseDouble(p, text, fmt::format("<{}>", p->Name())) : 1.0;
      if (key == "mu_static")
        g->static_friction = value;
      else if (key == "mu_dynamic")
        g->dynamic_friction = value;
      else
        g->proximity_properties[key] = value;
    }
  }
  return true;
}

void SdfReader::EmitLink(Scope* scope, const std::string& name,
                         ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  Entry& entry = scope->entries.at(name);
  const XMLElement* e = entry.element;
  LinkSpec link;
  link.name = name;
  link.location = xml.Loc(e);
  CheckChildElements(xml, e);
  const Eigen::Isometry3d X_WB = ResolveEntryPose(scope, &entry);
  link.X_WB = ToRigidTransform(X_WB);
  // SDFormat's defaults when <inertial> is absent: mass 1 kg, unit
  // moments of inertia at the link origin.
  link.inertial.mass = 1.0;
  link.inertial.I_BBcm_I = Eigen::Matrix3d::Identity();
  if (const XMLElement* inertial = e->FirstChildElement("inertial")) {
    link.has_inertial = true;
    CheckChildElements(xml, inertial);
    if (const char* a = inertial->Attribute("auto")) {
      if (std::string_view(a) == "true") {
        xml.Warning(inertial,
                    "<inertial auto='true'> is not supported; the "
                    "written mass properties are used");
      }
    }
    link.inertial.X_BI = ToRigidTransform(
        X_WB.inverse() * PoseInScope(scope, xml, inertial, name));
    link.inertial.mass = xml.ChildDouble(inertial, "mass", 1.0);
    if (const XMLElement* inertia = inertial->FirstChildElement("inertia")) {
      CheckChildElements(xml, inertia);
      const double ixx = xml.ChildDouble(inertia, "ixx", 1.0);
      const double iyy = xml.ChildDouble(inertia, "iyy", 1.0);
      const double izz = xml.ChildDouble(inertia, "izz", 1.0);
      const double ixy = xml.ChildDouble(inertia, "ixy", 0.0);
      const double ixz = xml.ChildDouble(inertia, "ixz", 0.0);
      const double iyz = xml.ChildDouble(inertia, "iyz", 0.0);
      link.inertial.I_BBcm_I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    }
    CheckInertial(xml, inertial, name, &link.inertial);
  }
  int n_visual = 0, n_collision = 0;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "visual" || tag == "collision") {
      const bool is_collision = tag == "collision";
      GeometrySpec g;
      if (ReadGeometry(scope, c, X_WB, name, is_collision,
                       is_collision ? n_collision++ : n_visual++, &g)) {
        (is_collision ? link.collisions : link.visuals).push_back(g);
      }
    } else if (tag != "inertial" && tag != "pose" && !IsForeignElement(tag) &&
               tag.substr(0, 6) != "drake:") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside link '{}' "
                                 "is ignored",
                                 tag, name));
    }
  }
  model->links.push_back(std::move(link));
}

void SdfReader::EmitJoint(Scope* scope, const std::string& name,
                          ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  Entry& entry = scope->entries.at(name);
  const XMLElement* e = entry.element;
  JointSpec j;
  j.name = name;
  j.location = xml.Loc(e);
  CheckChildElements(xml, e);
  const std::string type = xml.RequiredAttr(e, "type");
  if (const JointTypeInfo* info = FindJointTypeInfo(type);
      info != nullptr && info->in_sdf) {
    j.type = info->type;
  } else if (type == "revolute2" || type == "gearbox") {
    xml.Error(e, fmt::format("joint type '{}' is not supported", type));
  } else {
    xml.Error(e, fmt::format("unknown joint type '{}' (expected {})", type,
                             JointTypeNames(&JointTypeInfo::in_sdf)));
  }
  const XMLElement* parent_e = e->FirstChildElement("parent");
  const XMLElement* child_e = e->FirstChildElement("child");
  if (parent_e == nullptr) {
    xml.Error(e, fmt::format("joint '{}' has no <parent>", name));
  }
  if (child_e == nullptr) {
    xml.Error(e, fmt::format("joint '{}' has no <child>", name));
  }
  const std::string parent_name = xml.RequiredText(parent_e);
  const std::string child_name = xml.RequiredText(child_e);
  if (child_name == kWorldName) {
    xml.Error(child_e,
              fmt::format("joint '{}' has the world as its child", name));
  }
  const auto parent = ResolveBody(scope, parent_name, parent_e);
  const auto child = ResolveBody(scope, child_name, child_e);
  if (parent == child) {
    xml.Error(e, fmt::format("joint '{}' connects link '{}' to itself", name,
                             child.second));
  }
  j.parent = RelativeName(scope, parent.first, parent.second);
  j.child = RelativeName(scope, child.first, child.second);
  const Eigen::Isometry3d X_WJ = ResolveEntryPose(scope, &entry);
  const Eigen::Isometry3d X_WP =
      parent.first ? ResolveEntryPose(parent.first,
                                      &parent.first->entries.at(parent.second))
                   : Eigen::Isometry3d::Identity();
  const Eigen::Isometry3d X_WC =
      ResolveEntryPose(child.first, &child.first->entries.at(child.second));
  j.X_PF = ToRigidTransform(X_WP.inverse() * X_WJ);
  j.X_CM = ToRigidTransform(X_WC.inverse() * X_WJ);
  const int nv = num_velocities(j.type);
  j.effort_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.velocity_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.damping = Eigen::VectorXd::Zero(nv);
  j.friction = Eigen::VectorXd::Zero(nv);
  if (nv == 1 || j.type == JointType::kUniversal) {
    j.position_lower_limits = Eigen::VectorXd::Constant(nv, -kInf);
    j.position_upper_limits = Eigen::VectorXd::Constant(nv, kInf);
  }
  auto read_axis = [&](const XMLElement* axis, int index,
                       Eigen::Vector3d* out) {
    CheckChildElements(xml, axis);
    const XMLElement* xyz = axis->FirstChildElement("xyz");
    Eigen::Vector3d a = Eigen::Vector3d::UnitZ();
    std::string expressed_in;
    if (xyz) {
      a = xml.ParseVector3(xyz, xml.RequiredText(xyz), "<xyz>");
      if (const char* ex = xyz->Attribute("expressed_in")) expressed_in = ex;
    }
    if (const XMLElement* u =
            axis->FirstChildElement("use_parent_model_frame")) {
      const char* t = u->GetText();
      if (t && (std::string_view(t) == "true" || std::string_view(t) == "1")) {
        expressed_in = kModelFrame;
      }
    }
    if (!(a.norm() > 1e-10)) {
      xml.Error(xyz ? xyz : axis,
                fmt::format("joint '{}' has a zero axis", name));
    }
    if (!expressed_in.empty()) {
      const Eigen::Isometry3d X_WE =
          ResolvePose(scope, expressed_in, xyz ? xyz : axis);
      a = X_WJ.linear().transpose() * X_WE.linear() * a;
    }
    *out = a.normalized();
    const XMLElement* limit = axis->FirstChildElement("limit");
    if (limit) CheckChildElements(xml, limit);
    if (limit && index < nv) {
      // SDFormat writes "no limit" as ±1e16 and effort/velocity -1.
      double lower = xml.ChildDouble(limit, "lower", -kInf);
      double upper = xml.ChildDouble(limit, "upper", kInf);
      if (lower <= -1e16) lower = -kInf;
      if (upper >= 1e16) upper = kInf;
      if (lower > upper) {
        xml.Error(limit, fmt::format("joint '{}' has lower limit {} above "
                                     "upper limit {}",
                                     name, lower, upper));
      }
      if (j.position_lower_limits.size() > index &&
          j.type != JointType::kContinuous) {
        j.position_lower_limits(index) = lower;
        j.position_upper_limits(index) = upper;
      }
      const double effort = xml.ChildDouble(limit, "effort", -1);
      const double velocity = xml.ChildDouble(limit, "velocity", -1);
      j.effort_limits(index) = effort < 0 ? kInf : effort;
      j.velocity_limits(index) = velocity < 0 ? kInf : velocity;
    }
    if (const XMLElement* dynamics = axis->FirstChildElement("dynamics")) {
      CheckChildElements(xml, dynamics);
      const double damping = xml.ChildDouble(dynamics, "damping", 0);
      if (damping < 0) {
        xml.Error(dynamics, fmt::format("joint '{}' has negative damping {}",
                                        name, damping));
      }
      const double friction = xml.ChildDouble(dynamics, "friction", 0);
      for (int k = index; k < (j.type == JointType::kBall ? 3 : index + 1);
           ++k) {
        if (k < nv) {
          j.damping(k) = damping;
          j.friction(k) = friction;
        }
      }
    }
  };
  const XMLElement* axis = e->FirstChildElement("axis");
  if (axis)
    read_axis(axis, 0, &j.axis);
  else if (nv == 1 || j.type == JointType::kUniversal)
    xml.Error(e, fmt::format("{} joint '{}' has no <axis>", type, name));
  if (j.type == JointType::kUniversal) {
    const XMLElement* axis2 = e->FirstChildElement("axis2");
    if (axis2 == nullptr) {
      xml.Error(e, fmt::format("universal joint '{}' has no <axis2>", name));
    }
    read_axis(axis2, 1, &j.axis2);
  }
  if (j.type == JointType::kScrew) {
    const XMLElement* pitch = e->FirstChildElement("screw_thread_pitch");
    if (!pitch) pitch = e->FirstChildElement("drake:screw_thread_pitch");
    if (pitch == nullptr) {
      xml.Error(
          e, fmt::format("screw joint '{}' has no <screw_thread_pitch>", name));
    }
    j.screw_thread_pitch =
        xml.ParseDouble(pitch, xml.RequiredText(pitch), "<screw_thread_pitch>");
    if (j.screw_thread_pitch == 0) {
      xml.Error(pitch, "a screw joint's thread pitch cannot be zero");
    }
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    static const std::set<std::string_view> kKnown{
        "parent",       "child",   "pose",
        "axis",         "axis2",   "screw_thread_pitch",
        "thread_pitch", "physics", "sensor"};
    const std::string_view tag = c->Name();
    if (!kKnown.count(tag) && tag.substr(0, 6) != "drake:") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside joint '{}' "
                                 "is ignored",
                                 tag, name));
    }
  }
  // As in the reference: each 1-dof joint is actuated unless its effort
  // limit is zero.
  if (nv == 1 && j.effort_limits(0) != 0) {
    ActuatorSpec a;
    a.name = name;
    a.joint = name;
    a.effort_limit = j.effort_limits(0);
    a.location = j.location;
    if (const XMLElement* r = e->FirstChildElement("drake:rotor_inertia")) {
      a.rotor_inertia =
          xml.ParseDouble(r, xml.RequiredText(r), "<drake:rotor_inertia>");
      if (a.rotor_inertia < 0)
        xml.Error(r,
                  "the rotor inertia cannot be "
                  "negative");
    }
    if (const XMLElement* g = e->FirstChildElement("drake:gear_ratio")) {
      a.gear_ratio =
          xml.ParseDouble(g, xml.RequiredText(g), "<drake:gear_ratio>");
    }
    model->actuators.push_back(std::move(a));
  }
  if (const XMLElement* mimic = e->FirstChildElement("drake:mimic")) {
    ReadMimic(scope, mimic, &j);
  }
  model->joints.push_back(std::move(j));
}

void SdfReader::EmitCollisionFilterGroup(Scope* scope, const XMLElement* e,
                                         ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  // ignore="true" switches a group off.
  if (const char* ignore = e->Attribute("ignore")) {
    if (std::string_view(ignore) == "true" || std::string_view(ignore) == "1")
      return;
  }
  CollisionFilterGroupSpec group;
  group.name = xml.RequiredAttr(e, "name");
  group.location = xml.Loc(e);
  for (const XMLElement* m = e->FirstChildElement("drake:member"); m;
       m = m->NextSiblingElement("drake:member")) {
    const std::string member = xml.RequiredText(m);
    auto [owner, entry] = Lookup(scope, member);
    if (entry == nullptr || entry->kind != EntryKind::kLink) {
      xml.Error(m, fmt::format("collision filter group '{}' names link '{}', "
                               "which does not exist in model '{}'",
                               group.name, member, scope->name));
    }
    group.members.push_back(member);
  }
  for (const XMLElement* g =
           e->FirstChildElement("drake:ignored_collision_filter_group");
       g; g = g->NextSiblingElement("drake:ignored_collision_filter_group")) {
    group.ignores.push_back(xml.RequiredText(g));
  }
  model->collision_filter_groups.push_back(std::move(group));
}

void SdfReader::EmitBallConstraint(Scope* scope, const XMLElement* e,
                                   ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  auto child = [&](const char* tag) {
    const XMLElement* c = e->FirstChildElement(tag);
    if (c == nullptr) {
      xml.Error(e, fmt::format("<drake:ball_constraint>: unable to find the "
                               "<{}> child tag",
                               tag));
    }
    return c;
  };
  auto body = [&](const char* tag) {
    const XMLElement* c = child(tag);
    const std::string name = xml.RequiredText(c);
    auto [owner, entry] = Lookup(scope, name);
    if (entry == nullptr || entry->kind != EntryKind::kLink) {
      xml.Error(c, fmt::format("<drake:ball_constraint>: body '{}' specified "
                               "for <{}> does not exist in the model",
                               name, tag));
    }
    return name;
  };
  auto point = [&](const char* tag) {
    const XMLElement* c = child(tag);
    return xml.ParseVector3(c, xml.RequiredText(c), fmt::format("<{}>", tag));
  };
  ModelConstraintSpec spec;
  spec.type = ModelConstraintType::kBall;
  spec.element = "drake:ball_constraint";
  spec.location = xml.Loc(e);
  spec.body_A = body("drake:ball_constraint_body_A");
  spec.body_B = body("drake:ball_constraint_body_B");
  spec.p_AP = point("drake:ball_constraint_p_AP");
  spec.p_BQ = point("drake:ball_constraint_p_BQ");
  model->constraints.push_back(std::move(spec));
}

void SdfReader::ReadMimic(Scope* scope, const XMLElement* e, JointSpec* j) {
  const XmlReader& xml = *scope->reader;
  auto required = [&](const char* attribute) {
    const char* value = e->Attribute(attribute);
    if (value == nullptr) {
      xml.Error(e, fmt::format("joint '{}' drake:mimic element is missing "
                               "the required '{}' attribute",
                               j->name, attribute));
    }
    return std::string(value);
  };
  MimicSpec m;
  m.joint = required("joint");
  m.multiplier =
      xml.ParseDouble(e, required("multiplier"), "attribute 'multiplier'");
  m.offset = xml.ParseDouble(e, required("offset"), "attribute 'offset'");
  m.location = xml.Loc(e);
  if (m.joint == j->name) {
    xml.Error(e, fmt::format("joint '{}' drake:mimic element specifies joint "
                             "'{}'. Joints cannot mimic themselves.",
                             j->name, m.joint));
  }
  auto [owner, entry] = Lookup(scope, m.joint);
  if (entry == nullptr || entry->kind != EntryKind::kJoint) {
    xml.Error(e, fmt::format("joint '{}' drake:mimic element specifies joint "
                             "'{}' which does not exist",
                             j->name, m.joint));
  }
  j->mimic = std::move(m);
}

void SdfReader::Emit(Scope* scope, std::vector<ModelSpec>* out) {
  if (!scope->name.empty() || scope->foreign_models.empty()) {
    const XmlReader& xml = *scope->reader;
    ModelSpec model;
    model.name = scope->name;
    model.location = xml.Loc(scope->element);
    model.is_static = scope->is_static;
    if (scope->link_order.empty() && scope->children.empty() &&
        scope->foreign_models.empty()) {
      xml.Error(scope->element,
                fmt::format("model '{}' has no links", scope->name));
    }
    for (const auto& name : scope->link_order) EmitLink(scope, name, &model);
    for (const auto& name : scope->joint_order) EmitJoint(scope, name, &model);
    for (const auto& name : scope->frame_order) {
      Entry& entry = scope->entries.at(name);
      FrameSpec f;
      f.name = name;
      f.location = xml.Loc(entry.element);
      const auto body = ResolveEntryBody(scope, &entry);
      f.body = RelativeName(scope, body.first, body.second);
      const Eigen::Isometry3d X_WB =
          body.first ? ResolveEntryPose(body.first,
                                        &body.first->entries.at(body.second))
                     : Eigen::Isometry3d::Identity();
      f.X_BF =
          ToRigidTransform(X_WB.inverse() * ResolveEntryPose(scope, &entry));
      model.frames.push_back(std::move(f));
    }
    for (const XMLElement* e : scope->filter_groups) {
      EmitCollisionFilterGroup(scope, e, &model);
    }
    for (const XMLElement* e : scope->ball_constraints) {
      EmitBallConstraint(scope, e, &model);
    }
    CheckJointTreeTopology(
        model, [&](const JointSpec& j, const std::string& message) {
          xml.Error(scope->entries.at(j.name).element, message);
        });
    out->push_back(std::move(model));
  }
  if (!scope->name.empty() && !scope->foreign_models.empty()) {
    const Eigen::Isometry3d X_WM =
        ResolvePose(scope, kModelFrame, scope->element);
    for (auto& m : scope->foreign_models) {
      for (auto& l : m.links) l.X_WB = ToRigidTransform(X_WM) * l.X_WB;
    }
  }
  for (auto& m : scope->foreign_models) out->push_back(std::move(m));
  for (auto& child : scope->children) Emit(child.get(), out);
}

std::vector<ModelSpec> SdfReader::Read() {
  XmlReader& xml = *readers_.front();
  const XMLElement* root = xml.Root();
  if (std::string_view(root->Name()) != "sdf") {
    xml.Error(root, "the root element of an SDFormat file must be <sdf>");
  }
  if (const char* version = root->Attribute("version")) {
    int major = 0, minor = 0;
    const bool ok = std::sscanf(version, "%d.%d", &major, &minor) == 2;
    if (!ok || major != 1 || minor < 7 || minor > 11) {
      xml.Warning(root, fmt::format("SDFormat version {} is outside the "
                                    "supported 1.7 – 1.11; read with 1.7+ "
                                    "semantics",
                                    version));
    }
  } else {
    xml.Error(root, "<sdf> has no version attribute");
  }
  CheckChildElements(xml, root);
  std::vector<std::unique_ptr<Scope>> top;
  auto read_top_model = [&](const XMLElement* m) {
    std::string name = xml.RequiredAttr(m, "name");
    auto scope = ReadModel(xml, m, name, nullptr, false);
    const PoseValue p = ReadPose(xml, m->FirstChildElement("pose"));
    if (!p.relative_to.empty() && p.relative_to != kWorldName) {
      xml.Warning(m->FirstChildElement("pose"),
                  "a top-level model pose relative to another model is not "
                  "supported; read relative to world");
    }
    scope->X_WM = p.X;
    top.push_back(std::move(scope));
  };
  for (const XMLElement* c = root->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "model") {
      read_top_model(c);
    } else if (tag == "world") {
      CheckChildElements(xml, c);
      for (const XMLElement* w = c->FirstChildElement(); w;
           w = w->NextSiblingElement()) {
        const std::string_view wtag = w->Name();
        if (wtag == "model") {
          read_top_model(w);
        } else if (wtag == "include") {
          ReadInclude(xml, w, nullptr, "", false, &top);
        } else if (wtag == "joint" || wtag == "frame") {
          xml.Warning(w, fmt::format("<{}> directly inside <world> is not "
                                     "supported; ignored",
                                     wtag));
        } else if (!IsForeignElement(wtag)) {
          xml.Warning(w, fmt::format("unsupported element <{}> inside <world> "
                                     "is ignored",
                                     wtag));
        }
      }
    } else if (!IsForeignElement(tag)) {
      xml.Warning(c, fmt::format("unsupported element <{}> inside <sdf> is "
                                 "ignored",
                                 tag));
    }
  }
  if (top.empty()) xml.Error(root, "the file defines no model");
  if (!model_name_.empty()) {
    if (top.size() != 1 || top[0]->name.empty()) {
      xml.Error(root,
                "a model name override needs exactly one top-level "
                "model");
    }
    // Rename the top model and every nested scope's prefix.
    const std::string old = top[0]->name;
    std::function<void(Scope*)> rename = [&](Scope* s) {
      s->name = model_name_ + s->name.substr(old.size());
      for (auto& m : s->foreign_models) {
        m.name = model_name_ + m.name.substr(old.size());
      }
      for (auto& c : s->children) rename(c.get());
    };
    rename(top[0].get());
  }
  std::vector<ModelSpec> out;
  for (auto& scope : top) Emit(scope.get(), &out);
  return out;
}

}  // namespace

std::vector<ModelSpec> ParseSdf(const DataSource& source,
                                const std::string& model_name,
                                const ParsingWorkspace& workspace) {
  SdfReader reader(source, model_name, workspace);
  return reader.Read();
}

}  // namespace ossa::multibody::internal
