#pragma once

/// @file
/// ContactVisualizer: draws a MultibodyPlant's point contact forces in a
/// Meshcat (the reference's multibody::meshcat::ContactVisualizer).
///
/// For each point contact of the "contact_results" input whose force
/// f_Bc_W (the force on body B at the contact point C, expressed in W) has
/// magnitude |f| ≥ force_threshold, an arrow starts at C and runs along
/// f_Bc_W for L = |f| / newtons_per_meter meters: a shaft (cylinder of
/// radius `radius`) and a head (cone of twice that radius, h = min(L/2,
/// 8·radius) long). The contact's path holds the arrow frame A (origin C,
/// ẑ along f, right-handed); under it "shaft" (a unit cylinder scaled to
/// L − h along ẑ, centered at (L − h)/2) and "head" (a unit cone scaled to
/// h, its base at L − h). The shapes are sent once per path, the three
/// poses at each publish. Paths whose contact is gone (or below the
/// threshold) are hidden ("visible" false), not deleted.
///
/// A contact's path is "<prefix>/<name A>+<name B>": with the optional
/// "query_object" input connected, the names of the pair's geometries (one
/// point contact per geometry pair); otherwise the indices of bodies A and
/// B, the k-th further contact between the same bodies getting "_k".
///
/// Publishes periodically (publish_period), when forced, and at
/// initialization (after deleting `prefix` when
/// delete_on_initialization_event). Instantiated for T = double.

#include <map>
#include <memory>
#include <string>

#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"
#include "ossa/visualization/contact_visualizer_params.h"
#include "ossa/visualization/meshcat.h"

namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
}  // namespace ossa::multibody

namespace ossa::multibody::meshcat {

template <typename T>
class ContactVisualizer final : public systems::LeafSystem<T> {
 public:
  /// @throws std::invalid_argument for a null meshcat, or a publish
  /// period, newtons_per_meter or radius that is not positive.
  explicit ContactVisualizer(std::shared_ptr<geometry::Meshcat> meshcat,
                             ContactVisualizerParams params = {});
  ~ContactVisualizer() final;

  /// Deletes `prefix` from the Meshcat; the next publish draws anew.
  void Delete() const;

  /// Abstract input of ContactResults<T>.
  const systems::InputPort<T>& contact_results_input_port() const {
    return this->get_input_port(0);
  }
  /// Optional abstract input of geometry::QueryObject<T> (for the names).
  const systems::InputPort<T>& query_object_input_port() const {
    return this->get_input_port(1);
  }
  const ContactVisualizerParams& params() const { return params_; }

  /// Adds a visualizer to `builder` (named "meshcat_contact_visualizer" if
  /// that name is free) and connects the plant's contact results output.
  static const ContactVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder, const MultibodyPlant<T>& plant,
      std::shared_ptr<geometry::Meshcat> meshcat,
      ContactVisualizerParams params = {});
  /// The same connecting `contact_results_port`.
  static const ContactVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder,
      const systems::OutputPort<T>& contact_results_port,
      std::shared_ptr<geometry::Meshcat> meshcat,
      ContactVisualizerParams params = {});
  /// The same connecting both ports.
  static const ContactVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder,
      const systems::OutputPort<T>& contact_results_port,
      const systems::OutputPort<T>& query_object_port,
      std::shared_ptr<geometry::Meshcat> meshcat,
      ContactVisualizerParams params = {});

 private:
  static ContactVisualizer<T>* AddUnconnected(
      systems::DiagramBuilder<T>* builder,
      std::shared_ptr<geometry::Meshcat> meshcat,
      ContactVisualizerParams params);
  systems::EventStatus OnInitialization(
      const systems::Context<T>& context) const;
  systems::EventStatus OnPublish(const systems::Context<T>& context) const;

  std::shared_ptr<geometry::Meshcat> meshcat_;
  ContactVisualizerParams params_;
  // Path -> whether it is visible now; publish events run on one thread at
  // a time.
  mutable std::map<std::string, bool> arrows_;
};

}  // namespace ossa::multibody::meshcat
