#pragma once

/// @file
/// Parser: reads URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml)
/// model files.
///
/// Status: the plant does not exist yet, so this Parser reads files into the
/// format-neutral internal::ModelSpec (see model_spec.h) and stops there.
/// The reference constructors Parser(MultibodyPlant<double>* plant,
/// SceneGraph<double>* scene_graph = nullptr, std::string_view
/// model_name_prefix = {}) and the methods that add to the plant —
/// AddModels(file_name) → std::vector<ModelInstanceIndex>,
/// AddModelsFromString(file_contents, file_type), AddModelsFromUrl(url),
/// plant(), scene_graph() — come with MultibodyPlant; they will build the
/// plant from the specs returned by ParseModelSpecs*() below.

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ossa/multibody/parsing/model_spec.h"
#include "ossa/multibody/parsing/package_map.h"

namespace ossa::multibody {

class Parser {
 public:
  /// A parser with an empty package map, lenient parsing and no model name
  /// prefix. (Plant-free until MultibodyPlant exists; see the file comment.)
  Parser() = default;
  /// Like Parser() with every model name prefixed "prefix::".
  explicit Parser(std::string_view model_name_prefix)
      : prefix_(model_name_prefix) {}

  /// The package map used to resolve package:// and model:// URIs.
  PackageMap& package_map() { return package_map_; }
  const PackageMap& package_map() const { return package_map_; }

  /// From now on, every warning (unknown element, missing mesh, suspicious
  /// inertia, ...) is an error: the parse throws std::runtime_error.
  void SetStrictParsing() { strict_ = true; }
  bool GetStrictParsing() const { return strict_; }

  /// When on, a model whose name is already taken (by an earlier model of
  /// this parser) is renamed "name_1", "name_2", ...; when off (the default)
  /// that is an error.
  void SetAutoRenaming(bool value) { auto_renaming_ = value; }
  bool GetAutoRenaming() const { return auto_renaming_; }

  /// Reads `file_name` (format from its extension: .urdf, .sdf, .world,
  /// .xml) into model specs, one per model instance it defines (nested
  /// SDFormat models included, as "outer::inner").
  /// @throws std::runtime_error naming the file, the line and the element on
  /// any bad input (and, under strict parsing, on any warning).
  std::vector<internal::ModelSpec> ParseModelSpecs(
      const std::string& file_name);

  /// Same for text in memory; `file_type` is "urdf", "sdf" or "xml"
  /// (MJCF). Relative URIs in the text resolve against the current folder.
  std::vector<internal::ModelSpec> ParseModelSpecsFromString(
      const std::string& file_contents, const std::string& file_type);

  /// Same for a package://, model:// or file:// URL, resolved with
  /// package_map().
  std::vector<internal::ModelSpec> ParseModelSpecsFromUrl(
      const std::string& url);

 private:
  std::vector<internal::ModelSpec> Finish(
      std::vector<internal::ModelSpec> models);

  PackageMap package_map_;
  std::string prefix_;
  bool strict_{false};
  bool auto_renaming_{false};
  // Model instance names produced so far (stands in for the plant's list).
  std::set<std::string> used_names_;
};

}  // namespace ossa::multibody
