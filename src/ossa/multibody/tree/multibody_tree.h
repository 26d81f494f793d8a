#pragma once

/// @file
/// internal::MultibodyTree<T>: owns the elements of a multibody model
/// (model instances, bodies, frames, joints, actuators), looks them up by
/// name and index, and compiles their topology at Finalize().
/// MultibodyPlant wraps it; tests may drive it directly.

#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/multibody/tree/compiled_tree.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/joint.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/multibody_tree_topology.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/weld_joint.h"

namespace ossa::multibody::internal {

template <typename T>
class MultibodyTreeSystem;

/// The element container of a multibody model.
///
/// Names are unique per element kind within a model instance. Lookups
/// without a model instance find a name in any instance and throw if it is
/// in several. Every misuse throws std::logic_error naming the method, the
/// element and what was expected. Elements can be added only before
/// Finalize(); queries of the compiled topology (q/v layout, levels, welded
/// groups, floating bodies) only after.
template <typename T>
class MultibodyTree {
 public:
  MultibodyTree(const MultibodyTree&) = delete;
  MultibodyTree& operator=(const MultibodyTree&) = delete;

  /// A tree with the world body (BodyIndex 0, "world", in the world model
  /// instance 0) and the default model instance 1.
  MultibodyTree();
  ~MultibodyTree();

  /// @name Adding elements (before Finalize() only)
  /// @{

  /// Creates a model instance named `name` (unique among instances).
  ModelInstanceIndex AddModelInstance(const std::string& name);
  /// Renames `model_instance`; the new name must be unused.
  void RenameModelInstance(ModelInstanceIndex model_instance,
                           const std::string& name);

  /// Adds a rigid body with spatial inertia M_BBo_B to `model_instance`.
  const RigidBody<T>& AddRigidBody(
      const std::string& name, ModelInstanceIndex model_instance,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());
  /// The same in the default model instance; throws if instances beyond
  /// the world and default ones exist (the instance would be ambiguous).
  const RigidBody<T>& AddRigidBody(
      const std::string& name,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());

  /// Takes ownership of `frame` (throws if null).
  template <template <typename> class FrameType>
  const FrameType<T>& AddFrame(std::unique_ptr<FrameType<T>> frame) {
    static_assert(std::is_base_of_v<Frame<T>, FrameType<T>>);
    FrameType<T>* raw = frame.get();
    AddFrameImpl(std::unique_ptr<Frame<T>>(frame.release()), "AddFrame");
    return *raw;
  }
  template <template <typename> class FrameType, typename... Args>
  const FrameType<T>& AddFrame(Args&&... args) {
    return AddFrame(
        std::make_unique<FrameType<T>>(std::forward<Args>(args)...));
  }

  /// Takes ownership of `joint` (throws if null, if its frames are not in
  /// this tree, if it connects a body to itself, if two bodies would be
  /// connected twice, or if the name is taken in its model instance).
  template <template <typename> class JointType>
  const JointType<T>& AddJoint(std::unique_ptr<JointType<T>> joint) {
    static_assert(std::is_base_of_v<Joint<T>, JointType<T>>);
    JointType<T>* raw = joint.get();
    AddJointImpl(std::unique_ptr<Joint<T>>(joint.release()));
    return *raw;
  }
  /// Creates a JointType between `parent` and `child`. When X_PF is given,
  /// the joint's frame F is a new FixedOffsetFrame "{name}_parent" posed at
  /// X_PF in the parent body frame (else F is the body frame); likewise M
  /// is "{name}_child" at X_BM in the child body frame. `args` follow the
  /// frames in JointType's constructor.
  template <template <typename> class JointType, typename... Args>
  const JointType<T>& AddJoint(
      const std::string& name, const RigidBody<T>& parent,
      const std::optional<math::RigidTransform<double>>& X_PF,
      const RigidBody<T>& child,
      const std::optional<math::RigidTransform<double>>& X_BM, Args&&... args) {
    const auto [frame_on_parent, frame_on_child] =
        MakeJointFrames(name, parent, X_PF, child, X_BM);
    return AddJoint(std::make_unique<JointType<T>>(
        name, *frame_on_parent, *frame_on_child, std::forward<Args>(args)...));
  }
  /// Welds frame M to frame F at X_FM with a WeldJoint named
  /// "{F.name()}_welds_to_{M.name()}".
  const WeldJoint<T>& WeldFrames(const Frame<T>& frame_on_parent_F,
                                 const Frame<T>& frame_on_child_M,
                                 const math::RigidTransform<double>& X_FM =
                                     math::RigidTransform<double>::Identity());

