#pragma once

/// @file
/// System<T>: the base of every dynamical system on scalar T (LeafSystem,
/// Diagram). It offers the evaluation API used by simulators and users:
/// context allocation, time derivatives, discrete and unrestricted updates,
/// publishing, event scheduling (CalcNextUpdateTime), energies, q̇ ↔ v maps,
/// ports, direct-feedthrough queries, scalar conversion and graphviz.
///
/// Event dispatch protocol (what a Simulator does at an update time t):
///   T t_next = system.CalcNextUpdateTime(context, events.get());
///   ... advance continuous time to t_next, then:
///   system.CalcUnrestrictedUpdate(context,
///   events->get_unrestricted_update_events(), state);
///   system.ApplyUnrestrictedUpdate(events->get_unrestricted_update_events(),
///   state, &context); system.CalcDiscreteVariableUpdate(context,
///   events->get_discrete_update_events(), xd);
///   system.ApplyDiscreteVariableUpdate(events->get_discrete_update_events(),
///   xd, &context); system.Publish(context, events->get_publish_events());
/// Calc* write the new values into the given output (initialized from the
/// context first, so groups no event touches keep their values); Apply*
/// copies them into the context (and invalidates dependents).

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ossa/systems/framework/composite_event_collection.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/input_port.h"
#include "ossa/systems/framework/output_port.h"
#include "ossa/systems/framework/system_base.h"
#include "ossa/systems/framework/system_scalar_converter.h"
#include "ossa/systems/framework/witness_function.h"

/// The declarations with which a System kind that implements the event
/// machinery itself (LeafSystem, Diagram) finalizes System's event dispatch,
/// event collection and context allocation members.
#define OSSA_DECLARE_SYSTEM_EVENT_MACHINERY_FINAL_OVERRIDES()                  \
  EventStatus DispatchPublishHandler(                                          \
      const Context<T>& context,                                               \
      const EventCollection<PublishEvent<T>>& events) const final;             \
  EventStatus DispatchDiscreteVariableUpdateHandler(                           \
      const Context<T>& context,                                               \
      const EventCollection<DiscreteUpdateEvent<T>>& events,                   \
      DiscreteValues<T>* discrete_state) const final;                          \
  EventStatus DispatchUnrestrictedUpdateHandler(                               \
      const Context<T>& context,                                               \
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,               \
      State<T>* state) const final;                                            \
  void DoApplyUnrestrictedUpdate(                                              \
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,               \
      State<T>* state, Context<T>* context) const final;                       \
  void DoApplyDiscreteVariableUpdate(                                          \
      const EventCollection<DiscreteUpdateEvent<T>>& events,                   \
      DiscreteValues<T>* discrete_state, Context<T>* context) const final;     \
  void DoGetPerStepEvents(const Context<T>& context,                           \
                          CompositeEventCollection<T>* events) const final;    \
  void DoGetInitializationEvents(                                              \
      const Context<T>& context,                                               \
      CompositeEventCollection<T>* events) const final;                        \
  void DoGetForcedEvents(CompositeEventCollection<T>* events) const final;     \
  void DoMapPeriodicEventsByTiming(                                            \
      const Context<T>* context,                                               \
      std::map<PeriodicEventData, std::vector<const Event<T>*>>*               \
          periodic_events) const final;                                        \
  std::unique_ptr<Context<T>> DoAllocateContext() const final;

namespace ossa::systems {

/// The random number generator of SetRandomContext / SetRandomState.
using RandomGenerator = std::mt19937;

template <typename T>
class Diagram;

template <typename T>
class System : public SystemBase {
 public:
  ~System() override;

