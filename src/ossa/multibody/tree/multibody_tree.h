#pragma once

/// @file
/// internal::MultibodyTree<T>: owns the elements of a multibody model
/// (model instances, bodies, frames, joints, actuators), looks them up by
/// name and index, and compiles their topology at Finalize().
/// MultibodyPlant wraps it; tests may drive it directly.

#include <Eigen/SparseCore>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/math/spatial_momentum.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/tree/element_parameters.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/force_element.h"
#include "ossa/multibody/tree/jacobian_wrt_variable.h"
#include "ossa/multibody/tree/joint.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/multibody_tree_topology.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/uniform_gravity_field_element.h"
#include "ossa/multibody/tree/weld_joint.h"
#include "ossa/systems/framework/framework_fwd.h"

namespace ossa::multibody::internal {

template <typename T>
class MultibodyTreeSystem;
class SingularHingeInertiaError;
class WeldMergedTree;

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

  /// Removes `joint` (before Finalize() only). Its index is not reused:
  /// get_joint() of it throws, has_joint() is false, GetJointIndices() skips
  /// it, and later joints get new indices; its name becomes free. References
  /// to it stay valid objects but no longer belong to this model.
  /// @throws std::logic_error after Finalize(), if `joint` is not in this
  /// model (or was removed), if user force elements exist (their
  /// dependencies are not tracked), or if an actuator acts on `joint`
  /// (remove it first with RemoveJointActuator()).
  void RemoveJoint(const Joint<T>& joint);
  /// Removes `actuator` (before Finalize() only), as RemoveJoint() does.
  /// @throws std::logic_error after Finalize() or if `actuator` is not in
  /// this model (or was removed).
  void RemoveJointActuator(const JointActuator<T>& actuator);
  /// True if `index` is a joint of this model (not removed).
  bool has_joint(JointIndex index) const {
    return index.is_valid() && index < static_cast<int>(joints_.size()) &&
           joints_[index] != nullptr;
  }
  /// True if `index` is an actuator of this model (not removed).
  bool has_joint_actuator(JointActuatorIndex index) const {
    return index.is_valid() && index < static_cast<int>(actuators_.size()) &&
           actuators_[index] != nullptr;
  }
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
  /// Rethrows `error`, which a kernel threw on this model's compiled tree or
  /// on `merged`'s tree, as a std::runtime_error naming the joint whose
  /// articulated-body hinge inertia is not positive-definite and the bodies
  /// it connects. If `error` comes from neither tree, rethrows it unchanged.
  [[noreturn]] void ThrowSingularHingeInertia(
      const SingularHingeInertiaError& error,
      const WeldMergedTree& merged) const;
  /// @}

  /// @name Counts
  /// @{
  int num_model_instances() const {
    return static_cast<int>(instance_names_.size());
  }
  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  int num_frames() const { return static_cast<int>(frames_.size()); }
  /// Joints and actuators not removed (RemoveJoint()): their indices may
  /// have gaps, so loop over GetJointIndices() / GetJointActuatorIndices().
  int num_joints() const {
    return static_cast<int>(joints_.size()) - num_removed_joints_;
  }
  int num_actuators() const {
    return static_cast<int>(actuators_.size()) - num_removed_actuators_;
  }
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

  // =====================================================================
  /// @name Kinematics queries (Context)
  /// Context-level kinematics (defined in multibody_tree_kinematics.cc).
  /// All need a finalized tree owned by a MultibodyTreeSystem (or
  /// MultibodyPlant) and a Context of it; they throw std::logic_error naming
  /// the method otherwise, for an element (frame, body) of another model, on
  /// a null output or an output or input of the wrong size. Frames: W world,
  /// B the frame of a point set, A the frame motion is measured in, E the
  /// frame results are expressed in. Jacobians walk the root paths of the
  /// bodies of B and A only (O(depth) columns written, O(n) to zero the
  /// rest). JacobianWrtVariable::kQDot Jacobians are Jq̇ = Jv·N⁺(q).
  /// @{

  /// X_WB of body B (cached in the Context).
  const math::RigidTransform<T>& EvalBodyPoseInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const;
  /// V_WB_W of body B at Bo (cached).
  const SpatialVelocity<T>& EvalBodySpatialVelocityInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const;
  /// A_WB_W of body B at Bo for the model's forward dynamics v̇ (cached; see
  /// MultibodyTreeSystem::DoCalcGeneralizedAccelerations: throws for a bare
  /// MultibodyTreeSystem).
  const SpatialAcceleration<T>& EvalBodySpatialAccelerationInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const;

