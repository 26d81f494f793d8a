#pragma once

/// @file
/// Adder<T>: the sum of `num_inputs` vectors of equal size,
/// sum = Σᵢ uᵢ.
/// Ports: inputs "u0" … "u{n−1}", output "sum"; direct feedthrough.

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class Adder final : public LeafSystem<T> {
 public:
  /// Throws std::logic_error if num_inputs < 1 or size < 1.
  Adder(int num_inputs, int size);
  template <typename U>
  explicit Adder(const Adder<U>& other)
      : Adder(other.num_input_ports(), other.get_output_port().size()) {}

 private:
  void CalcSum(const Context<T>& context, BasicVector<T>* sum) const;
};

/// Adder converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Adder> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Adder);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Adder);
