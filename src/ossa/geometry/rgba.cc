#include "ossa/geometry/rgba.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ossa::geometry {

Rgba::Rgba(double r, double g, double b, double a) { set(r, g, b, a); }

void Rgba::set(double r, double g, double b, double a) {
  auto ok = [](double x) { return x >= 0 && x <= 1; };
  if (!(ok(r) && ok(g) && ok(b) && ok(a))) {
    throw std::invalid_argument(fmt::format(
        "Rgba values must be within the range [0, 1]. Values provided: "
        "(r={}, g={}, b={}, a={})",
        r, g, b, a));
  }
  r_ = r;
  g_ = g;
  b_ = b;
  a_ = a;
}

void Rgba::set(const Eigen::VectorXd& rgba) {
  if (rgba.size() != 3 && rgba.size() != 4) {
    throw std::invalid_argument(fmt::format(
        "Rgba::set(): expected a vector of size 3 or 4, got size {}.",
        rgba.size()));
  }
  set(rgba[0], rgba[1], rgba[2], rgba.size() == 4 ? rgba[3] : 1.0);
}

bool Rgba::AlmostEqual(const Rgba& o, double tolerance) const {
  return (rgba() - o.rgba()).cwiseAbs().maxCoeff() <= tolerance;
}

Rgba Rgba::operator*(const Rgba& o) const {
  return Rgba(r_ * o.r_, g_ * o.g_, b_ * o.b_, a_ * o.a_);
}

Rgba Rgba::scale_rgb(double scale) const {
  if (!(scale >= 0)) {
    throw std::invalid_argument(fmt::format(
        "Rgba::scale_rgb(): the scale must be >= 0, got {}.", scale));
  }
  return Rgba(std::clamp(r_ * scale, 0.0, 1.0),
              std::clamp(g_ * scale, 0.0, 1.0),
              std::clamp(b_ * scale, 0.0, 1.0), a_);
}

std::string Rgba::to_string() const {
  return fmt::format("Rgba(r={}, g={}, b={}, a={})", r_, g_, b_, a_);
}

}  // namespace ossa::geometry
