#pragma once

/// @file
/// DistanceConstraintParams: the parameters of a distance constraint as the
/// plant stores them in a Context (MultibodyPlant::GetDistanceConstraintParams,
/// SetDistanceConstraintParams), so that a Context may change a constraint's
/// points, length, stiffness and damping after Finalize().

#include <limits>

#include "ossa/common/eigen_types.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa::multibody {

/// ‖p_PQ‖ = d₀ between P (p_AP in body A) and Q (p_BQ in body B): a rigid rod
/// for stiffness k = ∞, else a spring f = −k·(d − d₀) − c·ḋ along p_PQ.
class DistanceConstraintParams {
 public:
  /// An invalid set (invalid body indices), for containers.
  DistanceConstraintParams() = default;
  /// @throws std::logic_error unless bodyA ≠ bodyB, d₀ = distance is
  /// positive and finite, stiffness > 0 and damping ≥ 0 (and finite), and
  /// the points are finite.
  DistanceConstraintParams(BodyIndex bodyA, const Vector3<double>& p_AP,
                           BodyIndex bodyB, const Vector3<double>& p_BQ,
                           double distance, double stiffness, double damping);

  BodyIndex bodyA() const { return bodyA_; }
  BodyIndex bodyB() const { return bodyB_; }
  const Vector3<double>& p_AP() const { return p_AP_; }
  const Vector3<double>& p_BQ() const { return p_BQ_; }
  double distance() const { return distance_; }
  double stiffness() const { return stiffness_; }
  double damping() const { return damping_; }

 private:
  BodyIndex bodyA_;
  Vector3<double> p_AP_{Vector3<double>::Zero()};
  BodyIndex bodyB_;
  Vector3<double> p_BQ_{Vector3<double>::Zero()};
  double distance_{0.0};
  double stiffness_{std::numeric_limits<double>::infinity()};
  double damping_{0.0};
};

}  // namespace ossa::multibody
