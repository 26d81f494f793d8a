// InertiaVisualizer's ellipsoids against closed forms, and
// ApplyVisualizationConfig()'s layers, sliders and errors, checked through
// SceneGraph and the messages a browser that connects receives.
#define MSGPACK_NO_BOOST
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <msgpack.hpp>
#include <numbers>

#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/scene_graph_inspector.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/math/spatial_inertia.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/inertia_visualizer.h"
#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/visualization_config_functions.h"

namespace ossa::visualization {
namespace {

using geometry::Meshcat;
using geometry::MeshcatParams;
using math::RigidTransform;
using math::RotationMatrix;
using multibody::MultibodyPlant;
using multibody::SpatialInertia;
using ::testing::HasSubstr;

constexpr double kPi = std::numbers::pi;
constexpr double kRho = 1000.0;  // the drawn ellipsoid's density, kg/m³

// E's axes must be the principal axes: each column of R_BE parallel (up
// to sign) to the expected axis.
void ExpectSameAxes(const RotationMatrix<double>& R_BE,
                    const Eigen::Matrix3d& expected) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(std::abs(R_BE.matrix().col(i).dot(expected.col(i))), 1.0, 1e-12)
        << "axis " << i;
  }
  EXPECT_NEAR(R_BE.matrix().determinant(), 1.0, 1e-12);
}

TEST(InertiaEllipsoidTest, SolidEllipsoidOfWaterIsItself) {
  // A solid ellipsoid of density ρ: its drawn ellipsoid is the body itself,
  // centered at Bcm along its axes, however it is posed in B.
  const double a = 0.3, b = 0.2, c = 0.1;
  const RotationMatrix<double> R_BE(math::RollPitchYaw<double>(0.3, -0.4, 1.1));
  const Eigen::Vector3d p_BoBcm(0.1, -0.2, 0.3);
  const SpatialInertia<double> M_BBo_B =
      SpatialInertia<double>::SolidEllipsoidWithDensity(kRho, a, b, c)
          .ReExpress(R_BE)
          .Shift(-p_BoBcm);
  const auto [abc, X_BE] = CalcInertiaIllustrationEllipsoid(M_BBo_B);
  EXPECT_TRUE(abc.isApprox(Eigen::Vector3d(a, b, c), 1e-12)) << abc;
  EXPECT_TRUE(X_BE.translation().isApprox(p_BoBcm, 1e-12));
  ExpectSameAxes(X_BE.rotation(), R_BE.matrix());
}

TEST(InertiaEllipsoidTest, SolidBoxScalesWithItsSides) {
  // A solid box's equivalent ellipsoid has semi-diameters √(5/12)·side, so
  // the drawn ones are k·side with 4/3 π k³ lx ly lz = m / ρ; the longest
  // along the box's longest side.
  const double m = 2.0, lx = 0.1, ly = 0.3, lz = 0.2;
  const auto [abc, X_BE] = CalcInertiaIllustrationEllipsoid(
      SpatialInertia<double>::SolidBoxWithMass(m, lx, ly, lz));
  const double k = std::cbrt(3 * m / (4 * kPi * kRho * lx * ly * lz));
  EXPECT_TRUE(abc.isApprox(k * Eigen::Vector3d(ly, lz, lx), 1e-12)) << abc;
  EXPECT_TRUE(X_BE.translation().isZero(1e-15));
  Eigen::Matrix3d axes;
  axes << Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ(),
      Eigen::Vector3d::UnitX();
  ExpectSameAxes(X_BE.rotation(), axes);
}

TEST(InertiaEllipsoidTest, SolidCylinder) {
  // Radius r, length L along z: the equivalent ellipsoid's semi-diameters
  // are √(5/12)·L along z and √(5/4)·r across, scaled to volume m / ρ.
  const double m = 3.0, r = 0.1, L = 0.8;
  const auto [abc, X_BE] = CalcInertiaIllustrationEllipsoid(
      SpatialInertia<double>::SolidCylinderWithMass(m, r, L,
                                                    Eigen::Vector3d::UnitZ()));
  const double along = std::sqrt(5.0 / 12.0) * L;
  const double across = std::sqrt(5.0 / 4.0) * r;
  const double k =
      std::cbrt(m / kRho / (4.0 / 3.0 * kPi * along * across * across));
  EXPECT_TRUE(abc.isApprox(k * Eigen::Vector3d(along, across, across), 1e-12))
      << abc;
  EXPECT_NEAR(std::abs(X_BE.rotation().matrix().col(0).z()), 1.0, 1e-12);
}

