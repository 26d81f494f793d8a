#pragma once

/// @file
/// Diagram<T>: a System made of subsystems whose ports are connected to each
/// other and exported as the Diagram's own ports. Built by DiagramBuilder.
/// Its Context is a DiagramContext with one subcontext per subsystem; its
/// continuous state is [all q; all v; all z] in subsystem order (one
/// contiguous vector); its discrete groups, abstract states and parameters
/// are the subsystems' in order. Changing a value in one subcontext
/// invalidates exactly the cache entries that depend on it, in every
/// subsystem (through connections) and in the Diagram.

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ossa/systems/framework/diagram_context.h"
#include "ossa/systems/framework/diagram_output_port.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

template <typename T>
class DiagramBuilder;

template <typename T>
class Diagram : public System<T>,
                public internal::SystemParentServiceInterface {
 public:
  using InputPortLocator = std::pair<const System<T>*, InputPortIndex>;
  using OutputPortLocator = std::pair<const System<T>*, OutputPortIndex>;

  ~Diagram() override;

  /// Scalar conversion: converts every subsystem (throws if one cannot be
  /// converted) and reproduces the connections.
  template <typename U>
  explicit Diagram(const Diagram<U>& other);

  /// @name Subsystems
  /// @{
  int num_subsystems() const { return static_cast<int>(systems_.size()); }
  std::vector<const System<T>*> GetSystems() const;
  /// Index of `subsystem`; throws if it is not a subsystem of this Diagram.
  SubsystemIndex GetSubsystemIndex(const System<T>& subsystem) const;
  bool HasSubsystemNamed(const std::string& name) const;
  /// Throws (listing the valid names) if there is no such subsystem.
  const System<T>& GetSubsystemByName(const std::string& name) const;
  template <template <typename> class S>
  const S<T>& GetDowncastSubsystemByName(const std::string& name) const {
    const System<T>& sys = GetSubsystemByName(name);
    const auto* result = dynamic_cast<const S<T>*>(&sys);
    if (!result) ThrowWrongSubsystemType(name, NiceTypeName<S<T>>());
    return *result;
  }
  /// The subcontext of `subsystem` (a direct child or any descendant) within
  /// `context`. Throws if `subsystem` is not in this Diagram.
  const Context<T>& GetSubsystemContext(const System<T>& subsystem,
                                        const Context<T>& context) const;
  Context<T>& GetMutableSubsystemContext(const System<T>& subsystem,
                                         Context<T>* context) const;
  /// The state of `subsystem` within `context` (no invalidation: prefer
  /// the subcontext's mutable accessors for changes).
  const State<T>& GetSubsystemState(const System<T>& subsystem,
                                    const Context<T>& context) const;
  State<T>& GetMutableSubsystemState(const System<T>& subsystem,
                                     Context<T>* context) const;
  /// @}

  /// @name Connections
  /// @{
  const std::map<InputPortLocator, OutputPortLocator>& connection_map() const {
    return connection_map_;
  }
  /// The subsystem input ports that diagram input `port_index` feeds.
  std::vector<InputPortLocator> GetInputPortLocators(
      InputPortIndex port_index) const;
  /// The subsystem output port that diagram output `port_index` forwards.
  const OutputPortLocator& get_output_port_locator(
      OutputPortIndex port_index) const;
  bool AreConnected(const OutputPort<T>& output,
                    const InputPort<T>& input) const;
  /// @}

  // System overrides.
  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override;
  void SetDefaultParameters(const Context<T>& context,
                            Parameters<T>* parameters) const override;
  void SetRandomState(const Context<T>& context, State<T>* state,
                      RandomGenerator* generator) const override;
  void SetRandomParameters(const Context<T>& context, Parameters<T>* parameters,
                           RandomGenerator* generator) const override;
  std::unique_ptr<ContinuousState<T>> AllocateTimeDerivatives() const final;
  std::unique_ptr<DiscreteValues<T>> AllocateDiscreteVariables() const final;
  std::unique_ptr<CompositeEventCollection<T>>
  AllocateCompositeEventCollection() const final;
  int num_continuous_states() const final { return num_continuous_states_; }
  std::multimap<int, int> GetDirectFeedthroughs() const final {
    return feedthroughs_;
  }
  std::string GetGraphvizFragment(int max_depth,
                                  std::string* dot) const override;
  std::string GetGraphvizPortId(bool input, int index) const override;

  // SystemParentServiceInterface.
  const AbstractValue* EvalConnectedSubsystemInputPort(
      const ContextBase& diagram_context, int subsystem, int port) const final;
  std::string GetParentPathname() const final {
    return this->GetSystemPathname();
  }
  std::vector<internal::TicketEdge> GetCrossContextEdges() const final {
    return edges_;
  }

 protected:
  /// For subclasses filled by DiagramBuilder::BuildInto().
  Diagram();

  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;
  T DoCalcPotentialEnergy(const Context<T>& context) const override;
  T DoCalcKineticEnergy(const Context<T>& context) const override;
  T DoCalcConservativePower(const Context<T>& context) const override;
  T DoCalcNonConservativePower(const Context<T>& context) const override;
  void DoMapQDotToVelocity(const Context<T>& context,
                           const Eigen::Ref<const VectorX<T>>& qdot,
                           VectorBase<T>* generalized_velocity) const override;
  void DoMapVelocityToQDot(
      const Context<T>& context,
      const Eigen::Ref<const VectorX<T>>& generalized_velocity,
      VectorBase<T>* qdot) const override;

  void DoCalcNextUpdateTime(const Context<T>& context,
                            CompositeEventCollection<T>* events,
                            T* time) const final;
  OSSA_DECLARE_SYSTEM_EVENT_MACHINERY_FINAL_OVERRIDES()
  void DoGetWitnessFunctions(
      const Context<T>& context,
      std::vector<const WitnessFunction<T>*>* w) const final;
  T DoCalcWitnessValue(const Context<T>& context,
                       const WitnessFunction<T>& witness_func) const final;
  void DoAddTriggeredWitnessFunctionToCompositeEventCollection(
      Event<T>* event, CompositeEventCollection<T>* events) const final;

 private:
  friend class DiagramBuilder<T>;
  friend class System<T>;
  template <typename>
  friend class Diagram;

  // What DiagramBuilder hands over.
  struct Blueprint {
    std::vector<std::unique_ptr<System<T>>> systems;
    std::map<InputPortLocator, OutputPortLocator> connection_map;
    std::vector<std::vector<InputPortLocator>> input_port_locators;
    std::vector<std::string> input_port_names;
    std::vector<OutputPortLocator> output_port_locators;
    std::vector<std::string> output_port_names;
    std::set<const System<T>*> external;
    std::vector<std::shared_ptr<void>> external_owners;
  };
  // Where a subsystem input port gets its value.
  struct InputSource {
    enum Kind { kNone, kOutput, kDiagramInput } kind{kNone};
    int system{-1};
    int port{-1};
  };

  void Initialize(std::unique_ptr<Blueprint> blueprint);
  [[noreturn]] void ThrowWrongSubsystemType(const std::string& name,
                                            const std::string& type) const;
  // The descendant path to `subsystem`, or empty if not found.
  bool FindSubsystemPath(const System<T>& subsystem,
                         std::vector<int>* path) const;
  const DiagramContext<T>& AsDiagramContext(const Context<T>& context,
                                            const char* method) const;
  // Views into a flat Parameters for subsystem i (pointers, no copies).
  std::unique_ptr<Parameters<T>> SubsystemParametersView(
      Parameters<T>* parameters, int i) const;
  // Aborts unless `events` is a diagram collection with one slot per subsystem.
  template <typename EventType>
  const DiagramEventCollection<EventType>& AsDiagramEvents(
      const EventCollection<EventType>& events, const char* method) const;

  // Σ eval(i, subsystem i's context) over the subsystems.
  template <typename Eval>
  T SumOverSubsystems(const Context<T>& context, Eval eval) const;
  // Calls visit(i, subsystem i's context, q_start, nq, v_start, nv) for each
  // subsystem with continuous q or v, offsets counted in the diagram's
  // generalized positions and velocities.
  template <typename Visit>
  void ForEachSubsystemWithCoordinates(const Context<T>& context,
                                       Visit visit) const;

  std::vector<std::unique_ptr<System<T>>> systems_;
  // Subsystems owned elsewhere (see DiagramBuilder::AddExternallyOwnedSystem).
  std::set<const System<T>*> external_;
  std::vector<std::shared_ptr<void>> external_owners_;
  std::map<const System<T>*, int> system_index_;
  std::map<InputPortLocator, OutputPortLocator> connection_map_;
  std::vector<std::vector<InputPortLocator>> input_port_locators_;
  std::vector<OutputPortLocator> output_port_locators_;
  std::vector<std::vector<InputSource>> input_sources_;
  std::vector<internal::TicketEdge> edges_;
  std::multimap<int, int> feedthroughs_;
  std::vector<int> continuous_subsystems_;
  int num_continuous_states_{0};
};

/// Diagram converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<Diagram> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Diagram);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Diagram);
