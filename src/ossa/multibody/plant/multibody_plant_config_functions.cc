#include "ossa/multibody/plant/multibody_plant_config_functions.h"

#include <fmt/format.h>

#include <array>
#include <memory>
#include <string_view>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/geometry/scene_graph.h"

namespace ossa::multibody {

namespace {

// One table per enum: the config strings in documentation order.
template <typename E, size_t N>
using NameTable = std::array<std::pair<std::string_view, E>, N>;

constexpr NameTable<ContactModel, 3> kContactModels{{
    {"point", ContactModel::kPoint},
    {"hydroelastic", ContactModel::kHydroelastic},
    {"hydroelastic_with_fallback", ContactModel::kHydroelasticWithFallback},
}};
constexpr NameTable<DiscreteContactApproximation, 4> kApproximations{{
    {"tamsi", DiscreteContactApproximation::kTamsi},
    {"sap", DiscreteContactApproximation::kSap},
    {"similar", DiscreteContactApproximation::kSimilar},
    {"lagged", DiscreteContactApproximation::kLagged},
}};
constexpr NameTable<DiscreteContactSolver, 2> kSolvers{{
    {"tamsi", DiscreteContactSolver::kTamsi},
    {"sap", DiscreteContactSolver::kSap},
}};
constexpr NameTable<geometry::HydroelasticContactRepresentation, 2>
    kRepresentations{{
        {"triangle", geometry::HydroelasticContactRepresentation::kTriangle},
        {"polygon", geometry::HydroelasticContactRepresentation::kPolygon},
    }};

template <typename E, size_t N>
E FromString(const char* method, const char* field,
             const NameTable<E, N>& table, const std::string& name) {
  for (const auto& [text, value] : table) {
    if (text == name) return value;
  }
  std::string valid;
  for (const auto& [text, value] : table) {
    valid += fmt::format("{}'{}'", valid.empty() ? "" : ", ", text);
  }
  ThrowLogicError("{}(): unknown {} '{}'; the valid values are {}.", method,
                  field, name, valid);
}

template <typename E, size_t N>
std::string ToString(const NameTable<E, N>& table, E value) {
  for (const auto& [text, v] : table) {
    if (v == value) return std::string(text);
  }
  ThrowLogicError("GetStringFrom(): invalid enum value {}.",
                  static_cast<int>(value));
}

}  // namespace

ContactModel GetContactModelFromString(const std::string& name) {
  return FromString("GetContactModelFromString", "contact_model",
                    kContactModels, name);
}
std::string GetStringFromContactModel(ContactModel model) {
  return ToString(kContactModels, model);
}
DiscreteContactApproximation GetDiscreteContactApproximationFromString(
    const std::string& name) {
  return FromString("GetDiscreteContactApproximationFromString",
                    "discrete_contact_approximation", kApproximations, name);
}
std::string GetStringFromDiscreteContactApproximation(
    DiscreteContactApproximation approximation) {
  return ToString(kApproximations, approximation);
}
DiscreteContactSolver GetDiscreteContactSolverFromString(
    const std::string& name) {
  return FromString("GetDiscreteContactSolverFromString",
                    "discrete_contact_solver", kSolvers, name);
}
std::string GetStringFromDiscreteContactSolver(DiscreteContactSolver solver) {
  return ToString(kSolvers, solver);
}
geometry::HydroelasticContactRepresentation
GetContactSurfaceRepresentationFromString(const std::string& name) {
  return FromString("GetContactSurfaceRepresentationFromString",
                    "contact_surface_representation", kRepresentations, name);
}
std::string GetStringFromContactSurfaceRepresentation(
    geometry::HydroelasticContactRepresentation representation) {
  return ToString(kRepresentations, representation);
}

template <typename T>
void ApplyMultibodyPlantConfig(const MultibodyPlantConfig& config,
                               MultibodyPlant<T>* plant) {
  constexpr const char* kMethod = "ApplyMultibodyPlantConfig";
  if (plant == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): plant is a nullptr.", kMethod);
  }
  if (plant->is_finalized()) [[unlikely]] {
    ThrowLogicError(
        "{}(): the plant is finalized; the config must be applied before "
        "Finalize().",
        kMethod);
  }
  if (config.time_step != plant->time_step()) [[unlikely]] {
    ThrowLogicError(
        "{}(): config.time_step = {} differs from the plant's time_step() = "
        "{}; the time step can only be set in the MultibodyPlant constructor "
        "(see AddMultibodyPlant()).",
        kMethod, config.time_step, plant->time_step());
  }
  // Validate every string before changing anything, so that a bad config
  // leaves the plant untouched.
  const ContactModel contact_model = FromString(
      kMethod, "contact_model", kContactModels, config.contact_model);
  const DiscreteContactApproximation approximation =
      FromString(kMethod, "discrete_contact_approximation", kApproximations,
                 config.discrete_contact_approximation);
  const geometry::HydroelasticContactRepresentation representation =
      FromString(kMethod, "contact_surface_representation", kRepresentations,
                 config.contact_surface_representation);
  DiscreteContactApproximation chosen = approximation;
  if (!config.discrete_contact_solver.empty()) {
    const DiscreteContactSolver solver =
        FromString(kMethod, "discrete_contact_solver", kSolvers,
                   config.discrete_contact_solver);
    const bool default_approximation =
        config.discrete_contact_approximation ==
        MultibodyPlantConfig{}.discrete_contact_approximation;
    if (solver == DiscreteContactSolver::kTamsi) {
      if (approximation != DiscreteContactApproximation::kTamsi &&
          !default_approximation) [[unlikely]] {
        ThrowLogicError(
            "{}(): discrete_contact_solver 'tamsi' conflicts with "
            "discrete_contact_approximation '{}' (the TAMSI solver supports "
            "only the 'tamsi' approximation).",
            kMethod, config.discrete_contact_approximation);
      }
      chosen = DiscreteContactApproximation::kTamsi;
    } else if (approximation == DiscreteContactApproximation::kTamsi)
        [[unlikely]] {
      ThrowLogicError(
          "{}(): discrete_contact_solver 'sap' conflicts with "
          "discrete_contact_approximation 'tamsi' (the SAP solver supports "
          "'sap', 'similar' and 'lagged').",
          kMethod);
    }
  }
  // The setters check their numeric arguments.
  plant->set_penetration_allowance(config.penetration_allowance);
  plant->set_stiction_tolerance(config.stiction_tolerance);
  plant->set_sap_near_rigid_threshold(config.sap_near_rigid_threshold);
  plant->set_contact_model(contact_model);
  plant->set_contact_surface_representation(representation);
  plant->set_adjacent_bodies_collision_filters(
      config.adjacent_bodies_collision_filters);
  if (plant->is_discrete()) {
    plant->set_discrete_contact_approximation(chosen);
    plant->SetUseSampledOutputPorts(config.use_sampled_output_ports);
  }
}

