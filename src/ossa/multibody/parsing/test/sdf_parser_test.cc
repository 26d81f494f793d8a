// SDFormat reader: frame semantics against poses worked out by hand, nested
// models and includes, and bad input.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody {
namespace sdf_parser_test {

using internal::JointType;
using internal::ModelSpec;
using internal::ShapeType;
using test::ExpectParseError;
using test::WarningCollector;

// Poses compose a few rotations by π/2 written with 17 digits; 1e-12
// bounds the rounding.
constexpr double kTol = 1e-12;
const std::string kData = OSSA_TEST_DATA_DIR;
const std::string kModels = OSSA_MODELS_DIR;

math::RigidTransformd Translation(double x, double y, double z) {
  return math::RigidTransformd(Eigen::Vector3d(x, y, z));
}

math::RigidTransformd Yaw(double angle, const Eigen::Vector3d& p) {
  return math::RigidTransformd(math::RotationMatrixd::MakeZRotation(angle), p);
}

std::vector<ModelSpec> ParseString(const std::string& text,
                                   bool strict = false) {
  Parser parser;
  if (strict) parser.SetStrictParsing();
  return parser.ParseModelSpecsFromString(text, "sdf");
}

TEST(SdfParserTest, SplitPendulumJointFrames) {
  Parser parser;
  const auto models =
      parser.ParseModelSpecs(kModels + "/drake/split_pendulum.sdf");
  ASSERT_EQ(models.size(), 1u);
  const ModelSpec& m = models[0];
  // upper_section at (0,-3,0); pin posed (0,3,0) relative to its child:
  // X_WJ = identity, so X_PF (world) = I and X_CM = (0,3,0).
  const auto* pin = m.FindJoint("pin");
  EXPECT_EQ(pin->parent, "world");
  EXPECT_TRUE(pin->X_PF.IsNearlyEqualTo(math::RigidTransformd(), kTol));
  EXPECT_TRUE(pin->X_CM.IsNearlyEqualTo(Translation(0, 3, 0), kTol));
  // weld: lower_section at (0,-9,0), joint (0,3,0) from it → X_WJ (0,-6,0);
  // in upper_section that is (0,-3,0).
  const auto* weld = m.FindJoint("weld");
  EXPECT_EQ(weld->type, JointType::kFixed);
  EXPECT_TRUE(weld->X_PF.IsNearlyEqualTo(Translation(0, -3, 0), kTol));
  EXPECT_TRUE(weld->X_CM.IsNearlyEqualTo(Translation(0, 3, 0), kTol));
  EXPECT_TRUE(m.FindLink("lower_section")
                  ->X_WB.IsNearlyEqualTo(Translation(0, -9, 0), kTol));
  // Unlimited SDFormat effort (-1 by default) means actuated; both joints
  // here: the revolute one only (welds carry no actuator).
  ASSERT_EQ(m.actuators.size(), 1u);
  EXPECT_EQ(m.actuators[0].joint, "pin");
  EXPECT_TRUE(std::isinf(m.actuators[0].effort_limit));
}

TEST(SdfParserTest, FourBarFramesAndExpressedIn) {
  Parser parser;
  const ModelSpec m =
      parser.ParseModelSpecs(kModels + "/drake/four_bar.sdf").at(0);
  // From the file's comments: X_WA = I, X_AB = (4,0,0), X_WC = (-2,0.2,0)
  // (the file adds 0.2 along y for display).
  EXPECT_TRUE(
      m.FindLink("A")->X_WB.IsNearlyEqualTo(math::RigidTransformd(), kTol));
  EXPECT_TRUE(
      m.FindLink("B")->X_WB.IsNearlyEqualTo(Translation(4, 0.1, 0), kTol));
  const auto* joint_AB = m.FindJoint("joint_AB");
  EXPECT_TRUE(joint_AB->X_PF.IsNearlyEqualTo(Translation(4, 0.1, 0), kTol));
  EXPECT_TRUE(joint_AB->X_CM.IsNearlyEqualTo(math::RigidTransformd(), kTol));
  // Axes are written in the model frame, which here is aligned with the
  // joint frames.
  EXPECT_TRUE(joint_AB->axis.isApprox(Eigen::Vector3d::UnitY(), kTol));
  const auto* frame = m.FindFrame("Bc_bushing");
  ASSERT_NE(frame, nullptr);
  EXPECT_EQ(frame->body, "B");
  EXPECT_TRUE(
      frame->X_BF.translation().isApprox(Eigen::Vector3d(4, 0, 0), kTol));
  EXPECT_TRUE(frame->X_BF.rotation().matrix().isApprox(
      Eigen::AngleAxisd(-1.57079632679, Eigen::Vector3d::UnitX())
          .toRotationMatrix(),
      kTol));
  // Inertial pose (2,0,0) relative to the link: the center of mass.
  EXPECT_TRUE(m.FindLink("C")->inertial.p_BoBcm_B().isApprox(
      Eigen::Vector3d(2, 0, 0), kTol));
  // Only joint_WA is actuated (the others have effort 0).
  ASSERT_EQ(m.actuators.size(), 1u);
  EXPECT_EQ(m.actuators[0].joint, "joint_WA");
}

TEST(SdfParserTest, ExpressedInRotatesTheAxis) {
  // Joint frame yawed 90° from the model frame: the model's x axis is the
  // joint frame's -y axis.
  const auto models = ParseString(R"(<sdf version="1.9"><model name="m">
    <link name="a"/>
    <link name="b"><pose>0 0 0 0 0 1.5707963267948966</pose></link>
    <joint name="j" type="revolute"><parent>a</parent><child>b</child>
      <axis><xyz expressed_in="__model__">1 0 0</xyz></axis></joint>
    <joint name="k" type="prismatic"><parent>world</parent><child>a</child>
      <axis><xyz>0 0 1</xyz>
        <limit><lower>-1e16</lower><upper>2</upper><effort>0</effort>
          <velocity>3</velocity></limit>
        <dynamics><damping>0.5</damping></dynamics></axis></joint>
  </model></sdf>)");
  const ModelSpec& m = models.at(0);
  EXPECT_TRUE(m.FindJoint("j")->axis.isApprox(Eigen::Vector3d(0, -1, 0), kTol));
  const auto* k = m.FindJoint("k");
  EXPECT_TRUE(std::isinf(k->position_lower_limits(0)));  // -1e16 = none
  EXPECT_EQ(k->position_upper_limits(0), 2);
  EXPECT_EQ(k->velocity_limits(0), 3);
  EXPECT_EQ(k->damping(0), 0.5);
  // Links without <inertial> get SDFormat's defaults: 1 kg, unit inertia.
  EXPECT_EQ(m.FindLink("a")->inertial.mass, 1.0);
  EXPECT_FALSE(m.FindLink("a")->has_inertial);
  ASSERT_EQ(m.actuators.size(), 1u);  // k has effort 0
}

TEST(SdfParserTest, WorldWithIncludesNestedModelsAndFrames) {
  Parser parser;
  parser.package_map().PopulateFromFolder(kData + "/packages");
  WarningCollector warnings;  // none expected
  const auto models = parser.ParseModelSpecs(kData + "/world.sdf");
  EXPECT_TRUE(warnings.messages.empty())
      << (warnings.messages.empty() ? "" : warnings.messages[0]);
  std::vector<std::string> names;
  for (const auto& m : models) names.push_back(m.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"ground", "box_1", "box_2", "robot",
                                      "robot::hand", "robot::sensor_pod"}));
  const ModelSpec& ground = models[0];
  EXPECT_TRUE(ground.is_static);
  EXPECT_EQ(ground.links.at(0).collisions.at(0).shape.type,
            ShapeType::kHalfSpace);
  // Include poses place the included model; box_2 keeps its own (none).
  EXPECT_TRUE(
      models[1].links.at(0).X_WB.IsNearlyEqualTo(Translation(1, 2, 3), kTol));
  EXPECT_TRUE(
      models[2].links.at(0).X_WB.IsNearlyEqualTo(Translation(0, 0, 0), kTol));
  const auto& box_col = models[1].links.at(0).collisions.at(0);
  EXPECT_EQ(box_col.static_friction, 0.6);
  EXPECT_EQ(box_col.dynamic_friction, 0.4);

  // robot: model frame at (0,0,1) yawed 90°; base 1 m along the model's x,
  // i.e. along world y. tool_mount 0.2 above base; hand's model frame 0.1
  // above tool_mount (the include's pose replaces gripper.sdf's own).
  const ModelSpec& robot = models[3];
  const ModelSpec& hand = models[4];
  const ModelSpec& pod = models[5];
  const double q = M_PI / 2;
  EXPECT_TRUE(robot.FindLink("base")->X_WB.IsNearlyEqualTo(
      Yaw(q, Eigen::Vector3d(0, 1, 1)), kTol));
  EXPECT_TRUE(hand.FindLink("palm")->X_WB.IsNearlyEqualTo(
      Yaw(q, Eigen::Vector3d(0, 1, 1.3)), kTol));
  // finger: 0.05 along the palm's y, which is world -x.
  EXPECT_TRUE(hand.FindLink("finger")->X_WB.IsNearlyEqualTo(
      Yaw(q, Eigen::Vector3d(-0.05, 1, 1.3)), kTol));
  const auto* frame = robot.FindFrame("tool_mount");
  EXPECT_EQ(frame->body, "base");
  EXPECT_TRUE(frame->X_BF.IsNearlyEqualTo(Translation(0, 0, 0.2), kTol));
  // The wrist joint reaches into the nested model by scoped name; its frame
  // is at hand::palm (its child) by default.
  const auto* wrist = robot.FindJoint("wrist");
  EXPECT_EQ(wrist->parent, "base");
  EXPECT_EQ(wrist->child, "hand::palm");
  EXPECT_TRUE(wrist->X_PF.IsNearlyEqualTo(Translation(0, 0, 0.3), kTol));
  EXPECT_TRUE(wrist->X_CM.IsNearlyEqualTo(math::RigidTransformd(), kTol));
  // Axis (1,0,0) in the robot's model frame; the joint frame has the same
  // orientation (yaw 90° both).
  EXPECT_TRUE(wrist->axis.isApprox(Eigen::Vector3d::UnitX(), kTol));
  EXPECT_EQ(robot.FindJoint("pod_mount")->child, "sensor_pod::pod");
  // sensor_pod posed relative to base: 0.3 along base's y = world -x.
  EXPECT_TRUE(pod.FindLink("pod")->X_WB.IsNearlyEqualTo(
      Yaw(q, Eigen::Vector3d(-0.3, 1, 1)), kTol));
  EXPECT_TRUE(pod.FindFrame("lens")->X_BF.IsNearlyEqualTo(
      Translation(0.01, 0, 0), kTol));
  // The gripper's prismatic joint lives in the nested instance, actuated
  // with effort 20.
  const auto* slide = hand.FindJoint("slide");
  EXPECT_EQ(slide->type, JointType::kPrismatic);
  EXPECT_EQ(slide->position_upper_limits(0), 0.04);
  ASSERT_EQ(hand.actuators.size(), 1u);
  EXPECT_EQ(hand.actuators[0].effort_limit, 20);
  // Masses: 2 + 2 (boxes) + 3 (base) + 0.6 (gripper) + 0.25 (pod) + 1 (the
  // ground link has no <inertial>: SDFormat's default 1 kg).
  double total = 0;
  for (const auto& mm : models) total += mm.total_mass();
  EXPECT_NEAR(total, 8.85, 1e-12);
}

