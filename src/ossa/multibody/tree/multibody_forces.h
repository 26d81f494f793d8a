#pragma once

/// @file
/// MultibodyForces<T>: a set of forces applied to a multibody model, as
/// generalized forces and spatial forces on bodies.

#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/math/spatial_force.h"
#include "ossa/multibody/tree/multibody_element.h"

namespace ossa::multibody {

/// Forces applied to a model: a vector tau of generalized forces (size
/// num_velocities()) and one spatial force F_Bo_W per body (index by
/// BodyIndex; the force on body B applied at its origin Bo, expressed in the
/// world W; the world's entry is ignored). Their generalized equivalent is
/// tau + Σ_B J_WBᵀ·F_Bo_W (MultibodyTree::CalcGeneralizedForces()).
///
/// Body forces are usually added with RigidBody::AddInForce() /
/// AddInForceInWorld(); generalized forces by writing into
/// mutable_generalized_forces() (see Joint::velocity_start()).
template <typename T>
class MultibodyForces {
 public:
  /// Zero forces sized for `model` (after its Finalize()); throws
  /// std::logic_error if it is not finalized.
  explicit MultibodyForces(const internal::MultibodyTree<T>& model);
  /// Zero forces sized for the model of `plant` (a MultibodyTreeSystem or
  /// MultibodyPlant).
  explicit MultibodyForces(const internal::MultibodyTreeSystem<T>& plant);
  /// Zero forces for `num_bodies` bodies (≥ 1, the world included) and
  /// `num_velocities` velocities (≥ 0); throws std::logic_error otherwise.
  MultibodyForces(int num_bodies, int num_velocities);

  MultibodyForces(const MultibodyForces&) = default;
  MultibodyForces& operator=(const MultibodyForces&) = default;
  MultibodyForces(MultibodyForces&&) = default;
  MultibodyForces& operator=(MultibodyForces&&) = default;

  /// Sets every force to zero; returns *this.
  MultibodyForces<T>& SetZero();

  int num_bodies() const { return num_bodies_; }
  int num_velocities() const { return num_velocities_; }

  /// (Advanced) The generalized forces tau (N·m or N, per velocity).
  const VectorX<T>& generalized_forces() const { return tau_; }
  VectorX<T>& mutable_generalized_forces() { return tau_; }

  /// (Advanced) F_Bo_W of each body, indexed by BodyIndex.
  const std::vector<SpatialForce<T>>& body_forces() const { return F_B_W_; }
  std::vector<SpatialForce<T>>& mutable_body_forces() { return F_B_W_; }

  /// Adds `addend` into this. Throws std::logic_error if the two are sized
  /// for different models.
  void AddInForces(const MultibodyForces<T>& addend);

  /// True if sized for `model` (same number of bodies and velocities).
  bool CheckHasRightSizeForModel(const internal::MultibodyTree<T>& model) const;
  bool CheckHasRightSizeForModel(
      const internal::MultibodyTreeSystem<T>& plant) const;

  /// True if the stored arrays still have the sizes given at construction
  /// (mutable_generalized_forces() or mutable_body_forces() may have been
  /// resized by a caller).
  bool CheckInvariants() const;

 private:
  int num_bodies_{0};
  int num_velocities_{0};
  VectorX<T> tau_;
  std::vector<SpatialForce<T>> F_B_W_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyForces);
