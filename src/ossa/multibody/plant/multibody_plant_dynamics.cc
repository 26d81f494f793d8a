// MultibodyPlant: applied forces, forward dynamics, time derivatives and the
// results of the dynamic output ports.

#include <cmath>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/weld_merged_dynamics.h"
#include "ossa/multibody/plant/symbolic_plant_support.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"

namespace ossa::multibody {

template <typename T>
VectorX<T> MultibodyPlant<T>::AssembleActuationInput(
    const systems::Context<T>& context) const {
  VectorX<T> u;
  AssembleActuationInput(context, &u);
  return u;
}

template <typename T>
void MultibodyPlant<T>::AssembleActuationInput(
    const systems::Context<T>& context, VectorX<T>* u_out) const {
  VectorX<T>& u = *u_out;
  if (u.size() != num_actuated_dofs()) u.resize(num_actuated_dofs());
  u.setZero();
  const systems::InputPort<T>& all = this->get_input_port(actuation_port_);
  if (all.HasValue(context)) {
    const VectorX<T>& u_all = all.Eval(context);
    if (HasNaNValue(u_all)) [[unlikely]] {
      ThrowLogicError("MultibodyPlant: the actuation input port contains NaN.");
    }
    u += u_all;
  }
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    const systems::InputPort<T>& port =
        this->get_input_port(instance_actuation_ports_[i]);
    if (port.size() == 0 || !port.HasValue(context)) continue;
    const VectorX<T>& u_instance = port.Eval(context);
    if (HasNaNValue(u_instance)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the actuation input port for model instance '{}' "
          "contains NaN.",
          GetModelInstanceName(instance));
    }
    // Add (not overwrite) the instance's entries.
    VectorX<T> sum = this->tree().GetActuationFromArray(instance, u);
    sum += u_instance;
    this->tree().SetActuationInArray(instance, sum, &u);
  }
}

template <typename T>
void MultibodyPlant<T>::CalcAppliedForces(const systems::Context<T>& context,
                                          const VectorX<T>& u,
                                          MultibodyForces<T>* forces) const {
  forces->SetZero();
  VectorX<T>& tau_app = forces->mutable_generalized_forces();
  // Actuation: u enters at its joint's (single) velocity. Indexed loop: no
  // index vector is allocated (the discrete step calls this every step).
  for (int a = 0; a < num_actuators(); ++a) {
    const JointActuator<T>& actuator =
        get_joint_actuator(JointActuatorIndex(a));
    tau_app[actuator.joint().velocity_start()] += u[actuator.input_start()];
  }
  const systems::InputPort<T>& generalized =
      this->get_input_port(applied_generalized_force_port_);
  if (generalized.HasValue(context)) {
    const VectorX<T>& tau = generalized.Eval(context);
    if (HasNaNValue(tau)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the applied_generalized_force input port contains "
          "NaN.");
    }
    tau_app += tau;
  }
  const systems::InputPort<T>& spatial =
      this->get_input_port(applied_spatial_force_port_);
  if (!spatial.HasValue(context)) return;
  const auto& applied =
      spatial.template Eval<std::vector<ExternallyAppliedSpatialForce<T>>>(
          context);
  if (applied.empty()) return;
  const internal::TreeWorkspace<T>& ws = this->EvalPositionKinematics(context);
  std::vector<SpatialForce<T>>& F_Bo_W = forces->mutable_body_forces();
  for (const ExternallyAppliedSpatialForce<T>& force : applied) {
    if (!force.body_index.is_valid() || force.body_index.raw() >= num_bodies())
        [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the applied_spatial_force input port names body "
          "index {}, but this plant has {} bodies.",
          force.body_index.is_valid() ? std::to_string(force.body_index.raw())
                                      : std::string("<invalid>"),
          num_bodies());
    }
    if (HasNaNValue(force.F_Bq_W.get_coeffs()) || HasNaNValue(force.p_BoBq_B))
        [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the spatial force applied on body '{}' contains "
          "NaN.",
          get_body(force.body_index).name());
    }
    const int m = this->tree().get_topology().body_to_mobod(force.body_index);
    // Shift from Bq to Bo: τ_Bo = τ_Bq + p_BoBq_W × f.
    const Vector3<T> p_BoBq_W = ws.R_WB[m] * force.p_BoBq_B;
    SpatialForce<T>& F = F_Bo_W[force.body_index];
    F.rotational() += force.F_Bq_W.rotational() +
                      p_BoBq_W.cross(force.F_Bq_W.translational());
    F.translational() += force.F_Bq_W.translational();
  }
}

