#pragma once

/// @file
/// MeshcatVisualizer: a system that draws SceneGraph's geometry of one role
/// in a Meshcat. Its input port "query_object" takes SceneGraph's query
/// output. On its first publish (and after an initialization event, which
/// also deletes `prefix` when delete_on_initialization_event) it sends
/// every geometry of the role as an object at
/// "<prefix>/<frame name>/<geometry name>" ('::' in either name becomes
/// '/'; geometry of the world frame sits at "<prefix>/<geometry name>"),
/// posed in its frame, with its "modulated_opacity" property set to
/// initial_alpha_slider_value (with the alpha slider) or 1; each publish
/// (periodic, every publish_period, and forced) sends the frames' poses in
/// the world, under one lock of the Meshcat (SetTransforms) and never
/// waiting for a browser. While the Meshcat records, poses are recorded at
/// the Context's time.
///
/// A geometry whose properties of the role hold ("meshcat", "accepting")
/// (a string) is drawn only by the visualizers whose prefix equals it;
/// one without that property only by those with
/// include_unspecified_accepting (the reference's rule, which lets the
/// inertia illustration share the illustration role).
///
/// With enable_alpha_slider the constructor adds the Meshcat slider
/// "<prefix> α" (0.02 to 1 in steps of 0.02, starting at
/// initial_alpha_slider_value); a publish that finds it moved sets the
/// "modulated_opacity" property of `prefix` to its value.

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
  /// Adds the slider "<prefix> α" that scales the opacity of every object.
  bool enable_alpha_slider{false};
  /// The slider's first value (quantized by the slider) and every object's
  /// first "modulated_opacity".
  double initial_alpha_slider_value{1.0};
  /// Sets the "visible" property of `prefix`.
  bool visible_by_default{true};
  /// Accepted for compatibility (there is no hydroelastic contact).
  bool show_hydroelastic{false};
  /// Whether geometry without a ("meshcat", "accepting") property is drawn.
  bool include_unspecified_accepting{true};
};

template <typename T>
class MeshcatVisualizer final : public systems::LeafSystem<T> {
 public:
  /// @throws std::invalid_argument for a null meshcat, a publish period
  /// that is not positive, or a role other than illustration or proximity;
  /// std::logic_error (from Meshcat::AddSlider) when the alpha slider's name
  /// is taken.
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
  // The alpha slider's name and the value last applied to `prefix`.
  std::string alpha_slider_name_;
  mutable double alpha_value_{1.0};
};

}  // namespace ossa::geometry
