// MJCF reader: inertia from geoms against closed forms, compiler settings,
// default classes, joints and actuators, and bad input.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody {
namespace mujoco_parser_test {

using internal::JointType;
using internal::ModelSpec;
using internal::ShapeType;
using test::ExpectParseError;
using test::WarningCollector;

// Closed forms below are evaluated in double like the reader; the
// operations differ in order, so allow a few ulps of the largest term.
constexpr double kTol = 1e-12;
const std::string kData = OSSA_TEST_DATA_DIR;

ModelSpec ParseString(const std::string& text, bool strict = false) {
  Parser parser;
  if (strict) parser.SetStrictParsing();
  return parser.ParseModelSpecsFromString(text, "xml").at(0);
}

ModelSpec ParseArm() {
  // The arm's mesh is deliberately missing; its <velocity> actuator is not
  // supported (as in the reference).
  WarningCollector warnings;
  Parser parser;
  auto m = parser.ParseModelSpecs(kData + "/arm.xml").at(0);
  EXPECT_EQ(warnings.Count("arm.xml:22: warning: <geom name='lower_shell'>: "
                           "mesh file 'meshes/shell.stl' cannot be found"),
            1);
  EXPECT_EQ(warnings.Count("arm.xml:44: warning: <velocity>: actuator type "
                           "<velocity> is not supported"),
            1);
  EXPECT_EQ(warnings.messages.size(), 2u)
      << ::testing::PrintToString(warnings.messages);
  return m;
}

TEST(MujocoParserTest, BodiesJointsAndDefaults) {
  const ModelSpec m = ParseArm();
  EXPECT_EQ(m.name, "test_arm");
  // Bodies: base, upper, lower (+ one massless link "lower0" carrying
  // elbow, since lower has two joints; named as the reference names it),
  // ball, pendulum, slider.
  EXPECT_EQ(m.links.size(), 7u);
  ASSERT_NE(m.FindLink("lower0"), nullptr);
  EXPECT_EQ(m.FindLink("lower0")->inertial.mass, 0);
  // base has no joint: welded to the world, with the reference's name.
  const auto* weld = m.FindJoint("world_welds_to_base");
  ASSERT_NE(weld, nullptr);
  EXPECT_EQ(weld->type, JointType::kFixed);
  EXPECT_EQ(weld->X_PF.translation(), Eigen::Vector3d(0, 0, 0.1));
  // shoulder: degrees converted; damping and armature from the main class.
  const auto* shoulder = m.FindJoint("shoulder");
  EXPECT_EQ(shoulder->type, JointType::kRevolute);
  EXPECT_NEAR(shoulder->position_lower_limits(0), -M_PI / 2, kTol);
  EXPECT_NEAR(shoulder->position_upper_limits(0), M_PI / 4, kTol);
  EXPECT_EQ(shoulder->damping(0), 0.5);
  EXPECT_EQ(shoulder->armature, 0.01);
  EXPECT_EQ(shoulder->axis, Eigen::Vector3d::UnitY());
  // upper is yawed 90° (euler in degrees, eulerseq xyz) at (0,0,0.05) in
  // base: the joint frame F on base carries that pose.
  Eigen::Matrix3d R_yaw =
      Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  EXPECT_TRUE(shoulder->X_PF.rotation().matrix().isApprox(R_yaw, kTol));
  EXPECT_TRUE(
      shoulder->X_PF.translation().isApprox(Eigen::Vector3d(0, 0, 0.05)));
  // lower's childclass "stiff": elbow gets damping 2 (armature inherited
  // from main); elbow_twist uses class "stiffer": damping 3, range ±30°.
  const auto* elbow = m.FindJoint("elbow");
  EXPECT_EQ(elbow->damping(0), 2);
  EXPECT_EQ(elbow->armature, 0.01);
  EXPECT_TRUE(std::isinf(elbow->position_upper_limits(0)));
  EXPECT_EQ(elbow->child, "lower0");
  const auto* twist = m.FindJoint("elbow_twist");
  EXPECT_EQ(twist->damping(0), 3);
  EXPECT_NEAR(twist->position_upper_limits(0), M_PI / 6, kTol);
  EXPECT_EQ(twist->parent, "lower0");
  EXPECT_EQ(twist->child, "lower");
  // Its pos (0,0,0.1) in lower: F and M both sit there.
  EXPECT_EQ(twist->X_PF.translation(), Eigen::Vector3d(0, 0, 0.1));
  EXPECT_EQ(twist->X_CM.translation(), Eigen::Vector3d(0, 0, 0.1));
  // A free joint adds no joint (the plant makes "ball" a free body, named
  // after it, as the reference does); ball starts at the pose the file
  // gives it.
  EXPECT_EQ(m.FindJoint("ball_free"), nullptr);
  for (const auto& j : m.joints) EXPECT_NE(j.child, "ball");
  EXPECT_EQ(m.FindLink("ball")->X_WB.translation(), Eigen::Vector3d(1, 0, 0.5));
  EXPECT_EQ(m.FindJoint("pivot")->type, JointType::kBall);
  const auto* rail = m.FindJoint("rail");
  EXPECT_EQ(rail->type, JointType::kPrismatic);
  EXPECT_EQ(rail->position_lower_limits(0), -0.5);  // lengths not converted
  // Joint dofs: shoulder 1, elbow 1, twist 1, ball 3, slide 1 (the free
  // body's 6 come with the plant's floating joint).
  EXPECT_EQ(m.num_velocities(), 7);
  // Sites become frames.
  const auto* tool = m.FindFrame("tool");
  ASSERT_NE(tool, nullptr);
  EXPECT_EQ(tool->body, "lower");
  // zaxis (1,0,0): the frame's z axis is lower's x axis.
  EXPECT_TRUE((tool->X_BF.rotation().matrix() * Eigen::Vector3d::UnitZ())
                  .isApprox(Eigen::Vector3d::UnitX(), kTol));
  EXPECT_EQ(m.FindFrame("origin_marker")->body, "world");
  // The plane is drawn and collides: one visual and one collision.
  ASSERT_EQ(m.world_geometries.size(), 2u);
  EXPECT_FALSE(m.world_geometries[0].is_collision);
  EXPECT_TRUE(m.world_geometries[1].is_collision);
  EXPECT_EQ(m.world_geometries[1].shape.type, ShapeType::kHalfSpace);
}

TEST(MujocoParserTest, InertiaFromGeoms) {
  const ModelSpec m = ParseArm();
  // base: a box of explicit mass 4 with half sizes (0.1, 0.2, 0.05).
  const auto* base = m.FindLink("base");
  EXPECT_NEAR(base->inertial.mass, 4, kTol);
  Eigen::Vector3d box_I(4.0 / 3 * (0.04 + 0.0025), 4.0 / 3 * (0.01 + 0.0025),
                        4.0 / 3 * (0.01 + 0.04));
  EXPECT_TRUE(base->inertial.I_BBcm_B().diagonal().isApprox(box_I, kTol));
  // upper: capsule from (0,0,0) to (0,0,0.4), radius 0.05, density 500
  // (main class). Mass = ρ(πr²L + 4/3πr³); center at z = 0.2.
  const double r = 0.05, L = 0.4, rho = 500;
  const double m_cyl = rho * M_PI * r * r * L;
  const double m_sph = rho * 4.0 / 3.0 * M_PI * r * r * r;
  const auto* upper = m.FindLink("upper");
  EXPECT_NEAR(upper->inertial.mass, m_cyl + m_sph, kTol);
  EXPECT_TRUE(upper->inertial.p_BoBcm_B().isApprox(Eigen::Vector3d(0, 0, 0.2)));
  // Axial moment: cylinder m r²/2 plus solid sphere 2/5 m r².
  EXPECT_NEAR(upper->inertial.I_BBcm_B()(2, 2),
              m_cyl * r * r / 2 + m_sph * 2 * r * r / 5, kTol);
  // Transverse: cylinder m(3r²+L²)/12; the two hemispheres, each with its
  // own centroid 3r/8 beyond the cylinder end, shifted by parallel axes:
  // m_sph (2r²/5 + h² + 3hr/4) with h = L/2 (standard capsule result).
  const double h = L / 2;
  EXPECT_NEAR(upper->inertial.I_BBcm_B()(0, 0),
              m_cyl * (3 * r * r + L * L) / 12 +
                  m_sph * (2 * r * r / 5 + h * h + 3 * h * r / 4),
              kTol);
  // lower: explicit <inertial> wins (inertiafromgeom="auto").
  const auto* lower = m.FindLink("lower");
  EXPECT_EQ(lower->inertial.mass, 1.5);
  EXPECT_EQ(lower->inertial.p_BoBcm_B(), Eigen::Vector3d(0, 0, 0.15));
  // pendulum: cylinder (r 0.02, half 0.25, density 2000) centered 0.25
  // below and a 0.3 kg sphere (r 0.05) 0.5 below. Composite center and
  // transverse moment by the parallel-axis theorem.
  const double mc = 2000 * M_PI * 0.02 * 0.02 * 0.5, ms = 0.3;
  const double zc = -0.25, zs = -0.5;
  const double z = (mc * zc + ms * zs) / (mc + ms);
  const auto* pendulum = m.FindLink("pendulum");
  EXPECT_NEAR(pendulum->inertial.mass, mc + ms, kTol);
  EXPECT_NEAR(pendulum->inertial.p_BoBcm_B().z(), z, kTol);
  const double Ixx = mc * (3 * 0.02 * 0.02 + 0.5 * 0.5) / 12 +
                     mc * (zc - z) * (zc - z) + 0.4 * ms * 0.05 * 0.05 +
                     ms * (zs - z) * (zs - z);
  EXPECT_NEAR(pendulum->inertial.I_BBcm_B()(0, 0), Ixx, kTol);
  EXPECT_NEAR(pendulum->inertial.I_BBcm_B()(2, 2),
              mc * 0.02 * 0.02 / 2 + 0.4 * ms * 0.05 * 0.05, kTol);
  // slider: ellipsoid semi-axes (0.1,0.2,0.3), density 500:
  // m = ρ 4/3 π abc, Ixx = m (b²+c²)/5.
  const double me = 500 * 4.0 / 3.0 * M_PI * 0.1 * 0.2 * 0.3;
  const auto* slider = m.FindLink("slider");
  EXPECT_NEAR(slider->inertial.mass, me, kTol);
  EXPECT_NEAR(slider->inertial.I_BBcm_B()(0, 0), me * (0.04 + 0.09) / 5, kTol);
  // Geometry: rgba from the default class or a material; friction.
  const auto& ball_geom = m.FindLink("ball")->collisions.at(0);
  EXPECT_EQ(*ball_geom.rgba, Eigen::Vector4d(1, 0, 0, 1));
  EXPECT_EQ(ball_geom.static_friction, 0.7);
  EXPECT_EQ(*base->visuals.at(0).rgba, Eigen::Vector4d(0.2, 0.4, 0.6, 1));
}

TEST(MujocoParserTest, ActuatorsAndContact) {
  const ModelSpec m = ParseArm();
  // As the reference reads them: the <velocity> actuator is skipped.
  ASSERT_EQ(m.actuators.size(), 2u);
  // motor: the joint sees the control directly, limited by ctrlrange ±2;
  // gear 50 is the gear ratio (it scales the armature's reflected inertia).
  EXPECT_EQ(m.actuators[0].name, "shoulder_motor");
  EXPECT_EQ(m.actuators[0].effort_limit, 2);
  EXPECT_EQ(m.actuators[0].gear_ratio, 50);
  EXPECT_FALSE(m.actuators[0].proportional_gain.has_value());
  // position: PD with p = kp and no derivative term, limited by forcerange.
  EXPECT_EQ(m.actuators[1].joint, "elbow");
  EXPECT_EQ(m.actuators[1].effort_limit, 10);
  EXPECT_EQ(*m.actuators[1].proportional_gain, 30);
  EXPECT_EQ(*m.actuators[1].derivative_gain, 0);
  ASSERT_EQ(m.collision_filter_groups.size(), 1u);
  EXPECT_EQ(m.collision_filter_groups[0].members,
            (std::vector<std::string>{"base", "upper"}));
}

// Unnamed elements get the reference's names; motors take their effort
// limit from ctrlrange and forcerange (the smaller) and their gear as the
// gear ratio, which turns the joint's armature into the rotor inertia
// armature / gear² (so the reflected inertia gear² · rotor = armature).
TEST(MujocoParserTest, UnnamedElementsAndMotorsAsTheReference) {
  Parser parser;
  const ModelSpec m = parser.ParseModelSpecs(kData + "/mjcf/unnamed.xml").at(0);
  std::vector<std::string> links;
  for (const auto& l : m.links) links.push_back(l.name);
  // body<index in the plant>: the world is 0.
  EXPECT_EQ(links, (std::vector<std::string>{"body1", "body2", "tip", "cart",
                                             "pole"}));
  EXPECT_NE(m.FindJoint("world-body1"), nullptr);
  EXPECT_EQ(m.FindJoint("body1_welds_to_body2")->type, JointType::kFixed);
  ASSERT_EQ(m.actuators.size(), 3u);
  EXPECT_EQ(m.actuators[0].name, "motor0");
  EXPECT_EQ(m.actuators[0].joint, "t1");
  EXPECT_EQ(m.actuators[0].effort_limit, 1.5);  // min(2, 1.5)
  EXPECT_EQ(m.actuators[0].gear_ratio, 4);      // from the default class
  EXPECT_EQ(m.actuators[1].name, "motor1");
  EXPECT_EQ(m.actuators[1].effort_limit, 3);  // max(|-3|, |1|)
  EXPECT_EQ(m.actuators[1].gear_ratio, 10);
  EXPECT_EQ(m.actuators[2].name, "servo");
  EXPECT_EQ(*m.actuators[2].proportional_gain, 20);
  EXPECT_TRUE(std::isinf(m.actuators[2].effort_limit));

  MultibodyPlant<double> plant(0.0);
  Parser(&plant).AddModels(kData + "/mjcf/unnamed.xml");
  const auto& motor0 = plant.GetJointActuatorByName("motor0");
  EXPECT_NEAR(motor0.default_rotor_inertia(), 0.05 / 16, 1e-15);
  EXPECT_EQ(motor0.default_gear_ratio(), 4);
  EXPECT_NEAR(plant.GetJointActuatorByName("motor1").default_rotor_inertia(),
              0.05 / 100, 1e-15);
  EXPECT_TRUE(plant.GetJointActuatorByName("servo").has_controller());
}

// Several joints in one body: massless bodies B0, B1, ... carry them, each
// joint at its pos and axis in B's frame (MuJoCo's placement), so at q = 0
// every joint frame sits where the file puts it on B.
TEST(MujocoParserTest, SeveralJointsInOneBody) {
  Parser parser;
  const ModelSpec m =
      parser.ParseModelSpecs(kData + "/mjcf/multi_joint.xml").at(0);
  const auto* bx = m.FindJoint("bx");
  const auto* by = m.FindJoint("by");
  const auto* bz = m.FindJoint("bz");
  EXPECT_EQ(bx->parent, "world");
  EXPECT_EQ(bx->child, "base0");
  EXPECT_EQ(by->parent, "base0");
  EXPECT_EQ(by->child, "base1");
  EXPECT_EQ(bz->parent, "base1");
  EXPECT_EQ(bz->child, "base");
  // The dummies rest where base rests; bx's frame F on the world is base's
  // pose composed with bx's pos (0, 0, 0.1) in base.
  const auto X_WB = m.FindLink("base")->X_WB;
  EXPECT_TRUE(m.FindLink("base0")->X_WB.IsNearlyEqualTo(X_WB, 1e-15));
  EXPECT_TRUE(bx->X_PF.IsNearlyEqualTo(
      X_WB * math::RigidTransformd(Eigen::Vector3d(0, 0, 0.1)), 1e-15));
  EXPECT_EQ(bx->X_CM.translation(), Eigen::Vector3d(0, 0, 0.1));
  EXPECT_EQ(by->X_PF.translation(), Eigen::Vector3d(0.05, 0, 0));
  // by has ref 0.4: it starts there, and F is turned by −0.4 about its axis
  // so that at q = ref base is where the file puts it (MuJoCo's meaning).
  ASSERT_TRUE(by->default_position.has_value());
  EXPECT_EQ(*by->default_position, 0.4);
  EXPECT_TRUE(by->X_PF.rotation().matrix().isApprox(
      Eigen::AngleAxisd(-0.4, Eigen::Vector3d::UnitY()).toRotationMatrix(),
      1e-15));
  // A slide's ref shifts F along the axis instead.
  const auto* l2 = m.FindJoint("l2");
  EXPECT_EQ(*l2->default_position, -0.1);
  EXPECT_TRUE(l2->X_PF.translation().isApprox(Eigen::Vector3d(0.1, 0.05, 0)));
  // <option gravity> is kept for the plant.
  ASSERT_TRUE(m.gravity.has_value());
  EXPECT_EQ(*m.gravity, Eigen::Vector3d(0.5, -1, -7));
  EXPECT_EQ(bx->axis, Eigen::Vector3d::UnitX());
  EXPECT_TRUE(bz->axis.isApprox(Eigen::Vector3d(0.2, 0.3, 1).normalized()));
}

// A mesh geom's mass properties come from the volume its OBJ file encloses
// (as in the reference): here a box [0.1, 0.5] × [-0.2, 0.4] × [0, 0.3]
// scaled by (1, 2, 0.5), so sides a, b, c = 0.4, 1.2, 0.15 centered at
// (0.3, 0.2, 0.075) in G; G is turned 30° about z and offset in B.
TEST(MujocoParserTest, InertiaFromObjMesh) {
  const std::string text = fmt::format(
      R"(<mujoco model="m"><asset><mesh name="box" file="{}"
      scale="1 2 0.5"/></asset><worldbody><body name="b"><joint name="j"/>
      <geom type="mesh" mesh="box" density="800" pos="0.05 0 0"
      euler="0 0 30"/></body></worldbody></mujoco>)",
      kData + "/mjcf/meshes/box.obj");
  const ModelSpec m = ParseString(text);
  const auto& in = m.FindLink("b")->inertial;
  const double a = 0.4, b = 1.2, c = 0.15, mass = 800 * a * b * c;
  EXPECT_NEAR(in.mass, mass, 1e-12);
  const Eigen::Matrix3d R_BG =
      Eigen::AngleAxisd(M_PI / 6, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  EXPECT_TRUE(in.p_BoBcm_B().isApprox(
      Eigen::Vector3d(0.05, 0, 0) + R_BG * Eigen::Vector3d(0.3, 0.2, 0.075),
      1e-12));
  const Eigen::Matrix3d I_G =
      Eigen::Vector3d(b * b + c * c, a * a + c * c, a * a + b * b)
          .asDiagonal() *
      (mass / 12);
  EXPECT_TRUE(in.I_BBcm_B().isApprox(R_BG * I_G * R_BG.transpose(), 1e-12));
  // A mesh turned inside out (faces wound inward) encloses a negative
  // volume: no mass, with a warning. So has an absent mesh; an explicit mass
  // there would stay a point mass, here overridden by nothing else.
  const std::string inward =
      (std::filesystem::temp_directory_path() /
       ("ossa_inward_" + std::to_string(::getpid()) + ".obj"))
          .string();
  std::ofstream(inward) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n"
                           "f 1 2 3\nf 1 4 2\nf 1 3 4\nf 2 4 3\n";
  WarningCollector warnings;
  const ModelSpec bad = ParseString(fmt::format(
      R"(<mujoco model="m"><asset><mesh name="in" file="{}"/>
      <mesh name="x" file="no_such.obj"/></asset><worldbody><body name="b">
      <geom type="mesh" mesh="in"/><geom type="mesh" mesh="x"/>
      <geom size="0.1" mass="1"/></body></worldbody></mujoco>)",
      inward));
  std::filesystem::remove(inward);
  EXPECT_EQ(bad.FindLink("b")->inertial.mass, 1);
  EXPECT_EQ(warnings.Count("encloses no positive volume"), 1);
  EXPECT_EQ(warnings.Count("mesh file 'no_such.obj' cannot be found"), 1);
}