template <typename T>
void MultibodyPlant<T>::CalcAllForces(const systems::Context<T>& context,
                                      const VectorX<T>& u,
                                      MultibodyForces<T>* forces) const {
  CalcAppliedForces(context, u, forces);
  AddInContactForces(context, forces);
  MultibodyForces<T> elements(*this);
  this->tree().CalcForceElementsContribution(context, &elements);
  forces->AddInForces(elements);
}

template <typename T>
void MultibodyPlant<T>::CalcForwardDynamicsForStep(
    const systems::Context<T>& context, VectorX<T>* vdot) const {
  ThrowIfContinuousWithConstraints("CalcForwardDynamics");
  // The tree adds the force elements (gravity included) and joint damping.
  // The applied forces and u live in the Context's dynamics scratch, so
  // that a call allocates nothing once the scratch exists.
  // Contact first: its evaluation may use the kinematics caches, and the
  // scratch below must not be held across it.
  if (has_point_contact()) EvalContactResults(context);
  internal::DynamicsScratch<T>& scratch = this->RawDynamicsScratch(context);
  AssembleActuationInput(context, &scratch.u);
  CalcAppliedForces(context, scratch.u, &scratch.applied);
  AddInContactForces(context, &scratch.applied);
  if (vdot->size() != num_velocities()) vdot->resize(num_velocities());
  this->tree().CalcForwardDynamics(context, scratch.applied, vdot);
}

template <typename T>
const VectorX<T>& MultibodyPlant<T>::EvalForwardDynamics(
    const systems::Context<T>& context) const {
  this->ValidateContext(context);
  return forward_dynamics_cache_->template Eval<VectorX<T>>(context);
}

template <typename T>
void MultibodyPlant<T>::DoCalcGeneralizedAccelerations(
    const systems::Context<T>& context, VectorX<T>* vdot) const {
  *vdot = EvalForwardDynamics(context);
}

template <typename T>
void MultibodyPlant<T>::DoCalcTimeDerivatives(
    const systems::Context<T>& context,
    systems::ContinuousState<T>* derivatives) const {
  // A discrete plant has no continuous state: its derivatives are empty.
  if (is_discrete()) return;
  const int nq = num_positions(), nv = num_velocities();
  if (nq + nv == 0) return;
  // v̇ first: the forward dynamics may use the scratch's x as well.
  const VectorX<T>& vdot = EvalForwardDynamics(context);
  internal::DynamicsScratch<T>& scratch = this->RawDynamicsScratch(context);
  const systems::VectorBase<T>& state = context.get_continuous_state_vector();
  if (scratch.x.size() != state.size()) scratch.x.resize(state.size());
  if (scratch.xdot.size() != nq + nv) scratch.xdot.resize(nq + nv);
  state.CopyToPreSizedVector(&scratch.x);
  internal::MapVelocityToQDot<T>(this->tree().compiled_tree(),
                                 scratch.x.head(nq), scratch.x.segment(nq, nv),
                                 scratch.xdot.head(nq));
  scratch.xdot.tail(nv) = vdot;
  derivatives->SetFromVector(scratch.xdot);
}

template <typename T>
void MultibodyPlant<T>::DoCalcImplicitTimeDerivativesResidual(
    const systems::Context<T>& context,
    const systems::ContinuousState<T>& proposed_derivatives,
    EigenPtr<VectorX<T>> residual) const {
  if (is_discrete()) return;  // No continuous state, an empty residual.
  const int nq = num_positions(), nv = num_velocities();
  const VectorX<T> xdot = proposed_derivatives.CopyToVector();
  const VectorX<T> q = internal::MultibodyTreeSystem<T>::GetPositions(context);
  const VectorX<T> v = internal::MultibodyTreeSystem<T>::GetVelocities(context);
  const internal::CompiledTree& compiled = this->tree().compiled_tree();
  VectorX<T> qdot(nq);
  internal::MapVelocityToQDot<T>(compiled, q, v, qdot);
  residual->head(nq) = xdot.head(nq) - qdot;
  MultibodyForces<T> forces(*this);
  CalcAllForces(context, AssembleActuationInput(context), &forces);
  const VectorX<T> tau =
      this->tree().CalcInverseDynamics(context, xdot.tail(nv), forces);
  residual->tail(nv) = tau;
}

