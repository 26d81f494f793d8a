// The systems that draw into Meshcat (JointSliders, ContactVisualizer,
// ModelVisualizer) and Meshcat's camera target and zip page, checked through
// the messages a browser that connects receives (GetPacked*), decoded with
// msgpack.
#define MSGPACK_NO_BOOST
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <msgpack.hpp>

#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/contact_visualizer.h"
#include "ossa/visualization/joint_sliders.h"
#include "ossa/visualization/meshcat.h"
#include "ossa/visualization/meshcat_visualizer.h"
#include "ossa/visualization/model_visualizer.h"

namespace ossa::multibody::meshcat {
namespace {

using geometry::Meshcat;
using geometry::MeshcatParams;
using math::RigidTransform;
using ::testing::HasSubstr;

std::shared_ptr<Meshcat> NewMeshcat() {
  MeshcatParams params;
  params.port = 0;
  return std::make_shared<Meshcat>(params);
}

// A decoded message and the lookup of a key in its top-level map.
struct Decoded {
  explicit Decoded(const std::string& bytes)
      : handle(msgpack::unpack(bytes.data(), bytes.size())) {}
  const msgpack::object* Find(const msgpack::object& map,
                              std::string_view key) const {
    if (map.type != msgpack::type::MAP) return nullptr;
    for (uint32_t i = 0; i < map.via.map.size; ++i) {
      const auto& kv = map.via.map.ptr[i];
      if (kv.key.type == msgpack::type::STR &&
          std::string_view(kv.key.via.str.ptr, kv.key.via.str.size) == key) {
        return &kv.val;
      }
    }
    return nullptr;
  }
  const msgpack::object& root() const { return handle.get(); }
  msgpack::object_handle handle;
};

// The column-major 4×4 matrix of a set_transform message (a Float32Array,
// msgpack extension 0x17).
Eigen::Matrix4d TransformOf(const std::string& bytes) {
  Decoded message(bytes);
  const msgpack::object* matrix = message.Find(message.root(), "matrix");
  EXPECT_NE(matrix, nullptr);
  EXPECT_EQ(matrix->type, msgpack::type::EXT);
  EXPECT_EQ(matrix->via.ext.type(), 0x17);
  EXPECT_EQ(matrix->via.ext.size, 64u);
  float values[16];
  std::memcpy(values, matrix->via.ext.data(), sizeof(values));
  Eigen::Matrix4d X;
  for (int i = 0; i < 16; ++i) X.data()[i] = values[i];
  return X;
}

// A two-link arm: "shoulder" limited to [-1, 2] rad, "elbow" unlimited, a
// box visual on each link.
struct Arm {
  Arm() {
    auto [p, sg] = AddMultibodyPlantSceneGraph(&builder, 0.001);
    plant = &p;
    scene_graph = &sg;
    const auto M = SpatialInertia<double>::SolidBoxWithMass(1, 0.1, 0.1, 1);
    const auto& upper = plant->AddRigidBody("upper", M);
    const auto& lower = plant->AddRigidBody("lower", M);
    plant->AddJoint(std::make_unique<RevoluteJoint<double>>(
        "shoulder", plant->world_frame(), upper.body_frame(),
        Vector3<double>::UnitY(), -1.0, 2.0));
    plant->AddJoint<RevoluteJoint>(
        "elbow", upper, RigidTransform<double>(Vector3<double>(0, 0, -1)),
        lower, std::nullopt, Vector3<double>::UnitY());
    plant->RegisterVisualGeometry(upper, RigidTransform<double>(),
                                  geometry::Box(0.1, 0.1, 1), "upper_box");
    plant->RegisterVisualGeometry(lower, RigidTransform<double>(),
                                  geometry::Box(0.1, 0.1, 1), "lower_box");
    plant->Finalize();
  }
  systems::DiagramBuilder<double> builder;
  MultibodyPlant<double>* plant{};
  geometry::SceneGraph<double>* scene_graph{};
};

TEST(JointSlidersTest, SlidersFollowTheJoints) {
  Arm arm;
  auto meshcat = NewMeshcat();
  auto* sliders = arm.builder.AddSystem(std::make_unique<JointSliders<double>>(
      meshcat, arm.plant, Eigen::Vector2d(0.5, 0.25)));
  geometry::MeshcatVisualizerParams params;
  params.prefix = "arm";
  geometry::MeshcatVisualizer<double>::AddToBuilder(
      &arm.builder, *arm.scene_graph, meshcat, params);
  auto diagram = arm.builder.Build();

  const std::vector<std::string> names = arm.plant->GetPositionNames();
  EXPECT_EQ(meshcat->GetSliderNames(), names);
  EXPECT_EQ(sliders->slider_names(), names);
  // The shoulder's slider spans its limits; the unlimited elbow's spans
  // ±π about its initial value (values past the range are clamped).
  EXPECT_DOUBLE_EQ(meshcat->SetSliderValue(names[0], 100), 2.0);
  EXPECT_DOUBLE_EQ(meshcat->SetSliderValue(names[0], -100), -1.0);
  EXPECT_NEAR(meshcat->SetSliderValue(names[1], 100), 0.25 + M_PI, 0.01);

  meshcat->SetSliderValue(names[0], 0.7);
  meshcat->SetSliderValue(names[1], -0.3);
  auto context = diagram->CreateDefaultContext();
  const auto& out =
      sliders->get_output_port(0).Eval(sliders->GetMyContextFromRoot(*context));
  EXPECT_NEAR(out[0], 0.7, 1e-12);
  EXPECT_NEAR(out[1], -0.3, 1e-12);

  // Run() poses the plant with the sliders and publishes: the upper link's
  // frame turns by the shoulder angle about y.
  const Eigen::VectorXd q = sliders->Run(*diagram, 0.1);
  EXPECT_NEAR(q[0], 0.7, 1e-12);
  EXPECT_FALSE(meshcat->GetButtonNames().size() > 0);  // the button is gone
  const Eigen::Matrix4d X_WU = TransformOf(meshcat->GetPackedTransform(
      "arm/" + arm.plant->GetBodyByName("upper").name()));
  const Eigen::Matrix3d R_expected =
      Eigen::AngleAxisd(0.7, Eigen::Vector3d::UnitY()).toRotationMatrix();
  // Float32 on the wire: 1e-6.
  EXPECT_TRUE((X_WU.block<3, 3>(0, 0).isApprox(R_expected, 1e-6)));

  sliders->SetPositions(Eigen::Vector2d(0.1, 0.2));
  // The Meshcat rounds to a multiple of the step from the lower limit.
  EXPECT_NEAR(meshcat->GetSliderValue(names[0]), 0.1, 1e-12);
  EXPECT_THAT([&] { sliders->SetPositions(Eigen::VectorXd(3)); },
              ::testing::ThrowsMessage<std::invalid_argument>(
                  HasSubstr("3 values for 2 sliders")));
  // A second set on the same Meshcat clashes on the names; nothing added.
  EXPECT_THAT(
      [&] { JointSliders<double>(meshcat, arm.plant); },
      ::testing::ThrowsMessage<std::logic_error>(HasSubstr("already exists")));
  EXPECT_EQ(meshcat->GetSliderNames().size(), 2u);

  // After Delete() the output is the initial value, the sliders are gone.
  sliders->Delete();
  EXPECT_TRUE(meshcat->GetSliderNames().empty());
  auto context2 = diagram->CreateDefaultContext();
  const auto& out2 = sliders->get_output_port(0).Eval(
      sliders->GetMyContextFromRoot(*context2));
  EXPECT_NEAR(out2[0], 0.1, 1e-12);
}

TEST(JointSlidersTest, RunStopsOnItsButtonAndOnInterrupt) {
  Arm arm;
  auto meshcat = NewMeshcat();
  auto* sliders = arm.builder.AddSystem(
      std::make_unique<JointSliders<double>>(meshcat, arm.plant));
  auto diagram = arm.builder.Build();
  // An interrupt (Ctrl-C in Python) ends Run() with its exception; the
  // stop button is removed either way.
  int polls = 0;
  sliders->set_interrupt_check([&polls] {
    if (++polls == 3) throw std::runtime_error("interrupted");
  });
  EXPECT_THAT(
      [&] { sliders->Run(*diagram); },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("interrupted")));
  EXPECT_EQ(polls, 3);
  EXPECT_TRUE(meshcat->GetButtonNames().empty());
  // A diagram without the plant: std::logic_error, nothing left behind.
  systems::DiagramBuilder<double> other;
  auto [other_plant, unused] = AddMultibodyPlantSceneGraph(&other, 0.0);
  other_plant.Finalize();
  auto other_diagram = other.Build();
  EXPECT_THROW(sliders->Run(*other_diagram, 0.1), std::logic_error);
  EXPECT_TRUE(meshcat->GetButtonNames().empty());
}

TEST(JointSlidersTest, BadInput) {
  Arm arm;
  auto meshcat = NewMeshcat();
  EXPECT_THROW(JointSliders<double>(nullptr, arm.plant), std::invalid_argument);
  EXPECT_THROW(JointSliders<double>(meshcat, nullptr), std::invalid_argument);
  EXPECT_THAT(
      [&] {
        JointSliders<double>(meshcat, arm.plant, Eigen::Vector3d(0, 0, 0));
      },
      ::testing::ThrowsMessage<std::invalid_argument>(
          HasSubstr("initial_value has 3 values")));
  EXPECT_THAT(
      [&] { JointSliders<double>(meshcat, arm.plant, {}, 3.0); },
      ::testing::ThrowsMessage<std::invalid_argument>(HasSubstr("shoulder")));
  EXPECT_THAT(
      [&] { JointSliders<double>(meshcat, arm.plant, {}, {}, {}, 0.0); },
      ::testing::ThrowsMessage<std::invalid_argument>(
          HasSubstr("must be positive")));
  EXPECT_THAT(
      [&] { JointSliders<double>(meshcat, arm.plant, {}, {}, {}, {}, {"a"}); },
      ::testing::ThrowsMessage<std::invalid_argument>(
          HasSubstr("decrement_keycodes has 1")));
  EXPECT_TRUE(meshcat->GetSliderNames().empty());
  MultibodyPlant<double> unfinalized(0.0);
  EXPECT_THAT(
      [&] { JointSliders<double>(meshcat, &unfinalized); },
      ::testing::ThrowsMessage<std::invalid_argument>(HasSubstr("finalized")));
}

// A 1 kg ball of radius 0.1 m on a half-space, 1 cm into it.
struct BallOnGround {
  explicit BallOnGround(bool with_query) {
    auto [p, sg] = AddMultibodyPlantSceneGraph(&builder, 0.0);
    plant = &p;
    ball = &plant->AddRigidBody(
        "ball", SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
    plant->RegisterCollisionGeometry(*ball, RigidTransform<double>(),
                                     geometry::Sphere(0.1), "ball_sphere",
                                     geometry::ProximityProperties());
    plant->RegisterCollisionGeometry(
        plant->world_body(), RigidTransform<double>(), geometry::HalfSpace(),
        "ground", geometry::ProximityProperties());
    plant->Finalize();
    meshcat = NewMeshcat();
    ContactVisualizerParams params;
    params.newtons_per_meter = 1000.0;
    visualizer = with_query
                     ? &ContactVisualizer<double>::AddToBuilder(
                           &builder, plant->get_contact_results_output_port(),
                           sg.get_query_output_port(), meshcat, params)
                     : &ContactVisualizer<double>::AddToBuilder(
                           &builder, *plant, meshcat, params);
    diagram = builder.Build();
    context = diagram->CreateDefaultContext();
    plant->SetFreeBodyPose(&plant_context(), *ball,
                           RigidTransform<double>(Vector3<double>(0, 0, 0.09)));
  }
  systems::Context<double>& plant_context() {
    return plant->GetMyMutableContextFromRoot(context.get());
  }
  systems::DiagramBuilder<double> builder;
  MultibodyPlant<double>* plant{};
  const RigidBody<double>* ball{};
  std::shared_ptr<Meshcat> meshcat;
  const ContactVisualizer<double>* visualizer{};
  std::unique_ptr<systems::Diagram<double>> diagram;
  std::unique_ptr<systems::Context<double>> context;
};

TEST(ContactVisualizerTest, DrawsTheForceAsAnArrow) {
  BallOnGround scene(false);
  const auto& results =
      scene.plant->get_contact_results_output_port()
          .Eval<ContactResults<double>>(scene.plant_context());
  ASSERT_EQ(results.num_point_pair_contacts(), 1);
  const auto& info = results.point_pair_contact_info(0);
  const Vector3<double> f = info.contact_force();
  scene.diagram->ForcedPublish(*scene.context);

  const std::string path =
      fmt::format("contact_forces/{}+{}", static_cast<int>(info.bodyA_index()),
                  static_cast<int>(info.bodyB_index()));
  Decoded object(scene.meshcat->GetPackedObject(path + "/shaft"));
  const msgpack::object* geometries =
      object.Find(*object.Find(object.root(), "object"), "geometries");
  ASSERT_NE(geometries, nullptr);
  const msgpack::object* type =
      object.Find(geometries->via.array.ptr[0], "type");
  EXPECT_EQ(type->as<std::string>(), "CylinderGeometry");
  EXPECT_NE(scene.meshcat->GetPackedObject(path + "/head"), "");
  // The arrow frame: origin at the contact point, ẑ along the force,
  // x̂, ŷ, ẑ orthonormal and right-handed. Float32 on the wire: 1e-6.
  const Eigen::Matrix4d X_WA =
      TransformOf(scene.meshcat->GetPackedTransform(path));
  EXPECT_TRUE((X_WA.block<3, 1>(0, 3).isApprox(info.contact_point(), 1e-6)));
  EXPECT_TRUE((X_WA.block<3, 1>(0, 2).isApprox(f.normalized(), 1e-6)));
  EXPECT_TRUE((X_WA.block<3, 3>(0, 0).transpose() * X_WA.block<3, 3>(0, 0))
                  .isIdentity(1e-6));
  const Eigen::Matrix3d R_WA = X_WA.topLeftCorner(3, 3);
  EXPECT_NEAR(R_WA.determinant(), 1.0, 1e-6);
  // The shaft and the head end where the force, at 1000 N/m, ends: the
  // cone's apex (0, 0, 1) lands on C + f/1000, the shaft's top face
  // (0, 0, 1/2) on the head's base.
  const Eigen::Matrix4d X_AS =
      TransformOf(scene.meshcat->GetPackedTransform(path + "/shaft"));
  const Eigen::Matrix4d X_AH =
      TransformOf(scene.meshcat->GetPackedTransform(path + "/head"));
  const Eigen::Vector4d apex = X_WA * X_AH * Eigen::Vector4d(0, 0, 1, 1);
  EXPECT_TRUE(
      (apex.head<3>().isApprox(info.contact_point() + f / 1000.0, 1e-6)));
  const Eigen::Vector4d top = X_AS * Eigen::Vector4d(0, 0, 0.5, 1);
  const Eigen::Vector4d base = X_AH * Eigen::Vector4d(0, 0, 0, 1);
  EXPECT_NEAR(top.z(), base.z(), 1e-6);
  // The head is 8 shaft radii long (the arrow is much longer).
  EXPECT_NEAR(X_AH(2, 2), 8 * 0.002, 1e-9);

  // The ball lifted off: the arrow is hidden, not deleted.
  scene.plant->SetFreeBodyPose(
      &scene.plant_context(), *scene.ball,
      RigidTransform<double>(Vector3<double>(0, 0, 1)));
  scene.diagram->ForcedPublish(*scene.context);
  EXPECT_TRUE(scene.meshcat->HasPath(path));
  Decoded visible(scene.meshcat->GetPackedProperty(path, "visible"));
  EXPECT_FALSE(visible.Find(visible.root(), "value")->as<bool>());
  scene.visualizer->Delete();
  EXPECT_FALSE(scene.meshcat->HasPath("contact_forces"));
}

TEST(ContactVisualizerTest, NamesByGeometryWithQueryObject) {
  BallOnGround scene(true);
  scene.diagram->ForcedPublish(*scene.context);
  // The pair's geometries in id order: the ball registered first.
  EXPECT_TRUE(scene.meshcat->HasPath("contact_forces/ball_sphere+ground") ||
              scene.meshcat->HasPath("contact_forces/ground+ball_sphere"));
}

TEST(ContactVisualizerTest, BadParams) {
  ContactVisualizerParams params;
  params.newtons_per_meter = 0;
  EXPECT_THAT([&] { ContactVisualizer<double>(NewMeshcat(), params); },
              ::testing::ThrowsMessage<std::invalid_argument>(
                  HasSubstr("newtons_per_meter")));
  EXPECT_THROW(ContactVisualizer<double>(nullptr), std::invalid_argument);
  // The reference's defaults.
  const ContactVisualizerParams defaults;
  EXPECT_EQ(defaults.publish_period, 1.0 / 32.0);
  EXPECT_EQ(defaults.newtons_per_meter, 10.0);
  EXPECT_EQ(defaults.prefix, "contact_forces");
}

TEST(ModelVisualizerTest, StickFigureSlidersAndErrors) {
  // A model with no visual: drawn as a stick figure.
  const auto file =
      std::filesystem::temp_directory_path() / "ossa_model_visualizer.urdf";
  std::ofstream(file) << R"(<robot name="r">
  <link name="a"><inertial><mass value="1"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><mass value="1"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
    <origin xyz="0 0 0.5"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>)";
  auto meshcat = NewMeshcat();
  visualization::ModelVisualizer visualizer(meshcat);
  visualizer.AddModels(file);
  EXPECT_THAT([&] { visualizer.Finalize(Eigen::VectorXd(5)); },
              ::testing::ThrowsMessage<std::invalid_argument>(
                  HasSubstr("position has 5 values")));
  // Nothing lost: a free body (7) and the joint (1); a right-sized
  // position finalizes it.
  EXPECT_EQ(visualizer.plant().num_positions(), 8);
  visualizer.Finalize();
  EXPECT_NE(visualizer.diagram(), nullptr);
  visualization::ModelVisualizer welded(NewMeshcat());
  welded.AddModels(file);
  // Link "a" is free: welded, it leaves the joint's one position.
  welded.Finalize(std::nullopt, /* weld_free_bodies = */ true);
  EXPECT_EQ(welded.plant().num_positions(), 1);
  EXPECT_EQ(welded.meshcat()->GetSliderNames().size(), 1u);
  // Two bodies: a sphere each and a rod for the joint 0.5 m from a's origin.
  EXPECT_EQ(welded.scene_graph().model_inspector().NumGeometriesWithRole(
                geometry::Role::kIllustration),
            3);
  welded.Run(Eigen::VectorXd::Constant(1, 0.5), /* loop_once = */ true);
  EXPECT_NEAR(
      welded.meshcat()->GetSliderValue(welded.meshcat()->GetSliderNames()[0]),
      0.5, 1e-12);
  EXPECT_THROW(welded.AddModels(file), std::logic_error);
  EXPECT_THAT(welded.StaticHtml(), HasSubstr("MeshCat.Viewer"));
  std::filesystem::remove(file);
}

TEST(MeshcatCameraTest, TargetKeepsTheCameraInPlace) {
  auto meshcat = NewMeshcat();
  meshcat->SetCameraPose(Vector3<double>(1, 2, 3), Vector3<double>(0, 0, 1));
  meshcat->SetCameraTarget(Vector3<double>(0.5, 0, 0));
  // /Cameras/default sits at the target; the camera under its rotated frame
  // (world (x, y, z) is (x, z, −y) there) at camera − target.
  const Eigen::Matrix4d X =
      TransformOf(meshcat->GetPackedTransform("/Cameras/default"));
  EXPECT_TRUE((X.block<3, 1>(0, 3).isApprox(Eigen::Vector3d(0.5, 0, 0))));
  Decoded position(meshcat->GetPackedProperty(
      "/Cameras/default/rotated/<object>", "position"));
  const msgpack::object* value = position.Find(position.root(), "value");
  ASSERT_NE(value, nullptr);
  std::vector<double> d;
  if (value->type == msgpack::type::ARRAY) {
    d = value->as<std::vector<double>>();
  }
  ASSERT_EQ(d.size(), 3u);
  EXPECT_NEAR(d[0], 0.5, 1e-12);
  EXPECT_NEAR(d[1], 3.0, 1e-12);
  EXPECT_NEAR(d[2], -2.0, 1e-12);
  EXPECT_EQ(meshcat->GetPackedTransform("/nothing"), "");
  EXPECT_EQ(meshcat->GetPackedObject("/Cameras/default"), "");
}

TEST(MeshcatZipTest, OneStoredEntry) {
  auto meshcat = NewMeshcat();
  meshcat->SetObject("box", geometry::Box(1, 1, 1));
  const std::string html = meshcat->StaticHtml();
  const std::string zip = meshcat->StaticZip();
  // Exactly: the local header (30 bytes) and name, the page, the central
  // directory's record (46) and name, the end-of-directory record (22).
  ASSERT_EQ(zip.size(), 30 + 10 + html.size() + 46 + 10 + 22);
  EXPECT_EQ(zip.substr(0, 4), std::string("PK\x03\x04", 4));
  EXPECT_EQ(zip.substr(30, 10), "index.html");
  EXPECT_EQ(zip.substr(40, html.size()), html);
  EXPECT_EQ(zip.substr(zip.size() - 22, 4), std::string("PK\x05\x06", 4));
}

}  // namespace
}  // namespace ossa::multibody::meshcat
