// Definitions of the scalar-independent framework classes: SystemBase,
// ContextBase and its change-propagation graph, Cache, CacheEntry, ports.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>

#include "ossa/common/error.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/systems/framework/system_base.h"

namespace ossa::systems {

namespace internal {

SystemId NewSystemId() {
  static std::atomic<int64_t> next{1};
  return next++;
}

SystemParentServiceInterface::~SystemParentServiceInterface() = default;

// The compiled change-propagation graph of one tree of contexts (see
// context_base.h). Rows 0..num_nodes-1 are the tickets of every context of
// the tree (context c's ticket t is row node_base(c) + t); then
// kNumBulkChanges rows per context for the bulk changes. Row r invalidates
// flat_[offsets[r] .. offsets[r+1]).
class ContextGraph {
 public:
  struct Structure {
    std::vector<int> offsets;
    std::vector<int> targets;  // slot numbers
    int num_slots{0};
  };

  static void Build(ContextBase* root, std::shared_ptr<const Structure> reuse);

  void Invalidate(int row) {
    ++serial_;
    const int* offsets = structure_->offsets.data();
    CacheEntryValue* const* p = flat_.data();
    for (int k = offsets[row], end = offsets[row + 1]; k < end; ++k)
      p[k]->mark_out_of_date();
  }
  int64_t serial() const { return serial_; }
  std::shared_ptr<const Structure> structure() const { return structure_; }

