// The discrete step of MultibodyPlant (DiscreteStepSolver through the
// DiscreteUpdateManager): each approximation against an independent dense
// implementation of the same scheme, implicit PD control, joint limits,
// effort limits, sampled output ports, AutoDiffXd derivatives.

#include "ossa/multibody/plant/discrete_update_manager.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <random>

#include "ossa/common/test/expect_logic_error.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/plant/discrete_step_solver.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/plant/test/discrete_test_models.h"
#include "ossa/systems/analysis/simulator.h"

namespace ossa::multibody {
namespace discrete_update_manager_test {

using internal::DiscreteStepInputs;
using internal::DiscreteStepResults;
using internal::DiscreteStepScratch;
using internal::DiscreteStepSolver;
using ::testing::HasSubstr;

constexpr double kH = 1e-3;
// The plant's default gravity.
const Vector3<double> kGravity(0, 0, -9.81);

enum class Model { kAcrobot, kArm };

std::unique_ptr<MultibodyPlant<double>> MakePlant(
    Model model, DiscreteContactApproximation approximation,
    double time_step = kH, bool sampled = true) {
  auto plant = std::make_unique<MultibodyPlant<double>>(time_step);
  if (model == Model::kAcrobot) {
    test::AddAcrobot(plant.get());
  } else {
    test::AddArm(plant.get());
  }
  plant->set_discrete_contact_approximation(approximation);
  plant->SetUseSampledOutputPorts(sampled);
  return plant;
}

// The pieces of an independent evaluation of the step at x = [q; v]:
// M by the composite-body algorithm and the free acceleration a by the
// articulated-body algorithm, M·a = τ_g − C·v + τ (a different algorithm
// from the inverse dynamics + LTDL path of the solver).
struct Reference {
  Eigen::MatrixXd M;
  Eigen::VectorXd damping;
};

Eigen::VectorXd FreeAcceleration(const MultibodyPlant<double>& plant,
                                 const systems::Context<double>& context,
                                 const Eigen::VectorXd& tau) {
  const internal::CompiledTree& tree = plant.tree().compiled_tree();
  const auto& params = plant.GetParameters(context);
  internal::TreeWorkspace<double> ws(tree);
  const Eigen::VectorXd q = plant.GetPositions(context);
  const Eigen::VectorXd v = plant.GetVelocities(context);
  internal::CalcPositionKinematics<double>(tree, params, q, &ws);
  internal::CalcVelocityKinematics<double>(tree, params, q, v, &ws);
  Eigen::VectorXd vdot(plant.num_velocities());
  internal::CalcForwardDynamicsArticulatedBody<double>(tree, params, kGravity,
                                                       tau, {}, &ws, vdot);
  return vdot;
}

Eigen::MatrixXd DenseMassMatrix(const MultibodyPlant<double>& plant,
                                const systems::Context<double>& context) {
  const internal::CompiledTree& tree = plant.tree().compiled_tree();
  const auto& params = plant.GetParameters(context);
  internal::TreeWorkspace<double> ws(tree);
  internal::CalcPositionKinematics<double>(tree, params,
                                           plant.GetPositions(context), &ws);
  const int nv = plant.num_velocities();
  Eigen::MatrixXd M(nv, nv);
  internal::CalcMassMatrix<double>(tree, params, &ws, M);
  return M;
}

// B·u: actuator input_start() → its joint's velocity index.
Eigen::VectorXd Actuation(const MultibodyPlant<double>& plant,
                          const Eigen::VectorXd& u) {
  Eigen::VectorXd tau = Eigen::VectorXd::Zero(plant.num_velocities());
  for (JointActuatorIndex a : plant.GetJointActuatorIndices()) {
    const auto& actuator = plant.get_joint_actuator(a);
    tau[actuator.joint().velocity_start()] += u[actuator.input_start()];
  }
  return tau;
}

// TAMSI, independently: v1 = v0 + h·ABA(τ = −D·v0 + B·u).
Eigen::VectorXd ReferenceTamsiVelocity(const MultibodyPlant<double>& plant,
                                       const systems::Context<double>& context,
                                       const Eigen::VectorXd& u) {
  const Eigen::VectorXd v0 = plant.GetVelocities(context);
  const Eigen::VectorXd& D = plant.GetParameters(context).damping;
  const Eigen::VectorXd tau = -D.cwiseProduct(v0) + Actuation(plant, u);
  return v0 + kH * FreeAcceleration(plant, context, tau);
}

// SAP family without constraints, independently:
// (M + h·D)·v1 = M·(v0 + h·a), a = ABA(τ = B·u), by a dense LDLT.
Eigen::VectorXd ReferenceSapVelocity(const MultibodyPlant<double>& plant,
                                     const systems::Context<double>& context,
                                     const Eigen::VectorXd& u) {
  const Eigen::VectorXd v0 = plant.GetVelocities(context);
  const Eigen::VectorXd& D = plant.GetParameters(context).damping;
  const Eigen::MatrixXd M = DenseMassMatrix(plant, context);
  const Eigen::VectorXd a =
      FreeAcceleration(plant, context, Actuation(plant, u));
  Eigen::MatrixXd A = M;
  A.diagonal() += kH * D;
  return A.ldlt().solve(M * (v0 + kH * a));
}

void SetRandomState(const MultibodyPlant<double>& plant, std::mt19937* gen,
                    systems::Context<double>* context) {
  std::uniform_real_distribution<double> q_dist(-1.5, 1.5), v_dist(-2, 2);
  Eigen::VectorXd x(plant.num_multibody_states());
  for (int i = 0; i < x.size(); ++i) {
    x[i] = i < plant.num_positions() ? q_dist(*gen) : v_dist(*gen);
  }
  plant.SetPositionsAndVelocities(context, x);
}

struct Stepper {
  explicit Stepper(const MultibodyPlant<double>& p)
      : plant(p), solver(p), scratch(solver.MakeScratch()) {
    inputs.Resize(p.num_actuated_dofs(), p.num_velocities());
  }
  const DiscreteStepResults<double>& Step(
      const systems::Context<double>& context) {
    solver.Step(plant, context, inputs, scratch.get(), &results);
    return results;
  }
  const MultibodyPlant<double>& plant;
  DiscreteStepSolver<double> solver;
  std::unique_ptr<DiscreteStepScratch<double>> scratch;
  DiscreteStepInputs<double> inputs;
  DiscreteStepResults<double> results;
};

// One step from random states and random actuation within the effort
// limits, for each approximation, against the independent formulas. The
// two computations differ only by round-off of O(1e-16·κ(M)·|v|), with
// κ(M) up to ~1e4 for the arm and the two mass matrices formed along
// different summation orders (the plant's merges welded bodies); 1e-11
// absolute on velocities of O(1) leaves a margin.
TEST(DiscreteStep, MatchesIndependentSchemeFromRandomStates) {
  for (Model model : {Model::kAcrobot, Model::kArm}) {
    for (DiscreteContactApproximation approximation :
         {DiscreteContactApproximation::kTamsi,
          DiscreteContactApproximation::kSap,
          DiscreteContactApproximation::kLagged,
          DiscreteContactApproximation::kSimilar}) {
      auto plant = MakePlant(model, approximation);
      plant->Finalize();
      auto context = plant->CreateDefaultContext();
      Stepper stepper(*plant);
      std::mt19937 gen(7);
      std::uniform_real_distribution<double> u_dist(-100, 100);
      for (int trial = 0; trial < 20; ++trial) {
        SetRandomState(*plant, &gen, context.get());
        for (int i = 0; i < stepper.inputs.u_ff.size(); ++i) {
          stepper.inputs.u_ff[i] = u_dist(gen);
        }
        const auto& r = stepper.Step(*context);
        const Eigen::VectorXd v_expected =
            approximation == DiscreteContactApproximation::kTamsi
                ? ReferenceTamsiVelocity(*plant, *context, stepper.inputs.u_ff)
                : ReferenceSapVelocity(*plant, *context, stepper.inputs.u_ff);
        EXPECT_LT((r.v_next - v_expected).lpNorm<Eigen::Infinity>(), 1e-11);
        // Revolute joints: N = I, so q1 = q0 + h·v1.
        EXPECT_LT((r.q_next - (plant->GetPositions(*context) + kH * r.v_next))
                      .lpNorm<Eigen::Infinity>(),
                  1e-15 * 10);
        EXPECT_LT((r.vdot - (r.v_next - plant->GetVelocities(*context)) / kH)
                      .lpNorm<Eigen::Infinity>(),
                  1e-9);
        EXPECT_EQ(r.net_actuation, stepper.inputs.u_ff);
        EXPECT_EQ(r.num_iterations, 0);
      }
    }
  }
}

// 1 s of simulation (1000 steps) through the Simulator against the
// independent step iterated by hand. Both are the same map up to round-off;
// over 1000 steps of a non-chaotic stretch it stays far below 1e-9.
TEST(DiscreteStep, SimulationMatchesIndependentScheme) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kTamsi,
        DiscreteContactApproximation::kLagged}) {
    for (Model model : {Model::kAcrobot, Model::kArm}) {
      auto plant = MakePlant(model, approximation);
      plant->Finalize();
      const int nq = plant->num_positions();
      Eigen::VectorXd x0(2 * nq);
      for (int i = 0; i < nq; ++i) {
        x0[i] = 0.3 - 0.1 * i;
        x0[nq + i] = 0.5 - 0.2 * i;
      }
      systems::Simulator<double> simulator(*plant);
      plant->SetPositionsAndVelocities(&simulator.get_mutable_context(), x0);
      simulator.AdvanceTo(1.0);
      const Eigen::VectorXd x_sim =
          plant->GetPositionsAndVelocities(simulator.get_context());

      auto context = plant->CreateDefaultContext();
      plant->SetPositionsAndVelocities(context.get(), x0);
      const Eigen::VectorXd u = Eigen::VectorXd::Zero(nq);
      for (int n = 0; n < 1000; ++n) {
        const Eigen::VectorXd v1 =
            approximation == DiscreteContactApproximation::kTamsi
                ? ReferenceTamsiVelocity(*plant, *context, u)
                : ReferenceSapVelocity(*plant, *context, u);
        plant->SetPositions(context.get(),
                            plant->GetPositions(*context) + kH * v1);
        plant->SetVelocities(context.get(), v1);
      }
      const Eigen::VectorXd x_ref = plant->GetPositionsAndVelocities(*context);
      EXPECT_LT((x_sim - x_ref).lpNorm<Eigen::Infinity>(), 1e-9)
          << "model " << static_cast<int>(model) << " approximation "
          << static_cast<int>(approximation);
      EXPECT_NEAR(simulator.get_context().get_time(), 1.0, 1e-12);
    }
  }
}

