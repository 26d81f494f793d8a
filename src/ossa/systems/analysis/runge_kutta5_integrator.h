#pragma once

/// @file
/// RungeKutta5Integrator<T>: the Dormand–Prince 5(4) pair. Seven stages give a
/// fifth-order solution x₁ (propagated) and an embedded fourth-order one; their
/// difference is the error estimate (O(h⁵)). The seventh stage is f at
/// (t₀+h, x₁), so with the System's derivative cache it is the next step's
/// first stage. Error-controlled by default.

#include "ossa/systems/analysis/integrator_base.h"

namespace ossa::systems {

template <typename T>
class RungeKutta5Integrator final : public IntegratorBase<T> {
 public:
  /// Integrates `system` in `context` (may be null, set later).
  explicit RungeKutta5Integrator(const System<T>& system,
                                 Context<T>* context = nullptr);

  ~RungeKutta5Integrator() override;

  bool supports_error_estimation() const final { return true; }
  int get_error_estimate_order() const final { return 5; }

 private:
  double default_accuracy() const final { return 1e-5; }
  void DoInitialize() final;
  bool DoStep(const T& h) final;
  VectorX<T> k_[7];
  VectorX<T> x1_, err_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta5Integrator);
