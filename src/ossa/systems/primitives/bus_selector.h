#pragma once

/// @file
/// BusSelector<T>: unpacks a BusValue input onto its output ports, each
/// output taking the signal of the same name (a vector output needs a
/// BasicVector<T> signal of its size). Signals no output names are
/// ignored; evaluating an output whose signal is missing throws.
/// Ports: input "u0" (or the name given), abstract BusValue; the outputs
/// declared with DeclareVectorOutputPort() and DeclareAbstractOutputPort(),
/// default names "y0" …, each fed through from the input.

#include "ossa/systems/framework/bus_value.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class BusSelector final : public LeafSystem<T> {
 public:
  using PortName = typename LeafSystem<T>::PortName;

  /// A selector with the input port `input_port_name` and no outputs.
  explicit BusSelector(PortName input_port_name = kUseDefaultName);
  /// Scalar conversion: the same ports (vector sizes and abstract model
  /// values).
  template <typename U>
  explicit BusSelector(const BusSelector<U>& other)
      : BusSelector(other.get_input_port(0).get_name()) {
    for (int i = 0; i < other.num_output_ports(); ++i) {
      const auto& port = other.get_output_port(i);
      if (port.get_data_type() == kVectorValued) {
        DeclareVectorOutputPort(port.get_name(), port.size());
      } else {
        DeclareAbstractOutputPort(port.get_name(), *port.Allocate());
      }
    }
  }

  /// Adds a vector output of `size` entries, copied from the BasicVector<T>
  /// signal named after the port.
  const OutputPort<T>& DeclareVectorOutputPort(PortName name, int size);
  /// Adds an abstract output of the type of `model_value`, copied from the
  /// signal named after the port.
  const OutputPort<T>& DeclareAbstractOutputPort(
      PortName name, const AbstractValue& model_value);

 private:
  // The signal for output `output_index`; throws if the bus has none.
  const AbstractValue& FindSignal(const Context<T>& context,
                                  int output_index) const;
};

/// BusSelector converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<BusSelector> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BusSelector);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BusSelector);
