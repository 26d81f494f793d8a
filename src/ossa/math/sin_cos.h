#pragma once

/// @file
/// SinCos(x, n, s, c): the sines and cosines of n angles at once, two per SSE2
/// instruction. The kinematics of a tree with revolute joints needs one
/// sin/cos pair per joint; this is cheaper than a libm call each
/// (BM_SinCosOf16Angles in benchmarks/multibody_math_bench.cc; figures in
/// benchmarks/kernel_notes.md).
///
/// Accuracy: within 1 ulp of the exact values (0.81 ulp at most in the test's
/// samples; glibc's are within 0.52), the same value whichever lane or batch
/// an angle is computed in, so a path's kinematics and a full pass agree
/// bitwise.
///
/// Method: x = j·π/2 + r with |r| ≤ π/4, r carried as r_hi + r_lo.
/// - j = round(x·2/π), read from the low bits of x·2/π + 1.5·2⁵² (rounding
///   without SSE4.1's roundpd).
/// - π/2 is split in parts whose first has 33 significant bits, so that j·P1
///   and x − j·P1 are exact for |j| < 2²⁰ (Cody and Waite); the next parts
///   and r_lo recover the bits the subtraction of the second loses.
/// - sin r and cos r from their Taylor series, to r¹⁷ and r¹⁶ (the first
///   term left out is at most 2·10⁻¹⁸ for |r| ≤ π/4), each corrected by r_lo
///   to first order; cos r = 1 − r²/2 + … adds the rounding error of
///   1 − r²/2 back (its largest term).
/// - The quadrant j mod 4 swaps and negates the pair.
/// Angles with |x| ≤ 10⁻⁹ give (x, 1), exact. Those with |x| > 10⁵ (beyond
/// which the reduction's error grows), infinities and NaNs go to std::sin and
/// std::cos.

#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ossa::math {

