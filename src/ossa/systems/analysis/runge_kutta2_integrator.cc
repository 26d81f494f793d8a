#include "ossa/systems/analysis/runge_kutta2_integrator.h"

namespace ossa::systems {

template <typename T>
RungeKutta2Integrator<T>::RungeKutta2Integrator(const System<T>& system,
                                                const T& max_step_size,
                                                Context<T>* context)
    : IntegratorBase<T>(system, max_step_size, context) {}

template <typename T>
void RungeKutta2Integrator<T>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  k1_.resize(n);
  k2_.resize(n);
  x1_.resize(n);
}

template <typename T>
bool RungeKutta2Integrator<T>::DoStep(const T& h) {
  const VectorX<T>& x0 = this->start_state();
  const T t1 = this->start_time() + h;
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k1_);
  x1_.noalias() = x0 + h * k1_;
  this->SetTimeAndState(t1, x1_);
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k2_);
  x1_.noalias() = x0 + (0.5 * h) * (k1_ + k2_);
  this->SetState(x1_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta2Integrator);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::RungeKutta2Integrator);
