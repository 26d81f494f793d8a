#pragma once

/// @file
/// Parser: reads URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml)
/// model files into a MultibodyPlant, one model instance per model.
///
/// Reading goes through the format-neutral internal::ModelSpec (see
/// model_spec.h); detail_add_model_to_plant.h builds the plant from it.
/// When the plant is registered with a SceneGraph (or the parser is given
/// one), the models' visual and collision geometry and collision filter
/// groups are registered too (detail_register_geometry.h).

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ossa/multibody/parsing/model_spec.h"
#include "ossa/multibody/parsing/package_map.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"

namespace ossa {
namespace geometry { template <typename T> class SceneGraph; }
namespace systems { template <typename T> class DiagramBuilder; }
}  // namespace ossa

namespace ossa::multibody {

template <typename T>
class MultibodyPlant;

/// Adds the models of files to a MultibodyPlant<double>.
///
/// Each <robot> (URDF), <model> (SDFormat, nested models as
/// "outer::inner") and MJCF file becomes one model instance, named after the
/// model and prefixed "prefix::" when the parser has a model name prefix.
/// A name already used by a model instance of the plant is an error unless
/// SetAutoRenaming(true), which renames the new instance "name_1",
/// "name_2", ... Every bad input throws std::runtime_error whose message
/// names the file, the line and the element.
class Parser {
 public:
  /// A parser that adds models to `plant`, whose names it prefixes with
  /// "model_name_prefix::" when the prefix is not empty. The plant must
  /// outlive the parser and stay unfinalized while it is used.
  /// @throws std::logic_error if `plant` is null.
  explicit Parser(MultibodyPlant<double>* plant,
                  std::string_view model_name_prefix = {});
  /// The same, registering geometry with `scene_graph` (may be null): the
  /// plant becomes its source if it is not one yet.
  /// @throws std::logic_error if `plant` is null or is the source of a
  /// different SceneGraph.
  Parser(MultibodyPlant<double>* plant,
         geometry::SceneGraph<double>* scene_graph,
         std::string_view model_name_prefix = {});
  /// A parser for `plant` (if null, the builder's system named "plant"),
  /// registering geometry with `scene_graph` as above.
  /// @throws std::logic_error if both are null, if the builder has no
  /// MultibodyPlant named "plant", or if `plant` is not in the builder.
  explicit Parser(systems::DiagramBuilder<double>* builder,
                  MultibodyPlant<double>* plant = nullptr,
                  geometry::SceneGraph<double>* scene_graph = nullptr,
                  std::string_view model_name_prefix = {});

  /// ossa extension: a parser without a plant, for reading model specs
  /// only (ParseModelSpecs*()); plant() and AddModels*() throw.
  Parser() = default;
  /// ossa extension: like Parser() with every model name prefixed.
  explicit Parser(std::string_view model_name_prefix)
      : prefix_(model_name_prefix) {}

  /// The plant models are added to.
  /// @throws std::logic_error if this parser has none.
  MultibodyPlant<double>& plant();

  /// Parses `file_name` (format from its extension: .urdf, .sdf, .world,
  /// .xml) and adds all of its models to plant(), nested ones included.
  /// Returns the new model instances in the file's order.
  /// @throws std::runtime_error naming file, line and element on bad input
  /// (and, under strict parsing, on any warning); std::logic_error if there
  /// is no plant or it is finalized.
  std::vector<ModelInstanceIndex> AddModels(
      const std::filesystem::path& file_name);

  /// The same for text in memory; `file_type` is the extension without
  /// the dot ("urdf", "sdf", "xml"). Relative URIs resolve against the
  /// current folder.
  std::vector<ModelInstanceIndex> AddModelsFromString(
      const std::string& file_contents, const std::string& file_type);

  /// The same for a package://, model:// or file:// URL, resolved with
  /// package_map().
  std::vector<ModelInstanceIndex> AddModelsFromUrl(const std::string& url);

  /// The package map used to resolve package:// and model:// URIs.
  PackageMap& package_map() { return package_map_; }
  const PackageMap& package_map() const { return package_map_; }

  /// From now on, every warning (unknown element, missing mesh, suspicious
  /// inertia, ...) is an error: the parse throws std::runtime_error.
  void SetStrictParsing() { strict_ = true; }
  bool GetStrictParsing() const { return strict_; }

  /// When on, a model whose name is already taken (by a model instance of
  /// the plant, or of this batch) is renamed "name_1", "name_2", ...; when off
  /// (the default) that is an error.
  void SetAutoRenaming(bool value) { auto_renaming_ = value; }
  bool GetAutoRenaming() const { return auto_renaming_; }

  /// @name Reading without a plant (ossa extension)
  /// The specs AddModels*() would add, with the prefix and renaming
  /// applied; names are checked against the plant's instances when there is
  /// a plant, else against earlier specs of this parser.
  /// @{

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
  /// @}

 private:
  std::vector<internal::ModelSpec> Finish(
      std::vector<internal::ModelSpec> models);
  std::vector<ModelInstanceIndex> AddToPlant(
      const char* method, std::vector<internal::ModelSpec> models);
  MultibodyPlant<double>& PlantOrThrow(const char* method);
  // Registers the plant as a source of `scene_graph` (if not null and the
  // plant is not one), or checks that it is that scene graph's source.
  void UseSceneGraph(geometry::SceneGraph<double>* scene_graph);

  MultibodyPlant<double>* plant_{nullptr};
  PackageMap package_map_;
  std::string prefix_;
  bool strict_{false};
  bool auto_renaming_{false};
  // Model instance names produced so far (stands in for the plant's list).
  std::set<std::string> used_names_;
};

}  // namespace ossa::multibody
