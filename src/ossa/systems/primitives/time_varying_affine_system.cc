#include "ossa/systems/primitives/time_varying_affine_system.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <random>

#include "ossa/common/error.h"

namespace ossa::systems {
namespace internal {

Eigen::MatrixXd CovarianceFactor(
    const char* method, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
    int num_states) {
  if (covariance.rows() != num_states || covariance.cols() != num_states) {
    ThrowLogicError("{}(): the covariance is {}x{}; the system has {} states.",
                    method, covariance.rows(), covariance.cols(), num_states);
  }
  if (!covariance.allFinite() ||
      !covariance.isApprox(covariance.transpose(), 1e-12)) {
    ThrowLogicError("{}(): the covariance must be finite and symmetric.",
                    method);
  }
  // The symmetric square root Σ^½ = V·√Λ·Vᵀ from Σ = V·Λ·Vᵀ; eigenvalues
  // that round to slightly below zero (a semi-definite Σ) count as zero.
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(covariance);
  const Eigen::VectorXd& lambda = eigen.eigenvalues();
  const double scale = std::max(1.0, covariance.cwiseAbs().maxCoeff());
  if (eigen.info() != Eigen::Success ||
      (lambda.array() < -1e-12 * scale).any()) {
    ThrowLogicError("{}(): the covariance is not positive semi-definite.",
                    method);
  }
  const Eigen::MatrixXd& V = eigen.eigenvectors();
  const Eigen::MatrixXd L =
      V * lambda.cwiseMax(0.0).cwiseSqrt().asDiagonal() * V.transpose();
  return L;
}

Eigen::VectorXd DrawGaussianState(const Eigen::VectorXd& x0,
                                  const Eigen::MatrixXd& L,
                                  RandomGenerator* generator) {
  std::normal_distribution<double> normal;
  Eigen::VectorXd w(x0.size());
  for (Eigen::Index i = 0; i < w.size(); ++i) w[i] = normal(*generator);
  return x0 + L * w;
}

}  // namespace internal

template <typename T>
TimeVaryingAffineSystem<T>::TimeVaryingAffineSystem(
    SystemScalarConverter converter, int num_states, int num_inputs,
    int num_outputs, double time_period)
    : LeafSystem<T>(std::move(converter)),
      num_states_(num_states),
      num_inputs_(num_inputs),
      num_outputs_(num_outputs),
      time_period_(time_period) {
  if (num_states < 0 || num_inputs < 0 || num_outputs < 0) {
    ThrowLogicError(
        "TimeVaryingAffineSystem(): sizes must be >= 0, got {} states, {} "
        "inputs, {} outputs.",
        num_states, num_inputs, num_outputs);
  }
  if (!(time_period >= 0.0) || !std::isfinite(time_period)) {
    ThrowLogicError(
        "TimeVaryingAffineSystem(): time_period must be >= 0 and finite, got "
        "{}.",
        time_period);
  }
  x0_ = VectorX<T>::Zero(num_states);
  Sqrt_Sigma_ = Eigen::MatrixXd::Zero(num_states, num_states);
  if (num_inputs > 0) this->DeclareVectorInputPort("u0", num_inputs);
  if (num_states > 0) {
    if (time_period > 0.0) {
      this->DeclareDiscreteState(num_states);
      this->DeclarePeriodicDiscreteUpdateEvent(
          time_period, 0.0, &TimeVaryingAffineSystem::Update);
    } else {
      this->DeclareContinuousState(num_states);
    }
  }
  if (num_outputs > 0) {
    this->DeclareVectorOutputPort("y0", num_outputs,
                                  &TimeVaryingAffineSystem::CalcOutput);
  }
}

template <typename T>
void TimeVaryingAffineSystem<T>::configure_default_state(
    const Eigen::Ref<const VectorX<T>>& x0) {
  if (x0.size() != num_states_) {
    ThrowLogicError(
        "TimeVaryingAffineSystem::configure_default_state(): x0 has {} "
        "entries; the system has {} states.",
        x0.size(), num_states_);
  }
  x0_ = x0;
}

template <typename T>
void TimeVaryingAffineSystem<T>::configure_random_state(
    const Eigen::Ref<const Eigen::MatrixXd>& covariance) {
  Sqrt_Sigma_ = internal::CovarianceFactor(
      "TimeVaryingAffineSystem::configure_random_state", covariance,
      num_states_);
}

template <typename T>
void TimeVaryingAffineSystem<T>::SetDefaultState(const Context<T>& context,
                                                 State<T>* state) const {
  LeafSystem<T>::SetDefaultState(context, state);
  if (num_states_ == 0) return;
  if (time_period_ > 0.0) {
    state->get_mutable_discrete_state(0).SetFromVector(x0_);
  } else {
    state->get_mutable_continuous_state().SetFromVector(x0_);
  }
}

template <typename T>
void TimeVaryingAffineSystem<T>::SetRandomState(
    const Context<T>& context, State<T>* state,
    RandomGenerator* generator) const {
  LeafSystem<T>::SetDefaultState(context, state);
  if (num_states_ == 0) return;
  if (generator == nullptr) [[unlikely]] {
    ThrowLogicError(
        "TimeVaryingAffineSystem::SetRandomState(): generator "
        "is null.");
  }
  const Eigen::VectorXd mean =
      x0_.unaryExpr([](const T& value) { return ExtractDoubleOrThrow(value); });
  const VectorX<T> x = internal::DrawGaussianState(mean, Sqrt_Sigma_, generator)
                           .template cast<T>();
  if (time_period_ > 0.0) {
    state->get_mutable_discrete_state(0).SetFromVector(x);
  } else {
    state->get_mutable_continuous_state().SetFromVector(x);
  }
}

template <typename T>
VectorX<T> TimeVaryingAffineSystem<T>::StateOf(
    const Context<T>& context) const {
  if (num_states_ == 0) return VectorX<T>();
  if (time_period_ > 0.0) return context.get_discrete_state(0).value();
  return context.get_continuous_state_vector().CopyToVector();
}

template <typename T>
VectorX<T> TimeVaryingAffineSystem<T>::Dynamics(
    const Context<T>& context) const {
  const T& t = context.get_time();
  VectorX<T> result = A(t) * StateOf(context) + f0(t);
  if (num_inputs_ > 0) {
    result += B(t) * this->get_input_port(0).Eval(context);
  }
  return result;
}

template <typename T>
void TimeVaryingAffineSystem<T>::DoCalcTimeDerivatives(
    const Context<T>& context, ContinuousState<T>* derivatives) const {
  if (num_states_ == 0 || time_period_ > 0.0) return;
  derivatives->SetFromVector(Dynamics(context));
}

template <typename T>
EventStatus TimeVaryingAffineSystem<T>::Update(
    const Context<T>& context, DiscreteValues<T>* discrete_state) const {
  discrete_state->get_mutable_vector(0).SetFromVector(Dynamics(context));
  return EventStatus::Succeeded();
}

template <typename T>
void TimeVaryingAffineSystem<T>::CalcOutput(const Context<T>& context,
                                            BasicVector<T>* output) const {
  const T& t = context.get_time();
  VectorX<T> y = y0(t);
  if (num_states_ > 0) y += C(t) * StateOf(context);
  if (num_inputs_ > 0) y += D(t) * this->get_input_port(0).Eval(context);
  output->get_mutable_value() = y;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::TimeVaryingAffineSystem);
