#pragma once

/// @file
/// MultibodyPlant<T>: the systems-framework model of a multibody system.

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/geometry_set.h"
#include "ossa/geometry/hydroelastic_contact_representation.h"
#include "ossa/geometry/kinematics_vector.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/plant/constraint_specs.h"
#include "ossa/multibody/plant/contact_results.h"
#include "ossa/multibody/plant/coulomb_friction.h"
#include "ossa/multibody/plant/discrete_contact_approximation.h"
#include "ossa/multibody/plant/distance_constraint_params.h"
#include "ossa/multibody/plant/dynamics_outputs.h"
#include "ossa/multibody/plant/externally_applied_spatial_force.h"
#include "ossa/multibody/plant/point_contact.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/systems/framework/framework_fwd.h"

namespace ossa::geometry {
class GeometryInstance;
class Shape;
template <typename T>
class SceneGraph;
template <typename T>
class SceneGraphInspector;
}  // namespace ossa::geometry

namespace ossa::multibody {

template <typename T>
class MultibodyPlant;

namespace internal {
template <typename T>
class DiscreteUpdateManager;
}  // namespace internal

/// A multibody system (bodies, joints, actuators) as a systems::LeafSystem.
///
/// Build the model (AddRigidBody, AddJoint, AddJointActuator, ...), then call
/// Finalize(): that compiles the topology and declares the state x = [q; v]
/// (continuous when time_step() == 0; one discrete group when > 0), the
/// parameters and the ports. Every construction method throws
/// std::logic_error after Finalize(), and every query of the compiled model
/// (num_positions(), state access, ...) throws before, each naming the
/// method.
///
/// Discrete stepping lives in internal::DiscreteUpdateManager<T>
/// (discrete_update_manager.h): when is_discrete(), Finalize() creates one
/// and declares a periodic discrete update at time_step() that calls its
/// CalcDiscreteValues(). The sampled/live choice of the output ports goes
/// through has_sampled_output_ports().
template <typename T>
class MultibodyPlant : public internal::MultibodyTreeSystem<T> {
 public:
  MultibodyPlant(const MultibodyPlant&) = delete;
  MultibodyPlant& operator=(const MultibodyPlant&) = delete;
  MultibodyPlant(MultibodyPlant&&) = delete;
  MultibodyPlant& operator=(MultibodyPlant&&) = delete;

  /// A plant advanced by integrating its ODE (time_step = 0) or by fixed
  /// steps of time_step seconds (> 0). Throws std::logic_error if
  /// time_step < 0.
  explicit MultibodyPlant(double time_step);
  /// Scalar-converting copy (systems scalar conversion: ToAutoDiffXd(),
  /// ToScalarType<U>(), also of a Diagram holding the plant): the model on
  /// scalar T, finalized, with every element at the same index and name, the
  /// same time step, force elements, default state and output-port
  /// sampling. Throws std::logic_error if `other` is not finalized.
  template <typename U>
  explicit MultibodyPlant(const MultibodyPlant<U>& other);
  ~MultibodyPlant() override;

  /// The period of the discrete update in s (0 for a continuous plant).
  double time_step() const { return time_step_; }
  bool is_discrete() const { return time_step_ > 0.0; }

  /// @name Model building (before Finalize() only)
  /// Each throws std::logic_error after Finalize(), naming the method.
  /// @{
  ModelInstanceIndex AddModelInstance(const std::string& name);
  void RenameModelInstance(ModelInstanceIndex model_instance,
                           const std::string& name);
  /// A rigid body with spatial inertia M_BBo_B (about Bo, expressed in B).
  const RigidBody<T>& AddRigidBody(
      const std::string& name, ModelInstanceIndex model_instance,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());
  /// The same in the default model instance; throws if model instances
  /// beyond the world and default ones exist.
  const RigidBody<T>& AddRigidBody(
      const std::string& name,
      const SpatialInertia<double>& M_BBo_B = SpatialInertia<double>::Zero());

  template <template <typename> class FrameType>
  const FrameType<T>& AddFrame(std::unique_ptr<FrameType<T>> frame) {
    return mutable_tree_for("AddFrame").AddFrame(std::move(frame));
  }

  template <template <typename> class JointType>
  const JointType<T>& AddJoint(std::unique_ptr<JointType<T>> joint) {
    return mutable_tree_for("AddJoint").AddJoint(std::move(joint));
  }
  /// A JointType between `parent` and `child`; when X_PF (X_BM) is given
  /// the joint frame F (M) is a new FixedOffsetFrame "{name}_parent"
  /// ("{name}_child") at X_PF (X_BM) in the parent (child) body frame.
  template <template <typename> class JointType, typename... Args>
  const JointType<T>& AddJoint(
      const std::string& name, const RigidBody<T>& parent,
      const std::optional<math::RigidTransform<double>>& X_PF,
      const RigidBody<T>& child,
      const std::optional<math::RigidTransform<double>>& X_BM, Args&&... args) {
    return mutable_tree_for("AddJoint")
        .template AddJoint<JointType>(name, parent, X_PF, child, X_BM,
                                      std::forward<Args>(args)...);
  }
  /// Welds M to F at X_FM with a WeldJoint "{F.name()}_welds_to_{M.name()}".
  const WeldJoint<T>& WeldFrames(const Frame<T>& frame_on_parent_F,
                                 const Frame<T>& frame_on_child_M,
                                 const math::RigidTransform<double>& X_FM =
                                     math::RigidTransform<double>::Identity());
  /// An actuator on the single-dof `joint` with |u| ≤ effort_limit (N·m or
  /// N; must be > 0).
  const JointActuator<T>& AddJointActuator(
      const std::string& name, const Joint<T>& joint,
      double effort_limit = std::numeric_limits<double>::infinity());

  /// Removes `joint` from the model (before Finalize()): its JointIndex is
  /// not reused (get_joint() of it throws, has_joint() is false; loop over
  /// GetJointIndices(), not 0..num_joints()−1). References to it no longer
  /// belong to this plant.
  /// @throws std::logic_error after Finalize(), if `joint` is not in this
  /// plant, if the plant has user-added force elements, or if a
  /// JointActuator acts on `joint` (remove it first).
  void RemoveJoint(const Joint<T>& joint);
  /// Removes `actuator` (before Finalize()), as RemoveJoint() does.
  /// @throws std::logic_error after Finalize() or if `actuator` is not in
  /// this plant.
  void RemoveJointActuator(const JointActuator<T>& actuator);

  /// Compiles the model and declares state, parameters and ports. Throws
  /// std::logic_error if called twice.
  void Finalize();
  bool is_finalized() const { return this->tree().is_finalized(); }
  /// @}

  /// @name Counts
  /// Element counts are valid at any time; coordinate counts after
  /// Finalize(). The model-instance overloads throw for an invalid instance.
  /// @{
  int num_bodies() const { return this->tree().num_bodies(); }
  int num_joints() const { return this->tree().num_joints(); }
  int num_frames() const { return this->tree().num_frames(); }
  int num_actuators() const { return this->tree().num_actuators(); }
  int num_actuators(ModelInstanceIndex model_instance) const;
  int num_model_instances() const { return this->tree().num_model_instances(); }
  int num_positions() const;
  int num_positions(ModelInstanceIndex model_instance) const;
  int num_velocities() const;
  int num_velocities(ModelInstanceIndex model_instance) const;
  /// nq + nv.
  int num_multibody_states() const;
  int num_multibody_states(ModelInstanceIndex model_instance) const;
  int num_actuated_dofs() const { return this->tree().num_actuated_dofs(); }
  int num_actuated_dofs(ModelInstanceIndex model_instance) const;
  /// @}

  /// @name Lookups by name
  /// Without a model instance, a name present in several instances throws;
  /// a missing name throws, listing the valid names.
  /// @{
  bool HasModelInstanceNamed(std::string_view name) const {
    return this->tree().HasModelInstanceNamed(name);
  }
  ModelInstanceIndex GetModelInstanceByName(std::string_view name) const {
    return this->tree().GetModelInstanceByName(name);
  }
  const std::string& GetModelInstanceName(
      ModelInstanceIndex model_instance) const {
    return this->tree().GetModelInstanceName(model_instance);
  }
  bool HasBodyNamed(std::string_view name) const {
    return this->tree().HasBodyNamed(name);
  }
  bool HasBodyNamed(std::string_view name,
                    ModelInstanceIndex model_instance) const {
    return this->tree().HasBodyNamed(name, model_instance);
  }
  const RigidBody<T>& GetBodyByName(std::string_view name) const {
    return this->tree().GetBodyByName(name);
  }
  const RigidBody<T>& GetBodyByName(std::string_view name,
                                    ModelInstanceIndex model_instance) const {
    return this->tree().GetBodyByName(name, model_instance);
  }
  const RigidBody<T>& GetRigidBodyByName(std::string_view name) const {
    return this->tree().GetBodyByName(name);
  }
  const RigidBody<T>& GetRigidBodyByName(
      std::string_view name, ModelInstanceIndex model_instance) const {
    return this->tree().GetBodyByName(name, model_instance);
  }
  bool HasFrameNamed(std::string_view name) const {
    return this->tree().HasFrameNamed(name);
  }
  bool HasFrameNamed(std::string_view name,
                     ModelInstanceIndex model_instance) const {
    return this->tree().HasFrameNamed(name, model_instance);
  }
  const Frame<T>& GetFrameByName(std::string_view name) const {
    return this->tree().GetFrameByName(name);
  }
  const Frame<T>& GetFrameByName(std::string_view name,
                                 ModelInstanceIndex model_instance) const {
    return this->tree().GetFrameByName(name, model_instance);
  }
  bool HasJointNamed(std::string_view name) const {
    return this->tree().HasJointNamed(name);
  }
  bool HasJointNamed(std::string_view name,
                     ModelInstanceIndex model_instance) const {
    return this->tree().HasJointNamed(name, model_instance);
  }
  /// Also throws if the joint is not a JointType.
  template <template <typename> class JointType = Joint>
  const JointType<T>& GetJointByName(
      std::string_view name,
      std::optional<ModelInstanceIndex> model_instance = std::nullopt) const {
    return this->tree().template GetJointByName<JointType>(name,
                                                           model_instance);
  }
  /// Mutable access (joint defaults and limits may change after Finalize).
  template <template <typename> class JointType = Joint>
  JointType<T>& GetMutableJointByName(
      std::string_view name,
      std::optional<ModelInstanceIndex> model_instance = std::nullopt) {
    return const_cast<JointType<T>&>(
        GetJointByName<JointType>(name, model_instance));
  }
  bool HasJointActuatorNamed(std::string_view name) const {
    return this->tree().HasJointActuatorNamed(name);
  }
  bool HasJointActuatorNamed(std::string_view name,
                             ModelInstanceIndex model_instance) const {
    return this->tree().HasJointActuatorNamed(name, model_instance);
  }
  const JointActuator<T>& GetJointActuatorByName(std::string_view name) const {
    return this->tree().GetJointActuatorByName(name);
  }
  const JointActuator<T>& GetJointActuatorByName(
      std::string_view name, ModelInstanceIndex model_instance) const {
    return this->tree().GetJointActuatorByName(name, model_instance);
  }
  /// @}

