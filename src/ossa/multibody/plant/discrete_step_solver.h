#pragma once

/// @file
/// internal::DiscreteStepSolver<T>: one time step x[n] → x[n+1] of a discrete
/// MultibodyPlant, with point contact, for every DiscreteContactApproximation.
///
/// Notation: h = time_step(), q0, v0 = x[n], M = M(q0) (CRBA, with reflected
/// rotor inertia), D = diag(joint damping), B the actuation selection
/// (actuator a with input index a.input_start() drives the single dof of its
/// joint; gear ratio only enters M), e_a = effort_limit(), and the
/// non-damping, non-actuation generalized forces at x[n]
///   f0 = τ_g(q0) − C(q0, v0)·v0 + τ_app + Σ J_WBᵀ·F_app
/// (from inverse dynamics with v̇ = 0). Every step ends with
///   q[n+1] = q0 + h·N(q0)·v[n+1].
///
/// TAMSI (DiscreteContactApproximation::kTamsi; the reference's scheme,
/// checked against it to round-off):
///   M·v[n+1] = M·v0 + h·(f0 − D·v0 + B·clamp(u_ff, ±e) + τ_lim(q0, v0)),
/// everything explicit. PD gains are ignored, as the reference does with
/// TAMSI. τ_lim is a penalty on each revolute or prismatic dof past a limit,
/// τ_lim = −k·(q − q_limit) − d·v, clamped to push only out of the limit
/// (≤ 0 past the upper limit, ≥ 0 past the lower one), critically damped
/// with ω = 0.1/h:
/// k = m·ω², d = 2·m·ω, where m is the smaller of the two bodies' inertia
/// about the joint axis through the joint frame origin (mass for a prismatic
/// joint), the world excluded. As the reference, the axis direction in body
/// B is taken as R_BJᵀ·a (J the joint frame on B), not R_BJ·a.
///
/// SAP family (kSap, kSimilar, kLagged; also the reference's scheme): with
/// A = M + h·D and the free-motion velocity v* = A⁻¹·r,
///   r = M·v0 + h·(f0 + B·clamp(u_ff, ±e)) (the non-PD actuators only),
/// v[n+1] minimizes the convex function
///   ℓ(v) = ½·(v − v*)ᵀ·A·(v − v*) + Σ_pd ℓ_pd(v) + Σ_lim ℓ_lim(v):
///  - PD actuator a on dof i (implicit in v and in q ≈ q0 + h·v):
///      ũ(v) = −Kp·(q0_i + h·v_i − qd) − Kd·(v_i − vd) + u_ff,
///      u = clamp(ũ, ±e), impulse h·u on dof i,
///      ℓ_pd = h/(h·Kp + Kd)·ψ_e(ũ(v)), ψ_e(y) = y²/2 (|y| ≤ e),
///      e·|y| − e²/2 otherwise, so that −∂ℓ_pd/∂v_i = h·u.
///    This is exactly the backward-Euler PD law clamped to the effort limit:
///    stable for any gains (Kp = 1e6 at h = 1 ms is fine).
///  - Joint limit on dof i of a single-dof joint (one constraint per finite
///    side), a near-rigid constraint: with the gap g0 (q_u − q0_i or
///    q0_i − q_l), the gap rate v_c (−v_i or v_i), v̂ = −g0/(2·h) and
///    R = β²/(4π²)/A_ii, β = 0.1, the impulse is γ = max(0, (v̂ − v_c)/R)
///    and ℓ_lim = ½·R·γ². As the reference, a side enters the step only
///    when q0_i is within 2·h·max(|v0_i|, |v*_i|) of it (or past it). Under a
///    steady generalized force f pushing into the limit the residual
///    penetration is 2·R·h²·|f| ≈ 5.1e-4·h²·|f|/A_ii (1.4e-6 rad for |f| = 1000
///    N·m, h = 1 ms, A_ii = 0.35 kg·m²): stiff, yet implicit, so no gain makes
///    it explode.
/// ℓ is a convex piecewise quadratic; it is minimized by Newton's method on
/// the active set with an exact line search. Each Newton matrix
/// A + diag(G) has the sparsity of M and is factored by the tree LTDL
/// factorization (O(Σ depth²)); a step without active constraints costs one
/// factorization and one solve.
///
/// Point contact (the step's DiscreteContactPair inputs, at x[n]):
///  - TAMSI: the contact forces fₙ(v), fₜ(v) of discrete_step_solver_tamsi.h
///    join the explicit forces above in M·v = M·v0 + h·τ + h·Jᵀ·f(v), solved
///    by the reference's Newton–Raphson (everything else stays explicit);
///  - SAP family: each contact is one more term ℓ_c(J·v) of ℓ, the
///    constraint of sap_constraint.h (kSap: the friction cone; kSimilar,
///    kLagged: the Hunt–Crossley approximations), and the limits and PD
///    controllers stay as above, all in one solve
///    (discrete_step_solver_sap.cc). The Newton matrix A + diag(G) +
///    Σ Jᵀ·G_c·J keeps the tree sparsity of M when every constraint's
///    dofs lie on one root path (contact between a body and the world or a
///    body without dofs): it is then factored by the tree LTDL
///    factorization; otherwise (contact between two trees, or between two
///    branches of one) densely (Cholesky). The line search evaluates the
///    constraints at vc + α·Δvc (Δvc = J·Δv once per search). The start (v[n] on the trees that take part, v* on the
///    others), the stopping rule ‖D·∇ℓ‖ ≤ 1e-14 + 1e-6·max(‖D·A·v‖,
///    ‖D·Jᵀ·γ‖), D = diag(A)^(−½), and the exact line search on [0, 1.5]
///    are the reference's. A step without contact is unchanged.
///
/// Plant constraints (coupler, distance, ball, weld; the step's
/// ConstraintKinematics inputs at x[n]): only the SAP family imposes them,
/// each as one more term ℓ_h(J·v) of ℓ, the SapHolonomicConstraint of
/// sap_holonomic_constraint.h (near-rigid for coupler, ball, weld and rigid
/// distance constraints; a distance constraint's finite stiffness and
/// damping otherwise), in the same dense solve as contact, limits and PD
/// controllers. The step reports their forces as the reference: couplers as
/// generalized forces, the others as spatial forces on their bodies. TAMSI
/// refuses constraints (the plant refuses them at Add time and the step throws
/// std::logic_error if it meets one). A step without contact and constraints is
/// unchanged. A solve that does not converge (100 iterations), or meets a
/// non-finite residual or a Newton matrix that is not positive definite, throws
/// std::runtime_error.
///
/// Velocity limits are not enforced (as the reference); acceleration limits
/// neither.
///
/// Scalars: double and AutoDiffXd (the active sets are chosen on the value;
/// derivatives flow through the final solve). For T = double a step, with
/// or without contact and constraints, allocates nothing once `scratch`
/// has been used for as many contacts and constraints.