 private:
  std::shared_ptr<const Structure> structure_;
  std::vector<CacheEntryValue*> flat_;
  int64_t serial_{0};
};

namespace {

void CollectPreorder(ContextBase* c, std::vector<ContextBase*>* out,
                     std::vector<std::vector<int>>* children) {
  const int me = static_cast<int>(out->size());
  out->push_back(c);
  children->emplace_back();
  for (int i = 0; i < c->num_subcontexts(); ++i) {
    (*children)[me].push_back(static_cast<int>(out->size()));
    CollectPreorder(&c->mutable_subcontext_base(i), out, children);
  }
}

}  // namespace

void ContextGraph::Build(ContextBase* root,
                         std::shared_ptr<const Structure> reuse) {
  std::vector<ContextBase*> ctxs;
  std::vector<std::vector<int>> children;
  CollectPreorder(root, &ctxs, &children);
  const int num_ctx = static_cast<int>(ctxs.size());
  std::vector<int> base(num_ctx + 1, 0);
  for (int c = 0; c < num_ctx; ++c)
    base[c + 1] = base[c] + ctxs[c]->system_base().num_tickets();
  const int num_nodes = base[num_ctx];

  // Slots: the cache entry values of every context, in order.
  std::vector<CacheEntryValue*> slots;
  std::vector<int> node_slot(num_nodes, -1);
  for (int c = 0; c < num_ctx; ++c) {
    const auto& trackers = ctxs[c]->system_base().trackers();
    for (int t = 0; t < static_cast<int>(trackers.size()); ++t) {
      if (trackers[t].cache_index < 0) continue;
      node_slot[base[c] + t] = static_cast<int>(slots.size());
      slots.push_back(
          &ctxs[c]->get_mutable_cache().value_at(trackers[t].cache_index));
    }
  }

  std::shared_ptr<const Structure> structure = reuse;
  if (!structure || structure->num_slots != static_cast<int>(slots.size()) ||
      structure->offsets.size() !=
          static_cast<size_t>(num_nodes + num_ctx * kNumBulkChanges + 1)) {
    // Subscriber lists.
    std::vector<std::vector<int>> adj(num_nodes);
    for (int c = 0; c < num_ctx; ++c) {
      const SystemBase& sys = ctxs[c]->system_base();
      const auto& trackers = sys.trackers();
      for (int t = 0; t < static_cast<int>(trackers.size()); ++t)
        for (int p : trackers[t].prerequisites)
          adj[base[c] + p].push_back(base[c] + t);
      for (const TicketEdge& e : sys.GetCrossContextEdges()) {
        const int from =
            (e.from_subsystem < 0 ? base[c]
                                  : base[children[c][e.from_subsystem]]) +
            e.from_ticket;
        const int to =
            (e.to_subsystem < 0 ? base[c] : base[children[c][e.to_subsystem]]) +
            e.to_ticket;
        adj[from].push_back(to);
      }
    }
    auto s = std::make_shared<Structure>();
    s->num_slots = static_cast<int>(slots.size());
    std::vector<int> stamp(num_nodes, -1);
    int stamp_value = 0;
    std::vector<int> stack;
    auto reach = [&](const std::vector<int>& sources, int exclude) {
      ++stamp_value;
      stack.clear();
      for (int n : sources) {
        if (stamp[n] != stamp_value) {
          stamp[n] = stamp_value;
          stack.push_back(n);
        }
      }
      std::vector<int> found;
      while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        if (node_slot[n] >= 0 && n != exclude) found.push_back(node_slot[n]);
        for (int m : adj[n]) {
          if (stamp[m] == stamp_value) {
            // A cycle back to the excluded start: it must be invalidated too.
            continue;
          }
          stamp[m] = stamp_value;
          stack.push_back(m);
        }
      }
      std::sort(found.begin(), found.end());
      s->targets.insert(s->targets.end(), found.begin(), found.end());
      s->offsets.push_back(static_cast<int>(s->targets.size()));
    };
    s->offsets.push_back(0);
    for (int n = 0; n < num_nodes; ++n) reach({n}, n);

    // Bulk source sets, computed bottom-up (children come after parents in
    // preorder, so walk backwards).
    std::vector<std::array<std::vector<int>, kNumBulkChanges>> sets(num_ctx);
    for (int c = num_ctx - 1; c >= 0; --c) {
      const SystemBase& sys = ctxs[c]->system_base();
      auto& S = sets[c];
      const int b = base[c];
      auto add = [&](int k, int ticket) { S[k].push_back(b + ticket); };
      add(kBulkQ, kQTicket);
      add(kBulkV, kVTicket);
      add(kBulkZ, kZTicket);
      add(kBulkXd, kXdTicket);
      for (int t : sys.discrete_state_tickets()) add(kBulkXd, t);
      add(kBulkXa, kXaTicket);
      for (int t : sys.abstract_state_tickets()) add(kBulkXa, t);
      add(kBulkPn, kPnTicket);
      for (int t : sys.numeric_parameter_tickets()) add(kBulkPn, t);
      add(kBulkPa, kPaTicket);
      for (int t : sys.abstract_parameter_tickets()) add(kBulkPa, t);
      for (int child : children[c]) {
        for (int k :
             {kBulkQ, kBulkV, kBulkZ, kBulkXd, kBulkXa, kBulkPn, kBulkPa})
          S[k].insert(S[k].end(), sets[child][k].begin(), sets[child][k].end());
      }
      auto unite = [&](int k, std::initializer_list<int> parts) {
        for (int part : parts)
          S[k].insert(S[k].end(), S[part].begin(), S[part].end());
      };
      add(kBulkXc, kXcTicket);
      unite(kBulkXc, {kBulkQ, kBulkV, kBulkZ});
      add(kBulkX, kXTicket);
      unite(kBulkX, {kBulkXc, kBulkXd, kBulkXa});
      add(kBulkP, kAllParametersTicket);
      unite(kBulkP, {kBulkPn, kBulkPa});
      add(kBulkTimeStateAndParameters, kTimeTicket);
      add(kBulkTimeStateAndParameters, kAccuracyTicket);
      unite(kBulkTimeStateAndParameters, {kBulkX, kBulkP});
    }
    for (int c = 0; c < num_ctx; ++c)
      for (int k = 0; k < kNumBulkChanges; ++k) reach(sets[c][k], -1);
    structure = std::move(s);
  }

  auto graph = std::make_shared<ContextGraph>();
  graph->structure_ = structure;
  graph->flat_.reserve(structure->targets.size());
  for (int slot : structure->targets) graph->flat_.push_back(slots[slot]);
  for (int c = 0; c < num_ctx; ++c) {
    ctxs[c]->graph_ = graph;
    ctxs[c]->node_base_ = base[c];
    ctxs[c]->bulk_base_ = num_nodes + c * kNumBulkChanges;
  }
}

}  // namespace internal

