// Definitions of LeafSystem<T>.

#include "ossa/systems/framework/leaf_system.h"

#include <cmath>
#include <limits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::systems {

template <typename T>
LeafSystem<T>::LeafSystem() : LeafSystem(SystemScalarConverter()) {}

template <typename T>
LeafSystem<T>::LeafSystem(SystemScalarConverter converter)
    : System<T>(std::move(converter)),
      model_continuous_(std::make_unique<BasicVector<T>>(0)) {}

template <typename T>
LeafSystem<T>::~LeafSystem() = default;

template <typename T>
BasicVector<T> LeafSystem<T>::ZeroVector(int size) {
  if (size < 0)
    ThrowLogicError("LeafSystem: a vector size must be >= 0 (got {}).", size);
  return BasicVector<T>(VectorX<T>::Zero(size));
}

// ------------------------------------------------------------- declarations

template <typename T>
void LeafSystem<T>::DeclareContinuousState(int num_state_variables) {
  DeclareContinuousState(0, 0, num_state_variables);
}

template <typename T>
void LeafSystem<T>::DeclareContinuousState(int num_q, int num_v, int num_z) {
  if (num_q < 0 || num_v < 0 || num_z < 0)
    ThrowLogicError(
        "DeclareContinuousState(): System '{}': sizes must be >= 0 (got nq = "
        "{}, "
        "nv = {}, nz = {}).",
        this->GetSystemPathname(), num_q, num_v, num_z);
  DeclareContinuousState(ZeroVector(num_q + num_v + num_z), num_q, num_v,
                         num_z);
}

template <typename T>
void LeafSystem<T>::DeclareContinuousState(const BasicVector<T>& model_vector) {
  DeclareContinuousState(model_vector, 0, 0, model_vector.size());
}

template <typename T>
void LeafSystem<T>::DeclareContinuousState(const BasicVector<T>& model_vector,
                                           int num_q, int num_v, int num_z) {
  if (num_q < 0 || num_v < 0 || num_z < 0 ||
      num_q + num_v + num_z != model_vector.size())
    ThrowLogicError(
        "DeclareContinuousState(): System '{}': nq = {}, nv = {}, nz = {} must "
        "be >= 0 and add "
        "up to the model vector size {}.",
        this->GetSystemPathname(), num_q, num_v, num_z, model_vector.size());
  if (num_v > num_q)
    ThrowLogicError(
        "DeclareContinuousState(): System '{}': nv = {} cannot exceed nq = {}.",
        this->GetSystemPathname(), num_v, num_q);
  model_continuous_ = model_vector.Clone();
  nq_ = num_q;
  nv_ = num_v;
  nz_ = num_z;
}

template <typename T>
DiscreteStateIndex LeafSystem<T>::DeclareDiscreteState(
    int num_state_variables) {
  return DeclareDiscreteState(ZeroVector(num_state_variables));
}

template <typename T>
DiscreteStateIndex LeafSystem<T>::DeclareDiscreteState(
    const Eigen::Ref<const VectorX<T>>& vector) {
  return DeclareDiscreteState(BasicVector<T>(VectorX<T>(vector)));
}

template <typename T>
DiscreteStateIndex LeafSystem<T>::DeclareDiscreteState(
    const BasicVector<T>& model_vector) {
  const DiscreteStateIndex index(model_discrete_.size());
  model_discrete_.push_back(model_vector.Clone());
  this->AddDiscreteStateGroupTicket();
  return index;
}

template <typename T>
AbstractStateIndex LeafSystem<T>::DeclareAbstractState(
    const AbstractValue& abstract_state) {
  const AbstractStateIndex index(model_abstract_.size());
  model_abstract_.push_back(abstract_state.Clone());
  this->AddAbstractStateTicket();
  return index;
}

template <typename T>
int LeafSystem<T>::DeclareNumericParameter(const BasicVector<T>& model_vector) {
  const int index = static_cast<int>(model_numeric_parameters_.size());
  model_numeric_parameters_.push_back(model_vector.Clone());
  this->AddNumericParameterTicket();
  return index;
}

template <typename T>
int LeafSystem<T>::DeclareAbstractParameter(const AbstractValue& model_value) {
  const int index = static_cast<int>(model_abstract_parameters_.size());
  model_abstract_parameters_.push_back(model_value.Clone());
  this->AddAbstractParameterTicket();
  return index;
}