TEST(MujocoParserTest, CompilerRadianAndEulerSequence) {
  // Intrinsic "zyx" vs extrinsic "ZYX" of the same angles give transposed
  // compositions: Rz Ry Rx vs Rx Ry Rz.
  const char* text =
      R"(<mujoco model="m"><compiler angle="radian" eulerseq="%s"/>
    <worldbody><body name="b" euler="0.1 0.2 0.3"><joint name="j" range="-1 1"/>
    <geom size="0.1"/></body></worldbody></mujoco>)";
  auto rotation = [&](const char* seq) {
    char buffer[512];
    std::snprintf(buffer, sizeof(buffer), text, seq);
    const ModelSpec m = ParseString(buffer);
    EXPECT_EQ(m.FindJoint("j")->position_upper_limits(0), 1);  // radians
    return Eigen::Matrix3d(m.FindJoint("j")->X_PF.rotation().matrix());
  };
  using Eigen::AngleAxisd;
  const Eigen::Matrix3d Rz =
      AngleAxisd(0.1, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const Eigen::Matrix3d Ry =
      AngleAxisd(0.2, Eigen::Vector3d::UnitY()).toRotationMatrix();
  const Eigen::Matrix3d Rx =
      AngleAxisd(0.3, Eigen::Vector3d::UnitX()).toRotationMatrix();
  EXPECT_TRUE(rotation("zyx").isApprox(Rz * Ry * Rx, kTol));
  EXPECT_TRUE(rotation("ZYX").isApprox(Rx * Ry * Rz, kTol));
}

