#pragma once

/// @file
/// FixedInputPortValue: a value fixed on an input port in a Context (see
/// InputPort::FixValue). Changing it through GetMutableData() invalidates
/// everything that depends on that input port.

#include <cstdint>
#include <memory>

#include "ossa/common/value.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/framework_common.h"

namespace ossa::systems {

class ContextBase;

class FixedInputPortValue {
 public:
  FixedInputPortValue(const FixedInputPortValue&) = delete;
  FixedInputPortValue& operator=(const FixedInputPortValue&) = delete;
  ~FixedInputPortValue();

  /// The fixed value.
  const AbstractValue& get_value() const { return *value_; }
  /// The fixed value as a BasicVector<T>; throws if it is not one.
  template <typename T>
  const BasicVector<T>& get_vector_value() const {
    return value_->template get_value<BasicVector<T>>();
  }
  /// Writable access; invalidates the dependents of the input port.
  AbstractValue* GetMutableData();
  /// Writable access to a vector value; invalidates the dependents.
  template <typename T>
  BasicVector<T>& GetMutableVectorData() {
    return GetMutableData()->template get_mutable_value<BasicVector<T>>();
  }
  /// Number of times this value has been set or handed out for writing.
  int64_t serial_number() const { return serial_number_; }
  InputPortIndex input_port_index() const { return input_port_index_; }

 private:
  friend class ContextBase;
  FixedInputPortValue(ContextBase* owner, InputPortIndex index,
                      std::unique_ptr<AbstractValue> value)
      : owner_(owner), input_port_index_(index), value_(std::move(value)) {}

  ContextBase* owner_{};
  InputPortIndex input_port_index_;
  std::unique_ptr<AbstractValue> value_;
  int64_t serial_number_{1};
};

}  // namespace ossa::systems
