#pragma once

/// @file
/// LeafSystem<T>: the base class for user-written systems. A subclass
/// declares, in its constructor, its state (continuous q/v/z, discrete
/// groups, abstract), parameters, ports, cache entries and events, and
/// overrides the computations it needs (DoCalcTimeDerivatives, ...).
///
///   template <typename T>
///   class Decay final : public LeafSystem<T> {
///    public:
///     Decay() : LeafSystem<T>(SystemTypeTag<Decay>{}) {
///       this->DeclareContinuousState(1);
///       this->DeclareVectorOutputPort("x", 1, &Decay::CopyOut,
///       {this->xc_ticket()});
///     }
///     template <typename U> explicit Decay(const Decay<U>&) : Decay() {}
///    private:
///     void DoCalcTimeDerivatives(const Context<T>& c, ContinuousState<T>* d)
///     const final {
///       (*d)[0] = -c.get_continuous_state_vector()[0];
///     }
///     void CopyOut(const Context<T>& c, BasicVector<T>* y) const {
///       y->SetFrom(c.get_continuous_state_vector());
///     }
///   };
///
/// Output ports and cache entries are cached: Eval() recomputes them only
/// after a change to one of the declared prerequisites (all sources by
/// default: declare narrower prerequisites to avoid needless recomputation).

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "ossa/systems/framework/leaf_context.h"
#include "ossa/systems/framework/leaf_output_port.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

template <typename T>
class LeafSystem : public System<T> {
 public:
  using PortName = std::variant<std::string, UseDefaultName>;

  ~LeafSystem() override;

  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override;
  void SetDefaultParameters(const Context<T>& context,
                            Parameters<T>* parameters) const override;
  std::unique_ptr<ContinuousState<T>> AllocateTimeDerivatives() const final;
  std::unique_ptr<DiscreteValues<T>> AllocateDiscreteVariables() const final;
  std::unique_ptr<CompositeEventCollection<T>>
  AllocateCompositeEventCollection() const final;
  int num_continuous_states() const final { return model_continuous_->size(); }
  std::multimap<int, int> GetDirectFeedthroughs() const final;

 protected:
  /// A system that does not support scalar conversion.
  LeafSystem();
  /// A system whose scalar conversions are given by `converter` (pass
  /// SystemTypeTag<MySystem>{}).
  explicit LeafSystem(SystemScalarConverter converter);
  template <template <typename> class S>
  explicit LeafSystem(SystemTypeTag<S> tag)
      : LeafSystem(SystemScalarConverter(tag)) {}

  /// @name State and parameters
  /// @{
  /// Continuous state of `num_state_variables` z variables.
  void DeclareContinuousState(int num_state_variables);
  /// Continuous state [q; v; z] (nv ≤ nq). Throws on negative sizes.
  void DeclareContinuousState(int num_q, int num_v, int num_z);
  /// Continuous state with default values `model_vector` (all z).
  void DeclareContinuousState(const BasicVector<T>& model_vector);
  void DeclareContinuousState(const BasicVector<T>& model_vector, int num_q,
                              int num_v, int num_z);
  /// A discrete state group of `num_state_variables` zeros.
  DiscreteStateIndex DeclareDiscreteState(int num_state_variables);
  /// A discrete state group with default values `vector`.
  DiscreteStateIndex DeclareDiscreteState(
      const Eigen::Ref<const VectorX<T>>& vector);
  DiscreteStateIndex DeclareDiscreteState(const BasicVector<T>& model_vector);
  /// An abstract state variable with default value `abstract_state`.
  AbstractStateIndex DeclareAbstractState(const AbstractValue& abstract_state);
  template <typename V,
            typename = std::enable_if_t<!std::is_base_of_v<AbstractValue, V>>>
  AbstractStateIndex DeclareAbstractState(const V& value) {
    return DeclareAbstractState(Value<V>(value));
  }
  /// A numeric parameter group with default values `model_vector`.
  int DeclareNumericParameter(const BasicVector<T>& model_vector);
  /// An abstract parameter with default value `model_value`.
  int DeclareAbstractParameter(const AbstractValue& model_value);
  /// @}

  /// @name Input ports
  /// @{
  /// A vector input port of `size` elements. Throws if the name is in use.
  InputPort<T>& DeclareVectorInputPort(PortName name, int size);
  InputPort<T>& DeclareVectorInputPort(PortName name,
                                       const BasicVector<T>& model_vector);
  InputPort<T>& DeclareAbstractInputPort(PortName name,
                                         const AbstractValue& model_value);
  /// @}

