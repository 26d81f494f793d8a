#pragma once

/// @file
/// SomeRotation(): a fixed rotation with no special structure (about all
/// three axes), shared by the spatial math tests, and kEps.

#include <limits>

#include "ossa/math/rotation_matrix.h"

namespace ossa::multibody::test {

constexpr double kEps = std::numeric_limits<double>::epsilon();

inline math::RotationMatrix<double> SomeRotation() {
  return math::RotationMatrix<double>::MakeZRotation(0.3) *
         math::RotationMatrix<double>::MakeXRotation(-1.1) *
         math::RotationMatrix<double>::MakeYRotation(2.0);
}

}  // namespace ossa::multibody::test
