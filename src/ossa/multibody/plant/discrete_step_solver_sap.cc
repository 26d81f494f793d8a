// The SAP family's step with point contact or plant constraints (see
// discrete_step_solver.h, sap_constraint.h and sap_holonomic_constraint.h):
// the contact and holonomic constraints, the dense Newton iteration with the
// reference's stopping rule and exact line search, and the contact results
// and constraint forces.

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/plant/discrete_step_solver.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::internal {

namespace {

// Newton iterations cap (the reference's default).
constexpr int kMaxIterations = 100;
// The reference's stopping rule: ‖D·∇ℓ‖ ≤ εa + εr·max(‖D·A·v‖, ‖D·jc‖)
// with D = diag(A)^(−½), over the participating dofs.
constexpr double kAbsTolerance = 1.0e-14;
constexpr double kRelTolerance = 1.0e-6;
// The exact line search searches [0, α_max] and stops at a relative
// derivative |ℓ'(α)/ℓ'(0)| below kLineSearchTolerance.
constexpr double kAlphaMax = 1.5;
constexpr double kLineSearchTolerance = 1.0e-8;
constexpr int kMaxLineSearchIterations = 100;
// σ of the tangential regularization Rₜ = σ·w.
constexpr double kSigma = 1.0e-3;

template <typename T>
double Value(const T& x) {
  return ExtractDoubleOrThrow(x);
}

// True if bodies A and B are both welded to the world, or welded to each
// other: no dof changes their relative pose.
template <typename T>
bool NoDofMovesBodiesApart(const MultibodyPlant<T>& plant, BodyIndex A,
                           BodyIndex B) {
  const RigidBody<T>& body_A = plant.get_body(A);
  const RigidBody<T>& body_B = plant.get_body(B);
  if (plant.IsAnchored(body_A) && plant.IsAnchored(body_B)) return true;
  for (const RigidBody<T>* body : plant.GetBodiesWeldedTo(body_A)) {
    if (body->index() == B) return true;
  }
  return false;
}

// xᵀ·G·x, without a temporary; the three-row (contact) case with fixed
// sizes.
template <typename T>
double QuadraticForm(const MatrixX<T>& G, const VectorX<T>& x) {
  double sum = 0;
  if (x.size() == 3) {
    for (int b = 0; b < 3; ++b) {
      for (int a = 0; a < 3; ++a) sum += Value(x[a] * G(a, b) * x[b]);
    }
    return sum;
  }
  for (int b = 0; b < x.size(); ++b) {
    for (int a = 0; a < x.size(); ++a) {
      sum += Value(x[a] * G(a, b) * x[b]);
    }
  }
  return sum;
}

// True if the increasing dofs `dofs` lie on one root path of the tree of
// parent array λ (each is an ancestor of the next): then Jᵀ·G·J adds
// entries only between a dof and its ancestors, where M has its nonzeros.
bool OnOneRootPath(const std::vector<int>& dofs,
                   const std::vector<int>& dof_parent) {
  const int m = static_cast<int>(dofs.size());
  if (m < 2) return true;
  int p = dofs[m - 1];
  for (int j = m - 2; j >= 0; --j) {
    while (p > dofs[j]) p = dof_parent[p];
    if (p != dofs[j]) return false;
  }
  return true;
}

// H += Jᵀ·G·J for a constraint. Both factorizations of H (the tree LTDL
// and Eigen's LLT) read only its lower triangle, so the three-row (contact)
// case adds only the entries (dofs[a], dofs[b]) with a ≥ b (dofs increase),
// without temporaries.
template <typename T>
void AddContactHessian(const SapConstraint<T>& c, const MatrixX<T>& G,
                       MatrixX<T>* H) {
  if (c.num_equations() != 3) {
    c.AddJTransposeGJ(G, H);
    return;
  }
  const Matrix3<T> G3 = G;
  const MatrixX<T>& J = c.jacobian();
  const std::vector<int>& dofs = c.dofs();
  const int m = static_cast<int>(dofs.size());
  for (int b = 0; b < m; ++b) {
    const Vector3<T> gj = G3 * J.col(b).template head<3>();
    for (int a = b; a < m; ++a) {
      (*H)(dofs[a], dofs[b]) += J.col(a).template head<3>().dot(gj);
    }
  }
}

}  // namespace

template <typename T>
void DiscreteStepSolver<T>::EvalAllConstraints(
    const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
    const Eigen::Ref<const VectorX<T>>& q0, const DiscreteStepInputs<T>& inputs,
    const Eigen::Ref<const VectorX<T>>& v, bool hessians,
    DiscreteStepScratch<T>* s) const {
  // Limits and PD controllers (per dof): s->gamma, s->G.
  EvalConstraints(plant, params, q0, inputs, v, s, nullptr);
  s->jc = s->gamma;
  const int nc = static_cast<int>(s->constraints.size());
  for (int i = 0; i < nc; ++i) {
    const SapConstraint<T>& c = *s->constraints[i];
    c.MultiplyJ(v, s->vc[i]);
    c.Calc(s->vc[i], s->gammas[i], hessians ? &s->Gs[i] : nullptr);
    c.AddJTransposeTimes(s->gammas[i], &s->jc);
  }
}

template <typename T>
void DiscreteStepSolver<T>::SolveSapWithContact(
    const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
    const Eigen::Ref<const VectorX<T>>& q0,
    const Eigen::Ref<const VectorX<T>>& v0, const DiscreteStepInputs<T>& inputs,
    DiscreteStepScratch<T>* s, DiscreteStepResults<T>* r) const {
  const double h = h_;
  const int num_pairs = static_cast<int>(inputs.contact_pairs.size());
  // A = M + h·D (its diagonal for the Delassus estimate and the scaling).
  s->A_diag = s->M.diagonal() + h * params.damping;
  s->A_diag_inv = s->A_diag.cwiseInverse();
  s->v_star = s->v;

  // The contact constraints.
  s->constraints.clear();
  const bool sap = approximation_ == DiscreteContactApproximation::kSap;
  if (sap) {
    s->cones.resize(num_pairs);
  } else {
    s->hunt_crossley.resize(num_pairs);
  }
  s->tree_on.assign(num_trees_, 0);
  for (int k = 0; k < num_pairs; ++k) {
    const DiscreteContactPair<T>& pair = inputs.contact_pairs[k];
    SapContactParameters<T> p;
    p.phi0 = pair.phi0;
    p.vn0 = pair.vn0;
    p.stiffness = pair.source.stiffness;
    p.dissipation = pair.source.dissipation;
    p.relaxation_time = pair.source.relaxation_time;
    p.friction = pair.source.friction.dynamic_friction();
    p.beta = std::isinf(p.stiffness) ? 1.0 : near_rigid_threshold_;
    p.sigma = kSigma;
    p.stiction_tolerance = stiction_tolerance_;
    if (sap && !(p.stiffness > 0)) [[unlikely]] {
      // Rₙ = 1/(h·k·(h + τ)) is infinite: the reference refuses it too.
      ThrowLogicError(
          "MultibodyPlant: the contact between bodies '{}' and '{}' has a "
          "combined point_contact_stiffness of 0, which "
          "DiscreteContactApproximation::kSap cannot model; give the "
          "geometries a positive stiffness.",
          plant.get_body(pair.source.body_A).name(),
          plant.get_body(pair.source.body_B).name());
    }
    SapConstraint<T>* c;
    if (sap) {
      s->cones[k].set_parameters(p);
      c = &s->cones[k];
    } else {
      s->hunt_crossley[k].set_parameters(
          approximation_ == DiscreteContactApproximation::kSimilar
              ? SapHuntCrossleyModel::kSimilar
              : SapHuntCrossleyModel::kLagged,
          p);
      c = &s->hunt_crossley[k];
    }
    c->SetJacobian(pair.dofs, pair.J_dofs);
    // w = ‖J·diag(A)⁻¹·Jᵀ‖_F / 3.
    Matrix3<T> W = Matrix3<T>::Zero();
    const MatrixX<T>& Jc = c->jacobian();
    for (size_t col = 0; col < c->dofs().size(); ++col) {
      const int i = c->dofs()[col];
      const T& a = s->A_diag_inv[i];
      for (int r = 0; r < 3; ++r) {
        for (int q = 0; q < 3; ++q) W(r, q) += a * Jc(r, col) * Jc(q, col);
      }
      s->tree_on[dof_tree_[i]] = 1;
    }
    c->Prepare(h, W.norm() / 3.0);
    s->constraints.push_back(c);
  }
  // The plant's constraints (coupler, distance, ball, weld).
  const int num_holonomic = static_cast<int>(inputs.constraints.size());
  s->holonomic.resize(num_holonomic);
  for (int k = 0; k < num_holonomic; ++k) {
    const ConstraintKinematics<T>& kin = inputs.constraints[k];
    SapHolonomicConstraint<T>& c = s->holonomic[k];
    // Relaxation time τ = damping/stiffness (0 for a rigid constraint,
    // which Prepare() treats as near-rigid with τ = h), as the reference.
    const double tau =
        std::isinf(kin.stiffness) ? 0.0 : kin.damping / kin.stiffness;
    c.set_parameters(kin.g, kin.stiffness, tau);
    c.SetJacobian(kin.J);
    // A Jacobian without a nonzero column is either a singular
    // configuration (the constraint is inert for this step; see
    // sap_holonomic_constraint.h) or a constraint no dof can ever move.
    if (c.dofs().empty() && kin.body_A.is_valid() &&
        NoDofMovesBodiesApart(plant, kin.body_A, kin.body_B)) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant: constraint {} between bodies '{}' and '{}' "
          "involves no degree of freedom (its bodies are welded to the world "
          "or to each other), so it cannot be imposed.",
          kin.id.to_string(), plant.get_body(kin.body_A).name(),
          plant.get_body(kin.body_B).name());
    }
    // w = ‖J·diag(A)⁻¹·Jᵀ‖_F / k.
    const int rows = c.num_equations();
    // At most 6 rows (a weld): no heap.
    Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6> W =
        Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>::Zero(rows,
                                                                        rows);
    const MatrixX<T>& Jc = c.jacobian();
    for (size_t col = 0; col < c.dofs().size(); ++col) {
      const int i = c.dofs()[col];
      W.noalias() += s->A_diag_inv[i] * Jc.col(col) * Jc.col(col).transpose();
      s->tree_on[dof_tree_[i]] = 1;
    }
    c.Prepare(h, W.norm() / rows);
    s->constraints.push_back(&c);
  }
  const int nc = static_cast<int>(s->constraints.size());
  s->vc.resize(nc);
  s->gammas.resize(nc);
  s->Gs.resize(nc);
  s->dvcs.resize(nc);
  s->vc_trial.resize(nc);
  for (int i = 0; i < nc; ++i) {
    const int rows = s->constraints[i]->num_equations();
    s->vc[i].resize(rows);
    s->gammas[i].resize(rows);
    s->Gs[i].resize(rows, rows);
    s->dvcs[i].resize(rows);
    s->vc_trial[i].resize(rows);
  }
  // Participating trees also include those of limits in the step and armed
  // PD controllers.
  for (size_t l = 0; l < limited_.size(); ++l) {
    if (s->limit_on[2 * l] || s->limit_on[2 * l + 1]) {
      s->tree_on[dof_tree_[limited_[l].dof]] = 1;
    }
  }
  for (const ActuatedDof& a : actuated_) {
    if (plant.get_joint_actuator(a.actuator).has_controller() &&
        inputs.pd_armed[a.input]) {
      s->tree_on[dof_tree_[a.dof]] = 1;
    }
  }
  // The reference's guess: v[n] on the participating trees; the others
  // are at their solution v*.
  for (int i = 0; i < nv_; ++i) {
    if (s->tree_on[dof_tree_[i]]) s->v[i] = v0[i];
  }
  auto participating_norm = [&](const VectorX<T>& x) {
    double sum = 0;
    for (int i = 0; i < nv_; ++i) {
      if (!s->tree_on[dof_tree_[i]]) continue;
      sum += Value(x[i]) * Value(x[i]) * Value(s->A_diag_inv[i]);
    }
    return std::sqrt(sum);
  };

  // When every constraint's dofs lie on one root path (contact with the
  // world or another tree's body never couples two branches or two trees),
  // H = A + diag(G) + Σ Jᵀ·G·J has the sparsity of M and is factored by the
  // tree LTDL factorization in O(Σ depth²); otherwise densely.
  const CompiledTree& tree = plant.tree().compiled_tree();
  bool tree_sparse = true;
  for (int i = 0; i < nc && tree_sparse; ++i) {
    tree_sparse = OnOneRootPath(s->constraints[i]->dofs(), tree.dof_parent());
  }
  // The Newton direction Δv = −H⁻¹·∇ℓ into s->dv, with H at the last
  // evaluated constraints.
  // Both factorizations read only H's lower triangle, so only that of M is
  // copied (the strictly upper triangle holds no meaning).
  s->H.resize(nv_, nv_);
  auto newton_direction = [&](int it) {
    s->H.template triangularView<Eigen::Lower>() = s->M;
    s->H.diagonal() += h * params.damping + s->G;
    for (int i = 0; i < nc; ++i) {
      AddContactHessian(*s->constraints[i], s->Gs[i], &s->H);
    }
    s->dv = -s->grad;
    if (tree_sparse) {
      FactorMassMatrixLTDL<T>(tree, s->H);
      SolveLTDL<T>(tree, s->H, s->dv);
      return;
    }
    s->llt.compute(s->H);
    if (s->llt.info() != Eigen::Success) [[unlikely]] {
      ThrowRuntimeError(
          "MultibodyPlant: the discrete contact solve's Newton matrix is not "
          "positive definite (iteration {}).",
          it);
    }
    s->llt.solveInPlace(s->dv);
  };

  bool converged = false;
  for (int it = 0; it <= kMaxIterations; ++it) {
    EvalAllConstraints(plant, params, q0, inputs, s->v, true, s);
    // ∇ℓ = A·(v − v*) − jc.
    s->dv = s->v - s->v_star;
    s->grad.noalias() = s->M * s->dv;
    s->grad += h * params.damping.cwiseProduct(s->dv) - s->jc;
    s->Adv.noalias() = s->M * s->v;
    s->Adv += h * params.damping.cwiseProduct(s->v);
    const double residual = participating_norm(s->grad);
    const double scale =
        std::max(participating_norm(s->Adv), participating_norm(s->jc));
    if (!std::isfinite(residual)) [[unlikely]] {
      ThrowRuntimeError(
          "MultibodyPlant: the discrete contact solve produced a non-finite "
          "velocity residual (NaN or infinite inputs or contact data).");
    }
    if (residual <= kAbsTolerance + kRelTolerance * scale) {
      converged = true;
      r->num_iterations = it;
      // Gradients (AutoDiffXd): those of the Newton iteration's last
      // point lag its convergence, so they are replaced by the implicit
      // function theorem's at the solution, dv = −H⁻¹·d(∇ℓ), the
      // derivatives of one more full Newton step; the values stay the
      // iteration's (those of the double solve).
      if constexpr (std::is_same_v<T, AutoDiffXd>) {
        newton_direction(it);
        for (int i = 0; i < nv_; ++i) {
          s->v[i].derivatives() = (s->v[i] + s->dv[i]).derivatives();
        }
      }
      break;
    }
    if (it == kMaxIterations) break;
    newton_direction(it);
    const double alpha = LineSearchWithContact(plant, params, q0, inputs, s);
    s->v += alpha * s->dv;
  }
  if (!converged) [[unlikely]] {
    ThrowRuntimeError(
        "MultibodyPlant: the discrete contact solver (SAP) did not converge "
        "in {} Newton iterations at time step {} s with {} contacts and {} "
        "constraints.",
        kMaxIterations, h, num_pairs, num_holonomic);
  }

  // Results at v[n+1]: limit forces and PD actuation, contact forces.
  // The contact impulses and velocities at v[n+1] are those of the last
  // iteration (on AutoDiffXd, v's derivatives have changed since).
  EvalConstraints(plant, params, q0, inputs, s->v, s, r);
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    EvalAllConstraints(plant, params, q0, inputs, s->v, false, s);
  }
  r->tau_contact.setZero(nv_);
  r->tau_constraints.setZero(nv_);
  r->constraint_body_forces.clear();
  for (int k = num_pairs; k < nc; ++k) {
    const ConstraintKinematics<T>& kin = inputs.constraints[k - num_pairs];
    const Eigen::Matrix<T, Eigen::Dynamic, 1, 0, 6, 1> f = s->gammas[k] / h;
    if (kin.kind == ConstraintKind::kCoupler) {
      s->constraints[k]->AddJTransposeTimes(f, &r->tau_constraints);
      continue;
    }
    // The force (and, for a weld, the torque) on B at its point Bq; the
    // opposite on A at Ap.
    Vector3<T> torque = Vector3<T>::Zero();
    Vector3<T> force;
    if (kin.kind == ConstraintKind::kDistance) {
      force = f[0] * kin.direction_W;
    } else if (kin.kind == ConstraintKind::kBall) {
      force = f;
    } else {
      torque = f.template head<3>();
      force = f.template tail<3>();
    }
    auto add = [&](BodyIndex body, const Vector3<T>& p_BoBq_W, double sign) {
      if (body == world_index()) return;
      typename DiscreteStepResults<T>::ConstraintBodyForce F;
      F.body = body;
      F.F_Bo_W << sign * (torque + p_BoBq_W.cross(force)), sign * force;
      r->constraint_body_forces.push_back(F);
    };
    add(kin.body_B, kin.p_BoBq_W, 1.0);
    add(kin.body_A, kin.p_AoAp_W, -1.0);
  }
  for (int k = 0; k < num_pairs; ++k) {
    const DiscreteContactPair<T>& pair = inputs.contact_pairs[k];
    const Vector3<T> f_C = s->gammas[k] / h;
    s->constraints[k]->AddJTransposeTimes(f_C, &r->tau_contact);
    const Vector3<T> f_Bc_W = pair.R_WC * f_C;
    const T slip = s->vc[k].template head<2>().norm();
    r->contact_results.AddContactInfo(PointPairContactInfo<T>(
        pair.source.body_A, pair.source.body_B, f_Bc_W, pair.p_WC, s->vc[k][2],
        slip, pair.source.pair));
  }
}

