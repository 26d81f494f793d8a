// WeldMergedTree: welded mobods merged into composite bodies give the full
// tree's dynamics and kinematics (weld_merging_checks.h), on programmatic
// trees with welds to the world, weld chains and welded subtrees.
#include "ossa/multibody/core/weld_merged_tree.h"

#include <gtest/gtest.h>

#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/test/weld_merging_checks.h"

namespace ossa::multibody::internal {
namespace weld_merged_tree_test {

// A random tree in which about half of the mobods are welds: mobod 1 is
// welded to the world (so its subtree hangs from a fixed body), others are
// welded to welded bodies (weld chains), with random inertias and poses.
test::TestModel MakeWeldHeavyTree(int num_bodies, unsigned seed) {
  std::mt19937 gen(seed);
  test::TestModel m;
  const MobilizerKind kinds[] = {
      MobilizerKind::kWeld,     MobilizerKind::kRevolute,
      MobilizerKind::kWeld,     MobilizerKind::kQuaternionFloating,
      MobilizerKind::kWeld,     MobilizerKind::kPrismatic,
      MobilizerKind::kWeld,     MobilizerKind::kUniversal,
      MobilizerKind::kRevolute, MobilizerKind::kWeld,
      MobilizerKind::kRpyBall,  MobilizerKind::kWeld,
      MobilizerKind::kScrew,    MobilizerKind::kPlanar};
  for (int i = 1; i <= num_bodies; ++i) {
    std::uniform_int_distribution<int> up(std::max(0, i - 4), i - 1);
    const int parent = i == 1 ? 0 : up(gen);
    MobilizerConstants c;
    // Some axis-aligned axes, to exercise the kernels' fast paths.
    c.axis = i % 3 == 0 ? Eigen::Vector3d::UnitY()
                        : test::RandomVector(&gen, 1.0).normalized();
    c.screw_pitch = 0.2;
    m.tree.AddMobod(MobodIndex(parent), kinds[(i - 1) % 14], c);
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i <= num_bodies; ++i) {
    test::RandomizeBody(&gen, &m.params.mobods[i]);
    if (i % 5 != 0) {
      m.params.mobods[i].X_PF = test::RandomPose(&gen, 0.5);
      m.params.mobods[i].X_BM = test::RandomPose(&gen, 0.3);
    }  // else identity frames, as URDF models often have.
  }
  std::uniform_real_distribution<double> ur(0, 1);
  for (int k = 0; k < m.tree.num_velocities(); ++k) {
    m.params.reflected_inertia[k] = 0.1 * ur(gen);
  }
  return m;
}

TEST(WeldMergedTree, Structure) {
  const test::TestModel m = MakeWeldHeavyTree(28, 3);
  const WeldMergedTree merged(m.tree);
  EXPECT_TRUE(merged.merges_anything());
  int welds = 0;
  for (int i = 1; i < m.tree.num_mobods(); ++i) {
    const MobodInfo& b = m.tree.mobod(i);
    if (b.kind == MobilizerKind::kWeld) {
      ++welds;
      // A welded mobod belongs to its parent's group.
      EXPECT_EQ(merged.group(i), merged.group(b.parent));
    } else {
      // A non-welded mobod roots its own group, hanging from its parent's.
      const int g = merged.group(i);
      EXPECT_EQ(merged.root(g), i);
      EXPECT_EQ(merged.tree().mobod(g).parent, merged.group(b.parent));
      EXPECT_EQ(merged.tree().mobod(g).kind, b.kind);
    }
  }
  EXPECT_EQ(merged.tree().num_mobods(), m.tree.num_mobods() - welds);
  // Mobod 1 is welded to the world: it is in the world's group.
  EXPECT_EQ(merged.group(1), 0);
}

TEST(WeldMergedTree, NothingToMerge) {
  const test::TestModel m = test::MakeRevoluteChain(6);
  const WeldMergedTree merged(m.tree);
  EXPECT_FALSE(merged.merges_anything());
  EXPECT_EQ(merged.tree().num_mobods(), m.tree.num_mobods());
}

// Every comparison is of the same quantity computed along two summation
// orders (composite inertias formed once vs. per pass); with unit-scale
// models the round-off stays near 1e-15, so 1e-12 relative leaves margin
// while catching any wrong frame or missing term (those give O(1) errors).
TEST(WeldMergedTree, DynamicsAndKinematicsMatchTheFullTree) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const test::TestModel m = MakeWeldHeavyTree(40, seed);
    test::ExpectWeldMergingExact(m.tree, m.params, 4, 1e-12, seed);
  }
  const test::TestModel r = test::MakeRandomTree(30, 11, 0.2);
  test::ExpectWeldMergingExact(r.tree, r.params, 4, 1e-12);
}

TEST(WeldMergedTree, ParametersRejectAnotherTree) {
  const test::TestModel a = MakeWeldHeavyTree(10, 1);
  const test::TestModel b = MakeWeldHeavyTree(12, 1);
  const WeldMergedTree merged(a.tree);
  WeldMergedParameters<double> mp;
  try {
    CalcWeldMergedParameters<double>(b.tree, merged, b.params, &mp);
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("CalcWeldMergedParameters"),
              std::string::npos);
  }
}

}  // namespace weld_merged_tree_test
}  // namespace ossa::multibody::internal
