"""Random draws from a RandomGenerator (std::mt19937) made as the C++
standard library that the reference is built with (GCC's libstdc++) makes
them, so that a seed gives the reference's numbers: a canonical number in
[0, 1) from two 32-bit outputs (generate_canonical), uniform reals from
it, Gaussians by Marsaglia's polar method, and a discrete index as the
floor of n times a canonical number (as the reference's UniformDiscrete
picks).
"""

import math as _math


def canonical(generator):
    """A double in [0, 1) from two 32-bit outputs (generate_canonical)."""
    low = generator()
    high = generator()
    value = (low + high * 4294967296.0) / 18446744073709551616.0
    if value >= 1.0:
        value = _math.nextafter(1.0, 0.0)
    return value


def draw_uniform(generator, low, high):
    return low + (high - low) * canonical(generator)


def draw_normal(generator, mean, stddev):
    # Marsaglia's polar method; a fresh distribution per draw keeps no
    # second value between calls.
    while True:
        x = 2.0 * canonical(generator) - 1.0
        y = 2.0 * canonical(generator) - 1.0
        r2 = x * x + y * y
        if 0.0 < r2 <= 1.0:
            break
    return y * _math.sqrt(-2.0 * _math.log(r2) / r2) * stddev + mean


def draw_index(generator, n):
    """An index uniform in [0, n): the floor of n times a canonical
    number (as the reference picks among discrete values)."""
    return min(int(canonical(generator) * n), n - 1)
