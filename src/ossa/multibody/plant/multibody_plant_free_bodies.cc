// MultibodyPlant: free (floating base) bodies.

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"

namespace ossa::multibody {

template <typename T>
const Joint<T>& MultibodyPlant<T>::FreeBodyJointOrThrow(
    const char* method, const RigidBody<T>& body) const {
  ThrowIfNotFinalized(method);
  ThrowIfNotInThisPlant(method, body);
  // As the reference: a free body is one whose inboard joint is a 6-dof
  // floating joint, whatever its parent and frames; its pose is that
  // joint's X_FM.
  const Joint<T>* joint =
      body.is_world() ? nullptr : &this->tree().GetInboardJoint(body);
  const bool is_free =
      joint != nullptr &&
      (joint->kind() == internal::MobilizerKind::kQuaternionFloating ||
       joint->kind() == internal::MobilizerKind::kRpyFloating) &&
      !joint->is_reversed();
  if (!is_free) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): body '{}' in model instance '{}' is not a free "
        "body (its inboard joint is not a 6-dof floating joint).",
        method, body.name(), GetModelInstanceName(body.model_instance()));
  }
  return *joint;
}

namespace {
// Coordinates of X_FM for a floating joint of `kind`: quaternion [w x y z]
// or roll-pitch-yaw, then p_FoMo_F.
template <typename T>
VectorX<T> FloatingPositions(internal::MobilizerKind kind,
                             const math::RigidTransform<T>& X_FM) {
  if (kind == internal::MobilizerKind::kQuaternionFloating) {
    VectorX<T> q(7);
    q.template head<4>() = X_FM.rotation().ToQuaternionAsVector4();
    q.template tail<3>() = X_FM.translation();
    return q;
  }
  VectorX<T> q(6);
  q.template head<3>() = math::RollPitchYaw<T>(X_FM.rotation()).vector();
  q.template tail<3>() = X_FM.translation();
  return q;
}

template <typename T>
math::RigidTransform<T> FloatingPose(internal::MobilizerKind kind,
                                     const VectorX<T>& q) {
  if (kind == internal::MobilizerKind::kQuaternionFloating) {
    // The state may hold a non-unit quaternion: normalize as the kernels do.
    Quaternion<T> quaternion(q[0], q[1], q[2], q[3]);
    quaternion.normalize();
    return math::RigidTransform<T>(quaternion, q.template tail<3>());
  }
  return math::RigidTransform<T>(
      math::RollPitchYaw<T>(Vector3<T>(q.template head<3>())),
      q.template tail<3>());
}
}  // namespace

template <typename T>
void MultibodyPlant<T>::WriteFreeBodyPose(const Joint<T>& joint,
                                          const math::RigidTransform<T>& X_FM,
                                          systems::State<T>* state) const {
  const VectorX<T> q = FloatingPositions(joint.kind(), X_FM);
  systems::VectorBase<T>& x = mutable_state_vector(state);
  for (int i = 0; i < q.size(); ++i)
    x.SetAtIndex(joint.position_start() + i, q[i]);
}

