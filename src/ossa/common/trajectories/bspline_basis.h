#pragma once

/// @file
/// BsplineBasis<T>: the B-spline basis functions of a given order on a knot
/// vector, as the reference's drake::math::BsplineBasis. It lives beside the
/// trajectories (which use it) but in namespace ossa::math, where the
/// reference puts it.
///
/// With order k (degree p = k − 1) and knots t_0 ≤ t_1 ≤ … ≤ t_{n+k−1}
/// there are n basis functions B_{i,k}, defined by Cox–de Boor:
///   B_{i,1}(t) = 1 if t_i ≤ t < t_{i+1}, else 0;
///   B_{i,k}(t) = (t − t_i)/(t_{i+k−1} − t_i) B_{i,k−1}(t)
///              + (t_{i+k} − t)/(t_{i+k} − t_{i+1}) B_{i+1,k−1}(t),
/// (a term with a zero denominator is zero). The curve with control points
/// P_i is c(t) = Σ_i B_{i,k}(t) P_i, for t in [t_{k−1}, t_n] (the
/// initial and final parameter values), where the basis sums to one.

#include <array>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa {
namespace math {

/// How the knots of BsplineBasis(order, num_basis_functions, type, …) are
/// placed: kUniform spaces all n + k knots evenly (the first k − 1 before
/// the initial parameter value, the last k − 1 after the final one);
/// kClampedUniform repeats the initial and final values k times and spaces
/// the interior knots evenly (the curve then starts and ends at its first
/// and last control points).
enum class KnotVectorType { kUniform, kClampedUniform };

template <typename T>
class BsplineBasis {
 public:
  /// Order 0 and no knots: no basis functions.
  BsplineBasis() = default;

  /// The basis of `order` on `knots`. Throws std::logic_error if order < 1,
  /// there are fewer than 2·order knots, or the knots decrease.
  BsplineBasis(int order, std::vector<T> knots);

  /// `num_basis_functions` functions of `order` on knots placed as `type`
  /// says between initial_parameter_value and final_parameter_value. Throws
  /// std::logic_error if order < 1, num_basis_functions < order, or the
  /// final value does not exceed the initial one.
  BsplineBasis(int order, int num_basis_functions,
               KnotVectorType type = KnotVectorType::kClampedUniform,
               const T& initial_parameter_value = 0,
               const T& final_parameter_value = 1);

  /// k, and the polynomial degree k − 1.
  int order() const { return order_; }
  int degree() const { return order_ - 1; }
  /// n = (number of knots) − k.
  int num_basis_functions() const {
    return static_cast<int>(knots_.size()) - order_;
  }
  const std::vector<T>& knots() const { return knots_; }
  /// t_{k−1} and t_n: the span on which the basis sums to one.
  T initial_parameter_value() const;
  T final_parameter_value() const;

  /// The index ℓ of the knot interval [t_ℓ, t_{ℓ+1}) holding t, for
  /// k − 1 ≤ ℓ ≤ n − 1 (the final parameter value belongs to the last
  /// non-empty interval). Throws std::logic_error if t is outside
  /// [initial_parameter_value(), final_parameter_value()].
  int FindContainingInterval(const T& parameter_value) const;

  /// The indices i of the basis functions that may be non-zero somewhere in
  /// [a, b] (at most k per knot interval), in increasing order.
  std::vector<int> ComputeActiveBasisFunctionIndices(
      const std::array<T, 2>& parameter_interval) const;
  std::vector<int> ComputeActiveBasisFunctionIndices(
      const T& parameter_value) const;

  /// c(t) = Σ_i B_{i,k}(t) P_i by de Boor's algorithm. Throws
  /// std::logic_error if there are not n control points of equal sizes or t
  /// is out of range.
  MatrixX<T> EvaluateCurve(const std::vector<MatrixX<T>>& control_points,
                           const T& parameter_value) const;

  /// B_{i,k}(t). Throws std::logic_error if i is not in [0, n) or t is out
  /// of range.
  T EvaluateBasisFunctionI(int i, const T& parameter_value) const;

  /// The weights w with c⁽ᵈ⁾(t) = Σ_i w_i P_i: the basis values for d = 0,
  /// and for d > 0 the d-th derivatives of the basis functions (zero when
  /// d ≥ k). Throws std::logic_error if d < 0 or t is out of range.
  VectorX<T> EvaluateLinearInControlPoints(const T& parameter_value,
                                           int derivative_order = 0) const;

  /// The (n − 1) × n matrix D with Q = D·P: the control points of the
  /// derivative curve, a B-spline of order k − 1 on the knots without the
  /// first and the last, Q_i = p/(t_{i+p+1} − t_{i+1}) (P_{i+1} − P_i)
  /// (zero where the denominator is). Needs k ≥ 2.
  MatrixX<T> DerivativeControlPointMap() const;

  /// The basis of the derivative: order k − 1, the knots without the first
  /// and the last. Needs k ≥ 2.
  BsplineBasis<T> DerivativeBasis() const;

  bool operator==(const BsplineBasis<T>& other) const;

 private:
  void CheckParameter(const char* method, const T& parameter_value) const;

  int order_{0};
  std::vector<T> knots_;
};

}  // namespace math
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::math::BsplineBasis);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::math::BsplineBasis);