namespace sin_cos_internal {

// Angles outside (kTiny, kLarge] in magnitude are SinCos's own cases: up to
// kTiny, sin x = x and cos x = 1 in double; the others take std::sin and
// std::cos.
inline constexpr double kTiny = 1e-9;
inline constexpr double kLarge = 1e5;

inline bool IsSpecialAngle(double x) {
  const double a = std::abs(x);
  return !(a > kTiny && a <= kLarge);
}

#if defined(__SSE2__)
// π/2 = kP1 + kP2 + kP3 + kP4 to about 2⁻¹⁴⁰ (kP1, kP2: 33 bits each).
inline constexpr double kP1 = 1.57079632673412561417e+00;
inline constexpr double kP2 = 6.07710050630396597660e-11;
inline constexpr double kP3 = 2.02226624871116645580e-21;
inline constexpr double kP4 = 8.47842766036889956997e-32;
inline constexpr double kTwoOverPi = 6.36619772367581382433e-01;
inline constexpr double kRoundShift = 6755399441055744.0;  // 1.5·2⁵²

inline __m128d Set(double v) { return _mm_set1_pd(v); }
inline __m128d Add(__m128d a, __m128d b) { return _mm_add_pd(a, b); }
inline __m128d Sub(__m128d a, __m128d b) { return _mm_sub_pd(a, b); }
inline __m128d Mul(__m128d a, __m128d b) { return _mm_mul_pd(a, b); }
// Σₖ c[k]·z^(N−1−k), by Horner's rule from c[0].
template <int N>
inline __m128d Horner(__m128d z, const double (&c)[N]) {
  __m128d a = Set(c[0]);
  for (int k = 1; k < N; ++k) a = Add(Mul(a, z), Set(c[k]));
  return a;
}

// sin r = r + r·z·P(z) with z = r², P's coefficients the Taylor series'
// (−1)ᵏ⁺¹/(2k+3)!, from 1/17! down to −1/3!.
inline constexpr double kSinP[] = {1.0 / 355687428096000.0,
                                   -1.0 / 1307674368000.0,
                                   1.0 / 6227020800.0,
                                   -1.0 / 39916800.0,
                                   1.0 / 362880.0,
                                   -1.0 / 5040.0,
                                   1.0 / 120.0,
                                   -1.0 / 6.0};
// cos r = 1 − z/2 + z²·Q(z), Q's coefficients (−1)ᵏ/(2k+4)!, from 1/16!
// down to 1/4!.
inline constexpr double kCosQ[] = {1.0 / 20922789888000.0,
                                   -1.0 / 87178291200.0,
                                   1.0 / 479001600.0,
                                   -1.0 / 3628800.0,
                                   1.0 / 40320.0,
                                   -1.0 / 720.0,
                                   1.0 / 24.0};

// sin and cos of two angles, both with kTiny < |x| ≤ kLarge.
inline void SinCos2(__m128d x, __m128d* s_out, __m128d* c_out) {
  const __m128d shifted = Add(Mul(x, Set(kTwoOverPi)), Set(kRoundShift));
  const __m128d j = Sub(shifted, Set(kRoundShift));
  // Low bits of shifted's significand: j mod 4 (two's complement).
  const __m128i j_bits = _mm_castpd_si128(shifted);
  const __m128d t = Sub(x, Mul(j, Set(kP1)));  // Exact.
  const __m128d jP2 = Mul(j, Set(kP2));        // Exact.
  const __m128d r0 = Sub(t, jP2);
  const __m128d tail = Add(Mul(j, Set(kP3)), Mul(j, Set(kP4)));
  const __m128d lo0 = Sub(Sub(Sub(t, r0), jP2), tail);
  const __m128d r = Add(r0, lo0);
  const __m128d lo = Sub(lo0, Sub(r, r0));
  const __m128d z = Mul(r, r);
  const __m128d p = Horner(z, kSinP);
  const __m128d q = Horner(z, kCosQ);
  const __m128d one = Set(1.0);
  const __m128d half_z = Mul(Set(0.5), z);
  const __m128d w = Sub(one, half_z);
  // sin(r + lo) ≈ sin r + lo·cos r; cos(r + lo) ≈ cos r − lo·sin r.
  const __m128d sin_r = Add(r, Add(Mul(Mul(r, z), p), Mul(lo, w)));
  const __m128d cos_r =
      Add(w, Add(Sub(Sub(one, w), half_z), Sub(Mul(Mul(z, z), q), Mul(lo, r))));
  // Quadrant j: (sin, cos) = (s, c), (c, −s), (−s, −c), (−c, s) for j mod 4 =
  // 0..3: swapped when j is odd, sin negated when bit 1 of j is set, cos
  // when bit 1 of j + 1 is.
  const __m128i one_i = _mm_set1_epi64x(1);
  const __m128d odd = _mm_castsi128_pd(
      _mm_sub_epi64(_mm_setzero_si128(), _mm_and_si128(j_bits, one_i)));
  const __m128d a =
      _mm_or_pd(_mm_and_pd(odd, cos_r), _mm_andnot_pd(odd, sin_r));
  const __m128d b =
      _mm_or_pd(_mm_and_pd(odd, sin_r), _mm_andnot_pd(odd, cos_r));
  const __m128i sin_sign = _mm_slli_epi64(_mm_srli_epi64(j_bits, 1), 63);
  const __m128i cos_sign =
      _mm_slli_epi64(_mm_srli_epi64(_mm_add_epi64(j_bits, one_i), 1), 63);
  *s_out = _mm_xor_pd(a, _mm_castsi128_pd(sin_sign));
  *c_out = _mm_xor_pd(b, _mm_castsi128_pd(cos_sign));
}
#endif

}  // namespace sin_cos_internal

/// s[k] = sin x[k] and c[k] = cos x[k] for k < n. See the file documentation.
inline void SinCos(const double* x, int n, double* s, double* c) {
  namespace si = sin_cos_internal;
  // The angles SinCos2 does not take, after it ran on them (harmlessly: no
  // lane's value depends on another's).
  auto fix = [&](int k) {
    if (!si::IsSpecialAngle(x[k])) return;
    if (std::abs(x[k]) <= si::kTiny) {
      s[k] = x[k];  // Exact in double: x³/6 is below half an ulp of x.
      c[k] = 1;
    } else {
      s[k] = std::sin(x[k]);
      c[k] = std::cos(x[k]);
    }
  };
  int k = 0;
#if defined(__SSE2__)
  for (; k + 1 < n; k += 2) {
    __m128d sv, cv;
    si::SinCos2(_mm_loadu_pd(x + k), &sv, &cv);
    _mm_storeu_pd(s + k, sv);
    _mm_storeu_pd(c + k, cv);
    fix(k);
    fix(k + 1);
  }
  if (k < n) {
    __m128d sv, cv;
    si::SinCos2(_mm_set1_pd(x[k]), &sv, &cv);
    _mm_store_sd(s + k, sv);
    _mm_store_sd(c + k, cv);
    fix(k);
  }
#else
  for (; k < n; ++k) {
    s[k] = std::sin(x[k]);
    c[k] = std::cos(x[k]);
  }
#endif
}

}  // namespace ossa::math
