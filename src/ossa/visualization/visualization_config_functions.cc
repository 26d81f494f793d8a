#include "ossa/visualization/visualization_config_functions.h"

#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/visualization/contact_visualizer.h"
#include "ossa/visualization/inertia_visualizer.h"

namespace ossa::visualization {
namespace {

using geometry::MeshcatVisualizer;
using geometry::MeshcatVisualizerParams;
using geometry::Role;
using geometry::SceneGraph;
using multibody::MultibodyPlant;
using systems::DiagramBuilder;
using systems::System;

constexpr char kApply[] = "ApplyVisualizationConfig";
// The inertia layer's alpha slider starts half transparent (as the
// reference's), its ellipsoids at full opacity until the slider is read.
constexpr double kInertiaAlphaSliderValue = 0.5;

// The system of `builder` named `name`, as a `S`; throws as the reference
// (its message lists the builder's systems).
template <typename S>
S& FindSystem(DiagramBuilder<double>* builder, const std::string& name,
              const char* type_name) {
  if (!builder->HasSubsystemNamed(name)) {
    std::string names;
    for (const System<double>* system : builder->GetSystems()) {
      names += (names.empty() ? "" : ", ") + system->get_name();
    }
    throw std::logic_error(fmt::format(
        "DiagramBuilder does not contain a subsystem named {}. Valid "
        "subsystems are {}.",
        name, names));
  }
  System<double>& system = builder->GetMutableSubsystemByName(name);
  auto* typed = dynamic_cast<S*>(&system);
  if (typed == nullptr) {
    throw std::logic_error(
        fmt::format("{}(): the system named '{}' is a {}, not a {}.", kApply,
                    name, system.GetSystemType(), type_name));
  }
  return *typed;
}

}  // namespace

namespace internal {

std::vector<MeshcatVisualizerParams> ConvertVisualizationConfigToMeshcatParams(
    const VisualizationConfig& config) {
  std::vector<MeshcatVisualizerParams> result;
  auto common = [&config](const char* prefix) {
    MeshcatVisualizerParams params;
    params.publish_period = config.publish_period;
    params.prefix = prefix;
    params.delete_on_initialization_event =
        config.delete_on_initialization_event;
    params.enable_alpha_slider = config.enable_alpha_sliders;
    return params;
  };
  if (config.publish_illustration) {
    MeshcatVisualizerParams params = common("illustration");
    params.role = Role::kIllustration;
    params.default_color = config.default_illustration_color;
    params.visible_by_default = true;
    result.push_back(std::move(params));
  }
  if (config.publish_inertia) {
    MeshcatVisualizerParams params = common("inertia");
    params.role = Role::kIllustration;
    params.default_color = config.default_illustration_color;
    params.visible_by_default = false;
    // Only the InertiaVisualizer's ellipsoids (accepting "inertia").
    params.include_unspecified_accepting = false;
    result.push_back(std::move(params));
  }
  if (config.publish_proximity) {
    MeshcatVisualizerParams params = common("proximity");
    params.role = Role::kProximity;
    params.default_color = config.default_proximity_color;
    params.initial_alpha_slider_value = config.initial_proximity_alpha;
    params.visible_by_default = false;
    params.show_hydroelastic = true;
    result.push_back(std::move(params));
  }
  return result;
}

}  // namespace internal

void ApplyVisualizationConfig(const VisualizationConfig& config,
                              DiagramBuilder<double>* builder,
                              const systems::lcm::LcmBuses* lcm_buses,
                              const MultibodyPlant<double>* plant,
                              SceneGraph<double>* scene_graph,
                              std::shared_ptr<geometry::Meshcat> meshcat,
                              lcm::DrakeLcmInterface* lcm) {
  if (builder == nullptr) {
    throw std::logic_error(fmt::format("{}(): builder is null.", kApply));
  }
  if (lcm_buses != nullptr || lcm != nullptr) {
    throw std::logic_error(fmt::format(
        "{}(): ossa has no LCM; pass no lcm_buses and no lcm (the drawing "
        "goes to Meshcat only).",
        kApply));
  }
  if (config.lcm_bus != "default") {
    throw std::runtime_error(fmt::format(
        "{} requested a non-default LCM bus '{}' but did not provide an "
        "LcmBuses object to locate it",
        kApply, config.lcm_bus));
  }
  if (plant == nullptr) {
    plant = &FindSystem<MultibodyPlant<double>>(builder, "plant",
                                                "MultibodyPlant<double>");
  }
  if (scene_graph == nullptr) {
    scene_graph = &FindSystem<SceneGraph<double>>(builder, "scene_graph",
                                                  "SceneGraph<double>");
  }
  if (!plant->is_finalized()) {
    throw std::logic_error(fmt::format(
        "{}(): the plant '{}' is not finalized; call Finalize() first.", kApply,
        plant->get_name()));
  }
  if (!(config.publish_period > 0)) {
    throw std::runtime_error(
        fmt::format("{}(): publish_period must be positive, not {}.", kApply,
                    config.publish_period));
  }
  if (meshcat == nullptr && config.enable_meshcat_creation) {
    meshcat = std::make_shared<geometry::Meshcat>();
  }
  if (meshcat != nullptr) {
    for (const MeshcatVisualizerParams& params :
         internal::ConvertVisualizationConfigToMeshcatParams(config)) {
      MeshcatVisualizer<double>::AddToBuilder(builder, *scene_graph, meshcat,
                                              params);
      if (params.prefix == "inertia" && params.enable_alpha_slider) {
        meshcat->SetSliderValue("inertia α", kInertiaAlphaSliderValue);
      }
    }
    if (config.publish_contacts) {
      multibody::meshcat::ContactVisualizerParams params;
      params.publish_period = config.publish_period;
      params.delete_on_initialization_event =
          config.delete_on_initialization_event;
      multibody::meshcat::ContactVisualizer<double>::AddToBuilder(
          builder, plant->get_contact_results_output_port(),
          scene_graph->get_query_output_port(), meshcat, std::move(params));
    }
  }
  if (config.publish_inertia) {
    InertiaVisualizer<double>::AddToBuilder(builder, *plant, scene_graph);
  }
}

void AddDefaultVisualization(DiagramBuilder<double>* builder,
                             std::shared_ptr<geometry::Meshcat> meshcat) {
  ApplyVisualizationConfig(VisualizationConfig{}, builder, nullptr, nullptr,
                           nullptr, std::move(meshcat));
}

}  // namespace ossa::visualization