// ------------------------------------------------------------- CacheEntryValue

CacheEntryValue::CacheEntryValue(CacheIndex index, DependencyTicket ticket,
                                 std::string description,
                                 std::unique_ptr<AbstractValue> value)
    : cache_index_(index),
      ticket_(ticket),
      description_(std::move(description)),
      value_(std::move(value)) {
  if (!value_)
    ThrowLogicError("CacheEntryValue(): the cache entry '{}' has a null value.",
                    description_);
}

CacheEntryValue::~CacheEntryValue() = default;

std::unique_ptr<CacheEntryValue> CacheEntryValue::Clone() const {
  auto clone = std::make_unique<CacheEntryValue>(cache_index_, ticket_,
                                                 description_, value_->Clone());
  clone->serial_number_ = serial_number_;
  clone->flags_ = flags_;
  return clone;
}

void CacheEntryValue::swap_value(std::unique_ptr<AbstractValue>* other) {
  if (!other || !*other || (*other)->type_info() != value_->type_info())
    ThrowLogicError("CacheEntryValue::swap_value(): '{}' needs a non-null {}.",
                    description_, value_->GetNiceTypeName());
  std::swap(value_, *other);
}

void CacheEntryValue::ThrowIfOutOfDate(const char* method) const {
  if (is_out_of_date())
    ThrowLogicError("CacheEntryValue({})::{}(): the value is out of date.",
                    description_, method);
}

// ----------------------------------------------------------------------- Cache

Cache::Cache() = default;
Cache::~Cache() = default;

CacheEntryValue& Cache::CreateNewCacheEntryValue(
    CacheIndex index, DependencyTicket ticket, std::string description,
    std::unique_ptr<AbstractValue> value) {
  OSSA_DEMAND(index == cache_size());
  values_.push_back(std::make_unique<CacheEntryValue>(
      index, ticket, std::move(description), std::move(value)));
  return *values_.back();
}

void Cache::DisableCaching() {
  for (auto& v : values_) v->disable_caching();
}
void Cache::EnableCaching() {
  for (auto& v : values_) v->enable_caching();
}
void Cache::SetAllEntriesOutOfDate() {
  for (auto& v : values_) v->mark_out_of_date();
}

void Cache::CopyFrom(const Cache& source) {
  values_.clear();
  for (const auto& v : source.values_) values_.push_back(v->Clone());
  frozen_ = source.frozen_;
}

// --------------------------------------------------------------- ValueProducer

ValueProducer::ValueProducer(AllocateCallback allocate, CalcCallback calc)
    : allocate_(std::move(allocate)), calc_(std::move(calc)) {
  if (!allocate_ || !calc_)
    ThrowLogicError(
        "ValueProducer(): the allocate and calc callbacks must not be empty.");
}

ValueProducer::ValueProducer(const AbstractValue& model_value,
                             CalcCallback calc)
    : ValueProducer([model = std::shared_ptr<const AbstractValue>(
                         model_value.Clone())]() { return model->Clone(); },
                    std::move(calc)) {}

std::unique_ptr<AbstractValue> ValueProducer::Allocate() const {
  if (!allocate_)
    ThrowLogicError("ValueProducer::Allocate(): no allocate callback.");
  auto result = allocate_();
  if (!result)
    ThrowLogicError("ValueProducer::Allocate(): the allocator returned null.");
  return result;
}

void ValueProducer::Calc(const ContextBase& context,
                         AbstractValue* output) const {
  if (!calc_) ThrowLogicError("ValueProducer::Calc(): no calc callback.");
  if (!output) ThrowLogicError("ValueProducer::Calc(): output is null.");
  calc_(context, output);
}

// ------------------------------------------------------------------ CacheEntry

CacheEntry::CacheEntry(const SystemBase* system, CacheIndex index,
                       DependencyTicket ticket, std::string description,
                       ValueProducer value_producer,
                       std::set<DependencyTicket> prerequisites_of_calc)
    : system_(system),
      system_id_(system->get_system_id()),
      index_(index),
      ticket_(ticket),
      description_(std::move(description)),
      producer_(std::move(value_producer)),
      prerequisites_(std::move(prerequisites_of_calc)) {
  if (!producer_.is_valid())
    ThrowLogicError(
        "DeclareCacheEntry(): the cache entry '{}' of System '{}' has no value "
        "producer.",
        description_, system->GetSystemPathname());
  if (prerequisites_.empty())
    ThrowLogicError(
        "DeclareCacheEntry(): the cache entry '{}' of System '{}' has no "
        "prerequisites; use "
        "{{nothing_ticket()}} for one that depends on nothing.",
        description_, system->GetSystemPathname());
}

