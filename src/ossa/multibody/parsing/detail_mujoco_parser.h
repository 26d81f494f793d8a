#pragma once

/// @file
/// MJCF (MuJoCo XML) reader: one <mujoco> into one ModelSpec.

#include <string>
#include <vector>

#include "ossa/multibody/parsing/detail_common.h"

namespace ossa::multibody::internal {

/// Reads an MJCF document: <compiler> (angle, eulerseq, inertiafromgeom,
/// autolimits), <default> classes, <asset> meshes, the <worldbody> tree,
/// <actuator> motors/position/velocity/general, <contact> excludes,
/// <equality> (detail_mujoco_equality.h).
std::vector<ModelSpec> ParseMujoco(const DataSource& source,
                                   const std::string& model_name,
                                   const ParsingWorkspace& workspace);

}  // namespace ossa::multibody::internal
