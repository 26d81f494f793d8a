#pragma once

/// @file
/// CalcUniquePeriodicDiscreteUpdate(): what the periodic discrete updates of
/// a System would make of its discrete state, when they all share one timing
/// (the reference's System::EvalUniquePeriodicDiscreteUpdate, computed afresh
/// rather than cached). Each leaf system's handlers for that timing run on
/// its own subcontext; groups no handler changes keep the Context's values.

#include <memory>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_discrete_values.h"

namespace ossa::systems {

namespace internal {

// Runs the discrete-update handlers with timing `timing` of `system` (and,
// for a Diagram, of every subsystem) on `context`, writing into
// `discrete_state`, which has the structure AllocateDiscreteVariables() gives.
template <typename T>
void CalcPeriodicDiscreteUpdateWithTiming(const System<T>& system,
                                          const Context<T>& context,
                                          const PeriodicEventData& timing,
                                          DiscreteValues<T>* discrete_state) {
  if (const auto* diagram = dynamic_cast<const Diagram<T>*>(&system)) {
    auto& parts = dynamic_cast<DiagramDiscreteValues<T>&>(*discrete_state);
    const auto subsystems = diagram->GetSystems();
    for (int i = 0; i < diagram->num_subsystems(); ++i) {
      CalcPeriodicDiscreteUpdateWithTiming(
          *subsystems[i], diagram->GetSubsystemContext(*subsystems[i], context),
          timing, &parts.get_mutable_subdiscrete(i));
    }
    return;
  }
  std::unique_ptr<CompositeEventCollection<T>> events =
      system.AllocateCompositeEventCollection();
  const auto by_timing = system.MapPeriodicEventsByTiming(&context);
  if (auto it = by_timing.find(timing); it != by_timing.end()) {
    for (const Event<T>* event : it->second) {
      if (dynamic_cast<const DiscreteUpdateEvent<T>*>(event) != nullptr)
        event->AddToComposite(events.get());
    }
  }
  system.CalcDiscreteVariableUpdate(
      context, events->get_discrete_update_events(), discrete_state);
}

}  // namespace internal

/// x_d⁺, the discrete state after the periodic discrete-update events of
/// `system` (all of which share one period and offset) run on `context`.
/// Throws std::logic_error if `system` has no periodic discrete-update
/// events or they have more than one timing, or if `context` is not the
/// system's.
template <typename T>
std::unique_ptr<DiscreteValues<T>> CalcUniquePeriodicDiscreteUpdate(
    const System<T>& system, const Context<T>& context) {
  system.ValidateContext(context);
  const std::optional<PeriodicEventData> timing =
      system.GetUniquePeriodicDiscreteUpdateAttribute();
  if (!timing.has_value()) [[unlikely]] {
    ThrowLogicError(
        "EvalUniquePeriodicDiscreteUpdate(): system '{}' has no periodic "
        "discrete update events.",
        system.GetSystemPathname());
  }
  std::unique_ptr<DiscreteValues<T>> result =
      system.AllocateDiscreteVariables();
  internal::CalcPeriodicDiscreteUpdateWithTiming(system, context, *timing,
                                                 result.get());
  return result;
}

}  // namespace ossa::systems
