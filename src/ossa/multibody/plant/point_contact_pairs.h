#pragma once

/// @file
/// (Internal) The penetration pairs of a geometry query with their bodies
/// and combined point-contact materials (PointContactPair of
/// point_contact.h), with each geometry's material read from its proximity
/// properties once and cached.
///
/// A geometry's material (stiffness, dissipation, relaxation time,
/// friction: GetPointContactMaterial()), its hydroelastic type and its body
/// depend only on its ProximityProperties, the SceneGraphConfig's defaults
/// and the plant's penalty estimate. The cache keeps them per geometry
/// under the model's proximity version (SceneGraphInspector::
/// proximity_version(), which changes with any proximity property or the
/// config, in the model or in a Context) and the estimate; a change of
/// either empties it. A step therefore reads the property maps (string
/// keyed) only the first time a geometry touches something.

#include <unordered_map>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/multibody/plant/discrete_contact_approximation.h"
#include "ossa/multibody/plant/point_contact.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::systems {
template <typename T>
class Context;
template <typename T>
class InputPort;
}  // namespace ossa::systems

namespace ossa::multibody::internal {

/// What contact needs of one proximity geometry: its hydroelastic type (the
/// config's compliance type when it has none) and, once it was in contact,
/// its material and body.
struct ContactGeometryData {
  geometry::HydroelasticType hydroelastic_type{};
  bool has_material{false};
  PointContactMaterial material;
  BodyIndex body;
};

/// Per-geometry contact data valid for one proximity version and penalty
/// estimate (see the file comment). Per Context: never shared between
/// threads.
struct PointContactMaterialCache {
  int64_t proximity_version{0};  // 0: empty
  PenaltyMethodContactParameters estimate;
  std::unordered_map<geometry::GeometryId, ContactGeometryData> geometries;
};

/// Writes into `result` the penetration pairs of the QueryObject on
/// `query_port` (the plant's "geometry_query" input) in `context`, in the
/// query's order, with each pair's bodies (geometry_id_to_body: the plant's
/// collision geometries) and combined parameters: k_A, k_B,
/// k = k_A·k_B/(k_A + k_B), the combined dissipation, τ = τ_A + τ_B and the
/// combined friction, as point_contact.h defines them. `cache` holds the
/// geometries' materials between calls (a fresh cache gives the same
/// result).
/// @throws std::logic_error if the port has no value (naming it), under
/// ContactModel::kHydroelastic, for a pair that needs a hydroelastic
/// surface under kHydroelasticWithFallback (naming both geometries), for a
/// geometry with bad properties (naming it, see GetPointContactMaterial())
/// or a geometry not in `geometry_id_to_body`.
template <typename T>
void CalcPointContactPairsFromQuery(
    const systems::InputPort<T>& query_port, const systems::Context<T>& context,
    const std::unordered_map<geometry::GeometryId, BodyIndex>&
        geometry_id_to_body,
    ContactModel contact_model, const PenaltyMethodContactParameters& estimate,
    PointContactMaterialCache* cache, std::vector<PointContactPair<T>>* result);

}  // namespace ossa::multibody::internal
