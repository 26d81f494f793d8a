#pragma once

/// @file
/// ForceElement<T>: the base of the elements that model state- and
/// time-dependent forces (gravity, springs, dampers, bushings, hinges).

#include <memory>

#include "ossa/common/default_scalars.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/tree/multibody_element.h"

/// The declarations of ForceElement's pure virtual members in a kind: the
/// energy and power members (in the kind's public section) and the force and
/// scalar-conversion members (in its protected section). A kind documents
/// the formulas of its energy, powers and forces in its class comment.
#define OSSA_DECLARE_FORCE_ELEMENT_ENERGY_OVERRIDES()                          \
  T CalcPotentialEnergy(                                                       \
      const ::ossa::systems::Context<T>& context,                              \
      const ::ossa::multibody::internal::TreeWorkspace<T>& pc) const override; \
  T CalcConservativePower(                                                     \
      const ::ossa::systems::Context<T>& context,                              \
      const ::ossa::multibody::internal::TreeWorkspace<T>& pc,                 \
      const ::ossa::multibody::internal::TreeWorkspace<T>& vc) const override; \
  T CalcNonConservativePower(                                                  \
      const ::ossa::systems::Context<T>& context,                              \
      const ::ossa::multibody::internal::TreeWorkspace<T>& pc,                 \
      const ::ossa::multibody::internal::TreeWorkspace<T>& vc) const override;

#define OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES()                           \
  void DoCalcAndAddForceContribution(                                          \
      const ::ossa::systems::Context<T>& context,                              \
      const ::ossa::multibody::internal::TreeWorkspace<T>& pc,                 \
      const ::ossa::multibody::internal::TreeWorkspace<T>& vc,                 \
      ::ossa::multibody::MultibodyForces<T>* forces) const override;           \
  OSSA_DECLARE_ELEMENT_CLONE_TO_SCALAR_OVERRIDES(ForceElement)                 \
  template <typename U>                                                        \
  std::unique_ptr<ForceElement<U>> TemplatedClone(                             \
      const ::ossa::multibody::internal::MultibodyTree<U>& tree_clone) const;

/// Defines, in a kind's .cc file (in namespace ossa::multibody), the
/// scalar-conversion members that OSSA_DECLARE_FORCE_ELEMENT_FORCE_OVERRIDES
/// declares, both by the kind's TemplatedClone<U>(tree_clone): a copy of the
/// element on scalar U whose bodies and joints are those of `tree_clone`.
#define OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(Kind)                      \
  template <typename T>                                                      \
  std::unique_ptr<ForceElement<double>> Kind<T>::DoCloneToScalar(            \
      const internal::MultibodyTree<double>& tree_clone) const {             \
    return TemplatedClone(tree_clone);                                       \
  }                                                                          \
  template <typename T>                                                      \
  std::unique_ptr<ForceElement<AutoDiffXd>> Kind<T>::DoCloneToScalar(        \
      const internal::MultibodyTree<AutoDiffXd>& tree_clone) const {         \
    return TemplatedClone(tree_clone);                                       \
  }                                                                          \
  template <typename T>                                                      \
  std::unique_ptr<ForceElement<symbolic::Expression>>                        \
  Kind<T>::DoCloneToScalar(                                                  \
      const internal::MultibodyTree<symbolic::Expression>& tree_clone)       \
      const {                                                                \
    return TemplatedClone(tree_clone);                                       \
  }

namespace ossa::multibody {

/// A force element models forces that depend on the state (q, v) and time
/// only — springs, dampers, drag, gravity — never on accelerations. Each
/// kind implements:
///  - DoCalcAndAddForceContribution(): adds its spatial forces F_Bo_W on
///    bodies and/or its generalized forces into a MultibodyForces;
///  - CalcPotentialEnergy(): the energy U(q) stored by its conservative
///    part (J);
///  - CalcConservativePower(): Pc = −U̇, the power of its conservative part
///    (W, positive when U decreases);
///  - CalcNonConservativePower(): Pnc, the power of its dissipative part
///    (W, ≤ 0 for a damper).
/// With these, d/dt(KE + Σ U) = Σ Pnc for a model moved only by force
/// elements.
///
/// The kinematics arguments `pc` (position) and `vc` (velocity) are the
/// tree's cached workspaces for `context` (MultibodyTreeSystem::
/// EvalPositionKinematics / EvalVelocityKinematics); the same object may be
/// passed for both.
template <typename T>
class ForceElement : public MultibodyElement<T> {
 public:
  ~ForceElement() override;

