#include "ossa/common/find_resource.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace ossa {
namespace find_resource_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

TEST(FindResource, FindsBundledModels) {
  const auto dir = GetBundledModelsPath();
  ASSERT_TRUE(dir.has_value());
  const std::string path = FindResourceOrThrow("drake/acrobot.urdf");
  EXPECT_TRUE(fs::is_regular_file(path));
  EXPECT_TRUE(fs::path(path).is_absolute());
  EXPECT_EQ(fs::path(path), fs::path(*dir) / "drake" / "acrobot.urdf");
  // The "ossa/models/" spelling names the same file.
  EXPECT_EQ(FindResourceOrThrow("ossa/models/drake/acrobot.urdf"), path);
}

TEST(FindResource, BadPathsThrowNamingThePath) {
  for (const char* bad : {"drake/no_such.urdf", "/etc/passwd",
                          "drake/../../CMakeLists.txt", ""}) {
    try {
      FindResourceOrThrow(bad);
      ADD_FAILURE() << "no exception for '" << bad << "'";
    } catch (const std::runtime_error& e) {
      EXPECT_THAT(e.what(), HasSubstr("FindResourceOrThrow()"));
      EXPECT_THAT(e.what(), HasSubstr(std::string("'") + bad + "'"));
    }
  }
}

TEST(FindResource, EnvironmentVariableComesFirst) {
  const fs::path dir = fs::temp_directory_path() / "ossa_find_resource_test";
  fs::create_directories(dir / "drake");
  std::ofstream(dir / "drake" / "acrobot.urdf") << "<robot name='x'/>";
  ::setenv("OSSA_MODELS_PATH", dir.c_str(), 1);
  EXPECT_EQ(fs::path(FindResourceOrThrow("drake/acrobot.urdf")),
            dir / "drake" / "acrobot.urdf");
  ::unsetenv("OSSA_MODELS_PATH");
  EXPECT_NE(fs::path(FindResourceOrThrow("drake/acrobot.urdf")),
            dir / "drake" / "acrobot.urdf");
  fs::remove_all(dir);
}

}  // namespace find_resource_test
}  // namespace ossa
