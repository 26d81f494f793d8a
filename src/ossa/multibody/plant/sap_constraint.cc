// The point-contact constraints of the SAP family (see sap_constraint.h).

#include "ossa/multibody/plant/sap_constraint.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "ossa/common/scalar_traits.h"

namespace ossa::multibody::internal {

namespace {

template <typename T>
double Value(const T& x) {
  return ExtractDoubleOrThrow(x);
}

template <typename T>
T Max(const T& a, const T& b) {
  return Value(a) >= Value(b) ? a : b;
}

}  // namespace

template <typename T>
void SapFrictionConeConstraint<T>::Prepare(double h, const T& w) {
  const double beta_factor =
      p_.beta * p_.beta / (4.0 * std::numbers::pi * std::numbers::pi);
  const double k = p_.stiffness;
  const double tau = p_.relaxation_time;
  Rn_ = Max<T>(beta_factor * w, T(1.0 / (h * k * (h + tau))));
  Rt_ = p_.sigma * w;
  vn_hat_ = -p_.phi0 / (h + tau);
}

template <typename T>
T SapFrictionConeConstraint<T>::Calc(const Eigen::Ref<const VectorX<T>>& vc,
                                     Eigen::Ref<VectorX<T>> gamma,
                                     MatrixX<T>* G) const {
  using std::sqrt;
  const T& Rt = Rt_;
  const T& Rn = Rn_;
  const double mu = p_.friction;
  // y = R⁻¹·(v̂ − vc).
  const Vector2<T> yt(-vc[0] / Rt, -vc[1] / Rt);
  const T yn = (vn_hat_ - vc[2]) / Rn;
  const T yr = sqrt(yt.squaredNorm() + 1.0e-14);
  const Vector2<T> t_hat = yt / yr;
  const T mu_hat = mu * Rt / Rn;
  if (Value(yr) <= Value(mu * yn)) {
    // Stiction: γ = y, G = R⁻¹.
    gamma << yt, yn;
    if (G != nullptr) {
      G->setZero(3, 3);
      (*G)(0, 0) = 1.0 / Rt;
      (*G)(1, 1) = 1.0 / Rt;
      (*G)(2, 2) = 1.0 / Rn;
    }
  } else if (Value(-mu_hat * yr) < Value(yn) && Value(yn) < Value(yr / mu)) {
    // Sliding: the projection onto the cone's surface.
    const T factor = 1.0 / (1.0 + mu * mu_hat);  // 1/(1 + μ̃²)
    const T gn = (yn + mu_hat * yr) * factor;
    const Vector2<T> gt = mu * gn * t_hat;
    gamma << gt, gn;
    if (G != nullptr) {
      // G = (∂P/∂y)·R⁻¹.
      const Matrix2<T> P = t_hat * t_hat.transpose();
      const Matrix2<T> Pperp = Matrix2<T>::Identity() - P;
      G->resize(3, 3);
      G->template topLeftCorner<2, 2>() =
          (mu * (gn / yr * Pperp + mu_hat * factor * P)) / Rt;
      G->template topRightCorner<2, 1>() = (mu * factor * t_hat) / Rn;
      G->template bottomLeftCorner<1, 2>() =
          (mu_hat * factor * t_hat.transpose()) / Rt;
      (*G)(2, 2) = factor / Rn;
    }
  } else {
    gamma.setZero();
    if (G != nullptr) G->setZero(3, 3);
  }
  return 0.5 * (Rt * gamma.template head<2>().squaredNorm() +
                Rn * gamma[2] * gamma[2]);
}

template <typename T>
void SapHuntCrossleyConstraint<T>::Prepare(double h, const T& w) {
  h_ = h;
  const T Rt = p_.sigma * w;
  const T fe0 = p_.stiffness * (-p_.phi0);
  const T damping = Max<T>(T(0.0), 1.0 - p_.dissipation * p_.vn0);
  n0_ = Max<T>(T(0.0), h * fe0) * damping;
  epsilon_ = Max<T>(T(p_.stiction_tolerance), p_.friction * Rt * n0_);
}

template <typename T>
T SapHuntCrossleyConstraint<T>::Impulse(const T& z) const {
  const T fe = p_.stiffness * (-p_.phi0) - h_ * p_.stiffness * z;
  if (Value(fe) <= 0) return T(0.0);
  const T damping = 1.0 - p_.dissipation * z;
  if (Value(damping) <= 0) return T(0.0);
  return h_ * fe * damping;
}

template <typename T>
T SapHuntCrossleyConstraint<T>::ImpulseDerivative(const T& z) const {
  const double k = p_.stiffness;
  const double d = p_.dissipation;
  const T fe = k * (-p_.phi0) - h_ * k * z;
  if (Value(fe) <= 0) return T(0.0);
  const T damping = 1.0 - d * z;
  if (Value(damping) <= 0) return T(0.0);
  return -h_ * (k * h_ * damping + d * fe);
}

template <typename T>
T SapHuntCrossleyConstraint<T>::Antiderivative(const T& z) const {
  const double k = p_.stiffness;
  const double d = p_.dissipation;
  const T fe0 = k * (-p_.phi0);
  // n vanishes beyond v̂ = min(fₑ₀/(h·k), 1/d) (tiny offsets keep both
  // finite when k or d is zero), so N is constant there.
  const T vd = T(1.0 / (d + 1.0e-20));
  const T vx = fe0 / h_ / (k + 1.0e-20);
  const T v_hat = Value(vx) <= Value(vd) ? vx : vd;
  const T v = Value(z) <= Value(v_hat) ? z : v_hat;
  const T df = -h_ * k * v;
  return h_ * (v * (fe0 + 0.5 * df) - d * v * v / 2.0 * (fe0 + 2.0 / 3.0 * df));
}

template <typename T>
T SapHuntCrossleyConstraint<T>::Calc(const Eigen::Ref<const VectorX<T>>& vc,
                                     Eigen::Ref<VectorX<T>> gamma,
                                     MatrixX<T>* G) const {
  using std::sqrt;
  const double mu = p_.friction;
  const Vector2<T> vt(vc[0], vc[1]);
  const T& vn = vc[2];
  const T& eps = epsilon_;
  // ε² is materialized first: an AutoDiffXd with no derivatives (a constant
  // ε) is made coherent with another only when neither is an expression.
  const T eps_squared = eps * eps;
  const T vt_soft = sqrt(vt.squaredNorm() + eps_squared) - eps;
  const Vector2<T> t_soft = vt / (vt_soft + eps);
  const bool similar = model_ == SapHuntCrossleyModel::kSimilar;
  const T z = similar ? T(vn - mu * vt_soft) : vn;
  const T n = Impulse(z);
  const T N = Antiderivative(z);
  const T& n_friction = similar ? n : n0_;
  gamma << -mu * n_friction * t_soft, n;
  if (G != nullptr) {
    const T np = ImpulseDerivative(z);
    const Matrix2<T> P = t_soft * t_soft.transpose();
    const Matrix2<T> Pperp = Matrix2<T>::Identity() - P;
    G->resize(3, 3);
    if (similar) {
      G->template topLeftCorner<2, 2>() =
          -mu * mu * np * P + mu * n * Pperp / (vt_soft + eps);
      G->template topRightCorner<2, 1>() = mu * np * t_soft;
      G->template bottomLeftCorner<1, 2>() = mu * np * t_soft.transpose();
    } else {
      G->template topLeftCorner<2, 2>() = mu * n0_ * Pperp / (vt_soft + eps);
      G->template topRightCorner<2, 1>().setZero();
      G->template bottomLeftCorner<1, 2>().setZero();
    }
    (*G)(2, 2) = -np;
  }
  return similar ? T(-N) : T(-N + mu * vt_soft * n0_);
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapFrictionConeConstraint);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapHuntCrossleyConstraint);
