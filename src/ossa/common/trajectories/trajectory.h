#pragma once

/// @file
/// Trajectory<T>: a matrix-valued function of time y(t) ∈ ℝ^{rows×cols},
/// defined on [start_time(), end_time()].

#include <memory>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"

namespace ossa {
namespace trajectories {

/// Abstract base of time-indexed matrix functions, as the reference's
/// drake::trajectories::Trajectory. Implementations define value(), the
/// sizes, the time span and derivatives.
template <typename T>
class Trajectory {
 public:
  virtual ~Trajectory() = default;

  /// A deep copy.
  virtual std::unique_ptr<Trajectory<T>> Clone() const = 0;

  /// y(t). Times outside [start_time(), end_time()] are handled as the
  /// implementation documents (PiecewisePolynomial clamps them).
  virtual MatrixX<T> value(const T& t) const = 0;

  /// y⁽ⁿ⁾(t), the n-th time derivative at t (n ≥ 0; n = 0 gives value(t)).
  /// Throws std::logic_error if n < 0.
  MatrixX<T> EvalDerivative(const T& t, int derivative_order = 1) const;

  /// A new trajectory dy⁽ⁿ⁾/dtⁿ. Throws std::logic_error if n < 0.
  std::unique_ptr<Trajectory<T>> MakeDerivative(int derivative_order = 1) const;

  /// True if this trajectory can compute its derivatives.
  virtual bool has_derivative() const { return false; }

  virtual Eigen::Index rows() const = 0;
  virtual Eigen::Index cols() const = 0;
  virtual T start_time() const = 0;
  virtual T end_time() const = 0;

 protected:
  Trajectory() = default;
  Trajectory(const Trajectory&) = default;
  Trajectory& operator=(const Trajectory&) = default;

  virtual MatrixX<T> DoEvalDerivative(const T& t, int derivative_order) const;
  virtual std::unique_ptr<Trajectory<T>> DoMakeDerivative(
      int derivative_order) const;
};

}  // namespace trajectories
}  // namespace ossa

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::trajectories::Trajectory);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::trajectories::Trajectory);
