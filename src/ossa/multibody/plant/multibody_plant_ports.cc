// MultibodyPlant: input and output ports.

#include <variant>

#include "ossa/geometry/query_object.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody {

template <typename T>
void MultibodyPlant<T>::DeclareGeometryPorts() {
  geometry_query_port_ =
      this->DeclareAbstractInputPort("geometry_query",
                                     Value<geometry::QueryObject<T>>())
          .get_index();
  // Poses depend on q only.
  geometry_pose_port_ =
      this->DeclareAbstractOutputPort(
              "geometry_pose", geometry::FramePoseVector<T>(),
              &MultibodyPlant<T>::CalcFramePoseOutput,
              {this->configuration_ticket()})
          .get_index();
}

template <typename T>
void MultibodyPlant<T>::DeclarePortsAtFinalize() {
  const int nq = num_positions(), nv = num_velocities();
  const int nu = num_actuated_dofs();
  const std::set<systems::DependencyTicket> kinematics{
      this->kinematics_ticket()};

  // Inputs.
  applied_generalized_force_port_ =
      this->DeclareVectorInputPort("applied_generalized_force", nv).get_index();
  applied_spatial_force_port_ =
      this->DeclareAbstractInputPort(
              "applied_spatial_force",
              Value<std::vector<ExternallyAppliedSpatialForce<T>>>())
          .get_index();
  actuation_port_ = this->DeclareVectorInputPort("actuation", nu).get_index();
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    const std::string& name = GetModelInstanceName(instance);
    instance_actuation_ports_.push_back(
        this->DeclareVectorInputPort(name + "_actuation",
                                     num_actuated_dofs(instance))
            .get_index());
    // [q_d; v_d] over every actuator of the instance, as the reference
    // (entries of actuators without PD gains are ignored).
    instance_desired_state_ports_.push_back(
        this->DeclareVectorInputPort(name + "_desired_state",
                                     2 * num_actuated_dofs(instance))
            .get_index());
  }

  // Outputs.
  state_port_ = this->DeclareVectorOutputPort(
                        "state", nq + nv,
                        [this](const systems::Context<T>& context,
                               systems::BasicVector<T>* x) {
                          x->SetFromVector(GetPositionsAndVelocities(context));
                        },
                        {this->all_state_ticket()})
                    .get_index();
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    instance_state_ports_.push_back(
        this->DeclareVectorOutputPort(
                GetModelInstanceName(instance) + "_state",
                num_multibody_states(instance),
                [this, instance](const systems::Context<T>& context,
                                 systems::BasicVector<T>* x) {
                  x->SetFromVector(
                      GetPositionsAndVelocities(context, instance));
                },
                {this->all_state_ticket()})
            .get_index());
  }
  body_poses_port_ =
      this->DeclareAbstractOutputPort(
              "body_poses", std::vector<math::RigidTransform<T>>(num_bodies()),
              &MultibodyPlant<T>::CalcBodyPosesOutput, kinematics)
          .get_index();
  body_spatial_velocities_port_ =
      this->DeclareAbstractOutputPort(
              "body_spatial_velocities",
              std::vector<SpatialVelocity<T>>(num_bodies()),
              &MultibodyPlant<T>::CalcBodySpatialVelocitiesOutput, kinematics)
          .get_index();
  // The dynamic outputs read EvalDynamicsOutputs(), which depends on
  // everything (inputs included) when live.
  body_spatial_accelerations_port_ =
      this->DeclareAbstractOutputPort(
              "body_spatial_accelerations",
              std::vector<SpatialAcceleration<T>>(num_bodies()),
              &MultibodyPlant<T>::CalcBodySpatialAccelerationsOutput)
          .get_index();
  generalized_acceleration_port_ =
      this->DeclareVectorOutputPort(
              "generalized_acceleration", nv,
              [this](const systems::Context<T>& context,
                     systems::BasicVector<T>* vdot) {
                vdot->SetFromVector(EvalDynamicsOutputs(context).vdot);
              })
          .get_index();
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    instance_generalized_acceleration_ports_.push_back(
        this->DeclareVectorOutputPort(
                GetModelInstanceName(instance) + "_generalized_acceleration",
                num_velocities(instance),
                [this, instance](const systems::Context<T>& context,
                                 systems::BasicVector<T>* vdot) {
                  vdot->SetFromVector(GetVelocitiesFromArray(
                      instance, EvalDynamicsOutputs(context).vdot));
                })
            .get_index());
  }
  net_actuation_port_ =
      this->DeclareVectorOutputPort(
              "net_actuation", nu,
              [this](const systems::Context<T>& context,
                     systems::BasicVector<T>* u) {
                u->SetFromVector(EvalDynamicsOutputs(context).net_actuation);
              })
          .get_index();
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    instance_net_actuation_ports_.push_back(
        this->DeclareVectorOutputPort(
                GetModelInstanceName(instance) + "_net_actuation",
                num_actuated_dofs(instance),
                [this, instance](const systems::Context<T>& context,
                                 systems::BasicVector<T>* u) {
                  u->SetFromVector(GetActuationFromArray(
                      instance, EvalDynamicsOutputs(context).net_actuation));
                })
            .get_index());
  }
  contact_results_port_ =
      this->DeclareAbstractOutputPort(
              "contact_results", ContactResults<T>(),
              &MultibodyPlant<T>::CalcContactResultsOutput,
              {this->all_sources_ticket()})
          .get_index();
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    instance_generalized_contact_forces_ports_.push_back(
        this->DeclareVectorOutputPort(
                GetModelInstanceName(instance) + "_generalized_contact_forces",
                num_velocities(instance),
                [this, instance](const systems::Context<T>& context,
                                 systems::BasicVector<T>* tau) {
                  VectorX<T> tau_contact;
                  CalcGeneralizedContactForces(context, &tau_contact);
                  tau->SetFromVector(
                      GetVelocitiesFromArray(instance, tau_contact));
                },
                {this->all_sources_ticket()})
            .get_index());
  }
  // Indexed by JointIndex (a removed joint's entry stays zero).
  const std::vector<JointIndex> joints = GetJointIndices();
  const int num_joint_indices = joints.empty() ? 0 : int{joints.back()} + 1;
  reaction_forces_port_ =
      this->DeclareAbstractOutputPort(
              "reaction_forces",
              std::vector<SpatialForce<T>>(num_joint_indices),
              &MultibodyPlant<T>::CalcReactionForcesOutput)
          .get_index();
}

