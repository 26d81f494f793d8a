// MultibodyTree: force elements and the Context-level dynamics (section
// "Dynamics and forces (Context)" of multibody_tree.h).

#include <fmt/format.h>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/core/tree_kernels_dual.h"
#include "ossa/multibody/core/weld_merged_tree.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/tree/tree_computation.h"

namespace ossa::multibody::internal {

namespace {

void ThrowIfWrongVectorSize(const char* method, const char* what,
                            Eigen::Index size, int expected) {
  if (size != expected) [[unlikely]] {
    ThrowLogicError("{}(): {} has size {} but size {} was expected.", method,
                    what, size, expected);
  }
}

// Throws std::logic_error naming `method` unless M is a non-null n×n
// matrix.
template <typename T>
void ThrowIfNotSquareOutput(const char* method, const EigenPtr<MatrixX<T>>& M,
                            int n) {
  if (M == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): M is a nullptr.", method);
  }
  if (M->rows() != n || M->cols() != n) [[unlikely]] {
    ThrowLogicError("{}(): M is {}x{} but {}x{} was expected.", method,
                    M->rows(), M->cols(), n, n);
  }
}

// False if every body force is exactly zero, so that the dynamics can skip
// gathering them (and the world poses that needs). Only decided for double:
// a zero value may carry a non-zero derivative.
template <typename T>
bool HasNonZeroBodyForces(const MultibodyForces<T>& forces) {
  if constexpr (std::is_same_v<T, double>) {
    for (const SpatialForce<T>& F : forces.body_forces()) {
      if (!(F.get_coeffs().array() == 0).all()) return true;
    }
    return false;
  } else if constexpr (std::is_same_v<T, AutoDiffXd>) {
    for (const SpatialForce<T>& F : forces.body_forces()) {
      for (int k = 0; k < 6; ++k) {
        const AutoDiffXd& f = F.get_coeffs()[k];
        if (f.value() != 0 || !f.derivatives().isZero(0.0)) return true;
      }
    }
    return false;
  } else {
    return !forces.body_forces().empty();
  }
}

// True if x is exactly zero with no non-zero derivative (AutoDiffXd), so
// that a product with it contributes nothing, not even to gradients.
template <typename T>
bool IsConstantZero(const T& x) {
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    return x.value() == 0 && x.derivatives().isZero(0.0);
  } else if constexpr (std::is_same_v<T, double>) {
    return x == 0;
  } else {
    return false;
  }
}
template <typename T>
bool IsConstantZero(const VectorX<T>& x) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (!IsConstantZero(x[i])) return false;
  }
  return true;
}

// [q; v] of the Context as a view of its state, without copying the
// AutoDiffXd gradients, when the state is stored contiguously (a plant's
// own Contexts); else a copy in `storage`.
Eigen::Map<const VectorX<AutoDiffXd>> StateView(
    const MultibodyTreeSystem<AutoDiffXd>& system,
    const systems::Context<AutoDiffXd>& context, VectorX<AutoDiffXd>* storage) {
  system.ValidateContext(context);
  const systems::VectorBase<AutoDiffXd>& x =
      system.is_discrete() ? context.get_discrete_state(0)
                           : context.get_continuous_state_vector();
  if (const AutoDiffXd* data = x.get_contiguous_data()) {
    return Eigen::Map<const VectorX<AutoDiffXd>>(data, x.size());
  }
  *storage = system.GetPositionsAndVelocities(context);
  return Eigen::Map<const VectorX<AutoDiffXd>>(storage->data(),
                                               storage->size());
}

// τ = ID(q, v, v̇) − τ_applied on the dual path of `c` (no spatial forces;
// tree_kernels_dual.h). Only called when c.has_dual_path().
template <typename T>
void CalcInverseDynamicsOnDualPath(TreeComputation<T>* c,
                                   const VectorX<T>& known_vdot,
                                   const VectorX<T>& tau_applied,
                                   VectorX<T>* tau) {
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    CalcInverseDynamicsAutoDiff(c->tree(), c->parameters(), c->q(), c->v(),
                                known_vdot, Vector3<T>::Zero(),
                                &c->dual_workspace(), &c->workspace(), tau);
    // Subtracting exact zeros would still allocate every gradient.
    for (Eigen::Index i = 0; i < tau->size(); ++i) {
      if (tau_applied[i].value() != 0 ||
          tau_applied[i].derivatives().size() != 0) {
        (*tau)[i] -= tau_applied[i];
      }
    }
  }
}

