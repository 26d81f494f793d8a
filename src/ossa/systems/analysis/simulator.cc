#include "ossa/systems/analysis/simulator.h"

#include <cmath>
#include <limits>
#include <thread>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/simulator_config.h"

namespace ossa::systems {

template <typename T>
Simulator<T>::Simulator(const System<T>& system,
                        std::unique_ptr<Context<T>> context)
    : Simulator(
          &system, nullptr,
          std::unique_ptr<Context<T>, ContextDeleter>(context.release())) {}

template <typename T>
Simulator<T>::Simulator(std::unique_ptr<const System<T>> owned_system,
                        std::unique_ptr<Context<T>> context)
    : Simulator(
          nullptr, std::move(owned_system),
          std::unique_ptr<Context<T>, ContextDeleter>(context.release())) {}

template <typename T>
Simulator<T>::Simulator(const System<T>& system, Context<T>* context,
                        BorrowContext)
    : Simulator(&system, nullptr,
                std::unique_ptr<Context<T>, ContextDeleter>(
                    context, ContextDeleter{false})) {
  if (context == nullptr) {
    ThrowLogicError("Simulator(): the borrowed Context is null.");
  }
}

template <typename T>
Simulator<T>::Simulator(const System<T>* system,
                        std::unique_ptr<const System<T>> owned,
                        std::unique_ptr<Context<T>, ContextDeleter> context)
    : owned_system_(std::move(owned)),
      system_(owned_system_ ? *owned_system_ : *system),
      context_(std::move(context)) {
  if (!context_) {
    context_ = std::unique_ptr<Context<T>, ContextDeleter>(
        system_.CreateDefaultContext().release());
  }
  const SimulatorConfig defaults;
  auto integrator =
      std::make_unique<RungeKutta3Integrator<T>>(system_, context_.get());
  integrator->set_maximum_step_size(T(defaults.max_step_size));
  integrator->set_target_accuracy(defaults.accuracy);
  // The default integrator starts with a small step (1e-4 s) and lets error
  // control grow it (at most 5x per step), as the reference's does.
  integrator->request_initial_step_size_target(T(1e-4));
  integrator_ = std::move(integrator);
  ResetStatistics();
}

template <typename T>
Simulator<T>::~Simulator() = default;

template <typename T>
void Simulator<T>::CheckContext(const char* method) const {
  if (!context_) {
    ThrowLogicError(
        "Simulator::{}(): the Simulator has no Context; call reset_context() "
        "first.",
        method);
  }
}

template <typename T>
const Context<T>& Simulator<T>::get_context() const {
  CheckContext("get_context");
  return *context_;
}

template <typename T>
Context<T>& Simulator<T>::get_mutable_context() {
  CheckContext("get_mutable_context");
  return *context_;
}

template <typename T>
void Simulator<T>::reset_context(std::unique_ptr<Context<T>> context) {
  context_ = std::unique_ptr<Context<T>, ContextDeleter>(context.release());
  integrator_->reset_context(context_.get());
  initialization_done_ = false;
}

template <typename T>
std::unique_ptr<Context<T>> Simulator<T>::release_context() {
  if (context_ && !context_.get_deleter().owned) {
    ThrowLogicError(
        "Simulator::release_context(): the Context is borrowed, not owned, "
        "by this Simulator.");
  }
  integrator_->reset_context(nullptr);
  initialization_done_ = false;
  return std::unique_ptr<Context<T>>(context_.release());
}

template <typename T>
void Simulator<T>::ThrowIfTimeIsNotFinite(const char* method) const {
  const double t = ExtractDoubleOrThrow(context_->get_time());
  if (!std::isfinite(t)) {
    ThrowLogicError(
        "Simulator::{}(): the Context's time is {}; a simulation needs a "
        "finite time (see Context::SetTime()).",
        method, t);
  }
}

template <typename T>
void Simulator<T>::CheckForInterrupt() {
  if (!interrupt_check_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_interrupt_check_ < std::chrono::milliseconds(50)) return;
  last_interrupt_check_ = now;
  interrupt_check_();
}

template <typename T>
IntegratorBase<T>& Simulator<T>::reset_integrator(
    std::unique_ptr<IntegratorBase<T>> integrator) {
  if (!integrator) {
    ThrowLogicError("Simulator::reset_integrator(): the integrator is null.");
  }
  if (&integrator->get_system() != &system_) {
    ThrowLogicError(
        "Simulator::reset_integrator(): the integrator was made for another "
        "System than the Simulator's.");
  }
  integrator_ = std::move(integrator);
  integrator_->reset_context(context_.get());
  initialization_done_ = false;
  return *integrator_;
}

template <typename T>
void Simulator<T>::ResetStatistics() {
  if (integrator_) integrator_->ResetStatistics();
  num_publishes_ = 0;
  num_steps_taken_ = 0;
  num_discrete_updates_ = 0;
  num_unrestricted_updates_ = 0;
  initial_simtime_ =
      context_ ? ExtractDoubleOrThrow(context_->get_time()) : 0.0;
  initial_realtime_ = std::chrono::steady_clock::now();
}

template <typename T>
double Simulator<T>::ElapsedRealtime() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       initial_realtime_)
      .count();
}