CacheEntry::~CacheEntry() = default;

void CacheEntry::Calc(const ContextBase& context, AbstractValue* value) const {
  system_->ValidateContext(context);
  producer_.Calc(context, value);
}

void CacheEntry::UpdateValue(const ContextBase& context,
                             CacheEntryValue* value) const {
  if (context.is_cache_frozen() && value->is_out_of_date()) {
    ThrowLogicError(
        "CacheEntry('{}')::Eval(): the cache of System '{}' is frozen but this "
        "value is out of "
        "date.",
        description_, system_->GetSystemPathname());
  }
  producer_.Calc(context, &value->GetMutableAbstractValueOrThrow());
  value->note_recomputed();
}

void CacheEntry::ThrowWrongContext(const ContextBase& context) const {
  system_->ThrowWrongContext(context);
}

const CacheEntryValue& CacheEntry::get_cache_entry_value(
    const ContextBase& context) const {
  system_->ValidateContext(context);
  return context.get_cache().get_cache_entry_value(index_);
}

CacheEntryValue& CacheEntry::get_mutable_cache_entry_value(
    const ContextBase& context) const {
  system_->ValidateContext(context);
  return context.get_mutable_cache().get_mutable_cache_entry_value(index_);
}

// ------------------------------------------------------------------------
// ports

PortBase::PortBase(const char* kind_string, const SystemBase* owning_system,
                   std::string name, int index, DependencyTicket ticket,
                   PortDataType data_type, int size)
    : kind_string_(kind_string),
      system_(owning_system),
      name_(std::move(name)),
      index_(index),
      ticket_(ticket),
      data_type_(data_type),
      size_(size) {}

PortBase::~PortBase() = default;

std::string PortBase::GetFullDescription() const {
  return fmt::format("{} port '{}' (index {}) of System '{}' ({})",
                     kind_string_, name_, index_, system_->GetSystemPathname(),
                     system_->GetSystemType());
}

void PortBase::ThrowBadValueType(const char* method, const AbstractValue& value,
                                 const std::string& type) const {
  ThrowLogicError("{}: {} holds a {} but a {} was requested.", method,
                  GetFullDescription(), value.GetNiceTypeName(), type);
}

InputPortBase::InputPortBase(const SystemBase* owning_system, std::string name,
                             InputPortIndex index, DependencyTicket ticket,
                             PortDataType data_type, int size)
    : PortBase("input", owning_system, std::move(name), index, ticket,
               data_type, size) {}
InputPortBase::~InputPortBase() = default;

OutputPortBase::OutputPortBase(const SystemBase* owning_system,
                               std::string name, OutputPortIndex index,
                               DependencyTicket ticket, PortDataType data_type,
                               int size)
    : PortBase("output", owning_system, std::move(name), index, ticket,
               data_type, size) {}
OutputPortBase::~OutputPortBase() = default;

// --------------------------------------------------------- FixedInputPortValue

FixedInputPortValue::~FixedInputPortValue() = default;

AbstractValue* FixedInputPortValue::GetMutableData() {
  ++serial_number_;
  owner_->NoteChanged(
      owner_->system_base().input_port_ticket(input_port_index_));
  return value_.get();
}

// ----------------------------------------------------------------- ContextBase

ContextBase::ContextBase(const SystemBase& system)
    : system_(&system),
      system_id_(system.get_system_id()),
      system_name_(system.GetSystemName()) {}