TEST(MujocoParserTest, BadInput) {
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='b'>\n<joint name='j' "
            "type='twist'/></body></worldbody></mujoco>");
      },
      {"<string>.xml:2:", "<joint name='j'>", "unknown joint type 'twist'"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody>\n<body name='b' childclass='nope'/>"
            "</worldbody></mujoco>");
      },
      {"<string>.xml:2:", "<body name='b'>",
       "default class 'nope' does not "
       "exist"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='b'><joint name='j'/>"
            "<geom size='1'/></body></worldbody><actuator>\n<motor "
            "joint='k'/></actuator></mujoco>");
      },
      {"<string>.xml:2:", "<motor>", "names joint 'k', which does not exist"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='b'/>\n<body name='b'/>"
            "</worldbody></mujoco>");
      },
      {"<string>.xml:2:", "<body name='b'>", "already exists"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='b'>\n<geom "
            "size='0.1 x'/></body></worldbody></mujoco>");
      },
      {"<string>.xml:2:", "<geom>", "'x' is not a number"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='b'>\n<inertial "
            "mass='-1' diaginertia='1 1 1'/></body></worldbody>"
            "</mujoco>");
      },
      {"<string>.xml:2:", "<inertial>", "negative or non-finite mass"});
  ExpectParseError(
      [] {
        ParseString(
            "<mujoco><worldbody><body name='a'><body name='b'>\n"
            "<freejoint/></body></body></worldbody></mujoco>");
      },
      {"<string>.xml:2:", "<freejoint>", "top-level body"});
  ExpectParseError([] { ParseString("<robot name='r'/>"); },
                   {"<string>.xml:1:", "<robot name='r'>", "must be <mujoco>"});
  ExpectParseError(
      [] {
        ParseString("<mujoco>\n<include file='no_such_file.xml'/></mujoco>");
      },
      {"<string>.xml:2:", "<include>", "cannot be found"});
  const char* odd =
      "<mujoco><worldbody><body name='b'>\n<sparkle/>"
      "<geom size='1'/></body></worldbody>\n<tendon/></mujoco>";
  {
    WarningCollector warnings;
    ParseString(odd);
    EXPECT_EQ(warnings.Count("<string>.xml:2: warning: <sparkle>"), 1);
    EXPECT_EQ(warnings.Count("<string>.xml:3: warning: <tendon>: <tendon> is "
                             "not supported"),
              1);
  }
  ExpectParseError([&] { ParseString(odd, true); },
                   {"<string>.xml:2:", "<sparkle>", "strict parsing"});
}

