// A pendulum θ̈ = −(g/ℓ)·sin θ integrated with classic Runge–Kutta on the
// AutoDiffXd scalar: one run gives θ(t) and its exact derivatives with
// respect to the initial angle θ₀ and the length ℓ. The program checks them
// against central finite differences and exits non-zero if they disagree.
#include <cmath>
#include <cstdio>

#include "ossa/common/autodiff.h"

namespace {

template <typename T>
ossa::Vector2<T> Rate(const ossa::Vector2<T>& x, const T& length) {
  using std::sin;
  const double g = 9.81;
  return ossa::Vector2<T>(x(1), -g / length * sin(x(0)));
}

template <typename T>
ossa::Vector2<T> Simulate(ossa::Vector2<T> x, const T& length, double t_final,
                          int steps) {
  const double h = t_final / steps;
  for (int i = 0; i < steps; ++i) {
    const ossa::Vector2<T> k1 = Rate<T>(x, length);
    const ossa::Vector2<T> k2 = Rate<T>(x + h / 2 * k1, length);
    const ossa::Vector2<T> k3 = Rate<T>(x + h / 2 * k2, length);
    const ossa::Vector2<T> k4 = Rate<T>(x + h * k3, length);
    x += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return x;
}

}  // namespace

int main() {
  using ossa::AutoDiffXd;
  const double theta0 = 0.5, length = 1.2, t_final = 2.0;
  const int steps = 2000;

  // Independent variables: [θ₀, ℓ].
  const auto p = ossa::InitializeAutoDiff(Eigen::Vector2d(theta0, length));
  const ossa::Vector2<AutoDiffXd> x0(p(0), AutoDiffXd(0.0));
  const auto x = Simulate<AutoDiffXd>(x0, p(1), t_final, steps);
  const Eigen::MatrixXd dx = ossa::ExtractGradient(x);

  const double eps = 1e-6;
  auto theta_at = [&](double th0, double len) {
    return Simulate<double>(Eigen::Vector2d(th0, 0.0), len, t_final, steps)(0);
  };
  const double fd_theta0 =
      (theta_at(theta0 + eps, length) - theta_at(theta0 - eps, length)) / (2 * eps);
  const double fd_length =
      (theta_at(theta0, length + eps) - theta_at(theta0, length - eps)) / (2 * eps);

  std::printf("pendulum: theta0 = %.3f rad, length = %.3f m, t = %.1f s\n",
              theta0, length, t_final);
  std::printf("  theta(t)         = % .9f rad\n", x(0).value());
  std::printf("  dtheta/dtheta0   = % .9f (autodiff)  % .9f (finite diff)\n",
              dx(0, 0), fd_theta0);
  std::printf("  dtheta/dlength   = % .9f (autodiff)  % .9f (finite diff)\n",
              dx(0, 1), fd_length);
  // Central differences with eps = 1e-6 are good to ~1e-8 here.
  const bool ok = std::abs(dx(0, 0) - fd_theta0) < 1e-6 &&
                  std::abs(dx(0, 1) - fd_length) < 1e-6;
  std::printf("%s\n", ok ? "derivatives agree" : "MISMATCH");
  return ok ? 0 : 1;
}
