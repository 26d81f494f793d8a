#pragma once

/// @file
/// VisualizationConfig: what ApplyVisualizationConfig() adds to a diagram to
/// show a MultibodyPlant and its SceneGraph in Meshcat. A plain struct of
/// values (suitable for YAML loading), with the reference's field names,
/// order and defaults.

#include <string>

#include "ossa/geometry/rgba.h"

namespace ossa::visualization {

struct VisualizationConfig {
  /// The LCM bus of the reference's LCM publishers. ossa has no LCM and
  /// publishes nothing there; "default" is accepted silently, another name
  /// raises unless the (unsupported) buses are given, as in the reference.
  std::string lcm_bus{"default"};
  /// Seconds between publishes (> 0). 1/64 s is exact in binary floating
  /// point, which keeps simulator steps aligned with it.
  double publish_period{1.0 / 64.0};
  /// Whether to draw the illustration geometry (under "illustration").
  bool publish_illustration{true};
  /// The color of illustration geometry that defines none.
  geometry::Rgba default_illustration_color{0.9, 0.9, 0.9, 1.0};
  /// Whether to draw the proximity geometry (under "proximity", hidden at
  /// first).
  bool publish_proximity{true};
  /// The color of proximity geometry that defines none.
  geometry::Rgba default_proximity_color{0.8, 0.0, 0.0, 1.0};
  /// The proximity alpha slider's first value; the drawn opacity is the
  /// slider's value times the color's alpha.
  double initial_proximity_alpha{0.5};
  /// Whether to draw the point contact forces (ContactVisualizer).
  bool publish_contacts{true};
  /// Whether to draw each body's equivalent inertia ellipsoid (under
  /// "inertia", hidden at first; InertiaVisualizer).
  bool publish_inertia{true};
  /// Whether ApplyVisualizationConfig() creates a Meshcat when it is given
  /// none.
  bool enable_meshcat_creation{true};
  /// Whether each visualizer deletes its Meshcat path on an initialization
  /// event (clearing a previous simulation's drawing).
  bool delete_on_initialization_event{true};
  /// Whether each layer gets an alpha slider ("illustration α", ...).
  bool enable_alpha_sliders{false};
};

}  // namespace ossa::visualization
