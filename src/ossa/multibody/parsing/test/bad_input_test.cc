// The bad-input matrix of the parsing issue, for each format (URDF,
// SDFormat, MJCF): malformed XML, unknown tags, missing and duplicate links
// and joints, joint cycles, unknown joint types, non-numeric and missing
// values, negative masses, non-physical inertias and unresolvable URIs.
//
// Each case is written to a real file and loaded through Parser::AddModels()
// into a MultibodyPlant (the whole path a user takes), and must throw a
// std::runtime_error whose message names the file by its path, the line of
// the offending element, the element and the gist of the problem. Cases
// that are warnings by default (unknown tags, non-physical inertias,
// missing meshes) are errors under strict parsing and, when lenient, warn
// with the same file:line and element and still load the model.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody {
namespace bad_input_test {

namespace fs = std::filesystem;
using test::ExpectParseError;
using test::WarningCollector;

struct BadInput {
  const char* name;       // test name and file stem
  const char* extension;  // urdf, sdf or xml (MJCF)
  const char* text;
  int line;              // the line the message must name
  const char* element;   // how the message must name the element
  const char* gist;      // what the message must say
  bool warning = false;  // a warning unless parsing is strict
};

std::ostream& operator<<(std::ostream& os, const BadInput& c) {
  return os << c.name;
}

// clang-format off
const BadInput kCases[] = {
  // ---------------------------------------------------------------- URDF
  {"UrdfMalformedXml", "urdf",
   "<robot name='r'>\n<link name='a'>\n</robot>",
   2, "link", "malformed XML"},
  {"UrdfUnknownTag", "urdf",
   "<robot name='r'>\n<link name='a'/>\n<sparkle/>\n</robot>",
   3, "<sparkle>", "unsupported element <sparkle>", true},
  {"UrdfMalformedXmlSecondRoot", "urdf",
   "<robot name='r'>\n<link name='a'/>\n</robot>\n<robot name='s'>\n"
   "<link name='b'/>\n</robot>",
   4, "<robot name='s'>", "a second root element (the first is <robot> at "
   "line 1)"},
  {"UrdfMissingLink", "urdf",
   "<robot name='r'>\n<link name='a'/>\n<joint name='j' type='fixed'>\n"
   "<parent link='a'/>\n<child link='b'/>\n</joint>\n</robot>",
   5, "<child>", "names child link 'b', which does not exist"},
  {"UrdfDuplicateLink", "urdf",
   "<robot name='r'>\n<link name='a'/>\n<link name='a'/>\n</robot>",
   3, "<link name='a'>", "already exists (line 2)"},
  {"UrdfMissingJoint", "urdf",
   "<robot name='r'>\n<link name='a'/>\n<transmission name='t'>\n"
   "<type>SimpleTransmission</type>\n<joint name='nope'/>\n"
   "<actuator name='m'/>\n</transmission>\n</robot>",
   5, "<joint name='nope'>", "names joint 'nope', which does not exist"},
  {"UrdfDuplicateJoint", "urdf",
   "<robot name='r'>\n<link name='a'/><link name='b'/><link name='c'/>\n"
   "<joint name='j' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
   "<joint name='j' type='fixed'><parent link='a'/><child link='c'/></joint>\n"
   "</robot>",
   4, "<joint name='j'>", "a joint named 'j' already exists (line 3)"},
  {"UrdfJointCycle", "urdf",
   "<robot name='r'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='ab' type='fixed'><parent link='a'/><child link='b'/></joint>\n"
   "<joint name='ba' type='fixed'><parent link='b'/><child link='a'/></joint>\n"
   "</robot>",
   3, "<joint name='ab'>", "kinematic cycle"},
  {"UrdfUnknownJointType", "urdf",
   "<robot name='r'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='j' type='hinge'><parent link='a'/><child link='b'/></joint>\n"
   "</robot>",
   3, "<joint name='j'>", "unknown joint type 'hinge'"},
  {"UrdfNonNumericValue", "urdf",
   "<robot name='r'>\n<link name='a'>\n<inertial>\n<mass value='heavy'/>\n"
   "</inertial>\n</link>\n</robot>",
   4, "<mass>", "'heavy' is not a number"},
  {"UrdfMissingValue", "urdf",
   "<robot name='r'>\n<link name='a'>\n<inertial>\n<mass/>\n"
   "</inertial>\n</link>\n</robot>",
   4, "<mass>", "missing required attribute 'value'"},
  {"UrdfNegativeMass", "urdf",
   "<robot name='r'>\n<link name='a'>\n<inertial>\n<mass value='-2'/>\n"
   "</inertial>\n</link>\n</robot>",
   3, "<inertial>", "negative or non-finite mass (-2 kg)"},
  {"UrdfNonPhysicalInertia", "urdf",
   "<robot name='r'>\n<link name='a'>\n<inertial>\n<mass value='1'/>\n"
   "<inertia ixx='1' iyy='1' izz='3' ixy='0' ixz='0' iyz='0'/>\n"
   "</inertial>\n</link>\n</robot>",
   3, "<inertial>", "(1, 1, 3) kg·m² break the triangle inequality", true},
  {"UrdfNegativeMoment", "urdf",
   "<robot name='r'>\n<link name='a'>\n<inertial>\n<mass value='1'/>\n"
   "<inertia ixx='1' iyy='1' izz='-1' ixy='0' ixz='0' iyz='0'/>\n"
   "</inertial>\n</link>\n</robot>",
   3, "<inertial>", "negative principal moment", true},
  {"UrdfUnresolvableUri", "urdf",
   "<robot name='r'>\n<link name='a'>\n<visual><geometry>\n"
   "<mesh filename='package://nowhere/m.stl'/>\n</geometry></visual>\n"
   "</link>\n</robot>",
   4, "<mesh>", "'package://nowhere/m.stl' does not resolve to an existing "
   "file"},
  // ------------------------------------------------------------ SDFormat
  {"SdfMalformedXml", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n</model>\n</sdf>",
   3, "link", "malformed XML"},
  {"SdfUnknownTag", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/>\n<sparkle/>\n"
   "</model>\n</sdf>",
   4, "<sparkle>", "<sparkle> is not an SDFormat element of <model name='m'>"},
  {"SdfUnknownTagMassInsideInertia", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
   "<inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz>\n<mass>5</mass>\n"
   "</inertia>\n</inertial>\n</link>\n</model>\n</sdf>",
   6, "<mass>", "<mass> is not an SDFormat element of <inertia> (line 5)"},
  {"SdfMissingCanonicalLink", "sdf",
   "<sdf version='1.9'>\n<model name='m' canonical_link='nope'>\n"
   "<link name='a'/>\n</model>\n</sdf>",
   2, "<model name='m'>", "canonical_link 'nope' of model 'm' names no link"},
  {"SdfMalformedXmlSecondRoot", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/>\n</model>\n"
   "</sdf>\n<sdf version='1.9'/>",
   6, "<sdf>", "a second root element"},
  {"SdfMissingLink", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/>\n"
   "<joint name='j' type='fixed'>\n<parent>a</parent>\n<child>b</child>\n"
   "</joint>\n</model>\n</sdf>",
   6, "<child>", "the frame 'b' does not exist in model 'm'"},
  {"SdfDuplicateLink", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/>\n<link name='a'/>\n"
   "</model>\n</sdf>",
   4, "<link name='a'>", "'a' is already used in model 'm' by a <link> (line 3)"},
  {"SdfMissingJointParent", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='j' type='fixed'>\n<child>b</child>\n</joint>\n</model>\n"
   "</sdf>",
   4, "<joint name='j'>", "has no <parent>"},
  {"SdfDuplicateJoint", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n"
   "<link name='a'/><link name='b'/><link name='c'/>\n"
   "<joint name='j' type='fixed'><parent>a</parent><child>b</child></joint>\n"
   "<joint name='j' type='fixed'><parent>a</parent><child>c</child></joint>\n"
   "</model>\n</sdf>",
   5, "<joint name='j'>", "'j' is already used in model 'm' by a <joint> (line 4)"},
  {"SdfJointCycle", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='ab' type='fixed'><parent>a</parent><child>b</child></joint>\n"
   "<joint name='ba' type='fixed'><parent>b</parent><child>a</child></joint>\n"
   "</model>\n</sdf>",
   4, "<joint name='ab'>", "kinematic cycle"},
  {"SdfUnknownJointType", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='j' type='hinge'><parent>a</parent><child>b</child></joint>\n"
   "</model>\n</sdf>",
   4, "<joint name='j'>", "unknown joint type 'hinge'"},
  {"SdfRevolute2Unsupported", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'/><link name='b'/>\n"
   "<joint name='j' type='revolute2'><parent>a</parent><child>b</child>"
   "<axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>\n"
   "</model>\n</sdf>",
   4, "<joint name='j'>", "joint type 'revolute2' is not supported"},
  {"SdfNonNumericValue", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
   "<mass>heavy</mass>\n</inertial>\n</link>\n</model>\n</sdf>",
   5, "<mass>", "'heavy' is not a number"},
  {"SdfMissingValue", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
   "<mass></mass>\n</inertial>\n</link>\n</model>\n</sdf>",
   5, "<mass>", "has no value"},
  {"SdfNegativeMass", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
   "<mass>-2</mass>\n</inertial>\n</link>\n</model>\n</sdf>",
   4, "<inertial>", "negative or non-finite mass (-2 kg)"},
  {"SdfNonPhysicalInertia", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
   "<mass>1</mass>\n<inertia><ixx>1</ixx><iyy>1</iyy><izz>3</izz></inertia>\n"
   "</inertial>\n</link>\n</model>\n</sdf>",
   4, "<inertial>", "(1, 1, 3) kg·m² break the triangle inequality", true},
  {"SdfUnresolvablePackageUri", "sdf",
   "<sdf version='1.9'>\n<world name='w'>\n<include>\n"
   "<uri>package://nope/model.sdf</uri>\n</include>\n</world>\n</sdf>",
   4, "<uri>", "package 'nope' is not in the package map"},
  {"SdfUnresolvableModelUri", "sdf",
   "<sdf version='1.9'>\n<world name='w'>\n<include>\n"
   "<uri>model://nope</uri>\n</include>\n</world>\n</sdf>",
   4, "<uri>", "cannot resolve <uri> 'model://nope'"},
  {"SdfUnresolvableMeshUri", "sdf",
   "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n"
   "<visual name='v'><geometry>\n<mesh><uri>missing.obj</uri></mesh>\n"
   "</geometry></visual>\n</link>\n</model>\n</sdf>",
   5, "<mesh>", "'missing.obj' does not resolve to an existing file"},
  // ---------------------------------------------------------------- MJCF
  {"MjcfMalformedXml", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n</worldbody>\n</mujoco>",
   3, "body", "malformed XML"},
  {"MjcfMalformedXmlSecondRoot", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'/>\n</worldbody>\n</mujoco>\n"
   "<mujoco/>",
   6, "<mujoco>", "a second root element"},
  {"MjcfUnknownTag", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n<sparkle/>\n</body>\n"
   "</worldbody>\n</mujoco>",
   4, "<sparkle>", "unsupported element <sparkle> inside body 'a'", true},
  {"MjcfMissingJoint", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'><joint name='j'/>"
   "<geom size='0.1'/></body>\n</worldbody>\n<actuator>\n<motor joint='k'/>\n"
   "</actuator>\n</mujoco>",
   6, "<motor>", "names joint 'k', which does not exist"},
  {"MjcfMissingBody", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'><joint name='j'/>"
   "<geom size='0.1'/></body>\n</worldbody>\n<contact>\n"
   "<exclude body1='a' body2='ghost'/>\n</contact>\n</mujoco>",
   6, "<exclude>", "names body 'ghost', which does not exist"},
  {"MjcfDuplicateBody", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'><geom size='0.1'/></body>\n"
   "<body name='a'><geom size='0.1'/></body>\n</worldbody>\n</mujoco>",
   4, "<body name='a'>", "a body named 'a' already exists"},
  {"MjcfDuplicateJoint", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'><joint name='j'/><geom size='0.1'/>\n"
   "<body name='b'><joint name='j'/><geom size='0.1'/></body>\n</body>\n"
   "</worldbody>\n</mujoco>",
   4, "<joint name='j'>", "a joint named 'j' already exists"},
  {"MjcfUnknownJointType", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n<joint name='j' type='twist'/>\n"
   "</body>\n</worldbody>\n</mujoco>",
   4, "<joint name='j'>", "unknown joint type 'twist'"},
  {"MjcfNonNumericValue", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n<geom size='big'/>\n</body>\n"
   "</worldbody>\n</mujoco>",
   4, "<geom>", "attribute 'size': 'big' is not a number"},
  {"MjcfMissingValue", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n<geom type='box' size='0.1'/>\n"
   "</body>\n</worldbody>\n</mujoco>",
   4, "<geom>", "a box geom needs 3 size number(s), has 1"},
  {"MjcfMissingMass", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n"
   "<inertial pos='0 0 0' diaginertia='1 1 1'/>\n</body>\n</worldbody>\n"
   "</mujoco>",
   4, "<inertial>", "has no mass"},
  {"MjcfNegativeMass", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n"
   "<inertial pos='0 0 0' mass='-1' diaginertia='1 1 1'/>\n</body>\n"
   "</worldbody>\n</mujoco>",
   4, "<inertial>", "negative or non-finite mass (-1 kg)"},
  {"MjcfNegativeGeomMass", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n<geom size='0.1' mass='-1'/>\n"
   "</body>\n</worldbody>\n</mujoco>",
   4, "<geom>", "mass cannot be negative"},
  {"MjcfNonPhysicalInertia", "xml",
   "<mujoco>\n<worldbody>\n<body name='a'>\n"
   "<inertial pos='0 0 0' mass='1' diaginertia='1 1 3'/>\n</body>\n"
   "</worldbody>\n</mujoco>",
   4, "<inertial>", "(1, 1, 3) kg·m² break the triangle inequality", true},
  {"MjcfUnresolvableInclude", "xml",
   "<mujoco>\n<include file='nope.xml'/>\n</mujoco>",
   2, "<include>", "the included file 'nope.xml' cannot be found"},
  {"MjcfUnresolvableMesh", "xml",
   "<mujoco>\n<asset>\n<mesh name='m' file='nope.stl'/>\n</asset>\n"
   "<worldbody>\n<body name='a'>\n<geom type='mesh' mesh='m'/>\n</body>\n"
   "</worldbody>\n</mujoco>",
   7, "<geom>", "mesh file 'nope.stl' cannot be found", true},
};
// clang-format on

class BadInputTest : public ::testing::TestWithParam<BadInput> {
 protected:
  // Each case in its own folder: a relative URI must not find a file of
  // another case.
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ossa_bad_input_" + std::to_string(::getpid())) /
           std::string(GetParam().name);
    fs::create_directories(dir_);
    path_ = (dir_ / (std::string(GetParam().name) + "." + GetParam().extension))
                .string();
    std::ofstream(path_) << GetParam().text;
  }
  void TearDown() override {
    fs::remove_all(dir_);
    // The per-process folder too once empty (ctest runs each case in its own
    // process, which left one empty folder per case in the temp directory).
    std::error_code not_empty;
    fs::remove(dir_.parent_path(), not_empty);
  }

