#pragma once

/// @file
/// ImplicitEulerIntegrator<T>: the first-order, L-stable implicit Euler
/// method x₁ = x₀ + h·f(t₀+h, x₁), solved by Newton–Raphson with the
/// iteration matrix I − h·J (see ImplicitIntegrator for the Jacobian and its
/// reuse). Suitable for stiff systems: it is stable for any h on decaying
/// dynamics.
///
/// Error estimate (second order, ‖err‖ = O(h²)), one of:
/// - implicit trapezoid (default): err = x₁ − x₁ᵀ where x₁ᵀ solves
///   x = x₀ + h/2·(f(t₀, x₀) + f(t₀+h, x)), iteration matrix I − h/2·J;
/// - step doubling (set_use_implicit_trapezoid_error_estimation(false)):
///   err = x₁ − x₁½ where x₁½ takes two implicit Euler half steps; the more
///   accurate x₁½ is then propagated.
/// In fixed-step mode no error estimate is computed.

#include "ossa/systems/analysis/implicit_integrator.h"

namespace ossa::systems {

template <typename T>
class ImplicitEulerIntegrator final : public ImplicitIntegrator<T> {
 public:
  /// Integrates `system` in `context` (may be null, set later).
  explicit ImplicitEulerIntegrator(const System<T>& system,
                                   Context<T>* context = nullptr);
  ~ImplicitEulerIntegrator() override;

  bool supports_error_estimation() const final { return true; }
  int get_error_estimate_order() const final { return 2; }

  /// Error estimate by implicit trapezoid (true, the default) or by step
  /// doubling (false).
  void set_use_implicit_trapezoid_error_estimation(bool flag) {
    use_implicit_trapezoid_error_estimation_ = flag;
  }
  bool get_use_implicit_trapezoid_error_estimation() const {
    return use_implicit_trapezoid_error_estimation_;
  }

 private:
  double default_accuracy() const final { return 1e-1; }
  double loosest_accuracy() const final { return 5e-1; }
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  // One implicit Euler step of size h from (t0, x0) into *x1.
  bool StepImplicitEuler(const T& t0, const VectorX<T>& x0, const T& h,
                         const VectorX<T>& guess, VectorX<T>* x1);

  bool use_implicit_trapezoid_error_estimation_{true};
  VectorX<T> x0_copy_, x1_, xhalf_, xalt_, f0_, f_, err_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ImplicitEulerIntegrator);
