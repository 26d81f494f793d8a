// Parser over a MultibodyPlant: AddModels / AddModelsFromString /
// AddModelsFromUrl, model name prefixes, collisions and auto-renaming,
// misuse.
#include "ossa/multibody/parsing/parser.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {
namespace parser_test {

using test::ExpectParseError;
using test::WarningCollector;
using ::testing::HasSubstr;

const std::string kModels = OSSA_MODELS_DIR;
const std::string kData = OSSA_TEST_DATA_DIR;

std::vector<std::string> Names(const MultibodyPlant<double>& plant,
                               const std::vector<ModelInstanceIndex>& list) {
  std::vector<std::string> names;
  for (auto i : list) names.push_back(plant.GetModelInstanceName(i));
  return names;
}

TEST(Parser, AddModelsRenamingAndPrefix) {
  MultibodyPlant<double> plant(0.0);
  Parser parser(&plant);
  EXPECT_EQ(&parser.plant(), &plant);
  const std::string acrobot = kModels + "/drake/acrobot.sdf";
  const auto first = parser.AddModels(acrobot);
  EXPECT_EQ(Names(plant, first), std::vector<std::string>{"acrobot"});
  // The name is the plant's now: a second parser collides with it too.
  ExpectParseError(
      [&] { Parser(&plant).AddModels(acrobot); },
      {"acrobot.sdf", "'acrobot' already exists", "SetAutoRenaming"});
  parser.SetAutoRenaming(true);
  EXPECT_TRUE(parser.GetAutoRenaming());
  EXPECT_EQ(Names(plant, parser.AddModels(acrobot)),
            std::vector<std::string>{"acrobot_1"});
  EXPECT_EQ(Names(plant, parser.AddModels(acrobot)),
            std::vector<std::string>{"acrobot_2"});
  Parser prefixed(&plant, "left");
  EXPECT_EQ(Names(plant, prefixed.AddModels(acrobot)),
            std::vector<std::string>{"left::acrobot"});
  plant.Finalize();
  // Four acrobots of two revolute joints each.
  EXPECT_EQ(plant.num_velocities(), 8);
  EXPECT_TRUE(plant.HasBodyNamed(
      "Link2", plant.GetModelInstanceByName("left::acrobot")));
}

TEST(Parser, AddModelsFromStringAndUrl) {
  MultibodyPlant<double> plant(0.0);
  Parser parser(&plant);
  const auto r = parser.AddModelsFromString(R"(<robot name="r">
  <link name="a"><inertial><mass value="2"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="j" type="revolute"><parent link="world"/><child link="a"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="2" effort="3"/></joint>
</robot>)",
                                            "urdf");
  ASSERT_EQ(r.size(), 1u);
  parser.package_map().PopulateFromFolder(kData + "/packages");
  const auto u =
      parser.AddModelsFromUrl("package://pkg_a/models/two_link.urdf");
  ASSERT_EQ(u.size(), 1u);
  plant.Finalize();
  const auto& j = plant.GetJointByName<RevoluteJoint>("j", r[0]);
  EXPECT_EQ(j.position_lower_limit(), -1);
  EXPECT_EQ(j.position_upper_limit(), 2);
  EXPECT_EQ(plant.GetBodyByName("a", r[0]).default_mass(), 2);
  EXPECT_FALSE(plant.GetBodyIndices(u[0]).empty());
}

TEST(Parser, NestedSdfModelsGetScopedInstances) {
  MultibodyPlant<double> plant(0.0);
  Parser parser(&plant, "pre");
  const auto instances = parser.AddModelsFromString(R"(<?xml version="1.0"?>
<sdf version="1.9"><model name="outer">
  <link name="base"/>
  <model name="inner"><link name="tip"/></model>
  <joint name="j" type="revolute"><parent>base</parent>
    <child>inner::tip</child><axis><xyz>0 0 1</xyz></axis></joint>
</model></sdf>)",
                                                    "sdf");
  EXPECT_EQ(Names(plant, instances),
            (std::vector<std::string>{"pre::outer", "pre::outer::inner"}));
  EXPECT_TRUE(plant.HasJointNamed("j", instances[0]));
  plant.Finalize();
  EXPECT_EQ(plant.num_velocities(), 7);
}

TEST(Parser, StrictParsingTurnsWarningsIntoErrors) {
  const std::string text = R"(<robot name="r"><link name="a"/>
  <unknown_tag/></robot>)";
  {
    WarningCollector warnings;
    MultibodyPlant<double> plant(0.0);
    Parser(&plant).AddModelsFromString(text, "urdf");
    EXPECT_EQ(warnings.Count("unknown_tag"), 1);
  }
  MultibodyPlant<double> plant(0.0);
  Parser strict(&plant);
  strict.SetStrictParsing();
  ExpectParseError([&] { strict.AddModelsFromString(text, "urdf"); },
                   {"<string>.urdf:2:", "unknown_tag"});
}

TEST(Parser, Misuse) {
  EXPECT_THROW(Parser(static_cast<MultibodyPlant<double>*>(nullptr)),
               std::logic_error);
  Parser no_plant;
  try {
    no_plant.AddModels(kModels + "/drake/acrobot.sdf");
    ADD_FAILURE();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("Parser::AddModels()"));
    EXPECT_THAT(e.what(), HasSubstr("without a plant"));
  }
  EXPECT_THROW(no_plant.plant(), std::logic_error);
  MultibodyPlant<double> plant(0.0);
  plant.Finalize();
  try {
    Parser(&plant).AddModels(kModels + "/drake/acrobot.sdf");
    ADD_FAILURE();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("finalized"));
  }
  MultibodyPlant<double> other(0.0);
  ExpectParseError(
      [&] { Parser(&other).AddModels(kModels + "/drake/no_such.urdf"); },
      {"no_such.urdf"});
  ExpectParseError(
      [&] { Parser(&other).AddModelsFromString("<robot", "urdf"); },
      {"<string>.urdf"});
  ExpectParseError(
      [&] { Parser(&other).AddModelsFromString("<robot/>", "obj"); },
      {"'obj' is not supported"});
}

}  // namespace
}  // namespace ossa::multibody
