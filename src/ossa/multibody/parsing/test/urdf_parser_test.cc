// URDF reader: values against closed forms, and every kind of bad input.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"

namespace ossa::multibody {
namespace urdf_parser_test {

using internal::JointType;
using internal::ModelSpec;
using internal::ShapeType;
using test::ExpectParseError;
using test::WarningCollector;

// Values are written with few digits; 1e-14 covers double rounding of the
// trigonometry and products involved.
constexpr double kTol = 1e-14;

ModelSpec ParseOne(const std::string& text, bool strict = false) {
  Parser parser;
  if (strict) parser.SetStrictParsing();
  auto models = parser.ParseModelSpecsFromString(text, "urdf");
  EXPECT_EQ(models.size(), 1u);
  return models.at(0);
}

const char* kRobot = R"(<?xml version="1.0"?>
<robot name="demo">
  <material name="blue"><color rgba="0 0 1 1"/></material>
  <link name="world"/>
  <link name="base">
    <inertial>
      <origin xyz="0.1 0.2 0.3" rpy="0 0 1.5707963267948966"/>
      <mass value="2.5"/>
      <inertia ixx="0.1" ixy="0.01" ixz="0" iyy="0.2" iyz="0" izz="0.3"/>
    </inertial>
    <visual>
      <origin xyz="0 0 0.5"/>
      <geometry><box size="1 2 3"/></geometry>
      <material name="blue"/>
    </visual>
    <collision name="base_col">
      <geometry><cylinder radius="0.2" length="0.7"/></geometry>
      <drake:proximity_properties>
        <drake:mu_static value="0.8"/>
        <drake:mu_dynamic value="0.5"/>
        <drake:hydroelastic_modulus value="5e7"/>
      </drake:proximity_properties>
    </collision>
  </link>
  <link name="arm">
    <inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><drake:capsule radius="0.05" length="0.3"/></geometry></collision>
    <visual><geometry><drake:ellipsoid a="0.1" b="0.2" c="0.3"/></geometry></visual>
  </link>
  <link name="finger"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="finger2"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="wrist"><inertial><mass value="0.2"/><inertia ixx="1e-3" iyy="1e-3" izz="1e-3" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="nut"><inertial><mass value="0.05"/><inertia ixx="1e-5" iyy="1e-5" izz="1e-5" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="puck"><inertial><mass value="0.3"/><inertia ixx="1e-3" iyy="1e-3" izz="1e-3" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="weld" type="fixed">
    <parent link="world"/><child link="base"/>
    <origin xyz="0 0 1"/>
  </joint>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="arm"/>
    <origin xyz="0 0 0.5" rpy="0 0 1.5707963267948966"/>
    <axis xyz="0 0 2"/>
    <limit lower="-1.5" upper="2.0" effort="40" velocity="3"/>
    <dynamics damping="0.7" friction="0.1"/>
  </joint>
  <joint name="slide" type="prismatic">
    <parent link="arm"/><child link="finger"/>
    <axis xyz="1 0 0"/>
    <limit lower="0" upper="0.05" effort="10" velocity="0.2"/>
  </joint>
  <joint name="slide2" type="prismatic">
    <parent link="arm"/><child link="finger2"/>
    <axis xyz="1 0 0"/>
    <limit lower="0" upper="0.05" effort="10" velocity="0.2"/>
    <mimic joint="slide" multiplier="-1" offset="0.01"/>
  </joint>
  <drake:joint name="wrist_ball" type="ball">
    <parent link="arm"/><child link="wrist"/>
    <origin xyz="0 0 0.3"/>
  </drake:joint>
  <drake:joint name="screw" type="screw">
    <parent link="wrist"/><child link="nut"/>
    <axis xyz="0 0 1"/>
    <drake:screw_thread_pitch value="0.002"/>
  </drake:joint>
  <joint name="table" type="planar">
    <parent link="world"/><child link="puck"/>
    <axis xyz="0 0 1"/>
  </joint>
  <transmission name="t_shoulder">
    <type>transmission_interface/SimpleTransmission</type>
    <joint name="shoulder"><hardwareInterface>EffortJointInterface</hardwareInterface></joint>
    <actuator name="shoulder_motor">
      <mechanicalReduction>100</mechanicalReduction>
      <drake:gear_ratio value="100"/>
      <drake:rotor_inertia value="1e-5"/>
    </actuator>
  </transmission>
  <transmission type="SimpleTransmission" name="t_slide">
    <joint name="slide"/>
    <actuator name="slide_motor"/>
  </transmission>
</robot>
)";

TEST(UrdfParserTest, LinksInertiaAndGeometry) {
  const ModelSpec m = ParseOne(kRobot);
  EXPECT_EQ(m.name, "demo");
  ASSERT_EQ(m.links.size(), 7u);  // "world" is the world body, not a link
  const auto* base = m.FindLink("base");
  ASSERT_NE(base, nullptr);
  EXPECT_EQ(base->inertial.mass, 2.5);
  EXPECT_TRUE(
      base->inertial.p_BoBcm_B().isApprox(Eigen::Vector3d(0.1, 0.2, 0.3)));
  // A 90° yaw of the inertial frame swaps x and y and flips the sign of
  // the product of inertia: I_B = R I_I Rᵀ.
  Eigen::Matrix3d expected;
  expected << 0.2, -0.01, 0, -0.01, 0.1, 0, 0, 0, 0.3;
  EXPECT_TRUE(base->inertial.I_BBcm_B().isApprox(expected, kTol));
  ASSERT_EQ(base->visuals.size(), 1u);
  EXPECT_EQ(base->visuals[0].shape.type, ShapeType::kBox);
  EXPECT_EQ(base->visuals[0].shape.size, Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(base->visuals[0].X_BG.translation(), Eigen::Vector3d(0, 0, 0.5));
  ASSERT_TRUE(base->visuals[0].rgba.has_value());
  EXPECT_EQ(*base->visuals[0].rgba, Eigen::Vector4d(0, 0, 1, 1));
  ASSERT_EQ(base->collisions.size(), 1u);
  const auto& col = base->collisions[0];
  EXPECT_EQ(col.name, "base_col");
  EXPECT_EQ(col.shape.type, ShapeType::kCylinder);
  EXPECT_EQ(col.shape.radius, 0.2);
  EXPECT_EQ(col.shape.length, 0.7);
  EXPECT_EQ(col.static_friction, 0.8);
  EXPECT_EQ(col.dynamic_friction, 0.5);
  EXPECT_EQ(col.proximity_properties.at("hydroelastic_modulus"), 5e7);
  const auto* arm = m.FindLink("arm");
  EXPECT_EQ(arm->collisions.at(0).shape.type, ShapeType::kCapsule);
  EXPECT_EQ(arm->visuals.at(0).shape.type, ShapeType::kEllipsoid);
  EXPECT_EQ(arm->visuals.at(0).shape.size, Eigen::Vector3d(0.1, 0.2, 0.3));
  // Zero-configuration pose of arm: weld (z + 1), shoulder origin (z + 0.5,
  // yaw 90°).
  EXPECT_TRUE(
      arm->X_WB.translation().isApprox(Eigen::Vector3d(0, 0, 1.5), kTol));
  EXPECT_TRUE(arm->X_WB.rotation().matrix().isApprox(
      Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix(),
      kTol));
  EXPECT_NEAR(m.total_mass(), 2.5 + 1 + 0.1 + 0.1 + 0.2 + 0.05 + 0.3, 1e-15);
}

TEST(UrdfParserTest, Joints) {
  const ModelSpec m = ParseOne(kRobot);
  ASSERT_EQ(m.joints.size(), 7u);
  const auto* weld = m.FindJoint("weld");
  EXPECT_EQ(weld->type, JointType::kFixed);
  EXPECT_EQ(weld->parent, "world");
  const auto* shoulder = m.FindJoint("shoulder");
  EXPECT_EQ(shoulder->type, JointType::kRevolute);
  EXPECT_EQ(shoulder->parent, "base");
  EXPECT_EQ(shoulder->child, "arm");
  EXPECT_EQ(shoulder->axis, Eigen::Vector3d::UnitZ());  // normalized
  EXPECT_EQ(shoulder->X_PF.translation(), Eigen::Vector3d(0, 0, 0.5));
  EXPECT_TRUE(shoulder->X_CM.IsExactlyIdentity());
  EXPECT_EQ(shoulder->position_lower_limits(0), -1.5);
  EXPECT_EQ(shoulder->position_upper_limits(0), 2.0);
  EXPECT_EQ(shoulder->effort_limits(0), 40);
  EXPECT_EQ(shoulder->velocity_limits(0), 3);
  EXPECT_EQ(shoulder->damping(0), 0.7);
  EXPECT_EQ(shoulder->friction(0), 0.1);
  const auto* slide2 = m.FindJoint("slide2");
  ASSERT_TRUE(slide2->mimic.has_value());
  EXPECT_EQ(slide2->mimic->joint, "slide");
  EXPECT_EQ(slide2->mimic->multiplier, -1);
  EXPECT_EQ(slide2->mimic->offset, 0.01);
  EXPECT_EQ(m.FindJoint("wrist_ball")->type, JointType::kBall);
  EXPECT_EQ(m.FindJoint("screw")->type, JointType::kScrew);
  EXPECT_EQ(m.FindJoint("screw")->screw_thread_pitch, 0.002);
  EXPECT_EQ(m.FindJoint("table")->type, JointType::kPlanar);
  // dofs: fixed 0, revolute 1, 2 × prismatic 1, ball 3, screw 1, planar 3.
  EXPECT_EQ(m.num_velocities(), 0 + 1 + 2 + 3 + 1 + 3);
}

TEST(UrdfParserTest, Transmissions) {
  const ModelSpec m = ParseOne(kRobot);
  ASSERT_EQ(m.actuators.size(), 2u);
  EXPECT_EQ(m.actuators[0].name, "shoulder_motor");
  EXPECT_EQ(m.actuators[0].joint, "shoulder");
  EXPECT_EQ(m.actuators[0].gear_ratio, 100);
  EXPECT_EQ(m.actuators[0].rotor_inertia, 1e-5);
  EXPECT_EQ(m.actuators[0].effort_limit, 40);  // the joint's effort limit
  EXPECT_EQ(m.actuators[1].joint, "slide");
  EXPECT_EQ(m.actuators[1].gear_ratio, 1);
}

TEST(UrdfParserTest, ContinuousAndFloating) {
  const ModelSpec m = ParseOne(R"(<robot name="r">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="spin" type="continuous"><parent link="a"/><child link="b"/>
      <limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
    <joint name="free" type="floating"><parent link="world"/><child link="c"/></joint>
  </robot>)");
  const auto* spin = m.FindJoint("spin");
  // Continuous joints keep effort and velocity limits but not positions.
  EXPECT_TRUE(std::isinf(spin->position_upper_limits(0)));
  EXPECT_EQ(spin->effort_limits(0), 5);
  EXPECT_EQ(spin->axis, Eigen::Vector3d::UnitX());  // URDF default axis
  EXPECT_EQ(m.FindJoint("free")->type, JointType::kFloating);
  EXPECT_EQ(m.num_velocities(), 7);
  // A link without <inertial> is massless in URDF.
  EXPECT_FALSE(m.FindLink("a")->has_inertial);
  EXPECT_EQ(m.FindLink("a")->inertial.mass, 0);
}

// ---- Bad input: each names the file (here "<string>.urdf"), the line and
// the element.

TEST(UrdfParserTest, MalformedXml) {
  // tinyxml2 reports a mismatched close tag at the line of the element left
  // open.
  ExpectParseError(
      [] { ParseOne("<robot name='r'>\n<link name='a'>\n</robot>"); },
      {"<string>.urdf:2:", "malformed XML", "link"});
  ExpectParseError(
      [] { ParseOne("<robot name='r'>\n<link name='a'/>\n<joint"); },
      {"<string>.urdf:3:", "malformed XML"});
  ExpectParseError([] { ParseOne(""); }, {"<string>.urdf"});
  ExpectParseError([] { ParseOne("<sdf version='1.9'/>"); },
                   {"<string>.urdf:1:", "<sdf>", "must be <robot>"});
  // tinyxml2 reads elements after the root as its siblings; a second
  // <robot> (whose links would be dropped) is an error at its line, and so
  // is any other second root. Comments after the root are fine.
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'>\n<link name='a'/>\n</robot>\n"
            "<robot name='s'>\n<link name='b'/>\n</robot>\n");
      },
      {"<string>.urdf:4:", "<robot name='s'>",
       "a second root element (the first is <robot> at line 1)"});
  ExpectParseError(
      [] {
        ParseOne("<robot name='r'>\n<link name='a'/>\n</robot>\n<extra/>");
      },
      {"<string>.urdf:4:", "<extra>", "a second root element"});
  EXPECT_EQ(ParseOne("<?xml version='1.0'?>\n<robot name='r'><link "
                     "name='a'/></robot>\n<!-- end -->\n")
                .links.size(),
            1u);
}

