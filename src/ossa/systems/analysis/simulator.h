#pragma once

/// @file
/// Simulator<T>: advances a System's Context through time, interleaving
/// numerical integration of the continuous state with the System's events.
///
/// One step of AdvanceTo() does, in decreasing order of violence to the
/// state (as the reference toolkit):
///  1. the pending unrestricted updates, then the pending discrete updates
///     (the timed events that triggered at the end of the previous step, and
///     the per-step update events);
///  2. asks the System for its next timed event t_e (CalcNextUpdateTime) and
///     integrates the continuous state to no further than min(t_e, boundary)
///     — the integrator lands on t_e exactly;
///  3. the publish events (per-step, plus the timed ones if t_e was reached),
///     and a forced publish if set_publish_every_time_step(true).
/// Update events due at the boundary time stay pending: they are applied at
/// the start of the next AdvanceTo() (or AdvancePendingEvents()).
///
/// Witness functions (System::GetWitnessFunctions). Each step evaluates the
/// witnesses at its start (w0) and end (wf). If one triggers (see
/// WitnessFunction::should_trigger) the Simulator isolates the crossing by
/// bisection: it re-integrates from the last time known to be before the
/// crossing to the midpoint of the interval, until the interval [a, b] is no
/// longer than the witness time-isolation length; the step then ends at b
/// (just past the crossing) and the triggered witnesses' events are handled
/// like timed events at b (publishes at the end of the step, updates at the
/// start of the next). The isolation length is
///   max(working minimum step, 0.01 · accuracy · 1 s) in error-controlled
///   mode (accuracy: the Context's, else the integrator's in use), and
///   max(working minimum step, 0.01 · accuracy · maximum step) in fixed-step
///   mode if the Context has an accuracy — otherwise the crossing is not
///   isolated and the events fire at the end of the step.
///
/// Initialize() (called by the first AdvanceTo() if needed) applies the
/// initialization events (unrestricted, discrete, then publish) and the
/// publish events due at the start time.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "ossa/systems/analysis/integrator_base.h"
#include "ossa/systems/analysis/simulator_status.h"
#include "ossa/systems/framework/composite_event_collection.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/event_status.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

/// Options of Simulator::Initialize().
struct InitializeParams {
  /// Skip the System's initialization events (for a re-initialization).
  bool suppress_initialization_events{false};
};

template <typename T>
class Simulator {
 public:
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  /// Simulates `system`, which must outlive this Simulator. Without a
  /// `context`, one is made with system.CreateDefaultContext(). The default
  /// integrator is RungeKutta3Integrator, error-controlled, with maximum step
  /// 0.1 and accuracy 1e-4 (SimulatorConfig's defaults).
  explicit Simulator(const System<T>& system,
                     std::unique_ptr<Context<T>> context = nullptr);
  /// Same, taking ownership of the System.
  explicit Simulator(std::unique_ptr<const System<T>> owned_system,
                     std::unique_ptr<Context<T>> context = nullptr);
  /// Tag of the constructor that borrows its Context.
  struct BorrowContext {};
  /// (Advanced) Simulates `system` on `context` without owning it: both must
  /// outlive this Simulator, and release_context() throws. The Python
  /// bindings use it so that the Context object given to Simulator(system,
  /// context) stays usable from Python, as the same object as get_context().
  /// @throws std::logic_error if `context` is null.
  Simulator(const System<T>& system, Context<T>* context, BorrowContext);
  ~Simulator();

  /// Prepares the simulation at the Context's current time: initializes the
  /// integrator, resets the statistics, applies initialization events and
  /// the publish events due now. Throws std::logic_error without a Context;
  /// std::runtime_error if an event handler fails.
  SimulatorStatus Initialize(const InitializeParams& params = {});

  /// Advances to `boundary_time` (see the file comment). Returns early, with
  /// reason kReachedTerminationCondition, if an event handler or the monitor
  /// reports termination. Throws std::logic_error if boundary_time is before
  /// the current time, std::runtime_error if a handler or the monitor fails.
  SimulatorStatus AdvanceTo(const T& boundary_time);

  /// Applies the update events pending at the current time (and publishes)
  /// without advancing time: AdvanceTo(current time).
  SimulatorStatus AdvancePendingEvents();

