#pragma once

/// @file
/// SDFormat (1.7 – 1.11) reader: the models of an <sdf> file (one model, or
/// a <world> with several, nested models and includes) into ModelSpecs.

#include <string>
#include <vector>

#include "ossa/multibody/parsing/detail_common.h"

namespace ossa::multibody::internal {

/// Reads an SDFormat document. `model_name` replaces the name of the single
/// top-level model when not empty. Nested models become their own ModelSpec
/// named "outer::inner", listed after their parent.
std::vector<ModelSpec> ParseSdf(const DataSource& source,
                                const std::string& model_name,
                                const ParsingWorkspace& workspace);

}  // namespace ossa::multibody::internal
