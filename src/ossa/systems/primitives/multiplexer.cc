#include "ossa/systems/primitives/multiplexer.h"

#include <numeric>
#include <string>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
Multiplexer<T>::Multiplexer(int num_scalar_inputs)
    : Multiplexer(
          std::vector<int>(num_scalar_inputs >= 0 ? num_scalar_inputs : 0, 1)) {
  if (num_scalar_inputs < 1) {
    ThrowLogicError("Multiplexer(): needs at least 1 input, got {}.",
                    num_scalar_inputs);
  }
}

template <typename T>
Multiplexer<T>::Multiplexer(std::vector<int> input_sizes)
    : LeafSystem<T>(SystemTypeTag<Multiplexer>{}),
      input_sizes_(std::move(input_sizes)) {
  for (size_t i = 0; i < input_sizes_.size(); ++i) {
    if (input_sizes_[i] < 1) {
      ThrowLogicError(
          "Multiplexer(): input {} has size {}; sizes must be >= 1.", i,
          input_sizes_[i]);
    }
    this->DeclareVectorInputPort("u" + std::to_string(i), input_sizes_[i]);
  }
  const int total =
      std::accumulate(input_sizes_.begin(), input_sizes_.end(), 0);
  this->DeclareVectorOutputPort("y0", total,
                                &Multiplexer::CombineInputsToOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
Multiplexer<T>::Multiplexer(const BasicVector<T>& model_vector)
    : LeafSystem<T>(SystemTypeTag<Multiplexer>{}),
      input_sizes_(model_vector.size(), 1),
      has_model_vector_(true) {
  for (int i = 0; i < model_vector.size(); ++i) {
    this->DeclareVectorInputPort("u" + std::to_string(i), 1);
  }
  this->DeclareVectorOutputPort("y0", model_vector,
                                &Multiplexer::CombineInputsToOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void Multiplexer<T>::ThrowNotConvertible() {
  ThrowLogicError(
      "Multiplexer: a Multiplexer made from a model vector does not convert "
      "to another scalar type.");
}

template <typename T>
void Multiplexer<T>::CombineInputsToOutput(const Context<T>& context,
                                           BasicVector<T>* output) const {
  auto y = output->get_mutable_value();
  int start = 0;
  for (int i = 0; i < this->num_input_ports(); ++i) {
    y.segment(start, input_sizes_[i]) = this->get_input_port(i).Eval(context);
    start += input_sizes_[i];
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Multiplexer);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Multiplexer);