  /// X_WB of every body, by BodyIndex; X_WB is resized to num_bodies().
  /// Throws if X_WB is null.
  void CalcAllBodyPosesInWorld(
      const systems::Context<T>& context,
      std::vector<math::RigidTransform<T>>* X_WB) const;
  /// V_WB_W of every body, by BodyIndex; resized to num_bodies().
  void CalcAllBodySpatialVelocitiesInWorld(
      const systems::Context<T>& context,
      std::vector<SpatialVelocity<T>>* V_WB) const;
  /// A_WB_W (classical, at Bo) of every body for the given v̇:
  /// A_WB = J_WB·v̇ + J̇_WB·v. Throws if A_WB_array is null or not of size
  /// num_bodies(), or if known_vdot is not of size num_velocities().
  void CalcSpatialAccelerationsFromVdot(
      const systems::Context<T>& context, const VectorX<T>& known_vdot,
      std::vector<SpatialAcceleration<T>>* A_WB_array) const;

  /// X_AB = X_WA⁻¹·X_WB.
  math::RigidTransform<T> CalcRelativeTransform(
      const systems::Context<T>& context, const Frame<T>& frame_A,
      const Frame<T>& frame_B) const;
  /// R_AB = R_WA⁻¹·R_WB.
  math::RotationMatrix<T> CalcRelativeRotationMatrix(
      const systems::Context<T>& context, const Frame<T>& frame_A,
      const Frame<T>& frame_B) const;
  /// p_AQi = X_AB·p_BQi for each column. p_BQi and p_AQi must have 3 rows
  /// and the same number of columns; p_AQi must not be null.
  void CalcPointsPositions(const systems::Context<T>& context,
                           const Frame<T>& frame_B,
                           const Eigen::Ref<const MatrixX<T>>& p_BQi,
                           const Frame<T>& frame_A,
                           EigenPtr<MatrixX<T>> p_AQi) const;

  /// @name Frame kinematics (the Frame methods forward here)
  /// X_BF of `frame_F` in its body frame B in this Context (a fixed-offset
  /// frame's X_PF may be changed per Context).
  const math::RigidTransform<T>& GetFramePoseInBody(
      const systems::Context<T>& context, const Frame<T>& frame_F) const;
  /// X_PF of a frame in its parent frame in this Context (identity for
  /// body frames).
  const math::RigidTransform<T>& GetFramePoseInParent(
      const systems::Context<T>& context, const Frame<T>& frame_F) const;
  /// Sets X_PF of the fixed-offset frame `frame_F` in `context`; updates
  /// the poses of the frames fixed to it and the compiled joint frames.
  /// Throws if frame_F is a body frame.
  void SetFramePoseInParent(systems::Context<T>* context,
                            const Frame<T>& frame_F,
                            const math::RigidTransform<T>& X_PF) const;
  /// X_WF.
  math::RigidTransform<T> CalcFramePoseInWorld(
      const systems::Context<T>& context, const Frame<T>& frame_F) const;
  /// V_WF_W: frame F's spatial velocity in W, at Fo, expressed in W.
  SpatialVelocity<T> CalcFrameSpatialVelocityInWorld(
      const systems::Context<T>& context, const Frame<T>& frame_F) const;
  /// V_MF_E: F's spatial velocity measured in M, at Fo, expressed in E:
  /// w_MF = w_WF − w_WM, v_MFo = v_WFo − v_WMo − w_WM × p_MoFo.
  SpatialVelocity<T> CalcFrameSpatialVelocity(
      const systems::Context<T>& context, const Frame<T>& frame_F,
      const Frame<T>& frame_M, const Frame<T>& frame_E) const;
  /// A_WF_W from the body accelerations A_WB_W (at Bo) of `A_WB_array`
  /// (by BodyIndex): α_WF = α_WB, a_WFo = a_WBo + α×p + w×(w×p), p = p_BoFo.
  SpatialAcceleration<T> CalcFrameSpatialAccelerationInWorld(
      const systems::Context<T>& context, const Frame<T>& frame_F,
      const std::vector<SpatialAcceleration<T>>& A_WB_array) const;
  /// A_MF_E from body accelerations: α_MF = α_WF − α_WM − w_WM × w_MF,
  /// a_MFo = a_WFo − a_WMf − 2·w_WM × v_MFo (Mf: the point of M at Fo).
  SpatialAcceleration<T> CalcFrameSpatialAcceleration(
      const systems::Context<T>& context, const Frame<T>& frame_F,
      const Frame<T>& frame_M, const Frame<T>& frame_E,
      const std::vector<SpatialAcceleration<T>>& A_WB_array) const;

