#include "ossa/systems/controllers/inverse_dynamics_controller.h"

#include <utility>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/primitives/adder.h"
#include "ossa/systems/primitives/constant_vector_source.h"
#include "ossa/systems/primitives/matrix_gain.h"

namespace ossa::systems::controllers {

using multibody::MultibodyPlant;

template <typename T>
InverseDynamicsController<T>::InverseDynamicsController(
    const MultibodyPlant<T>& plant, const Eigen::VectorXd& kp,
    const Eigen::VectorXd& ki, const Eigen::VectorXd& kd,
    bool has_reference_acceleration, const Context<T>* plant_context)
    : plant_(&plant), has_reference_acceleration_(has_reference_acceleration) {
  SetUp(kp, ki, kd, plant_context);
}

template <typename T>
InverseDynamicsController<T>::InverseDynamicsController(
    std::unique_ptr<MultibodyPlant<T>> plant, const Eigen::VectorXd& kp,
    const Eigen::VectorXd& ki, const Eigen::VectorXd& kd,
    bool has_reference_acceleration, const Context<T>* plant_context)
    : owned_plant_(std::move(plant)),
      plant_(owned_plant_.get()),
      has_reference_acceleration_(has_reference_acceleration) {
  if (plant_ == nullptr)
    ThrowLogicError("InverseDynamicsController(): the plant is null.");
  SetUp(kp, ki, kd, plant_context);
}

template <typename T>
InverseDynamicsController<T>::~InverseDynamicsController() = default;

template <typename T>
void InverseDynamicsController<T>::SetUp(const Eigen::VectorXd& kp,
                                         const Eigen::VectorXd& ki,
                                         const Eigen::VectorXd& kd,
                                         const Context<T>* plant_context) {
  const MultibodyPlant<T>& plant = *plant_;
  if (!plant.is_finalized()) {
    ThrowLogicError(
        "InverseDynamicsController(): the plant must be finalized; call "
        "MultibodyPlant::Finalize() first.");
  }
  const int nq = plant.num_positions();
  const int nv = plant.num_velocities();
  if (nq != nv) {
    ThrowLogicError(
        "InverseDynamicsController(): the plant has {} positions but {} "
        "velocities; the controller needs as many of each (no quaternion "
        "joints).",
        nq, nv);
  }
  if (plant.num_actuated_dofs() != nv) {
    ThrowLogicError(
        "InverseDynamicsController(): your plant has {} positions, but only "
        "{} actuators. The controller only supports fully actuated robots "
        "(e.g. not an unactuated floating base); the plant used for control "
        "is often a model of the robot alone, not the simulated scene.",
        nq, plant.num_actuated_dofs());
  }
  if (kp.size() != nq || ki.size() != nq || kd.size() != nq) {
    ThrowLogicError(
        "InverseDynamicsController(): kp ({}), ki ({}) and kd ({}) must all "
        "have one gain per position ({}).",
        kp.size(), ki.size(), kd.size(), nq);
  }

  DiagramBuilder<T> builder;
  auto* inverse_dynamics = builder.template AddNamedSystem<InverseDynamics<T>>(
      "InverseDynamics", plant_,
      InverseDynamics<T>::InverseDynamicsMode::kInverseDynamics, plant_context);
  auto* pid =
      builder.template AddNamedSystem<PidController<T>>("pid", kp, ki, kd);
  pid_ = pid;
  // B is square with one unit entry per column here (fully actuated), so
  // B⁻¹ = Bᵀ = B⁺.
  auto* actuation = builder.template AddNamedSystem<MatrixGain<T>>(
      "B⁻¹", Eigen::MatrixXd(plant.MakeActuationMatrixPseudoinverse()));

  input_index_estimated_state_ = builder.ExportInput(
      inverse_dynamics->get_input_port_estimated_state(), "estimated_state");
  builder.ConnectInput(input_index_estimated_state_,
                       pid->get_input_port_estimated_state());
  input_index_desired_state_ =
      builder.ExportInput(pid->get_input_port_desired_state(), "desired_state");

  // v̇_c = PID + v̇_d; without the reference input, v̇_d is a constant zero
  // source (the reference's structure, so subsystem names match).
  auto* adder = builder.template AddNamedSystem<Adder<T>>("+", 2, nv);
  builder.Connect(pid->get_output_port_control(), adder->get_input_port(0));
  builder.Connect(adder->get_output_port(),
                  inverse_dynamics->get_input_port_desired_acceleration());
  if (has_reference_acceleration_) {
    input_index_desired_acceleration_ =
        builder.ExportInput(adder->get_input_port(1), "desired_acceleration");
  } else {
    auto* zero = builder.template AddNamedSystem<ConstantVectorSource<T>>(
        "desired_acceleration=0", VectorX<T>::Zero(nv));
    builder.Connect(zero->get_output_port(), adder->get_input_port(1));
  }

  builder.Connect(inverse_dynamics->get_output_port_generalized_force(),
                  actuation->get_input_port(0));
  output_index_control_ =
      builder.ExportOutput(actuation->get_output_port(0), "actuation");
  output_index_generalized_force_ = builder.ExportOutput(
      inverse_dynamics->get_output_port_generalized_force(),
      "generalized_force");
  builder.BuildInto(this);
}

template <typename T>
const InputPort<T>&
InverseDynamicsController<T>::get_input_port_desired_acceleration() const {
  if (!has_reference_acceleration_) {
    ThrowLogicError(
        "InverseDynamicsController::get_input_port_desired_acceleration(): "
        "this controller was made without has_reference_acceleration, so it "
        "has no desired acceleration input.");
  }
  return this->get_input_port(input_index_desired_acceleration_);
}

template <typename T>
void InverseDynamicsController<T>::set_integral_value(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& value) const {
  Context<T>& pid_context = this->GetMutableSubsystemContext(*pid_, context);
  pid_->set_integral_value(&pid_context, value);
}

}  // namespace ossa::systems::controllers

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::InverseDynamicsController);