template <typename T>
void MultibodyPlant<T>::MapVelocityToQDot(const systems::Context<T>& context,
                                          const Eigen::Ref<const VectorX<T>>& v,
                                          EigenPtr<VectorX<T>> qdot) const {
  ThrowIfNotFinalized("MapVelocityToQDot");
  this->ValidateContext(context);
  if (qdot == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyPlant::MapVelocityToQDot(): qdot is a nullptr.");
  }
  CheckSize("MapVelocityToQDot", "v", v.size(), num_velocities());
  CheckSize("MapVelocityToQDot", "qdot", qdot->size(), num_positions());
  internal::MapVelocityToQDot<T>(
      this->tree().compiled_tree(),
      internal::MultibodyTreeSystem<T>::GetPositions(context), v, *qdot);
}

template <typename T>
void MultibodyPlant<T>::MapQDotToVelocity(
    const systems::Context<T>& context,
    const Eigen::Ref<const VectorX<T>>& qdot, EigenPtr<VectorX<T>> v) const {
  ThrowIfNotFinalized("MapQDotToVelocity");
  this->ValidateContext(context);
  if (v == nullptr) [[unlikely]] {
    ThrowLogicError("MultibodyPlant::MapQDotToVelocity(): v is a nullptr.");
  }
  CheckSize("MapQDotToVelocity", "qdot", qdot.size(), num_positions());
  CheckSize("MapQDotToVelocity", "v", v->size(), num_velocities());
  internal::MapQDotToVelocity<T>(
      this->tree().compiled_tree(),
      internal::MultibodyTreeSystem<T>::GetPositions(context), qdot, *v);
}

template <typename T>
void MultibodyPlant<T>::DoMapQDotToVelocity(
    const systems::Context<T>& context,
    const Eigen::Ref<const VectorX<T>>& qdot, systems::VectorBase<T>* v) const {
  VectorX<T> result(num_velocities());
  MapQDotToVelocity(context, qdot, &result);
  v->SetFromVector(result);
}

template <typename T>
void MultibodyPlant<T>::DoMapVelocityToQDot(
    const systems::Context<T>& context, const Eigen::Ref<const VectorX<T>>& v,
    systems::VectorBase<T>* qdot) const {
  VectorX<T> result(num_positions());
  MapVelocityToQDot(context, v, &result);
  qdot->SetFromVector(result);
}

template <typename T>
void MultibodyPlant<T>::CalcDynamicsOutputs(
    const systems::Context<T>& context,
    internal::DynamicsOutputs<T>* outputs) const {
  if (is_discrete()) {
    ThrowIfActiveConstraintsInStep("CalcDynamicsOutputs", context);
    if constexpr (internal::kIsSymbolicScalar<T>) {
      internal::ThrowNotSymbolic(
          this->get_name(), "CalcDynamicsOutputs",
          "a discrete plant's outputs come from its step, whose solver needs "
          "numbers");
    } else {
      discrete_update_manager_->CalcDynamicsOutputs(context, outputs);
    }
    return;
  }
  const VectorX<T> u = AssembleActuationInput(context);
  MultibodyForces<T> forces(*this);
  CalcAllForces(context, u, &forces);
  CalcDynamicsOutputsFromForces(context, EvalForwardDynamics(context), u,
                                forces, outputs);
}

