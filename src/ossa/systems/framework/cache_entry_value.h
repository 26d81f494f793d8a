#pragma once

/// @file
/// CacheEntryValue: the per-Context storage of one cache entry: a
/// preallocated AbstractValue, an out-of-date flag and a serial number that
/// counts the recomputations. Eval() of a cache entry reuses this storage.

#include <cstdint>
#include <memory>
#include <string>

#include "ossa/common/value.h"
#include "ossa/systems/framework/framework_common.h"

namespace ossa::systems {

class CacheEntryValue {
 public:
  CacheEntryValue(const CacheEntryValue&) = delete;
  CacheEntryValue& operator=(const CacheEntryValue&) = delete;

  CacheEntryValue(CacheIndex index, DependencyTicket ticket,
                  std::string description,
                  std::unique_ptr<AbstractValue> value);
  ~CacheEntryValue();

  /// A copy of the value and flags (used when cloning a Context).
  std::unique_ptr<CacheEntryValue> Clone() const;

  const std::string& description() const { return description_; }
  CacheIndex cache_index() const { return cache_index_; }
  DependencyTicket ticket() const { return ticket_; }
  bool has_value() const { return value_ != nullptr; }

  /// True if the value must be recomputed before use: out of date, or caching
  /// is disabled for this entry.
  bool needs_recomputation() const { return flags_ != 0; }
  bool is_out_of_date() const { return (flags_ & kOutOfDate) != 0; }
  bool is_cache_entry_disabled() const { return (flags_ & kDisabled) != 0; }
  void mark_out_of_date() { flags_ |= kOutOfDate; }
  void mark_up_to_date() { flags_ &= ~kOutOfDate; }
  void disable_caching() { flags_ |= kDisabled; }
  void enable_caching() { flags_ &= ~kDisabled; }

  /// Number of times the value was (re)computed or set.
  int64_t serial_number() const { return serial_number_; }

  /// The value regardless of whether it is up to date.
  const AbstractValue& GetAbstractValueOrThrow() const { return *value_; }
  /// The value as a V; throws if out of date or of another type.
  template <typename V>
  const V& GetValueOrThrow() const {
    ThrowIfOutOfDate("GetValueOrThrow");
    return value_->get_value<V>();
  }
  /// Sets the value and marks it up to date; throws if the types differ.
  template <typename V>
  void SetValueOrThrow(const V& new_value) {
    value_->set_value<V>(new_value);
    ++serial_number_;
    mark_up_to_date();
  }
  /// (Advanced) Writable access for a Calc; the caller marks it up to date.
  AbstractValue& GetMutableAbstractValueOrThrow() { return *value_; }
  /// (Advanced) Swaps in a new value object of the same type.
  void swap_value(std::unique_ptr<AbstractValue>* other);

  // Called by CacheEntry::Eval after recomputing.
  void note_recomputed() {
    ++serial_number_;
    flags_ &= ~kOutOfDate;
  }

 private:
  void ThrowIfOutOfDate(const char* method) const;
  static constexpr uint8_t kOutOfDate = 1;
  static constexpr uint8_t kDisabled = 2;

  CacheIndex cache_index_;
  DependencyTicket ticket_;
  std::string description_;
  std::unique_ptr<AbstractValue> value_;
  int64_t serial_number_{0};
  uint8_t flags_{kOutOfDate};
};

}  // namespace ossa::systems