  /// @name Monitor
  /// A function called at the end of every step (and of Initialize()). If it
  /// returns ReachedTermination the simulation stops with that status; if
  /// Failed, AdvanceTo() throws std::runtime_error with its message.
  ///@{
  void set_monitor(std::function<EventStatus(const Context<T>&)> monitor) {
    monitor_ = std::move(monitor);
  }
  void clear_monitor() { monitor_ = nullptr; }
  const std::function<EventStatus(const Context<T>&)>& get_monitor() const {
    return monitor_;
  }
  ///@}

  /// @name Real time
  ///@{
  /// Slows the simulation so that simulated time advances no faster than
  /// `realtime_rate` × wall-clock time (0, the default, means as fast as
  /// possible). Negative values are treated as 0.
  void set_target_realtime_rate(double realtime_rate) {
    target_realtime_rate_ = std::max(realtime_rate, 0.0);
  }
  double get_target_realtime_rate() const { return target_realtime_rate_; }
  /// Simulated time / wall-clock time since the last ResetStatistics() (or
  /// Initialize()); 0 if no wall-clock time has passed.
  double get_actual_realtime_rate() const;
  ///@}

  /// @name Publishing
  ///@{
  /// Forced publish at the end of every step (default false).
  void set_publish_every_time_step(bool publish) {
    publish_every_time_step_ = publish;
  }
  bool get_publish_every_time_step() const { return publish_every_time_step_; }
  /// Forced publish at the end of Initialize() (default false).
  void set_publish_at_initialization(bool publish) {
    publish_at_initialization_ = publish;
  }
  bool get_publish_at_initialization() const {
    return publish_at_initialization_;
  }
  ///@}

  /// @name Context
  ///@{
  /// Throws std::logic_error if there is no Context.
  const Context<T>& get_context() const;
  Context<T>& get_mutable_context();
  bool has_context() const { return context_ != nullptr; }
  /// Replaces the Context (may be null); the Simulator must be initialized
  /// again.
  void reset_context(std::unique_ptr<Context<T>> context);
  /// Gives up the Context; the Simulator must get another before use.
  /// @throws std::logic_error if the Context is borrowed (see BorrowContext).
  std::unique_ptr<Context<T>> release_context();
  ///@}

  /// @name Interruption
  /// A function AdvanceTo() calls between steps, at most every 50 ms of wall
  /// time, to let the caller stop a long simulation: an exception it throws
  /// leaves AdvanceTo() with the Context at the end of the last completed
  /// step. The Python bindings install one that raises KeyboardInterrupt on
  /// Ctrl-C (Python's pending signals).
  ///@{
  void set_interrupt_check(std::function<void()> check) {
    interrupt_check_ = std::move(check);
  }
  ///@}

  /// @name Statistics (reset by Initialize() and ResetStatistics())
  ///@{
  void ResetStatistics();
  int64_t get_num_publishes() const { return num_publishes_; }
  int64_t get_num_steps_taken() const { return num_steps_taken_; }
  int64_t get_num_discrete_updates() const { return num_discrete_updates_; }
  int64_t get_num_unrestricted_updates() const {
    return num_unrestricted_updates_;
  }
  ///@}

  /// @name Integrator
  ///@{
  const IntegratorBase<T>& get_integrator() const { return *integrator_; }
  IntegratorBase<T>& get_mutable_integrator() { return *integrator_; }
  /// Replaces the integrator by Integrator(system, args..., context) and
  /// returns it; the Simulator must be initialized again (AdvanceTo() does
  /// it).
  template <class Integrator, typename... Args>
  Integrator& reset_integrator(Args&&... args) {
    initialization_done_ = false;
    auto integrator = std::make_unique<Integrator>(
        get_system(), std::forward<Args>(args)..., context_.get());
    Integrator& result = *integrator;
    integrator_ = std::move(integrator);
    return result;
  }
  /// Installs an integrator built by the caller for this Simulator's System;
  /// its Context is replaced by the Simulator's.
  IntegratorBase<T>& reset_integrator(
      std::unique_ptr<IntegratorBase<T>> integrator);
  ///@}

  const System<T>& get_system() const { return system_; }
  bool is_initialized() const { return initialization_done_; }

  /// The length of the interval to which witness crossings are isolated
  /// (see the file comment), or nullopt if they are not isolated.
  std::optional<T> GetCurrentWitnessTimeIsolation() const;

