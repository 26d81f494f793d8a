// The kernels' fast paths against their general forms: axis-aligned
// revolute mobilizers against the generic axis code (an axis −â with −q is
// the same motion as â with q, but −â takes the generic path), the mass
// matrix after local-only kinematics against the one after full kinematics,
// and the root-path position kinematics against the full pass (also on paths
// longer than the position steps' chunks).

#include <gtest/gtest.h>

#include <random>

#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace tree_kernels_fast_paths_test {

using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;

const Vector3d kGravity(0, 0, -9.81);

// A branched tree of revolute mobods about ±x, ±y, ±z (sign −1 flips every
// axis) with random inertias and frames; every third mobod keeps identity
// X_PF rotation and X_BM so that all the identity shortcuts run too.
test::TestModel MakeAxisTree(double sign) {
  std::mt19937 gen(3);
  test::TestModel m;
  for (int i = 1; i <= 12; ++i) {
    MobilizerConstants c;
    c.axis = sign * Vector3d::Unit((i - 1) % 3);
    const int parent = i <= 2 ? i - 1 : (i % 4 == 0 ? i - 3 : i - 1);
    m.tree.AddMobod(MobodIndex(parent), MobilizerKind::kRevolute, c);
  }
  m.params = TreeParameters<double>(m.tree);
  for (int i = 1; i <= 12; ++i) {
    test::RandomizeBody(&gen, &m.params.mobods[i]);
    m.params.mobods[i].X_PF = test::RandomPose(&gen, 0.4);
    m.params.mobods[i].X_BM = test::RandomPose(&gen, 0.2);
    if (i % 3 == 0) {
      m.params.mobods[i].X_PF.R.setIdentity();
      m.params.mobods[i].X_BM = Pose<double>();
    }
  }
  return m;
}

TEST(TreeKernelsFastPaths, AxisAlignedRevoluteMatchesGenericAxis) {
  const test::TestModel a = MakeAxisTree(1.0), b = MakeAxisTree(-1.0);
  ASSERT_EQ(a.tree.mobod(1).axis_index, 0);
  ASSERT_EQ(a.tree.mobod(3).axis_index, 2);
  ASSERT_EQ(b.tree.mobod(1).axis_index, -1);
  std::mt19937 gen(5);
  VectorXd q, v;
  test::RandomState(a.tree, &gen, &q, &v);
  const int nv = a.tree.num_velocities();
  const VectorXd vdot = VectorXd::Random(nv);
  TreeWorkspace<double> wa(a.tree), wb(b.tree);
  CalcPositionKinematics<double>(a.tree, a.params, q, &wa);
  CalcPositionKinematics<double>(b.tree, b.params, -q, &wb);
  // Same poses (rotations of unit vectors: 1e-14), opposite hinge columns.
  for (int i = 1; i < a.tree.num_mobods(); ++i) {
    EXPECT_LT((wa.R_WB[i] - wb.R_WB[i]).norm(), 1e-14) << i;
    EXPECT_LT((wa.p_WB[i] - wb.p_WB[i]).norm(), 1e-14) << i;
  }
  EXPECT_LT((wa.H_B + wb.H_B).norm(), 1e-14);
  CalcVelocityKinematics<double>(a.tree, a.params, q, v, &wa);
  CalcVelocityKinematics<double>(b.tree, b.params, -q, -v, &wb);
  VectorXd tau_a(nv), tau_b(nv);
  CalcInverseDynamics<double>(a.tree, a.params, vdot, kGravity, VectorXd(), {},
                              &wa, tau_a);
  CalcInverseDynamics<double>(b.tree, b.params, -vdot, kGravity, VectorXd(), {},
                              &wb, tau_b);
  // Torques of O(10) N·m from the same arithmetic up to signs: 1e-12.
  EXPECT_LT((tau_a + tau_b).norm(), 1e-12 * (1 + tau_a.norm()));
  MatrixXd Ma(nv, nv), Mb(nv, nv);
  CalcMassMatrix<double>(a.tree, a.params, &wa, Ma);
  CalcMassMatrix<double>(b.tree, b.params, &wb, Mb);
  // M_b = S·M_a·S with S = −I: equal.
  EXPECT_LT((Ma - Mb).norm(), 1e-12 * Ma.norm());
}

TEST(TreeKernelsFastPaths, MassMatrixAfterLocalKinematicsMatchesFull) {
  for (const bool branched : {false, true}) {
    const test::TestModel m = branched ? test::MakeRandomTree(14, 4, 0.1)
                                       : test::MakeRevoluteChain(25);
    std::mt19937 gen(6);
    VectorXd q, v;
    test::RandomState(m.tree, &gen, &q, &v);
    const int nv = m.tree.num_velocities();
    TreeWorkspace<double> ws(m.tree);
    MatrixXd M_full(nv, nv), M_local(nv, nv);
    CalcPositionKinematics<double>(m.tree, m.params, q, &ws);
    CalcMassMatrix<double>(m.tree, m.params, &ws, M_full);
    // A different q first, so that stale world poses would show.
    CalcPositionKinematics<double>(m.tree, m.params, 0.5 * q, &ws);
    CalcLocalPositionKinematics<double>(m.tree, m.params, q, &ws);
    M_local.setConstant(7.0);  // Garbage that must be overwritten.
    CalcMassMatrix<double>(m.tree, m.params, &ws, M_local);
    // The world poses are recomposed from the same X_PB: round-off only.
    EXPECT_LT((M_full - M_local).norm(), 1e-12 * M_full.norm()) << branched;
    EXPECT_TRUE(M_local.isApprox(M_local.transpose(), 0.0)) << branched;
  }
}