TEST(UrdfParserTest, MissingAndDuplicateNames) {
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'>\n<link name='a'/>\n<joint name='j' "
            "type='fixed'>\n<parent link='a'/>\n<child link='b'/>\n"
            "</joint></robot>");
      },
      {"<string>.urdf:5:", "<child>",
       "joint 'j' names child link 'b', which "
       "does not exist"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'>\n<link name='a'/>\n<link name='a'/></robot>");
      },
      {"<string>.urdf:3:", "<link name='a'>", "already exists (line 2)"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><link "
            "name='c'/>\n<joint name='j' type='fixed'><parent "
            "link='a'/><child link='b'/></joint>\n<joint name='j' "
            "type='fixed'><parent link='a'/><child "
            "link='c'/></joint></robot>");
      },
      {"<string>.urdf:3:", "<joint name='j'>", "already exists"});
  ExpectParseError([] { ParseOne("<robot><link name='a'/></robot>"); },
                   {"<string>.urdf:1:", "<robot>", "'name'"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/>\n<joint type='fixed'>"
            "<parent link='a'/><child link='a'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<joint>", "missing required attribute 'name'"});
}

TEST(UrdfParserTest, LoopsAndCycles) {
  const char* two_parents = R"(<robot name='r'>
<link name='a'/><link name='b'/><link name='c'/>
<joint name='ab' type='fixed'><parent link='a'/><child link='b'/></joint>
<joint name='cb' type='fixed'><parent link='c'/><child link='b'/></joint>
</robot>)";
  ExpectParseError([&] { ParseOne(two_parents); },
                   {"<string>.urdf:4:", "<joint name='cb'>",
                    "link 'b' is the child of both joint 'ab' and joint 'cb'"});
  const char* cycle = R"(<robot name='r'>