#include <Eigen/Cholesky>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/compiled_tree.h"
#include "ossa/multibody/plant/constraint_kinematics.h"
#include "ossa/multibody/plant/contact_results.h"
#include "ossa/multibody/plant/discrete_contact_approximation.h"
#include "ossa/multibody/plant/multibody_plant_fwd.h"
#include "ossa/multibody/plant/point_contact.h"
#include "ossa/multibody/plant/sap_constraint.h"
#include "ossa/multibody/plant/sap_holonomic_constraint.h"
#include "ossa/multibody/tree/multibody_tree_indexes.h"
#include "ossa/systems/framework/context.h"

namespace ossa::multibody::internal {

/// One point contact of a step, at x[n] (the contact frame C of
/// sap_constraint.h): the pair and its combined materials, the contact
/// point p_WC = w_A·p_WCa + w_B·p_WCb with w_A = k_A/(k_A + k_B) (½ each
/// when both are 0; the reference's Hertz-weighted point), R_WC with
/// Cz = −n̂_BA_W (from A into B; tangents from
/// RotationMatrix::MakeFromOneVector), the Jacobian J (3×nv) with
/// v_AcBc_C = J·v, φ₀ = −depth and vₙ₀ = (J·v[n])_z.
///
/// J is given by its nonzero columns: J_dofs (3×m) holds the columns of
/// the dofs `dofs` (m increasing velocity indices: the dofs of the two
/// bodies' root paths outboard of their nearest common ancestor; a shared
/// ancestor's columns cancel). The full J is filled only for TAMSI, which
/// works with dense Jacobians; it is empty otherwise.
template <typename T>
struct DiscreteContactPair {
  PointContactPair<T> source;
  Vector3<T> p_WC;
  Matrix3<T> R_WC;
  std::vector<int> dofs;
  Matrix3X<T> J_dofs;
  MatrixX<T> J;
  T phi0{};
  T vn0{};
};

/// The inputs of one step other than the state: actuation and applied
/// forces, assembled from the plant's input ports and force elements.
template <typename T>
struct DiscreteStepInputs {
  /// Feedforward actuation per actuated dof (size num_actuated_dofs(),
  /// indexed by JointActuator::input_start()), summed over the ports.
  VectorX<T> u_ff;
  /// Desired positions and velocities per actuated dof (size
  /// num_actuated_dofs() each, same indexing); read only for actuators with
  /// PD gains.
  VectorX<T> qd;
  VectorX<T> vd;
  /// Per actuated dof: whether its PD controller (if it has gains) is armed.
  /// As the reference, a model instance whose desired-state port is not
  /// connected has its PD controllers disarmed: those actuators apply only
  /// their feedforward actuation. Resize() arms all.
  std::vector<char> pd_armed;
  /// Applied generalized forces (force elements, applied_generalized_force
  /// port), size nv; gravity is added by the solver.
  VectorX<T> tau_applied;
  /// Applied spatial forces on each mobod's body at Bo, in W (size
  /// num_mobods(), or empty for none).
  std::vector<Vector6<T>> F_applied_Bo_W;
  /// Gravity g_W (m/s²); Resize() sets the plant default [0, 0, −9.81].
  Vector3<T> g_W{T(0), T(0), T(-9.81)};
  /// The point contacts at x[n] (empty without collision geometry).
  std::vector<DiscreteContactPair<T>> contact_pairs;
  /// The plant's active constraints at x[n] (CalcConstraintKinematics();
  /// empty without constraints). Only the SAP family imposes them.
  std::vector<ConstraintKinematics<T>> constraints;