// A chain of bodies nested deeper than tinyxml2's own element depth limit
// (100 in Debian's 9.0; each body is one level) parses, with the lines of
// its deep elements right.
TEST(MujocoParserTest, DeeplyNestedBodies) {
  constexpr int kDepth = 200;
  std::string text = "<mujoco model='m'><worldbody>\n";
  for (int i = 0; i < kDepth; ++i) {
    text += fmt::format(
        "<body name='b{}' pos='0 0 1'><joint name='j{}'/>"
        "<geom size='0.1' mass='1'/>\n",
        i, i);
  }
  for (int i = 0; i < kDepth; ++i) text += "</body>";
  text += "</worldbody></mujoco>";
  const ModelSpec m = ParseString(text);
  ASSERT_EQ(m.links.size(), static_cast<size_t>(kDepth));
  ASSERT_EQ(m.joints.size(), static_cast<size_t>(kDepth));
  for (int i = 0; i < kDepth; ++i) {
    const auto* link = m.FindLink(fmt::format("b{}", i));
    ASSERT_NE(link, nullptr) << i;
    // Body i sits at line i + 2 and i + 1 metres up (1 m per level).
    EXPECT_EQ(link->location.line, i + 2) << i;
    EXPECT_EQ(link->X_WB.translation().z(), i + 1) << i;
    EXPECT_EQ(m.FindJoint(fmt::format("j{}", i))->parent,
              i == 0 ? std::string("world") : fmt::format("b{}", i - 1));
  }
  // Into a plant.
  MultibodyPlant<double> plant(0.0);
  Parser(&plant).AddModelsFromString(text, "xml");
  plant.Finalize();
  EXPECT_EQ(plant.num_bodies(), kDepth + 1);
  EXPECT_EQ(plant.num_positions(), kDepth);
  // An error deep inside names its line.
  std::string bad = text;
  bad.replace(bad.find("<joint name='j150'/>"), 20,
              "<joint name='j150' type='twist'/>");
  ExpectParseError([&] { ParseString(bad); },
                   {"<string>.xml:152:", "<joint name='j150'>",
                    "unknown joint type 'twist'"});
}