  /// @name Contexts
  /// @{
  /// A context of the right structure, values not set (use SetDefaultContext).
  std::unique_ptr<Context<T>> AllocateContext() const;
  /// A context with default values.
  std::unique_ptr<Context<T>> CreateDefaultContext() const;
  /// Sets default state and parameters in `context`.
  void SetDefaultContext(Context<T>* context) const;
  /// Sets random state and parameters (defaults for systems without random
  /// distributions).
  void SetRandomContext(Context<T>* context, RandomGenerator* generator) const;
  virtual void SetDefaultState(const Context<T>& context,
                               State<T>* state) const = 0;
  virtual void SetDefaultParameters(const Context<T>& context,
                                    Parameters<T>* parameters) const = 0;
  virtual void SetRandomState(const Context<T>& context, State<T>* state,
                              RandomGenerator* generator) const;
  virtual void SetRandomParameters(const Context<T>& context,
                                   Parameters<T>* parameters,
                                   RandomGenerator* generator) const;
  /// Storage for CalcTimeDerivatives.
  virtual std::unique_ptr<ContinuousState<T>> AllocateTimeDerivatives()
      const = 0;
  /// Storage for CalcDiscreteVariableUpdate.
  virtual std::unique_ptr<DiscreteValues<T>> AllocateDiscreteVariables()
      const = 0;
  /// An empty event collection of this system's structure.
  virtual std::unique_ptr<CompositeEventCollection<T>>
  AllocateCompositeEventCollection() const = 0;
  /// A residual vector for CalcImplicitTimeDerivativesResidual.
  VectorX<T> AllocateImplicitTimeDerivativesResidual() const {
    return VectorX<T>::Zero(num_continuous_states());
  }
  /// A value for input port `input_port` (vector or abstract).
  std::unique_ptr<BasicVector<T>> AllocateInputVector(
      const InputPort<T>& input_port) const;
  std::unique_ptr<AbstractValue> AllocateInputAbstract(
      const InputPort<T>& input_port) const;
  /// @}

  /// @name Sizes
  /// @{
  virtual int num_continuous_states() const = 0;
  /// @}

  /// @name Continuous dynamics
  /// @{
  /// xcdot = f(t, x, u, p). Throws if `derivatives` has the wrong size or
  /// the context belongs to another system.
  void CalcTimeDerivatives(const Context<T>& context,
                           ContinuousState<T>* derivatives) const;
  /// The cached time derivatives (recomputed when any source changes).
  const ContinuousState<T>& EvalTimeDerivatives(
      const Context<T>& context) const;
  const CacheEntry& get_time_derivatives_cache_entry() const {
    return get_cache_entry(time_derivatives_cache_index_);
  }
  /// residual = g(t, x, ẋ_proposed, ...), zero when the proposal is right;
  /// by default ẋ_proposed − f(t, x, ...).
  void CalcImplicitTimeDerivativesResidual(
      const Context<T>& context, const ContinuousState<T>& proposed_derivatives,
      EigenPtr<VectorX<T>> residual) const;
  int implicit_time_derivatives_residual_size() const {
    return num_continuous_states();
  }
  /// @}

  /// @name Energy and power (cached)
  /// @{
  const T& EvalPotentialEnergy(const Context<T>& context) const;
  const T& EvalKineticEnergy(const Context<T>& context) const;
  const T& EvalConservativePower(const Context<T>& context) const;
  const T& EvalNonConservativePower(const Context<T>& context) const;
  T CalcPotentialEnergy(const Context<T>& context) const;
  T CalcKineticEnergy(const Context<T>& context) const;
  T CalcConservativePower(const Context<T>& context) const;
  T CalcNonConservativePower(const Context<T>& context) const;
  /// @}

  /// @name q̇ ↔ v
  /// @{
  /// q̇ = N(q)·v. Throws on size mismatches.
  void MapVelocityToQDot(const Context<T>& context,
                         const VectorBase<T>& generalized_velocity,
                         VectorBase<T>* qdot) const;
  void MapVelocityToQDot(
      const Context<T>& context,
      const Eigen::Ref<const VectorX<T>>& generalized_velocity,
      VectorBase<T>* qdot) const;
  /// v = N⁺(q)·q̇. Throws on size mismatches.
  void MapQDotToVelocity(const Context<T>& context, const VectorBase<T>& qdot,
                         VectorBase<T>* generalized_velocity) const;
  void MapQDotToVelocity(const Context<T>& context,
                         const Eigen::Ref<const VectorX<T>>& qdot,
                         VectorBase<T>* generalized_velocity) const;
  /// @}

