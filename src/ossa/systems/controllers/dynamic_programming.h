#pragma once

/// @file
/// Dynamic programming on a grid: FittedValueIteration designs a
/// state-feedback policy for a continuous-time system by value iteration on
/// a BarycentricMesh over its state space.
///
/// Discretization. Every mesh point x_i is simulated for h = time_step
/// seconds from t = 0 under every input u_j of the input grid (held
/// constant), giving x⁺_ij; periodic state coordinates are wrapped into
/// [low, high). The barycentric weights w_ijk of x⁺_ij on the mesh
/// (indices k_ijk) turn the dynamics into a transition matrix, and the
/// stage cost is g_ij = h·ℓ(x_i, u_j) with ℓ the continuous-time cost
/// function evaluated in the Context holding x_i and u_j at t = 0.
///
/// Value iteration. From J⁰ = 0,
///   Jⁿ⁺¹_i = min_j ( g_ij + γ Σ_k w_ijk Jⁿ_{k_ijk} ),
/// the policy π_i is the minimizing u_j (the first one on ties, in the
/// input mesh's order), until max_i |Jⁿ⁺¹_i − Jⁿ_i| ≤ convergence_tol.
/// With γ < 1 the update is a contraction and converges; with γ = 1 it
/// converges when every policy's accumulated cost is finite (e.g. a goal
/// region of zero cost that the dynamics can stay in).

#include <functional>
#include <utility>
#include <vector>

#include "ossa/math/barycentric_mesh.h"
#include "ossa/systems/analysis/simulator.h"
#include "ossa/systems/framework/input_port_selection.h"
#include "ossa/systems/primitives/barycentric_mesh_system.h"

namespace ossa::systems::controllers {

/// The options of the dynamic programming algorithms.
struct DynamicProgrammingOptions {
  /// State coordinate `state_index` lives on the circle [low, high):
  /// simulated states are wrapped into it before interpolation.
  struct PeriodicBoundaryCondition {
    /// Throws std::logic_error unless low < high.
    PeriodicBoundaryCondition(int state_index, double low, double high);
    int state_index{-1};
    double low{0.0};
    double high{0.0};
  };

  DynamicProgrammingOptions() = default;

  /// γ in (0, 1], the discount of future costs.
  double discount_factor{1.0};
  /// The periodic state coordinates (none by default).
  std::vector<PeriodicBoundaryCondition> periodic_boundary_conditions;
  /// Value iteration stops when no cost-to-go changes by more than this.
  double convergence_tol{1e-4};
  /// Called after every value-iteration update with the iteration number
  /// (from 1), the state mesh, the cost-to-go J (one entry per mesh point)
  /// and the policy (input size × mesh points).
  std::function<void(
      int iteration, const math::BarycentricMesh<double>& state_mesh,
      const Eigen::RowVectorXd& cost_to_go, const Eigen::MatrixXd& policy)>
      visualization_callback;
  /// The input port the policy drives.
  InputPortChoice input_port_index{
      InputPortSelection::kUseFirstInputIfItExists};
  /// When true, discrete and abstract states are held at their values in
  /// the simulator's Context; when false, a system with any state other
  /// than continuous is rejected.
  bool assume_non_continuous_states_are_fixed{false};
};

/// Value iteration for min Σₙ γⁿ g(xₙ, uₙ) over the policy, as the file
/// comment describes. `simulator` holds the system and the Context used for
/// every simulation (its parameters, integrator and accuracy apply); its
/// Context's time and continuous state are overwritten, and the simulator is
/// initialized again before each simulation. `cost_function`
/// is ℓ, evaluated in that Context with the state and the input set.
/// `state_grid` has one coordinate set per continuous state, `input_grid`
/// one per entry of the chosen vector input port.
///
/// Returns the policy, a BarycentricMeshSystem from the state (input "u0")
/// to the input (output "y0"), and the cost-to-go J on the state mesh.
///
/// Throws std::logic_error, naming the problem, if the system has state
/// other than continuous (unless options say to hold it fixed), the grids
/// do not match the state or the chosen input port, there is no input
/// port, time_step ≤ 0, the discount is outside (0, 1], or a periodic
/// boundary names a state outside the state vector.
std::pair<std::unique_ptr<BarycentricMeshSystem<double>>, Eigen::RowVectorXd>
FittedValueIteration(
    Simulator<double>* simulator,
    const std::function<double(const Context<double>& context)>& cost_function,
    const math::BarycentricMesh<double>::MeshGrid& state_grid,
    const math::BarycentricMesh<double>::MeshGrid& input_grid, double time_step,
    const DynamicProgrammingOptions& options = DynamicProgrammingOptions());

}  // namespace ossa::systems::controllers
