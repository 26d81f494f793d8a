// MultibodyPlant<symbolic::Expression>: a plant built in double and
// converted with ToSymbolic(), as the reference's users do, queried through
// its Context with q and v as variables.
//
// The acrobot (Spong, "The swing up control problem for the Acrobot", 1995)
// and the double pendulum (its point-mass special case): two links in the
// x-z plane, both joints about ŷ, link i hanging along −ẑ of its body frame
// at angle qᵢ from the downward vertical (q₂ relative to link 1), joint 2 at
// distance l₁ below joint 1; link i has mass mᵢ, com at lcᵢ from its joint
// and central inertia mᵢ·kᵢ about every axis. Gravity g along −ẑ. With
// c₂ = cos q₂, s₂ = sin q₂, s₁₂ = sin(q₁ + q₂):
//
//   M₁₁ = m₁k₁ + m₂k₂ + m₁lc₁² + m₂(l₁² + lc₂² + 2l₁lc₂c₂)
//   M₁₂ = M₂₁ = m₂k₂ + m₂(lc₂² + l₁lc₂c₂),   M₂₂ = m₂k₂ + m₂lc₂²
//   C·v = [−m₂l₁lc₂s₂(2v₁v₂ + v₂²);  m₂l₁lc₂s₂v₁²]
//   τ_g = −[g(m₁lc₁ + m₂l₁)sin q₁ + m₂g·lc₂·s₁₂;  m₂g·lc₂·s₁₂]
//
// The parameters are dyadic rationals (and g = 8), so that every product of
// them is exact in floating point: the plant's expressions then equal the
// closed forms exactly, their expanded difference (reduced by
// sin² + cos² = 1, which Expand() does not apply) being the zero
// expression. With the reference's g = 9.81 they are also compared at random
// states to 1e-12.

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ossa/common/symbolic/environment.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/geometry/scene_graph.h"
#include "ossa/multibody/plant/externally_applied_spatial_force_multiplexer.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/propeller.h"
#include "ossa/multibody/plant/wing.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/systems/framework/diagram.h"
#include "ossa/systems/framework/diagram_builder.h"
#include "ossa/systems/framework/unique_periodic_discrete_update.h"

namespace ossa::multibody {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;

struct SymAcrobotParams {
  double m1, m2, l1, lc1, lc2, k1, k2, g;
};

// The acrobot as a double plant (continuous, or discrete for the error
// tests), finalized.
std::unique_ptr<MultibodyPlant<double>> MakeSymAcrobotPlant(
    const SymAcrobotParams& p, double time_step = 0.0) {
  auto plant = std::make_unique<MultibodyPlant<double>>(time_step);
  plant->set_name("acrobot");
  auto link = [&](const char* name, double m, double lc, double k) {
    // Unit inertia about Bo of a com at (0, 0, −lc) with central inertia
    // m·k about every axis: k·I + (|r|²·I − r·rᵀ).
    return &plant->AddRigidBody(
        name, SpatialInertia<double>(
                  m, Vector3<double>(0, 0, -lc),
                  UnitInertia<double>(k + lc * lc, k + lc * lc, k)));
  };
  const RigidBody<double>* link1 = link("link1", p.m1, p.lc1, p.k1);
  const RigidBody<double>* link2 = link("link2", p.m2, p.lc2, p.k2);
  plant->AddJoint<RevoluteJoint>("shoulder", plant->world_body(), std::nullopt,
                                 *link1, std::nullopt,
                                 Vector3<double>::UnitY());
  plant->AddJoint<RevoluteJoint>(
      "elbow", *link1,
      math::RigidTransform<double>(Vector3<double>(0, 0, -p.l1)), *link2,
      std::nullopt, Vector3<double>::UnitY());
  plant->mutable_gravity_field().set_gravity_vector(
      Vector3<double>(0, 0, -p.g));
  plant->Finalize();
  return plant;
}

struct SymPlantDynamics {
  MatrixX<Expression> M{2, 2};
  VectorX<Expression> Cv{2}, tau_g{2};
};

// The closed forms above, in the variables q and v.
SymPlantDynamics SymAcrobotClosedForm(const SymAcrobotParams& p,
                                      const Vector2<Expression>& q,
                                      const Vector2<Expression>& v) {
  const double m1 = p.m1, m2 = p.m2, l1 = p.l1, lc1 = p.lc1, lc2 = p.lc2,
               k1 = p.k1, k2 = p.k2, g = p.g;
  const Expression c2 = cos(q(1)), s2 = sin(q(1));
  // sin(q₁ + q₂) by the angle-sum identity: the plant composes the two
  // rotations and never forms the angle sum.
  const Expression s12 = sin(q(0)) * c2 + cos(q(0)) * s2;
  SymPlantDynamics d;
  d.M(0, 0) = m1 * k1 + m2 * k2 + m1 * lc1 * lc1 +
              m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2);
  d.M(0, 1) = m2 * k2 + m2 * (lc2 * lc2 + l1 * lc2 * c2);
  d.M(1, 0) = d.M(0, 1);
  d.M(1, 1) = m2 * k2 + m2 * lc2 * lc2;
  d.Cv(0) = -m2 * l1 * lc2 * s2 * (2 * v(0) * v(1) + v(1) * v(1));
  d.Cv(1) = m2 * l1 * lc2 * s2 * v(0) * v(0);
  d.tau_g(0) = -(g * (m1 * lc1 + m2 * l1) * sin(q(0)) + m2 * g * lc2 * s12);
  d.tau_g(1) = -(m2 * g * lc2 * s12);
  return d;
}

