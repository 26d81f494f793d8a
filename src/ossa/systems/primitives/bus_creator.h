#pragma once

/// @file
/// BusCreator<T>: packs its input ports into one BusValue output; the
/// signal of each input is named after the port (a vector port's signal
/// holds a BasicVector<T>). An input without a value (not connected, not
/// fixed) is left out of the bus, which is not an error.
/// Ports: the inputs declared with DeclareVectorInputPort() and
/// DeclareAbstractInputPort(), default names "u0" …; output "y0" (or the
/// name given), abstract BusValue, fed through from every input.

#include "ossa/systems/framework/bus_value.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class BusCreator final : public LeafSystem<T> {
 public:
  using PortName = typename LeafSystem<T>::PortName;

  /// A creator with no inputs and the output port `output_port_name`.
  explicit BusCreator(PortName output_port_name = kUseDefaultName);
  /// Scalar conversion: the same ports (vector sizes and abstract model
  /// values).
  template <typename U>
  explicit BusCreator(const BusCreator<U>& other)
      : BusCreator(other.get_output_port(0).get_name()) {
    for (int i = 0; i < other.num_input_ports(); ++i) {
      const auto& port = other.get_input_port(i);
      if (port.get_data_type() == kVectorValued) {
        DeclareVectorInputPort(port.get_name(), port.size());
      } else {
        DeclareAbstractInputPort(port.get_name(), *port.Allocate());
      }
    }
  }

  /// Adds a vector input (its signal: a BasicVector<T> of `size`).
  const InputPort<T>& DeclareVectorInputPort(PortName name, int size);
  /// Adds an abstract input whose values have the type of `model_value`.
  const InputPort<T>& DeclareAbstractInputPort(
      PortName name, const AbstractValue& model_value);

 private:
  void CalcBus(const Context<T>& context, BusValue* bus) const;
};

/// BusCreator converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<BusCreator> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BusCreator);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BusCreator);