// v̇ of the forward dynamics with gravity g_W applied by the kernel and no
// spatial forces, on the dual path of `c`. Only called when
// c.has_dual_path().
template <typename T>
void CalcForwardDynamicsOnDualPath(TreeComputation<T>* c, const Vector3<T>& g_W,
                                   const VectorX<T>& tau_applied,
                                   EigenPtr<VectorX<T>> vdot) {
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    VectorX<T> result(vdot->size());
    CalcForwardDynamicsAutoDiff(c->tree(), c->parameters(), c->q(), c->v(),
                                tau_applied, g_W, &c->dual_workspace(),
                                &c->workspace(), &result);
    *vdot = result;
  }
}

// True if some joint is locked in `context` (its v̇ is then zero).
template <typename T>
bool HasLockedJoints(const MultibodyTreeSystem<T>& system,
                     const systems::Context<T>& context) {
  for (char locked : system.GetElementParameters(context).joint_locked) {
    if (locked != 0) return true;
  }
  return false;
}

// Forward dynamics with locked joints, which keep v̇ = 0 and do not enter
// the dynamics: M_uu·v̇_u = (τ + ΣJᵀF − C·v)_u over the unlocked dofs u
// only, on the full tree. The right-hand side is −ID(v̇ = 0); dense, as
// locking is the exception. `forces` holds every force (elements and
// applied).
template <typename T>
void CalcForwardDynamicsWithLockedJoints(const MultibodyTree<T>& tree,
                                         const systems::Context<T>& context,
                                         TreeComputation<T>* c,
                                         const MultibodyForces<T>& forces,
                                         EigenPtr<VectorX<T>> vdot) {
  const std::vector<Vector6<T>>& F_mobod_W =
      c->SpatialForcesOnMobods(forces.body_forces());
  TreeWorkspace<T>& ws = c->EvalKinematics(KinematicsNeed::kVelocityAndWorld);
  const int nv = tree.num_velocities();
  VectorX<T> rhs(nv);
  internal::CalcInverseDynamics<T>(
      c->tree(), c->parameters(), VectorX<T>::Zero(nv), Vector3<T>::Zero(),
      forces.generalized_forces(), F_mobod_W, &ws, rhs);
  MatrixX<T> M(nv, nv);
  internal::CalcMassMatrix<T>(c->tree(), c->parameters(), &ws, M);
  const std::vector<int> u = tree.FindUnlockedVelocityIndices(context);
  const int nu = static_cast<int>(u.size());
  MatrixX<T> M_uu(nu, nu);
  VectorX<T> rhs_u(nu);
  for (int i = 0; i < nu; ++i) {
    rhs_u[i] = -rhs[u[i]];
    for (int j = 0; j < nu; ++j) M_uu(i, j) = M(u[i], u[j]);
  }
  vdot->setZero();
  if (nu == 0) return;
  if constexpr (!scalar_predicate<T>::is_bool) {
    // Symbolic: which dofs are locked is known, the entries of M_uu are
    // expressions, so a factorization that picks pivots by value is out.
    // M_uu is symmetric positive-definite for any state (as the mass matrix
    // of a tree with the locked dofs removed), so L·D·Lᵀ without pivoting
    // exists: D_j = M_jj − Σ_{k<j} L_jk²·D_k and
    // L_ij = (M_ij − Σ_{k<j} L_ik·L_jk·D_k) / D_j for i > j.
    MatrixX<T> L = MatrixX<T>::Identity(nu, nu);
    VectorX<T> D(nu);
    for (int j = 0; j < nu; ++j) {
      T d = M_uu(j, j);
      for (int k = 0; k < j; ++k) d -= L(j, k) * L(j, k) * D[k];
      D[j] = d;
      for (int i = j + 1; i < nu; ++i) {
        T l = M_uu(i, j);
        for (int k = 0; k < j; ++k) l -= L(i, k) * L(j, k) * D[k];
        L(i, j) = l / d;
      }
    }
    // L·y = rhs_u, then D·Lᵀ·v̇_u = y.
    VectorX<T> y = rhs_u;
    for (int i = 0; i < nu; ++i) {
      for (int k = 0; k < i; ++k) y[i] -= L(i, k) * y[k];
    }
    VectorX<T> vdot_u(nu);
    for (int i = nu - 1; i >= 0; --i) {
      T x = y[i] / D[i];
      for (int k = i + 1; k < nu; ++k) x -= L(k, i) * vdot_u[k];
      vdot_u[i] = x;
    }
    for (int i = 0; i < nu; ++i) (*vdot)[u[i]] = vdot_u[i];
  } else {
    const Eigen::LLT<MatrixX<T>> llt(M_uu);
    if (llt.info() != Eigen::Success) [[unlikely]] {
      ThrowRuntimeError(
          "CalcForwardDynamics(): the mass matrix of the unlocked joints' "
          "velocities is not positive-definite: a body on an unlocked joint "
          "has no mass or inertia along that joint's motion.");
    }
    const VectorX<T> vdot_u = llt.solve(rhs_u);
    for (int i = 0; i < nu; ++i) (*vdot)[u[i]] = vdot_u[i];
  }
}

}  // namespace

