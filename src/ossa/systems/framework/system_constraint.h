#pragma once

/// @file
/// SystemConstraintIndex: the index of a constraint a System declares on its
/// state (the reference's system_constraint.h). ossa's Systems declare no
/// such constraints yet: System::num_constraints() is zero for all of them
/// (the Python binding reports it), so the index names no constraint today;
/// it exists so that code written against the reference names the type.

#include "ossa/common/type_safe_index.h"

namespace ossa::systems {

namespace internal {
struct SystemConstraintIndexTag {
  static constexpr const char* kName = "SystemConstraintIndex";
};
}  // namespace internal

/// Index of a constraint of a System.
using SystemConstraintIndex = TypeSafeIndex<internal::SystemConstraintIndexTag>;

}  // namespace ossa::systems
