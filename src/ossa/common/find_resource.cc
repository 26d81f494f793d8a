#include "ossa/common/find_resource.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace ossa {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> Candidates() {
  std::vector<std::string> result;
  if (const char* env = std::getenv("OSSA_MODELS_PATH"); env && *env) {
    result.emplace_back(env);
  }
#ifdef OSSA_SOURCE_MODELS_DIR
  result.emplace_back(OSSA_SOURCE_MODELS_DIR);
#endif
#ifdef OSSA_INSTALL_MODELS_DIR
  result.emplace_back(OSSA_INSTALL_MODELS_DIR);
#endif
  return result;
}

bool IsDirectory(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

}  // namespace

std::optional<std::string> GetBundledModelsPath() {
  for (const auto& dir : Candidates()) {
    if (IsDirectory(dir)) return fs::absolute(dir).lexically_normal().string();
  }
  return std::nullopt;
}

std::string FindResourceOrThrow(const std::string& resource_path) {
  std::string relative = resource_path;
  const std::string prefix = "ossa/models/";
  if (relative.rfind(prefix, 0) == 0) relative.erase(0, prefix.size());
  const fs::path rel(relative);
  bool climbs = false;
  for (const auto& part : rel) climbs = climbs || part == "..";
  if (relative.empty() || rel.is_absolute() || climbs) {
    throw std::runtime_error(fmt::format(
        "FindResourceOrThrow(): '{}' must be a relative path inside the "
        "bundled models folder (e.g. 'drake/acrobot.urdf')",
        resource_path));
  }
  std::string searched;
  for (const auto& dir : Candidates()) {
    const fs::path candidate = fs::path(dir) / rel;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) {
      return fs::absolute(candidate).lexically_normal().string();
    }
    searched += fmt::format("\n  {}", dir);
  }
  throw std::runtime_error(fmt::format(
      "FindResourceOrThrow(): could not find resource '{}' in the bundled "
      "models folders:{}",
      resource_path, searched.empty() ? " (none configured)" : searched));
}

}  // namespace ossa
