// A deterministic mutation fuzzer (no libFuzzer: the toolchain here is GCC
// only). It mutates the bundled model files and the test data — byte
// flips, truncations, deleted tags, duplicated lines, odd numbers, swapped
// names — and checks that every parse, and the building and finalizing of
// a multibody tree from what parsed, either succeeds or throws a
// std::exception subclass, never crashes, and finishes quickly. Each format
// runs for a bounded time (kBudget) in the ctest suite, with a fixed seed.
//
// Before the mutations, every corpus file is replayed as it is (it must
// load), and hand-made adversarial inputs (include loops, nesting beyond the
// XML reader's limit, long frame and joint chains, NUL bytes, a byte
// order mark, entities, huge values) must throw cleanly or load, quickly.
//
// Longer runs, e.g. under the sanitizers: OSSA_FUZZ_SECONDS=<per format>
// and OSSA_FUZZ_SEED=<n> (the seed is added to each format's own).
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/detail_add_model_to_plant.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/mutate.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {
namespace parser_fuzz_test {

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

enum class DynamicsOutcome { kFinite, kSingular, kBad };

// The mass matrix and time derivatives of a finalized continuous `plant` at
// its default state and at a perturbed one: all finite, or a
// std::runtime_error that says which joint's articulated inertia is singular
// (a massless body on a joint). Anything else (NaN, inf, another exception)
// is kBad.
DynamicsOutcome CheckDynamics(const MultibodyPlant<double>& plant,
                              std::mt19937* rng, std::string* why) {
  auto context = plant.CreateDefaultContext();
  const int nq = plant.num_positions(), nv = plant.num_velocities();
  std::normal_distribution<double> normal(0.0, 0.3);
  Eigen::MatrixXd M(nv, nv);
  for (int state = 0; state < 2; ++state) {
    if (state == 1) {
      Eigen::VectorXd q = plant.GetPositions(*context);
      Eigen::VectorXd v(nv);
      for (int i = 0; i < nq; ++i) q[i] += normal(*rng);
      for (int i = 0; i < nv; ++i) v[i] = normal(*rng);
      plant.SetPositions(context.get(), q);
      plant.SetVelocities(context.get(), v);
    }
    try {
      plant.CalcMassMatrix(*context, &M);
      if (!M.allFinite()) {
        *why = "non-finite mass matrix";
        return DynamicsOutcome::kBad;
      }
      const Eigen::VectorXd xdot =
          plant.EvalTimeDerivatives(*context).CopyToVector();
      if (!xdot.allFinite()) {
        *why = "non-finite time derivatives";
        return DynamicsOutcome::kBad;
      }
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      *why = what;
      return what.find("is not positive-definite") != std::string::npos &&
                     what.find("joint '") != std::string::npos
                 ? DynamicsOutcome::kSingular
                 : DynamicsOutcome::kBad;
    } catch (const std::exception& e) {
      *why = e.what();
      return DynamicsOutcome::kBad;
    }
  }
  return DynamicsOutcome::kFinite;
}

// Fuzzes each file for at most `budget` (and `max_iterations` inputs).
void FuzzFormat(const std::vector<Corpus>& files,
                std::chrono::milliseconds budget, int max_iterations,
                unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> originals;
  for (const auto& f : files) originals.push_back(ReadFile(f.path));
  auto old_sink = log()->set_sink([](LogLevel, const std::string&) {});
  int parsed = 0, built = 0, rejected = 0, unexpected = 0;
  int finite = 0, singular = 0, bad_dynamics = 0;
  Clock::duration slowest{0};
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
      MultibodyPlant<double> plant(0.0);
      internal::AddModelSpecsToPlant(
          specs, internal::DiagnosticPolicy(parser.GetStrictParsing()), &plant);
      plant.Finalize();
      ++built;
      // An accepted model has finite dynamics, or a clear error.
      std::string why;
      switch (CheckDynamics(plant, &rng, &why)) {
        case DynamicsOutcome::kFinite:
          ++finite;
          break;
        case DynamicsOutcome::kSingular:
          ++singular;
          break;
        case DynamicsOutcome::kBad:
          ++bad_dynamics;
          ADD_FAILURE() << "non-finite dynamics or an unclear error (" << why
                        << ") from a mutant of " << files[which].path << ":\n"
                        << input;
          break;
      }
    } catch (const std::exception&) {
      ++rejected;
    } catch (...) {
      ++unexpected;
    }
    // One parse of a few-kB file takes well under a millisecond; a second
    // means a hang-like blow-up.
    const auto took = Clock::now() - t0;
    EXPECT_LT(took, std::chrono::seconds(1))
        << "slow input from " << files[which].path;
    if (took > slowest) {
      slowest = took;
      if (std::getenv("OSSA_FUZZ_DUMP_SLOWEST")) {
        std::ofstream(std::getenv("OSSA_FUZZ_DUMP_SLOWEST"), std::ios::binary)
            << input;
      }
    }
  }
  log()->set_sink(old_sink);
  EXPECT_EQ(unexpected, 0);
  // Both outcomes must occur, or the mutations are not reaching the readers.
  EXPECT_GT(parsed, 0);
  EXPECT_GT(rejected, 0);
  EXPECT_GT(built, 0);
  EXPECT_EQ(bad_dynamics, 0);
  EXPECT_GT(finite, 0);
  std::printf(
      "fuzz: %d inputs parsed (%d of them built and finalized: %d with "
      "finite dynamics, %d singular with a clear error, %d bad), %d "
      "rejected; slowest %.1f ms\n",
      parsed, built, finite, singular, bad_dynamics, rejected,
      std::chrono::duration<double, std::milli>(slowest).count());
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

// The whole suite stays within ~15 s: 5 s per format at most, unless
// OSSA_FUZZ_SECONDS asks for more.
std::chrono::milliseconds Budget() {
  if (const char* s = std::getenv("OSSA_FUZZ_SECONDS")) {
    return std::chrono::milliseconds(
        static_cast<long>(1000 * std::strtod(s, nullptr)));
  }
  return std::chrono::milliseconds(5000);
}
int MaxIterations() {
  return std::getenv("OSSA_FUZZ_SECONDS") ? 1 << 30 : 4000;
}
unsigned Seed(unsigned format_seed) {
  const char* s = std::getenv("OSSA_FUZZ_SEED");
  return format_seed +
         (s ? static_cast<unsigned>(std::strtoul(s, nullptr, 10)) : 0u);
}

const std::vector<Corpus> kUrdfCorpus = {
    {kModels + "/drake/acrobot.urdf", "urdf"},
    {kModels + "/example_robot_data/panda.urdf", "urdf"},
    {kModels + "/drake/double_pendulum.urdf", "urdf"},
    {kData + "/packages/pkg_a/models/two_link.urdf", "urdf"}};
const std::vector<Corpus> kSdfCorpus = {
    {kModels + "/drake/four_bar.sdf", "sdf"},
    {kModels + "/drake/split_pendulum.sdf", "sdf"},
    {kModels + "/drake/block_on_halfspace.sdf", "sdf"},
    {kData + "/world.sdf", "sdf"},
    {kData + "/packages/group/pkg_b/gripper/gripper.sdf", "sdf"}};
const std::vector<Corpus> kMujocoCorpus = {
    {kData + "/arm.xml", "xml"},
    {kData + "/mjcf/features.xml", "xml"},
    {kData + "/mjcf/unnamed.xml", "xml"},
    {kData + "/mjcf/multi_joint.xml", "xml"}};

TEST_F(ParserFuzzTest, Urdf) {
  FuzzFormat(kUrdfCorpus, Budget(), MaxIterations(), Seed(1));
}

TEST_F(ParserFuzzTest, Sdf) {
  FuzzFormat(kSdfCorpus, Budget(), MaxIterations(), Seed(2));
}

TEST_F(ParserFuzzTest, Mujoco) {
  FuzzFormat(kMujocoCorpus, Budget(), MaxIterations(), Seed(3));
}

// The OBJ reader behind MJCF mesh inertia: mutated OBJ files (bad numbers,
// indices out of range, truncated faces, NUL bytes) give a warning and a
// massless geom, or mass properties, never a crash; what loads builds.
TEST_F(ParserFuzzTest, ObjMeshes) {
  const std::string original = ReadFile(kData + "/mjcf/meshes/box.obj");
  const fs::path obj = fs::temp_directory_path() /
                       ("ossa_fuzz_" + std::to_string(::getpid()) + ".obj");
  const std::string model = fmt::format(
      R"(<mujoco model="m"><asset><mesh name="x" file="{}" scale="1 2 3"/>
      </asset><worldbody><body name="b"><joint name="j"/>
      <geom type="mesh" mesh="x"/><geom size="0.1"/></body></worldbody>
      </mujoco>)",
      obj.string());
  std::mt19937 rng(Seed(4));
  auto old_sink = log()->set_sink([](LogLevel, const std::string&) {});
  int loaded = 0, rejected = 0;
  // Each input is a file write and a tree build: ~5 ms.
  const int iterations = std::min(MaxIterations(), 500);
  const auto start = Clock::now();
  for (int it = 0; it < iterations && Clock::now() - start < Budget(); ++it) {
    std::ofstream(obj, std::ios::binary) << test::Mutate(original, &rng);
    try {
      Parser parser;
      const auto specs = parser.ParseModelSpecsFromString(model, "xml");
      internal::MultibodyTree<double> tree;
      internal::AddModelSpecsToPlant(specs, internal::DiagnosticPolicy(false),
                                     &tree);
      tree.Finalize();
      ++loaded;
    } catch (const std::exception&) {
      ++rejected;  // e.g. a mesh whose inertia is not physical
    }
  }
  log()->set_sink(old_sink);
  fs::remove(obj);
  EXPECT_GT(loaded, 0);
  std::printf("fuzz: %d OBJ meshes loaded, %d rejected\n", loaded, rejected);
}

