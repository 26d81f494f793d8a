#include "ossa/multibody/tree/multibody_tree_system.h"

#include <memory>

#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_kernels_dual.h"
#include "ossa/multibody/core/weld_merged_dynamics.h"

namespace ossa::multibody::internal {

template <typename T>
MultibodyTreeSystem<T>::MultibodyTreeSystem(bool is_discrete)
    : tree_(std::make_unique<MultibodyTree<T>>()), is_discrete_(is_discrete) {
  tree_->set_tree_system(this);
}

template <typename T>
MultibodyTreeSystem<T>::MultibodyTreeSystem(
    systems::SystemScalarConverter converter, bool is_discrete)
    : systems::LeafSystem<T>(std::move(converter)),
      tree_(std::make_unique<MultibodyTree<T>>()),
      is_discrete_(is_discrete) {
  tree_->set_tree_system(this);
}

template <typename T>
MultibodyTreeSystem<T>::MultibodyTreeSystem(
    std::unique_ptr<MultibodyTree<T>> tree, bool is_discrete)
    : tree_(std::move(tree)), is_discrete_(is_discrete) {
  AdoptTree();
}

template <typename T>
MultibodyTreeSystem<T>::MultibodyTreeSystem(
    systems::SystemScalarConverter converter,
    std::unique_ptr<MultibodyTree<T>> tree, bool is_discrete)
    : systems::LeafSystem<T>(std::move(converter)),
      tree_(std::move(tree)),
      is_discrete_(is_discrete) {
  AdoptTree();
}

template <typename T>
void MultibodyTreeSystem<T>::AdoptTree() {
  if (tree_ == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyTreeSystem(): the tree is a nullptr.");
  }
  if (tree_->has_tree_system()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyTreeSystem(): the tree is already owned by another "
        "system.");
  }
  tree_->set_tree_system(this);
  if (tree_->is_finalized()) DeclareFinalizedModel();
}

template <typename T>
MultibodyTreeSystem<T>::~MultibodyTreeSystem() = default;

template <typename T>
MultibodyTree<T>& MultibodyTreeSystem<T>::mutable_tree() {
  tree_->ThrowIfFinalized("MultibodyTreeSystem::mutable_tree");
  return *tree_;
}

template <typename T>
void MultibodyTreeSystem<T>::ThrowIfNotFinalized(const char* method) const {
  if (!tree_->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyTreeSystem::{}(): pre-finalize calls are not allowed; call "
        "Finalize() first.",
        method);
  }
}

template <typename T>
void MultibodyTreeSystem<T>::Finalize() {
  tree_->Finalize();
  DeclareFinalizedModel();
}