<link name='a'/><link name='b'/>
<joint name='ab' type='fixed'><parent link='a'/><child link='b'/></joint>
<joint name='ba' type='fixed'><parent link='b'/><child link='a'/></joint>
</robot>)";
  ExpectParseError(
      [&] { ParseOne(cycle); },
      {"<string>.urdf:3:", "<joint name='ab'>", "kinematic cycle"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/>\n<joint name='j' "
            "type='fixed'><parent link='a'/><child "
            "link='a'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<joint name='j'>", "to itself"});
}

TEST(UrdfParserTest, BadJointTypeAndValues) {
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/>\n<joint "
            "name='j' type='hinge'><parent link='a'/><child "
            "link='b'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<joint name='j'>", "unknown joint type 'hinge'"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><joint "
            "name='j' type='revolute'><parent link='a'/><child "
            "link='b'/>\n<origin xyz='0 zero 0'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<origin>", "'zero' is not a number"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><joint "
            "name='j' type='revolute'><parent link='a'/><child "
            "link='b'/>\n<origin xyz='0 0'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<origin>", "expected 3 numbers but got 2"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><joint "
            "name='j' type='revolute'><parent link='a'/><child "
            "link='b'/>\n<limit lower='1' upper='-1'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<limit>", "lower limit 1 above upper limit -1"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><joint "
            "name='j' type='revolute'><parent link='a'/><child "
            "link='b'/>\n<axis xyz='0 0 0'/></joint></robot>");
      },
      {"<string>.urdf:2:", "<axis>", "zero axis"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/>\n"
            "<joint name='j' type='revolute'><parent link='a'/></joint>"
            "</robot>");
      },
      {"<string>.urdf:2:", "<joint name='j'>", "has no <child>"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'/><link name='b'/><joint "
            "name='j' type='revolute'><parent link='a'/><child "
            "link='b'/></joint>\n<transmission name='t'><type>"
            "SimpleTransmission</type><joint name='nope'/><actuator "
            "name='m'/></transmission></robot>");
      },
      {"<string>.urdf:2:", "<joint name='nope'>", "does not exist"});
}