// ------------------------------------------------------------ force elements

template <typename T>
void MultibodyTree<T>::AddForceElementImpl(
    std::unique_ptr<ForceElement<T>> force_element) {
  ThrowIfFinalized("AddForceElement");
  if (force_element == nullptr) [[unlikely]] {
    ThrowLogicError("AddForceElement(): the force element is a nullptr.");
  }
  if (force_element->parent_tree() != nullptr) [[unlikely]] {
    ThrowLogicError(
        "AddForceElement(): the force element already belongs to a model.");
  }
  if (dynamic_cast<const UniformGravityFieldElement<T>*>(force_element.get()) !=
      nullptr) [[unlikely]] {
    ThrowLogicError(
        "AddForceElement(): this model already has a "
        "UniformGravityFieldElement (every model has exactly one); change "
        "it through mutable_gravity_field() instead of adding another.");
  }
  ThrowIfInvalidInstance("AddForceElement", force_element->model_instance());
  force_element->index_ = ForceElementIndex(num_force_elements());
  force_element->tree_ = this;
  force_elements_.push_back(std::move(force_element));
}

template <typename T>
const ForceElement<T>& MultibodyTree<T>::get_force_element(
    ForceElementIndex index) const {
  if (!index.is_valid() || index.raw() >= num_force_elements()) [[unlikely]] {
    ThrowLogicError(
        "get_force_element(): there is no force element with index {} (this "
        "model has {} force elements).",
        index.is_valid() ? index.raw() : -1, num_force_elements());
  }
  return *force_elements_[index];
}

template <typename T>
void MultibodyTree<T>::ThrowWrongForceElementType(
    ForceElementIndex index, const std::string& type) const {
  ThrowLogicError(
      "GetForceElement(): force element {} is a {}, not a {}.", index.raw(),
      NiceTypeNameFromTypeInfo(typeid(*force_elements_[index])), type);
}

// ------------------------------------------------------------ checks

template <typename T>
void MultibodyTree<T>::ThrowIfForcesHaveWrongSize(
    const char* method, const MultibodyForces<T>& forces) const {
  if (!forces.CheckHasRightSizeForModel(*this)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the MultibodyForces holds {} body forces and {} generalized "
        "forces but this model has {} bodies and {} velocities.",
        method, forces.body_forces().size(), forces.generalized_forces().size(),
        num_bodies(), num_velocities());
  }
}

// ------------------------------------------------------------ dynamics

template <typename T>
VectorX<T> MultibodyTree<T>::CalcInverseDynamics(
    const systems::Context<T>& context, const VectorX<T>& known_vdot,
    const MultibodyForces<T>& external_forces) const {
  const char* kMethod = "CalcInverseDynamics";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  ThrowIfWrongVectorSize(kMethod, "known_vdot", known_vdot.size(),
                         num_velocities());
  ThrowIfForcesHaveWrongSize(kMethod, external_forces);
  VectorX<T> tau(num_velocities());
  TreeComputation<T> c = system.PrepareComputation(context);
  // Spatial forces, when there are any, need the world poses.
  const bool has_body_forces = HasNonZeroBodyForces(external_forces);
  if (c.has_dual_path() && !has_body_forces) {
    CalcInverseDynamicsOnDualPath(&c, known_vdot,
                                  external_forces.generalized_forces(), &tau);
    return tau;
  }
  static const std::vector<Vector6<T>> kNoForces;
  TreeWorkspace<T>& ws =
      c.EvalKinematics(has_body_forces ? KinematicsNeed::kVelocityAndWorld
                                       : KinematicsNeed::kVelocity);
  const std::vector<Vector6<T>>& F_applied =
      has_body_forces ? c.SpatialForcesOnMobods(external_forces.body_forces())
                      : kNoForces;
  internal::CalcInverseDynamics<T>(
      c.tree(), c.parameters(), known_vdot, Vector3<T>::Zero(),
      external_forces.generalized_forces(), F_applied, &ws, tau);
  return tau;
}

