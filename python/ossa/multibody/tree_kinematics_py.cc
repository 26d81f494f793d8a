// ossa.multibody.tree: the Context-level kinematic queries of frames and
// bodies (CalcPoseInWorld, CalcSpatialVelocity, EvalPoseInWorld, ...), the
// per-Context pose of a FixedOffsetFrame, joint locking, and the
// JacobianWrtVariable enum.

#include "ossa/bindings.h"
#include "ossa/multibody/tree/fixed_offset_frame.h"
#include "ossa/multibody/tree/frame.h"
#include "ossa/multibody/tree/jacobian_wrt_variable.h"
#include "ossa/multibody/tree/joint.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree_py.h"
#include "ossa/py_util.h"
#include "ossa/systems/framework/context.h"

namespace ossa::py {
namespace {

using multibody::FixedOffsetFrame;
using multibody::Frame;
using multibody::Joint;
using multibody::RigidBody;
using systems::Context;

template <typename T>
void DoDefineKinematics(nb::module_ m) {
  {
    using Class = Frame<T>;
    auto cls = GetTemplateClass<T>(m, "Frame_");
    DefMethod(cls, "CalcPoseInBodyFrame", &Class::CalcPoseInBodyFrame,
              nb::arg("context"));
    DefMethod(cls, "CalcRotationMatrixInBodyFrame",
              &Class::CalcRotationMatrixInBodyFrame, nb::arg("context"));
    DefMethod(cls, "CalcOffsetPoseInBody", &Class::CalcOffsetPoseInBody,
              nb::arg("context"), nb::arg("X_FQ"));
    DefMethod(cls, "CalcOffsetRotationMatrixInBody",
              &Class::CalcOffsetRotationMatrixInBody, nb::arg("context"),
              nb::arg("R_FQ"));
    DefMethod(cls, "CalcPoseInWorld", &Class::CalcPoseInWorld,
              nb::arg("context"));
    DefMethod(cls, "CalcPose", &Class::CalcPose, nb::arg("context"),
              nb::arg("frame_M"));
    DefMethod(cls, "CalcRotationMatrixInWorld",
              &Class::CalcRotationMatrixInWorld, nb::arg("context"));
    DefMethod(cls, "CalcRotationMatrix", &Class::CalcRotationMatrix,
              nb::arg("context"), nb::arg("frame_M"));
    DefMethod(cls, "CalcSpatialVelocityInWorld",
              &Class::CalcSpatialVelocityInWorld, nb::arg("context"));
    DefMethod(cls, "CalcSpatialVelocity", &Class::CalcSpatialVelocity,
              nb::arg("context"), nb::arg("frame_M"), nb::arg("frame_E"));
    DefMethod(cls, "CalcRelativeSpatialVelocityInWorld",
              &Class::CalcRelativeSpatialVelocityInWorld, nb::arg("context"),
              nb::arg("other_frame"));
    DefMethod(cls, "CalcRelativeSpatialVelocity",
              &Class::CalcRelativeSpatialVelocity, nb::arg("context"),
              nb::arg("other_frame"), nb::arg("measured_in_frame"),
              nb::arg("expressed_in_frame"));
    DefMethod(cls, "CalcSpatialAccelerationInWorld",
              &Class::CalcSpatialAccelerationInWorld, nb::arg("context"));
    DefMethod(cls, "CalcSpatialAcceleration", &Class::CalcSpatialAcceleration,
              nb::arg("context"), nb::arg("measured_in_frame"),
              nb::arg("expressed_in_frame"));
    DefMethod(cls, "CalcRelativeSpatialAccelerationInWorld",
              &Class::CalcRelativeSpatialAccelerationInWorld,
              nb::arg("context"), nb::arg("other_frame"));
    DefMethod(cls, "CalcRelativeSpatialAcceleration",
              &Class::CalcRelativeSpatialAcceleration, nb::arg("context"),
              nb::arg("other_frame"), nb::arg("measured_in_frame"),
              nb::arg("expressed_in_frame"));
  }
  {
    using Class = FixedOffsetFrame<T>;
    auto cls =
        GetTemplateClass<T>(m, "FixedOffsetFrame_");
    DefMethod(cls, "GetPoseInParentFrame", &Class::GetPoseInParentFrame,
              nb::arg("context"), nb::rv_policy::copy);
    DefMethod(cls, "SetPoseInParentFrame", &Class::SetPoseInParentFrame,
              nb::arg("context"), nb::arg("X_PF"));
  }
  {
    using Class = RigidBody<T>;
    auto cls = GetTemplateClass<T>(m, "RigidBody_");
    DefMethod(cls, "EvalPoseInWorld", &Class::EvalPoseInWorld,
              nb::arg("context"), nb::rv_policy::copy);
    DefMethod(cls, "EvalSpatialVelocityInWorld",
              &Class::EvalSpatialVelocityInWorld, nb::arg("context"),
              nb::rv_policy::copy);
    DefMethod(cls, "EvalSpatialAccelerationInWorld",
              &Class::EvalSpatialAccelerationInWorld, nb::arg("context"),
              nb::rv_policy::copy);
  }
  {
    using Class = Joint<T>;
    auto cls = GetTemplateClass<T>(m, "Joint_");
    DefMethod(cls, "Lock", &Class::Lock, nb::arg("context"));
    DefMethod(cls, "Unlock", &Class::Unlock, nb::arg("context"));
    DefMethod(cls, "is_locked", &Class::is_locked, nb::arg("context"));
  }
}

}  // namespace

void DefineMultibodyTreeKinematics(nb::module_ m) {
  nb::enum_<multibody::JacobianWrtVariable>(
      m, "JacobianWrtVariable",
      "Whether a Jacobian is taken with respect to qdot (kQDot) or v (kV).")
      .value("kQDot", multibody::JacobianWrtVariable::kQDot, "J = dV/dqdot")
      .value("kV", multibody::JacobianWrtVariable::kV, "J = dV/dv");
  type_visit(
      [m](auto tag) { DoDefineKinematics<typename decltype(tag)::type>(m); },
      type_pack<double, AutoDiffXd, symbolic::Expression>{});
}

}  // namespace ossa::py
