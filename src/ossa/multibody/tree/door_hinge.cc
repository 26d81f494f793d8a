#include "ossa/multibody/tree/door_hinge.h"

#include <cmath>

#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {

namespace {
// s(x, h) = tanh(x/h): a smooth step from −1 to 1 of width ~h.
template <typename T>
T Step(const T& x, double h) {
  using std::tanh;
  return tanh(x / h);
}
// σ(x, h) = 1 − s²: a bump of height 1 at 0.
template <typename T>
T Bump(const T& x, double h) {
  const T s = Step(x, h);
  return 1 - s * s;
}
// δ(x, h) = 2·s·σ = −h·dσ/dx: positive for x > 0, negative for x < 0.
template <typename T>
T DoubleBump(const T& x, double h) {
  return 2 * Step(x, h) * Bump(x, h);
}

void CheckNonNegative(const char* name, double value) {
  if (!(value >= 0) || !std::isfinite(value)) [[unlikely]] {
    ThrowLogicError(
        "DoorHinge(): config.{} is {} but it must be non-negative and finite.",
        name, value);
  }
}
}  // namespace

template <typename T>
DoorHinge<T>::DoorHinge(const RevoluteJoint<T>& joint,
                        const DoorHingeConfig& config)
    : ForceElement<T>(joint.model_instance()), joint_(&joint), config_(config) {
  CheckNonNegative("spring_constant", config.spring_constant);
  CheckNonNegative("dynamic_friction_torque", config.dynamic_friction_torque);
  CheckNonNegative("static_friction_torque", config.static_friction_torque);
  CheckNonNegative("viscous_friction", config.viscous_friction);
  CheckNonNegative("catch_width", config.catch_width);
  if (!(config.motion_threshold > 0) || !std::isfinite(config.motion_threshold))
      [[unlikely]] {
    ThrowLogicError(
        "DoorHinge(): config.motion_threshold is {} but it must be positive "
        "and finite.",
        config.motion_threshold);
  }
}

template <typename T>
T DoorHinge<T>::CalcHingeSpringTorque(const T& angle) const {
  T torque = config_.spring_constant * (config_.spring_zero_angle_rad - angle);
  if (config_.catch_width > 0) {
    const double half = config_.catch_width / 2;
    torque += config_.catch_torque * DoubleBump<T>(angle - half, half);
  }
  return torque;
}

template <typename T>
T DoorHinge<T>::CalcHingeFrictionalTorque(const T& angular_rate) const {
  const double h = config_.motion_threshold;
  return -config_.viscous_friction * angular_rate -
         config_.dynamic_friction_torque * Step<T>(angular_rate, h) -
         config_.static_friction_torque * DoubleBump<T>(angular_rate, h);
}

template <typename T>
void DoorHinge<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&, MultibodyForces<T>* forces) const {
  forces->mutable_generalized_forces()[joint_->velocity_start()] +=
      CalcHingeTorque(joint_->get_angle(context),
                      joint_->get_angular_rate(context));
}

template <typename T>
T DoorHinge<T>::CalcPotentialEnergy(const systems::Context<T>& context,
                                    const internal::TreeWorkspace<T>&) const {
  // ½k((θ − θ₀)² − θ₀²) = ½k·θ·(θ − 2θ₀): zero at θ = 0 without the
  // cancellation of two large squares.
  const T angle = joint_->get_angle(context);
  T U = 0.5 * config_.spring_constant * angle *
        (angle - 2 * config_.spring_zero_angle_rad);
  if (config_.catch_width > 0) {
    const double half = config_.catch_width / 2;
    U += config_.catch_torque * half *
         (Bump<T>(angle - half, half) - Bump<double>(-half, half));
  }
  return U;
}

template <typename T>
T DoorHinge<T>::CalcConservativePower(const systems::Context<T>& context,
                                      const internal::TreeWorkspace<T>&,
                                      const internal::TreeWorkspace<T>&) const {
  return CalcHingeSpringTorque(joint_->get_angle(context)) *
         joint_->get_angular_rate(context);
}

template <typename T>
T DoorHinge<T>::CalcNonConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  const T rate = joint_->get_angular_rate(context);
  return CalcHingeFrictionalTorque(rate) * rate;
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> DoorHinge<T>::TemplatedClone(
    const internal::MultibodyTree<U>& tree_clone) const {
  const auto& joint_clone = dynamic_cast<const RevoluteJoint<U>&>(
      tree_clone.get_joint(joint_->index()));
  return std::make_unique<DoorHinge<U>>(joint_clone, config_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(DoorHinge)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::DoorHinge);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::DoorHinge);
