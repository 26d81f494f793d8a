#include "ossa/systems/primitives/selector.h"

#include <set>
#include <utility>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
Selector<T>::Selector(SelectorParams params)
    : LeafSystem<T>(SystemTypeTag<Selector>{}), params_(std::move(params)) {
  using PortName = typename LeafSystem<T>::PortName;
  const int num_inputs = static_cast<int>(params_.inputs.size());
  for (int n = 0; n < num_inputs; ++n) {
    const auto& input = params_.inputs[n];
    if (input.size < 0) {
      ThrowLogicError(
          "Selector(): input port {} has size {}; sizes must be "
          ">= 0.",
          n, input.size);
    }
  }
  // Checked before any port exists, so that a bad selection leaves no
  // half-built system behind a message about something else.
  for (size_t m = 0; m < params_.outputs.size(); ++m) {
    const auto& selections = params_.outputs[m].selections;
    for (size_t i = 0; i < selections.size(); ++i) {
      const int n = selections[i].input_port_index;
      const int j = selections[i].input_offset;
      if (n < 0 || n >= num_inputs) {
        ThrowLogicError(
            "Selector(): output port {} element {} selects input port {}; "
            "there are {} input ports.",
            m, i, n, num_inputs);
      }
      if (j < 0 || j >= params_.inputs[n].size) {
        ThrowLogicError(
            "Selector(): output port {} element {} selects offset {} of input "
            "port {}, which has size {}.",
            m, i, j, n, params_.inputs[n].size);
      }
    }
  }
  for (const auto& input : params_.inputs) {
    this->DeclareVectorInputPort(
        input.name ? PortName(*input.name) : PortName(kUseDefaultName),
        input.size);
  }
  for (size_t m = 0; m < params_.outputs.size(); ++m) {
    const auto& output = params_.outputs[m];
    std::set<DependencyTicket> prerequisites;
    for (const auto& selection : output.selections) {
      prerequisites.insert(
          this->get_input_port(selection.input_port_index).ticket());
    }
    if (prerequisites.empty()) prerequisites.insert(this->nothing_ticket());
    const int index = static_cast<int>(m);
    this->DeclareVectorOutputPort(
        output.name ? PortName(*output.name) : PortName(kUseDefaultName),
        static_cast<int>(output.selections.size()),
        [this, index](const Context<T>& context, BasicVector<T>* y) {
          CalcOutput(index, context, y);
        },
        prerequisites);
  }
}

template <typename T>
void Selector<T>::CalcOutput(int output_index, const Context<T>& context,
                             BasicVector<T>* output) const {
  const auto& selections = params_.outputs[output_index].selections;
  auto y = output->get_mutable_value();
  for (size_t i = 0; i < selections.size(); ++i) {
    const auto& u =
        this->get_input_port(selections[i].input_port_index).Eval(context);
    y[i] = u[selections[i].input_offset];
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Selector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Selector);
