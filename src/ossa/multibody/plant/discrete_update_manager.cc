#include "ossa/multibody/plant/discrete_update_manager.h"

#include <cmath>
#include <string>
#include <type_traits>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/tree_computation.h"

namespace ossa::multibody::internal {

template <typename T>
DiscreteUpdateManager<T>::~DiscreteUpdateManager() = default;

template <typename T>
void DiscreteUpdateManager<T>::DeclareCacheEntries(MultibodyPlant<T>* plant) {
  plant_ = plant;
  solver_ = std::make_unique<DiscreteStepSolver<T>>(*plant);
  const int nq = plant->num_positions();
  const int nv = plant->num_velocities();
  const int nu = plant->num_actuated_dofs();

  instance_inputs_.assign(plant->num_model_instances(), {});
  for (int i = 0; i < plant->num_model_instances(); ++i) {
    for (JointActuatorIndex a :
         plant->GetJointActuatorIndices(ModelInstanceIndex(i))) {
      instance_inputs_[i].push_back(plant->get_joint_actuator(a).input_start());
    }
  }

  // Scratch: depends on nothing, so it is computed once per Context (when
  // first used) and then only written through GetMutableScratch().
  const MultibodyForces<T> zero_forces(*plant);
  Scratch scratch{*solver_->MakeScratch(),
                  zero_forces,
                  zero_forces,
                  VectorX<T>::Zero(nu),
                  Matrix3X<T>(),
                  PointContactMaterialCache(),
                  {}};
  scratch_entry_ =
      &plant->DeclareCacheEntry(std::string("discrete step scratch"), scratch,
                                [](const systems::Context<T>&, Scratch*) {},
                                {systems::SystemBase::nothing_ticket()});

  DiscreteStepResults<T> model_results;
  model_results.Resize(nq, nv, nu);
  results_entry_ = &plant->DeclareCacheEntry(
      std::string("discrete step results"), model_results,
      [this](const systems::Context<T>& context,
             DiscreteStepResults<T>* results) {
        CalcResults(context, results);
      },
      {systems::SystemBase::all_sources_ticket()});

  const double h = plant->time_step();
  if (plant->has_sampled_output_ports()) {
    Sample sample;
    sample.results = model_results;
    // Zeros before the first step, sized as the live outputs.
    sample.outputs.vdot = VectorX<T>::Zero(nv);
    sample.outputs.A_WB.assign(plant->num_bodies(),
                               SpatialAcceleration<T>::Zero());
    sample.outputs.net_actuation = VectorX<T>::Zero(nu);
    sample.outputs.reaction_forces.assign(plant->num_joints(),
                                          SpatialForce<T>::Zero());
    sample_index_ = plant->DeclareAbstractState(Value<Sample>(sample));
    plant->DeclarePeriodicUnrestrictedUpdateEvent(
        h, 0.0, &MultibodyPlant<T>::CalcSampledDiscreteStep);
    // Also on demand (ExecuteForcedEvents), as the reference.
    plant->DeclareForcedUnrestrictedUpdateEvent(
        &MultibodyPlant<T>::CalcSampledDiscreteStep);
  } else {
    plant->DeclarePeriodicDiscreteUpdateEvent(
        h, 0.0, &MultibodyPlant<T>::CalcDiscreteStep);
    plant->DeclareForcedDiscreteUpdateEvent(
        &MultibodyPlant<T>::CalcDiscreteStep);
  }
}

template <typename T>
typename DiscreteUpdateManager<T>::Scratch&
DiscreteUpdateManager<T>::GetMutableScratch(
    const systems::Context<T>& context) const {
  // Make sure the value exists and is marked up to date, then write into it:
  // it is per-Context memory, never an input of another computation.
  scratch_entry_->EvalAbstract(context);
  return scratch_entry_->get_mutable_cache_entry_value(context)
      .GetMutableAbstractValueOrThrow()
      .template get_mutable_value<Scratch>();
}

template <typename T>
void DiscreteUpdateManager<T>::AssembleInputs(
    const systems::Context<T>& context, Scratch* scratch) const {
  const MultibodyPlant<T>& plant = *plant_;
  DiscreteStepInputs<T>& inputs = scratch->step.inputs;
  // Feedforward actuation: the sum of the whole-plant and per-instance
  // ports (unconnected ones are zero).
  inputs.u_ff.setZero();
  const systems::InputPort<T>& all =
      plant.get_input_port(plant.actuation_port_);
  if (all.HasValue(context)) {
    const VectorX<T>& u_all = all.Eval(context);
    if (HasNaNValue(u_all)) [[unlikely]] {
      ThrowLogicError("MultibodyPlant: the actuation input port contains NaN.");
    }
    inputs.u_ff += u_all;
  }
  // PD targets: per instance, x_d = [q_d; v_d] over the instance's
  // actuators; an instance without a connected port is not PD controlled.
  inputs.qd.setZero();
  inputs.vd.setZero();
  for (int i = 0; i < plant.num_model_instances(); ++i) {
    const std::vector<int>& indices = instance_inputs_[i];
    const int n = static_cast<int>(indices.size());
    if (n == 0) continue;
    const systems::InputPort<T>& port =
        plant.get_input_port(plant.instance_actuation_ports_[i]);
    if (port.HasValue(context)) {
      const VectorX<T>& u_instance = port.Eval(context);
      if (HasNaNValue(u_instance)) [[unlikely]] {
        ThrowLogicError(
            "MultibodyPlant: the actuation input port for model instance "
            "'{}' contains NaN.",
            plant.GetModelInstanceName(ModelInstanceIndex(i)));
      }
      for (int k = 0; k < n; ++k) inputs.u_ff[indices[k]] += u_instance[k];
    }
    const systems::InputPort<T>& desired =
        plant.get_input_port(plant.instance_desired_state_ports_[i]);
    const bool armed = desired.HasValue(context);
    if (armed) {
      const VectorX<T>& x_d = desired.Eval(context);
      for (int k = 0; k < n; ++k) {
        inputs.qd[indices[k]] = x_d[k];
        inputs.vd[indices[k]] = x_d[n + k];
      }
    }
    for (int k = 0; k < n; ++k) inputs.pd_armed[indices[k]] = armed ? 1 : 0;
  }
  // Applied forces (ports, without actuation: the solver applies it) and
  // the force elements. When uniform gravity on every body is the only
  // element, the solver's kernels apply it (as g_W), and the full tree's
  // kinematics the elements would need are never computed.
  plant.CalcAppliedForces(context, scratch->u_zero, &scratch->applied);
  const bool gravity_in_kernel = IsUniformGravityTheOnlyForceElement();
  if (gravity_in_kernel) {
    scratch->elements.SetZero();
    inputs.g_W = plant.gravity_field().gravity_vector().template cast<T>();
  } else {
    plant.tree().CalcForceElementsContribution(context, &scratch->elements);
    inputs.g_W.setZero();
  }
  inputs.tau_applied = scratch->applied.generalized_forces() +
                       scratch->elements.generalized_forces();
  // The tree adds joint damping −D·v[n] to the force elements; the solver
  // treats damping itself, so it is taken out again.
  const TreeParameters<T>& params = plant.GetParameters(context);
  if (!gravity_in_kernel && params.damping.size() > 0) {
    const VectorX<T>& x0 = context.get_discrete_state(0).value();
    inputs.tau_applied +=
        params.damping.cwiseProduct(x0.tail(plant.num_velocities()));
  }
  // Spatial forces per mobod, or none at all (the common case: the solver
  // then skips them).
  const auto& F_applied = scratch->applied.body_forces();
  const auto& F_elements = scratch->elements.body_forces();
  // (For AutoDiffXd a zero force may still carry derivatives: kept.)
  bool any_force = !std::is_same_v<T, double>;
  for (size_t b = 0; b < F_applied.size() && !any_force; ++b) {
    any_force = F_applied[b].get_coeffs() != Vector6<T>::Zero() ||
                F_elements[b].get_coeffs() != Vector6<T>::Zero();
  }
  if (!any_force) {
    inputs.F_applied_Bo_W.clear();
    return;
  }
  const MultibodyTreeTopology& topology = plant.tree().get_topology();
  const int num_mobods = plant.tree().num_mobods();
  inputs.F_applied_Bo_W.resize(num_mobods);
  for (int m = 0; m < num_mobods; ++m) {
    const BodyIndex body = topology.get_mobod(MobodIndex(m)).body;
    inputs.F_applied_Bo_W[m] =
        F_applied[body].get_coeffs() + F_elements[body].get_coeffs();
  }
}

template <typename T>
void DiscreteUpdateManager<T>::AddGravityFromPreparedPoses(
    const systems::Context<T>& context, MultibodyForces<T>* forces) const {
  const MultibodyPlant<T>& plant = *plant_;
  TreeComputation<T> c = plant.PrepareComputation(context);
  c.EvalKinematics(KinematicsNeed::kPositionAndWorld);
  const TreeParameters<T>& params = plant.GetParameters(context);
  const MultibodyTreeTopology& topology = plant.tree().get_topology();
  const Vector3<T> g_W =
      plant.gravity_field().gravity_vector().template cast<T>();
  std::vector<SpatialForce<T>>& F = forces->mutable_body_forces();
  for (int m = 1; m < plant.tree().num_mobods(); ++m) {
    // F_Bo_W = [p_BoBcm_W × m·g; m·g], as the gravity element.
    const MobodParameters<T>& body = params.mobods[m];
    const Vector3<T> p_BoBcm_W = c.ReExpressInWorld(m, body.p_BoBcm_B);
    const Vector3<T> f_W = body.mass * g_W;
    const BodyIndex b = topology.get_mobod(MobodIndex(m)).body;
    F[b].rotational() += p_BoBcm_W.cross(f_W);
    F[b].translational() += f_W;
  }
}

template <typename T>
bool DiscreteUpdateManager<T>::IsUniformGravityTheOnlyForceElement() const {
  const MultibodyPlant<T>& plant = *plant_;
  if (plant.num_force_elements() != 1) return false;
  for (int i = 0; i < plant.num_model_instances(); ++i) {
    if (!plant.gravity_field().is_enabled(ModelInstanceIndex(i))) return false;
  }
  return true;
}

template <typename T>
void DiscreteUpdateManager<T>::CalcResults(
    const systems::Context<T>& context, DiscreteStepResults<T>* results) const {
  Scratch& scratch = GetMutableScratch(context);
  AssembleInputs(context, &scratch);
  CalcDiscreteContactPairs(context, &scratch,
                           &scratch.step.inputs.contact_pairs);
  if (plant_->num_constraints() > 0) {
    scratch.step.inputs.constraints =
        CalcConstraintKinematics(*plant_, context);
  } else {
    scratch.step.inputs.constraints.clear();
  }
  try {
    solver_->Step(*plant_, context, scratch.step.inputs, &scratch.step,
                  results);
  } catch (const SingularHingeInertiaError& error) {
    plant_->tree().ThrowSingularHingeInertia(error, plant_->weld_merged_tree());
  }
}

template <typename T>
const DiscreteStepResults<T>& DiscreteUpdateManager<T>::EvalDiscreteStepResults(
    const systems::Context<T>& context) const {
  return results_entry_->template Eval<DiscreteStepResults<T>>(context);
}

template <typename T>
const DiscreteStepResults<T>&
DiscreteUpdateManager<T>::EvalStepResultsForOutputs(
    const systems::Context<T>& context) const {
  if (has_sample()) {
    return context.template get_abstract_state<Sample>(sample_index_).results;
  }
  return EvalDiscreteStepResults(context);
}

template <typename T>
const DynamicsOutputs<T>& DiscreteUpdateManager<T>::EvalSampledDynamicsOutputs(
    const MultibodyPlant<T>& plant, const systems::Context<T>& context) const {
  if (has_sample()) {
    return context.template get_abstract_state<Sample>(sample_index_).outputs;
  }
  return plant.EvalLiveDynamicsOutputs(context);
}

template <typename T>
bool DiscreteUpdateManager<T>::sample_is_valid(
    const systems::Context<T>& context) const {
  if (!has_sample()) [[unlikely]] {
    ThrowLogicError(
        "DiscreteUpdateManager::sample_is_valid(): the plant does not use "
        "sampled output ports.");
  }
  return context.template get_abstract_state<Sample>(sample_index_).valid;
}

template <typename T>
void DiscreteUpdateManager<T>::CalcDynamicsOutputs(
    const systems::Context<T>& context, DynamicsOutputs<T>* outputs) const {
  const MultibodyPlant<T>& plant = *plant_;
  const DiscreteStepResults<T>& results = EvalDiscreteStepResults(context);
  // Every force of the step: applied (with the step's net actuation), the
  // force elements, and the step's damping and joint-limit forces in place
  // of the tree's explicit damping.
  // The scratch forces are free again once the step results exist.
  Scratch& scratch = GetMutableScratch(context);
  MultibodyForces<T>& forces = scratch.applied;
  plant.CalcAppliedForces(context, results.net_actuation, &forces);
  const TreeParameters<T>& params = plant.GetParameters(context);
  VectorX<T>& tau = forces.mutable_generalized_forces();
  if (IsUniformGravityTheOnlyForceElement()) {
    // Gravity, the only element, from the world poses of the tree the
    // outputs are computed on (on the weld-merged tree, the full tree's
    // kinematics, which the force elements would evaluate, are never
    // computed).
    AddGravityFromPreparedPoses(context, &forces);
  } else {
    plant.tree().CalcForceElementsContribution(context, &scratch.elements);
    forces.AddInForces(scratch.elements);
    if (params.damping.size() > 0) {
      const VectorX<T>& x0 = context.get_discrete_state(0).value();
      tau += params.damping.cwiseProduct(x0.tail(plant.num_velocities()));
    }
  }
  tau +=
      results.tau_damping + results.tau_joint_limits + results.tau_constraints;
  plant.AddContactResultsForces(context, results.contact_results, &forces);
  std::vector<SpatialForce<T>>& F = forces.mutable_body_forces();
  for (const auto& constraint : results.constraint_body_forces) {
    F[constraint.body].rotational() += constraint.F_Bo_W.template head<3>();
    F[constraint.body].translational() += constraint.F_Bo_W.template tail<3>();
  }
  plant.CalcDynamicsOutputsFromForces(context, results.vdot,
                                      results.net_actuation, forces, outputs);
}

template <typename T>
void DiscreteUpdateManager<T>::CalcDiscreteValues(
    const MultibodyPlant<T>&, const systems::Context<T>& context,
    systems::DiscreteValues<T>* next_state) const {
  const DiscreteStepResults<T>& results = EvalDiscreteStepResults(context);
  const int nq = results.q_next.size();
  auto x_next = next_state->get_mutable_value(0);
  x_next.head(nq) = results.q_next;
  x_next.tail(results.v_next.size()) = results.v_next;
}

template <typename T>
systems::EventStatus DiscreteUpdateManager<T>::CalcSampledDiscreteStep(
    const systems::Context<T>& context, systems::State<T>* state) const {
  const DiscreteStepResults<T>& results = EvalDiscreteStepResults(context);
  const DynamicsOutputs<T>& outputs = plant_->EvalLiveDynamicsOutputs(context);
  const int nq = results.q_next.size();
  auto x_next = state->get_mutable_discrete_state(0).get_mutable_value();
  x_next.head(nq) = results.q_next;
  x_next.tail(results.v_next.size()) = results.v_next;
  Sample& sample =
      state->template get_mutable_abstract_state<Sample>(sample_index_);
  sample.results = results;
  sample.outputs = outputs;
  sample.valid = true;
  return systems::EventStatus::Succeeded();
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteUpdateManager);
