// MultibodyPlant: point contact — the penetration pairs of the
// "geometry_query" input with their bodies and combined materials (shared by
// the continuous law and the discrete step), the continuous plant's forces
// by the law of point_contact.h, the contact results and the generalized
// contact forces (a discrete plant reports those of its step).
//
// A continuous plant has point contact when it has collision geometry
// (has_point_contact()); a discrete plant's step queries the pairs itself
// (discrete_update_manager_contact.cc).

#include <tuple>

#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/query_object.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/scene_graph_inspector.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/plant/contact_defaults.h"
#include "ossa/multibody/plant/discrete_update_manager.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/point_contact_pairs.h"
#include "ossa/multibody/plant/symbolic_plant_support.h"
#include "ossa/multibody/tree/uniform_gravity_field_element.h"

namespace ossa::multibody {

using geometry::GeometryId;

namespace internal {

template <typename T>
void CalcPointContactPairsFromQuery(
    const systems::InputPort<T>& query_port, const systems::Context<T>& context,
    const std::unordered_map<GeometryId, BodyIndex>& geometry_id_to_body,
    ContactModel contact_model, const PenaltyMethodContactParameters& estimate,
    PointContactMaterialCache* cache,
    std::vector<PointContactPair<T>>* result) {
  result->clear();
  if (!query_port.HasValue(context)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant: this plant has collision geometry, so its contact "
        "forces need the 'geometry_query' input port, which is not connected "
        "in this Context; connect it to the SceneGraph's query output port "
        "(as AddMultibodyPlantSceneGraph() does).");
  }
  if (contact_model == ContactModel::kHydroelastic) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant: ContactModel::kHydroelastic is not yet supported; "
        "use kPoint or kHydroelasticWithFallback (which uses point contact "
        "for geometry without hydroelastic properties).");
  }
  const auto& query =
      query_port.template Eval<geometry::QueryObject<T>>(context);
  std::vector<geometry::PenetrationAsPointPair<T>> pairs =
      query.ComputePointPairPenetration();
  if (pairs.empty()) return;
  const geometry::SceneGraphInspector<T>& inspector = query.inspector();
  const int64_t version = inspector.proximity_version();
  if (cache->proximity_version != version ||
      cache->estimate.geometry_stiffness != estimate.geometry_stiffness ||
      cache->estimate.dissipation != estimate.dissipation ||
      cache->estimate.time_scale != estimate.time_scale) {
    cache->geometries.clear();
    cache->proximity_version = version;
    cache->estimate = estimate;
  }
  const geometry::DefaultProximityProperties& config_defaults =
      inspector.GetSceneGraphConfig().default_proximity_properties;
  auto properties_of =
      [&](GeometryId id) -> const geometry::ProximityProperties& {
    const geometry::ProximityProperties* props =
        inspector.GetProximityProperties(id);
    OSSA_DEMAND(props != nullptr);
    return *props;
  };
  // The entry of `id`, with its hydroelastic type (the elements of an
  // unordered_map keep their addresses when it grows).
  auto data_of = [&](GeometryId id) -> ContactGeometryData& {
    auto it = cache->geometries.find(id);
    if (it != cache->geometries.end()) [[likely]]
      return it->second;
    ContactGeometryData data;
    data.hydroelastic_type = HydroelasticTypeOf(
        properties_of(id),
        DefaultHydroelasticType(config_defaults.compliance_type));
    return cache->geometries.emplace(id, data).first->second;
  };
  // Its material and body, read once.
  auto complete = [&](GeometryId id, ContactGeometryData* data) {
    if (data->has_material) [[likely]]
      return;
    data->material = GetPointContactMaterial(
        inspector.GetName(id), properties_of(id),
        PointContactDefaultsFrom(config_defaults), estimate);
    const auto it = geometry_id_to_body.find(id);
    if (it == geometry_id_to_body.end()) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the collision geometry '{}' (id {}) reported by "
          "the geometry query does not belong to this plant.",
          inspector.GetName(id), id.to_string());
    }
    data->body = it->second;
    data->has_material = true;
  };
  result->reserve(pairs.size());
  for (geometry::PenetrationAsPointPair<T>& pair : pairs) {
    ContactGeometryData& A = data_of(pair.id_A);
    ContactGeometryData& B = data_of(pair.id_B);
    if (contact_model == ContactModel::kHydroelasticWithFallback &&
        IsHydroelasticPair(A.hydroelastic_type, B.hydroelastic_type))
        [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: geometries '{}' and '{}' are in contact and both "
          "have hydroelastic properties (not both rigid): hydroelastic "
          "contact is not yet supported; use ContactModel::kPoint.",
          inspector.GetName(pair.id_A), inspector.GetName(pair.id_B));
    }
    complete(pair.id_A, &A);
    complete(pair.id_B, &B);
    const PointContactMaterial& material_A = A.material;
    const PointContactMaterial& material_B = B.material;
    PointContactPair<T>& out = result->emplace_back();
    out.body_A = A.body;
    out.body_B = B.body;
    out.stiffness_A = material_A.stiffness;
    out.stiffness_B = material_B.stiffness;
    std::tie(out.stiffness, out.dissipation) = CombinePointContactParameters(
        material_A.stiffness, material_B.stiffness, material_A.dissipation,
        material_B.dissipation);
    out.relaxation_time =
        material_A.relaxation_time + material_B.relaxation_time;
    out.friction = CalcContactFrictionFromSurfaceProperties(
        material_A.friction, material_B.friction);
    out.pair = std::move(pair);
  }
}

