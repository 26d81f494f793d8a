#include "ossa/multibody/parsing/package_map.h"

#include <fmt/ranges.h>
#include <tinyxml2.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "ossa/common/error.h"
#include "ossa/common/text_logging.h"

namespace ossa::multibody {
namespace fs = std::filesystem;

namespace {

std::string Normalize(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  if (ec) p = fs::path(path);
  std::string s = p.lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

bool IsDirectory(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(fs::path(path), ec);
}

// Reads <package><name> of a package.xml; nullopt (with reason) on failure.
std::optional<std::string> ReadPackageName(const std::string& filename,
                                           std::string* reason) {
  // A FIFO or a device would block or never end.
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(filename), ec)) {
    *reason = fmt::format("{}: is not a regular file", filename);
    return std::nullopt;
  }
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(filename.c_str()) != tinyxml2::XML_SUCCESS) {
    *reason = fmt::format("{}:{}: cannot read package.xml: {}", filename,
                          doc.ErrorLineNum(), doc.ErrorStr());
    return std::nullopt;
  }
  const tinyxml2::XMLElement* package = doc.FirstChildElement("package");
  const tinyxml2::XMLElement* name =
      package ? package->FirstChildElement("name") : nullptr;
  const char* text = name ? name->GetText() : nullptr;
  std::string value = text ? text : "";
  const auto b = value.find_first_not_of(" \t\r\n");
  const auto e = value.find_last_not_of(" \t\r\n");
  value = b == std::string::npos ? "" : value.substr(b, e - b + 1);
  if (value.empty()) {
    *reason = fmt::format(
        "{}:{}: package.xml has no <package><name> element with a name",
        filename, package ? package->GetLineNum() : 1);
    return std::nullopt;
  }
  return value;
}

}  // namespace

void PackageMap::Add(const std::string& package_name,
                     const std::string& package_path) {
  if (package_name.empty()) {
    ThrowLogicError("PackageMap::Add(): the package name is empty (path '{}').",
                    package_path);
  }
  if (!IsDirectory(package_path)) {
    ThrowRuntimeError(
        "PackageMap::Add(): the path '{}' of package '{}' is not an existing "
        "folder.",
        package_path, package_name);
  }
  AddFromFolder(package_name, Normalize(package_path), false);
}

void PackageMap::AddFromFolder(const std::string& package_name,
                               const std::string& path, bool warn_on_conflict) {
  auto it = map_.find(package_name);
  if (it == map_.end()) {
    map_.emplace(package_name, path);
    return;
  }
  if (it->second == path) return;
  if (warn_on_conflict) {
    log()->warn(
        "PackageMap: package '{}' was found at '{}' but is already mapped to "
        "'{}'; keeping the first.",
        package_name, path, it->second);
    return;
  }
  ThrowLogicError(
      "PackageMap::Add(): package '{}' is already mapped to '{}'; cannot map "
      "it "
      "to '{}'.",
      package_name, it->second, path);
}

void PackageMap::AddMap(const PackageMap& other_map) {
  // Check every conflict first so that a failing call changes nothing.
  for (const auto& [name, path] : other_map.map_) {
    auto it = map_.find(name);
    if (it != map_.end() && it->second != path) {
      ThrowLogicError(
          "PackageMap::AddMap(): package '{}' is already mapped to '{}'; the "
          "other map has '{}'.",
          name, it->second, path);
    }
  }
  for (const auto& [name, path] : other_map.map_) map_.emplace(name, path);
}

void PackageMap::AddPackageXml(const std::string& filename) {
  std::string reason;
  const auto name = ReadPackageName(filename, &reason);
  if (!name) ThrowRuntimeError("PackageMap::AddPackageXml(): {}", reason);
  const std::string dir = fs::path(Normalize(filename)).parent_path().string();
  AddFromFolder(*name, dir, false);
}

bool PackageMap::Contains(const std::string& package_name) const {
  return map_.count(package_name) > 0;
}

void PackageMap::Remove(const std::string& package_name) {
  if (map_.erase(package_name) == 0) {
    ThrowLogicError("PackageMap::Remove(): there is no package named '{}'.",
                    package_name);
  }
}

std::vector<std::string> PackageMap::GetPackageNames() const {
  std::vector<std::string> names;
  names.reserve(map_.size());
  for (const auto& [name, path] : map_) names.push_back(name);
  return names;
}

