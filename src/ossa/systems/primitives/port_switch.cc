#include "ossa/systems/primitives/port_switch.h"

#include <utility>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
PortSwitch<T>::PortSwitch(int vector_size)
    : LeafSystem<T>(SystemTypeTag<PortSwitch>{}), vector_size_(vector_size) {
  internal::ThrowUnlessAtLeastOne("PortSwitch", "vector_size", vector_size);
  this->DeclareAbstractInputPort("port_selector", Value<InputPortIndex>());
  this->DeclareVectorOutputPort("value", vector_size,
                                &PortSwitch::CopyVectorOut,
                                {this->all_input_ports_ticket()});
}

template <typename T>
const InputPort<T>& PortSwitch<T>::DeclareInputPort(std::string name) {
  return LeafSystem<T>::DeclareVectorInputPort(std::move(name), vector_size_);
}

template <typename T>
void PortSwitch<T>::CopyVectorOut(const Context<T>& context,
                                  BasicVector<T>* output) const {
  const auto& selector =
      get_port_selector_input_port().template Eval<InputPortIndex>(context);
  // Port 0 is the selector itself, so only 1 … n-1 name a data input.
  if (!selector.is_valid() || selector < 1 ||
      selector >= this->num_input_ports()) [[unlikely]] {
    ThrowLogicError(
        "PortSwitch '{}': port_selector is {}; it must name one of the input "
        "ports 1 … {} (0 is port_selector itself).",
        this->get_name(),
        selector.is_valid() ? std::to_string(int{selector}) : "invalid",
        this->num_input_ports() - 1);
  }
  output->get_mutable_value() = this->get_input_port(selector).Eval(context);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::PortSwitch);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::PortSwitch);
