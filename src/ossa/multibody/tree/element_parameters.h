#pragma once

/// @file
/// internal::ElementParameters<T>: the per-Context values of the tree's
/// elements that the compiled kernels do not read directly: the pose X_PF of
/// every FixedOffsetFrame in its parent frame (and the derived pose X_BF in
/// its body frame) and the lock flag of every joint. MultibodyTreeSystem keeps
/// one of these as an abstract parameter of each Context.

#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/math/rigid_transform.h"

namespace ossa::multibody::internal {

template <typename T>
struct ElementParameters {
  /// By FrameIndex: the frame's pose in its parent frame (identity for body
  /// frames, whose "parent" is themselves).
  std::vector<math::RigidTransform<T>> X_PF;
  /// By FrameIndex: the frame's pose in its body frame, X_BF = X_BP·X_PF
  /// (kept consistent with X_PF by MultibodyTree::SetFramePoseInParentFrame).
  std::vector<math::RigidTransform<T>> X_BF;
  /// By JointIndex: 1 if the joint is locked in this Context.
  std::vector<char> joint_locked;
  /// By ForceElementIndex: the element's parameters, laid out as the
  /// element chooses (empty for elements without any).
  std::vector<VectorX<T>> force_element_parameters;
  /// By JointActuatorIndex: the actuator's rotor inertia I_r (kg·m²) and
  /// gear ratio ρ (entries of removed actuators are unused). The kernels
  /// read their sums ρ²·I_r per dof in TreeParameters::reflected_inertia,
  /// which JointActuator's setters keep consistent with these.
  VectorX<T> rotor_inertia;
  VectorX<T> gear_ratio;
};

}  // namespace ossa::multibody::internal
