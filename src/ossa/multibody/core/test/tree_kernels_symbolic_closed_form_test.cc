// The kernels on symbolic::Expression against textbook closed forms: the
// acrobot (Spong, "The swing up control problem for the Acrobot", 1995) and
// the double pendulum (its point-mass special case) with every parameter a
// variable. M(q), the bias term C(q, v)·v and the gravity term equal the
// closed forms symbolically (their expanded difference, reduced by
// sin² + cos² = 1, is the zero expression) and, with random parameters and
// states, numerically to 1e-12.
//
// The model: two links in the x-z plane, both joints about ŷ, link i hanging
// along −ẑ of its body frame at angle qᵢ from the downward vertical
// (q₂ relative to link 1), joint 2 at distance l₁ below joint 1. Link i has
// mass mᵢ, com at distance lcᵢ from its joint and central inertia mᵢ·kᵢ about
// ŷ (kᵢ the squared radius of gyration; so that mᵢ·Gᵢ stays a polynomial).
// Gravity is g along −ẑ. With c₂ = cos q₂, s₂ = sin q₂:
//
//   M₁₁ = m₁k₁ + m₂k₂ + m₁lc₁² + m₂(l₁² + lc₂² + 2l₁lc₂c₂)
//   M₁₂ = M₂₁ = m₂k₂ + m₂(lc₂² + l₁lc₂c₂),   M₂₂ = m₂k₂ + m₂lc₂²
//   C·v = [−m₂l₁lc₂s₂(2v₁v₂ + v₂²);  m₂l₁lc₂s₂v₁²]
//   τ_g = −[g(m₁lc₁ + m₂l₁)sin q₁ + m₂g·lc₂·sin(q₁+q₂);  m₂g·lc₂·sin(q₁+q₂)]
//
// (τ_g is the generalized force of gravity, minus the gradient of the
// potential energy V = −g(m₁lc₁ + m₂l₁)cos q₁ − m₂g·lc₂·cos(q₁+q₂).)

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ossa/common/symbolic/environment.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;

struct AcrobotVariables {
  Variable m1{"m1"}, m2{"m2"}, l1{"l1"}, lc1{"lc1"}, lc2{"lc2"}, k1{"k1"},
      k2{"k2"}, g{"g"};
  Variable q1{"q1"}, q2{"q2"}, v1{"v1"}, v2{"v2"};
};

struct AcrobotSymbolicDynamics {
  MatrixX<Expression> M{2, 2};
  VectorX<Expression> Cv{2}, tau_g{2};
};

// Unit inertia about Bo of a link with com at (0, 0, −lc) and central
// inertia m·k about every axis: k·I + (|r|²·I − r·rᵀ).
Matrix3<Expression> LinkUnitInertia(const Expression& lc, const Expression& k) {
  Matrix3<Expression> G = Matrix3<Expression>::Zero();
  G(0, 0) = k + lc * lc;
  G(1, 1) = k + lc * lc;
  G(2, 2) = k;
  return G;
}

AcrobotSymbolicDynamics BuildAcrobot(const AcrobotVariables& x) {
  CompiledTree tree;
  MobilizerConstants c;
  c.axis = Eigen::Vector3d::UnitY();
  tree.AddMobod(MobodIndex(0), MobilizerKind::kRevolute, c);
  tree.AddMobod(MobodIndex(1), MobilizerKind::kRevolute, c);
  TreeParameters<Expression> params(tree);
  const Expression m[] = {x.m1, x.m2}, lc[] = {x.lc1, x.lc2},
                   k[] = {x.k1, x.k2};
  for (int i = 0; i < 2; ++i) {
    MobodParameters<Expression>& p = params.mobods[i + 1];
    p.mass = m[i];
    p.p_BoBcm_B = Vector3<Expression>(0.0, 0.0, -lc[i]);
    p.G_BBo_B = LinkUnitInertia(lc[i], k[i]);
  }
  params.mobods[2].X_PF.p = Vector3<Expression>(0.0, 0.0, -Expression(x.l1));
  const Vector2<Expression> q(x.q1, x.q2), v(x.v1, x.v2);
  TreeWorkspace<Expression> ws(tree);
  CalcPositionKinematics<Expression>(tree, params, q, &ws);
  CalcVelocityKinematics<Expression>(tree, params, q, v, &ws);
  AcrobotSymbolicDynamics d;
  CalcMassMatrix<Expression>(tree, params, &ws, d.M);
  CalcBiasTerm<Expression>(tree, params, &ws, d.Cv);
  CalcGravityGeneralizedForces<Expression>(
      tree, params, Vector3<Expression>(0.0, 0.0, -Expression(x.g)), &ws,
      d.tau_g);
  return d;
}