  /// Sizes every member and zeroes it (g_W: the default gravity).
  void Resize(int nu, int nv);
};

/// What a step produced, computed from x[n]; the plant's dynamic output
/// ports report it (sampled) or recompute it (live).
template <typename T>
struct DiscreteStepResults {
  VectorX<T> q_next;
  VectorX<T> v_next;
  /// (v[n+1] − v[n])/h, the generalized acceleration of the step.
  VectorX<T> vdot;
  /// Net actuation per actuated dof: clamp(u_ff) or, for PD actuators under
  /// the SAP family, the implicit PD law evaluated at v[n+1].
  VectorX<T> net_actuation;
  /// Joint damping forces of the step: −D·v0 (TAMSI) or −D·v[n+1].
  VectorX<T> tau_damping;
  /// Joint limit generalized forces of the step (penalty force, or the
  /// constraint impulses divided by h).
  VectorX<T> tau_joint_limits;
  /// The step's point contacts: per pair of the inputs, the force on B
  /// f_Bc_W = R_WC·γ/h at p_WC, the separation speed vₙ = (J·v[n+1])_z
  /// (> 0 separating) and the slip speed ‖(J·v[n+1])ₜ‖.
  ContactResults<T> contact_results;
  /// Generalized contact forces Σ Jᵀ·γ/h (size nv).
  VectorX<T> tau_contact;
  /// Generalized forces of the coupler constraints of the inputs, Σ Jᵀ·γ/h
  /// (size nv).
  VectorX<T> tau_constraints;
  /// A spatial force of a ball, distance or weld constraint on one of its
  /// bodies, at the body origin Bo, in W (as the reference applies them:
  /// γ/h on B at Q and −γ/h on A at P; a weld's spatial impulse at the
  /// midpoint M of Po and Qo). Together with tau_constraints their
  /// generalized forces are Σ Jᵀ·γ/h over every constraint.
  struct ConstraintBodyForce {
    BodyIndex body;
    Vector6<T> F_Bo_W;
  };
  std::vector<ConstraintBodyForce> constraint_body_forces;
  /// Newton iterations used (0 when there was nothing to iterate).
  int num_iterations{0};

