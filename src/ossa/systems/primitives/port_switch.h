#pragma once

/// @file
/// PortSwitch<T>: outputs the value of the one input port that its
/// "port_selector" input names, y = u_k with k = port_selector (an
/// InputPortIndex). Only the selector and the selected input are
/// evaluated, so unselected upstream systems cost nothing (their outputs
/// are pulled only when selected).
/// Ports: input "port_selector" (abstract, InputPortIndex) then the inputs
/// declared with DeclareInputPort(name) (vectors of vector_size); output
/// "value" (vector_size), directly fed through from every input.

#include <string>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class PortSwitch final : public LeafSystem<T> {
 public:
  /// A switch whose inputs and output are vectors of `vector_size`
  /// entries. Throws std::logic_error unless vector_size ≥ 1.
  explicit PortSwitch(int vector_size);
  /// Scalar conversion: the same size and the same declared inputs.
  template <typename U>
  explicit PortSwitch(const PortSwitch<U>& other)
      : PortSwitch(other.vector_size()) {
    for (int i = 1; i < other.num_input_ports(); ++i) {
      DeclareInputPort(other.get_input_port(i).get_name());
    }
  }

  /// Adds a vector input of vector_size entries named `name`; a Context
  /// allocated before does not have it. Throws if the name is in use.
  const InputPort<T>& DeclareInputPort(std::string name);

  const InputPort<T>& get_port_selector_input_port() const {
    return this->get_input_port(0);
  }
  int vector_size() const { return vector_size_; }

 private:
  void CopyVectorOut(const Context<T>& context, BasicVector<T>* output) const;

  int vector_size_{};
};

/// PortSwitch converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<PortSwitch> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::PortSwitch);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::PortSwitch);
