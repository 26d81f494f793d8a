#include "ossa/visualization/meshcat.h"

#include <gtest/gtest.h>

namespace ossa::geometry {
namespace {

TEST(MeshcatTest, Placeholder) {}

}  // namespace
}  // namespace ossa::geometry
