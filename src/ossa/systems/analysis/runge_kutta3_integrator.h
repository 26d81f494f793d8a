#pragma once

/// @file
/// RungeKutta3Integrator<T>: the third-order method of Kutta with an embedded
/// second-order (midpoint) solution for error control:
///   k₁ = f(t₀, x₀),  k₂ = f(t₀+h/2, x₀ + h/2·k₁),  k₃ = f(t₀+h, x₀ − h·k₁ +
///   2h·k₂), x₁ = x₀ + h/6·(k₁ + 4k₂ + k₃),   err = x₁ − (x₀ + h·k₂)   (O(h³)).
/// Error-controlled by default (the default integrator of the Simulator);
/// three derivative evaluations per attempted step.

#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class RungeKutta3Integrator final : public IntegratorBase<T> {
 public:
  /// Integrates `system` in `context` (may be null, set later).
  explicit RungeKutta3Integrator(const System<T>& system,
                                 Context<T>* context = nullptr);
  ~RungeKutta3Integrator() override;

  bool supports_error_estimation() const final { return true; }
  int get_error_estimate_order() const final { return 3; }

 private:
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  VectorX<T> k1_, k2_, k3_, x1_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta3Integrator);
