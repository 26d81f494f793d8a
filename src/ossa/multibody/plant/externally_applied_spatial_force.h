#pragma once

/// @file
/// ExternallyAppliedSpatialForce<T>: one spatial force applied to a body
/// through MultibodyPlant's applied_spatial_force input port.

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody {

/// A spatial force F_Bq_W (torque in N·m, force in N) applied to body B at
/// the point Bq fixed in B, located at p_BoBq_B (m) from B's origin and
/// expressed in B; the force is expressed in the world frame W. The plant
/// applies F_Bo_W = F_Bq_W shifted from Bq to Bo: the same force, torque
/// τ_Bo = τ_Bq + p_BoBq_W × f.
template <typename T>
struct ExternallyAppliedSpatialForce {
  /// The body the force is applied to.
  BodyIndex body_index;
  /// The application point Bq, from Bo, expressed in B.
  Vector3<T> p_BoBq_B{Vector3<T>::Zero()};
  /// The spatial force at Bq, expressed in W.
  SpatialForce<T> F_Bq_W{SpatialForce<T>::Zero()};
};

}  // namespace ossa::multibody
