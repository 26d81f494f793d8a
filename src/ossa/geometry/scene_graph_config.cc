#include "ossa/geometry/scene_graph_config.h"

#include <fmt/format.h>

#include <cmath>

#include "ossa/common/error.h"

namespace ossa::geometry {
namespace {

// A set value must be finite and within its range: > 0 when `positive`,
// else ≥ 0.
void CheckValue(const char* field, const std::optional<double>& value,
                bool positive) {
  if (!value.has_value()) return;
  const double v = *value;
  const bool ok = std::isfinite(v) && (positive ? v > 0 : v >= 0);
  if (!ok) {
    ThrowRuntimeError(
        "DefaultProximityProperties: {} = {} is invalid; it must be finite "
        "and {}.",
        field, v, positive ? "positive" : "non-negative");
  }
}

}  // namespace

void DefaultProximityProperties::ValidateOrThrow() const {
  if (compliance_type != "undefined" && compliance_type != "rigid" &&
      compliance_type != "compliant") {
    ThrowRuntimeError(
        "DefaultProximityProperties: compliance_type '{}' is invalid; it "
        "must be 'undefined', 'rigid' or 'compliant'.",
        compliance_type);
  }
  CheckValue("hydroelastic_modulus", hydroelastic_modulus, true);
  CheckValue("resolution_hint", resolution_hint, true);
  CheckValue("slab_thickness", slab_thickness, true);
  CheckValue("margin", margin, false);
  CheckValue("dynamic_friction", dynamic_friction, false);
  CheckValue("static_friction", static_friction, false);
  CheckValue("hunt_crossley_dissipation", hunt_crossley_dissipation, false);
  CheckValue("relaxation_time", relaxation_time, false);
  CheckValue("point_stiffness", point_stiffness, true);
  if (static_friction.has_value() != dynamic_friction.has_value()) {
    ThrowRuntimeError(
        "DefaultProximityProperties: static_friction and dynamic_friction "
        "must both be set or both be unset (static_friction is {}, "
        "dynamic_friction is {}).",
        static_friction ? "set" : "unset", dynamic_friction ? "set" : "unset");
  }
  if (static_friction.has_value() && *static_friction < *dynamic_friction) {
    ThrowRuntimeError(
        "DefaultProximityProperties: static_friction ({}) must be at least "
        "dynamic_friction ({}).",
        *static_friction, *dynamic_friction);
  }
}

}  // namespace ossa::geometry
