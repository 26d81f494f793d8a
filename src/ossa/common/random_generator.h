#pragma once

/// @file
/// RandomGenerator: the pseudo-random source of the whole library (random
/// variables of symbolic expressions, System::SetRandomContext).

#include <random>

namespace ossa {

/// A 32-bit Mersenne Twister, as the specification's generator, so a seed
/// gives its sequence (and, with the same C++ standard library, its draws
/// from the standard distributions).
using RandomGenerator = std::mt19937;

}  // namespace ossa