  void Resize(int nq, int nv, int nu);
};

/// Per-Context memory of a step (a cache entry of the plant): never shared
/// between threads.
template <typename T>
struct DiscreteStepScratch {
  MatrixX<T> M;  // mass matrix at q0 (nv×nv, sized by the first Step())
  MatrixX<T> H;  // factored Newton (or A) matrix
  VectorX<T> zero_vdot, f0, tau, r, v, dv, grad, Adv, G, v_trial, v_trial_ls;
  VectorX<T> gamma;  // per-dof generalized impulse of the constraints
  std::vector<signed char> active, active_prev;
  // Per limited dof, whether its lower/upper constraint is in this step.
  std::vector<signed char> limit_on;
  // The contact and holonomic constraints of a step with contact or plant
  // constraints (the SAP family), their
  // constraint velocities, impulses and Hessians, and the dense Newton
  // matrix factorization.
  std::vector<SapFrictionConeConstraint<T>> cones;
  std::vector<SapHuntCrossleyConstraint<T>> hunt_crossley;
  std::vector<SapHolonomicConstraint<T>> holonomic;
  std::vector<SapConstraint<T>*> constraints;
  std::vector<VectorX<T>> vc, gammas;
  std::vector<MatrixX<T>> Gs;
  VectorX<T> jc, A_diag, A_diag_inv, v_star;
  std::vector<signed char> active_saved;
  std::vector<char> tree_on;
  // The SAP family's per-dof constraints of one step (limit sides in the
  // step, armed PD controllers), listed once per step so that evaluating
  // them costs O(rows) whatever the number of joints.
  struct LimitRow {
    int dof{0};
    int flag{0};       // index in `active`
    double sign{1.0};  // +1: lower limit, −1: upper limit
    T v_hat{}, R{};    // v̂ = −g0/(2·h) and R = β²/(4π²)/A_ii
  };
  struct PdRow {
    int dof{0};
    int input{0};
    int flag{0};
    double kp{0}, kd{0}, effort_limit{0};
    T q0{}, qd{}, vd{}, u_ff{};
  };
  std::vector<LimitRow> limit_rows;
  std::vector<PdRow> pd_rows;
  // Newton matrix factorization and the line search's constraint
  // velocities: vc + α·dvc per constraint.
  Eigen::LLT<MatrixX<T>> llt;
  std::vector<VectorX<T>> dvcs, vc_trial;
  DiscreteStepInputs<T> inputs;  // assembled from the plant's ports
};

/// Advances a finalized discrete plant by one step (see the file comment for
/// the exact scheme). Built once per plant (at Finalize); immutable and safe
/// to share between threads; all per-step memory is in the scratch.
template <typename T>
class DiscreteStepSolver {
 public:
  /// Precomputes the actuated and the limited dofs of `plant` and the TAMSI
  /// penalty parameters from the default inertias. Throws std::logic_error
  /// if `plant` is not finalized or not discrete.
  explicit DiscreteStepSolver(const MultibodyPlant<T>& plant);
  ~DiscreteStepSolver();

  /// Computes x[n+1] and the step results for the state, parameters and the
  /// given inputs. `scratch` must come from MakeScratch() (of any solver of
  /// an identical plant) and is not shared between concurrent calls.
  /// Throws std::logic_error if an input has the wrong size.
  void Step(const MultibodyPlant<T>& plant, const systems::Context<T>& context,
            const DiscreteStepInputs<T>& inputs,
            DiscreteStepScratch<T>* scratch,
            DiscreteStepResults<T>* results) const;

  /// A scratch sized for this plant.
  std::unique_ptr<DiscreteStepScratch<T>> MakeScratch() const;

  /// The approximation fixed at Finalize().
  DiscreteContactApproximation approximation() const { return approximation_; }

  /// Penalty stiffness (N·m/rad or N/m) and damping used by TAMSI for the
  /// dof of `joint` (0 if the joint has no penalty data).
  std::pair<double, double> GetTamsiPenaltyParameters(JointIndex joint) const;

 private:
  struct ActuatedDof {
    JointActuatorIndex actuator;
    int input{0};  // index in u (input_start)
    int dof{0};    // velocity index
    int q{0};      // position index
  };
  struct LimitedDof {
    JointIndex joint;
    int dof{0};
    int q{0};
    bool tamsi_penalty{false};  // revolute or prismatic
    double k{0}, d{0};          // TAMSI penalty
  };