// Joint damping is explicit with TAMSI and implicit with the SAP family: at
// a damping far beyond the explicit stability limit (h·d/I = 20) TAMSI
// overshoots (the velocity changes sign) while the implicit step decays
// monotonically, v1 = v0·I/(I + h·d) with no gravity torque at q = 0.
TEST(DiscreteStep, ImplicitDampingWithSapFamily) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kTamsi,
        DiscreteContactApproximation::kSap}) {
    MultibodyPlant<double> plant(kH);
    const auto& body = plant.AddRigidBody(
        "wheel", SpatialInertia<double>(1.0, Vector3<double>::Zero(),
                                        UnitInertia<double>(0.5, 0.5, 0.1)));
    plant.AddJoint<RevoluteJoint>("axle", plant.world_body(), std::nullopt,
                                  body, std::nullopt, Vector3<double>::UnitZ(),
                                  2000.0);
    plant.set_discrete_contact_approximation(approximation);
    plant.Finalize();
    auto context = plant.CreateDefaultContext();
    plant.SetVelocities(context.get(), Vector1<double>(1.0));
    Stepper stepper(plant);
    const double v1 = stepper.Step(*context).v_next[0];
    const double I = 0.1, d = 2000.0;
    if (approximation == DiscreteContactApproximation::kTamsi) {
      EXPECT_NEAR(v1, 1.0 - kH * d / I, 1e-12);
    } else {
      EXPECT_NEAR(v1, I / (I + kH * d), 1e-15);
      EXPECT_NEAR(stepper.results.tau_damping[0], -d * v1, 1e-12);
    }
  }
}

