#pragma once

/// @file
/// InputPortBase: the scalar-independent part of an input port.

#include "ossa/systems/framework/port_base.h"

namespace ossa::systems {

class InputPortBase : public PortBase {
 public:
  ~InputPortBase() override;
  InputPortIndex get_index() const { return InputPortIndex(get_int_index()); }

 protected:
  InputPortBase(const SystemBase* owning_system, std::string name,
                InputPortIndex index, DependencyTicket ticket,
                PortDataType data_type, int size);
};

}  // namespace ossa::systems