template <typename T>
double Simulator<T>::get_actual_realtime_rate() const {
  const double realtime = ElapsedRealtime();
  if (!context_ || realtime <= 0.0) return 0.0;
  const double simtime =
      ExtractDoubleOrThrow(context_->get_time()) - initial_simtime_;
  return simtime / realtime;
}

template <typename T>
void Simulator<T>::PauseIfTooFast() const {
  if (target_realtime_rate_ <= 0.0) return;
  const double simtime =
      ExtractDoubleOrThrow(context_->get_time()) - initial_simtime_;
  const auto desired =
      initial_realtime_ +
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(simtime / target_realtime_rate_));
  if (std::chrono::steady_clock::now() < desired) {
    std::this_thread::sleep_until(desired);
  }
}

template <typename T>
bool Simulator<T>::ProcessEventStatus(const EventStatus& event_status,
                                      const char* what,
                                      SimulatorStatus* status) {
  const double t = ExtractDoubleOrThrow(context_->get_time());
  if (event_status.failed()) {
    status->SetEventHandlerFailed(t, event_status.system(),
                                  event_status.message());
    ThrowRuntimeError("Simulator: a {} handler failed. {}", what,
                      status->FormatMessage());
  }
  if (event_status.reached_termination()) {
    status->SetReachedTermination(t, event_status.system(),
                                  event_status.message());
    return false;
  }
  return true;
}

template <typename T>
bool Simulator<T>::HandleUnrestrictedUpdate(
    const EventCollection<UnrestrictedUpdateEvent<T>>& events,
    SimulatorStatus* status) {
  if (!events.HasEvents()) return true;
  // Compute into a scratch State, then write back, so that every handler sees
  // the state before any of them changed it.
  const EventStatus es = system_.CalcUnrestrictedUpdate(
      *context_, events, unrestricted_updates_.get());
  if (!es.failed()) {
    system_.ApplyUnrestrictedUpdate(events, unrestricted_updates_.get(),
                                    context_.get());
    ++num_unrestricted_updates_;
  }
  return ProcessEventStatus(es, "unrestricted update", status);
}

template <typename T>
bool Simulator<T>::HandleDiscreteUpdate(
    const EventCollection<DiscreteUpdateEvent<T>>& events,
    SimulatorStatus* status) {
  if (!events.HasEvents()) return true;
  const EventStatus es = system_.CalcDiscreteVariableUpdate(
      *context_, events, discrete_updates_.get());
  if (!es.failed()) {
    system_.ApplyDiscreteVariableUpdate(events, discrete_updates_.get(),
                                        context_.get());
    ++num_discrete_updates_;
  }
  return ProcessEventStatus(es, "discrete update", status);
}

template <typename T>
bool Simulator<T>::HandlePublish(const EventCollection<PublishEvent<T>>& events,
                                 SimulatorStatus* status) {
  if (!events.HasEvents()) return true;
  const EventStatus es = system_.Publish(*context_, events);
  ++num_publishes_;
  return ProcessEventStatus(es, "publish", status);
}

