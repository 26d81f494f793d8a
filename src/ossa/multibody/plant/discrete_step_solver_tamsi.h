#pragma once

/// @file
/// (Internal) TAMSI's step with point contact, the reference's scheme:
/// with p* = M·v[n] + h·τ (τ the explicit forces of discrete_step_solver.h's
/// TAMSI step) and the contacts of the step (DiscreteContactPair), v[n+1]
/// solves
///   M·v − p* − h·Jₙᵀ·fₙ(v) − h·Jₜᵀ·fₜ(v) = 0,
///   fₙ = (fₙ₀ − h·k·vₙ)₊·(1 − d·vₙ)₊,   fₙ₀ = k·(−φ₀),
///   fₜ = −μ(‖vₜ‖ₛ/vₛ)·fₙ·vₜ/‖vₜ‖ₛ,  ‖vₜ‖ₛ = √(‖vₜ‖² + εᵥ²),
///   μ(s) = μ·s·(2 − s) for s < 1, μ otherwise (μ the dynamic friction),
/// where vₙ, vₜ are the rows of J·v (contact frame C, vₙ > 0 separating),
/// vₛ the stiction tolerance and εᵥ = 10⁻²·vₛ. Newton–Raphson from v[n] on
/// the exact Jacobian (LU), each update limited per contact as the
/// reference's limiter does (no jump over the stiction disk, slip direction
/// changes ≤ 60°), stops when the updates of vₙ and vₜ are both below
/// 10⁻²·vₛ (at most 100 iterations; more throws std::runtime_error).

#include "ossa/multibody/plant/discrete_step_solver.h"

namespace ossa::multibody::internal {

/// v[n+1] into r->v_next, the contact forces into r->tau_contact and
/// r->contact_results, from s->M (unfactored), s->tau and v0 = v[n].
template <typename T>
void SolveTamsiWithContact(double h, double stiction_tolerance,
                           const Eigen::Ref<const VectorX<T>>& v0,
                           const DiscreteStepInputs<T>& inputs,
                           DiscreteStepScratch<T>* s,
                           DiscreteStepResults<T>* r);

}  // namespace ossa::multibody::internal