TEST(UrdfParserTest, BadInertia) {
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'>\n<inertial><mass "
            "value='-1'/></inertial></link></robot>");
      },
      {"<string>.urdf:2:", "<inertial>",
       "link 'a' has a negative or "
       "non-finite mass"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'>\n<inertial><mass "
            "value='heavy'/></inertial></link></robot>");
      },
      {"<string>.urdf:2:", "<mass>", "'heavy' is not a number"});
  ExpectParseError(
      [] {
        ParseOne(
            "<robot name='r'><link name='a'>\n<inertial></inertial>"
            "</link></robot>");
      },
      {"<string>.urdf:2:", "<inertial>", "has no <mass>"});
  // Moments 1, 1, 3 break the triangle inequality (3 > 1 + 1): a warning
  // when lenient, an error when strict.
  const char* bad =
      "<robot name='r'><link name='a'>\n<inertial><mass "
      "value='1'/><inertia ixx='1' iyy='1' izz='3'/>"
      "</inertial></link></robot>";
  {
    WarningCollector warnings;
    ParseOne(bad);
    EXPECT_EQ(warnings.Count("<string>.urdf:2: warning: <inertial>: link 'a' "
                             "has a non-physical rotational inertia"),
              1);
  }
  ExpectParseError(
      [&] { ParseOne(bad, true); },
      {"<string>.urdf:2:", "<inertial>", "strict parsing", "non-physical"});
  // A negative principal moment.
  const char* negative =
      "<robot name='r'><link name='a'>\n<inertial><mass "
      "value='1'/><inertia ixx='1' iyy='1' izz='-1'/>"
      "</inertial></link></robot>";
  ExpectParseError([&] { ParseOne(negative, true); },
                   {"<string>.urdf:2:", "negative principal moment"});
}

