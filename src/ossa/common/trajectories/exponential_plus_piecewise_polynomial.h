#pragma once

/// @file
/// ExponentialPlusPiecewisePolynomial<T>: y(t) = K·exp(A·(t − t_j))·α_j + P(t)
/// on segment j (t_j ≤ t < t_{j+1}, the breaks of the piecewise polynomial
/// P), as the reference's
/// drake::trajectories::ExponentialPlusPiecewisePolynomial. K is rows × n, A is
/// n × n and α has one column of n per segment. Outside the breaks the first or
/// last segment's formula is used, with P holding its end value. Defined for T
/// = double only (as the reference).

#include <memory>

#include "ossa/common/trajectories/piecewise_polynomial.h"

namespace ossa {
namespace trajectories {

template <typename T>
class ExponentialPlusPiecewisePolynomial final : public PiecewiseTrajectory<T> {
 public:
  /// The empty trajectory.
  ExponentialPlusPiecewisePolynomial() = default;

  /// P alone (K, A and α empty).
  explicit ExponentialPlusPiecewisePolynomial(
      const PiecewisePolynomial<T>& piecewise_polynomial_part);

  /// Throws std::logic_error unless K is P.rows() × n, A is n × n, α is
  /// n × (number of segments) and P is a column vector.
  ExponentialPlusPiecewisePolynomial(
      const Eigen::Ref<const MatrixX<T>>& K,
      const Eigen::Ref<const MatrixX<T>>& A,
      const Eigen::Ref<const MatrixX<T>>& alpha,
      const PiecewisePolynomial<T>& piecewise_polynomial_part);

  /// y'(t) = y(t − offset): the breaks and P move by offset.
  void shiftRight(const T& offset);

  const MatrixX<T>& K() const { return K_; }
  const MatrixX<T>& A() const { return A_; }
  const MatrixX<T>& alpha() const { return alpha_; }
  const PiecewisePolynomial<T>& piecewise_polynomial_part() const {
    return piecewise_polynomial_part_;
  }

  std::unique_ptr<Trajectory<T>> Clone() const final;
  MatrixX<T> value(const T& t) const final;
  Eigen::Index rows() const final { return piecewise_polynomial_part_.rows(); }
  Eigen::Index cols() const final { return piecewise_polynomial_part_.cols(); }

 private:
  const char* class_name() const final {
    return "ExponentialPlusPiecewisePolynomial";
  }

  MatrixX<T> K_;
  MatrixX<T> A_;
  MatrixX<T> alpha_;
  PiecewisePolynomial<T> piecewise_polynomial_part_;
};

extern template class ExponentialPlusPiecewisePolynomial<double>;

}  // namespace trajectories
}  // namespace ossa
