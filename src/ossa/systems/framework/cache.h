#pragma once

/// @file
/// Cache: the CacheEntryValue objects of one Context, indexed by CacheIndex,
/// plus the context-wide "frozen" flag (while frozen, Eval of an out-of-date
/// entry throws instead of recomputing).

#include <memory>
#include <vector>

#include "ossa/systems/framework/cache_entry_value.h"

namespace ossa::systems {

class Cache {
 public:
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;
  Cache();
  ~Cache();

  /// Adds the value of cache entry `index` (which must be the next index).
  CacheEntryValue& CreateNewCacheEntryValue(
      CacheIndex index, DependencyTicket ticket, std::string description,
      std::unique_ptr<AbstractValue> value);
  int cache_size() const { return static_cast<int>(values_.size()); }
  bool has_cache_entry_value(CacheIndex index) const {
    return index.is_valid() && index < cache_size();
  }
  const CacheEntryValue& get_cache_entry_value(CacheIndex index) const {
    return *values_[index];
  }
  CacheEntryValue& get_mutable_cache_entry_value(CacheIndex index) {
    return *values_[index];
  }
  // Unchecked fast access by raw index.
  CacheEntryValue& value_at(int index) const { return *values_[index]; }

  void DisableCaching();
  void EnableCaching();
  void SetAllEntriesOutOfDate();
  void freeze_cache() { frozen_ = true; }
  void unfreeze_cache() { frozen_ = false; }
  bool is_cache_frozen() const { return frozen_; }

  /// Copies values and flags of `source` (same system) into this.
  void CopyFrom(const Cache& source);

 private:
  std::vector<std::unique_ptr<CacheEntryValue>> values_;
  bool frozen_{false};
};

}  // namespace ossa::systems
