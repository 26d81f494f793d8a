#include "ossa/systems/analysis/implicit_integrator.h"

#include <type_traits>

#include "ossa/common/error.h"

namespace ossa::systems {

template <typename T>
ImplicitIntegrator<T>::ImplicitIntegrator(const System<T>& system,
                                          Context<T>* context)
    : IntegratorBase<T>(system, context) {}

template <typename T>
ImplicitIntegrator<T>::~ImplicitIntegrator() = default;

template <typename T>
void ImplicitIntegrator<T>::set_jacobian_computation_scheme(
    JacobianComputationScheme scheme) {
  if (scheme == JacobianComputationScheme::kAutomatic &&
      !std::is_same_v<T, double>) {
    ThrowLogicError(
        "ImplicitIntegrator::set_jacobian_computation_scheme(): kAutomatic is "
        "available only for T = double (it differentiates with AutoDiffXd).");
  }
  if (scheme != jacobian_scheme_) invalidate_jacobian();
  jacobian_scheme_ = scheme;
}

template <typename T>
void ImplicitIntegrator<T>::set_max_newton_raphson_iterations(int n) {
  if (n < 1) {
    ThrowLogicError(
        "ImplicitIntegrator::set_max_newton_raphson_iterations(): needs at "
        "least 1 iteration, got {}.",
        n);
  }
  max_newton_iterations_ = n;
}

template <typename T>
void ImplicitIntegrator<T>::DoResetStatistics() {
  num_jacobian_evaluations_ = 0;
  num_jacobian_function_evaluations_ = 0;
  num_iter_factorizations_ = 0;
  num_newton_raphson_iterations_ = 0;
}

template <typename T>
double ImplicitIntegrator<T>::newton_tolerance() const {
  // In error-controlled mode the solve need only be well inside the local
  // error it will be judged by; in fixed-step mode there is no such yardstick
  // so converge tightly, so that the method's own order shows.
  if (this->get_fixed_step_mode() || std::isnan(this->get_accuracy_in_use())) {
    return 1e-10;
  }
  return std::min(1e-3, 1e-2 * this->get_accuracy_in_use());
}

template <typename T>
const MatrixX<T>& ImplicitIntegrator<T>::CalcJacobian(const T& t,
                                                      const VectorX<T>& x) {
  ++num_jacobian_evaluations_;
  const int n = static_cast<int>(x.size());
  J_.resize(n, n);
  if (jacobian_scheme_ == JacobianComputationScheme::kAutomatic) {
    CalcJacobianAutoDiff(t, x);
    this->SetTimeAndState(t, x);
    return J_;
  }
  this->SetTimeAndState(t, x);
  f0_.resize(n);
  this->EvalTimeDerivatives().CopyToPreSizedVector(&f0_);
  ++num_jacobian_function_evaluations_;
  xp_ = x;
  f1_.resize(n);
  const bool central =
      jacobian_scheme_ == JacobianComputationScheme::kCentralDifference;
  // Step sizes balancing truncation against rounding error for each scheme.
  const double eps = std::numeric_limits<double>::epsilon();
  const double base = central ? std::cbrt(eps) : std::sqrt(eps);
  VectorX<T> fm;
  if (central) fm.resize(n);
  for (int i = 0; i < n; ++i) {
    const double xi = ExtractDoubleOrThrow(x[i]);
    // Make δ exactly representable relative to xᵢ so (xᵢ+δ) − xᵢ = δ.
    const double delta = ((xi + base * std::max(1.0, std::abs(xi))) - xi);
    xp_[i] = x[i] + delta;
    this->SetState(xp_);
    this->EvalTimeDerivatives().CopyToPreSizedVector(&f1_);
    ++num_jacobian_function_evaluations_;
    if (central) {
      xp_[i] = x[i] - delta;
      this->SetState(xp_);
      this->EvalTimeDerivatives().CopyToPreSizedVector(&fm);
      ++num_jacobian_function_evaluations_;
      J_.col(i) = (f1_ - fm) / (2 * delta);
    } else {
      J_.col(i) = (f1_ - f0_) / delta;
    }
    xp_[i] = x[i];
  }
  this->SetState(x);
  return J_;
}

template <typename T>
void ImplicitIntegrator<T>::CalcJacobianAutoDiff(const T& t,
                                                 const VectorX<T>& x) {
  if constexpr (std::is_same_v<T, double>) {
    // Differentiate a scalar-converted copy of the System at (t, x); inputs
    // and parameters are copied from the integrator's Context.
    const System<double>& system = this->get_system();
    std::unique_ptr<System<AutoDiffXd>> system_ad = system.ToAutoDiffXd();
    std::unique_ptr<Context<AutoDiffXd>> context_ad =
        system_ad->CreateDefaultContext();
    context_ad->SetTimeStateAndParametersFrom(this->get_context());
    // Inputs: their current values, fixed as constants in the AutoDiff copy
    // (the Jacobian is with respect to the state only).
    for (int i = 0; i < system.num_input_ports(); ++i) {
      const auto& port = system.get_input_port(i);
      if (!port.HasValue(this->get_context())) continue;
      if (port.get_data_type() == kVectorValued) {
        const VectorX<double> u = port.Eval(this->get_context());
        system_ad->get_input_port(i).FixValue(context_ad.get(),
                                              VectorX<AutoDiffXd>(u));
      } else {
        system_ad->get_input_port(i).FixValueAbstract(
            context_ad.get(), port.EvalAbstract(this->get_context()));
      }
    }
    context_ad->SetTime(t);
    context_ad->SetContinuousState(InitializeAutoDiff(x));
    const VectorX<AutoDiffXd> f =
        system_ad->EvalTimeDerivatives(*context_ad).CopyToVector();
    J_ = ExtractGradient(f, static_cast<int>(x.size()));
    ++num_jacobian_function_evaluations_;
  } else {
    (void)t;
    (void)x;
    ThrowLogicError(
        "ImplicitIntegrator: the kAutomatic Jacobian is available only for "
        "T = double.");
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ImplicitIntegrator);