template <typename T>
void MultibodyPlant<T>::CalcDynamicsOutputsFromForces(
    const systems::Context<T>& context, const VectorX<T>& vdot,
    const VectorX<T>& u, const MultibodyForces<T>& forces,
    internal::DynamicsOutputs<T>* outputs) const {
  const auto& tree = this->tree();
  const internal::MultibodyTreeTopology& topology = tree.get_topology();
  outputs->vdot = vdot;
  outputs->net_actuation = u;
  // Inverse dynamics at the actual v̇ with every force: the mobilizer
  // forces F_BMo_W are then the joints' reaction forces. In the Context's
  // dynamics scratch (a step allocates nothing here).
  internal::TreeComputation<T> c = this->PrepareComputation(context);
  c.CalcInverseDynamicsPerFullMobod(outputs->vdot, forces.generalized_forces(),
                                    forces.body_forces());
  internal::DynamicsScratch<T>& scratch = c.scratch();
  const int n = tree.num_mobods();
  const std::vector<Vector6<T>>& A_WB_W = scratch.A_WB_W;
  const std::vector<Vector6<T>>& F_BMo_W = scratch.F_BMo_W;
  const std::vector<Matrix3<T>>& R_WB = scratch.ws.R_WB;
  const std::vector<Vector3<T>>& p_WB = scratch.ws.p_WB;
  outputs->A_WB.assign(num_bodies(), SpatialAcceleration<T>::Zero());
  for (int m = 1; m < n; ++m) {
    const BodyIndex body = topology.get_mobod(internal::MobodIndex(m)).body;
    outputs->A_WB[body].get_mutable_coeffs() = A_WB_W[m];
  }
  // Indexed by JointIndex (removed joints leave zero entries). The joint
  // slots are walked in place: GetJointIndices() would allocate per step.
  int num_slots = 0;
  for (int found = 0; found < num_joints(); ++num_slots) {
    if (has_joint(JointIndex(num_slots))) ++found;
  }
  outputs->reaction_forces.assign(num_slots, SpatialForce<T>::Zero());
  const std::vector<math::RigidTransform<T>>& X_BF =
      this->GetElementParameters(context).X_BF;
  for (JointIndex j(0); j < num_slots; ++j) {
    if (!has_joint(j)) continue;
    const Joint<T>& joint = get_joint(j);
    const internal::MobodIndex m = topology.joint_to_mobod(j);
    const internal::TopologyMobod& mobod = topology.get_mobod(m);
    // The joint frames' poses in this Context (a FixedOffsetFrame's pose is
    // a parameter), not the model's defaults.
    const math::RigidTransform<T>& X_CJc = X_BF[joint.frame_on_child().index()];
    Vector3<T> tau = F_BMo_W[m].template head<3>();
    Vector3<T> f = F_BMo_W[m].template tail<3>();
    // The child body C and its mobod.
    int c = m;
    if (mobod.reversed) {
      // The mobilizer pushes on the joint's parent body P at Jp (the
      // compiled M); C gets the opposite force, shifted from Jp to Jc:
      // τ_Jc = τ_Jp − p_JpJc × f.
      c = mobod.inboard_mobod;
      const math::RigidTransform<T>& X_PJp =
          X_BF[joint.frame_on_parent().index()];
      const Vector3<T> p_WJp = p_WB[m] + R_WB[m] * X_PJp.translation();
      const Vector3<T> p_WJc = p_WB[c] + R_WB[c] * X_CJc.translation();
      tau = -tau;
      f = -f;
      tau -= (p_WJc - p_WJp).cross(f);
    }
    const Matrix3<T> R_JcW = (R_WB[c] * X_CJc.rotation().matrix()).transpose();
    outputs->reaction_forces[j] = SpatialForce<T>(R_JcW * tau, R_JcW * f);
  }
}

template <typename T>
const internal::DynamicsOutputs<T>& MultibodyPlant<T>::EvalLiveDynamicsOutputs(
    const systems::Context<T>& context) const {
  this->ValidateContext(context);
  return dynamics_outputs_cache_->template Eval<internal::DynamicsOutputs<T>>(
      context);
}

template <typename T>
const internal::DynamicsOutputs<T>& MultibodyPlant<T>::EvalDynamicsOutputs(
    const systems::Context<T>& context) const {
  if (has_sampled_output_ports()) {
    if constexpr (internal::kIsSymbolicScalar<T>) {
      internal::ThrowNotSymbolic(
          this->get_name(), "EvalDynamicsOutputs",
          "a discrete plant's sampled outputs come from its step, whose "
          "solver needs numbers");
    } else {
      return discrete_update_manager_->EvalSampledDynamicsOutputs(*this,
                                                                  context);
    }
  }
  return EvalLiveDynamicsOutputs(context);
}

template <typename T>
T MultibodyPlant<T>::DoCalcPotentialEnergy(
    const systems::Context<T>& context) const {
  return this->tree().CalcPotentialEnergy(context);
}

template <typename T>
T MultibodyPlant<T>::DoCalcKineticEnergy(
    const systems::Context<T>& context) const {
  return this->tree().CalcKineticEnergy(context);
}

template <typename T>
T MultibodyPlant<T>::DoCalcConservativePower(
    const systems::Context<T>& context) const {
  return this->tree().CalcConservativePower(context);
}

template <typename T>
T MultibodyPlant<T>::DoCalcNonConservativePower(
    const systems::Context<T>& context) const {
  return this->tree().CalcNonConservativePower(context);
}

template <typename T>
void MultibodyPlant<T>::set_gravity_enabled(ModelInstanceIndex model_instance,
                                            bool is_enabled) {
  ThrowIfFinalized("set_gravity_enabled");
  ThrowIfInvalidInstance("set_gravity_enabled", model_instance);
  internal_mutable_tree().mutable_gravity_field().set_enabled(model_instance,
                                                              is_enabled);
}

template <typename T>
bool MultibodyPlant<T>::is_gravity_enabled(
    ModelInstanceIndex model_instance) const {
  ThrowIfInvalidInstance("is_gravity_enabled", model_instance);
  return gravity_field().is_enabled(model_instance);
}

}  // namespace ossa::multibody

#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
