// MultibodyTree<T>::CloneToScalar<U>(): a copy of the model on another
// scalar, keeping every element's index and name (section "Scalar
// conversion" of multibody_tree.h).
//
// Elements are re-added to the clone in the order of their indices, each
// kind separately (indices are per kind): model instances, then bodies and
// fixed-offset frames in frame-index order (a body's frame was registered
// when the body was added, so this replays bodies and frames exactly as
// they were created), then joints (the floating joints Finalize() added
// included: the clone's Finalize() then adds none and lays out q and v the
// same way), then force elements (the gravity field's settings are copied
// into the clone's own), then actuators. A finalized model gives a
// finalized clone.

#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody::internal {

template <typename T>
template <typename U>
std::unique_ptr<MultibodyTree<U>> MultibodyTree<T>::CloneToScalar() const {
  auto clone = std::make_unique<MultibodyTree<U>>();
  if (instance_names_[1] != clone->GetModelInstanceName(ModelInstanceIndex(1)))
    clone->RenameModelInstance(ModelInstanceIndex(1), instance_names_[1]);
  for (int i = 2; i < num_model_instances(); ++i)
    clone->AddModelInstance(instance_names_[i]);

  for (int f = 1; f < num_frames(); ++f) {
    const Frame<T>& frame = *frames_[f];
    if (frame.is_body_frame()) {
      const RigidBody<T>& body = frame.body();
      const RigidBody<U>& body_clone = clone->AddRigidBody(
          body.name(), body.model_instance(), body.default_spatial_inertia());
      OSSA_DEMAND(body_clone.index() == body.index());
      continue;
    }
    const auto* fixed = dynamic_cast<const FixedOffsetFrame<T>*>(&frame);
    if (fixed == nullptr) [[unlikely]] {
      ThrowLogicError(
          "CloneToScalar(): frame '{}' is of a kind that cannot be cloned "
          "(only body frames and FixedOffsetFrames can).",
          frame.name());
    }
    const FixedOffsetFrame<U>& frame_clone =
        clone->AddFrame(std::make_unique<FixedOffsetFrame<U>>(
            fixed->name(), clone->get_frame(fixed->parent_frame().index()),
            fixed->default_X_PF(), fixed->model_instance()));
    OSSA_DEMAND(frame_clone.index() == frame.index());
  }

  for (const auto& joint : joints_) {
    if (joint == nullptr) {
      // A removed joint: the clone keeps the gap at its index.
      clone->joints_.push_back(nullptr);
      ++clone->num_removed_joints_;
      continue;
    }
    std::unique_ptr<Joint<U>> copy = joint->CloneToScalar(*clone);
    // The floating joints Finalize() added stay marked as such.
    copy->is_ephemeral_ = joint->is_ephemeral_;
    const Joint<U>& joint_clone = clone->AddJoint(std::move(copy));
    OSSA_DEMAND(joint_clone.index() == joint->index());
  }

  // Force elements, after the joints they may refer to. The clone has its
  // own gravity field (index 0): copy its settings instead.
  const UniformGravityFieldElement<T>& gravity = gravity_field();
  UniformGravityFieldElement<U>& gravity_clone = clone->mutable_gravity_field();
  gravity_clone.set_gravity_vector(gravity.gravity_vector());
  for (int i = 0; i < num_model_instances(); ++i) {
    const ModelInstanceIndex instance(i);
    if (!gravity.is_enabled(instance))
      gravity_clone.set_enabled(instance, false);
  }
  for (int f = 1; f < num_force_elements(); ++f) {
    const ForceElement<U>& added = clone->template AddForceElement<ForceElement>(
        force_elements_[f]->template CloneToScalar<U>(*clone));
    OSSA_DEMAND(added.index() == f);
  }

  for (const auto& actuator : actuators_) {
    if (actuator == nullptr) {
      clone->actuators_.push_back(nullptr);
      ++clone->num_removed_actuators_;
      continue;
    }
    const JointActuator<U>& added = clone->AddJointActuator(
        actuator->name(), clone->get_joint(actuator->joint().index()),
        actuator->effort_limit());
    JointActuator<U>& a = clone->get_mutable_joint_actuator(added.index());
    a.set_default_rotor_inertia(actuator->default_rotor_inertia());
    a.set_default_gear_ratio(actuator->default_gear_ratio());
    if (actuator->has_controller())
      a.set_controller_gains(actuator->get_controller_gains());
  }

  if (finalized_) clone->Finalize();
  return clone;
}

template std::unique_ptr<MultibodyTree<double>>
MultibodyTree<double>::CloneToScalar<double>() const;
template std::unique_ptr<MultibodyTree<AutoDiffXd>>
MultibodyTree<double>::CloneToScalar<AutoDiffXd>() const;
template std::unique_ptr<MultibodyTree<double>>
MultibodyTree<AutoDiffXd>::CloneToScalar<double>() const;
template std::unique_ptr<MultibodyTree<AutoDiffXd>>
MultibodyTree<AutoDiffXd>::CloneToScalar<AutoDiffXd>() const;
// The symbolic scalar: to and from Expression, and Expression to itself.
template std::unique_ptr<MultibodyTree<symbolic::Expression>>
MultibodyTree<double>::CloneToScalar<symbolic::Expression>() const;
template std::unique_ptr<MultibodyTree<symbolic::Expression>>
MultibodyTree<AutoDiffXd>::CloneToScalar<symbolic::Expression>() const;
template std::unique_ptr<MultibodyTree<double>>
MultibodyTree<symbolic::Expression>::CloneToScalar<double>() const;
template std::unique_ptr<MultibodyTree<AutoDiffXd>>
MultibodyTree<symbolic::Expression>::CloneToScalar<AutoDiffXd>() const;
template std::unique_ptr<MultibodyTree<symbolic::Expression>>
MultibodyTree<symbolic::Expression>::CloneToScalar<symbolic::Expression>()
    const;

}  // namespace ossa::multibody::internal
