// Welded bodies merged into composite bodies (weld_merged_tree.h) on the
// bundled robots with many welds (Atlas, Talos, Cassie): the kernels on the
// merged tree against the full tree, and the plant's dynamics (which use the
// merged tree) against the full-tree paths of the same plant.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/parsing/test/parsing_test_util.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/core/test/weld_merging_checks.h"

namespace ossa::multibody {
namespace weld_merging_test {

using internal::test::RelDiff;

const std::string kModels = OSSA_MODELS_DIR;

struct Robot {
  const char* file;
  int min_welds;  // Welds in the file (a floor, to catch a parse change).
};

class WeldMerging : public ::testing::TestWithParam<Robot> {};

std::unique_ptr<MultibodyPlant<double>> LoadPlant(const std::string& file) {
  test::WarningCollector warnings;  // missing meshes, foreign tags
  auto plant = std::make_unique<MultibodyPlant<double>>(0.0);
  Parser parser(plant.get());
  parser.AddModels(kModels + "/" + file);
  plant->Finalize();
  return plant;
}

// The kernels: every body's pose and Jacobian, ID with forces on every body,
// M, ABA, bias and gravity. Tolerance as in weld_merged_tree_test.cc: the
// two computations differ by summation order only (1e-15-level round-off on
// these unit-scale robots; a wrong frame or term gives O(1) errors).
TEST_P(WeldMerging, KernelsMatchTheFullTree) {
  const auto plant = LoadPlant(GetParam().file);
  const internal::CompiledTree& full = plant->internal_tree().compiled_tree();
  const internal::WeldMergedTree merged(full);
  EXPECT_GE(full.num_mobods() - merged.tree().num_mobods(),
            GetParam().min_welds);
  internal::test::ExpectWeldMergingExact(
      full, plant->internal_tree().default_tree_parameters(), 3, 1e-12);
}

// The plant (merged path) against the same plant's full-tree paths:
// CalcMassMatrix vs CalcMassMatrixViaInverseDynamics, CalcInverseDynamics
// and CalcBiasTerm vs the full-output CalcInverseDynamics overload (which
// stays on the full tree for its per-body outputs), CalcTimeDerivatives
// through the equations of motion, for several states and after a change
// of a welded body's mass in the Context.
TEST_P(WeldMerging, PlantDynamicsMatchTheFullTree) {
  const auto plant = LoadPlant(GetParam().file);
  const auto& tree = plant->internal_tree();
  const internal::MultibodyTreeTopology& topology = tree.get_topology();
  auto context = plant->CreateDefaultContext();
  const int nq = plant->num_positions(), nv = plant->num_velocities();
  const int n = tree.num_mobods();
  std::mt19937 gen(5);
  std::uniform_real_distribution<double> u(-1, 1);
  // A welded body's mobod (the last weld), for the parameter change.
  int welded = -1;
  for (int m = 1; m < n; ++m) {
    if (tree.compiled_tree().mobod(m).kind == internal::MobilizerKind::kWeld) {
      welded = m;
    }
  }
  ASSERT_GT(welded, 0);
  for (int s = 0; s < 4; ++s) {
    if (s == 2) {
      // Heavier welded body: the merged parameters must follow.
      plant->GetMutableParameters(context.get()).mobods[welded].mass += 3.0;
    }
    Eigen::VectorXd q, v;
    internal::test::RandomState(tree.compiled_tree(), &gen, &q, &v);
    plant->SetPositions(context.get(), q);
    plant->SetVelocities(context.get(), v);
    const Eigen::VectorXd vdot =
        Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });

    Eigen::MatrixXd M(nv, nv), M_id(nv, nv);
    plant->CalcMassMatrix(*context, &M);
    plant->CalcMassMatrixViaInverseDynamics(*context, &M_id);
    EXPECT_LE(RelDiff(M_id, M), 1e-12) << "mass matrix, state " << s;

    // Spatial forces on every body (welded ones included) and τ.
    MultibodyForces<double> forces(*plant);
    for (auto& F : forces.mutable_body_forces()) {
      F = SpatialForce<double>(Eigen::Vector3d(u(gen), u(gen), u(gen)),
                               Eigen::Vector3d(u(gen), u(gen), u(gen)));
    }
    forces.mutable_generalized_forces() =
        Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
    const Eigen::VectorXd tau =
        plant->CalcInverseDynamics(*context, vdot, forces);
    std::vector<SpatialForce<double>> F_mobod(n, SpatialForce<double>::Zero());
    for (int m = 1; m < n; ++m) {
      F_mobod[m] =
          forces
              .body_forces()[topology.get_mobod(internal::MobodIndex(m)).body];
    }
    std::vector<SpatialAcceleration<double>> A;
    std::vector<SpatialForce<double>> F_BMo;
    Eigen::VectorXd tau_full(nv);
    tree.CalcInverseDynamics(*context, vdot, F_mobod,
                             forces.generalized_forces(), &A, &F_BMo,
                             &tau_full);
    EXPECT_LE(RelDiff(tau_full, tau), 1e-12) << "inverse dynamics, state " << s;

    Eigen::VectorXd Cv(nv);
    plant->CalcBiasTerm(*context, &Cv);
    tree.CalcInverseDynamics(*context, Eigen::VectorXd::Zero(nv), {},
                             Eigen::VectorXd(), &A, &F_BMo, &tau_full);
    EXPECT_LE(RelDiff(tau_full, Cv), 1e-12) << "bias term, state " << s;

    // Forward dynamics: ID (full tree) at the plant's v̇ with the force
    // elements' forces (gravity) gives τ = 0; compared at the scale of the
    // gravity forces.
    auto derivatives = plant->AllocateTimeDerivatives();
    plant->CalcTimeDerivatives(*context, derivatives.get());
    const Eigen::VectorXd xdot = derivatives->CopyToVector();
    MultibodyForces<double> elements(*plant);
    plant->CalcForceElementsContribution(*context, &elements);
    for (int m = 1; m < n; ++m) {
      F_mobod[m] =
          elements
              .body_forces()[topology.get_mobod(internal::MobodIndex(m)).body];
    }
    tree.CalcInverseDynamics(*context, xdot.tail(nv), F_mobod,
                             elements.generalized_forces(), &A, &F_BMo,
                             &tau_full);
    const double scale =
        std::max(1.0, elements.generalized_forces().lpNorm<Eigen::Infinity>() +
                          (M * xdot.tail(nv)).lpNorm<Eigen::Infinity>());
    EXPECT_LE(tau_full.lpNorm<Eigen::Infinity>() / scale, 1e-12)
        << "forward dynamics, state " << s;
    EXPECT_EQ(xdot.size(), nq + nv);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Robots, WeldMerging,
    ::testing::Values(Robot{"drake/atlas_with_fixed_joints.urdf", 30},
                      Robot{"example_robot_data/talos_reduced.urdf", 20},
                      Robot{"drake/cassie_v2.urdf", 5}),
    [](const ::testing::TestParamInfo<Robot>& info) {
      std::string f = info.param.file;
      f = f.substr(f.rfind('/') + 1);
      return f.substr(0, f.find_first_of("_."));
    });

}  // namespace
}  // namespace ossa::multibody
