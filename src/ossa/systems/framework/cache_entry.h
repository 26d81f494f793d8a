#pragma once

/// @file
/// CacheEntry: the System-side declaration of a cached computation: a
/// description, a ValueProducer and the prerequisites (DependencyTickets) of
/// its calculation. The value lives in each Context (CacheEntryValue);
/// Eval() returns it, recomputing first only if it is out of date.

#include <set>
#include <string>

#include "ossa/systems/framework/context_base.h"
#include "ossa/systems/framework/value_producer.h"

namespace ossa::systems {

class SystemBase;

class CacheEntry {
 public:
  CacheEntry(const CacheEntry&) = delete;
  CacheEntry& operator=(const CacheEntry&) = delete;

  /// (Internal) Use SystemBase::DeclareCacheEntry.
  CacheEntry(const SystemBase* system, CacheIndex index,
             DependencyTicket ticket, std::string description,
             ValueProducer value_producer,
             std::set<DependencyTicket> prerequisites_of_calc);
  ~CacheEntry();

  const std::string& description() const { return description_; }
  const std::set<DependencyTicket>& prerequisites() const {
    return prerequisites_;
  }
  CacheIndex cache_index() const { return index_; }
  DependencyTicket ticket() const { return ticket_; }

  /// A fresh value object of the entry's type.
  std::unique_ptr<AbstractValue> Allocate() const {
    return producer_.Allocate();
  }
  /// Computes the value into `value` (no caching involved).
  void Calc(const ContextBase& context, AbstractValue* value) const;

  /// The up-to-date value, recomputed first if needed. Throws if `context`
  /// belongs to another System, or if the cache is frozen and the value is
  /// out of date.
  const AbstractValue& EvalAbstract(const ContextBase& context) const {
    if (context.get_system_id() != system_id_) [[unlikely]]
      ThrowWrongContext(context);
    CacheEntryValue& value = context.get_cache().value_at(index_.raw());
    if (value.needs_recomputation()) [[unlikely]]
      UpdateValue(context, &value);
    return value.GetAbstractValueOrThrow();
  }
  /// EvalAbstract() as a V; throws if the value is not a V.
  template <typename V>
  const V& Eval(const ContextBase& context) const {
    return EvalAbstract(context).template get_value<V>();
  }

  bool is_out_of_date(const ContextBase& context) const {
    return get_cache_entry_value(context).is_out_of_date();
  }
  bool is_cache_entry_disabled(const ContextBase& context) const {
    return get_cache_entry_value(context).is_cache_entry_disabled();
  }
  void disable_caching(const ContextBase& context) const {
    get_mutable_cache_entry_value(context).disable_caching();
  }
  void enable_caching(const ContextBase& context) const {
    get_mutable_cache_entry_value(context).enable_caching();
  }
  /// Entries disabled by default start disabled in every new Context.
  void disable_caching_by_default() { disabled_by_default_ = true; }
  bool is_disabled_by_default() const { return disabled_by_default_; }

  const CacheEntryValue& get_cache_entry_value(
      const ContextBase& context) const;
  CacheEntryValue& get_mutable_cache_entry_value(
      const ContextBase& context) const;

 private:
  void UpdateValue(const ContextBase& context, CacheEntryValue* value) const;
  [[noreturn]] void ThrowWrongContext(const ContextBase& context) const;

  const SystemBase* system_{};
  internal::SystemId system_id_{};
  CacheIndex index_;
  DependencyTicket ticket_;
  std::string description_;
  ValueProducer producer_;
  std::set<DependencyTicket> prerequisites_;
  bool disabled_by_default_{false};
};

}  // namespace ossa::systems
