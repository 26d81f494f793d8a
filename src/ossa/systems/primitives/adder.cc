#include "ossa/systems/primitives/adder.h"

#include <string>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
Adder<T>::Adder(int num_inputs, int size)
    : LeafSystem<T>(SystemTypeTag<Adder>{}) {
  // Empty adders are allowed (as in the reference): no inputs sum to zero,
  // and size 0 serves systems without degrees of freedom.
  if (num_inputs < 0 || size < 0) {
    ThrowLogicError(
        "Adder(): num_inputs and size must be non-negative, got num_inputs "
        "= {}, size = {}.",
        num_inputs, size);
  }
  for (int i = 0; i < num_inputs; ++i) {
    this->DeclareVectorInputPort("u" + std::to_string(i), size);
  }
  this->DeclareVectorOutputPort("sum", size, &Adder::CalcSum,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void Adder<T>::CalcSum(const Context<T>& context, BasicVector<T>* sum) const {
  auto y = sum->get_mutable_value();
  y.setZero();
  for (int i = 0; i < this->num_input_ports(); ++i) {
    y += this->get_input_port(i).Eval(context);
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Adder);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Adder);
