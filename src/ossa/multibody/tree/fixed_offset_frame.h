#pragma once

/// @file
/// FixedOffsetFrame<T>: a frame F rigidly attached to a parent frame P at a
/// fixed pose X_PF.

#include <optional>
#include <string>

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/tree/frame.h"

namespace ossa::multibody {

/// A frame F whose pose X_PF in a parent frame P (itself attached to a body
/// B) is fixed. Its pose in the body frame is X_BF = X_BP·X_PF. Joints use
/// these frames when given poses X_PF / X_BM ("{joint}_parent" and
/// "{joint}_child").
template <typename T>
class FixedOffsetFrame final : public Frame<T> {
 public:
  /// F is named `name`, posed at X_PF in `P`; it belongs to `model_instance`
  /// or, when none is given, to P's model instance.
  FixedOffsetFrame(const std::string& name, const Frame<T>& P,
                   const math::RigidTransform<double>& X_PF,
                   std::optional<ModelInstanceIndex> model_instance = {});
  /// A frame F posed at X_BF in the body frame of `bodyB`.
  FixedOffsetFrame(const std::string& name, const RigidBody<T>& bodyB,
                   const math::RigidTransform<double>& X_BF);
  ~FixedOffsetFrame() override;

  /// The parent frame P.
  const Frame<T>& parent_frame() const { return *parent_frame_; }
  /// The default pose X_PF of this frame in its parent frame.
  const math::RigidTransform<double>& default_X_PF() const { return X_PF_; }

  math::RigidTransform<double> GetFixedPoseInBodyFrame() const override;

  /// X_PF in `context` (starts at default_X_PF()). Throws std::logic_error
  /// as the Frame kinematics methods do.
  const math::RigidTransform<T>& GetPoseInParentFrame(
      const systems::Context<T>& context) const;
  /// Sets X_PF in `context` (a parameter: the poses of frames fixed to this
  /// one and of the joints using them follow). Throws on a null context.
  void SetPoseInParentFrame(systems::Context<T>* context,
                            const math::RigidTransform<T>& X_PF) const;

 private:
  const Frame<T>* parent_frame_;
  math::RigidTransform<double> X_PF_;
};

}  // namespace ossa::multibody

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::FixedOffsetFrame);
