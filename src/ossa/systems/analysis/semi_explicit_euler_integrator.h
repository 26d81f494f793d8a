#pragma once

/// @file
/// SemiExplicitEulerIntegrator<T>: the first-order symplectic (semi-implicit)
/// Euler method for xc = [q; v; z] with q̇ = N(q)·v:
///   v₁ = v₀ + h·v̇(t₀, q₀, v₀),   q₁ = q₀ + h·N(q₀)·v₁,   z₁ = z₀ + h·ż(t₀,
///   x₀).
/// Positions use the *new* velocity, which preserves a modified energy of
/// Hamiltonian systems. Fixed-step only; one derivative evaluation per step.

#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class SemiExplicitEulerIntegrator final : public IntegratorBase<T> {
 public:
  /// Integrates `system` in `context` (may be null) with steps of
  /// `max_step_size`. Throws std::logic_error unless max_step_size > 0.
  SemiExplicitEulerIntegrator(const System<T>& system, const T& max_step_size,
                              Context<T>* context = nullptr);
  ~SemiExplicitEulerIntegrator() override;

  bool supports_error_estimation() const final { return false; }
  int get_error_estimate_order() const final { return 0; }

 private:
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  VectorX<T> xdot_, x1_;
  std::unique_ptr<BasicVector<T>> qdot_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::SemiExplicitEulerIntegrator);