TEST(SdfParserTest, OtherJointTypes) {
  const auto models = ParseString(R"(<sdf version="1.11"><model name="m">
    <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
    <joint name="ball" type="ball"><parent>a</parent><child>b</child></joint>
    <joint name="u" type="universal"><parent>a</parent><child>c</child>
      <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
    <joint name="s" type="screw"><parent>a</parent><child>d</child>
      <axis><xyz>0 0 1</xyz></axis><screw_thread_pitch>0.01</screw_thread_pitch></joint>
    <joint name="cont" type="continuous"><parent>world</parent><child>a</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  </model></sdf>)");
  const ModelSpec& m = models.at(0);
  EXPECT_EQ(m.FindJoint("ball")->type, JointType::kBall);
  EXPECT_EQ(m.FindJoint("u")->type, JointType::kUniversal);
  EXPECT_EQ(m.FindJoint("u")->axis2, Eigen::Vector3d::UnitY());
  EXPECT_EQ(m.FindJoint("s")->screw_thread_pitch, 0.01);
  EXPECT_TRUE(std::isinf(m.FindJoint("cont")->position_upper_limits(0)));
  EXPECT_EQ(m.num_velocities(), 3 + 2 + 1 + 1);
}

TEST(SdfParserTest, PoseFormats) {
  const auto models = ParseString(R"(<sdf version="1.9"><model name="m">
    <link name="a"><pose degrees="true">1 2 3 0 0 90</pose></link>
    <link name="b"><pose rotation_format="quat_xyzw">0 0 0 0 0 0.7071067811865476 0.7071067811865476</pose></link>
  </model></sdf>)");
  const auto& m = models.at(0);
  EXPECT_TRUE(
      m.FindLink("a")->X_WB.IsNearlyEqualTo(Yaw(M_PI / 2, {1, 2, 3}), kTol));
  EXPECT_TRUE(
      m.FindLink("b")->X_WB.IsNearlyEqualTo(Yaw(M_PI / 2, {0, 0, 0}), kTol));
}