// Nesting is bounded (the readers recurse over elements in places): deeper
// than 10,000 levels is an error naming the line, not a crash.
TEST(MujocoParserTest, NestingBeyondTheBoundIsAnError) {
  constexpr int kDepth = 10001;
  std::string text = "<mujoco model='m'><worldbody>\n";
  for (int i = 0; i < kDepth - 2; ++i) text += "<body>\n";
  for (int i = 0; i < kDepth - 2; ++i) text += "</body>";
  text += "</worldbody></mujoco>";
  ExpectParseError([&] { ParseString(text); },
                   {fmt::format("<string>.xml:{}:", kDepth - 1),
                    "elements nest deeper than 10000 levels"});
  // Malformed deep XML is reported as such.
  std::string unclosed = "<mujoco model='m'><worldbody>\n";
  for (int i = 0; i < 300; ++i) unclosed += "<body>\n";
  unclosed += "</worldbody></mujoco>";
  ExpectParseError([&] { ParseString(unclosed); }, {"malformed XML"});
}

class MujocoFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("ossa_mjcf_files_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const std::string& name) const {
    return (dir_ / name).string();
  }
  std::string Write(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name)) << text;
    return Path(name);
  }
  std::filesystem::path dir_;
};

TEST_F(MujocoFileTest, IncludeLoopIsNamed) {
  const std::string a =
      Write("a.xml", "<mujoco model='a'>\n<include file='b.xml'/>\n</mujoco>");
  const std::string b = Write(
      "b.xml", "<mujoco model='b'>\n\n<include file='a.xml'/>\n</mujoco>");
  ExpectParseError(
      [&] { Parser().ParseModelSpecs(a); },
      {b + ":3:", "<include>",
       fmt::format("include loop: {} includes {} includes {}", a, b, a)});
}

