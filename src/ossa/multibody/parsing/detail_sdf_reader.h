#pragma once

// The SDFormat reader's internals, shared by detail_sdf_parser.cc (model
// scopes, frames and pose resolution) and detail_sdf_emit.cc (links, joints,
// geometry and constraints into ModelSpecs). Not part of the API.

#include <fmt/format.h>

#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ossa/multibody/parsing/detail_common.h"

namespace ossa::multibody::internal::sdf {

using tinyxml2::XMLElement;
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr const char* kModelFrame = "__model__";

// True for elements of simulators and renderers that carry nothing the
// dynamics model needs; they are skipped without a warning.
bool IsForeignElement(std::string_view name);

// Raises (through `xml`) for a child of `e` that the SDFormat specification
// does not allow there; custom elements with a namespace prefix pass.
void CheckChildElements(const XmlReader& xml, const XMLElement* e);

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

}  // namespace ossa::multibody::internal::sdf