#define OSSA_INSTANTIATE_POINT_CONTACT_PAIRS(T)                          \
  template void CalcPointContactPairsFromQuery<T>(                       \
      const systems::InputPort<T>&, const systems::Context<T>&,          \
      const std::unordered_map<GeometryId, BodyIndex>&, ContactModel,    \
      const PenaltyMethodContactParameters&, PointContactMaterialCache*, \
      std::vector<PointContactPair<T>>*);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE_POINT_CONTACT_PAIRS)
#undef OSSA_INSTANTIATE_POINT_CONTACT_PAIRS

}  // namespace internal

template <typename T>
void MultibodyPlant<T>::EstimatePointContactParameters() {
  if (num_collision_geometries() == 0) return;
  double max_mass = 0.0;
  for (int b = 0; b < num_bodies(); ++b) {
    max_mass = std::max(max_mass, get_body(BodyIndex(b)).default_mass());
  }
  const Vector3<double>& g_W = gravity_field().gravity_vector();
  // A zero field estimates with Earth's gravity, as the reference.
  const double g = g_W.isZero()
                       ? UniformGravityFieldElement<T>::kDefaultStrength
                       : g_W.norm();
  penalty_parameters_ = internal::EstimatePointContactParameters(
      max_mass, g, penetration_allowance_);
}

template <typename T>
const ContactResults<T>& MultibodyPlant<T>::EvalContactResults(
    const systems::Context<T>& context) const {
  this->ValidateContext(context);
  return contact_results_cache_->template Eval<ContactResults<T>>(context);
}

template <typename T>
std::vector<internal::PointContactPair<T>>
MultibodyPlant<T>::CalcPointContactPairs(
    const systems::Context<T>& context) const {
  std::vector<internal::PointContactPair<T>> result;
  if (num_collision_geometries() == 0) return result;
  // A cache of this call only: the discrete step keeps its own per Context.
  internal::PointContactMaterialCache cache;
  internal::CalcPointContactPairsFromQuery(
      this->get_input_port(geometry_query_port_), context, geometry_id_to_body_,
      contact_model_, penalty_parameters_, &cache, &result);
  return result;
}

