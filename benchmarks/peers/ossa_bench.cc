// ossa timings for benchmarks/run (library "ossa": the raw kernels of
// src/ossa/multibody/tree/tree_kernels.h). ossa has no URDF-to-plant path
// yet, so URDF models are skipped; generated chains "chainN" are
// test::MakeRevoluteChain(N), the same chain pinocchio_bench builds in code.
// Every timed call starts from the state, as the peers' entry points do:
//   forward_kinematics: CalcPositionKinematics
//   jacobian:           CalcPositionKinematics + CalcJacobianSpatialVelocity
//   inverse_dynamics:   position + velocity kinematics + CalcInverseDynamics
//   mass_matrix:        CalcPositionKinematics + CalcMassMatrix
//   forward_dynamics:   position + velocity kinematics +
//                       CalcForwardDynamicsArticulatedBody
//
// Usage: ossa_run_bench [--quick] "name|urdf|floating|body" ...

#include <cstdio>
#include <random>
#include <vector>

#include "ossa/multibody/tree/test/kernel_test_models.h"
#include "ossa/multibody/tree/tree_kernels.h"
#include "timing.h"

namespace mb = ossa::multibody::internal;
using ossa_bench::Emit;
using ossa_bench::MedianNs;

int main(int argc, char** argv) {
  const ossa_bench::Settings settings = ossa_bench::ParseSettings(argc, argv);
  for (const auto& arg : ossa_bench::ParseModels(argc, argv)) {
    if (arg.chain_links <= 0) {
      std::fprintf(stderr, "ossa: %s skipped (no URDF parsing to kernels yet)\n",
                   arg.name.c_str());
      continue;
    }
    mb::test::TestModel m = mb::test::MakeRevoluteChain(arg.chain_links);
    const mb::CompiledTree& tree = m.tree;
    mb::TreeWorkspace<double> ws(tree);
    const int nq = tree.num_positions(), nv = tree.num_velocities();
    std::mt19937 gen(1);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<Eigen::VectorXd> q(ossa_bench::kNumStates),
        v(ossa_bench::kNumStates), a(ossa_bench::kNumStates),
        tau(ossa_bench::kNumStates);
    for (int k = 0; k < ossa_bench::kNumStates; ++k) {
      mb::test::RandomState(tree, &gen, &q[k], &v[k]);
      a[k] = Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
      tau[k] = Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
    }
    const Eigen::Vector3d g(0, 0, -9.81);
    const std::vector<ossa::Vector6<double>> no_forces;
    const Eigen::VectorXd no_tau;
    Eigen::VectorXd out(nv);
    Eigen::MatrixXd M(nv, nv), J(6, nv);
    const int tip = tree.num_mobods() - 1;
    int k = 0;
    auto next = [&k] { return k = (k + 1) % ossa_bench::kNumStates; };
    const std::string& n = arg.name;
    Emit(n, "forward_kinematics", "ossa", MedianNs(settings, [&] {
           mb::CalcPositionKinematics<double>(tree, m.params, q[next()], &ws);
           ossa_bench::Escape(&ws);
         }), nq, nv, "CalcPositionKinematics");
    Emit(n, "jacobian", "ossa", MedianNs(settings, [&] {
           mb::CalcPositionKinematics<double>(tree, m.params, q[next()], &ws);
           mb::CalcJacobianSpatialVelocity<double>(tree, ws, tip,
                                                   Eigen::Vector3d::Zero(), J);
           ossa_bench::Escape(J.data());
         }), nq, nv, "CalcPositionKinematics+CalcJacobianSpatialVelocity");
    Emit(n, "inverse_dynamics", "ossa", MedianNs(settings, [&] {
           const int i = next();
           mb::CalcPositionKinematics<double>(tree, m.params, q[i], &ws);
           mb::CalcVelocityKinematics<double>(tree, m.params, q[i], v[i], &ws);
           mb::CalcInverseDynamics<double>(tree, m.params, a[i], g, no_tau,
                                           no_forces, &ws, out);
           ossa_bench::Escape(out.data());
         }), nq, nv, "kinematics+CalcInverseDynamics");
    Emit(n, "mass_matrix", "ossa", MedianNs(settings, [&] {
           mb::CalcPositionKinematics<double>(tree, m.params, q[next()], &ws);
           mb::CalcMassMatrix<double>(tree, m.params, &ws, M);
           ossa_bench::Escape(M.data());
         }), nq, nv, "CalcPositionKinematics+CalcMassMatrix");
    Emit(n, "forward_dynamics", "ossa", MedianNs(settings, [&] {
           const int i = next();
           mb::CalcPositionKinematics<double>(tree, m.params, q[i], &ws);
           mb::CalcVelocityKinematics<double>(tree, m.params, q[i], v[i], &ws);
           mb::CalcForwardDynamicsArticulatedBody<double>(
               tree, m.params, g, tau[i], no_forces, &ws, out);
           ossa_bench::Escape(out.data());
         }), nq, nv, "kinematics+CalcForwardDynamicsArticulatedBody");
  }
  return 0;
}