ContextBase::ContextBase(const ContextBase& source, int)
    : system_(source.system_),
      system_id_(source.system_id_),
      system_name_(source.system_name_) {
  cache_.CopyFrom(source.cache_);
  input_port_values_.resize(source.input_port_values_.size());
  for (size_t i = 0; i < input_port_values_.size(); ++i) {
    const auto& fixed = source.input_port_values_[i];
    if (!fixed) continue;
    input_port_values_[i].reset(new FixedInputPortValue(
        this, fixed->input_port_index_, fixed->value_->Clone()));
    input_port_values_[i]->serial_number_ = fixed->serial_number_;
  }
}

ContextBase::~ContextBase() = default;

std::unique_ptr<ContextBase> ContextBase::Clone() const {
  std::unique_ptr<ContextBase> clone = DoCloneWithoutGraph();
  clone->parent_ = nullptr;
  std::shared_ptr<const internal::ContextGraph::Structure> reuse;
  if (is_root_context() && graph_) reuse = graph_->structure();
  internal::ContextGraph::Build(clone.get(), reuse);
  return clone;
}

void ContextBase::BuildGraph() { internal::ContextGraph::Build(this, nullptr); }

std::string ContextBase::GetSystemPathname() const {
  std::string path;
  for (const ContextBase* c = this; c; c = c->parent_)
    path = "::" + c->system_name_ + path;
  return path;
}

const ContextBase& ContextBase::subcontext_base(int) const {
  ThrowLogicError(
      "ContextBase::subcontext_base(): the context of '{}' has no subcontexts.",
      system_name_);
}

FixedInputPortValue& ContextBase::FixInputPort(int index,
                                               const AbstractValue& value) {
  if (index < 0 || index >= num_input_ports())
    ThrowLogicError(
        "FixInputPort(): System '{}' has no input port {} (it has {}).",
        GetSystemPathname(), index, num_input_ports());
  input_port_values_[index].reset(
      new FixedInputPortValue(this, InputPortIndex(index), value.Clone()));
  NoteChanged(system_->input_port_ticket(InputPortIndex(index)));
  return *input_port_values_[index];
}

namespace {
template <typename F>
void ForEachContext(const ContextBase& c, const F& f) {
  f(c);
  for (int i = 0; i < c.num_subcontexts(); ++i)
    ForEachContext(c.subcontext_base(i), f);
}
}  // namespace

void ContextBase::DisableCaching() const {
  ForEachContext(*this, [](const ContextBase& c) {
    c.get_mutable_cache().DisableCaching();
  });
}
void ContextBase::EnableCaching() const {
  ForEachContext(*this, [](const ContextBase& c) {
    c.get_mutable_cache().EnableCaching();
  });
}
void ContextBase::SetAllCacheEntriesOutOfDate() const {
  ForEachContext(*this, [](const ContextBase& c) {
    c.get_mutable_cache().SetAllEntriesOutOfDate();
  });
}
void ContextBase::FreezeCache() const {
  ForEachContext(*this, [](const ContextBase& c) {
    c.get_mutable_cache().freeze_cache();
  });
}
void ContextBase::UnfreezeCache() const {
  ForEachContext(*this, [](const ContextBase& c) {
    c.get_mutable_cache().unfreeze_cache();
  });
}

void ContextBase::NoteChangedRaw(int ticket) const {
  if (graph_) graph_->Invalidate(node_base_ + ticket);
}

void ContextBase::NoteBulkChange(internal::BulkChange change) const {
  if (graph_) graph_->Invalidate(bulk_base_ + change);
}

int64_t ContextBase::change_serial_number() const {
  return graph_ ? graph_->serial() : 0;
}

// ------------------------------------------------------------------ SystemBase

