// Accuracy, convergence order and stiffness behaviour of every integrator on
// systems with closed-form solutions.

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <memory>
#include <string>

#include "ossa/systems/analysis/explicit_euler_integrator.h"
#include "ossa/systems/analysis/implicit_euler_integrator.h"
#include "ossa/systems/analysis/radau_integrator.h"
#include "ossa/systems/analysis/runge_kutta2_integrator.h"
#include "ossa/systems/analysis/runge_kutta3_integrator.h"
#include "ossa/systems/analysis/runge_kutta5_integrator.h"
#include "ossa/systems/analysis/semi_explicit_euler_integrator.h"
#include "ossa/systems/analysis/test/test_systems.h"

namespace ossa::systems::analysis_test {
namespace integrators_test {

using ::testing::HasSubstr;

// ζ = 0.1, ω₀ = 2 rad/s: a lightly damped oscillator, a classic benchmark.
constexpr double kMass = 1.0, kDamping = 0.4, kStiffness = 4.0;
constexpr double kX0 = 1.0, kV0 = 0.5, kTf = 2.0;

using Factory = std::function<std::unique_ptr<IntegratorBase<double>>(
    const System<double>&, Context<double>*)>;

struct Case {
  std::string name;
  Factory make;
  int order;  // Global order of accuracy of the propagated solution.
};

template <typename I>
Factory MakeFixed() {
  return [](const System<double>& s, Context<double>* c) {
    auto i = std::make_unique<I>(s, 0.1, c);
    return std::unique_ptr<IntegratorBase<double>>(std::move(i));
  };
}

template <typename I>
Factory MakeControlled(std::function<void(I*)> configure = nullptr) {
  return [configure](const System<double>& s, Context<double>* c) {
    auto i = std::make_unique<I>(s, c);
    if (configure) configure(i.get());
    return std::unique_ptr<IntegratorBase<double>>(std::move(i));
  };
}

std::vector<Case> AllIntegrators() {
  return {
      {"ExplicitEuler", MakeFixed<ExplicitEulerIntegrator<double>>(), 1},
      {"SemiExplicitEuler", MakeFixed<SemiExplicitEulerIntegrator<double>>(),
       1},
      {"RungeKutta2", MakeFixed<RungeKutta2Integrator<double>>(), 2},
      {"RungeKutta3", MakeControlled<RungeKutta3Integrator<double>>(), 3},
      {"RungeKutta5", MakeControlled<RungeKutta5Integrator<double>>(), 5},
      {"ImplicitEuler", MakeControlled<ImplicitEulerIntegrator<double>>(), 1},
      {"ImplicitEulerStepDoubling",
       MakeControlled<ImplicitEulerIntegrator<double>>(
           [](ImplicitEulerIntegrator<double>* i) {
             i->set_use_implicit_trapezoid_error_estimation(false);
           }),
       1},
      {"Radau1", MakeControlled<Radau1Integrator<double>>(), 1},
      {"Radau3", MakeControlled<Radau3Integrator<double>>(), 3},
  };
}

// Integrates the mass-spring-damper to kTf with fixed steps h and returns
// the max-norm error of [x; v] against the closed form.
double FixedStepError(const Case& c, double h) {
  MassSpringDamper<double> system(kMass, kDamping, kStiffness);
  auto context = system.CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(kX0, kV0));
  auto integrator = c.make(system, context.get());
  integrator->set_maximum_step_size(h);
  integrator->set_fixed_step_mode(true);
  integrator->Initialize();
  integrator->IntegrateWithMultipleStepsToTime(kTf);
  EXPECT_EQ(context->get_time(), kTf);
  // Every step but possibly the last (stretched) one has size h.
  EXPECT_NEAR(integrator->get_num_steps_taken(), kTf / h, 1.0);
  const Eigen::Vector2d x =
      context->get_continuous_state_vector().CopyToVector();
  return (x - system.Exact(kTf, kX0, kV0)).cwiseAbs().maxCoeff();
}

// Halving h must divide the global error by 2^p: the observed order
// log2(e(h)/e(h/2)) is within ±0.3 of the method's order. The step sizes keep
// every error far above rounding (≥ 1e-11) and in the asymptotic regime.
TEST(IntegratorConvergenceTest, FixedStepOrder) {
  for (const Case& c : AllIntegrators()) {
    const double h = c.order >= 5 ? 0.1 : (c.order >= 3 ? 0.025 : 1.0 / 128);
    const double e1 = FixedStepError(c, h);
    const double e2 = FixedStepError(c, h / 2);
    const double observed = std::log2(e1 / e2);
    std::cout << fmt::format(
        "[order] {:<26} h = {:<9.5g} e(h) = {:.3e} "
        "e(h/2) = {:.3e} observed p = {:.3f} (expected "
        "{})\n",
        c.name, h, e1, e2, observed, c.order);
    EXPECT_NEAR(observed, c.order, 0.3) << c.name;
  }
}

// Error control. The accuracy bounds the (weighted) local error of each
// step, so step through the integration and compare every step with the
// exact flow from that step's start: the local error must stay within 2× the
// accuracy (the estimate is asymptotic; for RK3, RK5 and Radau3 the estimate
// is that of the lower-order companion, so the propagated solution is far
// better). The global error at kTf is then at most the sum of the local
// errors, amplified by at most 3 by this system's flow (|v| ≤ ω₀|x| + …).
// Tightening the accuracy 100-fold cuts the global error at least 5-fold:
// with local error ∝ h^(p+1) the global error goes as accuracy^(p/(p+1)),
// i.e. 10× for the first-order methods and more for the others.
TEST(IntegratorAccuracyTest, ErrorControlMeetsRequestedAccuracy) {
  for (const Case& c : AllIntegrators()) {
    MassSpringDamper<double> system(kMass, kDamping, kStiffness);
    auto context = system.CreateDefaultContext();
    auto probe = c.make(system, context.get());
    if (!probe->supports_error_estimation()) continue;
    double errors[2];
    const double accuracies[2] = {1e-3, 1e-5};
    for (int k = 0; k < 2; ++k) {
      context->SetTime(0.0);
      context->SetContinuousState(Eigen::Vector2d(kX0, kV0));
      auto integrator = c.make(system, context.get());
      integrator->set_maximum_step_size(0.5);
      integrator->set_target_accuracy(accuracies[k]);
      integrator->Initialize();
      double max_local = 0.0;
      while (context->get_time() < kTf) {
        const double t0 = context->get_time();
        const Eigen::Vector2d x0 =
            context->get_continuous_state_vector().CopyToVector();
        integrator->IntegrateNoFurtherThanTime(kTf, kTf, kTf);
        const double h = context->get_time() - t0;
        const Eigen::Vector2d x1 =
            context->get_continuous_state_vector().CopyToVector();
        max_local = std::max(
            max_local,
            (x1 - system.Exact(h, x0[0], x0[1])).cwiseAbs().maxCoeff());
      }
      ASSERT_EQ(context->get_time(), kTf);
      const Eigen::Vector2d x =
          context->get_continuous_state_vector().CopyToVector();
      errors[k] = (x - system.Exact(kTf, kX0, kV0)).cwiseAbs().maxCoeff();
      const int64_t steps = integrator->get_num_steps_taken();
      std::cout << fmt::format(
          "[accuracy] {:<26} requested {:.0e}: max local error {:.2e}, "
          "global error {:.2e}, {} steps ({} rejected, {} derivative "
          "evaluations)\n",
          c.name, accuracies[k], max_local, errors[k], steps,
          integrator->get_num_step_shrinkages_from_error_control(),
          integrator->get_num_derivative_evaluations());
      EXPECT_LT(max_local, 2 * accuracies[k]) << c.name;
      EXPECT_LT(errors[k], 3 * accuracies[k] * steps) << c.name;
    }
    EXPECT_LT(errors[1], errors[0] / 5) << c.name;
  }
}

// A stiff problem (λ = 10⁴): explicit RK3 is limited by stability to
// h ≲ 2.5/λ whatever the accuracy, while the L-stable implicit methods follow
// the smooth solution cos t with large steps.
TEST(IntegratorStiffnessTest, ImplicitNeedsFarFewerSteps) {
  const double lambda = 1e4, y0 = 2.0, tf = 1.0;
  StiffScalar<double> system(lambda);
  auto run = [&](auto make, const char* name) {
    auto context = system.CreateDefaultContext();
    context->SetContinuousState(Vector1<double>(y0));
    auto integrator = make(context.get());
    integrator->set_maximum_step_size(0.1);
    integrator->set_target_accuracy(1e-4);
    integrator->Initialize();
    integrator->IntegrateWithMultipleStepsToTime(tf);
    const double error = std::abs(context->get_continuous_state_vector()[0] -
                                  system.Exact(tf, y0));
    std::cout << fmt::format("[stiff] {:<14} steps {:6d}  error {:.2e}\n", name,
                             integrator->get_num_steps_taken(), error);
    EXPECT_LT(error, 1e-3) << name;
    return integrator->get_num_steps_taken();
  };
  const int64_t rk3 = run(
      [&](Context<double>* c) {
        return std::make_unique<RungeKutta3Integrator<double>>(system, c);
      },
      "RungeKutta3");
  const int64_t ie = run(
      [&](Context<double>* c) {
        return std::make_unique<ImplicitEulerIntegrator<double>>(system, c);
      },
      "ImplicitEuler");
  const int64_t radau = run(
      [&](Context<double>* c) {
        return std::make_unique<Radau3Integrator<double>>(system, c);
      },
      "Radau3");
  // Stability alone forces RK3 past λ·tf/2.5 = 4000 steps.
  EXPECT_GT(rk3, 3000);
  EXPECT_LT(10 * ie, rk3);
  EXPECT_LT(10 * radau, rk3);
}

// Jacobian schemes agree and reuse saves Jacobian evaluations.
TEST(ImplicitIntegratorTest, JacobianSchemesAndReuse) {
  MassSpringDamper<double> system(kMass, kDamping, kStiffness);
  using Scheme = ImplicitIntegrator<double>::JacobianComputationScheme;
  Eigen::Vector2d results[3];
  int i = 0;
  for (Scheme scheme : {Scheme::kForwardDifference, Scheme::kCentralDifference,
                        Scheme::kAutomatic}) {
    auto context = system.CreateDefaultContext();
    context->SetContinuousState(Eigen::Vector2d(kX0, kV0));
    Radau3Integrator<double> integrator(system, context.get());
    integrator.set_jacobian_computation_scheme(scheme);
    integrator.set_maximum_step_size(0.01);
    integrator.set_fixed_step_mode(true);
    integrator.Initialize();
    integrator.IntegrateWithMultipleStepsToTime(1.0);
    results[i++] = context->get_continuous_state_vector().CopyToVector();
    // A linear system: the first Jacobian stays valid for every step.
    EXPECT_EQ(integrator.get_num_jacobian_evaluations(), 1);
  }
  // Newton converges to 1e-10 relative whatever the Jacobian's accuracy.
  EXPECT_LT((results[0] - results[2]).norm(), 1e-9);
  EXPECT_LT((results[1] - results[2]).norm(), 1e-9);
}

TEST(IntegratorBaseTest, SettingsAndErrors) {
  MassSpringDamper<double> system(kMass, kDamping, kStiffness);
  auto context = system.CreateDefaultContext();
  ExplicitEulerIntegrator<double> euler(system, 0.1, context.get());
  EXPECT_TRUE(euler.get_fixed_step_mode());
  EXPECT_FALSE(euler.supports_error_estimation());
  try {
    euler.set_target_accuracy(1e-3);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("does not support error estimation"));
  }
  EXPECT_THROW(euler.set_fixed_step_mode(false), std::logic_error);
  EXPECT_THROW(euler.set_maximum_step_size(-1.0), std::logic_error);
  try {
    euler.IntegrateWithMultipleStepsToTime(1.0);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("not been initialized"));
  }

  RungeKutta3Integrator<double> rk3(system, context.get());
  EXPECT_TRUE(rk3.supports_error_estimation());
  EXPECT_EQ(rk3.get_error_estimate_order(), 3);
  try {
    rk3.Initialize();
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("neither the initial step size target"));
  }
  rk3.set_maximum_step_size(0.1);
  rk3.request_initial_step_size_target(0.2);
  EXPECT_THROW(rk3.Initialize(), std::logic_error);
  rk3.request_initial_step_size_target(0.01);
  rk3.Initialize();
  // No accuracy requested: the integrator's default.
  EXPECT_EQ(rk3.get_accuracy_in_use(), 1e-3);
  context->SetTime(1.0);
  EXPECT_THROW(rk3.IntegrateNoFurtherThanTime(0.5, 2.0, 2.0), std::logic_error);

  // Minimum step violation: demanding accuracy with a large minimum step
  // (from a moving state, so that the error is not zero).
  context->SetContinuousState(Eigen::Vector2d(kX0, kV0));
  RungeKutta3Integrator<double> strict(system, context.get());
  strict.set_maximum_step_size(0.5);
  strict.set_requested_minimum_step_size(0.4);
  strict.request_initial_step_size_target(0.4);
  strict.set_target_accuracy(1e-12);
  strict.Initialize();
  try {
    strict.IntegrateWithMultipleStepsToTime(3.0);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("smaller than the working minimum"));
  }
  strict.set_throw_on_minimum_step_size_violation(false);
  strict.Initialize();
  strict.IntegrateWithMultipleStepsToTime(3.0);
  EXPECT_EQ(context->get_time(), 3.0);
}

