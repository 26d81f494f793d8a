#include "ossa/multibody/plant/multibody_plant.h"

#include <cmath>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/symbolic_plant_support.h"

namespace ossa::multibody {

template <typename T>
MultibodyPlant<T>::MultibodyPlant(double time_step)
    : internal::MultibodyTreeSystem<T>(
          systems::SystemScalarConverter(
              systems::SystemTypeTag<::ossa::multibody::MultibodyPlant>{}),
          time_step > 0.0),
      time_step_(time_step) {
  // NaN fails both tests: reject it with the negative values.
  if (!(time_step >= 0.0)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::MultibodyPlant(): time_step must be non-negative "
        "(0 for a continuous plant, > 0 for a discrete one), but {} was "
        "given.",
        time_step);
  }
  // As the reference: polygons for a discrete plant, triangles for a
  // continuous one.
  if (time_step == 0.0) {
    contact_surface_representation_ =
        geometry::HydroelasticContactRepresentation::kTriangle;
  }
  DeclareGeometryPorts();
}

namespace {

// The tree of `other` on scalar T, for the scalar-converting copy; throws
// (as the reference does) if `other` is not finalized.
template <typename T, typename U>
std::unique_ptr<internal::MultibodyTree<T>> CloneFinalizedTree(
    const MultibodyPlant<U>& other) {
  if (!other.is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant scalar conversion (ToAutoDiffXd(), ToScalarType()): "
        "the plant is not finalized; call Finalize() before converting it.");
  }
  return other.internal_tree().template CloneToScalar<T>();
}

// Throws std::logic_error naming the first NaN or infinite entry of
// `values` (the state setters accept finite values only, as the reference).
template <typename Derived>
void ThrowIfNotFinite(const char* method, const char* what,
                      const Eigen::MatrixBase<Derived>& values) {
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    // A symbolic entry with variables holds no number to check.
    if constexpr (!scalar_predicate<typename Derived::Scalar>::is_bool) {
      if (!symbolic::is_constant(values(i))) continue;
    }
    const double x = ExtractDoubleOrThrow(values(i));
    if (!std::isfinite(x)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant::{}(): {}[{}] is {}; positions and velocities must "
          "be finite.",
          method, what, i, x);
    }
  }
}

}  // namespace

template <typename T>
template <typename U>
MultibodyPlant<T>::MultibodyPlant(const MultibodyPlant<U>& other)
    : internal::MultibodyTreeSystem<T>(
          systems::SystemScalarConverter(
              systems::SystemTypeTag<::ossa::multibody::MultibodyPlant>{}),
          CloneFinalizedTree<T>(other), other.is_discrete()),
      time_step_(other.time_step_) {
  DeclareGeometryPorts();
  default_free_body_poses_ = other.default_free_body_poses_;
  use_sampled_output_ports_ = other.use_sampled_output_ports_;
  discrete_contact_approximation_ = other.discrete_contact_approximation_;
  penetration_allowance_ = other.penetration_allowance_;
  stiction_tolerance_ = other.stiction_tolerance_;
  sap_near_rigid_threshold_ = other.sap_near_rigid_threshold_;
  contact_model_ = other.contact_model_;
  contact_surface_representation_ = other.contact_surface_representation_;
  adjacent_bodies_collision_filters_ = other.adjacent_bodies_collision_filters_;
  source_id_ = other.source_id_;
  body_frame_ids_ = other.body_frame_ids_;
  frame_id_to_body_ = other.frame_id_to_body_;
  geometry_id_to_body_ = other.geometry_id_to_body_;
  collision_geometries_ = other.collision_geometries_;
  visual_geometries_ = other.visual_geometries_;
  coupler_constraints_specs_ = other.coupler_constraints_specs_;
  distance_constraints_specs_ = other.distance_constraints_specs_;
  ball_constraints_specs_ = other.ball_constraints_specs_;
  weld_constraints_specs_ = other.weld_constraints_specs_;
  FinalizePlantOnly();
}

template MultibodyPlant<AutoDiffXd>::MultibodyPlant(
    const MultibodyPlant<double>&);
template MultibodyPlant<double>::MultibodyPlant(
    const MultibodyPlant<AutoDiffXd>&);
template MultibodyPlant<symbolic::Expression>::MultibodyPlant(
    const MultibodyPlant<double>&);
