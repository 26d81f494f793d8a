#include "ossa/systems/controllers/pid_controller.h"

#include "ossa/common/error.h"

namespace ossa::systems::controllers {
namespace {

Eigen::MatrixXd Identity(Eigen::Index n) {
  return Eigen::MatrixXd::Identity(n, n);
}

}  // namespace

template <typename T>
PidController<T>::PidController(const Eigen::VectorXd& kp,
                                const Eigen::VectorXd& ki,
                                const Eigen::VectorXd& kd)
    : PidController(Identity(2 * kp.size()), Identity(kp.size()), kp, ki, kd) {}

template <typename T>
PidController<T>::PidController(const Eigen::MatrixXd& state_projection,
                                const Eigen::VectorXd& kp,
                                const Eigen::VectorXd& ki,
                                const Eigen::VectorXd& kd)
    : PidController(state_projection, Identity(kp.size()), kp, ki, kd) {}

template <typename T>
PidController<T>::PidController(const Eigen::MatrixXd& state_projection,
                                const Eigen::MatrixXd& output_projection,
                                const Eigen::VectorXd& kp,
                                const Eigen::VectorXd& ki,
                                const Eigen::VectorXd& kd)
    : LeafSystem<T>(SystemTypeTag<PidController>{}),
      kp_(kp),
      ki_(ki),
      kd_(kd),
      num_controlled_q_(static_cast<int>(kp.size())),
      num_full_state_(static_cast<int>(state_projection.cols())),
      state_projection_(state_projection),
      output_projection_(output_projection) {
  // Zero gains are allowed (a controller of nothing, e.g. for a plant
  // without degrees of freedom), as in the reference.
  if (kp.size() != ki.size() || kp.size() != kd.size()) {
    ThrowLogicError(
        "PidController(): kp ({}), ki ({}) and kd ({}) must have the same "
        "size.",
        kp.size(), ki.size(), kd.size());
  }
  if (state_projection.rows() != 2 * num_controlled_q_) {
    ThrowLogicError(
        "PidController(): the state projection has {} rows; it must have "
        "2·{} = {} (one per controlled position and velocity).",
        state_projection.rows(), num_controlled_q_, 2 * num_controlled_q_);
  }
  if (output_projection.cols() != num_controlled_q_) {
    ThrowLogicError(
        "PidController(): the output projection has {} columns; it must have "
        "{} (one per controlled position).",
        output_projection.cols(), num_controlled_q_);
  }
  this->DeclareContinuousState(num_controlled_q_);
  input_index_state_ =
      this->DeclareVectorInputPort("estimated_state", num_full_state_)
          .get_index();
  input_index_desired_state_ =
      this->DeclareVectorInputPort("desired_state", 2 * num_controlled_q_)
          .get_index();
  output_index_control_ =
      this->DeclareVectorOutputPort(
              "control", static_cast<int>(output_projection_.rows()),
              &PidController::CalcControl,
              {this->all_input_ports_ticket(), this->all_state_ticket()})
          .get_index();
}

template <typename T>
double PidController<T>::Singleton(const Eigen::VectorXd& k,
                                   const char* method) const {
  if (k.size() != 1) {
    ThrowLogicError(
        "PidController::{}(): the controller has {} gains; use the vector "
        "accessor.",
        method, k.size());
  }
  return k[0];
}

template <typename T>
double PidController<T>::get_Kp_singleton() const {
  return Singleton(kp_, "get_Kp_singleton");
}
template <typename T>
double PidController<T>::get_Ki_singleton() const {
  return Singleton(ki_, "get_Ki_singleton");
}
template <typename T>
double PidController<T>::get_Kd_singleton() const {
  return Singleton(kd_, "get_Kd_singleton");
}

template <typename T>
void PidController<T>::set_integral_value(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& value) const {
  this->ValidateContext(*context);
  if (value.size() != num_controlled_q_) {
    ThrowLogicError(
        "PidController::set_integral_value(): the value has {} entries; "
        "expected {}.",
        value.size(), num_controlled_q_);
  }
  context->get_mutable_continuous_state_vector().SetFromVector(value);
}

template <typename T>
VectorX<T> PidController<T>::CalcError(const Context<T>& context) const {
  const VectorX<T>& x = get_input_port_estimated_state().Eval(context);
  const VectorX<T>& x_d = get_input_port_desired_state().Eval(context);
  return x_d - state_projection_.template cast<T>() * x;
}

template <typename T>
void PidController<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  const VectorX<T> error = CalcError(context);
  derivatives->get_mutable_vector().SetFromVector(
      error.head(num_controlled_q_));
}

template <typename T>
void PidController<T>::CalcControl(const Context<T>& context,
                                   BasicVector<T>* control) const {
  const VectorX<T> error = CalcError(context);
  const VectorX<T> integral =
      context.get_continuous_state_vector().CopyToVector();
  const int n = num_controlled_q_;
  VectorX<T> u(n);
  for (int i = 0; i < n; ++i) {
    u[i] = kp_[i] * error[i] + ki_[i] * integral[i] + kd_[i] * error[n + i];
  }
  control->get_mutable_value() = output_projection_.template cast<T>() * u;
}

}  // namespace ossa::systems::controllers

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::controllers::PidController);
