// MultibodyTree<T>: counts, access by index and by name, topology queries,
// per-instance arrays and coordinate names (the model building, removal and
// Finalize() are in multibody_tree.cc).

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/query_checks.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/screw_joint.h"

namespace ossa::multibody::internal {

// ------------------------------------------------------------ counts

template <typename T>
int MultibodyTree<T>::num_actuators(ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("num_actuators", model_instance);
  int count = 0;
  for (const auto& a : actuators_)
    if (a != nullptr && a->model_instance() == model_instance) ++count;
  return count;
}

template <typename T>
int MultibodyTree<T>::num_positions() const {
  ThrowIfNotFinalized("num_positions");
  return topology_.num_positions();
}

template <typename T>
int MultibodyTree<T>::num_velocities() const {
  ThrowIfNotFinalized("num_velocities");
  return topology_.num_velocities();
}

template <typename T>
int MultibodyTree<T>::num_positions(ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_positions");
  ThrowIfInvalidInstance("num_positions", model_instance);
  return instance_num_positions_[model_instance];
}

template <typename T>
int MultibodyTree<T>::num_velocities(ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_velocities");
  ThrowIfInvalidInstance("num_velocities", model_instance);
  return instance_num_velocities_[model_instance];
}

template <typename T>
int MultibodyTree<T>::num_actuated_dofs() const {
  int count = 0;
  for (const auto& a : actuators_)
    if (a != nullptr) count += a->num_inputs();
  return count;
}

template <typename T>
int MultibodyTree<T>::num_actuated_dofs(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("num_actuated_dofs", model_instance);
  int count = 0;
  for (const auto& a : actuators_)
    if (a != nullptr && a->model_instance() == model_instance)
      count += a->num_inputs();
  return count;
}

template <typename T>
int MultibodyTree<T>::num_mobods() const {
  ThrowIfNotFinalized("num_mobods");
  return topology_.num_mobods();
}

template <typename T>
int MultibodyTree<T>::tree_height() const {
  ThrowIfNotFinalized("tree_height");
  return topology_.tree_height();
}

// ------------------------------------------------------------ by index

namespace {
template <class Tag>
void CheckIndex(const char* method, TypeSafeIndex<Tag> index, int size) {
  if (!index.is_valid() || index.raw() >= size) [[unlikely]] {
    ThrowLogicError(
        "{}(): the given {}({}) is out of bounds (must be less than {}).",
        method, Tag::kName, index.raw(), size);
  }
}
}  // namespace

#define OSSA_CHECK_INDEX(method, index, size) CheckIndex(method, index, size)

template <typename T>
const RigidBody<T>& MultibodyTree<T>::get_body(BodyIndex body_index) const {
  OSSA_CHECK_INDEX("get_body", body_index, num_bodies());
  return *bodies_[body_index];
}

template <typename T>
const Frame<T>& MultibodyTree<T>::get_frame(FrameIndex frame_index) const {
  OSSA_CHECK_INDEX("get_frame", frame_index, num_frames());
  return *frames_[frame_index];
}

template <typename T>
const Joint<T>& MultibodyTree<T>::get_joint(JointIndex joint_index) const {
  OSSA_CHECK_INDEX("get_joint", joint_index, joints_.size());
  ThrowIfRemoved("get_joint", "JointIndex", joint_index,
                 joints_[joint_index] == nullptr);
  return *joints_[joint_index];
}

template <typename T>
Joint<T>& MultibodyTree<T>::get_mutable_joint(JointIndex joint_index) {
  OSSA_CHECK_INDEX("get_mutable_joint", joint_index, joints_.size());
  ThrowIfRemoved("get_mutable_joint", "JointIndex", joint_index,
                 joints_[joint_index] == nullptr);
  return *joints_[joint_index];
}

template <typename T>
const JointActuator<T>& MultibodyTree<T>::get_joint_actuator(
    JointActuatorIndex actuator_index) const {
  OSSA_CHECK_INDEX("get_joint_actuator", actuator_index, actuators_.size());
  ThrowIfRemoved("get_joint_actuator", "JointActuatorIndex", actuator_index,
                 actuators_[actuator_index] == nullptr);
  return *actuators_[actuator_index];
}

template <typename T>
JointActuator<T>& MultibodyTree<T>::get_mutable_joint_actuator(
    JointActuatorIndex actuator_index) {
  OSSA_CHECK_INDEX("get_mutable_joint_actuator", actuator_index,
                   actuators_.size());
  ThrowIfRemoved("get_mutable_joint_actuator", "JointActuatorIndex",
                 actuator_index, actuators_[actuator_index] == nullptr);
  return *actuators_[actuator_index];
}

#undef OSSA_CHECK_INDEX

template <typename T>
const std::string& MultibodyTree<T>::GetModelInstanceName(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetModelInstanceName", model_instance);
  return instance_names_[model_instance];
}

// ------------------------------------------------------------ by name

template <typename T>
template <typename Getter>
std::string MultibodyTree<T>::ListNamesByInstance(
    const NameMap& names, const Getter& instance_of) const {
  std::map<int, std::set<std::string>> by_instance;
  for (const auto& [name, index] : names)
    by_instance[instance_of(index)].insert(name);
  std::vector<std::string> parts;
  for (const auto& [instance, set] : by_instance) {
    parts.push_back(fmt::format("in model instance '{}': {}",
                                instance_names_[instance],
                                fmt::join(set, ", ")));
  }
  if (parts.empty()) return "the model has none";
  return "valid names " + fmt::format("{}", fmt::join(parts, "; "));
}

template <typename T>
template <typename Getter>
int MultibodyTree<T>::FindIndexOrThrow(
    const char* method, const char* kind, const NameMap& names,
    std::string_view name, std::optional<ModelInstanceIndex> model_instance,
    const Getter& instance_of) const {
  if (model_instance) ThrowIfInvalidInstance(method, *model_instance);
  const auto [begin, end] = names.equal_range(std::string(name));
  std::vector<int> found;
  std::vector<std::string> other_instances;
  for (auto it = begin; it != end; ++it) {
    if (!model_instance || instance_of(it->second) == *model_instance) {
      found.push_back(it->second);
    } else {
      other_instances.push_back(instance_names_[instance_of(it->second)]);
    }
  }
  if (found.size() == 1) return found[0];
  if (found.size() > 1) {
    std::vector<std::string> instances;
    for (int i : found) instances.push_back(instance_names_[instance_of(i)]);
    std::sort(instances.begin(), instances.end());
    ThrowLogicError(
        "{}(): a {} named '{}' appears in several model instances ({}); "
        "provide a model_instance argument to disambiguate.",
        method, kind, name, fmt::join(instances, ", "));
  }
  if (model_instance && !other_instances.empty()) {
    std::sort(other_instances.begin(), other_instances.end());
    ThrowLogicError(
        "{}(): there is no {} named '{}' in model instance '{}', but one "
        "exists in other model instances ({}).",
        method, kind, name, instance_names_[*model_instance],
        fmt::join(other_instances, ", "));
  }
  if (model_instance) {
    ThrowLogicError(
        "{}(): there is no {} named '{}' in model instance '{}' "
        "({}).",
        method, kind, name, instance_names_[*model_instance],
        ListNamesByInstance(names, instance_of));
  }
  ThrowLogicError("{}(): there is no {} named '{}' anywhere in the model ({}).",
                  method, kind, name, ListNamesByInstance(names, instance_of));
}

template <typename T>
template <typename Getter>
bool MultibodyTree<T>::HasNamed(
    const char* method, const char* kind, const NameMap& names,
    std::string_view name, std::optional<ModelInstanceIndex> model_instance,
    const Getter& instance_of) const {
  if (model_instance) ThrowIfInvalidInstance(method, *model_instance);
  const auto [begin, end] = names.equal_range(std::string(name));
  std::vector<std::string> instances;
  for (auto it = begin; it != end; ++it) {
    if (model_instance) {
      if (instance_of(it->second) == *model_instance) return true;
    } else {
      instances.push_back(instance_names_[instance_of(it->second)]);
    }
  }
  if (instances.size() > 1) {
    std::sort(instances.begin(), instances.end());
    ThrowLogicError(
        "{}(): a {} named '{}' appears in several model instances ({}); "
        "provide a model_instance argument to disambiguate.",
        method, kind, name, fmt::join(instances, ", "));
  }
  return instances.size() == 1;
}

template <typename T>
bool MultibodyTree<T>::HasModelInstanceNamed(std::string_view name) const {
  return instance_by_name_.count(std::string(name)) > 0;
}

template <typename T>
ModelInstanceIndex MultibodyTree<T>::GetModelInstanceByName(
    std::string_view name) const {
  const auto it = instance_by_name_.find(std::string(name));
  if (it == instance_by_name_.end()) [[unlikely]] {
    std::vector<std::string> all(instance_names_);
    std::sort(all.begin(), all.end());
    ThrowLogicError(
        "GetModelInstanceByName(): there is no model instance named '{}'. "
        "The current model instances are '{}'.",
        name, fmt::join(all, "', '"));
  }
  return it->second;
}

#define OSSA_LOOKUPS(Kind, kind_text, names, elements, Type, Has, Get)         \
  template <typename T>                                                        \
  bool MultibodyTree<T>::Has(std::string_view name) const {                    \
    return HasNamed(#Has, kind_text, names, name, std::nullopt,                \
                    [this](int i) { return elements[i]->model_instance(); });  \
  }                                                                            \
  template <typename T>                                                        \
  bool MultibodyTree<T>::Has(std::string_view name,                            \
                             ModelInstanceIndex model_instance) const {        \
    return HasNamed(#Has, kind_text, names, name, model_instance,              \
                    [this](int i) { return elements[i]->model_instance(); });  \
  }                                                                            \
  template <typename T>                                                        \
  const Type& MultibodyTree<T>::Get(std::string_view name) const {             \
    return *elements[FindIndexOrThrow(                                         \
        #Get, kind_text, names, name, std::nullopt,                            \
        [this](int i) { return elements[i]->model_instance(); })];             \
  }                                                                            \
  template <typename T>                                                        \
  const Type& MultibodyTree<T>::Get(std::string_view name,                     \
                                    ModelInstanceIndex model_instance) const { \
    return *elements[FindIndexOrThrow(                                         \
        #Get, kind_text, names, name, model_instance,                          \
        [this](int i) { return elements[i]->model_instance(); })];             \
  }

OSSA_LOOKUPS(Body, "body", body_names_, bodies_, RigidBody<T>, HasBodyNamed,
             GetBodyByName)
OSSA_LOOKUPS(Frame, "frame", frame_names_, frames_, Frame<T>, HasFrameNamed,
             GetFrameByName)
OSSA_LOOKUPS(Joint, "joint", joint_names_, joints_, Joint<T>, HasJointNamed,
             GetJointByName)
OSSA_LOOKUPS(JointActuator, "joint actuator", actuator_names_, actuators_,
             JointActuator<T>, HasJointActuatorNamed, GetJointActuatorByName)
#undef OSSA_LOOKUPS

template <typename T>
void MultibodyTree<T>::ThrowWrongJointType(const Joint<T>& joint,
                                           const std::string& type) const {
  ThrowLogicError(
      "GetJointByName(): joint '{}' in model instance '{}' is a {} joint, not "
      "a {}.",
      joint.name(), instance_names_[joint.model_instance()], joint.type_name(),
      type);
}

namespace {
template <typename Index, typename Elements>
std::vector<Index> IndicesIn(const Elements& elements,
                             ModelInstanceIndex model_instance) {
  std::vector<Index> result;
  for (int i = 0; i < static_cast<int>(elements.size()); ++i)
    if (elements[i] != nullptr &&  // removed joints and actuators
        elements[i]->model_instance() == model_instance)
      result.push_back(Index(i));
  return result;
}
}  // namespace

template <typename T>
std::vector<BodyIndex> MultibodyTree<T>::GetBodyIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetBodyIndices", model_instance);
  return IndicesIn<BodyIndex>(bodies_, model_instance);
}

