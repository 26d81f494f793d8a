#include "ossa/systems/primitives/bus_creator.h"

#include <utility>

namespace ossa::systems {

template <typename T>
BusCreator<T>::BusCreator(PortName output_port_name)
    : LeafSystem<T>(SystemTypeTag<BusCreator>{}) {
  this->DeclareAbstractOutputPort(
      std::move(output_port_name),
      []() { return AbstractValue::Make<BusValue>(BusValue()); },
      [this](const ContextBase& context, AbstractValue* value) {
        CalcBus(static_cast<const Context<T>&>(context),
                &value->template get_mutable_value<BusValue>());
      },
      {this->all_input_ports_ticket()});
}

template <typename T>
const InputPort<T>& BusCreator<T>::DeclareVectorInputPort(PortName name,
                                                          int size) {
  return LeafSystem<T>::DeclareVectorInputPort(std::move(name), size);
}

template <typename T>
const InputPort<T>& BusCreator<T>::DeclareAbstractInputPort(
    PortName name, const AbstractValue& model_value) {
  return LeafSystem<T>::DeclareAbstractInputPort(std::move(name), model_value);
}

template <typename T>
void BusCreator<T>::CalcBus(const Context<T>& context, BusValue* bus) const {
  // Rebuilt from scratch: an input that lost its value leaves the bus.
  bus->Clear();
  for (int i = 0; i < this->num_input_ports(); ++i) {
    const InputPort<T>& port = this->get_input_port(i);
    if (port.HasValue(context)) {
      bus->Set(port.get_name(), port.EvalAbstract(context));
    }
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BusCreator);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BusCreator);