// The per-dof constraint impulses γ(v) of the scheme, written again here
// from the formulas of discrete_step_solver.h, to check that the solver's
// v1 satisfies the optimality condition A·(v1 − v*) = γ(v1).
Eigen::VectorXd ConstraintImpulses(const MultibodyPlant<double>& plant,
                                   const systems::Context<double>& context,
                                   const DiscreteStepInputs<double>& inputs,
                                   const Eigen::MatrixXd& A,
                                   const Eigen::VectorXd& v_star,
                                   const Eigen::VectorXd& v) {
  const Eigen::VectorXd q0 = plant.GetPositions(context);
  const Eigen::VectorXd v0 = plant.GetVelocities(context);
  Eigen::VectorXd gamma = Eigen::VectorXd::Zero(v.size());
  for (JointActuatorIndex a : plant.GetJointActuatorIndices()) {
    const auto& actuator = plant.get_joint_actuator(a);
    if (!actuator.has_controller()) continue;
    const int i = actuator.joint().velocity_start();
    const int k = actuator.input_start();
    const auto& g = actuator.get_controller_gains();
    const double u = -g.p * (q0[i] + kH * v[i] - inputs.qd[k]) -
                     g.d * (v[i] - inputs.vd[k]) + inputs.u_ff[k];
    const double e = actuator.effort_limit();
    gamma[i] += kH * std::clamp(u, -e, e);
  }
  for (JointIndex j : plant.GetJointIndices()) {
    const auto& joint = plant.get_joint(j);
    const int i = joint.velocity_start();
    const double R = 0.01 / (4 * std::numbers::pi * std::numbers::pi) / A(i, i);
    const double lower = joint.position_lower_limits()[0];
    const double upper = joint.position_upper_limits()[0];
    // A side is in the step when q0 is within 2·h·max(|v0|, |v*|) of it.
    const double window =
        2 * kH * std::max(std::abs(v0[i]), std::abs(v_star[i]));
    if (std::isfinite(lower) && q0[i] < lower + window) {
      gamma[i] += std::max(0.0, (-(q0[i] - lower) / (2 * kH) - v[i]) / R);
    }
    if (std::isfinite(upper) && q0[i] > upper - window) {
      gamma[i] -= std::max(0.0, (-(upper - q0[i]) / (2 * kH) + v[i]) / R);
    }
  }
  return gamma;
}

// PD control unclamped: the step is the linear backward-Euler PD law, a
// single dense solve; and the net actuation is the PD law at v1.
TEST(DiscreteStep, ImplicitPdMatchesClosedForm) {
  auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kSap);
  const double kp = 400, kd = 20;
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    plant->get_mutable_joint_actuator(a).set_controller_gains({kp, kd});
  }
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  std::mt19937 gen(3);
  Stepper stepper(*plant);
  for (int trial = 0; trial < 10; ++trial) {
    SetRandomState(*plant, &gen, context.get());
    stepper.inputs.qd =
        Eigen::VectorXd::Random(7) * 0.1 + plant->GetPositions(*context);
    stepper.inputs.vd = Eigen::VectorXd::Random(7);
    stepper.inputs.u_ff = Eigen::VectorXd::Random(7) * 5;
    const auto& r = stepper.Step(*context);
    // Dense: (A + h·(h·Kp + Kd)·I)·v1 = M·(v0 + h·a) + h·(−Kp·(q0 − qd) +
    // Kd·vd + u_ff), a = ABA(τ = 0); every actuator is PD here and B = I.
    const Eigen::VectorXd q0 = plant->GetPositions(*context);
    const Eigen::VectorXd v0 = plant->GetVelocities(*context);
    const Eigen::MatrixXd M = DenseMassMatrix(*plant, *context);
    Eigen::MatrixXd K = M;
    K.diagonal() += kH * plant->GetParameters(*context).damping;
    K.diagonal().array() += kH * (kH * kp + kd);
    const Eigen::VectorXd a =
        FreeAcceleration(*plant, *context, Eigen::VectorXd::Zero(7));
    const Eigen::VectorXd rhs =
        M * (v0 + kH * a) + kH * (-kp * (q0 - stepper.inputs.qd) +
                                  kd * stepper.inputs.vd + stepper.inputs.u_ff);
    const Eigen::VectorXd v1 = K.ldlt().solve(rhs);
    ASSERT_TRUE(
        (kp * (q0 + kH * v1 - stepper.inputs.qd)).cwiseAbs().maxCoeff() < 300)
        << "the test wants the PD law unclamped";
    EXPECT_LT((r.v_next - v1).lpNorm<Eigen::Infinity>(), 1e-12);
    const Eigen::VectorXd u = -kp * (q0 + kH * v1 - stepper.inputs.qd) -
                              kd * (v1 - stepper.inputs.vd) +
                              stepper.inputs.u_ff;
    EXPECT_LT((r.net_actuation - u).lpNorm<Eigen::Infinity>(), 1e-8);
    EXPECT_GE(r.num_iterations, 1);
  }
}

