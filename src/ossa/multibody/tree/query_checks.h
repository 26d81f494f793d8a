#pragma once

/// @file
/// Argument checks shared by MultibodyTree's Context-level queries (internal):
/// each throws std::logic_error naming the method and the argument.

#include "ossa/common/error.h"
#include "ossa/multibody/tree/jacobian_wrt_variable.h"

namespace ossa::multibody::internal {

inline void ThrowIfWrongSize(const char* method, const char* what, int expected,
                             int actual) {
  if (expected != actual) [[unlikely]] {
    ThrowLogicError("{}(): {} has size {} but size {} was expected.", method,
                    what, actual, expected);
  }
}

inline void ThrowIfWrongShape(const char* method, const char* what, int rows,
                              int cols, int expected_rows, int expected_cols) {
  if (rows != expected_rows || cols != expected_cols) [[unlikely]] {
    ThrowLogicError("{}(): {} is {}x{} but {}x{} was expected.", method, what,
                    rows, cols, expected_rows, expected_cols);
  }
}

template <typename Ptr>
inline void ThrowIfNull(const char* method, const char* what, const Ptr& ptr) {
  if (ptr == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the output {} is a nullptr.", method, what);
  }
}

inline void ThrowIfQDot(const char* method, JacobianWrtVariable wrt) {
  if (wrt == JacobianWrtVariable::kQDot) [[unlikely]] {
    ThrowLogicError(
        "{}(): with_respect_to = JacobianWrtVariable::kQDot is not supported "
        "for acceleration bias terms; use JacobianWrtVariable::kV.",
        method);
  }
}

// A motion vector of the parent (at Po, in P) re-expressed in B at Bo.

}  // namespace ossa::multibody::internal
