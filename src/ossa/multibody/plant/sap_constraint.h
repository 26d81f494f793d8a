#pragma once

/// @file
/// (Internal) The constraints of the SAP family's convex step (see
/// discrete_step_solver.h): a generic interface and the point-contact kinds.
///
/// A constraint is k rows of a Jacobian J (k×nv) with constraint velocity
/// vc = J·v, and a convex cost ℓ(vc) whose negative gradient is the
/// constraint impulse γ(vc) = −∂ℓ/∂vc; its Hessian G(vc) = −∂γ/∂vc (k×k) is
/// symmetric positive semi-definite. The step's velocity v[n+1] minimizes
///   ½·(v − v*)ᵀ·A·(v − v*) + Σᵢ ℓᵢ(Jᵢ·v)
/// by Newton's method on the matrix A + Σᵢ Jᵢᵀ·Gᵢ·Jᵢ; the solver needs
/// nothing else from a constraint: the plant's constraints (coupler, distance,
/// ball, weld) are one more implementation, SapHolonomicConstraint
/// (sap_holonomic_constraint.h). Before the solve, Prepare(h, w) gives each
/// constraint the time step h and w, the rms norm ‖W‖_F/k of its Delassus
/// block W = J·diag(A)⁻¹·Jᵀ (the reference's diagonal estimate), from which
/// it derives its regularization.
///
/// Contact frame C of a contact between bodies A and B: origin at the
/// contact point, Cz = n̂ the normal from A into B; vc = v_AcBc_C, the
/// velocity of B's point at C relative to A's, so that vₙ = vc_z > 0 means
/// separation; γ = [γₜ; γₙ] is the impulse on B at C in C (−γ on A).
///
/// SapFrictionConeConstraint (DiscreteContactApproximation::kSap; Castro et
/// al. 2022 and the reference): with stiffness k, dissipation time scale τ
/// (the relaxation time), penetration φ₀ < 0 at x[n], friction μ, near-rigid
/// threshold β and σ = 1e-3,
///   Rₙ = max(β²/(4π²)·w, 1/(h·k·(h + τ))), Rₜ = σ·w, R = diag(Rₜ, Rₜ, Rₙ),
///   v̂ = (0, 0, −φ₀/(h + τ)), y = R⁻¹·(v̂ − vc),
/// and γ = P(y), the projection of y onto the friction cone ‖γₜ‖ ≤ μ·γₙ in
/// the norm of R: with yᵣ = ‖yₜ‖ₛ (the soft norm √(‖yₜ‖² + 10⁻¹⁴)),
/// μ̂ = μ·Rₜ/Rₙ and μ̃² = μ²·Rₜ/Rₙ,
///   stiction  (yᵣ ≤ μ·yₙ):            γ = y,
///   sliding   (−μ̂·yᵣ < yₙ < yᵣ/μ):   γₙ = (yₙ + μ̂·yᵣ)/(1 + μ̃²),
///                                     γₜ = μ·γₙ·yₜ/yᵣ,
///   separated (otherwise):            γ = 0,
/// and ℓ = ½·γᵀ·R·γ.
///
/// SapHuntCrossleyConstraint (kSimilar, kLagged; the reference's
/// approximations of Hunt–Crossley contact): with the elastic force
/// fₑ₀ = k·(−φ₀) and the normal velocity vₙ₀ at x[n], Hunt–Crossley
/// dissipation d and stiction tolerance vₛ, the normal impulse of a normal
/// velocity z is
///   n(z) = h·(fₑ₀ − h·k·z)₊·(1 − d·z)₊,
/// with antiderivative N(z) (N' = n, constant for z ≥ min(fₑ₀/(h·k), 1/d)).
/// With Rₜ = σ·w, n₀ = h·max(0, fₑ₀)·max(0, 1 − d·vₙ₀),
/// ε = max(vₛ, μ·Rₜ·n₀), the soft slip ‖vₜ‖ₛ = √(‖vₜ‖² + ε²) − ε and
/// t̂ = vₜ/(‖vₜ‖ₛ + ε):
///   kSimilar: z = vₙ − μ·‖vₜ‖ₛ, γₙ = n(z), γₜ = −μ·n(z)·t̂, ℓ = −N(z);
///   kLagged:  z = vₙ,           γₙ = n(z), γₜ = −μ·n₀·t̂,
///             ℓ = −N(z) + μ·n₀·‖vₜ‖ₛ.
///
/// Scalars: double and AutoDiffXd; the modes are chosen on the values.

