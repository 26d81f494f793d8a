#pragma once

/// @file
/// AbstractValues: a list of AbstractValue (abstract state or abstract
/// parameters), owned here or elsewhere.

#include <memory>
#include <vector>

#include "ossa/common/value.h"

namespace ossa::systems {

class AbstractValues {
 public:
  AbstractValues(const AbstractValues&) = delete;
  AbstractValues& operator=(const AbstractValues&) = delete;

  AbstractValues();
  /// Owns `data` (none may be null).
  explicit AbstractValues(std::vector<std::unique_ptr<AbstractValue>> data);
  /// Refers to `data` owned elsewhere.
  explicit AbstractValues(const std::vector<AbstractValue*>& data);
  virtual ~AbstractValues();

  int size() const { return static_cast<int>(data_.size()); }
  /// Element `index`; throws if out of range.
  const AbstractValue& get_value(int index) const { return *element(index); }
  AbstractValue& get_mutable_value(int index) { return *element(index); }
  /// Copies `other` element by element; throws if sizes or types differ.
  void SetFrom(const AbstractValues& other);
  /// A deep copy (owning).
  std::unique_ptr<AbstractValues> Clone() const;

 private:
  AbstractValue* element(int index) const;
  std::vector<AbstractValue*> data_;
  std::vector<std::unique_ptr<AbstractValue>> owned_data_;
};

}  // namespace ossa::systems
