// Derives equations of motion symbolically, M(q)·v̇ + C(q, v)·v = τ_g(q) + B·u,
// by running the compiled tree's kernels (the same ones the plant runs on
// double) on symbolic::Expression with q, v — and, for the cart-pole, the
// masses, the pole length and g — as variables:
//
//  1. the acrobot of models/drake/acrobot.urdf: prints M(q), C(q, v)·v and
//     τ_g(q), and checks them against Spong's closed forms and against the
//     plant's double results at random states;
//  2. a cart-pole built by hand (cart mass m_c on a slider along x̂, pole
//     point mass m_p at distance ℓ from the pin, θ = 0 upright): prints its
//     equations and their linearisation ẋ ≈ A·x + B·u about the upright
//     equilibrium as symbolic matrices, and checks A and B against the
//     textbook ones, A(2, 1) = m_p·g/m_c, A(3, 1) = (m_c + m_p)·g/(m_c·ℓ),
//     B = [0, 0, 1/m_c, 1/(m_c·ℓ)]ᵀ.
//
// The program exits non-zero if a check fails. With `--evaluate q0 q1 v0 v1`
// it prints the acrobot's equations evaluated at that state instead. (The
// kernels are reached through the plant's compiled tree so that parameters can
// be variables too; examples/python/symbolic_acrobot.py derives the same
// equations through MultibodyPlant<Expression> from ToSymbolic().)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ossa/common/find_resource.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_parameters_cast.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"