  /// @name Output ports
  /// @{
  using VectorCalc = std::function<void(const Context<T>&, BasicVector<T>*)>;

  LeafOutputPort<T>& DeclareVectorOutputPort(
      PortName name, const BasicVector<T>& model_vector, VectorCalc calc,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()});
  LeafOutputPort<T>& DeclareVectorOutputPort(
      PortName name, int size, VectorCalc calc,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareVectorOutputPort(std::move(name), ZeroVector(size),
                                   std::move(calc),
                                   std::move(prerequisites_of_calc));
  }
  template <class MySystem>
  LeafOutputPort<T>& DeclareVectorOutputPort(
      PortName name, int size,
      void (MySystem::*calc)(const Context<T>&, BasicVector<T>*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareVectorOutputPort(std::move(name), ZeroVector(size),
                                   Bind(calc),
                                   std::move(prerequisites_of_calc));
  }
  template <class MySystem>
  LeafOutputPort<T>& DeclareVectorOutputPort(
      PortName name, const BasicVector<T>& model_vector,
      void (MySystem::*calc)(const Context<T>&, BasicVector<T>*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareVectorOutputPort(std::move(name), model_vector, Bind(calc),
                                   std::move(prerequisites_of_calc));
  }

  /// An abstract output port allocated by `alloc` and computed by `calc`.
  LeafOutputPort<T>& DeclareAbstractOutputPort(
      PortName name, ValueProducer::AllocateCallback alloc,
      ValueProducer::CalcCallback calc,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()});
  /// An abstract output port of type OutputType (copy of `model_value`).
  template <class MySystem, typename OutputType>
  LeafOutputPort<T>& DeclareAbstractOutputPort(
      PortName name, const OutputType& model_value,
      void (MySystem::*calc)(const Context<T>&, OutputType*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    auto typed = Bind(calc);
    return DeclareAbstractOutputPort(
        std::move(name),
        [model = model_value]() {
          return AbstractValue::Make<OutputType>(model);
        },
        [typed](const ContextBase& context, AbstractValue* value) {
          typed(static_cast<const Context<T>&>(context),
                &value->template get_mutable_value<OutputType>());
        },
        std::move(prerequisites_of_calc));
  }
  /// The same with a default-constructed model value.
  template <class MySystem, typename OutputType>
  LeafOutputPort<T>& DeclareAbstractOutputPort(
      PortName name,
      void (MySystem::*calc)(const Context<T>&, OutputType*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareAbstractOutputPort(std::move(name), OutputType{}, calc,
                                     std::move(prerequisites_of_calc));
  }
  /// An output port copying a piece of state (depends only on it).
  LeafOutputPort<T>& DeclareStateOutputPort(PortName name,
                                            ContinuousStateIndex index);
  LeafOutputPort<T>& DeclareStateOutputPort(PortName name,
                                            DiscreteStateIndex index);
  LeafOutputPort<T>& DeclareStateOutputPort(PortName name,
                                            AbstractStateIndex index);
  /// @}

  /// @name Cache entries
  /// @{
  using SystemBase::DeclareCacheEntry;
  /// A cache entry holding a ValueType (copy of `model_value`) computed by
  /// `calc`, out of date when any of `prerequisites_of_calc` changes.
  template <class MySystem, typename ValueType>
  CacheEntry& DeclareCacheEntry(
      std::string description, const ValueType& model_value,
      void (MySystem::*calc)(const Context<T>&, ValueType*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareCacheEntry<ValueType>(std::move(description), model_value,
                                        Bind(calc),
                                        std::move(prerequisites_of_calc));
  }
  template <class MySystem, typename ValueType>
  CacheEntry& DeclareCacheEntry(
      std::string description,
      void (MySystem::*calc)(const Context<T>&, ValueType*) const,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return DeclareCacheEntry(std::move(description), ValueType{}, calc,
                             std::move(prerequisites_of_calc));
  }
  template <typename ValueType>
  CacheEntry& DeclareCacheEntry(
      std::string description, const ValueType& model_value,
      std::type_identity_t<std::function<void(const Context<T>&, ValueType*)>>
          calc,
      std::set<DependencyTicket> prerequisites_of_calc = {
          SystemBase::all_sources_ticket()}) {
    return SystemBase::DeclareCacheEntry(
        std::move(description),
        ValueProducer(Value<ValueType>(model_value),
                      [calc = std::move(calc)](const ContextBase& context,
                                               AbstractValue* value) {
                        calc(static_cast<const Context<T>&>(context),
                             &value->template get_mutable_value<ValueType>());
                      }),
        std::move(prerequisites_of_calc));
  }
  /// @}

  /// @name Events
  /// Handlers are const member functions returning EventStatus or void.
  /// Periodic events fire at t = offset + k·period (period > 0, offset ≥ 0).
  /// @{
  template <class MySystem, typename R>
  void DeclarePeriodicPublishEvent(double period_sec, double offset_sec,
                                   R (MySystem::*publish)(const Context<T>&)
                                       const) {
    DeclarePeriodicEvent(period_sec, offset_sec, MakePublish(publish));
  }
  template <class MySystem, typename R>
  void DeclarePeriodicDiscreteUpdateEvent(
      double period_sec, double offset_sec,
      R (MySystem::*update)(const Context<T>&, DiscreteValues<T>*) const) {
    DeclarePeriodicEvent(period_sec, offset_sec, MakeDiscrete(update));
  }
  template <class MySystem, typename R>
  void DeclarePeriodicUnrestrictedUpdateEvent(
      double period_sec, double offset_sec,
      R (MySystem::*update)(const Context<T>&, State<T>*) const) {
    DeclarePeriodicEvent(period_sec, offset_sec, MakeUnrestricted(update));
  }
  template <class MySystem, typename R>
  void DeclarePerStepPublishEvent(R (MySystem::*publish)(const Context<T>&)
                                      const) {
    DeclarePerStepEvent(MakePublish(publish));
  }
  template <class MySystem, typename R>
  void DeclarePerStepDiscreteUpdateEvent(
      R (MySystem::*update)(const Context<T>&, DiscreteValues<T>*) const) {
    DeclarePerStepEvent(MakeDiscrete(update));
  }
  template <class MySystem, typename R>
  void DeclarePerStepUnrestrictedUpdateEvent(
      R (MySystem::*update)(const Context<T>&, State<T>*) const) {
    DeclarePerStepEvent(MakeUnrestricted(update));
  }
  template <class MySystem, typename R>
  void DeclareInitializationPublishEvent(
      R (MySystem::*publish)(const Context<T>&) const) {
    DeclareInitializationEvent(MakePublish(publish));
  }
  template <class MySystem, typename R>
  void DeclareInitializationDiscreteUpdateEvent(
      R (MySystem::*update)(const Context<T>&, DiscreteValues<T>*) const) {
    DeclareInitializationEvent(MakeDiscrete(update));
  }
  template <class MySystem, typename R>
  void DeclareInitializationUnrestrictedUpdateEvent(
      R (MySystem::*update)(const Context<T>&, State<T>*) const) {
    DeclareInitializationEvent(MakeUnrestricted(update));
  }
  template <class MySystem, typename R>
  void DeclareForcedPublishEvent(R (MySystem::*publish)(const Context<T>&)
                                     const) {
    AddForcedEvent(MakePublish(publish));
  }
  template <class MySystem, typename R>
  void DeclareForcedDiscreteUpdateEvent(
      R (MySystem::*update)(const Context<T>&, DiscreteValues<T>*) const) {
    AddForcedEvent(MakeDiscrete(update));
  }
  template <class MySystem, typename R>
  void DeclareForcedUnrestrictedUpdateEvent(
      R (MySystem::*update)(const Context<T>&, State<T>*) const) {
    AddForcedEvent(MakeUnrestricted(update));
  }
  /// Generic forms taking an event object (with or without a handler; an
  /// event without one is handled by DoPublish /
  /// DoCalcDiscreteVariableUpdates / DoCalcUnrestrictedUpdate).
  template <typename EventType>
  void DeclarePeriodicEvent(double period_sec, double offset_sec,
                            const EventType& event) {
    auto e = std::make_unique<EventType>(event);
    e->set_trigger_type(TriggerType::kPeriodic);
    AddPeriodicEvent(PeriodicEventData(period_sec, offset_sec), std::move(e));
  }
  template <typename EventType>
  void DeclarePerStepEvent(const EventType& event) {
    auto e = std::make_unique<EventType>(event);
    e->set_trigger_type(TriggerType::kPerStep);
    per_step_events_.push_back(std::move(e));
  }
  template <typename EventType>
  void DeclareInitializationEvent(const EventType& event) {
    auto e = std::make_unique<EventType>(event);
    e->set_trigger_type(TriggerType::kInitialization);
    initialization_events_.push_back(std::move(e));
  }
  /// Legacy forms: periodic events handled by the Do* overrides below.
  void DeclarePeriodicPublishNoHandler(double period_sec,
                                       double offset_sec = 0) {
    DeclarePeriodicEvent(period_sec, offset_sec, PublishEvent<T>());
  }
  void DeclarePeriodicDiscreteUpdateNoHandler(double period_sec,
                                              double offset_sec = 0) {
    DeclarePeriodicEvent(period_sec, offset_sec, DiscreteUpdateEvent<T>());
  }
  void DeclarePeriodicUnrestrictedUpdateNoHandler(double period_sec,
                                                  double offset_sec = 0) {
    DeclarePeriodicEvent(period_sec, offset_sec, UnrestrictedUpdateEvent<T>());
  }
  /// @}

  /// @name Witness functions
  /// A witness w(context) of this system (see witness_function.h); with an
  /// event, the Simulator handles the event when w crosses zero in
  /// `direction_type`. Make* returns it (report it from an override of
  /// DoGetWitnessFunctions); Declare* keeps it in this system, which then
  /// reports it in every Context (the default DoGetWitnessFunctions).
  /// @{
  template <class MySystem>
  std::unique_ptr<WitnessFunction<T>> MakeWitnessFunction(
      const std::string& description,
      const WitnessFunctionDirection& direction_type,
      T (MySystem::*calc)(const Context<T>&) const) const {
    return MakeWitnessFunction(description, direction_type,
                               std::function<T(const Context<T>&)>(Bind(calc)));
  }
  template <class MySystem, class EventType>
  std::unique_ptr<WitnessFunction<T>> MakeWitnessFunction(
      const std::string& description,
      const WitnessFunctionDirection& direction_type,
      T (MySystem::*calc)(const Context<T>&) const, const EventType& e) const {
    return MakeWitnessFunction(description, direction_type,
                               std::function<T(const Context<T>&)>(Bind(calc)),
                               e);
  }
  std::unique_ptr<WitnessFunction<T>> MakeWitnessFunction(
      const std::string& description,
      const WitnessFunctionDirection& direction_type,
      std::function<T(const Context<T>&)> calc) const {
    return std::make_unique<WitnessFunction<T>>(
        this, description, direction_type, std::move(calc));
  }
  std::unique_ptr<WitnessFunction<T>> MakeWitnessFunction(
      const std::string& description,
      const WitnessFunctionDirection& direction_type,
      std::function<T(const Context<T>&)> calc, const Event<T>& e) const {
    return std::make_unique<WitnessFunction<T>>(
        this, description, direction_type, std::move(calc), e.Clone());
  }
  template <typename... Args>
  const WitnessFunction<T>& DeclareWitnessFunction(Args&&... args) {
    return DeclareWitnessFunction(
        MakeWitnessFunction(std::forward<Args>(args)...));
  }
  /// Keeps `witness` (made by MakeWitnessFunction of this system). Throws
  /// std::logic_error if it is null or belongs to another system.
  const WitnessFunction<T>& DeclareWitnessFunction(
      std::unique_ptr<WitnessFunction<T>> witness);
  /// Reports the declared witness functions.
  void DoGetWitnessFunctions(
      const Context<T>& context,
      std::vector<const WitnessFunction<T>*>* w) const override;
  /// @}

  /// @name Legacy handlers for events declared without a handler
  /// @{
  virtual void DoPublish(
      const Context<T>& context,
      const std::vector<const PublishEvent<T>*>& events) const;
  virtual void DoCalcDiscreteVariableUpdates(
      const Context<T>& context,
      const std::vector<const DiscreteUpdateEvent<T>*>& events,
      DiscreteValues<T>* discrete_state) const;
  virtual void DoCalcUnrestrictedUpdate(
      const Context<T>& context,
      const std::vector<const UnrestrictedUpdateEvent<T>*>& events,
      State<T>* state) const;
  /// @}

  /// Computes the next periodic event time. Override to add timed events
  /// (call this base version first to keep the periodic ones, then compare).
  void DoCalcNextUpdateTime(const Context<T>& context,
                            CompositeEventCollection<T>* events,
                            T* time) const override;

  // The System event machinery.
  OSSA_DECLARE_SYSTEM_EVENT_MACHINERY_FINAL_OVERRIDES()

 private:
  static BasicVector<T> ZeroVector(int size);
  std::string PortNameOrDefault(const PortName& name, bool input) const;
  void AddPeriodicEvent(const PeriodicEventData& data,
                        std::unique_ptr<Event<T>> event);
  void AddForcedEvent(std::unique_ptr<Event<T>> event) {
    event->set_trigger_type(TriggerType::kForced);
    forced_events_.push_back(std::move(event));
  }
  template <typename EventType>
  void AddForcedEvent(const EventType& event) {
    AddForcedEvent(
        std::unique_ptr<Event<T>>(std::make_unique<EventType>(event)));
  }
  LeafOutputPort<T>& CreateOutputPort(const std::string& name,
                                      PortDataType type, int size,
                                      ValueProducer producer,
                                      std::set<DependencyTicket> prerequisites);

  // Binds a const member function of the concrete system to this object.
  template <class MySystem, typename R, typename... Args>
  std::function<R(Args...)> Bind(R (MySystem::*f)(Args...) const) const {
    static_assert(std::is_base_of_v<LeafSystem<T>, MySystem>,
                  "the handler must be a member of a LeafSystem subclass");
    const MySystem* self = static_cast<const MySystem*>(this);
    return [self, f](Args... args) -> R {
      return (self->*f)(std::forward<Args>(args)...);
    };
  }
  template <class MySystem, typename R>
  PublishEvent<T> MakePublish(R (MySystem::*f)(const Context<T>&) const) const {
    auto bound = Bind(f);
    return PublishEvent<T>([bound](const System<T>&, const Context<T>& c,
                                   const PublishEvent<T>&) -> EventStatus {
      if constexpr (std::is_void_v<R>) {
        bound(c);
        return EventStatus::Succeeded();
      } else {
        return bound(c);
      }
    });
  }
  template <class MySystem, typename R>
  DiscreteUpdateEvent<T> MakeDiscrete(R (MySystem::*f)(const Context<T>&,
                                                       DiscreteValues<T>*)
                                          const) const {
    auto bound = Bind(f);
    return DiscreteUpdateEvent<T>(
        [bound](const System<T>&, const Context<T>& c,
                const DiscreteUpdateEvent<T>&,
                DiscreteValues<T>* xd) -> EventStatus {
          if constexpr (std::is_void_v<R>) {
            bound(c, xd);
            return EventStatus::Succeeded();
          } else {
            return bound(c, xd);
          }
        });
  }
  template <class MySystem, typename R>
  UnrestrictedUpdateEvent<T> MakeUnrestricted(
      R (MySystem::*f)(const Context<T>&, State<T>*) const) const {
    auto bound = Bind(f);
    return UnrestrictedUpdateEvent<T>(
        [bound](const System<T>&, const Context<T>& c,
                const UnrestrictedUpdateEvent<T>&, State<T>* x) -> EventStatus {
          if constexpr (std::is_void_v<R>) {
            bound(c, x);
            return EventStatus::Succeeded();
          } else {
            return bound(c, x);
          }
        });
  }

  std::unique_ptr<BasicVector<T>> model_continuous_;
  int nq_{0}, nv_{0}, nz_{0};
  std::vector<std::unique_ptr<BasicVector<T>>> model_discrete_;
  std::vector<std::unique_ptr<AbstractValue>> model_abstract_;
  std::vector<std::unique_ptr<BasicVector<T>>> model_numeric_parameters_;
  std::vector<std::unique_ptr<AbstractValue>> model_abstract_parameters_;
  std::vector<std::pair<PeriodicEventData, std::unique_ptr<Event<T>>>>
      periodic_events_;
  std::vector<std::unique_ptr<Event<T>>> per_step_events_;
  std::vector<std::unique_ptr<Event<T>>> initialization_events_;
  std::vector<std::unique_ptr<Event<T>>> forced_events_;
  std::vector<std::unique_ptr<WitnessFunction<T>>> witness_functions_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafSystem);
