#pragma once

/// @file
/// Frame<T>: a frame attached to (moving with) a rigid body. Frames are the
/// places joints connect to and the origins and axes in which kinematic
/// quantities are measured and expressed.

#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/tree/multibody_element.h"

namespace ossa::multibody {

template <typename T>
class RigidBody;

/// A frame F fixed to a rigid body B. Its pose X_BF in the body frame is
/// fixed for the frames of this library (body frames and fixed-offset
/// frames); GetFixedPoseInBodyFrame() returns it.
template <typename T>
class Frame : public MultibodyElement<T> {
 public:
  ~Frame() override;

  /// The name of the frame (unique within its model instance).
  const std::string& name() const { return name_; }

  /// The frame's index in its tree; throws std::logic_error if it was not
  /// added to a tree.
  FrameIndex index() const;

  /// The body this frame is attached to.
  const RigidBody<T>& body() const { return *body_; }

  /// True if this is the world frame (the frame of the world body).
  bool is_world_frame() const { return index_ == world_frame_index(); }

  /// True if this frame is the body frame B of body().
  virtual bool is_body_frame() const { return false; }

  /// The pose X_BF of this frame F in its body's frame B, from the model
  /// (default) values: the identity for a body frame, X_BP·X_PF for a
  /// FixedOffsetFrame F whose parent frame is P.
  virtual math::RigidTransform<double> GetFixedPoseInBodyFrame() const = 0;

  /// "<model instance name>::<frame name>" once in a tree; the bare name
  /// before.
  std::string scoped_name() const;

 protected:
  /// `body` must outlive the frame (bodies and frames live in the same
  /// tree). The model instance defaults to the body's.
  Frame(const std::string& name, const RigidBody<T>& body,
        ModelInstanceIndex model_instance);

 private:
  template <typename>
  friend class internal::MultibodyTree;

  std::string name_;
  const RigidBody<T>* body_;
  FrameIndex index_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Frame);
