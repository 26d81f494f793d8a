#pragma once

/// @file
/// Events: PublishEvent (reads the context), DiscreteUpdateEvent (computes
/// new discrete state) and UnrestrictedUpdateEvent (computes any new state),
/// each with the trigger that caused it (TriggerType) and, for periodic
/// events, its PeriodicEventData. A handler callback does the work; an event
/// without a callback is handled by the LeafSystem's legacy Do* overrides.

#include <functional>
#include <memory>
#include <optional>
#include <type_traits>

#include "ossa/systems/framework/event_status.h"
#include "ossa/systems/framework/periodic_event_data.h"

namespace ossa::systems {

template <typename T>
class System;
template <typename T>
class Context;
template <typename T>
class DiscreteValues;
template <typename T>
class State;
template <typename T>
class CompositeEventCollection;
template <typename T>
class WitnessFunction;
template <typename T>
class ContinuousState;

/// What the Simulator tells the handler of an event triggered by a witness
/// function: which witness triggered, and the isolation interval [t0, tf]
/// (the zero crossing lies in it; the event is handled at tf) with the
/// continuous states at its ends. The pointers stay valid during the
/// handler call only.
template <typename T>
class WitnessTriggeredEventData {
 public:
  WitnessTriggeredEventData() = default;
  const WitnessFunction<T>* triggered_witness() const { return witness_; }
  void set_triggered_witness(const WitnessFunction<T>* witness) {
    witness_ = witness;
  }
  const T& t0() const { return t0_; }
  void set_t0(const T& t0) { t0_ = t0; }
  const T& tf() const { return tf_; }
  void set_tf(const T& tf) { tf_ = tf; }
  const ContinuousState<T>* xc0() const { return xc0_; }
  void set_xc0(const ContinuousState<T>* xc0) { xc0_ = xc0; }
  const ContinuousState<T>* xcf() const { return xcf_; }
  void set_xcf(const ContinuousState<T>* xcf) { xcf_ = xcf; }

 private:
  const WitnessFunction<T>* witness_{};
  T t0_{};
  T tf_{};
  const ContinuousState<T>* xc0_{};
  const ContinuousState<T>* xcf_{};
};

/// What caused an event.
enum class TriggerType {
  kUnknown,
  kInitialization,  ///< once, at Simulator::Initialize
  kForced,          ///< on request (ForcedPublish, ...)
  kTimed,           ///< at a time chosen by DoCalcNextUpdateTime
  kPeriodic,        ///< at offset + k·period
  kPerStep,         ///< at every simulator step
  kWitness,         ///< at a zero crossing of a witness function
};

template <typename T>
class Event {
 public:
  virtual ~Event() = default;
  TriggerType get_trigger_type() const { return trigger_type_; }
  void set_trigger_type(TriggerType trigger_type) {
    trigger_type_ = trigger_type;
  }
  /// The period and offset, for periodic events.
  const std::optional<PeriodicEventData>& get_periodic_data() const {
    return periodic_data_;
  }
  void set_periodic_data(const PeriodicEventData& data) {
    periodic_data_ = data;
  }
  /// The data of a witness-triggered event (nullptr for other events).
  const WitnessTriggeredEventData<T>* get_witness_triggered_event_data() const {
    return witness_data_ ? &*witness_data_ : nullptr;
  }
  /// The event data of type D (PeriodicEventData or
  /// WitnessTriggeredEventData<T>), or nullptr if the event has none of
  /// that type.
  template <typename D>
  const D* get_event_data() const {
    if constexpr (std::is_same_v<D, PeriodicEventData>) {
      return periodic_data_ ? &*periodic_data_ : nullptr;
    } else {
      static_assert(std::is_same_v<D, WitnessTriggeredEventData<T>>,
                    "get_event_data<D>(): D must be PeriodicEventData or "
                    "WitnessTriggeredEventData<T>");
      return get_witness_triggered_event_data();
    }
  }
  void set_event_data(const WitnessTriggeredEventData<T>& data) {
    witness_data_ = data;
  }
  WitnessTriggeredEventData<T>* get_mutable_witness_triggered_event_data() {
    return witness_data_ ? &*witness_data_ : nullptr;
  }
  virtual bool is_discrete_update() const = 0;
  std::unique_ptr<Event<T>> Clone() const { return DoClone(); }
  /// (Internal) Adds a pointer to this event (which must outlive the
  /// collection's use) to the matching collection of `events`.
  virtual void AddToComposite(CompositeEventCollection<T>* events) const = 0;

 protected:
  Event() = default;
  explicit Event(TriggerType trigger_type) : trigger_type_(trigger_type) {}
  Event(const Event&) = default;
  virtual std::unique_ptr<Event<T>> DoClone() const = 0;