// ---- Bad input.

TEST(SdfParserTest, BadJoints) {
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>"
            "<link name='b'/>\n<joint name='j' type='revolute2'>"
            "<parent>a</parent><child>b</child></joint></model></sdf>");
      },
      {"<string>.sdf:2:", "<joint name='j'>",
       "joint type 'revolute2' is not supported"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>"
            "<link name='b'/>\n<joint name='j' type='hinge'>"
            "<parent>a</parent><child>b</child></joint></model></sdf>");
      },
      {"<string>.sdf:2:", "unknown joint type 'hinge'"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>"
            "<joint name='j' type='fixed'><parent>a</parent>\n"
            "<child>ghost</child></joint></model></sdf>");
      },
      {"<string>.sdf:2:", "<child>", "the frame 'ghost' does not exist"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>"
            "<link name='b'/><link name='c'/>\n"
            "<joint name='j1' type='fixed'><parent>a</parent>"
            "<child>c</child></joint>\n"
            "<joint name='j2' type='fixed'><parent>b</parent>"
            "<child>c</child></joint></model></sdf>");
      },
      {"<string>.sdf:3:", "<joint name='j2'>", "child of both"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>"
            "<link name='b'/>\n"
            "<joint name='j1' type='fixed'><parent>a</parent>"
            "<child>b</child></joint>\n"
            "<joint name='j2' type='fixed'><parent>b</parent>"
            "<child>a</child></joint></model></sdf>");
      },
      {"<string>.sdf:", "kinematic cycle"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>\n"
            "<joint name='j' type='revolute'><parent>world</parent>"
            "<child>a</child></joint></model></sdf>");
      },
      {"<string>.sdf:2:", "<joint name='j'>", "has no <axis>"});
}

