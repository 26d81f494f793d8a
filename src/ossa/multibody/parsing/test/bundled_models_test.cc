// Every bundled model parses; its counts agree with a recount done here with
// direct tinyxml2 queries on the file, independent of the readers.
#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <filesystem>
#include <map>
#include <string>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/bundled_model_paths.h"

namespace ossa::multibody {
namespace bundled_models_test {

using internal::JointType;
using internal::ModelSpec;

struct Recount {
  int links{0};
  int joints{0};
  int dofs{0};
  double mass{0};
};

// URDF: <robot> children <link> (except "world"), <joint> and <drake:joint>;
// dofs from the joint type; mass from <inertial><mass value>.
Recount RecountUrdf(const std::string& path) {
  tinyxml2::XMLDocument doc;
  EXPECT_EQ(doc.LoadFile(path.c_str()), tinyxml2::XML_SUCCESS);
  Recount r;
  const std::map<std::string, int> dofs{
      {"revolute", 1}, {"continuous", 1}, {"prismatic", 1},
      {"fixed", 0},    {"floating", 6},   {"planar", 3},
      {"ball", 3},     {"universal", 2},  {"screw", 1}};
  const auto* robot = doc.FirstChildElement("robot");
  for (auto* e = robot->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string name = e->Name();
    if (name == "link" && std::string(e->Attribute("name")) != "world") {
      ++r.links;
      if (auto* in = e->FirstChildElement("inertial")) {
        r.mass += in->FirstChildElement("mass")->DoubleAttribute("value");
      }
    } else if (name == "joint" || name == "drake:joint") {
      ++r.joints;
      r.dofs += dofs.at(e->Attribute("type"));
    }
  }
  return r;
}

// SDFormat: every <link> and <joint> of every <model> (nested too); a link
// without <inertial> has SDFormat's default mass of 1 kg.
void RecountSdfModel(const tinyxml2::XMLElement* model, Recount* r) {
  const std::map<std::string, int> dofs{
      {"revolute", 1}, {"continuous", 1}, {"prismatic", 1}, {"fixed", 0},
      {"ball", 3},     {"universal", 2},  {"screw", 1}};
  for (auto* e = model->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string name = e->Name();
    if (name == "link") {
      ++r->links;
      auto* in = e->FirstChildElement("inertial");
      auto* mass = in ? in->FirstChildElement("mass") : nullptr;
      r->mass += mass ? std::stod(mass->GetText()) : 1.0;
    } else if (name == "joint") {
      ++r->joints;
      r->dofs += dofs.at(e->Attribute("type"));
    } else if (name == "model") {
      RecountSdfModel(e, r);
    }
  }
}

Recount RecountSdf(const std::string& path) {
  tinyxml2::XMLDocument doc;
  EXPECT_EQ(doc.LoadFile(path.c_str()), tinyxml2::XML_SUCCESS);
  Recount r;
  const auto* sdf = doc.FirstChildElement("sdf");
  for (auto* m = sdf->FirstChildElement("model"); m;
       m = m->NextSiblingElement("model")) {
    RecountSdfModel(m, &r);
  }
  if (auto* world = sdf->FirstChildElement("world")) {
    for (auto* m = world->FirstChildElement("model"); m;
         m = m->NextSiblingElement("model")) {
      RecountSdfModel(m, &r);
    }
  }
  return r;
}

struct Totals {
  int links{0};
  int joints{0};
  int dofs{0};
  double mass{0};
};

Totals Sum(const std::vector<ModelSpec>& models) {
  Totals t;
  for (const auto& m : models) {
    t.links += static_cast<int>(m.links.size());
    t.joints += static_cast<int>(m.joints.size());
    t.dofs += m.num_velocities();
    t.mass += m.total_mass();
  }
  return t;
}

class BundledUrdf : public ::testing::TestWithParam<const char*> {};

TEST_P(BundledUrdf, CountsMatchIndependentRecount) {
  const std::string path = std::string(OSSA_MODELS_DIR) + "/" + GetParam();
  // Missing meshes and foreign tags are warnings; collect them so the test
  // output stays readable.
  int warnings = 0;
  auto old = log()->set_sink([&](LogLevel, const std::string&) { ++warnings; });
  Parser parser;
  std::vector<ModelSpec> models;
  EXPECT_NO_THROW(models = parser.ParseModelSpecs(path));
  log()->set_sink(old);
  ASSERT_EQ(models.size(), 1u);
  const Recount r = RecountUrdf(path);
  const Totals t = Sum(models);
  EXPECT_EQ(t.links, r.links);
  EXPECT_EQ(t.joints, r.joints);
  EXPECT_EQ(t.dofs, r.dofs);
  // Masses are sums of the same decimal values in the same order: only
  // summation rounding differs (relative 1e-12).
  EXPECT_NEAR(t.mass, r.mass, 1e-12 * std::max(1.0, r.mass));
}

INSTANTIATE_TEST_SUITE_P(Models, BundledUrdf,
                         ::testing::ValuesIn(test::BundledUrdfPaths()));

class BundledSdf : public ::testing::TestWithParam<const char*> {};

TEST_P(BundledSdf, CountsMatchIndependentRecount) {
  const std::string path = std::string(OSSA_MODELS_DIR) + "/" + GetParam();
  Parser parser;
  // The SDFormat models carry no meshes or foreign tags: strict parsing
  // must accept them.
  parser.SetStrictParsing();
  std::vector<ModelSpec> models;
  EXPECT_NO_THROW(models = parser.ParseModelSpecs(path));
  const Recount r = RecountSdf(path);
  const Totals t = Sum(models);
  EXPECT_EQ(t.links, r.links);
  EXPECT_EQ(t.joints, r.joints);
  EXPECT_EQ(t.dofs, r.dofs);
  EXPECT_NEAR(t.mass, r.mass, 1e-12 * std::max(1.0, r.mass));
}

INSTANTIATE_TEST_SUITE_P(Models, BundledSdf,
                         ::testing::ValuesIn(test::BundledSdfPaths()));

// Spot checks of specific published values, beyond counts.
TEST(BundledModels, KnownValues) {
  Parser parser;
  {
    auto old = log()->set_sink([](LogLevel, const std::string&) {});
    const auto iiwa = parser
                          .ParseModelSpecs(std::string(OSSA_MODELS_DIR) +
                                           "/drake/kuka_iiwa_robot.urdf")
                          .at(0);
    const auto panda = parser
                           .ParseModelSpecs(std::string(OSSA_MODELS_DIR) +
                                            "/example_robot_data/panda.urdf")
                           .at(0);
    log()->set_sink(old);
    // iiwa14: seven revolute joints, all limited.
    int revolute = 0;
    for (const auto& j : iiwa.joints) {
      if (j.type == JointType::kRevolute) {
        ++revolute;
        EXPECT_LT(j.position_lower_limits(0), j.position_upper_limits(0));
      }
    }
    EXPECT_EQ(revolute, 7);
    // panda: the second finger mimics the first.
    int mimics = 0;
    for (const auto& j : panda.joints) {
      if (j.mimic) {
        ++mimics;
        EXPECT_NE(panda.FindJoint(j.mimic->joint), nullptr);
      }
    }
    EXPECT_EQ(mimics, 1);
  }
}

}  // namespace bundled_models_test
}  // namespace ossa::multibody