  /// @name Events
  /// @{
  /// Handles `events` (returns the most severe status; does not throw on a
  /// failed status).
  EventStatus Publish(const Context<T>& context,
                      const EventCollection<PublishEvent<T>>& events) const;
  /// Handles the forced publish events; throws if one fails.
  void ForcedPublish(const Context<T>& context) const;
  /// Writes into `discrete_state` the values after `events` (groups no
  /// event changes keep the context's values).
  EventStatus CalcDiscreteVariableUpdate(
      const Context<T>& context,
      const EventCollection<DiscreteUpdateEvent<T>>& events,
      DiscreteValues<T>* discrete_state) const;
  /// Copies `discrete_state` into `context` (the groups of systems that had
  /// events).
  void ApplyDiscreteVariableUpdate(
      const EventCollection<DiscreteUpdateEvent<T>>& events,
      DiscreteValues<T>* discrete_state, Context<T>* context) const;
  /// CalcDiscreteVariableUpdate for the forced discrete update events; throws
  /// if one fails.
  void CalcForcedDiscreteVariableUpdate(
      const Context<T>& context, DiscreteValues<T>* discrete_state) const;
  /// Writes into `state` the state after `events` (initialized from the
  /// context).
  EventStatus CalcUnrestrictedUpdate(
      const Context<T>& context,
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,
      State<T>* state) const;
  void ApplyUnrestrictedUpdate(
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,
      State<T>* state, Context<T>* context) const;
  void CalcForcedUnrestrictedUpdate(const Context<T>& context,
                                    State<T>* state) const;
  /// The time of the next timed or periodic event after the context's time
  /// (infinity if none), with the events due then put into `events` (which
  /// is cleared first).
  T CalcNextUpdateTime(const Context<T>& context,
                       CompositeEventCollection<T>* events) const;
  /// The per-step events (cleared first).
  void GetPerStepEvents(const Context<T>& context,
                        CompositeEventCollection<T>* events) const;
  /// The initialization events (cleared first).
  void GetInitializationEvents(const Context<T>& context,
                               CompositeEventCollection<T>* events) const;
  /// Runs the initialization events: unrestricted, then discrete, then publish.
  void ExecuteInitializationEvents(Context<T>* context) const;
  /// Runs the forced unrestricted and discrete updates, then (if `publish`)
  /// the forced publish events.
  void ExecuteForcedEvents(Context<T>* context, bool publish = true) const;
  /// The periodic events, grouped by (period, offset).
  std::map<PeriodicEventData, std::vector<const Event<T>*>>
  MapPeriodicEventsByTiming(const Context<T>* context = nullptr) const;
  std::map<PeriodicEventData, std::vector<const Event<T>*>> GetPeriodicEvents()
      const {
    return MapPeriodicEventsByTiming();
  }
  /// The (period, offset) shared by all periodic discrete updates, or nullopt
  /// if there are none; throws if they have different timings.
  std::optional<PeriodicEventData> GetUniquePeriodicDiscreteUpdateAttribute()
      const;
  /// True if the system has only discrete state, one periodic discrete
  /// update timing and no other events; sets `*time_period` if given.
  bool IsDifferenceEquationSystem(double* time_period = nullptr) const;
  /// @}

  /// @name Witness functions
  /// @{
  /// The witness functions active in `context` (for a Diagram, those of all
  /// its subsystems); `w` is cleared first. Throws if the context is not
  /// this system's.
  void GetWitnessFunctions(const Context<T>& context,
                           std::vector<const WitnessFunction<T>*>* w) const;
  /// The value of `witness_func` — a witness of this system or of one of
  /// its subsystems — at `context` (this system's Context). Throws
  /// std::logic_error if the witness's system is not in this system.
  T CalcWitnessValue(const Context<T>& context,
                     const WitnessFunction<T>& witness_func) const;
  /// (For simulators) Adds `event`, which carries WitnessTriggeredEventData
  /// naming its witness, to the part of `events` (this system's structure)
  /// that belongs to the witness's system.
  void AddTriggeredWitnessFunctionToCompositeEventCollection(
      Event<T>* event, CompositeEventCollection<T>* events) const;
  /// @}

  /// @name Contexts within a Diagram
  /// @{
  /// This system's Context inside `root_context`, the root Context of the
  /// Diagram tree this system belongs to (or of this system itself). Throws
  /// std::logic_error if `root_context` is not a root Context or this
  /// system is not in its System.
  const Context<T>& GetMyContextFromRoot(const Context<T>& root_context) const;
  Context<T>& GetMyMutableContextFromRoot(Context<T>* root_context) const;
  /// @}

