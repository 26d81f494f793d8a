#include "ossa/systems/primitives/discrete_time_delay.h"

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
DiscreteTimeDelay<T>::DiscreteTimeDelay(double update_sec, int delay_time_steps,
                                        int vector_size)
    : LeafSystem<T>(SystemTypeTag<DiscreteTimeDelay>{}),
      update_sec_(update_sec),
      delay_(delay_time_steps),
      n_(vector_size) {
  internal::ThrowUnlessPositiveFinite("DiscreteTimeDelay", "update_sec",
                                      update_sec);
  internal::ThrowUnlessAtLeastOne("DiscreteTimeDelay", "delay_time_steps",
                                  delay_time_steps);
  internal::ThrowUnlessAtLeastOne("DiscreteTimeDelay", "vector_size",
                                  vector_size);
  this->DeclareVectorInputPort("u", n_);
  this->DeclareDiscreteState((delay_ + 1) * n_);
  this->DeclarePeriodicDiscreteUpdateEvent(update_sec_, 0.0,
                                           &DiscreteTimeDelay::Update);
  this->DeclareVectorOutputPort("delayed_u", n_, &DiscreteTimeDelay::CalcOutput,
                                {this->xd_ticket()});
}

template <typename T>
DiscreteTimeDelay<T>::DiscreteTimeDelay(
    double update_sec, int delay_time_steps,
    const AbstractValue& abstract_model_value)
    : LeafSystem<T>(SystemTypeTag<DiscreteTimeDelay>{}),
      update_sec_(update_sec),
      delay_(delay_time_steps),
      n_(0),
      abstract_(true) {
  internal::ThrowUnlessPositiveFinite("DiscreteTimeDelay", "update_sec",
                                      update_sec);
  internal::ThrowUnlessAtLeastOne("DiscreteTimeDelay", "delay_time_steps",
                                  delay_time_steps);
  this->DeclareAbstractInputPort("u", abstract_model_value);
  for (int i = 0; i <= delay_; ++i) {
    this->DeclareAbstractState(abstract_model_value);
  }
  this->DeclarePeriodicUnrestrictedUpdateEvent(
      update_sec_, 0.0, &DiscreteTimeDelay::UpdateAbstract);
  // The oldest sample, abstract state 0.
  this->DeclareStateOutputPort("delayed_u", AbstractStateIndex(0));
}

template <typename T>
void DiscreteTimeDelay<T>::ThrowNotConvertible() {
  ThrowLogicError(
      "DiscreteTimeDelay: an abstract delay does not convert to another "
      "scalar type (its values are not converted).");
}

template <typename T>
EventStatus DiscreteTimeDelay<T>::UpdateAbstract(const Context<T>& context,
                                                 State<T>* state) const {
  // Shift the samples one slot older and append the input.
  auto& values = state->get_mutable_abstract_state();
  for (int i = 0; i < delay_; ++i) {
    values.get_mutable_value(i).SetFrom(
        context.get_abstract_state().get_value(i + 1));
  }
  values.get_mutable_value(delay_).SetFrom(
      this->get_input_port(0).EvalAbstract(context));
  return EventStatus::Succeeded();
}

template <typename T>
EventStatus DiscreteTimeDelay<T>::Update(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  const VectorX<T>& buffer = context.get_discrete_state(0).value();
  VectorX<T> next(buffer.size());
  next.head(delay_ * n_) = buffer.tail(delay_ * n_);
  next.tail(n_) = this->get_input_port(0).Eval(context);
  discrete_state->get_mutable_vector(0).SetFromVector(next);
  return EventStatus::Succeeded();
}

template <typename T>
void DiscreteTimeDelay<T>::CalcOutput(const Context<T>& context,
                                      BasicVector<T>* output) const {
  output->get_mutable_value() = context.get_discrete_state(0).value().head(n_);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteTimeDelay);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteTimeDelay);