template <typename T>
std::vector<FrameIndex> MultibodyTree<T>::GetFrameIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetFrameIndices", model_instance);
  return IndicesIn<FrameIndex>(frames_, model_instance);
}

template <typename T>
std::vector<JointIndex> MultibodyTree<T>::GetJointIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetJointIndices", model_instance);
  return IndicesIn<JointIndex>(joints_, model_instance);
}

template <typename T>
std::vector<JointIndex> MultibodyTree<T>::GetJointIndices() const {
  std::vector<JointIndex> result;
  for (int i = 0; i < static_cast<int>(joints_.size()); ++i)
    if (joints_[i] != nullptr) result.push_back(JointIndex(i));
  return result;
}

template <typename T>
std::vector<JointActuatorIndex> MultibodyTree<T>::GetJointActuatorIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetJointActuatorIndices", model_instance);
  return IndicesIn<JointActuatorIndex>(actuators_, model_instance);
}

template <typename T>
std::vector<JointActuatorIndex> MultibodyTree<T>::GetJointActuatorIndices()
    const {
  std::vector<JointActuatorIndex> result;
  for (int i = 0; i < static_cast<int>(actuators_.size()); ++i)
    if (actuators_[i] != nullptr) result.push_back(JointActuatorIndex(i));
  return result;
}

