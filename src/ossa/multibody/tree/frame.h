#pragma once

/// @file
/// Frame<T>: a frame attached to (moving with) a rigid body. Frames are the
/// places joints connect to and the origins and axes in which kinematic
/// quantities are measured and expressed.

#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/math/spatial_acceleration.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/tree/multibody_element.h"

namespace ossa::multibody {

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

  /// @name Kinematics in a Context
  /// The frame must be in a finalized model owned by a MultibodyTreeSystem
  /// (or MultibodyPlant) and `context` one of its Contexts; other frames
  /// passed in must be in the same model (std::logic_error otherwise).
  /// This frame is F; M is `frame_M` (measured-in), E `frame_E`
  /// (expressed-in), W the world frame, B this frame's body frame.
  /// @{
  /// X_BF in `context` (a FixedOffsetFrame's X_PF may change per Context).
  math::RigidTransform<T> CalcPoseInBodyFrame(
      const systems::Context<T>& context) const;
  /// R_BF in `context`.
  math::RotationMatrix<T> CalcRotationMatrixInBodyFrame(
      const systems::Context<T>& context) const;
  /// X_BQ = X_BF·X_FQ of a frame Q fixed in F at X_FQ.
  math::RigidTransform<T> CalcOffsetPoseInBody(
      const systems::Context<T>& context,
      const math::RigidTransform<T>& X_FQ) const;
  /// R_BQ = R_BF·R_FQ.
  math::RotationMatrix<T> CalcOffsetRotationMatrixInBody(
      const systems::Context<T>& context,
      const math::RotationMatrix<T>& R_FQ) const;
  /// X_WF.
  math::RigidTransform<T> CalcPoseInWorld(
      const systems::Context<T>& context) const;
  /// X_MF = X_WM⁻¹·X_WF.
  math::RigidTransform<T> CalcPose(const systems::Context<T>& context,
                                   const Frame<T>& frame_M) const;
  /// R_WF.
  math::RotationMatrix<T> CalcRotationMatrixInWorld(
      const systems::Context<T>& context) const;
  /// R_MF.
  math::RotationMatrix<T> CalcRotationMatrix(const systems::Context<T>& context,
                                             const Frame<T>& frame_M) const;
  /// V_WF_W, at Fo.
  SpatialVelocity<T> CalcSpatialVelocityInWorld(
      const systems::Context<T>& context) const;
  /// V_MF_E: F's spatial velocity measured in M, at Fo, expressed in E.
  SpatialVelocity<T> CalcSpatialVelocity(const systems::Context<T>& context,
                                         const Frame<T>& frame_M,
                                         const Frame<T>& frame_E) const;
  /// V_W_OF_W = V_WF_W − V_WO_W: the difference of the spatial velocities
  /// of F and of `other_frame` O, both measured and expressed in W.
  SpatialVelocity<T> CalcRelativeSpatialVelocityInWorld(
      const systems::Context<T>& context, const Frame<T>& other_frame) const;
  /// V_M_OF_E = V_MF_E − V_MO_E.
  SpatialVelocity<T> CalcRelativeSpatialVelocity(
      const systems::Context<T>& context, const Frame<T>& other_frame,
      const Frame<T>& measured_in_frame,
      const Frame<T>& expressed_in_frame) const;
  /// A_WF_W, at Fo. The body accelerations come from the model's forward
  /// dynamics (MultibodyPlant); a bare MultibodyTreeSystem throws
  /// std::logic_error (use MultibodyTree::CalcFrameSpatialAccelerationInWorld
  /// with accelerations from CalcSpatialAccelerationsFromVdot).
  SpatialAcceleration<T> CalcSpatialAccelerationInWorld(
      const systems::Context<T>& context) const;
  /// A_MF_E (same source of accelerations).
  SpatialAcceleration<T> CalcSpatialAcceleration(
      const systems::Context<T>& context, const Frame<T>& frame_M,
      const Frame<T>& frame_E) const;
  /// A_W_OF_W = A_WF_W − A_WO_W.
  SpatialAcceleration<T> CalcRelativeSpatialAccelerationInWorld(
      const systems::Context<T>& context, const Frame<T>& other_frame) const;
  /// A_M_OF_E = A_MF_E − A_MO_E.
  SpatialAcceleration<T> CalcRelativeSpatialAcceleration(
      const systems::Context<T>& context, const Frame<T>& other_frame,
      const Frame<T>& measured_in_frame,
      const Frame<T>& expressed_in_frame) const;
  /// @}

 protected:
  /// `body` must outlive the frame (bodies and frames live in the same
  /// tree). The model instance defaults to the body's.
  Frame(const std::string& name, const RigidBody<T>& body,
        ModelInstanceIndex model_instance);

 private:
  template <typename>
  friend class internal::MultibodyTree;

  const internal::MultibodyTree<T>& tree_or_throw(const char* method) const;

  std::string name_;
  const RigidBody<T>* body_;
  FrameIndex index_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::Frame);
