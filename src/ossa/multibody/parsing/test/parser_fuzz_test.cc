// A deterministic mutation fuzzer (no libFuzzer: the toolchain here is GCC
// only). It mutates the bundled model files and the test data — byte
// flips, truncations, deleted tags, duplicated lines, odd numbers, swapped
// names — and checks that every parse, and the building and finalizing of
// a multibody tree from what parsed, either succeeds or throws a
// std::exception subclass, never crashes, and finishes quickly. Each format
// runs for a bounded time (kBudget) in the ctest suite.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/detail_add_model_to_plant.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/mutate.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Corpus {
  std::string path;
  std::string extension;
};

// Fuzzes each file for at most `budget` (and `max_iterations` inputs).
void FuzzFormat(const std::vector<Corpus>& files,
                std::chrono::milliseconds budget, int max_iterations,
                unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> originals;
  for (const auto& f : files) originals.push_back(ReadFile(f.path));
  auto old_sink = log()->set_sink([](LogLevel, const std::string&) {});
  int parsed = 0, built = 0, rejected = 0, unexpected = 0;
  const auto start = Clock::now();
  for (int it = 0; it < max_iterations && Clock::now() - start < budget; ++it) {
    const size_t which = it % files.size();
    const std::string input = test::Mutate(originals[which], &rng);
    Parser parser;
    parser.package_map().PopulateFromFolder(std::string(OSSA_TEST_DATA_DIR) +
                                            "/packages");
    if (it % 3 == 0) parser.SetStrictParsing();
    const auto t0 = Clock::now();
    try {
      const auto specs =
          parser.ParseModelSpecsFromString(input, files[which].extension);
      ++parsed;
      // What the readers accept must also build (or be rejected with an
      // exception) and finalize: the builder sees the odd values too.
      internal::MultibodyTree<double> tree;
      internal::AddModelSpecsToPlant(
          specs, internal::DiagnosticPolicy(parser.GetStrictParsing()), &tree);
      tree.Finalize();
      ++built;
    } catch (const std::exception&) {
      ++rejected;
    } catch (...) {
      ++unexpected;
    }
    // One parse of a few-kB file takes well under a millisecond; a second
    // means a hang-like blow-up.
    EXPECT_LT(Clock::now() - t0, std::chrono::seconds(1))
        << "slow input from " << files[which].path;
  }
  log()->set_sink(old_sink);
  EXPECT_EQ(unexpected, 0);
  // Both outcomes must occur, or the mutations are not reaching the readers.
  EXPECT_GT(parsed, 0);
  EXPECT_GT(rejected, 0);
  EXPECT_GT(built, 0);
  std::printf(
      "fuzz: %d inputs parsed (%d of them built and finalized), %d "
      "rejected\n",
      parsed, built, rejected);
}

class ParserFuzzTest : public ::testing::Test {
 protected:
  // Relative URIs in strings resolve against the current folder: make it the
  // test data folder so includes of the MJCF file are reachable.
  void SetUp() override {
    old_ = fs::current_path();
    fs::current_path(OSSA_TEST_DATA_DIR);
  }
  void TearDown() override { fs::current_path(old_); }
  fs::path old_;
};

const std::string kModels = OSSA_MODELS_DIR;
const std::string kData = OSSA_TEST_DATA_DIR;
// The whole suite stays within ~15 s: 5 s per format at most.
constexpr std::chrono::milliseconds kBudget{5000};

TEST_F(ParserFuzzTest, Urdf) {
  FuzzFormat({{kModels + "/drake/acrobot.urdf", "urdf"},
              {kModels + "/example_robot_data/panda.urdf", "urdf"},
              {kModels + "/drake/double_pendulum.urdf", "urdf"},
              {kData + "/packages/pkg_a/models/two_link.urdf", "urdf"}},
             kBudget, 4000, 1);
}

TEST_F(ParserFuzzTest, Sdf) {
  FuzzFormat({{kModels + "/drake/four_bar.sdf", "sdf"},
              {kModels + "/drake/split_pendulum.sdf", "sdf"},
              {kData + "/world.sdf", "sdf"},
              {kData + "/packages/group/pkg_b/gripper/gripper.sdf", "sdf"}},
             kBudget, 4000, 2);
}

TEST_F(ParserFuzzTest, Mujoco) {
  FuzzFormat({{kData + "/arm.xml", "xml"}}, kBudget, 4000, 3);
}

}  // namespace
}  // namespace ossa::multibody