template <typename T>
std::vector<JointIndex> MultibodyTree<T>::GetActuatedJointIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("GetActuatedJointIndices", model_instance);
  std::vector<JointIndex> result;
  for (const auto& a : actuators_)
    if (a != nullptr && a->model_instance() == model_instance)
      result.push_back(a->joint().index());
  std::sort(result.begin(), result.end());
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

template <typename T>
std::vector<ModelInstanceIndex> MultibodyTree<T>::GetModelInstanceIndices()
    const {
  std::vector<ModelInstanceIndex> result;
  for (int i = 0; i < num_model_instances(); ++i)
    result.push_back(ModelInstanceIndex(i));
  return result;
}

// ------------------------------------------------------------ topology

template <typename T>
const MultibodyTreeTopology& MultibodyTree<T>::get_topology() const {
  ThrowIfNotFinalized("get_topology");
  return topology_;
}

template <typename T>
std::vector<const RigidBody<T>*> MultibodyTree<T>::GetBodiesWeldedTo(
    const RigidBody<T>& body) const {
  ThrowIfNotFinalized("GetBodiesWeldedTo");
  if (body.parent_tree() != this) [[unlikely]] {
    ThrowLogicError("GetBodiesWeldedTo(): body '{}' is not in this model.",
                    body.name());
  }
  std::vector<const RigidBody<T>*> result;
  for (BodyIndex b : topology_.welded_group(body.index()))
    result.push_back(bodies_[b].get());
  return result;
}

