// MultibodyPlant under input that used to crash, hang or return NaN
// silently: time derivatives of a discrete plant, non-finite state, zero
// quaternions, and models whose articulated-body hinge inertia is singular
// (a massless body on a free or revolute joint), continuous and discrete.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/weld_joint.h"
#include "ossa/systems/analysis/simulator.h"

namespace ossa::multibody {
namespace multibody_plant_reliability_test {

using ::testing::AllOf;
using ::testing::HasSubstr;

template <typename Exception>
auto Throws(const std::string& a, const std::string& b = "") {
  return ::testing::ThrowsMessage<Exception>(AllOf(HasSubstr(a), HasSubstr(b)));
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A pendulum ("link" on revolute "pin") and a free sphere ("ball").
template <typename T>
std::unique_ptr<MultibodyPlant<T>> MakePendulumAndBall(double time_step) {
  auto plant = std::make_unique<MultibodyPlant<T>>(time_step);
  const auto& link = plant->AddRigidBody(
      "link", SpatialInertia<double>::SolidSphereWithMass(1.0, 0.1));
  plant->template AddJoint<RevoluteJoint>(
      "pin", plant->world_body(), std::nullopt, link,
      math::RigidTransform<double>(Vector3<double>(0, 0, 0.5)),
      Vector3<double>::UnitY());
  plant->AddRigidBody("ball",
                      SpatialInertia<double>::SolidSphereWithMass(2.0, 0.2));
  plant->Finalize();
  return plant;
}

template <typename T>
class DiscreteDerivatives : public ::testing::Test {};
using Scalars = ::testing::Types<double, AutoDiffXd>;
TYPED_TEST_SUITE(DiscreteDerivatives, Scalars);

// The reference returns empty derivatives for a discrete plant; this
// crashed (a write into a vector of size 0).
TYPED_TEST(DiscreteDerivatives, AreEmpty) {
  using T = TypeParam;
  auto plant = MakePendulumAndBall<T>(0.01);
  auto context = plant->CreateDefaultContext();
  EXPECT_EQ(plant->EvalTimeDerivatives(*context).size(), 0);
  auto derivatives = plant->AllocateTimeDerivatives();
  plant->CalcTimeDerivatives(*context, derivatives.get());
  EXPECT_EQ(derivatives->size(), 0);
  // The implicit residual of a system without continuous state is empty.
  VectorX<T> residual(0);
  plant->CalcImplicitTimeDerivativesResidual(*context, *derivatives, &residual);
  // The state still advances by the discrete update.
  plant->SetPositions(context.get(),
                      VectorX<T>::Ones(plant->num_positions()) * 0.3);
  systems::Simulator<T> simulator(*plant, std::move(context));
  simulator.AdvanceTo(0.1);
  EXPECT_NE(
      ExtractDoubleOrThrow(plant->GetPositions(simulator.get_context())[0]),
      0.3);
}

TEST(NonFiniteState, SettersRejectNaNAndInfinity) {
  auto plant = MakePendulumAndBall<double>(0.0);
  auto context = plant->CreateDefaultContext();
  const Eigen::VectorXd q0 = plant->GetPositions(*context);
  Eigen::VectorXd q = q0;
  q[0] = kNaN;
  EXPECT_THAT([&] { plant->SetPositions(context.get(), q); },
              Throws<std::logic_error>("SetPositions(): q[0] is nan"));
  q = q0;
  q[5] = kInf;
  EXPECT_THAT([&] { plant->SetPositions(context.get(), q); },
              Throws<std::logic_error>("SetPositions(): q[5] is inf"));
  Eigen::VectorXd v = Eigen::VectorXd::Zero(plant->num_velocities());
  v[6] = -kInf;
  EXPECT_THAT([&] { plant->SetVelocities(context.get(), v); },
              Throws<std::logic_error>("SetVelocities(): v[6] is -inf"));
  Eigen::VectorXd x(plant->num_positions() + plant->num_velocities());
  x << q0, Eigen::VectorXd::Zero(plant->num_velocities());
  x[x.size() - 1] = kNaN;
  EXPECT_THAT([&] { plant->SetPositionsAndVelocities(context.get(), x); },
              Throws<std::logic_error>("SetPositionsAndVelocities()", "nan"));
  const ModelInstanceIndex instance =
      plant->GetBodyByName("ball").model_instance();
  Eigen::VectorXd q_instance = plant->GetPositions(*context, instance);
  q_instance[2] = kNaN;
  EXPECT_THAT([&] { plant->SetPositions(context.get(), instance, q_instance); },
              Throws<std::logic_error>("SetPositions()", "q_instance"));
  EXPECT_THAT([&] { plant->SetDefaultPositions(q); },
              Throws<std::logic_error>("SetDefaultPositions()", "inf"));
  // Nothing was written.
  EXPECT_EQ(plant->GetPositions(*context), q0);
}

TEST(NonFiniteState, ZeroQuaternionIsAnError) {
  auto plant = MakePendulumAndBall<double>(0.0);
  auto context = plant->CreateDefaultContext();
  Eigen::VectorXd q = plant->GetPositions(*context);
  const int q_ball = plant->GetBodyByName("ball").floating_positions_start();
  q.segment<4>(q_ball).setZero();
  // Accepted as a state (the reference accepts it too) ...
  plant->SetPositions(context.get(), q);
  // ... but not as a rotation.
  EXPECT_THAT([&] { plant->EvalTimeDerivatives(*context); },
              Throws<std::logic_error>("quaternion are zero"));
  Eigen::MatrixXd M(plant->num_velocities(), plant->num_velocities());
  EXPECT_THAT([&] { plant->CalcMassMatrix(*context, &M); },
              Throws<std::logic_error>("quaternion are zero"));
}

// A massless body on the given joint kind below a massive link: the hinge
// inertia of that joint is zero.
template <typename T>
std::unique_ptr<MultibodyPlant<T>> MakeMasslessTip(double time_step,
                                                   bool prismatic,
                                                   bool welded_tool) {
  auto plant = std::make_unique<MultibodyPlant<T>>(time_step);
  const auto& arm = plant->AddRigidBody(
      "arm", SpatialInertia<double>::SolidBoxWithMass(1.0, 0.1, 0.1, 0.5));
  plant->template AddJoint<RevoluteJoint>("shoulder", plant->world_body(),
                                          std::nullopt, arm, std::nullopt,
                                          Vector3<double>::UnitY());
  const auto& tip = plant->AddRigidBody("tip", SpatialInertia<double>::Zero());
  if (prismatic) {
    plant->template AddJoint<PrismaticJoint>("slider", arm, std::nullopt, tip,
                                             std::nullopt,
                                             Vector3<double>::UnitZ());
  } else {
    plant->template AddJoint<RevoluteJoint>("wrist", arm, std::nullopt, tip,
                                            std::nullopt,
                                            Vector3<double>::UnitX());
  }
  if (welded_tool) {
    // A massless tool welded to the tip: the weld-merged tree's group.
    const auto& tool =
        plant->AddRigidBody("tool", SpatialInertia<double>::Zero());
    plant->template AddJoint<WeldJoint>(
        "tool_weld", tip, std::nullopt, tool, std::nullopt,
        math::RigidTransform<double>(Vector3<double>(0.1, 0, 0)));
  }
  plant->Finalize();
  return plant;
}

TEST(SingularHingeInertia, ContinuousNamesTheJointAndBodies) {
  for (bool welded_tool : {false, true}) {
    auto plant = MakeMasslessTip<double>(0.0, false, welded_tool);
    auto context = plant->CreateDefaultContext();
    EXPECT_THAT([&] { plant->EvalTimeDerivatives(*context); },
                Throws<std::runtime_error>("joint 'wrist'",
                                           "body 'arm' to body 'tip', is not "
                                           "positive-definite"))
        << welded_tool;
    // The mass matrix is finite (singular), as the reference's.
    Eigen::MatrixXd M(2, 2);
    plant->CalcMassMatrix(*context, &M);
    EXPECT_TRUE(M.allFinite());
    EXPECT_EQ(M(1, 1), 0.0);
  }
  auto prismatic = MakeMasslessTip<double>(0.0, true, false);
  auto context = prismatic->CreateDefaultContext();
  EXPECT_THAT([&] { prismatic->EvalTimeDerivatives(*context); },
              Throws<std::runtime_error>("joint 'slider'", "no mass along"));
}

// With a locked joint the forward dynamics solve the unlocked dofs' dense
// mass matrix, which must be positive definite too.
TEST(SingularHingeInertia, LockedJoints) {
  auto plant = MakeMasslessTip<double>(0.0, false, false);
  auto context = plant->CreateDefaultContext();
  plant->GetJointByName("shoulder").Lock(context.get());
  EXPECT_THAT([&] { plant->EvalTimeDerivatives(*context); },
              Throws<std::runtime_error>("unlocked joints' velocities",
                                         "not positive-definite"));
  // The wrist locked instead leaves a regular problem.
  plant->GetJointByName("shoulder").Unlock(context.get());
  plant->GetJointByName("wrist").Lock(context.get());
  EXPECT_TRUE(plant->EvalTimeDerivatives(*context).CopyToVector().allFinite());
}

TEST(SingularHingeInertia, AutoDiffXd) {
  auto plant = MakeMasslessTip<AutoDiffXd>(0.0, false, true);
  auto context = plant->CreateDefaultContext();
  EXPECT_THAT([&] { plant->EvalTimeDerivatives(*context); },
              Throws<std::runtime_error>("joint 'wrist'", "positive-definite"));
}

TEST(SingularHingeInertia, MasslessFreeBody) {
  for (double time_step : {0.0, 1e-3}) {
    MultibodyPlant<double> plant(time_step);
    plant.AddRigidBody("dust", SpatialInertia<double>::Zero());
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    if (time_step == 0.0) {
      EXPECT_THAT([&] { plant.EvalTimeDerivatives(*context); },
                  Throws<std::runtime_error>("body 'world' to body 'dust'",
                                             "positive-definite"));
    }
    systems::Simulator<double> simulator(plant, std::move(context));
    EXPECT_THAT([&] { simulator.AdvanceTo(0.01); },
                Throws<std::runtime_error>("body 'dust'", "positive-definite"))
        << time_step;
  }
}

TEST(SingularHingeInertia, DiscreteSchemes) {
  for (auto approximation : {DiscreteContactApproximation::kTamsi,
                             DiscreteContactApproximation::kSap,
                             DiscreteContactApproximation::kSimilar,
                             DiscreteContactApproximation::kLagged}) {
    auto plant = std::make_unique<MultibodyPlant<double>>(1e-3);
    const auto& arm = plant->AddRigidBody(
        "arm", SpatialInertia<double>::SolidBoxWithMass(1.0, 0.1, 0.1, 0.5));
    plant->AddJoint<RevoluteJoint>("shoulder", plant->world_body(),
                                   std::nullopt, arm, std::nullopt,
                                   Vector3<double>::UnitY());
    const auto& tip =
        plant->AddRigidBody("tip", SpatialInertia<double>::Zero());
    plant->AddJoint<RevoluteJoint>("wrist", arm, std::nullopt, tip,
                                   std::nullopt, Vector3<double>::UnitX());
    plant->set_discrete_contact_approximation(approximation);
    plant->Finalize();
    auto context = plant->CreateDefaultContext();
    systems::Simulator<double> simulator(*plant, std::move(context));
    EXPECT_THAT(
        [&] { simulator.AdvanceTo(0.01); },
        Throws<std::runtime_error>("joint 'wrist'", "positive-definite"))
        << static_cast<int>(approximation);
  }
}

// A NaN in the state gives NaN derivatives (as in the reference); the
// error-controlled integrator used to shrink its step forever on them.
TEST(NonFiniteState, SimulatorRaisesInsteadOfHanging) {
  auto plant = MakePendulumAndBall<double>(0.0);
  auto context = plant->CreateDefaultContext();
  Eigen::VectorXd x = context->get_continuous_state_vector().CopyToVector();
  x[plant->num_positions()] = kNaN;  // The pin's rate.
  context->SetContinuousState(x);
  systems::Simulator<double> simulator(*plant, std::move(context));
  EXPECT_THAT([&] { simulator.AdvanceTo(1.0); },
              Throws<std::runtime_error>("continuous state at t = 0 holds nan",
                                         "non-finite state"));
}

TEST(NonFiniteState, SimulatorRejectsNaNTimes) {
  auto plant = MakePendulumAndBall<double>(0.0);
  systems::Simulator<double> simulator(*plant);
  EXPECT_THAT([&] { simulator.AdvanceTo(kNaN); },
              Throws<std::logic_error>("boundary time is NaN"));
  simulator.get_mutable_context().SetTime(kNaN);
  EXPECT_THAT(
      [&] { simulator.AdvanceTo(1.0); },
      Throws<std::logic_error>("AdvanceTo(): the Context's time is nan"));
  simulator.get_mutable_context().SetTime(kInf);
  EXPECT_THAT(
      [&] { simulator.Initialize(); },
      Throws<std::logic_error>("Initialize(): the Context's time is inf"));
}

}  // namespace
}  // namespace ossa::multibody