template <typename T>
math::RigidTransform<T> MultibodyPlant<T>::GetFreeBodyPose(
    const systems::Context<T>& context, const RigidBody<T>& body) const {
  const Joint<T>& joint = FreeBodyJointOrThrow("GetFreeBodyPose", body);
  this->ValidateContext(context);
  return FloatingPose<T>(
      joint.kind(), this->GetPositionsSegment(context, joint.position_start(),
                                              joint.num_positions()));
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyPose(
    systems::Context<T>* context, const RigidBody<T>& body,
    const math::RigidTransform<T>& X_PB) const {
  ThrowIfNull("SetFreeBodyPose", context, "context");
  SetFreeBodyPose(*context, &context->get_mutable_state(), body, X_PB);
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyPose(
    const systems::Context<T>& context, systems::State<T>* state,
    const RigidBody<T>& body, const math::RigidTransform<T>& X_PB) const {
  const Joint<T>& joint = FreeBodyJointOrThrow("SetFreeBodyPose", body);
  ThrowIfNull("SetFreeBodyPose", state, "state");
  this->ValidateContext(context);
  WriteFreeBodyPose(joint, X_PB, state);
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodySpatialVelocity(
    systems::Context<T>* context, const RigidBody<T>& body,
    const SpatialVelocity<T>& V_PB) const {
  ThrowIfNull("SetFreeBodySpatialVelocity", context, "context");
  SetFreeBodySpatialVelocity(*context, &context->get_mutable_state(), body,
                             V_PB);
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodySpatialVelocity(
    const systems::Context<T>& context, systems::State<T>* state,
    const RigidBody<T>& body, const SpatialVelocity<T>& V_PB) const {
  const Joint<T>& joint =
      FreeBodyJointOrThrow("SetFreeBodySpatialVelocity", body);
  ThrowIfNull("SetFreeBodySpatialVelocity", state, "state");
  this->ValidateContext(context);
  // Both floating joints have v = [w_FM_F; v_FMo_F].
  systems::VectorBase<T>& x = mutable_state_vector(state);
  const int start = num_positions() + joint.velocity_start();
  for (int i = 0; i < 3; ++i) {
    x.SetAtIndex(start + i, V_PB.rotational()[i]);
    x.SetAtIndex(start + 3 + i, V_PB.translational()[i]);
  }
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyPoseInWorldFrame(
    systems::Context<T>* context, const RigidBody<T>& body,
    const math::RigidTransform<T>& X_WB) const {
  const Joint<T>& joint =
      FreeBodyJointOrThrow("SetFreeBodyPoseInWorldFrame", body);
  ThrowIfNull("SetFreeBodyPoseInWorldFrame", context, "context");
  if (!body.is_floating_base_body()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::SetFreeBodyPoseInWorldFrame(): body '{}' in model "
        "instance '{}' is not a floating base body (body.is_floating_base_"
        "body() is false: only bodies Finalize() gave a floating joint are).",
        body.name(), GetModelInstanceName(body.model_instance()));
  }
  this->ValidateContext(*context);
  // F is fixed in the world (the joint's parent is the world body) and M in
  // B: X_FM = X_WF⁻¹·X_WB·X_BM.
  const math::RigidTransform<T> X_WF =
      joint.frame_on_parent().GetFixedPoseInBodyFrame().template cast<T>();
  const math::RigidTransform<T> X_BM =
      joint.frame_on_child().GetFixedPoseInBodyFrame().template cast<T>();
  WriteFreeBodyPose(joint, X_WF.InvertAndCompose(X_WB * X_BM),
                    &context->get_mutable_state());
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyPoseInAnchoredFrame(
    systems::Context<T>* context, const Frame<T>& frame_F,
    const RigidBody<T>& body, const math::RigidTransform<T>& X_FB) const {
  const char* method = "SetFreeBodyPoseInAnchoredFrame";
  FreeBodyJointOrThrow(method, body);
  ThrowIfNull(method, context, "context");
  const bool in_this_plant = frame_F.has_parent_tree() &&
                             frame_F.index().raw() < num_frames() &&
                             &get_frame(frame_F.index()) == &frame_F;
  if (!in_this_plant) [[unlikely]] {
    ThrowLogicError("MultibodyPlant::{}(): frame '{}' is not in this plant.",
                    method, frame_F.name());
  }
  if (!IsAnchored(frame_F.body())) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): frame '{}' must be anchored to the world "
        "frame (welded to it through weld joints only), but its body '{}' "
        "is not.",
        method, frame_F.name(), frame_F.body().name());
  }
  // X_WF from the (configuration-independent) kinematics of F's body.
  const internal::TreeWorkspace<T>& ws = this->EvalPositionKinematics(*context);
  const int m =
      this->tree().get_topology().body_to_mobod(frame_F.body().index());
  const math::RigidTransform<T> X_WA(math::RotationMatrix<T>(ws.R_WB[m]),
                                     ws.p_WB[m]);
  const math::RigidTransform<T> X_WF =
      X_WA * frame_F.GetFixedPoseInBodyFrame().template cast<T>();
  SetFreeBodyPoseInWorldFrame(context, body, X_WF * X_FB);
}

template <typename T>
void MultibodyPlant<T>::SetDefaultFreeBodyPose(
    const RigidBody<T>& body, const math::RigidTransform<double>& X_PB) {
  ThrowIfNotInThisPlant("SetDefaultFreeBodyPose", body);
  default_free_body_poses_[body.index()] = X_PB;
  if (is_finalized()) ApplyDefaultFreeBodyPoses();
}

template <typename T>
math::RigidTransform<double> MultibodyPlant<T>::GetDefaultFreeBodyPose(
    const RigidBody<T>& body) const {
  ThrowIfNotInThisPlant("GetDefaultFreeBodyPose", body);
  const auto it = default_free_body_poses_.find(body.index());
  if (it != default_free_body_poses_.end()) return it->second;
  if (is_finalized() && body.is_floating_base_body()) {
    const Joint<T>& joint = this->tree().GetInboardJoint(body);
    return FloatingPose<double>(joint.kind(), joint.default_positions());
  }
  return math::RigidTransform<double>::Identity();
}

template <typename T>
void MultibodyPlant<T>::ApplyDefaultFreeBodyPoses() {
  for (const auto& [index, X_PB] : default_free_body_poses_) {
    const RigidBody<T>& body = get_body(index);
    if (!body.is_floating_base_body()) continue;
    const Joint<T>& joint = this->tree().GetInboardJoint(body);
    internal_mutable_tree()
        .get_mutable_joint(joint.index())
        .set_default_positions(FloatingPositions<double>(joint.kind(), X_PB));
  }
}

template <typename T>
Joint<T>& MultibodyPlant<T>::FreeBodyJointOfKindOrThrow(
    const char* method, const RigidBody<T>& body,
    internal::MobilizerKind kind) {
  const Joint<T>& joint = FreeBodyJointOrThrow(method, body);
  if (joint.kind() != kind) [[unlikely]] {
    const bool wants_quaternion =
        kind == internal::MobilizerKind::kQuaternionFloating;
    ThrowLogicError(
        "MultibodyPlant::{}(): requires a {} joint but free body '{}' in "
        "model instance '{}' uses the {} joint '{}'; use {}() instead.",
        method, wants_quaternion ? "quaternion_floating" : "rpy_floating",
        body.name(), GetModelInstanceName(body.model_instance()),
        joint.type_name(), joint.name(),
        wants_quaternion ? "SetFreeBodyRandomAnglesDistribution"
                         : "SetFreeBodyRandomRotationDistribution");
  }
  return internal_mutable_tree().get_mutable_joint(joint.index());
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyRandomTranslationDistribution(
    const RigidBody<T>& body, const Vector3<symbolic::Expression>& position) {
  const char* kMethod = "SetFreeBodyRandomTranslationDistribution";
  const Joint<T>& joint = FreeBodyJointOrThrow(kMethod, body);
  Joint<T>& mutable_joint =
      internal_mutable_tree().get_mutable_joint(joint.index());
  if (auto* quaternion =
          dynamic_cast<QuaternionFloatingJoint<T>*>(&mutable_joint)) {
    quaternion->set_random_translation_distribution(position);
  } else {
    dynamic_cast<RpyFloatingJoint<T>&>(mutable_joint)
        .set_random_translation_distribution(position);
  }
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyRandomRotationDistribution(
    const RigidBody<T>& body,
    const Eigen::Quaternion<symbolic::Expression>& rotation) {
  dynamic_cast<QuaternionFloatingJoint<T>&>(
      FreeBodyJointOfKindOrThrow("SetFreeBodyRandomRotationDistribution", body,
                                 internal::MobilizerKind::kQuaternionFloating))
      .set_random_quaternion_distribution(rotation);
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyRandomRotationDistributionToUniform(
    const RigidBody<T>& body) {
  dynamic_cast<QuaternionFloatingJoint<T>&>(
      FreeBodyJointOfKindOrThrow(
          "SetFreeBodyRandomRotationDistributionToUniform", body,
          internal::MobilizerKind::kQuaternionFloating))
      .set_random_quaternion_distribution_to_uniform();
}

template <typename T>
void MultibodyPlant<T>::SetFreeBodyRandomAnglesDistribution(
    const RigidBody<T>& body,
    const math::RollPitchYaw<symbolic::Expression>& angles) {
  dynamic_cast<RpyFloatingJoint<T>&>(
      FreeBodyJointOfKindOrThrow("SetFreeBodyRandomAnglesDistribution", body,
                                 internal::MobilizerKind::kRpyFloating))
      .set_random_angles_distribution(angles.vector());
}

}  // namespace ossa::multibody

#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
