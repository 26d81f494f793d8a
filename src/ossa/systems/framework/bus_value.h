#pragma once

/// @file
/// BusValue: named signals grouped into one value, for a single port that
/// carries many (BusCreator packs input ports into one, BusSelector
/// unpacks one into output ports). Each signal is an AbstractValue under a
/// unique name; iteration visits the signals in the order they were first
/// set. Copies are deep (every signal is cloned).

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ossa/common/value.h"

namespace ossa::systems {

class BusValue {
 public:
  BusValue() = default;
  BusValue(const BusValue& other);
  BusValue& operator=(const BusValue& other);
  BusValue(BusValue&&) noexcept = default;
  BusValue& operator=(BusValue&&) noexcept = default;
  ~BusValue();

  /// The signal named `name`, or null if there is none. Valid until the
  /// next non-const call.
  const AbstractValue* Find(std::string_view name) const;

  /// Sets the signal `name` to a copy of `value`. A name already set keeps
  /// its type: std::logic_error (from AbstractValue::SetFrom) if `value`
  /// holds another type.
  void Set(std::string_view name, const AbstractValue& value);

  /// Removes every signal.
  void Clear();

  /// The number of signals.
  int size() const { return static_cast<int>(signals_.size()); }

  /// The signals in order of first Set(): (name, value) pairs.
  using Signal = std::pair<std::string, std::unique_ptr<AbstractValue>>;
  std::vector<Signal>::const_iterator begin() const { return signals_.begin(); }
  std::vector<Signal>::const_iterator end() const { return signals_.end(); }

 private:
  std::vector<Signal> signals_;
  // Index into signals_ by name.
  std::map<std::string, size_t, std::less<>> index_;
};

}  // namespace ossa::systems
