// The compliant point contact law (see point_contact.h).

#include "ossa/multibody/plant/point_contact.h"

#include <cmath>
#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/multibody/plant/contact_defaults.h"

namespace ossa::multibody::internal {

using geometry::kComplianceType;
using geometry::kFriction;
using geometry::kHcDissipation;
using geometry::kHydroGroup;
using geometry::kMaterialGroup;
using geometry::kPointStiffness;
using geometry::kRelaxationTime;

PenaltyMethodContactParameters EstimatePointContactParameters(
    double max_mass, double gravity, double penetration_allowance) {
  OSSA_DEMAND(penetration_allowance > 0);
  const double combined_stiffness = max_mass * gravity / penetration_allowance;
  // ω = √(k_c/m) = √(g/δ): independent of the mass.
  const double omega = std::sqrt(gravity / penetration_allowance);
  PenaltyMethodContactParameters result;
  result.time_scale = 1.0 / omega;
  // Critical damping (ratio 1) with 1/ω as the time scale and δ as the
  // length scale.
  result.dissipation = result.time_scale / penetration_allowance;
  result.geometry_stiffness = 2.0 * combined_stiffness;
  return result;
}

namespace {

// The double property (group, name) of geometry `name`, or nullopt when
// absent; throws if it has another type or is negative or NaN.
std::optional<double> GetNonNegativeDouble(
    const std::string& geometry, const geometry::ProximityProperties& props,
    const char* property) {
  if (!props.HasProperty(kMaterialGroup, property)) return std::nullopt;
  const double* value = props.GetPropertyAbstract(kMaterialGroup, property)
                            .maybe_get_value<double>();
  if (value == nullptr) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant: the proximity property ('{}', '{}') of geometry "
        "'{}' must be a float (double).",
        kMaterialGroup, property, geometry);
  }
  if (!(*value >= 0)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant: the proximity property ('{}', '{}') of geometry "
        "'{}' is {}; it must be non-negative.",
        kMaterialGroup, property, geometry, *value);
  }
  return *value;
}

}  // namespace

PointContactMaterial GetPointContactMaterial(
    const std::string& name, const geometry::ProximityProperties& properties,
    const DefaultPointContactProperties& defaults,
    const PenaltyMethodContactParameters& estimate) {
  PointContactMaterial material;
  material.stiffness = GetNonNegativeDouble(name, properties, kPointStiffness)
                           .value_or(defaults.point_stiffness.value_or(
                               estimate.geometry_stiffness));
  material.dissipation =
      GetNonNegativeDouble(name, properties, kHcDissipation)
          .value_or(defaults.hunt_crossley_dissipation.value_or(
              estimate.dissipation));
  material.relaxation_time =
      GetNonNegativeDouble(name, properties, kRelaxationTime)
          .value_or(defaults.relaxation_time);
  if (properties.HasProperty(kMaterialGroup, kFriction)) {
    const auto* friction =
        properties.GetPropertyAbstract(kMaterialGroup, kFriction)
            .maybe_get_value<CoulombFriction<double>>();
    if (friction == nullptr) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: the proximity property ('{}', '{}') of geometry "
          "'{}' must be a CoulombFriction (of float).",
          kMaterialGroup, kFriction, name);
    }
    material.friction = *friction;
  } else if (defaults.static_friction.has_value() &&
             defaults.dynamic_friction.has_value()) {
    material.friction = CoulombFriction<double>(*defaults.static_friction,
                                                *defaults.dynamic_friction);
  } else [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant: geometry '{}' has no proximity property ('{}', "
        "'{}') and there is no default friction.",
        name, kMaterialGroup, kFriction);
  }
  return material;
}

geometry::HydroelasticType HydroelasticTypeOf(
    const geometry::ProximityProperties& properties,
    geometry::HydroelasticType default_type) {
  using geometry::HydroelasticType;
  if (!properties.HasProperty(kHydroGroup, kComplianceType)) {
    return default_type;
  }
  const auto* type =
      properties.GetPropertyAbstract(kHydroGroup, kComplianceType)
          .maybe_get_value<HydroelasticType>();
  return type == nullptr ? HydroelasticType::kUndefined : *type;
}

bool IsHydroelasticPair(geometry::HydroelasticType a,
                        geometry::HydroelasticType b) {
  using geometry::HydroelasticType;
  if (a == HydroelasticType::kUndefined || b == HydroelasticType::kUndefined) {
    return false;
  }
  return !(a == HydroelasticType::kRigid && b == HydroelasticType::kRigid);
}

bool PairIsHydroelastic(const geometry::ProximityProperties& properties_A,
                        const geometry::ProximityProperties& properties_B,
                        geometry::HydroelasticType default_type) {
  return IsHydroelasticPair(HydroelasticTypeOf(properties_A, default_type),
                            HydroelasticTypeOf(properties_B, default_type));
}

bool PairIsHydroelastic(const geometry::ProximityProperties& properties_A,
                        const geometry::ProximityProperties& properties_B) {
  return PairIsHydroelastic(properties_A, properties_B,
                            geometry::HydroelasticType::kUndefined);
}