 private:
  // Owns the Context unless it is borrowed (see BorrowContext).
  struct ContextDeleter {
    bool owned{true};
    void operator()(Context<T>* context) const {
      if (owned) delete context;
    }
  };
  Simulator(const System<T>* system, std::unique_ptr<const System<T>> owned,
            std::unique_ptr<Context<T>, ContextDeleter> context);
  // Calls interrupt_check_ if one is set and 50 ms passed since the last
  // call.
  void CheckForInterrupt();
  // Throws std::logic_error if the Context's time is NaN or infinite.
  void ThrowIfTimeIsNotFinite(const char* method) const;
  void CheckContext(const char* method) const;
  // Event handling; each folds the handler status into *status. Returns
  // false if the simulation must stop (termination).
  bool HandleUnrestrictedUpdate(
      const EventCollection<UnrestrictedUpdateEvent<T>>& events,
      SimulatorStatus* status);
  bool HandleDiscreteUpdate(
      const EventCollection<DiscreteUpdateEvent<T>>& events,
      SimulatorStatus* status);
  bool HandlePublish(const EventCollection<PublishEvent<T>>& events,
                     SimulatorStatus* status);
  bool ProcessEventStatus(const EventStatus& event_status, const char* what,
                          SimulatorStatus* status);
  bool CallMonitor(SimulatorStatus* status);
  // One integration step (see IntegratorBase::IntegrateNoFurtherThanTime)
  // that ends at the first witness crossing, if any, and collects the
  // triggered witnesses' events in witnessed_events_.
  typename IntegratorBase<T>::StepResult IntegrateContinuousState(
      const T& next_publish_time, const T& next_update_time,
      const T& boundary_time);
  // Integrates from (t0, x0) to t_des with the integrator's own steps.
  void IntegrateForwardFrom(const T& t0, const VectorX<T>& x0, const T& t_des);
  void EvaluateWitnesses(std::vector<T>* values) const;
  void PauseIfTooFast() const;
  double ElapsedRealtime() const;

  std::unique_ptr<const System<T>> owned_system_;
  const System<T>& system_;
  std::unique_ptr<Context<T>, ContextDeleter> context_;
  std::unique_ptr<IntegratorBase<T>> integrator_;
  std::function<void()> interrupt_check_;
  std::chrono::steady_clock::time_point last_interrupt_check_{};

  bool initialization_done_{false};
  // The Context's time when Initialize() or AdvanceTo() last returned; a
  // different time at the next AdvanceTo() means the caller reset it.
  double last_known_time_{0.0};
  bool publish_every_time_step_{false};
  bool publish_at_initialization_{false};
  double target_realtime_rate_{0.0};
  std::function<EventStatus(const Context<T>&)> monitor_;

  // Events found at the end of the last step, still to be applied (their
  // updates at the start of the next step).
  bool timed_event_pending_{false};
  std::unique_ptr<CompositeEventCollection<T>> per_step_events_;
  std::unique_ptr<CompositeEventCollection<T>> timed_events_;
  std::unique_ptr<CompositeEventCollection<T>> merged_events_;
  std::unique_ptr<DiscreteValues<T>> discrete_updates_;
  std::unique_ptr<State<T>> unrestricted_updates_;

  // Witness machinery: the witnesses of the current step, their values at
  // the ends of the isolation interval, the events of the triggered ones
  // (one clone per witness, carrying its WitnessTriggeredEventData) and the
  // states at the interval ends that this data points to.
  bool witness_event_pending_{false};
  std::vector<const WitnessFunction<T>*> witnesses_;
  std::vector<T> w0_, wf_, wc_;
  VectorX<T> x0_, xf_, xc_;
  std::map<const WitnessFunction<T>*, std::unique_ptr<Event<T>>>
      witness_events_;
  std::unique_ptr<CompositeEventCollection<T>> witnessed_events_;
  std::unique_ptr<ContinuousState<T>> event_xc0_, event_xcf_;

  int64_t num_publishes_{0};
  int64_t num_steps_taken_{0};
  int64_t num_discrete_updates_{0};
  int64_t num_unrestricted_updates_{0};
  double initial_simtime_{0.0};
  std::chrono::steady_clock::time_point initial_realtime_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::Simulator);