SystemBase::SystemBase() : system_id_(internal::NewSystemId()) {
  using namespace internal;  // NOLINT
  const std::pair<int, const char*> kNames[] = {
      {kNothingTicket, "nothing"},
      {kTimeTicket, "t"},
      {kAccuracyTicket, "accuracy"},
      {kQTicket, "q"},
      {kVTicket, "v"},
      {kZTicket, "z"},
      {kXcTicket, "xc"},
      {kXdTicket, "xd"},
      {kXaTicket, "xa"},
      {kXTicket, "x"},
      {kPnTicket, "pn"},
      {kPaTicket, "pa"},
      {kAllParametersTicket, "p"},
      {kAllInputPortsTicket, "u"},
      {kAllSourcesExceptInputPortsTicket, "all sources except input ports"},
      {kAllSourcesTicket, "all sources"},
      {kConfigurationTicket, "configuration"},
      {kKinematicsTicket, "kinematics"},
      {kXcdotTicket, "xcdot"},
      {kPeTicket, "pe"},
      {kKeTicket, "ke"},
      {kPcTicket, "pc"},
      {kPncTicket, "pnc"}};
  for (const auto& [n, name] : kNames) {
    OSSA_DEMAND(n == num_tickets());
    trackers_.push_back({name, {}, -1});
  }
  auto& t = trackers_;
  t[kXcTicket].prerequisites = {kQTicket, kVTicket, kZTicket};
  t[kXTicket].prerequisites = {kXcTicket, kXdTicket, kXaTicket};
  t[kAllParametersTicket].prerequisites = {kPnTicket, kPaTicket};
  t[kAllSourcesExceptInputPortsTicket].prerequisites = {
      kTimeTicket, kAccuracyTicket, kXTicket, kAllParametersTicket};
  t[kAllSourcesTicket].prerequisites = {kAllSourcesExceptInputPortsTicket,
                                        kAllInputPortsTicket};
  t[kConfigurationTicket].prerequisites = {kAccuracyTicket, kQTicket, kXdTicket,
                                           kXaTicket, kAllParametersTicket};
  t[kKinematicsTicket].prerequisites = {kConfigurationTicket, kVTicket};
  // xcdot, pe, ke, pc, pnc get their prerequisites when System<T> declares
  // their cache entries.
}

SystemBase::~SystemBase() = default;

std::string SystemBase::GetSystemPathname() const {
  const std::string parent =
      parent_service_ ? parent_service_->GetParentPathname() : "";
  return parent + "::" + GetSystemName();
}

std::string SystemBase::GetSystemType() const {
  return NiceTypeNameFromTypeInfo(typeid(*this));
}

std::string SystemBase::GetMemoryObjectName() const {
  std::string type = GetSystemType();
  // Drop template arguments and turn "::" into "/".
  if (auto at = type.find('<'); at != std::string::npos) type.resize(at);
  for (size_t at; (at = type.find("::")) != std::string::npos;)
    type.replace(at, 2, "/");
  char address[32];
  std::snprintf(
      address, sizeof(address), "@%016llx",
      static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(this)));
  return type + address;
}

const InputPortBase& SystemBase::get_input_port_base(
    InputPortIndex port_index) const {
  if (!port_index.is_valid() || port_index >= num_input_ports())
    ThrowLogicError(
        "System '{}': input port index {} is out of range; it has {} input "
        "ports.",
        GetSystemPathname(), port_index.raw(), num_input_ports());
  return *input_ports_[port_index];
}

const OutputPortBase& SystemBase::get_output_port_base(
    OutputPortIndex port_index) const {
  if (!port_index.is_valid() || port_index >= num_output_ports())
    ThrowLogicError(
        "System '{}': output port index {} is out of range; it has {} output "
        "ports.",
        GetSystemPathname(), port_index.raw(), num_output_ports());
  return *output_ports_[port_index];
}

int SystemBase::num_total_inputs() const {
  int n = 0;
  for (const auto& p : input_ports_) n += p->size();
  return n;
}

int SystemBase::num_total_outputs() const {
  int n = 0;
  for (const auto& p : output_ports_) n += p->size();
  return n;
}

const AbstractValue* SystemBase::EvalAbstractInput(const ContextBase& context,
                                                   int port_index) const {
  ValidateContext(context);
  if (port_index < 0 || port_index >= num_input_ports()) [[unlikely]] {
    ThrowLogicError(
        "System '{}': input port index {} is out of range; it has {} input "
        "ports.",
        GetSystemPathname(), port_index, num_input_ports());
  }
  // A port declared after the Context was allocated (PortSwitch,
  // BusCreator and Python systems may add ports late) has no slot in it.
  if (port_index >= context.num_input_ports()) [[unlikely]] {
    ThrowLogicError(
        "System '{}': input port {} was declared after this Context was "
        "allocated (it has {} input ports); allocate a new Context.",
        GetSystemPathname(), port_index, context.num_input_ports());
  }
  if (const FixedInputPortValue* fixed =
          context.MaybeGetFixedInputPortValue(port_index))
    return &fixed->get_value();
  if (parent_service_ == nullptr || context.get_parent_base() == nullptr)
    return nullptr;
  return parent_service_->EvalConnectedSubsystemInputPort(
      *context.get_parent_base(), index_in_parent_, port_index);
}

