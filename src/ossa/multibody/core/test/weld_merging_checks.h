#pragma once

/// @file
/// Checks that the dynamics kernels on a WeldMergedTree give the full tree's
/// results: used by the programmatic test (tree/test) and by the test on the
/// parsed robot models (parsing/test). Header-only, test use only.

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "ossa/multibody/core/test/kernel_test_models.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/weld_merged_dynamics.h"
#include "ossa/multibody/core/weld_merged_tree.h"

namespace ossa::multibody::internal::test {

// Relative difference ‖a − b‖∞ / max(1, ‖a‖∞).
inline double RelDiff(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).lpNorm<Eigen::Infinity>() /
         std::max(1.0, a.lpNorm<Eigen::Infinity>());
}

/// Compares, at `num_states` random states, the full tree's kernels with the
/// merged tree's: world poses of every full mobod, Jacobians of a frame on
/// every full mobod, inverse dynamics with applied forces on every body (the
/// welded ones included) and the full tree's body accelerations and mobilizer
/// forces recovered from it, the mass matrix, forward dynamics (articulated
/// body), the bias term and gravity. `tol` is the relative tolerance.
inline void ExpectWeldMergingExact(const CompiledTree& full,
                                   const TreeParameters<double>& params,
                                   int num_states, double tol,
                                   unsigned seed = 7) {
  const WeldMergedTree merged(full);
  const CompiledTree& mt = merged.tree();
  ASSERT_EQ(mt.num_positions(), full.num_positions());
  ASSERT_EQ(mt.num_velocities(), full.num_velocities());
  WeldMergedParameters<double> mp;
  CalcWeldMergedParameters<double>(full, merged, params, &mp);
  // Mass is conserved by merging (bodies welded to the world drop out).
  double mass_full = 0, mass_merged = 0;
  for (int i = 1; i < full.num_mobods(); ++i) {
    if (merged.group(i) != 0) mass_full += params.mobods[i].mass;
  }
  for (int g = 1; g < mt.num_mobods(); ++g)
    mass_merged += mp.params.mobods[g].mass;
  EXPECT_NEAR(mass_merged, mass_full, 1e-13 * std::max(1.0, mass_full));

  TreeWorkspace<double> ws(full), wm(mt);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const int nv = full.num_velocities();
  const Eigen::Vector3d g(0, 0, -9.81);
  for (int s = 0; s < num_states; ++s) {
    Eigen::VectorXd q, v;
    RandomState(full, &gen, &q, &v);
    const Eigen::VectorXd vdot =
        Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
    const Eigen::VectorXd tau_app =
        Eigen::VectorXd::NullaryExpr(nv, [&] { return u(gen); });
    std::vector<Vector6<double>> F(full.num_mobods());
    for (auto& f : F) f = Vector6<double>::NullaryExpr([&] { return u(gen); });
    CalcPositionKinematics<double>(full, params, q, &ws);
    CalcVelocityKinematics<double>(full, params, q, v, &ws);
    CalcPositionKinematics<double>(mt, mp.params, q, &wm);
    CalcVelocityKinematics<double>(mt, mp.params, q, v, &wm);

    // Poses and Jacobians of every body.
    Eigen::MatrixXd J_full(6, nv), J_merged(6, nv);
    for (int i = 1; i < full.num_mobods(); ++i) {
      Eigen::Matrix3d R;
      Eigen::Vector3d p;
      CalcFullMobodPoseInWorld<double>(merged, mp, wm, i, &R, &p);
      EXPECT_LE(RelDiff(ws.R_WB[i], R), tol) << "R_WB of mobod " << i;
      EXPECT_LE(RelDiff(ws.p_WB[i], p), tol) << "p_WB of mobod " << i;
      const Eigen::Vector3d p_BoBp_B(u(gen), u(gen), u(gen));
      CalcJacobianSpatialVelocity<double>(full, ws, i, p_BoBp_B, J_full);
      const int grp = merged.group(i);
      const Pose<double>& X_GB = mp.X_GB[i];
      const Eigen::Vector3d p_GoBp_G = X_GB.p + X_GB.R * p_BoBp_B;
      CalcJacobianSpatialVelocity<double>(mt, wm, grp, p_GoBp_G, J_merged);
      EXPECT_LE(RelDiff(J_full, J_merged), tol) << "Jacobian of mobod " << i;
    }

    // Inverse dynamics with every applied force; the full tree's body
    // accelerations and mobilizer forces recovered from the merged tree's.
    Eigen::VectorXd tau_full(nv), tau_merged(nv);
    std::vector<Vector6<double>> A_full, F_full;
    CalcInverseDynamics<double>(full, params, vdot, g, tau_app, F, &ws,
                                tau_full, &A_full, &F_full);
    std::vector<Vector6<double>> Fg;
    GatherSpatialForcesOnGroups<double>(merged, mp, wm, F, &Fg);
    CalcInverseDynamics<double>(mt, mp.params, vdot, g, tau_app, Fg, &wm,
                                tau_merged);
    EXPECT_LE(RelDiff(tau_full, tau_merged), tol) << "inverse dynamics";
    std::vector<Eigen::Matrix3d> R_rec;
    std::vector<Eigen::Vector3d> p_rec;
    std::vector<Vector6<double>> A_rec, F_rec, S;
    CalcFullInverseDynamicsOutputs<double>(full, params, merged, mp, wm, g, F,
                                           &R_rec, &p_rec, &A_rec, &F_rec, &S);
    for (int i = 1; i < full.num_mobods(); ++i) {
      EXPECT_LE(RelDiff(ws.R_WB[i], R_rec[i]), tol) << "R_WB of mobod " << i;
      EXPECT_LE(RelDiff(ws.p_WB[i], p_rec[i]), tol) << "p_WB of mobod " << i;
      EXPECT_LE(RelDiff(A_full[i], A_rec[i]), tol) << "A_WB of mobod " << i;
      EXPECT_LE(RelDiff(F_full[i], F_rec[i]), tol) << "F_BMo of mobod " << i;
    }

    // Mass matrix.
    Eigen::MatrixXd M_full(nv, nv), M_merged(nv, nv);
    CalcMassMatrix<double>(full, params, &ws, M_full);
    CalcMassMatrix<double>(mt, mp.params, &wm, M_merged);
    EXPECT_LE(RelDiff(M_full, M_merged), tol) << "mass matrix";

    // Forward dynamics; compared through M·v̇ (the residual of the
    // equations of motion), whose scale does not depend on M's condition.
    Eigen::VectorXd vd_full(nv), vd_merged(nv);
    CalcForwardDynamicsArticulatedBody<double>(full, params, g, tau_app, F, &ws,
                                               vd_full);
    CalcForwardDynamicsArticulatedBody<double>(mt, mp.params, g, tau_app, Fg,
                                               &wm, vd_merged);
    EXPECT_LE(RelDiff(M_full * vd_full, M_full * vd_merged), tol)
        << "forward dynamics";

    // Bias term and gravity.
    Eigen::VectorXd c_full(nv), c_merged(nv);
    CalcBiasTerm<double>(full, params, &ws, c_full);
    CalcBiasTerm<double>(mt, mp.params, &wm, c_merged);
    EXPECT_LE(RelDiff(c_full, c_merged), tol) << "bias term";
    CalcGravityGeneralizedForces<double>(full, params, g, &ws, c_full);
    CalcGravityGeneralizedForces<double>(mt, mp.params, g, &wm, c_merged);
    EXPECT_LE(RelDiff(c_full, c_merged), tol) << "gravity";
  }
}

}  // namespace ossa::multibody::internal::test
