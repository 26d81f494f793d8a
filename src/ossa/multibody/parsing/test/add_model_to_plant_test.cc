// Building multibody elements from parsed specs (detail_add_model_to_plant):
// every bundled model builds and finalizes with the counts its specs imply;
// values reach the elements (masses, limits, damping, actuators); joint
// frames of planar and universal joints are turned as the formats define;
// bad input names the file, the line and the element.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/parsing/detail_add_model_to_plant.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/bundled_model_paths.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/joint_actuator.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rigid_body.h"
#include "ossa/multibody/tree/universal_joint.h"

namespace ossa::multibody {
namespace add_model_to_plant_test {

using internal::AddModelSpecsToPlant;
using internal::DiagnosticPolicy;
using internal::JointType;
using internal::ModelSpec;
using internal::MultibodyTree;
using test::ExpectParseError;
using test::WarningCollector;

const std::string kModels = OSSA_MODELS_DIR;

std::vector<ModelInstanceIndex> Build(const std::vector<ModelSpec>& specs,
                                      MultibodyTree<double>* tree,
                                      bool strict = false) {
  return AddModelSpecsToPlant(specs, DiagnosticPolicy(strict), tree);
}

std::vector<ModelSpec> ParseString(const std::string& text,
                                   const std::string& type) {
  Parser parser;
  return parser.ParseModelSpecsFromString(text, type);
}

// What the specs imply for the finalized tree: one body per link plus the
// world; joints as written plus one 6-dof floating joint per root link that
// no joint moves (unless the model is static, when it is welded); an
// actuator per actuated 1-dof joint with a positive effort limit.
struct Expected {
  int bodies{1};
  int joints{0};
  int velocities{0};
  int positions{0};
  int actuators{0};
  double mass{0};
};

Expected Expect(const std::vector<ModelSpec>& specs) {
  Expected e;
  for (const auto& m : specs) {
    std::set<std::string> children;
    for (const auto& j : m.joints) {
      children.insert(j.child);
      ++e.joints;
      e.velocities += internal::num_velocities(j.type);
      e.positions += internal::num_positions(j.type);
    }
    for (const auto& l : m.links) {
      ++e.bodies;
      e.mass += l.inertial.mass;
      if (!children.count(l.name)) {
        ++e.joints;  // floating joint added at Finalize, or the weld
        if (!m.is_static) {
          e.velocities += 6;
          e.positions += 7;
        }
      }
    }
    for (const auto& a : m.actuators) {
      const auto* j = m.FindJoint(a.joint);
      if (j && internal::num_velocities(j->type) == 1 && a.effort_limit > 0) {
        ++e.actuators;
      }
    }
  }
  return e;
}

class BundledModel : public ::testing::TestWithParam<const char*> {};

TEST_P(BundledModel, BuildsAndFinalizes) {
  WarningCollector warnings;  // missing meshes, foreign tags, mimic
  const std::string path = kModels + "/" + GetParam();
  Parser spec_reader;
  const auto specs = spec_reader.ParseModelSpecs(path);
  const Expected e = Expect(specs);
  // Through the builder into a bare tree, and through Parser::AddModels()
  // into a plant: both must give what the specs imply.
  MultibodyTree<double> tree;
  const auto instances = Build(specs, &tree);
  ASSERT_EQ(instances.size(), specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    EXPECT_EQ(tree.GetModelInstanceName(instances[i]), specs[i].name);
  }
  ASSERT_NO_THROW(tree.Finalize());
  EXPECT_EQ(tree.num_bodies(), e.bodies);
  EXPECT_EQ(tree.num_joints(), e.joints);
  EXPECT_EQ(tree.num_velocities(), e.velocities);
  EXPECT_EQ(tree.num_positions(), e.positions);
  EXPECT_EQ(tree.num_actuators(), e.actuators);
  double mass = 0;
  for (int b = 0; b < tree.num_bodies(); ++b) {
    const auto& body = tree.get_body(BodyIndex(b));
    if (!body.is_world()) mass += body.default_mass();
  }
  // The same decimal values summed in the same order: rounding only.
  EXPECT_NEAR(mass, e.mass, 1e-12 * std::max(1.0, e.mass));

  MultibodyPlant<double> plant(0.0);
  Parser parser(&plant);
  const auto plant_instances = parser.AddModels(path);
  ASSERT_EQ(plant_instances.size(), specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    EXPECT_EQ(plant.GetModelInstanceName(plant_instances[i]), specs[i].name);
  }
  ASSERT_NO_THROW(plant.Finalize());
  EXPECT_EQ(plant.num_bodies(), e.bodies);
  EXPECT_EQ(plant.num_joints(), e.joints);
  EXPECT_EQ(plant.num_velocities(), e.velocities);
  EXPECT_EQ(plant.num_positions(), e.positions);
  EXPECT_EQ(plant.num_actuators(), e.actuators);
}

INSTANTIATE_TEST_SUITE_P(Models, BundledModel,
                         ::testing::ValuesIn(test::BundledModelPaths()),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c)))
                               c = '_';
                           }
                           return name;
                         });