TEST(UrdfParserTest, UnknownTagsAndMissingMeshes) {
  const char* text = R"(<robot name='r'>
<link name='a'>
  <visual><geometry><mesh filename="package://nowhere/mesh.stl"/></geometry></visual>
  <collision><geometry><mesh filename="meshes/missing.obj" scale="2"/></geometry></collision>
  <sparkle/>
</link>
<gazebo reference="a"/>
<unheard_of/>
</robot>)";
  {
    WarningCollector warnings;
    const ModelSpec m = ParseOne(text);
    // A missing mesh is kept unresolved: it is an error only when the
    // geometry is registered with a SceneGraph (as in the reference).
    EXPECT_EQ(m.links.size(), 1u);
    ASSERT_EQ(m.links[0].visuals.size(), 1u);
    EXPECT_EQ(m.links[0].visuals[0].shape.uri, "package://nowhere/mesh.stl");
    EXPECT_TRUE(m.links[0].visuals[0].shape.filename.empty());
    ASSERT_EQ(m.links[0].collisions.size(), 1u);
    EXPECT_EQ(m.links[0].collisions[0].shape.scale, Eigen::Vector3d(2, 2, 2));
    EXPECT_EQ(warnings.Count("<string>.urdf:5: warning: <sparkle>"), 1);
    EXPECT_EQ(warnings.Count("<string>.urdf:8: warning: <unheard_of>"), 1);
    EXPECT_EQ(warnings.Count("gazebo"), 0);  // a known foreign tag
    EXPECT_EQ(warnings.messages.size(), 2u);
  }
  // Strict: the first warning becomes the error.
  ExpectParseError([&] { ParseOne(text, true); },
                   {"<string>.urdf:5:", "<sparkle>", "strict parsing"});
  // With a SceneGraph the unresolved mesh is an error naming the URI.
  ExpectParseError(
      [&] {
        systems::DiagramBuilder<double> builder;
        auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
        Parser(&plant).AddModelsFromString(
            "<robot name='r'><link name='a'>\n<visual><geometry><mesh "
            "filename='m.stl'/></geometry></visual></link></robot>",
            "urdf");
      },
      {"<string>.urdf:2:", "<mesh>",
       "the mesh URI 'm.stl' does not resolve to an existing file"});
}