// IntegrateNoFurtherThanTime stops exactly on the earliest target and says
// which one; the single fixed step lands exactly on its target.
TEST(IntegratorBaseTest, StopsExactlyOnTargets) {
  MassSpringDamper<double> system(kMass, kDamping, kStiffness);
  auto context = system.CreateDefaultContext();
  context->SetContinuousState(Eigen::Vector2d(kX0, kV0));
  RungeKutta3Integrator<double> rk3(system, context.get());
  rk3.set_maximum_step_size(1.0);
  rk3.Initialize();
  const double publish = 0.1 * 3, update = 0.7, boundary = 0.9;
  using R = IntegratorBase<double>::StepResult;
  R r;
  do {
    r = rk3.IntegrateNoFurtherThanTime(publish, update, boundary);
  } while (r == R::kTimeHasAdvanced);
  EXPECT_EQ(r, R::kReachedPublishTime);
  EXPECT_EQ(context->get_time(), publish);
  do {
    r = rk3.IntegrateNoFurtherThanTime(2.0, update, boundary);
  } while (r == R::kTimeHasAdvanced);
  EXPECT_EQ(r, R::kReachedUpdateTime);
  EXPECT_EQ(context->get_time(), update);
  // A tie between update and boundary reports the update.
  do {
    r = rk3.IntegrateNoFurtherThanTime(2.0, boundary, boundary);
  } while (r == R::kTimeHasAdvanced);
  EXPECT_EQ(r, R::kReachedUpdateTime);
  EXPECT_EQ(context->get_time(), boundary);
  const double t_target = 0.9 + 1.0 / 3.0;
  EXPECT_TRUE(rk3.IntegrateWithSingleFixedStepToTime(t_target));
  EXPECT_EQ(context->get_time(), t_target);
}