template MultibodyPlant<symbolic::Expression>::MultibodyPlant(
    const MultibodyPlant<AutoDiffXd>&);
template MultibodyPlant<double>::MultibodyPlant(
    const MultibodyPlant<symbolic::Expression>&);
template MultibodyPlant<AutoDiffXd>::MultibodyPlant(
    const MultibodyPlant<symbolic::Expression>&);

template <typename T>
MultibodyPlant<T>::~MultibodyPlant() = default;

namespace internal {
void ThrowNotSymbolic(const std::string& system_name, const char* operation,
                      const char* why) {
  ThrowLogicError(
      "MultibodyPlant<Expression> '{}': {}() is not supported for T = "
      "symbolic::Expression ({}); convert the plant to double or AutoDiffXd "
      "for it.",
      system_name, operation, why);
}
}  // namespace internal

// ---------------------------------------------------------------------------
// Checks.

template <typename T>
void MultibodyPlant<T>::ThrowIfNotFinalized(const char* method) const {
  if (!is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): pre-finalize calls to '{}()' are not allowed; "
        "you must call Finalize() first.",
        method, method);
  }
}

template <typename T>
void MultibodyPlant<T>::ThrowIfFinalized(const char* method) const {
  if (is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): post-finalize calls to '{}()' are not "
        "allowed; calls to this method must happen before Finalize().",
        method, method);
  }
}

template <typename T>
void MultibodyPlant<T>::ThrowIfInvalidInstance(
    const char* method, ModelInstanceIndex model_instance) const {
  if (!model_instance.is_valid() ||
      model_instance.raw() >= num_model_instances()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): model instance index {} is invalid (this plant "
        "has {} model instances).",
        method,
        model_instance.is_valid() ? std::to_string(model_instance.raw())
                                  : std::string("<invalid>"),
        num_model_instances());
  }
}

template <typename T>
void MultibodyPlant<T>::ThrowIfNull(const char* method, const void* pointer,
                                    const char* what) const {
  if (pointer == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyPlant::{}(): {} is a nullptr.", method, what);
  }
}

template <typename T>
void MultibodyPlant<T>::CheckSize(const char* method, const char* what,
                                  int size, int expected) const {
  if (size != expected) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): {} has size {} but size {} was expected.",
        method, what, size, expected);
  }
}

template <typename T>
internal::MultibodyTree<T>& MultibodyPlant<T>::mutable_tree_for(
    const char* method) {
  ThrowIfFinalized(method);
  return this->mutable_tree_unchecked();
}

template <typename T>
internal::MultibodyTree<T>& MultibodyPlant<T>::internal_mutable_tree() {
  return this->mutable_tree_unchecked();
}

// ---------------------------------------------------------------------------
// Model building.

template <typename T>
ModelInstanceIndex MultibodyPlant<T>::AddModelInstance(
    const std::string& name) {
  return mutable_tree_for("AddModelInstance").AddModelInstance(name);
}

template <typename T>
void MultibodyPlant<T>::RenameModelInstance(ModelInstanceIndex model_instance,
                                            const std::string& name) {
  mutable_tree_for("RenameModelInstance")
      .RenameModelInstance(model_instance, name);
}

template <typename T>
const RigidBody<T>& MultibodyPlant<T>::AddRigidBody(
    const std::string& name, ModelInstanceIndex model_instance,
    const SpatialInertia<double>& M_BBo_B) {
  const RigidBody<T>& body = mutable_tree_for("AddRigidBody")
                                 .AddRigidBody(name, model_instance, M_BBo_B);
  RegisterRigidBodyWithSceneGraph(body);
  return body;
}

template <typename T>
const RigidBody<T>& MultibodyPlant<T>::AddRigidBody(
    const std::string& name, const SpatialInertia<double>& M_BBo_B) {
  const RigidBody<T>& body =
      mutable_tree_for("AddRigidBody").AddRigidBody(name, M_BBo_B);
  RegisterRigidBodyWithSceneGraph(body);
  return body;
}

template <typename T>
const WeldJoint<T>& MultibodyPlant<T>::WeldFrames(
    const Frame<T>& frame_on_parent_F, const Frame<T>& frame_on_child_M,
    const math::RigidTransform<double>& X_FM) {
  return mutable_tree_for("WeldFrames")
      .WeldFrames(frame_on_parent_F, frame_on_child_M, X_FM);
}

