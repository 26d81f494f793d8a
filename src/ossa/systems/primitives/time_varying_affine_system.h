#pragma once

/// @file
/// TimeVaryingAffineSystem<T>: a state-space system whose coefficients are
/// functions of time t,
///   continuous (time_period = 0):  ẋ = A(t)·x + B(t)·u + f₀(t),
///   discrete (time_period = h > 0): x[n+1] = A(t)·x[n] + B(t)·u[n] + f₀(t)
///     every h s, t the time of the update,
///   and in both cases y = C(t)·x + D(t)·u + y₀(t).
/// Subclasses give the coefficients (A() … y0()). Ports: input "u0" if
/// num_inputs() > 0, output "y0" if num_outputs() > 0 (directly fed
/// through from u0, whatever D(t) is). The default state is zeros or the
/// configured x₀; a random state is x₀ + L·w, w ~ N(0, I), with L the
/// symmetric square root of the configured covariance, L = Σ^½ (so
/// L·Lᵀ = Σ).

#include "ossa/common/scalar_traits.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {
namespace internal {

/// The symmetric square root L = Σ^½ of Σ = covariance (L·Lᵀ = Σ), from
/// its eigendecomposition. Throws std::logic_error naming
/// `method` unless covariance is num_states square, finite, symmetric and
/// positive semi-definite.
Eigen::MatrixXd CovarianceFactor(
    const char* method, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
    int num_states);

/// x₀ + L·w with w ~ N(0, I) drawn entry by entry from `generator` by
/// std::normal_distribution<double>.
Eigen::VectorXd DrawGaussianState(const Eigen::VectorXd& x0,
                                  const Eigen::MatrixXd& L,
                                  RandomGenerator* generator);

}  // namespace internal

template <typename T>
class TimeVaryingAffineSystem : public LeafSystem<T> {
 public:
  /// @name The coefficients at time t (subclasses define them).
  /// @{
  virtual MatrixX<T> A(const T& t) const = 0;
  virtual MatrixX<T> B(const T& t) const = 0;
  virtual VectorX<T> f0(const T& t) const = 0;
  virtual MatrixX<T> C(const T& t) const = 0;
  virtual MatrixX<T> D(const T& t) const = 0;
  virtual VectorX<T> y0(const T& t) const = 0;
  /// @}

  int num_states() const { return num_states_; }
  int num_inputs() const { return num_inputs_; }
  int num_outputs() const { return num_outputs_; }
  double time_period() const { return time_period_; }

  /// The state a default Context starts from. Throws std::logic_error if
  /// x0 has not num_states() entries.
  void configure_default_state(const Eigen::Ref<const VectorX<T>>& x0);
  /// The covariance Σ of the random state (mean: the default state). Throws
  /// std::logic_error unless Σ is num_states() square, symmetric and
  /// positive semi-definite.
  void configure_random_state(
      const Eigen::Ref<const Eigen::MatrixXd>& covariance);
  const VectorX<T>& get_default_state() const { return x0_; }
  /// L = Σ^½ (zeros until configure_random_state()).
  const Eigen::MatrixXd& get_random_state_covariance_factor() const {
    return Sqrt_Sigma_;
  }

  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override;
  void SetRandomState(const Context<T>& context, State<T>* state,
                      RandomGenerator* generator) const override;

 protected:
  /// Declares the ports, state and update event. Throws std::logic_error
  /// if a size is negative or time_period is negative or not finite.
  TimeVaryingAffineSystem(SystemScalarConverter converter, int num_states,
                          int num_inputs, int num_outputs, double time_period);

  /// Copies the default state and random-state factor of `other`.
  template <typename U>
  void CopyStateConfigurationFrom(const TimeVaryingAffineSystem<U>& other) {
    x0_ = other.get_default_state().unaryExpr(
        [](const U& value) { return T(ExtractDoubleOrThrow(value)); });
    Sqrt_Sigma_ = other.get_random_state_covariance_factor();
  }

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  // A(t)·x + B(t)·u + f₀(t), the derivative or the next state.
  VectorX<T> Dynamics(const Context<T>& context) const;
  VectorX<T> StateOf(const Context<T>& context) const;

  int num_states_{}, num_inputs_{}, num_outputs_{};
  double time_period_{};
  VectorX<T> x0_;
  Eigen::MatrixXd Sqrt_Sigma_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TimeVaryingAffineSystem);
