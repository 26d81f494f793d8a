#include "ossa/visualization/inertia_visualizer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <tuple>

#include "ossa/common/text_logging.h"
#include "ossa/geometry/geometry_frame.h"
#include "ossa/geometry/geometry_instance.h"
#include "ossa/geometry/geometry_properties.h"
#include "ossa/geometry/rgba.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::visualization {
namespace {

// The density (kg/m³) that sets the drawn ellipsoid's volume from the mass.
constexpr double kIllustrationDensity = 1000.0;
// No semi-diameter is drawn shorter than this fraction of the longest.
constexpr double kMinAspect = 0.01;
// The radius (m) of a massless body's sphere.
constexpr double kMasslessRadius = 0.001;

}  // namespace

std::pair<Eigen::Vector3d, math::RigidTransform<double>>
CalcInertiaIllustrationEllipsoid(
    const multibody::SpatialInertia<double>& M_BBo_B) {
  const double mass = M_BBo_B.get_mass();
  if (!std::isfinite(mass) || !M_BBo_B.get_com().allFinite()) {
    throw std::logic_error(
        "CalcInertiaIllustrationEllipsoid(): the spatial inertia has a NaN "
        "or infinite mass or center of mass.");
  }
  if (!(mass > 0)) {
    // Massless: a small marker at the (given) center of mass.
    return {Eigen::Vector3d::Constant(kMasslessRadius),
            math::RigidTransform<double>(M_BBo_B.get_com())};
  }
  auto [abc, X_BE] =
      M_BBo_B.CalcPrincipalSemiDiametersAndPoseForSolidEllipsoid();
  const double longest = abc.maxCoeff();
  if (!(longest > 0)) {
    abc.setOnes();  // a point mass: a sphere
  } else {
    abc = abc.cwiseMax(kMinAspect * longest);
  }
  // Scale a·b·c so that 4/3 π a b c = m / ρ.
  const double volume = 4.0 / 3.0 * std::numbers::pi * abc.prod();
  abc *= std::cbrt(mass / kIllustrationDensity / volume);
  return {abc, X_BE};
}

template <typename T>
InertiaVisualizer<T>::InertiaVisualizer(
    const multibody::MultibodyPlant<T>& plant,
    geometry::SceneGraph<T>* scene_graph, InertiaVisualizerParams) {
  if (scene_graph == nullptr) {
    throw std::logic_error("InertiaVisualizer: scene_graph is null.");
  }
  if (!plant.is_finalized()) {
    throw std::logic_error(
        "InertiaVisualizer: the plant must be finalized (call "
        "plant.Finalize() first).");
  }
  source_id_ = scene_graph->RegisterSource("inertia_visualizer");
  const Eigen::Vector4d blue(0.0, 0.0, 1.0, 1.0);
  for (int i = 1; i < plant.num_bodies(); ++i) {
    const auto& body = plant.get_body(multibody::BodyIndex(i));
    if (plant.IsAnchored(body)) continue;
    const geometry::FrameId frame = scene_graph->RegisterFrame(
        source_id_,
        geometry::GeometryFrame(fmt::format(
            "InertiaVisualizer::{}::{}",
            plant.GetModelInstanceName(body.model_instance()), body.name())));
    Eigen::Vector3d abc;
    math::RigidTransform<double> X_BE;
    try {
      std::tie(abc, X_BE) =
          CalcInertiaIllustrationEllipsoid(body.default_spatial_inertia());
    } catch (const std::exception& e) {
      // A NaN inertia (not set yet) is drawn as a massless body.
      log()->debug("InertiaVisualizer: body '{}': {}", body.name(), e.what());
      abc.setConstant(kMasslessRadius);
      X_BE = math::RigidTransform<double>();
    }
    auto instance = std::make_unique<geometry::GeometryInstance>(
        math::RigidTransform<double>(), geometry::Ellipsoid(abc),
        fmt::format("$inertia({})", i));
    geometry::IllustrationProperties properties =
        geometry::MakePhongIllustrationProperties(blue);
    properties.AddProperty("meshcat", "accepting", std::string("inertia"));
    instance->set_illustration_properties(std::move(properties));
    scene_graph->RegisterGeometry(source_id_, frame, std::move(instance));
    items_.push_back(
        Item{plant.GetBodyFrameIdOrThrow(body.index()), frame, X_BE});
  }
  this->DeclareAbstractInputPort("plant_geometry_pose",
                                 Value<geometry::FramePoseVector<T>>());
  this->DeclareAbstractOutputPort("geometry_pose",
                                  &InertiaVisualizer::CalcGeometryPose);
}

template <typename T>
InertiaVisualizer<T>::~InertiaVisualizer() = default;

template <typename T>
const InertiaVisualizer<T>& InertiaVisualizer<T>::AddToBuilder(
    systems::DiagramBuilder<T>* builder,
    const multibody::MultibodyPlant<T>& plant,
    geometry::SceneGraph<T>* scene_graph, InertiaVisualizerParams params) {
  if (builder == nullptr) {
    throw std::logic_error(
        "InertiaVisualizer::AddToBuilder(): builder is "
        "null.");
  }
  auto* visualizer = builder->AddSystem(
      std::make_unique<InertiaVisualizer<T>>(plant, scene_graph, params));
  visualizer->set_name("inertia_visualizer");
  builder->Connect(plant.get_geometry_pose_output_port(),
                   visualizer->plant_geometry_pose_input_port());
  builder->Connect(visualizer->geometry_pose_output_port(),
                   scene_graph->get_source_pose_port(visualizer->source_id()));
  return *visualizer;
}

template <typename T>
void InertiaVisualizer<T>::CalcGeometryPose(
    const systems::Context<T>& context,
    geometry::FramePoseVector<T>* poses) const {
  const auto& X_WB_all =
      plant_geometry_pose_input_port()
          .template Eval<geometry::FramePoseVector<T>>(context);
  for (const Item& item : items_) {
    poses->set_value(item.frame, X_WB_all.value(item.plant_frame) *
                                     item.X_BE.template cast<T>());
  }
}

template class InertiaVisualizer<double>;

}  // namespace ossa::visualization
