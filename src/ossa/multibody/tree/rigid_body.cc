#include "ossa/multibody/tree/rigid_body.h"

#include <cmath>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

template <typename T>
RigidBodyFrame<T>::RigidBodyFrame(const RigidBody<T>& body)
    : Frame<T>(body.name(), body, body.model_instance()) {}

template <typename T>
RigidBodyFrame<T>::~RigidBodyFrame() = default;

template <typename T>
math::RigidTransform<double> RigidBodyFrame<T>::GetFixedPoseInBodyFrame()
    const {
  return math::RigidTransform<double>::Identity();
}

template <typename T>
RigidBody<T>::RigidBody(const std::string& body_name,
                        const SpatialInertia<double>& M_BBo_B)
    : RigidBody(body_name, default_model_instance(), M_BBo_B) {}

template <typename T>
RigidBody<T>::RigidBody(const std::string& body_name,
                        ModelInstanceIndex model_instance,
                        const SpatialInertia<double>& M_BBo_B)
    : MultibodyElement<T>(model_instance),
      name_(body_name),
      body_frame_(*this),
      M_BBo_B_(M_BBo_B) {}

template <typename T>
RigidBody<T>::~RigidBody() = default;

template <typename T>
BodyIndex RigidBody<T>::index() const {
  if (!index_.is_valid()) [[unlikely]] {
    ThrowLogicError(
        "RigidBody::index(): body '{}' was not added to a model yet; add it "
        "with AddRigidBody() first.",
        name_);
  }
  return index_;
}

template <typename T>
std::string RigidBody<T>::scoped_name() const {
  if (this->parent_tree() == nullptr) return name_;
  return this->parent_tree()->GetModelInstanceName(this->model_instance()) +
         "::" + name_;
}

template <typename T>
void RigidBody<T>::ThrowIfNotFinalized(const char* method) const {
  const internal::MultibodyTree<T>& tree =
      this->GetParentTreeOrThrow(method, "body", name_);
  if (!tree.is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "RigidBody::{}(): body '{}': pre-finalize calls are not allowed; "
        "call Finalize() first.",
        method, name_);
  }
}

template <typename T>
const math::RigidTransform<T>& RigidBody<T>::EvalPoseInWorld(
    const systems::Context<T>& context) const {
  return this
      ->GetParentTreeOrThrow("RigidBody::EvalPoseInWorld",
                             "body", name_)
      .EvalBodyPoseInWorld(context, *this);
}

template <typename T>
const SpatialVelocity<T>& RigidBody<T>::EvalSpatialVelocityInWorld(
    const systems::Context<T>& context) const {
  return this
      ->GetParentTreeOrThrow("RigidBody::EvalSpatialVelocityInWorld",
                             "body", name_)
      .EvalBodySpatialVelocityInWorld(context, *this);
}

template <typename T>
const SpatialAcceleration<T>& RigidBody<T>::EvalSpatialAccelerationInWorld(
    const systems::Context<T>& context) const {
  return this
      ->GetParentTreeOrThrow("RigidBody::EvalSpatialAccelerationInWorld",
                             "body", name_)
      .EvalBodySpatialAccelerationInWorld(context, *this);
}

namespace {

// The system owning `body`'s finalized model `tree` (its parent tree, or
// null); throws naming `method` and the body otherwise.
template <typename T>
const internal::MultibodyTreeSystem<T>& BodySystem(
    const char* method, const RigidBody<T>& body,
    const internal::MultibodyTree<T>* tree) {
  if (tree == nullptr || !tree->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "{}(): body '{}' is not part of a finalized model; its mass "
        "properties live in the Context of a finalized MultibodyPlant.",
        method, body.name());
  }
  return tree->tree_system(method);
}

// The kernels' parameters of `body`'s mobod in `context` (in the full tree
// every body has its own mobod; the weld-merged tree derives its composite
// bodies from these in a cache that depends on the parameters).
template <typename T>
const internal::MobodParameters<T>& BodyParameters(
    const char* method, const RigidBody<T>& body,
    const internal::MultibodyTree<T>* tree,
    const systems::Context<T>& context) {
  const internal::MultibodyTreeSystem<T>& system =
      BodySystem(method, body, tree);
  const int m = system.tree().get_topology().body_to_mobod(body.index());
  return system.GetParameters(context).mobods[m];
}