template <typename T>
double DiscreteStepSolver<T>::LineSearchWithContact(
    const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
    const Eigen::Ref<const VectorX<T>>& q0, const DiscreteStepInputs<T>& inputs,
    DiscreteStepScratch<T>* s) const {
  // ℓ(α) = ℓ(v + α·Δv) is convex:
  //   ℓ'(α) = Δvᵀ·A·(v + α·Δv − v*) − Δvᵀ·jc(v + α·Δv),
  //   ℓ''(α) = Δvᵀ·A·Δv + Δvᵀ·diag(G)·Δv + Σ (J·Δv)ᵀ·G·(J·Δv).
  const double h = h_;
  const int nc = static_cast<int>(s->constraints.size());
  VectorX<T>& Adv = s->Adv;
  Adv.noalias() = s->M * s->dv;
  Adv += h * params.damping.cwiseProduct(s->dv);
  const double d2A = Value(s->dv.dot(Adv));
  // Δvᵀ·A·(v − v*) = Δvᵀ·(∇ℓ + jc(v)).
  const double dA0 = Value(s->dv.dot(s->grad + s->jc));
  const double dell0 = Value(s->dv.dot(s->grad));
  if (!(dell0 < 0)) [[unlikely]] {
    ThrowRuntimeError(
        "MultibodyPlant: the discrete contact solve's cost does not decrease "
        "along the Newton direction (ill-conditioned contact problem).");
  }
  // The active flags of the Newton iteration are restored afterwards.
  s->active_saved = s->active;
  // The constraint velocities are affine in α: vc(α) = vc + α·Δvc, with vc
  // at v (from the iteration's EvalAllConstraints()) and Δvc = J·Δv.
  for (int i = 0; i < nc; ++i) s->constraints[i]->MultiplyJ(s->dv, s->dvcs[i]);
  auto derivatives = [&](double alpha, double* d2) {
    s->v_trial_ls = s->v + alpha * s->dv;
    EvalConstraints(plant, params, q0, inputs, s->v_trial_ls, s, nullptr);
    double second = d2A + Value(s->G.dot(s->dv.cwiseAbs2()));
    double impulse = Value(s->dv.dot(s->gamma));
    for (int i = 0; i < nc; ++i) {
      s->vc_trial[i] = s->vc[i] + alpha * s->dvcs[i];
      s->constraints[i]->Calc(s->vc_trial[i], s->gammas[i], &s->Gs[i]);
      impulse += Value(s->dvcs[i].dot(s->gammas[i]));
      second += QuadraticForm(s->Gs[i], s->dvcs[i]);
    }
    *d2 = second;
    return dA0 + alpha * d2A - impulse;
  };
  double d2 = 0;
  double d1 = derivatives(kAlphaMax, &d2);
  double alpha = kAlphaMax;
  if (d1 > 0) {
    // Newton on f(α) = ℓ'(α)/|ℓ'(0)| from the quadratic guess, safeguarded
    // by bisection on the bracket [0, α_max].
    const double scale = -dell0;
    double lo = 0.0, hi = kAlphaMax;
    alpha = std::min(-dell0 / d2, kAlphaMax);
    for (int k = 0; k < kMaxLineSearchIterations; ++k) {
      d1 = derivatives(alpha, &d2);
      const double f = d1 / scale;
      if (std::abs(f) <= kLineSearchTolerance) break;
      if (f > 0) {
        hi = alpha;
      } else {
        lo = alpha;
      }
      double next = alpha - d1 / d2;
      if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
      if (std::abs(next - alpha) <= kLineSearchTolerance * alpha) {
        alpha = next;
        break;
      }
      alpha = next;
    }
  }
  s->active = s->active_saved;
  return alpha;
}

