#pragma once

/// @file
/// Helpers to throw exceptions whose messages name the method, the element
/// and what was expected, as DESIGN.md asks:
///   ThrowLogicError("AddJoint(): a joint named '{}' already exists in model "
///                   "instance '{}'.", name, instance_name);
/// std::logic_error is for misuse of the API (a call that could never
/// succeed); std::runtime_error for bad data met at run time (files, values).

#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace ossa {

namespace internal {
[[noreturn]] void ThrowLogicErrorMessage(std::string message);
[[noreturn]] void ThrowRuntimeErrorMessage(std::string message);
[[noreturn]] void ThrowConditionFailed(const char* condition, const char* func,
                                       const char* file, int line);
}  // namespace internal

template <typename... Args>
[[noreturn]] void ThrowLogicError(fmt::format_string<Args...> format,
                                  Args&&... args) {
  internal::ThrowLogicErrorMessage(
      fmt::format(format, std::forward<Args>(args)...));
}

template <typename... Args>
[[noreturn]] void ThrowRuntimeError(fmt::format_string<Args...> format,
                                    Args&&... args) {
  internal::ThrowRuntimeErrorMessage(
      fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace ossa

/// Checks an internal invariant in every build type; on failure throws
/// std::logic_error naming the condition, the function and the source line.
/// It never aborts: bad input must not crash a user's program.
#define OSSA_DEMAND(condition)                                         \
  do {                                                                 \
    if (!(condition)) [[unlikely]] {                                   \
      ::ossa::internal::ThrowConditionFailed(#condition, __func__,     \
                                             __FILE__, __LINE__);      \
    }                                                                  \
  } while (0)

/// Like OSSA_DEMAND but compiled out of release (NDEBUG) builds: for checks
/// on hot paths.
#ifdef NDEBUG
#define OSSA_ASSERT(condition) \
  do {                         \
  } while (0)
#else
#define OSSA_ASSERT(condition) OSSA_DEMAND(condition)
#endif
