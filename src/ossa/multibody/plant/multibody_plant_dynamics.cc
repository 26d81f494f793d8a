// MultibodyPlant: applied forces, forward dynamics, time derivatives and the
// results of the dynamic output ports.

#include <cmath>

#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/tree_kernels.h"

namespace ossa::multibody {

namespace {
template <typename T>
bool HasNaN(const Eigen::Ref<const VectorX<T>>& values) {
  for (int i = 0; i < values.size(); ++i) {
    using std::isnan;
    if (isnan(ExtractDoubleOrThrow(values[i]))) return true;
  }
  return false;
}
}  // namespace

template <typename T>
VectorX<T> MultibodyPlant<T>::AssembleActuationInput(
    const systems::Context<T>& context) const {
  VectorX<T> u = VectorX<T>::Zero(num_actuated_dofs());
  const systems::InputPort<T>& all = this->get_input_port(actuation_port_);
  if (all.HasValue(context)) {
    const VectorX<T>& u_all = all.Eval(context);
    if (HasNaN<T>(u_all)) [[unlikely]] {
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
    if (HasNaN<T>(u_instance)) [[unlikely]] {
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
  return u;
}

template <typename T>
void MultibodyPlant<T>::CalcAppliedForces(
    const systems::Context<T>& context, const VectorX<T>& u,
    VectorX<T>* tau_app, std::vector<Vector6<T>>* F_app_Bo_W) const {
  const auto& tree = this->tree();
  const internal::CompiledTree& compiled = tree.compiled_tree();
  const internal::TreeParameters<T>& params = this->GetParameters(context);
  const int nv = num_velocities();
  // Joint damping: τ = −d·v.
  tau_app->setZero(nv);
  internal::CalcJointDampingForces<T>(
      compiled, params,
      internal::MultibodyTreeSystem<T>::GetVelocities(context), *tau_app);
  // Actuation: u enters at its joint's (single) velocity.
  for (JointActuatorIndex a : GetJointActuatorIndices()) {
    const JointActuator<T>& actuator = get_joint_actuator(a);
    (*tau_app)[actuator.joint().velocity_start()] += u[actuator.input_start()];
  }
  const systems::InputPort<T>& generalized =
      this->get_input_port(applied_generalized_force_port_);
  if (generalized.HasValue(context)) {
    const VectorX<T>& tau = generalized.Eval(context);
    if (HasNaN<T>(tau)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the applied_generalized_force input port contains "
          "NaN.");
    }
    *tau_app += tau;
  }
  F_app_Bo_W->clear();
  const systems::InputPort<T>& spatial =
      this->get_input_port(applied_spatial_force_port_);
  if (!spatial.HasValue(context)) return;
  const auto& forces =
      spatial.template Eval<std::vector<ExternallyAppliedSpatialForce<T>>>(
          context);
  if (forces.empty()) return;
  F_app_Bo_W->assign(tree.num_mobods(), Vector6<T>::Zero());
  const internal::TreeWorkspace<T>& ws = this->EvalPositionKinematics(context);
  for (const ExternallyAppliedSpatialForce<T>& force : forces) {
    if (!force.body_index.is_valid() || force.body_index.raw() >= num_bodies())
        [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the applied_spatial_force input port names body "
          "index {}, but this plant has {} bodies.",
          force.body_index.is_valid() ? std::to_string(force.body_index.raw())
                                      : std::string("<invalid>"),
          num_bodies());
    }
    if (HasNaN<T>(force.F_Bq_W.get_coeffs()) || HasNaN<T>(force.p_BoBq_B))
        [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the spatial force applied on body '{}' contains "
          "NaN.",
          get_body(force.body_index).name());
    }
    const int m = tree.get_topology().body_to_mobod(force.body_index);
    // Shift from Bq to Bo: τ_Bo = τ_Bq + p_BoBq_W × f.
    const Vector3<T> p_BoBq_W = ws.R_WB[m] * force.p_BoBq_B;
    Vector6<T>& F = (*F_app_Bo_W)[m];
    F.template head<3>() += force.F_Bq_W.rotational() +
                            p_BoBq_W.cross(force.F_Bq_W.translational());
    F.template tail<3>() += force.F_Bq_W.translational();
  }
}

template <typename T>
void MultibodyPlant<T>::CalcForwardDynamicsForStep(
    const systems::Context<T>& context, VectorX<T>* vdot) const {
  const auto& tree = this->tree();
  const internal::CompiledTree& compiled = tree.compiled_tree();
  const internal::TreeParameters<T>& params = this->GetParameters(context);
  VectorX<T> tau_app;
  std::vector<Vector6<T>> F_app_Bo_W;
  CalcAppliedForces(context, AssembleActuationInput(context), &tau_app,
                    &F_app_Bo_W);
  // The articulated body pass needs its own workspace: start from the
  // cached kinematics.
  internal::TreeWorkspace<T> ws = this->EvalVelocityKinematics(context);
  const Vector3<T> g_W = gravity_W_.template cast<T>();
  vdot->resize(num_velocities());
  internal::CalcForwardDynamicsArticulatedBody<T>(
      compiled, params, g_W, tau_app, F_app_Bo_W, &ws, *vdot);
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
  const int nq = num_positions(), nv = num_velocities();
  if (nq + nv == 0) return;
  const VectorX<T> q = internal::MultibodyTreeSystem<T>::GetPositions(context);
  const VectorX<T> v = internal::MultibodyTreeSystem<T>::GetVelocities(context);
  VectorX<T> xdot(nq + nv);
  internal::MapVelocityToQDot<T>(this->tree().compiled_tree(), q, v,
                                 xdot.head(nq));
  xdot.tail(nv) = EvalForwardDynamics(context);
  derivatives->SetFromVector(xdot);
}

template <typename T>
void MultibodyPlant<T>::DoCalcImplicitTimeDerivativesResidual(
    const systems::Context<T>& context,
    const systems::ContinuousState<T>& proposed_derivatives,
    EigenPtr<VectorX<T>> residual) const {
  const int nq = num_positions(), nv = num_velocities();
  const VectorX<T> xdot = proposed_derivatives.CopyToVector();
  const VectorX<T> q = internal::MultibodyTreeSystem<T>::GetPositions(context);
  const VectorX<T> v = internal::MultibodyTreeSystem<T>::GetVelocities(context);
  const internal::CompiledTree& compiled = this->tree().compiled_tree();
  VectorX<T> qdot(nq);
  internal::MapVelocityToQDot<T>(compiled, q, v, qdot);
  residual->head(nq) = xdot.head(nq) - qdot;
  VectorX<T> tau_app;
  std::vector<Vector6<T>> F_app_Bo_W;
  CalcAppliedForces(context, AssembleActuationInput(context), &tau_app,
                    &F_app_Bo_W);
  internal::TreeWorkspace<T> ws = this->EvalVelocityKinematics(context);
  VectorX<T> tau(nv);
  internal::CalcInverseDynamics<T>(compiled, this->GetParameters(context),
                                   xdot.tail(nv), gravity_W_.template cast<T>(),
                                   tau_app, F_app_Bo_W, &ws, tau);
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
  const auto& tree = this->tree();
  const internal::CompiledTree& compiled = tree.compiled_tree();
  const internal::MultibodyTreeTopology& topology = tree.get_topology();
  const internal::TreeParameters<T>& params = this->GetParameters(context);
  const VectorX<T> u = AssembleActuationInput(context);
  VectorX<T> tau_app;
  std::vector<Vector6<T>> F_app_Bo_W;
  CalcAppliedForces(context, u, &tau_app, &F_app_Bo_W);
  outputs->vdot = EvalForwardDynamics(context);
  outputs->net_actuation = u;
  // Inverse dynamics at the actual v̇ with every applied force: the
  // mobilizer forces F_BMo_W are then the joints' reaction forces.
  internal::TreeWorkspace<T> ws = this->EvalVelocityKinematics(context);
  const Vector3<T> g_W = gravity_W_.template cast<T>();
  VectorX<T> tau_id(num_velocities());
  internal::SpatialVectorArray<T> A_WB_W, F_BMo_W;
  internal::CalcInverseDynamics<T>(compiled, params, outputs->vdot, g_W,
                                   tau_app, F_app_Bo_W, &ws, tau_id, &A_WB_W,
                                   &F_BMo_W);
  outputs->A_WB.assign(num_bodies(), SpatialAcceleration<T>::Zero());
  for (int m = 1; m < tree.num_mobods(); ++m) {
    const BodyIndex body = topology.get_mobod(internal::MobodIndex(m)).body;
    outputs->A_WB[body] = SpatialAcceleration<T>(A_WB_W[m]);
  }
  outputs->reaction_forces.assign(num_joints(), SpatialForce<T>::Zero());
  for (JointIndex j : GetJointIndices()) {
    const Joint<T>& joint = get_joint(j);
    const internal::MobodIndex m = topology.joint_to_mobod(j);
    const internal::TopologyMobod& mobod = topology.get_mobod(m);
    const math::RigidTransform<T> X_CJc =
        joint.frame_on_child().GetFixedPoseInBodyFrame().template cast<T>();
    Vector3<T> tau = F_BMo_W[m].template head<3>();
    Vector3<T> f = F_BMo_W[m].template tail<3>();
    // The child body C and its mobod.
    int c = m;
    if (mobod.reversed) {
      // The mobilizer pushes on the joint's parent body P at Jp (the
      // compiled M); C gets the opposite force, shifted from Jp to Jc:
      // τ_Jc = τ_Jp − p_JpJc × f.
      c = mobod.inboard_mobod;
      const math::RigidTransform<T> X_PJp =
          joint.frame_on_parent().GetFixedPoseInBodyFrame().template cast<T>();
      const Vector3<T> p_WJp = ws.p_WB[m] + ws.R_WB[m] * X_PJp.translation();
      const Vector3<T> p_WJc = ws.p_WB[c] + ws.R_WB[c] * X_CJc.translation();
      tau = -tau;
      f = -f;
      tau -= (p_WJc - p_WJp).cross(f);
    }
    const Matrix3<T> R_JcW =
        (ws.R_WB[c] * X_CJc.rotation().matrix()).transpose();
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
    return discrete_update_manager_->EvalSampledDynamicsOutputs(*this, context);
  }
  return EvalLiveDynamicsOutputs(context);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
