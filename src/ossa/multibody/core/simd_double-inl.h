#pragma once

/// @file
/// Specialisations of spatial_algebra-inl.h helpers for T = double with
/// GCC's two-lane vector extension (SSE2 on x86-64, NEON on arm64). Other
/// compilers use the generic versions.

#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {
namespace {

#if defined(__GNUC__)
// Two doubles in one SSE2 register (GCC's vector extension; NEON or plain
// code elsewhere). The double versions of the 3×3 products below hold rows
// 0-1 of a column-major matrix's column in one, row 2 alone. A two-lane
// load must read what one two-lane store wrote (or older data): one spanning
// two recent 8-byte stores waits for them to retire (see the spatial-vector
// helpers).
typedef double DoublePair __attribute__((vector_size(16)));

inline DoublePair LoadDoublePair(const double* x) {
  DoublePair r;
  __builtin_memcpy(&r, x, sizeof(r));
  return r;
}
inline void StoreDoublePair(double* x, DoublePair v) {
  __builtin_memcpy(x, &v, sizeof(v));
}

// C = A·B, its columns stored the way PackInertiaInWorld<double> and this
// function load them: the world rotations of the mass matrix's pass.
template <>
inline void MultiplyRotations<double>(const Matrix3<double>& A,
                                      const Matrix3<double>& B,
                                      Matrix3<double>* C) {
  const double* a = A.data();
  const double* b = B.data();
  const DoublePair A0 = LoadDoublePair(a), A1 = LoadDoublePair(a + 3),
                   A2 = LoadDoublePair(a + 6);
  DoublePair c01[3];
  double c2[3];
  for (int j = 0; j < 3; ++j) {
    const double b0 = b[3 * j], b1 = b[3 * j + 1], b2 = b[3 * j + 2];
    c01[j] = A0 * b0 + A1 * b1 + A2 * b2;
    c2[j] = a[2] * b0 + a[5] * b1 + a[8] * b2;
  }
  double* c = C->data();
  for (int j = 0; j < 3; ++j) {
    StoreDoublePair(c + 3 * j, c01[j]);
    c[3 * j + 2] = c2[j];
  }
}
#endif

#if defined(__GNUC__)
// y += A·x with y's entries 0-1 stored together, as the world positions are
// loaded by PackInertiaInWorld<double>.
template <>
inline void AddRotated<double>(const Matrix3<double>& A,
                               const Vector3<double>& x, Vector3<double>* y) {
  const double* a = A.data();
  double* out = y->data();
  const DoublePair t01 = LoadDoublePair(a) * x[0] +
                         LoadDoublePair(a + 3) * x[1] +
                         LoadDoublePair(a + 6) * x[2];
  const double t2 = a[2] * x[0] + a[5] * x[1] + a[8] * x[2];
  StoreDoublePair(out, LoadDoublePair(out) + t01);
  out[2] += t2;
}
#endif

}  // namespace
}  // namespace ossa::multibody::internal