template <typename T>
std::string LeafSystem<T>::PortNameOrDefault(const PortName& name,
                                             bool input) const {
  const std::string given = std::holds_alternative<std::string>(name)
                                ? std::get<std::string>(name)
                                : "";
  return input ? this->NextInputPortName(given)
               : this->NextOutputPortName(given);
}

template <typename T>
InputPort<T>& LeafSystem<T>::DeclareVectorInputPort(PortName name, int size) {
  return DeclareVectorInputPort(std::move(name), ZeroVector(size));
}

template <typename T>
InputPort<T>& LeafSystem<T>::DeclareVectorInputPort(
    PortName name, const BasicVector<T>& model_vector) {
  return this->AddInputPortT(
      "DeclareVectorInputPort", PortNameOrDefault(name, true), kVectorValued,
      model_vector.size(),
      std::make_unique<Value<BasicVector<T>>>(model_vector));
}

template <typename T>
InputPort<T>& LeafSystem<T>::DeclareAbstractInputPort(
    PortName name, const AbstractValue& model_value) {
  return this->AddInputPortT("DeclareAbstractInputPort",
                             PortNameOrDefault(name, true), kAbstractValued, 0,
                             model_value.Clone());
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::CreateOutputPort(
    const std::string& name, PortDataType type, int size,
    ValueProducer producer, std::set<DependencyTicket> prerequisites) {
  this->ThrowIfPortNameInUse("DeclareOutputPort", name, false);
  CacheEntry& entry = SystemBase::DeclareCacheEntry(
      "output port " + name, std::move(producer), std::move(prerequisites));
  const DependencyTicket ticket =
      this->AddTicket("y:" + name, {entry.ticket()});
  auto port = std::make_unique<LeafOutputPort<T>>(
      this, this, name, OutputPortIndex(this->num_output_ports()), ticket, type,
      size, &entry);
  return static_cast<LeafOutputPort<T>&>(this->AddOutputPortT(std::move(port)));
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::DeclareVectorOutputPort(
    PortName name, const BasicVector<T>& model_vector, VectorCalc calc,
    std::set<DependencyTicket> prerequisites_of_calc) {
  if (!calc)
    ThrowLogicError("DeclareVectorOutputPort(): the calc function is empty.");
  const int size = model_vector.size();
  return CreateOutputPort(
      PortNameOrDefault(name, false), kVectorValued, size,
      ValueProducer(Value<BasicVector<T>>(model_vector),
                    [calc = std::move(calc)](const ContextBase& context,
                                             AbstractValue* value) {
                      calc(
                          static_cast<const Context<T>&>(context),
                          &value->template get_mutable_value<BasicVector<T>>());
                    }),
      std::move(prerequisites_of_calc));
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::DeclareAbstractOutputPort(
    PortName name, ValueProducer::AllocateCallback alloc,
    ValueProducer::CalcCallback calc,
    std::set<DependencyTicket> prerequisites_of_calc) {
  return CreateOutputPort(PortNameOrDefault(name, false), kAbstractValued, 0,
                          ValueProducer(std::move(alloc), std::move(calc)),
                          std::move(prerequisites_of_calc));
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::DeclareStateOutputPort(PortName name,
                                                         ContinuousStateIndex) {
  return DeclareVectorOutputPort(
      std::move(name), ZeroVector(num_continuous_states()),
      [](const Context<T>& context, BasicVector<T>* out) {
        out->SetFrom(context.get_continuous_state_vector());
      },
      {SystemBase::xc_ticket()});
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::DeclareStateOutputPort(
    PortName name, DiscreteStateIndex index) {
  if (!index.is_valid() || index >= static_cast<int>(model_discrete_.size()))
    ThrowLogicError(
        "DeclareStateOutputPort(): System '{}' has no discrete state group {}.",
        this->GetSystemPathname(), index.raw());
  const int i = index;
  return DeclareVectorOutputPort(
      std::move(name), *model_discrete_[i],
      [i](const Context<T>& context, BasicVector<T>* out) {
        out->SetFrom(context.get_discrete_state(i));
      },
      {this->discrete_state_ticket(index)});
}

template <typename T>
LeafOutputPort<T>& LeafSystem<T>::DeclareStateOutputPort(
    PortName name, AbstractStateIndex index) {
  if (!index.is_valid() || index >= static_cast<int>(model_abstract_.size()))
    ThrowLogicError(
        "DeclareStateOutputPort(): System '{}' has no abstract state {}.",
        this->GetSystemPathname(), index.raw());
  const int i = index;
  std::shared_ptr<const AbstractValue> model(model_abstract_[i]->Clone());
  return DeclareAbstractOutputPort(
      std::move(name), [model]() { return model->Clone(); },
      [i](const ContextBase& context, AbstractValue* out) {
        out->SetFrom(static_cast<const Context<T>&>(context)
                         .get_abstract_state()
                         .get_value(i));
      },
      {this->abstract_state_ticket(index)});
}

template <typename T>
void LeafSystem<T>::AddPeriodicEvent(const PeriodicEventData& data,
                                     std::unique_ptr<Event<T>> event) {
  if (!(data.period_sec() > 0) || !std::isfinite(data.period_sec()))
    ThrowLogicError(
        "DeclarePeriodicEvent(): System '{}': the period must be positive and "
        "finite (got {}).",
        this->GetSystemPathname(), data.period_sec());
  if (!(data.offset_sec() >= 0) || !std::isfinite(data.offset_sec()))
    ThrowLogicError(
        "DeclarePeriodicEvent(): System '{}': the offset must be >= 0 and "
        "finite "
        "(got {}).",
        this->GetSystemPathname(), data.offset_sec());
  event->set_periodic_data(data);
  periodic_events_.emplace_back(data, std::move(event));
}

// -------------------------------------------------------------- allocation

template <typename T>
std::unique_ptr<Context<T>> LeafSystem<T>::DoAllocateContext() const {
  auto state = std::make_unique<State<T>>();
  state->set_continuous_state(std::make_unique<ContinuousState<T>>(
      model_continuous_->Clone(), nq_, nv_, nz_));
  std::vector<std::unique_ptr<BasicVector<T>>> xd;
  for (const auto& m : model_discrete_) xd.push_back(m->Clone());
  state->set_discrete_state(std::make_unique<DiscreteValues<T>>(std::move(xd)));
  std::vector<std::unique_ptr<AbstractValue>> xa;
  for (const auto& m : model_abstract_) xa.push_back(m->Clone());
  state->set_abstract_state(std::make_unique<AbstractValues>(std::move(xa)));
  std::vector<std::unique_ptr<BasicVector<T>>> pn;
  for (const auto& m : model_numeric_parameters_) pn.push_back(m->Clone());
  std::vector<std::unique_ptr<AbstractValue>> pa;
  for (const auto& m : model_abstract_parameters_) pa.push_back(m->Clone());
  auto parameters = std::make_unique<Parameters<T>>(
      std::make_unique<DiscreteValues<T>>(std::move(pn)),
      std::make_unique<AbstractValues>(std::move(pa)));
  auto context = std::make_unique<LeafContext<T>>(*this, std::move(state),
                                                  std::move(parameters));
  this->InitializeContextBase(context.get());
  return context;
}

template <typename T>
void LeafSystem<T>::SetDefaultState(const Context<T>& context,
                                    State<T>* state) const {
  if (!state) ThrowLogicError("LeafSystem::SetDefaultState(): state is null.");
  this->ValidateContextT("SetDefaultState", context);
  state->get_mutable_continuous_state().get_mutable_vector().SetFrom(
      *model_continuous_);
  for (size_t i = 0; i < model_discrete_.size(); ++i)
    state->get_mutable_discrete_state(i).SetFrom(*model_discrete_[i]);
  for (size_t i = 0; i < model_abstract_.size(); ++i)
    state->get_mutable_abstract_state().get_mutable_value(i).SetFrom(
        *model_abstract_[i]);
}

template <typename T>
void LeafSystem<T>::SetDefaultParameters(const Context<T>& context,
                                         Parameters<T>* parameters) const {
  if (!parameters)
    ThrowLogicError("LeafSystem::SetDefaultParameters(): parameters is null.");
  this->ValidateContextT("SetDefaultParameters", context);
  for (size_t i = 0; i < model_numeric_parameters_.size(); ++i)
    parameters->get_mutable_numeric_parameter(i).SetFrom(
        *model_numeric_parameters_[i]);
  for (size_t i = 0; i < model_abstract_parameters_.size(); ++i)
    parameters->get_mutable_abstract_parameter(i).SetFrom(
        *model_abstract_parameters_[i]);
}

template <typename T>
std::unique_ptr<ContinuousState<T>> LeafSystem<T>::AllocateTimeDerivatives()
    const {
  return std::make_unique<ContinuousState<T>>(
      std::make_unique<BasicVector<T>>(
          VectorX<T>::Zero(num_continuous_states())),
      nq_, nv_, nz_);
}

template <typename T>
std::unique_ptr<DiscreteValues<T>> LeafSystem<T>::AllocateDiscreteVariables()
    const {
  std::vector<std::unique_ptr<BasicVector<T>>> xd;
  for (const auto& m : model_discrete_) xd.push_back(m->Clone());
  return std::make_unique<DiscreteValues<T>>(std::move(xd));
}

template <typename T>
std::unique_ptr<CompositeEventCollection<T>>
LeafSystem<T>::AllocateCompositeEventCollection() const {
  return std::make_unique<LeafCompositeEventCollection<T>>();
}

template <typename T>
std::multimap<int, int> LeafSystem<T>::GetDirectFeedthroughs() const {
  // An output depends directly on an input if the input's ticket reaches the
  // output's ticket in this system's tracker graph.
  const auto& trackers = this->trackers();
  std::vector<std::vector<int>> subscribers(trackers.size());
  for (size_t t = 0; t < trackers.size(); ++t)
    for (int p : trackers[t].prerequisites)
      subscribers[p].push_back(static_cast<int>(t));
  std::multimap<int, int> result;
  for (int i = 0; i < this->num_input_ports(); ++i) {
    std::vector<char> seen(trackers.size(), 0);
    std::vector<int> stack{this->input_port_ticket(InputPortIndex(i))};
    seen[stack[0]] = 1;
    while (!stack.empty()) {
      const int n = stack.back();
      stack.pop_back();
      for (int m : subscribers[n])
        if (!seen[m]) {
          seen[m] = 1;
          stack.push_back(m);
        }
    }
    for (int o = 0; o < this->num_output_ports(); ++o)
      if (seen[this->output_port_ticket(OutputPortIndex(o))])
        result.emplace(i, o);
  }
  return result;
}

// ------------------------------------------------------------------ events

template <typename T>
void LeafSystem<T>::DoPublish(
    const Context<T>&, const std::vector<const PublishEvent<T>*>&) const {}

template <typename T>
void LeafSystem<T>::DoCalcDiscreteVariableUpdates(
    const Context<T>&, const std::vector<const DiscreteUpdateEvent<T>*>&,
    DiscreteValues<T>*) const {}

template <typename T>
void LeafSystem<T>::DoCalcUnrestrictedUpdate(
    const Context<T>&, const std::vector<const UnrestrictedUpdateEvent<T>*>&,
    State<T>*) const {}

namespace {
template <typename EventType>
const LeafEventCollection<EventType>& AsLeaf(
    const EventCollection<EventType>& events, const char* method) {
  const auto* leaf =
      dynamic_cast<const LeafEventCollection<EventType>*>(&events);
  if (!leaf)
    ThrowLogicError(
        "LeafSystem::{}(): the event collection is not a leaf collection.",
        method);
  return *leaf;
}
}  // namespace

template <typename T>
EventStatus LeafSystem<T>::DispatchPublishHandler(
    const Context<T>& context,
    const EventCollection<PublishEvent<T>>& events) const {
  const auto& leaf = AsLeaf(events, "Publish");
  EventStatus status = EventStatus::DidNothing();
  std::vector<const PublishEvent<T>*> legacy;
  for (const PublishEvent<T>* e : leaf.get_events()) {
    if (e->has_handler()) {
      status.KeepMoreSevere(e->handle(*this, context));
    } else {
      legacy.push_back(e);
    }
  }
  if (!legacy.empty()) {
    DoPublish(context, legacy);
    status.KeepMoreSevere(EventStatus::Succeeded());
  }
  return status;
}

template <typename T>
EventStatus LeafSystem<T>::DispatchDiscreteVariableUpdateHandler(
    const Context<T>& context,
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    DiscreteValues<T>* discrete_state) const {
  const auto& leaf = AsLeaf(events, "CalcDiscreteVariableUpdate");
  // Start from the current values so that groups no handler writes keep them.
  discrete_state->SetFrom(context.get_discrete_state());
  EventStatus status = EventStatus::DidNothing();
  std::vector<const DiscreteUpdateEvent<T>*> legacy;
  for (const DiscreteUpdateEvent<T>* e : leaf.get_events()) {
    if (e->has_handler()) {
      status.KeepMoreSevere(e->handle(*this, context, discrete_state));
    } else {
      legacy.push_back(e);
    }
  }
  if (!legacy.empty()) {
    DoCalcDiscreteVariableUpdates(context, legacy, discrete_state);
    status.KeepMoreSevere(EventStatus::Succeeded());
  }
  return status;
}

template <typename T>
void LeafSystem<T>::DoApplyDiscreteVariableUpdate(
    const EventCollection<DiscreteUpdateEvent<T>>&,
    DiscreteValues<T>* discrete_state, Context<T>* context) const {
  context->get_mutable_discrete_state().SetFrom(*discrete_state);
}

template <typename T>
EventStatus LeafSystem<T>::DispatchUnrestrictedUpdateHandler(
    const Context<T>& context,
    const EventCollection<UnrestrictedUpdateEvent<T>>& events,
    State<T>* state) const {
  const auto& leaf = AsLeaf(events, "CalcUnrestrictedUpdate");
  state->SetFrom(context.get_state());
  EventStatus status = EventStatus::DidNothing();
  std::vector<const UnrestrictedUpdateEvent<T>*> legacy;
  for (const UnrestrictedUpdateEvent<T>* e : leaf.get_events()) {
    if (e->has_handler()) {
      status.KeepMoreSevere(e->handle(*this, context, state));
    } else {
      legacy.push_back(e);
    }
  }
  if (!legacy.empty()) {
    DoCalcUnrestrictedUpdate(context, legacy, state);
    status.KeepMoreSevere(EventStatus::Succeeded());
  }
  return status;
}

template <typename T>
void LeafSystem<T>::DoApplyUnrestrictedUpdate(
    const EventCollection<UnrestrictedUpdateEvent<T>>&, State<T>* state,
    Context<T>* context) const {
  context->get_mutable_state().SetFrom(*state);
}

namespace {
// The first time offset + k·period strictly after t.
double NextPeriodicTime(double t, const PeriodicEventData& data) {
  const double offset = data.offset_sec(), period = data.period_sec();
  if (t < offset) return offset;
  const double k = std::ceil((t - offset) / period);
  double next = offset + k * period;
  if (next <= t) next = offset + (k + 1) * period;
  return next;
}
}  // namespace

template <typename T>
void LeafSystem<T>::DoCalcNextUpdateTime(const Context<T>& context,
                                         CompositeEventCollection<T>* events,
                                         T* time) const {
  if (periodic_events_.empty()) return;
  const double t = ExtractDoubleOrThrow(context.get_time());
  double min_time = std::numeric_limits<double>::infinity();
  for (const auto& [data, event] : periodic_events_)
    min_time = std::min(min_time, NextPeriodicTime(t, data));
  const double current = ExtractDoubleOrThrow(*time);
  if (min_time > current) return;
  if (min_time < current) events->Clear();
  for (const auto& [data, event] : periodic_events_)
    if (NextPeriodicTime(t, data) == min_time) event->AddToComposite(events);
  *time = T(min_time);
}

template <typename T>
void LeafSystem<T>::DoGetPerStepEvents(
    const Context<T>&, CompositeEventCollection<T>* events) const {
  for (const auto& e : per_step_events_) e->AddToComposite(events);
}

template <typename T>
void LeafSystem<T>::DoGetInitializationEvents(
    const Context<T>&, CompositeEventCollection<T>* events) const {
  for (const auto& e : initialization_events_) e->AddToComposite(events);
}

template <typename T>
void LeafSystem<T>::DoGetForcedEvents(
    CompositeEventCollection<T>* events) const {
  for (const auto& e : forced_events_) e->AddToComposite(events);
}

template <typename T>
void LeafSystem<T>::DoMapPeriodicEventsByTiming(
    const Context<T>*,
    std::map<PeriodicEventData, std::vector<const Event<T>*>>* periodic_events)
    const {
  for (const auto& [data, event] : periodic_events_)
    (*periodic_events)[data].push_back(event.get());
}

template <typename T>
const WitnessFunction<T>& LeafSystem<T>::DeclareWitnessFunction(
    std::unique_ptr<WitnessFunction<T>> witness) {
  if (witness == nullptr || &witness->get_system() != this) {
    ThrowLogicError(
        "LeafSystem::DeclareWitnessFunction(): the witness function {} of "
        "System '{}'; make it with this system's MakeWitnessFunction().",
        witness ? "'" + witness->description() + "' belongs to another System"
                : std::string("is null"),
        this->GetSystemPathname());
  }
  witness_functions_.push_back(std::move(witness));
  return *witness_functions_.back();
}

template <typename T>
void LeafSystem<T>::DoGetWitnessFunctions(
    const Context<T>&, std::vector<const WitnessFunction<T>*>* w) const {
  for (const auto& witness : witness_functions_) w->push_back(witness.get());
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafSystem);