// Parses and builds `text`; returns "" when it loads, else the message of
// the std::exception it threw. Fails the test on anything else, or when it
// takes more than 5 s (a hang; the inputs here take well under a second
// alone, but the suite runs in parallel on shared cores).
std::string LoadOrMessage(const std::string& text,
                          const std::string& extension) {
  auto old_sink = log()->set_sink([](LogLevel, const std::string&) {});
  const auto t0 = Clock::now();
  std::string message;
  try {
    Parser parser;
    parser.package_map().PopulateFromFolder(kData + "/packages");
    const auto specs = parser.ParseModelSpecsFromString(text, extension);
    internal::MultibodyTree<double> tree;
    internal::AddModelSpecsToPlant(specs, internal::DiagnosticPolicy(false),
                                   &tree);
    tree.Finalize();
  } catch (const std::exception& e) {
    message = e.what();
    if (message.empty()) message = "(empty message)";
  } catch (...) {
    ADD_FAILURE() << "not a std::exception";
  }
  log()->set_sink(old_sink);
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(5));
  return message;
}

TEST_F(ParserFuzzTest, CorpusReplaysAsIs) {
  for (const auto* corpus : {&kUrdfCorpus, &kSdfCorpus, &kMujocoCorpus}) {
    for (const auto& f : *corpus) {
      EXPECT_EQ(LoadOrMessage(ReadFile(f.path), f.extension), "") << f.path;
    }
  }
}

