// Per-Context parameters of bodies, joints and actuators: a body's mass
// properties, a joint's damping, an actuator's rotor inertia and gear
// ratio. Closed forms of a pendulum (M = m·l² + ρ²·I_r, damping torque
// −d·θ̇), a body welded into a composite, two Contexts of one plant, and
// AutoDiffXd derivatives with respect to a parameter.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/analysis/simulator.h"

namespace ossa::multibody {
namespace context_parameters_test {

using math::RigidTransform;

// Every value below is a short sum of products of O(1) numbers.
constexpr double kTol = 1e-12;
constexpr double kLength = 0.8;
constexpr double kMass = 1.5;

// A pendulum: a point mass kMass at p_BoBcm_B = (0, 0, −kLength) on a
// revolute joint about y at the world origin, with damping 0.2, an
// actuator (I_r = 0.01, ρ = 5) and, if `tool_mass` > 0, a point-mass tool
// welded at (0, 0, −2·kLength) in the link frame (a composite body of the
// compiled core). Hanging straight down at q = 0.
template <typename T>
struct Pendulum {
  explicit Pendulum(double tool_mass = 0, double time_step = 0)
      : plant(time_step) {
    link = &plant.AddRigidBody("link",
                               SpatialInertia<double>::PointMass(
                                   kMass, Vector3<double>(0, 0, -kLength)));
    pin = &plant.template AddJoint<RevoluteJoint>(
        "pin", plant.world_body(), std::nullopt, *link, std::nullopt,
        Vector3<double>::UnitY(), 0.2);
    motor = &plant.AddJointActuator("motor", *pin);
    plant.get_mutable_joint_actuator(motor->index())
        .set_default_rotor_inertia(0.01);
    plant.get_mutable_joint_actuator(motor->index())
        .set_default_gear_ratio(5.0);
    if (tool_mass > 0) {
      tool =
          &plant.AddRigidBody("tool", SpatialInertia<double>::PointMass(
                                          tool_mass, Vector3<double>::Zero()));
      plant.WeldFrames(
          link->body_frame(), tool->body_frame(),
          RigidTransform<double>(Vector3<double>(0, 0, -2 * kLength)));
    }
    plant.Finalize();
  }
  T MassMatrix(const systems::Context<T>& context) const {
    MatrixX<T> M(1, 1);
    plant.CalcMassMatrix(context, &M);
    return M(0, 0);
  }
  MultibodyPlant<T> plant;
  const RigidBody<T>* link{nullptr};
  const RigidBody<T>* tool{nullptr};
  const RevoluteJoint<T>* pin{nullptr};
  const JointActuator<T>* motor{nullptr};
};

TEST(ContextParametersTest, SetMassChangesThePendulumInertia) {
  Pendulum<double> p;
  auto context = p.plant.CreateDefaultContext();
  const double reflected = 25 * 0.01;
  EXPECT_NEAR(p.MassMatrix(*context), kMass * kLength * kLength + reflected,
              kTol);
  p.link->SetMass(context.get(), 3.0);
  EXPECT_EQ(p.link->get_mass(*context), 3.0);
  // M = m·l² with the new m: the unit inertia about Bo is kept.
  EXPECT_NEAR(p.MassMatrix(*context), 3.0 * kLength * kLength + reflected,
              kTol);
  EXPECT_NEAR(p.plant.CalcTotalMass(*context), 3.0, kTol);
  // The model's default and a new Context keep the model value.
  EXPECT_EQ(p.link->default_mass(), kMass);
  auto fresh = p.plant.CreateDefaultContext();
  EXPECT_EQ(p.link->get_mass(*fresh), kMass);
  EXPECT_NEAR(p.MassMatrix(*fresh), kMass * kLength * kLength + reflected,
              kTol);
}

TEST(ContextParametersTest, CenterOfMassAndSpatialInertia) {
  Pendulum<double> p;
  auto context = p.plant.CreateDefaultContext();
  const Vector3<double> com(0.1, 0, -0.5);
  p.link->SetCenterOfMassInBodyFrame(context.get(), com);
  EXPECT_TRUE(p.link->CalcCenterOfMassInBodyFrame(*context).isApprox(com));
  // At q = 0 the body frame is the world's: p_WScm = p_BoBcm_B.
  EXPECT_TRUE(
      p.plant.CalcCenterOfMassPositionInWorld(*context).isApprox(com, kTol));
  // The gravity torque about y of a mass at (x, 0, z) under g = −9.81 ẑ:
  // τ_y = (p × f)_y = z·f_x − x·f_z = x·m·9.81, and τ_g = τ_y.
  const VectorX<double> tau_g = p.plant.CalcGravityGeneralizedForces(*context);
  EXPECT_NEAR(tau_g[0], com.x() * kMass * 9.81, kTol);

  const SpatialInertia<double> M_new =
      SpatialInertia<double>::SolidBoxWithMass(2.0, 0.1, 0.2, 0.3);
  p.link->SetSpatialInertiaInBodyFrame(context.get(), M_new);
  EXPECT_TRUE(p.link->CalcSpatialInertiaInBodyFrame(*context)
                  .CopyToFullMatrix6()
                  .isApprox(M_new.CopyToFullMatrix6(), kTol));
  // A box about its center: M = I_yy = m·(a² + c²)/12 (plus the rotor).
  EXPECT_NEAR(p.MassMatrix(*context), 2.0 * (0.01 + 0.09) / 12 + 25 * 0.01,
              kTol);
}

TEST(ContextParametersTest, WeldedBodyMassEntersItsComposite) {
  const double tool_mass = 0.5;
  Pendulum<double> p(tool_mass);
  auto context = p.plant.CreateDefaultContext();
  const double l2 = 2 * kLength;
  const double reflected = 25 * 0.01;
  EXPECT_NEAR(p.MassMatrix(*context),
              kMass * kLength * kLength + tool_mass * l2 * l2 + reflected,
              kTol);
  p.tool->SetMass(context.get(), 2.0);
  EXPECT_NEAR(p.MassMatrix(*context),
              kMass * kLength * kLength + 2.0 * l2 * l2 + reflected, kTol);
  EXPECT_NEAR(p.plant.CalcTotalMass(*context), kMass + 2.0, kTol);
  // Inverse dynamics with v̇ = 1 at rest, hanging: τ = M·v̇ (gravity has no
  // moment there).
  MultibodyForces<double> forces(p.plant);
  const VectorX<double> tau =
      p.plant.CalcInverseDynamics(*context, VectorX<double>::Ones(1), forces);
  EXPECT_NEAR(tau[0], p.MassMatrix(*context), kTol);
  // The tool's center of mass moved sideways gives a gravity torque.
  p.tool->SetCenterOfMassInBodyFrame(context.get(), Vector3<double>(0.3, 0, 0));
  EXPECT_NEAR(p.plant.CalcGravityGeneralizedForces(*context)[0],
              0.3 * 2.0 * 9.81, kTol);
}

TEST(ContextParametersTest, DampingAndRotorInertia) {
  Pendulum<double> p;
  auto context = p.plant.CreateDefaultContext();
  EXPECT_EQ(p.pin->GetDamping(*context), 0.2);
  p.pin->SetDamping(context.get(), 0.7);
  EXPECT_EQ(p.pin->GetDamping(*context), 0.7);
  EXPECT_EQ(p.pin->GetDampingVector(*context),
            VectorX<double>::Constant(1, 0.7));
  EXPECT_EQ(p.pin->default_damping(), 0.2);

  p.motor->SetRotorInertia(context.get(), 0.02);
  p.motor->SetGearRatio(context.get(), -3.0);
  EXPECT_EQ(p.motor->rotor_inertia(*context), 0.02);
  EXPECT_EQ(p.motor->gear_ratio(*context), -3.0);
  EXPECT_NEAR(p.motor->calc_reflected_inertia(*context), 9 * 0.02, kTol);
  const double M = kMass * kLength * kLength + 9 * 0.02;
  EXPECT_NEAR(p.MassMatrix(*context), M, kTol);
  // Hanging straight down with θ̇ = 2 and no input: M·θ̈ = −d·θ̇.
  p.plant.get_actuation_input_port().FixValue(
      context.get(), VectorX<double>(VectorX<double>::Zero(1)));
  p.pin->set_angular_rate(context.get(), 2.0);
  const VectorX<double> xdot =
      p.plant.EvalTimeDerivatives(*context).CopyToVector();
  EXPECT_NEAR(xdot[1], -0.7 * 2.0 / M, kTol);
  EXPECT_EQ(p.motor->default_rotor_inertia(), 0.01);
  EXPECT_EQ(p.motor->default_gear_ratio(), 5.0);
}

TEST(ContextParametersTest, DiscreteStepSeesTheContextValues) {
  // One step of the discrete plant from θ̇ = 2 with damping d, which the
  // step treats implicitly: (M + h·d)·θ̇⁺ = M·θ̇ (hanging, no input, no
  // gravity moment; the position update uses θ̇⁺ so θ moves off zero only
  // after the step).
  const double h = 0.01;
  Pendulum<double> p(0, h);
  systems::Simulator<double> simulator(p.plant);
  systems::Context<double>& context = simulator.get_mutable_context();
  p.plant.get_actuation_input_port().FixValue(
      &context, VectorX<double>(VectorX<double>::Zero(1)));
  p.link->SetMass(&context, 2.0);
  p.pin->SetDamping(&context, 3.0);
  p.motor->SetRotorInertia(&context, 0.0);
  p.pin->set_angular_rate(&context, 2.0);
  simulator.AdvanceTo(h);
  const double M = 2.0 * kLength * kLength;
  EXPECT_NEAR(p.pin->get_angular_rate(context), M * 2.0 / (M + h * 3.0), kTol);
}

TEST(ContextParametersTest, TwoContextsHoldTheirOwnValues) {
  Pendulum<double> p(0.5);
  auto a = p.plant.CreateDefaultContext();
  auto b = p.plant.CreateDefaultContext();
  p.link->SetMass(a.get(), 4.0);
  p.tool->SetMass(b.get(), 1.0);
  p.pin->SetDamping(b.get(), 1.0);
  EXPECT_EQ(p.link->get_mass(*a), 4.0);
  EXPECT_EQ(p.link->get_mass(*b), kMass);
  EXPECT_EQ(p.tool->get_mass(*a), 0.5);
  EXPECT_EQ(p.tool->get_mass(*b), 1.0);
  EXPECT_EQ(p.pin->GetDamping(*a), 0.2);
  EXPECT_EQ(p.pin->GetDamping(*b), 1.0);
  const double l2 = 2 * kLength, reflected = 0.25;
  EXPECT_NEAR(p.MassMatrix(*a),
              4.0 * kLength * kLength + 0.5 * l2 * l2 + reflected, kTol);
  EXPECT_NEAR(p.MassMatrix(*b),
              kMass * kLength * kLength + 1.0 * l2 * l2 + reflected, kTol);
  // A clone carries the values of its source.
  auto c = a->Clone();
  EXPECT_EQ(p.link->get_mass(*c), 4.0);
}

TEST(ContextParametersTest, AutoDiffDerivativeWithRespectToMass) {
  Pendulum<AutoDiffXd> p(0.5);
  auto context = p.plant.CreateDefaultContext();
  // ∂M/∂m_tool = l2², ∂M/∂I_r = ρ².
  p.tool->SetMass(context.get(), AutoDiffXd(0.5, Eigen::Vector2d(1, 0)));
  p.motor->SetRotorInertia(context.get(),
                           AutoDiffXd(0.01, Eigen::Vector2d(0, 1)));
  const AutoDiffXd M = p.MassMatrix(*context);
  const double l2 = 2 * kLength;
  EXPECT_NEAR(M.derivatives()[0], l2 * l2, kTol);
  EXPECT_NEAR(M.derivatives()[1], 25.0, kTol);
}

TEST(ContextParametersTest, BadInputThrows) {
  Pendulum<double> p;
  auto context = p.plant.CreateDefaultContext();
  EXPECT_LOGIC_ERROR(p.link->SetMass(context.get(), -1.0), "SetMass", "link",
                     "nonnegative");
  EXPECT_LOGIC_ERROR(
      p.link->SetMass(context.get(), std::numeric_limits<double>::quiet_NaN()),
      "link");
  EXPECT_LOGIC_ERROR(
      p.link->SetCenterOfMassInBodyFrame(
          context.get(),
          Vector3<double>(0, std::numeric_limits<double>::quiet_NaN(), 0)),
      "SetCenterOfMassInBodyFrame", "link", "NaN");
  EXPECT_LOGIC_ERROR(p.link->SetMass(nullptr, 1.0), "SetMass", "nullptr");
  EXPECT_LOGIC_ERROR(p.pin->SetDamping(context.get(), -0.1),
                     "RevoluteJoint::SetDamping", "pin", "nonnegative");
  EXPECT_LOGIC_ERROR(
      p.pin->SetDampingVector(context.get(), VectorX<double>::Ones(2)),
      "SetDampingVector", "pin", "size 2");
  EXPECT_LOGIC_ERROR(p.motor->SetRotorInertia(context.get(), -1.0),
                     "SetRotorInertia", "motor");
  EXPECT_LOGIC_ERROR(
      p.motor->SetGearRatio(context.get(),
                            std::numeric_limits<double>::infinity()),
      "SetGearRatio", "motor", "finite");
  // A Context of another plant.
  Pendulum<double> other;
  auto other_context = other.plant.CreateDefaultContext();
  EXPECT_THROW(p.link->SetMass(other_context.get(), 1.0), std::logic_error);
  EXPECT_THROW(p.link->get_mass(*other_context), std::logic_error);
  EXPECT_THROW(p.pin->GetDamping(*other_context), std::logic_error);
  EXPECT_THROW(p.motor->rotor_inertia(*other_context), std::logic_error);
  // Nothing changed in the Context after the failed calls.
  EXPECT_EQ(p.link->get_mass(*context), kMass);
  EXPECT_EQ(p.pin->GetDamping(*context), 0.2);
  // Before Finalize() there is no Context.
  MultibodyPlant<double> unfinalized(0);
  const auto& body = unfinalized.AddRigidBody(
      "lonely", SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
  EXPECT_LOGIC_ERROR(body.get_mass(*context), "get_mass", "lonely",
                     "finalized");
}

}  // namespace context_parameters_test
}  // namespace ossa::multibody
