// Symbolic dynamics of parsed robots: the iiwa's (welded to the world) and
// Cassie's (floating) mass matrix M(q) and inverse dynamics τ(q, v, v̇),
// built once with q, v, v̇ as variables — by the kernels on Expression over
// the plant's compiled tree, and by the plant itself converted with
// ToSymbolic() (its Context's q and v set to variables) — and evaluated at
// 100 random states, equal the double plant's CalcMassMatrix and
// CalcInverseDynamics (with gravity) there.

#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <string>

#include "ossa/common/symbolic/expression.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_parameters_cast.h"
#include "ossa/multibody/parsing/parser.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/multibody_forces.h"

namespace ossa::multibody {
namespace {

using symbolic::Environment;
using symbolic::Expression;
using symbolic::Variable;

// `file` under models/, with the frame `weld` (if not empty) welded to the
// world.
void ExpectSymbolicAgreesWithPlant(const std::string& file,
                                   const std::string& weld) {
  MultibodyPlant<double> plant(0.0);
  Parser(&plant).AddModels(std::string(OSSA_MODELS_DIR) + "/" + file);
  if (!weld.empty()) {
    plant.WeldFrames(plant.world_frame(), plant.GetFrameByName(weld));
  }
  plant.Finalize();
  const internal::CompiledTree& tree = plant.internal_tree().compiled_tree();
  const internal::TreeParameters<Expression> params =
      internal::CastTreeParameters<Expression>(
          plant.internal_tree().default_tree_parameters());
  const int nq = plant.num_positions(), nv = plant.num_velocities();
  const VectorX<Variable> q = symbolic::MakeVectorVariable(nq, "q");
  const VectorX<Variable> v = symbolic::MakeVectorVariable(nv, "v");
  const VectorX<Variable> vdot = symbolic::MakeVectorVariable(nv, "vdot");
  internal::TreeWorkspace<Expression> ws(tree);
  internal::CalcPositionKinematics<Expression>(tree, params,
                                               q.cast<Expression>(), &ws);
  internal::CalcVelocityKinematics<Expression>(
      tree, params, q.cast<Expression>(), v.cast<Expression>(), &ws);
  MatrixX<Expression> M(nv, nv);
  internal::CalcMassMatrix<Expression>(tree, params, &ws, M);
  VectorX<Expression> tau(nv);
  internal::CalcInverseDynamics<Expression>(
      tree, params, vdot.cast<Expression>(),
      plant.gravity_field().gravity_vector().cast<Expression>(),
      VectorX<Expression>(), {}, &ws, tau, nullptr, nullptr);
  std::size_t M_nodes = 0, tau_nodes = 0;
  for (int k = 0; k < M.size(); ++k) M_nodes += M(k).GetDistinctNodeCount();
  for (int k = 0; k < nv; ++k) tau_nodes += tau(k).GetDistinctNodeCount();
  std::cout << file << ": nv = " << nv << ", M(q) " << M_nodes
            << " distinct nodes summed over entries, τ " << tau_nodes << "\n";

  // The same through the plant's API on Expression.
  std::unique_ptr<systems::System<Expression>> converted = plant.ToSymbolic();
  const auto& splant =
      dynamic_cast<const MultibodyPlant<Expression>&>(*converted);
  auto scontext = splant.CreateDefaultContext();
  splant.SetPositions(scontext.get(), q.cast<Expression>());
  splant.SetVelocities(scontext.get(), v.cast<Expression>());
  MatrixX<Expression> M_plant_sym(nv, nv);
  splant.CalcMassMatrix(*scontext, &M_plant_sym);
  // Inverse dynamics with the force elements' forces (gravity, and on
  // Cassie its springs and the joints' damping) as applied forces.
  MultibodyForces<Expression> gravity(splant);
  splant.CalcForceElementsContribution(*scontext, &gravity);
  const VectorX<Expression> tau_plant_sym =
      splant.CalcInverseDynamics(*scontext, vdot.cast<Expression>(), gravity);

  auto context = plant.CreateDefaultContext();
  MultibodyForces<double> no_forces(plant);
  std::mt19937 gen(11);
  std::uniform_real_distribution<double> u(-1, 1);
  Eigen::MatrixXd M_plant(nv, nv);
  for (int k = 0; k < 100; ++k) {
    Eigen::VectorXd q_k(nq), v_k(nv), vdot_k(nv);
    for (int i = 0; i < nq; ++i) q_k(i) = u(gen);
    for (int i = 0; i < nv; ++i) {
      v_k(i) = u(gen);
      vdot_k(i) = u(gen);
    }
    // A floating base's quaternion must be a unit one.
    for (const BodyIndex b : plant.GetFloatingBaseBodies()) {
      const RigidBody<double>& body = plant.get_body(b);
      if (body.has_quaternion_dofs()) {
        q_k.segment<4>(body.floating_positions_start()).normalize();
      }
    }
    plant.SetPositions(context.get(), q_k);
    plant.SetVelocities(context.get(), v_k);
    plant.CalcMassMatrix(*context, &M_plant);
    // τ = M·v̇ + C·v − τ_g (the plant's inverse dynamics adds no gravity
    // unless it is among the forces).
    const Eigen::VectorXd tau_plant =
        plant.CalcInverseDynamics(*context, vdot_k, no_forces) -
        plant.CalcGravityGeneralizedForces(*context);
    Environment env;
    for (int i = 0; i < nq; ++i) env.insert(q(i), q_k(i));
    for (int i = 0; i < nv; ++i) {
      env.insert(v(i), v_k(i));
      env.insert(vdot(i), vdot_k(i));
    }
    const Eigen::MatrixXd M_sym = symbolic::Evaluate(M, env);
    const Eigen::VectorXd tau_sym = symbolic::Evaluate(tau, env);
    const Eigen::MatrixXd M_psym = symbolic::Evaluate(M_plant_sym, env);
    const Eigen::VectorXd tau_psym = symbolic::Evaluate(tau_plant_sym, env);
    EXPECT_LT((M_psym - M_plant).norm(), 1e-12 * M_plant.norm())
        << file << ", plant on Expression, state " << k;
    MultibodyForces<double> elements(plant);
    plant.CalcForceElementsContribution(*context, &elements);
    const Eigen::VectorXd tau_elements =
        plant.CalcInverseDynamics(*context, vdot_k, elements);
    EXPECT_LT((tau_psym - tau_elements).norm(),
              1e-12 * (1 + tau_elements.norm()))
        << file << ", plant on Expression, state " << k;
    // The same arithmetic replayed (up to reassociated sums and folded
    // constants) on O(1)–O(100) values: 1e-12 relative to their size.
    EXPECT_LT((M_sym - M_plant).norm(), 1e-12 * M_plant.norm())
        << file << ", state " << k;
    EXPECT_LT((tau_sym - tau_plant).norm(), 1e-12 * (1 + tau_plant.norm()))
        << file << ", state " << k;
  }
}

TEST(SymbolicModels, IiwaMassMatrixAndInverseDynamicsEqualDouble) {
  ExpectSymbolicAgreesWithPlant("drake/kuka_iiwa_robot.urdf", "base");
}

TEST(SymbolicModels, CassieMassMatrixAndInverseDynamicsEqualDouble) {
  ExpectSymbolicAgreesWithPlant("drake/cassie_v2.urdf", "");
}

}  // namespace
}  // namespace ossa::multibody
