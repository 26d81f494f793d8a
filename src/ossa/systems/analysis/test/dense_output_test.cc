// IntegratorBase's dense output: a C¹ cubic Hermite spline through the
// integrator's accepted steps.

#include <gtest/gtest.h>

#include "ossa/common/trajectories/piecewise_polynomial.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/test/test_systems.h"

namespace ossa::systems::analysis_test {
namespace dense_output_test {

TEST(DenseOutputTest, InterpolatesTheStepsAndTheClosedForm) {
  MassSpringDamper<double> system(1.0, 0.4, 4.0);
  auto context = system.CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(1.0, 0.0));
  RungeKutta3Integrator<double> rk3(system, context.get());
  rk3.set_target_accuracy(1e-6);
  rk3.set_maximum_step_size(0.1);
  EXPECT_THROW(rk3.StartDenseIntegration(), std::logic_error);
  rk3.Initialize();
  EXPECT_EQ(rk3.get_dense_output(), nullptr);
  rk3.StartDenseIntegration();
  EXPECT_THROW(rk3.StartDenseIntegration(), std::logic_error);
  rk3.IntegrateWithMultipleStepsToTime(2.0);
  const auto* dense = rk3.get_dense_output();
  ASSERT_NE(dense, nullptr);
  EXPECT_EQ(dense->get_number_of_segments(), rk3.get_num_steps_taken());
  EXPECT_EQ(dense->start_time(), 0.0);
  EXPECT_EQ(dense->end_time(), 2.0);
  // The spline ends at the integrator's state, exactly.
  const Eigen::VectorXd final_state =
      context->get_continuous_state_vector().CopyToVector();
  EXPECT_TRUE(dense->value(2.0).isApprox(final_state, 1e-15));
  // Slopes at the breaks are the system's derivatives: ẋ = v,
  // v̇ = −(c v + k x)/m.
  for (double t : dense->get_segment_times()) {
    const Eigen::VectorXd x = dense->value(t);
    const Eigen::VectorXd xdot = dense->EvalDerivative(t, 1);
    EXPECT_NEAR(xdot(0), x(1), 1e-12);
    EXPECT_NEAR(xdot(1), -(0.4 * x(1) + 4.0 * x(0)), 1e-12);
  }
  // Between the breaks the cubic keeps the integrator's accuracy: within
  // 1e-4 of the closed form (1e-6 per step over ~40 steps, plus the
  // interpolant's O(h⁴) error, h ≤ 0.1).
  for (double t = 0.0; t <= 2.0; t += 0.0137) {
    const Eigen::VectorXd error = dense->value(t) - system.Exact(t, 1.0, 0.0);
    EXPECT_LT(error.cwiseAbs().maxCoeff(), 1e-4) << "t = " << t;
  }
  std::unique_ptr<trajectories::PiecewisePolynomial<double>> taken =
      rk3.StopDenseIntegration();
  EXPECT_EQ(rk3.get_dense_output(), nullptr);
  EXPECT_EQ(taken->end_time(), 2.0);
  EXPECT_THROW(rk3.StopDenseIntegration(), std::logic_error);
}

}  // namespace dense_output_test
}  // namespace ossa::systems::analysis_test
