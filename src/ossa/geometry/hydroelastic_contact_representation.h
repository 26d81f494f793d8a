#pragma once

/// @file
/// geometry::HydroelasticContactRepresentation: how hydroelastic contact
/// surfaces are represented (stored by MultibodyPlant and
/// MultibodyPlantConfig; no hydroelastic contact is computed yet).

namespace ossa::geometry {

/// Triangle meshes or polygon meshes for hydroelastic contact surfaces.
enum class HydroelasticContactRepresentation {
  kTriangle,
  kPolygon,
};

}  // namespace ossa::geometry