// The same, mutable: marks everything that depends on the parameters stale.
template <typename T>
internal::MobodParameters<T>& MutableBodyParameters(
    const char* method, const RigidBody<T>& body,
    const internal::MultibodyTree<T>* tree, systems::Context<T>* context) {
  const internal::MultibodyTreeSystem<T>& system =
      BodySystem(method, body, tree);
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the context is a nullptr (body '{}').", method,
                    body.name());
  }
  const int m = system.tree().get_topology().body_to_mobod(body.index());
  return system.GetMutableParameters(context).mobods[m];
}

}  // namespace

template <typename T>
const T& RigidBody<T>::get_mass(const systems::Context<T>& context) const {
  return BodyParameters("RigidBody::get_mass", *this, this->parent_tree(),
                        context)
      .mass;
}

template <typename T>
Vector3<T> RigidBody<T>::CalcCenterOfMassInBodyFrame(
    const systems::Context<T>& context) const {
  return BodyParameters("RigidBody::CalcCenterOfMassInBodyFrame", *this,
                        this->parent_tree(), context)
      .p_BoBcm_B;
}

template <typename T>
SpatialInertia<T> RigidBody<T>::CalcSpatialInertiaInBodyFrame(
    const systems::Context<T>& context) const {
  const internal::MobodParameters<T>& p =
      BodyParameters("RigidBody::CalcSpatialInertiaInBodyFrame", *this,
                     this->parent_tree(), context);
  const Matrix3<T>& G = p.G_BBo_B;
  return SpatialInertia<T>(
      p.mass, p.p_BoBcm_B,
      UnitInertia<T>(G(0, 0), G(1, 1), G(2, 2), G(0, 1), G(0, 2), G(1, 2)),
      /* skip_validity_check = */ true);
}

template <typename T>
void RigidBody<T>::SetMass(systems::Context<T>* context, const T& mass) const {
  const char* kMethod = "RigidBody::SetMass";
  if constexpr (scalar_predicate<T>::is_bool) {
    if (!(mass >= 0)) [[unlikely]] {
      ThrowLogicError(
          "{}(): the mass of body '{}' must be nonnegative (got {}).", kMethod,
          name_, ExtractDoubleOrThrow(mass));
    }
  }
  MutableBodyParameters(kMethod, *this, this->parent_tree(), context).mass =
      mass;
}

template <typename T>
void RigidBody<T>::SetCenterOfMassInBodyFrame(
    systems::Context<T>* context,
    const Vector3<T>& center_of_mass_position) const {
  const char* kMethod = "RigidBody::SetCenterOfMassInBodyFrame";
  if constexpr (scalar_predicate<T>::is_bool) {
    if (HasNaNValue(center_of_mass_position)) [[unlikely]] {
      ThrowLogicError("{}(): the center of mass of body '{}' has a NaN entry.",
                      kMethod, name_);
    }
  }
  MutableBodyParameters(kMethod, *this, this->parent_tree(), context)
      .p_BoBcm_B = center_of_mass_position;
}

template <typename T>
void RigidBody<T>::SetSpatialInertiaInBodyFrame(
    systems::Context<T>* context, const SpatialInertia<T>& M_Bo_B) const {
  internal::MobodParameters<T>& p =
      MutableBodyParameters("RigidBody::SetSpatialInertiaInBodyFrame", *this,
                            this->parent_tree(), context);
  p.mass = M_Bo_B.get_mass();
  p.p_BoBcm_B = M_Bo_B.get_com();
  p.G_BBo_B = M_Bo_B.get_unit_inertia().CopyToFullMatrix3();
}

template <typename T>
bool RigidBody<T>::is_floating_base_body() const {
  ThrowIfNotFinalized("is_floating_base_body");
  if (is_world()) return false;
  const Joint<T>& joint = this->parent_tree()->GetInboardJoint(*this);
  const internal::MobilizerKind kind = joint.kind();
  // As the reference: only the floating joints Finalize() adds make
  // floating base bodies, not a floating joint the user added.
  return (kind == internal::MobilizerKind::kQuaternionFloating ||
          kind == internal::MobilizerKind::kRpyFloating) &&
         get_level() == 1 && joint.is_ephemeral();
}

