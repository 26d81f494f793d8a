#include "ossa/systems/analysis/explicit_euler_integrator.h"

namespace ossa::systems {

template <typename T>
ExplicitEulerIntegrator<T>::ExplicitEulerIntegrator(const System<T>& system,
                                                    const T& max_step_size,
                                                    Context<T>* context)
    : IntegratorBase<T>(system, max_step_size, context) {}

template <typename T>
void ExplicitEulerIntegrator<T>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  k1_.resize(n);
  x1_.resize(n);
}

template <typename T>
bool ExplicitEulerIntegrator<T>::DoStep(const T& h) {
  const VectorX<T>& x0 = this->start_state();
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k1_);
  x1_.noalias() = x0 + h * k1_;
  this->SetTimeAndState(this->start_time() + h, x1_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ExplicitEulerIntegrator);
