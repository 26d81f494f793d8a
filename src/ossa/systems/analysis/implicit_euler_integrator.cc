#include "ossa/systems/analysis/implicit_euler_integrator.h"

namespace ossa::systems {

template <typename T>
ImplicitEulerIntegrator<T>::ImplicitEulerIntegrator(const System<T>& system,
                                                    Context<T>* context)
    : ImplicitIntegrator<T>(system, context) {}

template <typename T>
ImplicitEulerIntegrator<T>::~ImplicitEulerIntegrator() = default;

template <typename T>
void ImplicitEulerIntegrator<T>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  for (VectorX<T>* v : {&x0_copy_, &x1_, &xhalf_, &xalt_, &f0_, &f_, &err_}) {
    v->resize(n);
  }
}

template <typename T>
bool ImplicitEulerIntegrator<T>::StepImplicitEuler(const T& t0,
                                                   const VectorX<T>& x0,
                                                   const T& h,
                                                   const VectorX<T>& guess,
                                                   VectorX<T>* x1) {
  const T t1 = t0 + h;
  // g(y) = y − x₀ − h·f(t₁, y);  ∂g/∂y ≈ I − h·J.
  auto residual = [&](const VectorX<T>& y, VectorX<T>* g) {
    this->SetTimeAndState(t1, y);
    this->EvalTimeDerivatives().CopyToPreSizedVector(&f_);
    *g = y - x0 - h * f_;
  };
  auto matrix = [&](const MatrixX<T>& J) {
    MatrixX<T> M = -h * J;
    M.diagonal().array() += T(1.0);
    return M;
  };
  return this->SolveNewton(t0, x0, guess, residual, matrix,
                           this->newton_tolerance(), x1);
}

template <typename T>
bool ImplicitEulerIntegrator<T>::DoStep(const T& h) {
  x0_copy_ = this->start_state();
  const T t0 = this->start_time();
  const T t1 = t0 + h;
  if (!StepImplicitEuler(t0, x0_copy_, h, x0_copy_, &x1_)) return false;
  if (this->get_fixed_step_mode()) {
    this->SetTimeAndState(t1, x1_);
    return true;
  }
  if (use_implicit_trapezoid_error_estimation_) {
    // x = x₀ + h/2·(f(t₀, x₀) + f(t₁, x)); start from the Euler solution.
    this->SetTimeAndState(t0, x0_copy_);
    this->EvalTimeDerivatives().CopyToPreSizedVector(&f0_);
    auto residual = [&](const VectorX<T>& y, VectorX<T>* g) {
      this->SetTimeAndState(t1, y);
      this->EvalTimeDerivatives().CopyToPreSizedVector(&f_);
      *g = y - x0_copy_ - (0.5 * h) * (f0_ + f_);
    };
    auto matrix = [&](const MatrixX<T>& J) {
      MatrixX<T> M = (-0.5 * h) * J;
      M.diagonal().array() += T(1.0);
      return M;
    };
    if (!this->SolveNewton(t0, x0_copy_, x1_, residual, matrix,
                           this->newton_tolerance(), &xalt_)) {
      return false;
    }
    err_ = x1_ - xalt_;
  } else {
    // Two half steps; the second starts where the first ended.
    const T hh = 0.5 * h;
    if (!StepImplicitEuler(t0, x0_copy_, hh, x0_copy_, &xhalf_)) return false;
    const VectorX<T> x_mid = xhalf_;
    if (!StepImplicitEuler(t0 + hh, x_mid, hh, x_mid, &xalt_)) return false;
    err_ = x1_ - xalt_;
    x1_ = xalt_;
  }
  this->get_mutable_error_estimate()->get_mutable_vector().SetFromVector(err_);
  this->SetTimeAndState(t1, x1_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::ImplicitEulerIntegrator);
