// A deterministic mutation fuzzer (no libFuzzer: the toolchain here is GCC
// only). It mutates the bundled model files and the test data — byte
// flips, truncations, deleted tags, duplicated lines, odd numbers, swapped
// names — and checks that every parse either succeeds or throws a
// std::exception subclass, never crashes, and finishes quickly.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/parser.h"

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

std::string Mutate(std::string text, std::mt19937* rng) {
  auto pick = [&](size_t n) {
    return n == 0 ? size_t{0}
                  : std::uniform_int_distribution<size_t>(0, n - 1)(*rng);
  };
  const int n_mutations = 1 + static_cast<int>(pick(3));
  for (int k = 0; k < n_mutations && !text.empty(); ++k) {
    switch (pick(7)) {
      case 0:  // flip a byte to anything, NUL included
        text[pick(text.size())] = static_cast<char>(pick(256));
        break;
      case 1:  // truncate
        text.resize(pick(text.size()));
        break;
      case 2: {  // delete one tag <...>
        const size_t open = text.find('<', pick(text.size()));
        if (open == std::string::npos) break;
        const size_t close = text.find('>', open);
        if (close == std::string::npos) break;
        text.erase(open, close - open + 1);
        break;
      }
      case 3: {  // duplicate a line (duplicate links, joints, elements)
        const size_t start = text.rfind('\n', pick(text.size()));
        const size_t from = start == std::string::npos ? 0 : start + 1;
        const size_t end = text.find('\n', from);
        if (end == std::string::npos) break;
        text.insert(from, text.substr(from, end - from + 1));
        break;
      }
      case 4: {  // replace a number with an odd token
        static const char* kTokens[] = {"nan",    "inf", "-1e400", "",    "-0",
                                        "1e-320", "-5",  "0x10",   "1,5", "+"};
        size_t i = pick(text.size());
        while (i < text.size() &&
               !std::isdigit(static_cast<unsigned char>(text[i])))
          ++i;
        size_t j = i;
        while (j < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[j])) ||
                text[j] == '.' || text[j] == 'e' || text[j] == '-')) {
          ++j;
        }
        if (i < text.size()) text.replace(i, j - i, kTokens[pick(10)]);
        break;
      }
      case 5: {  // copy one quoted value over another (names clash, loops)
        const size_t a = text.find('"', pick(text.size()));
        const size_t b = text.find('"', pick(text.size()));
        if (a == std::string::npos || b == std::string::npos) break;
        const size_t a_end = text.find('"', a + 1);
        const size_t b_end = text.find('"', b + 1);
        if (a_end == std::string::npos || b_end == std::string::npos) break;
        const std::string value = text.substr(a + 1, a_end - a - 1);
        if (b + 1 <= b_end) text.replace(b + 1, b_end - b - 1, value);
        break;
      }
      case 6: {  // nest: wrap a random span in a new element
        const size_t i = pick(text.size());
        text.insert(i, "<model name=\"x\"><link name=\"x\"/>");
        break;
      }
    }
  }
  return text;
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
  int parsed = 0, rejected = 0, unexpected = 0;
  const auto start = Clock::now();
  for (int it = 0; it < max_iterations && Clock::now() - start < budget; ++it) {
    const size_t which = it % files.size();
    const std::string input = Mutate(originals[which], &rng);
    Parser parser;
    parser.package_map().PopulateFromFolder(std::string(OSSA_TEST_DATA_DIR) +
                                            "/packages");
    if (it % 3 == 0) parser.SetStrictParsing();
    const auto t0 = Clock::now();
    try {
      parser.ParseModelSpecsFromString(input, files[which].extension);
      ++parsed;
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
  std::printf("fuzz: %d inputs accepted, %d rejected\n", parsed, rejected);
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
