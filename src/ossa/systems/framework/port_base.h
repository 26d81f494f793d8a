#pragma once

/// @file
/// PortBase: what input and output ports share: name, kind, index, data type,
/// size, ticket and owning system.

#include <string>
#include <type_traits>

#include "ossa/common/nice_type_name.h"
#include "ossa/common/value.h"
#include "ossa/systems/framework/framework_common.h"

namespace ossa::systems {

class SystemBase;

class PortBase {
 public:
  PortBase(const PortBase&) = delete;
  PortBase& operator=(const PortBase&) = delete;
  virtual ~PortBase();

  const std::string& get_name() const { return name_; }
  PortDataType get_data_type() const { return data_type_; }
  /// Number of elements for a vector port; 0 for an abstract port.
  int size() const { return size_; }
  DependencyTicket ticket() const { return ticket_; }
  /// (Internal) The owning system.
  const SystemBase& get_system_interface() const { return *system_; }
  /// "input port 'u' (index 0) of System '::sys' (ossa::systems::Foo<double>)".
  std::string GetFullDescription() const;

 protected:
  PortBase(const char* kind_string, const SystemBase* owning_system,
           std::string name, int index, DependencyTicket ticket,
           PortDataType data_type, int size);
  int get_int_index() const { return index_; }

  /// `value` as a V: `value` itself for V = AbstractValue, else its stored
  /// V. Throws std::logic_error naming `method`, this port and both types
  /// if `value` holds another type.
  template <typename V>
  const V& GetValueAs(const char* method, const AbstractValue& value) const {
    if constexpr (std::is_same_v<V, AbstractValue>) {
      return value;
    } else {
      if (const V* v = value.template maybe_get_value<V>()) return *v;
      ThrowBadValueType(method, value, NiceTypeName<V>());
    }
  }
  [[noreturn]] void ThrowBadValueType(const char* method,
                                      const AbstractValue& value,
                                      const std::string& type) const;

 private:
  const char* kind_string_;
  const SystemBase* system_;
  std::string name_;
  int index_;
  DependencyTicket ticket_;
  PortDataType data_type_;
  int size_;
};

}  // namespace ossa::systems
