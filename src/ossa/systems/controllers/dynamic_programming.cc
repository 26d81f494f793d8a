#include "ossa/systems/controllers/dynamic_programming.h"

#include <cmath>
#include <limits>

#include "ossa/common/error.h"
#include "ossa/common/text_logging.h"

namespace ossa::systems::controllers {

DynamicProgrammingOptions::PeriodicBoundaryCondition::PeriodicBoundaryCondition(
    int state_index_in, double low_in, double high_in)
    : state_index(state_index_in), low(low_in), high(high_in) {
  if (!(low < high)) {
    ThrowLogicError(
        "PeriodicBoundaryCondition(): low ({}) must be less than high ({}) "
        "for state {}.",
        low, high, state_index);
  }
}

namespace {

// The input port `choice` names on `system` (null for kNoInput, or for
// kUseFirstInputIfItExists on a system without inputs).
const InputPort<double>* ChosenInputPort(const System<double>& system,
                                         const InputPortChoice& choice) {
  if (const auto* selection = std::get_if<InputPortSelection>(&choice)) {
    if (*selection == InputPortSelection::kNoInput) return nullptr;
    return system.num_input_ports() > 0 ? &system.get_input_port(0) : nullptr;
  }
  const int index = std::get<InputPortIndex>(choice);
  if (index < 0 || index >= system.num_input_ports()) {
    ThrowLogicError(
        "FittedValueIteration(): the system '{}' has no input port {} (it "
        "has {}).",
        system.GetSystemPathname(), index, system.num_input_ports());
  }
  return &system.get_input_port(index);
}

// The value in [low, high) that differs from `value` by a whole number of
// periods (high − low).
double WrapTo(double value, double low, double high) {
  const double period = high - low;
  return value - period * std::floor((value - low) / period);
}

}  // namespace

std::pair<std::unique_ptr<BarycentricMeshSystem<double>>, Eigen::RowVectorXd>
FittedValueIteration(
    Simulator<double>* simulator,
    const std::function<double(const Context<double>& context)>& cost_function,
    const math::BarycentricMesh<double>::MeshGrid& state_grid,
    const math::BarycentricMesh<double>::MeshGrid& input_grid, double time_step,
    const DynamicProgrammingOptions& options) {
  if (simulator == nullptr) {
    ThrowLogicError("FittedValueIteration(): the simulator is null.");
  }
  if (!cost_function) {
    ThrowLogicError("FittedValueIteration(): the cost function is empty.");
  }
  const System<double>& system = simulator->get_system();
  Context<double>& context = simulator->get_mutable_context();
  const std::string name = system.GetSystemPathname();
  if (!(options.discount_factor > 0.0 && options.discount_factor <= 1.0)) {
    ThrowLogicError(
        "FittedValueIteration(): the discount factor must be in (0, 1]; got "
        "{}.",
        options.discount_factor);
  }
  if (!context.has_only_continuous_state() &&
      !options.assume_non_continuous_states_are_fixed) {
    ThrowLogicError(
        "FittedValueIteration(): the system '{}' has discrete or abstract "
        "state; only continuous state is optimized over (set "
        "assume_non_continuous_states_are_fixed to hold the rest fixed).",
        name);
  }
  const int state_size = context.num_continuous_states();
  if (state_size == 0 || static_cast<int>(state_grid.size()) != state_size) {
    ThrowLogicError(
        "FittedValueIteration(): the state grid has {} coordinates but the "
        "system '{}' has {} continuous states.",
        state_grid.size(), name, state_size);
  }
  const InputPort<double>* input_port =
      ChosenInputPort(system, options.input_port_index);
  if (input_port == nullptr) {
    ThrowLogicError(
        "FittedValueIteration(): the system '{}' has no input port to "
        "optimize over.",
        name);
  }
  if (input_port->get_data_type() != kVectorValued) {
    ThrowLogicError(
        "FittedValueIteration(): input port '{}' of the system '{}' is not "
        "vector-valued.",
        input_port->get_name(), name);
  }
  const int input_size = input_port->size();
  if (input_size == 0 || static_cast<int>(input_grid.size()) != input_size) {
    ThrowLogicError(
        "FittedValueIteration(): the input grid has {} coordinates but input "
        "port '{}' of the system '{}' has size {}.",
        input_grid.size(), input_port->get_name(), name, input_size);
  }
  if (!(time_step > 0.0)) {
    ThrowLogicError(
        "FittedValueIteration(): the time step must be positive; got {}.",
        time_step);
  }
  for (const auto& b : options.periodic_boundary_conditions) {
    if (b.state_index < 0 || b.state_index >= state_size) {
      ThrowLogicError(
          "FittedValueIteration(): a periodic boundary condition names state "
          "{}, but the state has {} entries.",
          b.state_index, state_size);
    }
  }

  const math::BarycentricMesh<double> state_mesh(state_grid);
  const math::BarycentricMesh<double> input_mesh(input_grid);
  const int num_states = state_mesh.get_num_mesh_points();
  const int num_inputs = input_mesh.get_num_mesh_points();
  const int num_interpolants = state_mesh.get_num_interpolants();

  // Per input j: the stage costs g_ij (row) and, per state i (column), the
  // interpolation indices and weights of the simulated next state.
  std::vector<Eigen::RowVectorXd> cost(num_inputs,
                                       Eigen::RowVectorXd(num_states));
  std::vector<Eigen::MatrixXi> next_index(
      num_inputs, Eigen::MatrixXi(num_interpolants, num_states));
  std::vector<Eigen::MatrixXd> next_weight(
      num_inputs, Eigen::MatrixXd(num_interpolants, num_states));

  log()->debug("FittedValueIteration(): simulating {} states x {} inputs.",
               num_states, num_inputs);
  Eigen::VectorXd u(input_size);
  Eigen::VectorXd x(state_size);
  for (int j = 0; j < num_inputs; ++j) {
    input_mesh.get_mesh_point(j, &u);
    input_port->FixValue(&context, u);
    for (int i = 0; i < num_states; ++i) {
      context.SetTime(0.0);
      state_mesh.get_mesh_point(i, &x);
      context.SetContinuousState(x);
      cost[j](i) = time_step * cost_function(context);
      // A fresh start from t = 0: the integrator forgets its step sizes.
      simulator->Initialize();
      simulator->AdvanceTo(time_step);
      x = context.get_continuous_state_vector().CopyToVector();
      for (const auto& b : options.periodic_boundary_conditions) {
        x[b.state_index] = WrapTo(x[b.state_index], b.low, b.high);
      }
      auto indices = next_index[j].col(i);
      auto weights = next_weight[j].col(i);
      state_mesh.EvalBarycentricWeights(x, &indices, &weights);
    }
  }

  Eigen::RowVectorXd J = Eigen::RowVectorXd::Zero(num_states);
  Eigen::RowVectorXd J_next(num_states);
  Eigen::MatrixXd policy(input_size, num_states);
  const double gamma = options.discount_factor;
  for (int iteration = 1;; ++iteration) {
    for (int i = 0; i < num_states; ++i) {
      double best = std::numeric_limits<double>::infinity();
      int best_input = 0;
      for (int j = 0; j < num_inputs; ++j) {
        double expected = 0.0;
        for (int k = 0; k < num_interpolants; ++k) {
          expected += next_weight[j](k, i) * J(next_index[j](k, i));
        }
        const double value = cost[j](i) + gamma * expected;
        if (value < best) {
          best = value;
          best_input = j;
        }
      }
      if (!std::isfinite(best)) {
        ThrowLogicError(
            "FittedValueIteration(): the cost-to-go of mesh point {} is not "
            "finite after iteration {} (check the cost function).",
            i, iteration);
      }
      J_next(i) = best;
      input_mesh.get_mesh_point(best_input, &u);
      policy.col(i) = u;
    }
    const double change = (J_next - J).cwiseAbs().maxCoeff();
    J.swap(J_next);
    if (options.visualization_callback) {
      options.visualization_callback(iteration, state_mesh, J, policy);
    }
    if (change <= options.convergence_tol) break;
  }
  log()->debug("FittedValueIteration(): value iteration converged.");
  return {std::make_unique<BarycentricMeshSystem<double>>(state_mesh, policy),
          J};
}

}  // namespace ossa::systems::controllers