  /// @name Access by index (throw std::logic_error if out of range)
  /// @{
  const RigidBody<T>& world_body() const { return this->tree().world_body(); }
  const RigidBodyFrame<T>& world_frame() const {
    return this->tree().world_frame();
  }
  const RigidBody<T>& get_body(BodyIndex body_index) const {
    return this->tree().get_body(body_index);
  }
  /// False for an index out of range or of a removed joint (RemoveJoint).
  bool has_joint(JointIndex joint_index) const {
    return this->tree().has_joint(joint_index);
  }
  bool has_joint_actuator(JointActuatorIndex actuator_index) const {
    return this->tree().has_joint_actuator(actuator_index);
  }
  const Joint<T>& get_joint(JointIndex joint_index) const {
    return this->tree().get_joint(joint_index);
  }
  Joint<T>& get_mutable_joint(JointIndex joint_index) {
    return internal_mutable_tree().get_mutable_joint(joint_index);
  }
  const JointActuator<T>& get_joint_actuator(
      JointActuatorIndex actuator_index) const {
    return this->tree().get_joint_actuator(actuator_index);
  }
  JointActuator<T>& get_mutable_joint_actuator(
      JointActuatorIndex actuator_index) {
    return internal_mutable_tree().get_mutable_joint_actuator(actuator_index);
  }
  const Frame<T>& get_frame(FrameIndex frame_index) const {
    return this->tree().get_frame(frame_index);
  }
  /// Indices of the elements of `model_instance`, ascending.
  std::vector<BodyIndex> GetBodyIndices(
      ModelInstanceIndex model_instance) const {
    return this->tree().GetBodyIndices(model_instance);
  }
  std::vector<FrameIndex> GetFrameIndices(
      ModelInstanceIndex model_instance) const {
    return this->tree().GetFrameIndices(model_instance);
  }
  std::vector<JointIndex> GetJointIndices() const {
    return this->tree().GetJointIndices();
  }
  std::vector<JointIndex> GetJointIndices(
      ModelInstanceIndex model_instance) const {
    return this->tree().GetJointIndices(model_instance);
  }
  std::vector<JointActuatorIndex> GetJointActuatorIndices() const {
    return this->tree().GetJointActuatorIndices();
  }
  std::vector<JointActuatorIndex> GetJointActuatorIndices(
      ModelInstanceIndex model_instance) const {
    return this->tree().GetJointActuatorIndices(model_instance);
  }
  /// The joints of `model_instance` that have an actuator (after Finalize).
  std::vector<JointIndex> GetActuatedJointIndices(
      ModelInstanceIndex model_instance) const;
  /// @}

  /// @name State in a Context (after Finalize())
  /// Each throws std::logic_error before Finalize(), for a Context of
  /// another system, a wrong-sized vector or an invalid model instance.
  /// Instance vectors hold the instance's coordinates in the order of q
  /// (v).
  /// @{
  VectorX<T> GetPositionsAndVelocities(
      const systems::Context<T>& context) const;
  VectorX<T> GetPositionsAndVelocities(const systems::Context<T>& context,
                                       ModelInstanceIndex model_instance) const;
  void SetPositionsAndVelocities(systems::Context<T>* context,
                                 const Eigen::Ref<const VectorX<T>>& q_v) const;
  void SetPositionsAndVelocities(systems::Context<T>* context,
                                 ModelInstanceIndex model_instance,
                                 const Eigen::Ref<const VectorX<T>>& q_v) const;
  VectorX<T> GetPositions(const systems::Context<T>& context) const;
  VectorX<T> GetPositions(const systems::Context<T>& context,
                          ModelInstanceIndex model_instance) const;
  void SetPositions(systems::Context<T>* context,
                    const Eigen::Ref<const VectorX<T>>& q) const;
  void SetPositions(systems::Context<T>* context,
                    ModelInstanceIndex model_instance,
                    const Eigen::Ref<const VectorX<T>>& q_instance) const;
  /// Writes q_instance into `state` (a State of `context`'s system).
  void SetPositions(const systems::Context<T>& context,
                    systems::State<T>* state, ModelInstanceIndex model_instance,
                    const Eigen::Ref<const VectorX<T>>& q_instance) const;
  VectorX<T> GetVelocities(const systems::Context<T>& context) const;
  VectorX<T> GetVelocities(const systems::Context<T>& context,
                           ModelInstanceIndex model_instance) const;
  void SetVelocities(systems::Context<T>* context,
                     const Eigen::Ref<const VectorX<T>>& v) const;
  void SetVelocities(systems::Context<T>* context,
                     ModelInstanceIndex model_instance,
                     const Eigen::Ref<const VectorX<T>>& v_instance) const;
  void SetVelocities(const systems::Context<T>& context,
                     systems::State<T>* state,
                     ModelInstanceIndex model_instance,
                     const Eigen::Ref<const VectorX<T>>& v_instance) const;

  /// The state from the joints' default positions (see
  /// Joint::set_default_positions, SetDefaultPositions) and zero
  /// velocities. Throws before Finalize().
  void SetDefaultState(const systems::Context<T>& context,
                       systems::State<T>* state) const override;
  /// The default q (size num_positions()); throws before Finalize().
  VectorX<T> GetDefaultPositions() const;
  VectorX<T> GetDefaultPositions(ModelInstanceIndex model_instance) const;
  /// Sets the joints' default positions from q (size num_positions());
  /// affects only Contexts created or reset afterwards.
  void SetDefaultPositions(const Eigen::Ref<const Eigen::VectorXd>& q);
  void SetDefaultPositions(ModelInstanceIndex model_instance,
                           const Eigen::Ref<const Eigen::VectorXd>& q_instance);
  /// @}

  /// @name Free bodies
  /// A free body is a floating base body: its inboard joint is a 6-dof
  /// QuaternionFloatingJoint or RpyFloatingJoint to the world (Finalize()
  /// adds one for every body without an inboard joint). Its pose X_PB in the
  /// parent frame P (the world, or the joint's frame F) is the joint's X_FM,
  /// and its spatial velocity V_PB is V_FM_F. Each method throws
  /// std::logic_error before Finalize() (except the defaults), for a null
  /// context/state, or if `body` is not a free body of this plant.
  /// @{
  math::RigidTransform<T> GetFreeBodyPose(const systems::Context<T>& context,
                                          const RigidBody<T>& body) const;
  void SetFreeBodyPose(systems::Context<T>* context, const RigidBody<T>& body,
                       const math::RigidTransform<T>& X_PB) const;
  void SetFreeBodyPose(const systems::Context<T>& context,
                       systems::State<T>* state, const RigidBody<T>& body,
                       const math::RigidTransform<T>& X_PB) const;
  void SetFreeBodySpatialVelocity(systems::Context<T>* context,
                                  const RigidBody<T>& body,
                                  const SpatialVelocity<T>& V_PB) const;
  void SetFreeBodySpatialVelocity(const systems::Context<T>& context,
                                  systems::State<T>* state,
                                  const RigidBody<T>& body,
                                  const SpatialVelocity<T>& V_PB) const;
  /// Sets the free body's pose so that its pose in the world is X_WB
  /// (X_PB = X_WP⁻¹·X_WB with the parent frame fixed in the world).
  void SetFreeBodyPoseInWorldFrame(systems::Context<T>* context,
                                   const RigidBody<T>& body,
                                   const math::RigidTransform<T>& X_WB) const;
  /// Sets the free body's pose so that its pose in frame F is X_FB. Throws
  /// also if F is not anchored (welded to the world through welds only).
  void SetFreeBodyPoseInAnchoredFrame(
      systems::Context<T>* context, const Frame<T>& frame_F,
      const RigidBody<T>& body, const math::RigidTransform<T>& X_FB) const;
  /// The default pose used by SetDefaultState() when `body` is (or will be,
  /// after Finalize()) a free body; otherwise only echoed back by
  /// GetDefaultFreeBodyPose(). Valid at any time.
  void SetDefaultFreeBodyPose(const RigidBody<T>& body,
                              const math::RigidTransform<double>& X_PB);
  /// The pose set by SetDefaultFreeBodyPose(); for a free body without one,
  /// its joint's default pose; otherwise the identity.
  math::RigidTransform<double> GetDefaultFreeBodyPose(
      const RigidBody<T>& body) const;
  /// @}

