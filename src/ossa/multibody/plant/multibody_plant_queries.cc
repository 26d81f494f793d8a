// MultibodyPlant: per-instance arrays, coordinate names, limits, topology
// queries.

#include <algorithm>
#include <sstream>

#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody {

// ---------------------------------------------------------------------------
// Per-instance arrays: the tree checks finalization, instance and sizes.

template <typename T>
VectorX<T> MultibodyPlant<T>::GetPositionsFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q) const {
  return this->tree().GetPositionsFromArray(model_instance, q);
}

template <typename T>
void MultibodyPlant<T>::GetPositionsFromArray(
    ModelInstanceIndex model_instance, const Eigen::Ref<const VectorX<T>>& q,
    EigenPtr<VectorX<T>> q_out) const {
  if (q_out == nullptr) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::GetPositionsFromArray(): q_out is a "
        "nullptr.");
  }
  const VectorX<T> values =
      this->tree().GetPositionsFromArray(model_instance, q);
  CheckSize("GetPositionsFromArray", "q_out", q_out->size(), values.size());
  *q_out = values;
}

template <typename T>
void MultibodyPlant<T>::SetPositionsInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q_instance,
    EigenPtr<VectorX<T>> q) const {
  this->tree().SetPositionsInArray(model_instance, q_instance, q);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetVelocitiesFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v) const {
  return this->tree().GetVelocitiesFromArray(model_instance, v);
}

template <typename T>
void MultibodyPlant<T>::GetVelocitiesFromArray(
    ModelInstanceIndex model_instance, const Eigen::Ref<const VectorX<T>>& v,
    EigenPtr<VectorX<T>> v_out) const {
  if (v_out == nullptr) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::GetVelocitiesFromArray(): v_out is a "
        "nullptr.");
  }
  const VectorX<T> values =
      this->tree().GetVelocitiesFromArray(model_instance, v);
  CheckSize("GetVelocitiesFromArray", "v_out", v_out->size(), values.size());
  *v_out = values;
}

template <typename T>
void MultibodyPlant<T>::SetVelocitiesInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v_instance,
    EigenPtr<VectorX<T>> v) const {
  this->tree().SetVelocitiesInArray(model_instance, v_instance, v);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetActuationFromArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& u) const {
  return this->tree().GetActuationFromArray(model_instance, u);
}

template <typename T>
void MultibodyPlant<T>::SetActuationInArray(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& u_instance,
    EigenPtr<VectorX<T>> u) const {
  this->tree().SetActuationInArray(model_instance, u_instance, u);
}

// ---------------------------------------------------------------------------
// Names.