template <typename T>
bool Simulator<T>::CallMonitor(SimulatorStatus* status) {
  if (!monitor_) return true;
  const EventStatus es = monitor_(*context_);
  return ProcessEventStatus(es, "monitor", status);
}

template <typename T>
std::optional<T> Simulator<T>::GetCurrentWitnessTimeIsolation() const {
  using std::max;
  // How tightly crossings are isolated relative to the accuracy: tight
  // enough that the event time error is well below the integration error.
  const double kIsolationScale = 0.01;
  // A characteristic time of the system (1 s until Systems report one).
  const double kCharacteristicTime = 1.0;
  const std::optional<double>& context_accuracy = get_context().get_accuracy();
  const T working_min = integrator_->get_working_minimum_step_size();
  if (integrator_->get_fixed_step_mode()) {
    if (!context_accuracy) return std::nullopt;
    return max(working_min, T(kIsolationScale * context_accuracy.value() *
                              integrator_->get_maximum_step_size()));
  }
  double accuracy = context_accuracy ? context_accuracy.value()
                                     : integrator_->get_accuracy_in_use();
  if (std::isnan(accuracy)) accuracy = integrator_->get_target_accuracy();
  if (std::isnan(accuracy)) return std::nullopt;
  return max(working_min, T(kIsolationScale * accuracy * kCharacteristicTime));
}

template <typename T>
void Simulator<T>::EvaluateWitnesses(std::vector<T>* values) const {
  values->resize(witnesses_.size());
  for (size_t i = 0; i < witnesses_.size(); ++i) {
    (*values)[i] = system_.CalcWitnessValue(*context_, *witnesses_[i]);
  }
}

template <typename T>
void Simulator<T>::IntegrateForwardFrom(const T& t0, const VectorX<T>& x0,
                                        const T& t_des) {
  const T inf(std::numeric_limits<double>::infinity());
  context_->SetTimeAndContinuousState(t0, x0);
  while (context_->get_time() < t_des) {
    integrator_->IntegrateNoFurtherThanTime(inf, inf, t_des);
  }
}

template <typename T>
typename IntegratorBase<T>::StepResult Simulator<T>::IntegrateContinuousState(
    const T& next_publish_time, const T& next_update_time,
    const T& boundary_time) {
  witnessed_events_->Clear();
  system_.GetWitnessFunctions(*context_, &witnesses_);
  if (witnesses_.empty()) {
    return integrator_->IntegrateNoFurtherThanTime(
        next_publish_time, next_update_time, boundary_time);
  }

  // The step's start, and the witnesses there.
  T a = context_->get_time();
  const int n = context_->num_continuous_states();
  x0_.resize(n);
  context_->get_continuous_state_vector().CopyToPreSizedVector(&x0_);
  EvaluateWitnesses(&w0_);
  const T t_start = a;
  event_xc0_->SetFromVector(x0_);

  auto result = integrator_->IntegrateNoFurtherThanTime(
      next_publish_time, next_update_time, boundary_time);
  T b = context_->get_time();
  EvaluateWitnesses(&wf_);
  bool any = false;
  for (size_t i = 0; i < witnesses_.size(); ++i) {
    any = any || witnesses_[i]->should_trigger(w0_[i], wf_[i]);
  }
  if (!any) return result;

  // Bisection on [a, b]: a is before every crossing (its state x0_, its
  // values w0_), b after at least one (xf_, wf_). Midpoints are reached by
  // integrating from a, so the state at b always comes from an integration
  // that started before the crossing.
  xf_.resize(n);
  context_->get_continuous_state_vector().CopyToPreSizedVector(&xf_);
  const T t_end = b;
  const std::optional<T> isolation = GetCurrentWitnessTimeIsolation();
  if (isolation) {
    while (b - a > *isolation) {
      const T c = (a + b) / 2;
      // The midpoint may round onto an end when the interval reaches the
      // resolution of the time; stop there.
      if (!(c > a && c < b)) break;
      IntegrateForwardFrom(a, x0_, c);
      EvaluateWitnesses(&wc_);
      bool trigger = false;
      for (size_t i = 0; i < witnesses_.size(); ++i) {
        trigger = trigger || witnesses_[i]->should_trigger(w0_[i], wc_[i]);
      }
      xc_.resize(n);
      context_->get_continuous_state_vector().CopyToPreSizedVector(&xc_);
      if (trigger) {
        b = c;
        std::swap(xf_, xc_);
        std::swap(wf_, wc_);
      } else {
        a = c;
        std::swap(x0_, xc_);
        std::swap(w0_, wc_);
      }
    }
    context_->SetTimeAndContinuousState(b, xf_);
    // Events due at the original end of the step are not reached when the
    // step was cut short at the crossing.
    if (b != t_end) result = IntegratorBase<T>::kReachedZeroCrossing;
    event_xc0_->SetFromVector(x0_);
  }
  event_xcf_->SetFromVector(xf_);
  for (size_t i = 0; i < witnesses_.size(); ++i) {
    const WitnessFunction<T>* witness = witnesses_[i];
    if (!witness->should_trigger(w0_[i], wf_[i])) continue;
    if (witness->get_event() == nullptr) continue;
    std::unique_ptr<Event<T>>& event = witness_events_[witness];
    if (!event) {
      event = witness->get_event()->Clone();
      event->set_trigger_type(TriggerType::kWitness);
    }
    WitnessTriggeredEventData<T> data;
    data.set_triggered_witness(witness);
    data.set_t0(isolation ? a : t_start);
    data.set_tf(b);
    data.set_xc0(event_xc0_.get());
    data.set_xcf(event_xcf_.get());
    event->set_event_data(data);
    system_.AddTriggeredWitnessFunctionToCompositeEventCollection(
        event.get(), witnessed_events_.get());
  }
  return result;
}

