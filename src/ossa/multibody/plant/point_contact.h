#pragma once

/// @file
/// (Internal) The compliant point contact law of a continuous MultibodyPlant
/// (time_step = 0), stage by stage: the material of a geometry, the
/// combination of two materials, the regularized Stribeck friction, and the
/// force of one penetration pair. The plant's wiring (which pairs, which
/// bodies, where the forces go) is in multibody_plant_contact.cc.
///
/// For a pair of geometries A and B (on bodies A and B) penetrating by
/// x = depth > 0 along n̂_BA_W (out of B into A), with contact point
/// C = ½·(Ca + Cb), the plant applies to body A at C
///
///   f_AC_W = fₙ·n̂_BA_W + μ(vₛ)·fₙ·t̂_W,       fₙ = k·x·(1 + d·vₙ),
///
/// and −f_AC_W to body B at C, when fₙ > 0 (no force, and no contact
/// reported, otherwise). Here v_AcBc_W is the velocity of B's point at C
/// relative to A's, vₙ = v_AcBc_W·n̂_BA_W (> 0 approaching),
/// v_t = v_AcBc_W − vₙ·n̂_BA_W, vₛ = ‖v_t‖ and t̂_W = v_t / vₛ (no friction
/// when vₛ ≤ 1e-14 m/s). k and d combine the two geometries' point
/// stiffnesses and Hunt–Crossley dissipations as springs in series,
///
///   k = k_A·k_B / (k_A + k_B),   d = k_B/(k_A + k_B)·d_A + k_A/(k_A +
///   k_B)·d_B,
///
/// (0 when a denominator is 0) and μ the Coulomb friction of the two
/// geometries combined by CalcContactFrictionFromSurfaceProperties()
/// (μ = 2·μ_A·μ_B / (μ_A + μ_B) for each of μₛ and μ_d), regularized by
/// StribeckFrictionCoefficient(). These are the reference's law and
/// combination rules (its documentation of MultibodyPlant's compliant point
/// contact; verified against it in
/// python/ossa/test/contact_drake_agreement_test.py).

#include <optional>
#include <utility>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/query_results.h"
#include "ossa/multibody/plant/contact_results.h"
#include "ossa/multibody/plant/coulomb_friction.h"

namespace ossa::geometry {
class ProximityProperties;
}  // namespace ossa::geometry

