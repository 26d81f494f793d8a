#include "ossa/multibody/parsing/package_map.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace ossa::multibody {
namespace package_map_test {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const std::string kData = OSSA_TEST_DATA_DIR;
const std::string kPkgA = kData + "/packages/pkg_a";
const std::string kPkgB = kData + "/packages/group/pkg_b";

TEST(PackageMapTest, AddContainsGetRemove) {
  PackageMap map;
  EXPECT_EQ(map.size(), 0);
  EXPECT_FALSE(map.Contains("pkg_a"));
  map.Add("pkg_a", kPkgA + "/");  // a trailing slash is dropped
  EXPECT_TRUE(map.Contains("pkg_a"));
  EXPECT_EQ(map.size(), 1);
  EXPECT_EQ(map.GetPath("pkg_a"), fs::path(kPkgA).lexically_normal().string());
  // Re-adding the same pair is harmless.
  EXPECT_NO_THROW(map.Add("pkg_a", kPkgA));
  EXPECT_EQ(map.size(), 1);
  map.Add("other", kPkgB);
  EXPECT_EQ(map.GetPackageNames(),
            (std::vector<std::string>{"other", "pkg_a"}));
  map.Remove("other");
  EXPECT_FALSE(map.Contains("other"));
  EXPECT_EQ(map.size(), 1);
}

TEST(PackageMapTest, Errors) {
  PackageMap map;
  map.Add("pkg_a", kPkgA);
  // A different folder under a taken name is misuse.
  EXPECT_THAT([&] { map.Add("pkg_a", kPkgB); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("package 'pkg_a' is already mapped")));
  EXPECT_THAT([&] { map.Add("ghost", kData + "/no_such_folder"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("no_such_folder")));
  EXPECT_THAT([&] { map.GetPath("ghost"); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("GetPath(): there is no package named 'ghost'")));
  EXPECT_THAT([&] { map.Remove("ghost"); },
              ::testing::ThrowsMessage<std::logic_error>(
                  HasSubstr("Remove(): there is no package named 'ghost'")));
  EXPECT_THAT(
      [&] { map.Add("", kPkgA); },
      ::testing::ThrowsMessage<std::logic_error>(HasSubstr("name is empty")));
}

TEST(PackageMapTest, AddMap) {
  PackageMap a, b, c;
  a.Add("pkg_a", kPkgA);
  b.Add("pkg_b", kPkgB);
  b.Add("pkg_a", kPkgA);
  a.AddMap(b);
  EXPECT_EQ(a.size(), 2);
  EXPECT_EQ(a.GetPath("pkg_b"), b.GetPath("pkg_b"));
  c.Add("pkg_a", kPkgB);
  // A conflict throws and leaves the map unchanged.
  EXPECT_THROW(c.AddMap(a), std::logic_error);
  EXPECT_EQ(c.size(), 1);
}

TEST(PackageMapTest, AddPackageXml) {
  PackageMap map;
  map.AddPackageXml(kPkgB + "/package.xml");
  // The name comes from <name> (trimmed), not from the folder name.
  EXPECT_TRUE(map.Contains("pkg_b_name"));
  EXPECT_EQ(map.GetPath("pkg_b_name"),
            fs::path(kPkgB).lexically_normal().string());
  EXPECT_THAT([&] { map.AddPackageXml(kPkgA + "/models/box.sdf"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("no <package><name>")));
  EXPECT_THAT([&] { map.AddPackageXml(kData + "/missing/package.xml"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("missing/package.xml")));
}

TEST(PackageMapTest, PopulateFromFolder) {
  PackageMap map;
  map.PopulateFromFolder(kData + "/packages");
  // Two packages; the package.xml nested inside pkg_b is not searched.
  EXPECT_EQ(map.GetPackageNames(),
            (std::vector<std::string>{"pkg_a", "pkg_b_name"}));
  EXPECT_THROW(map.PopulateFromFolder(kData + "/nope"), std::runtime_error);
}

TEST(PackageMapTest, PopulateFromEnvironment) {
  PackageMap map;
  ::setenv(
      "OSSA_TEST_PACKAGE_PATH",
      (kPkgA + "::/definitely/not/here:" + kData + "/packages/group").c_str(),
      1);
  map.PopulateFromEnvironment("OSSA_TEST_PACKAGE_PATH");
  EXPECT_EQ(map.GetPackageNames(),
            (std::vector<std::string>{"pkg_a", "pkg_b_name"}));
  ::unsetenv("OSSA_TEST_PACKAGE_PATH");
  PackageMap empty;
  empty.PopulateFromEnvironment("OSSA_TEST_PACKAGE_PATH");  // unset: no-op
  EXPECT_EQ(empty.size(), 0);
  EXPECT_THROW(empty.PopulateFromEnvironment(""), std::logic_error);
  ::setenv("ROS_PACKAGE_PATH", kPkgA.c_str(), 1);
  empty.PopulateFromRosPackagePath();
  EXPECT_TRUE(empty.Contains("pkg_a"));
  ::unsetenv("ROS_PACKAGE_PATH");
}

TEST(PackageMapTest, ResolveUrl) {
  PackageMap map;
  map.Add("pkg_a", kPkgA);
  const std::string box =
      fs::path(kPkgA + "/models/box.sdf").lexically_normal().string();
  EXPECT_EQ(map.ResolveUrl("package://pkg_a/models/box.sdf"), box);
  EXPECT_EQ(map.ResolveUrl("model://pkg_a/models/box.sdf"), box);
  EXPECT_EQ(map.ResolveUrl("file://" + box), box);
  EXPECT_THAT([&] { map.ResolveUrl("package://nope/x.sdf"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("package 'nope' is not in the package map")));
  EXPECT_THAT([&] { map.ResolveUrl("package://pkg_a/models/missing.sdf"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("does not exist")));
  EXPECT_THAT([&] { map.ResolveUrl("http://example.com/x.sdf"); },
              ::testing::ThrowsMessage<std::runtime_error>(
                  HasSubstr("unsupported URL scheme 'http'")));
  EXPECT_THAT(
      [&] { map.ResolveUrl("file://relative/x.sdf"); },
      ::testing::ThrowsMessage<std::runtime_error>(HasSubstr("absolute path")));
  EXPECT_FALSE(map.TryResolveUrl("no scheme").has_value());
}

}  // namespace package_map_test
}  // namespace ossa::multibody