// The mass matrix's rows of a floating root (12 products per column instead
// of six dot products) against inverse dynamics columns M·e_k = ID(v̇ = e_k)
// at v = 0 without gravity: a quaternion and a roll-pitch-yaw root, each
// with identity frames (URDF), an offset Mo and a rotated F.
TEST(TreeKernelsFastPaths, FloatingRootRowsMatchInverseDynamicsColumns) {
  for (const MobilizerKind kind :
       {MobilizerKind::kQuaternionFloating, MobilizerKind::kRpyFloating}) {
    for (int frames = 0; frames < 3; ++frames) {
      test::TestModel m = test::MakeBranchedFloatingTree();
      if (kind == MobilizerKind::kRpyFloating) {
        CompiledTree tree;
        for (int i = 1; i < m.tree.num_mobods(); ++i) {
          const MobodInfo& b = m.tree.mobod(i);
          tree.AddMobod(MobodIndex(b.parent), i == 1 ? kind : b.kind,
                        b.constants);
        }
        TreeParameters<double> params(tree);
        params.mobods = m.params.mobods;
        m = test::TestModel{std::move(tree), std::move(params)};
      }
      std::mt19937 gen(12 + frames);
      if (frames == 1) m.params.mobods[1].X_BM = test::RandomPose(&gen, 0.3);
      if (frames == 2) m.params.mobods[1].X_PF = test::RandomPose(&gen, 0.5);
      ASSERT_EQ(m.tree.mobod(1).kind, kind);
      VectorXd q, v;
      test::RandomState(m.tree, &gen, &q, &v);
      const int nv = m.tree.num_velocities();
      TreeWorkspace<double> ws(m.tree);
      CalcLocalPositionKinematics<double>(m.tree, m.params, q, &ws);
      MatrixXd M(nv, nv);
      CalcMassMatrix<double>(m.tree, m.params, &ws, M);
      CalcVelocityKinematics<double>(m.tree, m.params, q, VectorXd::Zero(nv),
                                     &ws);
      VectorXd col(nv);
      for (int k = 0; k < nv; ++k) {
        CalcInverseDynamics<double>(m.tree, m.params, VectorXd::Unit(nv, k),
                                    Vector3d::Zero(), VectorXd(), {}, &ws, col);
        // O(1) entries from sums over 25 bodies: 1e-12.
        EXPECT_LT((col - M.col(k)).norm(), 1e-12)
            << static_cast<int>(kind) << " " << frames << " column " << k;
      }
      EXPECT_TRUE(M.isApprox(M.transpose(), 0.0));
    }
  }
}

TEST(TreeKernelsFastPaths, PathKinematicsMatchesFullPass) {
  const test::TestModel m = test::MakeRandomTree(16, 8);
  std::mt19937 gen(9);
  VectorXd q, v;
  test::RandomState(m.tree, &gen, &q, &v);
  TreeWorkspace<double> full(m.tree), path(m.tree);
  CalcPositionKinematics<double>(m.tree, m.params, q, &full);
  const int tip = m.tree.num_mobods() - 1;
  CalcPositionKinematicsAlongPath<double>(m.tree, m.params, q, tip, &path);
  for (int k = tip; k > 0; k = m.tree.mobod(k).parent) {
    EXPECT_EQ(path.R_WB[k], full.R_WB[k]) << k;
    EXPECT_EQ(path.p_WB[k], full.p_WB[k]) << k;
  }
  const int nv = m.tree.num_velocities();
  MatrixXd J_full(6, nv), J_path(6, nv);
  const Vector3d p(0.1, -0.2, 0.3);
  CalcJacobianSpatialVelocity<double>(m.tree, full, tip, p, J_full);
  CalcJacobianSpatialVelocity<double>(m.tree, path, tip, p, J_path);
  EXPECT_EQ(J_full, J_path);
  EXPECT_FALSE(path.world_poses_valid);
  try {
    CalcPositionKinematicsAlongPath<double>(m.tree, m.params, q, tip + 1,
                                            &path);
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("CalcPositionKinematicsAlongPath"),
              std::string::npos);
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos);
  }
}

// Paths longer than one chunk of the position steps (32 mobods), whose
// sines and cosines are batched per chunk: every pose along chains of 31 to
// 75 links (revolute joints about z, y, x), tip to base and from halfway,
// matches the full pass's bit for bit.
TEST(TreeKernelsFastPaths, LongPathKinematicsMatchesFullPass) {
  for (const int links : {31, 32, 33, 75}) {
    const test::TestModel m = test::MakeRevoluteChain(links);
    std::mt19937 gen(links);
    VectorXd q, v;
    test::RandomState(m.tree, &gen, &q, &v);
    TreeWorkspace<double> full(m.tree), path(m.tree);
    CalcPositionKinematics<double>(m.tree, m.params, q, &full);
    for (const int tip : {links, links / 2 + 1}) {
      CalcPositionKinematicsAlongPath<double>(m.tree, m.params, q, tip, &path);
      for (int k = tip; k > 0; k = m.tree.mobod(k).parent) {
        EXPECT_EQ(path.R_WB[k], full.R_WB[k]) << links << " " << k;
        EXPECT_EQ(path.p_WB[k], full.p_WB[k]) << links << " " << k;
      }
    }
  }
}

}  // namespace tree_kernels_fast_paths_test
}  // namespace ossa::multibody::internal
