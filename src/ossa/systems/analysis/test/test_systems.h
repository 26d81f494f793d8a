#pragma once

// Small systems with closed-form solutions, shared by the analysis tests.

#include <cmath>
#include <vector>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems::analysis_test {

// m·ẍ + c·ẋ + k·x = 0 with state [x; v] (nq = nv = 1).
template <typename T>
class MassSpringDamper final : public LeafSystem<T> {
 public:
  MassSpringDamper(double m, double c, double k)
      : LeafSystem<T>(SystemTypeTag<MassSpringDamper>{}), m_(m), c_(c), k_(k) {
    this->DeclareContinuousState(1, 1, 0);
  }
  template <typename U>
  explicit MassSpringDamper(const MassSpringDamper<U>& other)
      : MassSpringDamper(other.m(), other.c(), other.k()) {}
  double m() const { return m_; }
  double c() const { return c_; }
  double k() const { return k_; }
  // Underdamped closed form from x(0) = x0, v(0) = v0:
  //   x(t) = e^{−ζω₀t}(x0 cos ω_d t + B sin ω_d t),  B = (v0 + ζω₀x0)/ω_d.
  Eigen::Vector2d Exact(double t, double x0, double v0) const {
    const double w0 = std::sqrt(k_ / m_);
    const double zeta = c_ / (2 * std::sqrt(k_ * m_));
    const double wd = w0 * std::sqrt(1 - zeta * zeta);
    const double a = zeta * w0;
    const double B = (v0 + a * x0) / wd;
    const double e = std::exp(-a * t);
    const double x = e * (x0 * std::cos(wd * t) + B * std::sin(wd * t));
    const double v =
        -a * x + e * (-x0 * wd * std::sin(wd * t) + B * wd * std::cos(wd * t));
    return {x, v};
  }

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const final {
    const auto& xc = context.get_continuous_state_vector();
    const T x = xc[0], v = xc[1];
    (*derivatives)[0] = v;
    (*derivatives)[1] = -(c_ * v + k_ * x) / m_;
  }
  double m_, c_, k_;
};

// A stiff scalar ODE (one z state): ẏ = −λ(y − cos t) − sin t, whose
// solution from y(0) = y0 is y(t) = cos t + (y0 − 1)e^{−λt}.
template <typename T>
class StiffScalar final : public LeafSystem<T> {
 public:
  explicit StiffScalar(double lambda) : lambda_(lambda) {
    this->DeclareContinuousState(1);
  }
  double Exact(double t, double y0) const {
    return std::cos(t) + (y0 - 1) * std::exp(-lambda_ * t);
  }

 private:
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const final {
    using std::cos;
    using std::sin;
    const T t = context.get_time();
    const T y = context.get_continuous_state_vector()[0];
    (*derivatives)[0] = -lambda_ * (y - cos(t)) - sin(t);
  }
  double lambda_;
};

}  // namespace ossa::systems::analysis_test
