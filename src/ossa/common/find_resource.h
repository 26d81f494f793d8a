#pragma once

/// @file
/// Finds the robot models bundled with ossa (the models/ folder of the
/// source tree, installed as share/ossa/models), as the reference's
/// FindResourceOrThrow() finds its own resources.

#include <optional>
#include <string>

namespace ossa {

/// The folder holding the bundled models, searched in this order: the
/// environment variable OSSA_MODELS_PATH (when set), the models/ folder of
/// the source tree ossa was built from, then share/ossa/models under the
/// install prefix. Returns nullopt when none of them exists.
std::optional<std::string> GetBundledModelsPath();

/// The absolute path of the bundled file `resource_path`, given relative to
/// the models folder ("drake/acrobot.urdf"); a leading "ossa/models/" is
/// accepted too.
/// @throws std::runtime_error naming `resource_path` and the folders
/// searched if it is absolute, climbs out with "..", or names no file.
std::string FindResourceOrThrow(const std::string& resource_path);

}  // namespace ossa
