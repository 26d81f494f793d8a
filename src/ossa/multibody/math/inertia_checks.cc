#include "ossa/multibody/math/inertia_checks.h"

#include <cmath>

#include "ossa/common/error.h"

namespace ossa::multibody::internal {

void ThrowIfNegativeDouble(double value, const char* name, const char* func) {
  if (!(value >= 0)) {
    ThrowLogicError("{}(): {} must be non-negative; got {}.", func, name,
                    value);
  }
}

void ThrowUnlessPositiveFiniteDouble(double value, const char* name,
                                     const char* func) {
  if (!(value > 0) || !std::isfinite(value)) {
    ThrowLogicError("{}(): {} is not positive and finite: {}.", func, name,
                    value);
  }
}

void ThrowIfNotUnitVectorDouble(const Vector3<double>& v, const char* func) {
  // Unit vectors computed in double (normalized(), a rotation's column) are
  // within a few ulps of unit length; 1e-14 accepts them and rejects any
  // vector the caller forgot to normalize.
  constexpr double kTolerance = 1e-14;
  const double norm = v.norm();
  const double error = std::abs(norm - 1);
  if (!(error <= kTolerance)) {
    ThrowLogicError(
        "{}(): The unit_vector argument {} {} {} is not a unit vector.\n"
        "|unit_vector| = {}\n||unit_vector| - 1| = {} is greater than {}.",
        func, v.x(), v.y(), v.z(), norm, error, kTolerance);
  }
}

}  // namespace ossa::multibody::internal
