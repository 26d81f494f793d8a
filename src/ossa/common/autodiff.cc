#include "ossa/common/autodiff.h"

#include "ossa/common/error.h"

namespace ossa {

MatrixX<AutoDiffXd> InitializeAutoDiff(
    const Eigen::Ref<const MatrixX<double>>& value,
    const Eigen::Ref<const MatrixX<double>>& gradient) {
  const int size = value.rows() * value.cols();
  if (gradient.rows() != size) {
    ThrowLogicError(
        "InitializeAutoDiff(): the gradient has {} rows but the value has {} "
        "entries; expected one gradient row per entry.",
        gradient.rows(), size);
  }
  MatrixX<AutoDiffXd> result(value.rows(), value.cols());
  for (int k = 0; k < size; ++k) {
    const int i = k % value.rows(), j = k / value.rows();
    result(i, j).value() = value(i, j);
    result(i, j).derivatives() = gradient.row(k).transpose();
  }
  return result;
}

namespace internal {

void ThrowGradientSizeMismatch(int expected, int got) {
  ThrowLogicError(
      "ExtractGradient(): entries have derivative vectors of different sizes "
      "({} and {}).",
      expected, got);
}

void ThrowInitializeAutoDiffOutOfRange(int size, int start,
                                       int num_derivatives) {
  ThrowLogicError(
      "InitializeAutoDiff(): {} entries starting at derivative {} do not fit "
      "in {} derivatives.",
      size, start, num_derivatives);
}

}  // namespace internal
}  // namespace ossa