TEST(SdfParserTest, BadFramesAndNames) {
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'>\n<link name='a'>"
            "<pose relative_to='f'/></link>\n<frame name='f'>"
            "<pose relative_to='a'/></frame></model></sdf>");
      },
      {"<string>.sdf:", "defined in a cycle"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'/>\n"
            "<frame name='a'/></model></sdf>");
      },
      {"<string>.sdf:2:", "<frame name='a'>", "already used"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'>\n<link name='a'>"
            "<pose relative_to='nowhere'/></link></model></sdf>");
      },
      {"<string>.sdf:2:", "the frame 'nowhere' does not exist"});
  ExpectParseError(
      [] { ParseString("<sdf version='1.9'>\n<model name='empty'/></sdf>"); },
      {"<string>.sdf:2:", "<model name='empty'>", "has no links"});
  ExpectParseError([] { ParseString("<sdf version='1.9'/>"); },
                   {"<string>.sdf:1:", "defines no model"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'>\n"
            "<pose>1 2 3</pose></link></model></sdf>");
      },
      {"<string>.sdf:2:", "<pose>", "needs 6 numbers"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'>"
            "<inertial>\n<mass>-2</mass></inertial></link></model>"
            "</sdf>");
      },
      {"<string>.sdf:1:", "<inertial>", "negative or non-finite mass"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'>"
            "<inertial><inertia>\n<ixx>lots</ixx></inertia>"
            "</inertial></link></model></sdf>");
      },
      {"<string>.sdf:2:", "<ixx>", "'lots' is not a number"});
}