template <typename T>
void MultibodyTree<T>::CalcInverseDynamics(
    const systems::Context<T>& context, const VectorX<T>& known_vdot,
    const std::vector<SpatialForce<T>>& Fapplied_Bo_W_array,
    const Eigen::Ref<const VectorX<T>>& tau_applied_array,
    std::vector<SpatialAcceleration<T>>* A_WB_array,
    std::vector<SpatialForce<T>>* F_BMo_W_array,
    EigenPtr<VectorX<T>> tau_array) const {
  const char* kMethod = "CalcInverseDynamics";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  const int nv = num_velocities();
  const int n = num_mobods();
  ThrowIfWrongVectorSize(kMethod, "known_vdot", known_vdot.size(), nv);
  if (!Fapplied_Bo_W_array.empty() &&
      static_cast<int>(Fapplied_Bo_W_array.size()) != n) [[unlikely]] {
    ThrowLogicError(
        "{}(): Fapplied_Bo_W_array has {} entries but 0 (no applied forces) "
        "or num_mobods() = {} were expected.",
        kMethod, Fapplied_Bo_W_array.size(), n);
  }
  if (tau_applied_array.size() != 0 && tau_applied_array.size() != nv)
      [[unlikely]] {
    ThrowLogicError(
        "{}(): tau_applied_array has size {} but 0 (no applied forces) or "
        "num_velocities() = {} was expected.",
        kMethod, tau_applied_array.size(), nv);
  }
  if (A_WB_array == nullptr || F_BMo_W_array == nullptr || tau_array == nullptr)
      [[unlikely]] {
    ThrowLogicError(
        "{}(): the outputs A_WB_array, F_BMo_W_array and tau_array must not "
        "be nullptr.",
        kMethod);
  }
  ThrowIfWrongVectorSize(kMethod, "tau_array", tau_array->size(), nv);
  // Results per body: on the full tree.
  TreeComputation<T> c = system.PrepareComputation(context, TreeChoice::kFull);
  DynamicsScratch<T>& scratch = c.scratch();
  // Inputs are copied into the scratch first so that outputs may alias them.
  const bool has_F = !Fapplied_Bo_W_array.empty();
  const bool has_tau = tau_applied_array.size() != 0;
  if (has_F) {
    for (int i = 0; i < n; ++i)
      scratch.F_mobod_W[i] = Fapplied_Bo_W_array[i].get_coeffs();
  }
  if (has_tau) scratch.tau_applied = tau_applied_array;
  static const std::vector<Vector6<T>> kNoForces;
  internal::CalcInverseDynamics<T>(
      c.tree(), c.parameters(), known_vdot, Vector3<T>::Zero(),
      has_tau ? Eigen::Ref<const VectorX<T>>(scratch.tau_applied)
              : Eigen::Ref<const VectorX<T>>(VectorX<T>()),
      has_F ? scratch.F_mobod_W : kNoForces,
      &c.EvalKinematics(KinematicsNeed::kVelocityAndWorld), scratch.tau,
      &scratch.A_WB_W, &scratch.F_BMo_W);
  if (static_cast<int>(A_WB_array->size()) != n) A_WB_array->resize(n);
  if (static_cast<int>(F_BMo_W_array->size()) != n) F_BMo_W_array->resize(n);
  for (int i = 0; i < n; ++i) {
    (*A_WB_array)[i].get_mutable_coeffs() = scratch.A_WB_W[i];
    (*F_BMo_W_array)[i].get_mutable_coeffs() = scratch.F_BMo_W[i];
  }
  *tau_array = scratch.tau;
}