  /// Adds an actuator on the 1-dof `joint`, in the joint's model instance.
  const JointActuator<T>& AddJointActuator(
      const std::string& name, const Joint<T>& joint,
      double effort_limit = std::numeric_limits<double>::infinity());
  /// @}

  /// Compiles the topology: adds a QuaternionFloatingJoint (named after the
  /// body, prefixed with '_' until unique in its instance) for each base
  /// body with no path to the world, lays out q and v, assigns actuator
  /// input starts. Throws if called twice or if the joints form a loop.
  void Finalize();
  bool is_finalized() const { return finalized_; }
  /// The reference's name for is_finalized().
  bool topology_is_valid() const { return finalized_; }

  /// @name The compiled model (after Finalize())
  /// The flat model the kernels loop over: one mobod per body, in the
  /// topology's depth-first order (mobod k is get_topology().get_mobod(k)),
  /// with the same q and v layout as the joints' position_start() and
  /// velocity_start(). Each mobilizer goes from the inboard to the outboard
  /// body: for a reversed joint the compiled frame F is the joint's frame M
  /// and vice versa, and X_FM is inverted (a revolute, prismatic or screw
  /// axis â becomes -â; a weld's X_FM becomes X_FM⁻¹), so the same q gives
  /// the same configuration. Welds fold their X_FM into the compiled X_PF.
  /// @{
  const CompiledTree& compiled_tree() const;
  /// The kernels' parameters from the elements' default values: spatial
  /// inertia M_BBo_B of each mobod's body, X_PF and X_BM, joint damping per
  /// dof and reflected rotor inertia ρ²·I_r per actuated dof.
  const TreeParameters<T>& default_tree_parameters() const;
  /// @}

  /// @name Counts
  /// @{
  int num_model_instances() const {
    return static_cast<int>(instance_names_.size());
  }
  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  int num_frames() const { return static_cast<int>(frames_.size()); }
  int num_joints() const { return static_cast<int>(joints_.size()); }
  int num_actuators() const { return static_cast<int>(actuators_.size()); }
  int num_actuators(ModelInstanceIndex model_instance) const;
  /// After Finalize():
  int num_positions() const;
  int num_velocities() const;
  int num_states() const { return num_positions() + num_velocities(); }
  int num_positions(ModelInstanceIndex model_instance) const;
  int num_velocities(ModelInstanceIndex model_instance) const;
  int num_states(ModelInstanceIndex model_instance) const {
    return num_positions(model_instance) + num_velocities(model_instance);
  }
  /// Valid at any time (actuators are on 1-dof joints).
  int num_actuated_dofs() const;
  int num_actuated_dofs(ModelInstanceIndex model_instance) const;
  int num_mobods() const;
  int tree_height() const;
  /// @}

  /// @name Access by index (throw std::logic_error if out of range)
  /// @{
  const RigidBody<T>& world_body() const { return *bodies_[0]; }
  const RigidBodyFrame<T>& world_frame() const {
    return bodies_[0]->body_frame();
  }
  const RigidBody<T>& get_body(BodyIndex body_index) const;
  const RigidBody<T>& get_rigid_body(BodyIndex body_index) const {
    return get_body(body_index);
  }
  const Frame<T>& get_frame(FrameIndex frame_index) const;
  const Joint<T>& get_joint(JointIndex joint_index) const;
  Joint<T>& get_mutable_joint(JointIndex joint_index);
  const JointActuator<T>& get_joint_actuator(
      JointActuatorIndex actuator_index) const;
  JointActuator<T>& get_mutable_joint_actuator(
      JointActuatorIndex actuator_index);
  const std::string& GetModelInstanceName(
      ModelInstanceIndex model_instance) const;
  /// @}

  /// @name Lookup by name
  /// Without a model instance, a name found in several instances throws
  /// (naming them). With one, an invalid instance throws.
  /// @{
  bool HasModelInstanceNamed(std::string_view name) const;
  ModelInstanceIndex GetModelInstanceByName(std::string_view name) const;

  bool HasBodyNamed(std::string_view name) const;
  bool HasBodyNamed(std::string_view name,
                    ModelInstanceIndex model_instance) const;
  const RigidBody<T>& GetBodyByName(std::string_view name) const;
  const RigidBody<T>& GetBodyByName(std::string_view name,
                                    ModelInstanceIndex model_instance) const;
  const RigidBody<T>& GetRigidBodyByName(std::string_view name) const {
    return GetBodyByName(name);
  }
  const RigidBody<T>& GetRigidBodyByName(
      std::string_view name, ModelInstanceIndex model_instance) const {
    return GetBodyByName(name, model_instance);
  }