TEST(SdfParserTest, UnresolvableIncludesAndUnknownTags) {
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><world name='w'><include>\n"
            "<uri>package://nope/model.sdf</uri></include></world>"
            "</sdf>");
      },
      {"<string>.sdf:2:", "<uri>", "package 'nope' is not in the package map"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><world name='w'><include>\n"
            "<uri>model://nope</uri></include></world></sdf>");
      },
      {"<string>.sdf:2:", "cannot resolve <uri> 'model://nope'"});
  // An element SDFormat defines there but the reader does not support:
  // a warning, an error when strict.
  const char* odd =
      "<sdf version='1.9'><model name='m'><link name='a'/>\n"
      "<gripper name='g'/></model></sdf>";
  {
    WarningCollector warnings;
    ParseString(odd);
    EXPECT_EQ(warnings.Count("<string>.sdf:2: warning: <gripper name='g'>: "
                             "unsupported element <gripper>"),
              1);
  }
  ExpectParseError([&] { ParseString(odd, true); },
                   {"<string>.sdf:2:", "<gripper name='g'>", "strict parsing"});
  // Missing mesh: kept unresolved in the spec, an error when registered
  // with a SceneGraph (as in the reference).
  const char* mesh =
      "<sdf version='1.9'><model name='m'><link name='a'>"
      "<visual name='v'><geometry>\n<mesh><uri>x.obj</uri>"
      "</mesh></geometry></visual></link></model></sdf>";
  {
    WarningCollector warnings;
    const auto models = ParseString(mesh);
    ASSERT_EQ(models.at(0).links.at(0).visuals.size(), 1u);
    EXPECT_EQ(models.at(0).links.at(0).visuals.at(0).shape.uri, "x.obj");
    EXPECT_TRUE(warnings.messages.empty());
  }
  ExpectParseError(
      [&] {
        systems::DiagramBuilder<double> builder;
        auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
        Parser(&plant).AddModelsFromString(mesh, "sdf");
      },
      {"<string>.sdf:2:", "<mesh>", "'x.obj' does not resolve"});
}

// An element SDFormat does not define where it stands (misplaced or
// misspelled) is an error, lenient or strict, naming the file, the line, the
// element and its parent: skipping it would drop what the author meant (a
// <mass> inside <inertia> left the link at the default 1 kg).
TEST(SdfParserTest, MisplacedAndUnknownElementsAreErrors) {
  struct Case {
    const char* inside_model;  // the model's content; the bad element on line 2
    const char* element;
    const char* parent;
  };
  const Case cases[] = {
      {"<link name='a'><inertial><inertia><ixx>1</ixx><iyy>1</iyy>"
       "<izz>1</izz>\n<mass>5</mass></inertia></inertial></link>",
       "<mass>", "<inertia>"},
      {"<link name='a'><inertial><mass>5</mass>\n<ixx>1</ixx></inertial>"
       "</link>",
       "<ixx>", "<inertial>"},
      {"<link name='a'>\n<mass>5</mass></link>", "<mass>", "<link name='a'>"},
      {"<link name='a'>\n<glitter/></link>", "<glitter>", "<link name='a'>"},
      {"<link name='a'/>\n<dance/>", "<dance>", "<model name='m'>"},
      {"<link name='a'><pose>0 0 0 0 0 0\n<x>1</x></pose></link>", "<x>",
       "<pose>"},
      {"<link name='a'/><frame name='f'>\n<glow/></frame>", "<glow>",
       "<frame name='f'>"},
      {"<link name='a'/><link name='b'/><joint name='j' type='revolute'>"
       "<parent>a</parent><child>b</child>\n<spin/><axis><xyz>0 0 1</xyz>"
       "</axis></joint>",
       "<spin>", "<joint name='j'>"},
      {"<link name='a'/><link name='b'/><joint name='j' type='revolute'>"
       "<parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz>\n"
       "<lower>-1</lower></axis></joint>",
       "<lower>", "<axis>"},
      {"<link name='a'/><link name='b'/><joint name='j' type='revolute'>"
       "<parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz><limit>\n"
       "<lowr>-1</lowr></limit></axis></joint>",
       "<lowr>", "<limit>"},
      {"<link name='a'/><link name='b'/><joint name='j' type='revolute'>"
       "<parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz><dynamics>\n"
       "<dampign>1</dampign></dynamics></axis></joint>",
       "<dampign>", "<dynamics>"},
  };
  for (const Case& c : cases) {
    const std::string text =
        std::string("<sdf version='1.9'><model name='m'>") + c.inside_model +
        "</model></sdf>";
    for (const bool strict : {false, true}) {
      ExpectParseError([&] { ParseString(text, strict); },
                       {"<string>.sdf:2:", std::string(c.element) + ":",
                        std::string(c.element) +
                            " is not an SDFormat element of " + c.parent});
    }
  }
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><model name='m'><link name='a'><inertial>"
            "<inertia><ixx>1</ixx>\n<mass>5</mass></inertia></inertial></link>"
            "</model></sdf>");
      },
      {"it belongs in <inertial>"});
  // In a world and in an include too.
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><world name='w'>\n<modle name='m'/>"
            "</world></sdf>");
      },
      {"<string>.sdf:2:",
       "<modle> is not an SDFormat element of <world "
       "name='w'>"});
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'><world name='w'><include>\n"
            "<url>model://x</url></include></world></sdf>");
      },
      {"<string>.sdf:2:", "<url> is not an SDFormat element of <include>"});
}

