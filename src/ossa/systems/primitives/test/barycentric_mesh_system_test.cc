// BarycentricMesh (ossa/math) and BarycentricMeshSystem: exactness on
// affine functions, the documented weights and order, projection of
// inputs outside the grid, AutoDiffXd derivatives, and errors.

#include "ossa/systems/primitives/barycentric_mesh_system.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ossa/math/barycentric_mesh.h"

namespace ossa::systems {
namespace {

using math::BarycentricMesh;

// A 3-input grid with uneven spacing.
BarycentricMesh<double>::MeshGrid BarycentricTestGrid() {
  return {{0.0, 1.0, 2.5}, {-1.0, 0.5}, {0.0, 0.2, 0.3, 2.0}};
}

TEST(BarycentricMeshTest, MeshPointsAndSizes) {
  BarycentricMesh<double> mesh(BarycentricTestGrid());
  EXPECT_EQ(mesh.get_input_size(), 3);
  EXPECT_EQ(mesh.get_num_mesh_points(), 3 * 2 * 4);
  EXPECT_EQ(mesh.get_num_interpolants(), 4);
  // The first input varies fastest: index 1 + 3·1 + 6·2 = 16 is
  // (1.0, 0.5, 0.3).
  EXPECT_EQ(mesh.get_mesh_point(16), Eigen::Vector3d(1.0, 0.5, 0.3));
  EXPECT_EQ(mesh.get_all_mesh_points().col(16), mesh.get_mesh_point(16));
  // An input with one grid value takes no part in the interpolation.
  BarycentricMesh<double> flat({{3.0}, {0.0, 1.0}});
  EXPECT_EQ(flat.get_num_interpolants(), 2);
}

TEST(BarycentricMeshTest, WeightsFollowTheSortedFractions) {
  BarycentricMesh<double> mesh({{0.0, 1.0, 2.0}, {0.0, 10.0}});
  Eigen::VectorXi indices(3);
  Eigen::VectorXd weights(3);
  // x = (0.5, 3): cells [0, 1] and [0, 10], fractions 0.5 and 0.3. Sorted
  // ascending: input 1 (0.3), then input 0 (0.5). Upper corner (1, 1) =
  // index 4 with weight 0.3; lowering input 1 gives (1, 0) = 1 with
  // 0.5 − 0.3; lowering input 0 gives (0, 0) = 0 with 1 − 0.5.
  mesh.EvalBarycentricWeights(Eigen::Vector2d(0.5, 3.0), &indices, &weights);
  EXPECT_EQ(indices, Eigen::Vector3i(4, 1, 0));
  EXPECT_TRUE(weights.isApprox(Eigen::Vector3d(0.3, 0.2, 0.5), 1e-15));
  // Outside the grid the input is projected: (5, −1) → (2, 0) = index 2.
  mesh.EvalBarycentricWeights(Eigen::Vector2d(5.0, -1.0), &indices, &weights);
  EXPECT_EQ(indices, Eigen::Vector3i(2, 2, 2));
  EXPECT_EQ(weights, Eigen::Vector3d(1, 0, 0));
}

TEST(BarycentricMeshTest, ExactForAffineFunctions) {
  // y = A·x + c sampled at the mesh points is reproduced everywhere in the
  // grid's box (each simplex interpolates it exactly), to rounding; outside
  // the box the value is that at the projected input.
  BarycentricMesh<double> mesh(BarycentricTestGrid());
  Eigen::Matrix<double, 2, 3> A;
  A << 1.5, -2.0, 0.25,  //
      0.0, 3.0, -1.0;
  const Eigen::Vector2d c(0.5, -0.75);
  const Eigen::MatrixXd values = mesh.MeshValuesFrom(
      [&](const Eigen::Ref<const Eigen::VectorXd>& x) -> Eigen::VectorXd {
        return A * x + c;
      });
  for (const Eigen::Vector3d& x :
       {Eigen::Vector3d(0.3, -0.2, 0.25), Eigen::Vector3d(2.4, 0.1, 1.7),
        Eigen::Vector3d(1.0, 0.5, 0.2), Eigen::Vector3d(0.0, -1.0, 2.0)}) {
    EXPECT_TRUE(mesh.Eval(values, x).isApprox(A * x + c, 1e-14));
    Eigen::VectorXi indices(4);
    Eigen::VectorXd weights(4);
    mesh.EvalBarycentricWeights(x, &indices, &weights);
    EXPECT_NEAR(weights.sum(), 1.0, 1e-15);
    EXPECT_GE(weights.minCoeff(), 0.0);
  }
  const Eigen::Vector3d outside(-4.0, 9.0, 0.25);
  const Eigen::Vector3d projected(0.0, 0.5, 0.25);
  EXPECT_TRUE(mesh.Eval(values, outside).isApprox(A * projected + c, 1e-14));

  // AutoDiffXd: inside a simplex, ∂y/∂x = A.
  BarycentricMesh<AutoDiffXd> ad_mesh(BarycentricTestGrid());
  VectorX<AutoDiffXd> x(3);
  const Eigen::Vector3d x0(0.3, -0.2, 0.25);
  for (int i = 0; i < 3; ++i) {
    x[i] = AutoDiffXd(x0[i], Eigen::Vector3d::Unit(i));
  }
  const VectorX<AutoDiffXd> y = ad_mesh.Eval(values.cast<AutoDiffXd>(), x);
  for (int r = 0; r < 2; ++r) {
    EXPECT_TRUE(y[r].derivatives().isApprox(A.row(r).transpose(), 1e-13));
  }
}

TEST(BarycentricMeshTest, Errors) {
  EXPECT_THROW(BarycentricMesh<double>({}), std::logic_error);
  EXPECT_THROW(BarycentricMesh<double>({{1.0}, {}}), std::logic_error);
  // More mesh points than an int indexes: refused.
  BarycentricMesh<double>::Coordinates many;
  for (int i = 0; i < 2000; ++i) many.insert(i);
  EXPECT_THROW(BarycentricMesh<double>({many, many, many}), std::logic_error);
  BarycentricMesh<double> mesh({{0.0, 1.0}});
  EXPECT_THROW(mesh.Eval(Eigen::MatrixXd::Zero(1, 2), Eigen::Vector2d(0, 0)),
               std::logic_error);
  EXPECT_THROW(mesh.Eval(Eigen::MatrixXd::Zero(1, 3), Vector1<double>(0)),
               std::logic_error);
  EXPECT_THROW(mesh.get_mesh_point(2), std::logic_error);
  // Outputs of the wrong size are refused, not resized.
  Eigen::VectorXi indices(1);
  Eigen::VectorXd weights(2);
  EXPECT_THROW(
      mesh.EvalBarycentricWeights(Vector1<double>(0.5), &indices, &weights),
      std::logic_error);
}

TEST(BarycentricMeshSystemTest, OutputsTheInterpolation) {
  BarycentricMesh<double> mesh({{0.0, 1.0, 2.0}, {0.0, 10.0}});
  Eigen::MatrixXd values(2, 6);
  values << 0, 1, 4, 10, 11, 12,  //
      5, 4, 3, 2, 1, 0;
  BarycentricMeshSystem<double> system(mesh, values);
  EXPECT_EQ(system.get_input_port(0).get_name(), "u0");
  EXPECT_EQ(system.get_output_port(0).get_name(), "y0");
  EXPECT_EQ(system.get_output_values(), values);
  auto context = system.CreateDefaultContext();
  const Eigen::Vector2d u(1.5, 7.0);
  system.get_input_port(0).FixValue(context.get(), u);
  EXPECT_TRUE(
      system.get_output_port(0).Eval(*context).isApprox(mesh.Eval(values, u)));
  EXPECT_THROW(BarycentricMeshSystem<double>(mesh, Eigen::MatrixXd(2, 5)),
               std::logic_error);
}

}  // namespace
}  // namespace ossa::systems
