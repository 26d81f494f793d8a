#include "ossa/common/error.h"

namespace ossa::internal {

void ThrowLogicErrorMessage(std::string message) {
  throw std::logic_error(std::move(message));
}

void ThrowRuntimeErrorMessage(std::string message) {
  throw std::runtime_error(std::move(message));
}

void ThrowConditionFailed(const char* condition, const char* func,
                          const char* file, int line) {
  throw std::logic_error(fmt::format("{}(): condition '{}' failed ({}:{}).",
                                     func, condition, file, line));
}

}  // namespace ossa::internal
