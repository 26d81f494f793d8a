#include "ossa/multibody/parsing/parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "ossa/common/error.h"
#include "ossa/multibody/parsing/detail_add_model_to_plant.h"
#include "ossa/multibody/parsing/detail_common.h"
#include "ossa/multibody/parsing/detail_mujoco_parser.h"
#include "ossa/multibody/parsing/detail_sdf_parser.h"
#include "ossa/multibody/parsing/detail_urdf_parser.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {

namespace internal {

namespace {
std::string ExtensionOf(const DataSource& source) {
  return GetExtension(source.is_file() ? source.path : source.name);
}
}  // namespace

std::vector<ModelSpec> ParseAnyFormat(const DataSource& source,
                                      const std::string& model_name,
                                      const ParsingWorkspace& workspace) {
  const std::string ext = ExtensionOf(source);
  if (ext == "urdf") return ParseUrdf(source, model_name, workspace);
  if (ext == "sdf" || ext == "world") {
    return ParseSdf(source, model_name, workspace);
  }
  if (ext == "xml") return ParseMujoco(source, model_name, workspace);
  workspace.diagnostic().Error(
      SourceLocation{source.name, 0}, "",
      fmt::format("the file type '{}' is not supported (expected .urdf, .sdf, "
                  ".world or .xml)",
                  ext));
}

}  // namespace internal

namespace {
internal::ParsingWorkspace MakeWorkspace(const PackageMap& map, bool strict) {
  return internal::ParsingWorkspace(&map, internal::DiagnosticPolicy(strict),
                                    &internal::ParseAnyFormat);
}
}  // namespace

std::vector<internal::ModelSpec> Parser::Finish(
    std::vector<internal::ModelSpec> models) {
  // Apply the prefix, then check names against earlier models of this
  // parser (and among themselves). Nested model names follow their parent's
  // renaming.
  std::vector<std::pair<std::string, std::string>> renames;
  // Names in use: the plant's instances when there is a plant (a parser may
  // be one of several adding to it), else this parser's earlier models.
  std::set<std::string> names = plant_ ? std::set<std::string>{} : used_names_;
  auto taken = [&](const std::string& name) {
    return names.count(name) > 0 ||
           (plant_ != nullptr && plant_->HasModelInstanceNamed(name));
  };
  for (auto& m : models) {
    for (const auto& [from, to] : renames) {
      if (m.name.rfind(from + "::", 0) == 0) {
        m.name = to + m.name.substr(from.size());
        break;
      }
    }
    m.name = internal::ScopedName(prefix_, m.name);
    if (taken(m.name)) {
      if (!auto_renaming_) {
        throw std::runtime_error(fmt::format(
            "{}: error: a model instance named '{}' already exists (use "
            "SetAutoRenaming(true) to rename it)",
            m.location.ToString(), m.name));
      }
      std::string candidate;
      for (int i = 1;; ++i) {
        candidate = fmt::format("{}_{}", m.name, i);
        if (!taken(candidate)) break;
      }
      renames.emplace_back(m.name, candidate);
      m.name = candidate;
    }
    names.insert(m.name);
  }
  used_names_ = std::move(names);
  return models;
}

Parser::Parser(MultibodyPlant<double>* plant,
               std::string_view model_name_prefix)
    : plant_(plant), prefix_(model_name_prefix) {
  if (plant == nullptr) {
    ThrowLogicError("Parser(): the plant must not be null.");
  }
}

Parser::Parser(MultibodyPlant<double>* plant,
               geometry::SceneGraph<double>* scene_graph,
               std::string_view model_name_prefix)
    : Parser(plant, model_name_prefix) {
  UseSceneGraph(scene_graph);
}