// The weighted error norm: N⁺δq and δv scaled by Wq = Wv, δz by Wz.
TEST(IntegratorBaseTest, StateChangeNormUsesWeights) {
  MassSpringDamper<double> system(kMass, kDamping, kStiffness);
  auto context = system.CreateDefaultContext();
  RungeKutta3Integrator<double> rk3(system, context.get());
  rk3.set_maximum_step_size(0.1);
  rk3.Initialize();
  auto dx = system.AllocateTimeDerivatives();
  dx->SetFromVector(Eigen::Vector2d(0.3, -0.2));
  EXPECT_DOUBLE_EQ(rk3.CalcStateChangeNorm(*dx), 0.3);
  rk3.get_mutable_generalized_state_weight_vector()[0] = 0.5;
  // Both δq and δv are scaled by the generalized weight: max(0.15, 0.1).
  EXPECT_DOUBLE_EQ(rk3.CalcStateChangeNorm(*dx), 0.15);
  dx->SetFromVector(Eigen::Vector2d(std::nan(""), 0.0));
  EXPECT_TRUE(std::isnan(rk3.CalcStateChangeNorm(*dx)));
}

// AutoDiffXd flows through an integrator: d x(tf)/d x0 by RK3 matches the
// closed-form sensitivity to the integrator's accuracy.
TEST(IntegratorAutoDiffTest, SensitivityThroughRk3) {
  MassSpringDamper<AutoDiffXd> system(kMass, kDamping, kStiffness);
  auto context = system.CreateDefaultContext();
  VectorX<AutoDiffXd> x0(2);
  x0[0] = AutoDiffXd(kX0, Eigen::Vector2d(1, 0));
  x0[1] = AutoDiffXd(kV0, Eigen::Vector2d(0, 1));
  context->SetContinuousState(x0);
  RungeKutta3Integrator<AutoDiffXd> rk3(system, context.get());
  rk3.set_maximum_step_size(0.01);
  rk3.set_fixed_step_mode(true);
  rk3.Initialize();
  rk3.IntegrateWithMultipleStepsToTime(1.0);
  const AutoDiffXd x = context->get_continuous_state_vector()[0];
  // The system is linear, so ∂x(t)/∂x0 = x(t; x0=1, v0=0), ∂x/∂v0 likewise.
  MassSpringDamper<double> exact(kMass, kDamping, kStiffness);
  EXPECT_NEAR(x.derivatives()[0], exact.Exact(1.0, 1.0, 0.0)[0], 1e-6);
  EXPECT_NEAR(x.derivatives()[1], exact.Exact(1.0, 0.0, 1.0)[0], 1e-6);
}

}  // namespace
}  // namespace ossa::systems::analysis_test
