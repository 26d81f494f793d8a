#pragma once

/// @file
/// SystemBase: the scalar-independent part of every System: name, ports,
/// cache entries, and the table of dependency tickets from which each
/// Context's change-propagation graph is compiled.
///
/// Tickets. Every Context has the built-in tickets (time, accuracy, q, v, z,
/// xc, xd, xa, x, pn, pa, p, all input ports u, all sources, configuration,
/// kinematics, and the cache entries xcdot, pe, ke, pc, pnc) and one ticket
/// per discrete group, abstract state, numeric and abstract parameter, input
/// port, cache entry and output port. A cache entry declares the tickets its
/// calculation reads; changing any of them (or anything they depend on)
/// marks the entry out of date. The built-in aggregates subscribe as:
///   xc ← q, v, z;  x ← xc, xd, xa;  p ← pn, pa;  u ← every input port;
///   all_sources ← time, accuracy, x, p, u;
///   configuration ← accuracy, q, xd, xa, p;  kinematics ← configuration, v.

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ossa/systems/framework/cache_entry.h"
#include "ossa/systems/framework/context_base.h"
#include "ossa/systems/framework/input_port_base.h"
#include "ossa/systems/framework/output_port_base.h"
#include "ossa/systems/framework/value_producer.h"

namespace ossa::systems {

namespace internal {

/// What a Diagram offers its subsystems: evaluation of the value feeding a
/// subsystem's input port.
class SystemParentServiceInterface {
 public:
  virtual ~SystemParentServiceInterface();
  /// The value feeding input port `port` of subsystem `subsystem`, or nullptr
  /// if the port is neither connected nor exported.
  virtual const AbstractValue* EvalConnectedSubsystemInputPort(
      const ContextBase& diagram_context, int subsystem, int port) const = 0;
  /// The parent's path name ("::diagram").
  virtual std::string GetParentPathname() const = 0;
};

/// An edge of the change-propagation graph between the contexts of a
/// Diagram and of its subsystems: the value with ticket `from_ticket` in
/// subcontext `from_subsystem` (-1 for the Diagram's own context) is a
/// prerequisite of `to_ticket` in `to_subsystem`.
struct TicketEdge {
  int from_subsystem;
  int from_ticket;
  int to_subsystem;
  int to_ticket;
};

/// One dependency tracker of a System: its prerequisites (tickets of the same
/// System) and the cache entry it stands for, if any.
struct TrackerInfo {
  std::string description;
  std::vector<int> prerequisites;
  int cache_index{-1};
};

}  // namespace internal

class SystemBase {
 public:
  SystemBase(const SystemBase&) = delete;
  SystemBase& operator=(const SystemBase&) = delete;
  virtual ~SystemBase();

  /// @name Names
  /// @{
  void set_name(const std::string& name) { name_ = name; }
  const std::string& get_name() const { return name_; }
  /// The name, or "_" if it is empty.
  std::string GetSystemName() const { return name_.empty() ? "_" : name_; }
  /// The full path in the Diagram tree, "::diagram::name".
  std::string GetSystemPathname() const;
  /// The type name of this object ("ossa::systems::Foo<double>").
  std::string GetSystemType() const;
  /// A name unique to this object in memory, "ossa/systems/Foo@0000012345ab";
  /// the default name of systems added to a DiagramBuilder without one.
  std::string GetMemoryObjectName() const;
  /// @}

  /// @name Ports
  /// @{
  int num_input_ports() const { return static_cast<int>(input_ports_.size()); }
  int num_output_ports() const {
    return static_cast<int>(output_ports_.size());
  }
  /// Throws if the index is out of range.
  const InputPortBase& get_input_port_base(InputPortIndex port_index) const;
  const OutputPortBase& get_output_port_base(OutputPortIndex port_index) const;
  /// Sum of the sizes of the vector-valued input (output) ports.
  int num_total_inputs() const;
  int num_total_outputs() const;
  /// The value feeding input port `port_index` in `context` (fixed, or from
  /// the connected upstream output), or nullptr if it has none. Throws if
  /// the index is out of range or the context belongs to another system.
  const AbstractValue* EvalAbstractInput(const ContextBase& context,
                                         int port_index) const;
  /// @}

