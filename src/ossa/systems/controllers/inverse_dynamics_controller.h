#pragma once

/// @file
/// InverseDynamicsController<T>: computed-torque control of a fully actuated
/// MultibodyPlant, as a Diagram.
///
/// A PidController turns the tracking error into a commanded acceleration
///   v̇_c = kp ⊙ (q_d − q) + ki ⊙ ∫(q_d − q) dt + kd ⊙ (v_d − v) + v̇_d
/// (v̇_d = 0 without the reference acceleration input), and InverseDynamics
/// turns it into generalized forces tau = M(q)·v̇_c + C(q, v)·v − tau_app.
/// The actuation is u = B⁻¹·tau with B the plant's actuation matrix. On the
/// controller's own model, the closed loop is the linear error dynamics
/// ë + kd ⊙ ė + kp ⊙ e + ki ⊙ ∫e = 0 for e = q_d − q.
///
/// Ports: inputs "estimated_state" (nq + nv), "desired_state" (nq + nv) and,
/// with has_reference_acceleration, "desired_acceleration" (nv); outputs
/// "actuation" (num_actuated_dofs) and "generalized_force" (nv).
/// Subsystems: "InverseDynamics", "pid", "+", "B⁻¹" and, without the
/// reference acceleration input, "desired_acceleration=0".

#include <memory>

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/controllers/inverse_dynamics.h"
#include "ossa/systems/controllers/pid_controller.h"
#include "ossa/systems/framework/diagram.h"

namespace ossa::systems::controllers {

template <typename T>
class InverseDynamicsController final : public Diagram<T> {
 public:
  /// Controls with `plant` (which must outlive this controller), with a copy
  /// of `plant_context` for its parameters if given. Throws
  /// std::logic_error if the plant is not finalized, if nq ≠ nv, if it is
  /// not fully actuated (one actuator per velocity), or if kp, ki and kd do
  /// not all have nq entries.
  InverseDynamicsController(const multibody::MultibodyPlant<T>& plant,
                            const Eigen::VectorXd& kp,
                            const Eigen::VectorXd& ki,
                            const Eigen::VectorXd& kd,
                            bool has_reference_acceleration,
                            const Context<T>* plant_context = nullptr);
  /// As above, owning the plant.
  InverseDynamicsController(std::unique_ptr<multibody::MultibodyPlant<T>> plant,
                            const Eigen::VectorXd& kp,
                            const Eigen::VectorXd& ki,
                            const Eigen::VectorXd& kd,
                            bool has_reference_acceleration,
                            const Context<T>* plant_context = nullptr);
  ~InverseDynamicsController() override;

  /// Sets the PID's ∫(q_d − q) dt in this controller's `context`.
  void set_integral_value(Context<T>* context,
                          const Eigen::Ref<const VectorX<T>>& value) const;

  const InputPort<T>& get_input_port_estimated_state() const {
    return this->get_input_port(input_index_estimated_state_);
  }
  const InputPort<T>& get_input_port_desired_state() const {
    return this->get_input_port(input_index_desired_state_);
  }
  /// Throws std::logic_error unless constructed with
  /// has_reference_acceleration.
  const InputPort<T>& get_input_port_desired_acceleration() const;
  /// The actuation u (the "actuation" port).
  const OutputPort<T>& get_output_port_control() const {
    return this->get_output_port(output_index_control_);
  }
  const OutputPort<T>& get_output_port_generalized_force() const {
    return this->get_output_port(output_index_generalized_force_);
  }
  const multibody::MultibodyPlant<T>* get_multibody_plant_for_control() const {
    return plant_;
  }

 private:
  void SetUp(const Eigen::VectorXd& kp, const Eigen::VectorXd& ki,
             const Eigen::VectorXd& kd, const Context<T>* plant_context);

  std::unique_ptr<multibody::MultibodyPlant<T>> owned_plant_;
  const multibody::MultibodyPlant<T>* plant_{nullptr};
  const PidController<T>* pid_{nullptr};
  bool has_reference_acceleration_{false};
  InputPortIndex input_index_estimated_state_;
  InputPortIndex input_index_desired_state_;
  InputPortIndex input_index_desired_acceleration_;
  OutputPortIndex output_index_control_;
  OutputPortIndex output_index_generalized_force_;
};

}  // namespace ossa::systems::controllers

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::InverseDynamicsController);
