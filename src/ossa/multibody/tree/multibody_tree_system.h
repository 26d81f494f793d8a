#pragma once

/// @file
/// internal::MultibodyTreeSystem<T>: the LeafSystem that owns a
/// MultibodyTree and keeps its state, parameters and kinematics caches in a
/// systems Context. MultibodyPlant derives from (or wraps) it; tests use it
/// to drive the tree through Contexts.

#include <memory>

#include "ossa/multibody/tree/compiled_tree.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::multibody::internal {

/// Owns a MultibodyTree. Elements are added through mutable_tree(); then
/// Finalize() finalizes the tree and declares, in this order:
///  - the state x = [q; v]: continuous (q̇ = N(q)·v is the plant's job) or,
///    when `is_discrete`, one discrete group [q; v]; its default value is
///    the joints' default positions and zero velocities;
///  - one abstract parameter holding the kernels' TreeParameters<T>
///    (spatial inertias, fixed poses, damping, reflected inertias), default
///    from the elements;
///  - the cache entries "position kinematics" (depends on q and the
///    parameters) and "velocity kinematics" (also on v), each a
///    TreeWorkspace<T> computed by the kernels.
/// The Context is the only place per-instance values live; the tree and its
/// compiled model are immutable after Finalize() and shared by all Contexts.
template <typename T>
class MultibodyTreeSystem : public systems::LeafSystem<T> {
 public:
  MultibodyTreeSystem(const MultibodyTreeSystem&) = delete;
  MultibodyTreeSystem& operator=(const MultibodyTreeSystem&) = delete;

  /// A system owning an empty tree (world only).
  explicit MultibodyTreeSystem(bool is_discrete = false);
  ~MultibodyTreeSystem() override;

  const MultibodyTree<T>& tree() const { return *tree_; }
  /// Throws std::logic_error after Finalize().
  MultibodyTree<T>& mutable_tree();

  bool is_discrete() const { return is_discrete_; }
  bool is_finalized() const { return tree_->is_finalized(); }

  /// Finalizes the tree and declares state, parameters and caches. Throws
  /// std::logic_error if called twice (or what the tree's Finalize throws).
  void Finalize();

  /// [q; v] stored in `context` (copies). Throw std::logic_error before
  /// Finalize().
  VectorX<T> GetPositionsAndVelocities(
      const systems::Context<T>& context) const;
  VectorX<T> GetPositions(const systems::Context<T>& context) const;
  VectorX<T> GetVelocities(const systems::Context<T>& context) const;
  /// Set q or v (sizes num_positions() / num_velocities(); throws on a
  /// wrong size or a null context).
  void SetPositions(systems::Context<T>* context,
                    const Eigen::Ref<const VectorX<T>>& q) const;
  void SetVelocities(systems::Context<T>* context,
                     const Eigen::Ref<const VectorX<T>>& v) const;

  /// The n entries of q (or v) starting at `start`, e.g. one joint's
  /// coordinates; throw std::logic_error if the range is outside q (v).
  VectorX<T> GetPositionsSegment(const systems::Context<T>& context, int start,
                                 int n) const;
  VectorX<T> GetVelocitiesSegment(const systems::Context<T>& context, int start,
                                  int n) const;
  void SetPositionsSegment(systems::Context<T>* context, int start,
                           const Eigen::Ref<const VectorX<T>>& values) const;
  void SetVelocitiesSegment(systems::Context<T>* context, int start,
                            const Eigen::Ref<const VectorX<T>>& values) const;

  /// The kernels' parameters stored in `context`.
  const TreeParameters<T>& GetParameters(
      const systems::Context<T>& context) const;
  /// Mutable access (marks everything that depends on parameters stale).
  TreeParameters<T>& GetMutableParameters(systems::Context<T>* context) const;

  /// Cached kinematics: position (X_FM, X_PB, X_WB, H for every mobod) and
  /// velocity (V_WB, V_PB, velocity-product terms, plus the position part).
  const TreeWorkspace<T>& EvalPositionKinematics(
      const systems::Context<T>& context) const;
  const TreeWorkspace<T>& EvalVelocityKinematics(
      const systems::Context<T>& context) const;

 protected:
  /// For subclasses that support scalar conversion (pass their
  /// SystemTypeTag through `converter`).
  MultibodyTreeSystem(systems::SystemScalarConverter converter,
                      bool is_discrete);
  /// The tree without the pre-finalize check, for the setters that stay
  /// valid after Finalize() (joint defaults and limits).
  MultibodyTree<T>& mutable_tree_unchecked() { return *tree_; }

 private:
  void ThrowIfNotFinalized(const char* method) const;
  void CheckSegment(const char* method, int start, int n, int size) const;
  void CalcPositionKinematicsCache(const systems::Context<T>& context,
                                   TreeWorkspace<T>* workspace) const;
  void CalcVelocityKinematicsCache(const systems::Context<T>& context,
                                   TreeWorkspace<T>* workspace) const;
  // [q; v] as a vector, continuous or discrete.
  const systems::VectorBase<T>& state_vector(
      const systems::Context<T>& context) const;
  systems::VectorBase<T>& mutable_state_vector(
      systems::Context<T>* context) const;

  std::unique_ptr<MultibodyTree<T>> tree_;
  bool is_discrete_{false};
  int parameters_index_{-1};
  const systems::CacheEntry* position_cache_{nullptr};
  const systems::CacheEntry* velocity_cache_{nullptr};
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTreeSystem);
