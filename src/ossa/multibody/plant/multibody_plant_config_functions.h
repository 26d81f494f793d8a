#pragma once

/// @file
/// AddMultibodyPlant() and ApplyMultibodyPlantConfig(), and the string ↔
/// enum conversions of MultibodyPlantConfig's fields.

#include <string>

#include "ossa/geometry/hydroelastic_contact_representation.h"
#include "ossa/geometry/scene_graph_config.h"
#include "ossa/multibody/plant/discrete_contact_approximation.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/multibody_plant_config.h"
#include "ossa/systems/framework/diagram_builder.h"

namespace ossa::multibody {

/// Adds a new MultibodyPlant<double>(config.time_step) named "plant" and a
/// SceneGraph named "scene_graph" to `builder`, applies `config` to the plant
/// (ApplyMultibodyPlantConfig), registers and connects them as
/// AddMultibodyPlantSceneGraph() does, and returns both (owned by the
/// builder). Throws std::logic_error if `builder` is null or `config` is
/// invalid (see ApplyMultibodyPlantConfig); the builder is then unchanged.
AddMultibodyPlantSceneGraphResult<double> AddMultibodyPlant(
    const MultibodyPlantConfig& config,
    systems::DiagramBuilder<double>* builder);

/// As above, with the SceneGraph made with `scene_graph_config`. Throws
/// std::runtime_error if `scene_graph_config` is invalid
/// (SceneGraphConfig::ValidateOrThrow()); the builder is then unchanged.
AddMultibodyPlantSceneGraphResult<double> AddMultibodyPlant(
    const MultibodyPlantConfig& plant_config,
    const geometry::SceneGraphConfig& scene_graph_config,
    systems::DiagramBuilder<double>* builder);

/// Applies every field of `config` except time_step to `plant`, which must
/// not be finalized. Throws std::logic_error if `plant` is null or
/// finalized, if config.time_step differs from plant->time_step() (the time
/// step can only be set by the constructor), or if a string field is not
/// one of its documented values (the message lists them). For a continuous
/// plant the discrete-only fields (use_sampled_output_ports,
/// discrete_contact_approximation, discrete_contact_solver) are validated
/// but not applied.
template <typename T>
void ApplyMultibodyPlantConfig(const MultibodyPlantConfig& config,
                               MultibodyPlant<T>* plant);

/// "point" → ContactModel::kPoint, "hydroelastic",
/// "hydroelastic_with_fallback". Throws std::logic_error for any other string.
ContactModel GetContactModelFromString(const std::string& name);
std::string GetStringFromContactModel(ContactModel model);

/// "tamsi", "sap", "similar", "lagged". Throws std::logic_error otherwise.
DiscreteContactApproximation GetDiscreteContactApproximationFromString(
    const std::string& name);
std::string GetStringFromDiscreteContactApproximation(
    DiscreteContactApproximation approximation);

/// "tamsi", "sap". Throws std::logic_error otherwise.
DiscreteContactSolver GetDiscreteContactSolverFromString(
    const std::string& name);
std::string GetStringFromDiscreteContactSolver(DiscreteContactSolver solver);

/// "triangle", "polygon". Throws std::logic_error otherwise.
geometry::HydroelasticContactRepresentation
GetContactSurfaceRepresentationFromString(const std::string& name);
std::string GetStringFromContactSurfaceRepresentation(
    geometry::HydroelasticContactRepresentation representation);

}  // namespace ossa::multibody
