#pragma once

/// @file
/// SymbolicVectorSystem<T>: a system whose dynamics and output are given as
/// symbolic expressions of time t, state x, input u and parameters p,
///   continuous (time_period = 0):  ẋ = f(t, x, u, p),
///   discrete (time_period = h > 0): x[n+1] = f(t, x[n], u[n], p) every h s,
///   and in both cases the output y = g(t, x, u, p).
/// Ports: input "u0" (size of u) if u is not empty, output "y0" (size of g)
/// if g is not empty; y0 is fed through from u0 only when g depends on u.
/// The parameters form one numeric parameter group whose default entries are
/// NaN (a Context must set them before the dynamics are evaluated).
///
/// The expressions are evaluated at the Context's values: for double by
/// evaluation, for AutoDiffXd by evaluation and the chain rule through the
/// symbolic Jacobians ∂f/∂(t, x, u, p), ∂g/∂(t, x, u, p) (computed once at
/// construction), for symbolic::Expression by substitution.

#include <optional>

#include "ossa/common/symbolic/expression.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems {

template <typename T>
class SymbolicVectorSystem final : public LeafSystem<T> {
 public:
  /// @param time the variable standing for time in f and g, if any.
  /// @param state, input, parameter the variables of x, u and p, in the order
  ///   of the state vector, the input port and the parameter vector.
  /// @param dynamics f, one expression per state variable.
  /// @param output g (empty for no output port).
  /// @param time_period 0 for continuous dynamics, h > 0 for discrete ones.
  /// @throws std::logic_error if f does not have one entry per state
  ///   variable, f and g are both empty, a variable appears twice among
  ///   time, state, input and parameter, f or g uses a variable that is
  ///   none of them, or time_period is negative or not finite.
  SymbolicVectorSystem(const std::optional<symbolic::Variable>& time,
                       const VectorX<symbolic::Variable>& state,
                       const VectorX<symbolic::Variable>& input,
                       const VectorX<symbolic::Variable>& parameter,
                       const VectorX<symbolic::Expression>& dynamics,
                       const VectorX<symbolic::Expression>& output,
                       double time_period = 0.0);
  /// The same without parameters.
  SymbolicVectorSystem(const std::optional<symbolic::Variable>& time,
                       const VectorX<symbolic::Variable>& state,
                       const VectorX<symbolic::Variable>& input,
                       const VectorX<symbolic::Expression>& dynamics,
                       const VectorX<symbolic::Expression>& output,
                       double time_period = 0.0);
  template <typename U>
  explicit SymbolicVectorSystem(const SymbolicVectorSystem<U>& other)
      : SymbolicVectorSystem(other.time_var(), other.state_vars(),
                             other.input_vars(), other.parameter_vars(),
                             other.dynamics(), other.output(),
                             other.time_period()) {}

  const std::optional<symbolic::Variable>& time_var() const {
    return time_var_;
  }
  const VectorX<symbolic::Variable>& state_vars() const { return state_vars_; }
  const VectorX<symbolic::Variable>& input_vars() const { return input_vars_; }
  const VectorX<symbolic::Variable>& parameter_vars() const {
    return parameter_vars_;
  }
  const VectorX<symbolic::Expression>& dynamics() const { return dynamics_; }
  const VectorX<symbolic::Expression>& output() const { return output_; }
  double time_period() const { return time_period_; }

  /// The entry of f that gives the derivative (or next value) of state
  /// variable `var`.
  /// @throws std::out_of_range if var is not a state variable.
  const symbolic::Expression& dynamics_for_variable(
      const symbolic::Variable& var) const;

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const override;
  EventStatus Update(const Context<T>& context,
                     DiscreteValues<T>* discrete_state) const;
  void CalcOutput(const Context<T>& context, BasicVector<T>* output) const;
  // The expressions `exprs` (with Jacobian `jacobian` with respect to
  // all_vars_) at the Context's values of t, x, u and p.
  VectorX<T> EvaluateAt(const Context<T>& context,
                        const VectorX<symbolic::Expression>& exprs,
                        const MatrixX<symbolic::Expression>& jacobian) const;

  std::optional<symbolic::Variable> time_var_;
  VectorX<symbolic::Variable> state_vars_, input_vars_, parameter_vars_;
  VectorX<symbolic::Expression> dynamics_, output_;
  double time_period_{};
  // (t if any, x, u, p): the variables the Jacobians differentiate by.
  std::vector<symbolic::Variable> all_vars_;
  MatrixX<symbolic::Expression> dynamics_jacobian_, output_jacobian_;
};

/// SymbolicVectorSystem converts among double, AutoDiffXd and Expression.
template <>
struct scalar_conversion::SupportsSymbolic<SymbolicVectorSystem>
    : std::true_type {};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SymbolicVectorSystem);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SymbolicVectorSystem);
