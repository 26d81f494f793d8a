// The holonomic constraints of the SAP family (see
// sap_holonomic_constraint.h).

#include "ossa/multibody/plant/sap_holonomic_constraint.h"

#include <cmath>
#include <numbers>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"

namespace ossa::multibody::internal {

template <typename T>
void SapHolonomicConstraint<T>::set_parameters(const VectorX<T>& g,
                                               double stiffness,
                                               double relaxation_time,
                                               double beta) {
  if (!(stiffness > 0) || !(relaxation_time >= 0) || !(beta > 0)) [[unlikely]] {
    ThrowLogicError(
        "SapHolonomicConstraint: the stiffness ({}) and the near-rigid "
        "threshold ({}) must be positive and the relaxation time ({}) "
        "non-negative.",
        stiffness, beta, relaxation_time);
  }
  g_ = g;
  stiffness_ = stiffness;
  relaxation_time_ = relaxation_time;
  beta_ = beta;
  const double kInf = std::numeric_limits<double>::infinity();
  lower_ = VectorX<T>::Constant(g.size(), T(-kInf));
  upper_ = VectorX<T>::Constant(g.size(), T(kInf));
}

template <typename T>
void SapHolonomicConstraint<T>::set_impulse_limits(const VectorX<T>& lower,
                                                   const VectorX<T>& upper) {
  const int k = static_cast<int>(g_.size());
  bool ordered = lower.size() == k && upper.size() == k;
  for (int i = 0; ordered && i < k; ++i) {
    ordered = ExtractDoubleOrThrow(lower[i]) <= ExtractDoubleOrThrow(upper[i]);
  }
  if (!ordered) [[unlikely]] {
    ThrowLogicError(
        "SapHolonomicConstraint::set_impulse_limits(): the limits must have "
        "size {} and lower ≤ upper.",
        k);
  }
  lower_ = lower;
  upper_ = upper;
}

template <typename T>
void SapHolonomicConstraint<T>::Prepare(double h, const T& w) {
  const double beta_factor =
      beta_ * beta_ / (4.0 * std::numbers::pi * std::numbers::pi);
  // 1/(h·(h + τ)·∞) = 0: a rigid constraint is always near-rigid.
  const double R_compliant = 1.0 / (h * (h + relaxation_time_) * stiffness_);
  const T R_near_rigid = beta_factor * w;
  double tau = relaxation_time_;
  if (R_compliant < ExtractDoubleOrThrow(R_near_rigid)) {
    R_ = R_near_rigid;
    tau = h;
  } else {
    R_ = T(R_compliant);
  }
  v_hat_ = -g_ / (h + tau);
  inert_ = ExtractDoubleOrThrow(R_) == 0.0;
}

template <typename T>
T SapHolonomicConstraint<T>::Calc(const Eigen::Ref<const VectorX<T>>& vc,
                                  Eigen::Ref<VectorX<T>> gamma,
                                  MatrixX<T>* G) const {
  const int k = static_cast<int>(g_.size());
  if (G != nullptr) G->setZero(k, k);
  T cost(0.0);
  if (inert_) {
    gamma.setZero();
    return cost;
  }
  for (int i = 0; i < k; ++i) {
    const T y = (v_hat_[i] - vc[i]) / R_;
    const double y_value = ExtractDoubleOrThrow(y);
    if (y_value < ExtractDoubleOrThrow(lower_[i])) {
      gamma[i] = lower_[i];
      cost -= lower_[i] * vc[i];
    } else if (y_value > ExtractDoubleOrThrow(upper_[i])) {
      gamma[i] = upper_[i];
      cost -= upper_[i] * vc[i];
    } else {
      gamma[i] = y;
      cost += 0.5 * R_ * y * y;
      if (G != nullptr) (*G)(i, i) = 1.0 / R_;
    }
  }
  return cost;
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::SapHolonomicConstraint);