  // Loads the file into a new plant; returns the number of bodies.
  // The plant has a SceneGraph, so geometry is registered too.
  int Load(bool strict) const {
    systems::DiagramBuilder<double> builder;
    auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
    Parser parser(&plant);
    if (strict) parser.SetStrictParsing();
    parser.AddModels(path_);
    plant.Finalize();
    return plant.num_bodies();
  }

  // "<path>:<line>:", what every message about this case must start with.
  std::string Where() const {
    return path_ + ":" + std::to_string(GetParam().line) + ":";
  }

  fs::path dir_;
  std::string path_;
};

TEST_P(BadInputTest, NamesFileLineAndElement) {
  const BadInput& c = GetParam();
  const std::string message = ExpectParseError(
      [&] { Load(/* strict = */ true); }, {Where(), c.element, c.gist});
  // The location comes first, as compilers print it: editors jump to it.
  EXPECT_EQ(message.rfind(path_ + ":", 0), 0u) << message;
  if (c.warning) {
    EXPECT_THAT(message, ::testing::HasSubstr("strict parsing"));
  }
}

TEST_P(BadInputTest, LenientParsingWarnsAndLoads) {
  const BadInput& c = GetParam();
  if (!c.warning) {
    // An error whatever the strictness.
    ExpectParseError([&] { Load(/* strict = */ false); },
                     {Where(), c.element, c.gist});
    return;
  }
  WarningCollector warnings;
  // The world plus the file's one link.
  EXPECT_EQ(Load(/* strict = */ false), 2);
  EXPECT_EQ(warnings.Count(Where() + " warning: " + c.element), 1)
      << ::testing::PrintToString(warnings.messages);
  EXPECT_EQ(warnings.Count(c.gist), 1)
      << ::testing::PrintToString(warnings.messages);
}

