#pragma once

/// @file
/// The SceneGraphConfig's default proximity properties as the plant's
/// point contact reads them (internal). See
/// geometry/scene_graph_config.h: the defaults of the Context's
/// configuration fill in what a geometry's own properties lack.

#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/multibody/plant/point_contact.h"

namespace ossa::multibody::internal {

/// The point-contact defaults of `defaults`: stiffness, dissipation and
/// friction as given (unset stays unset: the plant's penalty estimate, or
/// an error naming a geometry without friction); an unset relaxation time
/// is the reference's 0.1 s.
DefaultPointContactProperties PointContactDefaultsFrom(
    const geometry::DefaultProximityProperties& defaults);

/// The hydroelastic type that `compliance_type` ("undefined", "rigid",
/// "compliant") gives a geometry without its own.
/// @pre `compliance_type` is valid (DefaultProximityProperties::
/// ValidateOrThrow()).
geometry::HydroelasticType DefaultHydroelasticType(
    const std::string& compliance_type);

/// PairIsHydroelastic() where a geometry without a ("hydroelastic",
/// "compliance_type") property has `default_type`.
bool PairIsHydroelastic(const geometry::ProximityProperties& properties_A,
                        const geometry::ProximityProperties& properties_B,
                        geometry::HydroelasticType default_type);

/// The hydroelastic type of a geometry with `properties`: its
/// ("hydroelastic", "compliance_type"), `default_type` without one,
/// kUndefined if that property has another type.
geometry::HydroelasticType HydroelasticTypeOf(
    const geometry::ProximityProperties& properties,
    geometry::HydroelasticType default_type);

/// Whether two geometries of these types get a hydroelastic surface under
/// kHydroelasticWithFallback: both defined, not both rigid.
bool IsHydroelasticPair(geometry::HydroelasticType a,
                        geometry::HydroelasticType b);

}  // namespace ossa::multibody::internal
