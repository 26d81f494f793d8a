// TAMSI's step with point contact (see discrete_step_solver.h): the
// reference's Newton–Raphson on the momentum residual with regularized
// friction and its per-contact step limiter.

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <Eigen/LU>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/plant/discrete_step_solver_tamsi.h"

namespace ossa::multibody::internal {

namespace {

// The reference's TAMSI parameters: iterations cap, the relative tolerance
// (the velocity tolerance is relative_tolerance·vₛ, and εᵥ of the soft norm
// too) and the maximum change of slip direction per iteration.
constexpr int kMaxIterations = 100;
constexpr double kRelativeTolerance = 1.0e-2;
constexpr double kThetaMax = std::numbers::pi / 3.0;

template <typename T>
double Value(const T& x) {
  return ExtractDoubleOrThrow(x);
}

// μ(s) = μ·s·(2 − s) for s < 1, μ otherwise, and its derivative dμ/ds.
template <typename T>
T RegularizedFriction(const T& s, double mu) {
  return Value(s) >= 1 ? T(mu) : T(mu * s * (2.0 - s));
}
template <typename T>
T RegularizedFrictionDerivative(const T& s, double mu) {
  return Value(s) >= 1 ? T(0.0) : T(mu * 2.0 * (1.0 - s));
}

// The smallest positive root of a·α² + b·α + c = 0 (α ≤ 1 by the geometry
// of the limiter), computed without cancellation.
double SmallestPositiveRoot(double a, double b, double c) {
  if (std::abs(a) < std::numeric_limits<double>::epsilon()) return -c / b;
  const double delta = b * b - 4 * a * c;
  const double sqrt_delta = std::sqrt(std::max(delta, 0.0));
  const double numerator = -0.5 * (b + (b > 0.0 ? sqrt_delta : -sqrt_delta));
  const double alpha1 = numerator / a;
  const double alpha2 = c / numerator;
  if (alpha1 > 0 && alpha2 > 0) return std::min(alpha1, alpha2);
  return std::max(alpha1, alpha2);
}

// The step fraction α ∈ (0, 1] the reference allows for the slip velocity
// v → v + α·dv of one contact (Uchida et al. 2015): it keeps an update from
// jumping over the stiction disk ‖v‖ < vₛ, lands sign reversals inside it,
// and limits the change of slip direction outside it to θ_max.
double LimitStep(const Vector2<double>& v, const Vector2<double>& dv,
                 double cos_theta_max, double vs, double rel_tol) {
  const double eps_v = vs * rel_tol;
  const Vector2<double> v1 = v + dv;
  const double dv_norm2 = dv.squaredNorm();
  if (dv_norm2 < eps_v * eps_v) return 1.0;
  const double v_norm = v.norm();
  const double v1_norm = v1.norm();
  const double x = v_norm / vs;
  const double x1 = v1_norm / vs;
  const double dv_norm = std::sqrt(dv_norm2);
  // From (almost) rest into sliding: land at vₛ/2.
  if (x < rel_tol && x1 > 1.0) return vs / dv_norm / 2.0;
  // From sliding to (almost) rest: land at vₛ/2 along v.
  if (x > 1.0 && x1 < rel_tol) return 1.0 - vs / 2.0 / dv_norm;
  if (x < 1.0) return 1.0;
  if (x1 < 1.0) return 1.0;
  // Both outside the disk: does the segment cross it?
  const double v_dot_dv = v.dot(dv);
  if (v_dot_dv < 0.0) {
    double alpha = -v_dot_dv / dv_norm2;
    if (alpha < 1.0) {
      const double v_alpha_norm = (v + alpha * dv).norm();
      if (v_alpha_norm < eps_v) return alpha - vs / 2.0 / dv_norm;
      if (v_alpha_norm < vs) return alpha;
    }
  }
  // Limit the change of direction to θ_max.
  const double cos1 = v.dot(v1) / v_norm / v1_norm;
  if (cos1 > cos_theta_max) return 1.0;
  const double x_dot_dx = v_dot_dv / (vs * vs);
  const double dx = dv_norm / vs;
  const double x2 = x * x;
  const double cos2 = cos_theta_max * cos_theta_max;
  const double a = x2 * dx * dx * cos2 - x_dot_dx * x_dot_dx;
  const double b = 2 * x2 * x_dot_dx * (cos2 - 1.0);
  const double c = x2 * x2 * (cos2 - 1.0);
  return SmallestPositiveRoot(a, b, c);
}

}  // namespace

template <typename T>
void SolveTamsiWithContact(double h, double stiction_tolerance,
                           const Eigen::Ref<const VectorX<T>>& v0,
                           const DiscreteStepInputs<T>& inputs,
                           DiscreteStepScratch<T>* s,
                           DiscreteStepResults<T>* r) {
  // With p* = M·v0 + h·τ (τ of the file comment), v[n+1] solves
  //   R(v) = M·v − p* − h·Jₙᵀ·fₙ(v) − h·Jₜᵀ·fₜ(v) = 0,
  //   fₙ = (fₙ₀ − h·k·vₙ)₊·(1 − d·vₙ)₊,  fₜ = −μ(‖vₜ‖ₛ/vₛ)·t̂·fₙ,
  // with ‖vₜ‖ₛ = √(‖vₜ‖² + εᵥ²), t̂ = vₜ/‖vₜ‖ₛ, by Newton–Raphson from v0.
  using std::sqrt;
  const int nv_ = static_cast<int>(v0.size());
  const double vs = stiction_tolerance;
  const double eps_v = vs * kRelativeTolerance;
  const double tolerance = kRelativeTolerance * vs;
  const double cos_theta_max = std::cos(kThetaMax);
  const int nc = static_cast<int>(inputs.contact_pairs.size());
  const MatrixX<T>& M = s->M;
  // p* = M·v0 + h·τ.
  s->r.noalias() = M * v0;
  s->r += h * s->tau;
  VectorX<T>& v = s->v;
  v = v0;
  VectorX<T> vc(3 * nc), fn(nc), ft(2 * nc), dfn(nc), mu_reg(nc),
      v_slip(nc), dvc(3 * nc);
  MatrixX<T> jac(nv_, nv_);
  double vt_error = 2 * tolerance, vn_error = 2 * tolerance;
  bool converged = false;
  for (int it = 0; it < kMaxIterations; ++it) {
    for (int i = 0; i < nc; ++i) {
      const DiscreteContactPair<T>& p = inputs.contact_pairs[i];
      vc.template segment<3>(3 * i).noalias() = p.J * v;
      const T& vn = vc[3 * i + 2];
      const double k = p.source.stiffness;
      const double d = p.source.dissipation;
      const T fn0 = k * (-p.phi0);
      const T damping = 1.0 - d * vn;
      const T undamped = fn0 - h * k * vn;
      const T damping_p = Value(damping) > 0 ? damping : T(0.0);
      const T undamped_p = Value(undamped) > 0 ? undamped : T(0.0);
      fn[i] = damping_p * undamped_p;
      dfn[i] = -(d * (Value(damping) >= 0 ? 1.0 : 0.0) * undamped_p +
                 h * k * damping_p * (Value(undamped) >= 0 ? 1.0 : 0.0));
      const auto vt = vc.template segment<2>(3 * i);
      v_slip[i] = sqrt(vt.squaredNorm() + eps_v * eps_v);
      mu_reg[i] = RegularizedFriction<T>(v_slip[i] / vs,
                                         p.source.friction.dynamic_friction());
      ft.template segment<2>(2 * i) = -mu_reg[i] * fn[i] * vt / v_slip[i];
    }
    if (std::max(vt_error, vn_error) < tolerance) {
      converged = true;
      r->num_iterations = it;
      break;
    }
    // Residual and its Jacobian ∂R/∂v = M − h·Σ Jᵀ·(∂f_C/∂vc)·J.
    s->grad.noalias() = M * v - s->r;
    jac = M;
    for (int i = 0; i < nc; ++i) {
      const DiscreteContactPair<T>& p = inputs.contact_pairs[i];
      const Vector3<T> f_C(ft[2 * i], ft[2 * i + 1], fn[i]);
      s->grad.noalias() -= h * (p.J.transpose() * f_C);
      const Vector2<T> t_hat = vc.template segment<2>(3 * i) / v_slip[i];
      const Matrix2<T> P = t_hat * t_hat.transpose();
      const Matrix2<T> Pperp = Matrix2<T>::Identity() - P;
      const double mu = p.source.friction.dynamic_friction();
      const T dmudv = RegularizedFrictionDerivative<T>(v_slip[i] / vs, mu) / vs;
      // ∂f_C/∂vc: ∂fₜ/∂vₜ = −fₙ·(μ/‖vₜ‖ₛ·P⊥ + μ'·P), ∂fₜ/∂vₙ = −μ·t̂·fₙ',
      // ∂fₙ/∂vₙ = fₙ'.
      Matrix3<T> dfdv = Matrix3<T>::Zero();
      dfdv.template topLeftCorner<2, 2>() =
          -fn[i] * (mu_reg[i] / v_slip[i] * Pperp + dmudv * P);
      dfdv.template topRightCorner<2, 1>() = -mu_reg[i] * t_hat * dfn[i];
      dfdv(2, 2) = dfn[i];
      jac.noalias() -= h * (p.J.transpose() * (dfdv * p.J));
    }
    Eigen::PartialPivLU<MatrixX<T>> lu(jac);
    s->dv = lu.solve(-s->grad);
    double dvn2 = 0, dvt2 = 0;
    double alpha = 1.0;
    for (int i = 0; i < nc; ++i) {
      const Vector3<T> dvc_i = inputs.contact_pairs[i].J * s->dv;
      dvn2 += Value(dvc_i[2] * dvc_i[2]);
      dvt2 += Value(dvc_i.template head<2>().squaredNorm());
      const Vector2<double> vt_i(Value(vc[3 * i]), Value(vc[3 * i + 1]));
      const Vector2<double> dvt_i(Value(dvc_i[0]), Value(dvc_i[1]));
      alpha = std::min(alpha, LimitStep(vt_i, dvt_i, cos_theta_max, vs,
                                        kRelativeTolerance));
    }
    vn_error = std::sqrt(dvn2);
    vt_error = std::sqrt(dvt2);
    if (!std::isfinite(vn_error) || !std::isfinite(vt_error)) [[unlikely]] {
      ThrowRuntimeError(
          "MultibodyPlant: the TAMSI contact solve produced a non-finite "
          "velocity update (NaN or infinite inputs or contact data).");
    }
    v += alpha * s->dv;
  }
  if (!converged) [[unlikely]] {
    ThrowRuntimeError(
        "MultibodyPlant: the discrete contact solver (TAMSI) did not "
        "converge in {} Newton–Raphson iterations at time step {} s with {} "
        "contacts; consider a smaller time step or the SAP approximation.",
        kMaxIterations, h, nc);
  }
  r->v_next = v;
  r->tau_contact.setZero(nv_);
  for (int i = 0; i < nc; ++i) {
    const DiscreteContactPair<T>& p = inputs.contact_pairs[i];
    const Vector3<T> f_C(ft[2 * i], ft[2 * i + 1], fn[i]);
    r->tau_contact.noalias() += p.J.transpose() * f_C;
    r->contact_results.AddContactInfo(PointPairContactInfo<T>(
        p.source.body_A, p.source.body_B, p.R_WC * f_C, p.p_WC, vc[3 * i + 2],
        vc.template segment<2>(3 * i).norm(), p.source.pair));
  }
}

#define OSSA_INSTANTIATE_TAMSI_STEP(T)                                    \
  template void SolveTamsiWithContact<T>(                                 \
      double, double, const Eigen::Ref<const VectorX<T>>&,                \
      const DiscreteStepInputs<T>&, DiscreteStepScratch<T>*,              \
      DiscreteStepResults<T>*);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_INSTANTIATE_TAMSI_STEP)
#undef OSSA_INSTANTIATE_TAMSI_STEP

}  // namespace ossa::multibody::internal
