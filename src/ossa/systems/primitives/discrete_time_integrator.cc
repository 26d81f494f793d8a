#include "ossa/systems/primitives/discrete_time_integrator.h"

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
DiscreteTimeIntegrator<T>::DiscreteTimeIntegrator(int size, double time_step)
    : LeafSystem<T>(SystemTypeTag<DiscreteTimeIntegrator>{}),
      size_(size),
      time_step_(time_step) {
  internal::ThrowUnlessAtLeastOne("DiscreteTimeIntegrator", "size", size);
  internal::ThrowUnlessPositiveFinite("DiscreteTimeIntegrator", "time_step",
                                      time_step);
  this->DeclareVectorInputPort("u", size);
  const DiscreteStateIndex x = this->DeclareDiscreteState(size);
  this->DeclareStateOutputPort("y", x);
  this->DeclarePeriodicDiscreteUpdateEvent(time_step, 0.0,
                                           &DiscreteTimeIntegrator::Update);
}

template <typename T>
void DiscreteTimeIntegrator<T>::set_integral_value(
    Context<T>* context, const Eigen::Ref<const VectorX<T>>& value) const {
  if (context == nullptr) {
    ThrowLogicError(
        "DiscreteTimeIntegrator::set_integral_value(): context is null.");
  }
  this->ValidateContext(*context);
  if (value.size() != size_) {
    ThrowLogicError(
        "DiscreteTimeIntegrator::set_integral_value(): the value has {} "
        "entries; the integrator has {}.",
        value.size(), size_);
  }
  context->SetDiscreteState(0, value);
}

template <typename T>
EventStatus DiscreteTimeIntegrator<T>::Update(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  const VectorX<T>& x = context.get_discrete_state(0).value();
  const VectorX<T>& u = this->get_input_port(0).Eval(context);
  discrete_state->get_mutable_vector(0).SetFromVector(x + T(time_step_) * u);
  return EventStatus::Succeeded();
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteTimeIntegrator);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteTimeIntegrator);
