#include "ossa/multibody/tree/joint_actuator.h"

#include <cmath>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

namespace {

template <typename T>
systems::Context<T>* ThrowIfNullContext(const char* method,
                                        systems::Context<T>* context) {
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the context is a nullptr.", method);
  }
  return context;
}

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
  if (!std::isfinite(gear_ratio)) [[unlikely]] {
    ThrowLogicError(
        "set_default_gear_ratio(): the gear ratio of actuator '{}' must be "
        "finite (got {}).",
        name_, gear_ratio);
  }
  gear_ratio_ = gear_ratio;
}

template <typename T>
const internal::MultibodyTreeSystem<T>& JointActuator<T>::ContextSystem(
    const char* method) const {
  const internal::MultibodyTree<T>* tree = this->parent_tree();
  if (tree == nullptr || !tree->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "{}(): actuator '{}' is not part of a finalized model; its rotor "
        "inertia and gear ratio live in the Context of a finalized "
        "MultibodyPlant.",
        method, name_);
  }
  return tree->tree_system(method);
}

template <typename T>
const T& JointActuator<T>::rotor_inertia(
    const systems::Context<T>& context) const {
  return ContextSystem("JointActuator::rotor_inertia")
      .GetElementParameters(context)
      .rotor_inertia[index_];
}

template <typename T>
const T& JointActuator<T>::gear_ratio(
    const systems::Context<T>& context) const {
  return ContextSystem("JointActuator::gear_ratio")
      .GetElementParameters(context)
      .gear_ratio[index_];
}

template <typename T>
T JointActuator<T>::calc_reflected_inertia(
    const systems::Context<T>& context) const {
  const internal::ElementParameters<T>& p =
      ContextSystem("JointActuator::calc_reflected_inertia")
          .GetElementParameters(context);
  const T& rho = p.gear_ratio[index_];
  // Each product is materialized: Eigen makes two AutoDiffXd derivative
  // vectors of different sizes (a constant has none) coherent only when
  // neither operand is an expression.
  const T rho_squared = rho * rho;
  const T reflected = rho_squared * p.rotor_inertia[index_];
  return reflected;
}

template <typename T>
void JointActuator<T>::SetRotorInertia(systems::Context<T>* context,
                                       const T& rotor_inertia) const {
  const char* kMethod = "JointActuator::SetRotorInertia";
  if constexpr (scalar_predicate<T>::is_bool) {
    if (!(rotor_inertia >= 0)) [[unlikely]] {
      ThrowLogicError(
          "{}(): the rotor inertia of actuator '{}' must be nonnegative (got "
          "{}).",
          kMethod, name_, ExtractDoubleOrThrow(rotor_inertia));
    }
  }
  const T rho = gear_ratio(*ThrowIfNullContext(kMethod, context));
  SetRotorParameters(kMethod, context, rotor_inertia, rho);
}

template <typename T>
void JointActuator<T>::SetGearRatio(systems::Context<T>* context,
                                    const T& gear_ratio) const {
  const char* kMethod = "JointActuator::SetGearRatio";
  if constexpr (scalar_predicate<T>::is_bool) {
    if (!std::isfinite(ExtractDoubleOrThrow(gear_ratio))) [[unlikely]] {
      ThrowLogicError(
          "{}(): the gear ratio of actuator '{}' must be finite (got {}).",
          kMethod, name_, ExtractDoubleOrThrow(gear_ratio));
    }
  }
  const T Ir = rotor_inertia(*ThrowIfNullContext(kMethod, context));
  SetRotorParameters(kMethod, context, Ir, gear_ratio);
}

template <typename T>
void JointActuator<T>::SetRotorParameters(const char* method,
                                          systems::Context<T>* context,
                                          const T& rotor_inertia,
                                          const T& gear_ratio) const {
  const internal::MultibodyTreeSystem<T>& system = ContextSystem(method);
  internal::ElementParameters<T>& elements =
      system.GetMutableElementParameters(context);
  elements.rotor_inertia[index_] = rotor_inertia;
  elements.gear_ratio[index_] = gear_ratio;
  // The kernels read one reflected inertia per dof: the sum over every
  // actuator of this joint, as Compile() forms the default.
  const internal::MultibodyTree<T>& tree = system.tree();
  const internal::MultibodyTreeTopology& topology = tree.get_topology();
  const int v =
      topology.get_mobod(topology.joint_to_mobod(joint_->index())).v_start;
  T reflected(0);
  const int num_indices = static_cast<int>(elements.rotor_inertia.size());
  for (int a = 0; a < num_indices; ++a) {
    const JointActuatorIndex index(a);
    if (!tree.has_joint_actuator(index) ||
        tree.get_joint_actuator(index).joint().index() != joint_->index()) {
      continue;
    }
    // Materialized step by step (see calc_reflected_inertia()).
    const T rho_squared = elements.gear_ratio[a] * elements.gear_ratio[a];
    const T term = rho_squared * elements.rotor_inertia[a];
    reflected += term;
  }
  system.GetMutableParameters(context).reflected_inertia[v] = reflected;
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