// `e` with every pow(sin(x), k), k ≥ 2 an integer, written as
// sin(x)^(k mod 2)·(1 − cos(x)²)^(k div 2): applied to an expanded
// polynomial in sines and cosines and expanded again, the normal form modulo
// sin² + cos² = 1.
Expression SymPlantReduceSines(const Expression& e) {
  using symbolic::ExpressionKind;
  const std::vector<Expression> a = symbolic::get_arguments(e);
  switch (e.get_kind()) {
    case ExpressionKind::Add:
      return SymPlantReduceSines(a[0]) + SymPlantReduceSines(a[1]);
    case ExpressionKind::Mul:
      return SymPlantReduceSines(a[0]) * SymPlantReduceSines(a[1]);
    case ExpressionKind::Pow:
      if (a[0].get_kind() == ExpressionKind::Sin && is_constant(a[1])) {
        const double k = symbolic::get_constant_value(a[1]);
        if (k >= 2 && k == std::floor(k)) {
          const int n = static_cast<int>(k);
          const Expression c = cos(symbolic::get_arguments(a[0])[0]);
          return pow(a[0], n % 2) * pow(1 - c * c, n / 2);
        }
      }
      return e;
    default:
      return e;
  }
}

bool SymPlantEqual(const Expression& a, const Expression& b) {
  return symbolic::is_zero(SymPlantReduceSines((a - b).Expand()).Expand());
}

// The plant's M(q), C(q, v)·v and τ_g(q) through its symbolic Context.
SymPlantDynamics SymPlantQueries(const MultibodyPlant<Expression>& plant,
                                 systems::Context<Expression>* context,
                                 const Vector2<Expression>& q,
                                 const Vector2<Expression>& v) {
  plant.SetPositions(context, q);
  plant.SetVelocities(context, v);
  SymPlantDynamics d;
  plant.CalcMassMatrix(*context, &d.M);
  plant.CalcBiasTerm(*context, &d.Cv);
  d.tau_g = plant.CalcGravityGeneralizedForces(*context);
  return d;
}

std::unique_ptr<MultibodyPlant<Expression>> SymPlantToSymbolic(
    const MultibodyPlant<double>& plant) {
  std::unique_ptr<systems::System<Expression>> converted = plant.ToSymbolic();
  auto* sym = dynamic_cast<MultibodyPlant<Expression>*>(converted.get());
  EXPECT_NE(sym, nullptr);
  converted.release();
  return std::unique_ptr<MultibodyPlant<Expression>>(sym);
}

void ExpectClosedFormsSymbolically(const SymAcrobotParams& p) {
  auto plant = MakeSymAcrobotPlant(p);
  auto sym = SymPlantToSymbolic(*plant);
  ASSERT_EQ(sym->get_name(), "acrobot");
  auto context = sym->CreateDefaultContext();
  const Variable q1("q1"), q2("q2"), v1("v1"), v2("v2");
  const Vector2<Expression> q(q1, q2), v(v1, v2);
  const SymPlantDynamics d = SymPlantQueries(*sym, context.get(), q, v);
  const SymPlantDynamics e = SymAcrobotClosedForm(p, q, v);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      EXPECT_TRUE(SymPlantEqual(d.M(i, j), e.M(i, j)))
          << "M(" << i << ", " << j << "): " << d.M(i, j).Expand() << " vs "
          << e.M(i, j).Expand();
    }
    EXPECT_TRUE(SymPlantEqual(d.Cv(i), e.Cv(i)))
        << "Cv(" << i << "): " << d.Cv(i).Expand() << " vs "
        << e.Cv(i).Expand();
    EXPECT_TRUE(SymPlantEqual(d.tau_g(i), e.tau_g(i)))
        << "tau_g(" << i << "): " << d.tau_g(i).Expand() << " vs "
        << e.tau_g(i).Expand();
  }
}

