#include "ossa/systems/primitives/wrap_to_system.h"

#include <cmath>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {

template <typename T>
WrapToSystem<T>::WrapToSystem(int size)
    : LeafSystem<T>(SystemTypeTag<WrapToSystem>{}), size_(size) {
  internal::ThrowUnlessAtLeastOne("WrapToSystem", "size", size);
  this->DeclareVectorInputPort("u0", size);
  this->DeclareVectorOutputPort("y0", size, &WrapToSystem::CalcOutput,
                                {this->all_input_ports_ticket()});
}

template <typename T>
void WrapToSystem<T>::set_interval(int index, double low, double high) {
  if (index < 0 || index >= size_) {
    ThrowLogicError("WrapToSystem::set_interval(): index {} is not in [0, {}).",
                    index, size_);
  }
  if (!(low < high)) {
    ThrowLogicError(
        "WrapToSystem::set_interval(): low ({}) must be less than high ({}).",
        low, high);
  }
  intervals_[index] = {low, high};
}

template <typename T>
void WrapToSystem<T>::CalcOutput(const Context<T>& context,
                                 BasicVector<T>* output) const {
  VectorX<T> y = this->get_input_port(0).Eval(context);
  for (const auto& [index, interval] : intervals_) {
    const auto [low, high] = interval;
    const double span = high - low;
    if constexpr (std::is_same_v<T, symbolic::Expression>) {
      // y − span·⌊(y − low)/span⌋ as an expression (its value is decided
      // when the expression is evaluated).
      y[index] -= span * floor((y[index] - low) / span);
    } else {
      // A shift by a whole number of spans (a constant: derivatives pass).
      const double turns =
          std::floor((ExtractDoubleOrThrow(y[index]) - low) / span);
      y[index] -= T(turns * span);
    }
  }
  output->get_mutable_value() = y;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::WrapToSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::WrapToSystem);
