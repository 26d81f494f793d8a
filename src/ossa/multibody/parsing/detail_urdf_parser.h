#pragma once

/// @file
/// URDF reader: one <robot> into one ModelSpec.

#include <string>
#include <vector>

#include "ossa/multibody/parsing/detail_common.h"

namespace ossa::multibody::internal {

/// Reads a URDF document. `model_name` replaces the robot's name when not
/// empty. Throws std::runtime_error naming file:line:element on bad input;
/// warns (or throws under strict parsing) for ignored or suspicious input.
std::vector<ModelSpec> ParseUrdf(const DataSource& source,
                                 const std::string& model_name,
                                 const ParsingWorkspace& workspace);

}  // namespace ossa::multibody::internal