// A mesh "file" that is a FIFO or a device (here behind a name ending in
// .obj) is refused before it is opened: reading it would block or never
// end. A warning (no mass from it), an error under strict parsing.
TEST_F(MujocoFileTest, ObjMeshMustBeARegularFile) {
  const std::string fifo = Path("pipe.obj");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string zero = Path("zero.obj");
  std::filesystem::create_symlink("/dev/zero", zero);
  for (const std::string& mesh : {fifo, zero}) {
    const std::string text = fmt::format(
        "<mujoco model='m'><asset><mesh name='x' file='{}'/></asset>"
        "<worldbody><body name='b'>\n<geom type='mesh' mesh='x'/>"
        "<geom size='0.1' mass='1'/></body></worldbody></mujoco>",
        mesh);
    {
      WarningCollector warnings;
      const ModelSpec m = ParseString(text);
      EXPECT_EQ(m.FindLink("b")->inertial.mass, 1);
      EXPECT_EQ(warnings.Count("is not a regular file; the geom has no mass"),
                1)
          << ::testing::PrintToString(warnings.messages);
    }
    ExpectParseError([&] { ParseString(text, true); },
                     {"<string>.xml:2:", "<geom>", "is not a regular file"});
  }
}

}  // namespace mujoco_parser_test
}  // namespace ossa::multibody