TEST(UrdfParserTest, MeshResolvesThroughPackageMap) {
  Parser parser;
  parser.package_map().Add("pkg_a",
                           std::string(OSSA_TEST_DATA_DIR) + "/packages/pkg_a");
  // Any existing file stands in for a mesh: the reader only resolves it.
  auto models = parser.ParseModelSpecsFromString(
      R"(<robot name='r'><link name='a'><visual><geometry>
         <mesh filename="package://pkg_a/models/box.sdf" scale="1 2 3"/>
         </geometry></visual></link></robot>)",
      "urdf");
  const auto& shape = models.at(0).links.at(0).visuals.at(0).shape;
  EXPECT_EQ(shape.type, ShapeType::kMesh);
  EXPECT_THAT(shape.filename, ::testing::EndsWith("pkg_a/models/box.sdf"));
  EXPECT_EQ(shape.scale, Eigen::Vector3d(1, 2, 3));
}

TEST(UrdfParserTest, ParserNamingPrefixAndRenaming) {
  const std::string urdf =
      std::string(OSSA_TEST_DATA_DIR) + "/packages/pkg_a/models/two_link.urdf";
  Parser parser("left");
  EXPECT_EQ(parser.ParseModelSpecs(urdf).at(0).name, "left::two_link");
  // The same model again clashes unless auto-renaming is on.
  ExpectParseError([&] { parser.ParseModelSpecs(urdf); },
                   {"two_link.urdf", "'left::two_link' already exists"});
  parser.SetAutoRenaming(true);
  EXPECT_TRUE(parser.GetAutoRenaming());
  EXPECT_EQ(parser.ParseModelSpecs(urdf).at(0).name, "left::two_link_1");
  EXPECT_EQ(parser.ParseModelSpecs(urdf).at(0).name, "left::two_link_2");
  Parser by_url;
  by_url.package_map().Add("pkg_a",
                           std::string(OSSA_TEST_DATA_DIR) + "/packages/pkg_a");
  const auto m =
      by_url.ParseModelSpecsFromUrl("package://pkg_a/models/two_link.urdf");
  EXPECT_EQ(m.at(0).FindJoint("hinge")->type, JointType::kContinuous);
  EXPECT_THROW(by_url.ParseModelSpecsFromUrl("package://pkg_z/x.urdf"),
               std::runtime_error);
  ExpectParseError([&] { by_url.ParseModelSpecsFromString("<robot/>", "obj"); },
                   {"'obj' is not supported"});
  ExpectParseError([&] { by_url.ParseModelSpecs("/no/such/file.urdf"); },
                   {"/no/such/file.urdf", "does not exist"});
}

}  // namespace
}  // namespace ossa::multibody