AddMultibodyPlantSceneGraphResult<double> AddMultibodyPlant(
    const MultibodyPlantConfig& config,
    systems::DiagramBuilder<double>* builder) {
  return AddMultibodyPlant(config, geometry::SceneGraphConfig{}, builder);
}

AddMultibodyPlantSceneGraphResult<double> AddMultibodyPlant(
    const MultibodyPlantConfig& config,
    const geometry::SceneGraphConfig& scene_graph_config,
    systems::DiagramBuilder<double>* builder) {
  if (builder == nullptr) [[unlikely]] {
    ThrowLogicError("AddMultibodyPlant(): builder is a nullptr.");
  }
  if (!(config.time_step >= 0)) [[unlikely]] {
    ThrowLogicError(
        "AddMultibodyPlant(): config.time_step must be non-negative, but {} "
        "was given.",
        config.time_step);
  }
  // Build and configure it fully before the builder takes it, so that a
  // bad config leaves the builder unchanged.
  auto plant = std::make_unique<MultibodyPlant<double>>(config.time_step);
  ApplyMultibodyPlantConfig(config, plant.get());
  plant->set_name("plant");
  auto scene_graph =
      std::make_unique<geometry::SceneGraph<double>>(scene_graph_config);
  scene_graph->set_name("scene_graph");
  return AddMultibodyPlantSceneGraph(builder, std::move(plant),
                                     std::move(scene_graph));
}

template void ApplyMultibodyPlantConfig<double>(const MultibodyPlantConfig&,
                                                MultibodyPlant<double>*);
template void ApplyMultibodyPlantConfig<AutoDiffXd>(
    const MultibodyPlantConfig&, MultibodyPlant<AutoDiffXd>*);

}  // namespace ossa::multibody
