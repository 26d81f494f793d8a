// Random distributions of joint positions as expressions of random
// variables: every joint kind's setter, the free-body setters of the plant,
// what SetRandomContext draws and in which order, scalar conversion, errors.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "ossa/common/scalar_traits.h"
#include "ossa/common/test/expect_logic_error.h"
#include "ossa/math/roll_pitch_yaw.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/ball_rpy_joint.h"
#include "ossa/multibody/tree/planar_joint.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/quaternion_floating_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/rpy_floating_joint.h"
#include "ossa/multibody/tree/screw_joint.h"
#include "ossa/multibody/tree/universal_joint.h"

namespace ossa::multibody {
namespace random_distributions_test {

using math::RigidTransform;
using math::RollPitchYaw;
using symbolic::Expression;
using symbolic::Variable;

Expression NewUniform(const std::string& name) {
  return Expression(Variable(name, Variable::Type::RANDOM_UNIFORM));
}

// offset[i] + scale·uᵢ for n new uniform variables, created in order.
VectorX<Expression> Affine(int n, double offset, double scale) {
  VectorX<Expression> e(n);
  for (int i = 0; i < n; ++i)
    e[i] = offset + i + scale * NewUniform("u" + std::to_string(i));
  return e;
}

// A model with every joint kind, added in an order other than the tree's,
// and one body without a joint (Finalize() floats it).
std::unique_ptr<MultibodyPlant<double>> MakeEveryKindPlant() {
  auto plant = std::make_unique<MultibodyPlant<double>>(0.0);
  const auto M = SpatialInertia<double>::SolidBoxWithMass(1, 0.1, 0.2, 0.3);
  const char* names[] = {"a", "b", "c", "d", "e", "f", "g", "h", "free"};
  for (const char* name : names) plant->AddRigidBody(name, M);
  auto body = [&](const char* name) -> const RigidBody<double>& {
    return plant->GetBodyByName(name);
  };
  const auto& W = plant->world_frame();
  plant->AddJoint(std::make_unique<PrismaticJoint<double>>(
      "prismatic", body("a").body_frame(), body("b").body_frame(),
      Vector3<double>::UnitX()));
  plant->AddJoint(std::make_unique<BallRpyJoint<double>>(
      "ball", W, body("c").body_frame()));
  plant->AddJoint(std::make_unique<RevoluteJoint<double>>(
      "revolute", W, body("a").body_frame(), Vector3<double>::UnitZ()));
  plant->AddJoint(std::make_unique<UniversalJoint<double>>(
      "universal", body("c").body_frame(), body("d").body_frame()));
  plant->AddJoint(std::make_unique<PlanarJoint<double>>(
      "planar", W, body("e").body_frame(), Vector3<double>::Zero()));
  plant->AddJoint(std::make_unique<ScrewJoint<double>>(
      "screw", W, body("f").body_frame(), 0.1, 0.0));
  plant->AddJoint(std::make_unique<RpyFloatingJoint<double>>(
      "rpy", W, body("g").body_frame()));
  plant->AddJoint(std::make_unique<QuaternionFloatingJoint<double>>(
      "quaternion", W, body("h").body_frame()));
  return plant;
}

// Sets a distribution on every joint of MakeEveryKindPlant() through the
// kinds' own setters.
void SetEveryKindDistribution(MultibodyPlant<double>* plant) {
  plant->GetMutableJointByName<RevoluteJoint>("revolute")
      .set_random_angle_distribution(Affine(1, 0.5, 2.0)[0]);
  plant->GetMutableJointByName<PrismaticJoint>("prismatic")
      .set_random_translation_distribution(Affine(1, -1.0, 0.5)[0]);
  plant->GetMutableJointByName<BallRpyJoint>("ball")
      .set_random_angles_distribution(Affine(3, 0.1, 0.25));
  plant->GetMutableJointByName<UniversalJoint>("universal")
      .set_random_angles_distribution(Affine(2, 0.2, 0.3));
  const VectorX<Expression> planar = Affine(3, 1.0, 4.0);
  plant->GetMutableJointByName<PlanarJoint>("planar")
      .set_random_pose_distribution(planar.head<2>(), planar[2]);
  plant->GetMutableJointByName<ScrewJoint>("screw")
      .set_random_pose_distribution(Affine(1, 0.3, 1.5));
  auto& rpy = plant->GetMutableJointByName<RpyFloatingJoint>("rpy");
  rpy.set_random_translation_distribution(Affine(3, 2.0, 1.0));
  rpy.set_random_angles_distribution(Affine(3, -0.5, 0.1));
  auto& quaternion =
      plant->GetMutableJointByName<QuaternionFloatingJoint>("quaternion");
  const VectorX<Expression> wxyz = Affine(4, 0.5, 0.125);
  quaternion.set_random_quaternion_distribution(
      Eigen::Quaternion<Expression>(wxyz[0], wxyz[1], wxyz[2], wxyz[3]));
  quaternion.set_random_translation_distribution(Affine(3, 3.0, 0.5));
}

// The q SetRandomContext must give: each joint's distribution evaluated at
// standard uniform draws, the joints in the order of their coordinates and
// the variables in their order of creation (the free body keeps its
// default).
VectorX<double> ExpectedPositions(const MultibodyPlant<double>& plant,
                                  const systems::Context<double>& defaults,
                                  unsigned seed) {
  VectorX<double> q = plant.GetPositions(defaults);
  std::vector<const Joint<double>*> joints;
  for (JointIndex i(0); i < plant.num_joints(); ++i) {
    if (plant.get_joint(i).has_random_state())
      joints.push_back(&plant.get_joint(i));
  }
  std::sort(joints.begin(), joints.end(), [](auto* a, auto* b) {
    return a->position_start() < b->position_start();
  });
  RandomGenerator generator(seed);
  for (const Joint<double>* joint : joints) {
    const VectorX<Expression>& e = *joint->get_random_positions_distribution();
    std::vector<Variable> vars;
    for (int i = 0; i < e.size(); ++i)
      for (const Variable& v : e[i].GetVariables()) vars.push_back(v);
    std::sort(vars.begin(), vars.end(), symbolic::VariableLess{});
    vars.erase(std::unique(vars.begin(), vars.end(),
                           [](auto& a, auto& b) { return a.equal_to(b); }),
               vars.end());
    symbolic::Environment env;
    for (const Variable& v : vars)
      env.insert(v, std::uniform_real_distribution<double>(0, 1)(generator));
    for (int i = 0; i < e.size(); ++i)
      q[joint->position_start() + i] = e[i].Evaluate(env);
  }
  return q;
}

TEST(RandomDistributionsTest, EveryKindIsSampledInCoordinateOrder) {
  auto plant = MakeEveryKindPlant();
  SetEveryKindDistribution(plant.get());  // before Finalize(): kept
  plant->Finalize();
  auto defaults = plant->CreateDefaultContext();
  auto context = plant->CreateDefaultContext();
  plant->SetVelocities(context.get(),
                       VectorX<double>::Ones(plant->num_velocities()));
  for (unsigned seed : {1u, 5u, 99u}) {
    RandomGenerator generator(seed);
    plant->SetRandomContext(context.get(), &generator);
    EXPECT_EQ(plant->GetPositions(*context),
              ExpectedPositions(*plant, *defaults, seed));
    // Velocities are the defaults (zero).
    EXPECT_EQ(plant->GetVelocities(*context),
              VectorX<double>::Zero(plant->num_velocities()));
  }
  // The quaternion is used as drawn (not normalized), as in the
  // specification: its entries are the affine forms of the draws.
  RandomGenerator generator(7);
  plant->SetRandomContext(context.get(), &generator);
  const VectorX<double> q_h =
      plant->GetJointByName("quaternion").GetPositions(*context);
  EXPECT_GT(std::abs(q_h.head<4>().norm() - 1.0), 0.1);
}

TEST(RandomDistributionsTest, FloatingSettersKeepTheOtherPartOrZero) {
  auto plant = MakeEveryKindPlant();
  plant->Finalize();
  auto& rpy = plant->GetMutableJointByName<RpyFloatingJoint>("rpy");
  auto& quaternion =
      plant->GetMutableJointByName<QuaternionFloatingJoint>("quaternion");
  // Non-zero defaults, which a partial distribution does not use.
  rpy.set_default_angles(Vector3<double>(0.1, 0.2, 0.3));
  rpy.set_default_translation(Vector3<double>(1, 2, 3));
  quaternion.set_default_quaternion(
      RollPitchYaw<double>(0.3, 0.2, 0.1).ToQuaternion());
  quaternion.set_default_position(Vector3<double>(4, 5, 6));
  rpy.set_random_translation_distribution(Vector3<Expression>(7, 8, 9));
  quaternion.set_random_translation_distribution(
      Vector3<Expression>(10, 11, 12));
  auto context = plant->CreateDefaultContext();
  RandomGenerator generator(3);
  plant->SetRandomContext(context.get(), &generator);
  VectorX<double> expected_rpy(6), expected_quaternion(7);
  expected_rpy << 0, 0, 0, 7, 8, 9;
  expected_quaternion << 1, 0, 0, 0, 10, 11, 12;
  EXPECT_EQ(rpy.GetPositions(*context), expected_rpy);
  EXPECT_EQ(quaternion.GetPositions(*context), expected_quaternion);
  // Setting the rotation now keeps the translation's distribution.
  rpy.set_random_angles_distribution(Vector3<Expression>(-1, -2, -3));
  quaternion.set_random_quaternion_distribution(
      Eigen::Quaternion<Expression>(2, 0, 0, 0));
  plant->SetRandomContext(context.get(), &generator);
  expected_rpy.head<3>() << -1, -2, -3;
  expected_quaternion[0] = 2;
  EXPECT_EQ(rpy.GetPositions(*context), expected_rpy);
  EXPECT_EQ(quaternion.GetPositions(*context), expected_quaternion);
}

TEST(RandomDistributionsTest, UniformQuaternionIsShoemakes) {
  auto plant = MakeEveryKindPlant();
  plant->Finalize();
  auto& quaternion =
      plant->GetMutableJointByName<QuaternionFloatingJoint>("quaternion");
  quaternion.set_random_quaternion_distribution_to_uniform();
  auto context = plant->CreateDefaultContext();
  // Closed form: three uniform draws u₁, u₂, u₃.
  RandomGenerator generator(11), expected(11);
  plant->SetRandomContext(context.get(), &generator);
  std::uniform_real_distribution<double> uniform(0, 1);
  const double u1 = uniform(expected), u2 = uniform(expected),
               u3 = uniform(expected);
  const Vector4<double> q = quaternion.GetPositions(*context).head<4>();
  const double kTol = 4 * std::numeric_limits<double>::epsilon();
  EXPECT_NEAR(q[0], std::sqrt(1 - u1) * std::sin(2 * M_PI * u2), kTol);
  EXPECT_NEAR(q[1], std::sqrt(1 - u1) * std::cos(2 * M_PI * u2), kTol);
  EXPECT_NEAR(q[2], std::sqrt(u1) * std::sin(2 * M_PI * u3), kTol);
  EXPECT_NEAR(q[3], std::sqrt(u1) * std::cos(2 * M_PI * u3), kTol);
  // Statistics over many samples: a uniform unit quaternion has zero mean
  // and E[qᵢ²] = 1/4 for each entry. With n = 4000 the standard error of a
  // mean is σ/√n with σ = 1/2 (≈ 0.008), and of a mean square 1/(4√n)
  // (Var qᵢ² = E qᵢ⁴ − 1/16 = 1/8 − 1/16); 5 standard errors bound them.
  const int n = 4000;
  Vector4<double> mean = Vector4<double>::Zero(), square = mean;
  for (int i = 0; i < n; ++i) {
    plant->SetRandomContext(context.get(), &generator);
    const Vector4<double> s = quaternion.GetPositions(*context).head<4>();
    EXPECT_NEAR(s.norm(), 1.0, 1e-14);
    mean += s / n;
    square += s.cwiseProduct(s) / n;
  }
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(mean[k], 0.0, 5 * 0.5 / std::sqrt(n));
    EXPECT_NEAR(square[k], 0.25, 5 * std::sqrt(1.0 / 16 / n));
  }
}

TEST(RandomDistributionsTest, PlantFreeBodySetters) {
  auto plant = MakeEveryKindPlant();
  const RigidBody<double>& free = plant->GetBodyByName("free");
  const Vector3<Expression> p(NewUniform("x"), 2, 3);
  // Before Finalize() the free body has no joint yet.
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomTranslationDistribution(free, p),
                     "SetFreeBodyRandomTranslationDistribution", "Finalize");
  plant->Finalize();
  // Not a free body.
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomTranslationDistribution(
                         plant->GetBodyByName("a"), p),
                     "SetFreeBodyRandomTranslationDistribution", "'a'",
                     "not a free body");
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomRotationDistributionToUniform(
                         plant->GetBodyByName("b")),
                     "not a free body");
  // The kind of floating joint must match the setter.
  const RigidBody<double>& g = plant->GetBodyByName("g");  // rpy floating
  const RigidBody<double>& h = plant->GetBodyByName("h");  // quaternion
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomRotationDistribution(
                         g, Eigen::Quaternion<Expression>(1, 0, 0, 0)),
                     "requires a quaternion_floating joint", "'g'",
                     "SetFreeBodyRandomAnglesDistribution");
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomRotationDistributionToUniform(g),
                     "requires a quaternion_floating joint");
  EXPECT_LOGIC_ERROR(plant->SetFreeBodyRandomAnglesDistribution(
                         h, RollPitchYaw<Expression>(Vector3<Expression>(
                                Expression(0.1), 0.2, 0.3))),
                     "requires a rpy_floating joint", "'h'",
                     "SetFreeBodyRandomRotationDistribution");
  // What each sets: the joint's distribution.
  plant->SetFreeBodyRandomTranslationDistribution(free, p);
  plant->SetFreeBodyRandomRotationDistribution(
      free, Eigen::Quaternion<Expression>(0, 1, 0, 0));
  plant->SetFreeBodyRandomTranslationDistribution(g, p);
  plant->SetFreeBodyRandomAnglesDistribution(
      g,
      RollPitchYaw<Expression>(Vector3<Expression>(Expression(0.1), 0.2, 0.3)));
  plant->SetFreeBodyRandomRotationDistributionToUniform(h);
  auto context = plant->CreateDefaultContext();
  RandomGenerator generator(21);
  plant->SetRandomContext(context.get(), &generator);
  const RigidTransform<double> X_free = plant->GetFreeBodyPose(*context, free);
  EXPECT_TRUE(X_free.rotation().IsNearlyEqualTo(
      math::RotationMatrix<double>(Quaternion<double>(0, 1, 0, 0)), 1e-15));
  const double x = X_free.translation().x();
  EXPECT_GE(x, 0.0);
  EXPECT_LT(x, 1.0);
  EXPECT_EQ(X_free.translation().tail<2>(), Vector2<double>(2, 3));
  VectorX<double> q_g = plant->GetJointByName("rpy").GetPositions(*context);
  EXPECT_EQ(q_g.head<3>(), Vector3<double>(0.1, 0.2, 0.3));
  EXPECT_NE(q_g[3], x);  // x is drawn anew for each joint
  const VectorX<double> q_h =
      plant->GetJointByName("quaternion").GetPositions(*context);
  EXPECT_NEAR(q_h.head<4>().norm(), 1.0, 1e-15);
}