template <typename T>
void MultibodyTreeSystem<T>::DeclareFinalizedModel() {
  const int nq = tree_->num_positions();
  const int nv = tree_->num_velocities();
  VectorX<T> x0 = VectorX<T>::Zero(nq + nv);
  x0.head(nq) = tree_->GetDefaultPositions().template cast<T>();
  if (is_discrete_) {
    this->DeclareDiscreteState(x0);
  } else {
    this->DeclareContinuousState(systems::BasicVector<T>(x0), nq, nv, 0);
  }
  parameters_index_ = this->DeclareAbstractParameter(
      Value<TreeParameters<T>>(tree_->default_tree_parameters()));
  const TreeWorkspace<T> model(tree_->compiled_tree());
  const systems::DependencyTicket q_ticket =
      is_discrete_ ? this->xd_ticket() : this->q_ticket();
  const systems::DependencyTicket v_ticket =
      is_discrete_ ? this->xd_ticket() : this->v_ticket();
  position_cache_ = &this->DeclareCacheEntry(
      "position kinematics", model,
      &MultibodyTreeSystem<T>::CalcPositionKinematicsCache,
      {q_ticket, this->all_parameters_ticket()});
  velocity_cache_ = &this->DeclareCacheEntry(
      "velocity kinematics", model,
      &MultibodyTreeSystem<T>::CalcVelocityKinematicsCache,
      {position_cache_->ticket(), v_ticket});
  element_parameters_index_ = this->DeclareAbstractParameter(
      Value<ElementParameters<T>>(tree_->MakeDefaultElementParameters()));
  const int nb = tree_->num_bodies();
  body_poses_cache_ = &this->DeclareCacheEntry(
      "body poses in world", std::vector<math::RigidTransform<T>>(nb),
      &MultibodyTreeSystem<T>::CalcBodyPosesCache, {position_cache_->ticket()});
  body_velocities_cache_ = &this->DeclareCacheEntry(
      "body spatial velocities in world",
      std::vector<SpatialVelocity<T>>(nb, SpatialVelocity<T>::Zero()),
      &MultibodyTreeSystem<T>::CalcBodyVelocitiesCache,
      {velocity_cache_->ticket()});
  body_accelerations_cache_ = &this->DeclareCacheEntry(
      "body spatial accelerations in world",
      std::vector<SpatialAcceleration<T>>(nb, SpatialAcceleration<T>::Zero()),
      &MultibodyTreeSystem<T>::CalcBodyAccelerationsCache,
      {this->all_sources_ticket()});
  weld_merged_ = WeldMergedTree(tree_->compiled_tree());
  // The scratch only records that q, v or the parameters changed; its
  // full and merged kinematics are filled on demand (each dynamics method
  // needs one of them, not both).
  dynamics_scratch_ = &this->template DeclareCacheEntry<DynamicsScratch<T>>(
      "dynamics scratch",
      DynamicsScratch<T>(tree_->compiled_tree(), weld_merged_.tree(),
                         tree_->num_bodies()),
      [](const systems::Context<T>&, DynamicsScratch<T>* scratch) {
        scratch->full_kinematics_valid = false;
        scratch->merged_position_valid = false;
        scratch->merged_velocity_valid = false;
        ++scratch->epoch;
        scratch->num_path_poses = 0;
      },
      {velocity_cache_->ticket()});
  weld_merged_parameters_cache_ =
      &this->template DeclareCacheEntry<WeldMergedParameters<T>>(
          "weld-merged parameters", WeldMergedParameters<T>{},
          [this](const systems::Context<T>& context,
                 WeldMergedParameters<T>* merged) {
            CalcWeldMergedParameters<T>(tree_->compiled_tree(), weld_merged_,
                                        GetParameters(context), merged);
          },
          {this->all_parameters_ticket()});
}

template <typename T>
const systems::VectorBase<T>& MultibodyTreeSystem<T>::state_vector(
    const systems::Context<T>& context) const {
  this->ValidateContext(context);
  if (is_discrete_) return context.get_discrete_state(0);
  return context.get_continuous_state_vector();
}

template <typename T>
systems::VectorBase<T>& MultibodyTreeSystem<T>::mutable_state_vector(
    systems::Context<T>* context) const {
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyTreeSystem: the context is a nullptr.");
  }
  this->ValidateContext(*context);
  if (is_discrete_) return context->get_mutable_discrete_state(0);
  return context->get_mutable_continuous_state_vector();
}

