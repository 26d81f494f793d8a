#pragma once

/// @file
/// RadauIntegrator<T, num_stages>: the fully implicit, L-stable Radau IIA
/// collocation methods, for stiff systems:
/// - 1 stage (Radau1Integrator): implicit Euler, order 1;
/// - 2 stages (Radau3Integrator): c = (1/3, 1), A = [[5/12, −1/12], [3/4,
/// 1/4]],
///   order 3.
/// The stage increments Z = (Z₁, …, Z_s) solve
///   Zᵢ = h·Σⱼ aᵢⱼ·f(t₀ + cⱼh, x₀ + Zⱼ)
/// by simplified Newton with the iteration matrix I − h·(A ⊗ J); the methods
/// are stiffly accurate so x₁ = x₀ + Z_s. The error estimate compares x₁ with
/// the implicit trapezoid solution from the same start (‖err‖ = O(h²) for one
/// stage and O(h³) for two).

#include "ossa/systems/analysis/implicit_integrator.h"

namespace ossa::systems {

template <typename T, int num_stages>
class RadauIntegrator final : public ImplicitIntegrator<T> {
  static_assert(num_stages == 1 || num_stages == 2,
                "RadauIntegrator supports 1 or 2 stages");

 public:
  /// Integrates `system` in `context` (may be null, set later).
  explicit RadauIntegrator(const System<T>& system,
                           Context<T>* context = nullptr);
  ~RadauIntegrator() override;

  bool supports_error_estimation() const final { return true; }
  int get_error_estimate_order() const final { return num_stages == 2 ? 3 : 2; }

 private:
  double default_accuracy() const final { return 1e-3; }
  double loosest_accuracy() const final { return 1e-1; }
  void DoInitialize() final;
  bool DoStep(const T& h) final;

  VectorX<T> x0_, x1_, xtr_, z_, z_guess_, f0_, f_, err_;
};

template <typename T>
using Radau3Integrator = RadauIntegrator<T, 2>;
template <typename T>
using Radau1Integrator = RadauIntegrator<T, 1>;

}  // namespace ossa::systems

extern template class ::ossa::systems::RadauIntegrator<double, 1>;
extern template class ::ossa::systems::RadauIntegrator<double, 2>;
extern template class ::ossa::systems::RadauIntegrator<::ossa::AutoDiffXd, 1>;
extern template class ::ossa::systems::RadauIntegrator<::ossa::AutoDiffXd, 2>;
