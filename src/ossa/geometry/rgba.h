#pragma once

/// @file
/// Rgba: a color with red, green, blue and alpha channels, each in [0, 1].

#include <string>

#include "ossa/common/eigen_types.h"

namespace ossa::geometry {

class Rgba {
 public:
  /// Opaque white.
  Rgba() = default;
  /// @throws std::invalid_argument unless each channel is in [0, 1].
  Rgba(double r, double g, double b, double a = 1.0);

  double r() const { return r_; }
  double g() const { return g_; }
  double b() const { return b_; }
  double a() const { return a_; }

  /// Sets every channel; throws as the constructor.
  void set(double r, double g, double b, double a = 1.0);
  /// Sets from [r, g, b] or [r, g, b, a]; throws std::invalid_argument for
  /// another size or a channel outside [0, 1].
  void set(const Eigen::VectorXd& rgba);
  /// [r, g, b, a].
  Vector4<double> rgba() const { return Vector4<double>(r_, g_, b_, a_); }

  /// Whether every channel differs by at most `tolerance`.
  bool AlmostEqual(const Rgba& other, double tolerance = 0.0) const;
  bool operator==(const Rgba& other) const = default;

  /// Channel-wise product (colors and scaling).
  Rgba operator*(const Rgba& other) const;
  Rgba scale_rgb(double scale) const;

  std::string to_string() const;

 private:
  double r_{1}, g_{1}, b_{1}, a_{1};
};

}  // namespace ossa::geometry