AcrobotSymbolicDynamics ClosedForm(const AcrobotVariables& x) {
  using std::cos;
  using std::sin;
  const Expression m1(x.m1), m2(x.m2), l1(x.l1), lc1(x.lc1), lc2(x.lc2),
      k1(x.k1), k2(x.k2), g(x.g), q1(x.q1), q2(x.q2), v1(x.v1), v2(x.v2);
  AcrobotSymbolicDynamics d;
  const Expression c2 = cos(q2), s2 = sin(q2);
  d.M(0, 0) = m1 * k1 + m2 * k2 + m1 * lc1 * lc1 +
              m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2);
  d.M(0, 1) = m2 * k2 + m2 * (lc2 * lc2 + l1 * lc2 * c2);
  d.M(1, 0) = d.M(0, 1);
  d.M(1, 1) = m2 * k2 + m2 * lc2 * lc2;
  d.Cv(0) = -m2 * l1 * lc2 * s2 * (2 * v1 * v2 + v2 * v2);
  d.Cv(1) = m2 * l1 * lc2 * s2 * v1 * v1;
  // sin(q₁ + q₂) by the angle-sum identity: the kernels compose the two
  // rotations and never form the angle sum.
  const Expression s12 = sin(q1) * c2 + cos(q1) * s2;
  d.tau_g(0) = -(g * (m1 * lc1 + m2 * l1) * sin(q1) + m2 * g * lc2 * s12);
  d.tau_g(1) = -(m2 * g * lc2 * s12);
  return d;
}

// `e` with every pow(sin(x), k), k ≥ 2 an integer, written as
// sin(x)^(k mod 2)·(1 − cos(x)²)^(k div 2). Applied to an expanded
// polynomial in sines and cosines and expanded again, it gives the normal
// form modulo sin² + cos² = 1 (a sum of cos(x)ʲ and sin(x)·cos(x)ʲ
// monomials), which is the zero expression exactly when the polynomial
// vanishes for every angle. Expand() alone does not apply the identity (nor
// does the reference's). Handles the kinds the two-link dynamics contain.
Expression ReduceSineSquares(const Expression& e) {
  using symbolic::ExpressionKind;
  const std::vector<Expression> a = symbolic::get_arguments(e);
  switch (e.get_kind()) {
    case ExpressionKind::Constant:
    case ExpressionKind::Var:
    case ExpressionKind::Sin:
    case ExpressionKind::Cos:
      return e;
    case ExpressionKind::Add:
      return ReduceSineSquares(a[0]) + ReduceSineSquares(a[1]);
    case ExpressionKind::Mul:
      return ReduceSineSquares(a[0]) * ReduceSineSquares(a[1]);
    case ExpressionKind::Div:
      return ReduceSineSquares(a[0]) / ReduceSineSquares(a[1]);
    case ExpressionKind::Pow: {
      if (a[0].get_kind() == ExpressionKind::Sin && is_constant(a[1])) {
        const double k = symbolic::get_constant_value(a[1]);
        if (k >= 2 && k == std::floor(k)) {
          const int n = static_cast<int>(k);
          const Expression c = cos(symbolic::get_arguments(a[0])[0]);
          return pow(a[0], n % 2) * pow(1 - c * c, n / 2);
        }
      }
      return pow(ReduceSineSquares(a[0]), ReduceSineSquares(a[1]));
    }
    default:
      throw std::logic_error("ReduceSineSquares: unexpected kind " +
                             std::string(to_string(e.get_kind())));
  }
}

// True if a − b vanishes identically: its expanded form reduced modulo
// sin² + cos² = 1 is the zero expression.
bool SymbolicallyEqual(const Expression& a, const Expression& b) {
  return symbolic::is_zero(ReduceSineSquares((a - b).Expand()).Expand());
}

// The parameters (positive, lengths in m, masses in kg, k in m²) and a
// state, drawn at random.
Environment RandomEnvironment(const AcrobotVariables& x, std::mt19937* gen) {
  std::uniform_real_distribution<double> pos(0.2, 2.0), any(-3.0, 3.0);
  Environment env;
  for (const Variable* p :
       {&x.m1, &x.m2, &x.l1, &x.lc1, &x.lc2, &x.k1, &x.k2, &x.g}) {
    env.insert(*p, pos(*gen));
  }
  for (const Variable* s : {&x.q1, &x.q2, &x.v1, &x.v2}) {
    env.insert(*s, any(*gen));
  }
  return env;
}

