#include "ossa/systems/primitives/bus_selector.h"

#include <utility>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
BusSelector<T>::BusSelector(PortName input_port_name)
    : LeafSystem<T>(SystemTypeTag<BusSelector>{}) {
  LeafSystem<T>::DeclareAbstractInputPort(std::move(input_port_name),
                                          Value<BusValue>());
}

template <typename T>
const AbstractValue& BusSelector<T>::FindSignal(const Context<T>& context,
                                                int output_index) const {
  const auto& bus = this->get_input_port(0).template Eval<BusValue>(context);
  const std::string& name = this->get_output_port(output_index).get_name();
  const AbstractValue* signal = bus.Find(name);
  if (signal == nullptr) [[unlikely]] {
    ThrowLogicError(
        "BusSelector '{}': the bus on input '{}' has no signal named '{}' "
        "(for the output port of that name).",
        this->GetSystemPathname(), this->get_input_port(0).get_name(), name);
  }
  return *signal;
}

template <typename T>
const OutputPort<T>& BusSelector<T>::DeclareVectorOutputPort(PortName name,
                                                             int size) {
  const int index = this->num_output_ports();
  return LeafSystem<T>::DeclareVectorOutputPort(
      std::move(name), size,
      [this, index, size](const Context<T>& context, BasicVector<T>* output) {
        const auto& signal = FindSignal(context, index);
        const auto* vector = signal.template maybe_get_value<BasicVector<T>>();
        if (vector == nullptr || vector->size() != size) [[unlikely]] {
          ThrowLogicError(
              "BusSelector '{}': the signal '{}' is a {}; the vector output "
              "needs a BasicVector of size {}.",
              this->GetSystemPathname(),
              this->get_output_port(index).get_name(),
              vector == nullptr
                  ? signal.GetNiceTypeName()
                  : "BasicVector of size " + std::to_string(vector->size()),
              size);
        }
        output->SetFromVector(vector->value());
      },
      {this->all_input_ports_ticket()});
}

template <typename T>
const OutputPort<T>& BusSelector<T>::DeclareAbstractOutputPort(
    PortName name, const AbstractValue& model_value) {
  const int index = this->num_output_ports();
  return LeafSystem<T>::DeclareAbstractOutputPort(
      std::move(name),
      [model = std::shared_ptr<const AbstractValue>(model_value.Clone())]() {
        return model->Clone();
      },
      [this, index](const ContextBase& context, AbstractValue* output) {
        output->SetFrom(
            FindSignal(static_cast<const Context<T>&>(context), index));
      },
      {this->all_input_ports_ticket()});
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BusSelector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BusSelector);
