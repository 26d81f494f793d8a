#include "ossa/systems/primitives/symbolic_vector_system.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>

#include "ossa/common/error.h"
#include "ossa/common/symbolic/environment.h"

namespace ossa::systems {

using symbolic::Expression;
using symbolic::Variable;
using symbolic::Variables;

namespace {

// Throws unless every variable of `exprs` is one of `declared`.
void CheckDeclared(const VectorX<Expression>& exprs, const char* what,
                   const std::unordered_set<Variable>& declared) {
  for (Eigen::Index i = 0; i < exprs.size(); ++i) {
    for (const Variable& var : exprs[i].GetVariables()) {
      if (declared.count(var) == 0) {
        ThrowLogicError(
            "SymbolicVectorSystem(): {}[{}] = {} uses the variable '{}', which "
            "is not the time, a state, an input or a parameter variable.",
            what, i, exprs[i].to_string(), var.get_name());
      }
    }
  }
}

}  // namespace

template <typename T>
SymbolicVectorSystem<T>::SymbolicVectorSystem(
    const std::optional<Variable>& time, const VectorX<Variable>& state,
    const VectorX<Variable>& input, const VectorX<Expression>& dynamics,
    const VectorX<Expression>& output, double time_period)
    : SymbolicVectorSystem(time, state, input, VectorX<Variable>(), dynamics,
                           output, time_period) {}

template <typename T>
SymbolicVectorSystem<T>::SymbolicVectorSystem(
    const std::optional<Variable>& time, const VectorX<Variable>& state,
    const VectorX<Variable>& input, const VectorX<Variable>& parameter,
    const VectorX<Expression>& dynamics, const VectorX<Expression>& output,
    double time_period)
    : LeafSystem<T>(SystemTypeTag<SymbolicVectorSystem>{}),
      time_var_(time),
      state_vars_(state),
      input_vars_(input),
      parameter_vars_(parameter),
      dynamics_(dynamics),
      output_(output),
      time_period_(time_period) {
  if (dynamics.size() != state.size()) {
    ThrowLogicError(
        "SymbolicVectorSystem(): the dynamics have {} entries; there must be "
        "one per state variable ({}).",
        dynamics.size(), state.size());
  }
  if (dynamics.size() == 0 && output.size() == 0) {
    ThrowLogicError(
        "SymbolicVectorSystem(): the dynamics and the output are both empty; "
        "the system would compute nothing.");
  }
  if (!(time_period >= 0.0) || !std::isfinite(time_period)) {
    ThrowLogicError(
        "SymbolicVectorSystem(): time_period must be finite and not negative, "
        "got {}.",
        time_period);
  }
  if (time) all_vars_.push_back(*time);
  for (const VectorX<Variable>* group : {&state, &input, &parameter}) {
    for (Eigen::Index i = 0; i < group->size(); ++i) {
      all_vars_.push_back((*group)[i]);
    }
  }
  std::unordered_set<Variable> declared;
  for (const Variable& var : all_vars_) {
    if (!declared.insert(var).second) {
      ThrowLogicError(
          "SymbolicVectorSystem(): the variable '{}' appears more than once "
          "among the time, state, input and parameter variables.",
          var.get_name());
    }
  }
  CheckDeclared(dynamics, "dynamics", declared);
  CheckDeclared(output, "output", declared);
  dynamics_jacobian_ = symbolic::Jacobian(dynamics_, all_vars_);
  output_jacobian_ = symbolic::Jacobian(output_, all_vars_);

  const int nx = static_cast<int>(state.size());
  const int nu = static_cast<int>(input.size());
  const int np = static_cast<int>(parameter.size());
  if (nu > 0) this->DeclareVectorInputPort("u0", nu);
  if (np > 0) {
    this->DeclareNumericParameter(BasicVector<T>(
        VectorX<T>::Constant(np, T(std::numeric_limits<double>::quiet_NaN()))));
  }
  if (nx > 0) {
    if (time_period == 0.0) {
      this->DeclareContinuousState(nx);
    } else {
      this->DeclareDiscreteState(nx);
      this->DeclarePeriodicDiscreteUpdateEvent(time_period, 0.0,
                                               &SymbolicVectorSystem::Update);
    }
  }
  if (output.size() > 0) {
    // y0 depends on u0 only when some output entry uses an input variable.
    bool uses_input = false;
    const Variables output_vars = symbolic::GetVariables(output);
    for (Eigen::Index i = 0; i < nu; ++i) {
      uses_input = uses_input || output_vars.include(input[i]);
    }
    std::set<DependencyTicket> prerequisites{this->time_ticket(),
                                             this->all_state_ticket(),
                                             this->all_parameters_ticket()};
    if (uses_input) prerequisites.insert(this->all_input_ports_ticket());
    this->DeclareVectorOutputPort("y0", static_cast<int>(output.size()),
                                  &SymbolicVectorSystem::CalcOutput,
                                  std::move(prerequisites));
  }
}

template <typename T>
const Expression& SymbolicVectorSystem<T>::dynamics_for_variable(
    const Variable& var) const {
  for (Eigen::Index i = 0; i < state_vars_.size(); ++i) {
    if (state_vars_[i].equal_to(var)) return dynamics_[i];
  }
  throw std::out_of_range("SymbolicVectorSystem::dynamics_for_variable(): '" +
                          var.get_name() +
                          "' is not a state variable of this system.");
}

template <typename T>
VectorX<T> SymbolicVectorSystem<T>::EvaluateAt(
    const Context<T>& context, const VectorX<Expression>& exprs,
    const MatrixX<Expression>& jacobian) const {
  // The Context's values in the order of all_vars_.
  VectorX<T> values(static_cast<Eigen::Index>(all_vars_.size()));
  Eigen::Index k = 0;
  if (time_var_) values[k++] = context.get_time();
  if (state_vars_.size() > 0) {
    const VectorX<T> x =
        time_period_ == 0.0
            ? context.get_continuous_state_vector().CopyToVector()
            : VectorX<T>(context.get_discrete_state(0).value());
    values.segment(k, x.size()) = x;
    k += x.size();
  }
  if (input_vars_.size() > 0) {
    values.segment(k, input_vars_.size()) =
        this->get_input_port(0).Eval(context);
    k += input_vars_.size();
  }
  if (parameter_vars_.size() > 0) {
    values.segment(k, parameter_vars_.size()) =
        context.get_numeric_parameter(0).value();
  }
  if constexpr (std::is_same_v<T, Expression>) {
    symbolic::Substitution substitution;
    for (std::size_t i = 0; i < all_vars_.size(); ++i) {
      substitution.emplace(all_vars_[i], values[i]);
    }
    return symbolic::Substitute(exprs, substitution);
  } else {
    symbolic::Environment env;
    for (std::size_t i = 0; i < all_vars_.size(); ++i) {
      env.insert(all_vars_[i], ExtractValue(values[i]));
    }
    const Eigen::VectorXd result = symbolic::Evaluate(exprs, env);
    if constexpr (std::is_same_v<T, double>) {
      return result;
    } else {
      // Chain rule: ∂y/∂w = ∂y/∂vars · ∂vars/∂w, where the derivatives of
      // the Context's values (∂vars/∂w) may have no entries (constants).
      Eigen::Index num_derivatives = 0;
      for (Eigen::Index i = 0; i < values.size(); ++i) {
        num_derivatives =
            std::max(num_derivatives, values[i].derivatives().size());
      }
      Eigen::MatrixXd dvars =
          Eigen::MatrixXd::Zero(values.size(), num_derivatives);
      for (Eigen::Index i = 0; i < values.size(); ++i) {
        if (values[i].derivatives().size() > 0) {
          dvars.row(i) = values[i].derivatives().transpose();
        }
      }
      const Eigen::MatrixXd dy = symbolic::Evaluate(jacobian, env) * dvars;
      VectorX<T> y(result.size());
      for (Eigen::Index i = 0; i < result.size(); ++i) {
        y[i] = T(result[i], dy.row(i).transpose());
      }
      return y;
    }
  }
}

template <typename T>
void SymbolicVectorSystem<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  if (state_vars_.size() == 0) return;
  derivatives->SetFromVector(
      EvaluateAt(context, dynamics_, dynamics_jacobian_));
}

template <typename T>
EventStatus SymbolicVectorSystem<T>::Update(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  discrete_state->get_mutable_vector(0).set_value(
      EvaluateAt(context, dynamics_, dynamics_jacobian_));
  return EventStatus::Succeeded();
}

template <typename T>
void SymbolicVectorSystem<T>::CalcOutput(const Context<T>& context,
                                         BasicVector<T>* output) const {
  output->set_value(EvaluateAt(context, output_, output_jacobian_));
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::SymbolicVectorSystem);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::SymbolicVectorSystem);