  /// The element's index in its tree; throws std::logic_error if it was not
  /// added to a tree. The tree's UniformGravityFieldElement is always
  /// ForceElementIndex(0).
  ForceElementIndex index() const;

  /// Adds this element's forces into `forces`. Throws std::logic_error if
  /// `forces` is null or not sized for this element's model.
  void CalcAndAddForceContribution(const systems::Context<T>& context,
                                   const internal::TreeWorkspace<T>& pc,
                                   const internal::TreeWorkspace<T>& vc,
                                   MultibodyForces<T>* forces) const;

  /// Potential energy U(q) (J) of this element.
  virtual T CalcPotentialEnergy(const systems::Context<T>& context,
                                const internal::TreeWorkspace<T>& pc) const = 0;
  /// Power of the conservative forces, Pc = −U̇ (W).
  virtual T CalcConservativePower(
      const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
      const internal::TreeWorkspace<T>& vc) const = 0;
  /// Power of the non-conservative forces (W); negative when dissipating.
  virtual T CalcNonConservativePower(
      const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
      const internal::TreeWorkspace<T>& vc) const = 0;

  /// (Internal) The element's parameters in a new Context (its defaults),
  /// stored in the Context's ElementParameters at this element's index.
  /// Empty for elements without Context-dependent parameters.
  VectorX<T> MakeDefaultParameters() const { return DoMakeDefaultParameters(); }

  /// (Internal) A copy of this element on scalar U for `tree_clone`, the
  /// clone of this element's tree: its bodies, frames and joints are looked
  /// up there by index. The clone is not yet added to `tree_clone`.
  template <typename U>
  std::unique_ptr<ForceElement<U>> CloneToScalar(
      const internal::MultibodyTree<U>& tree_clone) const {
    return DoCloneToScalar(tree_clone);
  }

 protected:
  explicit ForceElement(ModelInstanceIndex model_instance);

  virtual void DoCalcAndAddForceContribution(
      const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
      const internal::TreeWorkspace<T>& vc,
      MultibodyForces<T>* forces) const = 0;

  /// The kinds with Context-dependent parameters override this.
  virtual VectorX<T> DoMakeDefaultParameters() const { return VectorX<T>(); }

  /// This element's parameters in `context` (see MakeDefaultParameters());
  /// `method` names the caller in the errors: the element must be in a
  /// finalized model owned by a system, `context` must be one of its.
  const VectorX<T>& GetParameters(const char* method,
                                  const systems::Context<T>& context) const;
  /// Mutable access; throws std::logic_error naming `method` if `context`
  /// is null.
  VectorX<T>& GetMutableParameters(const char* method,
                                   systems::Context<T>* context) const;

  virtual std::unique_ptr<ForceElement<double>> DoCloneToScalar(
      const internal::MultibodyTree<double>& tree_clone) const = 0;
  virtual std::unique_ptr<ForceElement<AutoDiffXd>> DoCloneToScalar(
      const internal::MultibodyTree<AutoDiffXd>& tree_clone) const = 0;
  virtual std::unique_ptr<ForceElement<symbolic::Expression>> DoCloneToScalar(
      const internal::MultibodyTree<symbolic::Expression>& tree_clone)
      const = 0;

  /// The tree owning this element; throws naming `method` if none.
  const internal::MultibodyTree<T>& tree(const char* method) const;

  /// Helpers for the kinds, reading the cached kinematics of `body` (whose
  /// compiled mobod is looked up in the topology).
  /// X_WB, the pose of body B in the world.
  math::RigidTransform<T> GetBodyPoseInWorld(
      const internal::TreeWorkspace<T>& pc, const RigidBody<T>& body) const;
  /// V_WB_W, the spatial velocity of B at Bo in the world, expressed in W.
  SpatialVelocity<T> GetBodySpatialVelocityInWorld(
      const internal::TreeWorkspace<T>& vc, const RigidBody<T>& body) const;
  /// X_WF = X_WB·X_BF of a frame F fixed to its body (model value of X_BF).
  math::RigidTransform<T> CalcFramePoseInWorld(
      const internal::TreeWorkspace<T>& pc, const Frame<T>& frame) const;

 private:
  template <typename>
  friend class internal::MultibodyTree;

  ForceElementIndex index_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::ForceElement);