template <typename T>
bool RigidBody<T>::has_quaternion_dofs() const {
  ThrowIfNotFinalized("has_quaternion_dofs");
  if (is_world()) return false;
  return this->parent_tree()->GetInboardJoint(*this).kind() ==
         internal::MobilizerKind::kQuaternionFloating;
}

template <typename T>
int RigidBody<T>::floating_positions_start() const {
  if (!is_floating_base_body()) [[unlikely]] {
    ThrowLogicError(
        "RigidBody::floating_positions_start(): body '{}' is not a floating "
        "base body.",
        name_);
  }
  return this->parent_tree()->GetInboardJoint(*this).position_start();
}

template <typename T>
int RigidBody<T>::floating_velocities_start_in_v() const {
  if (!is_floating_base_body()) [[unlikely]] {
    ThrowLogicError(
        "RigidBody::floating_velocities_start_in_v(): body '{}' is not a "
        "floating base body.",
        name_);
  }
  return this->parent_tree()->GetInboardJoint(*this).velocity_start();
}

template <typename T>
int RigidBody<T>::get_level() const {
  ThrowIfNotFinalized("get_level");
  const internal::MultibodyTreeTopology& topology =
      this->parent_tree()->get_topology();
  return topology.get_mobod(topology.body_to_mobod(index_)).level;
}

template <typename T>
void RigidBody<T>::ThrowIfBadForces(const char* method,
                                    const MultibodyForces<T>* forces) const {
  ThrowIfNotFinalized(method);
  if (forces == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): forces is a nullptr (body '{}').", method, name_);
  }
  if (!forces->CheckHasRightSizeForModel(*this->parent_tree())) [[unlikely]] {
    ThrowLogicError(
        "{}(): the MultibodyForces holds {} body forces and {} generalized "
        "forces but the model of body '{}' has {} bodies and {} velocities.",
        method, forces->body_forces().size(),
        forces->generalized_forces().size(), name_,
        this->parent_tree()->num_bodies(),
        this->parent_tree()->num_velocities());
  }
}

template <typename T>
void RigidBody<T>::AddInForceInWorld(const systems::Context<T>&,
                                     const SpatialForce<T>& F_Bo_W,
                                     MultibodyForces<T>* forces) const {
  ThrowIfBadForces("RigidBody::AddInForceInWorld", forces);
  forces->mutable_body_forces()[index_] += F_Bo_W;
}

template <typename T>
void RigidBody<T>::AddInForce(const systems::Context<T>& context,
                              const Vector3<T>& p_BP_E,
                              const SpatialForce<T>& F_Bp_E,
                              const Frame<T>& frame_E,
                              MultibodyForces<T>* forces) const {
  const char* kMethod = "RigidBody::AddInForce";
  ThrowIfBadForces(kMethod, forces);
  const internal::MultibodyTree<T>& tree = *this->parent_tree();
  if (frame_E.body().parent_tree() != &tree) [[unlikely]] {
    ThrowLogicError(
        "{}(): frame_E '{}' does not belong to the model of body '{}'.",
        kMethod, frame_E.name(), name_);
  }
  const internal::TreeWorkspace<T>& pc =
      tree.tree_system(kMethod).EvalPositionKinematics(context);
  // R_WE = R_WA·R_AE, A the body frame_E is fixed to.
  const int a = tree.get_topology().body_to_mobod(frame_E.body().index());
  const Matrix3<T> R_WE =
      pc.R_WB[a] *
      frame_E.GetFixedPoseInBodyFrame().rotation().matrix().template cast<T>();
  SpatialForce<T> F_Bo_W(Vector3<T>(R_WE * F_Bp_E.rotational()),
                         Vector3<T>(R_WE * F_Bp_E.translational()));
  // From P to Bo: the offset p_PBo = −p_BP.
  F_Bo_W.ShiftInPlace(Vector3<T>(-(R_WE * p_BP_E)));
  forces->mutable_body_forces()[index_] += F_Bo_W;
}

template <typename T>
const SpatialForce<T>& RigidBody<T>::GetForceInWorld(
    const systems::Context<T>&, const MultibodyForces<T>& forces) const {
  ThrowIfBadForces("RigidBody::GetForceInWorld", &forces);
  return forces.body_forces()[index_];
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RigidBodyFrame);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RigidBodyFrame);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::RigidBody);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::RigidBody);
