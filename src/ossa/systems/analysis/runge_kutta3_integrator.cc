#include "ossa/systems/analysis/runge_kutta3_integrator.h"

namespace ossa::systems {

template <typename T>
RungeKutta3Integrator<T>::RungeKutta3Integrator(const System<T>& system,
                                                Context<T>* context)
    : IntegratorBase<T>(system, context) {}

template <typename T>
RungeKutta3Integrator<T>::~RungeKutta3Integrator() = default;

template <typename T>
void RungeKutta3Integrator<T>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  k1_.resize(n);
  k2_.resize(n);
  k3_.resize(n);
  x1_.resize(n);
}

template <typename T>
bool RungeKutta3Integrator<T>::DoStep(const T& h) {
  const VectorX<T>& x0 = this->start_state();
  const T t0 = this->start_time();
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k1_);
  x1_.noalias() = x0 + (0.5 * h) * k1_;
  this->SetTimeAndState(t0 + 0.5 * h, x1_);
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k2_);
  x1_.noalias() = x0 + h * (2.0 * k2_ - k1_);
  this->SetTimeAndState(t0 + h, x1_);
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k3_);
  // Error = third-order − midpoint solution = h·((k₁ + 4k₂ + k₃)/6 − k₂).
  ContinuousState<T>* err = this->get_mutable_error_estimate();
  x1_.noalias() = (h / 6.0) * (k1_ - 2.0 * k2_ + k3_);
  if (err != nullptr) err->get_mutable_vector().SetFromVector(x1_);
  x1_.noalias() = x0 + (h / 6.0) * (k1_ + 4.0 * k2_ + k3_);
  this->SetState(x1_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta3Integrator);