// The acrobot's published parameters (models/drake/acrobot.urdf) arrive in
// the elements unchanged.
TEST(AddModelToPlant, AcrobotValues) {
  Parser parser;
  const auto specs = parser.ParseModelSpecs(kModels + "/drake/acrobot.urdf");
  MultibodyTree<double> tree;
  const ModelInstanceIndex acrobot = Build(specs, &tree).at(0);
  tree.Finalize();
  const auto& link2 = tree.GetBodyByName("Link2", acrobot);
  EXPECT_EQ(link2.default_mass(), 1.0);
  EXPECT_TRUE(link2.default_com().isApprox(Eigen::Vector3d(0, 0, -1)));
  // I_BBcm = diag(0.33, 0.33, 5e-7) from the file, exact in double.
  const Eigen::Matrix3d I = link2.default_spatial_inertia()
                                .Shift(link2.default_com())
                                .CalcRotationalInertia()
                                .CopyToFullMatrix3();
  EXPECT_NEAR(I(0, 0), 0.33, 1e-15);
  EXPECT_NEAR(I(2, 2), 5e-7, 1e-15);
  const auto& elbow = tree.GetJointByName<RevoluteJoint>("ElbowJoint", acrobot);
  EXPECT_TRUE(elbow.revolute_axis().isApprox(Eigen::Vector3d::UnitY()));
  EXPECT_EQ(elbow.default_damping(), 0.1);
  EXPECT_EQ(elbow.position_lower_limit(), -INFINITY);
  // X_PF of the elbow: origin xyz="0 0.15 -1" in Link1.
  EXPECT_TRUE(
      elbow.frame_on_parent().GetFixedPoseInBodyFrame().translation().isApprox(
          Eigen::Vector3d(0, 0.15, -1)));
  // The shoulder's effort limit is 0: no actuator; the elbow has one.
  ASSERT_EQ(tree.num_actuators(), 1);
  EXPECT_EQ(tree.GetJointActuatorByName("ElbowJoint", acrobot).joint().name(),
            "ElbowJoint");
}

TEST(AddModelToPlant, LimitsGearRatioRotorInertia) {
  const auto specs = ParseString(R"(
<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a"><inertial><mass value="2"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><mass value="1"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="base" type="fixed"><parent link="world"/><child link="a"/></joint>
  <joint name="j" type="prismatic"><parent link="a"/><child link="b"/>
    <axis xyz="0 0 2"/>
    <limit lower="-0.5" upper="0.25" effort="30" velocity="4"/>
    <dynamics damping="0.7"/></joint>
  <transmission type="SimpleTransmission" name="t">
    <joint name="j"/>
    <actuator name="m"><drake:gear_ratio value="50"/>
      <drake:rotor_inertia value="0.002"/></actuator>
  </transmission>
</robot>)",
                                 "urdf");
  MultibodyTree<double> tree;
  const auto r = Build(specs, &tree).at(0);
  tree.Finalize();
  const Joint<double>& j = tree.GetJointByName("j", r);
  EXPECT_EQ(j.position_lower_limits()(0), -0.5);
  EXPECT_EQ(j.position_upper_limits()(0), 0.25);
  EXPECT_EQ(j.velocity_lower_limits()(0), -4);
  EXPECT_EQ(j.velocity_upper_limits()(0), 4);
  EXPECT_EQ(j.default_damping_vector()(0), 0.7);
  const auto& m = tree.GetJointActuatorByName("m", r);
  EXPECT_EQ(m.effort_limit(), 30);
  EXPECT_EQ(m.default_gear_ratio(), 50);
  EXPECT_EQ(m.default_rotor_inertia(), 0.002);
  // Reflected inertia ρ²·I_r = 2500 · 0.002 = 5 (exact in binary? 0.002 is
  // not; 1e-12 relative covers one rounding).
  EXPECT_NEAR(m.default_reflected_inertia(), 5.0, 5e-12);
  // The fixed joint to the world leaves no free body: 1 dof.
  EXPECT_EQ(tree.num_velocities(), 1);
}

