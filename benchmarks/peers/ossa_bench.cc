// ossa timings for benchmarks/run (library "ossa": the raw kernels of
// src/ossa/multibody/core/tree_kernels.h). URDF models are read with the
// plant-free Parser and compiled by urdf_to_tree.h (one mobod per link, fixed
// joints as welds, a quaternion floating root for floating bases), then
// welded bodies are merged into composite bodies (weld_merged_tree.h);
// generated chains "chainN" are test::MakeRevoluteChain(N), the same chain
// pinocchio_bench builds in code. Every timed call starts from the state, as
// the peers' entry points do:
//   forward_kinematics: CalcPositionKinematics
//   jacobian:           CalcPositionKinematicsAlongPath (the body's root
//                       path) + CalcJacobianSpatialVelocity
//   inverse_dynamics:   position + velocity kinematics + CalcInverseDynamics
//   mass_matrix:        CalcPositionKinematics + CalcMassMatrix
//   forward_dynamics:   position + velocity kinematics +
//                       CalcForwardDynamicsArticulatedBody
//   autodiff_inverse_dynamics / autodiff_forward_dynamics: the same on
//     AutoDiffXd with q and v seeded (nq + nv derivatives), v̇ and τ
//     constant, i.e. full gradients with respect to q and v, through
//     CalcInverseDynamicsAutoDiff / CalcForwardDynamicsAutoDiff
//     (tree_kernels_dual.h, AutoDiffXd in and out; with constant
//     parameters, as here, the gradients come from the analytical partials)
//   inverse_dynamics_partials: position + velocity kinematics +
//     CalcInverseDynamics + CalcInverseDynamicsPartials (∂τ/∂q, ∂τ/∂v in
//     double; pinocchio's computeRNEADerivatives also fills M = ∂τ/∂v̇).
//
// Usage: ossa_run_bench [--quick] "name|urdf|floating|body" ...

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "ossa/common/autodiff.h"
#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/inverse_dynamics_partials.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_kernels_dual.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "timing.h"
#include "urdf_to_tree.h"

namespace mb = ossa::multibody::internal;
using ossa::AutoDiffXd;
using ossa_bench::Emit;
using ossa_bench::MedianNs;