template <typename T>
void MultibodyTree<T>::CalcMassMatrix(const systems::Context<T>& context,
                                      EigenPtr<MatrixX<T>> M) const {
  const char* kMethod = "CalcMassMatrix";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  ThrowIfNotSquareOutput(kMethod, M, num_velocities());
  TreeComputation<T> c = system.PrepareComputation(context);
  internal::CalcMassMatrix<T>(c.tree(), c.parameters(),
                              &c.EvalKinematics(KinematicsNeed::kPosition), *M);
}

template <typename T>
void MultibodyTree<T>::CalcMassMatrixViaInverseDynamics(
    const systems::Context<T>& context, EigenPtr<MatrixX<T>> M) const {
  const char* kMethod = "CalcMassMatrixViaInverseDynamics";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  const int nv = num_velocities();
  ThrowIfNotSquareOutput(kMethod, M, nv);
  // On the full tree, in a private workspace with v = 0, so that C(q, v)·v
  // vanishes and the Context's cached kinematics stay untouched.
  TreeComputation<T> c = system.PrepareComputation(context, TreeChoice::kFull);
  const TreeParameters<T>& params = c.parameters();
  TreeWorkspace<T> ws = system.EvalPositionKinematics(context);
  CalcVelocityKinematics<T>(c.tree(), params, c.q(), VectorX<T>::Zero(nv), &ws);
  VectorX<T> vdot = VectorX<T>::Zero(nv);
  VectorX<T> column(nv);
  const std::vector<Vector6<T>> no_forces;
  for (int j = 0; j < nv; ++j) {
    vdot[j] = 1;
    internal::CalcInverseDynamics<T>(c.tree(), params, vdot, Vector3<T>::Zero(),
                                     VectorX<T>(), no_forces, &ws, column);
    M->col(j) = column;
    vdot[j] = 0;
  }
}

template <typename T>
void MultibodyTree<T>::CalcBiasTerm(const systems::Context<T>& context,
                                    EigenPtr<VectorX<T>> Cv) const {
  const char* kMethod = "CalcBiasTerm";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  if (Cv == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): Cv is a nullptr.", kMethod);
  }
  ThrowIfWrongVectorSize(kMethod, "Cv", Cv->size(), num_velocities());
  TreeComputation<T> c = system.PrepareComputation(context);
  internal::CalcBiasTerm<T>(c.tree(), c.parameters(),
                            &c.EvalKinematics(KinematicsNeed::kVelocity), *Cv);
}

template <typename T>
VectorX<T> MultibodyTree<T>::CalcGravityGeneralizedForces(
    const systems::Context<T>& context) const {
  tree_system("CalcGravityGeneralizedForces");
  return gravity_field_->CalcGravityGeneralizedForces(context);
}

template <typename T>
void MultibodyTree<T>::CalcForceElementsContribution(
    const systems::Context<T>& context, MultibodyForces<T>* forces) const {
  const char* kMethod = "CalcForceElementsContribution";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  if (forces == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): forces is a nullptr.", kMethod);
  }
  ThrowIfForcesHaveWrongSize(kMethod, *forces);
  forces->SetZero();
  const TreeWorkspace<T>& pc = system.EvalPositionKinematics(context);
  const TreeWorkspace<T>& vc = system.EvalVelocityKinematics(context);
  for (const auto& element : force_elements_) {
    element->CalcAndAddForceContribution(context, pc, vc, forces);
  }
  AddJointDamping(context, forces);
}

template <typename T>
void MultibodyTree<T>::AddJointDamping(const systems::Context<T>& context,
                                       MultibodyForces<T>* forces) const {
  const MultibodyTreeSystem<T>& system = *tree_system_;
  const TreeParameters<T>& params = system.GetParameters(context);
  if (params.damping.size() == 0 || IsConstantZero(params.damping)) return;
  if constexpr (std::is_same_v<T, AutoDiffXd>) {
    // Entry by entry from a view of the state: vector expressions on
    // AutoDiffXd would allocate a gradient per temporary.
    VectorX<T> copy;
    const auto x = StateView(system, context, &copy);
    VectorX<T>& tau = forces->mutable_generalized_forces();
    const int nq = num_positions();
    for (int i = 0; i < num_velocities(); ++i) {
      if (!IsConstantZero(params.damping[i])) {
        tau[i] -= params.damping[i] * x[nq + i];
      }
    }
  } else {
    forces->mutable_generalized_forces() -=
        params.damping.cwiseProduct(system.GetVelocities(context));
  }
}

