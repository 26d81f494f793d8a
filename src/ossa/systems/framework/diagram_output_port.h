#pragma once

/// @file
/// DiagramOutputPort<T>: an output port of a Diagram that forwards an output
/// port of one of its subsystems.

#include <memory>
#include <string>

#include "ossa/systems/framework/output_port.h"

namespace ossa::systems {

template <typename T>
class DiagramOutputPort final : public OutputPort<T> {
 public:
  /// (Internal) Use DiagramBuilder::ExportOutput.
  DiagramOutputPort(const System<T>* diagram, const SystemBase* system_base,
                    std::string name, OutputPortIndex index,
                    DependencyTicket ticket,
                    const OutputPort<T>* source_output_port,
                    SubsystemIndex source_subsystem);
  ~DiagramOutputPort() final;

  const OutputPort<T>& get_source_output_port() const { return *source_; }
  SubsystemIndex get_source_subsystem_index() const { return subsystem_; }

  const AbstractValue& DoEvalAbstract(const ContextBase& context) const final;

 private:
  std::unique_ptr<AbstractValue> DoAllocate() const final {
    return source_->Allocate();
  }
  void DoCalc(const Context<T>& context, AbstractValue* value) const final;
  const OutputPort<T>* source_;
  SubsystemIndex subsystem_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramOutputPort);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramOutputPort);
