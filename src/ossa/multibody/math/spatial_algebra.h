#pragma once

/// @file
/// Includes the four spatial vectors: SpatialVelocity, SpatialAcceleration,
/// SpatialForce and SpatialMomentum.

#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/math/spatial_momentum.h"
#include "ossa/multibody/math/spatial_vector.h"
#include "ossa/multibody/math/spatial_velocity.h"
