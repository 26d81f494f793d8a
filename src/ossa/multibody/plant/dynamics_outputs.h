#pragma once

/// @file
/// internal::DynamicsOutputs<T>: the force-dependent results a
/// MultibodyPlant reports on its dynamic output ports.

#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_force.h"

namespace ossa::multibody::internal {

/// The results behind the plant's dynamic output ports
/// (generalized_acceleration, body_spatial_accelerations, net_actuation,
/// reaction_forces). A continuous plant, or a discrete one without sampled
/// output ports, computes them live from the Context; a discrete plant with
/// sampled ports reports those of the last step (zeros before the first).
template <typename T>
struct DynamicsOutputs {
  /// v̇ (size num_velocities()).
  VectorX<T> vdot;
  /// A_WB_W of each body (classical, gravity not included), by BodyIndex.
  std::vector<SpatialAcceleration<T>> A_WB;
  /// The actuation applied by each actuator (u at input_start()).
  VectorX<T> net_actuation;
  /// F_CJc_Jc of each joint, by JointIndex: the force of the joint on its
  /// child body C at the child frame Jc, expressed in Jc.
  std::vector<SpatialForce<T>> reaction_forces;
};

}  // namespace ossa::multibody::internal
