#pragma once

/// @file
/// MultibodyConstraintId and the specifications of the constraints a user
/// adds to a MultibodyPlant (AddCouplerConstraint(), AddDistanceConstraint(),
/// AddBallConstraint(), AddWeldConstraint()). They are plain data: the plant
/// stores them by id, and constraint_kinematics.h turns them into the
/// function g(q) and Jacobian J(q) a discrete solver imposes.

#include <limits>
#include <optional>

#include "ossa/common/eigen_types.h"
#include "ossa/geometry/geometry_ids.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody {

/// Identifies a constraint of a MultibodyPlant. Unique in the process (as
/// the geometry ids, see geometry::Identifier); a default-constructed id is
/// invalid.
using MultibodyConstraintId = geometry::Identifier<internal::ConstraintTag>;

namespace internal {

/// A coupler constraint between two single-dof joints with positions q₀ and
/// q₁: q₀ = ρ·q₁ + Δq, with ρ the gear ratio (units of q₀/q₁) and Δq the
/// offset (units of q₀).
struct CouplerConstraintSpec {
  JointIndex joint0_index;  // the joint with position q₀
  JointIndex joint1_index;  // the joint with position q₁
  double gear_ratio{1.0};   // ρ
  double offset{0.0};       // Δq
  MultibodyConstraintId id;
};

/// A distance constraint between a point P fixed to body A and a point Q
/// fixed to body B: ‖p_PQ‖ = d₀. With finite stiffness k it is a spring of
/// free length d₀ along p_PQ: f = −k·(d − d₀) − c·ḋ with d = ‖p_PQ‖; with
/// k = ∞ (the default) a rigid massless rod.
struct DistanceConstraintSpec {
  /// True iff body_A ≠ body_B, d₀ > 0, k > 0 and c ≥ 0.
  bool IsValid() const {
    return body_A != body_B && distance > 0 && stiffness > 0 && damping >= 0;
  }

  BodyIndex body_A;
  Vector3<double> p_AP{Vector3<double>::Zero()};  // P in A's frame (m)
  BodyIndex body_B;
  Vector3<double> p_BQ{Vector3<double>::Zero()};  // Q in B's frame (m)
  double distance{0.0};                           // d₀ (m)
  double stiffness{std::numeric_limits<double>::infinity()};  // k (N/m)
  double damping{0.0};                                        // c (N·s/m)
  MultibodyConstraintId id;
};

/// A ball constraint: point P fixed to body A and point Q fixed to body B
/// coincide, p_PQ_W(q) = 0; the relative rotation stays free.
struct BallConstraintSpec {
  /// True iff body_A ≠ body_B.
  bool IsValid() const { return body_A != body_B; }

  BodyIndex body_A;
  Vector3<double> p_AP{Vector3<double>::Zero()};  // P in A's frame (m)
  BodyIndex body_B;
  /// Q in B's frame (m). Before Finalize() it may be empty: Finalize() then
  /// sets it so that Q coincides with P at the default configuration.
  std::optional<Vector3<double>> p_BQ;
  MultibodyConstraintId id;
};

/// A weld constraint: frame P fixed to body A and frame Q fixed to body B
/// coincide, X_PQ(q) = I.
struct WeldConstraintSpec {
  /// True iff body_A ≠ body_B.
  bool IsValid() const { return body_A != body_B; }

  BodyIndex body_A;
  math::RigidTransform<double> X_AP;  // P in A's frame
  BodyIndex body_B;
  math::RigidTransform<double> X_BQ;  // Q in B's frame
  MultibodyConstraintId id;
};

}  // namespace internal
}  // namespace ossa::multibody