  /// @name Ports
  /// @{
  /// Throws if the index is out of range.
  const InputPort<T>& get_input_port(int port_index) const;
  /// The only input port; throws unless there is exactly one.
  const InputPort<T>& get_input_port() const;
  /// Throws (listing valid names) if there is no such port.
  const InputPort<T>& GetInputPort(const std::string& port_name) const;
  bool HasInputPort(const std::string& port_name) const;
  const OutputPort<T>& get_output_port(int port_index) const;
  const OutputPort<T>& get_output_port() const;
  const OutputPort<T>& GetOutputPort(const std::string& port_name) const;
  bool HasOutputPort(const std::string& port_name) const;
  /// The value of vector input port `port_index`, or nullptr if it has none.
  const BasicVector<T>* EvalVectorInput(const Context<T>& context,
                                        int port_index) const;
  /// The value of vector input port `port_index`; throws if it has none.
  const VectorX<T>& EvalEigenVectorInput(const Context<T>& context,
                                         int port_index) const;
  /// @}

  /// @name Direct feedthrough
  /// @{
  /// Pairs (input, output) where the output may depend on the input directly.
  virtual std::multimap<int, int> GetDirectFeedthroughs() const = 0;
  bool HasAnyDirectFeedthrough() const {
    return !GetDirectFeedthroughs().empty();
  }
  bool HasDirectFeedthrough(int output_port) const;
  bool HasDirectFeedthrough(int input_port, int output_port) const;
  /// @}

  /// @name Scalar conversion
  /// @{
  /// This system on AutoDiffXd; throws if unsupported.
  std::unique_ptr<System<AutoDiffXd>> ToAutoDiffXd() const {
    return ToScalarType<AutoDiffXd>();
  }
  std::unique_ptr<System<AutoDiffXd>> ToAutoDiffXdMaybe() const {
    return ToScalarTypeMaybe<AutoDiffXd>();
  }
  /// This system on symbolic::Expression; throws if unsupported (a system
  /// supports it when its template is instantiated on Expression, see
  /// scalar_conversion::SupportsSymbolic; a Diagram when every subsystem
  /// does).
  std::unique_ptr<System<symbolic::Expression>> ToSymbolic() const {
    return ToScalarType<symbolic::Expression>();
  }
  std::unique_ptr<System<symbolic::Expression>> ToSymbolicMaybe() const {
    return ToScalarTypeMaybe<symbolic::Expression>();
  }
  /// This system on scalar U; throws if unsupported.
  template <typename U>
  std::unique_ptr<System<U>> ToScalarType() const {
    auto result = ToScalarTypeMaybe<U>();
    if (!result) ThrowUnsupportedConversion(NiceTypeName<U>());
    return result;
  }
  template <typename U>
  std::unique_ptr<System<U>> ToScalarTypeMaybe() const {
    auto result = converter_.template Convert<U, T>(*this);
    if (result) result->set_name(this->get_name());
    return result;
  }
  const SystemScalarConverter& get_system_scalar_converter() const {
    return converter_;
  }
  /// @}

  /// @name Graphviz
  /// @{
  /// A "digraph" description of this system (for a Diagram: subsystems,
  /// ports and connections, down to `max_depth` levels).
  std::string GetGraphvizString(
      int max_depth = std::numeric_limits<int>::max()) const;
  /// (Internal) Appends this system's fragment; returns the dot node id.
  virtual std::string GetGraphvizFragment(int max_depth,
                                          std::string* dot) const;
  /// (Internal) Dot port ids for edges.
  virtual std::string GetGraphvizPortId(bool input, int index) const;
  /// @}

 protected:
  explicit System(SystemScalarConverter converter);

  // Adds an input port; `name` empty means the default "u<i>". Throws if the
  // name is in use.
  InputPort<T>& AddInputPortT(const std::string& method,
                              const std::string& name, PortDataType type,
                              int size,
                              std::unique_ptr<AbstractValue> model_value);
  OutputPort<T>& AddOutputPortT(std::unique_ptr<OutputPort<T>> port);