namespace {

using ossa::MatrixX;
using ossa::Vector3;
using ossa::VectorX;
using ossa::multibody::MultibodyPlant;
using ossa::multibody::SpatialInertia;
using ossa::multibody::internal::CompiledTree;
using ossa::multibody::internal::TreeParameters;
using ossa::multibody::internal::TreeWorkspace;
using ossa::symbolic::Environment;
using ossa::symbolic::Expression;
using ossa::symbolic::Variable;

struct EquationsOfMotion {
  VectorX<Variable> q, v;
  MatrixX<Expression> M;
  VectorX<Expression> Cv, tau_g;
};

// M(q), C(q, v)·v and τ_g(q) of `tree` with new variables q, v.
EquationsOfMotion Derive(const CompiledTree& tree,
                         const TreeParameters<Expression>& params,
                         const Vector3<Expression>& g_W) {
  namespace mb = ossa::multibody::internal;
  EquationsOfMotion eom;
  const int nv = tree.num_velocities();
  eom.q = ossa::symbolic::MakeVectorVariable(tree.num_positions(), "q");
  eom.v = ossa::symbolic::MakeVectorVariable(nv, "v");
  const VectorX<Expression> q = eom.q.cast<Expression>();
  const VectorX<Expression> v = eom.v.cast<Expression>();
  TreeWorkspace<Expression> ws(tree);
  mb::CalcPositionKinematics<Expression>(tree, params, q, &ws);
  mb::CalcVelocityKinematics<Expression>(tree, params, q, v, &ws);
  eom.M.resize(nv, nv);
  mb::CalcMassMatrix<Expression>(tree, params, &ws, eom.M);
  eom.Cv.resize(nv);
  mb::CalcBiasTerm<Expression>(tree, params, &ws, eom.Cv);
  eom.tau_g.resize(nv);
  mb::CalcGravityGeneralizedForces<Expression>(tree, params, g_W, &ws,
                                               eom.tau_g);
  return eom;
}

void Print(const char* name, const MatrixX<Expression>& m) {
  for (int i = 0; i < m.rows(); ++i) {
    for (int j = 0; j < m.cols(); ++j) {
      const std::string index =
          m.cols() == 1 ? std::to_string(i)
                        : std::to_string(i) + ", " + std::to_string(j);
      std::printf("  %s(%s) = %s\n", name, index.c_str(),
                  m(i, j).Expand().to_string().c_str());
    }
  }
}

bool Check(bool ok, const char* what, double error) {
  std::printf("  check %-58s %s (error %.1e)\n", what, ok ? "ok" : "FAILED",
              error);
  return ok;
}

// The acrobot: symbolic M, C·v, τ_g against Spong's closed forms (with the
// URDF's values) and against the plant's double results.
// Loads the acrobot into `plant` and derives its equations.
EquationsOfMotion DeriveAcrobot(MultibodyPlant<double>* plant) {
  ossa::multibody::Parser(plant).AddModels(
      ossa::FindResourceOrThrow("drake/acrobot.urdf"));
  plant->Finalize();
  const auto& tree = plant->internal_tree();
  return Derive(tree.compiled_tree(),
                ossa::multibody::internal::CastTreeParameters<Expression>(
                    tree.default_tree_parameters()),
                plant->gravity_field().gravity_vector().cast<Expression>());
}

// `--evaluate q0 q1 v0 v1`: the acrobot's symbolic M, C·v and τ_g evaluated
// at that state, as one line of JSON (python/ossa/test/
// symbolic_drake_agreement_test.py compares it with the reference's
// symbolic plant).
int EvaluateAcrobot(char** values) {
  MultibodyPlant<double> plant(0.0);
  const EquationsOfMotion eom = DeriveAcrobot(&plant);
  Environment env;
  for (int i = 0; i < 2; ++i) {
    env.insert(eom.q(i), std::stod(values[i]));
    env.insert(eom.v(i), std::stod(values[2 + i]));
  }
  const Eigen::MatrixXd M = ossa::symbolic::Evaluate(eom.M, env);
  const Eigen::VectorXd Cv = ossa::symbolic::Evaluate(eom.Cv, env);
  const Eigen::VectorXd tau_g = ossa::symbolic::Evaluate(eom.tau_g, env);
  std::printf(
      "{\"M\": [[%.17g, %.17g], [%.17g, %.17g]], \"Cv\": [%.17g, %.17g], "
      "\"tau_g\": [%.17g, %.17g]}\n",
      M(0, 0), M(0, 1), M(1, 0), M(1, 1), Cv(0), Cv(1), tau_g(0), tau_g(1));
  return 0;
}

bool Acrobot() {
  MultibodyPlant<double> plant(0.0);
  const EquationsOfMotion eom = DeriveAcrobot(&plant);
  std::printf("Acrobot (models/drake/acrobot.urdf), q = [shoulder, elbow]:\n");
  Print("M", eom.M);
  Print("Cv", eom.Cv);
  Print("tau_g", eom.tau_g);

  // Spong's forms with the URDF's values: link 1 of mass 1 with com 0.5 below
  // the shoulder and I₁ = 0.083 about it, link 2 of mass 1 with com 1 below
  // the elbow and I₂ = 0.33, the elbow 1 below the shoulder; g = 9.81.
  const double m1 = 1, m2 = 1, l1 = 1, lc1 = 0.5, lc2 = 1, I1 = 0.083,
               I2 = 0.33, g = 9.81;
  auto context = plant.CreateDefaultContext();
  std::mt19937 gen(5);
  std::uniform_real_distribution<double> u(-3, 3);
  double spong_error = 0, plant_error = 0;
  for (int k = 0; k < 20; ++k) {
    const Eigen::Vector2d q(u(gen), u(gen)), v(u(gen), u(gen));
    Environment env;
    for (int i = 0; i < 2; ++i) {
      env.insert(eom.q(i), q(i));
      env.insert(eom.v(i), v(i));
    }
    const Eigen::Matrix2d M = ossa::symbolic::Evaluate(eom.M, env);
    const Eigen::Vector2d Cv = ossa::symbolic::Evaluate(eom.Cv, env);
    const Eigen::Vector2d tau_g = ossa::symbolic::Evaluate(eom.tau_g, env);
    const double c2 = std::cos(q(1)), s2 = std::sin(q(1));
    const double s1 = std::sin(q(0)), s12 = std::sin(q(0) + q(1));
    Eigen::Matrix2d M_spong;
    M_spong(0, 0) = I1 + I2 + m1 * lc1 * lc1 +
                    m2 * (l1 * l1 + lc2 * lc2 + 2 * l1 * lc2 * c2);
    M_spong(0, 1) = M_spong(1, 0) = I2 + m2 * (lc2 * lc2 + l1 * lc2 * c2);
    M_spong(1, 1) = I2 + m2 * lc2 * lc2;
    const double h = m2 * l1 * lc2 * s2;
    const Eigen::Vector2d Cv_spong(-h * (2 * v(0) * v(1) + v(1) * v(1)),
                                   h * v(0) * v(0));
    const Eigen::Vector2d tau_g_spong(
        -(g * (m1 * lc1 + m2 * l1) * s1 + m2 * g * lc2 * s12),
        -m2 * g * lc2 * s12);
    spong_error =
        std::max({spong_error, (M - M_spong).norm(), (Cv - Cv_spong).norm(),
                  (tau_g - tau_g_spong).norm()});

    plant.SetPositions(context.get(), q);
    plant.SetVelocities(context.get(), v);
    Eigen::MatrixXd M_plant(2, 2);
    plant.CalcMassMatrix(*context, &M_plant);
    Eigen::VectorXd Cv_plant(2);
    plant.CalcBiasTerm(*context, &Cv_plant);
    const Eigen::VectorXd tau_g_plant =
        plant.CalcGravityGeneralizedForces(*context);
    plant_error =
        std::max({plant_error, (M - M_plant).norm(), (Cv - Cv_plant).norm(),
                  (tau_g - tau_g_plant).norm()});
  }
  // The URDF's values are exact in the forms above, and every quantity is
  // O(10): both sides agree to rounding.
  bool ok = Check(spong_error < 1e-12,
                  "equals Spong's closed forms (20 states)", spong_error);
  ok &= Check(plant_error < 1e-12, "equals the double plant (20 states)",
              plant_error);
  return ok;
}

// The inverse of a symbolic 2×2 matrix, adj(M)/det(M).
MatrixX<Expression> Inverse2(const MatrixX<Expression>& M) {
  const Expression det = M(0, 0) * M(1, 1) - M(0, 1) * M(1, 0);
  MatrixX<Expression> inv(2, 2);
  inv(0, 0) = M(1, 1) / det;
  inv(0, 1) = -M(0, 1) / det;
  inv(1, 0) = -M(1, 0) / det;
  inv(1, 1) = M(0, 0) / det;
  return inv;
}

bool CartPole() {
  using ossa::multibody::PrismaticJoint;
  using ossa::multibody::RevoluteJoint;
  MultibodyPlant<double> plant(0.0);
  // Placeholder values; the symbolic parameters replace them below.
  const auto& cart = plant.AddRigidBody(
      "cart", SpatialInertia<double>::PointMass(1.0, Vector3<double>::Zero()));
  const auto& pole = plant.AddRigidBody(
      "pole",
      SpatialInertia<double>::PointMass(1.0, Vector3<double>(0, 0, 1.0)));
  const auto& slider = plant.AddJoint(std::make_unique<PrismaticJoint<double>>(
      "slider", plant.world_frame(), cart.body_frame(),
      Vector3<double>::UnitX()));
  // θ about −ŷ, so that θ > 0 tips the pole toward +x̂.
  plant.AddJoint(std::make_unique<RevoluteJoint<double>>(
      "pin", cart.body_frame(), pole.body_frame(), -Vector3<double>::UnitY()));
  plant.AddJointActuator("force", slider);
  plant.Finalize();
  const auto& tree = plant.internal_tree();
  const CompiledTree& compiled = tree.compiled_tree();
  if (compiled.num_mobods() != 3 || compiled.num_velocities() != 2) {
    std::printf("FAILED: unexpected compiled cart-pole\n");
    return false;
  }

  const Variable mc("m_c"), mp("m_p"), l("l"), g("g"), u("u");
  TreeParameters<Expression> params =
      ossa::multibody::internal::CastTreeParameters<Expression>(
          tree.default_tree_parameters());
  // Mobod 1 is the cart, mobod 2 the pole (a serial chain compiles in order).
  params.mobods[1].mass = mc;
  params.mobods[2].mass = mp;
  // The pole's point mass at p = (0, 0, ℓ): unit inertia |p|²·I − p·pᵀ.
  params.mobods[2].p_BoBcm_B = Vector3<Expression>(0.0, 0.0, l);
  params.mobods[2].G_BBo_B.setZero();
  params.mobods[2].G_BBo_B(0, 0) = params.mobods[2].G_BBo_B(1, 1) =
      Expression(l) * l;
  const EquationsOfMotion eom =
      Derive(compiled, params, Vector3<Expression>(0.0, 0.0, -Expression(g)));
  std::printf("\nCart-pole, q = [x, θ] (θ = 0 upright):\n");
  Print("M", eom.M);
  Print("Cv", eom.Cv);
  Print("tau_g", eom.tau_g);

  // ẋ = f(x, u) = [v; M⁻¹·(τ_g + B·u − C·v)], linearised at x = 0, u = 0.
  const MatrixX<double> B_actuation = plant.MakeActuationMatrix();
  const VectorX<Expression> rhs =
      eom.tau_g + B_actuation.cast<Expression>() * Expression(u) - eom.Cv;
  const VectorX<Expression> vdot = Inverse2(eom.M) * rhs;
  VectorX<Expression> f(4);
  f << eom.v.cast<Expression>(), vdot;
  const std::vector<Variable> x{eom.q(0), eom.q(1), eom.v(0), eom.v(1)};
  ossa::symbolic::Substitution upright{{u, 0.0}};
  for (const Variable& xi : x) upright.emplace(xi, 0.0);
  const MatrixX<Expression> A =
      ossa::symbolic::Substitute(ossa::symbolic::Jacobian(f, x), upright);
  const MatrixX<Expression> B =
      ossa::symbolic::Substitute(ossa::symbolic::Jacobian(f, {u}), upright);
  std::printf("Linearisation about upright, x = [x, θ, ẋ, θ̇]:\n");
  Print("A", A);
  Print("B", B);

  // The textbook linearisation, at random positive parameters.
  std::mt19937 gen(3);
  std::uniform_real_distribution<double> pos(0.2, 5.0);
  double error = 0;
  for (int k = 0; k < 20; ++k) {
    const double mc_k = pos(gen), mp_k = pos(gen), l_k = pos(gen),
                 g_k = pos(gen);
    const Environment env{{mc, mc_k}, {mp, mp_k}, {l, l_k}, {g, g_k}};
    Eigen::Matrix4d A_expected = Eigen::Matrix4d::Zero();
    A_expected(0, 2) = A_expected(1, 3) = 1;
    A_expected(2, 1) = mp_k * g_k / mc_k;
    A_expected(3, 1) = (mc_k + mp_k) * g_k / (mc_k * l_k);
    const Eigen::Vector4d B_expected(0, 0, 1 / mc_k, 1 / (mc_k * l_k));
    const Eigen::MatrixXd A_k = ossa::symbolic::Evaluate(A, env);
    const Eigen::MatrixXd B_k = ossa::symbolic::Evaluate(B, env);
    error = std::max({error, (A_k - A_expected).norm() / A_expected.norm(),
                      (B_k - B_expected).norm() / B_expected.norm()});
  }
  return Check(error < 1e-12,
               "A, B equal the textbook linearisation (20 parameter sets)",
               error);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 6 && std::string(argv[1]) == "--evaluate") {
    try {
      return EvaluateAcrobot(argv + 2);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "--evaluate q0 q1 v0 v1 takes four numbers: %s\n",
                   e.what());
      return 2;
    }
  }
  bool ok = Acrobot();
  ok &= CartPole();
  std::printf(ok ? "ok\n" : "FAILED\n");
  return ok ? 0 : 1;
}
