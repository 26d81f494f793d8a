#include "ossa/multibody/tree/multibody_forces.h"

#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

namespace {
template <typename T>
const internal::MultibodyTree<T>& FinalizedOrThrow(
    const internal::MultibodyTree<T>& model) {
  model.ThrowIfNotFinalized("MultibodyForces::MultibodyForces");
  return model;
}
}  // namespace

template <typename T>
MultibodyForces<T>::MultibodyForces(const internal::MultibodyTree<T>& model)
    : MultibodyForces(FinalizedOrThrow(model).num_bodies(),
                      model.num_velocities()) {}

template <typename T>
MultibodyForces<T>::MultibodyForces(
    const internal::MultibodyTreeSystem<T>& plant)
    : MultibodyForces(plant.tree()) {}

template <typename T>
MultibodyForces<T>::MultibodyForces(int num_bodies, int num_velocities)
    : num_bodies_(num_bodies), num_velocities_(num_velocities) {
  if (num_bodies < 1 || num_velocities < 0) [[unlikely]] {
    ThrowLogicError(
        "MultibodyForces::MultibodyForces(): num_bodies = {} and "
        "num_velocities = {}; expected num_bodies ≥ 1 (the world) and "
        "num_velocities ≥ 0.",
        num_bodies, num_velocities);
  }
  tau_ = VectorX<T>::Zero(num_velocities);
  F_B_W_.assign(num_bodies, SpatialForce<T>::Zero());
}

template <typename T>
MultibodyForces<T>& MultibodyForces<T>::SetZero() {
  tau_.setZero();
  for (SpatialForce<T>& F : F_B_W_) F.SetZero();
  return *this;
}

template <typename T>
void MultibodyForces<T>::AddInForces(const MultibodyForces<T>& addend) {
  if (!CheckInvariants() || !addend.CheckInvariants() ||
      addend.num_bodies_ != num_bodies_ ||
      addend.num_velocities_ != num_velocities_) [[unlikely]] {
    ThrowLogicError(
        "MultibodyForces::AddInForces(): the addend holds {} body forces and "
        "{} generalized forces but this object holds {} and {}; both must be "
        "sized for the same model.",
        addend.F_B_W_.size(), addend.tau_.size(), F_B_W_.size(), tau_.size());
  }
  tau_ += addend.tau_;
  for (int i = 0; i < num_bodies_; ++i) F_B_W_[i] += addend.F_B_W_[i];
}

template <typename T>
bool MultibodyForces<T>::CheckHasRightSizeForModel(
    const internal::MultibodyTree<T>& model) const {
  return CheckInvariants() && model.is_finalized() &&
         num_bodies_ == model.num_bodies() &&
         num_velocities_ == model.num_velocities();
}

template <typename T>
bool MultibodyForces<T>::CheckHasRightSizeForModel(
    const internal::MultibodyTreeSystem<T>& plant) const {
  return CheckHasRightSizeForModel(plant.tree());
}

template <typename T>
bool MultibodyForces<T>::CheckInvariants() const {
  return tau_.size() == num_velocities_ &&
         static_cast<int>(F_B_W_.size()) == num_bodies_;
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyForces);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyForces);
