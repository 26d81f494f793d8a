#pragma once

/// @file
/// CoulombFriction<T>: the static and dynamic coefficients of friction of a
/// surface, and the rule that combines two surfaces' coefficients into those
/// of their contact.

#include <cmath>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::multibody {

/// The Coulomb friction coefficients μₛ (static) and μ_d (dynamic) of a
/// surface, 0 ≤ μ_d ≤ μₛ. Collision geometry carries them as the proximity
/// property ("material", "coulomb_friction").
template <typename T>
class CoulombFriction {
 public:
  /// A frictionless surface (μₛ = μ_d = 0).
  CoulombFriction() = default;

  /// @throws std::logic_error if a coefficient is negative or not a number,
  /// or if dynamic_friction > static_friction (they may be equal).
  CoulombFriction(const T& static_friction, const T& dynamic_friction)
      : static_friction_(static_friction),
        dynamic_friction_(dynamic_friction) {
    const double mu_s = ExtractDoubleOrThrow(static_friction);
    const double mu_d = ExtractDoubleOrThrow(dynamic_friction);
    if (!(mu_s >= 0)) [[unlikely]] {
      ThrowLogicError("The given static friction is negative: {}", mu_s);
    }
    if (!(mu_d >= 0)) [[unlikely]] {
      ThrowLogicError("The given dynamic friction is negative: {}", mu_d);
    }
    if (mu_d > mu_s) [[unlikely]] {
      ThrowLogicError(
          "The given dynamic friction ({}) is greater than the given static "
          "friction ({}); dynamic friction must be less than or equal to "
          "static friction.",
          mu_d, mu_s);
    }
  }

  const T& static_friction() const { return static_friction_; }
  const T& dynamic_friction() const { return dynamic_friction_; }

 private:
  T static_friction_{0};
  T dynamic_friction_{0};
};

/// The coefficients of a contact between surfaces 1 and 2: for each of μₛ and
/// μ_d, μ = 2·μ₁·μ₂ / (μ₁ + μ₂), the value for which the "softer" surface
/// dominates; 0 when both are 0.
template <typename T>
CoulombFriction<T> CalcContactFrictionFromSurfaceProperties(
    const CoulombFriction<T>& surface_properties1,
    const CoulombFriction<T>& surface_properties2) {
  auto combine = [](const T& mu1, const T& mu2) -> T {
    const T sum = mu1 + mu2;
    if (ExtractDoubleOrThrow(sum) == 0) return T(0);
    return 2 * mu1 * mu2 / sum;
  };
  return CoulombFriction<T>(
      combine(surface_properties1.static_friction(),
              surface_properties2.static_friction()),
      combine(surface_properties1.dynamic_friction(),
              surface_properties2.dynamic_friction()));
}

}  // namespace ossa::multibody