 private:
  TriggerType trigger_type_{TriggerType::kUnknown};
  std::optional<PeriodicEventData> periodic_data_;
  std::optional<WitnessTriggeredEventData<T>> witness_data_;
};

template <typename T>
class PublishEvent final : public Event<T> {
 public:
  using PublishCallback = std::function<EventStatus(
      const System<T>&, const Context<T>&, const PublishEvent<T>&)>;

  PublishEvent() = default;
  explicit PublishEvent(TriggerType trigger_type) : Event<T>(trigger_type) {}
  explicit PublishEvent(PublishCallback callback)
      : callback_(std::move(callback)) {}
  PublishEvent(TriggerType trigger_type, PublishCallback callback)
      : Event<T>(trigger_type), callback_(std::move(callback)) {}
  PublishEvent(const PublishEvent&) = default;
  PublishEvent& operator=(const PublishEvent&) = default;

  bool is_discrete_update() const final { return false; }
  bool has_handler() const { return static_cast<bool>(callback_); }
  /// Calls the handler (DidNothing if there is none).
  EventStatus handle(const System<T>& system, const Context<T>& context) const {
    return callback_ ? callback_(system, context, *this)
                     : EventStatus::DidNothing();
  }
  void AddToComposite(CompositeEventCollection<T>* events) const final;

 private:
  std::unique_ptr<Event<T>> DoClone() const final {
    return std::make_unique<PublishEvent<T>>(*this);
  }
  PublishCallback callback_;
};

template <typename T>
class DiscreteUpdateEvent final : public Event<T> {
 public:
  using DiscreteUpdateCallback = std::function<EventStatus(
      const System<T>&, const Context<T>&, const DiscreteUpdateEvent<T>&,
      DiscreteValues<T>*)>;

  DiscreteUpdateEvent() = default;
  explicit DiscreteUpdateEvent(TriggerType trigger_type)
      : Event<T>(trigger_type) {}
  explicit DiscreteUpdateEvent(DiscreteUpdateCallback callback)
      : callback_(std::move(callback)) {}
  DiscreteUpdateEvent(TriggerType trigger_type, DiscreteUpdateCallback callback)
      : Event<T>(trigger_type), callback_(std::move(callback)) {}
  DiscreteUpdateEvent(const DiscreteUpdateEvent&) = default;
  DiscreteUpdateEvent& operator=(const DiscreteUpdateEvent&) = default;

  bool is_discrete_update() const final { return true; }
  bool has_handler() const { return static_cast<bool>(callback_); }
  /// Calls the handler, which writes into `discrete_state`.
  EventStatus handle(const System<T>& system, const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const {
    return callback_ ? callback_(system, context, *this, discrete_state)
                     : EventStatus::DidNothing();
  }
  void AddToComposite(CompositeEventCollection<T>* events) const final;

 private:
  std::unique_ptr<Event<T>> DoClone() const final {
    return std::make_unique<DiscreteUpdateEvent<T>>(*this);
  }
  DiscreteUpdateCallback callback_;
};

template <typename T>
class UnrestrictedUpdateEvent final : public Event<T> {
 public:
  using UnrestrictedUpdateCallback =
      std::function<EventStatus(const System<T>&, const Context<T>&,
                                const UnrestrictedUpdateEvent<T>&, State<T>*)>;

  UnrestrictedUpdateEvent() = default;
  explicit UnrestrictedUpdateEvent(TriggerType trigger_type)
      : Event<T>(trigger_type) {}
  explicit UnrestrictedUpdateEvent(UnrestrictedUpdateCallback callback)
      : callback_(std::move(callback)) {}
  UnrestrictedUpdateEvent(TriggerType trigger_type,
                          UnrestrictedUpdateCallback callback)
      : Event<T>(trigger_type), callback_(std::move(callback)) {}
  UnrestrictedUpdateEvent(const UnrestrictedUpdateEvent&) = default;
  UnrestrictedUpdateEvent& operator=(const UnrestrictedUpdateEvent&) = default;

  bool is_discrete_update() const final { return false; }
  bool has_handler() const { return static_cast<bool>(callback_); }
  /// Calls the handler, which writes into `state`.
  EventStatus handle(const System<T>& system, const Context<T>& context,
                     State<T>* state) const {
    return callback_ ? callback_(system, context, *this, state)
                     : EventStatus::DidNothing();
  }
  void AddToComposite(CompositeEventCollection<T>* events) const final;

 private:
  std::unique_ptr<Event<T>> DoClone() const final {
    return std::make_unique<UnrestrictedUpdateEvent<T>>(*this);
  }
  UnrestrictedUpdateCallback callback_;
};

}  // namespace ossa::systems