template <typename T>
void MultibodyPlant<T>::CalcBodyPosesOutput(
    const systems::Context<T>& context,
    std::vector<math::RigidTransform<T>>* X_WB) const {
  const internal::TreeWorkspace<T>& ws = this->EvalPositionKinematics(context);
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  X_WB->resize(num_bodies());
  for (int b = 0; b < num_bodies(); ++b) {
    const int m = topology.body_to_mobod(BodyIndex(b));
    (*X_WB)[b] = math::RigidTransform<T>(math::RotationMatrix<T>(ws.R_WB[m]),
                                         ws.p_WB[m]);
  }
}

template <typename T>
void MultibodyPlant<T>::CalcBodySpatialVelocitiesOutput(
    const systems::Context<T>& context,
    std::vector<SpatialVelocity<T>>* V_WB) const {
  const internal::TreeWorkspace<T>& ws = this->EvalVelocityKinematics(context);
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  V_WB->resize(num_bodies());
  for (int b = 0; b < num_bodies(); ++b) {
    const int m = topology.body_to_mobod(BodyIndex(b));
    (*V_WB)[b] = SpatialVelocity<T>(internal::GetSpatialVelocityInWorld(ws, m));
  }
}

template <typename T>
void MultibodyPlant<T>::CalcBodySpatialAccelerationsOutput(
    const systems::Context<T>& context,
    std::vector<SpatialAcceleration<T>>* A_WB) const {
  *A_WB = EvalDynamicsOutputs(context).A_WB;
}

template <typename T>
void MultibodyPlant<T>::CalcReactionForcesOutput(
    const systems::Context<T>& context,
    std::vector<SpatialForce<T>>* F_CJc_Jc) const {
  *F_CJc_Jc = EvalDynamicsOutputs(context).reaction_forces;
}

// ---------------------------------------------------------------------------
// Getters.