Parser::Parser(systems::DiagramBuilder<double>* builder,
               MultibodyPlant<double>* plant,
               geometry::SceneGraph<double>* scene_graph,
               std::string_view model_name_prefix)
    : prefix_(model_name_prefix) {
  if (builder == nullptr && plant == nullptr) {
    ThrowLogicError("Parser(): give a builder or a plant (both are null).");
  }
  if (plant == nullptr) {
    // The builder's system named "plant", as AddMultibodyPlant() names it.
    for (const systems::System<double>* system : builder->GetSystems()) {
      if (system->get_name() == "plant") {
        plant = dynamic_cast<MultibodyPlant<double>*>(
            const_cast<systems::System<double>*>(system));
      }
    }
    if (plant == nullptr) {
      ThrowLogicError(
          "Parser(): the builder has no MultibodyPlant named 'plant'; add "
          "one (AddMultibodyPlant(), AddMultibodyPlantSceneGraph()) or pass "
          "the plant.");
    }
  } else if (builder != nullptr) {
    const auto systems = builder->GetSystems();
    if (std::find(systems.begin(), systems.end(), plant) == systems.end()) {
      ThrowLogicError("Parser(): the plant '{}' is not in the builder.",
                      plant->get_name());
    }
  }
  plant_ = plant;
  UseSceneGraph(scene_graph);
}

void Parser::UseSceneGraph(geometry::SceneGraph<double>* scene_graph) {
  if (scene_graph == nullptr) return;
  if (!plant_->geometry_source_is_registered()) {
    plant_->RegisterAsSourceForSceneGraph(scene_graph);
  } else if (!plant_->is_finalized() &&
             plant_->GetMutableSceneGraphPreFinalize() != scene_graph) {
    ThrowLogicError(
        "Parser(): the plant is registered with a different SceneGraph than "
        "the one given.");
  }
}

MultibodyPlant<double>& Parser::PlantOrThrow(const char* method) {
  if (plant_ == nullptr) {
    ThrowLogicError(
        "Parser::{}(): this parser was made without a plant (use "
        "Parser(plant) to add models to one).",
        method);
  }
  return *plant_;
}

MultibodyPlant<double>& Parser::plant() { return PlantOrThrow("plant"); }

std::vector<ModelInstanceIndex> Parser::AddToPlant(
    const char* method, std::vector<internal::ModelSpec> models) {
  MultibodyPlant<double>& plant = PlantOrThrow(method);
  return internal::AddModelSpecsToPlant(
      models, internal::DiagnosticPolicy(strict_), &plant);
}

namespace {
void ThrowIfFinalized(const MultibodyPlant<double>* plant, const char* method) {
  if (plant != nullptr && plant->is_finalized()) {
    ThrowLogicError(
        "Parser::{}(): the plant is finalized; models can only be added "
        "before MultibodyPlant::Finalize().",
        method);
  }
}
}  // namespace

std::vector<ModelInstanceIndex> Parser::AddModels(
    const std::filesystem::path& file_name) {
  PlantOrThrow("AddModels");
  ThrowIfFinalized(plant_, "AddModels");
  return AddToPlant("AddModels", ParseModelSpecs(file_name.string()));
}

std::vector<ModelInstanceIndex> Parser::AddModelsFromString(
    const std::string& file_contents, const std::string& file_type) {
  PlantOrThrow("AddModelsFromString");
  ThrowIfFinalized(plant_, "AddModelsFromString");
  return AddToPlant("AddModelsFromString",
                    ParseModelSpecsFromString(file_contents, file_type));
}

std::vector<ModelInstanceIndex> Parser::AddModelsFromUrl(
    const std::string& url) {
  PlantOrThrow("AddModelsFromUrl");
  ThrowIfFinalized(plant_, "AddModelsFromUrl");
  return AddToPlant("AddModelsFromUrl", ParseModelSpecsFromUrl(url));
}

std::vector<internal::ModelSpec> Parser::ParseModelSpecs(
    const std::string& file_name) {
  const auto workspace = MakeWorkspace(package_map_, strict_);
  const auto source = internal::DataSource::FromFile(file_name);
  return Finish(internal::ParseAnyFormat(source, "", workspace));
}

std::vector<internal::ModelSpec> Parser::ParseModelSpecsFromString(
    const std::string& file_contents, const std::string& file_type) {
  const auto workspace = MakeWorkspace(package_map_, strict_);
  std::error_code ec;
  const auto source = internal::DataSource::FromContents(
      file_contents, fmt::format("<string>.{}", file_type),
      std::filesystem::current_path(ec).string());
  return Finish(internal::ParseAnyFormat(source, "", workspace));
}

std::vector<internal::ModelSpec> Parser::ParseModelSpecsFromUrl(
    const std::string& url) {
  return ParseModelSpecs(package_map_.ResolveUrl(url));
}

}  // namespace ossa::multibody
