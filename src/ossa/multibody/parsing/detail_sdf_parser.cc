#include "ossa/multibody/parsing/detail_sdf_parser.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>

#include "ossa/multibody/parsing/detail_sdf_reader.h"
#include "ossa/multibody/parsing/package_map.h"

namespace ossa::multibody::internal {
namespace sdf {

namespace fs = std::filesystem;

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

namespace {

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

}  // namespace


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

}  // namespace sdf

std::vector<ModelSpec> ParseSdf(const DataSource& source,
                                const std::string& model_name,
                                const ParsingWorkspace& workspace) {
  sdf::SdfReader reader(source, model_name, workspace);
  return reader.Read();
}

}  // namespace ossa::multibody::internal