template <typename T>
systems::VectorBase<T>& MultibodyTreeSystem<T>::GetMutableStateVector(
    systems::State<T>* state) const {
  ThrowIfNotFinalized("GetMutableStateVector");
  if (state == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyTreeSystem: the state is a nullptr.");
  }
  if (is_discrete_) return state->get_mutable_discrete_state(0);
  return state->get_mutable_continuous_state().get_mutable_vector();
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::ReadState(const systems::Context<T>& context,
                                             int start, int n) const {
  const systems::VectorBase<T>& x = state_vector(context);
  if (const T* data = x.get_contiguous_data()) {
    return Eigen::Map<const VectorX<T>>(data + start, n);
  }
  VectorX<T> result(n);
  for (int i = 0; i < n; ++i) result[i] = x.GetAtIndex(start + i);
  return result;
}

template <typename T>
void MultibodyTreeSystem<T>::WriteState(
    systems::Context<T>* context, int start,
    const Eigen::Ref<const VectorX<T>>& values) const {
  systems::VectorBase<T>& x = mutable_state_vector(context);
  if (T* data = x.get_contiguous_data()) {
    Eigen::Map<VectorX<T>>(data + start, values.size()) = values;
    return;
  }
  for (int i = 0; i < values.size(); ++i) x.SetAtIndex(start + i, values[i]);
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::GetPositionsAndVelocities(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetPositionsAndVelocities");
  return ReadState(context, 0,
                   tree_->num_positions() + tree_->num_velocities());
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::GetPositions(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetPositions");
  return ReadState(context, 0, tree_->num_positions());
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::GetVelocities(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetVelocities");
  return ReadState(context, tree_->num_positions(), tree_->num_velocities());
}

template <typename T>
void MultibodyTreeSystem<T>::SetPositions(
    systems::Context<T>* context, const Eigen::Ref<const VectorX<T>>& q) const {
  ThrowIfNotFinalized("SetPositions");
  if (q.size() != tree_->num_positions()) [[unlikely]] {
    ThrowLogicError("SetPositions(): q has size {} but size {} was expected.",
                    q.size(), tree_->num_positions());
  }
  WriteState(context, 0, q);
}

template <typename T>
void MultibodyTreeSystem<T>::SetVelocities(
    systems::Context<T>* context, const Eigen::Ref<const VectorX<T>>& v) const {
  ThrowIfNotFinalized("SetVelocities");
  if (v.size() != tree_->num_velocities()) [[unlikely]] {
    ThrowLogicError("SetVelocities(): v has size {} but size {} was expected.",
                    v.size(), tree_->num_velocities());
  }
  WriteState(context, tree_->num_positions(), v);
}

template <typename T>
void MultibodyTreeSystem<T>::SetPositionsAndVelocities(
    systems::Context<T>* context,
    const Eigen::Ref<const VectorX<T>>& q_v) const {
  ThrowIfNotFinalized("SetPositionsAndVelocities");
  const int n = tree_->num_positions() + tree_->num_velocities();
  if (q_v.size() != n) [[unlikely]] {
    ThrowLogicError(
        "SetPositionsAndVelocities(): q_v has size {} but size {} was "
        "expected.",
        q_v.size(), n);
  }
  WriteState(context, 0, q_v);
}

template <typename T>
void MultibodyTreeSystem<T>::CheckSegment(const char* method, int start, int n,
                                          int size) const {
  if (start < 0 || n < 0 || start + n > size) [[unlikely]] {
    ThrowLogicError(
        "{}(): the range [{}, {}) is outside the vector of size {}.", method,
        start, start + n, size);
  }
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::GetPositionsSegment(
    const systems::Context<T>& context, int start, int n) const {
  ThrowIfNotFinalized("GetPositionsSegment");
  CheckSegment("GetPositionsSegment", start, n, tree_->num_positions());
  return ReadState(context, start, n);
}

template <typename T>
T MultibodyTreeSystem<T>::GetPositionsEntry(const systems::Context<T>& context,
                                            int i) const {
  ThrowIfNotFinalized("GetPositionsEntry");
  CheckSegment("GetPositionsEntry", i, 1, tree_->num_positions());
  return state_vector(context).GetAtIndex(i);
}

template <typename T>
T MultibodyTreeSystem<T>::GetVelocitiesEntry(const systems::Context<T>& context,
                                             int i) const {
  ThrowIfNotFinalized("GetVelocitiesEntry");
  CheckSegment("GetVelocitiesEntry", i, 1, tree_->num_velocities());
  return state_vector(context).GetAtIndex(tree_->num_positions() + i);
}

template <typename T>
VectorX<T> MultibodyTreeSystem<T>::GetVelocitiesSegment(
    const systems::Context<T>& context, int start, int n) const {
  ThrowIfNotFinalized("GetVelocitiesSegment");
  CheckSegment("GetVelocitiesSegment", start, n, tree_->num_velocities());
  return ReadState(context, tree_->num_positions() + start, n);
}

template <typename T>
void MultibodyTreeSystem<T>::SetPositionsSegment(
    systems::Context<T>* context, int start,
    const Eigen::Ref<const VectorX<T>>& values) const {
  ThrowIfNotFinalized("SetPositionsSegment");
  CheckSegment("SetPositionsSegment", start, values.size(),
               tree_->num_positions());
  WriteState(context, start, values);
}

template <typename T>
void MultibodyTreeSystem<T>::SetVelocitiesSegment(
    systems::Context<T>* context, int start,
    const Eigen::Ref<const VectorX<T>>& values) const {
  ThrowIfNotFinalized("SetVelocitiesSegment");
  CheckSegment("SetVelocitiesSegment", start, values.size(),
               tree_->num_velocities());
  WriteState(context, tree_->num_positions() + start, values);
}

template <typename T>
const TreeParameters<T>& MultibodyTreeSystem<T>::GetParameters(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetParameters");
  this->ValidateContext(context);
  return context.get_abstract_parameter(parameters_index_)
      .template get_value<TreeParameters<T>>();
}

template <typename T>
TreeParameters<T>& MultibodyTreeSystem<T>::GetMutableParameters(
    systems::Context<T>* context) const {
  ThrowIfNotFinalized("GetMutableParameters");
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("GetMutableParameters(): the context is a nullptr.");
  }
  this->ValidateContext(*context);
  return context->get_mutable_abstract_parameter(parameters_index_)
      .template get_mutable_value<TreeParameters<T>>();
}

template <typename T>
const ElementParameters<T>& MultibodyTreeSystem<T>::GetElementParameters(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetElementParameters");
  this->ValidateContext(context);
  return context.get_abstract_parameter(element_parameters_index_)
      .template get_value<ElementParameters<T>>();
}

template <typename T>
ElementParameters<T>& MultibodyTreeSystem<T>::GetMutableElementParameters(
    systems::Context<T>* context) const {
  ThrowIfNotFinalized("GetMutableElementParameters");
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("GetMutableElementParameters(): the context is a nullptr.");
  }
  this->ValidateContext(*context);
  return context->get_mutable_abstract_parameter(element_parameters_index_)
      .template get_mutable_value<ElementParameters<T>>();
}

template <typename T>
const std::vector<math::RigidTransform<T>>&
MultibodyTreeSystem<T>::EvalBodyPosesInWorld(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalBodyPosesInWorld");
  this->ValidateContext(context);
  return body_poses_cache_->template Eval<std::vector<math::RigidTransform<T>>>(
      context);
}

template <typename T>
const std::vector<SpatialVelocity<T>>&
MultibodyTreeSystem<T>::EvalBodySpatialVelocitiesInWorld(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalBodySpatialVelocitiesInWorld");
  this->ValidateContext(context);
  return body_velocities_cache_->template Eval<std::vector<SpatialVelocity<T>>>(
      context);
}

template <typename T>
const std::vector<SpatialAcceleration<T>>&
MultibodyTreeSystem<T>::EvalBodySpatialAccelerationsInWorld(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalBodySpatialAccelerationsInWorld");
  this->ValidateContext(context);
  return body_accelerations_cache_
      ->template Eval<std::vector<SpatialAcceleration<T>>>(context);
}

template <typename T>
void MultibodyTreeSystem<T>::DoCalcGeneralizedAccelerations(
    const systems::Context<T>&, VectorX<T>*) const {
  ThrowLogicError(
      "MultibodyTreeSystem::DoCalcGeneralizedAccelerations(): body "
      "accelerations need the generalized accelerations v̇ of the forward "
      "dynamics, which only a MultibodyPlant (with its forces and actuation) "
      "defines; use CalcSpatialAccelerationsFromVdot() with a known v̇ "
      "instead.");
}

template <typename T>
const math::RigidTransform<T>& MultibodyTreeSystem<T>::EvalBodyPoseInWorld(
    const systems::Context<T>& context, BodyIndex body) const {
  ThrowIfNotFinalized("EvalBodyPoseInWorld");
  this->ValidateContext(context);
  if (!body_poses_cache_->is_out_of_date(context)) {
    return EvalBodyPosesInWorld(context)[body];
  }
  DynamicsScratch<T>& scratch = RawDynamicsScratch(context);
  if (scratch.X_WB_epoch[body] == scratch.epoch) return scratch.X_WB[body];
  // Paths of a few bodies cost less than the whole tree; beyond that (a
  // caller walking all bodies), one pass over the tree costs less.
  constexpr int kMaxPathPoses = 4;
  if (++scratch.num_path_poses > kMaxPathPoses) {
    return EvalBodyPosesInWorld(context)[body];
  }
  const int m = tree_->get_topology().body_to_mobod(body);
  const int g = weld_merged_.group(m);
  const WeldMergedParameters<T>& merged =
      weld_merged_parameters_cache_->template Eval<WeldMergedParameters<T>>(
          context);
  // The world's group has no path (its members' poses are parameters).
  const TreeWorkspace<T>& ws =
      g == 0 ? scratch.merged_ws
             : MergedPathKinematics(context, merged, g, &scratch);
  Matrix3<T> R_WB;
  Vector3<T> p_WB;
  CalcFullMobodPoseInWorld<T>(weld_merged_, merged, ws, m, &R_WB, &p_WB);
  scratch.X_WB[body] = math::RigidTransform<T>(
      math::RotationMatrix<T>::MakeUnchecked(R_WB), p_WB);
  scratch.X_WB_epoch[body] = scratch.epoch;
  return scratch.X_WB[body];
}

template <typename T>
void MultibodyTreeSystem<T>::CalcBodyPosesCache(
    const systems::Context<T>& context,
    std::vector<math::RigidTransform<T>>* X_WB) const {
  // From the weld-merged tree: one position step per group (welds take
  // none), then X_WB = X_WG·X_GB for the welded members.
  TreeComputation<T> computation =
      PrepareComputation(context, TreeChoice::kWeldMerged);
  const TreeWorkspace<T>& ws =
      computation.EvalKinematics(KinematicsNeed::kPositionAndWorld);
  const WeldMergedParameters<T>& merged = computation.weld_merged_parameters();
  const MultibodyTreeTopology& topology = tree_->get_topology();
  for (int b = 0; b < tree_->num_bodies(); ++b) {
    const int m = topology.body_to_mobod(BodyIndex(b));
    const int g = weld_merged_.group(m);
    if (g != 0 && weld_merged_.root(g) == m) {
      (*X_WB)[b] = math::RigidTransform<T>(
          math::RotationMatrix<T>::MakeUnchecked(ws.R_WB[g]), ws.p_WB[g]);
      continue;
    }
    Matrix3<T> R_WB;
    Vector3<T> p_WB;
    CalcFullMobodPoseInWorld<T>(weld_merged_, merged, ws, m, &R_WB, &p_WB);
    (*X_WB)[b] = math::RigidTransform<T>(
        math::RotationMatrix<T>::MakeUnchecked(R_WB), p_WB);
  }
}

template <typename T>
void MultibodyTreeSystem<T>::CalcBodyVelocitiesCache(
    const systems::Context<T>& context,
    std::vector<SpatialVelocity<T>>* V_WB) const {
  const TreeWorkspace<T>& ws = EvalVelocityKinematics(context);
  const MultibodyTreeTopology& topology = tree_->get_topology();
  for (int b = 0; b < tree_->num_bodies(); ++b) {
    const int m = topology.body_to_mobod(BodyIndex(b));
    (*V_WB)[b] = SpatialVelocity<T>(GetSpatialVelocityInWorld(ws, m));
  }
}

template <typename T>
void MultibodyTreeSystem<T>::CalcBodyAccelerationsCache(
    const systems::Context<T>& context,
    std::vector<SpatialAcceleration<T>>* A_WB) const {
  VectorX<T> vdot(tree_->num_velocities());
  DoCalcGeneralizedAccelerations(context, &vdot);
  if (vdot.size() != tree_->num_velocities()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyTreeSystem: DoCalcGeneralizedAccelerations() returned v̇ of "
        "size {} but size {} was expected.",
        vdot.size(), tree_->num_velocities());
  }
  tree_->CalcSpatialAccelerationsFromVdot(context, vdot, A_WB);
}

template <typename T>
void MultibodyTreeSystem<T>::SetDefaultParameters(
    const systems::Context<T>& context,
    systems::Parameters<T>* parameters) const {
  systems::LeafSystem<T>::SetDefaultParameters(context, parameters);
  if (!tree_->is_finalized() || tree_->num_actuators() == 0) return;
  auto& elements =
      parameters->template get_mutable_abstract_parameter<ElementParameters<T>>(
          element_parameters_index_);
  auto& tree_parameters =
      parameters->template get_mutable_abstract_parameter<TreeParameters<T>>(
          parameters_index_);
  const MultibodyTreeTopology& topology = tree_->get_topology();
  const auto actuated_v = [&](const JointActuator<T>& actuator) {
    return topology
        .get_mobod(topology.joint_to_mobod(actuator.joint().index()))
        .v_start;
  };
  const int num_indices = static_cast<int>(elements.rotor_inertia.size());
  // The reflected inertia of an actuated dof is the sum over its actuators
  // (as Compile() forms it): cleared first, then summed.
  for (int a = 0; a < num_indices; ++a) {
    if (!tree_->has_joint_actuator(JointActuatorIndex(a))) continue;
    tree_parameters.reflected_inertia[actuated_v(
        tree_->get_joint_actuator(JointActuatorIndex(a)))] = T(0);
  }
  for (int a = 0; a < num_indices; ++a) {
    if (!tree_->has_joint_actuator(JointActuatorIndex(a))) continue;
    const JointActuator<T>& actuator =
        tree_->get_joint_actuator(JointActuatorIndex(a));
    elements.rotor_inertia[a] = actuator.default_rotor_inertia();
    elements.gear_ratio[a] = actuator.default_gear_ratio();
    tree_parameters.reflected_inertia[actuated_v(actuator)] +=
        actuator.default_reflected_inertia();
  }
}

template <typename T>
void MultibodyTreeSystem<T>::SetRandomState(
    const systems::Context<T>& context, systems::State<T>* state,
    systems::RandomGenerator* generator) const {
  this->SetDefaultState(context, state);
  if (!tree_->is_finalized()) return;
  tree_->SetRandomState(context, state, generator);
}

template <typename T>
const TreeWorkspace<T>& MultibodyTreeSystem<T>::EvalPositionKinematics(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalPositionKinematics");
  this->ValidateContext(context);
  return position_cache_->template Eval<TreeWorkspace<T>>(context);
}

template <typename T>
const TreeWorkspace<T>& MultibodyTreeSystem<T>::EvalVelocityKinematics(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalVelocityKinematics");
  this->ValidateContext(context);
  return velocity_cache_->template Eval<TreeWorkspace<T>>(context);
}

template <typename T>
DynamicsScratch<T>& MultibodyTreeSystem<T>::RawDynamicsScratch(
    const systems::Context<T>& context) const {
  dynamics_scratch_->EvalAbstract(context);
  return dynamics_scratch_->get_mutable_cache_entry_value(context)
      .GetMutableAbstractValueOrThrow()
      .template get_mutable_value<DynamicsScratch<T>>();
}

template <typename T>
const WeldMergedParameters<T>& MultibodyTreeSystem<T>::EvalWeldMergedParameters(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("EvalWeldMergedParameters");
  this->ValidateContext(context);
  return weld_merged_parameters_cache_->template Eval<WeldMergedParameters<T>>(
      context);
}

template <typename T>
const T* MultibodyTreeSystem<T>::StateData(const systems::Context<T>& context,
                                           DynamicsScratch<T>* scratch) const {
  const systems::VectorBase<T>& state =
      is_discrete_ ? context.get_discrete_state(0)
                   : context.get_continuous_state_vector();
  if (const T* data = state.get_contiguous_data()) return data;
  if (scratch->x.size() != state.size()) scratch->x.resize(state.size());
  state.CopyToPreSizedVector(&scratch->x);
  return scratch->x.data();
}

template <typename T>
const TreeWorkspace<T>& MultibodyTreeSystem<T>::MergedPathKinematics(
    const systems::Context<T>& context, const WeldMergedParameters<T>& merged,
    int group, DynamicsScratch<T>* scratch) const {
  TreeWorkspace<T>& ws = scratch->merged_ws;
  if (scratch->merged_position_valid && ws.world_poses_valid) return ws;
  const Eigen::Map<const VectorX<T>> q(StateData(context, scratch),
                                       tree_->num_positions());
  // Recomputing the path of an already current local pass rewrites the
  // same values; the workspace's other world poses stay marked stale.
  CalcPositionKinematicsAlongPath<T>(weld_merged_.tree(), merged.params, q,
                                     group, &ws);
  return ws;
}

template <typename T>
TreeComputation<T> MultibodyTreeSystem<T>::PrepareComputation(
    const systems::Context<T>& context, TreeChoice choice) const {
  ThrowIfNotFinalized("PrepareComputation");
  this->ValidateContext(context);
  TreeComputation<T> c;
  c.system_ = this;
  c.context_ = &context;
  c.scratch_ = &RawDynamicsScratch(context);
  c.x_ = StateData(context, c.scratch_);
  c.nq_ = tree_->num_positions();
  c.nv_ = tree_->num_velocities();
  const bool merged =
      choice == TreeChoice::kWeldMerged ||
      (choice == TreeChoice::kFastest && weld_merged_.merges_anything());
  if (merged) {
    const WeldMergedParameters<T>& mp = EvalWeldMergedParameters(context);
    c.tree_ = &weld_merged_.tree();
    c.params_ = &mp.params;
    c.merged_ = &weld_merged_;
    c.merged_params_ = &mp;
    c.ws_ = &c.scratch_->merged_ws;
  } else {
    c.tree_ = &tree_->compiled_tree();
    c.params_ = &GetParameters(context);
    c.ws_ = &c.scratch_->ws;
  }
  return c;
}

template <typename T>
TreeWorkspace<T>& TreeComputation<T>::EvalKinematics(KinematicsNeed need) {
  DynamicsScratch<T>& scratch = *scratch_;
  TreeWorkspace<T>& ws = *ws_;
  if (!is_weld_merged()) {
    // The full tree's kinematics, position, velocity and world poses at
    // once: a copy of the Context's cached ones when those are current (the
    // kernels write the workspace's scratch fields, never the cache's), else
    // computed here from q and v, leaving the cache to the queries that
    // need it.
    if (!scratch.full_kinematics_valid) {
      if (system_->velocity_cache_->is_out_of_date(*context_)) {
        CalcPositionKinematics<T>(*tree_, *params_, q(), &ws);
        CalcVelocityKinematics<T>(*tree_, *params_, q(), v(), &ws);
      } else {
        CopyKinematics(system_->EvalVelocityKinematics(*context_), &ws);
      }
      scratch.full_kinematics_valid = true;
    }
    return ws;
  }
  const bool world = need == KinematicsNeed::kVelocityAndWorld ||
                     need == KinematicsNeed::kPositionAndWorld;
  const bool velocity = need == KinematicsNeed::kVelocity ||
                        need == KinematicsNeed::kVelocityAndWorld;
  const bool position_stale =
      !scratch.merged_position_valid || (world && !ws.world_poses_valid);
  if (!position_stale && (!velocity || scratch.merged_velocity_valid)) {
    return ws;
  }
  if (position_stale) {
    // World poses cost a 3x3 product per mobod: only for the computations
    // that apply spatial forces (the kernels complete them when they need
    // them).
    if (world) {
      CalcPositionKinematics<T>(*tree_, *params_, q(), &ws);
    } else {
      CalcLocalPositionKinematics<T>(*tree_, *params_, q(), &ws);
    }
    scratch.merged_position_valid = true;
  }
  if (velocity && !scratch.merged_velocity_valid) {
    CalcVelocityKinematics<T>(*tree_, *params_, q(), v(), &ws);
    scratch.merged_velocity_valid = true;
  }
  return ws;
}

template <typename T>
const TreeWorkspace<T>& TreeComputation<T>::EvalPathKinematics(int mobod) {
  if (!is_weld_merged()) {
    return EvalKinematics(KinematicsNeed::kPositionAndWorld);
  }
  return system_->MergedPathKinematics(*context_, *merged_params_, mobod,
                                       scratch_);
}

template <typename T>
const std::vector<Vector6<T>>& TreeComputation<T>::SpatialForcesOnMobods(
    const std::vector<SpatialForce<T>>& F_Bo_W) {
  // Every body has its own mobod of the full tree today; bodies sharing one
  // would need their forces shifted to the mobod's origin here.
  const MultibodyTreeTopology& topology = system_->tree().get_topology();
  std::vector<Vector6<T>>& F_mobod_W = scratch_->F_mobod_W;
  const int n = static_cast<int>(F_mobod_W.size());
  F_mobod_W[0].setZero();  // The world's entry, which no kernel reads.
  for (int i = 1; i < n; ++i) {
    F_mobod_W[i] = F_Bo_W[topology.get_mobod(MobodIndex(i)).body].get_coeffs();
  }
  return GatherMobodForces(F_mobod_W);
}

template <typename T>
void TreeComputation<T>::CalcInverseDynamicsPerFullMobod(
    const Eigen::Ref<const VectorX<T>>& vdot,
    const Eigen::Ref<const VectorX<T>>& tau_applied,
    const std::vector<SpatialForce<T>>& F_Bo_W) {
  DynamicsScratch<T>& s = *scratch_;
  TreeWorkspace<T>& ws = EvalKinematics(KinematicsNeed::kVelocityAndWorld);
  const std::vector<Vector6<T>>& F_applied = SpatialForcesOnMobods(F_Bo_W);
  if (!is_weld_merged()) {
    CalcInverseDynamics<T>(*tree_, *params_, vdot, Vector3<T>::Zero(),
                           tau_applied, F_applied, &ws, s.tau, &s.A_WB_W,
                           &s.F_BMo_W);
    return;
  }
  // The full workspace only lends its pose and force arrays to the
  // recovery (and is then marked stale).
  CalcInverseDynamics<T>(*tree_, *params_, vdot, Vector3<T>::Zero(),
                         tau_applied, F_applied, &ws, s.tau);
  CalcFullInverseDynamicsOutputs<T>(
      system_->tree().compiled_tree(), system_->GetParameters(*context_),
      *merged_, *merged_params_, ws, Vector3<T>::Zero(), s.F_mobod_W,
      &s.ws.R_WB, &s.ws.p_WB, &s.A_WB_W, &s.F_BMo_W, &s.ws.f_B);
  s.full_kinematics_valid = false;
}

template <typename T>
const std::vector<Vector6<T>>& TreeComputation<T>::GatherMobodForces(
    const std::vector<Vector6<T>>& F_full_Bo_W) {
  if (!is_weld_merged()) return F_full_Bo_W;
  const TreeWorkspace<T>& ws =
      EvalKinematics(KinematicsNeed::kPositionAndWorld);
  GatherSpatialForcesOnGroups<T>(*merged_, *merged_params_, ws, F_full_Bo_W,
                                 &scratch_->F_group_W);
  return scratch_->F_group_W;
}

template <typename T>
DualWorkspace& TreeComputation<T>::dual_workspace() {
  if (scratch_->dual.ws == nullptr) {
    scratch_->dual.ws = std::make_shared<DualWorkspace>(*tree_);
  }
  return *scratch_->dual.ws;
}

template <typename T>
void MultibodyTreeSystem<T>::CalcPositionKinematicsCache(
    const systems::Context<T>& context, TreeWorkspace<T>* workspace) const {
  const systems::VectorBase<T>& x = state_vector(context);
  const int nq = tree_->num_positions();
  if (const T* data = x.get_contiguous_data()) {
    // No copy of the state (and no allocation) when it is contiguous.
    CalcPositionKinematics<T>(tree_->compiled_tree(), GetParameters(context),
                              Eigen::Map<const VectorX<T>>(data, nq),
                              workspace);
    return;
  }
  const VectorX<T> q = GetPositions(context);
  CalcPositionKinematics<T>(tree_->compiled_tree(), GetParameters(context), q,
                            workspace);
}

template <typename T>
void MultibodyTreeSystem<T>::CalcVelocityKinematicsCache(
    const systems::Context<T>& context, TreeWorkspace<T>* workspace) const {
  // The velocity kernel reads the position kinematics of the same
  // workspace: start from the cached ones (only the kinematics fields, not
  // the kernels' scratch; same sizes, so the copy does not allocate for
  // T = double).
  const TreeWorkspace<T>& position = EvalPositionKinematics(context);
  CopyKinematics(position, workspace);
  const systems::VectorBase<T>& x = state_vector(context);
  const int nq = tree_->num_positions(), nv = tree_->num_velocities();
  if (const T* data = x.get_contiguous_data()) {
    CalcVelocityKinematics<T>(tree_->compiled_tree(), GetParameters(context),
                              Eigen::Map<const VectorX<T>>(data, nq),
                              Eigen::Map<const VectorX<T>>(data + nq, nv),
                              workspace);
    return;
  }
  const VectorX<T> q = GetPositions(context);
  const VectorX<T> v = GetVelocities(context);
  CalcVelocityKinematics<T>(tree_->compiled_tree(), GetParameters(context), q,
                            v, workspace);
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTreeSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTreeSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::TreeComputation);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::TreeComputation);
