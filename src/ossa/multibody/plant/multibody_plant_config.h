#pragma once

/// @file
/// MultibodyPlantConfig: the configurable properties of a MultibodyPlant,
/// by value (suitable for YAML-style loading), applied by
/// ApplyMultibodyPlantConfig() / AddMultibodyPlant()
/// (multibody_plant_config_functions.h).

#include <string>

namespace ossa::multibody {

/// The set of configurable properties of a MultibodyPlant. The field names
/// and defaults match MultibodyPlant's own defaults, except time_step
/// (MultibodyPlant has no default time step; 1 ms here). Strings are
/// validated when the config is applied.
struct MultibodyPlantConfig {
  /// The MultibodyPlant constructor's time_step in s (0: continuous).
  double time_step{0.001};
  /// MultibodyPlant::SetUseSampledOutputPorts(); ignored when time_step is
  /// zero.
  bool use_sampled_output_ports{true};
  /// MultibodyPlant::set_penetration_allowance(), in m.
  double penetration_allowance{0.001};
  /// MultibodyPlant::set_stiction_tolerance(), in m/s.
  double stiction_tolerance{1.0e-4};
  /// MultibodyPlant::set_contact_model(): "point", "hydroelastic" or
  /// "hydroelastic_with_fallback".
  std::string contact_model{"hydroelastic_with_fallback"};
  /// MultibodyPlant::set_discrete_contact_approximation(): "tamsi", "sap",
  /// "similar" or "lagged"; ignored when time_step is zero.
  std::string discrete_contact_approximation{"lagged"};
  /// (Deprecated) MultibodyPlant::set_discrete_contact_solver(): "" (unset),
  /// "tamsi" or "sap". When set, it must agree with
  /// discrete_contact_approximation ("tamsi" with "tamsi"; "sap" with "sap",
  /// "similar" or "lagged"), except that it overrides the default
  /// "lagged": {discrete_contact_solver = "tamsi"} alone selects TAMSI.
  std::string discrete_contact_solver{};
  /// MultibodyPlant::set_sap_near_rigid_threshold() (dimensionless, ≥ 0).
  double sap_near_rigid_threshold{1.0};
  /// MultibodyPlant::set_contact_surface_representation(): "triangle" or
  /// "polygon".
  std::string contact_surface_representation{"polygon"};
  /// MultibodyPlant::set_adjacent_bodies_collision_filters().
  bool adjacent_bodies_collision_filters{true};
};

}  // namespace ossa::multibody
