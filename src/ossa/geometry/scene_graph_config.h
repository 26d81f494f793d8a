#pragma once

/// @file
/// SceneGraphConfig: SceneGraph-wide settings, by value (suitable for YAML
/// loading). Today it holds the default proximity properties: the contact
/// material and hydroelastic values a proximity geometry gets when neither
/// the program nor the model file gave it one.
///
/// Each Context copies its SceneGraph's configuration when it is created
/// (SceneGraph::get_config(context)); the MultibodyPlant reads the
/// defaults from the Context it computes contact in. The defaults are
/// applied where contact is computed: a geometry's own ProximityProperties
/// are not rewritten, so GetProximityProperties() shows what was assigned.

#include <optional>
#include <string>

namespace ossa::geometry {

/// Default values for the proximity properties of geometries that lack
/// them. Field names, defaults and units are the reference's.
struct DefaultProximityProperties {
  /// Hydroelastic representation of geometries without one: "undefined"
  /// (point contact only), "rigid" or "compliant".
  std::string compliance_type{"undefined"};
  /// Hydroelastic modulus (Pa, > 0) of compliant geometries.
  std::optional<double> hydroelastic_modulus{1e7};
  /// Tessellation size (m, > 0) of hydroelastic primitive shapes.
  std::optional<double> resolution_hint{0.02};
  /// Thickness (m, > 0) of a compliant half space's slab.
  std::optional<double> slab_thickness{};
  /// Speculative-contact margin (m, ≥ 0) of compliant hydroelastic
  /// geometry; point contact ignores it.
  std::optional<double> margin{};
  /// Coulomb friction coefficients (≥ 0, static ≥ dynamic); both set or
  /// both unset.
  std::optional<double> dynamic_friction{0.5};
  std::optional<double> static_friction{0.5};
  /// Hunt–Crossley dissipation (s/m, ≥ 0) of point contact (not used by the
  /// SAP approximation). Unset: the plant's estimate from its penetration
  /// allowance.
  std::optional<double> hunt_crossley_dissipation{50.0};
  /// SAP's dissipation time scale (s, ≥ 0).
  std::optional<double> relaxation_time{0.1};
  /// Point contact stiffness (N/m, > 0). Unset: the plant's estimate from
  /// its penetration allowance.
  std::optional<double> point_stiffness{1e6};

  /// @throws std::runtime_error naming the field for an unknown
  /// compliance_type, a value out of its range, or only one friction
  /// coefficient set (or static < dynamic).
  void ValidateOrThrow() const;
};

/// The configurable properties of a SceneGraph.
struct SceneGraphConfig {
  DefaultProximityProperties default_proximity_properties;

  /// @throws std::runtime_error as DefaultProximityProperties::
  /// ValidateOrThrow().
  void ValidateOrThrow() const {
    default_proximity_properties.ValidateOrThrow();
  }
};

}  // namespace ossa::geometry