#include <memory>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::multibody::internal {

/// One constraint of the SAP family's convex step (see the file comment).
/// J is stored by its nonzero columns: jacobian() (k×m) holds the columns
/// of the dofs dofs() (m increasing velocity indices), so that
/// vc = J·v = jacobian()·v(dofs()).
template <typename T>
class SapConstraint {
 public:
  virtual ~SapConstraint() = default;

  /// The number of rows k of J.
  int num_equations() const { return static_cast<int>(J_.rows()); }
  /// The nonzero columns of J (k×m).
  const MatrixX<T>& jacobian() const { return J_; }
  /// The dofs of those columns.
  const std::vector<int>& dofs() const { return dofs_; }

  /// Sets J from its full k×nv form, keeping its nonzero columns.
  void SetJacobian(const MatrixX<T>& J_full) {
    dofs_.clear();
    for (int i = 0; i < J_full.cols(); ++i) {
      for (int r = 0; r < J_full.rows(); ++r) {
        if (ExtractDoubleOrThrow(J_full(r, i)) != 0.0) {
          dofs_.push_back(i);
          break;
        }
      }
    }
    J_.resize(J_full.rows(), static_cast<int>(dofs_.size()));
    for (size_t c = 0; c < dofs_.size(); ++c) J_.col(c) = J_full.col(dofs_[c]);
  }

  /// Sets J from its nonzero columns `J_dofs` (k×m) at the dofs `dofs`
  /// (m increasing indices). Reuses the storage of the previous J.
  void SetJacobian(const std::vector<int>& dofs,
                   const Eigen::Ref<const MatrixX<T>>& J_dofs) {
    dofs_.assign(dofs.begin(), dofs.end());
    J_ = J_dofs;
  }

  /// vc = J·v. A contact's three rows take fixed-size arithmetic (the same
  /// sums in the same order).
  void MultiplyJ(const Eigen::Ref<const VectorX<T>>& v,
                 Eigen::Ref<VectorX<T>> vc) const {
    if (J_.rows() == 3) {
      Vector3<T> sum = Vector3<T>::Zero();
      for (size_t c = 0; c < dofs_.size(); ++c) {
        sum += J_.col(c).template head<3>() * v[dofs_[c]];
      }
      vc = sum;
      return;
    }
    vc.setZero();
    for (size_t c = 0; c < dofs_.size(); ++c) vc += J_.col(c) * v[dofs_[c]];
  }
  /// tau += Jᵀ·γ, with fixed sizes for a contact's three rows.
  void AddJTransposeTimes(const Eigen::Ref<const VectorX<T>>& gamma,
                          VectorX<T>* tau) const {
    if (J_.rows() == 3) {
      const Vector3<T> g = gamma.template head<3>();
      for (size_t c = 0; c < dofs_.size(); ++c) {
        (*tau)[dofs_[c]] += J_.col(c).template head<3>().dot(g);
      }
      return;
    }
    for (size_t c = 0; c < dofs_.size(); ++c) {
      (*tau)[dofs_[c]] += J_.col(c).dot(gamma);
    }
  }
  /// H += Jᵀ·G·J (G k×k). Up to six rows (every holonomic constraint: a
  /// weld has six) the column G·J(:, b) lives on the stack, so the step
  /// allocates nothing.
  void AddJTransposeGJ(const MatrixX<T>& G, MatrixX<T>* H) const {
    const int m = static_cast<int>(dofs_.size());
    if (J_.rows() <= 6) {
      Eigen::Matrix<T, Eigen::Dynamic, 1, 0, 6, 1> gj(J_.rows());
      for (int b = 0; b < m; ++b) {
        gj.noalias() = G * J_.col(b);
        for (int a = 0; a < m; ++a) {
          (*H)(dofs_[a], dofs_[b]) += J_.col(a).dot(gj);
        }
      }
      return;
    }
    const MatrixX<T> GJ = G * J_;
    for (int a = 0; a < m; ++a) {
      for (int b = 0; b < m; ++b) {
        (*H)(dofs_[a], dofs_[b]) += J_.col(a).dot(GJ.col(b));
      }
    }
  }

