#pragma once

/// @file
/// OutputPortBase: the scalar-independent part of an output port.

#include "ossa/common/value.h"
#include "ossa/systems/framework/port_base.h"

namespace ossa::systems {

class ContextBase;

class OutputPortBase : public PortBase {
 public:
  ~OutputPortBase() override;
  OutputPortIndex get_index() const { return OutputPortIndex(get_int_index()); }

  /// (Internal) The port's value in `context` (which must belong to the
  /// owning system), computed if out of date.
  virtual const AbstractValue& DoEvalAbstract(
      const ContextBase& context) const = 0;
  /// (Internal) The ticket of the port's value inside the owning system's
  /// context (its cache entry for a leaf port).
  virtual DependencyTicket GetPrerequisiteTicket() const { return ticket(); }

 protected:
  OutputPortBase(const SystemBase* owning_system, std::string name,
                 OutputPortIndex index, DependencyTicket ticket,
                 PortDataType data_type, int size);
};

}  // namespace ossa::systems
