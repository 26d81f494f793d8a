#include "ossa/visualization/meshcat.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "ossa/geometry/scene_graph.h"
#include "ossa/geometry/shape_specification.h"
#include "ossa/math/rigid_transform.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/visualization/meshcat_message.h"
#include "ossa/visualization/meshcat_visualizer.h"

namespace ossa::geometry {
namespace {

using math::RigidTransform;
using ::testing::HasSubstr;

MeshcatParams AnyPort() {
  MeshcatParams params;
  params.port = 0;
  return params;
}

TEST(MeshcatTest, ServerAndUrl) {
  Meshcat meshcat(AnyPort());
  EXPECT_GT(meshcat.port(), 0);
  EXPECT_EQ(meshcat.web_url(),
            "http://localhost:" + std::to_string(meshcat.port()));
  EXPECT_EQ(meshcat.ws_url(),
            "ws://localhost:" + std::to_string(meshcat.port()));
  EXPECT_EQ(meshcat.GetNumActiveConnections(), 0);
}

TEST(MeshcatTest, PathsAndDelete) {
  Meshcat meshcat(AnyPort());
  meshcat.SetObject("a/b/c", Sphere(0.1));
  meshcat.SetTransform("/abs/x", RigidTransform<double>());
  EXPECT_TRUE(meshcat.HasPath("a"));
  EXPECT_TRUE(meshcat.HasPath("/drake/a/b/c"));
  EXPECT_TRUE(meshcat.HasPath("/abs/x"));
  EXPECT_FALSE(meshcat.HasPath("a/b/cc"));  // a name, not a prefix
  meshcat.Delete("a/b");
  EXPECT_FALSE(meshcat.HasPath("a/b/c"));
  meshcat.Delete();
  EXPECT_FALSE(meshcat.HasPath("a"));
  EXPECT_TRUE(meshcat.HasPath("/abs"));
}

TEST(MeshcatTest, BadInput) {
  Meshcat meshcat(AnyPort());
  EXPECT_THAT(
      [&] { meshcat.SetObject("m", Mesh("/no/such/file.obj")); },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("file.obj")));
  Eigen::Matrix3Xd v = Eigen::Matrix3Xd::Zero(3, 3);
  Eigen::Matrix3Xi f(3, 1);
  f << 0, 1, 3;
  EXPECT_THAT([&] { meshcat.SetTriangleMesh("t", v, f); },
              ::testing::ThrowsMessage<std::invalid_argument>(
                  HasSubstr("refers to vertex 3")));
  EXPECT_THROW(meshcat.SetTransforms({"a"}, {}), std::invalid_argument);
  EXPECT_THROW(meshcat.StartRecording(0.0), std::invalid_argument);
  MeshcatParams bad;
  bad.port = 65536;
  EXPECT_THAT([&] { Meshcat m(bad); },
              ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("65536")));
}

TEST(MeshcatTest, Sliders) {
  Meshcat meshcat(AnyPort());
  // Clamped to [min, max] and rounded to a step from min.
  EXPECT_DOUBLE_EQ(meshcat.AddSlider("s", 0, 1, 0.25, 0.6), 0.5);
  EXPECT_DOUBLE_EQ(meshcat.SetSliderValue("s", 7), 1.0);
  EXPECT_DOUBLE_EQ(meshcat.GetSliderValue("s"), 1.0);
  EXPECT_THROW(meshcat.AddSlider("s", 0, 1, 0.1, 0), std::logic_error);
  EXPECT_THROW(meshcat.AddSlider("t", 1, 0, 0.1, 0), std::invalid_argument);
  EXPECT_THROW(meshcat.GetSliderValue("nope"), std::out_of_range);
  meshcat.AddButton("b");
  EXPECT_EQ(meshcat.GetButtonClicks("b"), 0);
  EXPECT_TRUE(meshcat.DeleteButton("b"));
  EXPECT_FALSE(meshcat.DeleteButton("b", false));
  EXPECT_THROW(meshcat.DeleteButton("b"), std::out_of_range);
}

