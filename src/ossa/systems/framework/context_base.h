#pragma once

/// @file
/// ContextBase: the scalar-independent part of a Context: the cache, the
/// values fixed on input ports, the place in a tree of contexts (a
/// DiagramContext's subcontexts) and the change-propagation graph.
///
/// Change propagation. Every value a computation may depend on has a
/// DependencyTicket (time, q, v, each discrete group, each input port, each
/// cache entry, ...). When the root context of a tree is allocated (or
/// cloned), the whole tree's tickets are numbered and, for each ticket, the
/// transitive list of cache entry values that depend on it is precomputed
/// into one flat array (across subsystems: an output port of one subsystem
/// feeding an input port of another is an edge). A change through a mutable
/// accessor then marks exactly those values out of date: a loop over a short
/// array of pointers, with no allocation and no graph walk.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ossa/systems/framework/cache.h"
#include "ossa/systems/framework/fixed_input_port_value.h"
#include "ossa/systems/framework/framework_common.h"

namespace ossa::systems {

class SystemBase;
template <typename>
class DiagramContext;

namespace internal {
class ContextGraph;

/// The bulk changes a context can report: each stands for a set of tickets
/// (in a DiagramContext, the same set in every subcontext as well).
enum BulkChange : int {
  kBulkQ = 0,
  kBulkV,
  kBulkZ,
  kBulkXc,
  kBulkXd,
  kBulkXa,
  kBulkX,
  kBulkPn,
  kBulkPa,
  kBulkP,
  kBulkTimeStateAndParameters,
  kNumBulkChanges,
};
}  // namespace internal

class ContextBase {
 public:
  ContextBase(const ContextBase&) = delete;
  ContextBase& operator=(const ContextBase&) = delete;
  virtual ~ContextBase();

  /// A deep copy; the copy is a root context (its own change graph).
  std::unique_ptr<ContextBase> Clone() const;

  /// Name of the System that allocated this context.
  const std::string& GetSystemName() const { return system_name_; }
  /// Path of the System in its Diagram tree ("::diagram::plant").
  std::string GetSystemPathname() const;
  /// (Internal) Id of the System that allocated this context.
  internal::SystemId get_system_id() const { return system_id_; }

  bool is_root_context() const { return parent_ == nullptr; }
  const ContextBase* get_parent_base() const { return parent_; }

  int num_input_ports() const {
    return static_cast<int>(input_port_values_.size());
  }
  /// (Advanced) Fixes input port `index` to `value`; prefer
  /// InputPort::FixValue.
  FixedInputPortValue& FixInputPort(int index, const AbstractValue& value);
  const FixedInputPortValue* MaybeGetFixedInputPortValue(int index) const {
    return input_port_values_[index].get();
  }
  FixedInputPortValue* MaybeGetMutableFixedInputPortValue(int index) {
    return input_port_values_[index].get();
  }

  /// Caching controls; each applies to this context and all its subcontexts.
  void DisableCaching() const;
  void EnableCaching() const;
  void SetAllCacheEntriesOutOfDate() const;
  /// While frozen, an Eval of an out-of-date cache entry throws.
  void FreezeCache() const;
  void UnfreezeCache() const;
  bool is_cache_frozen() const { return cache_.is_cache_frozen(); }

  const Cache& get_cache() const { return cache_; }
  Cache& get_mutable_cache() const { return cache_; }

  /// Marks out of date every cache value that depends on `ticket` of this
  /// context (not the ticket's own value, if it is a cache entry).
  void NoteChanged(DependencyTicket ticket) const {
    NoteChangedRaw(ticket.raw());
  }
  void NoteChangedRaw(int ticket) const;
  /// Reports a bulk change (see internal::BulkChange).
  void NoteBulkChange(internal::BulkChange change) const;

  /// (Internal) The serial number of the last change notification in this
  /// tree of contexts (0 before the graph exists).
  int64_t change_serial_number() const;

  // (Internal) Tree traversal, implemented by DiagramContext.
  virtual int num_subcontexts() const { return 0; }
  virtual const ContextBase& subcontext_base(int) const;
  ContextBase& mutable_subcontext_base(int i) {
    return const_cast<ContextBase&>(subcontext_base(i));
  }
  /// (Internal) Compiles the change-propagation graph of the tree rooted
  /// here; called by System::AllocateContext on the root.
  void BuildGraph();
  /// (Internal) The System that allocated this context.
  const SystemBase& system_base() const { return *system_; }

 protected:
  explicit ContextBase(const SystemBase& system);
  // Copies the cache and fixed inputs of `source` (used by derived Clone).
  ContextBase(const ContextBase& source, int /* copy tag */);

  // Makes a deep copy of the derived object (subcontexts included) with
  // parent pointers of subcontexts set; no graph.
  virtual std::unique_ptr<ContextBase> DoCloneWithoutGraph() const = 0;
  void set_parent(ContextBase* parent) { parent_ = parent; }

 private:
  friend class internal::ContextGraph;
  template <typename>
  friend class DiagramContext;
  friend class SystemBase;

  const SystemBase* system_{};
  internal::SystemId system_id_{};
  std::string system_name_;
  ContextBase* parent_{};
  mutable Cache cache_;
  std::vector<std::unique_ptr<FixedInputPortValue>> input_port_values_;

  std::shared_ptr<internal::ContextGraph> graph_;
  int node_base_{0};
  int bulk_base_{0};
};

}  // namespace ossa::systems
