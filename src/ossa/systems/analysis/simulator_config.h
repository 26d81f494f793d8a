#pragma once

/// @file
/// SimulatorConfig: the settings of a Simulator and its integrator that can
/// be loaded from a file or set in one place, with the reference toolkit's
/// defaults. Apply with ApplySimulatorConfig() (simulator_config_functions.h).

#include <string>

namespace ossa::systems {

struct SimulatorConfig {
  /// One of GetIntegrationSchemes(): "runge_kutta3" (default),
  /// "explicit_euler", "runge_kutta2", "runge_kutta5", "semi_explicit_euler",
  /// "implicit_euler", "radau1", "radau3".
  std::string integration_scheme{"runge_kutta3"};
  /// Maximum step size [s] (the step of fixed-step integration).
  double max_step_size{0.1};
  /// Target accuracy of error-controlled integration.
  double accuracy{1.0e-4};
  /// Error control on (ignored by integrators without error estimation).
  bool use_error_control{true};
  /// See Simulator::set_target_realtime_rate().
  double target_realtime_rate{0.0};
  /// Sets both Simulator::set_publish_every_time_step() and
  /// set_publish_at_initialization().
  bool publish_every_time_step{false};
  /// The simulated time [s] ApplySimulatorConfig() sets the simulator's
  /// Context to (ExtractSimulatorConfig() reads the Context's time).
  double start_time{0.0};
};

}  // namespace ossa::systems