template <typename T>
const JointActuator<T>& MultibodyPlant<T>::AddJointActuator(
    const std::string& name, const Joint<T>& joint, double effort_limit) {
  return mutable_tree_for("AddJointActuator")
      .AddJointActuator(name, joint, effort_limit);
}

template <typename T>
void MultibodyPlant<T>::RemoveJoint(const Joint<T>& joint) {
  mutable_tree_for("RemoveJoint").RemoveJoint(joint);
}

template <typename T>
void MultibodyPlant<T>::RemoveJointActuator(const JointActuator<T>& actuator) {
  mutable_tree_for("RemoveJointActuator").RemoveJointActuator(actuator);
}

template <typename T>
void MultibodyPlant<T>::SetUseSampledOutputPorts(
    bool use_sampled_output_ports) {
  ThrowIfFinalized("SetUseSampledOutputPorts");
  if (use_sampled_output_ports && !is_discrete()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::SetUseSampledOutputPorts(): sampled output ports "
        "need a discrete plant (time_step > 0), but this plant is "
        "continuous.");
  }
  use_sampled_output_ports_ = use_sampled_output_ports;
}

template <typename T>
void MultibodyPlant<T>::Finalize() {
  ThrowIfFinalized("Finalize");
  internal::MultibodyTreeSystem<T>::Finalize();
  ApplyDefaultFreeBodyPoses();
  ApplyDefaultCollisionFilters();
  // Registration is over: the SceneGraph is not needed (nor touched) again.
  scene_graph_ = nullptr;
  FinalizePlantOnly();
  CompleteBallConstraintSpecs();
  if (!is_discrete()) WarnIfJointLimitsIgnored();
}

template <typename T>
void MultibodyPlant<T>::FinalizePlantOnly() {
  forward_dynamics_cache_ = &this->DeclareCacheEntry(
      "forward dynamics", VectorX<T>(VectorX<T>::Zero(num_velocities())),
      &MultibodyPlant<T>::CalcForwardDynamicsForStep,
      {this->all_sources_ticket()});
  dynamics_outputs_cache_ = &this->DeclareCacheEntry(
      "dynamics outputs", internal::DynamicsOutputs<T>{},
      &MultibodyPlant<T>::CalcDynamicsOutputs, {this->all_sources_ticket()});
  // Point contact: a continuous plant with collision geometry (which
  // cannot be added after Finalize()).
  has_point_contact_ = !is_discrete() && num_collision_geometries() > 0;
  EstimatePointContactParameters();
  contact_results_cache_ = &this->DeclareCacheEntry(
      "contact results", ContactResults<T>{},
      &MultibodyPlant<T>::CalcContactResults, {this->all_sources_ticket()});
  // On Expression a discrete plant has its discrete state but no step (its
  // solvers need numbers), as the reference: no update events are declared,
  // and the manager (instantiated on double and AutoDiffXd only) is not used.
  if constexpr (!internal::kIsSymbolicScalar<T>) {
    if (is_discrete()) {
      // The seam of the discrete stepping: the manager owns the step.
      discrete_update_manager_ =
          std::make_unique<internal::DiscreteUpdateManager<T>>();
      // It also declares the step's events (periodic and forced): a discrete
      // update, or an unrestricted one that also records the sample of the
      // output ports when they are sampled.
      discrete_update_manager_->DeclareCacheEntries(this);
    }
  }
  DeclarePortsAtFinalize();
  DeclareConstraintParameters();
}

template <typename T>
void MultibodyPlant<T>::WarnIfJointLimitsIgnored() const {
  // A continuous plant integrates the unconstrained ODE: position limits
  // have no effect. Say so once, naming the joints.
  std::string joints;
  for (JointIndex j : GetJointIndices()) {
    const Joint<T>& joint = get_joint(j);
    if (joint.position_lower_limits().array().isFinite().any() ||
        joint.position_upper_limits().array().isFinite().any()) {
      joints += (joints.empty() ? "'" : ", '") + joint.name() + "'";
    }
  }
  if (joints.empty()) return;
  log()->warn(
      "MultibodyPlant::Finalize(): joint limits are ignored by a continuous "
      "plant (time_step = 0); joints with position limits: {}. Use a "
      "discrete plant (time_step > 0) to enforce them.",
      joints);
}