template <typename T>
std::vector<const Joint<T>*> MultibodyPlant<T>::JointsInQOrder(
    std::optional<ModelInstanceIndex> model_instance) const {
  std::vector<const Joint<T>*> joints;
  for (JointIndex j : this->tree().GetJointIndices()) {
    const Joint<T>& joint = get_joint(j);
    if (!model_instance || joint.model_instance() == *model_instance)
      joints.push_back(&joint);
  }
  // Welds have no coordinates; stable order among equal starts is harmless
  // since only joints with coordinates produce names.
  std::stable_sort(joints.begin(), joints.end(),
                   [](const Joint<T>* a, const Joint<T>* b) {
                     return a->position_start() < b->position_start();
                   });
  return joints;
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::MakeCoordinateNames(
    const char* method, std::optional<ModelInstanceIndex> model_instance,
    bool positions, bool add_model_instance_prefix,
    bool always_add_suffix) const {
  ThrowIfNotFinalized(method);
  if (model_instance) ThrowIfInvalidInstance(method, *model_instance);
  std::vector<std::string> names;
  for (const Joint<T>* joint : JointsInQOrder(model_instance)) {
    const int n = positions ? joint->num_positions() : joint->num_velocities();
    const std::string prefix =
        add_model_instance_prefix
            ? GetModelInstanceName(joint->model_instance()) + "_"
            : std::string();
    for (int i = 0; i < n; ++i) {
      std::string name = prefix + joint->name();
      if (always_add_suffix || n > 1) {
        name += "_";
        name +=
            positions ? joint->position_suffix(i) : joint->velocity_suffix(i);
      }
      names.push_back(std::move(name));
    }
  }
  return names;
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetPositionNames(
    bool add_model_instance_prefix, bool always_add_suffix) const {
  return MakeCoordinateNames("GetPositionNames", std::nullopt, true,
                             add_model_instance_prefix, always_add_suffix);
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetPositionNames(
    ModelInstanceIndex model_instance, bool add_model_instance_prefix,
    bool always_add_suffix) const {
  return MakeCoordinateNames("GetPositionNames", model_instance, true,
                             add_model_instance_prefix, always_add_suffix);
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetVelocityNames(
    bool add_model_instance_prefix, bool always_add_suffix) const {
  return MakeCoordinateNames("GetVelocityNames", std::nullopt, false,
                             add_model_instance_prefix, always_add_suffix);
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetVelocityNames(
    ModelInstanceIndex model_instance, bool add_model_instance_prefix,
    bool always_add_suffix) const {
  return MakeCoordinateNames("GetVelocityNames", model_instance, false,
                             add_model_instance_prefix, always_add_suffix);
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetStateNames(
    bool add_model_instance_prefix) const {
  std::vector<std::string> names = MakeCoordinateNames(
      "GetStateNames", std::nullopt, true, add_model_instance_prefix, true);
  for (auto& name : MakeCoordinateNames("GetStateNames", std::nullopt, false,
                                        add_model_instance_prefix, true))
    names.push_back(std::move(name));
  return names;
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetStateNames(
    ModelInstanceIndex model_instance, bool add_model_instance_prefix) const {
  std::vector<std::string> names = MakeCoordinateNames(
      "GetStateNames", model_instance, true, add_model_instance_prefix, true);
  for (auto& name : MakeCoordinateNames("GetStateNames", model_instance, false,
                                        add_model_instance_prefix, true))
    names.push_back(std::move(name));
  return names;
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetActuatorNames(
    bool add_model_instance_prefix) const {
  ThrowIfNotFinalized("GetActuatorNames");
  std::vector<std::string> names(num_actuated_dofs());
  for (JointActuatorIndex a : GetJointActuatorIndices()) {
    const JointActuator<T>& actuator = get_joint_actuator(a);
    names[actuator.input_start()] =
        (add_model_instance_prefix
             ? GetModelInstanceName(actuator.model_instance()) + "_"
             : std::string()) +
        actuator.name();
  }
  return names;
}

template <typename T>
std::vector<std::string> MultibodyPlant<T>::GetActuatorNames(
    ModelInstanceIndex model_instance, bool add_model_instance_prefix) const {
  ThrowIfNotFinalized("GetActuatorNames");
  ThrowIfInvalidInstance("GetActuatorNames", model_instance);
  std::vector<std::string> names;
  for (JointActuatorIndex a : GetJointActuatorIndices(model_instance)) {
    const JointActuator<T>& actuator = get_joint_actuator(a);
    names.push_back((add_model_instance_prefix
                         ? GetModelInstanceName(model_instance) + "_"
                         : std::string()) +
                    actuator.name());
  }
  return names;
}

// ---------------------------------------------------------------------------
// Limits.

namespace {
enum class LimitKind { kPosition, kVelocity, kAcceleration };
}  // namespace

template <typename T>
static VectorX<double> GatherJointLimits(const MultibodyPlant<T>& plant,
                                         LimitKind kind, bool upper) {
  const bool positions = kind == LimitKind::kPosition;
  VectorX<double> limits(positions ? plant.num_positions()
                                   : plant.num_velocities());
  for (JointIndex j : plant.GetJointIndices()) {
    const Joint<T>& joint = plant.get_joint(j);
    const VectorX<double>& values =
        kind == LimitKind::kPosition ? (upper ? joint.position_upper_limits()
                                              : joint.position_lower_limits())
        : kind == LimitKind::kVelocity
            ? (upper ? joint.velocity_upper_limits()
                     : joint.velocity_lower_limits())
            : (upper ? joint.acceleration_upper_limits()
                     : joint.acceleration_lower_limits());
    const int start =
        positions ? joint.position_start() : joint.velocity_start();
    limits.segment(start, values.size()) = values;
  }
  return limits;
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetPositionLowerLimits() const {
  ThrowIfNotFinalized("GetPositionLowerLimits");
  return GatherJointLimits(*this, LimitKind::kPosition, false);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetPositionUpperLimits() const {
  ThrowIfNotFinalized("GetPositionUpperLimits");
  return GatherJointLimits(*this, LimitKind::kPosition, true);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetVelocityLowerLimits() const {
  ThrowIfNotFinalized("GetVelocityLowerLimits");
  return GatherJointLimits(*this, LimitKind::kVelocity, false);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetVelocityUpperLimits() const {
  ThrowIfNotFinalized("GetVelocityUpperLimits");
  return GatherJointLimits(*this, LimitKind::kVelocity, true);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetAccelerationLowerLimits() const {
  ThrowIfNotFinalized("GetAccelerationLowerLimits");
  return GatherJointLimits(*this, LimitKind::kAcceleration, false);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetAccelerationUpperLimits() const {
  ThrowIfNotFinalized("GetAccelerationUpperLimits");
  return GatherJointLimits(*this, LimitKind::kAcceleration, true);
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetEffortLowerLimits() const {
  return -GetEffortUpperLimits();
}

template <typename T>
VectorX<double> MultibodyPlant<T>::GetEffortUpperLimits() const {
  ThrowIfNotFinalized("GetEffortUpperLimits");
  VectorX<double> limits(num_actuated_dofs());
  for (JointActuatorIndex a : GetJointActuatorIndices()) {
    const JointActuator<T>& actuator = get_joint_actuator(a);
    limits[actuator.input_start()] = actuator.effort_limit();
  }
  return limits;
}

// ---------------------------------------------------------------------------
// Topology.

template <typename T>
void MultibodyPlant<T>::ThrowIfNotInThisPlant(const char* method,
                                              const RigidBody<T>& body) const {
  const bool in_this_plant = body.has_parent_tree() &&
                             body.index().raw() < num_bodies() &&
                             &get_body(body.index()) == &body;
  if (!in_this_plant) [[unlikely]] {
    ThrowLogicError("MultibodyPlant::{}(): body '{}' is not in this plant.",
                    method, body.name());
  }
}

template <typename T>
bool MultibodyPlant<T>::IsAnchored(const RigidBody<T>& body) const {
  ThrowIfNotFinalized("IsAnchored");
  ThrowIfNotInThisPlant("IsAnchored", body);
  const auto& welded = this->tree().get_topology().welded_group(world_index());
  return std::find(welded.begin(), welded.end(), body.index()) != welded.end();
}

template <typename T>
std::vector<const RigidBody<T>*> MultibodyPlant<T>::GetBodiesWeldedTo(
    const RigidBody<T>& body) const {
  ThrowIfNotInThisPlant("GetBodiesWeldedTo", body);
  if (is_finalized()) return this->tree().GetBodiesWeldedTo(body);
  // Before Finalize(): follow the weld joints added so far (a small graph
  // search; the compiled welded groups do not exist yet).
  std::vector<bool> seen(num_bodies(), false);
  std::vector<BodyIndex> stack{body.index()};
  seen[body.index()] = true;
  while (!stack.empty()) {
    const BodyIndex b = stack.back();
    stack.pop_back();
    for (JointIndex j : GetJointIndices()) {
      const Joint<T>& joint = get_joint(j);
      if (joint.num_velocities() != 0) continue;
      BodyIndex other;
      if (joint.parent_body().index() == b)
        other = joint.child_body().index();
      else if (joint.child_body().index() == b)
        other = joint.parent_body().index();
      else
        continue;
      if (!seen[other]) {
        seen[other] = true;
        stack.push_back(other);
      }
    }
  }
  std::vector<const RigidBody<T>*> result;
  for (int b = 0; b < num_bodies(); ++b)
    if (seen[b]) result.push_back(&get_body(BodyIndex(b)));
  return result;
}

template <typename T>
std::vector<BodyIndex> MultibodyPlant<T>::GetBodiesKinematicallyAffectedBy(
    const std::vector<JointIndex>& joint_indexes) const {
  ThrowIfNotFinalized("GetBodiesKinematicallyAffectedBy");
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  std::vector<bool> affected(num_bodies(), false);
  for (JointIndex j : joint_indexes) {
    if (!has_joint(j)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant::GetBodiesKinematicallyAffectedBy(): joint index {} "
          "is not a joint of this plant (it has {} joints).",
          j.is_valid() ? std::to_string(j.raw()) : std::string("<invalid>"),
          num_joints());
    }
    const Joint<T>& joint = get_joint(j);
    if (joint.num_velocities() == 0) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant::GetBodiesKinematicallyAffectedBy(): joint '{}' is "
          "a weld; only joints with degrees of freedom affect kinematics.",
          joint.name());
    }
    // Every mobod in the subtree of the joint's mobod.
    std::vector<internal::MobodIndex> stack{topology.joint_to_mobod(j)};
    while (!stack.empty()) {
      const internal::TopologyMobod& mobod = topology.get_mobod(stack.back());
      stack.pop_back();
      affected[mobod.body] = true;
      for (internal::MobodIndex m : mobod.outboard_mobods) stack.push_back(m);
    }
  }
  std::vector<BodyIndex> result;
  for (int b = 0; b < num_bodies(); ++b)
    if (affected[b]) result.push_back(BodyIndex(b));
  return result;
}

template <typename T>
std::unordered_set<BodyIndex> MultibodyPlant<T>::GetFloatingBaseBodies() const {
  ThrowIfNotFinalized("GetFloatingBaseBodies");
  return this->tree().GetFloatingBaseBodies();
}

template <typename T>
bool MultibodyPlant<T>::HasUniqueFreeBaseBody(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("HasUniqueFreeBaseBody");
  ThrowIfInvalidInstance("HasUniqueFreeBaseBody", model_instance);
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  std::optional<BodyIndex> base;
  for (BodyIndex b : GetBodyIndices(model_instance)) {
    if (b == world_index()) continue;
    const internal::TopologyMobod& mobod =
        topology.get_mobod(topology.body_to_mobod(b));
    if (mobod.level != 1) continue;
    if (base) return false;
    base = b;
  }
  return base && get_body(*base).is_floating_base_body();
}

template <typename T>
const RigidBody<T>& MultibodyPlant<T>::GetUniqueFreeBaseBodyOrThrow(
    ModelInstanceIndex model_instance) const {
  if (!HasUniqueFreeBaseBody(model_instance)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::GetUniqueFreeBaseBodyOrThrow(): model instance '{}' "
        "does not have a unique base body that is free.",
        GetModelInstanceName(model_instance));
  }
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  for (BodyIndex b : GetBodyIndices(model_instance)) {
    if (topology.get_mobod(topology.body_to_mobod(b)).level == 1)
      return get_body(b);
  }
  ThrowLogicError(
      "MultibodyPlant::GetUniqueFreeBaseBodyOrThrow(): internal "
      "error, no base body found.");
}

template <typename T>
std::string MultibodyPlant<T>::GetTopologyGraphvizString() const {
  std::ostringstream out;
  out << "digraph MultibodyPlant {\n"
      << "label=\""
      << (this->get_name().empty() ? std::string("MultibodyPlant")
                                   : this->get_name())
      << "\";\n"
      << "rankdir=BT;\nlabelloc=t;\n";
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    out << "subgraph cluster" << i << " {\n"
        << "label=\"" << GetModelInstanceName(instance) << "\";\n";
    for (BodyIndex b : GetBodyIndices(instance)) {
      out << "body" << b.raw() << " [label=\"" << get_body(b).name()
          << "\"];\n";
    }
    out << "}\n";
  }
  for (JointIndex j : GetJointIndices()) {
    const Joint<T>& joint = get_joint(j);
    out << "body" << joint.child_body().index().raw() << " -> body"
        << joint.parent_body().index().raw() << " [label=\"" << joint.name()
        << " [" << joint.type_name() << "]\"];\n";
  }
  out << "}\n";
  return out.str();
}

}  // namespace ossa::multibody

#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