// What SDFormat allows stays accepted: elements the reader skips (visuals'
// details, sensors, plugins, physics) and custom elements with a namespace
// prefix anywhere, as libsdformat keeps them. As in the reference, an
// unknown custom element directly in a model or a link is reported as
// ignored (a warning), elsewhere it passes silently.
TEST(SdfParserTest, ValidAndCustomElementsAreAccepted) {
  const char* text = R"(<sdf version='1.11'>
  <model name='m' xmlns:xyz='http://example.com/xyz'>
    <xyz:anything><deep>1</deep></xyz:anything>
    <drake:collision_filter_group name='g'>
      <drake:member>a</drake:member>
    </drake:collision_filter_group>
    <self_collide>false</self_collide>
    <allow_auto_disable>true</allow_auto_disable>
    <enable_wind>false</enable_wind>
    <plugin name='p' filename='p.so'><anything/></plugin>
    <link name='a'>
      <xyz:tag/>
      <gravity>true</gravity>
      <kinematic>false</kinematic>
      <velocity_decay><linear>0</linear></velocity_decay>
      <inertial>
        <pose>0 0 0.1 0 0 0</pose>
        <mass>2</mass>
        <xyz:note>hi</xyz:note>
        <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz><ixy>0</ixy>
          <ixz>0</ixz><iyz>0</iyz><drake:extra/></inertia>
      </inertial>
      <visual name='v'><geometry><box><size>1 1 1</size></box></geometry>
        <material><ambient>1 0 0 1</ambient><diffuse>1 0 0 1</diffuse>
        </material><transparency>0</transparency></visual>
      <collision name='c'><geometry><sphere><radius>0.1</radius></sphere>
        </geometry><surface><contact><ode/></contact></surface></collision>
      <sensor name='s' type='imu'><update_rate>10</update_rate></sensor>
    </link>
    <link name='b'/>
    <joint name='j' type='revolute'>
      <parent>a</parent><child>b</child>
      <drake:rotor_inertia>0.1</drake:rotor_inertia>
      <physics><ode><cfm>0</cfm></ode></physics>
      <axis>
        <xyz expressed_in='__model__'>0 0 1</xyz>
        <limit><lower>-1</lower><upper>1</upper><effort>5</effort>
          <velocity>2</velocity><stiffness>1e8</stiffness>
          <dissipation>1</dissipation><xyz:custom/></limit>
        <dynamics><damping>0.5</damping><friction>0.1</friction>
          <spring_reference>0</spring_reference>
          <spring_stiffness>0</spring_stiffness></dynamics>
      </axis>
    </joint>
    <frame name='f' attached_to='a'><pose>1 0 0 0 0 0</pose></frame>
  </model>
</sdf>)";
  WarningCollector warnings;
  const auto models = ParseString(text);
  ASSERT_EQ(models.size(), 1u);
  EXPECT_EQ(models[0].FindLink("a")->inertial.mass, 2);
  EXPECT_EQ(models[0].FindJoint("j")->damping(0), 0.5);
  EXPECT_EQ(warnings.Count("unsupported element <xyz:anything> inside model"),
            1);
  EXPECT_EQ(warnings.Count("unsupported element <xyz:tag> inside link"), 1);
  EXPECT_EQ(warnings.messages.size(), 2u)
      << ::testing::PrintToString(warnings.messages);
}