namespace {

// OSSA_BENCH_WORKLOADS=mass_matrix,jacobian restricts the workloads (for
// profiling one kernel with perf); all run by default.
bool Wanted(const char* workload) {
  const char* only = std::getenv("OSSA_BENCH_WORKLOADS");
  return only == nullptr || std::strstr(only, workload) != nullptr;
}

void RunModel(const ossa_bench::Settings& settings, const std::string& n,
              const mb::CompiledTree& full_tree,
              const mb::TreeParameters<double>& full_params, int full_body) {
  // The kernels run on the weld-merged tree (weld_merged_tree.h), formed
  // once per model as the plant does per parameter change: welded bodies
  // are part of their parent's composite body, as Pinocchio's URDF reader
  // and MuJoCo's compiler fuse fixed joints. The Jacobian's frame (the body's
  // origin) is on the body's group at p_GoBo_G.
  const mb::WeldMergedTree merged(full_tree);
  mb::WeldMergedParameters<double> merged_params;
  mb::CalcWeldMergedParameters<double>(full_tree, merged, full_params,
                                       &merged_params);
  const mb::CompiledTree& tree = merged.tree();
  const mb::TreeParameters<double>& params = merged_params.params;
  const int body = merged.group(full_body);
  const Eigen::Vector3d p_GoBo_G = merged_params.X_GB[full_body].p;
  mb::TreeWorkspace<double> ws(tree);
  const int nq = tree.num_positions(), nv = tree.num_velocities();
  std::mt19937 gen(1);
  std::uniform_real_distribution<double> u(-1, 1);
  constexpr int kStates = ossa_bench::kNumStates;
  std::vector<Eigen::VectorXd> q(kStates), v(kStates), a(kStates), tau(kStates);
  for (int k = 0; k < kStates; ++k) {
    mb::test::RandomState(tree, &gen, &q[k], &v[k]);
    a[k] = Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
    tau[k] = Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
  }
  const Eigen::Vector3d g(0, 0, -9.81);
  const std::vector<ossa::Vector6<double>> no_forces;
  const Eigen::VectorXd no_tau;
  Eigen::VectorXd out(nv);
  Eigen::MatrixXd M(nv, nv), J(6, nv);
  int k = 0;
  auto next = [&k] { return k = (k + 1) % kStates; };
  if (Wanted("forward_kinematics"))
    Emit(n, "forward_kinematics", "ossa",
         MedianNs(settings,
                  [&] {
                    mb::CalcPositionKinematics<double>(tree, params, q[next()],
                                                       &ws);
                    ossa_bench::Escape(&ws);
                  }),
         nq, nv, "CalcPositionKinematics");
  if (Wanted("jacobian"))
    Emit(n, "jacobian", "ossa",
         MedianNs(settings,
                  [&] {
                    mb::CalcPositionKinematicsAlongPath<double>(
                        tree, params, q[next()], body, &ws);
                    mb::CalcJacobianSpatialVelocity<double>(tree, ws, body,
                                                            p_GoBo_G, J);
                    ossa_bench::Escape(J.data());
                  }),
         nq, nv, "CalcPositionKinematicsAlongPath+CalcJacobianSpatialVelocity");
  // Inverse dynamics from state i, as the peers' rnea(q, v, a).
  auto inverse_dynamics = [&](int i) {
    mb::CalcLocalPositionKinematics<double>(tree, params, q[i], &ws);
    mb::CalcVelocityKinematics<double>(tree, params, q[i], v[i], &ws);
    mb::CalcInverseDynamics<double>(tree, params, a[i], g, no_tau, no_forces,
                                    &ws, out);
  };
  if (Wanted("inverse_dynamics"))
    Emit(n, "inverse_dynamics", "ossa",
         MedianNs(settings,
                  [&] {
                    inverse_dynamics(next());
                    ossa_bench::Escape(out.data());
                  }),
         nq, nv, "local kinematics+CalcInverseDynamics");
  if (Wanted("mass_matrix"))
    Emit(n, "mass_matrix", "ossa",
         MedianNs(settings,
                  [&] {
                    // The full position pass: M needs world poses, which the
                    // pass composes while each body's local pose is at hand.
                    mb::CalcPositionKinematics<double>(tree, params, q[next()],
                                                       &ws);
                    mb::CalcMassMatrix<double>(tree, params, &ws, M);
                    ossa_bench::Escape(M.data());
                  }),
         nq, nv, "CalcPositionKinematics+CalcMassMatrix");
  if (Wanted("forward_dynamics"))
    Emit(n, "forward_dynamics", "ossa",
         MedianNs(settings,
                  [&] {
                    const int i = next();
                    mb::CalcLocalPositionKinematics<double>(tree, params, q[i],
                                                            &ws);
                    mb::CalcVelocityKinematics<double>(tree, params, q[i], v[i],
                                                       &ws);
                    mb::CalcForwardDynamicsArticulatedBody<double>(
                        tree, params, g, tau[i], no_forces, &ws, out);
                    ossa_bench::Escape(out.data());
                  }),
         nq, nv, "local kinematics+CalcForwardDynamicsArticulatedBody");
  if (Wanted("inverse_dynamics_partials")) {
    mb::InverseDynamicsPartialsWorkspace pws(tree);
    Eigen::MatrixXd dtau_dq(nv, nq), dtau_dv(nv, nv);
    Emit(n, "inverse_dynamics_partials", "ossa",
         MedianNs(settings,
                  [&] {
                    const int i = next();
                    inverse_dynamics(i);
                    mb::CalcInverseDynamicsPartials(tree, params, q[i], v[i],
                                                    a[i], ws, &pws, dtau_dq,
                                                    dtau_dv);
                    ossa_bench::Escape(dtau_dq.data());
                  }),
         nq, nv,
         "local kinematics+CalcInverseDynamics+CalcInverseDynamicsPartials "
         "(dtau/dq in q's own coordinates, dtau/dv)");
  }

  // AutoDiffXd: gradients with respect to q and v (nq + nv derivatives).
  if (nv > 120) return;  // Dense gradients of big chains take too long.
  if (!Wanted("autodiff")) return;
  const mb::TreeParameters<AutoDiffXd> params_ad =
      mb::test::CastParameters<AutoDiffXd>(params);
  mb::TreeWorkspace<AutoDiffXd> ws_ad(tree);
  std::vector<ossa::VectorX<AutoDiffXd>> q_ad(kStates), v_ad(kStates),
      a_ad(kStates), tau_ad(kStates);
  const int nd = nq + nv;
  for (int s = 0; s < kStates; ++s) {
    q_ad[s] = ossa::InitializeAutoDiff(q[s], nd, 0);
    v_ad[s] = ossa::InitializeAutoDiff(v[s], nd, nq);
    a_ad[s] = a[s].cast<AutoDiffXd>();
    tau_ad[s] = tau[s].cast<AutoDiffXd>();
  }
  const ossa::Vector3<AutoDiffXd> g_ad = g.cast<AutoDiffXd>();
  ossa::VectorX<AutoDiffXd> out_ad(nv);
  ossa_bench::Settings ad_settings = settings;
  ad_settings.batches = std::min(settings.batches, 11);
  mb::DualWorkspace dual_ws(tree);
  bool fast = true;
  if (Wanted("autodiff_inverse_dynamics")) {
    const double ns = MedianNs(ad_settings, [&] {
      const int i = next();
      fast &= mb::CalcInverseDynamicsAutoDiff(tree, params_ad, q_ad[i], v_ad[i],
                                              a_ad[i], g_ad, &dual_ws, &ws_ad,
                                              &out_ad);
      ossa_bench::Escape(out_ad.data());
    });
    Emit(n, "autodiff_inverse_dynamics", "ossa", ns, nq, nv,
         fast ? "AutoDiffXd d/d(q,v): CalcInverseDynamicsAutoDiff (dual path)"
              : "AutoDiffXd d/d(q,v): CalcInverseDynamicsAutoDiff (fallback)");
  }
  if (Wanted("autodiff_forward_dynamics")) {
    const double ns = MedianNs(ad_settings, [&] {
      const int i = next();
      fast &= mb::CalcForwardDynamicsAutoDiff(tree, params_ad, q_ad[i], v_ad[i],
                                              tau_ad[i], g_ad, &dual_ws, &ws_ad,
                                              &out_ad);
      ossa_bench::Escape(out_ad.data());
    });
    Emit(n, "autodiff_forward_dynamics", "ossa", ns, nq, nv,
         fast ? "AutoDiffXd d/d(q,v): CalcForwardDynamicsAutoDiff (dual path)"
              : "AutoDiffXd d/d(q,v): CalcForwardDynamicsAutoDiff (fallback)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  const ossa_bench::Settings settings = ossa_bench::ParseSettings(argc, argv);
  for (const auto& arg : ossa_bench::ParseModels(argc, argv)) {
    if (arg.chain_links > 0) {
      const mb::test::TestModel m =
          mb::test::MakeRevoluteChain(arg.chain_links);
      RunModel(settings, arg.name, m.tree, m.params, m.tree.num_mobods() - 1);
      continue;
    }
    ossa_bench::UrdfTree t;
    try {
      t = ossa_bench::LoadUrdfTree(arg.path, arg.floating);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ossa: cannot load %s: %s\n", arg.name.c_str(),
                   e.what());
      continue;
    }
    const auto body = t.mobod_of_link.find(arg.body);
    if (body == t.mobod_of_link.end()) {
      std::fprintf(stderr, "ossa: %s has no link %s\n", arg.name.c_str(),
                   arg.body.c_str());
      continue;
    }
    RunModel(settings, arg.name, t.tree, t.params, body->second);
  }
  return 0;
}
