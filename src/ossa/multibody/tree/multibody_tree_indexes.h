#pragma once

/// @file
/// The index types of the multibody elements, as in the specification: each
/// element kind has its own TypeSafeIndex so indices cannot be mixed up.

#include "ossa/common/type_safe_index.h"
#include "ossa/multibody/core/mobod_index.h"

namespace ossa::multibody {

namespace internal {
struct FrameTag { static constexpr const char* kName = "FrameIndex"; };
struct BodyTag { static constexpr const char* kName = "BodyIndex"; };
struct ForceElementTag { static constexpr const char* kName = "ForceElementIndex"; };
struct JointTag { static constexpr const char* kName = "JointIndex"; };
struct JointActuatorTag { static constexpr const char* kName = "JointActuatorIndex"; };
struct ModelInstanceTag { static constexpr const char* kName = "ModelInstanceIndex"; };
struct ConstraintTag { static constexpr const char* kName = "MultibodyConstraintId"; };
}  // namespace internal

using FrameIndex = TypeSafeIndex<internal::FrameTag>;
using BodyIndex = TypeSafeIndex<internal::BodyTag>;
using ForceElementIndex = TypeSafeIndex<internal::ForceElementTag>;
using JointIndex = TypeSafeIndex<internal::JointTag>;
using JointActuatorIndex = TypeSafeIndex<internal::JointActuatorTag>;
using ModelInstanceIndex = TypeSafeIndex<internal::ModelInstanceTag>;

/// The world body is always BodyIndex(0).
inline BodyIndex world_index() { return BodyIndex(0); }
/// The world body's frame is always FrameIndex(0).
inline FrameIndex world_frame_index() { return FrameIndex(0); }
/// The model instance of the world body (0).
inline ModelInstanceIndex world_model_instance() { return ModelInstanceIndex(0); }
/// The instance that elements join when none is named (1).
inline ModelInstanceIndex default_model_instance() { return ModelInstanceIndex(1); }

}  // namespace ossa::multibody
