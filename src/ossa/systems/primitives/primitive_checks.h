#pragma once

/// @file
/// (Internal) The argument checks the primitives' constructors share; each
/// throws std::logic_error naming the constructor, the argument and the
/// value.

#include <cmath>

#include "ossa/common/eigen_types.h"
#include "ossa/common/error.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems::internal {

/// Throws unless value ≥ 1 (a size or a count).
inline void ThrowUnlessAtLeastOne(const char* system, const char* what,
                                  int value) {
  if (value < 1) [[unlikely]] {
    ThrowLogicError("{}(): {} must be >= 1, got {}.", system, what, value);
  }
}

/// Throws unless value > 0 and finite (a period or a time step).
inline void ThrowUnlessPositiveFinite(const char* system, const char* what,
                                      double value) {
  if (!(value > 0.0) || !std::isfinite(value)) [[unlikely]] {
    ThrowLogicError("{}(): {} must be positive and finite, got {}.", system,
                    what, value);
  }
}

/// Sets the continuous state of `context` (a Context of `system`) to
/// `value`, after checking that context is not null, is the system's, and
/// that value has the state's size; `method` names the caller in messages.
template <typename T>
void SetContinuousStateChecked(const char* method, const System<T>& system,
                               Context<T>* context,
                               const Eigen::Ref<const VectorX<T>>& value) {
  if (context == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): context is null.", method);
  }
  system.ValidateContext(*context);
  const int size = context->num_continuous_states();
  if (value.size() != size) [[unlikely]] {
    ThrowLogicError("{}(): the value has {} entries; the state has {}.",
                    method, value.size(), size);
  }
  context->get_mutable_continuous_state_vector().SetFromVector(value);
}

}  // namespace ossa::systems::internal
