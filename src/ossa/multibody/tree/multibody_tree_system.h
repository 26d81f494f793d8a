#pragma once

/// @file
/// internal::MultibodyTreeSystem<T>: the LeafSystem that owns a
/// MultibodyTree and keeps its state, parameters and kinematics caches in a
/// systems Context. MultibodyPlant derives from (or wraps) it; tests use it
/// to drive the tree through Contexts.

#include <memory>
#include <vector>

#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/tree/element_parameters.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"
#include "ossa/multibody/tree/tree_computation.h"
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
  /// A system owning `tree` (e.g. a MultibodyTree::CloneToScalar() result).
  /// If the tree is finalized, the state, parameters and caches are declared
  /// at once (as Finalize() would); otherwise call Finalize() later. Throws
  /// std::logic_error if `tree` is null or already owned by a system.
  explicit MultibodyTreeSystem(std::unique_ptr<MultibodyTree<T>> tree,
                               bool is_discrete = false);
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
  /// Set [q; v] at once (one invalidation, not two).
  void SetPositionsAndVelocities(systems::Context<T>* context,
                                 const Eigen::Ref<const VectorX<T>>& q_v) const;

  /// The n entries of q (or v) starting at `start`, e.g. one joint's
  /// coordinates; throw std::logic_error if the range is outside q (v).
  VectorX<T> GetPositionsSegment(const systems::Context<T>& context, int start,
                                 int n) const;
  VectorX<T> GetVelocitiesSegment(const systems::Context<T>& context, int start,
                                  int n) const;
  /// Entry i of q (or v), without a temporary vector; the same checks.
  T GetPositionsEntry(const systems::Context<T>& context, int i) const;
  T GetVelocitiesEntry(const systems::Context<T>& context, int i) const;
  void SetPositionsSegment(systems::Context<T>* context, int start,
                           const Eigen::Ref<const VectorX<T>>& values) const;
  void SetVelocitiesSegment(systems::Context<T>* context, int start,
                            const Eigen::Ref<const VectorX<T>>& values) const;

  /// The kernels' parameters stored in `context`.
  const TreeParameters<T>& GetParameters(
      const systems::Context<T>& context) const;
  /// Mutable access (marks everything that depends on parameters stale).
  TreeParameters<T>& GetMutableParameters(systems::Context<T>* context) const;

  /// The [q; v] vector of `state` (continuous or discrete, as the system
  /// declares it), for SetRandomState-style writers. Throws if null.
  systems::VectorBase<T>& GetMutableStateVector(systems::State<T>* state) const;

  /// The elements' per-Context values (fixed-offset frame poses, joint
  /// locks) stored in `context`.
  const ElementParameters<T>& GetElementParameters(
      const systems::Context<T>& context) const;
  /// Mutable access (marks everything that depends on parameters stale).
  ElementParameters<T>& GetMutableElementParameters(
      systems::Context<T>* context) const;

  /// Cached kinematics: position (X_FM, X_PB, X_WB, H for every mobod) and
  /// velocity (V_WB, V_PB, velocity-product terms, plus the position part).
  const TreeWorkspace<T>& EvalPositionKinematics(
      const systems::Context<T>& context) const;
  const TreeWorkspace<T>& EvalVelocityKinematics(
      const systems::Context<T>& context) const;

  /// Cached X_WB of every body, by BodyIndex (from the position kinematics).
  const std::vector<math::RigidTransform<T>>& EvalBodyPosesInWorld(
      const systems::Context<T>& context) const;
  /// X_WB of one body: from the all-bodies cache when that is current, else
  /// from the kinematics of the body's root path alone, kept until q, v or
  /// the parameters change (asking for an end effector's pose after a change
  /// of q costs the depth of its path, not the whole tree).
  const math::RigidTransform<T>& EvalBodyPoseInWorld(
      const systems::Context<T>& context, BodyIndex body) const;
  /// Cached V_WB_W (at Bo) of every body, by BodyIndex.
  const std::vector<SpatialVelocity<T>>& EvalBodySpatialVelocitiesInWorld(
      const systems::Context<T>& context) const;
  /// Cached A_WB_W (at Bo) of every body, by BodyIndex, for the v̇ of
  /// DoCalcGeneralizedAccelerations() (the forward dynamics of the model;
  /// depends on everything in the Context). Throws std::logic_error for a
  /// system that does not override DoCalcGeneralizedAccelerations().
  const std::vector<SpatialAcceleration<T>>&
  EvalBodySpatialAccelerationsInWorld(const systems::Context<T>& context) const;

  /// The declared defaults, with each actuator's rotor inertia and gear
  /// ratio (and the per-dof reflected inertia formed from them) taken from
  /// the actuator's current defaults: those may change after Finalize() and
  /// then apply to the Contexts set to defaults afterwards.
  void SetDefaultParameters(const systems::Context<T>& context,
                            systems::Parameters<T>* parameters) const override;

  /// Sets the positions of the joints that have a random distribution to a
  /// sample (MultibodyTree::SetRandomState), the others to their defaults.
  void SetRandomState(const systems::Context<T>& context,
                      systems::State<T>* state,
                      systems::RandomGenerator* generator) const override;

  /// (Internal) Prepares one computation of the kernels on `context`
  /// (tree_computation.h): the compiled tree named by `choice` (by default
  /// the weld-merged tree when the model has welded mobods), its
  /// parameters, the Context's scratch workspace and the scalar path, and
  /// views q and v in the Context's state (a copy in the scratch when the
  /// state is not contiguous). Computes no kinematics
  /// (TreeComputation::EvalKinematics() does, on demand). Throws
  /// std::logic_error before Finalize().
  TreeComputation<T> PrepareComputation(
      const systems::Context<T>& context,
      TreeChoice choice = TreeChoice::kFastest) const;

  /// (Internal) The compiled tree with its welded mobods merged into
  /// composite bodies (weld_merged_tree.h).
  const WeldMergedTree& weld_merged_tree() const { return weld_merged_; }
  /// (Internal) The merged tree's parameters for the Context's parameters
  /// (a cache entry that depends on the parameters only).
  const WeldMergedParameters<T>& EvalWeldMergedParameters(
      const systems::Context<T>& context) const;

  /// (Internal) The dynamics scratch's value without refreshing any of its
  /// kinematics: for its work arrays only (the plant's applied forces,
  /// the forward dynamics' force sums). PrepareComputation() gives the same
  /// scratch with a way to refresh its kinematics.
  DynamicsScratch<T>& RawDynamicsScratch(
      const systems::Context<T>& context) const;

 protected:
  /// The generalized accelerations v̇ of the model in `context` (size
  /// num_velocities()): MultibodyPlant overrides this with its forward
  /// dynamics (forces, actuation, contact). A bare MultibodyTreeSystem has
  /// no notion of applied forces, so the default throws std::logic_error.
  virtual void DoCalcGeneralizedAccelerations(
      const systems::Context<T>& context, VectorX<T>* vdot) const;
  /// For subclasses that support scalar conversion (pass their
  /// SystemTypeTag through `converter`).
  MultibodyTreeSystem(systems::SystemScalarConverter converter,
                      bool is_discrete);
  /// The tree without the pre-finalize check, for the setters that stay
  /// valid after Finalize() (joint defaults and limits).
  MultibodyTree<T>& mutable_tree_unchecked() { return *tree_; }
  /// Both: a converter and a tree (for the scalar-converted copies of
  /// subclasses).
  MultibodyTreeSystem(systems::SystemScalarConverter converter,
                      std::unique_ptr<MultibodyTree<T>> tree, bool is_discrete);

 private:
  friend class TreeComputation<T>;
  // Declares state, parameters and caches of the finalized tree.
  void DeclareFinalizedModel();
  // Checks and takes the tree given to a constructor.
  void AdoptTree();
  void CalcBodyPosesCache(const systems::Context<T>& context,
                          std::vector<math::RigidTransform<T>>* X_WB) const;
  void CalcBodyVelocitiesCache(const systems::Context<T>& context,
                               std::vector<SpatialVelocity<T>>* V_WB) const;
  void CalcBodyAccelerationsCache(
      const systems::Context<T>& context,
      std::vector<SpatialAcceleration<T>>* A_WB) const;
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
  // Entries [start, start + n) of [q; v], and writes to them: one block
  // copy when the state is contiguous (always, for the vectors the plant
  // allocates), element by element otherwise.
  VectorX<T> ReadState(const systems::Context<T>& context, int start,
                       int n) const;
  // [q; v] of `context` without a copy when the state is contiguous, else
  // copied into `scratch->x`. The caller has validated `context`.
  const T* StateData(const systems::Context<T>& context,
                     DynamicsScratch<T>* scratch) const;
  void WriteState(systems::Context<T>* context, int start,
                  const Eigen::Ref<const VectorX<T>>& values) const;
  // The merged workspace of `scratch` with the position kinematics, world
  // poses included, of the root path of merged mobod `group` current: all
  // of it when the scratch already holds it, else only that path is
  // computed (TreeComputation::EvalPathKinematics(); EvalBodyPoseInWorld()
  // calls it directly, as a single pose costs about as much as the lookups).
  const TreeWorkspace<T>& MergedPathKinematics(
      const systems::Context<T>& context, const WeldMergedParameters<T>& merged,
      int group, DynamicsScratch<T>* scratch) const;

  std::unique_ptr<MultibodyTree<T>> tree_;
  bool is_discrete_{false};
  int parameters_index_{-1};
  int element_parameters_index_{-1};
  const systems::CacheEntry* position_cache_{nullptr};
  const systems::CacheEntry* velocity_cache_{nullptr};
  const systems::CacheEntry* body_poses_cache_{nullptr};
  const systems::CacheEntry* body_velocities_cache_{nullptr};
  const systems::CacheEntry* body_accelerations_cache_{nullptr};
  const systems::CacheEntry* dynamics_scratch_{nullptr};
  const systems::CacheEntry* weld_merged_parameters_cache_{nullptr};
  WeldMergedTree weld_merged_;
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTreeSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTreeSystem);
