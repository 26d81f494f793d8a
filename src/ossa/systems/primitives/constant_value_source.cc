#include "ossa/systems/primitives/constant_value_source.h"

namespace ossa::systems {

template <typename T>
ConstantValueSource<T>::ConstantValueSource(const AbstractValue& value)
    : LeafSystem<T>(SystemTypeTag<ConstantValueSource>{}),
      source_value_(value.Clone()) {
  // The output never changes, so it depends on nothing.
  this->DeclareAbstractOutputPort(
      "y0", [this]() { return source_value_->Clone(); },
      [this](const ContextBase&, AbstractValue* output) {
        output->SetFrom(*source_value_);
      },
      {this->nothing_ticket()});
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ConstantValueSource);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ConstantValueSource);