  /// @name Random distributions of free bodies
  /// The distributions SetRandomState() / SetRandomContext() sample a free
  /// body's pose from: expressions of random variables, given to the
  /// body's floating joint (see Joint's "Random positions"). Each throws
  /// std::logic_error before Finalize() (the joint of a body without an
  /// inboard joint is made there) or if `body` is not a free body of this
  /// plant.
  /// @{
  /// The distribution of p_PB (m), for either kind of floating joint.
  void SetFreeBodyRandomTranslationDistribution(
      const RigidBody<T>& body, const Vector3<symbolic::Expression>& position);
  /// The distribution of the quaternion of R_PB. Throws also if the body's
  /// joint is an RpyFloatingJoint (use SetFreeBodyRandomAnglesDistribution).
  void SetFreeBodyRandomRotationDistribution(
      const RigidBody<T>& body,
      const Eigen::Quaternion<symbolic::Expression>& rotation);
  /// Uniformly distributed rotations (QuaternionFloatingJoint::
  /// set_random_quaternion_distribution_to_uniform()); throws as
  /// SetFreeBodyRandomRotationDistribution().
  void SetFreeBodyRandomRotationDistributionToUniform(const RigidBody<T>& body);
  /// The distribution of the roll-pitch-yaw angles of R_PB. Throws also if
  /// the body's joint is a QuaternionFloatingJoint (use
  /// SetFreeBodyRandomRotationDistribution).
  void SetFreeBodyRandomAnglesDistribution(
      const RigidBody<T>& body,
      const math::RollPitchYaw<symbolic::Expression>& angles);
  /// @}

  /// @name Per-instance arrays (after Finalize())
  /// An instance array holds the instance's entries in the order of the
  /// whole-model array. Each throws std::logic_error on a wrong size, a
  /// null output or an invalid instance.
  /// @{
  VectorX<T> GetPositionsFromArray(ModelInstanceIndex model_instance,
                                   const Eigen::Ref<const VectorX<T>>& q) const;
  void GetPositionsFromArray(ModelInstanceIndex model_instance,
                             const Eigen::Ref<const VectorX<T>>& q,
                             EigenPtr<VectorX<T>> q_out) const;
  void SetPositionsInArray(ModelInstanceIndex model_instance,
                           const Eigen::Ref<const VectorX<T>>& q_instance,
                           EigenPtr<VectorX<T>> q) const;
  VectorX<T> GetVelocitiesFromArray(
      ModelInstanceIndex model_instance,
      const Eigen::Ref<const VectorX<T>>& v) const;
  void GetVelocitiesFromArray(ModelInstanceIndex model_instance,
                              const Eigen::Ref<const VectorX<T>>& v,
                              EigenPtr<VectorX<T>> v_out) const;
  void SetVelocitiesInArray(ModelInstanceIndex model_instance,
                            const Eigen::Ref<const VectorX<T>>& v_instance,
                            EigenPtr<VectorX<T>> v) const;
  /// u entries of the instance's actuators (ordered by JointActuatorIndex)
  /// from / into the model's u (size num_actuated_dofs()).
  VectorX<T> GetActuationFromArray(ModelInstanceIndex model_instance,
                                   const Eigen::Ref<const VectorX<T>>& u) const;
  void SetActuationInArray(ModelInstanceIndex model_instance,
                           const Eigen::Ref<const VectorX<T>>& u_instance,
                           EigenPtr<VectorX<T>> u) const;
  /// @}

  /// @name Names of the coordinates (after Finalize())
  /// Position names are "{instance}_{joint}_{suffix}" (suffixes from
  /// Joint::position_suffix, e.g. "q", "x", "qw"); the instance prefix is
  /// optional and, when always_add_suffix is false, the suffix is kept only
  /// for joints with more than one coordinate. Velocity names likewise;
  /// state names are the position names then the velocity names; actuator
  /// names are "{instance}_{actuator}". Entries follow q, v, x and u.
  /// @{
  std::vector<std::string> GetPositionNames(
      bool add_model_instance_prefix = true,
      bool always_add_suffix = true) const;
  std::vector<std::string> GetPositionNames(
      ModelInstanceIndex model_instance, bool add_model_instance_prefix = false,
      bool always_add_suffix = true) const;
  std::vector<std::string> GetVelocityNames(
      bool add_model_instance_prefix = true,
      bool always_add_suffix = true) const;
  std::vector<std::string> GetVelocityNames(
      ModelInstanceIndex model_instance, bool add_model_instance_prefix = false,
      bool always_add_suffix = true) const;
  std::vector<std::string> GetStateNames(
      bool add_model_instance_prefix = true) const;
  std::vector<std::string> GetStateNames(
      ModelInstanceIndex model_instance,
      bool add_model_instance_prefix = false) const;
  std::vector<std::string> GetActuatorNames(
      bool add_model_instance_prefix = true) const;
  std::vector<std::string> GetActuatorNames(
      ModelInstanceIndex model_instance,
      bool add_model_instance_prefix = false) const;
  /// @}

  /// @name Limits (after Finalize())
  /// Per coordinate of q (position) or v (velocity, acceleration), from the
  /// joints (±∞ where unbounded); effort limits per actuator, ordered by
  /// JointActuatorIndex: ∓effort_limit().
  /// @{
  VectorX<double> GetPositionLowerLimits() const;
  VectorX<double> GetPositionUpperLimits() const;
  VectorX<double> GetVelocityLowerLimits() const;
  VectorX<double> GetVelocityUpperLimits() const;
  VectorX<double> GetAccelerationLowerLimits() const;
  VectorX<double> GetAccelerationUpperLimits() const;
  VectorX<double> GetEffortLowerLimits() const;
  VectorX<double> GetEffortUpperLimits() const;
  /// @}

  /// @name Topology
  /// @{
  /// True if the path from `body` to the world has only welds. Throws
  /// before Finalize() or if `body` is not in this plant.
  bool IsAnchored(const RigidBody<T>& body) const;
  /// The bodies rigidly affixed to `body` (it included; for the world, the
  /// bodies welded to it), sorted by index. Throws if `body` is not in this
  /// plant.
  std::vector<const RigidBody<T>*> GetBodiesWeldedTo(
      const RigidBody<T>& body) const;
  /// The bodies outboard of any of the given joints (their child sides),
  /// sorted by index. Throws before Finalize(), for an invalid index or for
  /// a weld joint.
  std::vector<BodyIndex> GetBodiesKinematicallyAffectedBy(
      const std::vector<JointIndex>& joint_indexes) const;
  /// The bodies whose inboard joint is a 6-dof floating joint to the world.
  std::unordered_set<BodyIndex> GetFloatingBaseBodies() const;
  /// True if `model_instance` has exactly one base body (a body whose
  /// inboard body is the world) and it is free. Throws before Finalize() or
  /// for an invalid instance.
  bool HasUniqueFreeBaseBody(ModelInstanceIndex model_instance) const;
  /// That body; throws if HasUniqueFreeBaseBody() is false.
  const RigidBody<T>& GetUniqueFreeBaseBodyOrThrow(
      ModelInstanceIndex model_instance) const;
  /// A Graphviz "digraph" of the bodies (grouped by model instance) and the
  /// joints (edges child → parent, labelled "name [type]"). Valid at any
  /// time.
  std::string GetTopologyGraphvizString() const;
  /// @}

  /// @name Geometry (multibody_plant_geometry.cc)
  /// The plant registers its bodies' frames and geometry with one SceneGraph
  /// (RegisterAsSourceForSceneGraph(), or AddMultibodyPlantSceneGraph()
  /// which also connects the ports). Every body, the world included, gets a
  /// SceneGraph frame F ≡ B as soon as the plant is a source; the world's is
  /// SceneGraph's world frame, so its geometry is anchored. SceneGraph names
  /// are scoped "instance::name" except in the world and default model
  /// instances; the frame group is the model instance index. At Finalize()
  /// the default collision filters apply: geometry of bodies welded together
  /// (the world's group included) never collides, nor (with
  /// get_adjacent_bodies_collision_filters()) that of two bodies joined by a
  /// joint other than a 6-dof floating one, unless one is the world.
  /// Registration is pre-finalize only; the lookups work at any time.
  /// @{
  /// Registers this plant (named get_name()) as a source of `scene_graph`
  /// and registers the frames of the bodies that exist.
  /// @throws std::logic_error after Finalize(), if `scene_graph` is null, or
  /// if the plant is registered already.
  geometry::SourceId RegisterAsSourceForSceneGraph(
      geometry::SceneGraph<T>* scene_graph);
  std::optional<geometry::SourceId> get_source_id() const { return source_id_; }
  bool geometry_source_is_registered() const { return source_id_.has_value(); }
  /// (Internal use only) The SceneGraph this plant registers with; throws
  /// after Finalize() or if there is none.
  geometry::SceneGraph<T>* GetMutableSceneGraphPreFinalize();

  /// Registers `shape` at X_BG on `body` with the proximity role and
  /// `properties` (contact uses ("material", "coulomb_friction"), a
  /// CoulombFriction<double>).
  /// @throws std::logic_error after Finalize(), without a SceneGraph, or if
  /// `body` is not in this plant; SceneGraph's errors for a bad shape, pose
  /// or name (e.g. a proximity geometry of that name on the body).
  geometry::GeometryId RegisterCollisionGeometry(
      const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
      const geometry::Shape& shape, const std::string& name,
      geometry::ProximityProperties properties);
  /// The same with the friction as the only property.
  geometry::GeometryId RegisterCollisionGeometry(
      const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
      const geometry::Shape& shape, const std::string& name,
      const CoulombFriction<double>& coulomb_friction);
  /// Registers `shape` at X_BG on `body` with the illustration role and
  /// `properties`, and the perception role with the same properties plus
  /// ("label", "id") = the body index. Throws as RegisterCollisionGeometry().
  geometry::GeometryId RegisterVisualGeometry(
      const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
      const geometry::Shape& shape, const std::string& name,
      const geometry::IllustrationProperties& properties);
  /// The same with ("phong", "diffuse") = diffuse_color (RGBA in [0, 1]).
  geometry::GeometryId RegisterVisualGeometry(
      const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
      const geometry::Shape& shape, const std::string& name,
      const Vector4<double>& diffuse_color);
  /// The same with empty properties (the viewer's defaults).
  geometry::GeometryId RegisterVisualGeometry(
      const RigidBody<T>& body, const math::RigidTransform<double>& X_BG,
      const geometry::Shape& shape, const std::string& name);
  /// Registers `geometry_instance` (pose in B) with the roles it carries,
  /// which must include illustration or perception.
  geometry::GeometryId RegisterVisualGeometry(
      const RigidBody<T>& body,
      std::unique_ptr<geometry::GeometryInstance> geometry_instance);