template <typename T>
std::unordered_set<BodyIndex> MultibodyTree<T>::GetFloatingBaseBodies() const {
  ThrowIfNotFinalized("GetFloatingBaseBodies");
  std::unordered_set<BodyIndex> result;
  for (const auto& body : bodies_)
    if (body->is_floating_base_body()) result.insert(body->index());
  return result;
}

template <typename T>
const Joint<T>& MultibodyTree<T>::GetInboardJoint(
    const RigidBody<T>& body) const {
  ThrowIfNotFinalized("GetInboardJoint");
  if (body.is_world()) [[unlikely]] {
    ThrowLogicError("GetInboardJoint(): the world body has no inboard joint.");
  }
  const TopologyMobod& mobod =
      topology_.get_mobod(topology_.body_to_mobod(body.index()));
  return *joints_[mobod.joint];
}

namespace {
// Copies each joint's segment of the full array (q or v) to or from the
// consecutive segments of an instance array, joints in q order.
template <typename T, typename Joints, typename From, typename To>
void CopySegments(const std::vector<JointIndex>& order, const Joints& joints,
                  bool positions, bool to_instance, const From& from, To* to) {
  int k = 0;
  for (JointIndex j : order) {
    const auto& joint = *joints[j];
    const int start =
        positions ? joint.position_start() : joint.velocity_start();
    const int n = positions ? joint.num_positions() : joint.num_velocities();
    if (to_instance) {
      to->segment(k, n) = from.segment(start, n);
    } else {
      to->segment(start, n) = from.segment(k, n);
    }
    k += n;
  }
}

// The entries of one model instance (its joints' q or v, in q order) out
// of a whole-model array x, checking x's size first.
template <typename T, typename Joints>
VectorX<T> InstanceEntriesOf(const char* method, const char* x_name,
                             const std::vector<JointIndex>& order,
                             const Joints& joints, bool positions,
                             int model_size, int instance_size,
                             const Eigen::Ref<const VectorX<T>>& x) {
  ThrowIfWrongSize(method, x_name, model_size, x.size());
  VectorX<T> result(instance_size);
  CopySegments<T>(order, joints, positions, true, x, &result);
  return result;
}

// Writes one model instance's entries x_instance into the whole-model array
// x, checking both sizes first.
template <typename T, typename Joints>
void SetInstanceEntries(const char* method, const char* x_name,
                        const char* x_instance_name,
                        const std::vector<JointIndex>& order,
                        const Joints& joints, bool positions, int model_size,
                        int instance_size,
                        const Eigen::Ref<const VectorX<T>>& x_instance,
                        EigenPtr<VectorX<T>> x) {
  ThrowIfNull(method, x_name, x);
  ThrowIfWrongSize(method, x_instance_name, instance_size, x_instance.size());
  ThrowIfWrongSize(method, x_name, model_size, x->size());
  CopySegments<T>(order, joints, positions, false, x_instance, &*x);
}

}  // namespace