TEST(SymbolicPlant, AcrobotEqualsClosedFormSymbolically) {
  ExpectClosedFormsSymbolically({1.0, 2.0, 1.0, 0.5, 1.0, 0.25, 0.5, 8.0});
}

TEST(SymbolicPlant, DoublePendulumEqualsClosedFormSymbolically) {
  // Point masses at the link ends: lcᵢ = lᵢ, kᵢ = 0.
  ExpectClosedFormsSymbolically({1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 8.0});
}

// The reference's acrobot parameters (acrobot.urdf) and g = 9.81: at random
// states the symbolic plant's results equal the closed forms and the double
// plant's. Different arithmetic on O(1)–O(10) values: 1e-12 relative.
TEST(SymbolicPlant, AcrobotAgreesWithClosedFormAndDoublePlantAtRandomStates) {
  const SymAcrobotParams p{1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81};
  auto plant = MakeSymAcrobotPlant(p);
  auto sym = SymPlantToSymbolic(*plant);
  auto sym_context = sym->CreateDefaultContext();
  auto context = plant->CreateDefaultContext();
  const Variable q1("q1"), q2("q2"), v1("v1"), v2("v2");
  const Vector2<Expression> q(q1, q2), v(v1, v2);
  const SymPlantDynamics d = SymPlantQueries(*sym, sym_context.get(), q, v);
  const SymPlantDynamics e = SymAcrobotClosedForm(p, q, v);
  std::mt19937 gen(7);
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  for (int k = 0; k < 20; ++k) {
    const Eigen::Vector2d qk(u(gen), u(gen)), vk(u(gen), u(gen));
    const Environment env{{q1, qk(0)}, {q2, qk(1)}, {v1, vk(0)}, {v2, vk(1)}};
    plant->SetPositions(context.get(), qk);
    plant->SetVelocities(context.get(), vk);
    Eigen::MatrixXd M(2, 2);
    plant->CalcMassMatrix(*context, &M);
    Eigen::VectorXd Cv(2);
    plant->CalcBiasTerm(*context, &Cv);
    const Eigen::VectorXd tau_g = plant->CalcGravityGeneralizedForces(*context);
    const Eigen::MatrixXd M_sym = symbolic::Evaluate(d.M, env);
    const Eigen::VectorXd Cv_sym = symbolic::Evaluate(d.Cv, env);
    const Eigen::VectorXd g_sym = symbolic::Evaluate(d.tau_g, env);
    EXPECT_LT((M_sym - symbolic::Evaluate(e.M, env)).norm(), 1e-12);
    EXPECT_LT((Cv_sym - symbolic::Evaluate(e.Cv, env)).norm(), 1e-12);
    EXPECT_LT((g_sym - symbolic::Evaluate(e.tau_g, env)).norm(), 1e-12);
    EXPECT_LT((M_sym - M).norm(), 1e-12);
    EXPECT_LT((Cv_sym - Cv).norm(), 1e-12);
    EXPECT_LT((g_sym - tau_g).norm(), 1e-12);
  }
}

// The time derivatives on the symbolic Context: ẋ = [v; M⁻¹(τ_g − C·v)],
// by the articulated-body pass on Expression; evaluated, they equal the
// double plant's.
TEST(SymbolicPlant, TimeDerivativesEqualDoublePlant) {
  const SymAcrobotParams p{1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81};
  auto plant = MakeSymAcrobotPlant(p);
  auto sym = SymPlantToSymbolic(*plant);
  auto sym_context = sym->CreateDefaultContext();
  const Variable q1("q1"), q2("q2"), v1("v1"), v2("v2");
  sym->SetPositions(sym_context.get(), Vector2<Expression>(q1, q2));
  sym->SetVelocities(sym_context.get(), Vector2<Expression>(v1, v2));
  const VectorX<Expression> xdot =
      sym->EvalTimeDerivatives(*sym_context).CopyToVector();
  ASSERT_EQ(xdot.size(), 4);
  auto context = plant->CreateDefaultContext();
  const Eigen::Vector4d x(0.3, -1.1, 0.7, 2.0);
  plant->SetPositionsAndVelocities(context.get(), x);
  const Eigen::VectorXd xdot_double =
      plant->EvalTimeDerivatives(*context).CopyToVector();
  const Environment env{{q1, x(0)}, {q2, x(1)}, {v1, x(2)}, {v2, x(3)}};
  // Different arithmetic (the pass divides by the symbolic pivots) on
  // O(10) values: 1e-12 relative.
  EXPECT_LT((symbolic::Evaluate(xdot, env) - xdot_double).norm(),
            1e-12 * (1 + xdot_double.norm()));
}

