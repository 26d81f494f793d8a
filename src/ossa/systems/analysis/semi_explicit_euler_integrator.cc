#include "ossa/systems/analysis/semi_explicit_euler_integrator.h"

namespace ossa::systems {

template <typename T>
SemiExplicitEulerIntegrator<T>::SemiExplicitEulerIntegrator(
    const System<T>& system, const T& max_step_size, Context<T>* context)
    : IntegratorBase<T>(system, context) {
  this->set_maximum_step_size(max_step_size);
  this->set_fixed_step_mode(true);
}

template <typename T>
SemiExplicitEulerIntegrator<T>::~SemiExplicitEulerIntegrator() = default;

template <typename T>
void SemiExplicitEulerIntegrator<T>::DoInitialize() {
  const auto& xc = this->get_context().get_continuous_state();
  xdot_.resize(xc.size());
  x1_.resize(xc.size());
  qdot_ = std::make_unique<BasicVector<T>>(xc.num_q());
}

template <typename T>
bool SemiExplicitEulerIntegrator<T>::DoStep(const T& h) {
  const auto& xc = this->get_context().get_continuous_state();
  const int nq = xc.num_q(), nv = xc.num_v(), nz = xc.num_z();
  const VectorX<T>& x0 = this->start_state();
  this->EvalTimeDerivatives().CopyToPreSizedVector(&xdot_);
  // v and z take an explicit Euler step.
  x1_.segment(nq, nv + nz) =
      x0.segment(nq, nv + nz) + h * xdot_.segment(nq, nv + nz);
  // q moves with the new velocity, mapped by N(q₀) (the Context still holds
  // q₀, so MapVelocityToQDot evaluates N at the start of the step).
  if (nq > 0) {
    this->get_system().MapVelocityToQDot(this->get_context(),
                                         x1_.segment(nq, nv), qdot_.get());
    x1_.head(nq) = x0.head(nq) + h * qdot_->value();
  }
  this->SetTimeAndState(this->start_time() + h, x1_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::SemiExplicitEulerIntegrator);
