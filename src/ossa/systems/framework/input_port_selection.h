#pragma once

/// @file
/// InputPortSelection: how an algorithm that acts on one input port of a
/// system (linearization, dynamic programming) picks it when the caller
/// gives no InputPortIndex.

#include <variant>

#include "ossa/systems/framework/framework_common.h"

namespace ossa::systems {

enum class InputPortSelection {
  /// Use no input port.
  kNoInput = -1,
  /// Use input port 0 if the system has one, else none.
  kUseFirstInputIfItExists = -2,
};

/// An input port chosen by index or by a selection rule.
using InputPortChoice = std::variant<InputPortSelection, InputPortIndex>;

}  // namespace ossa::systems
