// Definitions of Diagram<T>.

#include "ossa/systems/framework/diagram.h"

#include <fmt/format.h>

#include <functional>
#include <limits>
#include <set>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_continuous_state.h"
#include "ossa/systems/framework/diagram_discrete_values.h"
#include "ossa/systems/framework/diagram_state.h"
#include "ossa/systems/framework/subvector.h"

namespace ossa::systems {

template <typename T>
Diagram<T>::Diagram()
    : System<T>(SystemScalarConverter(SystemTypeTag<Diagram>{})) {}

template <typename T>
Diagram<T>::~Diagram() {
  for (auto& s : systems_)
    if (external_.count(s.get())) (void)s.release();
}

template <typename T>
template <typename U>
Diagram<T>::Diagram(const Diagram<U>& other) : Diagram() {
  auto blueprint = std::make_unique<Blueprint>();
  std::map<const System<U>*, const System<T>*> old_to_new;
  for (const auto& sub : other.systems_) {
    std::unique_ptr<System<T>> converted = sub->template ToScalarType<T>();
    old_to_new[sub.get()] = converted.get();
    blueprint->systems.push_back(std::move(converted));
  }
  for (const auto& [in, out] : other.connection_map_)
    blueprint->connection_map[{old_to_new.at(in.first), in.second}] = {
        old_to_new.at(out.first), out.second};
  for (int i = 0; i < other.num_input_ports(); ++i) {
    std::vector<InputPortLocator> locators;
    for (const auto& loc : other.input_port_locators_[i])
      locators.emplace_back(old_to_new.at(loc.first), loc.second);
    blueprint->input_port_locators.push_back(std::move(locators));
    blueprint->input_port_names.push_back(other.get_input_port(i).get_name());
  }
  for (int i = 0; i < other.num_output_ports(); ++i) {
    const auto& loc = other.output_port_locators_[i];
    blueprint->output_port_locators.emplace_back(old_to_new.at(loc.first),
                                                 loc.second);
    blueprint->output_port_names.push_back(other.get_output_port(i).get_name());
  }
  Initialize(std::move(blueprint));
  this->set_name(other.get_name());
}

template <typename T>
void Diagram<T>::Initialize(std::unique_ptr<Blueprint> blueprint) {
  OSSA_DEMAND(systems_.empty());
  systems_ = std::move(blueprint->systems);
  connection_map_ = std::move(blueprint->connection_map);
  input_port_locators_ = std::move(blueprint->input_port_locators);
  output_port_locators_ = std::move(blueprint->output_port_locators);
  external_ = std::move(blueprint->external);
  external_owners_ = std::move(blueprint->external_owners);
  const int n = num_subsystems();
  int xd = 0, xa = 0, pn = 0, pa = 0;
  for (int i = 0; i < n; ++i) {
    System<T>* sub = systems_[i].get();
    system_index_[sub] = i;
    sub->set_parent_service(this, i);
    xd += sub->num_discrete_state_groups();
    xa += sub->num_abstract_states();
    pn += sub->num_numeric_parameter_groups();
    pa += sub->num_abstract_parameters();
    if (sub->num_continuous_states() > 0) continuous_subsystems_.push_back(i);
    num_continuous_states_ += sub->num_continuous_states();
  }
  this->set_state_and_parameter_counts(xd, xa, pn, pa);

  // Input sources and the edges of the change-propagation graph.
  input_sources_.resize(n);
  for (int i = 0; i < n; ++i) {
    input_sources_[i].resize(systems_[i]->num_input_ports());
    for (int t : {internal::kTimeTicket, internal::kAccuracyTicket})
      edges_.push_back({-1, t, i, t});
    for (int t : {internal::kQTicket, internal::kVTicket, internal::kZTicket,
                  internal::kXdTicket, internal::kXaTicket, internal::kPnTicket,
                  internal::kPaTicket})
      edges_.push_back({i, t, -1, t});
    // A value fixed directly on a subsystem's input port is a source of the
    // Diagram's own computations (derivatives, energies) too.
    edges_.push_back(
        {i, internal::kAllInputPortsTicket, -1, internal::kAllSourcesTicket});
  }
  for (const auto& [in, out] : connection_map_) {
    const int si = system_index_.at(in.first), so = system_index_.at(out.first);
    input_sources_[si][in.second] = {InputSource::kOutput, so, out.second};
    edges_.push_back({so, out.first->get_output_port_base(out.second).ticket(),
                      si, in.first->input_port_ticket(in.second)});
  }
  for (size_t k = 0; k < input_port_locators_.size(); ++k) {
    const auto& locators = input_port_locators_[k];
    OSSA_DEMAND(!locators.empty());
    const InputPort<T>& first =
        locators[0].first->get_input_port(locators[0].second);
    InputPort<T>& port = this->AddInputPortT(
        "ExportInput", blueprint->input_port_names[k], first.get_data_type(),
        first.size(), first.Allocate());
    for (const auto& loc : locators) {
      const int si = system_index_.at(loc.first);
      input_sources_[si][loc.second] = {InputSource::kDiagramInput,
                                        static_cast<int>(k), -1};
      edges_.push_back(
          {-1, port.ticket(), si, loc.first->input_port_ticket(loc.second)});
    }
  }
  for (size_t k = 0; k < output_port_locators_.size(); ++k) {
    const auto& [sys, index] = output_port_locators_[k];
    const int si = system_index_.at(sys);
    const std::string& name = blueprint->output_port_names[k];
    this->ThrowIfPortNameInUse("ExportOutput", name, false);
    const DependencyTicket ticket = this->AddTicket("y:" + name, {});
    auto port = std::make_unique<DiagramOutputPort<T>>(
        this, this, name, OutputPortIndex(k), ticket,
        &sys->get_output_port(index), SubsystemIndex(si));
    this->AddOutputPortT(std::move(port));
    edges_.push_back(
        {si, sys->get_output_port_base(index).ticket(), -1, ticket});
  }

  // Direct feedthrough: diagram input i reaches diagram output o through
  // subsystem feedthroughs and connections.
  std::vector<std::multimap<int, int>> sub_feedthrough(n);
  for (int i = 0; i < n; ++i)
    sub_feedthrough[i] = systems_[i]->GetDirectFeedthroughs();
  std::map<std::pair<int, int>, std::set<int>> memo;
  std::function<const std::set<int>&(int, int)> inputs_reaching =
      [&](int s, int o) -> const std::set<int>& {
    auto key = std::make_pair(s, o);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    // Empty while computing: a cycle back to this output stops here.
    memo.emplace(key, std::set<int>{});
    std::set<int> found;
    for (const auto& [in, out] : sub_feedthrough[s]) {
      if (out != o) continue;
      const InputSource& src = input_sources_[s][in];
      if (src.kind == InputSource::kDiagramInput) {
        found.insert(src.system);
      } else if (src.kind == InputSource::kOutput) {
        const auto& upstream = inputs_reaching(src.system, src.port);
        found.insert(upstream.begin(), upstream.end());
      }
    }
    memo[key] = found;
    return memo[key];
  };
  for (size_t k = 0; k < output_port_locators_.size(); ++k) {
    const auto& [sys, index] = output_port_locators_[k];
    for (int in : inputs_reaching(system_index_.at(sys), index))
      feedthroughs_.emplace(in, static_cast<int>(k));
  }
}

template <typename T>
std::vector<const System<T>*> Diagram<T>::GetSystems() const {
  std::vector<const System<T>*> result;
  for (const auto& s : systems_) result.push_back(s.get());
  return result;
}

template <typename T>
SubsystemIndex Diagram<T>::GetSubsystemIndex(const System<T>& subsystem) const {
  auto it = system_index_.find(&subsystem);
  if (it == system_index_.end())
    ThrowLogicError(
        "Diagram::GetSubsystemIndex(): System '{}' is not a subsystem of "
        "Diagram "
        "'{}'.",
        subsystem.GetSystemName(), this->GetSystemPathname());
  return SubsystemIndex(it->second);
}

template <typename T>
bool Diagram<T>::HasSubsystemNamed(const std::string& name) const {
  for (const auto& s : systems_)
    if (s->get_name() == name) return true;
  return false;
}

template <typename T>
const System<T>& Diagram<T>::GetSubsystemByName(const std::string& name) const {
  std::string names;
  for (const auto& s : systems_) {
    if (s->get_name() == name) return *s;
    names += (names.empty() ? "" : ", ") + s->get_name();
  }
  ThrowLogicError(
      "Diagram::GetSubsystemByName(): Diagram '{}' has no subsystem named '{}' "
      "(valid names: {}).",
      this->GetSystemPathname(), name, names.empty() ? "none" : names);
}

template <typename T>
void Diagram<T>::ThrowWrongSubsystemType(const std::string& name,
                                         const std::string& type) const {
  ThrowLogicError(
      "Diagram::GetDowncastSubsystemByName(): subsystem '{}' of Diagram '{}' "
      "is a "
      "{}, not a {}.",
      name, this->GetSystemPathname(), GetSubsystemByName(name).GetSystemType(),
      type);
}

template <typename T>
bool Diagram<T>::FindSubsystemPath(const System<T>& subsystem,
                                   std::vector<int>* path) const {
  if (auto it = system_index_.find(&subsystem); it != system_index_.end()) {
    path->push_back(it->second);
    return true;
  }
  for (int i = 0; i < num_subsystems(); ++i) {
    if (const auto* d = dynamic_cast<const Diagram<T>*>(systems_[i].get())) {
      path->push_back(i);
      if (d->FindSubsystemPath(subsystem, path)) return true;
      path->pop_back();
    }
  }
  return false;
}

template <typename T>
const DiagramContext<T>& Diagram<T>::AsDiagramContext(
    const Context<T>& context, const char* method) const {
  this->ValidateContextT(method, context);
  return static_cast<const DiagramContext<T>&>(context);
}

template <typename T>
const Context<T>& Diagram<T>::GetSubsystemContext(
    const System<T>& subsystem, const Context<T>& context) const {
  const DiagramContext<T>* current =
      &AsDiagramContext(context, "GetSubsystemContext");
  std::vector<int> path;
  if (!FindSubsystemPath(subsystem, &path))
    ThrowLogicError(
        "Diagram::GetSubsystemContext(): System '{}' is not a subsystem of "
        "Diagram "
        "'{}'.",
        subsystem.GetSystemName(), this->GetSystemPathname());
  const Context<T>* result = nullptr;
  for (size_t k = 0; k < path.size(); ++k) {
    result = &current->GetSubsystemContext(SubsystemIndex(path[k]));
    if (k + 1 < path.size())
      current = static_cast<const DiagramContext<T>*>(result);
  }
  return *result;
}

template <typename T>
Context<T>& Diagram<T>::GetMutableSubsystemContext(const System<T>& subsystem,
                                                   Context<T>* context) const {
  if (!context)
    ThrowLogicError("Diagram::GetMutableSubsystemContext(): context is null.");
  return const_cast<Context<T>&>(GetSubsystemContext(subsystem, *context));
}

template <typename T>
const State<T>& Diagram<T>::GetSubsystemState(const System<T>& subsystem,
                                              const Context<T>& context) const {
  return GetSubsystemContext(subsystem, context).get_state();
}

template <typename T>
State<T>& Diagram<T>::GetMutableSubsystemState(const System<T>& subsystem,
                                               Context<T>* context) const {
  return GetMutableSubsystemContext(subsystem, context).get_mutable_state();
}

template <typename T>
std::vector<typename Diagram<T>::InputPortLocator>
Diagram<T>::GetInputPortLocators(InputPortIndex port_index) const {
  this->get_input_port(port_index);  // range check
  return input_port_locators_[port_index];
}

template <typename T>
const typename Diagram<T>::OutputPortLocator&
Diagram<T>::get_output_port_locator(OutputPortIndex port_index) const {
  this->get_output_port(port_index);
  return output_port_locators_[port_index];
}

template <typename T>
bool Diagram<T>::AreConnected(const OutputPort<T>& output,
                              const InputPort<T>& input) const {
  auto it = connection_map_.find({&input.get_system(), input.get_index()});
  return it != connection_map_.end() &&
         it->second.first == &output.get_system() &&
         it->second.second == output.get_index();
}

template <typename T>
const AbstractValue* Diagram<T>::EvalConnectedSubsystemInputPort(
    const ContextBase& diagram_context, int subsystem, int port) const {
  const InputSource& src = input_sources_[subsystem][port];
  switch (src.kind) {
    case InputSource::kOutput:
      return &systems_[src.system]
                  ->get_output_port_base(OutputPortIndex(src.port))
                  .DoEvalAbstract(diagram_context.subcontext_base(src.system));
    case InputSource::kDiagramInput:
      return this->EvalAbstractInput(diagram_context, src.system);
    case InputSource::kNone:
      break;
  }
  return nullptr;
}

// ----------------------------------------------------------------- contexts

template <typename T>
std::unique_ptr<Context<T>> Diagram<T>::DoAllocateContext() const {
  std::vector<std::unique_ptr<Context<T>>> subcontexts;
  for (const auto& s : systems_) subcontexts.push_back(s->DoAllocateContext());
  auto context =
      std::make_unique<DiagramContext<T>>(*this, std::move(subcontexts));
  this->InitializeContextBase(context.get());
  return context;
}

template <typename T>
std::unique_ptr<Parameters<T>> Diagram<T>::SubsystemParametersView(
    Parameters<T>* parameters, int i) const {
  int pn = 0, pa = 0;
  for (int k = 0; k < i; ++k) {
    pn += systems_[k]->num_numeric_parameter_groups();
    pa += systems_[k]->num_abstract_parameters();
  }
  std::vector<BasicVector<T>*> numeric;
  for (int k = 0; k < systems_[i]->num_numeric_parameter_groups(); ++k)
    numeric.push_back(&parameters->get_mutable_numeric_parameter(pn + k));
  std::vector<AbstractValue*> abstract;
  for (int k = 0; k < systems_[i]->num_abstract_parameters(); ++k)
    abstract.push_back(&parameters->get_mutable_abstract_parameter(pa + k));
  return std::make_unique<Parameters<T>>(
      std::make_unique<DiscreteValues<T>>(numeric),
      std::make_unique<AbstractValues>(abstract));
}

namespace {
template <typename T>
DiagramState<T>& AsDiagramState(State<T>* state, const char* method) {
  auto* result = dynamic_cast<DiagramState<T>*>(state);
  if (!result)
    ThrowLogicError("Diagram::{}(): the State is not a Diagram's state.",
                    method);
  return *result;
}
}  // namespace

template <typename T>
void Diagram<T>::SetDefaultState(const Context<T>& context,
                                 State<T>* state) const {
  const auto& dc = AsDiagramContext(context, "SetDefaultState");
  auto& ds = AsDiagramState(state, "SetDefaultState");
  for (int i = 0; i < num_subsystems(); ++i)
    systems_[i]->SetDefaultState(dc.GetSubsystemContext(SubsystemIndex(i)),
                                 &ds.get_mutable_substate(i));
}

template <typename T>
void Diagram<T>::SetDefaultParameters(const Context<T>& context,
                                      Parameters<T>* parameters) const {
  const auto& dc = AsDiagramContext(context, "SetDefaultParameters");
  for (int i = 0; i < num_subsystems(); ++i) {
    auto view = SubsystemParametersView(parameters, i);
    systems_[i]->SetDefaultParameters(dc.GetSubsystemContext(SubsystemIndex(i)),
                                      view.get());
  }
}

template <typename T>
void Diagram<T>::SetRandomState(const Context<T>& context, State<T>* state,
                                RandomGenerator* generator) const {
  const auto& dc = AsDiagramContext(context, "SetRandomState");
  auto& ds = AsDiagramState(state, "SetRandomState");
  for (int i = 0; i < num_subsystems(); ++i)
    systems_[i]->SetRandomState(dc.GetSubsystemContext(SubsystemIndex(i)),
                                &ds.get_mutable_substate(i), generator);
}

template <typename T>
void Diagram<T>::SetRandomParameters(const Context<T>& context,
                                     Parameters<T>* parameters,
                                     RandomGenerator* generator) const {
  const auto& dc = AsDiagramContext(context, "SetRandomParameters");
  for (int i = 0; i < num_subsystems(); ++i) {
    auto view = SubsystemParametersView(parameters, i);
    systems_[i]->SetRandomParameters(dc.GetSubsystemContext(SubsystemIndex(i)),
                                     view.get(), generator);
  }
}

template <typename T>
std::unique_ptr<ContinuousState<T>> Diagram<T>::AllocateTimeDerivatives()
    const {
  std::vector<std::unique_ptr<ContinuousState<T>>> subs;
  for (const auto& s : systems_) subs.push_back(s->AllocateTimeDerivatives());
  return std::make_unique<DiagramContinuousState<T>>(std::move(subs));
}

template <typename T>
std::unique_ptr<DiscreteValues<T>> Diagram<T>::AllocateDiscreteVariables()
    const {
  std::vector<std::unique_ptr<DiscreteValues<T>>> subs;
  for (const auto& s : systems_) subs.push_back(s->AllocateDiscreteVariables());
  return std::make_unique<DiagramDiscreteValues<T>>(std::move(subs));
}

template <typename T>
std::unique_ptr<CompositeEventCollection<T>>
Diagram<T>::AllocateCompositeEventCollection() const {
  std::vector<std::unique_ptr<CompositeEventCollection<T>>> subs;
  for (const auto& s : systems_)
    subs.push_back(s->AllocateCompositeEventCollection());
  return std::make_unique<DiagramCompositeEventCollection<T>>(std::move(subs));
}

// ------------------------------------------------------------------ dynamics

template <typename T>
void Diagram<T>::DoCalcTimeDerivatives(const Context<T>& context,
                                       ContinuousState<T>* derivatives) const {
  if (typeid(*derivatives) != typeid(DiagramContinuousState<T>)) [[unlikely]] {
    ThrowLogicError(
        "Diagram::CalcTimeDerivatives(): the derivatives of Diagram '{}' must "
        "come "
        "from its AllocateTimeDerivatives().",
        this->GetSystemPathname());
  }
  auto& dd = static_cast<DiagramContinuousState<T>&>(*derivatives);
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  for (int i : continuous_subsystems_)
    systems_[i]->CalcTimeDerivatives(dc.GetSubsystemContext(SubsystemIndex(i)),
                                     &dd.get_mutable_substate(i));
}

template <typename T>
template <typename Eval>
T Diagram<T>::SumOverSubsystems(const Context<T>& context, Eval eval) const {
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  T sum(0);
  for (int i = 0; i < num_subsystems(); ++i) {
    sum += eval(i, dc.GetSubsystemContext(SubsystemIndex(i)));
  }
  return sum;
}

template <typename T>
template <typename Visit>
void Diagram<T>::ForEachSubsystemWithCoordinates(const Context<T>& context,
                                                 Visit visit) const {
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  int q = 0, v = 0;
  for (int i = 0; i < num_subsystems(); ++i) {
    const Context<T>& sub = dc.GetSubsystemContext(SubsystemIndex(i));
    const int nq = sub.get_continuous_state().num_q(),
              nv = sub.get_continuous_state().num_v();
    if (nq + nv > 0) visit(i, sub, q, nq, v, nv);
    q += nq;
    v += nv;
  }
}

template <typename T>
T Diagram<T>::DoCalcPotentialEnergy(const Context<T>& context) const {
  return SumOverSubsystems(context, [this](int i, const Context<T>& sub) {
    return systems_[i]->EvalPotentialEnergy(sub);
  });
}

template <typename T>
T Diagram<T>::DoCalcKineticEnergy(const Context<T>& context) const {
  return SumOverSubsystems(context, [this](int i, const Context<T>& sub) {
    return systems_[i]->EvalKineticEnergy(sub);
  });
}

template <typename T>
T Diagram<T>::DoCalcConservativePower(const Context<T>& context) const {
  return SumOverSubsystems(context, [this](int i, const Context<T>& sub) {
    return systems_[i]->EvalConservativePower(sub);
  });
}

template <typename T>
T Diagram<T>::DoCalcNonConservativePower(const Context<T>& context) const {
  return SumOverSubsystems(context, [this](int i, const Context<T>& sub) {
    return systems_[i]->EvalNonConservativePower(sub);
  });
}

template <typename T>
void Diagram<T>::DoMapQDotToVelocity(
    const Context<T>& context, const Eigen::Ref<const VectorX<T>>& qdot,
    VectorBase<T>* generalized_velocity) const {
  ForEachSubsystemWithCoordinates(
      context, [&](int i, const Context<T>& sub, int q, int nq, int v, int nv) {
        Subvector<T> v_sub(generalized_velocity, v, nv);
        systems_[i]->MapQDotToVelocity(sub, qdot.segment(q, nq), &v_sub);
      });
}

template <typename T>
void Diagram<T>::DoMapVelocityToQDot(
    const Context<T>& context,
    const Eigen::Ref<const VectorX<T>>& generalized_velocity,
    VectorBase<T>* qdot) const {
  ForEachSubsystemWithCoordinates(
      context, [&](int i, const Context<T>& sub, int q, int nq, int v, int nv) {
        Subvector<T> qdot_sub(qdot, q, nq);
        systems_[i]->MapVelocityToQDot(
            sub, generalized_velocity.segment(v, nv), &qdot_sub);
      });
}

// -------------------------------------------------------------------- events

template <typename T>
template <typename EventType>
const DiagramEventCollection<EventType>& Diagram<T>::AsDiagramEvents(
    const EventCollection<EventType>& events, const char* method) const {
  const auto* d =
      dynamic_cast<const DiagramEventCollection<EventType>*>(&events);
  if (!d || d->num_subsystems() != num_subsystems())
    ThrowLogicError(
        "Diagram::{}(): the event collection was not allocated by Diagram "
        "'{}'.",
        method, this->GetSystemPathname());
  return *d;
}

template <typename T>
EventStatus Diagram<T>::DispatchPublishHandler(
    const Context<T>& context,
    const EventCollection<PublishEvent<T>>& events) const {
  const auto& de = AsDiagramEvents(events, "Publish");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  EventStatus status = EventStatus::DidNothing();
  for (int i = 0; i < num_subsystems(); ++i) {
    const auto& sub_events = de.get_subevent_collection(i);
    if (!sub_events.HasEvents()) continue;
    status.KeepMoreSevere(systems_[i]->DispatchPublishHandler(
        dc.GetSubsystemContext(SubsystemIndex(i)), sub_events));
  }
  return status;
}

template <typename T>
EventStatus Diagram<T>::DispatchDiscreteVariableUpdateHandler(
    const Context<T>& context,
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    DiscreteValues<T>* discrete_state) const {
  const auto& de = AsDiagramEvents(events, "CalcDiscreteVariableUpdate");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  auto* dd = dynamic_cast<DiagramDiscreteValues<T>*>(discrete_state);
  if (!dd || dd->num_subdiscretes() != num_subsystems())
    ThrowLogicError(
        "Diagram::CalcDiscreteVariableUpdate(): the discrete values were not "
        "allocated by Diagram '{}'.",
        this->GetSystemPathname());
  EventStatus status = EventStatus::DidNothing();
  for (int i = 0; i < num_subsystems(); ++i) {
    const Context<T>& sub = dc.GetSubsystemContext(SubsystemIndex(i));
    const auto& sub_events = de.get_subevent_collection(i);
    if (sub_events.HasEvents()) {
      status.KeepMoreSevere(systems_[i]->DispatchDiscreteVariableUpdateHandler(
          sub, sub_events, &dd->get_mutable_subdiscrete(i)));
    } else {
      dd->get_mutable_subdiscrete(i).SetFrom(sub.get_discrete_state());
    }
  }
  return status;
}

template <typename T>
void Diagram<T>::DoApplyDiscreteVariableUpdate(
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    DiscreteValues<T>* discrete_state, Context<T>* context) const {
  const auto& de = AsDiagramEvents(events, "ApplyDiscreteVariableUpdate");
  auto& dc = static_cast<DiagramContext<T>&>(*context);
  auto* dd = dynamic_cast<DiagramDiscreteValues<T>*>(discrete_state);
  if (!dd || dd->num_subdiscretes() != num_subsystems())
    ThrowLogicError(
        "Diagram::ApplyDiscreteVariableUpdate(): the discrete values were not "
        "allocated by Diagram '{}'.",
        this->GetSystemPathname());
  for (int i = 0; i < num_subsystems(); ++i) {
    const auto& sub_events = de.get_subevent_collection(i);
    if (!sub_events.HasEvents()) continue;
    systems_[i]->DoApplyDiscreteVariableUpdate(
        sub_events, &dd->get_mutable_subdiscrete(i),
        &dc.GetMutableSubsystemContext(SubsystemIndex(i)));
  }
}

template <typename T>
EventStatus Diagram<T>::DispatchUnrestrictedUpdateHandler(
    const Context<T>& context,
    const EventCollection<UnrestrictedUpdateEvent<T>>& events,
    State<T>* state) const {
  const auto& de = AsDiagramEvents(events, "CalcUnrestrictedUpdate");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  auto& ds = AsDiagramState(state, "CalcUnrestrictedUpdate");
  EventStatus status = EventStatus::DidNothing();
  for (int i = 0; i < num_subsystems(); ++i) {
    const Context<T>& sub = dc.GetSubsystemContext(SubsystemIndex(i));
    const auto& sub_events = de.get_subevent_collection(i);
    if (sub_events.HasEvents()) {
      status.KeepMoreSevere(systems_[i]->DispatchUnrestrictedUpdateHandler(
          sub, sub_events, &ds.get_mutable_substate(i)));
    } else {
      ds.get_mutable_substate(i).SetFrom(sub.get_state());
    }
  }
  return status;
}

template <typename T>
void Diagram<T>::DoApplyUnrestrictedUpdate(
    const EventCollection<UnrestrictedUpdateEvent<T>>& events, State<T>* state,
    Context<T>* context) const {
  const auto& de = AsDiagramEvents(events, "ApplyUnrestrictedUpdate");
  auto& dc = static_cast<DiagramContext<T>&>(*context);
  auto& ds = AsDiagramState(state, "ApplyUnrestrictedUpdate");
  for (int i = 0; i < num_subsystems(); ++i) {
    const auto& sub_events = de.get_subevent_collection(i);
    if (!sub_events.HasEvents()) continue;
    systems_[i]->DoApplyUnrestrictedUpdate(
        sub_events, &ds.get_mutable_substate(i),
        &dc.GetMutableSubsystemContext(SubsystemIndex(i)));
  }
}

namespace {
template <typename T>
DiagramCompositeEventCollection<T>& AsDiagramComposite(
    CompositeEventCollection<T>* events, int n, const char* method) {
  auto* d = dynamic_cast<DiagramCompositeEventCollection<T>*>(events);
  if (!d || d->num_subsystems() != n)
    ThrowLogicError(
        "Diagram::{}(): the event collection was not allocated by this "
        "Diagram.",
        method);
  return *d;
}
}  // namespace

template <typename T>
void Diagram<T>::DoCalcNextUpdateTime(const Context<T>& context,
                                      CompositeEventCollection<T>* events,
                                      T* time) const {
  auto& de = AsDiagramComposite(events, num_subsystems(), "CalcNextUpdateTime");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  // Each subsystem proposes its next time with its events; keep the events
  // of the subsystems whose time is the earliest.
  // No scratch storage: when a subsystem beats the best time so far, the
  // events of the subsystems before it are dropped.
  const T infinity(std::numeric_limits<double>::infinity());
  T best = infinity;
  for (int i = 0; i < num_subsystems(); ++i) {
    T t_i = infinity;
    auto& sub_events = de.get_mutable_subevent_collection(i);
    systems_[i]->DoCalcNextUpdateTime(dc.GetSubsystemContext(SubsystemIndex(i)),
                                      &sub_events, &t_i);
    if (t_i < best) {
      best = t_i;
      for (int j = 0; j < i; ++j) de.get_mutable_subevent_collection(j).Clear();
    } else if (t_i > best || t_i == infinity) {
      sub_events.Clear();
    }
  }
  *time = best;
}

template <typename T>
void Diagram<T>::DoGetWitnessFunctions(
    const Context<T>& context,
    std::vector<const WitnessFunction<T>*>* w) const {
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  for (int i = 0; i < num_subsystems(); ++i) {
    systems_[i]->DoGetWitnessFunctions(
        dc.GetSubsystemContext(SubsystemIndex(i)), w);
  }
}

template <typename T>
T Diagram<T>::DoCalcWitnessValue(const Context<T>& context,
                                 const WitnessFunction<T>& witness_func) const {
  const System<T>& owner = witness_func.get_system();
  std::vector<int> path;
  if (!FindSubsystemPath(owner, &path)) {
    ThrowLogicError(
        "Diagram::CalcWitnessValue(): witness '{}' belongs to System '{}', "
        "which is not in Diagram '{}'.",
        witness_func.description(), owner.GetSystemPathname(),
        this->GetSystemPathname());
  }
  return witness_func.CalcWitnessValue(GetSubsystemContext(owner, context));
}

template <typename T>
void Diagram<T>::DoAddTriggeredWitnessFunctionToCompositeEventCollection(
    Event<T>* event, CompositeEventCollection<T>* events) const {
  const System<T>& owner = event->get_witness_triggered_event_data()
                               ->triggered_witness()
                               ->get_system();
  std::vector<int> path;
  if (!FindSubsystemPath(owner, &path)) {
    ThrowLogicError(
        "Diagram::AddTriggeredWitnessFunctionToCompositeEventCollection(): "
        "the witness's System '{}' is not in Diagram '{}'.",
        owner.GetSystemPathname(), this->GetSystemPathname());
  }
  CompositeEventCollection<T>* current = events;
  for (int index : path) {
    auto* diagram_events =
        dynamic_cast<DiagramCompositeEventCollection<T>*>(current);
    if (diagram_events == nullptr) {
      ThrowLogicError(
          "Diagram::AddTriggeredWitnessFunctionToCompositeEventCollection(): "
          "the collection does not have Diagram '{}''s structure.",
          this->GetSystemPathname());
    }
    current = &diagram_events->get_mutable_subevent_collection(index);
  }
  event->AddToComposite(current);
}

template <typename T>
void Diagram<T>::DoGetPerStepEvents(const Context<T>& context,
                                    CompositeEventCollection<T>* events) const {
  auto& de = AsDiagramComposite(events, num_subsystems(), "GetPerStepEvents");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  for (int i = 0; i < num_subsystems(); ++i)
    systems_[i]->DoGetPerStepEvents(dc.GetSubsystemContext(SubsystemIndex(i)),
                                    &de.get_mutable_subevent_collection(i));
}

template <typename T>
void Diagram<T>::DoGetInitializationEvents(
    const Context<T>& context, CompositeEventCollection<T>* events) const {
  auto& de =
      AsDiagramComposite(events, num_subsystems(), "GetInitializationEvents");
  const auto& dc = static_cast<const DiagramContext<T>&>(context);
  for (int i = 0; i < num_subsystems(); ++i)
    systems_[i]->DoGetInitializationEvents(
        dc.GetSubsystemContext(SubsystemIndex(i)),
        &de.get_mutable_subevent_collection(i));
}

template <typename T>
void Diagram<T>::DoGetForcedEvents(CompositeEventCollection<T>* events) const {
  auto& de = AsDiagramComposite(events, num_subsystems(), "GetForcedEvents");
  for (int i = 0; i < num_subsystems(); ++i)
    systems_[i]->DoGetForcedEvents(&de.get_mutable_subevent_collection(i));
}

template <typename T>
void Diagram<T>::DoMapPeriodicEventsByTiming(
    const Context<T>*,
    std::map<PeriodicEventData, std::vector<const Event<T>*>>* periodic_events)
    const {
  for (const auto& s : systems_)
    s->DoMapPeriodicEventsByTiming(nullptr, periodic_events);
}

// ------------------------------------------------------------------ graphviz

template <typename T>
std::string Diagram<T>::GetGraphvizPortId(bool input, int index) const {
  return fmt::format("d{}_{}{}", this->get_system_id(), input ? "u" : "y",
                     index);
}

template <typename T>
std::string Diagram<T>::GetGraphvizFragment(int max_depth,
                                            std::string* dot) const {
  const std::string id = fmt::format("d{}", this->get_system_id());
  *dot += fmt::format("subgraph cluster{} {{\ncolor=black\nlabel=\"{}\";\n", id,
                      this->GetSystemName());
  for (int i = 0; i < this->num_input_ports(); ++i)
    *dot += fmt::format("{} [label=\"{}\", shape=invhouse];\n",
                        GetGraphvizPortId(true, i),
                        this->get_input_port(i).get_name());
  for (int i = 0; i < this->num_output_ports(); ++i)
    *dot += fmt::format("{} [label=\"{}\", shape=house];\n",
                        GetGraphvizPortId(false, i),
                        this->get_output_port(i).get_name());
  if (max_depth > 0) {
    for (const auto& s : systems_) s->GetGraphvizFragment(max_depth - 1, dot);
    for (const auto& [in, out] : connection_map_)
      *dot += fmt::format("{} -> {};\n",
                          out.first->GetGraphvizPortId(false, out.second),
                          in.first->GetGraphvizPortId(true, in.second));
    for (int i = 0; i < this->num_input_ports(); ++i)
      for (const auto& loc : input_port_locators_[i])
        *dot += fmt::format("{} -> {};\n", GetGraphvizPortId(true, i),
                            loc.first->GetGraphvizPortId(true, loc.second));
    for (int i = 0; i < this->num_output_ports(); ++i) {
      const auto& loc = output_port_locators_[i];
      *dot += fmt::format("{} -> {};\n",
                          loc.first->GetGraphvizPortId(false, loc.second),
                          GetGraphvizPortId(false, i));
    }
  }
  *dot += "}\n";
  return id;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Diagram);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Diagram);
template ossa::systems::Diagram<ossa::AutoDiffXd>::Diagram(
    const ossa::systems::Diagram<double>&);
template ossa::systems::Diagram<double>::Diagram(
    const ossa::systems::Diagram<ossa::AutoDiffXd>&);
template ossa::systems::Diagram<ossa::symbolic::Expression>::Diagram(
    const ossa::systems::Diagram<double>&);
template ossa::systems::Diagram<ossa::symbolic::Expression>::Diagram(
    const ossa::systems::Diagram<ossa::AutoDiffXd>&);
template ossa::systems::Diagram<double>::Diagram(
    const ossa::systems::Diagram<ossa::symbolic::Expression>&);
template ossa::systems::Diagram<ossa::AutoDiffXd>::Diagram(
    const ossa::systems::Diagram<ossa::symbolic::Expression>&);