// With saturating PD (effort limits), active joint limits and mixed active
// sets, the solver's v1 satisfies the optimality condition of the convex
// problem: A·(v1 − v*) = γ(v1), with γ recomputed from the formulas.
TEST(DiscreteStep, ConstrainedStepSatisfiesOptimality) {
  auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kLagged);
  std::mt19937 gen(11);
  int k = 0;
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    auto& actuator = plant->get_mutable_joint_actuator(a);
    actuator.set_controller_gains({1e4 * (1 + k), 50.0});
    actuator.set_effort_limit(40.0 + 10 * k);
    ++k;
  }
  for (JointIndex j : plant->GetJointIndices()) {
    plant->get_mutable_joint(j).set_position_limits(Vector1<double>(-0.4),
                                                    Vector1<double>(0.5));
  }
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  Stepper stepper(*plant);
  int saturated = 0, limited = 0;
  for (int trial = 0; trial < 30; ++trial) {
    SetRandomState(*plant, &gen, context.get());
    stepper.inputs.qd = Eigen::VectorXd::Random(7);
    stepper.inputs.vd = Eigen::VectorXd::Random(7);
    stepper.inputs.u_ff = Eigen::VectorXd::Random(7) * 10;
    const auto& r = stepper.Step(*context);
    const Eigen::VectorXd v0 = plant->GetVelocities(*context);
    const Eigen::MatrixXd M = DenseMassMatrix(*plant, *context);
    Eigen::MatrixXd A = M;
    A.diagonal() += kH * plant->GetParameters(*context).damping;
    const Eigen::VectorXd a =
        FreeAcceleration(*plant, *context, Eigen::VectorXd::Zero(7));
    const Eigen::VectorXd v_star = A.ldlt().solve(M * (v0 + kH * a));
    const Eigen::VectorXd gamma = ConstraintImpulses(
        *plant, *context, stepper.inputs, A, v_star, r.v_next);
    // The Newton matrix A + diag(G) has κ ≲ 1e5 (1/R ≈ 4e3·A_ii, PD terms
    // h·(h·Kp + Kd) up to 0.1, against A_ii ~ 0.05 for the light links), so
    // a backward-stable solve leaves a residual of ≲ 1e-16·1e5 relative to
    // the impulses.
    EXPECT_LT((A * (r.v_next - v_star) - gamma).lpNorm<Eigen::Infinity>(),
              1e-11 * std::max(1.0, gamma.lpNorm<Eigen::Infinity>()));
    for (int i = 0; i < 7; ++i) {
      if (std::abs(r.net_actuation[i]) == 40.0 + 10 * i) ++saturated;
      if (r.tau_joint_limits[i] != 0) ++limited;
    }
  }
  // The random states exercise both nonlinearities.
  EXPECT_GT(saturated, 10);
  EXPECT_GT(limited, 10);
}

// Effort limits clamp the feedforward actuation with every approximation:
// the step with u beyond ±e equals the step with u = ±e.
TEST(DiscreteStep, EffortLimitsClamp) {
  for (DiscreteContactApproximation approximation :
       {DiscreteContactApproximation::kTamsi,
        DiscreteContactApproximation::kSap}) {
    auto plant = MakePlant(Model::kArm, approximation);
    plant->Finalize();
    auto context = plant->CreateDefaultContext();
    std::mt19937 gen(5);
    SetRandomState(*plant, &gen, context.get());
    Stepper stepper(*plant);
    stepper.inputs.u_ff << 1000, -1000, 299, -299, 5000, 0, -301;
    const DiscreteStepResults<double> clamped = stepper.Step(*context);
    Eigen::VectorXd expected_u(7);
    expected_u << 300, -300, 299, -299, 300, 0, -300;
    EXPECT_EQ(clamped.net_actuation, expected_u);
    stepper.inputs.u_ff = expected_u;
    EXPECT_EQ(stepper.Step(*context).v_next, clamped.v_next);
  }
}

