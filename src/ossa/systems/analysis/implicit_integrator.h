#pragma once

/// @file
/// ImplicitIntegrator<T>: the shared machinery of the implicit integrators —
/// the Jacobian J = ∂f/∂x of the time derivatives (by forward or central
/// differences, or by automatic differentiation), its reuse across steps, the
/// factorization of Newton iteration matrices and their statistics.
///
/// Jacobian reuse (on by default): a Jacobian is kept across steps and
/// across changes of the step size; only when Newton–Raphson fails to
/// converge with a stale Jacobian is it recomputed at the start of the step
/// and the solve retried; if that also fails the step fails and the caller
/// shrinks it. Iteration matrices (I − h·γ·J, ...) are refactored whenever h
/// or J changes.

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ossa/common/scalar_traits.h"
#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class ImplicitIntegrator : public IntegratorBase<T> {
 public:
  ~ImplicitIntegrator() override;

  /// How the Jacobian ∂f/∂x is computed.
  enum class JacobianComputationScheme {
    /// (f(x + δeᵢ) − f(x))/δ, δ = √ε·max(1, |xᵢ|); n extra evaluations.
    kForwardDifference,
    /// (f(x + δeᵢ) − f(x − δeᵢ))/(2δ), δ = ε^⅓·max(1, |xᵢ|); 2n evaluations.
    kCentralDifference,
    /// Exact, by AutoDiffXd through System::ToAutoDiffXd() (T = double only).
    kAutomatic,
  };

  void set_jacobian_computation_scheme(JacobianComputationScheme scheme);
  JacobianComputationScheme get_jacobian_computation_scheme() const {
    return jacobian_scheme_;
  }
  /// Keep Jacobians across steps (default true).
  void set_reuse(bool reuse) { reuse_ = reuse; }
  bool get_reuse() const { return reuse_; }
  /// Compute a fresh Jacobian (and factorization) for every Newton solve,
  /// never reusing one from an earlier step (default false; for debugging
  /// convergence). The Jacobian stays fixed within one solve.
  void set_use_full_newton(bool flag) { use_full_newton_ = flag; }
  bool get_use_full_newton() const { return use_full_newton_; }
  /// Newton–Raphson iteration limit per solve (default 10).
  int max_newton_raphson_iterations() const { return max_newton_iterations_; }
  void set_max_newton_raphson_iterations(int n);

  int64_t get_num_jacobian_evaluations() const {
    return num_jacobian_evaluations_;
  }
  int64_t get_num_derivative_evaluations_for_jacobian() const {
    return num_jacobian_function_evaluations_;
  }
  int64_t get_num_iteration_matrix_factorizations() const {
    return num_iter_factorizations_;
  }
  int64_t get_num_newton_raphson_iterations() const {
    return num_newton_raphson_iterations_;
  }

 protected:
  explicit ImplicitIntegrator(const System<T>& system,
                              Context<T>* context = nullptr);

  /// J = ∂f/∂x at (t, x); the Context is left at (t, x). Counts evaluations.
  const MatrixX<T>& CalcJacobian(const T& t, const VectorX<T>& x);
  /// The last Jacobian (empty if none).
  const MatrixX<T>& jacobian() const { return J_; }
  bool has_jacobian() const { return J_.size() > 0; }
  /// Forgets the Jacobian (so the next solve computes a fresh one).
  void invalidate_jacobian() { J_.resize(0, 0); }

  /// Solves the nonlinear system g(y) = 0, y ∈ ℝᵐ, by (simplified) Newton:
  ///   y ← y − M⁻¹·g(y),  M = iteration matrix built from J by `make_matrix`.
  /// `residual(y, &g)` evaluates g (it may move the Context). Convergence:
  /// the weighted max-norm of the update falls below `tolerance`; divergence
  /// (the update grows) or the iteration limit fails the attempt. With reuse,
  /// a failure with a stale Jacobian recomputes J at (t_jac, x_jac) and
  /// retries once from `y_guess`. Returns false if the solve failed.
  template <typename Residual, typename MakeMatrix>
  bool SolveNewton(const T& t_jac, const VectorX<T>& x_jac,
                   const VectorX<T>& y_guess, Residual&& residual,
                   MakeMatrix&& make_matrix, double tolerance, VectorX<T>* y);

  /// The Newton tolerance: a fraction of the accuracy in error-controlled
  /// mode, tight (1e-10 relative) in fixed-step mode.
  double newton_tolerance() const;

  void DoResetStatistics() override;
  void DoReset() override { invalidate_jacobian(); }

 private:
  template <typename Residual, typename MakeMatrix>
  int NewtonAttempt(const VectorX<T>& y_guess, Residual& residual,
                    MakeMatrix& make_matrix, double tolerance, const T& t_jac,
                    const VectorX<T>& x_jac, VectorX<T>* y);
  void CalcJacobianAutoDiff(const T& t, const VectorX<T>& x);

  JacobianComputationScheme jacobian_scheme_{
      JacobianComputationScheme::kForwardDifference};
  bool reuse_{true};
  bool use_full_newton_{false};
  int max_newton_iterations_{10};
  MatrixX<T> J_;
  VectorX<T> f0_, f1_, xp_;
  Eigen::PartialPivLU<MatrixX<T>> lu_;
  VectorX<T> g_, dy_;

  int64_t num_jacobian_evaluations_{0};
  int64_t num_jacobian_function_evaluations_{0};
  int64_t num_iter_factorizations_{0};
  int64_t num_newton_raphson_iterations_{0};
};

