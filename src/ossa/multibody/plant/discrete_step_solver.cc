#include "ossa/multibody/plant/discrete_step_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "ossa/multibody/plant/discrete_step_solver_tamsi.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"
#include "ossa/multibody/tree/prismatic_joint.h"
#include "ossa/multibody/tree/revolute_joint.h"
#include "ossa/multibody/tree/tree_computation.h"

namespace ossa::multibody::internal {

namespace {

// Near-rigid parameter of the joint-limit constraints of the SAP family
// (section V.B of Castro et al. 2022); the value the reference uses for
// limits, independent of sap_near_rigid_threshold (checked numerically).
constexpr double kLimitBeta = 0.1;
// Critically damped TAMSI limit penalty at the angular frequency
// kPenaltyOmegaTimesStep / h.
constexpr double kPenaltyOmegaTimesStep = 0.1;
// Newton iterations cap; a convex piecewise quadratic converges in a few.
constexpr int kMaxNewtonIterations = 100;

template <typename T>
double Value(const T& x) {
  return ExtractDoubleOrThrow(x);
}

// The inertia of `body` that resists motion of a one-dof joint: the mass for
// a translation, else the moment about the axis a_B through p_BoJo_B.
double JointEffectiveInertia(const SpatialInertia<double>& M_BBo_B,
                             const Vector3<double>& p_BoJo_B,
                             const Vector3<double>& a_B, bool translational) {
  if (translational) return M_BBo_B.get_mass();
  const Matrix3<double> I_BJo_B =
      M_BBo_B.Shift(p_BoJo_B).CalcRotationalInertia().CopyToFullMatrix3();
  return a_B.dot(I_BJo_B * a_B);
}

}  // namespace

template <typename T>
void DiscreteStepInputs<T>::Resize(int nu, int nv) {
  u_ff.setZero(nu);
  qd.setZero(nu);
  vd.setZero(nu);
  pd_armed.assign(nu, 1);
  tau_applied.setZero(nv);
  F_applied_Bo_W.clear();
  g_W = Vector3<T>(T(0), T(0), T(-9.81));
}

template <typename T>
void DiscreteStepResults<T>::Resize(int nq, int nv, int nu) {
  q_next.setZero(nq);
  v_next.setZero(nv);
  vdot.setZero(nv);
  net_actuation.setZero(nu);
  tau_damping.setZero(nv);
  tau_joint_limits.setZero(nv);
  contact_results.Clear();
  tau_contact.setZero(nv);
  tau_constraints.setZero(nv);
  constraint_body_forces.clear();
  num_iterations = 0;
}

template <typename T>
DiscreteStepSolver<T>::DiscreteStepSolver(const MultibodyPlant<T>& plant) {
  if (!plant.is_finalized() || !plant.is_discrete()) [[unlikely]] {
    ThrowLogicError(
        "DiscreteStepSolver(): the plant must be finalized and discrete "
        "(time_step() > 0).");
  }
  h_ = plant.time_step();
  nq_ = plant.num_positions();
  nv_ = plant.num_velocities();
  nu_ = plant.num_actuated_dofs();
  num_mobods_ = plant.tree().num_mobods();
  approximation_ = plant.get_discrete_contact_approximation();
  near_rigid_threshold_ = plant.get_sap_near_rigid_threshold();
  stiction_tolerance_ = plant.stiction_tolerance();
  // Trees: a dof without an inboard dof starts one; the others join their
  // inboard dof's.
  const std::vector<int>& dof_parent =
      plant.tree().compiled_tree().dof_parent();
  dof_tree_.assign(nv_, 0);
  for (int i = 0; i < nv_; ++i) {
    dof_tree_[i] = dof_parent[i] < 0 ? num_trees_++ : dof_tree_[dof_parent[i]];
  }
  for (JointActuatorIndex a : plant.GetJointActuatorIndices()) {
    const JointActuator<T>& actuator = plant.get_joint_actuator(a);
    const Joint<T>& joint = actuator.joint();
    // Actuators drive one-dof joints only (AddJointActuator checks it).
    actuated_.push_back(ActuatedDof{a, actuator.input_start(),
                                    joint.velocity_start(),
                                    joint.position_start()});
  }
  const double omega = kPenaltyOmegaTimesStep / h_;
  for (JointIndex j : plant.GetJointIndices()) {
    const Joint<T>& joint = plant.get_joint(j);
    if (joint.num_velocities() != 1 || joint.num_positions() != 1) continue;
    LimitedDof limited{j, joint.velocity_start(), joint.position_start()};
    const MobilizerKind kind = joint.kind();
    if (kind == MobilizerKind::kRevolute || kind == MobilizerKind::kPrismatic) {
      const bool translational = kind == MobilizerKind::kPrismatic;
      const Vector3<double> axis_F =
          translational
              ? static_cast<const PrismaticJoint<T>&>(joint).translation_axis()
              : static_cast<const RevoluteJoint<T>&>(joint).revolute_axis();
      // The axis has the same components in F and M (the motion is along
      // or about it). Its direction in B is R_BJ·a_J, but the reference
      // takes R_BJᵀ·a_J (measured with pydrake 1.51: single TAMSI steps
      // past a limit with rotated joint frames, on the parent and the
      // child side); the penalty is a heuristic, so ossa takes the
      // reference's choice to step exactly as it does. The two agree when
      // the joint frame is not rotated about a direction off the axis.
      double m = std::numeric_limits<double>::infinity();
      for (const Frame<T>* frame :
           {&joint.frame_on_parent(), &joint.frame_on_child()}) {
        const RigidBody<T>& body = frame->body();
        if (body.index() == world_index()) continue;
        const math::RigidTransform<double> X_BJ =
            frame->GetFixedPoseInBodyFrame();
        const Vector3<double> a_B =
            X_BJ.rotation().matrix().transpose() * axis_F;
        m = std::min(
            m, JointEffectiveInertia(body.default_spatial_inertia(),
                                     X_BJ.translation(), a_B, translational));
      }
      if (std::isfinite(m)) {
        limited.tamsi_penalty = true;
        limited.k = m * omega * omega;
        limited.d = 2.0 * m * omega;
      }
    }
    limited_.push_back(limited);
  }
}

template <typename T>
DiscreteStepSolver<T>::~DiscreteStepSolver() = default;

template <typename T>
std::pair<double, double> DiscreteStepSolver<T>::GetTamsiPenaltyParameters(
    JointIndex joint) const {
  for (const LimitedDof& l : limited_) {
    if (l.joint == joint && l.tamsi_penalty) return {l.k, l.d};
  }
  return {0.0, 0.0};
}

template <typename T>
std::unique_ptr<DiscreteStepScratch<T>> DiscreteStepSolver<T>::MakeScratch()
    const {
  auto s = std::make_unique<DiscreteStepScratch<T>>();
  // M and H (nv×nv) are sized by the first Step(): a scratch lives in every
  // Context, and creating a Context must not cost O(nv²).
  for (VectorX<T>* x :
       {&s->zero_vdot, &s->f0, &s->tau, &s->r, &s->v, &s->dv, &s->grad, &s->Adv,
        &s->G, &s->v_trial, &s->v_trial_ls, &s->gamma}) {
    x->setZero(nv_);
  }
  s->active.assign(2 * limited_.size() + actuated_.size(), 0);
  s->active_prev = s->active;
  s->limit_on.assign(2 * limited_.size(), 0);

  s->inputs.Resize(nu_, nv_);
  return s;
}

template <typename T>
void DiscreteStepSolver<T>::Step(const MultibodyPlant<T>& plant,
                                 const systems::Context<T>& context,
                                 const DiscreteStepInputs<T>& inputs,
                                 DiscreteStepScratch<T>* s,
                                 DiscreteStepResults<T>* r) const {
  if (inputs.u_ff.size() != nu_ || inputs.qd.size() != nu_ ||
      inputs.vd.size() != nu_ || inputs.tau_applied.size() != nv_ ||
      static_cast<int>(inputs.pd_armed.size()) != nu_ ||
      (!inputs.F_applied_Bo_W.empty() &&
       static_cast<int>(inputs.F_applied_Bo_W.size()) != num_mobods_))
      [[unlikely]] {
    ThrowLogicError(
        "DiscreteStepSolver::Step(): inputs must have sizes u_ff, qd, vd, "
        "pd_armed: {}, tau_applied: {}, F_applied_Bo_W: 0 or {}; got {}, {}, "
        "{}, {}, {}, {}.",
        nu_, nv_, num_mobods_, inputs.u_ff.size(), inputs.qd.size(),
        inputs.vd.size(), inputs.pd_armed.size(), inputs.tau_applied.size(),
        inputs.F_applied_Bo_W.size());
  }
  if (s->zero_vdot.size() != nv_ ||
      s->active.size() != 2 * limited_.size() + actuated_.size()) [[unlikely]] {
    ThrowLogicError(
        "DiscreteStepSolver::Step(): the scratch was not made for this plant "
        "(use MakeScratch()).");
  }
  r->q_next.resize(nq_);
  r->v_next.resize(nv_);
  r->vdot.resize(nv_);
  r->net_actuation.resize(nu_);
  r->tau_damping.resize(nv_);
  r->tau_joint_limits.resize(nv_);
  r->contact_results.Clear();
  r->tau_contact.setZero(nv_);
  r->tau_constraints.setZero(nv_);
  r->constraint_body_forces.clear();
  r->num_iterations = 0;

  const CompiledTree& tree = plant.tree().compiled_tree();
  const TreeParameters<T>& params = plant.GetParameters(context);
  const VectorX<T>& x0 = context.get_discrete_state(0).value();
  const auto q0 = x0.head(nq_);
  const auto v0 = x0.tail(nv_);

  // M and f0 = τ_g − C·v + τ_app + Σ Jᵀ·F_app = −ID(v̇ = 0) at x[n].
  if (s->M.rows() != nv_) [[unlikely]] {
    s->M.resize(nv_, nv_);
    s->H.resize(nv_, nv_);
  }
  s->zero_vdot.setZero();
  // On the prepared tree (the weld-merged one when the model has welds:
  // the same dofs, fewer bodies), in the plant's per-Context scratch, whose
  // kinematics are those of x[n].
  TreeComputation<T> c = plant.PrepareComputation(context);
  const bool forces = !inputs.F_applied_Bo_W.empty();
  TreeWorkspace<T>& ws = c.EvalKinematics(
      forces ? KinematicsNeed::kVelocityAndWorld : KinematicsNeed::kVelocity);
  static const std::vector<Vector6<T>> kNoForces;
  const std::vector<Vector6<T>>& F_applied =
      forces ? c.GatherMobodForces(inputs.F_applied_Bo_W) : kNoForces;
  CalcMassMatrix<T>(c.tree(), c.parameters(), &ws, s->M);
  CalcInverseDynamics<T>(c.tree(), c.parameters(), s->zero_vdot, inputs.g_W,
                         inputs.tau_applied, F_applied, &ws, s->f0);
  s->f0 = -s->f0;

  r->net_actuation.setZero();
  const bool tamsi = approximation_ == DiscreteContactApproximation::kTamsi;
  for (const DiscreteContactPair<T>& pair : inputs.contact_pairs) {
    bool valid = static_cast<int>(pair.dofs.size()) == pair.J_dofs.cols();
    for (size_t k = 0; k < pair.dofs.size() && valid; ++k) {
      valid = pair.dofs[k] >= 0 && pair.dofs[k] < nv_ &&
              (k == 0 || pair.dofs[k] > pair.dofs[k - 1]);
    }
    if (tamsi) valid = valid && pair.J.rows() == 3 && pair.J.cols() == nv_;
    if (!valid) [[unlikely]] {
      ThrowLogicError(
          "DiscreteStepSolver::Step(): a contact Jacobian must be given by "
          "its columns (3×m) at m increasing dofs below {}{}.",
          nv_, tamsi ? ", and in full (3×nv) for TAMSI" : "");
    }
  }
  for (const ConstraintKinematics<T>& c : inputs.constraints) {
    if (c.J.rows() != c.num_rows() || c.J.cols() != nv_) [[unlikely]] {
      ThrowLogicError(
          "DiscreteStepSolver::Step(): the Jacobian of constraint {} must be "
          "{}×{}.",
          c.id.to_string(), c.num_rows(), nv_);
    }
  }
  if (approximation_ == DiscreteContactApproximation::kTamsi) {
    if (!inputs.constraints.empty()) [[unlikely]] {
      ThrowLogicError(
          "DiscreteStepSolver::Step(): constraint {} is active, and TAMSI "
          "does not support constraints; use an approximation of the SAP "
          "family (kSap, kSimilar or kLagged).",
          inputs.constraints.front().id.to_string());
    }
    StepTamsi(plant, params, q0, v0, inputs, s, r);
  } else {
    StepSap(plant, params, q0, v0, inputs, s, r);
  }
  r->vdot = (r->v_next - v0) / h_;
  MapVelocityToQDot<T>(tree, q0, r->v_next, r->q_next);
  r->q_next = q0 + h_ * r->q_next;
}

template <typename T>
void DiscreteStepSolver<T>::StepTamsi(const MultibodyPlant<T>& plant,
                                      const TreeParameters<T>& params,
                                      const Eigen::Ref<const VectorX<T>>& q0,
                                      const Eigen::Ref<const VectorX<T>>& v0,
                                      const DiscreteStepInputs<T>& inputs,
                                      DiscreteStepScratch<T>* s,
                                      DiscreteStepResults<T>* r) const {
  const CompiledTree& tree = plant.tree().compiled_tree();
  // τ = f0 − D·v0 + B·clamp(u_ff) + τ_lim, all at x[n].
  r->tau_damping = -params.damping.cwiseProduct(v0);
  s->tau = s->f0 + r->tau_damping;
  for (const ActuatedDof& a : actuated_) {
    const double e = plant.get_joint_actuator(a.actuator).effort_limit();
    const T u = Clamp(inputs.u_ff[a.input], e);
    r->net_actuation[a.input] = u;
    s->tau[a.dof] += u;
  }
  r->tau_joint_limits.setZero();
  for (const LimitedDof& l : limited_) {
    if (!l.tamsi_penalty) continue;
    const Joint<T>& joint = plant.get_joint(l.joint);
    const double lower = joint.position_lower_limits()[0];
    const double upper = joint.position_upper_limits()[0];
    const T& q = q0[l.q];
    T f(0);
    // The penalty only pushes out of the limit: its damping never pulls
    // the joint back in while it leaves (as the reference, measured with
    // pydrake 1.51), so f ≤ 0 past the upper limit and f ≥ 0 past the
    // lower one.
    if (Value(q) > upper) {
      f = -l.k * (q - upper) - l.d * v0[l.dof];
      if (Value(f) > 0) f = T(0);
    } else if (Value(q) < lower) {
      f = -l.k * (q - lower) - l.d * v0[l.dof];
      if (Value(f) < 0) f = T(0);
    } else {
      continue;
    }
    r->tau_joint_limits[l.dof] = f;
    s->tau[l.dof] += f;
  }
  if (!inputs.contact_pairs.empty()) {
    SolveTamsiWithContact<T>(h_, stiction_tolerance_, v0, inputs, s, r);
    return;
  }
  // v[n+1] = v0 + h·M⁻¹·τ.
  s->H = s->M;
  FactorMassMatrixLTDL<T>(tree, s->H);
  s->dv = s->tau;
  SolveLTDL<T>(tree, s->H, s->dv);
  r->v_next = v0 + h_ * s->dv;
}

template <typename T>
T DiscreteStepSolver<T>::Clamp(const T& u, double effort_limit) {
  if (Value(u) > effort_limit) return T(effort_limit);
  if (Value(u) < -effort_limit) return T(-effort_limit);
  return u;
}

template <typename T>
void DiscreteStepSolver<T>::EvalConstraints(
    const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
    const Eigen::Ref<const VectorX<T>>& q0, const DiscreteStepInputs<T>& inputs,
    const Eigen::Ref<const VectorX<T>>& v, DiscreteStepScratch<T>* s,
    DiscreteStepResults<T>* r) const {
  // The rows listed by ListDofConstraints() for this step.
  const double h = h_;
  s->gamma.setZero();
  s->G.setZero();
  for (const typename DiscreteStepScratch<T>::LimitRow& row : s->limit_rows) {
    // Lower side (sign +1): gap rate v_c = v_i; upper side: v_c = −v_i;
    // impulse y = (v̂ − v_c)/R on the gap, sign·y on the dof.
    const int i = row.dof;
    const T y = (row.v_hat - row.sign * v[i]) / row.R;
    signed char& act = s->active[row.flag];
    act = 0;
    if (Value(y) > 0) {
      act = 1;
      s->gamma[i] += row.sign * y;
      s->G[i] += 1.0 / row.R;
      if (r != nullptr) r->tau_joint_limits[i] += row.sign * y / h;
    }
  }
  for (const typename DiscreteStepScratch<T>::PdRow& row : s->pd_rows) {
    const int i = row.dof;
    signed char& act = s->active[row.flag];
    act = 0;
    const T u_tilde = -row.kp * (row.q0 + h * v[i] - row.qd) -
                      row.kd * (v[i] - row.vd) + row.u_ff;
    const double e = row.effort_limit;
    T u;
    if (Value(u_tilde) > e) {
      act = 1;
      u = T(e);
    } else if (Value(u_tilde) < -e) {
      act = -1;
      u = T(-e);
    } else {
      u = u_tilde;
      s->G[i] += h * (h * row.kp + row.kd);
    }
    s->gamma[i] += h * u;
    if (r != nullptr) r->net_actuation[row.input] = u;
  }
}

template <typename T>
void DiscreteStepSolver<T>::ListDofConstraints(
    const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
    const Eigen::Ref<const VectorX<T>>& q0, const DiscreteStepInputs<T>& inputs,
    DiscreteStepScratch<T>* s) const {
  const double h = h_;
  s->limit_rows.clear();
  s->pd_rows.clear();
  // Room for the most rows a step can list (a copied scratch keeps no
  // capacity): no reallocation in later steps when more rows engage.
  s->limit_rows.reserve(2 * limited_.size());
  s->pd_rows.reserve(actuated_.size());
  std::fill(s->active.begin(), s->active.end(), 0);
  int k = 0;
  for (const LimitedDof& l : limited_) {
    const bool lower_on = s->limit_on[k];
    const bool upper_on = s->limit_on[k + 1];
    k += 2;
    if (!lower_on && !upper_on) continue;
    const Joint<T>& joint = plant.get_joint(l.joint);
    const int i = l.dof;
    // R = β²/(4π²)/A_ii with A = M + h·D.
    // The product as a T: on AutoDiffXd a derivative-free damping times h,
    // left as an expression, would set the sum's derivative size (none).
    const T hD_ii = h * params.damping[i];
    const T A_ii = s->M(i, i) + hD_ii;
    const T R = kLimitBeta * kLimitBeta /
                (4.0 * std::numbers::pi * std::numbers::pi) / A_ii;
    if (lower_on) {
      const double lower = joint.position_lower_limits()[0];
      s->limit_rows.push_back(
          {i, k - 2, 1.0, T(-(q0[l.q] - lower) / (2.0 * h)), R});
    }
    if (upper_on) {
      const double upper = joint.position_upper_limits()[0];
      s->limit_rows.push_back(
          {i, k - 1, -1.0, T(-(upper - q0[l.q]) / (2.0 * h)), R});
    }
  }
  for (const ActuatedDof& a : actuated_) {
    const int flag = k++;
    const JointActuator<T>& actuator = plant.get_joint_actuator(a.actuator);
    if (!actuator.has_controller() || !inputs.pd_armed[a.input]) continue;
    const PdControllerGains& gains = actuator.get_controller_gains();
    s->pd_rows.push_back({a.dof, a.input, flag, gains.p, gains.d,
                          actuator.effort_limit(), q0[a.q], inputs.qd[a.input],
                          inputs.vd[a.input], inputs.u_ff[a.input]});
  }
}

template <typename T>
void DiscreteStepSolver<T>::StepSap(const MultibodyPlant<T>& plant,
                                    const TreeParameters<T>& params,
                                    const Eigen::Ref<const VectorX<T>>& q0,
                                    const Eigen::Ref<const VectorX<T>>& v0,
                                    const DiscreteStepInputs<T>& inputs,
                                    DiscreteStepScratch<T>* s,
                                    DiscreteStepResults<T>* r) const {
  const CompiledTree& tree = plant.tree().compiled_tree();
  const double h = h_;
  // Explicit actuation: actuators without PD gains.
  s->tau = s->f0;
  bool has_constraints = false;
  for (const ActuatedDof& a : actuated_) {
    const JointActuator<T>& actuator = plant.get_joint_actuator(a.actuator);
    if (actuator.has_controller() && inputs.pd_armed[a.input]) {
      has_constraints = true;
      continue;
    }
    const T u = Clamp(inputs.u_ff[a.input], actuator.effort_limit());
    r->net_actuation[a.input] = u;
    s->tau[a.dof] += u;
  }
  // r = M·v0 + h·τ; A = M + h·D; v* = A⁻¹·r.
  s->r.noalias() = s->M * v0;
  s->r += h * s->tau;
  s->H = s->M;
  s->H.diagonal() += h * params.damping;
  FactorMassMatrixLTDL<T>(tree, s->H);
  s->v = s->r;
  SolveLTDL<T>(tree, s->H, s->v);
  // A limit side enters the step only when q0 is within the window
  // 2·h·max(|v0|, |v*|) of it, or past it (the reference's choice, checked
  // numerically against it: a side outside the window can still engage
  // through the coupling with other constraints).
  int k = 0;
  for (const LimitedDof& l : limited_) {
    const Joint<T>& joint = plant.get_joint(l.joint);
    const double lower = joint.position_lower_limits()[0];
    const double upper = joint.position_upper_limits()[0];
    const double q = Value(q0[l.q]);
    const double window =
        2.0 * h *
        std::max(std::abs(Value(v0[l.dof])), std::abs(Value(s->v[l.dof])));
    s->limit_on[k] = std::isfinite(lower) && q < lower + window;
    s->limit_on[k + 1] = std::isfinite(upper) && q > upper - window;
    if (s->limit_on[k] || s->limit_on[k + 1]) has_constraints = true;
    k += 2;
  }
  r->tau_joint_limits.setZero();
  ListDofConstraints(plant, params, q0, inputs, s);
  if (!inputs.contact_pairs.empty() || !inputs.constraints.empty()) {
    SolveSapWithContact(plant, params, q0, v0, inputs, s, r);
  } else if (has_constraints) {
    // s->v_trial keeps v* (the unconstrained minimizer) for the gradient
    // A·(v − v*) − γ(v).
    s->v_trial = s->v;
    bool converged = false;
    double last_alpha = 0.0;
    for (int it = 0; it < kMaxNewtonIterations; ++it) {
      EvalConstraints(plant, params, q0, inputs, s->v, s, nullptr);
      if (it > 0 && last_alpha == 1.0 && s->active == s->active_prev) {
        // The last full Newton step solved the quadratic of this very
        // active set: s->v is the exact minimizer.
        converged = true;
        r->num_iterations = it;
        break;
      }
      s->active_prev = s->active;
      // grad = A·(v − v*) − γ.
      s->dv = s->v - s->v_trial;
      s->Adv.noalias() = s->M * s->dv;
      s->Adv += h * params.damping.cwiseProduct(s->dv);
      s->grad = s->Adv - s->gamma;
      // Newton direction: (A + diag(G))·dv = −grad.
      s->H = s->M;
      s->H.diagonal() += h * params.damping + s->G;
      FactorMassMatrixLTDL<T>(tree, s->H);
      s->dv = -s->grad;
      SolveLTDL<T>(tree, s->H, s->dv);
      last_alpha = LineSearch(plant, params, q0, inputs, s);
      s->v += last_alpha * s->dv;
      r->num_iterations = it + 1;
    }
    if (!converged) {
      // The cap is far above what a convex piecewise quadratic needs; keep
      // the last iterate (its constraint forces are consistent with it).
      EvalConstraints(plant, params, q0, inputs, s->v, s, nullptr);
    }
    EvalConstraints(plant, params, q0, inputs, s->v, s, r);
  }
  r->v_next = s->v;
  r->tau_damping = -params.damping.cwiseProduct(r->v_next);
}

template <typename T>
double DiscreteStepSolver<T>::LineSearch(const MultibodyPlant<T>& plant,
                                         const TreeParameters<T>& params,
                                         const Eigen::Ref<const VectorX<T>>& q0,
                                         const DiscreteStepInputs<T>& inputs,
                                         DiscreteStepScratch<T>* s) const {
  // φ(α) = ℓ(v + α·dv) is convex piecewise quadratic;
  // φ'(α) = dvᵀ·A·(v − v*) + α·dvᵀ·A·dv − dvᵀ·γ(v + α·dv), non-decreasing.
  // Accept the full step when φ'(1) ≤ 0, else find the root of φ' in (0, 1)
  // by Newton's method safeguarded by bisection (exact once the piece is
  // found).
  const double h = h_;
  s->Adv.noalias() = s->M * s->dv;
  s->Adv += h * params.damping.cwiseProduct(s->dv);
  const double c1 = Value(s->dv.dot(s->Adv));
  // dvᵀ·A·(v − v*) = dvᵀ·(grad + γ(v)).
  const double c0 = Value(s->dv.dot(s->grad + s->gamma));
  if (!(c1 > 0)) return 1.0;
  // The active flags of the Newton iteration are restored afterwards.
  std::vector<signed char>& saved = s->active_prev;
  auto dphi = [&](double alpha, double* slope) {
    s->v_trial_ls = s->v + alpha * s->dv;
    EvalConstraints(plant, params, q0, inputs, s->v_trial_ls, s, nullptr);
    *slope = c1 + Value(s->G.dot(s->dv.cwiseAbs2()));
    return c0 + alpha * c1 - Value(s->dv.dot(s->gamma));
  };
  double slope = 0;
  const double scale = std::max(std::abs(c0), 1e-300);
  double alpha = 1.0;
  double d1 = dphi(alpha, &slope);
  if (d1 <= 1e-14 * scale) {
    s->active = saved;
    return 1.0;
  }
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < 100; ++k) {
    double next = alpha - d1 / slope;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    alpha = next;
    d1 = dphi(alpha, &slope);
    if (std::abs(d1) <= 1e-14 * scale) break;
    if (d1 > 0) {
      hi = alpha;
    } else {
      lo = alpha;
    }
    if (hi - lo < 1e-15) break;
  }
  s->active = saved;
  return alpha;
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DiscreteStepInputs);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DiscreteStepResults);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteStepSolver);