  /// The ids registered on `body` by RegisterCollisionGeometry() (resp.
  /// RegisterVisualGeometry()), in registration order.
  const std::vector<geometry::GeometryId>& GetCollisionGeometriesForBody(
      const RigidBody<T>& body) const;
  const std::vector<geometry::GeometryId>& GetVisualGeometriesForBody(
      const RigidBody<T>& body) const;
  int num_collision_geometries() const;
  int num_visual_geometries() const;
  /// The frames of `bodies` as a GeometrySet (for CollisionFilterDeclaration:
  /// every geometry on those bodies). Throws without a SceneGraph.
  geometry::GeometrySet CollectRegisteredGeometries(
      const std::vector<const RigidBody<T>*>& bodies) const;
  /// Excludes collisions between the two groups' geometries (within the
  /// group if both have the same name). Pre-finalize, with a SceneGraph.
  void ExcludeCollisionGeometriesWithCollisionFilterGroupPair(
      const std::pair<std::string, geometry::GeometrySet>&
          collision_filter_group_a,
      const std::pair<std::string, geometry::GeometrySet>&
          collision_filter_group_b);
  /// The body of SceneGraph frame `frame_id`, nullptr if none.
  const RigidBody<T>* GetBodyFromFrameId(geometry::FrameId frame_id) const;
  std::optional<geometry::FrameId> GetBodyFrameIdIfExists(
      BodyIndex body_index) const;
  /// @throws std::logic_error for an index out of range or a body without a
  /// SceneGraph frame.
  geometry::FrameId GetBodyFrameIdOrThrow(BodyIndex body_index) const;
  /// (Internal) The body a geometry registered through this plant is on.
  std::optional<BodyIndex> GetBodyIndexFromGeometryId(
      geometry::GeometryId geometry_id) const;
  /// The SceneGraph's inspector through the "geometry_query" input port.
  /// @throws std::logic_error if the port is not connected.
  const geometry::SceneGraphInspector<T>& EvalSceneGraphInspector(
      const systems::Context<T>& context) const;
  /// @}

  /// @name Ports
  /// Declared at Finalize() (the geometry ports at construction); each
  /// getter throws std::logic_error before Finalize() and, for the
  /// per-instance overloads, for an invalid instance.
  ///
  /// Inputs: "actuation" (u, size num_actuated_dofs(), entry
  /// JointActuator::input_start() per actuator) and "{instance}_actuation"
  /// (the instance's actuators, ordered by JointActuatorIndex): all are
  /// summed and an unconnected one counts as zero; "{instance}_desired_state"
  /// ([qd; vd] of the instance's PD-controlled actuators, used by the
  /// discrete PD controllers); "applied_generalized_force" (size
  /// num_velocities(), added to τ; unconnected is zero);
  /// "applied_spatial_force" (std::vector<ExternallyAppliedSpatialForce<T>>);
  /// "geometry_query" (a geometry::QueryObject<T> from the SceneGraph the
  /// plant registered with). A NaN in an input
  /// throws std::logic_error when the dynamics is evaluated.
  ///
  /// Outputs: "state" x = [q; v] and "{instance}_state"; "body_poses"
  /// (std::vector<math::RigidTransform<T>> X_WB by BodyIndex),
  /// "body_spatial_velocities" (std::vector<SpatialVelocity<T>> V_WB_W),
  /// "body_spatial_accelerations" (std::vector<SpatialAcceleration<T>>
  /// A_WB_W); "generalized_acceleration" v̇ and
  /// "{instance}_generalized_acceleration"; "net_actuation" and
  /// "{instance}_net_actuation"; "reaction_forces"
  /// (std::vector<SpatialForce<T>> F_CJc_Jc by JointIndex); "geometry_pose"
  /// (a geometry::FramePoseVector<T>: X_WB of every body's SceneGraph frame
  /// but the world's; empty without a SceneGraph). The dynamic ones
  /// (accelerations, net actuation, reaction forces) of a discrete plant with
  /// sampled output ports report the last step (see
  /// has_sampled_output_ports()).
  /// @{
  const systems::InputPort<T>& get_actuation_input_port() const;
  const systems::InputPort<T>& get_actuation_input_port(
      ModelInstanceIndex model_instance) const;
  const systems::InputPort<T>& get_desired_state_input_port(
      ModelInstanceIndex model_instance) const;
  const systems::InputPort<T>& get_applied_generalized_force_input_port() const;
  const systems::InputPort<T>& get_applied_spatial_force_input_port() const;
  const systems::InputPort<T>& get_geometry_query_input_port() const;
  const systems::OutputPort<T>& get_state_output_port() const;
  const systems::OutputPort<T>& get_state_output_port(
      ModelInstanceIndex model_instance) const;
  const systems::OutputPort<T>& get_generalized_acceleration_output_port()
      const;
  const systems::OutputPort<T>& get_generalized_acceleration_output_port(
      ModelInstanceIndex model_instance) const;
  const systems::OutputPort<T>& get_net_actuation_output_port() const;
  const systems::OutputPort<T>& get_net_actuation_output_port(
      ModelInstanceIndex model_instance) const;
  const systems::OutputPort<T>& get_reaction_forces_output_port() const;
  const systems::OutputPort<T>& get_body_poses_output_port() const;
  const systems::OutputPort<T>& get_body_spatial_velocities_output_port() const;
  const systems::OutputPort<T>& get_body_spatial_accelerations_output_port()
      const;
  const systems::OutputPort<T>& get_geometry_pose_output_port() const;
  /// The plant's contacts (a ContactResults<T>) in the Context's state: the
  /// compliant point contacts of a continuous plant (point_contact.h), or
  /// those of a discrete plant's step (the last step with sampled output
  /// ports, empty before it; discrete_step_solver.h); docs/contact.md.
  const systems::OutputPort<T>& get_contact_results_output_port() const;
  /// The generalized forces of contact on the velocities of
  /// `model_instance` (size num_velocities(model_instance)): the instance's
  /// entries of τ_c = Σ_B J_WBᵀ·F_c_Bo_W over the bodies' contact forces
  /// (for a discrete plant, the step's Σ Jᵀ·γ/h, sampled as the contact
  /// results). Throws for an invalid instance.
  const systems::OutputPort<T>& get_generalized_contact_forces_output_port(
      ModelInstanceIndex model_instance) const;
  /// @}

  /// @name q̇ ↔ v (after Finalize())
  /// q̇ = N(q)·v and v = N⁺(q)·q̇ with q from `context`, for continuous and
  /// discrete plants. Throw std::logic_error on wrong sizes or a null
  /// output.
  /// @{
  using systems::System<T>::MapVelocityToQDot;
  using systems::System<T>::MapQDotToVelocity;
  void MapVelocityToQDot(const systems::Context<T>& context,
                         const Eigen::Ref<const VectorX<T>>& v,
                         EigenPtr<VectorX<T>> qdot) const;
  void MapQDotToVelocity(const systems::Context<T>& context,
                         const Eigen::Ref<const VectorX<T>>& qdot,
                         EigenPtr<VectorX<T>> v) const;
  /// @}

  /// @name Force elements and gravity
  /// @{
  /// Adds a force element (before Finalize() only; the uniform gravity
  /// field always exists: see gravity_field()).
  template <template <typename> class ForceElementType>
  const ForceElementType<T>& AddForceElement(
      std::unique_ptr<ForceElementType<T>> force_element) {
    return mutable_tree_for("AddForceElement")
        .AddForceElement(std::move(force_element));
  }
  template <template <typename> class ForceElementType, typename... Args>
  const ForceElementType<T>& AddForceElement(Args&&... args) {
    return mutable_tree_for("AddForceElement")
        .template AddForceElement<ForceElementType>(
            std::forward<Args>(args)...);
  }
  int num_force_elements() const { return this->tree().num_force_elements(); }
  const ForceElement<T>& get_force_element(ForceElementIndex index) const {
    return this->tree().get_force_element(index);
  }
  template <template <typename> class ForceElementType = ForceElement>
  const ForceElementType<T>& GetForceElement(ForceElementIndex index) const {
    return this->tree().template GetForceElement<ForceElementType>(index);
  }
  /// The uniform gravity field (default g_W = [0, 0, −9.81] m/s²).
  const UniformGravityFieldElement<T>& gravity_field() const {
    return this->tree().gravity_field();
  }
  UniformGravityFieldElement<T>& mutable_gravity_field() {
    return internal_mutable_tree().mutable_gravity_field();
  }
  /// Enables or disables gravity on the bodies of `model_instance`. Throws
  /// std::logic_error after Finalize() or for an invalid instance.
  void set_gravity_enabled(ModelInstanceIndex model_instance, bool is_enabled);
  /// Throws std::logic_error for an invalid instance.
  bool is_gravity_enabled(ModelInstanceIndex model_instance) const;
  /// @}

  /// @name Dynamics (after Finalize())
  /// Forwarded to the tree (MultibodyTree documents each; same checks).
  /// @{
  VectorX<T> CalcInverseDynamics(
      const systems::Context<T>& context, const VectorX<T>& known_vdot,
      const MultibodyForces<T>& external_forces) const {
    return this->tree().CalcInverseDynamics(context, known_vdot,
                                            external_forces);
  }
  void CalcMassMatrix(const systems::Context<T>& context,
                      EigenPtr<MatrixX<T>> M) const {
    this->tree().CalcMassMatrix(context, M);
  }
  void CalcMassMatrixViaInverseDynamics(const systems::Context<T>& context,
                                        EigenPtr<MatrixX<T>> M) const {
    this->tree().CalcMassMatrixViaInverseDynamics(context, M);
  }
  void CalcBiasTerm(const systems::Context<T>& context,
                    EigenPtr<VectorX<T>> Cv) const {
    this->tree().CalcBiasTerm(context, Cv);
  }
  VectorX<T> CalcGravityGeneralizedForces(
      const systems::Context<T>& context) const {
    return this->tree().CalcGravityGeneralizedForces(context);
  }
  void CalcForceElementsContribution(const systems::Context<T>& context,
                                     MultibodyForces<T>* forces) const {
    this->tree().CalcForceElementsContribution(context, forces);
  }
  void CalcGeneralizedForces(const systems::Context<T>& context,
                             const MultibodyForces<T>& forces,
                             VectorX<T>* generalized_forces) const {
    this->tree().CalcGeneralizedForces(context, forces, generalized_forces);
  }
  /// @}