// canonical_link must name a link of the model, even when no frame needs
// the model frame's body.
TEST(SdfParserTest, CanonicalLinkMustExist) {
  for (const bool strict : {false, true}) {
    ExpectParseError(
        [&] {
          ParseString(
              "<sdf version='1.9'>\n<model name='m' canonical_link='nope'>"
              "<link name='a'/></model></sdf>",
              strict);
        },
        {"<string>.sdf:2:", "<model name='m'>",
         "canonical_link 'nope' of model 'm' names no link of the model"});
  }
  // A frame is not a link.
  ExpectParseError(
      [] {
        ParseString(
            "<sdf version='1.9'>\n<model name='m' canonical_link='f'>"
            "<link name='a'/><frame name='f'/></model></sdf>");
      },
      {"<string>.sdf:2:", "canonical_link 'f'"});
  // A link of a nested model is fine.
  const auto models = ParseString(
      "<sdf version='1.9'><model name='m' canonical_link='inner::b'>"
      "<link name='a'/><model name='inner'><link name='b'/></model></model>"
      "</sdf>");
  EXPECT_EQ(models.size(), 2u);
}

class SdfIncludeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("ossa_sdf_include_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  std::filesystem::path dir_;
};

// A world may include many files: 1,500 includes of one small model (each
// under its own name) load, into a plant too (not finalized: 1,500 free
// bodies make the plant's dense 9000×9000 workspaces, which is not what is
// tested here).
TEST_F(SdfIncludeTest, ManyIncludesOfOneFile) {
  Write("small.sdf",
        "<sdf version='1.9'><model name='small'><link name='l'><inertial>"
        "<mass>2</mass></inertial></link></model></sdf>");
  std::string world = "<sdf version='1.9'><world name='w'>\n";
  constexpr int kCount = 1500;
  for (int i = 0; i < kCount; ++i) {
    world += fmt::format(
        "<include><uri>small.sdf</uri><name>m{}</name>"
        "<pose>{} 0 0 0 0 0</pose></include>\n",
        i, i);
  }
  world += "</world></sdf>";
  const std::string path = Write("world.sdf", world);
  MultibodyPlant<double> plant(0.0);
  Parser parser(&plant);
  const auto instances = parser.AddModels(path);
  ASSERT_EQ(instances.size(), static_cast<size_t>(kCount));
  EXPECT_EQ(plant.num_bodies(), kCount + 1);
  const auto& last = plant.GetBodyByName("l", instances.back());
  EXPECT_EQ(last.default_mass(), 2);
}

// An include loop is reported as one, naming the files of the loop; a file
// including itself too.
TEST_F(SdfIncludeTest, IncludeLoopsAreNamed) {
  const std::string a =
      Write("a.sdf",
            "<sdf version='1.9'><model name='a'><link name='l'/>\n"
            "<include><uri>b.sdf</uri></include></model></sdf>");
  const std::string b =
      Write("b.sdf",
            "<sdf version='1.9'><model name='b'><link name='l'/>\n"
            "<include><uri>a.sdf</uri></include></model></sdf>");
  for (const std::string& start : {a, b}) {
    const std::string other = start == a ? b : a;
    ExpectParseError([&] { Parser().ParseModelSpecs(start); },
                     {other + ":2:", "<include>",
                      fmt::format("include loop: {} includes {} includes {}",
                                  start, other, start)});
  }
  const std::string self =
      Write("self.sdf",
            "<sdf version='1.9'><model name='s'><link name='l'/>\n"
            "<include><uri>self.sdf</uri></include></model></sdf>");
  ExpectParseError(
      [&] { Parser().ParseModelSpecs(self); },
      {self + ":2:", fmt::format("include loop: {} includes {}", self, self)});
  // The same file included twice side by side is no loop.
  Write("twice.sdf",
        "<sdf version='1.9'><world name='w'>"
        "<include><uri>b_leaf.sdf</uri><name>x</name></include>"
        "<include><uri>b_leaf.sdf</uri><name>y</name></include>"
        "</world></sdf>");
  Write("b_leaf.sdf",
        "<sdf version='1.9'><model name='leaf'><link name='l'/></model>"
        "</sdf>");
  EXPECT_EQ(Parser().ParseModelSpecs((dir_ / "twice.sdf").string()).size(), 2u);
}

}  // namespace
}  // namespace ossa::multibody