  /// Sets the time step and the Delassus estimate w > 0 (see the file
  /// comment) before a solve.
  virtual void Prepare(double time_step, const T& w) = 0;

  /// Writes γ(vc) into `gamma` (size k) and, when `G` is not null,
  /// G(vc) = −∂γ/∂vc into `G` (k×k); returns the cost ℓ(vc).
  /// Requires Prepare().
  virtual T Calc(const Eigen::Ref<const VectorX<T>>& vc,
                 Eigen::Ref<VectorX<T>> gamma, MatrixX<T>* G) const = 0;

 protected:
  SapConstraint() = default;
  SapConstraint(const SapConstraint&) = default;
  SapConstraint& operator=(const SapConstraint&) = default;

 private:
  MatrixX<T> J_;
  std::vector<int> dofs_;
};

/// The parameters of one point contact (see the file comment).
template <typename T>
struct SapContactParameters {
  T phi0{};                  ///< Signed distance at x[n] (m, < 0 penetrating).
  T vn0{};                   ///< Normal velocity vc_z at x[n] (m/s).
  double stiffness{};        ///< k (N/m).
  double dissipation{};      ///< Hunt–Crossley d (s/m).
  double relaxation_time{};  ///< τ (s).
  double friction{};         ///< μ (dynamic).
  double beta{1.0};          ///< Near-rigid threshold.
  double sigma{1.0e-3};      ///< Tangential regularization factor.
  double stiction_tolerance{1.0e-4};  ///< vₛ (m/s).
};

/// The SAP friction-cone contact (kSap).
template <typename T>
class SapFrictionConeConstraint final : public SapConstraint<T> {
 public:
  SapFrictionConeConstraint() = default;
  explicit SapFrictionConeConstraint(const SapContactParameters<T>& p)
      : p_(p) {}
  void set_parameters(const SapContactParameters<T>& p) { p_ = p; }
  const SapContactParameters<T>& parameters() const { return p_; }

  void Prepare(double time_step, const T& w) final;
  T Calc(const Eigen::Ref<const VectorX<T>>& vc, Eigen::Ref<VectorX<T>> gamma,
         MatrixX<T>* G) const final;

 private:
  SapContactParameters<T> p_;
  T Rt_{}, Rn_{}, vn_hat_{};
};

/// Which Hunt–Crossley approximation (see the file comment).
enum class SapHuntCrossleyModel { kSimilar, kLagged };

/// The Hunt–Crossley contact of kSimilar and kLagged.
template <typename T>
class SapHuntCrossleyConstraint final : public SapConstraint<T> {
 public:
  SapHuntCrossleyConstraint() = default;
  SapHuntCrossleyConstraint(SapHuntCrossleyModel model,
                            const SapContactParameters<T>& p)
      : model_(model), p_(p) {}
  void set_parameters(SapHuntCrossleyModel model,
                      const SapContactParameters<T>& p) {
    model_ = model;
    p_ = p;
  }

  void Prepare(double time_step, const T& w) final;
  T Calc(const Eigen::Ref<const VectorX<T>>& vc, Eigen::Ref<VectorX<T>> gamma,
         MatrixX<T>* G) const final;

 private:
  // n(z), N(z) and n'(z) of the file comment.
  T Impulse(const T& z) const;
  T Antiderivative(const T& z) const;
  T ImpulseDerivative(const T& z) const;

  SapHuntCrossleyModel model_{SapHuntCrossleyModel::kLagged};
  SapContactParameters<T> p_;
  double h_{};
  T n0_{}, epsilon_{};
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapFrictionConeConstraint);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapHuntCrossleyConstraint);
