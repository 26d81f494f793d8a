// Constraints from model files: URDF <mimic> and SDFormat <drake:mimic> as
// coupler constraints (on discrete SAP-family plants only), SDFormat
// <drake:ball_constraint> (four_bar.sdf closes its loop with one), and the
// MJCF <equality> connect / weld / joint elements; the warnings and errors
// of what cannot be imposed.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/constraint_kinematics.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/context.h"

namespace ossa::multibody {
namespace {

using Eigen::Vector3d;
using internal::CalcConstraintKinematics;
using test::ExpectParseError;
using test::WarningCollector;

const std::string kModels = OSSA_MODELS_DIR;

std::unique_ptr<MultibodyPlant<double>> MakePlant(
    double time_step, DiscreteContactApproximation approximation =
                          DiscreteContactApproximation::kSap) {
  auto plant = std::make_unique<MultibodyPlant<double>>(time_step);
  if (time_step > 0) plant->set_discrete_contact_approximation(approximation);
  return plant;
}

std::string UrdfWithMimic(const std::string& j2_type,
                          const std::string& mimic) {
  return R"(<robot name="r">
  <link name="base"/>
  <link name="l1"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="l2"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="j1" type="revolute"><parent link="base"/><child link="l1"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="j2" type=")" +
         j2_type +
         R"("><parent link="base"/><child link="l2"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
    )" + mimic +
         R"(</joint>
</robot>)";
}

TEST(ConstraintsParsing, UrdfMimicIsACouplerOnSapPlants) {
  const std::string urdf = UrdfWithMimic(
      "revolute", R"(<mimic joint="j1" multiplier="2" offset="0.5"/>)");
  for (auto approximation : {DiscreteContactApproximation::kSap,
                             DiscreteContactApproximation::kLagged,
                             DiscreteContactApproximation::kSimilar}) {
    auto plant = MakePlant(0.01, approximation);
    Parser(plant.get()).AddModelsFromString(urdf, "urdf");
    ASSERT_EQ(plant->num_coupler_constraints(), 1);
    const auto& spec = plant->get_coupler_constraint_specs().begin()->second;
    // q_j2 = 2·q_j1 + 0.5: joint0 is the mimicking joint.
    EXPECT_EQ(spec.joint0_index, plant->GetJointByName("j2").index());
    EXPECT_EQ(spec.joint1_index, plant->GetJointByName("j1").index());
    EXPECT_EQ(spec.gear_ratio, 2.0);
    EXPECT_EQ(spec.offset, 0.5);
  }
  // TAMSI and continuous plants: reported, no constraint.
  for (double time_step : {0.01, 0.0}) {
    WarningCollector warnings;
    auto plant = MakePlant(time_step, DiscreteContactApproximation::kTamsi);
    Parser(plant.get()).AddModelsFromString(urdf, "urdf");
    EXPECT_EQ(plant->num_constraints(), 0);
    EXPECT_EQ(warnings.Count("specifies a mimic element that will be ignored"),
              1);
    EXPECT_EQ(warnings.Count(".urdf:7:"), 1);
  }
}

TEST(ConstraintsParsing, UrdfMimicBadInput) {
  auto plant = MakePlant(0.01);
  ExpectParseError(
      [&] {
        Parser(plant.get())
            .AddModelsFromString(
                UrdfWithMimic("revolute", R"(<mimic joint="j2"/>)"), "urdf");
      },
      {".urdf:7:", "Joints cannot mimic themselves"});
  ExpectParseError(
      [&] {
        Parser(plant.get())
            .AddModelsFromString(
                UrdfWithMimic("revolute", R"(<mimic joint="nope"/>)"), "urdf");
      },
      {"mimics joint 'nope'", "does not exist"});
  // A fixed joint mimicking a revolute one: reported (the reference
  // rejects the file), the rest of the model kept.
  WarningCollector warnings;
  auto fixed = MakePlant(0.01);
  Parser(fixed.get())
      .AddModelsFromString(UrdfWithMimic("fixed", R"(<mimic joint="j1"/>)"),
                           "urdf");
  EXPECT_EQ(fixed->num_constraints(), 0);
  EXPECT_EQ(warnings.Count("which has 0 DOF cannot mimic joint 'j1' which "
                           "has 1 DOF"),
            1);
}

