// Definitions of System<T> and EventStatus.

#include "ossa/systems/framework/system.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_context.h"

namespace ossa::systems {

void EventStatus::ThrowOnFailure(const char* function_name) const {
  if (!failed()) return;
  ThrowRuntimeError(
      "{}(): an event handler in System '{}' failed with message: \"{}\".",
      function_name, system_ ? system_->GetSystemPathname() : "?", message_);
}

namespace internal {
// A copyable holder of a cloneable object, so that it can live in a Value<>.
template <typename U>
struct CloneHolder {
  CloneHolder() = default;
  explicit CloneHolder(std::unique_ptr<U> q) : p(std::move(q)) {}
  CloneHolder(const CloneHolder& o) : p(o.p ? o.p->Clone() : nullptr) {}
  CloneHolder& operator=(const CloneHolder& o) {
    if (this != &o) p = o.p ? o.p->Clone() : nullptr;
    return *this;
  }
  std::unique_ptr<U> p;
};
}  // namespace internal

template <typename T>
System<T>::System(SystemScalarConverter converter)
    : converter_(std::move(converter)) {
  using Holder = internal::CloneHolder<ContinuousState<T>>;
  this->DeclareBuiltInCacheEntry(
      internal::kXcdotTicket, "time derivatives",
      ValueProducer(
          [this]() -> std::unique_ptr<AbstractValue> {
            return std::make_unique<Value<Holder>>(
                Holder(this->AllocateTimeDerivatives()));
          },
          [this](const ContextBase& context, AbstractValue* value) {
            this->CalcTimeDerivatives(
                static_cast<const Context<T>&>(context),
                value->get_mutable_value<Holder>().p.get());
          }));
  time_derivatives_cache_index_ = CacheIndex(num_cache_entries() - 1);
  auto energy = [this](int ticket, const char* description,
                       T (System<T>::*calc)(const Context<T>&) const) {
    this->DeclareBuiltInCacheEntry(
        ticket, description,
        ValueProducer(
            []() -> std::unique_ptr<AbstractValue> {
              return std::make_unique<Value<T>>(T(0));
            },
            [this, calc](const ContextBase& context, AbstractValue* value) {
              value->get_mutable_value<T>() =
                  (this->*calc)(static_cast<const Context<T>&>(context));
            }));
    return CacheIndex(num_cache_entries() - 1);
  };
  pe_cache_index_ = energy(internal::kPeTicket, "potential energy",
                           &System<T>::CalcPotentialEnergy);
  ke_cache_index_ = energy(internal::kKeTicket, "kinetic energy",
                           &System<T>::CalcKineticEnergy);
  pc_cache_index_ = energy(internal::kPcTicket, "conservative power",
                           &System<T>::CalcConservativePower);
  pnc_cache_index_ = energy(internal::kPncTicket, "non-conservative power",
                            &System<T>::CalcNonConservativePower);
}

template <typename T>
System<T>::~System() = default;

template <typename T>
void System<T>::ValidateContextT(const char* method,
                                 const ContextBase& context) const {
  if (context.get_system_id() != this->get_system_id()) [[unlikely]] {
    ThrowLogicError(
        "System::{}(): the Context was created for System '{}' but was passed "
        "to System '{}' "
        "({}).",
        method, context.GetSystemPathname(), this->GetSystemPathname(),
        this->GetSystemType());
  }
}

template <typename T>
void System<T>::GetWitnessFunctions(
    const Context<T>& context,
    std::vector<const WitnessFunction<T>*>* w) const {
  ValidateContextT("GetWitnessFunctions", context);
  if (w == nullptr) {
    ThrowLogicError(
        "System::GetWitnessFunctions(): the output vector is null.");
  }
  w->clear();
  DoGetWitnessFunctions(context, w);
}

template <typename T>
void System<T>::DoGetWitnessFunctions(
    const Context<T>&, std::vector<const WitnessFunction<T>*>*) const {}

template <typename T>
T System<T>::CalcWitnessValue(const Context<T>& context,
                              const WitnessFunction<T>& witness_func) const {
  ValidateContextT("CalcWitnessValue", context);
  return DoCalcWitnessValue(context, witness_func);
}

template <typename T>
T System<T>::DoCalcWitnessValue(const Context<T>& context,
                                const WitnessFunction<T>& witness_func) const {
  if (&witness_func.get_system() != this) {
    ThrowLogicError(
        "System::CalcWitnessValue(): witness '{}' belongs to System '{}', "
        "not to System '{}'.",
        witness_func.description(),
        witness_func.get_system().GetSystemPathname(),
        this->GetSystemPathname());
  }
  return witness_func.CalcWitnessValue(context);
}

template <typename T>
void System<T>::AddTriggeredWitnessFunctionToCompositeEventCollection(
    Event<T>* event, CompositeEventCollection<T>* events) const {
  if (event == nullptr || events == nullptr) {
    ThrowLogicError(
        "System::AddTriggeredWitnessFunctionToCompositeEventCollection(): the "
        "event or the collection is null.");
  }
  if (event->get_witness_triggered_event_data() == nullptr ||
      event->get_witness_triggered_event_data()->triggered_witness() ==
          nullptr) {
    ThrowLogicError(
        "System::AddTriggeredWitnessFunctionToCompositeEventCollection(): the "
        "event carries no WitnessTriggeredEventData naming its witness.");
  }
  DoAddTriggeredWitnessFunctionToCompositeEventCollection(event, events);
}

template <typename T>
void System<T>::DoAddTriggeredWitnessFunctionToCompositeEventCollection(
    Event<T>* event, CompositeEventCollection<T>* events) const {
  event->AddToComposite(events);
}

template <typename T>
const Context<T>& System<T>::GetMyContextFromRoot(
    const Context<T>& root_context) const {
  if (!root_context.is_root_context()) {
    ThrowLogicError(
        "System::GetMyContextFromRoot(): the Context of System '{}' is not a "
        "root Context; pass the Context of the outermost Diagram.",
        root_context.GetSystemPathname());
  }
  if (root_context.get_system_id() == this->get_system_id()) {
    return root_context;
  }
  const auto* diagram =
      dynamic_cast<const Diagram<T>*>(&root_context.system_base());
  std::vector<int> path;
  if (diagram == nullptr || !diagram->FindSubsystemPath(*this, &path)) {
    ThrowLogicError(
        "System::GetMyContextFromRoot(): System '{}' is not part of System "
        "'{}', whose root Context was given.",
        this->GetSystemPathname(), root_context.GetSystemPathname());
  }
  return diagram->GetSubsystemContext(*this, root_context);
}

template <typename T>
Context<T>& System<T>::GetMyMutableContextFromRoot(
    Context<T>* root_context) const {
  if (root_context == nullptr) {
    ThrowLogicError(
        "System::GetMyMutableContextFromRoot(): the root Context is null.");
  }
  return const_cast<Context<T>&>(GetMyContextFromRoot(*root_context));
}

template <typename T>
void System<T>::ThrowUnsupportedConversion(const std::string& type) const {
  ThrowLogicError(
      "System '{}' of type {} does not support scalar conversion to {} "
      "(declare a SystemTypeTag and a scalar-converting constructor; for "
      "symbolic::Expression, also instantiate the template on it and "
      "specialize scalar_conversion::SupportsSymbolic).",
      this->GetSystemPathname(), this->GetSystemType(), type);
}

// ------------------------------------------------------------------ contexts

template <typename T>
std::unique_ptr<Context<T>> System<T>::AllocateContext() const {
  std::unique_ptr<Context<T>> context = DoAllocateContext();
  context->BuildGraph();
  return context;
}

template <typename T>
std::unique_ptr<Context<T>> System<T>::CreateDefaultContext() const {
  std::unique_ptr<Context<T>> context = AllocateContext();
  SetDefaultContext(context.get());
  return context;
}

template <typename T>
void System<T>::SetDefaultContext(Context<T>* context) const {
  if (!context)
    ThrowLogicError("System::SetDefaultContext(): context is null.");
  ValidateContextT("SetDefaultContext", *context);
  SetDefaultParameters(*context, &context->get_mutable_parameters());
  SetDefaultState(*context, &context->get_mutable_state());
}

template <typename T>
void System<T>::SetRandomContext(Context<T>* context,
                                 RandomGenerator* generator) const {
  if (!context || !generator)
    ThrowLogicError(
        "System::SetRandomContext(): context and generator must not be null.");
  ValidateContextT("SetRandomContext", *context);
  SetRandomParameters(*context, &context->get_mutable_parameters(), generator);
  SetRandomState(*context, &context->get_mutable_state(), generator);
}

template <typename T>
void System<T>::SetRandomState(const Context<T>& context, State<T>* state,
                               RandomGenerator*) const {
  SetDefaultState(context, state);
}

template <typename T>
void System<T>::SetRandomParameters(const Context<T>& context,
                                    Parameters<T>* parameters,
                                    RandomGenerator*) const {
  SetDefaultParameters(context, parameters);
}

template <typename T>
std::unique_ptr<BasicVector<T>> System<T>::AllocateInputVector(
    const InputPort<T>& input_port) const {
  if (input_port.get_data_type() != kVectorValued)
    ThrowLogicError("System::AllocateInputVector(): {} is not vector-valued.",
                    input_port.GetFullDescription());
  auto value = input_port.Allocate();
  return value->template get_value<BasicVector<T>>().Clone();
}

template <typename T>
std::unique_ptr<AbstractValue> System<T>::AllocateInputAbstract(
    const InputPort<T>& input_port) const {
  return input_port.Allocate();
}

// ------------------------------------------------------------------ dynamics

template <typename T>
void System<T>::CalcTimeDerivatives(const Context<T>& context,
                                    ContinuousState<T>* derivatives) const {
  if (!derivatives)
    ThrowLogicError("System::CalcTimeDerivatives(): derivatives is null.");
  ValidateContextT("CalcTimeDerivatives", context);
  if (derivatives->size() != context.num_continuous_states())
    ThrowLogicError(
        "System::CalcTimeDerivatives(): System '{}' has {} continuous states "
        "but derivatives "
        "has size {}.",
        this->GetSystemPathname(), context.num_continuous_states(),
        derivatives->size());
  DoCalcTimeDerivatives(context, derivatives);
}

template <typename T>
const ContinuousState<T>& System<T>::EvalTimeDerivatives(
    const Context<T>& context) const {
  using Holder = internal::CloneHolder<ContinuousState<T>>;
  return *get_time_derivatives_cache_entry().template Eval<Holder>(context).p;
}

template <typename T>
void System<T>::DoCalcTimeDerivatives(const Context<T>&,
                                      ContinuousState<T>* derivatives) const {
  if (derivatives->size() != 0)
    ThrowLogicError(
        "System '{}' ({}) has continuous state but does not override "
        "DoCalcTimeDerivatives().",
        this->GetSystemPathname(), this->GetSystemType());
}

template <typename T>
void System<T>::CalcImplicitTimeDerivativesResidual(
    const Context<T>& context, const ContinuousState<T>& proposed_derivatives,
    EigenPtr<VectorX<T>> residual) const {
  if (residual == nullptr)
    ThrowLogicError(
        "System::CalcImplicitTimeDerivativesResidual(): residual is null.");
  ValidateContextT("CalcImplicitTimeDerivativesResidual", context);
  if (proposed_derivatives.size() != num_continuous_states() ||
      residual->size() != implicit_time_derivatives_residual_size())
    ThrowLogicError(
        "System::CalcImplicitTimeDerivativesResidual(): System '{}' expects "
        "proposed "
        "derivatives of size {} and a residual of size {} but got {} and {}.",
        this->GetSystemPathname(), num_continuous_states(),
        implicit_time_derivatives_residual_size(), proposed_derivatives.size(),
        residual->size());
  DoCalcImplicitTimeDerivativesResidual(context, proposed_derivatives,
                                        residual);
}

template <typename T>
void System<T>::DoCalcImplicitTimeDerivativesResidual(
    const Context<T>& context, const ContinuousState<T>& proposed_derivatives,
    EigenPtr<VectorX<T>> residual) const {
  // ẋ_proposed − f(x): zero exactly when the proposal matches the explicit
  // dynamics.
  *residual = proposed_derivatives.CopyToVector();
  EvalTimeDerivatives(context).get_vector().ScaleAndAddToVector(T(-1),
                                                                residual);
}

template <typename T>
const T& System<T>::EvalPotentialEnergy(const Context<T>& context) const {
  return get_cache_entry(pe_cache_index_).template Eval<T>(context);
}
template <typename T>
const T& System<T>::EvalKineticEnergy(const Context<T>& context) const {
  return get_cache_entry(ke_cache_index_).template Eval<T>(context);
}
template <typename T>
const T& System<T>::EvalConservativePower(const Context<T>& context) const {
  return get_cache_entry(pc_cache_index_).template Eval<T>(context);
}
template <typename T>
const T& System<T>::EvalNonConservativePower(const Context<T>& context) const {
  return get_cache_entry(pnc_cache_index_).template Eval<T>(context);
}
template <typename T>
T System<T>::CalcPotentialEnergy(const Context<T>& context) const {
  ValidateContextT("CalcPotentialEnergy", context);
  return DoCalcPotentialEnergy(context);
}
template <typename T>
T System<T>::CalcKineticEnergy(const Context<T>& context) const {
  ValidateContextT("CalcKineticEnergy", context);
  return DoCalcKineticEnergy(context);
}
template <typename T>
T System<T>::CalcConservativePower(const Context<T>& context) const {
  ValidateContextT("CalcConservativePower", context);
  return DoCalcConservativePower(context);
}
template <typename T>
T System<T>::CalcNonConservativePower(const Context<T>& context) const {
  ValidateContextT("CalcNonConservativePower", context);
  return DoCalcNonConservativePower(context);
}
template <typename T>
T System<T>::DoCalcPotentialEnergy(const Context<T>&) const {
  return T(0);
}
template <typename T>
T System<T>::DoCalcKineticEnergy(const Context<T>&) const {
  return T(0);
}
template <typename T>
T System<T>::DoCalcConservativePower(const Context<T>&) const {
  return T(0);
}
template <typename T>
T System<T>::DoCalcNonConservativePower(const Context<T>&) const {
  return T(0);
}

template <typename T>
void System<T>::MapVelocityToQDot(const Context<T>& context,
                                  const VectorBase<T>& generalized_velocity,
                                  VectorBase<T>* qdot) const {
  MapVelocityToQDot(context, generalized_velocity.CopyToVector(), qdot);
}

template <typename T>
void System<T>::MapVelocityToQDot(
    const Context<T>& context,
    const Eigen::Ref<const VectorX<T>>& generalized_velocity,
    VectorBase<T>* qdot) const {
  if (!qdot) ThrowLogicError("System::MapVelocityToQDot(): qdot is null.");
  ValidateContextT("MapVelocityToQDot", context);
  const auto& xc = context.get_continuous_state();
  if (generalized_velocity.size() != xc.num_v() || qdot->size() != xc.num_q())
    ThrowLogicError(
        "System::MapVelocityToQDot(): System '{}' has nv = {} and nq = {} but "
        "got v of size {} "
        "and qdot of size {}.",
        this->GetSystemPathname(), xc.num_v(), xc.num_q(),
        generalized_velocity.size(), qdot->size());
  DoMapVelocityToQDot(context, generalized_velocity, qdot);
}

template <typename T>
void System<T>::MapQDotToVelocity(const Context<T>& context,
                                  const VectorBase<T>& qdot,
                                  VectorBase<T>* generalized_velocity) const {
  MapQDotToVelocity(context, qdot.CopyToVector(), generalized_velocity);
}

template <typename T>
void System<T>::MapQDotToVelocity(const Context<T>& context,
                                  const Eigen::Ref<const VectorX<T>>& qdot,
                                  VectorBase<T>* generalized_velocity) const {
  if (!generalized_velocity)
    ThrowLogicError(
        "System::MapQDotToVelocity(): generalized_velocity is null.");
  ValidateContextT("MapQDotToVelocity", context);
  const auto& xc = context.get_continuous_state();
  if (qdot.size() != xc.num_q() || generalized_velocity->size() != xc.num_v())
    ThrowLogicError(
        "System::MapQDotToVelocity(): System '{}' has nq = {} and nv = {} but "
        "got qdot of size "
        "{} and v of size {}.",
        this->GetSystemPathname(), xc.num_q(), xc.num_v(), qdot.size(),
        generalized_velocity->size());
  DoMapQDotToVelocity(context, qdot, generalized_velocity);
}

template <typename T>
void System<T>::DoMapQDotToVelocity(const Context<T>&,
                                    const Eigen::Ref<const VectorX<T>>& qdot,
                                    VectorBase<T>* generalized_velocity) const {
  // The default is the identity map, valid only when nq == nv.
  if (qdot.size() != generalized_velocity->size())
    ThrowLogicError(
        "System '{}' has nq = {} != nv = {}: it must override "
        "DoMapQDotToVelocity().",
        this->GetSystemPathname(), qdot.size(), generalized_velocity->size());
  generalized_velocity->SetFromVector(qdot);
}

template <typename T>
void System<T>::DoMapVelocityToQDot(
    const Context<T>&, const Eigen::Ref<const VectorX<T>>& generalized_velocity,
    VectorBase<T>* qdot) const {
  if (qdot->size() != generalized_velocity.size())
    ThrowLogicError(
        "System '{}' has nq = {} != nv = {}: it must override "
        "DoMapVelocityToQDot().",
        this->GetSystemPathname(), qdot->size(), generalized_velocity.size());
  qdot->SetFromVector(generalized_velocity);
}

// -------------------------------------------------------------------- events

template <typename T>
EventStatus System<T>::Publish(
    const Context<T>& context,
    const EventCollection<PublishEvent<T>>& events) const {
  ValidateContextT("Publish", context);
  return DispatchPublishHandler(context, events);
}

template <typename T>
const CompositeEventCollection<T>& System<T>::forced_events() const {
  if (!forced_events_) {
    auto events = AllocateCompositeEventCollection();
    DoGetForcedEvents(events.get());
    forced_events_ = std::move(events);
  }
  return *forced_events_;
}

template <typename T>
void System<T>::ForcedPublish(const Context<T>& context) const {
  Publish(context, forced_events().get_publish_events())
      .ThrowOnFailure("ForcedPublish");
}

template <typename T>
EventStatus System<T>::CalcDiscreteVariableUpdate(
    const Context<T>& context,
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    DiscreteValues<T>* discrete_state) const {
  if (!discrete_state)
    ThrowLogicError(
        "System::CalcDiscreteVariableUpdate(): discrete_state is null.");
  ValidateContextT("CalcDiscreteVariableUpdate", context);
  return DispatchDiscreteVariableUpdateHandler(context, events, discrete_state);
}

template <typename T>
void System<T>::ApplyDiscreteVariableUpdate(
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    DiscreteValues<T>* discrete_state, Context<T>* context) const {
  if (!discrete_state || !context)
    ThrowLogicError("System::ApplyDiscreteVariableUpdate(): null argument.");
  ValidateContextT("ApplyDiscreteVariableUpdate", *context);
  DoApplyDiscreteVariableUpdate(events, discrete_state, context);
}

template <typename T>
void System<T>::CalcForcedDiscreteVariableUpdate(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  CalcDiscreteVariableUpdate(
      context, forced_events().get_discrete_update_events(), discrete_state)
      .ThrowOnFailure("CalcForcedDiscreteVariableUpdate");
}

template <typename T>
EventStatus System<T>::CalcUnrestrictedUpdate(
    const Context<T>& context,
    const EventCollection<UnrestrictedUpdateEvent<T>>& events,
    State<T>* state) const {
  if (!state)
    ThrowLogicError("System::CalcUnrestrictedUpdate(): state is null.");
  ValidateContextT("CalcUnrestrictedUpdate", context);
  const int n = state->get_continuous_state().size();
  EventStatus status =
      DispatchUnrestrictedUpdateHandler(context, events, state);
  if (state->get_continuous_state().size() != n)
    ThrowLogicError(
        "CalcUnrestrictedUpdate(): a handler of System '{}' changed the size "
        "of the "
        "continuous state.",
        this->GetSystemPathname());
  return status;
}

template <typename T>
void System<T>::ApplyUnrestrictedUpdate(
    const EventCollection<UnrestrictedUpdateEvent<T>>& events, State<T>* state,
    Context<T>* context) const {
  if (!state || !context)
    ThrowLogicError("System::ApplyUnrestrictedUpdate(): null argument.");
  ValidateContextT("ApplyUnrestrictedUpdate", *context);
  DoApplyUnrestrictedUpdate(events, state, context);
}

template <typename T>
void System<T>::CalcForcedUnrestrictedUpdate(const Context<T>& context,
                                             State<T>* state) const {
  CalcUnrestrictedUpdate(
      context, forced_events().get_unrestricted_update_events(), state)
      .ThrowOnFailure("CalcForcedUnrestrictedUpdate");
}

template <typename T>
T System<T>::CalcNextUpdateTime(const Context<T>& context,
                                CompositeEventCollection<T>* events) const {
  if (!events) ThrowLogicError("System::CalcNextUpdateTime(): events is null.");
  ValidateContextT("CalcNextUpdateTime", context);
  events->Clear();
  T time(std::numeric_limits<double>::infinity());
  DoCalcNextUpdateTime(context, events, &time);
  return time;
}

template <typename T>
void System<T>::GetPerStepEvents(const Context<T>& context,
                                 CompositeEventCollection<T>* events) const {
  if (!events) ThrowLogicError("System::GetPerStepEvents(): events is null.");
  ValidateContextT("GetPerStepEvents", context);
  events->Clear();
  DoGetPerStepEvents(context, events);
}

template <typename T>
void System<T>::GetInitializationEvents(
    const Context<T>& context, CompositeEventCollection<T>* events) const {
  if (!events)
    ThrowLogicError("System::GetInitializationEvents(): events is null.");
  ValidateContextT("GetInitializationEvents", context);
  events->Clear();
  DoGetInitializationEvents(context, events);
}

namespace {
template <typename T>
void RunEvents(const System<T>& system,
               const CompositeEventCollection<T>& events, Context<T>* context,
               bool publish, const char* method) {
  if (events.HasUnrestrictedUpdateEvents()) {
    // Taken out of the context while in use (an update that ran events on
    // the same context would make its own); dropped if the update throws.
    std::unique_ptr<State<T>> state = context->TakeScratchState();
    system
        .CalcUnrestrictedUpdate(
            *context, events.get_unrestricted_update_events(), state.get())
        .ThrowOnFailure(method);
    system.ApplyUnrestrictedUpdate(events.get_unrestricted_update_events(),
                                   state.get(), context);
    context->ReturnScratchState(std::move(state));
  }
  if (events.HasDiscreteUpdateEvents()) {
    auto xd = system.AllocateDiscreteVariables();
    system
        .CalcDiscreteVariableUpdate(
            *context, events.get_discrete_update_events(), xd.get())
        .ThrowOnFailure(method);
    system.ApplyDiscreteVariableUpdate(events.get_discrete_update_events(),
                                       xd.get(), context);
  }
  if (publish && events.HasPublishEvents()) {
    system.Publish(*context, events.get_publish_events())
        .ThrowOnFailure(method);
  }
}
}  // namespace

template <typename T>
void System<T>::ExecuteInitializationEvents(Context<T>* context) const {
  if (!context)
    ThrowLogicError("System::ExecuteInitializationEvents(): context is null.");
  auto events = AllocateCompositeEventCollection();
  GetInitializationEvents(*context, events.get());
  RunEvents(*this, *events, context, true, "ExecuteInitializationEvents");
}

template <typename T>
void System<T>::ExecuteForcedEvents(Context<T>* context, bool publish) const {
  if (!context)
    ThrowLogicError("System::ExecuteForcedEvents(): context is null.");
  ValidateContextT("ExecuteForcedEvents", *context);
  RunEvents(*this, forced_events(), context, publish, "ExecuteForcedEvents");
}

template <typename T>
std::map<PeriodicEventData, std::vector<const Event<T>*>>
System<T>::MapPeriodicEventsByTiming(const Context<T>* context) const {
  std::map<PeriodicEventData, std::vector<const Event<T>*>> result;
  DoMapPeriodicEventsByTiming(context, &result);
  return result;
}

template <typename T>
std::optional<PeriodicEventData>
System<T>::GetUniquePeriodicDiscreteUpdateAttribute() const {
  std::optional<PeriodicEventData> saved;
  for (const auto& [timing, events] : MapPeriodicEventsByTiming()) {
    for (const Event<T>* e : events) {
      if (!e->is_discrete_update()) continue;
      if (saved && !(*saved == timing))
        ThrowLogicError(
            "GetUniquePeriodicDiscreteUpdateAttribute(): System '{}' has "
            "periodic discrete "
            "updates with different timings (period {}, offset {}) and (period "
            "{}, offset {}).",
            this->GetSystemPathname(), saved->period_sec(), saved->offset_sec(),
            timing.period_sec(), timing.offset_sec());
      saved = timing;
    }
  }
  return saved;
}

template <typename T>
bool System<T>::IsDifferenceEquationSystem(double* time_period) const {
  if (num_continuous_states() != 0 || this->num_abstract_states() != 0 ||
      this->num_discrete_state_groups() != 1)
    return false;
  const auto periodic = MapPeriodicEventsByTiming();
  if (periodic.size() != 1) return false;
  const auto& [timing, events] = *periodic.begin();
  if (events.size() != 1 || !events[0]->is_discrete_update()) return false;
  if (time_period) *time_period = timing.period_sec();
  return true;
}

// --------------------------------------------------------------------- ports

template <typename T>
InputPort<T>& System<T>::AddInputPortT(
    const std::string& method, const std::string& name, PortDataType type,
    int size, std::unique_ptr<AbstractValue> model_value) {
  const std::string port_name = this->NextInputPortName(name);
  this->ThrowIfPortNameInUse(method.c_str(), port_name, true);
  const InputPortIndex index(this->num_input_ports());
  const DependencyTicket ticket = this->NewInputPortTicket(port_name);
  auto port = std::make_unique<InputPort<T>>(
      this, this, port_name, index, ticket, type, size, std::move(model_value));
  InputPort<T>* raw = port.get();
  this->AddInputPort(std::move(port));
  return *raw;
}

template <typename T>
OutputPort<T>& System<T>::AddOutputPortT(std::unique_ptr<OutputPort<T>> port) {
  OutputPort<T>* raw = port.get();
  this->AddOutputPort(std::move(port));
  return *raw;
}

template <typename T>
const InputPort<T>& System<T>::get_input_port(int port_index) const {
  if (port_index < 0 || port_index >= this->num_input_ports())
    ThrowLogicError(
        "System::get_input_port(): System '{}' has no input port {} (it has {} "
        "input ports).",
        this->GetSystemPathname(), port_index, this->num_input_ports());
  return static_cast<const InputPort<T>&>(
      this->get_input_port_base(InputPortIndex(port_index)));
}

template <typename T>
const InputPort<T>& System<T>::get_input_port() const {
  if (this->num_input_ports() != 1)
    ThrowLogicError(
        "System::get_input_port(): System '{}' has {} input ports; this method "
        "needs exactly "
        "one.",
        this->GetSystemPathname(), this->num_input_ports());
  return get_input_port(0);
}

template <typename T>
const OutputPort<T>& System<T>::get_output_port(int port_index) const {
  if (port_index < 0 || port_index >= this->num_output_ports())
    ThrowLogicError(
        "System::get_output_port(): System '{}' has no output port {} (it has "
        "{} output "
        "ports).",
        this->GetSystemPathname(), port_index, this->num_output_ports());
  return static_cast<const OutputPort<T>&>(
      this->get_output_port_base(OutputPortIndex(port_index)));
}

template <typename T>
const OutputPort<T>& System<T>::get_output_port() const {
  if (this->num_output_ports() != 1)
    ThrowLogicError(
        "System::get_output_port(): System '{}' has {} output ports; this "
        "method needs exactly "
        "one.",
        this->GetSystemPathname(), this->num_output_ports());
  return get_output_port(0);
}

template <typename T>
bool System<T>::HasInputPort(const std::string& port_name) const {
  for (int i = 0; i < this->num_input_ports(); ++i)
    if (get_input_port(i).get_name() == port_name) return true;
  return false;
}

template <typename T>
bool System<T>::HasOutputPort(const std::string& port_name) const {
  for (int i = 0; i < this->num_output_ports(); ++i)
    if (get_output_port(i).get_name() == port_name) return true;
  return false;
}

template <typename T>
const InputPort<T>& System<T>::GetInputPort(
    const std::string& port_name) const {
  std::string names;
  for (int i = 0; i < this->num_input_ports(); ++i) {
    if (get_input_port(i).get_name() == port_name) return get_input_port(i);
    names += (i ? ", " : "") + get_input_port(i).get_name();
  }
  ThrowLogicError(
      "System::GetInputPort(): System '{}' does not have an input port named "
      "'{}' "
      "(valid port names: {}).",
      this->GetSystemPathname(), port_name, names.empty() ? "none" : names);
}

template <typename T>
const OutputPort<T>& System<T>::GetOutputPort(
    const std::string& port_name) const {
  std::string names;
  for (int i = 0; i < this->num_output_ports(); ++i) {
    if (get_output_port(i).get_name() == port_name) return get_output_port(i);
    names += (i ? ", " : "") + get_output_port(i).get_name();
  }
  ThrowLogicError(
      "System::GetOutputPort(): System '{}' does not have an output port named "
      "'{}' (valid port names: {}).",
      this->GetSystemPathname(), port_name, names.empty() ? "none" : names);
}

template <typename T>
const BasicVector<T>* System<T>::EvalVectorInput(const Context<T>& context,
                                                 int port_index) const {
  const InputPort<T>& port = get_input_port(port_index);
  if (port.get_data_type() != kVectorValued)
    ThrowLogicError("System::EvalVectorInput(): {} is abstract-valued.",
                    port.GetFullDescription());
  const AbstractValue* value = this->EvalAbstractInput(context, port_index);
  return value ? &value->template get_value<BasicVector<T>>() : nullptr;
}

template <typename T>
const VectorX<T>& System<T>::EvalEigenVectorInput(const Context<T>& context,
                                                  int port_index) const {
  return get_input_port(port_index).Eval(context);
}

template <typename T>
bool System<T>::HasDirectFeedthrough(int output_port) const {
  get_output_port(output_port);  // range check
  for (const auto& [in, out] : GetDirectFeedthroughs())
    if (out == output_port) return true;
  return false;
}

template <typename T>
bool System<T>::HasDirectFeedthrough(int input_port, int output_port) const {
  get_input_port(input_port);
  get_output_port(output_port);
  for (const auto& [in, out] : GetDirectFeedthroughs())
    if (in == input_port && out == output_port) return true;
  return false;
}

// ------------------------------------------------------------------ graphviz

template <typename T>
std::string System<T>::GetGraphvizPortId(bool input, int index) const {
  return fmt::format("s{}:{}{}", this->get_system_id(), input ? "u" : "y",
                     index);
}

template <typename T>
std::string System<T>::GetGraphvizFragment(int, std::string* dot) const {
  std::string inputs, outputs;
  for (int i = 0; i < this->num_input_ports(); ++i)
    inputs += fmt::format("{}<u{}> {}", i ? "|" : "", i,
                          get_input_port(i).get_name());
  for (int i = 0; i < this->num_output_ports(); ++i)
    outputs += fmt::format("{}<y{}> {}", i ? "|" : "", i,
                           get_output_port(i).get_name());
  const std::string id = fmt::format("s{}", this->get_system_id());
  *dot += fmt::format("{} [shape=record, label=\"{}|{{{{{}}} | {{{}}}}}\"];\n",
                      id, this->GetSystemName(), inputs, outputs);
  return id;
}

template <typename T>
std::string System<T>::GetGraphvizString(int max_depth) const {
  std::string dot =
      fmt::format("digraph _{} {{\nrankdir=LR\n", this->get_system_id());
  GetGraphvizFragment(max_depth, &dot);
  dot += "}\n";
  return dot;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::System);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::System);
