#include "ossa/systems/analysis/radau_integrator.h"

namespace ossa::systems {
namespace {

template <int s>
struct RadauTableau;
template <>
struct RadauTableau<1> {
  static constexpr double c[1] = {1.0};
  static constexpr double A[1][1] = {{1.0}};
};
template <>
struct RadauTableau<2> {
  static constexpr double c[2] = {1.0 / 3.0, 1.0};
  static constexpr double A[2][2] = {{5.0 / 12.0, -1.0 / 12.0},
                                     {3.0 / 4.0, 1.0 / 4.0}};
};

}  // namespace

template <typename T, int num_stages>
RadauIntegrator<T, num_stages>::RadauIntegrator(const System<T>& system,
                                                Context<T>* context)
    : ImplicitIntegrator<T>(system, context) {}

template <typename T, int num_stages>
RadauIntegrator<T, num_stages>::~RadauIntegrator() = default;

template <typename T, int num_stages>
void RadauIntegrator<T, num_stages>::DoInitialize() {
  const int n = this->get_context().num_continuous_states();
  for (VectorX<T>* v : {&x0_, &x1_, &xtr_, &f0_, &f_, &err_}) v->resize(n);
  z_.resize(num_stages * n);
  z_guess_.resize(num_stages * n);
}

template <typename T, int num_stages>
bool RadauIntegrator<T, num_stages>::DoStep(const T& h) {
  using Tab = RadauTableau<num_stages>;
  constexpr int s = num_stages;
  x0_ = this->start_state();
  const T t0 = this->start_time();
  const int n = static_cast<int>(x0_.size());

  // G(Z)ᵢ = Zᵢ − h·Σⱼ aᵢⱼ·f(t₀ + cⱼh, x₀ + Zⱼ).
  VectorX<T> fz(s * n);
  auto residual = [&](const VectorX<T>& z, VectorX<T>* g) {
    for (int j = 0; j < s; ++j) {
      x1_ = x0_ + z.segment(j * n, n);
      this->SetTimeAndState(t0 + Tab::c[j] * h, x1_);
      this->EvalTimeDerivatives().CopyToPreSizedVector(&f_);
      fz.segment(j * n, n) = f_;
    }
    *g = z;
    for (int i = 0; i < s; ++i) {
      for (int j = 0; j < s; ++j) {
        g->segment(i * n, n) -= (h * Tab::A[i][j]) * fz.segment(j * n, n);
      }
    }
  };
  auto matrix = [&](const MatrixX<T>& J) {
    MatrixX<T> M(s * n, s * n);
    for (int i = 0; i < s; ++i) {
      for (int j = 0; j < s; ++j) {
        M.block(i * n, j * n, n, n) = (-h * Tab::A[i][j]) * J;
      }
    }
    M.diagonal().array() += T(1.0);
    return M;
  };
  z_guess_.setZero();
  if (!this->SolveNewton(t0, x0_, z_guess_, residual, matrix,
                         this->newton_tolerance(), &z_)) {
    return false;
  }
  x1_ = x0_ + z_.segment((s - 1) * n, n);
  const T t1 = t0 + h;
  if (!this->get_fixed_step_mode()) {
    // Implicit trapezoid from the same start for the error estimate.
    this->SetTimeAndState(t0, x0_);
    this->EvalTimeDerivatives().CopyToPreSizedVector(&f0_);
    const VectorX<T> x1_radau = x1_;
    auto residual_tr = [&](const VectorX<T>& y, VectorX<T>* g) {
      this->SetTimeAndState(t1, y);
      this->EvalTimeDerivatives().CopyToPreSizedVector(&f_);
      *g = y - x0_ - (0.5 * h) * (f0_ + f_);
    };
    auto matrix_tr = [&](const MatrixX<T>& J) {
      MatrixX<T> M = (-0.5 * h) * J;
      M.diagonal().array() += T(1.0);
      return M;
    };
    if (!this->SolveNewton(t0, x0_, x1_radau, residual_tr, matrix_tr,
                           this->newton_tolerance(), &xtr_)) {
      return false;
    }
    x1_ = x1_radau;
    err_ = x1_ - xtr_;
    this->get_mutable_error_estimate()->get_mutable_vector().SetFromVector(
        err_);
  }
  this->SetTimeAndState(t1, x1_);
  return true;
}

template class RadauIntegrator<double, 1>;
template class RadauIntegrator<double, 2>;
template class RadauIntegrator<AutoDiffXd, 1>;
template class RadauIntegrator<AutoDiffXd, 2>;

}  // namespace ossa::systems