  void StepTamsi(const MultibodyPlant<T>& plant,
                 const TreeParameters<T>& params,
                 const Eigen::Ref<const VectorX<T>>& q0,
                 const Eigen::Ref<const VectorX<T>>& v0,
                 const DiscreteStepInputs<T>& inputs, DiscreteStepScratch<T>* s,
                 DiscreteStepResults<T>* r) const;
  void StepSap(const MultibodyPlant<T>& plant, const TreeParameters<T>& params,
               const Eigen::Ref<const VectorX<T>>& q0,
               const Eigen::Ref<const VectorX<T>>& v0,
               const DiscreteStepInputs<T>& inputs, DiscreteStepScratch<T>* s,
               DiscreteStepResults<T>* r) const;
  // γ(v) (per-dof generalized impulses of the constraints), G(v) (their
  // Hessian diagonal) and the active flags into `s`, over the rows of
  // ListDofConstraints(); with `r`, also adds the limit forces and writes
  // the PD actuation into it.
  void EvalConstraints(const MultibodyPlant<T>& plant,
                       const TreeParameters<T>& params,
                       const Eigen::Ref<const VectorX<T>>& q0,
                       const DiscreteStepInputs<T>& inputs,
                       const Eigen::Ref<const VectorX<T>>& v,
                       DiscreteStepScratch<T>* s,
                       DiscreteStepResults<T>* r) const;
  // Lists the step's limit sides (s->limit_on) and armed PD controllers
  // into s->limit_rows and s->pd_rows, and clears s->active. Requires s->M.
  void ListDofConstraints(const MultibodyPlant<T>& plant,
                          const TreeParameters<T>& params,
                          const Eigen::Ref<const VectorX<T>>& q0,
                          const DiscreteStepInputs<T>& inputs,
                          DiscreteStepScratch<T>* s) const;
  // The SAP family's step with point contact (discrete_step_solver_sap.cc):
  // v[n+1] from the dense Newton iteration on A + diag(G) + Σ Jᵀ·G·J, with
  // the contact results. Requires s->v = v* and s->limit_on set.
  void SolveSapWithContact(const MultibodyPlant<T>& plant,
                           const TreeParameters<T>& params,
                           const Eigen::Ref<const VectorX<T>>& q0,
                           const Eigen::Ref<const VectorX<T>>& v0,
                           const DiscreteStepInputs<T>& inputs,
                           DiscreteStepScratch<T>* s,
                           DiscreteStepResults<T>* r) const;
  // The total generalized impulse s->jc = diag part + Σ Jᵀ·γ at `v`, with
  // the contact Hessians when `hessians`; returns the sum of the contact
  // costs.
  void EvalAllConstraints(const MultibodyPlant<T>& plant,
                          const TreeParameters<T>& params,
                          const Eigen::Ref<const VectorX<T>>& q0,
                          const DiscreteStepInputs<T>& inputs,
                          const Eigen::Ref<const VectorX<T>>& v, bool hessians,
                          DiscreteStepScratch<T>* s) const;
  // Exact line search of the dense iteration along s->dv from s->v.
  double LineSearchWithContact(const MultibodyPlant<T>& plant,
                               const TreeParameters<T>& params,
                               const Eigen::Ref<const VectorX<T>>& q0,
                               const DiscreteStepInputs<T>& inputs,
                               DiscreteStepScratch<T>* s) const;
  // Exact line search along s->dv from s->v; returns the step length.
  double LineSearch(const MultibodyPlant<T>& plant,
                    const TreeParameters<T>& params,
                    const Eigen::Ref<const VectorX<T>>& q0,
                    const DiscreteStepInputs<T>& inputs,
                    DiscreteStepScratch<T>* s) const;
  static T Clamp(const T& u, double effort_limit);

  double h_{0};
  int nq_{0}, nv_{0}, nu_{0}, num_mobods_{0};
  DiscreteContactApproximation approximation_{
      DiscreteContactApproximation::kLagged};
  std::vector<ActuatedDof> actuated_;
  std::vector<LimitedDof> limited_;
  // Per dof, the tree (the dofs sharing an outboard path from one root
  // dof) it belongs to.
  std::vector<int> dof_tree_;
  int num_trees_{0};
  double near_rigid_threshold_{1.0};
  double stiction_tolerance_{1.0e-4};
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DiscreteStepInputs);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::DiscreteStepResults);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteStepSolver);