// The reference ignores PD gains with TAMSI: only the feedforward acts.
TEST(DiscreteStep, TamsiIgnoresPdGains) {
  auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kTamsi);
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    plant->get_mutable_joint_actuator(a).set_controller_gains({1e3, 10});
  }
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  std::mt19937 gen(9);
  SetRandomState(*plant, &gen, context.get());
  Stepper stepper(*plant);
  stepper.inputs.u_ff.setConstant(2.0);
  stepper.inputs.qd.setConstant(1.0);
  const auto& r = stepper.Step(*context);
  EXPECT_LT(
      (r.v_next - ReferenceTamsiVelocity(*plant, *context, stepper.inputs.u_ff))
          .lpNorm<Eigen::Infinity>(),
      1e-12);
  EXPECT_EQ(r.net_actuation, stepper.inputs.u_ff);
}

// A disarmed PD controller (its instance's desired state not connected)
// leaves the actuator a plain feedforward one, clamped to its effort limit.
TEST(DiscreteStep, DisarmedPdIsFeedforward) {
  auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kSap);
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    plant->get_mutable_joint_actuator(a).set_controller_gains({1e3, 10});
  }
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  std::mt19937 gen(17);
  SetRandomState(*plant, &gen, context.get());
  Stepper stepper(*plant);
  stepper.inputs.u_ff.setConstant(500.0);
  stepper.inputs.qd.setConstant(1.0);
  stepper.inputs.pd_armed.assign(7, 0);
  const auto& r = stepper.Step(*context);
  const Eigen::VectorXd u = Eigen::VectorXd::Constant(7, 300.0);
  EXPECT_EQ(r.net_actuation, u);
  EXPECT_EQ(r.num_iterations, 0);
  EXPECT_LT(
      (r.v_next - ReferenceSapVelocity(*plant, *context, u))
          .lpNorm<Eigen::Infinity>(),
      1e-11);  // Round-off as in MatchesIndependentSchemeFromRandomStates.
}

// Runs `steps` steps, feeding x[n+1] back; returns the largest |v| seen.
double RunSteps(Stepper* stepper, systems::Context<double>* context, int steps,
                double* max_q0 = nullptr) {
  double max_v = 0;
  for (int n = 0; n < steps; ++n) {
    const auto& r = stepper->Step(*context);
    stepper->plant.SetPositions(context, r.q_next);
    stepper->plant.SetVelocities(context, r.v_next);
    max_v = std::max(max_v, r.v_next.cwiseAbs().maxCoeff());
    if (max_q0 != nullptr) *max_q0 = std::max(*max_q0, r.q_next[0]);
  }
  return max_v;
}

// PD targets are reached: at rest, the PD torque balances gravity,
// Kp·(qd − q) = −τ_g(q) (Kd·v → 0), for moderate and for huge gains.
TEST(DiscreteStep, PdSettlesAtTarget) {
  for (const double kp : {1e4, 1e6}) {
    auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kLagged);
    for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
      auto& actuator = plant->get_mutable_joint_actuator(a);
      // Roughly critical damping for link inertias of O(0.1) kg·m².
      actuator.set_controller_gains({kp, 2 * std::sqrt(kp * 0.5)});
      actuator.set_effort_limit(std::numeric_limits<double>::infinity());
    }
    plant->Finalize();
    auto context = plant->CreateDefaultContext();
    Stepper stepper(*plant);
    Eigen::VectorXd qd(7);
    qd << 0.5, -0.4, 0.3, 0.8, -0.6, 0.2, 0.1;
    stepper.inputs.qd = qd;
    // The step from rest to targets up to 0.8 rad away moves the light
    // links fast at first (up to ≈ Δq·√(Kp/I) ≈ 0.8·√(1e6/0.05) rad/s for
    // Kp = 1e6); the test is that it stays finite and settles.
    const double max_v = RunSteps(&stepper, context.get(), 2000);
    EXPECT_TRUE(std::isfinite(max_v));
    EXPECT_LT(max_v, 0.8 * std::sqrt(kp / 0.05));
    const Eigen::VectorXd q = plant->GetPositions(*context);
    const Eigen::VectorXd v = plant->GetVelocities(*context);
    EXPECT_LT(v.lpNorm<Eigen::Infinity>(), 1e-6);
    // Gravity torques are below 50 N·m: |q − qd| ≤ 50/Kp, and exactly the
    // balance with the gravity torque at q.
    EXPECT_LT((q - qd).lpNorm<Eigen::Infinity>(), 50.0 / kp);
    // At v = 0 the free acceleration a satisfies M·a = τ_g.
    const Eigen::VectorXd tau_g =
        DenseMassMatrix(*plant, *context) *
        FreeAcceleration(*plant, *context, Eigen::VectorXd::Zero(7));
    // Kp·(qd − q) − Kd·v + τ_g = 0 at equilibrium; |Kd·v| ≤ 1e-6·Kd.
    const double kd = 2 * std::sqrt(kp * 0.5);
    EXPECT_LT((kp * (qd - q) + tau_g).lpNorm<Eigen::Infinity>(),
              1e-6 * kd + 1e-6);
  }
}

