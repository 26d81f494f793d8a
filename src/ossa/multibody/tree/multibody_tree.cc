#include "ossa/multibody/tree/multibody_tree.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/query_checks.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/screw_joint.h"

namespace ossa::multibody::internal {

template <typename T>
MultibodyTree<T>::MultibodyTree() {
  instance_names_ = {"WorldModelInstance", "DefaultModelInstance"};
  instance_by_name_.emplace(instance_names_[0], world_model_instance());
  instance_by_name_.emplace(instance_names_[1], default_model_instance());
  // The world has no mass properties to speak of: NaN, as the reference
  // (sums over bodies, e.g. CalcTotalMass, leave it out).
  AddRigidBody("world", world_model_instance(), SpatialInertia<double>::NaN());
  // Every model has exactly one gravity field, ForceElementIndex(0), as the
  // reference's tree does (so user force elements start at index 1).
  auto gravity = std::make_unique<UniformGravityFieldElement<T>>();
  gravity_field_ = gravity.get();
  gravity->index_ = ForceElementIndex(0);
  gravity->tree_ = this;
  force_elements_.push_back(std::move(gravity));
}

template <typename T>
MultibodyTree<T>::~MultibodyTree() = default;

// ------------------------------------------------------------ checks

template <typename T>
const MultibodyTreeSystem<T>& MultibodyTree<T>::tree_system(
    const char* method) const {
  if (tree_system_ == nullptr) [[unlikely]] {
    ThrowLogicError(
        "{}(): this model is not owned by a MultibodyTreeSystem (or "
        "MultibodyPlant), so it has no Context to read or write.",
        method);
  }
  ThrowIfNotFinalized(method);
  return *tree_system_;
}

template <typename T>
void MultibodyTree<T>::ThrowIfNotFinalized(const char* method) const {
  if (!finalized_) [[unlikely]] {
    ThrowLogicError(
        "{}(): pre-finalize calls are not allowed; call Finalize() first.",
        method);
  }
}

template <typename T>
void MultibodyTree<T>::ThrowIfFinalized(const char* method) const {
  if (finalized_) [[unlikely]] {
    ThrowLogicError(
        "{}(): post-finalize calls are not allowed; calls to this method "
        "must happen before Finalize().",
        method);
  }
}

template <typename T>
void MultibodyTree<T>::ThrowIfInvalidInstance(
    const char* method, ModelInstanceIndex model_instance) const {
  if (!model_instance.is_valid() ||
      model_instance.raw() >= num_model_instances()) [[unlikely]] {
    ThrowLogicError(
        "{}(): there is no model instance with index {} (this model has {} "
        "model instances).",
        method, model_instance.raw(), num_model_instances());
  }
}

template <typename T>
void MultibodyTree<T>::ThrowIfNameTaken(
    const char* method, const char* kind, const NameMap& names,
    const std::string& name, ModelInstanceIndex model_instance,
    const std::function<ModelInstanceIndex(int)>& instance_of) const {
  const auto [begin, end] = names.equal_range(name);
  for (auto it = begin; it != end; ++it) {
    if (instance_of(it->second) == model_instance) [[unlikely]] {
      ThrowLogicError(
          "{}(): a {} named '{}' already exists in model instance "
          "'{}'.",
          method, kind, name, instance_names_[model_instance]);
    }
  }
}

// ------------------------------------------------------------ adding

template <typename T>
ModelInstanceIndex MultibodyTree<T>::AddModelInstance(const std::string& name) {
  ThrowIfFinalized("AddModelInstance");
  if (instance_by_name_.count(name) > 0) [[unlikely]] {
    ThrowLogicError(
        "AddModelInstance(): a model instance named '{}' already exists; "
        "model instance names must be unique.",
        name);
  }
  const ModelInstanceIndex index(num_model_instances());
  instance_names_.push_back(name);
  instance_by_name_.emplace(name, index);
  return index;
}

template <typename T>
void MultibodyTree<T>::RenameModelInstance(ModelInstanceIndex model_instance,
                                           const std::string& name) {
  ThrowIfFinalized("RenameModelInstance");
  ThrowIfInvalidInstance("RenameModelInstance", model_instance);
  const std::string old_name = instance_names_[model_instance];
  if (name == old_name) return;
  if (instance_by_name_.count(name) > 0) [[unlikely]] {
    ThrowLogicError(
        "RenameModelInstance(): a model instance named '{}' already exists; "
        "model instance names must be unique.",
        name);
  }
  instance_by_name_.erase(old_name);
  instance_by_name_.emplace(name, model_instance);
  instance_names_[model_instance] = name;
}

template <typename T>
const RigidBody<T>& MultibodyTree<T>::AddRigidBody(
    const std::string& name, ModelInstanceIndex model_instance,
    const SpatialInertia<double>& M_BBo_B) {
  ThrowIfFinalized("AddRigidBody");
  ThrowIfInvalidInstance("AddRigidBody", model_instance);
  if (!bodies_.empty() && model_instance == world_model_instance())
      [[unlikely]] {
    ThrowLogicError(
        "AddRigidBody(): body '{}' cannot be added to the world model "
        "instance, which holds only the world body.",
        name);
  }
  ThrowIfNameTaken("AddRigidBody", "body", body_names_, name, model_instance,
                   [this](int i) { return bodies_[i]->model_instance(); });
  auto body = std::make_unique<RigidBody<T>>(name, model_instance, M_BBo_B);
  const int index = num_bodies();
  body->index_ = BodyIndex(index);
  body->tree_ = this;
  body_names_.emplace(name, index);
  RigidBody<T>* raw = body.get();
  bodies_.push_back(std::move(body));
  RegisterFrame(&raw->body_frame_, "AddRigidBody");
  return *raw;
}

template <typename T>
const RigidBody<T>& MultibodyTree<T>::AddRigidBody(
    const std::string& name, const SpatialInertia<double>& M_BBo_B) {
  if (num_model_instances() > 2) [[unlikely]] {
    ThrowLogicError(
        "AddRigidBody(): this model has more model instances than the world "
        "and default ones; call AddRigidBody('{}', model_instance, ...) with "
        "an explicit model instance.",
        name);
  }
  return AddRigidBody(name, default_model_instance(), M_BBo_B);
}

template <typename T>
void MultibodyTree<T>::RegisterFrame(Frame<T>* frame, const char* method) {
  // A body frame shares its body's name; the body's own name check covers
  // it, and a body frame may share a name with no other frame.
  ThrowIfNameTaken(method, "frame", frame_names_, frame->name(),
                   frame->model_instance(),
                   [this](int i) { return frames_[i]->model_instance(); });
  const int index = num_frames();
  frame->index_ = FrameIndex(index);
  frame->tree_ = this;
  frame_names_.emplace(frame->name(), index);
  frames_.push_back(frame);
}

template <typename T>
void MultibodyTree<T>::ThrowIfNotInThisTree(const char* method,
                                            const Frame<T>& frame,
                                            const std::string& what) const {
  if (frame.parent_tree() != this) [[unlikely]] {
    ThrowLogicError(
        "{}(): {} uses frame '{}', which does not belong to this model; add "
        "the frame (or its body) to this model first.",
        method, what, frame.name());
  }
}

template <typename T>
void MultibodyTree<T>::AddFrameImpl(std::unique_ptr<Frame<T>> frame,
                                    const char* method) {
  ThrowIfFinalized(method);
  if (frame == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the frame is a nullptr.", method);
  }
  if (frame->parent_tree() != nullptr) [[unlikely]] {
    ThrowLogicError("{}(): frame '{}' already belongs to a model.", method,
                    frame->name());
  }
  ThrowIfInvalidInstance(method, frame->model_instance());
  if (frame->body().parent_tree() != this) [[unlikely]] {
    ThrowLogicError(
        "{}(): frame '{}' is attached to body '{}', which does not belong "
        "to this model.",
        method, frame->name(), frame->body().name());
  }
  if (const auto* fixed =
          dynamic_cast<const FixedOffsetFrame<T>*>(frame.get())) {
    ThrowIfNotInThisTree(method, fixed->parent_frame(),
                         fmt::format("frame '{}'", frame->name()));
  }
  RegisterFrame(frame.get(), method);
  owned_frames_.push_back(std::move(frame));
}

template <typename T>
std::pair<const Frame<T>*, const Frame<T>*> MultibodyTree<T>::MakeJointFrames(
    const std::string& name, const RigidBody<T>& parent,
    const std::optional<math::RigidTransform<double>>& X_PF,
    const RigidBody<T>& child,
    const std::optional<math::RigidTransform<double>>& X_BM) {
  ThrowIfFinalized("AddJoint");
  for (const RigidBody<T>* body : {&parent, &child}) {
    if (body->parent_tree() != this) [[unlikely]] {
      ThrowLogicError(
          "AddJoint(): joint '{}' connects body '{}', which does not belong "
          "to this model.",
          name, body->name());
    }
  }
  const Frame<T>* frame_on_parent = &parent.body_frame();
  const Frame<T>* frame_on_child = &child.body_frame();
  // The joint belongs to the child's model instance and so do its frames.
  if (X_PF) {
    frame_on_parent = &AddFrame<FixedOffsetFrame>(
        name + "_parent", parent.body_frame(), *X_PF, child.model_instance());
  }
  if (X_BM) {
    frame_on_child = &AddFrame<FixedOffsetFrame>(
        name + "_child", child.body_frame(), *X_BM, child.model_instance());
  }
  return {frame_on_parent, frame_on_child};
}

template <typename T>
void MultibodyTree<T>::AddJointImpl(std::unique_ptr<Joint<T>> joint) {
  ThrowIfFinalized("AddJoint");
  if (joint == nullptr) [[unlikely]] {
    ThrowLogicError("AddJoint(): the joint is a nullptr.");
  }
  const std::string what = fmt::format("joint '{}'", joint->name());
  if (joint->parent_tree() != nullptr) [[unlikely]] {
    ThrowLogicError("AddJoint(): {} already belongs to a model.", what);
  }
  ThrowIfNotInThisTree("AddJoint", joint->frame_on_parent(), what);
  ThrowIfNotInThisTree("AddJoint", joint->frame_on_child(), what);
  ThrowIfInvalidInstance("AddJoint", joint->model_instance());
  const RigidBody<T>& parent = joint->parent_body();
  const RigidBody<T>& child = joint->child_body();
  if (&parent == &child) [[unlikely]] {
    ThrowLogicError("AddJoint(): joint '{}' would connect body '{}' to itself.",
                    joint->name(), parent.name());
  }
  ThrowIfNameTaken("AddJoint", "joint", joint_names_, joint->name(),
                   joint->model_instance(),
                   [this](int i) { return joints_[i]->model_instance(); });
  for (const auto& other : joints_) {
    if (other == nullptr) continue;  // removed
    const bool same_pair =
        (&other->parent_body() == &parent && &other->child_body() == &child) ||
        (&other->parent_body() == &child && &other->child_body() == &parent);
    if (same_pair) [[unlikely]] {
      ThrowLogicError(
          "AddJoint(): joint '{}' would connect bodies '{}' and '{}', which "
          "joint '{}' already connects; two joints between the same bodies "
          "form a loop, which a tree cannot model.",
          joint->name(), parent.name(), child.name(), other->name());
    }
  }
  const int index = static_cast<int>(joints_.size());
  joint->index_ = JointIndex(index);
  joint->tree_ = this;
  joint_names_.emplace(joint->name(), index);
  joints_.push_back(std::move(joint));
}

template <typename T>
const WeldJoint<T>& MultibodyTree<T>::WeldFrames(
    const Frame<T>& frame_on_parent_F, const Frame<T>& frame_on_child_M,
    const math::RigidTransform<double>& X_FM) {
  const std::string name =
      frame_on_parent_F.name() + "_welds_to_" + frame_on_child_M.name();
  return AddJoint(std::make_unique<WeldJoint<T>>(name, frame_on_parent_F,
                                                 frame_on_child_M, X_FM));
}

template <typename T>
const JointActuator<T>& MultibodyTree<T>::AddJointActuator(
    const std::string& name, const Joint<T>& joint, double effort_limit) {
  ThrowIfFinalized("AddJointActuator");
  if (joint.parent_tree() != this) [[unlikely]] {
    ThrowLogicError(
        "AddJointActuator(): actuator '{}' acts on joint '{}', which does not "
        "belong to this model.",
        name, joint.name());
  }
  if (joint.num_velocities() != 1) [[unlikely]] {
    ThrowLogicError(
        "AddJointActuator(): actuator '{}' would act on joint '{}' ({}), "
        "which has {} degrees of freedom; actuators are supported on single "
        "degree-of-freedom joints only.",
        name, joint.name(), joint.type_name(), joint.num_velocities());
  }
  ThrowIfNameTaken("AddJointActuator", "joint actuator", actuator_names_, name,
                   joint.model_instance(),
                   [this](int i) { return actuators_[i]->model_instance(); });
  auto actuator = std::make_unique<JointActuator<T>>(name, joint, effort_limit);
  const int index = static_cast<int>(actuators_.size());
  actuator->index_ = JointActuatorIndex(index);
  actuator->tree_ = this;
  actuator_names_.emplace(name, index);
  actuators_.push_back(std::move(actuator));
  return *actuators_.back();
}

// ------------------------------------------------------------ removal

template <typename T>
void MultibodyTree<T>::RemoveJoint(const Joint<T>& joint) {
  ThrowIfFinalized("RemoveJoint");
  const int index = joint.index_.is_valid() ? int{joint.index_} : -1;
  if (joint.parent_tree() != this || index < 0 ||
      !has_joint(JointIndex(index)) || joints_[index].get() != &joint)
      [[unlikely]] {
    ThrowLogicError(
        "RemoveJoint(): joint '{}' does not belong to this model (it belongs "
        "to another model or was removed already).",
        joint.name());
  }
  // Force elements may refer to the joint or its bodies' coordinates:
  // their dependencies are not tracked, so refuse (as the reference).
  const int num_user_force_elements = num_force_elements() - 1;
  if (num_user_force_elements > 0) [[unlikely]] {
    ThrowLogicError(
        "RemoveJoint(): this model has {} user-added force elements; it must "
        "have none to remove joint '{}' (JointIndex {}).",
        num_user_force_elements, joint.name(), index);
  }
  std::vector<std::string> dependents;
  for (const auto& a : actuators_) {
    if (a != nullptr && a->joint().index() == index) {
      dependents.push_back(fmt::format("JointActuator(name: {}, index: {})",
                                       a->name(), int{a->index()}));
    }
  }
  if (!dependents.empty()) [[unlikely]] {
    ThrowLogicError(
        "RemoveJoint(): joint '{}' (JointIndex {}) has the following "
        "dependent model elements which must be removed prior to joint "
        "removal: [{}].",
        joint.name(), index, fmt::join(dependents, ", "));
  }
  const auto [begin, end] = joint_names_.equal_range(joint.name());
  for (auto it = begin; it != end; ++it) {
    if (it->second == index) {
      joint_names_.erase(it);
      break;
    }
  }
  std::unique_ptr<Joint<T>> removed = std::move(joints_[index]);
  removed->tree_ = nullptr;
  removed_joints_.push_back(std::move(removed));
  ++num_removed_joints_;
}

template <typename T>
void MultibodyTree<T>::RemoveJointActuator(const JointActuator<T>& actuator) {
  ThrowIfFinalized("RemoveJointActuator");
  const int index = actuator.index_.is_valid() ? int{actuator.index_} : -1;
  if (actuator.parent_tree() != this || index < 0 ||
      !has_joint_actuator(JointActuatorIndex(index)) ||
      actuators_[index].get() != &actuator) [[unlikely]] {
    ThrowLogicError(
        "RemoveJointActuator(): actuator '{}' does not belong to this model "
        "(it belongs to another model or was removed already).",
        actuator.name());
  }
  const auto [begin, end] = actuator_names_.equal_range(actuator.name());
  for (auto it = begin; it != end; ++it) {
    if (it->second == index) {
      actuator_names_.erase(it);
      break;
    }
  }
  std::unique_ptr<JointActuator<T>> removed = std::move(actuators_[index]);
  removed->tree_ = nullptr;
  removed_actuators_.push_back(std::move(removed));
  ++num_removed_actuators_;
}

template <typename T>
void MultibodyTree<T>::ThrowIfRemoved(const char* method, const char* kind,
                                      int index, bool removed) const {
  if (removed) [[unlikely]] {
    ThrowLogicError("{}(): the {}({}) has been removed.", method, kind, index);
  }
}

// ------------------------------------------------------------ Finalize

template <typename T>
void MultibodyTree<T>::Finalize() {
  ThrowIfFinalized("Finalize");
  std::vector<TopologyBody> topology_bodies;
  topology_bodies.reserve(bodies_.size());
  for (const auto& body : bodies_) {
    topology_bodies.push_back({body->name(), body->model_instance()});
  }
  auto describe = [](const Joint<T>& joint) {
    return TopologyJoint{joint.name(),
                         joint.parent_body().index(),
                         joint.child_body().index(),
                         joint.num_positions(),
                         joint.num_velocities(),
                         joint.kind() == MobilizerKind::kWeld};
  };
  std::vector<TopologyJoint> topology_joints;
  for (const auto& joint : joints_) {
    if (joint == nullptr) {
      // A removed joint keeps its index: a placeholder the topology skips.
      TopologyJoint removed;
      removed.removed = true;
      topology_joints.push_back(removed);
      continue;
    }
    topology_joints.push_back(describe(*joint));
  }

  // A failed Build() must leave the model as it was, so the floating joints
  // are collected and added only on success.
  std::vector<std::unique_ptr<Joint<T>>> floating_joints;
  std::set<std::pair<int, std::string>> new_names;  // (instance, name)
  auto add_floating = [&](BodyIndex body_index, JointIndex new_index) {
    const RigidBody<T>& body = *bodies_[body_index];
    const ModelInstanceIndex instance = body.model_instance();
    // Named after the body; '_' prefixes until the name is free.
    std::string name = body.name();
    while (HasJointNamed(name, instance) ||
           new_names.count({int{instance}, name}) > 0) {
      name = "_" + name;
    }
    new_names.insert({int{instance}, name});
    auto joint = std::make_unique<QuaternionFloatingJoint<T>>(
        name, world_frame(), body.body_frame());
    // A floating joint belongs to its body's model instance.
    joint->set_model_instance(instance);
    joint->is_ephemeral_ = true;
    OSSA_DEMAND(int{new_index} ==
                static_cast<int>(joints_.size() + floating_joints.size()));
    TopologyJoint description{name,
                              world_index(),
                              body_index,
                              joint->num_positions(),
                              joint->num_velocities(),
                              false};
    floating_joints.push_back(std::move(joint));
    return description;
  };
  MultibodyTreeTopology topology;
  topology.Build(topology_bodies, &topology_joints, add_floating);
  const int num_user_joints = static_cast<int>(joints_.size());
  CompiledTree compiled;
  TreeParameters<T> parameters;
  Compile(
      topology,
      [&](JointIndex j) -> const Joint<T>& {
        return j < num_user_joints ? *joints_[j]
                                   : *floating_joints[j - num_user_joints];
      },
      &compiled, &parameters);

  for (auto& joint : floating_joints) {
    const int index = static_cast<int>(joints_.size());
    joint->index_ = JointIndex(index);
    joint->tree_ = this;
    joint_names_.emplace(joint->name(), index);
    joints_.push_back(std::move(joint));
  }
  topology_ = std::move(topology);
  compiled_ = std::move(compiled);
  default_parameters_ = std::move(parameters);

  // Coordinates of each joint, and each instance's joints in q order.
  instance_joints_in_q_order_.assign(num_model_instances(), {});
  instance_num_positions_.assign(num_model_instances(), 0);
  instance_num_velocities_.assign(num_model_instances(), 0);
  for (const TopologyMobod& mobod : topology_.mobods()) {
    if (!mobod.joint.is_valid()) continue;  // the world
    Joint<T>& joint = *joints_[mobod.joint];
    joint.position_start_ = mobod.q_start;
    joint.velocity_start_ = mobod.v_start;
    joint.is_reversed_ = mobod.reversed;
    const int instance = joint.model_instance();
    instance_joints_in_q_order_[instance].push_back(mobod.joint);
    instance_num_positions_[instance] += joint.num_positions();
    instance_num_velocities_[instance] += joint.num_velocities();
  }
  int input_start = 0;
  for (auto& actuator : actuators_) {
    if (actuator == nullptr) continue;  // removed
    actuator->input_start_ = input_start;
    input_start += actuator->num_inputs();
  }
  finalized_ = true;
}

namespace {

template <typename T>
Pose<T> ToPose(const math::RigidTransform<double>& X) {
  Pose<T> pose;
  pose.R = X.rotation().matrix().template cast<T>();
  pose.p = X.translation().template cast<T>();
  return pose;
}

}  // namespace

template <typename T>
void MultibodyTree<T>::Compile(
    const MultibodyTreeTopology& topology,
    const std::function<const Joint<T>&(JointIndex)>& joint_at,
    CompiledTree* compiled, TreeParameters<T>* parameters) const {
  *compiled = CompiledTree();
  std::vector<MobilizerConstants> constants(topology.num_mobods());
  for (int m = 1; m < topology.num_mobods(); ++m) {
    const TopologyMobod& mobod = topology.get_mobod(MobodIndex(m));
    const Joint<T>& joint = joint_at(mobod.joint);
    const MobilizerKind kind = joint.kind();
    MobilizerConstants& c = constants[m];
    // Reversing X_FM(q) about a fixed axis â: X_FM(q; â)⁻¹ = X_FM(q; -â)
    // for revolute (R(â,θ)⁻¹ = R(-â,θ)), prismatic (-d·â = d·(-â)) and
    // screw (the translation is along the rotation axis, so the inverse is
    // the same screw about -â). The other kinds have no such form and use
    // their kReversed* kind (ReversedMobilizerMath).
    const double sign = mobod.reversed ? -1.0 : 1.0;
    switch (kind) {
      case MobilizerKind::kRevolute:
        c.axis =
            sign * dynamic_cast<const RevoluteJoint<T>&>(joint).revolute_axis();
        break;
      case MobilizerKind::kPrismatic:
        c.axis =
            sign *
            dynamic_cast<const PrismaticJoint<T>&>(joint).translation_axis();
        break;
      case MobilizerKind::kScrew: {
        const auto& screw = dynamic_cast<const ScrewJoint<T>&>(joint);
        c.axis = sign * screw.screw_axis();
        c.screw_pitch = screw.screw_pitch();
        break;
      }
      default:
        break;
    }
    const MobilizerKind mobilizer_kind =
        mobod.reversed ? ReversedMobilizerKind(kind) : kind;
    const MobodIndex added =
        compiled->AddMobod(mobod.inboard_mobod, mobilizer_kind, c);
    OSSA_DEMAND(int{added} == m);
    const MobodInfo& info = compiled->mobod(m);
    OSSA_DEMAND(info.q_start == mobod.q_start &&
                info.nq == mobod.num_positions);
    OSSA_DEMAND(info.v_start == mobod.v_start &&
                info.nv == mobod.num_velocities);
  }
  OSSA_DEMAND(compiled->num_positions() == topology.num_positions());

  *parameters = TreeParameters<T>(*compiled);
  for (int m = 1; m < topology.num_mobods(); ++m) {
    const TopologyMobod& mobod = topology.get_mobod(MobodIndex(m));
    const Joint<T>& joint = joint_at(mobod.joint);
    MobodParameters<T>& p = parameters->mobods[m];
    const RigidBody<T>& body = *bodies_[mobod.body];
    const SpatialInertia<double>& M_BBo_B = body.default_spatial_inertia();
    p.mass = M_BBo_B.get_mass();
    p.p_BoBcm_B = M_BBo_B.get_com().template cast<T>();
    p.G_BBo_B =
        M_BBo_B.get_unit_inertia().CopyToFullMatrix3().template cast<T>();
    // The joint's frames F (on its parent body) and M (on its child body).
    const math::RigidTransform<double> X_JpF =
        joint.frame_on_parent().GetFixedPoseInBodyFrame();
    const math::RigidTransform<double> X_JcM =
        joint.frame_on_child().GetFixedPoseInBodyFrame();
    // Inboard body P, outboard body B of the compiled mobilizer.
    math::RigidTransform<double> X_PF = mobod.reversed ? X_JcM : X_JpF;
    const math::RigidTransform<double> X_BM = mobod.reversed ? X_JpF : X_JcM;
    if (joint.kind() == MobilizerKind::kWeld) {
      const math::RigidTransform<double>& X_FM =
          dynamic_cast<const WeldJoint<T>&>(joint).X_FM();
      // The compiled weld has X_FM = I: fold the joint's fixed X_FM (or its
      // inverse, reversed) into the inboard frame.
      X_PF = X_PF * (mobod.reversed ? X_FM.inverse() : X_FM);
    }
    p.X_PF = ToPose<T>(X_PF);
    p.X_BM = ToPose<T>(X_BM);
    parameters->damping.segment(mobod.v_start, mobod.num_velocities) =
        joint.default_damping_vector().template cast<T>();
  }
  for (const auto& actuator : actuators_) {
    if (actuator == nullptr) continue;  // removed
    const int v =
        topology.get_mobod(topology.joint_to_mobod(actuator->joint().index()))
            .v_start;
    parameters->reflected_inertia[v] += actuator->default_reflected_inertia();
  }
}

template <typename T>
const CompiledTree& MultibodyTree<T>::compiled_tree() const {
  ThrowIfNotFinalized("compiled_tree");
  return compiled_;
}

template <typename T>
const TreeParameters<T>& MultibodyTree<T>::default_tree_parameters() const {
  ThrowIfNotFinalized("default_tree_parameters");
  return default_parameters_;
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);
