#pragma once

/// @file
/// LeafOutputPort<T>: an output port of a LeafSystem, whose value is a cache
/// entry of the system (computed on Eval when out of date).

#include <memory>
#include <string>

#include "ossa/systems/framework/cache_entry.h"
#include "ossa/systems/framework/output_port.h"

namespace ossa::systems {

template <typename T>
class LeafOutputPort final : public OutputPort<T> {
 public:
  /// (Internal) Use LeafSystem::DeclareVectorOutputPort etc.
  LeafOutputPort(const System<T>* system, const SystemBase* system_base,
                 std::string name, OutputPortIndex index,
                 DependencyTicket ticket, PortDataType data_type, int size,
                 const CacheEntry* cache_entry);
  ~LeafOutputPort() final;

  const CacheEntry& cache_entry() const { return *cache_entry_; }
  /// Makes new contexts recompute this port on every Eval.
  void disable_caching_by_default() {
    const_cast<CacheEntry*>(cache_entry_)->disable_caching_by_default();
  }

  const AbstractValue& DoEvalAbstract(const ContextBase& context) const final {
    return cache_entry_->EvalAbstract(context);
  }
  DependencyTicket GetPrerequisiteTicket() const final {
    return cache_entry_->ticket();
  }

 private:
  std::unique_ptr<AbstractValue> DoAllocate() const final {
    return cache_entry_->Allocate();
  }
  void DoCalc(const Context<T>& context, AbstractValue* value) const final {
    cache_entry_->Calc(context, value);
  }
  const CacheEntry* cache_entry_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafOutputPort);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafOutputPort);