  /// @name Cache entries
  /// @{
  int num_cache_entries() const {
    return static_cast<int>(cache_entries_.size());
  }
  const CacheEntry& get_cache_entry(CacheIndex index) const;
  CacheEntry& get_mutable_cache_entry(CacheIndex index);
  /// Declares a cache entry computed by `value_producer` whose calculation
  /// reads `prerequisites_of_calc`. Throws if a prerequisite ticket does not
  /// exist in this system.
  CacheEntry& DeclareCacheEntry(
      std::string description, ValueProducer value_producer,
      std::set<DependencyTicket> prerequisites_of_calc = {
          all_sources_ticket()});
  /// @}

  /// @name Dependency tickets
  /// @{
  static DependencyTicket nothing_ticket() {
    return T_(internal::kNothingTicket);
  }
  static DependencyTicket time_ticket() { return T_(internal::kTimeTicket); }
  static DependencyTicket accuracy_ticket() {
    return T_(internal::kAccuracyTicket);
  }
  static DependencyTicket q_ticket() { return T_(internal::kQTicket); }
  static DependencyTicket v_ticket() { return T_(internal::kVTicket); }
  static DependencyTicket z_ticket() { return T_(internal::kZTicket); }
  static DependencyTicket xc_ticket() { return T_(internal::kXcTicket); }
  static DependencyTicket xd_ticket() { return T_(internal::kXdTicket); }
  static DependencyTicket xa_ticket() { return T_(internal::kXaTicket); }
  static DependencyTicket all_state_ticket() { return T_(internal::kXTicket); }
  static DependencyTicket pn_ticket() { return T_(internal::kPnTicket); }
  static DependencyTicket pa_ticket() { return T_(internal::kPaTicket); }
  static DependencyTicket all_parameters_ticket() {
    return T_(internal::kAllParametersTicket);
  }
  static DependencyTicket all_input_ports_ticket() {
    return T_(internal::kAllInputPortsTicket);
  }
  static DependencyTicket all_sources_except_input_ports_ticket() {
    return T_(internal::kAllSourcesExceptInputPortsTicket);
  }
  static DependencyTicket all_sources_ticket() {
    return T_(internal::kAllSourcesTicket);
  }
  static DependencyTicket configuration_ticket() {
    return T_(internal::kConfigurationTicket);
  }
  static DependencyTicket kinematics_ticket() {
    return T_(internal::kKinematicsTicket);
  }
  static DependencyTicket xcdot_ticket() { return T_(internal::kXcdotTicket); }
  static DependencyTicket pe_ticket() { return T_(internal::kPeTicket); }
  static DependencyTicket ke_ticket() { return T_(internal::kKeTicket); }
  static DependencyTicket pc_ticket() { return T_(internal::kPcTicket); }
  static DependencyTicket pnc_ticket() { return T_(internal::kPncTicket); }
  DependencyTicket discrete_state_ticket(DiscreteStateIndex index) const;
  DependencyTicket abstract_state_ticket(AbstractStateIndex index) const;
  DependencyTicket numeric_parameter_ticket(NumericParameterIndex index) const;
  DependencyTicket abstract_parameter_ticket(
      AbstractParameterIndex index) const;
  DependencyTicket input_port_ticket(InputPortIndex index) const;
  DependencyTicket cache_entry_ticket(CacheIndex index) const;
  DependencyTicket output_port_ticket(OutputPortIndex index) const;
  /// @}

  /// Sizes of the declared state and parameters (for Diagrams, of the
  /// subsystems' together).
  int num_discrete_state_groups() const { return num_discrete_groups_; }
  int num_abstract_states() const { return num_abstract_states_; }
  int num_numeric_parameter_groups() const { return num_numeric_parameters_; }
  int num_abstract_parameters() const { return num_abstract_parameters_; }