// ---- template definitions used by the derived integrators' .cc files ----

template <typename T>
template <typename Residual, typename MakeMatrix>
int ImplicitIntegrator<T>::NewtonAttempt(
    const VectorX<T>& y_guess, Residual& residual, MakeMatrix& make_matrix,
    double tolerance, const T& t_jac, const VectorX<T>& x_jac, VectorX<T>* y) {
  // Returns 1 on convergence, 0 on failure.
  using std::abs;
  *y = y_guess;
  lu_.compute(make_matrix(J_));
  ++num_iter_factorizations_;
  double last_norm = std::numeric_limits<double>::infinity();
  for (int k = 0; k < max_newton_iterations_; ++k) {
    residual(*y, &g_);
    dy_ = lu_.solve(g_);
    *y -= dy_;
    ++num_newton_raphson_iterations_;
    double norm = 0.0;
    double scale = 1.0;
    for (Eigen::Index i = 0; i < dy_.size(); ++i) {
      norm = std::max(norm, std::abs(ExtractDoubleOrThrow(dy_[i])));
      scale = std::max(scale, std::abs(ExtractDoubleOrThrow((*y)[i])));
    }
    if (!std::isfinite(norm)) return 0;
    if (norm <= tolerance * scale) return 1;
    // The update must shrink (after the first, which may be large).
    if (k > 0 && norm > last_norm) return 0;
    last_norm = norm;
  }
  return 0;
}

template <typename T>
template <typename Residual, typename MakeMatrix>
bool ImplicitIntegrator<T>::SolveNewton(const T& t_jac, const VectorX<T>& x_jac,
                                        const VectorX<T>& y_guess,
                                        Residual&& residual,
                                        MakeMatrix&& make_matrix,
                                        double tolerance, VectorX<T>* y) {
  bool fresh = false;
  if (!reuse_ || use_full_newton_ || !has_jacobian() ||
      J_.rows() != x_jac.size()) {
    CalcJacobian(t_jac, x_jac);
    fresh = true;
  }
  if (NewtonAttempt(y_guess, residual, make_matrix, tolerance, t_jac, x_jac,
                    y)) {
    return true;
  }
  if (fresh) return false;
  // The stale Jacobian may be to blame: recompute it and try once more.
  CalcJacobian(t_jac, x_jac);
  return NewtonAttempt(y_guess, residual, make_matrix, tolerance, t_jac, x_jac,
                       y) == 1;
}

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ImplicitIntegrator);