// A joint limit holds against a PD with Kp = 1e6 driving the joint 0.2 rad
// beyond it: the penetration stays at the near-rigid steady value
// 2·R·h²·|f|, f = Kp·(qd − q) (R = β²/(4π²)/A_ii), a few 1e-5 rad, and the
// motion stays bounded.
TEST(DiscreteStep, JointLimitHoldsAgainstHugeGains) {
  auto plant = MakePlant(Model::kAcrobot, DiscreteContactApproximation::kSap);
  const auto& shoulder = plant->GetJointByName("shoulder");
  plant->get_mutable_joint(shoulder.index())
      .set_position_limits(Vector1<double>(-0.3), Vector1<double>(0.3));
  const auto& actuator = plant->AddJointActuator("motor", shoulder);
  const double kp = 1e6;
  plant->get_mutable_joint_actuator(actuator.index())
      .set_controller_gains({kp, 1e3});
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  Stepper stepper(*plant);
  stepper.inputs.qd[0] = 0.5;
  double max_q = -1;
  const double max_v = RunSteps(&stepper, context.get(), 2000, &max_q);
  // The PD swings the arm up at ≈ 0.5·√(Kp/A_00) ≈ 250 rad/s before impact.
  EXPECT_LT(max_v, 500.0);
  const Eigen::MatrixXd M = DenseMassMatrix(*plant, *context);
  const double A00 = M(0, 0) + kH * 0.1;
  const double R = 0.01 / (4 * std::numbers::pi * std::numbers::pi) / A00;
  // Gravity adds at most 3·9.81·1 N·m to Kp·0.2 = 2e5 N·m.
  const double bound = 2 * R * kH * kH * (kp * 0.2 + 30);
  EXPECT_LT(bound, 5e-5);
  // The impact at ≈ 250 rad/s adds a transient overshoot of the same order
  // as the steady penetration (measured ≈ 10% of it): twice the steady
  // value bounds it.
  EXPECT_LE(max_q, 0.3 + 2 * bound);
  const double q = plant->GetPositions(*context)[0];
  EXPECT_GT(q, 0.3);  // pushed into the limit...
  EXPECT_LT(q, 0.3 + bound);
  // ...and the limit force balances the PD force (each ≈ 2e5 N·m) up to
  // the gravity torque (≤ 30 N·m).
  EXPECT_GT(stepper.results.net_actuation[0], 1e5);
  EXPECT_LT(std::abs(stepper.results.tau_joint_limits[0] +
                     stepper.results.net_actuation[0]),
            30.0);
}

// A constant torque far above the link's weight drives the shoulder into its
// limit: never beyond the steady near-rigid penetration, also on impact.
TEST(DiscreteStep, JointLimitStopsADrivenLink) {
  auto plant = MakePlant(Model::kAcrobot, DiscreteContactApproximation::kSap);
  const auto& shoulder = plant->GetJointByName("shoulder");
  plant->get_mutable_joint(shoulder.index())
      .set_position_limits(Vector1<double>(-0.3), Vector1<double>(0.3));
  plant->AddJointActuator("motor", shoulder);
  plant->Finalize();
  auto context = plant->CreateDefaultContext();
  Stepper stepper(*plant);
  stepper.inputs.u_ff[0] = 200;
  double max_q = -1;
  RunSteps(&stepper, context.get(), 1500, &max_q);
  // |f| ≤ 200 + 30 N·m; A_00 ≥ 0.35 kg·m² (link 1 alone about the shoulder).
  const double R_max = 0.01 / (4 * std::numbers::pi * std::numbers::pi) / 0.35;
  EXPECT_LE(max_q, 0.3 + 2 * R_max * kH * kH * 230);
  EXPECT_GT(plant->GetPositions(*context)[0], 0.3 - 1e-9);
}

// TAMSI's limit is the reference's explicit penalty: k = m·ω², d = 2·m·ω,
// ω = 0.1/h, m the smaller axial inertia of the two bodies about the joint
// frame origin, the world excluded (the values below are those measured on
// pydrake 1.51 for this acrobot: k = 3500 N·m/rad, d = 70 N·m·s/rad).
TEST(DiscreteStep, TamsiJointLimitPenalty) {
  auto plant = MakePlant(Model::kAcrobot, DiscreteContactApproximation::kTamsi);
  for (const char* name : {"shoulder", "elbow"}) {
    plant->get_mutable_joint(plant->GetJointByName(name).index())
        .set_position_limits(Vector1<double>(-0.3), Vector1<double>(0.3));
  }
  plant->Finalize();
  Stepper stepper(*plant);
  const auto [k1, d1] = stepper.solver.GetTamsiPenaltyParameters(
      plant->GetJointByName("shoulder").index());
  EXPECT_NEAR(k1, 3500.0, 1e-9);
  EXPECT_NEAR(d1, 70.0, 1e-12);
  // Link 1 about (0, 0, −1): I_cm,yy = 0.35 − 0.5² = 0.1, plus 1·0.5² = 0.35;
  // link 2 about Bo: 2·1.2 = 2.4. The smaller is 0.35.
  const auto [k2, d2] = stepper.solver.GetTamsiPenaltyParameters(
      plant->GetJointByName("elbow").index());
  EXPECT_NEAR(k2, 3500.0, 1e-9);
  EXPECT_NEAR(d2, 70.0, 1e-12);

  auto context = plant->CreateDefaultContext();
  plant->SetPositions(context.get(), Eigen::Vector2d(0.35, -0.1));
  plant->SetVelocities(context.get(), Eigen::Vector2d(1.0, 0.5));
  const auto& r = stepper.Step(*context);
  EXPECT_NEAR(r.tau_joint_limits[0], -3500 * 0.05 - 70 * 1.0, 1e-9);
  EXPECT_EQ(r.tau_joint_limits[1], 0.0);
  // The penalty enters like any explicit force.
  const Eigen::VectorXd v0 = plant->GetVelocities(*context);
  const Eigen::VectorXd tau =
      -plant->GetParameters(*context).damping.cwiseProduct(v0) +
      r.tau_joint_limits;
  EXPECT_LT((r.v_next - (v0 + kH * FreeAcceleration(*plant, *context, tau)))
                .lpNorm<Eigen::Infinity>(),
            1e-12);

  // Leaving the limit fast, the damping would pull the joint back in
  // (−3500·0.05 + 70·3 = +35 N·m past the upper limit): the penalty only
  // pushes out, so it is zero, as the reference's.
  plant->SetVelocities(context.get(), Eigen::Vector2d(-3.0, 0.5));
  EXPECT_EQ(stepper.Step(*context).tau_joint_limits[0], 0.0);
  // Past the lower limit, entering: pushes out (positive).
  plant->SetPositions(context.get(), Eigen::Vector2d(-0.35, -0.1));
  plant->SetVelocities(context.get(), Eigen::Vector2d(-1.0, 0.5));
  EXPECT_NEAR(stepper.Step(*context).tau_joint_limits[0],
              3500 * 0.05 + 70 * 1.0, 1e-9);
}

