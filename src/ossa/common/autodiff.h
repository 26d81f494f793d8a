#pragma once

/// @file
/// The forward-mode automatic differentiation scalar AutoDiffXd (a value and
/// a dynamically sized vector of partial derivatives) and the helpers of the
/// specification: InitializeAutoDiff, ExtractValue, ExtractGradient,
/// DiscardGradient.
///
/// AutoDiffXd is named only here, so that its implementation can be swapped
/// (for one with a small-buffer derivative vector, say) without touching any
/// algorithm. Algorithms must use only value(), derivatives(), arithmetic and
/// the math functions found by argument-dependent lookup (`using std::sin;`
/// then `sin(x)`).

#include <optional>

#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include "ossa/common/eigen_types.h"

namespace ossa {

/// Forward-mode autodiff scalar with a dynamic number of derivatives. An
/// empty derivatives() vector means "all partials are zero" and mixes freely
/// with vectors of any size.
using AutoDiffXd = Eigen::AutoDiffScalar<Eigen::VectorXd>;

/// The value part of `x`; the identity on double.
inline double ExtractValue(double x) { return x; }
inline double ExtractValue(const AutoDiffXd& x) { return x.value(); }

/// Returns a double matrix of the values of a matrix of AutoDiffXd (or a copy
/// of a double matrix).
template <typename Derived>
MatrixX<double> ExtractValue(const Eigen::MatrixBase<Derived>& m) {
  MatrixX<double> result(m.rows(), m.cols());
  for (int j = 0; j < m.cols(); ++j)
    for (int i = 0; i < m.rows(); ++i) result(i, j) = ExtractValue(m(i, j));
  return result;
}

/// DiscardGradient(m) is ExtractValue(m): the spec's name for dropping the
/// derivatives.
template <typename Derived>
MatrixX<double> DiscardGradient(const Eigen::MatrixBase<Derived>& m) {
  return ExtractValue(m);
}

/// Returns the gradient matrix of `m` (a vector or matrix of AutoDiffXd, read
/// column-major): row k holds the derivatives of the k-th entry. Entries with
/// empty derivatives give zero rows. Throws std::logic_error if two entries
/// have non-empty derivative vectors of different sizes. `num_derivatives`,
/// if given, sets the column count (it must agree with the non-empty sizes).
template <typename Derived>
MatrixX<double> ExtractGradient(const Eigen::MatrixBase<Derived>& m,
                                std::optional<int> num_derivatives = {});

/// Returns a vector of AutoDiffXd with the values of `value` and derivatives
/// set to the identity, so that entry k is the k-th independent variable.
/// With `num_derivatives` and `deriv_num_start`, entry k gets a unit partial
/// at index deriv_num_start + k of a derivative vector of that size.
template <typename Derived>
MatrixX<AutoDiffXd> InitializeAutoDiff(const Eigen::MatrixBase<Derived>& value,
                                       std::optional<int> num_derivatives = {},
                                       std::optional<int> deriv_num_start = {});

/// Returns a vector of AutoDiffXd with the given values and the given
/// gradient matrix (one row per entry, one column per derivative).
MatrixX<AutoDiffXd> InitializeAutoDiff(const Eigen::Ref<const MatrixX<double>>& value,
                                       const Eigen::Ref<const MatrixX<double>>& gradient);

namespace internal {
[[noreturn]] void ThrowGradientSizeMismatch(int expected, int got);
[[noreturn]] void ThrowInitializeAutoDiffOutOfRange(int size, int start,
                                                    int num_derivatives);
}  // namespace internal

template <typename Derived>
MatrixX<double> ExtractGradient(const Eigen::MatrixBase<Derived>& m,
                                std::optional<int> num_derivatives) {
  int n = num_derivatives.value_or(-1);
  const int size = m.rows() * m.cols();
  if constexpr (std::is_same_v<typename Derived::Scalar, AutoDiffXd>) {
    for (int k = 0; k < size; ++k) {
      const int nk = m(k % m.rows(), k / m.rows()).derivatives().size();
      if (nk == 0) continue;
      if (n < 0) n = nk;
      if (nk != n) internal::ThrowGradientSizeMismatch(n, nk);
    }
    if (n < 0) n = 0;
    MatrixX<double> gradient = MatrixX<double>::Zero(size, n);
    for (int k = 0; k < size; ++k) {
      const auto& d = m(k % m.rows(), k / m.rows()).derivatives();
      if (d.size() > 0) gradient.row(k) = d.transpose();
    }
    return gradient;
  } else {
    return MatrixX<double>::Zero(size, n < 0 ? 0 : n);
  }
}

template <typename Derived>
MatrixX<AutoDiffXd> InitializeAutoDiff(const Eigen::MatrixBase<Derived>& value,
                                       std::optional<int> num_derivatives,
                                       std::optional<int> deriv_num_start) {
  const int size = value.rows() * value.cols();
  const int n = num_derivatives.value_or(size);
  const int start = deriv_num_start.value_or(0);
  if (start < 0 || start + size > n)
    internal::ThrowInitializeAutoDiffOutOfRange(size, start, n);
  MatrixX<AutoDiffXd> result(value.rows(), value.cols());
  for (int k = 0; k < size; ++k) {
    const int i = k % value.rows(), j = k / value.rows();
    result(i, j).value() = ExtractValue(value(i, j));
    result(i, j).derivatives() = Eigen::VectorXd::Unit(n, start + k);
  }
  return result;
}

}  // namespace ossa