  /// @name Kinematics, mass properties and selectors (after Finalize())
  /// Forwarded to the tree (MultibodyTree), which documents each; the same
  /// checks and exceptions apply (context of another system, frames or
  /// bodies of another model, wrong sizes). Body accelerations use the
  /// plant's forward dynamics.
  /// @{
  const math::RigidTransform<T>& EvalBodyPoseInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const {
    return this->tree().EvalBodyPoseInWorld(context, body_B);
  }
  const SpatialVelocity<T>& EvalBodySpatialVelocityInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const {
    return this->tree().EvalBodySpatialVelocityInWorld(context, body_B);
  }
  const SpatialAcceleration<T>& EvalBodySpatialAccelerationInWorld(
      const systems::Context<T>& context, const RigidBody<T>& body_B) const {
    return this->tree().EvalBodySpatialAccelerationInWorld(context, body_B);
  }
  void CalcSpatialAccelerationsFromVdot(
      const systems::Context<T>& context, const VectorX<T>& known_vdot,
      std::vector<SpatialAcceleration<T>>* A_WB_array) const {
    this->tree().CalcSpatialAccelerationsFromVdot(context, known_vdot,
                                                  A_WB_array);
  }
  math::RigidTransform<T> CalcRelativeTransform(
      const systems::Context<T>& context, const Frame<T>& frame_A,
      const Frame<T>& frame_B) const {
    return this->tree().CalcRelativeTransform(context, frame_A, frame_B);
  }
  math::RotationMatrix<T> CalcRelativeRotationMatrix(
      const systems::Context<T>& context, const Frame<T>& frame_A,
      const Frame<T>& frame_B) const {
    return this->tree().CalcRelativeRotationMatrix(context, frame_A, frame_B);
  }
  void CalcPointsPositions(const systems::Context<T>& context,
                           const Frame<T>& frame_B,
                           const Eigen::Ref<const MatrixX<T>>& p_BQi,
                           const Frame<T>& frame_A,
                           EigenPtr<MatrixX<T>> p_AQi) const {
    this->tree().CalcPointsPositions(context, frame_B, p_BQi, frame_A, p_AQi);
  }
  void CalcJacobianSpatialVelocity(const systems::Context<T>& context,
                                   JacobianWrtVariable with_respect_to,
                                   const Frame<T>& frame_B,
                                   const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
                                   const Frame<T>& frame_A,
                                   const Frame<T>& frame_E,
                                   EigenPtr<MatrixX<T>> Js_V_ABp_E) const {
    this->tree().CalcJacobianSpatialVelocity(context, with_respect_to, frame_B,
                                             p_BoBp_B, frame_A, frame_E,
                                             Js_V_ABp_E);
  }
  void CalcJacobianAngularVelocity(const systems::Context<T>& context,
                                   JacobianWrtVariable with_respect_to,
                                   const Frame<T>& frame_B,
                                   const Frame<T>& frame_A,
                                   const Frame<T>& frame_E,
                                   EigenPtr<Matrix3X<T>> Js_w_AB_E) const {
    this->tree().CalcJacobianAngularVelocity(context, with_respect_to, frame_B,
                                             frame_A, frame_E, Js_w_AB_E);
  }
  void CalcJacobianTranslationalVelocity(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E,
      EigenPtr<MatrixX<T>> Js_v_ABi_E) const {
    this->tree().CalcJacobianTranslationalVelocity(context, with_respect_to,
                                                   frame_B, p_BoBi_B, frame_A,
                                                   frame_E, Js_v_ABi_E);
  }
  void CalcJacobianPositionVector(const systems::Context<T>& context,
                                  const Frame<T>& frame_B,
                                  const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
                                  const Frame<T>& frame_A,
                                  const Frame<T>& frame_E,
                                  EigenPtr<MatrixX<T>> Jq_p_AoBi_E) const {
    this->tree().CalcJacobianPositionVector(context, frame_B, p_BoBi_B, frame_A,
                                            frame_E, Jq_p_AoBi_E);
  }
  void CalcJacobianCenterOfMassTranslationalVelocity(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_A, const Frame<T>& frame_E,
      EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const {
    this->tree().CalcJacobianCenterOfMassTranslationalVelocity(
        context, with_respect_to, frame_A, frame_E, Js_v_ACcm_E);
  }
  void CalcJacobianCenterOfMassTranslationalVelocity(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
      const Frame<T>& frame_E, EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const {
    this->tree().CalcJacobianCenterOfMassTranslationalVelocity(
        context, model_instances, with_respect_to, frame_A, frame_E,
        Js_v_ACcm_E);
  }
  SpatialAcceleration<T> CalcBiasSpatialAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const {
    return this->tree().CalcBiasSpatialAcceleration(
        context, with_respect_to, frame_B, p_BoBp_B, frame_A, frame_E);
  }
  Matrix3X<T> CalcBiasTranslationalAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const {
    return this->tree().CalcBiasTranslationalAcceleration(
        context, with_respect_to, frame_B, p_BoBi_B, frame_A, frame_E);
  }
  Vector3<T> CalcBiasCenterOfMassTranslationalAcceleration(
      const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
      const Frame<T>& frame_A, const Frame<T>& frame_E) const {
    return this->tree().CalcBiasCenterOfMassTranslationalAcceleration(
        context, with_respect_to, frame_A, frame_E);
  }
  Vector3<T> CalcBiasCenterOfMassTranslationalAcceleration(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
      const Frame<T>& frame_E) const {
    return this->tree().CalcBiasCenterOfMassTranslationalAcceleration(
        context, model_instances, with_respect_to, frame_A, frame_E);
  }
  Eigen::SparseMatrix<T> MakeVelocityToQDotMap(
      const systems::Context<T>& context) const {
    return this->tree().MakeVelocityToQDotMap(context);
  }
  Eigen::SparseMatrix<T> MakeQDotToVelocityMap(
      const systems::Context<T>& context) const {
    return this->tree().MakeQDotToVelocityMap(context);
  }
  bool IsVelocityEqualToQDot() const {
    return this->tree().IsVelocityEqualToQDot();
  }
  T CalcTotalMass(const systems::Context<T>& context) const {
    return this->tree().CalcTotalMass(context);
  }
  T CalcTotalMass(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const {
    return this->tree().CalcTotalMass(context, model_instances);
  }
  Vector3<T> CalcCenterOfMassPositionInWorld(
      const systems::Context<T>& context) const {
    return this->tree().CalcCenterOfMassPositionInWorld(context);
  }
  Vector3<T> CalcCenterOfMassPositionInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const {
    return this->tree().CalcCenterOfMassPositionInWorld(context,
                                                        model_instances);
  }
  Vector3<T> CalcCenterOfMassTranslationalVelocityInWorld(
      const systems::Context<T>& context) const {
    return this->tree().CalcCenterOfMassTranslationalVelocityInWorld(context);
  }
  Vector3<T> CalcCenterOfMassTranslationalVelocityInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const {
    return this->tree().CalcCenterOfMassTranslationalVelocityInWorld(
        context, model_instances);
  }
  Vector3<T> CalcCenterOfMassTranslationalAccelerationInWorld(
      const systems::Context<T>& context) const {
    return this->tree().CalcCenterOfMassTranslationalAccelerationInWorld(
        context);
  }
  Vector3<T> CalcCenterOfMassTranslationalAccelerationInWorld(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances) const {
    return this->tree().CalcCenterOfMassTranslationalAccelerationInWorld(
        context, model_instances);
  }
  SpatialInertia<T> CalcSpatialInertia(
      const systems::Context<T>& context, const Frame<T>& frame_F,
      const std::vector<BodyIndex>& body_indexes) const {
    return this->tree().CalcSpatialInertia(context, frame_F, body_indexes);
  }
  SpatialMomentum<T> CalcSpatialMomentumInWorldAboutPoint(
      const systems::Context<T>& context, const Vector3<T>& p_WoP_W) const {
    return this->tree().CalcSpatialMomentumInWorldAboutPoint(context, p_WoP_W);
  }
  SpatialMomentum<T> CalcSpatialMomentumInWorldAboutPoint(
      const systems::Context<T>& context,
      const std::vector<ModelInstanceIndex>& model_instances,
      const Vector3<T>& p_WoP_W) const {
    return this->tree().CalcSpatialMomentumInWorldAboutPoint(
        context, model_instances, p_WoP_W);
  }
  MatrixX<double> MakeStateSelectorMatrix(
      const std::vector<JointIndex>& user_to_joint_index_map) const {
    return this->tree().MakeStateSelectorMatrix(user_to_joint_index_map);
  }
  MatrixX<double> MakeActuatorSelectorMatrix(
      const std::vector<JointActuatorIndex>& user_to_actuator_index_map) const {
    return this->tree().MakeActuatorSelectorMatrix(user_to_actuator_index_map);
  }
  MatrixX<double> MakeActuatorSelectorMatrix(
      const std::vector<JointIndex>& user_to_joint_index_map) const {
    return this->tree().MakeActuatorSelectorMatrix(user_to_joint_index_map);
  }
  MatrixX<T> MakeActuationMatrix() const {
    return this->tree().MakeActuationMatrix();
  }
  Eigen::SparseMatrix<double> MakeActuationMatrixPseudoinverse() const {
    return this->tree().MakeActuationMatrixPseudoinverse();
  }
  /// @}

  /// @name Output-port sampling (discrete plants)
  /// @{
  /// Before Finalize(): whether a discrete plant's dynamic output ports
  /// report the sampled x[n] (true, the default) or are computed live from
  /// the Context. Throws after Finalize(), and for `true` on a continuous
  /// plant.
  void SetUseSampledOutputPorts(bool use_sampled_output_ports);
  /// True iff discrete and sampled output ports were kept (the default).
  bool has_sampled_output_ports() const {
    return is_discrete() && use_sampled_output_ports_;
  }
  /// @}

  /// @name Time stepping and contact settings (see MultibodyPlantConfig)
  /// Defined in discrete_plant_settings.cc. Defaults are those of
  /// MultibodyPlantConfig{}. The contact model, penetration allowance and
  /// stiction tolerance act on the point contact of continuous plants
  /// (docs/contact.md); discrete plants do not compute contact yet.
  /// @{
  /// The approximation of the discrete step (default kLagged); throws if
  /// the plant is continuous or after Finalize(). Also sets the solver.
  void set_discrete_contact_approximation(
      DiscreteContactApproximation approximation);
  DiscreteContactApproximation get_discrete_contact_approximation() const {
    return discrete_contact_approximation_;
  }
  /// (Deprecated) kTamsi selects DiscreteContactApproximation::kTamsi, kSap
  /// selects kSap. Throws after Finalize().
  void set_discrete_contact_solver(DiscreteContactSolver contact_solver);
  DiscreteContactSolver get_discrete_contact_solver() const;
  /// Throws unless penetration_allowance > 0 (m). Sets the point-contact
  /// parameters estimated from it (internal::PenaltyMethodContactParameters:
  /// the fallback, behind the SceneGraph defaults, for a geometry without
  /// its own stiffness and dissipation; docs/contact.md); may be called
  /// after Finalize().
  void set_penetration_allowance(double penetration_allowance = 0.001);
  double get_penetration_allowance() const { return penetration_allowance_; }
  /// The time scale 1/ω = √(δ/g) of the penetration-allowance estimate (s),
  /// −1 for a plant without collision geometry (as the reference).
  double get_contact_penalty_method_time_scale() const {
    return penalty_parameters_.time_scale;
  }
  /// The stiction tolerance vₜₒₗ of the regularized friction of continuous
  /// point contact (see internal::StribeckFrictionCoefficient()). Throws
  /// unless v_stiction > 0 (m/s); may be called after Finalize().
  void set_stiction_tolerance(double v_stiction = 1.0e-4);
  double stiction_tolerance() const { return stiction_tolerance_; }
  /// Throws if negative or after Finalize().
  void set_sap_near_rigid_threshold(double near_rigid_threshold = 1.0);
  double get_sap_near_rigid_threshold() const {
    return sap_near_rigid_threshold_;
  }
  /// Throws after Finalize().
  void set_contact_model(ContactModel model);
  ContactModel get_contact_model() const { return contact_model_; }
  /// Throws after Finalize().
  void set_contact_surface_representation(
      geometry::HydroelasticContactRepresentation representation);
  geometry::HydroelasticContactRepresentation
  get_contact_surface_representation() const {
    return contact_surface_representation_;
  }
  /// Throws after Finalize().
  void set_adjacent_bodies_collision_filters(bool value);
  bool get_adjacent_bodies_collision_filters() const {
    return adjacent_bodies_collision_filters_;
  }
  /// @}

  /// @name Constraints (multibody_plant_constraints.cc)
  /// Coupler, distance, ball and weld constraints, imposed by the discrete
  /// solvers of the SAP family (kSap, kSimilar, kLagged); see
  /// docs/constraints.md. Each Add*Constraint() (before Finalize() only)
  /// returns a new MultibodyConstraintId and throws std::logic_error after
  /// Finalize(), for a TAMSI plant, for elements of another plant or for
  /// invalid parameters. A continuous plant accepts constraints but its
  /// dynamics (time derivatives, accelerations) throw while it has any.
  /// Each constraint's active status (default true) is a parameter of the
  /// Context: an inactive constraint is not imposed.
  /// @{
  /// q₀ = ρ·q₁ + Δq between the single-dof joints joint0 (q₀) and joint1
  /// (q₁), with ρ = gear_ratio and Δq = offset.
  MultibodyConstraintId AddCouplerConstraint(const Joint<T>& joint0,
                                             const Joint<T>& joint1,
                                             double gear_ratio,
                                             double offset = 0.0);
  /// ‖p_PQ‖ = distance (> 0, m) between P (p_AP in A) and Q (p_BQ in B):
  /// a rigid rod for stiffness = ∞, else a spring of that stiffness (> 0,
  /// N/m) and damping (≥ 0, N·s/m). Throws if body_A is body_B.
  MultibodyConstraintId AddDistanceConstraint(
      const RigidBody<T>& body_A, const Vector3<double>& p_AP,
      const RigidBody<T>& body_B, const Vector3<double>& p_BQ, double distance,
      double stiffness = std::numeric_limits<double>::infinity(),
      double damping = 0.0);
  /// P (p_AP in A) and Q (p_BQ in B) coincide. Without p_BQ, Finalize()
  /// picks the Q that coincides with P at the default configuration. Throws
  /// if body_A is body_B.
  MultibodyConstraintId AddBallConstraint(
      const RigidBody<T>& body_A, const Vector3<double>& p_AP,
      const RigidBody<T>& body_B,
      const std::optional<Vector3<double>>& p_BQ = std::nullopt);
  /// Frames P (X_AP in A) and Q (X_BQ in B) coincide. Throws if body_A is
  /// body_B.
  MultibodyConstraintId AddWeldConstraint(
      const RigidBody<T>& body_A, const math::RigidTransform<double>& X_AP,
      const RigidBody<T>& body_B, const math::RigidTransform<double>& X_BQ);
  /// Removes constraint `id` (before Finalize() only); throws if no
  /// constraint of this plant has that id.
  void RemoveConstraint(MultibodyConstraintId id);
  int num_constraints() const;
  int num_coupler_constraints() const {
    return static_cast<int>(coupler_constraints_specs_.size());
  }
  int num_distance_constraints() const {
    return static_cast<int>(distance_constraints_specs_.size());
  }
  int num_ball_constraints() const {
    return static_cast<int>(ball_constraints_specs_.size());
  }
  int num_weld_constraints() const {
    return static_cast<int>(weld_constraints_specs_.size());
  }
  /// The ids of every constraint: couplers, then distance, ball and weld
  /// constraints, each kind in increasing id order (invalidated by
  /// Add*Constraint() and RemoveConstraint()).
  std::vector<MultibodyConstraintId> GetConstraintIds() const;
  /// (Internal use only) The specification of constraint `id`; throws if
  /// `id` is not a constraint of that kind.
  const internal::CouplerConstraintSpec& get_coupler_constraint_specs(
      MultibodyConstraintId id) const;
  const internal::DistanceConstraintSpec& get_distance_constraint_specs(
      MultibodyConstraintId id) const;
  const internal::BallConstraintSpec& get_ball_constraint_specs(
      MultibodyConstraintId id) const;
  const internal::WeldConstraintSpec& get_weld_constraint_specs(
      MultibodyConstraintId id) const;
  /// (Internal use only) Every constraint of a kind, by id.
  const std::map<MultibodyConstraintId, internal::CouplerConstraintSpec>&
  get_coupler_constraint_specs() const {
    return coupler_constraints_specs_;
  }
  const std::map<MultibodyConstraintId, internal::DistanceConstraintSpec>&
  get_distance_constraint_specs() const {
    return distance_constraints_specs_;
  }
  const std::map<MultibodyConstraintId, internal::BallConstraintSpec>&
  get_ball_constraint_specs() const {
    return ball_constraints_specs_;
  }
  const std::map<MultibodyConstraintId, internal::WeldConstraintSpec>&
  get_weld_constraint_specs() const {
    return weld_constraints_specs_;
  }
  /// The active status of constraint `id` in `context`. Throws before
  /// Finalize(), for a Context of another system, or if `id` is not a
  /// constraint of this plant.
  bool GetConstraintActiveStatus(const systems::Context<T>& context,
                                 MultibodyConstraintId id) const;
  /// Sets it; throws as GetConstraintActiveStatus() and for a null context.
  void SetConstraintActiveStatus(systems::Context<T>* context,
                                 MultibodyConstraintId id, bool status) const;
  /// The distance constraints' parameters as AddDistanceConstraint() set
  /// them: the defaults of every Context.
  std::map<MultibodyConstraintId, DistanceConstraintParams>
  GetDefaultDistanceConstraintParams() const;
  /// The distance constraints' parameters in `context` (a Context
  /// parameter: SetDistanceConstraintParams() changes them for that Context
  /// only). Throws before Finalize() or for a Context of another system.
  const std::map<MultibodyConstraintId, DistanceConstraintParams>&
  GetDistanceConstraintParams(const systems::Context<T>& context) const;
  /// Those of constraint `id`; also throws if `id` is not a distance
  /// constraint of this plant.
  const DistanceConstraintParams& GetDistanceConstraintParams(
      const systems::Context<T>& context, MultibodyConstraintId id) const;
  /// Stores `params` for distance constraint `id` in `context`. Throws as
  /// GetDistanceConstraintParams(), for a null context, and if the bodies
  /// of `params` are not bodies of this plant.
  void SetDistanceConstraintParams(systems::Context<T>* context,
                                   MultibodyConstraintId id,
                                   DistanceConstraintParams params) const;
  /// @}

  /// (Internal use only) The discrete stepping of a finalized discrete
  /// plant, nullptr otherwise.
  const internal::DiscreteUpdateManager<T>* internal_discrete_update_manager()
      const {
    return discrete_update_manager_.get();
  }

  /// (Advanced) The tree that holds the model.
  const internal::MultibodyTree<T>& internal_tree() const {
    return this->tree();
  }

 private:
  friend class internal::DiscreteUpdateManager<T>;
  template <typename>
  friend class MultibodyPlant;

  // The second half of Finalize() (after the tree's): caches, discrete
  // update manager, ports and events. Also run by the scalar-converting
  // copy, whose tree arrives finalized.
  void FinalizePlantOnly();

  // The tree for a construction method named `method`; throws (naming it)
  // after Finalize().
  internal::MultibodyTree<T>& mutable_tree_for(const char* method);
  // The tree without the pre-finalize check, for setters that remain valid
  // after Finalize() (joint defaults and limits).
  internal::MultibodyTree<T>& internal_mutable_tree();
  void ThrowIfNotFinalized(const char* method) const;
  // The floating joint of free body `body` as the kind `kind` requires
  // (throws naming `method` and the setter to use instead otherwise).
  Joint<T>& FreeBodyJointOfKindOrThrow(const char* method,
                                       const RigidBody<T>& body,
                                       internal::MobilizerKind kind);
  void ThrowIfFinalized(const char* method) const;
  void ThrowIfInvalidInstance(const char* method,
                              ModelInstanceIndex model_instance) const;
  void ThrowIfNull(const char* method, const void* pointer,
                   const char* what) const;
  void CheckSize(const char* method, const char* what, int size,
                 int expected) const;
  // The whole-model vector `full` with `instance_values` written over the
  // coordinates of `model_instance` (positions or velocities).
  void WriteInstancePositions(const char* method,
                              ModelInstanceIndex model_instance,
                              const Eigen::Ref<const VectorX<T>>& values,
                              systems::State<T>* state) const;
  void WriteInstanceVelocities(const char* method,
                               ModelInstanceIndex model_instance,
                               const Eigen::Ref<const VectorX<T>>& values,
                               systems::State<T>* state) const;
  // [q; v] of `state` as a vector, continuous or discrete.
  systems::VectorBase<T>& mutable_state_vector(systems::State<T>* state) const;

  // Logs one warning at Finalize() of a continuous plant whose joints have
  // position limits (they are not enforced).
  void WarnIfJointLimitsIgnored() const;

  // Constraints (multibody_plant_constraints.cc).
  // Throws (naming `method`) unless Add*Constraint() may add a constraint:
  // before Finalize(), not TAMSI.
  void ThrowIfConstraintsNotAllowed(const char* method) const;
  // ThrowIfConstraintsNotAllowed(), then throws unless body_A and body_B
  // are distinct bodies of this plant and `finite` (the constraint's
  // parameters are finite); `kind` ("ball") and `entities` ("points P and
  // Q") word the message.
  void CheckConstraintBodies(const char* method, const char* kind,
                             const char* entities, const RigidBody<T>& body_A,
                             const RigidBody<T>& body_B, bool finite) const;
  // Sets the missing p_BQ of the ball constraints (at Finalize()).
  void CompleteBallConstraintSpecs();
  // Declares the active-status parameter (a map id → bool, all true).
  void DeclareConstraintParameters();
  // The active status of every constraint in `context`.
  const std::map<MultibodyConstraintId, bool>& GetConstraintActiveStatusMap(
      const systems::Context<T>& context) const;
  // Throws (naming `method`) if a constraint is active in `context` of a
  // TAMSI plant (the SAP family imposes constraints; TAMSI cannot).
  void ThrowIfActiveConstraintsInStep(const char* method,
                                      const systems::Context<T>& context) const;
  // Throws (naming `method`) if a continuous plant has constraints.
  void ThrowIfContinuousWithConstraints(const char* method) const;

  // Geometry (multibody_plant_geometry.cc).
  // Registers `body`'s SceneGraph frame if the plant is a source.
  void RegisterRigidBodyWithSceneGraph(const RigidBody<T>& body);
  // `name` scoped by body's model instance for SceneGraph (see @name
  // Geometry).
  std::string GeometryScopedName(const RigidBody<T>& body,
                                 const std::string& name) const;
  void ThrowIfNoSceneGraph(const char* method) const;
  // The checks of the Register*Geometry() methods, then the registration of
  // `instance` (its name scoped) on body's frame.
  geometry::GeometryId RegisterGeometryOnBody(
      const char* method, const RigidBody<T>& body,
      std::unique_ptr<geometry::GeometryInstance> instance);
  // (*by_body)[body], grown to hold it.
  static std::vector<geometry::GeometryId>& GrowToBody(
      std::vector<std::vector<geometry::GeometryId>>* by_body, BodyIndex body);
  void ApplyDefaultCollisionFilters();
  void CalcFramePoseOutput(const systems::Context<T>& context,
                           geometry::FramePoseVector<T>* poses) const;

  // Contact (multibody_plant_contact.cc).
  // Sets penalty_parameters_ from the penetration allowance (when the plant
  // has collision geometry).
  void EstimatePointContactParameters();
  // The contact results cache entry (empty unless continuous with
  // collision geometry).
  const ContactResults<T>& EvalContactResults(
      const systems::Context<T>& context) const;
  void CalcContactResults(const systems::Context<T>& context,
                          ContactResults<T>* results) const;
  // The penetration pairs of the geometry query with bodies and combined
  // materials (empty without collision geometry). Throws if the query port
  // is not connected, under kHydroelastic, or for a hydroelastic pair under
  // kHydroelasticWithFallback.
  std::vector<internal::PointContactPair<T>> CalcPointContactPairs(
      const systems::Context<T>& context) const;
  // The output port's copy of EvalContactResults().
  void CalcContactResultsOutput(const systems::Context<T>& context,
                                ContactResults<T>* results) const {
    *results = EvalContactResults(context);
  }
  // Adds the contact forces of EvalContactResults() to `forces`' body
  // forces (shifted to each body's origin): nothing unless
  // has_point_contact().
  void AddInContactForces(const systems::Context<T>& context,
                          MultibodyForces<T>* forces) const;
  // Adds the forces of `results` (f on B, −f on A at each contact point)
  // to `forces`' body forces, shifted to each body's origin at the
  // Context's q.
  void AddContactResultsForces(const systems::Context<T>& context,
                               const ContactResults<T>& results,
                               MultibodyForces<T>* forces) const;
  // τ_c of every velocity (zero without contact).
  void CalcGeneralizedContactForces(const systems::Context<T>& context,
                                    VectorX<T>* tau_contact) const;
  // Continuous with collision geometry: contact enters the dynamics (set
  // at Finalize(); collision geometry cannot be added after it).
  bool has_point_contact() const { return has_point_contact_; }

  // Ports (multibody_plant_ports.cc).
  void DeclareGeometryPorts();
  void DeclarePortsAtFinalize();
  void CalcBodyPosesOutput(const systems::Context<T>& context,
                           std::vector<math::RigidTransform<T>>* X_WB) const;
  void CalcBodySpatialVelocitiesOutput(
      const systems::Context<T>& context,
      std::vector<SpatialVelocity<T>>* V_WB) const;
  void CalcBodySpatialAccelerationsOutput(
      const systems::Context<T>& context,
      std::vector<SpatialAcceleration<T>>* A_WB) const;
  void CalcReactionForcesOutput(const systems::Context<T>& context,
                                std::vector<SpatialForce<T>>* F_CJc_Jc) const;
  const systems::InputPort<T>& input_port_or_throw(
      const char* method, systems::InputPortIndex index) const;
  const systems::OutputPort<T>& output_port_or_throw(
      const char* method, systems::OutputPortIndex index) const;

  // Dynamics (multibody_plant_dynamics.cc).
  // u: the sum of the actuation input ports (unconnected ones are zero).
  VectorX<T> AssembleActuationInput(const systems::Context<T>& context) const;
  // The same into `u` (resized only if needed, so no allocation when it is
  // already sized, unless per-instance actuation ports are connected).
  void AssembleActuationInput(const systems::Context<T>& context,
                              VectorX<T>* u) const;
  // The forces of actuation u and of the applied-force input ports.
  void CalcAppliedForces(const systems::Context<T>& context,
                         const VectorX<T>& u, MultibodyForces<T>* forces) const;
  // The same plus the force elements (gravity included) and joint damping.
  void CalcAllForces(const systems::Context<T>& context, const VectorX<T>& u,
                     MultibodyForces<T>* forces) const;
  // The generalized accelerations cache entry.
  const VectorX<T>& EvalForwardDynamics(
      const systems::Context<T>& context) const;
  // The live results of the dynamic output ports (a discrete plant's come
  // from its DiscreteUpdateManager).
  void CalcDynamicsOutputs(const systems::Context<T>& context,
                           internal::DynamicsOutputs<T>* outputs) const;
  // The same for accelerations `vdot` under actuation `u` and every force
  // on the plant, `forces` (u included).
  void CalcDynamicsOutputsFromForces(
      const systems::Context<T>& context, const VectorX<T>& vdot,
      const VectorX<T>& u, const MultibodyForces<T>& forces,
      internal::DynamicsOutputs<T>* outputs) const;
  // What the dynamic output ports report: live, or (discrete with sampled
  // ports) what the DiscreteUpdateManager sampled at the last step.
  const internal::DynamicsOutputs<T>& EvalDynamicsOutputs(
      const systems::Context<T>& context) const;
  // The live results (cached).
  const internal::DynamicsOutputs<T>& EvalLiveDynamicsOutputs(
      const systems::Context<T>& context) const;

  // Residual [q̇ₚ − N(q)·v; ID(v̇ₚ)] with every applied force: zero at the
  // true derivatives.
  void DoCalcImplicitTimeDerivativesResidual(
      const systems::Context<T>& context,
      const systems::ContinuousState<T>& proposed_derivatives,
      EigenPtr<VectorX<T>> residual) const override;
  void DoMapQDotToVelocity(const systems::Context<T>& context,
                           const Eigen::Ref<const VectorX<T>>& qdot,
                           systems::VectorBase<T>* v) const override;
  void DoMapVelocityToQDot(const systems::Context<T>& context,
                           const Eigen::Ref<const VectorX<T>>& v,
                           systems::VectorBase<T>* qdot) const override;

  // Energy and power of the force elements (gravity included) and bodies;
  // the non-conservative power includes joint damping.
  T DoCalcPotentialEnergy(const systems::Context<T>& context) const override;
  T DoCalcKineticEnergy(const systems::Context<T>& context) const override;
  T DoCalcConservativePower(const systems::Context<T>& context) const override;
  T DoCalcNonConservativePower(
      const systems::Context<T>& context) const override;

  // The forward dynamics v̇ for the tree's body accelerations.
  void DoCalcGeneralizedAccelerations(const systems::Context<T>& context,
                                      VectorX<T>* vdot) const override;

  // ẋ = [N(q)·v; v̇] with v̇ from CalcForwardDynamicsForStep().
  void DoCalcTimeDerivatives(
      const systems::Context<T>& context,
      systems::ContinuousState<T>* derivatives) const override;

  // v̇ from the articulated body algorithm for the state in `context` and
  // every force the plant applies (gravity, joint damping, ...), all
  // explicit. Used by the continuous dynamics.
  void CalcForwardDynamicsForStep(const systems::Context<T>& context,
                                  VectorX<T>* vdot) const;

  // The joints of `model_instance` (all if invalid) in the order of q.
  std::vector<const Joint<T>*> JointsInQOrder(
      std::optional<ModelInstanceIndex> model_instance) const;
  std::vector<std::string> MakeCoordinateNames(
      const char* method, std::optional<ModelInstanceIndex> model_instance,
      bool positions, bool add_model_instance_prefix,
      bool always_add_suffix) const;
  void ThrowIfNotInThisPlant(const char* method,
                             const RigidBody<T>& body) const;

  // The inboard floating joint of free body `body`; throws (naming
  // `method`) before Finalize(), if `body` is not in this plant or not free.
  const Joint<T>& FreeBodyJointOrThrow(const char* method,
                                       const RigidBody<T>& body) const;
  // Writes X_FM (V_FM_F) of the floating joint into `state`.
  void WriteFreeBodyPose(const Joint<T>& joint,
                         const math::RigidTransform<T>& X_FM,
                         systems::State<T>* state) const;
  // Applies the stored default free-body poses to the floating joints.
  void ApplyDefaultFreeBodyPoses();

  // The discrete update event handler: forwards to the manager.
  systems::EventStatus CalcDiscreteStep(
      const systems::Context<T>& context,
      systems::DiscreteValues<T>* next_state) const;
  // The unrestricted update event handler with sampled output ports (x and
  // the sample): forwards to the manager. In discrete_plant_settings.cc.
  systems::EventStatus CalcSampledDiscreteStep(
      const systems::Context<T>& context, systems::State<T>* state) const;

  double time_step_{0.0};
  // Port indices (invalid until declared).
  systems::InputPortIndex actuation_port_;
  systems::InputPortIndex applied_generalized_force_port_;
  systems::InputPortIndex applied_spatial_force_port_;
  systems::InputPortIndex geometry_query_port_;
  std::vector<systems::InputPortIndex> instance_actuation_ports_;
  std::vector<systems::InputPortIndex> instance_desired_state_ports_;
  systems::OutputPortIndex state_port_;
  systems::OutputPortIndex generalized_acceleration_port_;
  systems::OutputPortIndex net_actuation_port_;
  systems::OutputPortIndex reaction_forces_port_;
  systems::OutputPortIndex body_poses_port_;
  systems::OutputPortIndex body_spatial_velocities_port_;
  systems::OutputPortIndex body_spatial_accelerations_port_;
  systems::OutputPortIndex geometry_pose_port_;
  std::vector<systems::OutputPortIndex> instance_state_ports_;
  std::vector<systems::OutputPortIndex>
      instance_generalized_acceleration_ports_;
  std::vector<systems::OutputPortIndex> instance_net_actuation_ports_;
  systems::OutputPortIndex contact_results_port_;
  std::vector<systems::OutputPortIndex>
      instance_generalized_contact_forces_ports_;
  const systems::CacheEntry* contact_results_cache_{nullptr};
  // The penetration-allowance estimate (set at Finalize() and by
  // set_penetration_allowance() after it; −1 without collision geometry).
  internal::PenaltyMethodContactParameters penalty_parameters_;
  bool has_point_contact_{false};
  const systems::CacheEntry* forward_dynamics_cache_{nullptr};
  const systems::CacheEntry* dynamics_outputs_cache_{nullptr};
  // Default poses X_PB given to SetDefaultFreeBodyPose(), by body.
  std::map<BodyIndex, math::RigidTransform<double>> default_free_body_poses_;
  bool use_sampled_output_ports_{true};
  DiscreteContactApproximation discrete_contact_approximation_{
      DiscreteContactApproximation::kLagged};
  double penetration_allowance_{0.001};
  double stiction_tolerance_{1.0e-4};
  double sap_near_rigid_threshold_{1.0};
  ContactModel contact_model_{ContactModel::kHydroelasticWithFallback};
  geometry::HydroelasticContactRepresentation contact_surface_representation_{
      geometry::HydroelasticContactRepresentation::kPolygon};
  bool adjacent_bodies_collision_filters_{true};
  std::unique_ptr<internal::DiscreteUpdateManager<T>> discrete_update_manager_;

  // Constraints by id (copied by the scalar-converting copy) and the index
  // of their active-status parameter (−1 until Finalize()).
  std::map<MultibodyConstraintId, internal::CouplerConstraintSpec>
      coupler_constraints_specs_;
  std::map<MultibodyConstraintId, internal::DistanceConstraintSpec>
      distance_constraints_specs_;
  std::map<MultibodyConstraintId, internal::BallConstraintSpec>
      ball_constraints_specs_;
  std::map<MultibodyConstraintId, internal::WeldConstraintSpec>
      weld_constraints_specs_;
  int constraint_active_status_parameter_{-1};
  int distance_constraint_params_parameter_{-1};

  // Geometry registration (the scalar-converting copy keeps all of it but
  // the SceneGraph, which is used before Finalize() only).
  std::optional<geometry::SourceId> source_id_;
  geometry::SceneGraph<T>* scene_graph_{nullptr};
  // The SceneGraph frame of each body, by BodyIndex (empty without one).
  std::vector<geometry::FrameId> body_frame_ids_;
  std::unordered_map<geometry::FrameId, BodyIndex> frame_id_to_body_;
  std::unordered_map<geometry::GeometryId, BodyIndex> geometry_id_to_body_;
  // The ids of RegisterCollisionGeometry() / RegisterVisualGeometry() by
  // BodyIndex (as long as the last body with such geometry).
  std::vector<std::vector<geometry::GeometryId>> collision_geometries_;
  std::vector<std::vector<geometry::GeometryId>> visual_geometries_;
};

/// What AddMultibodyPlantSceneGraph() returns: the plant and the scene
/// graph it added (owned by the builder). Binds to structured bindings
/// (`auto [plant, scene_graph] = ...`) and to std::tie.
template <typename T>
struct AddMultibodyPlantSceneGraphResult {
  // NOLINTNEXTLINE(runtime/explicit)
  operator std::tuple<MultibodyPlant<T>&, geometry::SceneGraph<T>&>() {
    return {plant, scene_graph};
  }
  MultibodyPlant<T>& plant;
  geometry::SceneGraph<T>& scene_graph;
};

/// Adds `plant` and `scene_graph` (a new SceneGraph named "scene_graph" if
/// null) to `builder`, registers the plant as the scene graph's source, and
/// connects its "geometry_pose" output to the source's pose input and the
/// scene graph's query output to the plant's "geometry_query" input. A
/// plant without a name is named "plant".
/// @throws std::logic_error if `builder` or `plant` is null.
template <typename T>
AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph(
    systems::DiagramBuilder<T>* builder,
    std::unique_ptr<MultibodyPlant<T>> plant,
    std::unique_ptr<geometry::SceneGraph<T>> scene_graph = nullptr);
/// The same with a new MultibodyPlant<T>(time_step) named "plant".
template <typename T>
AddMultibodyPlantSceneGraphResult<T> AddMultibodyPlantSceneGraph(
    systems::DiagramBuilder<T>* builder, double time_step,
    std::unique_ptr<geometry::SceneGraph<T>> scene_graph = nullptr);

}  // namespace ossa::multibody

namespace ossa::systems::scalar_conversion {
/// MultibodyPlant converts to and from symbolic::Expression (ToSymbolic()).
/// On Expression the plant computes kinematics and dynamics; what needs a
/// number (the discrete step's solver, geometry and contact queries) throws
/// std::logic_error naming the plant and the operation.
template <>
struct SupportsSymbolic<::ossa::multibody::MultibodyPlant> : std::true_type {};
}  // namespace ossa::systems::scalar_conversion

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
