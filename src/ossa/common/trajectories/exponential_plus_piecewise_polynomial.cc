#include "ossa/common/trajectories/exponential_plus_piecewise_polynomial.h"

#include <unsupported/Eigen/MatrixFunctions>

#include "ossa/common/error.h"

namespace ossa {
namespace trajectories {

template <typename T>
ExponentialPlusPiecewisePolynomial<T>::ExponentialPlusPiecewisePolynomial(
    const PiecewisePolynomial<T>& piecewise_polynomial_part)
    : PiecewiseTrajectory<T>(piecewise_polynomial_part.get_segment_times()),
      K_(MatrixX<T>::Zero(piecewise_polynomial_part.rows(), 0)),
      A_(MatrixX<T>::Zero(0, 0)),
      alpha_(MatrixX<T>::Zero(
          0, piecewise_polynomial_part.get_number_of_segments())),
      piecewise_polynomial_part_(piecewise_polynomial_part) {}

template <typename T>
ExponentialPlusPiecewisePolynomial<T>::ExponentialPlusPiecewisePolynomial(
    const Eigen::Ref<const MatrixX<T>>& K,
    const Eigen::Ref<const MatrixX<T>>& A,
    const Eigen::Ref<const MatrixX<T>>& alpha,
    const PiecewisePolynomial<T>& piecewise_polynomial_part)
    : PiecewiseTrajectory<T>(piecewise_polynomial_part.get_segment_times()),
      K_(K),
      A_(A),
      alpha_(alpha),
      piecewise_polynomial_part_(piecewise_polynomial_part) {
  const Eigen::Index n = A.rows();
  if (A.cols() != n || K.cols() != n ||
      K.rows() != piecewise_polynomial_part.rows() || alpha.rows() != n ||
      alpha.cols() != piecewise_polynomial_part.get_number_of_segments() ||
      piecewise_polynomial_part.cols() != 1) {
    ThrowLogicError(
        "ExponentialPlusPiecewisePolynomial(): sizes disagree: K is {}x{}, A "
        "{}x{}, alpha {}x{}, and the piecewise polynomial is {}x{} with {} "
        "segments (expected K rows x n, A n x n, alpha n x segments, a "
        "column-vector polynomial).",
        K.rows(), K.cols(), A.rows(), A.cols(), alpha.rows(), alpha.cols(),
        piecewise_polynomial_part.rows(), piecewise_polynomial_part.cols(),
        piecewise_polynomial_part.get_number_of_segments());
  }
}

template <typename T>
void ExponentialPlusPiecewisePolynomial<T>::shiftRight(const T& offset) {
  for (T& t : this->breaks_) t += offset;
  piecewise_polynomial_part_.shiftRight(offset);
}

template <typename T>
std::unique_ptr<Trajectory<T>> ExponentialPlusPiecewisePolynomial<T>::Clone()
    const {
  return std::make_unique<ExponentialPlusPiecewisePolynomial<T>>(*this);
}

template <typename T>
MatrixX<T> ExponentialPlusPiecewisePolynomial<T>::value(const T& t) const {
  const int j = this->get_segment_index(t);
  MatrixX<T> result = piecewise_polynomial_part_.value(t);
  if (A_.rows() > 0) {
    const MatrixX<T> exponential = (A_ * (t - this->breaks_[j])).exp();
    result += K_ * exponential * alpha_.col(j);
  }
  return result;
}

template class ExponentialPlusPiecewisePolynomial<double>;

}  // namespace trajectories
}  // namespace ossa
