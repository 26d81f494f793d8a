#include "ossa/systems/primitives/discrete_derivative.h"

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::systems {

template <typename T>
DiscreteDerivative<T>::DiscreteDerivative(int num_inputs, double time_step,
                                          bool suppress_initial_transient)
    : LeafSystem<T>(SystemTypeTag<DiscreteDerivative>{}),
      n_(num_inputs),
      time_step_(time_step),
      suppress_(suppress_initial_transient) {
  internal::ThrowUnlessAtLeastOne("DiscreteDerivative", "num_inputs",
                                  num_inputs);
  internal::ThrowUnlessPositiveFinite("DiscreteDerivative", "time_step",
                                      time_step);
  this->DeclareVectorInputPort("u", n_);
  this->DeclareDiscreteState(n_);                // u[n]
  this->DeclareDiscreteState(n_);                // u[n-1]
  if (suppress_) this->DeclareDiscreteState(1);  // samples taken
  this->DeclarePeriodicDiscreteUpdateEvent(time_step_, 0.0,
                                           &DiscreteDerivative::Update);
  this->DeclareVectorOutputPort("dudt", n_, &DiscreteDerivative::CalcOutput,
                                {this->xd_ticket()});
}

template <typename T>
EventStatus DiscreteDerivative<T>::Update(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  discrete_state->get_mutable_vector(1).SetFromVector(
      context.get_discrete_state(0).value());
  discrete_state->get_mutable_vector(0).SetFromVector(
      this->get_input_port(0).Eval(context));
  if (suppress_) {
    discrete_state->get_mutable_vector(2).SetAtIndex(
        0, context.get_discrete_state(2).value()[0] + T(1.0));
  }
  return EventStatus::Succeeded();
}

template <typename T>
void DiscreteDerivative<T>::CalcOutput(const Context<T>& context,
                                       BasicVector<T>* output) const {
  if (suppress_ &&
      ExtractDoubleOrThrow(context.get_discrete_state(2).value()[0]) < 2.0) {
    output->SetZero();
    return;
  }
  output->get_mutable_value() = (context.get_discrete_state(0).value() -
                                 context.get_discrete_state(1).value()) /
                                T(time_step_);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteDerivative);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteDerivative);