template <typename T>
SimulatorStatus Simulator<T>::Initialize(const InitializeParams& params) {
  CheckContext("Initialize");
  ThrowIfTimeIsNotFinite("Initialize");
  const T current_time = context_->get_time();
  SimulatorStatus status(ExtractDoubleOrThrow(current_time));
  // Initialize() does not move time.
  last_known_time_ = ExtractDoubleOrThrow(current_time);

  if (integrator_->get_mutable_context() != context_.get()) {
    integrator_->reset_context(context_.get());
  }
  integrator_->Initialize();
  ResetStatistics();

  per_step_events_ = system_.AllocateCompositeEventCollection();
  timed_events_ = system_.AllocateCompositeEventCollection();
  merged_events_ = system_.AllocateCompositeEventCollection();
  discrete_updates_ = system_.AllocateDiscreteVariables();
  unrestricted_updates_ = context_->CloneState();
  witnessed_events_ = system_.AllocateCompositeEventCollection();
  witness_event_pending_ = false;
  witness_events_.clear();
  event_xc0_ = context_->get_continuous_state().Clone();
  event_xcf_ = context_->get_continuous_state().Clone();

  auto init_events = system_.AllocateCompositeEventCollection();
  if (!params.suppress_initialization_events) {
    system_.GetInitializationEvents(*context_, init_events.get());
  }
  bool keep_going = HandleUnrestrictedUpdate(
      init_events->get_unrestricted_update_events(), &status);
  keep_going &=
      HandleDiscreteUpdate(init_events->get_discrete_update_events(), &status);

  system_.GetPerStepEvents(*context_, per_step_events_.get());

  // Events due exactly now: ask for the next event as seen from just before
  // the current time (CalcNextUpdateTime returns strictly future times).
  const double t_now = ExtractDoubleOrThrow(current_time);
  const double t_before =
      std::nextafter(t_now, -std::numeric_limits<double>::infinity());
  context_->SetTime(T(t_before));
  const T t_next = system_.CalcNextUpdateTime(*context_, timed_events_.get());
  context_->SetTime(current_time);
  timed_event_pending_ = (ExtractDoubleOrThrow(t_next) == t_now);

  // Publishes last: initialization, per-step and those due now.
  init_events->AddToEnd(*per_step_events_);
  if (timed_event_pending_) init_events->AddToEnd(*timed_events_);
  keep_going &= HandlePublish(init_events->get_publish_events(), &status);
  if (publish_at_initialization_) {
    system_.ForcedPublish(*context_);
    ++num_publishes_;
  }
  keep_going &= CallMonitor(&status);
  initialization_done_ = true;
  return status;
}

