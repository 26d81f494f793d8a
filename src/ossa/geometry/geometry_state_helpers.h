#pragma once

/// @file
/// (Internal) Small helpers of GeometryState's translation units
/// (geometry_state.cc, geometry_state_inspection.cc): ordered id pairs and
/// pose conversions between the scalar types.

#include <cmath>
#include <type_traits>
#include <utility>

#include "ossa/common/autodiff.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::geometry::internal {

using math::RigidTransform;

// (a, b) in increasing order.

inline std::pair<GeometryId, GeometryId> Ordered(GeometryId a, GeometryId b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

template <typename T>
RigidTransform<double> ToDouble(const RigidTransform<T>& X) {
  if constexpr (std::is_same_v<T, double>) {
    return X;
  } else {
    Matrix3<double> R;
    Vector3<double> p;
    for (int i = 0; i < 3; ++i) {
      // The value of an AutoDiffXd; the constant of an Expression (throws
      // for one with variables).
      p[i] = ExtractDoubleOrThrow(X.translation()[i]);
      for (int j = 0; j < 3; ++j) {
        R(i, j) = ExtractDoubleOrThrow(X.rotation().matrix()(i, j));
      }
    }
    return RigidTransform<double>(
        math::RotationMatrix<double>(R,
                                     math::RotationMatrix<double>::Unchecked{}),
        p);
  }
}

template <typename T>
RigidTransform<T> FromDouble(const RigidTransform<double>& X) {
  if constexpr (std::is_same_v<T, double>) {
    return X;
  } else {
    return X.template cast<T>();
  }
}

template <typename T>
bool IsFinite(const RigidTransform<T>& X) {
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(ExtractDoubleOrThrow(X.translation()[i]))) return false;
    for (int j = 0; j < 3; ++j) {
      if (!std::isfinite(ExtractDoubleOrThrow(X.rotation().matrix()(i, j)))) {
        return false;
      }
    }
  }
  return true;
}


}  // namespace ossa::geometry::internal