  /// Throws std::logic_error if `context` was not allocated by this system.
  void ValidateContext(const ContextBase& context) const {
    if (context.get_system_id() != system_id_) [[unlikely]]
      ThrowWrongContext(context);
  }

  /// @name Internal
  /// @{
  internal::SystemId get_system_id() const { return system_id_; }
  const std::vector<internal::TrackerInfo>& trackers() const {
    return trackers_;
  }
  int num_tickets() const { return static_cast<int>(trackers_.size()); }
  /// The tickets of the discrete groups, abstract states, numeric and
  /// abstract parameters, in order (empty for a Diagram).
  const std::vector<int>& discrete_state_tickets() const { return xd_tickets_; }
  const std::vector<int>& abstract_state_tickets() const { return xa_tickets_; }
  const std::vector<int>& numeric_parameter_tickets() const {
    return pn_tickets_;
  }
  const std::vector<int>& abstract_parameter_tickets() const {
    return pa_tickets_;
  }
  /// Edges between this Diagram's context and its subcontexts (empty for a
  /// leaf system).
  virtual std::vector<internal::TicketEdge> GetCrossContextEdges() const {
    return {};
  }
  void set_parent_service(const internal::SystemParentServiceInterface* parent,
                          int index_in_parent) {
    parent_service_ = parent;
    index_in_parent_ = index_in_parent;
  }
  const internal::SystemParentServiceInterface* get_parent_service() const {
    return parent_service_;
  }
  [[noreturn]] void ThrowWrongContext(const ContextBase& context) const;
  /// @}

 protected:
  SystemBase();

  // Adds a tracker and returns its ticket.
  DependencyTicket AddTicket(std::string description,
                             std::vector<int> prerequisites,
                             int cache_index = -1);
  // Adds `prerequisite` to the prerequisites of tracker `ticket`.
  void AddPrerequisite(int ticket, int prerequisite);
  DependencyTicket AddDiscreteStateGroupTicket();
  DependencyTicket AddAbstractStateTicket();
  DependencyTicket AddNumericParameterTicket();
  DependencyTicket AddAbstractParameterTicket();
  // For Diagrams: the counts are the subsystems' totals.
  void set_state_and_parameter_counts(int xd, int xa, int pn, int pa) {
    num_discrete_groups_ = xd;
    num_abstract_states_ = xa;
    num_numeric_parameters_ = pn;
    num_abstract_parameters_ = pa;
  }

  // Adds ports (their tickets were created with AddTicket).
  void AddInputPort(std::unique_ptr<InputPortBase> port);
  void AddOutputPort(std::unique_ptr<OutputPortBase> port);
  // A new ticket for the next input port, subscribed to by u.
  DependencyTicket NewInputPortTicket(const std::string& name);
  std::string NextInputPortName(const std::string& name) const;
  std::string NextOutputPortName(const std::string& name) const;
  // Throws if a port with this name exists.
  void ThrowIfPortNameInUse(const char* method, const std::string& name,
                            bool input) const;

  // Declares the built-in cache entry for `ticket` (xcdot, pe, ...).
  void DeclareBuiltInCacheEntry(int ticket, std::string description,
                                ValueProducer producer);

  // Fills the cache values and input-port slots of a new context.
  void InitializeContextBase(ContextBase* context) const;

 private:
  static DependencyTicket T_(int n) { return DependencyTicket(n); }

  internal::SystemId system_id_;
  std::string name_;
  std::vector<std::unique_ptr<InputPortBase>> input_ports_;
  std::vector<std::unique_ptr<OutputPortBase>> output_ports_;
  std::vector<std::unique_ptr<CacheEntry>> cache_entries_;
  std::vector<internal::TrackerInfo> trackers_;
  std::vector<int> xd_tickets_, xa_tickets_, pn_tickets_, pa_tickets_;
  std::vector<int> input_port_tickets_, output_port_tickets_;
  int num_discrete_groups_{0}, num_abstract_states_{0};
  int num_numeric_parameters_{0}, num_abstract_parameters_{0};
  const internal::SystemParentServiceInterface* parent_service_{};
  int index_in_parent_{-1};
};

}  // namespace ossa::systems