// URDF planar joints move in the plane normal to <axis>: the joint frame
// F' (whose x-y plane PlanarJoint uses) has its z axis along it, and F' and
// M' still coincide at q = 0.
TEST(AddModelToPlant, PlanarAndUniversalFrames) {
  const auto specs = ParseString(R"(
<robot name="r" xmlns:drake="http://drake.mit.edu">
  <link name="a"><inertial><mass value="1"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><mass value="1"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="p" type="planar"><parent link="world"/><child link="a"/>
    <origin xyz="1 2 3" rpy="0.1 0.2 0.3"/><axis xyz="0 1 0"/></joint>
  <drake:joint name="u" type="universal"><drake:parent link="a"/>
    <drake:child link="b"/></drake:joint>
</robot>)",
                                 "urdf");
  MultibodyTree<double> tree;
  const auto r = Build(specs, &tree).at(0);
  tree.Finalize();
  const Joint<double>& p = tree.GetJointByName("p", r);
  EXPECT_EQ(p.type_name(), PlanarJoint<double>::kTypeName);
  const auto X_PF = p.frame_on_parent().GetFixedPoseInBodyFrame();
  const auto X_CM = p.frame_on_child().GetFixedPoseInBodyFrame();
  const math::RigidTransformd X_PF_file(math::RollPitchYawd(0.1, 0.2, 0.3),
                                        Eigen::Vector3d(1, 2, 3));
  // z of F' is the axis (0 1 0) expressed in the file's joint frame.
  const Eigen::Vector3d z_F =
      X_PF_file.rotation().inverse() * X_PF.rotation().col(2);
  EXPECT_TRUE(z_F.isApprox(Eigen::Vector3d::UnitY(), 1e-14));
  EXPECT_TRUE(X_PF.translation().isApprox(Eigen::Vector3d(1, 2, 3)));
  // M' = R_FJ in the child (X_CM of the file is the identity): the same
  // rotation as F' relative to the file's F.
  EXPECT_TRUE((X_PF_file.rotation().inverse() * X_PF.rotation())
                  .IsNearlyEqualTo(X_CM.rotation(), 1e-14));
  EXPECT_EQ(tree.GetJointByName("u", r).type_name(),
            UniversalJoint<double>::kTypeName);
  EXPECT_EQ(tree.num_velocities(), 3 + 2);
}

TEST(AddModelToPlant, NonOrthogonalUniversalAxesNameFileLineElement) {
  const auto specs = ParseString(R"(<?xml version="1.0"?>
<sdf version="1.9"><model name="m">
  <link name="a"/><link name="b"/>
  <joint name="u" type="universal"><parent>a</parent><child>b</child>
    <axis><xyz>1 0 0</xyz></axis><axis2><xyz>1 1 0</xyz></axis2></joint>
</model></sdf>)",
                                 "sdf");
  MultibodyTree<double> tree;
  ExpectParseError([&] { Build(specs, &tree); },
                   {"<string>.sdf:4:", "<joint name='u'>", "orthogonal"});
}

TEST(AddModelToPlant, DuplicateModelNameIsAnErrorNamingTheModel) {
  const std::string text = R"(<robot name="twice"><link name="a"/></robot>)";
  const auto specs = ParseString(text, "urdf");
  MultibodyTree<double> tree;
  Build(specs, &tree);
  ExpectParseError([&] { Build(specs, &tree); },
                   {"<string>.urdf:1:", "<model name='twice'>", "twice"});
}

