#pragma once

/// @file
/// ContactVisualizerParams: how ContactVisualizer draws contact forces (the
/// reference's multibody::meshcat::ContactVisualizerParams, same names and
/// defaults).

#include <string>

#include "ossa/geometry/rgba.h"

namespace ossa::multibody::meshcat {

struct ContactVisualizerParams {
  /// Seconds between periodic publishes (> 0).
  double publish_period{1.0 / 32.0};
  /// The color of point contact force arrows.
  geometry::Rgba color{0.0, 1.0, 0.0, 1.0};
  /// The colors of hydroelastic force and moment arrows (accepted; ossa has
  /// no hydroelastic contact yet).
  geometry::Rgba hydro_force_color{1.0, 0.0, 0.0, 1.0};
  geometry::Rgba hydro_moment_color{0.0, 0.0, 1.0, 1.0};
  /// The Meshcat path under which the arrows live.
  std::string prefix{"contact_forces"};
  /// Whether an initialization event deletes `prefix` first.
  bool delete_on_initialization_event{true};
  /// Forces below this magnitude (N) are not drawn.
  double force_threshold{0.01};
  /// Moments below this magnitude (N·m) are not drawn (hydroelastic only).
  double moment_threshold{0.01};
  /// An arrow's length per newton is 1/newtons_per_meter (m/N).
  double newtons_per_meter{10.0};
  /// The same for moments (hydroelastic only).
  double newton_meters_per_meter{3.0};
  /// The radius of an arrow's shaft (m).
  double radius{0.002};
};

}  // namespace ossa::multibody::meshcat