  bool HasFrameNamed(std::string_view name) const;
  bool HasFrameNamed(std::string_view name,
                     ModelInstanceIndex model_instance) const;
  const Frame<T>& GetFrameByName(std::string_view name) const;
  const Frame<T>& GetFrameByName(std::string_view name,
                                 ModelInstanceIndex model_instance) const;

  bool HasJointNamed(std::string_view name) const;
  bool HasJointNamed(std::string_view name,
                     ModelInstanceIndex model_instance) const;
  const Joint<T>& GetJointByName(std::string_view name) const;
  const Joint<T>& GetJointByName(std::string_view name,
                                 ModelInstanceIndex model_instance) const;
  /// Also throws if the joint is not a JointType.
  template <template <typename> class JointType>
  const JointType<T>& GetJointByName(
      std::string_view name,
      std::optional<ModelInstanceIndex> model_instance = {}) const {
    const Joint<T>& joint = model_instance
                                ? GetJointByName(name, *model_instance)
                                : GetJointByName(name);
    const auto* typed = dynamic_cast<const JointType<T>*>(&joint);
    if (typed == nullptr) {
      ThrowWrongJointType(joint, NiceTypeName<JointType<T>>());
    }
    return *typed;
  }

  bool HasJointActuatorNamed(std::string_view name) const;
  bool HasJointActuatorNamed(std::string_view name,
                             ModelInstanceIndex model_instance) const;
  const JointActuator<T>& GetJointActuatorByName(std::string_view name) const;
  const JointActuator<T>& GetJointActuatorByName(
      std::string_view name, ModelInstanceIndex model_instance) const;

  /// Indices of the elements of `model_instance`, ascending.
  std::vector<BodyIndex> GetBodyIndices(
      ModelInstanceIndex model_instance) const;
  std::vector<FrameIndex> GetFrameIndices(
      ModelInstanceIndex model_instance) const;
  std::vector<JointIndex> GetJointIndices(
      ModelInstanceIndex model_instance) const;
  std::vector<JointIndex> GetJointIndices() const;
  std::vector<JointActuatorIndex> GetJointActuatorIndices(
      ModelInstanceIndex model_instance) const;
  std::vector<JointActuatorIndex> GetJointActuatorIndices() const;
  /// The joints of `model_instance` that have an actuator, ascending.
  std::vector<JointIndex> GetActuatedJointIndices(
      ModelInstanceIndex model_instance) const;
  std::vector<ModelInstanceIndex> GetModelInstanceIndices() const;
  /// @}

  /// @name Topology (after Finalize())
  /// @{
  const MultibodyTreeTopology& get_topology() const;
  /// Bodies transitively welded to `body` (including it), by index.
  std::vector<const RigidBody<T>*> GetBodiesWeldedTo(
      const RigidBody<T>& body) const;
  /// The bodies whose inboard joint is a floating joint to the world.
  std::unordered_set<BodyIndex> GetFloatingBaseBodies() const;
  /// The joint that connects `body` to its inboard body (its mobilizer).
  const Joint<T>& GetInboardJoint(const RigidBody<T>& body) const;

  /// The q (v) entries of `model_instance`, in the order of q (v): each
  /// joint's coordinates, joints ordered by position_start(). Throw if an
  /// array has the wrong size or the instance is invalid.
  VectorX<T> GetPositionsFromArray(ModelInstanceIndex model_instance,
                                   const Eigen::Ref<const VectorX<T>>& q) const;
  void SetPositionsInArray(ModelInstanceIndex model_instance,
                           const Eigen::Ref<const VectorX<T>>& q_instance,
                           EigenPtr<VectorX<T>> q) const;
  VectorX<T> GetVelocitiesFromArray(
      ModelInstanceIndex model_instance,
      const Eigen::Ref<const VectorX<T>>& v) const;
  void SetVelocitiesInArray(ModelInstanceIndex model_instance,
                            const Eigen::Ref<const VectorX<T>>& v_instance,
                            EigenPtr<VectorX<T>> v) const;
  /// The actuation of `model_instance` (its actuators in index order) from
  /// / into the model's u (ordered by JointActuatorIndex).
  VectorX<T> GetActuationFromArray(ModelInstanceIndex model_instance,
                                   const Eigen::Ref<const VectorX<T>>& u) const;
  void SetActuationInArray(ModelInstanceIndex model_instance,
                           const Eigen::Ref<const VectorX<T>>& u_instance,
                           EigenPtr<VectorX<T>> u) const;
  /// Default q of the whole model from the joints' default positions.
  VectorX<double> GetDefaultPositions() const;
  /// Names of the coordinates "{instance}_{joint}_{suffix}" (or without the
  /// instance prefix).
  std::vector<std::string> GetPositionNames(
      bool add_model_instance_prefix = true) const;
  std::vector<std::string> GetVelocityNames(
      bool add_model_instance_prefix = true) const;
  /// @}

