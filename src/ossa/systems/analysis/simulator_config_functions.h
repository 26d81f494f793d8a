#pragma once

/// @file
/// Choosing integrators by name and applying a SimulatorConfig.

#include <string>
#include <vector>

#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/analysis/simulator_config.h"

namespace ossa::systems {

/// Replaces the Simulator's integrator by the one named `scheme` (see
/// GetIntegrationSchemes()) with maximum step size `max_step_size`, and
/// returns it. Throws std::logic_error naming the known schemes if `scheme`
/// is unknown.
template <typename T>
IntegratorBase<T>& ResetIntegratorFromFlags(Simulator<T>* simulator,
                                            const std::string& scheme,
                                            const T& max_step_size);

/// The names ResetIntegratorFromFlags() accepts, sorted.
const std::vector<std::string>& GetIntegrationSchemes();

/// Configures `simulator` from `config`: integrator (scheme and maximum step),
/// fixed-step mode = !use_error_control where the integrator supports error
/// estimation, target accuracy in error-controlled mode, real-time rate and
/// publishing. Throws std::logic_error if `simulator` is null or the scheme
/// is unknown.
template <typename T>
void ApplySimulatorConfig(const SimulatorConfig& config,
                          Simulator<T>* simulator);

/// The SimulatorConfig describing `simulator`'s current settings (so that
/// ApplySimulatorConfig(ExtractSimulatorConfig(s), &other) reproduces them).
/// Throws std::logic_error if the integrator is not one of the named schemes.
template <typename T>
SimulatorConfig ExtractSimulatorConfig(const Simulator<T>& simulator);

}  // namespace ossa::systems
