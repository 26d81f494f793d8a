#pragma once

/// @file
/// InertiaVisualizer: illustration geometry showing the mass distribution of
/// each body of a MultibodyPlant that is not anchored (welded, directly or
/// through other bodies, to the world), as the reference's system of the
/// same name draws it.
///
/// Each body B gets a frame "InertiaVisualizer::<model instance>::<body>" and
/// in it an ellipsoid "$inertia(<body index>)", blue (0, 0, 1, 1), with the
/// illustration property ("meshcat", "accepting") = "inertia" (so that only
/// a MeshcatVisualizer with the prefix "inertia" draws it). The ellipsoid E
/// is the solid ellipsoid of B's default spatial inertia
/// (SpatialInertia::CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid():
/// centered at Bcm, its axes the principal axes, semi-diameters
/// lmax ≥ lmed ≥ lmin with lmax² = 5/2 (g2 + g3 − g1), ...), reshaped so it
/// can be seen:
///   - each semi-diameter is raised to at least lmax/100 (a rod or a thin
///     disk stays visible); a point mass (all zero) becomes a sphere;
///   - the three are scaled by one factor so the ellipsoid's volume
///     4/3 π a b c is m / ρ with ρ = 1000 kg/m³ (water), so a heavy body
///     looks big;
///   - a massless body gets a sphere of radius 1 mm at Bcm.
/// The ellipsoid is computed from the plant's default parameters when the
/// system is constructed (a mass changed in a Context does not change it).
///
/// Ports: input "plant_geometry_pose" (the plant's "geometry_pose", body
/// frame poses X_WB), output "geometry_pose" (X_WE = X_WB · X_BE for each
/// frame of its SceneGraph source "inertia_visualizer").

#include <utility>
#include <vector>

#include "ossa/geometry/geometry_ids.h"
#include "ossa/geometry/kinematics_vector.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::geometry {
template <typename T>
class SceneGraph;
}  // namespace ossa::geometry
namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
template <typename T>
class SpatialInertia;
}  // namespace ossa::multibody

namespace ossa::visualization {

/// No parameters yet (the reference's struct is empty too).
struct InertiaVisualizerParams {};

/// The semi-diameters (a ≥ b ≥ c, m) and pose X_BE in the body frame B of
/// the ellipsoid that InertiaVisualizer draws for a body of spatial inertia
/// M_BBo_B (see the file comment). @throws std::logic_error if M_BBo_B has a
/// NaN or infinite element.
std::pair<Eigen::Vector3d, math::RigidTransform<double>>
CalcInertiaIllustrationEllipsoid(
    const multibody::SpatialInertia<double>& M_BBo_B);

template <typename T>
class InertiaVisualizer final : public systems::LeafSystem<T> {
 public:
  /// Registers the source "inertia_visualizer" and a frame and ellipsoid
  /// per body that is not anchored with `scene_graph`.
  /// @throws std::logic_error if the plant is not finalized or
  /// scene_graph is null; SceneGraph's error if the source name is taken
  /// (a second InertiaVisualizer on the same SceneGraph).
  InertiaVisualizer(const multibody::MultibodyPlant<T>& plant,
                    geometry::SceneGraph<T>* scene_graph,
                    InertiaVisualizerParams params = {});
  ~InertiaVisualizer() final;

  /// Adds a visualizer named "inertia_visualizer" to `builder` and connects
  /// the plant's geometry poses to it and it to the SceneGraph.
  static const InertiaVisualizer<T>& AddToBuilder(
      systems::DiagramBuilder<T>* builder,
      const multibody::MultibodyPlant<T>& plant,
      geometry::SceneGraph<T>* scene_graph,
      InertiaVisualizerParams params = {});

  const systems::InputPort<T>& plant_geometry_pose_input_port() const {
    return this->get_input_port(0);
  }
  const systems::OutputPort<T>& geometry_pose_output_port() const {
    return this->get_output_port(0);
  }
  geometry::SourceId source_id() const { return source_id_; }

 private:
  // One drawn body: its plant frame, the ellipsoid's frame and X_BE.
  struct Item {
    geometry::FrameId plant_frame;
    geometry::FrameId frame;
    math::RigidTransform<double> X_BE;
  };

  void CalcGeometryPose(const systems::Context<T>& context,
                        geometry::FramePoseVector<T>* poses) const;

  geometry::SourceId source_id_;
  std::vector<Item> items_;
};

}  // namespace ossa::visualization