template <typename T>
systems::EventStatus MultibodyPlant<T>::CalcDiscreteStep(
    const systems::Context<T>& context,
    systems::DiscreteValues<T>* next_state) const {
  this->ValidateContext(context);
  ThrowIfActiveConstraintsInStep("CalcDiscreteStep", context);
  if constexpr (internal::kIsSymbolicScalar<T>) {
    internal::ThrowNotSymbolic(this->get_name(), "CalcDiscreteStep",
                               "the discrete step's solver needs numbers");
  } else {
    discrete_update_manager_->CalcDiscreteValues(*this, context, next_state);
  }
  return systems::EventStatus::Succeeded();
}

// ---------------------------------------------------------------------------
// Counts.

template <typename T>
int MultibodyPlant<T>::num_actuators(ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("num_actuators", model_instance);
  return this->tree().num_actuators(model_instance);
}

template <typename T>
int MultibodyPlant<T>::num_positions() const {
  ThrowIfNotFinalized("num_positions");
  return this->tree().num_positions();
}

template <typename T>
int MultibodyPlant<T>::num_positions(ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_positions");
  ThrowIfInvalidInstance("num_positions", model_instance);
  return this->tree().num_positions(model_instance);
}

template <typename T>
int MultibodyPlant<T>::num_velocities() const {
  ThrowIfNotFinalized("num_velocities");
  return this->tree().num_velocities();
}

template <typename T>
int MultibodyPlant<T>::num_velocities(ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_velocities");
  ThrowIfInvalidInstance("num_velocities", model_instance);
  return this->tree().num_velocities(model_instance);
}

template <typename T>
int MultibodyPlant<T>::num_multibody_states() const {
  ThrowIfNotFinalized("num_multibody_states");
  return this->tree().num_states();
}

template <typename T>
int MultibodyPlant<T>::num_multibody_states(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_multibody_states");
  ThrowIfInvalidInstance("num_multibody_states", model_instance);
  return this->tree().num_states(model_instance);
}

template <typename T>
int MultibodyPlant<T>::num_actuated_dofs(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("num_actuated_dofs");
  ThrowIfInvalidInstance("num_actuated_dofs", model_instance);
  return this->tree().num_actuated_dofs(model_instance);
}

template <typename T>
std::vector<JointIndex> MultibodyPlant<T>::GetActuatedJointIndices(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("GetActuatedJointIndices");
  ThrowIfInvalidInstance("GetActuatedJointIndices", model_instance);
  return this->tree().GetActuatedJointIndices(model_instance);
}

// ---------------------------------------------------------------------------
// State.

