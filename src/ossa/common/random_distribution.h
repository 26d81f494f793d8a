#pragma once

/// @file
/// RandomDistribution: the distributions a random source draws from, each
/// with fixed parameters (a system that needs another mean or scale shifts
/// and scales the samples itself).

namespace ossa {

enum class RandomDistribution {
  /// Independent entries uniform on [0, 1).
  kUniform = 0,
  /// Independent entries from the standard normal N(0, 1).
  kGaussian = 1,
  /// Independent entries exponential with rate 1 (mean 1).
  kExponential = 2,
};

}  // namespace ossa