INSTANTIATE_TEST_SUITE_P(AllFormats, BadInputTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<BadInput>& info) {
                           return std::string(info.param.name);
                         });

// Every category of the issue is covered in every format (a guard against
// the table losing rows): the names above carry the category.
TEST(BadInputCoverage, EachCategoryInEachFormat) {
  const std::vector<std::string> categories = {
      "MalformedXml", "UnknownTag",   "MissingValue",
      "Duplicate",    "Missing",      "UnknownJointType",
      "NonNumeric",   "NegativeMass", "NonPhysicalInertia",
      "Unresolvable"};
  for (const std::string format : {"Urdf", "Sdf", "Mjcf"}) {
    for (const auto& category : categories) {
      bool found = false;
      for (const auto& c : kCases) {
        const std::string name = c.name;
        found |= name.rfind(format, 0) == 0 &&
                 name.find(category) != std::string::npos;
      }
      EXPECT_TRUE(found) << format << " lacks a " << category << " case";
    }
  }
  // Joint cycles cannot be written in MJCF (nesting is the tree).
  for (const std::string format : {"Urdf", "Sdf"}) {
    bool found = false;
    for (const auto& c : kCases) {
      found |= std::string(c.name) == format + "JointCycle";
    }
    EXPECT_TRUE(found) << format;
  }
}