template <typename T>
systems::VectorBase<T>& MultibodyPlant<T>::mutable_state_vector(
    systems::State<T>* state) const {
  if (is_discrete()) return state->get_mutable_discrete_state(0);
  return state->get_mutable_continuous_state().get_mutable_vector();
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetPositionsAndVelocities(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetPositionsAndVelocities");
  return internal::MultibodyTreeSystem<T>::GetPositionsAndVelocities(context);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetPositionsAndVelocities(
    const systems::Context<T>& context,
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("GetPositionsAndVelocities");
  ThrowIfInvalidInstance("GetPositionsAndVelocities", model_instance);
  const int nq = this->tree().num_positions(model_instance);
  const int nv = this->tree().num_velocities(model_instance);
  VectorX<T> q_v(nq + nv);
  q_v.head(nq) = GetPositions(context, model_instance);
  q_v.tail(nv) = GetVelocities(context, model_instance);
  return q_v;
}

template <typename T>
void MultibodyPlant<T>::SetPositionsAndVelocities(
    systems::Context<T>* context,
    const Eigen::Ref<const VectorX<T>>& q_v) const {
  ThrowIfNotFinalized("SetPositionsAndVelocities");
  ThrowIfNull("SetPositionsAndVelocities", context, "context");
  const int nq = num_positions(), nv = num_velocities();
  CheckSize("SetPositionsAndVelocities", "q_v", q_v.size(), nq + nv);
  ThrowIfNotFinite("SetPositionsAndVelocities", "q_v", q_v);
  internal::MultibodyTreeSystem<T>::SetPositionsAndVelocities(context, q_v);
}

template <typename T>
void MultibodyPlant<T>::SetPositionsAndVelocities(
    systems::Context<T>* context, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q_v) const {
  ThrowIfNotFinalized("SetPositionsAndVelocities");
  ThrowIfNull("SetPositionsAndVelocities", context, "context");
  ThrowIfInvalidInstance("SetPositionsAndVelocities", model_instance);
  this->ValidateContext(*context);
  const int nq = this->tree().num_positions(model_instance);
  const int nv = this->tree().num_velocities(model_instance);
  CheckSize("SetPositionsAndVelocities", "q_v", q_v.size(), nq + nv);
  systems::State<T>* state = &context->get_mutable_state();
  WriteInstancePositions("SetPositionsAndVelocities", model_instance,
                         q_v.head(nq), state);
  WriteInstanceVelocities("SetPositionsAndVelocities", model_instance,
                          q_v.tail(nv), state);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetPositions(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetPositions");
  return internal::MultibodyTreeSystem<T>::GetPositions(context);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetPositions(
    const systems::Context<T>& context,
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("GetPositions");
  ThrowIfInvalidInstance("GetPositions", model_instance);
  return this->tree().GetPositionsFromArray(
      model_instance, internal::MultibodyTreeSystem<T>::GetPositions(context));
}

template <typename T>
void MultibodyPlant<T>::SetPositions(
    systems::Context<T>* context, const Eigen::Ref<const VectorX<T>>& q) const {
  ThrowIfNotFinalized("SetPositions");
  ThrowIfNull("SetPositions", context, "context");
  CheckSize("SetPositions", "q", q.size(), num_positions());
  ThrowIfNotFinite("SetPositions", "q", q);
  internal::MultibodyTreeSystem<T>::SetPositions(context, q);
}

template <typename T>
void MultibodyPlant<T>::SetPositions(
    systems::Context<T>* context, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q_instance) const {
  ThrowIfNotFinalized("SetPositions");
  ThrowIfNull("SetPositions", context, "context");
  ThrowIfInvalidInstance("SetPositions", model_instance);
  this->ValidateContext(*context);
  WriteInstancePositions("SetPositions", model_instance, q_instance,
                         &context->get_mutable_state());
}

template <typename T>
void MultibodyPlant<T>::SetPositions(
    const systems::Context<T>& context, systems::State<T>* state,
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& q_instance) const {
  ThrowIfNotFinalized("SetPositions");
  ThrowIfNull("SetPositions", state, "state");
  ThrowIfInvalidInstance("SetPositions", model_instance);
  this->ValidateContext(context);
  WriteInstancePositions("SetPositions", model_instance, q_instance, state);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetVelocities(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetVelocities");
  return internal::MultibodyTreeSystem<T>::GetVelocities(context);
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetVelocities(
    const systems::Context<T>& context,
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("GetVelocities");
  ThrowIfInvalidInstance("GetVelocities", model_instance);
  return this->tree().GetVelocitiesFromArray(
      model_instance, internal::MultibodyTreeSystem<T>::GetVelocities(context));
}

template <typename T>
void MultibodyPlant<T>::SetVelocities(
    systems::Context<T>* context, const Eigen::Ref<const VectorX<T>>& v) const {
  ThrowIfNotFinalized("SetVelocities");
  ThrowIfNull("SetVelocities", context, "context");
  CheckSize("SetVelocities", "v", v.size(), num_velocities());
  ThrowIfNotFinite("SetVelocities", "v", v);
  internal::MultibodyTreeSystem<T>::SetVelocities(context, v);
}

template <typename T>
void MultibodyPlant<T>::SetVelocities(
    systems::Context<T>* context, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v_instance) const {
  ThrowIfNotFinalized("SetVelocities");
  ThrowIfNull("SetVelocities", context, "context");
  ThrowIfInvalidInstance("SetVelocities", model_instance);
  this->ValidateContext(*context);
  WriteInstanceVelocities("SetVelocities", model_instance, v_instance,
                          &context->get_mutable_state());
}

template <typename T>
void MultibodyPlant<T>::SetVelocities(
    const systems::Context<T>& context, systems::State<T>* state,
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& v_instance) const {
  ThrowIfNotFinalized("SetVelocities");
  ThrowIfNull("SetVelocities", state, "state");
  ThrowIfInvalidInstance("SetVelocities", model_instance);
  this->ValidateContext(context);
  WriteInstanceVelocities("SetVelocities", model_instance, v_instance, state);
}

template <typename T>
void MultibodyPlant<T>::WriteInstancePositions(
    const char* method, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& values,
    systems::State<T>* state) const {
  CheckSize(method, "q_instance", values.size(),
            this->tree().num_positions(model_instance));
  ThrowIfNotFinite(method, "q_instance", values);
  systems::VectorBase<T>& x = mutable_state_vector(state);
  const int nq = num_positions();
  VectorX<T> q(nq);
  for (int i = 0; i < nq; ++i) q[i] = x.GetAtIndex(i);
  this->tree().SetPositionsInArray(model_instance, values, &q);
  for (int i = 0; i < nq; ++i) x.SetAtIndex(i, q[i]);
}

template <typename T>
void MultibodyPlant<T>::WriteInstanceVelocities(
    const char* method, ModelInstanceIndex model_instance,
    const Eigen::Ref<const VectorX<T>>& values,
    systems::State<T>* state) const {
  CheckSize(method, "v_instance", values.size(),
            this->tree().num_velocities(model_instance));
  ThrowIfNotFinite(method, "v_instance", values);
  systems::VectorBase<T>& x = mutable_state_vector(state);
  const int nq = num_positions(), nv = num_velocities();
  VectorX<T> v(nv);
  for (int i = 0; i < nv; ++i) v[i] = x.GetAtIndex(nq + i);
  this->tree().SetVelocitiesInArray(model_instance, values, &v);
  for (int i = 0; i < nv; ++i) x.SetAtIndex(nq + i, v[i]);
}

template <typename T>
void MultibodyPlant<T>::SetDefaultState(const systems::Context<T>& context,
                                        systems::State<T>* state) const {
  ThrowIfNotFinalized("SetDefaultState");
  ThrowIfNull("SetDefaultState", state, "state");
  this->ValidateContext(context);
  // Other state (abstract, e.g. sampled outputs) takes its model values.
  systems::LeafSystem<T>::SetDefaultState(context, state);
  const VectorX<double> q0 = this->tree().GetDefaultPositions();
  systems::VectorBase<T>& x = mutable_state_vector(state);
  for (int i = 0; i < q0.size(); ++i) x.SetAtIndex(i, T(q0[i]));
  for (int i = q0.size(); i < x.size(); ++i) x.SetAtIndex(i, T(0.0));
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetDefaultPositions() const {
  ThrowIfNotFinalized("GetDefaultPositions");
  return this->tree().GetDefaultPositions().template cast<T>();
}

template <typename T>
VectorX<T> MultibodyPlant<T>::GetDefaultPositions(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("GetDefaultPositions");
  ThrowIfInvalidInstance("GetDefaultPositions", model_instance);
  return this->tree().GetPositionsFromArray(model_instance,
                                            GetDefaultPositions());
}

template <typename T>
void MultibodyPlant<T>::SetDefaultPositions(
    const Eigen::Ref<const Eigen::VectorXd>& q) {
  ThrowIfNotFinalized("SetDefaultPositions");
  CheckSize("SetDefaultPositions", "q", q.size(), num_positions());
  ThrowIfNotFinite("SetDefaultPositions", "q", q);
  internal::MultibodyTree<T>& tree = internal_mutable_tree();
  for (JointIndex j : tree.GetJointIndices()) {
    Joint<T>& joint = tree.get_mutable_joint(j);
    joint.set_default_positions(
        q.segment(joint.position_start(), joint.num_positions()));
  }
}

template <typename T>
void MultibodyPlant<T>::SetDefaultPositions(
    ModelInstanceIndex model_instance,
    const Eigen::Ref<const Eigen::VectorXd>& q_instance) {
  ThrowIfNotFinalized("SetDefaultPositions");
  ThrowIfInvalidInstance("SetDefaultPositions", model_instance);
  CheckSize("SetDefaultPositions", "q_instance", q_instance.size(),
            num_positions(model_instance));
  VectorX<T> q = GetDefaultPositions();
  this->tree().SetPositionsInArray(model_instance, q_instance.cast<T>(), &q);
  VectorX<double> q_double(q.size());
  for (int i = 0; i < q.size(); ++i) q_double[i] = ExtractDoubleOrThrow(q[i]);
  SetDefaultPositions(q_double);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