const CacheEntry& SystemBase::get_cache_entry(CacheIndex index) const {
  if (!index.is_valid() || index >= num_cache_entries())
    ThrowLogicError(
        "System '{}': cache index {} is out of range; it has {} cache entries.",
        GetSystemPathname(), index.raw(), num_cache_entries());
  return *cache_entries_[index];
}

CacheEntry& SystemBase::get_mutable_cache_entry(CacheIndex index) {
  return const_cast<CacheEntry&>(get_cache_entry(index));
}

CacheEntry& SystemBase::DeclareCacheEntry(
    std::string description, ValueProducer value_producer,
    std::set<DependencyTicket> prerequisites_of_calc) {
  std::vector<int> prereqs;
  for (DependencyTicket t : prerequisites_of_calc) {
    if (!t.is_valid() || t >= num_tickets())
      ThrowLogicError(
          "DeclareCacheEntry(): the prerequisite ticket {} of cache entry '{}' "
          "of System '{}' "
          "does not exist.",
          t.raw(), description, GetSystemPathname());
    prereqs.push_back(t);
  }
  const CacheIndex index(num_cache_entries());
  const DependencyTicket ticket = AddTicket(description, prereqs, index);
  cache_entries_.push_back(std::make_unique<CacheEntry>(
      this, index, ticket, description, std::move(value_producer),
      std::move(prerequisites_of_calc)));
  return *cache_entries_.back();
}

void SystemBase::DeclareBuiltInCacheEntry(int ticket, std::string description,
                                          ValueProducer producer) {
  const CacheIndex index(num_cache_entries());
  trackers_[ticket].prerequisites = {internal::kAllSourcesTicket};
  trackers_[ticket].cache_index = index;
  cache_entries_.push_back(std::make_unique<CacheEntry>(
      this, index, DependencyTicket(ticket), std::move(description),
      std::move(producer), std::set<DependencyTicket>{all_sources_ticket()}));
}

DependencyTicket SystemBase::AddTicket(std::string description,
                                       std::vector<int> prerequisites,
                                       int cache_index) {
  trackers_.push_back(
      {std::move(description), std::move(prerequisites), cache_index});
  return DependencyTicket(num_tickets() - 1);
}

void SystemBase::AddPrerequisite(int ticket, int prerequisite) {
  trackers_[ticket].prerequisites.push_back(prerequisite);
}

DependencyTicket SystemBase::AddDiscreteStateGroupTicket() {
  const DependencyTicket t =
      AddTicket(fmt::format("xd{}", xd_tickets_.size()), {}, -1);
  AddPrerequisite(internal::kXdTicket, t);
  xd_tickets_.push_back(t);
  num_discrete_groups_ = static_cast<int>(xd_tickets_.size());
  return t;
}

DependencyTicket SystemBase::AddAbstractStateTicket() {
  const DependencyTicket t =
      AddTicket(fmt::format("xa{}", xa_tickets_.size()), {}, -1);
  AddPrerequisite(internal::kXaTicket, t);
  xa_tickets_.push_back(t);
  num_abstract_states_ = static_cast<int>(xa_tickets_.size());
  return t;
}

DependencyTicket SystemBase::AddNumericParameterTicket() {
  const DependencyTicket t =
      AddTicket(fmt::format("pn{}", pn_tickets_.size()), {}, -1);
  AddPrerequisite(internal::kPnTicket, t);
  pn_tickets_.push_back(t);
  num_numeric_parameters_ = static_cast<int>(pn_tickets_.size());
  return t;
}

DependencyTicket SystemBase::AddAbstractParameterTicket() {
  const DependencyTicket t =
      AddTicket(fmt::format("pa{}", pa_tickets_.size()), {}, -1);
  AddPrerequisite(internal::kPaTicket, t);
  pa_tickets_.push_back(t);
  num_abstract_parameters_ = static_cast<int>(pa_tickets_.size());
  return t;
}