TEST(InertiaEllipsoidTest, DegenerateBodies) {
  // A point mass: a sphere of volume m / ρ at the mass.
  const Eigen::Vector3d p(0.1, 0.2, 0.3);
  auto [abc, X_BE] = CalcInertiaIllustrationEllipsoid(
      SpatialInertia<double>::PointMass(2.0, p));
  const double radius = std::cbrt(3 * 2.0 / (4 * kPi * kRho));
  EXPECT_TRUE(abc.isApprox(Eigen::Vector3d::Constant(radius), 1e-12));
  EXPECT_TRUE(X_BE.translation().isApprox(p, 1e-12));
  // A thin rod: the two zero semi-diameters are raised to 1/100 of the
  // length's, and the volume is still m / ρ.
  std::tie(abc, X_BE) =
      CalcInertiaIllustrationEllipsoid(SpatialInertia<double>::ThinRodWithMass(
          3.0, 0.5, Eigen::Vector3d::UnitX()));
  EXPECT_NEAR(abc[1], abc[0] / 100, 1e-15);
  EXPECT_NEAR(abc[2], abc[0] / 100, 1e-15);
  EXPECT_NEAR(4.0 / 3.0 * kPi * abc.prod(), 3.0 / kRho, 1e-15);
  EXPECT_NEAR(std::abs(X_BE.rotation().matrix()(0, 0)), 1.0, 1e-12);
  // A massless body: a 1 mm sphere.
  std::tie(abc, X_BE) =
      CalcInertiaIllustrationEllipsoid(SpatialInertia<double>::Zero());
  EXPECT_TRUE(abc.isApprox(Eigen::Vector3d::Constant(0.001)));
  // Not set (NaN): an error, which InertiaVisualizer draws as massless.
  EXPECT_THROW(CalcInertiaIllustrationEllipsoid(SpatialInertia<double>::NaN()),
               std::logic_error);
}

// The message value of a property a browser receives.
template <typename V>
V PropertyValue(const Meshcat& meshcat, std::string_view path,
                std::string_view property) {
  const std::string bytes = meshcat.GetPackedProperty(path, property);
  EXPECT_FALSE(bytes.empty()) << path << " " << property;
  msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
  const msgpack::object& map = handle.get();
  for (uint32_t i = 0; i < map.via.map.size; ++i) {
    const auto& kv = map.via.map.ptr[i];
    if (kv.key.as<std::string>() == "value") return kv.val.as<V>();
  }
  ADD_FAILURE() << "no value";
  return V{};
}

// The column-major matrix of a set_transform message (float32 on the wire).
Eigen::Matrix4d PackedMatrix(const Meshcat& meshcat, std::string_view path) {
  const std::string bytes = meshcat.GetPackedTransform(path);
  msgpack::object_handle handle = msgpack::unpack(bytes.data(), bytes.size());
  const msgpack::object& map = handle.get();
  Eigen::Matrix4d X = Eigen::Matrix4d::Zero();
  for (uint32_t i = 0; i < map.via.map.size; ++i) {
    const auto& kv = map.via.map.ptr[i];
    if (kv.key.as<std::string>() != "matrix") continue;
    float values[16];
    EXPECT_EQ(kv.val.via.ext.size, sizeof(values));
    std::memcpy(values, kv.val.via.ext.data(), sizeof(values));
    for (int j = 0; j < 16; ++j) X.data()[j] = values[j];
  }
  return X;
}