template <typename T>
void MultibodyPlant<T>::CalcContactResults(const systems::Context<T>& context,
                                           ContactResults<T>* results) const {
  results->Clear();
  if (is_discrete()) {
    // The contacts of the step (sampled or live, as the dynamic outputs).
    if constexpr (!internal::kIsSymbolicScalar<T>) {
      if (discrete_update_manager_ != nullptr) {
        *results = discrete_update_manager_->EvalStepResultsForOutputs(context)
                       .contact_results;
      }
    }
    return;
  }
  if (!has_point_contact()) return;
  if constexpr (internal::kIsSymbolicScalar<T>) {
    internal::ThrowNotSymbolic(this->get_name(), "CalcContactResults",
                               "point contact needs numeric geometry queries");
  } else {
  const std::vector<internal::PointContactPair<T>> pairs =
      CalcPointContactPairs(context);
  if (pairs.empty()) return;
  const internal::TreeWorkspace<T>& ws = this->EvalVelocityKinematics(context);
  const internal::MultibodyTreeTopology& topology = this->tree().get_topology();
  for (const internal::PointContactPair<T>& p : pairs) {
    const int m_A = topology.body_to_mobod(p.body_A);
    const int m_B = topology.body_to_mobod(p.body_B);
    std::optional<PointPairContactInfo<T>> info =
        internal::CalcPointPairContact<T>(
            p.pair, p.body_A, ws.p_WB[m_A],
            internal::GetSpatialVelocityInWorld(ws, m_A), p.body_B,
            ws.p_WB[m_B], internal::GetSpatialVelocityInWorld(ws, m_B),
            p.stiffness, p.dissipation, p.friction, stiction_tolerance_);
    if (info.has_value()) results->AddContactInfo(std::move(*info));
  }
  }
}

template <typename T>
void MultibodyPlant<T>::AddInContactForces(const systems::Context<T>& context,
                                           MultibodyForces<T>* forces) const {
  if (!has_point_contact()) return;
  AddContactResultsForces(context, EvalContactResults(context), forces);
}

template <typename T>
void MultibodyPlant<T>::AddContactResultsForces(
    const systems::Context<T>& context, const ContactResults<T>& results,
    MultibodyForces<T>* forces) const {
  if (results.num_point_pair_contacts() == 0) return;
  // The body origins from the body poses (cached, and already evaluated in
  // a step for the geometry poses): the full tree's position kinematics
  // would be computed for them alone.
  const std::vector<math::RigidTransform<T>>& X_WB =
      this->EvalBodyPosesInWorld(context);
  std::vector<SpatialForce<T>>& F_Bo_W = forces->mutable_body_forces();
  // The force f_W at point C on `body`, shifted to Bo: τ_Bo = p_BoC_W × f.
  auto apply = [&](BodyIndex body, const Vector3<T>& p_WC,
                   const Vector3<T>& f_W) {
    if (body == world_index()) return;
    SpatialForce<T>& F = F_Bo_W[body];
    F.rotational() += (p_WC - X_WB[body].translation()).cross(f_W);
    F.translational() += f_W;
  };
  for (int i = 0; i < results.num_point_pair_contacts(); ++i) {
    const PointPairContactInfo<T>& info = results.point_pair_contact_info(i);
    apply(info.bodyB_index(), info.contact_point(), info.contact_force());
    apply(info.bodyA_index(), info.contact_point(), -info.contact_force());
  }
}

template <typename T>
void MultibodyPlant<T>::CalcGeneralizedContactForces(
    const systems::Context<T>& context, VectorX<T>* tau_contact) const {
  tau_contact->setZero(num_velocities());
  if (is_discrete()) {
    if constexpr (!internal::kIsSymbolicScalar<T>) {
      if (discrete_update_manager_ != nullptr) {
        *tau_contact =
            discrete_update_manager_->EvalStepResultsForOutputs(context)
                .tau_contact;
      }
    }
    return;
  }
  if (!has_point_contact()) return;
  MultibodyForces<T> forces(*this);
  AddInContactForces(context, &forces);
  this->tree().CalcGeneralizedForces(context, forces, tau_contact);
}

}  // namespace ossa::multibody

// The members defined in this file, for the default scalars.
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
