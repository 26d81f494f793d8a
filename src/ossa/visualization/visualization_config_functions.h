#pragma once

/// @file
/// ApplyVisualizationConfig() and AddDefaultVisualization(): add the
/// Meshcat visualizers of a MultibodyPlant and its SceneGraph to a diagram
/// in one call, as the reference's functions of the same names do.
///
/// The reference also adds LCM publishers (for its separate viewer, Meldis)
/// on the bus `config.lcm_bus`, creating an LCM instance for "default".
/// ossa has no LCM: with lcm_bus "default" and no buses nor LCM instance
/// given it publishes nothing there and the Meshcat drawing is the same
/// (the reference's default LCM output, multicast to no one in the program,
/// is not observable from it); a program that names another bus or passes
/// buses or an LCM instance depends on LCM output, and those calls throw.

#include <memory>
#include <vector>

#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/meshcat_visualizer.h"
#include "ossa/visualization/visualization_config.h"

namespace ossa::geometry {
template <typename T>
class SceneGraph;
}  // namespace ossa::geometry
namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
}  // namespace ossa::multibody
// The reference's LCM types, named only so that calls written for it
// compile; ossa defines neither.
namespace ossa::lcm {
class DrakeLcmInterface;
}  // namespace ossa::lcm
namespace ossa::systems::lcm {
class LcmBuses;
}  // namespace ossa::systems::lcm

namespace ossa::visualization {

/// Adds to `builder`, for `config`:
///   - with publish_illustration, a MeshcatVisualizer of the illustration
///     role at "illustration" (named "meshcat_visualizer(illustration)");
///   - with publish_inertia, an InertiaVisualizer (its ellipsoids are
///     illustration geometry accepted only by the prefix "inertia") and a
///     MeshcatVisualizer at "inertia", hidden, its alpha slider at 0.5;
///   - with publish_proximity, a MeshcatVisualizer of the proximity role at
///     "proximity", hidden, in default_proximity_color, its alpha slider at
///     initial_proximity_alpha;
///   - with publish_contacts, a ContactVisualizer of the plant's contact
///     results ("meshcat_contact_visualizer").
/// Every visualizer publishes every publish_period and deletes its path on
/// initialization per delete_on_initialization_event; enable_alpha_sliders
/// gives each MeshcatVisualizer its slider. Without `meshcat`, one is
/// created (MeshcatParams defaults) when enable_meshcat_creation, else only
/// the inertia geometry is added (the reference's LCM output is not).
///
/// `plant` and `scene_graph` default to the systems named "plant" and
/// "scene_graph" in `builder` (as AddMultibodyPlantSceneGraph() names
/// them).
///
/// @throws std::logic_error if builder is null, a system of those names is
/// missing or of another type, or the plant is not finalized;
/// std::runtime_error with the reference's message if config.lcm_bus is not
/// "default" and neither lcm_buses nor lcm is given; std::logic_error if
/// lcm_buses or lcm is given (ossa has no LCM); std::runtime_error if
/// publish_period is not positive (all before adding anything); the errors
/// of the systems' constructors (a second call on the same builder: the
/// SceneGraph source "inertia_visualizer" or a slider name exists).
void ApplyVisualizationConfig(
    const VisualizationConfig& config, systems::DiagramBuilder<double>* builder,
    const systems::lcm::LcmBuses* lcm_buses = nullptr,
    const multibody::MultibodyPlant<double>* plant = nullptr,
    geometry::SceneGraph<double>* scene_graph = nullptr,
    std::shared_ptr<geometry::Meshcat> meshcat = nullptr,
    lcm::DrakeLcmInterface* lcm = nullptr);

/// ApplyVisualizationConfig(VisualizationConfig{}, builder, nullptr,
/// nullptr, nullptr, meshcat).
void AddDefaultVisualization(
    systems::DiagramBuilder<double>* builder,
    std::shared_ptr<geometry::Meshcat> meshcat = nullptr);

namespace internal {

/// The MeshcatVisualizerParams of the layers `config` asks for, in the
/// order illustration, inertia, proximity.
std::vector<geometry::MeshcatVisualizerParams>
ConvertVisualizationConfigToMeshcatParams(const VisualizationConfig& config);

}  // namespace internal
}  // namespace ossa::visualization
