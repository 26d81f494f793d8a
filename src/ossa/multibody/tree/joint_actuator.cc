#include "ossa/multibody/tree/joint_actuator.h"

#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {

namespace {
void CheckEffortLimit(const char* method, const std::string& name,
                      double effort_limit) {
  if (!(effort_limit > 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the effort limit of joint actuator '{}' must be strictly "
        "positive (got {}).",
        method, name, effort_limit);
  }
}
}  // namespace

template <typename T>
JointActuator<T>::JointActuator(const std::string& name, const Joint<T>& joint,
                                double effort_limit)
    : MultibodyElement<T>(joint.model_instance()),
      name_(name),
      joint_(&joint),
      effort_limit_(effort_limit) {
  CheckEffortLimit("JointActuator", name, effort_limit);
  if (joint.num_velocities() != 1) [[unlikely]] {
    ThrowLogicError(
        "JointActuator(): actuator '{}' is on joint '{}' ({}), which has {} "
        "degrees of freedom; actuators are supported on single "
        "degree-of-freedom joints only.",
        name, joint.name(), joint.type_name(), joint.num_velocities());
  }
}

template <typename T>
JointActuator<T>::~JointActuator() = default;

template <typename T>
JointActuatorIndex JointActuator<T>::index() const {
  if (!index_.is_valid()) [[unlikely]] {
    ThrowLogicError(
        "JointActuator::index(): actuator '{}' was not added to a model yet; "
        "add it with AddJointActuator() first.",
        name_);
  }
  return index_;
}

template <typename T>
void JointActuator<T>::set_effort_limit(double effort_limit) {
  CheckEffortLimit("set_effort_limit", name_, effort_limit);
  effort_limit_ = effort_limit;
}

template <typename T>
void JointActuator<T>::set_default_rotor_inertia(double rotor_inertia) {
  if (this->parent_tree() && this->parent_tree()->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "set_default_rotor_inertia(): actuator '{}': post-finalize calls are "
        "not allowed; calls to this method must happen before Finalize().",
        name_);
  }
  if (!(rotor_inertia >= 0)) [[unlikely]] {
    ThrowLogicError(
        "set_default_rotor_inertia(): the rotor inertia of actuator '{}' must "
        "be nonnegative (got {}).",
        name_, rotor_inertia);
  }
  rotor_inertia_ = rotor_inertia;
}

template <typename T>
void JointActuator<T>::set_default_gear_ratio(double gear_ratio) {
  if (this->parent_tree() && this->parent_tree()->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "set_default_gear_ratio(): actuator '{}': post-finalize calls are not "
        "allowed; calls to this method must happen before Finalize().",
        name_);
  }
  if (!std::isfinite(gear_ratio)) [[unlikely]] {
    ThrowLogicError(
        "set_default_gear_ratio(): the gear ratio of actuator '{}' must be "
        "finite (got {}).",
        name_, gear_ratio);
  }
  gear_ratio_ = gear_ratio;
}

template <typename T>
void JointActuator<T>::set_controller_gains(PdControllerGains gains) {
  if (!(gains.p > 0) || !(gains.d >= 0)) [[unlikely]] {
    ThrowLogicError(
        "set_controller_gains(): actuator '{}': the proportional gain must be "
        "strictly positive and the derivative gain nonnegative (got p = {}, "
        "d = {}).",
        name_, gains.p, gains.d);
  }
  gains_ = gains;
}

template <typename T>
const PdControllerGains& JointActuator<T>::get_controller_gains() const {
  if (!gains_) [[unlikely]] {
    ThrowLogicError(
        "get_controller_gains(): actuator '{}' has no PD controller; set its "
        "gains with set_controller_gains() first.",
        name_);
  }
  return *gains_;
}

template <typename T>
int JointActuator<T>::input_start() const {
  if (input_start_ < 0) [[unlikely]] {
    ThrowLogicError(
        "JointActuator::input_start(): actuator '{}': pre-finalize calls are "
        "not allowed; call Finalize() first.",
        name_);
  }
  return input_start_;
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::JointActuator);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::JointActuator);
