#pragma once

/// @file
/// ExplicitEulerIntegrator<T>: the first-order explicit Euler method,
///   x(t₀+h) = x(t₀) + h·f(t₀, x(t₀)),
/// fixed-step only (no error estimate); one derivative evaluation per step.

#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class ExplicitEulerIntegrator final : public IntegratorBase<T> {
 public:
  /// Integrates `system` in `context` (may be null, set later) with steps of
  /// `max_step_size`. Throws std::logic_error unless max_step_size > 0.
  ExplicitEulerIntegrator(const System<T>& system, const T& max_step_size,
                          Context<T>* context = nullptr);
  ~ExplicitEulerIntegrator() override = default;

  bool supports_error_estimation() const final { return false; }
  int get_error_estimate_order() const final { return 0; }

 private:
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  VectorX<T> k1_, x1_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ExplicitEulerIntegrator);
