#pragma once

/// @file
/// PackageMap: maps ROS-style package names to folders on disk so that
/// `package://name/path` and `model://name/path` URIs in model files resolve.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ossa::multibody {

/// A map from package names to the absolute path of their folders.
///
/// All methods that take a path make it absolute (relative to the current
/// working directory). Errors are std::runtime_error for problems with the
/// file system or file contents, std::logic_error for misuse (asking for a
/// package that is not there, re-adding a name with a different path).
class PackageMap {
 public:
  /// An empty map.
  PackageMap() = default;
  /// An empty map (the reference's default map carries its own packages;
  /// ossa ships none, so both constructors agree).
  static PackageMap MakeEmpty() { return PackageMap(); }

  /// Adds package `package_name` at folder `package_path`.
  /// @throws std::runtime_error if the folder does not exist.
  /// @throws std::logic_error if the name is already mapped to a different
  /// folder (adding the same pair twice is allowed).
  void Add(const std::string& package_name, const std::string& package_path);

  /// Adds every package of `other_map`, with Add()'s rules.
  void AddMap(const PackageMap& other_map);

  /// Reads the package name from `filename` (a ROS package.xml: the text of
  /// <package><name>) and adds the folder holding the file under that name.
  /// @throws std::runtime_error if the file cannot be read or has no name.
  void AddPackageXml(const std::string& filename);

  /// True if `package_name` is mapped.
  bool Contains(const std::string& package_name) const;

  /// Removes `package_name`. @throws std::logic_error if it is absent.
  void Remove(const std::string& package_name);

  /// Number of packages.
  int size() const { return static_cast<int>(map_.size()); }

  /// The package names, sorted.
  std::vector<std::string> GetPackageNames() const;

  /// The folder of `package_name`, absolute, without trailing slash.
  /// @throws std::logic_error if it is absent.
  const std::string& GetPath(const std::string& package_name) const;

  /// Searches `model_dir` recursively for package.xml files and adds each
  /// package found (a package already in the map keeps its first path; the
  /// later one is ignored with a warning). Does not descend into a package's
  /// sub-folders once it has found its package.xml (as ROS does).
  /// @throws std::runtime_error if `model_dir` is not a folder.
  void PopulateFromFolder(const std::string& model_dir);

  /// Reads the environment variable `environment_variable` as a list of
  /// folders separated by ':' and calls PopulateFromFolder() on each
  /// (folders that do not exist are skipped with a warning). An unset
  /// variable adds nothing. @throws std::logic_error if the name is empty.
  void PopulateFromEnvironment(const std::string& environment_variable);

  /// PopulateFromEnvironment() on ROS_PACKAGE_PATH.
  void PopulateFromRosPackagePath();

  /// Resolves `url` to an absolute file path:
  ///   package://name/rel and model://name/rel → GetPath(name)/rel,
  ///   file:///abs → /abs.
  /// @throws std::runtime_error naming the url if the scheme is unsupported,
  /// the package is unknown, or the resolved file does not exist.
  std::string ResolveUrl(const std::string& url) const;

  /// Like ResolveUrl() but returns nullopt instead of throwing; `error`
  /// (when given) receives the reason.
  std::optional<std::string> TryResolveUrl(const std::string& url,
                                           std::string* error = nullptr) const;

 private:
  void AddFromFolder(const std::string& package_name, const std::string& path,
                     bool warn_on_conflict);
  std::map<std::string, std::string> map_;
};

}  // namespace ossa::multibody