template <typename T>
bool MultibodyTree<T>::IsUniformGravityTheOnlyForceElement() const {
  if (force_elements_.size() != 1 ||
      force_elements_[0].get() != gravity_field_) {
    return false;
  }
  for (int i = 0; i < num_model_instances(); ++i) {
    if (!gravity_field_->is_enabled(ModelInstanceIndex(i))) return false;
  }
  return true;
}

template <typename T>
void MultibodyTree<T>::CalcGeneralizedForces(
    const systems::Context<T>& context, const MultibodyForces<T>& forces,
    VectorX<T>* generalized_forces) const {
  const char* kMethod = "CalcGeneralizedForces";
  const MultibodyTreeSystem<T>& system = tree_system(kMethod);
  ThrowIfForcesHaveWrongSize(kMethod, forces);
  if (generalized_forces == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): generalized_forces is a nullptr.", kMethod);
  }
  TreeComputation<T> c = system.PrepareComputation(context, TreeChoice::kFull);
  const std::vector<Vector6<T>>& F_mobod_W =
      c.SpatialForcesOnMobods(forces.body_forces());
  VectorX<T>& tau = c.scratch().tau;
  CalcGeneralizedForcesFromSpatialForces<T>(
      c.tree(), F_mobod_W, &c.EvalKinematics(KinematicsNeed::kPositionAndWorld),
      tau);
  generalized_forces->resize(num_velocities());
  *generalized_forces = forces.generalized_forces() + tau;
}

template <typename T>
T MultibodyTree<T>::CalcPotentialEnergy(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system = tree_system("CalcPotentialEnergy");
  const TreeWorkspace<T>& pc = system.EvalPositionKinematics(context);
  T U(0);
  for (const auto& element : force_elements_)
    U += element->CalcPotentialEnergy(context, pc);
  return U;
}

template <typename T>
T MultibodyTree<T>::CalcKineticEnergy(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system = tree_system("CalcKineticEnergy");
  const TreeParameters<T>& params = system.GetParameters(context);
  T KE = internal::CalcKineticEnergy<T>(compiled_, params,
                                        system.EvalVelocityKinematics(context));
  if (params.reflected_inertia.size() > 0) {
    const VectorX<T> v = system.GetVelocities(context);
    KE += 0.5 * v.dot(params.reflected_inertia.cwiseProduct(v));
  }
  return KE;
}

template <typename T>
T MultibodyTree<T>::CalcConservativePower(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system = tree_system("CalcConservativePower");
  const TreeWorkspace<T>& pc = system.EvalPositionKinematics(context);
  const TreeWorkspace<T>& vc = system.EvalVelocityKinematics(context);
  T Pc(0);
  for (const auto& element : force_elements_)
    Pc += element->CalcConservativePower(context, pc, vc);
  return Pc;
}

template <typename T>
T MultibodyTree<T>::CalcNonConservativePower(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system =
      tree_system("CalcNonConservativePower");
  const TreeWorkspace<T>& pc = system.EvalPositionKinematics(context);
  const TreeWorkspace<T>& vc = system.EvalVelocityKinematics(context);
  T Pnc(0);
  for (const auto& element : force_elements_)
    Pnc += element->CalcNonConservativePower(context, pc, vc);
  const TreeParameters<T>& params = system.GetParameters(context);
  if (params.damping.size() > 0) {
    const VectorX<T> v = system.GetVelocities(context);
    Pnc -= v.dot(params.damping.cwiseProduct(v));
  }
  return Pnc;
}