std::string Repeat(int n, const std::function<std::string(int)>& piece) {
  std::string out;
  for (int i = 0; i < n; ++i) out += piece(i);
  return out;
}

TEST_F(ParserFuzzTest, AdversarialInputsFailCleanly) {
  using ::testing::HasSubstr;
  // Deep nesting: 5,000 nested bodies (far beyond tinyxml2's own depth
  // limit) load without overflowing the stack anywhere (the reader walks
  // bodies with an explicit stack); beyond the 10,000 levels the XML reader
  // allows, a clean error.
  auto mjcf_chain = [](int depth) {
    return "<mujoco><worldbody>" +
           Repeat(depth,
                  [](int i) {
                    return fmt::format(
                        "<body name='b{}'><joint/>"
                        "<geom size='0.1'/>",
                        i);
                  }) +
           Repeat(depth, [](int) { return "</body>"; }) +
           "</worldbody></mujoco>";
  };
  EXPECT_EQ(LoadOrMessage(mjcf_chain(5000), "xml"), "");
  EXPECT_THAT(LoadOrMessage(mjcf_chain(10000), "xml"),
              HasSubstr("elements nest deeper than 10000 levels"));
  // Nested SDFormat models recurse in the reader: bounded at 1,000 levels.
  const int deep = 5000;
  EXPECT_THAT(
      LoadOrMessage("<sdf version='1.9'>" +
                        Repeat(deep,
                               [](int i) {
                                 return fmt::format(
                                     "<model name='m{}'><link "
                                     "name='l'/>",
                                     i);
                               }) +
                        Repeat(deep, [](int) { return "</model>"; }) + "</sdf>",
                    "sdf"),
      HasSubstr("models nest deeper than 1000 levels"));
  // A flat file can chain frames as long as it likes: the resolution
  // recursion is bounded.
  const int chain = 5000;
  EXPECT_THAT(
      LoadOrMessage(
          "<sdf version='1.9'><model name='m'><link name='l'/>" +
              Repeat(chain,
                     [](int i) {
                       return fmt::format(
                           "<frame name='f{}' attached_to='f{}'>"
                           "<pose relative_to='f{}'>0 0 1 0 0 0"
                           "</pose></frame>",
                           i, i + 1, i + 1);
                     }) +
              fmt::format("<frame name='f{}' attached_to='l'/>", chain) +
              "</model></sdf>",
          "sdf"),
      HasSubstr("longer than 1000 frames"));
  // A long URDF chain (flat, so no XML depth limit) is parsed without
  // recursion; the cycle check is linear. Parsed only: building a tree of
  // this size is the plant's concern, not the readers'.
  {
    const int links = 10000;
    const std::string urdf =
        "<robot name='r'>" +
        Repeat(links,
               [](int i) { return fmt::format("<link name='l{}'/>", i); }) +
        Repeat(links - 1,
               [](int i) {
                 return fmt::format(
                     "<joint name='j{}' type='fixed'><parent link='l{}'/>"
                     "<child link='l{}'/><origin xyz='0 0 1'/></joint>",
                     i, i, i + 1);
               }) +
        "</robot>";
    const auto t0 = Clock::now();
    Parser parser;
    const auto specs = parser.ParseModelSpecsFromString(urdf, "urdf");
    // Linear: ~0.1 s alone (quadratic checks took minutes at this size).
    EXPECT_LT(Clock::now() - t0, std::chrono::seconds(5));
    ASSERT_EQ(specs.at(0).links.size(), static_cast<size_t>(links));
    // The last link's zero-configuration pose sums the chain's offsets.
    EXPECT_EQ(specs.at(0).links.back().X_WB.translation().z(), links - 1);
  }
  // Include loops: a file including itself, reported as a loop.
  const fs::path dir =
      fs::temp_directory_path() / ("ossa_fuzz_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "self.xml") << "<mujoco><include file='self.xml'/>"
                                     "</mujoco>";
  std::ofstream(dir / "self.sdf")
      << "<sdf version='1.9'><model name='m'><link name='a'/><include>"
         "<uri>self.sdf</uri><name>x</name></include></model></sdf>";
  for (const char* name : {"self.xml", "self.sdf"}) {
    MultibodyPlant<double> plant(0.0);
    try {
      Parser(&plant).AddModels((dir / name).string());
      ADD_FAILURE() << name << " loaded";
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("include loop: ")) << name;
    }
  }
  fs::remove_all(dir);
  // Odd bytes and documents.
  using namespace std::string_literals;
  for (const auto& [text, extension] :
       std::vector<std::pair<std::string, std::string>>{
           {"", "urdf"},
           {"<robot name='r'>\0<link name='a'/></robot>"s, "urdf"},
           {"\xEF\xBB\xBF<robot name='r'><link name='a'/></robot>", "urdf"},
           {"<?xml version='1.0'?><!DOCTYPE r [<!ENTITY a 'aaaa'>]>"
            "<robot name='&a;'><link name='x'/></robot>",
            "urdf"},
           {"<robot name='r'><link name='a'><inertial><mass value='1e308'/>"
            "<inertia ixx='1e308' iyy='1e308' izz='1e308'/></inertial>"
            "</link></robot>",
            "urdf"},
           {"<mujoco><worldbody><body><geom type='box' size='1e200 1e200 "
            "1e200'/></body></worldbody></mujoco>",
            "xml"},
           {"<sdf version='1.9'><model name='m'><link name='a'><pose>nan 0 0 "
            "0 0 0</pose></link></model></sdf>",
            "sdf"}}) {
    LoadOrMessage(text, extension);  // no crash, no hang; either outcome
  }
}

}  // namespace parser_fuzz_test
}  // namespace ossa::multibody