namespace ossa::multibody::internal {

/// The point-contact parameters a plant derives from its penetration
/// allowance δ (m), the heaviest body's mass m (kg, the largest default
/// mass) and the gravity g (m/s², 9.81 when the field is zero), modelling
/// contact as a critically damped oscillator m·ẍ + k·d·x·ẋ + k·x = m·g:
///
///   k_c = m·g/δ (the combined stiffness that rests at x = δ),
///   ω = √(k_c/m) = √(g/δ),  time_scale = 1/ω,
///   dissipation = time_scale/δ (s/m),
///   geometry_stiffness = 2·k_c (one geometry's stiffness: two equal ones
///   combine in series to k_c).
///
/// All −1 when unset (a plant without collision geometry).
struct PenaltyMethodContactParameters {
  double geometry_stiffness{-1};
  double dissipation{-1};
  double time_scale{-1};
};

/// The estimate above. Requires penetration_allowance > 0.
PenaltyMethodContactParameters EstimatePointContactParameters(
    double max_mass, double gravity, double penetration_allowance);

/// The values a proximity geometry lacking ("material",
/// "point_contact_stiffness"), ("material", "hunt_crossley_dissipation") or
/// ("material", "coulomb_friction") gets: the reference's SceneGraph fills
/// these from its SceneGraphConfig's default proximity properties
/// (point_stiffness = 1e6 N/m, hunt_crossley_dissipation = 50 s/m,
/// static_friction = dynamic_friction = 0.5) into every proximity geometry
/// of a Context. An unset (nullopt) stiffness or dissipation falls back to
/// the plant's PenaltyMethodContactParameters, as in the reference when its
/// config unsets them; an unset friction is an error naming the geometry.
struct DefaultPointContactProperties {
  std::optional<double> point_stiffness{1.0e6};
  std::optional<double> hunt_crossley_dissipation{50.0};
  std::optional<double> static_friction{0.5};
  std::optional<double> dynamic_friction{0.5};
  /// ("material", "relaxation_time") (s), the SAP dissipation time scale.
  double relaxation_time{0.1};
};

/// One geometry's point-contact material: k (N/m), d (s/m), the relaxation
/// time τ (s, used by SAP only) and friction.
struct PointContactMaterial {
  double stiffness{};
  double dissipation{};
  double relaxation_time{};
  CoulombFriction<double> friction;
};

/// One penetration pair with its bodies and the pair's combined parameters:
/// the geometries' stiffnesses k_A, k_B, their series combination k, the
/// combined Hunt–Crossley dissipation d (see the file comment), the summed
/// relaxation time τ = τ_A + τ_B and the combined friction.
template <typename T>
struct PointContactPair {
  geometry::PenetrationAsPointPair<T> pair;
  BodyIndex body_A;
  BodyIndex body_B;
  double stiffness_A{}, stiffness_B{};
  double stiffness{}, dissipation{}, relaxation_time{};
  CoulombFriction<double> friction;
};

/// The material of the proximity geometry `name` with `properties`, missing
/// values taken from `defaults` and then `estimate`.
/// @throws std::logic_error naming the geometry if a stiffness,
/// dissipation or relaxation time is negative or not a number, or a property has the wrong type
/// (stiffness and dissipation are doubles, friction a CoulombFriction), or
/// no friction is available.
PointContactMaterial GetPointContactMaterial(
    const std::string& name, const geometry::ProximityProperties& properties,
    const DefaultPointContactProperties& defaults,
    const PenaltyMethodContactParameters& estimate);

/// Whether the reference computes a hydroelastic contact surface for two
/// geometries under ContactModel::kHydroelasticWithFallback: both have a
/// hydroelastic compliance type ("hydroelastic", "compliance_type" rigid or
/// soft) and they are not both rigid. Otherwise it falls back to point
/// contact.
bool PairIsHydroelastic(const geometry::ProximityProperties& properties_A,
                        const geometry::ProximityProperties& properties_B);

/// (k, d) of two geometries in contact, combined as springs in series (see
/// the file comment); (0, 0) when k_A + k_B = 0.
std::pair<double, double> CombinePointContactParameters(double k_A, double k_B,
                                                        double d_A, double d_B);

/// The regularized Stribeck friction coefficient at slip speed vₛ >= 0 with
/// stiction tolerance vₜₒₗ > 0, s = vₛ/vₜₒₗ and the smooth step
/// σ(x) = 10x³ − 15x⁴ + 6x⁵ (σ(0) = 0, σ(1) = 1, σ' = σ'' = 0 at both ends):
///
///   μ = μₛ·σ(s)                          for s < 1,
///   μ = μₛ − (μₛ − μ_d)·σ((s − 1)/2)     for 1 <= s < 3,
///   μ = μ_d                              for s >= 3.
template <typename T>
T StribeckFrictionCoefficient(const T& slip_speed, double stiction_tolerance,
                              const CoulombFriction<double>& friction);

/// The contact of one penetration pair as the file comment gives it, or
/// nullopt when fₙ <= 0. Body A (B) is the body of pair.id_A (id_B), with
/// origin at p_WAo (p_WBo) and spatial velocity V_WA_W (V_WB_W) about its
/// origin, [ω; v] in W.
template <typename T>
std::optional<PointPairContactInfo<T>> CalcPointPairContact(
    const geometry::PenetrationAsPointPair<T>& pair, BodyIndex bodyA,
    const Vector3<T>& p_WAo, const Vector6<T>& V_WA_W, BodyIndex bodyB,
    const Vector3<T>& p_WBo, const Vector6<T>& V_WB_W, double stiffness,
    double dissipation, const CoulombFriction<double>& friction,
    double stiction_tolerance);

}  // namespace ossa::multibody::internal
