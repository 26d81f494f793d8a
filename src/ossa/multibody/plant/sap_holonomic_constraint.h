#pragma once

/// @file
/// (Internal) SapHolonomicConstraint<T>: a plant constraint (coupler,
/// distance, ball, weld; see constraint_kinematics.h) as one term of the SAP
/// family's convex step (see sap_constraint.h).
///
/// A holonomic constraint has k rows with constraint function g(q) at x[n]
/// (which the step drives to zero), constraint velocity vc = J·v (J = ∂ġ/∂v),
/// stiffness k_s (∞ for a rigid constraint), relaxation time τ (damping over
/// stiffness; 0 for a rigid one), impulse limits γₗ ≤ γ ≤ γᵤ (±∞ for every
/// plant constraint) and a near-rigid threshold β. With the time step h and
/// the Delassus estimate w of sap_constraint.h, as the reference:
///   R_c = 1/(h·(h + τ)·k_s),   R_nr = β²/(4π²)·w,   R = max(R_c, R_nr),
/// and, in the near-rigid regime R_c < R_nr (always for k_s = ∞), τ is
/// replaced by h (a critically damped constraint). Then, per row i,
///   v̂ᵢ = −gᵢ/(h + τ),   yᵢ = (v̂ᵢ − vcᵢ)/R,   γᵢ = clamp(yᵢ, γₗᵢ, γᵤᵢ),
///   G = diag(1/R where γₗᵢ < yᵢ < γᵤᵢ, else 0),
///   ℓ = Σᵢ ½·R·yᵢ² (inside the limits), −γₗᵢ·vcᵢ or −γᵤᵢ·vcᵢ (clamped).
/// γ is the constraint impulse over the step (N·s, or N·m·s for rotational
/// rows); its generalized impulse is Jᵀ·γ.
///
/// A rigid constraint whose Jacobian is zero at x[n] (w = 0: its bodies are
/// welded together or to the world, or the configuration is singular for
/// it, e.g. a distance rod perpendicular to every motion its joints allow)
/// has R = 0; it cannot act during the step and is inert: γ = 0, ℓ = 0,
/// G = 0 (the reference steps such a plant too).
///
/// The reference's β for its coupler, distance, ball and weld constraints is
/// the fixed value 0.1 (kHolonomicBeta), not the plant's
/// sap_near_rigid_threshold(), which only governs contact.
///
/// Scalars: double and AutoDiffXd; the clamping is chosen on the values.

#include <limits>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/plant/sap_constraint.h"

namespace ossa::multibody::internal {

/// The near-rigid threshold β the reference uses for its holonomic
/// constraints.
inline constexpr double kHolonomicBeta = 0.1;

/// A holonomic constraint of the SAP family's step (see the file comment).
template <typename T>
class SapHolonomicConstraint final : public SapConstraint<T> {
 public:
  SapHolonomicConstraint() = default;

  /// Sets g (size k), the stiffness k_s > 0 (∞ for rigid), the relaxation
  /// time τ ≥ 0, β > 0 and unbounded impulses. Throws std::logic_error on a
  /// non-positive stiffness, a negative or NaN relaxation time or β ≤ 0.
  void set_parameters(const VectorX<T>& g, double stiffness,
                      double relaxation_time, double beta = kHolonomicBeta);
  /// Sets impulse limits (size k each, γₗ ≤ γᵤ); default ±∞.
  void set_impulse_limits(const VectorX<T>& lower, const VectorX<T>& upper);

  const VectorX<T>& g() const { return g_; }
  /// R and v̂ after Prepare().
  const T& regularization() const { return R_; }
  const VectorX<T>& v_hat() const { return v_hat_; }
  /// True if Prepare() found the constraint inert (see the file comment).
  bool is_inert() const { return inert_; }

  void Prepare(double time_step, const T& w) final;
  T Calc(const Eigen::Ref<const VectorX<T>>& vc, Eigen::Ref<VectorX<T>> gamma,
         MatrixX<T>* G) const final;

 private:
  VectorX<T> g_;
  VectorX<T> lower_, upper_;
  double stiffness_{std::numeric_limits<double>::infinity()};
  double relaxation_time_{0.0};
  double beta_{kHolonomicBeta};
  T R_{};
  VectorX<T> v_hat_;
  bool inert_{false};
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapHolonomicConstraint);