TEST(RandomDistributionsTest, DistributionsSurviveScalarConversion) {
  auto plant = MakeEveryKindPlant();
  SetEveryKindDistribution(plant.get());
  plant->Finalize();
  plant->SetFreeBodyRandomRotationDistributionToUniform(
      plant->GetBodyByName("free"));
  auto context = plant->CreateDefaultContext();
  RandomGenerator generator(4);
  plant->SetRandomContext(context.get(), &generator);
  const VectorX<double> q = plant->GetPositions(*context);

  std::unique_ptr<systems::System<AutoDiffXd>> ad = plant->ToAutoDiffXd();
  auto context_ad = ad->CreateDefaultContext();
  RandomGenerator generator_ad(4);
  ad->SetRandomContext(context_ad.get(), &generator_ad);
  const auto& plant_ad = dynamic_cast<const MultibodyPlant<AutoDiffXd>&>(*ad);
  EXPECT_EQ(ExtractValue(plant_ad.GetPositions(*context_ad)), q);

  std::unique_ptr<systems::System<Expression>> sym = plant->ToSymbolic();
  auto context_sym = sym->CreateDefaultContext();
  RandomGenerator generator_sym(4);
  sym->SetRandomContext(context_sym.get(), &generator_sym);
  const auto& plant_sym = dynamic_cast<const MultibodyPlant<Expression>&>(*sym);
  const VectorX<Expression> q_sym = plant_sym.GetPositions(*context_sym);
  for (int i = 0; i < q.size(); ++i) {
    EXPECT_EQ(ExtractDoubleOrThrow(q_sym[i]), q[i]) << i;
  }
}

}  // namespace random_distributions_test
}  // namespace ossa::multibody