// Sampled output ports: zeros (and no valid sample) before the first step;
// after a step the sample holds the results computed from x[n] while the
// Context holds x[n+1]. Live ports compute from the current state.
TEST(DiscreteUpdateManager, SampledAndLiveResults) {
  for (const bool sampled : {true, false}) {
    auto plant = MakePlant(Model::kAcrobot, DiscreteContactApproximation::kSap,
                           kH, sampled);
    EXPECT_EQ(plant->has_sampled_output_ports(), sampled);
    plant->Finalize();
    const auto* manager = plant->internal_discrete_update_manager();
    ASSERT_NE(manager, nullptr);
    EXPECT_EQ(manager->has_sample(), sampled);
    systems::Simulator<double> simulator(*plant);
    auto& context = simulator.get_mutable_context();
    plant->SetPositionsAndVelocities(&context,
                                     Eigen::Vector4d(0.4, -0.3, 1.0, -0.5));
    const auto x0_context = context.Clone();
    const auto& before = manager->EvalStepResultsForOutputs(context);
    if (sampled) {
      EXPECT_FALSE(manager->sample_is_valid(context));
      EXPECT_TRUE(before.vdot.isZero(0.0));
      EXPECT_TRUE(before.net_actuation.isZero(0.0));
      EXPECT_TRUE(before.tau_damping.isZero(0.0));
    } else {
      EXPECT_LOGIC_ERROR(manager->sample_is_valid(context), "sampled");
      EXPECT_FALSE(before.vdot.isZero(0.0));
    }
    // One step: the update at t = 0 moves the Context to x[1] at t = h.
    simulator.AdvanceTo(kH);
    const DiscreteStepResults<double>& step_from_x0 =
        manager->EvalDiscreteStepResults(*x0_context);
    EXPECT_EQ(plant->GetPositions(context), step_from_x0.q_next);
    EXPECT_EQ(plant->GetVelocities(context), step_from_x0.v_next);
    const auto& outputs = manager->EvalStepResultsForOutputs(context);
    const auto& live = manager->EvalDiscreteStepResults(context);
    EXPECT_NE(live.vdot, step_from_x0.vdot);
    if (sampled) {
      EXPECT_TRUE(manager->sample_is_valid(context));
      EXPECT_EQ(outputs.vdot, step_from_x0.vdot);
      EXPECT_EQ(outputs.tau_damping, step_from_x0.tau_damping);
    } else {
      EXPECT_EQ(&outputs, &live);
    }
  }
}

TEST(DiscreteUpdateManager, SolverNeedsAFinalizedDiscretePlant) {
  MultibodyPlant<double> continuous(0.0);
  test::AddAcrobot(&continuous);
  continuous.Finalize();
  EXPECT_EQ(continuous.internal_discrete_update_manager(), nullptr);
  EXPECT_LOGIC_ERROR(DiscreteStepSolver<double>{continuous}, "discrete");
  auto plant = MakePlant(Model::kAcrobot, DiscreteContactApproximation::kSap);
  EXPECT_LOGIC_ERROR(DiscreteStepSolver<double>{*plant}, "finalized");
  plant->Finalize();
  DiscreteStepSolver<double> solver(*plant);
  auto scratch = solver.MakeScratch();
  auto context = plant->CreateDefaultContext();
  DiscreteStepInputs<double> inputs;
  inputs.Resize(0, 3);
  DiscreteStepResults<double> results;
  EXPECT_LOGIC_ERROR(
      solver.Step(*plant, *context, inputs, scratch.get(), &results),
      "tau_applied");
}

