// Plants of 10,000 bodies: Finalize(), a Context and the O(n) queries
// (poses, inverse and forward dynamics) against closed forms. Structures
// quadratic in the number of bodies or dofs would need hundreds of GB here
// (a dense 60,000 × 60,000 mass matrix alone is 29 GB), so these tests also
// guard that Finalize() and CreateDefaultContext() stay near-linear.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace ossa::multibody {
namespace multibody_plant_large_model_test {

using math::RigidTransform;

constexpr int kNumBodies = 10000;
constexpr double kSide = 0.1;  // cube edge, m

double FreeBodyMass(int i) { return 1.0 + 1e-3 * i; }

// N free bodies (no joints): each gets a quaternion floating joint at
// Finalize(), 7 positions and 6 velocities.
void AddFreeCubes(MultibodyPlant<double>* plant) {
  for (int i = 0; i < kNumBodies; ++i) {
    plant->AddRigidBody(
        "cube" + std::to_string(i),
        SpatialInertia<double>::SolidCubeWithMass(FreeBodyMass(i), kSide));
  }
}

TEST(LargeModel, TenThousandFreeBodies) {
  MultibodyPlant<double> plant(0.0);
  AddFreeCubes(&plant);
  plant.Finalize();
  EXPECT_EQ(plant.num_positions(), 7 * kNumBodies);
  EXPECT_EQ(plant.num_velocities(), 6 * kNumBodies);
  auto context = plant.CreateDefaultContext();

  const RigidBody<double>& last =
      plant.GetBodyByName("cube" + std::to_string(kNumBodies - 1));
  const RigidTransform<double> X_WB(math::RollPitchYaw<double>(0.1, -0.2, 0.3),
                                    Vector3<double>(1, 2, 3));
  plant.SetFreeBodyPose(context.get(), last, X_WB);
  EXPECT_TRUE(plant.EvalBodyPoseInWorld(*context, last)
                  .GetAsMatrix34()
                  .isApprox(X_WB.GetAsMatrix34(), 1e-14));

  // At v = 0, inverse dynamics (no gravity in it) is τ = M·v̇. Each cube's
  // M block, about its center (Bo) with v = [ω_WB; v_WBo], is
  // diag(I, I, I, m, m, m) with I = m·s²/6 in any orientation; no block
  // couples two bodies.
  const int nv = plant.num_velocities();
  const Eigen::VectorXd vdot = Eigen::VectorXd::LinSpaced(nv, -1.0, 1.0);
  const MultibodyForces<double> no_forces(plant);
  const Eigen::VectorXd tau =
      plant.CalcInverseDynamics(*context, vdot, no_forces);
  ASSERT_EQ(tau.size(), nv);
  double max_error = 0;
  for (int i = 0; i < kNumBodies; ++i) {
    const RigidBody<double>& body =
        plant.GetBodyByName("cube" + std::to_string(i));
    const int v0 = plant.GetJointByName(body.name()).velocity_start();
    const double m = FreeBodyMass(i);
    const double I = m * kSide * kSide / 6.0;
    for (int k = 0; k < 6; ++k) {
      const double expected = (k < 3 ? I : m) * vdot[v0 + k];
      max_error = std::max(max_error, std::abs(tau[v0 + k] - expected));
    }
  }
  // Each entry is one product of O(1) values, rotated and back when the
  // body is posed: a few ulps.
  EXPECT_LT(max_error, 1e-13);

  // Forward dynamics: every cube falls freely, v̇ = [0; g_W].
  const Eigen::VectorXd& vdot_free =
      plant.get_generalized_acceleration_output_port().Eval(*context);
  ASSERT_EQ(vdot_free.size(), nv);
  Eigen::VectorXd expected_free(nv);
  for (int i = 0; i < kNumBodies; ++i) {
    expected_free.segment<6>(6 * i) << 0, 0, 0, 0, 0, -9.81;
  }
  EXPECT_LT((vdot_free - expected_free).cwiseAbs().maxCoeff(), 1e-12);
}

// A discrete plant's step scratch is also part of every Context.
TEST(LargeModel, TenThousandFreeBodiesDiscrete) {
  MultibodyPlant<double> plant(1e-3);
  AddFreeCubes(&plant);
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  EXPECT_EQ(context->num_discrete_state_groups(), 1);
  EXPECT_EQ(context->get_discrete_state(0).size(), 13 * kNumBodies);
}

// A planar chain of n links: joint 0 at the world origin, joint i at
// (L, 0, 0) in link i − 1, all about ẑ. With every angle θ = 2π/n the link
// origins are the vertices of a regular n-gon: p_i = L·Σ_{k=1..i} e^{ikθ}
// (as complex numbers in the xy plane), R_i = Rz((i+1)·θ).
TEST(LargeModel, TenThousandLinkRevoluteChain) {
  const double L = 0.01;
  MultibodyPlant<double> plant(0.0);
  std::vector<const RigidBody<double>*> links;
  for (int i = 0; i < kNumBodies; ++i) {
    links.push_back(&plant.AddRigidBody(
        "link" + std::to_string(i),
        SpatialInertia<double>::SolidCubeWithMass(FreeBodyMass(i), kSide)));
    const RigidBody<double>& parent =
        i == 0 ? plant.world_body() : *links[i - 1];
    plant.AddJoint<RevoluteJoint>(
        "joint" + std::to_string(i), parent,
        i == 0 ? std::nullopt
               : std::optional<RigidTransform<double>>(
                     RigidTransform<double>(Vector3<double>(L, 0, 0))),
        *links[i], std::nullopt, Vector3<double>::UnitZ());
  }
  plant.Finalize();
  EXPECT_EQ(plant.num_positions(), kNumBodies);
  EXPECT_EQ(plant.num_velocities(), kNumBodies);
  auto context = plant.CreateDefaultContext();
  const int n = kNumBodies;
  const double theta = 2 * M_PI / n;
  plant.SetPositions(context.get(), Eigen::VectorXd::Constant(n, theta));

  // The last link closes the polygon: p = L·(Σ_{k=0..n−1} e^{ikθ} − 1) =
  // (−L, 0), R = Rz(2π) = I. Link n/2 − 1 is across it:
  // p = L·(2/(1 − e^{iθ}) − 1) = (0, L·cot(θ/2)).
  const double diameter = L / std::tan(theta / 2);
  // Each of the n compositions rounds at ~1e-16 of the polygon's size.
  const double tolerance = 1e-10 * diameter;
  const RigidTransform<double>& X_WLast =
      plant.EvalBodyPoseInWorld(*context, *links[n - 1]);
  EXPECT_LT((X_WLast.translation() - Vector3<double>(-L, 0, 0)).norm(),
            tolerance);
  EXPECT_TRUE(
      X_WLast.rotation().matrix().isApprox(Eigen::Matrix3d::Identity(), 1e-10));
  const RigidTransform<double>& X_WMid =
      plant.EvalBodyPoseInWorld(*context, *links[n / 2 - 1]);
  EXPECT_LT((X_WMid.translation() - Vector3<double>(0, diameter, 0)).norm(),
            tolerance);

  // Columns of M through inverse dynamics at v = 0: τ = M·v̇.
  const MultibodyForces<double> no_forces(plant);
  // Accelerating the last joint alone spins the last cube about its own
  // center: a pure torque I_zz·α, the same about every (parallel) axis, so
  // M(j, n−1) = I_zz of the last cube for every j.
  Eigen::VectorXd vdot = Eigen::VectorXd::Zero(n);
  vdot[n - 1] = 1.0;
  Eigen::VectorXd tau = plant.CalcInverseDynamics(*context, vdot, no_forces);
  const double I_last = FreeBodyMass(n - 1) * kSide * kSide / 6;
  EXPECT_LT((tau - Eigen::VectorXd::Constant(n, I_last)).cwiseAbs().maxCoeff(),
            1e-12);
  // M(0, 0): every cube about the first joint's axis,
  // Σ_i m_i·(s²/6 + |p_i|²) with |p_i| = L·|sin(iθ/2) / sin(θ/2)|.
  vdot.setZero();
  vdot[0] = 1.0;
  tau = plant.CalcInverseDynamics(*context, vdot, no_forces);
  double M00 = 0;
  for (int i = 0; i < n; ++i) {
    const double r = L * std::sin(i * theta / 2) / std::sin(theta / 2);
    M00 += FreeBodyMass(i) * (kSide * kSide / 6 + r * r);
  }
  // A sum of 10,000 positive terms, each with relative error ~1e-12 from
  // the poses (see above).
  EXPECT_NEAR(tau[0], M00, 1e-9 * M00);
}

}  // namespace
}  // namespace ossa::multibody
