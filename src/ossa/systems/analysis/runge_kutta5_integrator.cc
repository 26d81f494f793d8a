#include "ossa/systems/analysis/runge_kutta5_integrator.h"

namespace ossa::systems {
namespace {

// Dormand & Prince (1980), "A family of embedded Runge-Kutta formulae".
constexpr double kC[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
constexpr double kA[7][6] = {
    {0, 0, 0, 0, 0, 0},
    {1.0 / 5, 0, 0, 0, 0, 0},
    {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
    {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656,
     0},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
// Fifth-order weights (equal to the last row of A: the method is FSAL).
constexpr double kB[7] = {
    35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0};
// Embedded fourth-order weights.
constexpr double kBHat[7] = {
    5179.0 / 57600, 0,       7571.0 / 16695, 393.0 / 640, -92097.0 / 339200,
    187.0 / 2100,   1.0 / 40};

}  // namespace

template <typename T>
RungeKutta5Integrator<T>::RungeKutta5Integrator(const System<T>& system,
                                                Context<T>* context)
    : IntegratorBase<T>(system, context) {}

template <typename T>
RungeKutta5Integrator<T>::~RungeKutta5Integrator() = default;

template <typename T>
void RungeKutta5Integrator<T>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  for (auto& k : k_) k.resize(n);
  x1_.resize(n);
  err_.resize(n);
}

template <typename T>
bool RungeKutta5Integrator<T>::DoStep(const T& h) {
  const VectorX<T>& x0 = this->start_state();
  const T t0 = this->start_time();
  this->EvalTimeDerivatives().CopyToPreSizedVector(&k_[0]);
  for (int s = 1; s < 7; ++s) {
    x1_ = x0;
    for (int j = 0; j < s; ++j) {
      if (kA[s][j] != 0.0) x1_.noalias() += (h * kA[s][j]) * k_[j];
    }
    // The last stage is evaluated exactly at t0 + h.
    this->SetTimeAndState(s == 6 ? T(t0 + h) : T(t0 + kC[s] * h), x1_);
    this->EvalTimeDerivatives().CopyToPreSizedVector(&k_[s]);
  }
  // x1_ now holds the fifth-order solution (stage 7's argument).
  err_.setZero();
  for (int j = 0; j < 7; ++j) {
    const double e = kB[j] - kBHat[j];
    if (e != 0.0) err_.noalias() += (h * e) * k_[j];
  }
  ContinuousState<T>* err = this->get_mutable_error_estimate();
  if (err != nullptr) err->get_mutable_vector().SetFromVector(err_);
  return true;
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS(
    class ::ossa::systems::RungeKutta5Integrator);