TEST(TreeKernelsSymbolicClosedForm, AcrobotMatchesTextbookSymbolically) {
  const AcrobotVariables x;
  const AcrobotSymbolicDynamics d = BuildAcrobot(x);
  const AcrobotSymbolicDynamics e = ClosedForm(x);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      EXPECT_TRUE(SymbolicallyEqual(d.M(i, j), e.M(i, j)))
          << "M(" << i << ", " << j << "): " << d.M(i, j).Expand() << " vs "
          << e.M(i, j).Expand();
    }
    EXPECT_TRUE(SymbolicallyEqual(d.Cv(i), e.Cv(i)))
        << "Cv(" << i << "): " << d.Cv(i).Expand() << " vs "
        << e.Cv(i).Expand();
    EXPECT_TRUE(SymbolicallyEqual(d.tau_g(i), e.tau_g(i)))
        << "tau_g(" << i << "): " << d.tau_g(i).Expand() << " vs "
        << e.tau_g(i).Expand();
  }
}

// Evaluated with random parameters and states. The two sides are different
// arithmetic on O(1) values: 1e-12 relative to the entries' size.
void ExpectNumericallyEqual(const AcrobotVariables& x,
                            const AcrobotSymbolicDynamics& d,
                            const AcrobotSymbolicDynamics& e) {
  std::mt19937 gen(1);
  for (int k = 0; k < 100; ++k) {
    const Environment env = RandomEnvironment(x, &gen);
    const Eigen::Matrix2d M = symbolic::Evaluate(d.M, env);
    const Eigen::Matrix2d M_expected = symbolic::Evaluate(e.M, env);
    EXPECT_LT((M - M_expected).norm(), 1e-12 * M_expected.norm());
    for (const auto& [got, want] :
         {std::pair{&d.Cv, &e.Cv}, std::pair{&d.tau_g, &e.tau_g}}) {
      const Eigen::Vector2d a = symbolic::Evaluate(*got, env);
      const Eigen::Vector2d b = symbolic::Evaluate(*want, env);
      EXPECT_LT((a - b).norm(), 1e-12 * (1 + b.norm())) << "state " << k;
    }
  }
}

TEST(TreeKernelsSymbolicClosedForm, AcrobotMatchesTextbookNumerically) {
  const AcrobotVariables x;
  ExpectNumericallyEqual(x, BuildAcrobot(x), ClosedForm(x));
}

// The double pendulum: point masses at the links' ends (lcᵢ = lᵢ, kᵢ = 0).
// M₁₁ = (m₁ + m₂)l₁² + m₂l₂² + 2m₂l₁l₂c₂, M₁₂ = m₂l₂² + m₂l₁l₂c₂,
// M₂₂ = m₂l₂², the acrobot's forms with those values substituted.
TEST(TreeKernelsSymbolicClosedForm, DoublePendulumMatchesTextbook) {
  const AcrobotVariables x;
  const symbolic::Substitution point_masses{
      {x.lc1, Expression(x.l1)}, {x.k1, 0.0}, {x.k2, 0.0}};
  AcrobotSymbolicDynamics d = BuildAcrobot(x);
  d.M = d.M.unaryExpr(
      [&](const Expression& y) { return y.Substitute(point_masses); });
  const Expression m1(x.m1), m2(x.m2), l1(x.l1), l2(x.lc2), q2(x.q2);
  using std::cos;
  const Expression c2 = cos(q2);
  Matrix2<Expression> M_expected;
  M_expected(0, 0) = (m1 + m2) * l1 * l1 + m2 * l2 * l2 + 2 * m2 * l1 * l2 * c2;
  M_expected(0, 1) = m2 * l2 * l2 + m2 * l1 * l2 * c2;
  M_expected(1, 0) = M_expected(0, 1);
  M_expected(1, 1) = m2 * l2 * l2;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      EXPECT_TRUE(SymbolicallyEqual(d.M(i, j), M_expected(i, j)))
          << "M(" << i << ", " << j << "): " << d.M(i, j).Expand();
    }
  }
}

}  // namespace
}  // namespace ossa::multibody::internal