template <typename T>
VectorX<T> MultibodyTree<T>::GetInstanceEntries(
    const char* method, bool positions, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& x) const {
  ThrowIfNotFinalized(method);
  ThrowIfInvalidInstance(method, model_instance);
  return InstanceEntriesOf<T>(
      method, positions ? "q" : "v",
      instance_joints_in_q_order_[model_instance], joints_, positions,
      positions ? num_positions() : num_velocities(),
      positions ? num_positions(model_instance)
                : num_velocities(model_instance),
      x);
}

template <typename T>
void MultibodyTree<T>::SetInstanceEntriesInArray(
    const char* method, bool positions, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& x_instance,
    EigenPtr<VectorX<T>> x) const {
  ThrowIfNotFinalized(method);
  ThrowIfInvalidInstance(method, model_instance);
  SetInstanceEntries<T>(
      method, positions ? "q" : "v", positions ? "q_instance" : "v_instance",
      instance_joints_in_q_order_[model_instance], joints_, positions,
      positions ? num_positions() : num_velocities(),
      positions ? num_positions(model_instance)
                : num_velocities(model_instance),
      x_instance, x);
}

template <typename T>
VectorX<T> MultibodyTree<T>::GetPositionsFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q) const {
  return GetInstanceEntries("GetPositionsFromArray", true, model_instance, q);
}

template <typename T>
VectorX<T> MultibodyTree<T>::GetVelocitiesFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v) const {
  return GetInstanceEntries("GetVelocitiesFromArray", false, model_instance, v);
}

template <typename T>
void MultibodyTree<T>::SetPositionsInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q_instance,
    EigenPtr<VectorX<T>> q) const {
  SetInstanceEntriesInArray("SetPositionsInArray", true, model_instance,
                            q_instance, q);
}