#define OSSA_INSTANTIATE_SAP_STEP(T)                                      \
  template void DiscreteStepSolver<T>::EvalAllConstraints(                \
      const MultibodyPlant<T>&, const TreeParameters<T>&,                 \
      const Eigen::Ref<const VectorX<T>>&, const DiscreteStepInputs<T>&,  \
      const Eigen::Ref<const VectorX<T>>&, bool, DiscreteStepScratch<T>*) \
      const;                                                              \
  template void DiscreteStepSolver<T>::SolveSapWithContact(               \
      const MultibodyPlant<T>&, const TreeParameters<T>&,                 \
      const Eigen::Ref<const VectorX<T>>&,                                \
      const Eigen::Ref<const VectorX<T>>&, const DiscreteStepInputs<T>&,  \
      DiscreteStepScratch<T>*, DiscreteStepResults<T>*) const;            \
  template double DiscreteStepSolver<T>::LineSearchWithContact(           \
      const MultibodyPlant<T>&, const TreeParameters<T>&,                 \
      const Eigen::Ref<const VectorX<T>>&, const DiscreteStepInputs<T>&,  \
      DiscreteStepScratch<T>*) const;
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE_SAP_STEP)
#undef OSSA_INSTANTIATE_SAP_STEP

}  // namespace ossa::multibody::internal
