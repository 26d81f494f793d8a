#pragma once

/// @file
/// Argument checks shared by the inertia factories (internal). Each throws
/// std::logic_error naming the function, the argument and its value. They
/// run only for scalars with a bool comparison, on the values.

#include "ossa/common/eigen_types.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::multibody::internal {

void ThrowIfNegativeDouble(double value, const char* name, const char* func);
void ThrowUnlessPositiveFiniteDouble(double value, const char* name,
                                     const char* func);
void ThrowIfNotUnitVectorDouble(const Vector3<double>& v, const char* func);

/// Throws unless `value` ≥ 0 (NaN fails).
template <typename T>
void ThrowIfNegative(const T& value, const char* name, const char* func) {
  if constexpr (scalar_predicate<T>::is_bool) {
    ThrowIfNegativeDouble(ExtractDoubleOrThrow(value), name, func);
  }
}

/// Throws unless 0 < `value` < ∞ (the message reads "{func}(): {name} is not
/// positive and finite: {value}.", as in the specification).
template <typename T>
void ThrowUnlessPositiveFinite(const T& value, const char* name,
                               const char* func) {
  if constexpr (scalar_predicate<T>::is_bool) {
    ThrowUnlessPositiveFiniteDouble(ExtractDoubleOrThrow(value), name, func);
  }
}

/// Throws unless | |v| − 1 | ≤ 1e-14.
template <typename T>
void ThrowIfNotUnitVector(const Vector3<T>& v, const char* func) {
  if constexpr (scalar_predicate<T>::is_bool) {
    ThrowIfNotUnitVectorDouble(ExtractDoubleOrThrow(v), func);
  }
}

}  // namespace ossa::multibody::internal
