#pragma once

/// @file
/// MeshcatVisualizer: a system that draws SceneGraph's geometry of one role
/// in a Meshcat. Its input port "query_object" takes SceneGraph's query
/// output. On its first publish (and after an initialization event, which
/// also deletes `prefix` when delete_on_initialization_event) it sends
/// every geometry of the role as an object at
/// "<prefix>/<frame name, '::' as '/'>/<geometry id>" posed in its frame;
/// each publish (periodic, every publish_period, and forced) sends the
/// frames' poses in the world, under one lock of the Meshcat (SetTransforms)
/// and never waiting for a browser. While the Meshcat records, poses are
/// recorded at the Context's time.

#include <memory>
#include <string>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/rgba.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/visualization/meshcat.h"

namespace ossa::geometry {

template <typename T>
class SceneGraph;

struct MeshcatVisualizerParams {
  /// Seconds between periodic publishes (> 0).
  double publish_period{1.0 / 64.0};
  /// kIllustration or kProximity.
  Role role{Role::kIllustration};
  /// The color of a geometry whose properties give none ("phong",
  /// "diffuse").
  Rgba default_color{0.9, 0.9, 0.9, 1.0};
  std::string prefix{"visualizer"};
  bool delete_on_initialization_event{true};
  /// Accepted for compatibility (no alpha slider is added).
  bool enable_alpha_slider{false};
  double initial_alpha_slider_value{1.0};
  /// Sets the "visible" property of `prefix`.
  bool visible_by_default{true};
  bool show_hydroelastic{false};
  bool include_unspecified_accepting{true};
};

template <typename T>
class MeshcatVisualizer final : public systems::LeafSystem<T> {
 public:
  /// @throws std::invalid_argument for a null meshcat, a publish period
  /// that is not positive, or a role other than illustration or proximity.
  MeshcatVisualizer(std::shared_ptr<Meshcat> meshcat,
                    MeshcatVisualizerParams params = {});
  ~MeshcatVisualizer() override;

  /// Adds a visualizer to `builder` and connects SceneGraph's query port.
  static MeshcatVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder, const SceneGraph<T>& scene_graph,
      std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params = {});
  static MeshcatVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder,
      const systems::OutputPort<T>& query_object_port,
      std::shared_ptr<Meshcat> meshcat, MeshcatVisualizerParams params = {});

  const systems::InputPort<T>& query_object_input_port() const {
    return this->get_input_port(0);
  }
  /// Deletes `prefix` from the Meshcat; the next publish sends the objects
  /// again.
  void Delete() const;
  const MeshcatVisualizerParams& params() const { return params_; }

 private:
  systems::EventStatus OnInitialization(
      const systems::Context<T>& context) const;
  systems::EventStatus OnPublish(const systems::Context<T>& context) const;
  void SendObjects(const systems::Context<T>& context) const;

  std::shared_ptr<Meshcat> meshcat_;
  MeshcatVisualizerParams params_;
  // What was sent (publish events run on one thread at a time).
  mutable bool sent_objects_{false};
  mutable int sent_num_geometries_{-1};
  mutable std::vector<FrameId> frames_;
  mutable std::vector<std::string> frame_paths_;
  mutable std::vector<math::RigidTransform<double>> poses_;
};

}  // namespace ossa::geometry