TEST(MeshcatTest, ControlEventDecoding) {
  // Hostile bytes decode to nothing, never throw.
  for (const std::string bytes :
       {std::string(), std::string("\xc1", 1), std::string(10000, '\x91'),
        std::string("\xdd\xff\xff\xff\xff", 5)}) {
    EXPECT_EQ(internal::DecodeControlEvent(bytes).type, "");
  }
  const std::string ok = internal::MsgValue::Map()
                             .Set("type", "slider")
                             .Set("name", "s")
                             .Set("value", 0.5)
                             .Pack();
  const internal::ControlEvent e = internal::DecodeControlEvent(ok);
  EXPECT_EQ(e.type, "slider");
  EXPECT_EQ(e.name, "s");
  EXPECT_TRUE(e.has_value);
  EXPECT_EQ(e.value, 0.5);
  EXPECT_EQ(internal::JsStringLiteral("a\"</script>"),
            "\"a\\\"\\u003c/script\\u003e\"");
  EXPECT_EQ(internal::Base64("Ma"), "TWE=");
  EXPECT_EQ(internal::Base64("Man"), "TWFu");
}

TEST(MeshcatTest, Recording) {
  Meshcat meshcat(AnyPort());
  meshcat.StartRecording(10.0, false);
  for (int i = 0; i < 5; ++i) {
    meshcat.SetTransform("x", RigidTransform<double>(Vector3<double>(i, 0, 0)),
                         0.1 * i);
  }
  meshcat.StopRecording();
  // Not live: the recording alone has the poses.
  EXPECT_FALSE(meshcat.HasPath("x"));
  EXPECT_EQ(meshcat.recording_num_frames(), 5);
  meshcat.PublishRecording();
  const std::string html = meshcat.StaticHtml();
  EXPECT_THAT(html, HasSubstr("MeshCat.Viewer"));
  EXPECT_EQ(html.find("<script src="), std::string::npos);
}

TEST(MeshcatTest, DestroyWhileBusy) {
  // Poses still queued for the server thread when the Meshcat goes.
  for (int k = 0; k < 20; ++k) {
    Meshcat meshcat(AnyPort());
    for (int i = 0; i < 100; ++i) {
      meshcat.SetTransform("p" + std::to_string(i % 7),
                           RigidTransform<double>());
    }
  }
}

TEST(MeshcatVisualizerTest, DrawsAndPoses) {
  systems::DiagramBuilder<double> builder;
  auto* sg = builder.AddSystem(std::make_unique<SceneGraph<double>>());
  const SourceId source = sg->RegisterSource("src");
  const FrameId frame = sg->RegisterFrame(source, GeometryFrame("m::link"));
  auto instance = std::make_unique<GeometryInstance>(RigidTransform<double>(),
                                                     Box(1, 2, 3), "box");
  instance->set_illustration_properties(IllustrationProperties());
  const GeometryId id =
      sg->RegisterGeometry(source, frame, std::move(instance));
  auto meshcat = std::make_shared<Meshcat>(AnyPort());
  MeshcatVisualizerParams params;
  params.prefix = "vis";
  const auto& visualizer =
      MeshcatVisualizer<double>::AddToBuilder(&builder, *sg, meshcat, params);
  auto diagram = builder.Build();
  auto context = diagram->CreateDefaultContext();
  FramePoseVector<double> poses;
  poses.set_value(frame, RigidTransform<double>(Vector3<double>(1, 2, 3)));
  sg->get_source_pose_port(source).FixValue(
      &diagram->GetMutableSubsystemContext(*sg, context.get()), poses);
  meshcat->StartRecording(32.0);
  diagram->ForcedPublish(*context);
  // "m::link" becomes the path vis/m/link; the geometry sits under it by
  // its name, as in the reference.
  EXPECT_TRUE(meshcat->HasPath("vis/m/link/box"));
  EXPECT_FALSE(
      meshcat->HasPath("vis/m/link/" + std::to_string(id.get_value())));
  EXPECT_EQ(meshcat->recording_num_frames(), 1);
  visualizer.Delete();
  EXPECT_FALSE(meshcat->HasPath("vis"));
  diagram->ForcedPublish(*context);  // sends the objects again
  EXPECT_TRUE(meshcat->HasPath("vis/m/link"));

  params.publish_period = 0;
  EXPECT_THROW(MeshcatVisualizer<double>(meshcat, params),
               std::invalid_argument);
  EXPECT_THROW(MeshcatVisualizer<double>(nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace ossa::geometry