  /// (Internal) The system that keeps this tree's state in Contexts; set by
  /// MultibodyTreeSystem. tree_system() throws std::logic_error naming
  /// `method` if there is none (a bare tree has no Context).
  void set_tree_system(const MultibodyTreeSystem<T>* system) {
    tree_system_ = system;
  }
  const MultibodyTreeSystem<T>& tree_system(const char* method) const;

  /// Throws std::logic_error naming `method` if not finalized (or if
  /// finalized, for the second one).
  void ThrowIfNotFinalized(const char* method) const;
  void ThrowIfFinalized(const char* method) const;
  /// Throws std::logic_error naming `method` if `model_instance` is invalid.
  void ThrowIfInvalidInstance(const char* method,
                              ModelInstanceIndex model_instance) const;

 private:
  // Name index of one element kind: name → indices (in all instances).
  using NameMap = std::unordered_multimap<std::string, int>;

  void AddFrameImpl(std::unique_ptr<Frame<T>> frame, const char* method);
  void RegisterFrame(Frame<T>* frame, const char* method);
  void AddJointImpl(std::unique_ptr<Joint<T>> joint);
  std::pair<const Frame<T>*, const Frame<T>*> MakeJointFrames(
      const std::string& name, const RigidBody<T>& parent,
      const std::optional<math::RigidTransform<double>>& X_PF,
      const RigidBody<T>& child,
      const std::optional<math::RigidTransform<double>>& X_BM);
  [[noreturn]] void ThrowWrongJointType(const Joint<T>& joint,
                                        const std::string& type) const;
  void ThrowIfNotInThisTree(const char* method, const Frame<T>& frame,
                            const std::string& what) const;

  // Generic lookups over one element kind. `instance_of(i)` gives the
  // model instance of element i.
  template <typename Getter>
  int FindIndexOrThrow(const char* method, const char* kind,
                       const NameMap& names, std::string_view name,
                       std::optional<ModelInstanceIndex> model_instance,
                       const Getter& instance_of) const;
  template <typename Getter>
  bool HasNamed(const char* method, const char* kind, const NameMap& names,
                std::string_view name,
                std::optional<ModelInstanceIndex> model_instance,
                const Getter& instance_of) const;
  template <typename Getter>
  std::string ListNamesByInstance(const NameMap& names,
                                  const Getter& instance_of) const;
  void ThrowIfNameTaken(
      const char* method, const char* kind, const NameMap& names,
      const std::string& name, ModelInstanceIndex model_instance,
      const std::function<ModelInstanceIndex(int)>& instance_of) const;

  std::vector<std::string> instance_names_;
  std::unordered_map<std::string, ModelInstanceIndex> instance_by_name_;

  std::vector<std::unique_ptr<RigidBody<T>>> bodies_;
  std::vector<Frame<T>*> frames_;  // body frames are owned by their bodies
  std::vector<std::unique_ptr<Frame<T>>> owned_frames_;
  std::vector<std::unique_ptr<Joint<T>>> joints_;
  std::vector<std::unique_ptr<JointActuator<T>>> actuators_;
  NameMap body_names_, frame_names_, joint_names_, actuator_names_;

  // Compiles the topology into compiled_ and default_parameters_;
  // `joint_at(i)` gives joint i (including floating joints not yet owned).
  void Compile(const MultibodyTreeTopology& topology,
               const std::function<const Joint<T>&(JointIndex)>& joint_at,
               CompiledTree* compiled, TreeParameters<T>* parameters) const;

  bool finalized_{false};
  const MultibodyTreeSystem<T>* tree_system_{nullptr};
  MultibodyTreeTopology topology_;
  CompiledTree compiled_;
  TreeParameters<T> default_parameters_;
  // Per model instance: the joints in mobod (q) order; computed at Finalize.
  std::vector<std::vector<JointIndex>> instance_joints_in_q_order_;
  std::vector<int> instance_num_positions_;
  std::vector<int> instance_num_velocities_;
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