template <typename T>
void MultibodyTree<T>::ThrowSingularHingeInertia(
    const SingularHingeInertiaError& error,
    const WeldMergedTree& merged) const {
  int mobod = -1;
  if (error.tree() == &compiled_) {
    mobod = error.mobod();
  } else if (error.tree() == &merged.tree()) {
    mobod = merged.root(error.mobod());
  }
  if (mobod <= 0 || mobod >= topology_.num_mobods()) throw error;
  const TopologyMobod& node = topology_.get_mobod(MobodIndex(mobod));
  const RigidBody<T>& outboard = get_body(node.body);
  const RigidBody<T>& inboard =
      get_body(topology_.get_mobod(node.inboard_mobod).body);
  const Joint<T>& joint = get_joint(node.joint);
  if (error.is_nan()) {
    ThrowRuntimeError(
        "The articulated-body hinge inertia of joint '{}' (model instance "
        "'{}'), which connects body '{}' to body '{}', is NaN: the positions "
        "or the parameters (masses, inertias, frame poses) hold NaN or "
        "infinite values.",
        joint.name(), GetModelInstanceName(joint.model_instance()),
        inboard.name(), outboard.name());
  }
  const bool rotates = joint.kind() != MobilizerKind::kPrismatic;
  ThrowRuntimeError(
      "The articulated-body hinge inertia of joint '{}' (model instance "
      "'{}'), which connects body '{}' to body '{}', is not "
      "positive-definite: body '{}' and the bodies outboard of it have no "
      "{} along a direction that joint allows. Give them mass{}, or weld "
      "them to their parent.",
      joint.name(), GetModelInstanceName(joint.model_instance()),
      inboard.name(), outboard.name(), outboard.name(),
      rotates ? "mass or no rotational inertia" : "mass",
      rotates ? " and non-zero moments of inertia" : "");
}

template <typename T>
void MultibodyTree<T>::CalcForwardDynamics(
    const systems::Context<T>& context,
    const MultibodyForces<T>& applied_forces, EigenPtr<VectorX<T>> vdot) const {
  const MultibodyTreeSystem<T>& system = tree_system("CalcForwardDynamics");
  try {
    CalcForwardDynamicsImpl(system, context, applied_forces, vdot);
  } catch (const SingularHingeInertiaError& error) {
    ThrowSingularHingeInertia(error, system.weld_merged_tree());
  }
}

template <typename T>
void MultibodyTree<T>::CalcForwardDynamicsImpl(
    const MultibodyTreeSystem<T>& system, const systems::Context<T>& context,
    const MultibodyForces<T>& applied_forces, EigenPtr<VectorX<T>> vdot) const {
  const char* kMethod = "CalcForwardDynamics";
  ThrowIfForcesHaveWrongSize(kMethod, applied_forces);
  if (vdot == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): vdot is a nullptr.", kMethod);
  }
  ThrowIfWrongVectorSize(kMethod, "vdot", vdot->size(), num_velocities());
  const bool any_locked = HasLockedJoints(system, context);
  TreeComputation<T> c = system.PrepareComputation(
      context, any_locked ? TreeChoice::kFull : TreeChoice::kFastest);
  // On the merged tree, when gravity, acting on every body, is the only
  // force element, the kernel applies it to the groups directly: the full
  // tree's kinematics, which the force elements need, are then never
  // computed.
  const bool gravity_in_kernel =
      c.is_weld_merged() && IsUniformGravityTheOnlyForceElement();
  MultibodyForces<T>& forces = c.scratch().forces;
  if (gravity_in_kernel) {
    forces.SetZero();
    AddJointDamping(context, &forces);
  } else {
    CalcForceElementsContribution(context, &forces);
  }
  forces.AddInForces(applied_forces);
  if (any_locked) {
    CalcForwardDynamicsWithLockedJoints(*this, context, &c, forces, vdot);
    return;
  }
  const Vector3<T> g_W =
      gravity_in_kernel
          ? Vector3<T>(gravity_field_->gravity_vector().template cast<T>())
          : Vector3<T>::Zero();
  const bool has_body_forces = HasNonZeroBodyForces(forces);
  if (c.has_dual_path() && gravity_in_kernel && !has_body_forces) {
    CalcForwardDynamicsOnDualPath(&c, g_W, forces.generalized_forces(), vdot);
    return;
  }
  static const std::vector<Vector6<T>> kNoForces;
  TreeWorkspace<T>& ws =
      c.EvalKinematics(has_body_forces ? KinematicsNeed::kVelocityAndWorld
                                       : KinematicsNeed::kVelocity);
  const std::vector<Vector6<T>>& F_applied =
      has_body_forces ? c.SpatialForcesOnMobods(forces.body_forces())
                      : kNoForces;
  CalcForwardDynamicsArticulatedBody<T>(c.tree(), c.parameters(), g_W,
                                        forces.generalized_forces(), F_applied,
                                        &ws, *vdot);
}

}  // namespace ossa::multibody::internal

// Explicit instantiation of the class again: it instantiates the members
// defined in this file (the definitions in multibody_tree.cc are not visible
// here, so nothing is defined twice except the header's inline members,
// which are emitted as mergeable (COMDAT) symbols).
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);
#endif