namespace {
DependencyTicket CheckedTicket(const std::vector<int>& tickets, int index,
                               const char* what, const SystemBase& sys) {
  if (index < 0 || index >= static_cast<int>(tickets.size()))
    ThrowLogicError("System '{}': {} index {} is out of range; it has {}.",
                    sys.GetSystemPathname(), what, index, tickets.size());
  return DependencyTicket(tickets[index]);
}
}  // namespace

DependencyTicket SystemBase::discrete_state_ticket(
    DiscreteStateIndex index) const {
  return CheckedTicket(xd_tickets_, index.raw(), "discrete state group", *this);
}
DependencyTicket SystemBase::abstract_state_ticket(
    AbstractStateIndex index) const {
  return CheckedTicket(xa_tickets_, index.raw(), "abstract state", *this);
}
DependencyTicket SystemBase::numeric_parameter_ticket(
    NumericParameterIndex index) const {
  return CheckedTicket(pn_tickets_, index.raw(), "numeric parameter", *this);
}
DependencyTicket SystemBase::abstract_parameter_ticket(
    AbstractParameterIndex index) const {
  return CheckedTicket(pa_tickets_, index.raw(), "abstract parameter", *this);
}
DependencyTicket SystemBase::input_port_ticket(InputPortIndex index) const {
  return CheckedTicket(input_port_tickets_, index.raw(), "input port", *this);
}
DependencyTicket SystemBase::output_port_ticket(OutputPortIndex index) const {
  return CheckedTicket(output_port_tickets_, index.raw(), "output port", *this);
}
DependencyTicket SystemBase::cache_entry_ticket(CacheIndex index) const {
  return get_cache_entry(index).ticket();
}

void SystemBase::AddInputPort(std::unique_ptr<InputPortBase> port) {
  OSSA_DEMAND(port && port->get_index() == num_input_ports());
  input_port_tickets_.push_back(port->ticket());
  input_ports_.push_back(std::move(port));
}

void SystemBase::AddOutputPort(std::unique_ptr<OutputPortBase> port) {
  OSSA_DEMAND(port && port->get_index() == num_output_ports());
  output_port_tickets_.push_back(port->ticket());
  output_ports_.push_back(std::move(port));
}

DependencyTicket SystemBase::NewInputPortTicket(const std::string& name) {
  const DependencyTicket t = AddTicket("u:" + name, {}, -1);
  AddPrerequisite(internal::kAllInputPortsTicket, t);
  return t;
}

std::string SystemBase::NextInputPortName(const std::string& name) const {
  return name.empty() ? fmt::format("u{}", num_input_ports()) : name;
}

std::string SystemBase::NextOutputPortName(const std::string& name) const {
  return name.empty() ? fmt::format("y{}", num_output_ports()) : name;
}

void SystemBase::ThrowIfPortNameInUse(const char* method,
                                      const std::string& name,
                                      bool input) const {
  if (input) {
    for (const auto& p : input_ports_)
      if (p->get_name() == name)
        ThrowLogicError(
            "{}(): System '{}' already has an input port named '{}'.", method,
            GetSystemPathname(), name);
  } else {
    for (const auto& p : output_ports_)
      if (p->get_name() == name)
        ThrowLogicError(
            "{}(): System '{}' already has an output port named '{}'.", method,
            GetSystemPathname(), name);
  }
}

void SystemBase::InitializeContextBase(ContextBase* context) const {
  for (const auto& entry : cache_entries_) {
    CacheEntryValue& value = context->cache_.CreateNewCacheEntryValue(
        entry->cache_index(), entry->ticket(), entry->description(),
        entry->Allocate());
    if (entry->is_disabled_by_default()) value.disable_caching();
  }
  context->input_port_values_.resize(num_input_ports());
}

void SystemBase::ThrowWrongContext(const ContextBase& context) const {
  ThrowLogicError(
      "A Context of System '{}' was passed to System '{}' ({}); a Context can "
      "only be used "
      "with the System that created it.",
      context.GetSystemPathname(), GetSystemPathname(), GetSystemType());
}

}  // namespace ossa::systems