// A triangle-inequality violation (as in allegro_right_hand.urdf) is
// reported with the violated condition and replaced by the inertia of a
// solid sphere of water of the same mass about the same center of mass.
TEST(AddModelToPlant, NonPhysicalInertiaIsReplacedWithAWarning) {
  const std::string text = R"(<robot name="r">
  <link name="a"><inertial><origin xyz="0.1 0 0"/><mass value="0.065"/>
    <inertia ixx="1" iyy="1" izz="3" ixy="0" ixz="0" iyz="0"/></inertial>
  </link></robot>)";
  WarningCollector warnings;
  const auto specs = ParseString(text, "urdf");
  EXPECT_EQ(warnings.Count("triangle inequality"), 1);
  EXPECT_EQ(warnings.Count("<string>.urdf:2:"), 1);
  MultibodyTree<double> tree;
  const auto r = Build(specs, &tree).at(0);
  const auto& a = tree.GetBodyByName("a", r);
  const double m = 0.065;
  const double radius = std::cbrt(3 * m / (4 * M_PI * 1000));
  const Eigen::Matrix3d I_Bcm = a.default_spatial_inertia()
                                    .Shift(a.default_com())
                                    .CalcRotationalInertia()
                                    .CopyToFullMatrix3();
  // 1e-15 relative: two shifts of the about-point, each a few roundings.
  EXPECT_TRUE(I_Bcm.isApprox(
      Eigen::Matrix3d::Identity() * 0.4 * m * radius * radius, 1e-12));
  EXPECT_TRUE(a.default_com().isApprox(Eigen::Vector3d(0.1, 0, 0)));
  // Under strict parsing the same file is an error naming the condition.
  Parser strict;
  strict.SetStrictParsing();
  ExpectParseError([&] { strict.ParseModelSpecsFromString(text, "urdf"); },
                   {"<string>.urdf:2:", "triangle inequality"});
}

TEST(AddModelToPlant, NegativeMassNamesFileLineElement) {
  ExpectParseError(
      [&] {
        ParseString(R"(<robot name="r">
  <link name="a"><inertial><mass value="-1"/></inertial></link></robot>)",
                    "urdf");
      },
      {"<string>.urdf:2:", "<inertial>", "negative"});
}

TEST(AddModelToPlant, MimicIsReportedAndIgnored) {
  const auto specs = ParseString(R"(<robot name="r">
  <link name="a"/><link name="b"/><link name="c"/>
  <joint name="j1" type="continuous"><parent link="a"/><child link="b"/></joint>
  <joint name="j2" type="continuous"><parent link="a"/><child link="c"/>
    <mimic joint="j1" multiplier="2"/></joint>
</robot>)",
                                 "urdf");
  WarningCollector warnings;
  MultibodyTree<double> tree;
  Build(specs, &tree);
  // A tree has no constraints: the mimic is reported where it is written.
  EXPECT_EQ(warnings.Count("specifies a mimic element that will be ignored"),
            1);
  EXPECT_EQ(warnings.Count("<string>.urdf:5:"), 1);
  tree.Finalize();
  EXPECT_EQ(tree.num_velocities(), 6 + 2);
  // Strict parsing turns the report into an error.
  MultibodyTree<double> strict_tree;
  ExpectParseError([&] { Build(specs, &strict_tree, true); },
                   {"<string>.urdf:5:", "<joint name='j2'>", "mimic"});
}

TEST(AddModelToPlant, StaticSdfModelIsWelded) {
  const auto specs = ParseString(R"(<?xml version="1.0"?>
<sdf version="1.9"><model name="table"><static>true</static>
  <pose>1 0 0.5 0 0 0</pose>
  <link name="top"><inertial><mass>3</mass></inertial></link>
</model></sdf>)",
                                 "sdf");
  MultibodyTree<double> tree;
  const auto m = Build(specs, &tree).at(0);
  tree.Finalize();
  EXPECT_EQ(tree.num_velocities(), 0);
  const Joint<double>& weld =
      tree.GetInboardJoint(tree.GetBodyByName("top", m));
  EXPECT_EQ(weld.num_velocities(), 0);
}

TEST(AddModelToPlant, NestedSdfModelsResolveScopedNames) {
  const auto specs = ParseString(R"(<?xml version="1.0"?>
<sdf version="1.9"><model name="outer">
  <link name="base"/>
  <model name="inner"><link name="tip"/></model>
  <joint name="j" type="revolute"><parent>base</parent>
    <child>inner::tip</child><axis><xyz>0 0 1</xyz></axis></joint>
</model></sdf>)",
                                 "sdf");
  MultibodyTree<double> tree;
  const auto instances = Build(specs, &tree);
  ASSERT_EQ(instances.size(), 2u);
  EXPECT_TRUE(tree.HasModelInstanceNamed("outer"));
  EXPECT_TRUE(tree.HasModelInstanceNamed("outer::inner"));
  tree.Finalize();
  const auto& tip =
      tree.GetBodyByName("tip", tree.GetModelInstanceByName("outer::inner"));
  EXPECT_EQ(tree.GetInboardJoint(tip).name(), "j");
  // base floats (6), j turns (1).
  EXPECT_EQ(tree.num_velocities(), 7);
}

}  // namespace add_model_to_plant_test
}  // namespace ossa::multibody