template <typename T>
void MultibodyTree<T>::SetVelocitiesInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v_instance,
    EigenPtr<VectorX<T>> v) const {
  SetInstanceEntriesInArray("SetVelocitiesInArray", false, model_instance,
                            v_instance, v);
}

template <typename T>
VectorX<T> MultibodyTree<T>::GetActuationFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& u) const {
  ThrowIfNotFinalized("GetActuationFromArray");
  ThrowIfInvalidInstance("GetActuationFromArray", model_instance);
  ThrowIfWrongSize("GetActuationFromArray", "u", num_actuated_dofs(), u.size());
  VectorX<T> result(num_actuated_dofs(model_instance));
  int k = 0;
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    if (a->model_instance() != model_instance) continue;
    result.segment(k, a->num_inputs()) =
        u.segment(a->input_start(), a->num_inputs());
    k += a->num_inputs();
  }
  return result;
}

template <typename T>
void MultibodyTree<T>::SetActuationInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& u_instance,
    EigenPtr<VectorX<T>> u) const {
  ThrowIfNotFinalized("SetActuationInArray");
  ThrowIfInvalidInstance("SetActuationInArray", model_instance);
  if (u == nullptr) [[unlikely]] {
    ThrowLogicError("SetActuationInArray(): the output u is a nullptr.");
  }
  ThrowIfWrongSize("SetActuationInArray", "u_instance",
                   num_actuated_dofs(model_instance), u_instance.size());
  ThrowIfWrongSize("SetActuationInArray", "u", num_actuated_dofs(), u->size());
  int k = 0;
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    if (a->model_instance() != model_instance) continue;
    u->segment(a->input_start(), a->num_inputs()) =
        u_instance.segment(k, a->num_inputs());
    k += a->num_inputs();
  }
}

template <typename T>
VectorX<double> MultibodyTree<T>::GetDefaultPositions() const {
  ThrowIfNotFinalized("GetDefaultPositions");
  VectorX<double> q(num_positions());
  for (const auto& joint : joints_) {
    if (joint == nullptr) continue;  // removed
    q.segment(joint->position_start(), joint->num_positions()) =
        joint->default_positions();
  }
  return q;
}

namespace {

// "[instance_]joint_suffix" of every position (or velocity) coordinate, by
// its index in q (or v); `size` is nq (or nv).
template <typename Joints>
std::vector<std::string> CoordinateNames(
    const Joints& joints, const std::vector<std::string>& instance_names,
    bool positions, int size, bool add_model_instance_prefix) {
  std::vector<std::string> names(size);
  for (const auto& joint : joints) {
    if (joint == nullptr) continue;  // removed
    const std::string prefix =
        (add_model_instance_prefix
             ? instance_names[joint->model_instance()] + "_"
             : std::string()) +
        joint->name() + "_";
    const int start =
        positions ? joint->position_start() : joint->velocity_start();
    const int n = positions ? joint->num_positions() : joint->num_velocities();
    for (int i = 0; i < n; ++i) {
      names[start + i] = prefix + (positions ? joint->position_suffix(i)
                                             : joint->velocity_suffix(i));
    }
  }
  return names;
}

}  // namespace

template <typename T>
std::vector<std::string> MultibodyTree<T>::GetPositionNames(
    bool add_model_instance_prefix) const {
  ThrowIfNotFinalized("GetPositionNames");
  return CoordinateNames(joints_, instance_names_, true, num_positions(),
                         add_model_instance_prefix);
}

template <typename T>
std::vector<std::string> MultibodyTree<T>::GetVelocityNames(
    bool add_model_instance_prefix) const {
  ThrowIfNotFinalized("GetVelocityNames");
  return CoordinateNames(joints_, instance_names_, false, num_velocities(),
                         add_model_instance_prefix);
}

}  // namespace ossa::multibody::internal

// The members defined in this file, for the default scalars.
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);
#endif
