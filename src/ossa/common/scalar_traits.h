#pragma once

/// @file
/// Traits that let scalar-generic code ask what it may do with a T.

#include <cmath>
#include <type_traits>

#include "ossa/common/autodiff.h"
#include "ossa/common/symbolic/expression.h"

namespace ossa {

/// scalar_predicate<T>::is_bool is true when comparisons of T give a plain
/// bool (double, AutoDiffXd). It is false for symbolic::Expression, where a
/// comparison yields a symbolic::Formula; validity checks run only where it
/// is true.
template <typename T>
struct scalar_predicate {
  static constexpr bool is_bool = std::is_arithmetic_v<T>;
};
template <>
struct scalar_predicate<AutoDiffXd> {
  static constexpr bool is_bool = true;
};
template <>
struct scalar_predicate<symbolic::Expression> {
  static constexpr bool is_bool = false;
};

/// True for the scalars that carry numbers (double, AutoDiffXd).
template <typename T>
constexpr bool is_numeric_v = scalar_predicate<T>::is_bool;

/// Returns the double held by `x`: the value of an AutoDiffXd, the constant
/// of a symbolic::Expression.
/// @throws std::logic_error for an Expression that is not a constant (it
/// depends on variables, so it holds no number).
inline double ExtractDoubleOrThrow(double x) { return x; }
inline double ExtractDoubleOrThrow(const AutoDiffXd& x) { return x.value(); }
double ExtractDoubleOrThrow(const symbolic::Expression& x);

/// Matrix version of ExtractDoubleOrThrow.
template <typename Derived>
auto ExtractDoubleOrThrow(const Eigen::MatrixBase<Derived>& m) {
  return m
      .unaryExpr([](const typename Derived::Scalar& x) {
        return ExtractDoubleOrThrow(x);
      })
      .eval();
}

/// True if some entry of `values` has a NaN value (derivatives are not
/// looked at).
template <typename Derived>
bool HasNaNValue(const Eigen::MatrixBase<Derived>& values) {
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    if (std::isnan(ExtractDoubleOrThrow(values.derived().coeff(i)))) {
      return true;
    }
  }
  return false;
}

}  // namespace ossa
