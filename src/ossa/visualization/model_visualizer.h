#pragma once

/// @file
/// ModelVisualizer: loads models into a MultibodyPlant with a SceneGraph and
/// shows them in a Meshcat with a slider per joint position (the reference's
/// visualization.ModelVisualizer, which it has in Python only).
///
/// The plant is discrete (time step 1 ms, point contact) and never
/// simulated: the sliders pose it. Finalize() builds the diagram: plant,
/// SceneGraph, a MeshcatVisualizer of the illustration geometry, a
/// ContactVisualizer of the plant's point contacts (publish_contacts) and
/// JointSliders. A model with no illustration geometry at all is drawn as a
/// stick figure (AddStickFigure()), so that every model can be seen.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ossa/common/eigen_types.h"
#include "ossa/visualization/meshcat.h"

namespace ossa::systems {
template <typename T>
class Diagram;
template <typename T>
class DiagramBuilder;
template <typename T>
class Context;
}  // namespace ossa::systems
namespace ossa::geometry {
template <typename T>
class SceneGraph;
}  // namespace ossa::geometry
namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
class Parser;
class PackageMap;
namespace meshcat {
template <typename T>
class JointSliders;
}  // namespace meshcat
}  // namespace ossa::multibody

namespace ossa::visualization {

/// Registers illustration geometry on the unfinalized `plant`: a sphere of
/// `radius` at each body's origin (the world's excepted) and a rod of
/// radius/2 from each joint's parent body origin to the joint frame on the
/// parent (joints whose frame is within 1 μm of that origin get none).
/// Returns the number of geometries added.
/// @throws std::logic_error if the plant is finalized or has no SceneGraph.
int AddStickFigure(multibody::MultibodyPlant<double>* plant,
                   double radius = 0.03);

class ModelVisualizer {
 public:
  /// A visualizer drawing into `meshcat` (a new Meshcat on the first free
  /// port in 7000-7099 at Finalize() if null). With `visualize_frames`,
  /// every body frame gets a triad (x red, y green, z blue) of
  /// `triad_length`, `triad_radius` and opacity `triad_opacity`.
  explicit ModelVisualizer(std::shared_ptr<geometry::Meshcat> meshcat = nullptr,
                           bool visualize_frames = false,
                           double triad_length = 0.3,
                           double triad_radius = 0.005,
                           double triad_opacity = 0.9,
                           bool publish_contacts = true);
  ~ModelVisualizer();
  ModelVisualizer(const ModelVisualizer&) = delete;
  ModelVisualizer& operator=(const ModelVisualizer&) = delete;

  /// The parser models are added with (before Finalize()).
  /// @throws std::logic_error after Finalize().
  multibody::Parser& parser();
  multibody::PackageMap& package_map();
  /// The Meshcat (null before Finalize() unless one was given).
  std::shared_ptr<geometry::Meshcat> meshcat() const { return meshcat_; }
  multibody::MultibodyPlant<double>& plant() { return *plant_; }
  geometry::SceneGraph<double>& scene_graph() { return *scene_graph_; }
  /// The diagram (null before Finalize()).
  const systems::Diagram<double>* diagram() const { return diagram_.get(); }
  /// The sliders (null before Finalize(), or without sliders).
  multibody::meshcat::JointSliders<double>* sliders() const { return sliders_; }

  /// Adds the models of a file (parser().AddModels()) or of a package://,
  /// model:// or file:// URL.
  /// @throws std::logic_error after Finalize(); the parser's errors.
  std::vector<int> AddModels(const std::filesystem::path& file_name);
  std::vector<int> AddModelsFromUrl(const std::string& url);

  /// Finalizes the plant (welding each free body to the world where it is
  /// by default if `weld_free_bodies`), builds the diagram, adds the
  /// sliders (if `sliders`) starting at `position` (size nq; default the
  /// plant's default positions), aims the camera at the bodies and
  /// publishes once. Does nothing if already finalized.
  /// @throws std::invalid_argument if `position` has the wrong size (the
  /// plant is then finalized and a second call can finish the rest).
  void Finalize(std::optional<Eigen::VectorXd> position = std::nullopt,
                bool weld_free_bodies = false, bool sliders = true);

  /// Finalize(position), then publishes the model each time a slider moves
  /// until the Meshcat's "Stop JointSliders" button is clicked or `timeout`
  /// seconds pass; with `loop_once`, returns after the first publish.
  void Run(std::optional<Eigen::VectorXd> position = std::nullopt,
           bool loop_once = false,
           std::optional<double> timeout = std::nullopt);

  /// Finalize(), then the Meshcat's StaticHtml().
  std::string StaticHtml();

  /// The plant's Context in the diagram's Context published last (after
  /// Finalize()); Run() and Finalize() pose it.
  systems::Context<double>& mutable_plant_context();
  /// Publishes the diagram with the positions of mutable_plant_context().
  void Publish() const;

 private:
  void ThrowIfFinalized(const char* method) const;
  // The stick figure, triads and welds, then plant().Finalize().
  void FinalizePlant(bool weld_free_bodies);
  void AddTriads();
  void AimCamera();

  std::shared_ptr<geometry::Meshcat> meshcat_;
  bool visualize_frames_;
  double triad_length_, triad_radius_, triad_opacity_;
  bool publish_contacts_;
  std::unique_ptr<systems::DiagramBuilder<double>> builder_;
  multibody::MultibodyPlant<double>* plant_{};
  geometry::SceneGraph<double>* scene_graph_{};
  std::unique_ptr<multibody::Parser> parser_;
  std::unique_ptr<systems::Diagram<double>> diagram_;
  std::unique_ptr<systems::Context<double>> context_;
  multibody::meshcat::JointSliders<double>* sliders_{};
};

}  // namespace ossa::visualization