geometry::HydroelasticType DefaultHydroelasticType(
    const std::string& compliance_type) {
  using geometry::HydroelasticType;
  if (compliance_type == "rigid") return HydroelasticType::kRigid;
  if (compliance_type == "compliant") return HydroelasticType::kSoft;
  return HydroelasticType::kUndefined;
}

DefaultPointContactProperties PointContactDefaultsFrom(
    const geometry::DefaultProximityProperties& defaults) {
  DefaultPointContactProperties result;
  result.point_stiffness = defaults.point_stiffness;
  result.hunt_crossley_dissipation = defaults.hunt_crossley_dissipation;
  result.static_friction = defaults.static_friction;
  result.dynamic_friction = defaults.dynamic_friction;
  result.relaxation_time = defaults.relaxation_time.value_or(0.1);
  return result;
}

std::pair<double, double> CombinePointContactParameters(double k_A, double k_B,
                                                        double d_A,
                                                        double d_B) {
  const double sum = k_A + k_B;
  if (sum == 0) return {0.0, 0.0};
  return {k_A * k_B / sum, k_B / sum * d_A + k_A / sum * d_B};
}

namespace {

// σ(x) = 10x³ − 15x⁴ + 6x⁵ on [0, 1].
template <typename T>
T SmoothStep5(const T& x) {
  const T x3 = x * x * x;
  return x3 * (10.0 + x * (6.0 * x - 15.0));
}

}  // namespace

template <typename T>
T StribeckFrictionCoefficient(const T& slip_speed, double stiction_tolerance,
                              const CoulombFriction<double>& friction) {
  const double mu_s = friction.static_friction();
  const double mu_d = friction.dynamic_friction();
  const T s = slip_speed / stiction_tolerance;
  const double s_value = ExtractDoubleOrThrow(s);
  if (s_value >= 3.0) return T(mu_d);
  if (s_value >= 1.0)
    return mu_s - (mu_s - mu_d) * SmoothStep5<T>((s - 1.0) / 2.0);
  return mu_s * SmoothStep5<T>(s);
}

template <typename T>
std::optional<PointPairContactInfo<T>> CalcPointPairContact(
    const geometry::PenetrationAsPointPair<T>& pair, BodyIndex bodyA,
    const Vector3<T>& p_WAo, const Vector6<T>& V_WA_W, BodyIndex bodyB,
    const Vector3<T>& p_WBo, const Vector6<T>& V_WB_W, double stiffness,
    double dissipation, const CoulombFriction<double>& friction,
    double stiction_tolerance) {
  using std::sqrt;
  const Vector3<T>& nhat_BA_W = pair.nhat_BA_W;
  const Vector3<T> p_WC = 0.5 * (pair.p_WCa + pair.p_WCb);
  // Velocities of the points Ac and Bc of A and B coincident with C:
  // v_WAc = v_WAo + ω_WA × p_AoC.
  const Vector3<T> v_WAc =
      V_WA_W.template tail<3>() + V_WA_W.template head<3>().cross(p_WC - p_WAo);
  const Vector3<T> v_WBc =
      V_WB_W.template tail<3>() + V_WB_W.template head<3>().cross(p_WC - p_WBo);
  const Vector3<T> v_AcBc_W = v_WBc - v_WAc;
  const T vn = v_AcBc_W.dot(nhat_BA_W);
  const T fn = stiffness * pair.depth * (1.0 + dissipation * vn);
  if (!(ExtractDoubleOrThrow(fn) > 0)) return std::nullopt;
  const Vector3<T> vt_AcBc_W = v_AcBc_W - vn * nhat_BA_W;
  const T vt_squared = vt_AcBc_W.squaredNorm();
  // Below 1e-14 m/s the slip direction is not defined: no friction.
  constexpr double kNonZeroSquared = 1e-14 * 1e-14;
  Vector3<T> f_AC_W = fn * nhat_BA_W;
  T slip_speed(0.0);
  if (ExtractDoubleOrThrow(vt_squared) > kNonZeroSquared) {
    slip_speed = sqrt(vt_squared);
    const T mu = StribeckFrictionCoefficient<T>(slip_speed, stiction_tolerance,
                                                friction);
    // Friction on A along B's slip relative to A.
    f_AC_W += (mu * fn / slip_speed) * vt_AcBc_W;
  }
  return PointPairContactInfo<T>(bodyA, bodyB, -f_AC_W, p_WC, vn, slip_speed,
                                 pair);
}

#define OSSA_INSTANTIATE_POINT_CONTACT(T)                                    \
  template T StribeckFrictionCoefficient<T>(const T&, double,                \
                                            const CoulombFriction<double>&); \
  template std::optional<PointPairContactInfo<T>> CalcPointPairContact<T>(   \
      const geometry::PenetrationAsPointPair<T>&, BodyIndex,                 \
      const Vector3<T>&, const Vector6<T>&, BodyIndex, const Vector3<T>&,    \
      const Vector6<T>&, double, double, const CoulombFriction<double>&,     \
      double);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE_POINT_CONTACT)
#undef OSSA_INSTANTIATE_POINT_CONTACT

}  // namespace ossa::multibody::internal
