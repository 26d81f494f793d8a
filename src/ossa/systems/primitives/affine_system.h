#pragma once

/// @file
/// AffineSystem<T>: a state-space system with constant coefficients,
///   continuous (time_period = 0):  ẋ = A·x + B·u + f₀,
///   discrete (time_period = h > 0): x[n+1] = A·x[n] + B·u[n] + f₀ every h s,
///   and in both cases the output y = C·x + D·u + y₀.
/// Sizes: x has num_states() = A.rows() entries, u num_inputs(), y
/// num_outputs(). Ports: input "u0" if num_inputs() > 0, output "y0" if
/// num_outputs() > 0 (directly fed through only when D is not zero).

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class AffineSystem : public LeafSystem<T> {
 public:
  /// The coefficients; an empty B, f0, C, D or y0 stands for zeros of the
  /// size the others imply (num_inputs() is the wider of B and D,
  /// num_outputs() the taller of C and D). Throws std::logic_error if A is
  /// not square, a non-empty coefficient has the wrong shape, or
  /// time_period is negative or not finite.
  AffineSystem(const Eigen::Ref<const Eigen::MatrixXd>& A,
               const Eigen::Ref<const Eigen::MatrixXd>& B,
               const Eigen::Ref<const Eigen::VectorXd>& f0,
               const Eigen::Ref<const Eigen::MatrixXd>& C,
               const Eigen::Ref<const Eigen::MatrixXd>& D,
               const Eigen::Ref<const Eigen::VectorXd>& y0,
               double time_period = 0.0);
  template <typename U>
  explicit AffineSystem(const AffineSystem<U>& other)
      : AffineSystem(SystemScalarConverter(SystemTypeTag<AffineSystem>{}),
                     other.A(), other.B(), other.f0(), other.C(), other.D(),
                     other.y0(), other.time_period()) {
    default_state_ = other.default_state();
    Sqrt_Sigma_ = other.get_random_state_covariance_factor();
  }

  const Eigen::MatrixXd& A() const { return A_; }
  const Eigen::MatrixXd& B() const { return B_; }
  const Eigen::VectorXd& f0() const { return f0_; }
  const Eigen::MatrixXd& C() const { return C_; }
  const Eigen::MatrixXd& D() const { return D_; }
  const Eigen::VectorXd& y0() const { return y0_; }
  double time_period() const { return time_period_; }
  int num_states() const { return static_cast<int>(A_.rows()); }
  int num_inputs() const { return static_cast<int>(B_.cols()); }
  int num_outputs() const { return static_cast<int>(C_.rows()); }

  /// The state a default Context starts from (zeros unless set). Throws
  /// std::logic_error if x0 has not num_states() entries.
  void configure_default_state(const Eigen::Ref<const Eigen::VectorXd>& x0);
  const Eigen::VectorXd& default_state() const { return default_state_; }

  /// The covariance Σ of the random state that SetRandomContext() draws,
  /// x = x₀ + Σ^½·w with w ~ N(0, I) (the mean x₀ is the default
  /// state). Throws std::logic_error unless Σ is num_states() square,
  /// symmetric and positive semi-definite.
  void configure_random_state(
      const Eigen::Ref<const Eigen::MatrixXd>& covariance);
  /// Σ^½, the symmetric square root (zeros until configure_random_state()).
  const Eigen::MatrixXd& get_random_state_covariance_factor() const {
    return Sqrt_Sigma_;
  }

  /// Replaces every coefficient; each must have the shape of the current
  /// one. D may not become nonzero when it was zero at construction (the
  /// output would then depend on the input, which its declared
  /// dependencies do not say). Throws std::logic_error otherwise, naming
  /// the coefficient.
  void UpdateCoefficients(const Eigen::Ref<const Eigen::MatrixXd>& A,
                          const Eigen::Ref<const Eigen::MatrixXd>& B,
                          const Eigen::Ref<const Eigen::VectorXd>& f0,
                          const Eigen::Ref<const Eigen::MatrixXd>& C,
                          const Eigen::Ref<const Eigen::MatrixXd>& D,
                          const Eigen::Ref<const Eigen::VectorXd>& y0);

  void SetDefaultState(const Context<T>& context,
                       State<T>* state) const override;
  void SetRandomState(const Context<T>& context, State<T>* state,
                      RandomGenerator* generator) const override;

 protected:
  /// For subclasses (LinearSystem): their scalar conversion.
  AffineSystem(SystemScalarConverter converter,
               const Eigen::Ref<const Eigen::MatrixXd>& A,
               const Eigen::Ref<const Eigen::MatrixXd>& B,
               const Eigen::Ref<const Eigen::VectorXd>& f0,
               const Eigen::Ref<const Eigen::MatrixXd>& C,
               const Eigen::Ref<const Eigen::MatrixXd>& D,
               const Eigen::Ref<const Eigen::VectorXd>& y0, double time_period);

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  // A·x + B·u + f₀ (the next state or the derivative).
  VectorX<T> Dynamics(const Context<T>& context, const VectorX<T>& x) const;
  VectorX<T> StateOf(const Context<T>& context) const;

  Eigen::MatrixXd A_, B_, C_, D_;
  Eigen::VectorXd f0_, y0_, default_state_;
  Eigen::MatrixXd Sqrt_Sigma_;
  double time_period_{};
  // Whether the output port was declared to depend on the input.
  bool has_feedthrough_{false};
};

/// AffineSystem converts to and from symbolic::Expression.
template <>
struct scalar_conversion::SupportsSymbolic<AffineSystem> : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::AffineSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::AffineSystem);