// Mass properties the readers' checks let through but SpatialInertia
// rejects (here a center of mass so far from the body origin that the
// inertia about it overflows) are reported with the file, the line and the
// link, keeping SpatialInertia's explanation; lenient parsing cannot load
// them either (its substitute inertia fails the same way).
class InertiaErrorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ossa_inertia_errors_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  // Parses into a plant (Finalize() is the plant's, not the parser's).
  static void Load(const std::string& path, bool strict) {
    MultibodyPlant<double> plant(0.0);
    Parser parser(&plant);
    if (strict) parser.SetStrictParsing();
    parser.AddModels(path);
  }
  fs::path dir_;
};

TEST_F(InertiaErrorTest, FarCenterOfMassNamesFileLineAndLink) {
  const std::string urdf =
      Write("far.urdf",
            "<robot name='r'>\n<link name='a'>\n<inertial>\n"
            "<origin xyz='1e200 0 0'/>\n<mass value='1'/>\n"
            "<inertia ixx='1' iyy='1' izz='1' ixy='0' ixz='0' iyz='0'/>\n"
            "</inertial>\n</link>\n</robot>");
  const std::string sdf = Write(
      "far.sdf",
      "<sdf version='1.9'>\n<model name='m'>\n<link name='a'>\n<inertial>\n"
      "<pose>1e200 0 0 0 0 0</pose>\n<mass>1</mass>\n</inertial>\n</link>\n"
      "</model>\n</sdf>");
  const std::string mjcf = Write(
      "far.xml",
      "<mujoco>\n<worldbody>\n<body name='a'>\n"
      "<inertial pos='1e200 0 0' mass='1' diaginertia='1 1 1'/>\n</body>\n"
      "</worldbody>\n</mujoco>");
  WarningCollector warnings;  // lenient parsing warns first; kept off the log
  for (const auto& [path, line] :
       {std::pair{urdf, 2}, std::pair{sdf, 3}, std::pair{mjcf, 3}}) {
    for (const bool strict : {false, true}) {
      const std::string message = ExpectParseError(
          [&] { Load(path, strict); },
          {path + ":" + std::to_string(line) + ":", "<link name='a'>",
           "link 'a' has non-physical mass properties",
           "MakeFromCentralInertia"});
      EXPECT_EQ(message.rfind(path + ":", 0), 0u) << message;
    }
  }
}

