#include "ossa/systems/controllers/dynamic_programming.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ossa/systems/primitives/integrator.h"
#include "ossa/systems/primitives/linear_system.h"

namespace ossa::systems::controllers {
namespace dynamic_programming_test {

using ::testing::HasSubstr;
using MeshGrid = math::BarycentricMesh<double>::MeshGrid;

// The first continuous state of `context`.
double State0(const Context<double>& context) {
  return context.get_continuous_state_vector().GetAtIndex(0);
}

// ẋ = u on the grid x_k = 0.1·k (k = −10…10), u ∈ {−1, 0, 1}, h = 0.1 (one
// step moves one grid point), cost x², no discount: the optimal policy
// walks to the origin and stays, so J(x_k) = h·Σ_{m=1}^{|k|} (0.1·m)² and
// π(x_k) = −sign(k).
TEST(FittedValueIterationTest, MinimumCostWalkToTheOrigin) {
  Integrator<double> integrator(1);
  Simulator<double> simulator(integrator);
  const double h = 0.1;
  MeshGrid state_grid(1), input_grid(1);
  for (int k = -10; k <= 10; ++k) state_grid[0].insert(0.1 * k);
  input_grid[0] = {-1.0, 0.0, 1.0};
  DynamicProgrammingOptions options;
  options.convergence_tol = 1e-12;
  auto [policy, J] = FittedValueIteration(
      &simulator,
      [](const Context<double>& context) {
        return State0(context) * State0(context);
      },
      state_grid, input_grid, h, options);
  ASSERT_EQ(J.size(), 21);
  const auto& mesh = policy->get_mesh();
  for (int i = 0; i < 21; ++i) {
    const double x = mesh.get_mesh_point(i)[0];
    const int k = static_cast<int>(std::lround(x / 0.1));
    double expected = 0.0;
    for (int m = 1; m <= std::abs(k); ++m) expected += h * (0.01 * m * m);
    EXPECT_NEAR(J(i), expected, 1e-12) << "x = " << x;
    EXPECT_EQ(policy->get_output_values()(0, i),
              k == 0 ? 0.0 : -(k > 0 ? 1.0 : -1.0))
        << "x = " << x;
  }
  // The policy system maps a state to its input by interpolation.
  auto policy_context = policy->CreateDefaultContext();
  const Eigen::VectorXd x(Eigen::VectorXd::Constant(1, 0.55));
  policy->get_input_port(0).FixValue(policy_context.get(), x);
  EXPECT_NEAR(policy->get_output_port(0).Eval(*policy_context)[0], -1.0, 1e-15);
}

// A constant cost ℓ = 1 with discount γ: J = h / (1 − γ) everywhere, and
// iteration n changes J by h·γⁿ⁻¹, so the callback runs until that is at
// most the tolerance.
TEST(FittedValueIterationTest, DiscountedConstantCostAndCallback) {
  Integrator<double> integrator(1);
  Simulator<double> simulator(integrator);
  const double h = 0.1, gamma = 0.5, tol = 1e-10;
  MeshGrid state_grid{{-1.0, 0.0, 1.0}}, input_grid{{-1.0, 1.0}};
  DynamicProgrammingOptions options;
  options.discount_factor = gamma;
  options.convergence_tol = tol;
  std::vector<int> iterations;
  options.visualization_callback =
      [&](int iteration, const math::BarycentricMesh<double>& mesh,
          const Eigen::RowVectorXd& cost_to_go, const Eigen::MatrixXd& pi) {
        iterations.push_back(iteration);
        EXPECT_EQ(mesh.get_num_mesh_points(), 3);
        EXPECT_EQ(cost_to_go.size(), 3);
        EXPECT_EQ(pi.rows(), 1);
        EXPECT_EQ(pi.cols(), 3);
      };
  auto [policy, J] = FittedValueIteration(
      &simulator, [](const Context<double>&) { return 1.0; }, state_grid,
      input_grid, h, options);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(J(i), h / (1 - gamma), 2 * tol);
  int expected_count = 1;
  while (h * std::pow(gamma, expected_count - 1) > tol) ++expected_count;
  ASSERT_EQ(static_cast<int>(iterations.size()), expected_count);
  for (int n = 0; n < expected_count; ++n) EXPECT_EQ(iterations[n], n + 1);
}

// ẋ = u with the single input u = 1 on the circle [−0.125, 0.875): from
// the grid {0, 0.25, 0.5, 0.75}, one step of h = 0.25 reaches the next
// point and 0.75 wraps to 0. With cost ℓ(x) = x and discount γ the states
// cycle, so J_i = h·Σ_{m=0}^{3} γᵐ·x_{(i+m) mod 4} / (1 − γ⁴).
TEST(FittedValueIterationTest, PeriodicBoundaryWrapsTheState) {
  Integrator<double> integrator(1);
  Simulator<double> simulator(integrator);
  const double h = 0.25, gamma = 0.8;
  const std::vector<double> x{0.0, 0.25, 0.5, 0.75};
  MeshGrid state_grid{{x.begin(), x.end()}}, input_grid{{1.0}};
  DynamicProgrammingOptions options;
  options.discount_factor = gamma;
  options.convergence_tol = 1e-13;
  options.periodic_boundary_conditions.emplace_back(0, -0.125, 0.875);
  auto [policy, J] = FittedValueIteration(
      &simulator, [](const Context<double>& c) { return State0(c); },
      state_grid, input_grid, h, options);
  for (int i = 0; i < 4; ++i) {
    double expected = 0.0;
    for (int m = 0; m < 4; ++m) expected += std::pow(gamma, m) * x[(i + m) % 4];
    expected *= h / (1 - std::pow(gamma, 4));
    EXPECT_NEAR(J(i), expected, 1e-11) << "x = " << x[i];
  }
  // Without the boundary, 0.75 + 0.25 lies past the grid and is projected
  // back onto 0.75: the last point's cost-to-go is then h·0.75/(1 − γ).
  options.periodic_boundary_conditions.clear();
  auto [policy2, J2] = FittedValueIteration(
      &simulator, [](const Context<double>& c) { return State0(c); },
      state_grid, input_grid, h, options);
  EXPECT_NEAR(J2(3), h * 0.75 / (1 - gamma), 1e-11);
}

TEST(FittedValueIterationTest, BadArgumentsRaise) {
  Integrator<double> integrator(1);
  Simulator<double> simulator(integrator);
  const auto cost = [](const Context<double>&) { return 1.0; };
  const MeshGrid grid{{-1.0, 1.0}}, inputs{{-1.0, 1.0}};
  const auto message = [&](const MeshGrid& s, const MeshGrid& u, double h,
                           const DynamicProgrammingOptions& o) {
    try {
      FittedValueIteration(&simulator, cost, s, u, h, o);
    } catch (const std::logic_error& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  const DynamicProgrammingOptions defaults;
  EXPECT_THAT(message({{0.0}, {0.0}}, inputs, 0.1, defaults),
              HasSubstr("state grid has 2 coordinates"));
  EXPECT_THAT(message(grid, {{0.0}, {0.0}}, 0.1, defaults),
              HasSubstr("input grid has 2 coordinates"));
  EXPECT_THAT(message(grid, inputs, 0.0, defaults),
              HasSubstr("time step must be positive"));
  DynamicProgrammingOptions o = defaults;
  o.discount_factor = 1.5;
  EXPECT_THAT(message(grid, inputs, 0.1, o), HasSubstr("discount factor"));
  o = defaults;
  o.periodic_boundary_conditions.emplace_back(3, 0.0, 1.0);
  EXPECT_THAT(message(grid, inputs, 0.1, o), HasSubstr("names state 3"));
  o = defaults;
  o.input_port_index = InputPortSelection::kNoInput;
  EXPECT_THAT(message(grid, inputs, 0.1, o), HasSubstr("no input port"));
  o.input_port_index = InputPortIndex(2);
  EXPECT_THAT(message(grid, inputs, 0.1, o), HasSubstr("no input port 2"));
  EXPECT_THROW(DynamicProgrammingOptions::PeriodicBoundaryCondition(0, 1, 0),
               std::logic_error);

  // A discrete-time system has no continuous state to optimize over.
  const Eigen::MatrixXd one = Eigen::MatrixXd::Ones(1, 1);
  LinearSystem<double> discrete(one, one, one, one, 0.1);
  Simulator<double> discrete_simulator(discrete);
  EXPECT_THROW(FittedValueIteration(&discrete_simulator, cost, grid, inputs,
                                    0.1, defaults),
               std::logic_error);
}

}  // namespace dynamic_programming_test
}  // namespace ossa::systems::controllers