  // Overridables of the dynamics.
  virtual void DoCalcTimeDerivatives(const Context<T>& context,
                                     ContinuousState<T>* derivatives) const;
  virtual void DoCalcImplicitTimeDerivativesResidual(
      const Context<T>& context, const ContinuousState<T>& proposed_derivatives,
      EigenPtr<VectorX<T>> residual) const;
  virtual T DoCalcPotentialEnergy(const Context<T>& context) const;
  virtual T DoCalcKineticEnergy(const Context<T>& context) const;
  virtual T DoCalcConservativePower(const Context<T>& context) const;
  virtual T DoCalcNonConservativePower(const Context<T>& context) const;
  virtual void DoMapQDotToVelocity(const Context<T>& context,
                                   const Eigen::Ref<const VectorX<T>>& qdot,
                                   VectorBase<T>* generalized_velocity) const;
  virtual void DoMapVelocityToQDot(
      const Context<T>& context,
      const Eigen::Ref<const VectorX<T>>& generalized_velocity,
      VectorBase<T>* qdot) const;

  // Witness functions: LeafSystem reports its declared ones (override to
  // choose per Context); Diagram gathers its subsystems'. Appends to `w`.
  virtual void DoGetWitnessFunctions(
      const Context<T>& context,
      std::vector<const WitnessFunction<T>*>* w) const;
  // The default evaluates a witness of this very system.
  virtual T DoCalcWitnessValue(const Context<T>& context,
                               const WitnessFunction<T>& witness_func) const;
  // The default adds the event to a leaf collection.
  virtual void DoAddTriggeredWitnessFunctionToCompositeEventCollection(
      Event<T>* event, CompositeEventCollection<T>* events) const;

  // Event machinery implemented by LeafSystem and Diagram.
  virtual EventStatus DispatchPublishHandler(
      const Context<T>& context,
      const EventCollection<PublishEvent<T>>& events) const = 0;
  virtual EventStatus DispatchDiscreteVariableUpdateHandler(
      const Context<T>& context,
      const EventCollection<DiscreteUpdateEvent<T>>& events,
      DiscreteValues<T>* discrete_state) const = 0;
  virtual void DoApplyDiscreteVariableUpdate(
      const EventCollection<DiscreteUpdateEvent<T>>& events,
      DiscreteValues<T>* discrete_state, Context<T>* context) const = 0;
  virtual EventStatus DispatchUnrestrictedUpdateHandler(
      const Context<T>& context,
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,
      State<T>* state) const = 0;
  virtual void DoApplyUnrestrictedUpdate(
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,
      State<T>* state, Context<T>* context) const = 0;
  // Sets *time to the next event time after the context's time and adds the
  // events due then (events is already cleared).
  virtual void DoCalcNextUpdateTime(const Context<T>& context,
                                    CompositeEventCollection<T>* events,
                                    T* time) const = 0;
  virtual void DoGetPerStepEvents(
      const Context<T>& context, CompositeEventCollection<T>* events) const = 0;
  virtual void DoGetInitializationEvents(
      const Context<T>& context, CompositeEventCollection<T>* events) const = 0;
  virtual void DoGetForcedEvents(CompositeEventCollection<T>* events) const = 0;
  virtual void DoMapPeriodicEventsByTiming(
      const Context<T>* context,
      std::map<PeriodicEventData, std::vector<const Event<T>*>>*
          periodic_events) const = 0;
  // A context without its change graph (the public AllocateContext builds it).
  virtual std::unique_ptr<Context<T>> DoAllocateContext() const = 0;

  // Throws with the method name if `context` is not this system's.
  void ValidateContextT(const char* method, const ContextBase& context) const;

 private:
  template <typename>
  friend class Diagram;
  [[noreturn]] void ThrowUnsupportedConversion(const std::string& type) const;
  const CompositeEventCollection<T>& forced_events() const;

  SystemScalarConverter converter_;
  CacheIndex time_derivatives_cache_index_;
  CacheIndex pe_cache_index_, ke_cache_index_, pc_cache_index_,
      pnc_cache_index_;
  mutable std::unique_ptr<CompositeEventCollection<T>> forced_events_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::System);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::System);
