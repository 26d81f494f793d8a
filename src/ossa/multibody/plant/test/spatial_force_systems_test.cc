// Tests of Propeller, Wing and ExternallyAppliedSpatialForceMultiplexer:
// their forces against the closed forms in their headers, the
// multiplexer's concatenation, and scalar conversion.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/math/spatial_velocity.h"
#include "ossa/multibody/plant/externally_applied_spatial_force_multiplexer.h"
#include "ossa/multibody/plant/propeller.h"
#include "ossa/multibody/plant/wing.h"

namespace ossa::multibody {
namespace spatial_force_systems_test {

using math::RigidTransform;
using math::RollPitchYaw;
using math::RotationMatrix;
using Forces = std::vector<ExternallyAppliedSpatialForce<double>>;

// Round-off of a few products of rotation matrices.
constexpr double kTol = 1e-14;

TEST(PropellerTest, ThrustAndMomentAlongPropellerZ) {
  const RigidTransform<double> X_BP(RollPitchYaw<double>(0.3, -0.2, 0.1),
                                    Eigen::Vector3d(0.1, 0.0, -0.05));
  Propeller<double> propeller(BodyIndex(1), X_BP, 3.0, 0.5);
  auto context = propeller.CreateDefaultContext();
  propeller.get_command_input_port().FixValue(
      context.get(), Eigen::VectorXd(Eigen::VectorXd::Constant(1, 2)));
  const RigidTransform<double> X_WB(RollPitchYaw<double>(0.4, 0.1, -0.7),
                                    Eigen::Vector3d(0, 0, 1));
  propeller.get_body_poses_input_port().FixValue(
      context.get(),
      std::vector<RigidTransform<double>>{RigidTransform<double>(), X_WB});
  const auto& forces =
      propeller.get_spatial_forces_output_port().Eval<Forces>(*context);
  ASSERT_EQ(forces.size(), 1);
  // f = 3·2·Pz_W, τ = 0.5·2·Pz_W, at P's origin.
  const Eigen::Vector3d Pz_W =
      (X_WB.rotation() * X_BP.rotation()).matrix().col(2);
  EXPECT_EQ(forces[0].body_index, BodyIndex(1));
  EXPECT_TRUE(forces[0].p_BoBq_B.isApprox(X_BP.translation(), kTol));
  EXPECT_TRUE(forces[0].F_Bq_W.translational().isApprox(6.0 * Pz_W, kTol));
  EXPECT_TRUE(forces[0].F_Bq_W.rotational().isApprox(1.0 * Pz_W, kTol));
  EXPECT_LOGIC_ERROR(
      Propeller<double>(std::vector<PropellerInfo>{PropellerInfo(BodyIndex())}),
      "invalid body index");
  EXPECT_EQ(propeller.ToAutoDiffXd()->num_output_ports(), 1);
}

TEST(WingTest, FlatPlateForce) {
  Wing<double> wing(BodyIndex(1), 2.0, RigidTransform<double>(), 1.5);
  auto context = wing.CreateDefaultContext();
  const RigidTransform<double> X_WB(RollPitchYaw<double>(0.0, 0.0, 0.6),
                                    Eigen::Vector3d(1, 2, 3));
  wing.get_body_poses_input_port().FixValue(
      context.get(),
      std::vector<RigidTransform<double>>{RigidTransform<double>(), X_WB});
  auto set_velocity = [&](const Eigen::Vector3d& v_WB) {
    wing.get_body_spatial_velocities_input_port().FixValue(
        context.get(),
        std::vector<SpatialVelocity<double>>{
            SpatialVelocity<double>::Zero(),
            SpatialVelocity<double>(Eigen::Vector3d::Zero(), v_WB)});
  };
  // Falling flat at 3 m/s: all drag, ρ·S·v² = 1.5·2·9 upward.
  set_velocity(Eigen::Vector3d(0, 0, -3));
  auto forces = wing.get_spatial_force_output_port().Eval<Forces>(*context);
  EXPECT_TRUE(forces[0].F_Bq_W.translational().isApprox(
      Eigen::Vector3d(0, 0, 27.0), kTol));
  EXPECT_TRUE(forces[0].F_Bq_W.rotational().isZero());
  // Along the chord at 45° of attack: |f| = ρ·S·|v|²·sinα along −Az·sign.
  const Eigen::Vector3d chord_W = X_WB.rotation().matrix().col(0);
  set_velocity(chord_W + Eigen::Vector3d(0, 0, 1));
  forces = wing.get_spatial_force_output_port().Eval<Forces>(*context);
  const double expected = 1.5 * 2.0 * 2.0 * std::sin(M_PI / 4);
  EXPECT_NEAR(forces[0].F_Bq_W.translational().z(), -expected, kTol);
  // Wind equal to the body's velocity: no force.
  wing.get_wind_velocity_input_port().FixValue(
      context.get(), Eigen::VectorXd(chord_W + Eigen::Vector3d(0, 0, 1)));
  forces = wing.get_spatial_force_output_port().Eval<Forces>(*context);
  EXPECT_TRUE(forces[0].F_Bq_W.translational().isZero(kTol));
  EXPECT_TRUE(wing.get_aerodynamic_center_output_port().Eval(*context).isApprox(
      X_WB.translation(), kTol));
  EXPECT_LOGIC_ERROR(Wing<double>(BodyIndex(1), 0.0), "surface_area is 0");
}

TEST(MultiplexerTest, ConcatenatesInPortOrder) {
  ExternallyAppliedSpatialForceMultiplexer<double> mux(2);
  ASSERT_EQ(mux.num_input_ports(), 2);
  EXPECT_EQ(mux.get_input_port(1).get_name(), "u1");
  auto context = mux.CreateDefaultContext();
  ExternallyAppliedSpatialForce<double> a, b, c;
  a.body_index = BodyIndex(1);
  b.body_index = BodyIndex(2);
  c.body_index = BodyIndex(3);
  mux.get_input_port(0).FixValue(context.get(), Forces{a, b});
  mux.get_input_port(1).FixValue(context.get(), Forces{c});
  const auto& y = mux.get_output_port(0).Eval<Forces>(*context);
  ASSERT_EQ(y.size(), 3);
  EXPECT_EQ(y[0].body_index, BodyIndex(1));
  EXPECT_EQ(y[2].body_index, BodyIndex(3));
  EXPECT_LOGIC_ERROR(ExternallyAppliedSpatialForceMultiplexer<double>(-1),
                     "must be non-negative");
}

}  // namespace spatial_force_systems_test
}  // namespace ossa::multibody
