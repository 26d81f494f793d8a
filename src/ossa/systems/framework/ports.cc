// Definitions of the typed ports: InputPort<T>, OutputPort<T> and the
// leaf and diagram output ports.

#include <fmt/format.h>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_context.h"
#include "ossa/systems/framework/diagram_output_port.h"
#include "ossa/systems/framework/leaf_output_port.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

// ---------------------------------------------------------------- InputPort

template <typename T>
InputPort<T>::InputPort(const System<T>* system, const SystemBase* system_base,
                        std::string name, InputPortIndex index,
                        DependencyTicket ticket, PortDataType data_type,
                        int size, std::unique_ptr<AbstractValue> model_value)
    : InputPortBase(system_base, std::move(name), index, ticket, data_type,
                    size),
      system_(system),
      model_value_(std::move(model_value)) {
  OSSA_DEMAND(model_value_ != nullptr);
}

template <typename T>
InputPort<T>::~InputPort() = default;

template <typename T>
const AbstractValue& InputPort<T>::EvalAbstract(
    const Context<T>& context) const {
  const AbstractValue* value = system_->EvalAbstractInput(context, get_index());
  if (value == nullptr) [[unlikely]] {
    ThrowLogicError(
        "InputPort::Eval(): required {} is neither connected nor fixed.",
        GetFullDescription());
  }
  return *value;
}

template <typename T>
const VectorX<T>& InputPort<T>::Eval(const Context<T>& context) const {
  if (get_data_type() != kVectorValued) [[unlikely]] {
    ThrowLogicError(
        "InputPort::Eval(): {} is abstract-valued; use Eval<ValueType>() to "
        "get its value.",
        GetFullDescription());
  }
  return EvalAbstract(context).template get_value<BasicVector<T>>().value();
}

template <typename T>
bool InputPort<T>::HasValue(const Context<T>& context) const {
  return system_->EvalAbstractInput(context, get_index()) != nullptr;
}

template <typename T>
FixedInputPortValue& InputPort<T>::FixValueAbstract(
    Context<T>* context, const AbstractValue& value) const {
  if (!context) ThrowLogicError("InputPort::FixValue(): context is null.");
  system_->ValidateContext(*context);
  if (get_data_type() == kVectorValued) {
    const auto* vec = value.maybe_get_value<BasicVector<T>>();
    if (!vec)
      ThrowLogicError(
          "InputPort::FixValue(): {} is vector-valued (size {}) but the value "
          "is a {}.",
          GetFullDescription(), size(), value.GetNiceTypeName());
    if (vec->size() != size())
      ThrowLogicError(
          "InputPort::FixValue(): expected a vector of size {} for {} but got "
          "size {}.",
          size(), GetFullDescription(), vec->size());
  } else if (value.type_info() != model_value_->type_info()) {
    ThrowLogicError(
        "InputPort::FixValue(): {} expects a value of type {} but got a {}.",
        GetFullDescription(), model_value_->GetNiceTypeName(),
        value.GetNiceTypeName());
  }
  return context->FixInputPort(get_index(), value);
}

// --------------------------------------------------------------- OutputPort

template <typename T>
OutputPort<T>::OutputPort(const System<T>* system,
                          const SystemBase* system_base, std::string name,
                          OutputPortIndex index, DependencyTicket ticket,
                          PortDataType data_type, int size)
    : OutputPortBase(system_base, std::move(name), index, ticket, data_type,
                     size),
      system_(system) {}

template <typename T>
OutputPort<T>::~OutputPort() = default;

template <typename T>
const AbstractValue& OutputPort<T>::EvalAbstract(
    const Context<T>& context) const {
  return this->DoEvalAbstract(context);
}

template <typename T>
const VectorX<T>& OutputPort<T>::Eval(const Context<T>& context) const {
  if (this->get_data_type() != kVectorValued) [[unlikely]] {
    ThrowLogicError(
        "OutputPort::Eval(): {} is abstract-valued; use Eval<ValueType>() to "
        "get its value.",
        this->GetFullDescription());
  }
  return EvalAbstract(context).template get_value<BasicVector<T>>().value();
}

template <typename T>
void OutputPort<T>::Calc(const Context<T>& context,
                         AbstractValue* value) const {
  if (!value) ThrowLogicError("OutputPort::Calc(): value is null.");
  system_->ValidateContext(context);
  if (value->type_info() != Allocate()->type_info())
    ThrowLogicError(
        "OutputPort::Calc(): {} produces a {} but the value is a {}.",
        this->GetFullDescription(), Allocate()->GetNiceTypeName(),
        value->GetNiceTypeName());
  DoCalc(context, value);
}

template <typename T>
LeafOutputPort<T>::LeafOutputPort(const System<T>* system,
                                  const SystemBase* system_base,
                                  std::string name, OutputPortIndex index,
                                  DependencyTicket ticket,
                                  PortDataType data_type, int size,
                                  const CacheEntry* cache_entry)
    : OutputPort<T>(system, system_base, std::move(name), index, ticket,
                    data_type, size),
      cache_entry_(cache_entry) {}

template <typename T>
LeafOutputPort<T>::~LeafOutputPort() = default;

template <typename T>
DiagramOutputPort<T>::DiagramOutputPort(const System<T>* diagram,
                                        const SystemBase* system_base,
                                        std::string name, OutputPortIndex index,
                                        DependencyTicket ticket,
                                        const OutputPort<T>* source_output_port,
                                        SubsystemIndex source_subsystem)
    : OutputPort<T>(diagram, system_base, std::move(name), index, ticket,
                    source_output_port->get_data_type(),
                    source_output_port->size()),
      source_(source_output_port),
      subsystem_(source_subsystem) {}

template <typename T>
DiagramOutputPort<T>::~DiagramOutputPort() = default;

template <typename T>
const AbstractValue& DiagramOutputPort<T>::DoEvalAbstract(
    const ContextBase& context) const {
  this->get_system_interface().ValidateContext(context);
  const auto& diagram_context = static_cast<const DiagramContext<T>&>(context);
  return source_->DoEvalAbstract(
      diagram_context.GetSubsystemContext(subsystem_));
}

template <typename T>
void DiagramOutputPort<T>::DoCalc(const Context<T>& context,
                                  AbstractValue* value) const {
  const auto& diagram_context = static_cast<const DiagramContext<T>&>(context);
  source_->Calc(diagram_context.GetSubsystemContext(subsystem_), value);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::InputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::InputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::OutputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::OutputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafOutputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafOutputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramOutputPort);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramOutputPort);