// A box on a revolute joint, a free ball with a collision sphere, and a
// body welded to the world (which gets no inertia ellipsoid).
struct Scene {
  Scene() {
    auto [p, sg] = multibody::AddMultibodyPlantSceneGraph(&builder, 0.0);
    plant = &p;
    scene_graph = &sg;
    const auto& fixed = plant->AddRigidBody(
        "fixed", SpatialInertia<double>::SolidCubeWithMass(1.0, 0.1));
    plant->WeldFrames(plant->world_frame(), fixed.body_frame());
    box = &plant->AddRigidBody(
        "box", SpatialInertia<double>::SolidBoxWithMass(2.0, 0.1, 0.2, 0.3));
    plant->AddJoint<multibody::RevoluteJoint>("hinge", plant->world_body(),
                                              std::nullopt, *box, std::nullopt,
                                              Eigen::Vector3d::UnitZ());
    plant->RegisterVisualGeometry(*box, RigidTransform<double>(),
                                  geometry::Box(0.1, 0.2, 0.3), "box_visual");
    const auto& ball = plant->AddRigidBody(
        "ball", SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
    plant->RegisterCollisionGeometry(ball, RigidTransform<double>(),
                                     geometry::Sphere(0.1), "ball_collision",
                                     geometry::ProximityProperties());
    plant->Finalize();
    MeshcatParams params;
    params.port = 0;
    meshcat = std::make_shared<Meshcat>(params);
  }
  void Build() {
    diagram = builder.Build();
    context = diagram->CreateDefaultContext();
  }
  systems::DiagramBuilder<double> builder;
  MultibodyPlant<double>* plant{};
  geometry::SceneGraph<double>* scene_graph{};
  const multibody::RigidBody<double>* box{};
  std::shared_ptr<Meshcat> meshcat;
  std::unique_ptr<systems::Diagram<double>> diagram;
  std::unique_ptr<systems::Context<double>> context;
};

TEST(ApplyVisualizationConfigTest, DefaultLayers) {
  Scene scene;
  AddDefaultVisualization(&scene.builder, scene.meshcat);
  scene.Build();
  const double q = 0.7;
  auto& plant_context =
      scene.plant->GetMyMutableContextFromRoot(scene.context.get());
  scene.plant->GetJointByName<multibody::RevoluteJoint>("hinge").set_angle(
      &plant_context, q);
  scene.diagram->ForcedPublish(*scene.context);
  const Meshcat& meshcat = *scene.meshcat;
  EXPECT_TRUE(meshcat.HasPath("/drake/illustration/box/box_visual"));
  EXPECT_TRUE(meshcat.HasPath("/drake/proximity/ball/ball_collision"));
  EXPECT_FALSE(meshcat.HasPath("/drake/illustration/ball"));
  EXPECT_TRUE(PropertyValue<bool>(meshcat, "/drake/illustration", "visible"));
  EXPECT_FALSE(PropertyValue<bool>(meshcat, "/drake/proximity", "visible"));
  EXPECT_FALSE(PropertyValue<bool>(meshcat, "/drake/inertia", "visible"));
  EXPECT_EQ(PropertyValue<double>(meshcat, "/drake/illustration/box/box_visual",
                                  "modulated_opacity"),
            1.0);
  // The inertia layer holds only the ellipsoids, one per body that is not
  // anchored; the illustration layer none of them.
  const std::string box_frame =
      "/drake/inertia/InertiaVisualizer/DefaultModelInstance/box";
  EXPECT_TRUE(meshcat.HasPath(box_frame + "/$inertia(2)"));
  EXPECT_TRUE(meshcat.HasPath(
      "/drake/inertia/InertiaVisualizer/DefaultModelInstance/ball/"
      "$inertia(3)"));
  EXPECT_FALSE(meshcat.HasPath(
      "/drake/inertia/InertiaVisualizer/DefaultModelInstance/fixed"));
  EXPECT_FALSE(meshcat.HasPath("/drake/illustration/InertiaVisualizer"));
  EXPECT_FALSE(meshcat.HasPath("/drake/inertia/box"));
  // The ellipsoid's frame follows the box: X_WE = X_WB · X_BE with the box
  // turned by q about z. Float32 on the wire: 1e-6.
  const auto [abc, X_BE] =
      CalcInertiaIllustrationEllipsoid(scene.box->default_spatial_inertia());
  const RigidTransform<double> X_WE =
      RigidTransform<double>(RotationMatrix<double>::MakeZRotation(q)) * X_BE;
  EXPECT_TRUE(
      PackedMatrix(meshcat, box_frame).isApprox(X_WE.GetAsMatrix4(), 1e-6));
  EXPECT_TRUE(meshcat.GetSliderNames().empty());
}

TEST(ApplyVisualizationConfigTest, SlidersAndSwitches) {
  Scene scene;
  VisualizationConfig config;
  config.enable_alpha_sliders = true;
  config.initial_proximity_alpha = 0.25;
  config.publish_inertia = false;
  config.publish_contacts = false;
  ApplyVisualizationConfig(config, &scene.builder, nullptr, nullptr, nullptr,
                           scene.meshcat);
  EXPECT_FALSE(scene.builder.HasSubsystemNamed("inertia_visualizer"));
  EXPECT_FALSE(scene.builder.HasSubsystemNamed("meshcat_contact_visualizer"));
  EXPECT_TRUE(scene.builder.HasSubsystemNamed("meshcat_visualizer(proximity)"));
  scene.Build();
  scene.diagram->ForcedPublish(*scene.context);
  const Meshcat& meshcat = *scene.meshcat;
  EXPECT_THAT(meshcat.GetSliderNames(),
              ::testing::UnorderedElementsAre("illustration α", "proximity α"));
  // The slider rounds 0.25 up to a step of 0.02 above its minimum 0.02;
  // the objects start at the configured value, the prefix at the slider's.
  EXPECT_NEAR(meshcat.GetSliderValue("proximity α"), 0.26, 1e-12);
  EXPECT_EQ(
      PropertyValue<double>(meshcat, "/drake/proximity/ball/ball_collision",
                            "modulated_opacity"),
      0.25);
  EXPECT_NEAR(
      PropertyValue<double>(meshcat, "/drake/proximity", "modulated_opacity"),
      0.26, 1e-12);
  EXPECT_FALSE(meshcat.HasPath("/drake/inertia"));
}

TEST(ApplyVisualizationConfigTest, CreatesAMeshcatWhenGivenNone) {
  // enable_meshcat_creation (the default): a Meshcat of its own (the first
  // free port of 7000-7099), shared by the visualizers.
  Scene scene;
  AddDefaultVisualization(&scene.builder);
  for (const char* name :
       {"meshcat_visualizer(illustration)", "meshcat_visualizer(inertia)",
        "meshcat_visualizer(proximity)", "meshcat_contact_visualizer",
        "inertia_visualizer"}) {
    EXPECT_TRUE(scene.builder.HasSubsystemNamed(name)) << name;
  }
  scene.Build();
  scene.diagram->ForcedPublish(*scene.context);
  EXPECT_FALSE(scene.meshcat->HasPath("/drake/illustration"));
}

TEST(ApplyVisualizationConfigTest, Errors) {
  {
    systems::DiagramBuilder<double> builder;
    EXPECT_THAT([&] { AddDefaultVisualization(&builder); },
                ::testing::ThrowsMessage<std::logic_error>(HasSubstr(
                    "DiagramBuilder does not contain a subsystem named "
                    "plant")));
  }
  {
    systems::DiagramBuilder<double> builder;
    builder.AddSystem<MultibodyPlant<double>>(0.0)->set_name("plant");
    EXPECT_THAT([&] { AddDefaultVisualization(&builder); },
                ::testing::ThrowsMessage<std::logic_error>(
                    HasSubstr("subsystem named scene_graph")));
  }
  {
    systems::DiagramBuilder<double> builder;
    auto [plant, scene_graph] =
        multibody::AddMultibodyPlantSceneGraph(&builder, 0.0);
    EXPECT_THAT(
        [&] { AddDefaultVisualization(&builder); },
        ::testing::ThrowsMessage<std::logic_error>(HasSubstr("not finalized")));
    plant.Finalize();
    VisualizationConfig config;
    config.lcm_bus = "other";
    EXPECT_THAT([&] { ApplyVisualizationConfig(config, &builder); },
                ::testing::ThrowsMessage<std::runtime_error>(
                    HasSubstr("non-default LCM bus 'other'")));
    config = VisualizationConfig{};
    config.publish_period = 0;
    EXPECT_THAT([&] { ApplyVisualizationConfig(config, &builder); },
                ::testing::ThrowsMessage<std::runtime_error>(
                    HasSubstr("publish_period must be positive")));
    // Nothing was added by the failed calls.
    EXPECT_EQ(builder.GetSystems().size(), 2u);
    // Without a Meshcat and without creating one, only the inertia
    // geometry is added; a second call finds its source taken.
    config = VisualizationConfig{};
    config.enable_meshcat_creation = false;
    ApplyVisualizationConfig(config, &builder);
    EXPECT_EQ(builder.GetSystems().size(), 3u);
    EXPECT_THAT([&] { ApplyVisualizationConfig(config, &builder); },
                ::testing::ThrowsMessage<std::runtime_error>(
                    HasSubstr("duplicate name: inertia_visualizer")));
  }
}

}  // namespace
}  // namespace ossa::visualization
