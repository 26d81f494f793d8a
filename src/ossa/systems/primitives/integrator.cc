#include "ossa/systems/primitives/integrator.h"

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
Integrator<T>::Integrator(int size)
    : Integrator(Eigen::VectorXd::Zero(size >= 1 ? size : 0)) {}

template <typename T>
Integrator<T>::Integrator(
    const Eigen::Ref<const Eigen::VectorXd>& initial_value)
    : LeafSystem<T>(SystemTypeTag<Integrator>{}),
      default_value_(initial_value) {
  if (initial_value.size() < 1) {
    ThrowLogicError(
        "Integrator(): the size must be at least 1 (got an initial value of "
        "{} entries).",
        initial_value.size());
  }
  const int n = static_cast<int>(initial_value.size());
  this->DeclareVectorInputPort("u0", n);
  this->DeclareContinuousState(n);
  this->DeclareStateOutputPort("y0", ContinuousStateIndex(0));
}

template <typename T>
void Integrator<T>::set_default_integral_value(
    const Eigen::Ref<const Eigen::VectorXd>& value) {
  if (value.size() != default_value_.size()) {
    ThrowLogicError(
        "Integrator::set_default_integral_value(): the value has {} "
        "entries; the integrator has {}.",
        value.size(), default_value_.size());
  }
  default_value_ = value;
}

template <typename T>
void Integrator<T>::set_integral_value(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& value) const {
  internal::SetContinuousStateChecked("Integrator::set_integral_value", *this,
                                     context, value);
}

template <typename T>
void Integrator<T>::SetDefaultState(const Context<T>& context,
                                    State<T>* state) const {
  LeafSystem<T>::SetDefaultState(context, state);
  state->get_mutable_continuous_state().SetFromVector(
      default_value_.template cast<T>());
}

template <typename T>
void Integrator<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  derivatives->SetFromVector(this->get_input_port(0).Eval(context));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Integrator);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Integrator);
