#include "ossa/systems/primitives/zero_order_hold.h"

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
ZeroOrderHold<T>::ZeroOrderHold(double period_sec, int vector_size,
                                double offset_sec)
    : ZeroOrderHold(period_sec, vector_size, offset_sec, nullptr) {}

template <typename T>
ZeroOrderHold<T>::ZeroOrderHold(double period_sec,
                                const AbstractValue& abstract_model_value,
                                double offset_sec)
    : ZeroOrderHold(period_sec, 0, offset_sec, abstract_model_value.Clone()) {}

template <typename T>
ZeroOrderHold<T>::ZeroOrderHold(double period_sec, int vector_size,
                                double offset_sec,
                                std::unique_ptr<AbstractValue> model)
    : LeafSystem<T>(SystemTypeTag<ZeroOrderHold>{}),
      period_sec_(period_sec),
      offset_sec_(offset_sec),
      vector_size_(vector_size),
      abstract_model_value_(std::move(model)) {
  if (!(period_sec > 0.0) || !(offset_sec >= 0.0)) {
    ThrowLogicError(
        "ZeroOrderHold(): period_sec must be > 0 and offset_sec >= 0, got "
        "period_sec = {}, offset_sec = {}.",
        period_sec, offset_sec);
  }
  if (abstract_model_value_) {
    this->DeclareAbstractInputPort("u", *abstract_model_value_);
    const int index = this->DeclareAbstractState(*abstract_model_value_);
    this->DeclareStateOutputPort("y", AbstractStateIndex(index));
    this->DeclarePeriodicUnrestrictedUpdateEvent(
        period_sec_, offset_sec_,
        &ZeroOrderHold::LatchInputAbstractValueToState);
    return;
  }
  if (vector_size < 1) {
    ThrowLogicError("ZeroOrderHold(): vector_size must be >= 1, got {}.",
                    vector_size);
  }
  this->DeclareVectorInputPort("u", vector_size);
  this->DeclareDiscreteState(VectorX<T>::Zero(vector_size));
  this->DeclareVectorOutputPort(
      "y", vector_size, &ZeroOrderHold::CopyLatchedVector, {this->xd_ticket()});
  this->DeclarePeriodicDiscreteUpdateEvent(
      period_sec_, offset_sec_, &ZeroOrderHold::LatchInputVectorToState);
}

template <typename T>
EventStatus ZeroOrderHold<T>::LatchInputVectorToState(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  discrete_state->get_mutable_vector(0).SetFromVector(
      this->get_input_port(0).Eval(context));
  return EventStatus::Succeeded();
}

template <typename T>
EventStatus ZeroOrderHold<T>::LatchInputAbstractValueToState(
    const Context<T>& context, State<T>* state) const {
  state->get_mutable_abstract_state().get_mutable_value(0).SetFrom(
      this->get_input_port(0).EvalAbstract(context));
  return EventStatus::Succeeded();
}

template <typename T>
void ZeroOrderHold<T>::CopyLatchedVector(const Context<T>& context,
                                         BasicVector<T>* output) const {
  output->SetFrom(context.get_discrete_state(0));
}

template <typename T>
void ZeroOrderHold<T>::LatchInputPortToState(Context<T>* context) const {
  this->ValidateContext(*context);
  if (abstract_model_value_) {
    context->get_mutable_abstract_state().get_mutable_value(0).SetFrom(
        this->get_input_port(0).EvalAbstract(*context));
  } else {
    const VectorX<T> u = this->get_input_port(0).Eval(*context);
    context->SetDiscreteState(0, u);
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ZeroOrderHold);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ZeroOrderHold);