// A sweep over extreme mass properties in each format: each either loads
// or fails with a std::runtime_error that starts with the file and a line.
TEST_F(InertiaErrorTest, EveryFailureNamesFileAndLine) {
  const char* masses[] = {"1", "0", "-1", "1e-300", "1e300", "1e308"};
  const char* moments[] = {"1", "0", "-1", "1e-300", "1e300", "1e308"};
  const char* offsets[] = {"0", "1e150", "1e200", "1e300"};
  WarningCollector warnings;  // lenient parsing warns; kept off the log
  int n = 0;
  for (const char* mass : masses) {
    for (const char* moment : moments) {
      for (const char* offset : offsets) {
        const std::string urdf = Write(
            fmt::format("s{}.urdf", n),
            fmt::format("<robot name='r'>\n<link name='a'>\n<inertial>\n"
                        "<origin xyz='{2} 0 0'/>\n<mass value='{0}'/>\n"
                        "<inertia ixx='{1}' iyy='{1}' izz='{1}' ixy='0' "
                        "ixz='0' iyz='0'/>\n</inertial>\n</link>\n</robot>",
                        mass, moment, offset));
        const std::string sdf = Write(
            fmt::format("s{}.sdf", n),
            fmt::format("<sdf version='1.9'>\n<model name='m'>\n"
                        "<link name='a'>\n<inertial>\n<pose>{2} 0 0 0 0 0"
                        "</pose>\n<mass>{0}</mass>\n<inertia><ixx>{1}</ixx>"
                        "<iyy>{1}</iyy><izz>{1}</izz></inertia>\n</inertial>"
                        "\n</link>\n</model>\n</sdf>",
                        mass, moment, offset));
        const std::string mjcf = Write(
            fmt::format("s{}.xml", n),
            fmt::format("<mujoco>\n<worldbody>\n<body name='a'>\n"
                        "<inertial pos='{2} 0 0' mass='{0}' "
                        "diaginertia='{1} {1} {1}'/>\n</body>\n</worldbody>\n"
                        "</mujoco>",
                        mass, moment, offset));
        ++n;
        for (const std::string& path : {urdf, sdf, mjcf}) {
          for (const bool strict : {false, true}) {
            try {
              Load(path, strict);
            } catch (const std::runtime_error& e) {
              const std::string what = e.what();
              EXPECT_EQ(what.rfind(path + ":", 0), 0u) << what;
              EXPECT_TRUE(what.size() > path.size() + 1 &&
                          std::isdigit(static_cast<unsigned char>(
                              what[path.size() + 1])))
                  << what;
            } catch (const std::exception& e) {
              ADD_FAILURE() << path << " (strict " << strict
                            << "): not a parse error: " << e.what();
            }
          }
        }
      }
    }
  }
}

}  // namespace bad_input_test
}  // namespace ossa::multibody