  /// J𝑠_V_ABp_E (6 × n, n = nq for kQDot, nv for kV): V_ABp_E = J·𝑠 for the
  /// point Bp of frame B at p_BoBp_B. Throws if Js_V_ABp_E is null or not
  /// 6 × n.
  void CalcJacobianSpatialVelocity(const systems::Context<T>& context,
                                   JacobianWrtVariable with_respect_to,
                                   const Frame<T>& frame_B,
                                   const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
                                   const Frame<T>& frame_A,
                                   const Frame<T>& frame_E,
                                   EigenPtr<MatrixX<T>> Js_V_ABp_E) const;
  /// J𝑠_w_AB_E (3 × n). Throws if null or of the wrong size.
  void CalcJacobianAngularVelocity(const systems::Context<T>& context,
                                   JacobianWrtVariable with_respect_to,
                                   const Frame<T>& frame_B,
                                   const Frame<T>& frame_A,
                                   const Frame<T>& frame_E,
                                   EigenPtr<Matrix3X<T>> Js_w_AB_E) const;
  /// J𝑠_v_ABi_E (3p × n) for the p points Bi (columns of p_BoBi_B): rows
  /// 3i..3i+2 are point i's. Throws if null or of the wrong size.
  void CalcJacobianTranslationalVelocity(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E,
      EigenPtr<MatrixX<T>> Js_v_ABi_E) const;
  /// Jq_p_AoBi_E (3p × nq) = ᴬ∂p_AoBi/∂q expressed in E, equal to
  /// Jq̇_v_ABi_E. Throws if null or of the wrong size.
  void CalcJacobianPositionVector(const systems::Context<T>& context,
                                  const Frame<T>& frame_B,
                                  const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
                                  const Frame<T>& frame_A,
                                  const Frame<T>& frame_E,
                                  EigenPtr<MatrixX<T>> Jq_p_AoBi_E) const;
  /// J𝑠_v_ACcm_E (3 × n) of the center of mass Ccm of all non-world bodies
  /// (or of the bodies of `model_instances`, each counted once):
  /// Σ m_B·J𝑠_v_ABcm / Σ m_B. Throws if there are no such bodies, if their
  /// mass is ≤ 0, or if the output is null or of the wrong size.
  void CalcJacobianCenterOfMassTranslationalVelocity(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_A, const Frame<T>& frame_E,
      EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const;
  void CalcJacobianCenterOfMassTranslationalVelocity(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
      const Frame<T>& frame_E, EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const;

  /// AsBias_ABp_E = A_ABp_E − J𝑠_V_ABp_E·ṡ: the spatial acceleration of Bp
  /// in A when v̇ = 0, expressed in E. Only kV is supported (kQDot throws,
  /// as the specification says).
  SpatialAcceleration<T> CalcBiasSpatialAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const;
  /// asBias_ABi_E for each point (3 × p); kQDot throws.
  Matrix3X<T> CalcBiasTranslationalAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const;
  /// asBias_AScm_E of the system's center of mass; kQDot throws, as do the
  /// conditions of CalcJacobianCenterOfMassTranslationalVelocity().
  Vector3<T> CalcBiasCenterOfMassTranslationalAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const;
  Vector3<T> CalcBiasCenterOfMassTranslationalAcceleration(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
      const Frame<T>& frame_E) const;

  /// q̇ = N(q)·v with q from `context`. Throws if qdot is null, or on wrong
  /// sizes (v: nv, qdot: nq).
  void MapVelocityToQDot(const systems::Context<T>& context,
                         const Eigen::Ref<const VectorX<T>>& v,
                         EigenPtr<VectorX<T>> qdot) const;
  /// v = N⁺(q)·q̇. Throws if v is null, or on wrong sizes.
  void MapQDotToVelocity(const systems::Context<T>& context,
                         const Eigen::Ref<const VectorX<T>>& qdot,
                         EigenPtr<VectorX<T>> v) const;
  /// N(q) (nq × nv) as a sparse matrix (one block per mobilizer).
  Eigen::SparseMatrix<T> MakeVelocityToQDotMap(
      const systems::Context<T>& context) const;
  /// N⁺(q) (nv × nq) as a sparse matrix.
  Eigen::SparseMatrix<T> MakeQDotToVelocityMap(
      const systems::Context<T>& context) const;
  /// True if N(q) is the identity for every q (no joint with a quaternion
  /// or with angle-rate ≠ angular-velocity coordinates).
  bool IsVelocityEqualToQDot() const;

  /// Σ m_B over all bodies (or those of model_instances); 0 if none.
  T CalcTotalMass(const systems::Context<T>& context) const {
    return CalcTotalMass(context, GetModelInstanceIndices());
  }
  T CalcTotalMass(const systems::Context<T>& context,
                  const std::vector<ModelInstanceIndex>& model_instances) const;
  /// p_WoScm_W = Σ m_B·p_WoBcm / m_S. Throws if there is no non-world body
  /// (or model_instances selects none) or if m_S ≤ 0.
  Vector3<T> CalcCenterOfMassPositionInWorld(
      const systems::Context<T>& context) const {
    return CalcCenterOfMassPositionInWorld(context, GetModelInstanceIndices());
  }
  Vector3<T> CalcCenterOfMassPositionInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const;
  /// v_WScm_W = Σ m_B·v_WBcm / m_S (same throws).
  Vector3<T> CalcCenterOfMassTranslationalVelocityInWorld(
      const systems::Context<T>& context) const {
    return CalcCenterOfMassTranslationalVelocityInWorld(
        context, GetModelInstanceIndices());
  }
  Vector3<T> CalcCenterOfMassTranslationalVelocityInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const;
  /// a_WScm_W = Σ m_B·a_WBcm / m_S with the body accelerations of
  /// EvalBodySpatialAccelerationInWorld() (forward dynamics).
  Vector3<T> CalcCenterOfMassTranslationalAccelerationInWorld(
      const systems::Context<T>& context) const {
    return CalcCenterOfMassTranslationalAccelerationInWorld(
        context, GetModelInstanceIndices());
  }
  Vector3<T> CalcCenterOfMassTranslationalAccelerationInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const;
  /// M_SFo_F of the bodies `body_indexes` as if welded together, about Fo,
  /// expressed in F. Throws on an invalid or repeated BodyIndex.
  SpatialInertia<T> CalcSpatialInertia(
      const systems::Context<T>& context, const Frame<T>& frame_F,
      const std::vector<BodyIndex>& body_indexes) const;
  /// L_WSP_W = Σ L_WBo_W shifted to P, of all bodies (or of
  /// model_instances; throws on an invalid instance).
  SpatialMomentum<T> CalcSpatialMomentumInWorldAboutPoint(
      const systems::Context<T>& context, const Vector3<T>& p_WoP_W) const {
    return CalcSpatialMomentumInWorldAboutPoint(
        context, GetModelInstanceIndices(), p_WoP_W);
  }
  SpatialMomentum<T> CalcSpatialMomentumInWorldAboutPoint(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      const Vector3<T>& p_WoP_W) const;

  /// Sx (2·ns × num_states()) with xₛ = Sx·x for the joints listed, in that
  /// order: xₛ = [qₛ; vₛ], each joint's q (v) entries consecutively. Throws
  /// on an invalid or repeated joint.
  MatrixX<double> MakeStateSelectorMatrix(
      const std::vector<JointIndex>& user_to_joint_index_map) const;
  /// The same by joint names (each must name a single joint).
  MatrixX<double> MakeStateSelectorMatrixFromJointNames(
      const std::vector<std::string>& selected_joints) const;
  /// Su (num_actuated_dofs() × nₛ) with u = Su·uₛ for the listed
  /// actuators, in that order. Throws on an invalid or repeated actuator.
  MatrixX<double> MakeActuatorSelectorMatrix(
      const std::vector<JointActuatorIndex>& user_to_actuator_index_map) const;
  /// The same for the actuators of the listed joints; throws if a joint has
  /// no actuator.
  MatrixX<double> MakeActuatorSelectorMatrix(
      const std::vector<JointIndex>& user_to_joint_index_map) const;
  /// B (nv × num_actuated_dofs()) with tau = B·u: B(v_a, a) = 1 for the dof
  /// v_a of actuator a.
  MatrixX<T> MakeActuationMatrix() const;
  /// B⁺ (num_actuated_dofs() × nv), the Moore–Penrose pseudoinverse of B
  /// (since B's columns are distinct unit vectors, B⁺ = Bᵀ).
  Eigen::SparseMatrix<double> MakeActuationMatrixPseudoinverse() const;
  /// @}

  /// @name Joint locking (Context)
  /// @{
  /// Locks `joint` in `context` (and zeros its velocities): the plant's
  /// dynamics hold its velocities at zero. Throws on a joint of another
  /// model or a null context.
  void LockJoint(systems::Context<T>* context, const Joint<T>& joint) const;
  void UnlockJoint(systems::Context<T>* context, const Joint<T>& joint) const;
  bool IsJointLocked(const systems::Context<T>& context,
                     const Joint<T>& joint) const;
  /// The v indices of locked (unlocked) joints, ascending.
  std::vector<int> FindLockedVelocityIndices(
      const systems::Context<T>& context) const;
  std::vector<int> FindUnlockedVelocityIndices(
      const systems::Context<T>& context) const;
  /// @}

  /// Writes into `state` (its [q; v] vector) a sample of each joint's random
  /// position distribution (joints without one keep the values in `state`).
  void SetRandomState(const systems::Context<T>& context,
                      systems::State<T>* state, std::mt19937* generator) const;

  /// (Internal) The per-Context element values a new Context starts with.
  ElementParameters<T> MakeDefaultElementParameters() const;
  // =====================================================================

  /// @name Dynamics and forces (Context)
  /// Force elements and the Context-level dynamics: inverse and forward
  /// dynamics, mass matrix, bias term, gravity and force-element forces,
  /// energy and power. The tree must be owned by a MultibodyTreeSystem (or
  /// MultibodyPlant) and finalized; `context` must be one of its Contexts.
  /// Sizes are checked at entry; misuse throws std::logic_error naming the
  /// method and what was expected. Equations of motion:
  ///   M(q)·v̇ + C(q, v)·v = tau_app + Σ_B J_WBᵀ·Fapp_Bo_W,
  /// where gravity, springs and joint damping enter the right-hand side
  /// through CalcForceElementsContribution(), and M includes the actuators'
  /// reflected rotor inertias ρ²·I_r on its diagonal.
  /// @{

  /// Takes ownership of `force_element` (before Finalize() only). Throws if
  /// null, if it already belongs to a model, or if it is a
  /// UniformGravityFieldElement (the tree always has one: gravity_field()).
  template <template <typename> class ForceElementType>
  const ForceElementType<T>& AddForceElement(
      std::unique_ptr<ForceElementType<T>> force_element) {
    static_assert(std::is_base_of_v<ForceElement<T>, ForceElementType<T>>);
    ForceElementType<T>* raw = force_element.get();
    AddForceElementImpl(
        std::unique_ptr<ForceElement<T>>(force_element.release()));
    return *raw;
  }
  /// Constructs a ForceElementType<T> from `args` and adds it.
  template <template <typename> class ForceElementType, typename... Args>
  const ForceElementType<T>& AddForceElement(Args&&... args) {
    return AddForceElement(
        std::make_unique<ForceElementType<T>>(std::forward<Args>(args)...));
  }
  /// The number of force elements, the gravity field included (≥ 1).
  int num_force_elements() const {
    return static_cast<int>(force_elements_.size());
  }
  /// Throws std::logic_error if out of range.
  const ForceElement<T>& get_force_element(ForceElementIndex index) const;
  /// Throws std::logic_error if out of range or not a ForceElementType.
  template <template <typename> class ForceElementType>
  const ForceElementType<T>& GetForceElement(ForceElementIndex index) const {
    const ForceElement<T>& element = get_force_element(index);
    const auto* typed = dynamic_cast<const ForceElementType<T>*>(&element);
    if (typed == nullptr) {
      ThrowWrongForceElementType(index, NiceTypeName<ForceElementType<T>>());
    }
    return *typed;
  }
  /// The tree's uniform gravity field (ForceElementIndex(0)).
  const UniformGravityFieldElement<T>& gravity_field() const {
    return *gravity_field_;
  }
  UniformGravityFieldElement<T>& mutable_gravity_field() {
    return *gravity_field_;
  }

  /// Inverse dynamics by recursive Newton–Euler, O(n):
  ///   tau = M(q)·v̇ + C(q, v)·v − tau_app − Σ_B J_WBᵀ·Fapp_Bo_W
  /// with tau_app and Fapp from `external_forces` (gravity is not added:
  /// include it with CalcForceElementsContribution()). Throws if
  /// `known_vdot` does not have num_velocities() entries or
  /// `external_forces` is not sized for this model.
  VectorX<T> CalcInverseDynamics(
      const systems::Context<T>& context, const VectorX<T>& known_vdot,
      const MultibodyForces<T>& external_forces) const;

  /// (Advanced) The same with arrays in the compiled mobod order (mobod k is
  /// get_topology().get_mobod(k); body_to_mobod() maps a body to it):
  /// `Fapplied_Bo_W_array` has 0 (none) or num_mobods() entries,
  /// `tau_applied_array` 0 or num_velocities(). Outputs A_WB_array (spatial
  /// accelerations of the bodies, measured and expressed in W, no gravity)
  /// and F_BMo_W_array (the force of each inboard mobilizer on its body at
  /// Mo, expressed in W) are resized to num_mobods(); tau_array must have
  /// num_velocities() entries. Outputs may be the same objects as the
  /// inputs (F_BMo_W_array as Fapplied_Bo_W_array, tau_array as
  /// tau_applied_array): the inputs are read before anything is written.
  /// Allocates nothing on double once the arrays have their sizes.
  void CalcInverseDynamics(
      const systems::Context<T>& context, const VectorX<T>& known_vdot,
      const std::vector<SpatialForce<T>>& Fapplied_Bo_W_array,
      const Eigen::Ref<const VectorX<T>>& tau_applied_array,
      std::vector<SpatialAcceleration<T>>* A_WB_array,
      std::vector<SpatialForce<T>>* F_BMo_W_array,
      EigenPtr<VectorX<T>> tau_array) const;

  /// M(q) by the composite rigid body algorithm (reflected rotor inertias on
  /// the diagonal). M must be num_velocities() square; filled completely.
  void CalcMassMatrix(const systems::Context<T>& context,
                      EigenPtr<MatrixX<T>> M) const;
  /// M(q) column by column: column i is inverse dynamics with v = 0,
  /// v̇ = eᵢ and no forces. Slow (O(n²)); for checking CalcMassMatrix().
  void CalcMassMatrixViaInverseDynamics(const systems::Context<T>& context,
                                        EigenPtr<MatrixX<T>> M) const;
  /// The bias term C(q, v)·v (Coriolis, centrifugal and gyroscopic terms):
  /// inverse dynamics with v̇ = 0 and no forces. Cv has num_velocities().
  void CalcBiasTerm(const systems::Context<T>& context,
                    EigenPtr<VectorX<T>> Cv) const;
  /// tau_g(q) = Σ_B J_WBᵀ·F_gravity_Bo_W of gravity_field() (honoring the
  /// model instances it is disabled for); v·tau_g > 0 when the
  /// gravitational potential energy decreases.
  VectorX<T> CalcGravityGeneralizedForces(
      const systems::Context<T>& context) const;
  /// Sets `forces` to the forces of all force elements (gravity included)
  /// plus the joints' damping −d·v on the generalized forces. Throws if
  /// `forces` is null or not sized for this model.
  void CalcForceElementsContribution(const systems::Context<T>& context,
                                     MultibodyForces<T>* forces) const;
  /// tau = forces.generalized_forces() + Σ_B J_WBᵀ·F_Bo_W, the generalized
  /// equivalent of `forces`; `generalized_forces` is resized to
  /// num_velocities(). Throws if it is null or `forces` is not sized for
  /// this model.
  void CalcGeneralizedForces(const systems::Context<T>& context,
                             const MultibodyForces<T>& forces,
                             VectorX<T>* generalized_forces) const;

  /// Σ U of the force elements (J).
  T CalcPotentialEnergy(const systems::Context<T>& context) const;
  /// ½·vᵀ·M·v (J): ½·Σ_B V_WBᵀ·M_B·V_WB of the bodies plus ½·Σ ρ²·I_r·v²
  /// of the rotors' reflected inertias, as in the reference (M includes
  /// them, so d/dt of this is the power of all forces).
  T CalcKineticEnergy(const systems::Context<T>& context) const;
  /// Σ Pc of the force elements: −U̇ (W).
  T CalcConservativePower(const systems::Context<T>& context) const;
  /// Σ Pnc of the force elements plus the power −Σ dᵢ·vᵢ² of joint damping
  /// (W), so that d/dt(KE + U) = Pnc for a model moved by its force
  /// elements and joint damping only.
  T CalcNonConservativePower(const systems::Context<T>& context) const;

  /// (Advanced) Forward dynamics by the articulated body algorithm, O(n):
  /// the v̇ solving M(q)·v̇ + C(q, v)·v = tau_app + Σ J_WBᵀ·Fapp_Bo_W with
  /// the forces of all force elements and joint damping
  /// (CalcForceElementsContribution()) added to `applied_forces` (e.g. the
  /// actuation in its generalized forces). vdot must have num_velocities()
  /// entries. Allocates nothing on double once the Context's caches exist.
  /// @throws std::runtime_error naming the joint and bodies if a joint's
  ///   articulated-body hinge inertia is not positive-definite (a massless
  ///   body on a joint) or NaN.
  void CalcForwardDynamics(const systems::Context<T>& context,
                           const MultibodyForces<T>& applied_forces,
                           EigenPtr<VectorX<T>> vdot) const;
  /// @}

  /// @name Scalar conversion (multibody_tree_clone.cc)
  /// A deep copy of this model on the scalar U: same model instances,
  /// bodies, frames, joints (the floating joints Finalize() added included)
  /// and actuators, each with the same index, name and default values;
  /// finalized if this model is. The clone has no system: give it to a
  /// MultibodyTreeSystem<U> (its constructor taking a tree) to get
  /// Contexts. Per-Context values (state, parameters, locks) are not
  /// copied. Force elements are not cloned yet (the force elements' helper
  /// adds their loop here).
  /// @{
  template <typename U>
  std::unique_ptr<MultibodyTree<U>> CloneToScalar() const;
  std::unique_ptr<MultibodyTree<AutoDiffXd>> ToAutoDiffXd() const {
    return CloneToScalar<AutoDiffXd>();
  }
  std::unique_ptr<MultibodyTree<symbolic::Expression>> ToSymbolic() const {
    return CloneToScalar<symbolic::Expression>();
  }
  std::unique_ptr<MultibodyTree<T>> Clone() const { return CloneToScalar<T>(); }

  /// The element of this model with the index of `element`, an element of
  /// a variant of this model on another scalar (from CloneToScalar()):
  /// frames, bodies, joints (of any kind) and actuators. Throws
  /// std::logic_error if the index does not exist here or the element here
  /// is not of the same type.
  template <template <typename> class ElementType, typename Scalar>
  const ElementType<T>& get_variant(const ElementType<Scalar>& element) const {
    const void* found = nullptr;
    if constexpr (std::is_base_of_v<Frame<T>, ElementType<T>>) {
      found = dynamic_cast<const ElementType<T>*>(&get_frame(element.index()));
    } else if constexpr (std::is_base_of_v<RigidBody<T>, ElementType<T>>) {
      found = &get_body(element.index());
    } else if constexpr (std::is_base_of_v<Joint<T>, ElementType<T>>) {
      found = dynamic_cast<const ElementType<T>*>(&get_joint(element.index()));
    } else {
      static_assert(std::is_base_of_v<JointActuator<T>, ElementType<T>>,
                    "get_variant(): unsupported element type");
      found = &get_joint_actuator(element.index());
    }
    if (found == nullptr) [[unlikely]] {
      ThrowLogicError(
          "get_variant(): the element with this index in this model is not "
          "a {}.",
          NiceTypeName<ElementType<T>>());
    }
    return *static_cast<const ElementType<T>*>(found);
  }
  /// @}

  /// (Internal) The system that keeps this tree's state in Contexts; set by
  /// MultibodyTreeSystem. tree_system() throws std::logic_error naming
  /// `method` if there is none (a bare tree has no Context).
  void set_tree_system(const MultibodyTreeSystem<T>* system) {
    tree_system_ = system;
  }
  bool has_tree_system() const { return tree_system_ != nullptr; }
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
  void AddForceElementImpl(std::unique_ptr<ForceElement<T>> force_element);
  [[noreturn]] void ThrowWrongForceElementType(ForceElementIndex index,
                                               const std::string& type) const;
  // CalcForwardDynamics() without the translation of the kernels'
  // SingularHingeInertiaError.
  void CalcForwardDynamicsImpl(const MultibodyTreeSystem<T>& system,
                               const systems::Context<T>& context,
                               const MultibodyForces<T>& applied_forces,
                               EigenPtr<VectorX<T>> vdot) const;
  // Check for the Context-level dynamics methods (tree_system() checks that
  // the model is finalized and owned by a system): `forces` sized for this
  // model.
  void ThrowIfForcesHaveWrongSize(const char* method,
                                  const MultibodyForces<T>& forces) const;
  void ThrowIfNotInThisTree(const char* method, const Frame<T>& frame,
                            const std::string& what) const;

  // Kinematics helpers (multibody_tree_kinematics.cc).
  const MultibodyTreeSystem<T>& CheckContext(
      const char* method, const systems::Context<T>& context) const;
  void CheckFrame(const char* method, const Frame<T>& frame) const;
  void CheckBody(const char* method, const RigidBody<T>& body) const;
  // Get{Positions,Velocities}FromArray() and Set...InArray() (positions or
  // velocities), their checks included (multibody_tree_lookups.cc).
  VectorX<T> GetInstanceEntries(const char* method, bool positions,
                                ModelInstanceIndex model_instance,
                                const Eigen::Ref<const VectorX<T>>& x) const;
  void SetInstanceEntriesInArray(const char* method, bool positions,
                                 ModelInstanceIndex model_instance,
                                 const Eigen::Ref<const VectorX<T>>& x_instance,
                                 EigenPtr<VectorX<T>> x) const;
  // The checks of Joint::Lock(), Unlock() and is_locked(): the Context, and
  // `joint` in this model. Returns the system.
  const MultibodyTreeSystem<T>& CheckJointLockQuery(
      const char* method, const systems::Context<T>& context,
      const Joint<T>& joint) const;
  // The checks the CalcJacobian*() queries share, in this order: the
  // Context, frame_B (unless null), frame_A, frame_E, and the output J,
  // named `what`, non-null with `rows` rows and nv or nq columns as `wrt`
  // asks (multibody_tree_jacobians.cc). Returns the system.
  template <typename JacobianPtr>
  const MultibodyTreeSystem<T>& CheckJacobianQuery(
      const char* method, const systems::Context<T>& context,
      JacobianWrtVariable wrt, const Frame<T>* frame_B, const Frame<T>& frame_A,
      const Frame<T>& frame_E, const char* what, const JacobianPtr& J,
      int rows) const;
  // Fills J (rows × ncols, ncols = nv or nq) with the Jacobian columns of
  // V_ABp_W (rows 0-2 angular, 3-5 translational; only the rows asked for)
  // of the point p_WBp of frame_B's body, relative to frame_A's body.
  void AddRelativeJacobianInWorld(
      const TreeWorkspace<T>& ws,
      const std::vector<math::RigidTransform<T>>& X_WB, JacobianWrtVariable wrt,
      const VectorX<T>& q, BodyIndex body_B, BodyIndex body_A,
      const Vector3<T>& p_WBp, const T& weight, bool angular,
      bool translational, Eigen::Ref<MatrixX<T>> J) const;
  std::vector<BodyIndex> BodiesOfInstances(
      const char* method,
      const std::vector<ModelInstanceIndex>& model_instances) const;
  // Recomputes X_BF of every frame and the compiled X_PF / X_BM of every
  // mobod from the element parameters' X_PF.
  void UpdateFramePoses(ElementParameters<T>* elements,
                        TreeParameters<T>* parameters) const;

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
  // CloneToScalar() reproduces the gaps of removed elements.
  template <typename>
  friend class MultibodyTree;

  // Removed joints and actuators leave a nullptr at their index and move
  // to removed_*_ (kept alive: a Python reference may still point at them).
  std::vector<std::unique_ptr<Joint<T>>> joints_;
  std::vector<std::unique_ptr<JointActuator<T>>> actuators_;
  std::vector<std::unique_ptr<Joint<T>>> removed_joints_;
  std::vector<std::unique_ptr<JointActuator<T>>> removed_actuators_;
  int num_removed_joints_{0};
  int num_removed_actuators_{0};
  // Throws if `index` names a removed element (the index is in range).
  void ThrowIfRemoved(const char* method, const char* kind, int index,
                      bool removed) const;
  std::vector<std::unique_ptr<ForceElement<T>>> force_elements_;
  UniformGravityFieldElement<T>* gravity_field_{nullptr};
  // Adds joint damping −d·v to `forces` (part of the force elements'
  // contribution, as in the reference).
  void AddJointDamping(const systems::Context<T>& context,
                       MultibodyForces<T>* forces) const;
  // True if uniform gravity, enabled for every model instance, is the only
  // force element: the dynamics kernels can then apply it themselves.
  bool IsUniformGravityTheOnlyForceElement() const;
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
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);

namespace ossa::multibody::internal {
extern template std::unique_ptr<MultibodyTree<double>>
MultibodyTree<double>::CloneToScalar<double>() const;
extern template std::unique_ptr<MultibodyTree<AutoDiffXd>>
MultibodyTree<double>::CloneToScalar<AutoDiffXd>() const;
extern template std::unique_ptr<MultibodyTree<double>>
MultibodyTree<AutoDiffXd>::CloneToScalar<double>() const;
extern template std::unique_ptr<MultibodyTree<AutoDiffXd>>
MultibodyTree<AutoDiffXd>::CloneToScalar<AutoDiffXd>() const;
}  // namespace ossa::multibody::internal