TEST(MultibodyPlantSettings, SampledPortsAndApproximationRules) {
  MultibodyPlant<double> continuous(0.0);
  EXPECT_FALSE(continuous.has_sampled_output_ports());
  EXPECT_LOGIC_ERROR(continuous.SetUseSampledOutputPorts(true),
                     "SetUseSampledOutputPorts");
  continuous.SetUseSampledOutputPorts(false);
  EXPECT_LOGIC_ERROR(continuous.set_discrete_contact_approximation(
                         DiscreteContactApproximation::kSap),
                     "continuous");
  MultibodyPlant<double> plant(kH);
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kLagged);
  EXPECT_EQ(plant.get_discrete_contact_solver(), DiscreteContactSolver::kSap);
  plant.set_discrete_contact_solver(DiscreteContactSolver::kTamsi);
  EXPECT_EQ(plant.get_discrete_contact_approximation(),
            DiscreteContactApproximation::kTamsi);
  EXPECT_LOGIC_ERROR(plant.set_penetration_allowance(0.0), "positive");
  EXPECT_LOGIC_ERROR(plant.set_stiction_tolerance(-1.0), "positive");
  EXPECT_LOGIC_ERROR(plant.set_sap_near_rigid_threshold(-0.1), "negative");
  plant.Finalize();
  EXPECT_LOGIC_ERROR(plant.set_discrete_contact_approximation(
                         DiscreteContactApproximation::kSap),
                     "set_discrete_contact_approximation");
  EXPECT_LOGIC_ERROR(plant.SetUseSampledOutputPorts(false),
                     "SetUseSampledOutputPorts");
  EXPECT_LOGIC_ERROR(plant.set_contact_model(ContactModel::kPoint),
                     "set_contact_model");
}

// AutoDiffXd: the step's derivative with respect to v0 matches central
// differences of the double step, with PD active and unclamped (a smooth
// piece). Differences of h·(...) terms with δ = 1e-6: error O(δ²·|∂³|) plus
// round-off 1e-16/1e-6 — 1e-8 is ample.
TEST(DiscreteStep, AutoDiffDerivativesMatchFiniteDifferences) {
  MultibodyPlant<AutoDiffXd> plant_ad(kH);
  test::AddArm(&plant_ad);
  auto plant = MakePlant(Model::kArm, DiscreteContactApproximation::kLagged);
  for (JointActuatorIndex a : plant->GetJointActuatorIndices()) {
    plant->get_mutable_joint_actuator(a).set_controller_gains({100, 5});
    plant_ad.get_mutable_joint_actuator(a).set_controller_gains({100, 5});
  }
  plant->Finalize();
  plant_ad.Finalize();
  auto context = plant->CreateDefaultContext();
  auto context_ad = plant_ad.CreateDefaultContext();
  std::mt19937 gen(13);
  SetRandomState(*plant, &gen, context.get());
  const Eigen::VectorXd x = plant->GetPositionsAndVelocities(*context);
  VectorX<AutoDiffXd> x_ad = x.cast<AutoDiffXd>();
  for (int i = 0; i < 7; ++i) {
    x_ad[7 + i].derivatives() = Eigen::VectorXd::Unit(7, i);
  }
  plant_ad.SetPositionsAndVelocities(context_ad.get(), x_ad);
  DiscreteStepSolver<AutoDiffXd> solver_ad(plant_ad);
  auto scratch_ad = solver_ad.MakeScratch();
  DiscreteStepInputs<AutoDiffXd> inputs_ad;
  inputs_ad.Resize(7, 7);
  DiscreteStepResults<AutoDiffXd> r_ad;
  solver_ad.Step(plant_ad, *context_ad, inputs_ad, scratch_ad.get(), &r_ad);

  Stepper stepper(*plant);
  const Eigen::VectorXd v1 = stepper.Step(*context).v_next;
  const double delta = 1e-6;
  for (int j = 0; j < 7; ++j) {
    Eigen::VectorXd xp = x, xm = x;
    xp[7 + j] += delta;
    xm[7 + j] -= delta;
    plant->SetPositionsAndVelocities(context.get(), xp);
    const Eigen::VectorXd vp = stepper.Step(*context).v_next;
    plant->SetPositionsAndVelocities(context.get(), xm);
    const Eigen::VectorXd vm = stepper.Step(*context).v_next;
    for (int i = 0; i < 7; ++i) {
      EXPECT_NEAR(r_ad.v_next[i].value(), v1[i], 1e-14);
      EXPECT_NEAR(r_ad.v_next[i].derivatives()[j],
                  (vp[i] - vm[i]) / (2 * delta), 1e-8);
    }
  }
}

// A contact pair whose Jacobian columns do not match its dofs, or whose
// dofs are not increasing valid indices, is refused before the solve.
TEST(DiscreteStepSolver, RejectsMalformedContactJacobian) {
  MultibodyPlant<double> plant(1e-3);
  plant.set_discrete_contact_approximation(DiscreteContactApproximation::kSap);
  plant.AddRigidBody("box",
                     SpatialInertia<double>::SolidBoxWithMass(1, 1, 1, 1));
  plant.Finalize();
  auto context = plant.CreateDefaultContext();
  DiscreteStepSolver<double> solver(plant);
  auto scratch = solver.MakeScratch();
  DiscreteStepInputs<double> inputs;
  inputs.Resize(0, 6);
  internal::DiscreteContactPair<double> pair;
  pair.source.stiffness = 1e6;
  pair.R_WC.setIdentity();
  DiscreteStepResults<double> results;
  for (const std::vector<int>& dofs :
       {std::vector<int>{0, 1}, std::vector<int>{2, 1, 3},
        std::vector<int>{4, 5, 6}}) {
    pair.dofs = dofs;
    pair.J_dofs = Eigen::Matrix3Xd::Ones(3, 3);
    inputs.contact_pairs.assign(1, pair);
    EXPECT_LOGIC_ERROR(
        solver.Step(plant, *context, inputs, scratch.get(), &results),
        "contact Jacobian", "increasing dofs below 6");
  }
}

}  // namespace discrete_update_manager_test
}  // namespace ossa::multibody
