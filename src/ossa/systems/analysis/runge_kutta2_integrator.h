#pragma once

/// @file
/// RungeKutta2Integrator<T>: the second-order explicit trapezoid (Heun) method,
///   k₁ = f(t₀, x₀),  k₂ = f(t₀+h, x₀ + h·k₁),  x₁ = x₀ + h/2·(k₁ + k₂),
/// fixed-step only (no error estimate); two derivative evaluations per step.

#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class RungeKutta2Integrator final : public IntegratorBase<T> {
 public:
  /// Integrates `system` in `context` (may be null) with steps of
  /// `max_step_size`. Throws std::logic_error unless max_step_size > 0.
  RungeKutta2Integrator(const System<T>& system, const T& max_step_size,
                        Context<T>* context = nullptr);
  ~RungeKutta2Integrator() override = default;

  bool supports_error_estimation() const final { return false; }
  int get_error_estimate_order() const final { return 0; }

 private:
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  VectorX<T> k1_, k2_, x1_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta2Integrator);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::RungeKutta2Integrator);