template <typename T>
SimulatorStatus Simulator<T>::AdvanceTo(const T& boundary_time) {
  if (!initialization_done_) {
    const SimulatorStatus init_status = Initialize();
    if (init_status.reason() != SimulatorStatus::kReachedBoundaryTime) {
      return init_status;
    }
  }
  CheckContext("AdvanceTo");
  ThrowIfTimeIsNotFinite("AdvanceTo");
  if (ExtractDoubleOrThrow(context_->get_time()) != last_known_time_) {
    // The integrator's step-size history and the pending events belong to
    // the old time; continuing from a new one needs them recomputed.
    ThrowLogicError(
        "Simulation time has changed since last Initialize() or AdvanceTo(). "
        "Resetting simulation time requires a call to Initialize().");
  }
  // Every way out of this function (early terminations included) leaves
  // the time it reached as the known one.
  struct RecordTime {
    Simulator* simulator;
    ~RecordTime() {
      simulator->last_known_time_ =
          ExtractDoubleOrThrow(simulator->context_->get_time());
    }
  } record_time{this};
  if (std::isnan(ExtractDoubleOrThrow(boundary_time))) {
    ThrowLogicError("Simulator::AdvanceTo(): the boundary time is NaN.");
  }
  if (boundary_time < context_->get_time()) {
    ThrowLogicError(
        "Simulator::AdvanceTo(): the boundary time {} is earlier than the "
        "current time {}.",
        ExtractDoubleOrThrow(boundary_time),
        ExtractDoubleOrThrow(context_->get_time()));
  }
  SimulatorStatus status(ExtractDoubleOrThrow(boundary_time));
  const double inf = std::numeric_limits<double>::infinity();

  // The updates left pending by the previous step (or by Initialize()).
  merged_events_->Clear();
  merged_events_->AddToEnd(*per_step_events_);
  if (timed_event_pending_) merged_events_->AddToEnd(*timed_events_);
  if (witness_event_pending_) merged_events_->AddToEnd(*witnessed_events_);

  while (true) {
    PauseIfTooFast();
    bool keep_going = HandleUnrestrictedUpdate(
        merged_events_->get_unrestricted_update_events(), &status);
    keep_going &= HandleDiscreteUpdate(
        merged_events_->get_discrete_update_events(), &status);
    timed_event_pending_ = false;
    witness_event_pending_ = false;
    if (!keep_going) return status;

    // Integrate to the next timed event (exactly) or the boundary.
    const T t_event =
        system_.CalcNextUpdateTime(*context_, timed_events_.get());
    T next_update_time(inf), next_publish_time(inf);
    if (timed_events_->HasDiscreteUpdateEvents() ||
        timed_events_->HasUnrestrictedUpdateEvents()) {
      next_update_time = t_event;
    }
    if (timed_events_->HasPublishEvents()) next_publish_time = t_event;
    const auto result = IntegrateContinuousState(
        next_publish_time, next_update_time, boundary_time);
    timed_event_pending_ = result == IntegratorBase<T>::kReachedPublishTime ||
                           result == IntegratorBase<T>::kReachedUpdateTime;
    witness_event_pending_ = witnessed_events_->HasEvents();
    ++num_steps_taken_;

    merged_events_->Clear();
    merged_events_->AddToEnd(*per_step_events_);
    if (timed_event_pending_) merged_events_->AddToEnd(*timed_events_);
    if (witness_event_pending_) merged_events_->AddToEnd(*witnessed_events_);
    keep_going &= HandlePublish(merged_events_->get_publish_events(), &status);
    if (publish_every_time_step_) {
      system_.ForcedPublish(*context_);
      ++num_publishes_;
    }
    keep_going &= CallMonitor(&status);
    if (!keep_going) return status;
    if (context_->get_time() >= boundary_time) break;
    CheckForInterrupt();
  }
  return status;
}

template <typename T>
SimulatorStatus Simulator<T>::AdvancePendingEvents() {
  CheckContext("AdvancePendingEvents");
  return AdvanceTo(context_->get_time());
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::Simulator);
