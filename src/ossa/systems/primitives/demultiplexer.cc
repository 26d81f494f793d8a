#include "ossa/systems/primitives/demultiplexer.h"

#include <numeric>
#include <string>

#include "ossa/common/error.h"

namespace ossa::systems {
namespace {

std::vector<int> EqualSizes(int size, int output_ports_size) {
  if (output_ports_size < 1 || size < 1 || size % output_ports_size != 0) {
    ThrowLogicError(
        "Demultiplexer(): the input size {} must be a positive multiple of "
        "the output port size {}.",
        size, output_ports_size);
  }
  return std::vector<int>(size / output_ports_size, output_ports_size);
}

}  // namespace

template <typename T>
Demultiplexer<T>::Demultiplexer(int size, int output_ports_size)
    : Demultiplexer(EqualSizes(size, output_ports_size)) {}

template <typename T>
Demultiplexer<T>::Demultiplexer(const std::vector<int>& output_ports_sizes)
    : LeafSystem<T>(SystemTypeTag<Demultiplexer>{}),
      sizes_(output_ports_sizes) {
  if (sizes_.empty()) {
    ThrowLogicError("Demultiplexer(): needs at least one output port.");
  }
  int start = 0;
  for (size_t i = 0; i < sizes_.size(); ++i) {
    if (sizes_[i] < 1) {
      ThrowLogicError(
          "Demultiplexer(): output {} has size {}; sizes must be >= 1.", i,
          sizes_[i]);
    }
    starts_.push_back(start);
    start += sizes_[i];
  }
  this->DeclareVectorInputPort("u0", start);
  for (size_t i = 0; i < sizes_.size(); ++i) {
    const int s0 = starts_[i], n = sizes_[i];
    this->DeclareVectorOutputPort(
        "y" + std::to_string(i), n,
        [this, s0, n](const Context<T>& context, BasicVector<T>* output) {
          output->get_mutable_value() =
              this->get_input_port(0).Eval(context).segment(s0, n);
        },
        {this->all_input_ports_ticket()});
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Demultiplexer);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Demultiplexer);
