#pragma once

/// @file
/// WitnessFunction<T>: a scalar function w(t, x, u, p) of a System's Context
/// whose zero crossings the Simulator isolates in time, then handles the
/// witness's event (publish, discrete or unrestricted update) at the end of
/// the isolation interval — just after the crossing. Typical use: a guard of
/// a hybrid system (the height of a bouncing ball, w = h; the event reverses
/// its velocity).
///
/// Direction. Which sign changes between the values at the start (w0) and
/// at the end (wf) of an integration step count as a crossing:
///   kNone                    never (the function is only evaluated);
///   kPositiveThenNonNegative w0 > 0 and wf ≤ 0;
///   kNegativeThenNonPositive w0 < 0 and wf ≥ 0;
///   kCrossesZero             either of the two.
/// The strict inequality on w0 keeps a witness that sits at zero just after
/// its event (the ball at h ≈ 0) from triggering again at once.
///
/// Witness functions are made by LeafSystem::MakeWitnessFunction (or
/// declared with LeafSystem::DeclareWitnessFunction) and reported to the
/// Simulator by System::GetWitnessFunctions.

#include <functional>
#include <memory>
#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/systems/framework/event.h"

namespace ossa::systems {

// System and Context are declared by event.h.

/// Which sign changes of a witness function trigger its event.
enum class WitnessFunctionDirection {
  kNone,
  kPositiveThenNonNegative,
  kNegativeThenNonPositive,
  kCrossesZero,
};

template <typename T>
class WitnessFunction final {
 public:
  using CalcCallback = std::function<T(const Context<T>&)>;

  WitnessFunction(const WitnessFunction&) = delete;
  WitnessFunction& operator=(const WitnessFunction&) = delete;

  /// A witness of `system` (which must outlive it) computed by `calc` on
  /// the system's own Context; `event` (may be null: the crossing is then
  /// only isolated) is handled when it triggers. Throws std::logic_error if
  /// `system` is null or `calc` empty.
  WitnessFunction(const System<T>* system, std::string description,
                  WitnessFunctionDirection direction, CalcCallback calc,
                  std::unique_ptr<Event<T>> event = nullptr);
  ~WitnessFunction();

  const std::string& description() const { return description_; }
  WitnessFunctionDirection direction_type() const { return direction_; }
  const System<T>& get_system() const { return *system_; }
  /// The event handled when this witness triggers (nullptr if none).
  const Event<T>* get_event() const { return event_.get(); }
  void set_event(std::unique_ptr<Event<T>> event) { event_ = std::move(event); }

  /// w at `context`, which must be the Context of get_system() (throws
  /// std::logic_error otherwise).
  T CalcWitnessValue(const Context<T>& context) const;

  /// Whether the change from w0 (step start) to wf (step end) is a crossing
  /// in this witness's direction (see the file comment).
  bool should_trigger(const T& w0, const T& wf) const;

 private:
  const System<T>* system_;
  std::string description_;
  WitnessFunctionDirection direction_;
  CalcCallback calc_;
  std::unique_ptr<Event<T>> event_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::WitnessFunction);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::WitnessFunction);