template <typename T>
const systems::InputPort<T>& MultibodyPlant<T>::input_port_or_throw(
    const char* method, systems::InputPortIndex index) const {
  ThrowIfNotFinalized(method);
  return this->get_input_port(index);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::output_port_or_throw(
    const char* method, systems::OutputPortIndex index) const {
  ThrowIfNotFinalized(method);
  return this->get_output_port(index);
}

template <typename T>
const systems::InputPort<T>& MultibodyPlant<T>::get_actuation_input_port()
    const {
  return input_port_or_throw("get_actuation_input_port", actuation_port_);
}

template <typename T>
const systems::InputPort<T>& MultibodyPlant<T>::get_actuation_input_port(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("get_actuation_input_port");
  ThrowIfInvalidInstance("get_actuation_input_port", model_instance);
  return this->get_input_port(instance_actuation_ports_[model_instance]);
}

template <typename T>
const systems::InputPort<T>& MultibodyPlant<T>::get_desired_state_input_port(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("get_desired_state_input_port");
  ThrowIfInvalidInstance("get_desired_state_input_port", model_instance);
  return this->get_input_port(instance_desired_state_ports_[model_instance]);
}

template <typename T>
const systems::InputPort<T>&
MultibodyPlant<T>::get_applied_generalized_force_input_port() const {
  return input_port_or_throw("get_applied_generalized_force_input_port",
                             applied_generalized_force_port_);
}

template <typename T>
const systems::InputPort<T>&
MultibodyPlant<T>::get_applied_spatial_force_input_port() const {
  return input_port_or_throw("get_applied_spatial_force_input_port",
                             applied_spatial_force_port_);
}

template <typename T>
const systems::InputPort<T>& MultibodyPlant<T>::get_geometry_query_input_port()
    const {
  return this->get_input_port(geometry_query_port_);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_state_output_port() const {
  return output_port_or_throw("get_state_output_port", state_port_);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_state_output_port(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("get_state_output_port");
  ThrowIfInvalidInstance("get_state_output_port", model_instance);
  return this->get_output_port(instance_state_ports_[model_instance]);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_generalized_acceleration_output_port() const {
  return output_port_or_throw("get_generalized_acceleration_output_port",
                              generalized_acceleration_port_);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_generalized_acceleration_output_port(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("get_generalized_acceleration_output_port");
  ThrowIfInvalidInstance("get_generalized_acceleration_output_port",
                         model_instance);
  return this->get_output_port(
      instance_generalized_acceleration_ports_[model_instance]);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_net_actuation_output_port()
    const {
  return output_port_or_throw("get_net_actuation_output_port",
                              net_actuation_port_);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_net_actuation_output_port(
    ModelInstanceIndex model_instance) const {
  ThrowIfNotFinalized("get_net_actuation_output_port");
  ThrowIfInvalidInstance("get_net_actuation_output_port", model_instance);
  return this->get_output_port(instance_net_actuation_ports_[model_instance]);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_contact_results_output_port() const {
  return output_port_or_throw("get_contact_results_output_port",
                              contact_results_port_);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_generalized_contact_forces_output_port(
    ModelInstanceIndex model_instance) const {
  const char* kMethod = "get_generalized_contact_forces_output_port";
  ThrowIfNotFinalized(kMethod);
  ThrowIfInvalidInstance(kMethod, model_instance);
  return this->get_output_port(
      instance_generalized_contact_forces_ports_[model_instance]);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_reaction_forces_output_port() const {
  return output_port_or_throw("get_reaction_forces_output_port",
                              reaction_forces_port_);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_body_poses_output_port()
    const {
  return output_port_or_throw("get_body_poses_output_port", body_poses_port_);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_body_spatial_velocities_output_port() const {
  return output_port_or_throw("get_body_spatial_velocities_output_port",
                              body_spatial_velocities_port_);
}

template <typename T>
const systems::OutputPort<T>&
MultibodyPlant<T>::get_body_spatial_accelerations_output_port() const {
  return output_port_or_throw("get_body_spatial_accelerations_output_port",
                              body_spatial_accelerations_port_);
}

template <typename T>
const systems::OutputPort<T>& MultibodyPlant<T>::get_geometry_pose_output_port()
    const {
  return this->get_output_port(geometry_pose_port_);
}

}  // namespace ossa::multibody

#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