std::string SdfModel(const std::string& j2_extra,
                     const std::string& model_extra) {
  return R"(<?xml version="1.0"?><sdf version="1.9"><model name="m">
<link name="a"><inertial><mass>1</mass></inertial></link>
<link name="b"><pose>1 0 0 0 0 0</pose><inertial><mass>1</mass></inertial></link>
<joint name="ja" type="revolute"><parent>world</parent><child>a</child><axis><xyz>0 0 1</xyz></axis></joint>
<joint name="jb" type="revolute"><parent>world</parent><child>b</child><axis><xyz>0 0 1</xyz></axis>
)" + j2_extra +
         "</joint>\n" + model_extra + "</model></sdf>";
}

TEST(ConstraintsParsing, SdfMimicAndBallConstraint) {
  auto plant = MakePlant(0.01);
  Parser(plant.get())
      .AddModelsFromString(
          SdfModel(R"(<drake:mimic joint="ja" multiplier="-3" offset="0.25"/>)",
                   R"(<drake:ball_constraint>
  <drake:ball_constraint_body_A>a</drake:ball_constraint_body_A>
  <drake:ball_constraint_body_B>b</drake:ball_constraint_body_B>
  <drake:ball_constraint_p_AP>0.1 0.2 0.3</drake:ball_constraint_p_AP>
  <drake:ball_constraint_p_BQ>0 0 1</drake:ball_constraint_p_BQ>
</drake:ball_constraint>)"),
          "sdf");
  ASSERT_EQ(plant->num_coupler_constraints(), 1);
  const auto& coupler = plant->get_coupler_constraint_specs().begin()->second;
  EXPECT_EQ(coupler.joint0_index, plant->GetJointByName("jb").index());
  EXPECT_EQ(coupler.gear_ratio, -3.0);
  EXPECT_EQ(coupler.offset, 0.25);
  ASSERT_EQ(plant->num_ball_constraints(), 1);
  const auto& ball = plant->get_ball_constraint_specs().begin()->second;
  EXPECT_EQ(ball.body_A, plant->GetBodyByName("a").index());
  EXPECT_EQ(ball.body_B, plant->GetBodyByName("b").index());
  EXPECT_EQ(ball.p_AP, Vector3d(0.1, 0.2, 0.3));
  EXPECT_EQ(*ball.p_BQ, Vector3d(0, 0, 1));

  // The reference's required attributes and children.
  auto parse = [](const std::string& j2, const std::string& extra) {
    auto p = MakePlant(0.01);
    Parser(p.get()).AddModelsFromString(SdfModel(j2, extra), "sdf");
  };
  ExpectParseError(
      [&] { parse(R"(<drake:mimic joint="ja" multiplier="2"/>)", ""); },
      {"missing the required 'offset' attribute"});
  ExpectParseError(
      [&] {
        parse(R"(<drake:mimic joint="zz" multiplier="1" offset="0"/>)", "");
      },
      {"specifies joint 'zz' which does not exist"});
  ExpectParseError(
      [&] {
        parse("", R"(<drake:ball_constraint>
  <drake:ball_constraint_body_A>zz</drake:ball_constraint_body_A>
  <drake:ball_constraint_body_B>b</drake:ball_constraint_body_B>
  <drake:ball_constraint_p_AP>0 0 0</drake:ball_constraint_p_AP>
  <drake:ball_constraint_p_BQ>0 0 0</drake:ball_constraint_p_BQ>
</drake:ball_constraint>)");
      },
      {"body 'zz' specified for <drake:ball_constraint_body_A> does not "
       "exist"});
  ExpectParseError(
      [&] {
        parse("", R"(<drake:ball_constraint>
  <drake:ball_constraint_body_A>a</drake:ball_constraint_body_A>
  <drake:ball_constraint_body_B>b</drake:ball_constraint_body_B>
  <drake:ball_constraint_p_AP>0 0 0</drake:ball_constraint_p_AP>
</drake:ball_constraint>)");
      },
      {"unable to find the <drake:ball_constraint_p_BQ> child tag"});
}

TEST(ConstraintsParsing, FourBarClosesItsLoop) {
  auto plant = MakePlant(0.001);
  Parser(plant.get()).AddModels(kModels + "/drake/four_bar.sdf");
  ASSERT_EQ(plant->num_ball_constraints(), 1);
  const auto& ball = plant->get_ball_constraint_specs().begin()->second;
  EXPECT_EQ(ball.body_A, plant->GetBodyByName("B").index());
  EXPECT_EQ(ball.body_B, plant->GetBodyByName("C").index());
  EXPECT_EQ(ball.p_AP, Vector3d(4, 0, 0));
  EXPECT_EQ(*ball.p_BQ, Vector3d(4, 0, 0));
  plant->Finalize();
  // g is the gap p_WQ − p_WP between the tips of B and C (open in the
  // file's default configuration, where the links lie flat).
  auto context = plant->CreateDefaultContext();
  const auto k = CalcConstraintKinematics(*plant, *context);
  ASSERT_EQ(k.size(), 1u);
  const Vector3d p_WP =
      plant->EvalBodyPoseInWorld(*context, plant->GetBodyByName("B")) *
      Vector3d(4, 0, 0);
  const Vector3d p_WQ =
      plant->EvalBodyPoseInWorld(*context, plant->GetBodyByName("C")) *
      Vector3d(4, 0, 0);
  EXPECT_TRUE(k[0].g.isApprox(p_WQ - p_WP, 1e-14));

  // A continuous plant cannot integrate the constraint: reported, skipped.
  WarningCollector warnings;
  auto continuous = MakePlant(0.0);
  Parser(continuous.get()).AddModels(kModels + "/drake/four_bar.sdf");
  EXPECT_EQ(continuous->num_constraints(), 0);
  EXPECT_EQ(warnings.Count("<drake:ball_constraint>"), 1);
}

std::string Mjcf(const std::string& equality) {
  return R"(<mujoco model="m"><worldbody>
<body name="a" pos="0 0 1"><joint name="ja" type="hinge" axis="0 0 1" ref="0.2"/><geom type="sphere" size="0.1" mass="1"/>
 <body name="b" pos="1 0 0" quat="0.9 0.1 0.2 0.3"><joint name="jb" type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1" mass="1"/></body></body>
<body name="c" pos="0 2 0"><joint name="jc" type="slide" axis="1 0 0" ref="0.5"/><geom type="sphere" size="0.1" mass="1"/></body>
</worldbody><equality>)" +
         equality + "</equality></mujoco>";
}

TEST(ConstraintsParsing, MujocoEquality) {
  auto plant = MakePlant(0.01);
  Parser(plant.get())
      .AddModelsFromString(
          Mjcf(R"(<connect body1="b" body2="c" anchor="0.1 0.2 0.3"/>
<connect body1="c" anchor="0 0 0.5"/>
<weld body1="b" body2="c" anchor="0.3 0 0"/>
<weld body1="a" body2="c" relpose="0.1 0.2 0.3 0 1 0 0"/>
<joint joint1="ja" joint2="jc" polycoef="0.5 2 0 0 0"/>)"),
          "xml");
  EXPECT_EQ(plant->num_ball_constraints(), 2);
  EXPECT_EQ(plant->num_weld_constraints(), 2);
  ASSERT_EQ(plant->num_coupler_constraints(), 1);
  // MuJoCo: ja − y₀ = 0.5 + 2·(jc − 0.5), with y₀ = 0.2° (hinge angles are
  // in degrees by default), i.e. ja = 2·jc + (0.5 + y₀ − 1).
  const auto& coupler = plant->get_coupler_constraint_specs().begin()->second;
  EXPECT_EQ(coupler.joint0_index, plant->GetJointByName("ja").index());
  EXPECT_EQ(coupler.joint1_index, plant->GetJointByName("jc").index());
  EXPECT_EQ(coupler.gear_ratio, 2.0);
  const double y0 = 0.2 * M_PI / 180;
  EXPECT_NEAR(coupler.offset, 0.5 + y0 - 1.0, 1e-15);
  // The connect of body c to the world: body_B is the world.
  bool found_world = false;
  for (const auto& [id, spec] : plant->get_ball_constraint_specs()) {
    found_world = found_world || spec.body_B == world_index();
    EXPECT_FALSE(spec.p_BQ.has_value());  // set at Finalize()
  }
  EXPECT_TRUE(found_world);
  // relpose: X_AP = X_AB·X_BQ with X_AB = (Rx(π), (0.1, 0.2, 0.3)).
  const auto& relpose_weld =
      std::prev(plant->get_weld_constraint_specs().end())->second;
  EXPECT_TRUE(
      relpose_weld.X_AP.translation().isApprox(Vector3d(0.1, 0.2, 0.3)));
  EXPECT_TRUE(relpose_weld.X_AP.rotation().matrix().isApprox(
      Eigen::Vector3d(1, -1, -1).asDiagonal().toDenseMatrix()));
  plant->Finalize();
  // At the file's reference configuration (the default positions) the
  // connects and the weld without relpose hold; the coupler is off by its
  // polynomial's constant term, g = −c₀.
  auto context = plant->CreateDefaultContext();
  const auto k = CalcConstraintKinematics(*plant, *context);
  ASSERT_EQ(k.size(), 5u);
  for (const auto& c : k) {
    if (c.kind == internal::ConstraintKind::kWeld && c.id == relpose_weld.id) {
      continue;
    }
    if (c.kind == internal::ConstraintKind::kCoupler) {
      EXPECT_NEAR(c.g(0), -0.5, 1e-14);
      continue;
    }
    EXPECT_LT(c.g.norm(), 1e-12) << "constraint " << c.id;
  }
}

TEST(ConstraintsParsing, MujocoEqualityReportsWhatItSkips) {
  WarningCollector warnings;
  auto plant = MakePlant(0.01);
  Parser(plant.get())
      .AddModelsFromString(
          Mjcf(R"(<joint joint1="ja" joint2="jc" polycoef="0 1 0.5 0 0"/>
<joint joint1="ja"/>
<connect site1="s1" site2="s2"/>
<tendon tendon1="t"/>
<connect body1="b" body2="c" anchor="0 0 0" active="false"/>)"),
          "xml");
  EXPECT_EQ(plant->num_constraints(), 1);  // the last connect
  EXPECT_EQ(warnings.Count("nonlinear polycoef"), 1);
  EXPECT_EQ(warnings.Count("without joint2"), 1);
  EXPECT_EQ(warnings.Count("site1 and site2"), 1);
  EXPECT_EQ(warnings.Count("'tendon' found as a child of 'equality'"), 1);
  EXPECT_EQ(warnings.Count("attribute 'active'"), 1);
  ExpectParseError(
      [&] {
        auto p = MakePlant(0.01);
        Parser(p.get()).AddModelsFromString(
            Mjcf(R"(<connect body1="zz" body2="c" anchor="0 0 0"/>)"), "xml");
      },
      {"connect specified body1: zz but no body with that name exists"});
  // A TAMSI plant reports the constraint and skips it (as a continuous one
  // does).
  WarningCollector tamsi_warnings;
  auto tamsi = MakePlant(0.01, DiscreteContactApproximation::kTamsi);
  Parser(tamsi.get())
      .AddModelsFromString(
          Mjcf(R"(<connect body1="b" body2="c" anchor="0 0 0"/>)"), "xml");
  EXPECT_EQ(tamsi->num_constraints(), 0);
  EXPECT_EQ(tamsi_warnings.Count("this constraint will be ignored"), 1);
}

}  // namespace
}  // namespace ossa::multibody