const std::string& PackageMap::GetPath(const std::string& package_name) const {
  auto it = map_.find(package_name);
  if (it == map_.end()) {
    ThrowLogicError(
        "PackageMap::GetPath(): there is no package named '{}' (the map has "
        "{} package(s)).",
        package_name, map_.size());
  }
  return it->second;
}

void PackageMap::PopulateFromFolder(const std::string& model_dir) {
  if (!IsDirectory(model_dir)) {
    ThrowRuntimeError(
        "PackageMap::PopulateFromFolder(): '{}' is not an existing folder.",
        model_dir);
  }
  // Breadth-first over folders, sorted for a deterministic outcome; a folder
  // holding a package.xml is a package and is not descended into.
  std::vector<fs::path> queue{fs::path(Normalize(model_dir))};
  for (size_t i = 0; i < queue.size(); ++i) {
    const fs::path dir = queue[i];
    const fs::path xml = dir / "package.xml";
    std::error_code ec;
    if (fs::is_regular_file(xml, ec)) {
      std::string reason;
      const auto name = ReadPackageName(xml.string(), &reason);
      if (name) {
        AddFromFolder(*name, dir.string(), true);
      } else {
        log()->warn("PackageMap::PopulateFromFolder(): {}", reason);
      }
      continue;
    }
    std::vector<fs::path> children;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
         it.increment(ec)) {
      std::error_code ec2;
      if (it->is_directory(ec2) && !it->is_symlink(ec2)) {
        children.push_back(it->path());
      }
    }
    std::sort(children.begin(), children.end());
    queue.insert(queue.end(), children.begin(), children.end());
  }
}

void PackageMap::PopulateFromEnvironment(
    const std::string& environment_variable) {
  if (environment_variable.empty()) {
    ThrowLogicError(
        "PackageMap::PopulateFromEnvironment(): the environment variable name "
        "is empty.");
  }
  const char* value = std::getenv(environment_variable.c_str());
  if (value == nullptr) return;
  std::string_view rest(value);
  while (true) {
    const auto colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    if (!dir.empty()) {
      if (IsDirectory(dir)) {
        PopulateFromFolder(dir);
      } else {
        log()->warn(
            "PackageMap::PopulateFromEnvironment(): {} lists '{}', which is "
            "not a folder; skipped.",
            environment_variable, dir);
      }
    }
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
}

void PackageMap::PopulateFromRosPackagePath() {
  PopulateFromEnvironment("ROS_PACKAGE_PATH");
}

std::optional<std::string> PackageMap::TryResolveUrl(const std::string& url,
                                                     std::string* error) const {
  auto fail = [&](std::string why) -> std::optional<std::string> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  std::string path;
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string::npos) {
    return fail(fmt::format("'{}' is not a URL (expected scheme://...)", url));
  }
  const std::string scheme = url.substr(0, scheme_end);
  const std::string rest = url.substr(scheme_end + 3);
  if (scheme == "file") {
    if (rest.empty() || rest[0] != '/') {
      return fail(
          fmt::format("'{}': a file:// URL must hold an absolute path", url));
    }
    path = rest;
  } else if (scheme == "package" || scheme == "model") {
    const auto slash = rest.find('/');
    const std::string package = rest.substr(0, slash);
    if (package.empty()) {
      return fail(fmt::format("'{}' names no package", url));
    }
    auto it = map_.find(package);
    if (it == map_.end()) {
      return fail(fmt::format(
          "'{}': package '{}' is not in the package map (known: {})", url,
          package, fmt::join(GetPackageNames(), ", ")));
    }
    path = it->second;
    if (slash != std::string::npos) path += rest.substr(slash);
  } else {
    return fail(
        fmt::format("'{}': unsupported URL scheme '{}' (supported: "
                    "package://, model://, file://)",
                    url, scheme));
  }
  std::error_code ec;
  if (!fs::exists(fs::path(path), ec)) {
    return fail(
        fmt::format("'{}' resolves to '{}', which does not exist", url, path));
  }
  return fs::path(path).lexically_normal().string();
}

std::string PackageMap::ResolveUrl(const std::string& url) const {
  std::string error;
  auto result = TryResolveUrl(url, &error);
  if (!result) ThrowRuntimeError("PackageMap::ResolveUrl(): {}.", error);
  return *result;
}

}  // namespace ossa::multibody