// Converted back to double, the plant is the original one.
TEST(SymbolicPlant, ConvertsBackToDouble) {
  const SymAcrobotParams p{1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81};
  auto plant = MakeSymAcrobotPlant(p);
  auto sym = SymPlantToSymbolic(*plant);
  std::unique_ptr<systems::System<double>> back =
      sym->template ToScalarType<double>();
  auto* back_plant = dynamic_cast<MultibodyPlant<double>*>(back.get());
  ASSERT_NE(back_plant, nullptr);
  EXPECT_EQ(back_plant->num_positions(), 2);
  EXPECT_EQ(back_plant->GetJointByName("elbow").name(), "elbow");
  auto c1 = plant->CreateDefaultContext();
  auto c2 = back_plant->CreateDefaultContext();
  const Eigen::Vector2d q(0.4, -0.9);
  plant->SetPositions(c1.get(), q);
  back_plant->SetPositions(c2.get(), q);
  Eigen::MatrixXd M1(2, 2), M2(2, 2);
  plant->CalcMassMatrix(*c1, &M1);
  back_plant->CalcMassMatrix(*c2, &M2);
  EXPECT_EQ(M1, M2);
}

// A discrete plant on Expression keeps its discrete state but, as the
// reference's, declares no step (its solvers need numbers).
TEST(SymbolicPlant, DiscreteStepThrows) {
  const SymAcrobotParams p{1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81};
  auto plant = MakeSymAcrobotPlant(p, 0.01);
  auto sym = SymPlantToSymbolic(*plant);
  EXPECT_TRUE(sym->is_discrete());
  auto context = sym->CreateDefaultContext();
  EXPECT_EQ(context->num_discrete_state_groups(), 1);
  EXPECT_THROW(systems::CalcUniquePeriodicDiscreteUpdate(*sym, *context),
               std::logic_error);
  // A forced update (no events) leaves the state as it is, as the
  // reference's.
  std::unique_ptr<systems::DiscreteValues<Expression>> next =
      sym->AllocateDiscreteVariables();
  sym->CalcForcedDiscreteVariableUpdate(*context, next.get());
  EXPECT_TRUE(next->get_vector(0).CopyToVector()(0).EqualTo(
      context->get_discrete_state(0).CopyToVector()(0)));
  // The dynamics queries still run on it.
  MatrixX<Expression> M_dyn(2, 2);
  sym->CalcMassMatrix(*context, &M_dyn);
  EXPECT_TRUE(is_constant(M_dyn(1, 1)));
}

// Checks that need a boolean decide on constants and raise
// std::logic_error on expressions with variables, as the reference's do
// (its SpatialInertia.IsPhysicallyValid() on Expression the same).
TEST(SymbolicPlant, UndecidableChecksThrowDecidableOnesPass) {
  const UnitInertia<Expression> G(1, 1, 1);
  const Vector3<Expression> p = Vector3<Expression>::Zero();
  EXPECT_TRUE(SpatialInertia<Expression>(2.0, p, G).IsPhysicallyValid());
  EXPECT_FALSE(
      SpatialInertia<Expression>(-1.0, p, G, true).IsPhysicallyValid());
  const SpatialInertia<Expression> M_var(Expression(Variable("m")), p, G);
  EXPECT_THROW(M_var.IsPhysicallyValid(), std::logic_error);
  // The plant's state setters accept variables.
  const SymAcrobotParams params{1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 9.81};
  auto sym = SymPlantToSymbolic(*MakeSymAcrobotPlant(params));
  auto context = sym->CreateDefaultContext();
  EXPECT_NO_THROW(sym->SetPositions(
      context.get(), Vector2<Expression>(Variable("a"), Expression(0.0))));
}

// The plant's companion systems convert too, and so does a Diagram of the
// plant with its SceneGraph (as AddMultibodyPlantSceneGraph() builds it).
TEST(SymbolicPlant, CompanionSystemsAndDiagramsConvert) {
  EXPECT_NE(Propeller<double>(BodyIndex(1)).ToSymbolic(), nullptr);
  EXPECT_NE(Wing<double>(BodyIndex(1), 0.5).ToSymbolic(), nullptr);
  EXPECT_NE(ExternallyAppliedSpatialForceMultiplexer<double>(2).ToSymbolic(),
            nullptr);
  systems::DiagramBuilder<double> builder;
  auto [plant, scene_graph] = AddMultibodyPlantSceneGraph(&builder, 0.0);
  plant.AddRigidBody("ball", SpatialInertia<double>::MakeUnitary());
  plant.Finalize();
  std::unique_ptr<systems::Diagram<double>> diagram = builder.Build();
  std::unique_ptr<systems::System<Expression>> converted =
      diagram->ToSymbolic();
  ASSERT_NE(converted, nullptr);
  // The free body's 7 positions and 6 velocities, on Expression.
  auto context = converted->CreateDefaultContext();
  EXPECT_EQ(context->num_continuous_states(), 13);
}

}  // namespace
}  // namespace ossa::multibody
