// Cost of the spatial-algebra operations on the dynamics' hot paths, each
// against the dense 6×6 matrix operation it replaces:
//  - SpatialInertia * SpatialVelocity (momentum) vs Matrix6d * Vector6d;
//  - SpatialInertia::Shift (composite-body inertia) vs Φᵀ M Φ;
//  - ArticulatedBodyInertia::Shift vs Φᵀ P Φ;
//  - SpatialVelocity::ComposeWithMovingFrameVelocity and SpatialForce::Shift;
//  - RotationalInertia::ReExpress;
//  - math::SinCos on 16 joint angles vs a libm sin/cos pair per angle.
// Report: ns per iteration (Google Benchmark's "Time" column).

#include <benchmark/benchmark.h>

#include <cmath>

#include "ossa/math/rotation_matrix.h"
#include "ossa/math/sin_cos.h"
#include "ossa/multibody/math/articulated_body_inertia.h"
#include "ossa/multibody/math/spatial_algebra.h"
#include "ossa/multibody/math/spatial_inertia.h"

namespace ossa::multibody {
namespace {

SpatialInertia<double> SomeInertia() {
  return SpatialInertia<double>::MakeFromCentralInertia(
      2.5, Vector3<double>(0.1, -0.4, 0.3),
      RotationalInertia<double>(0.2, 0.3, 0.45, 0.01, -0.02, 0.03));
}

Matrix6<double> Phi(const Vector3<double>& p) {
  Matrix6<double> Phi = Matrix6<double>::Identity();
  Phi.bottomLeftCorner<3, 3>() << 0, -p.z(), p.y(), p.z(), 0, -p.x(), -p.y(),
      p.x(), 0;
  return Phi;
}

void BM_SpatialInertiaTimesVelocity(benchmark::State& state) {
  const SpatialInertia<double> M = SomeInertia();
  SpatialVelocity<double> V(Vector3<double>(0.3, -1, 2),
                            Vector3<double>(1, 0.5, -0.2));
  for (auto _ : state) {
    benchmark::DoNotOptimize(V);
    SpatialMomentum<double> L = M * V;
    benchmark::DoNotOptimize(L);
  }
}
BENCHMARK(BM_SpatialInertiaTimesVelocity);

void BM_DenseMatrix6TimesVector6(benchmark::State& state) {
  const Matrix6<double> M = SomeInertia().CopyToFullMatrix6();
  Vector6<double> V;
  V << 0.3, -1, 2, 1, 0.5, -0.2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(V);
    Vector6<double> L = M * V;
    benchmark::DoNotOptimize(L);
  }
}
BENCHMARK(BM_DenseMatrix6TimesVector6);

void BM_SpatialInertiaShift(benchmark::State& state) {
  SpatialInertia<double> M = SomeInertia();
  Vector3<double> p(0.7, 1.1, -0.6);
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    SpatialInertia<double> M_Q = M.Shift(p);
    benchmark::DoNotOptimize(M_Q);
  }
}
BENCHMARK(BM_SpatialInertiaShift);

void BM_DenseShift(benchmark::State& state) {
  const Matrix6<double> M = SomeInertia().CopyToFullMatrix6();
  Vector3<double> p(0.7, 1.1, -0.6);
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    const Matrix6<double> F = Phi(p);
    Matrix6<double> M_Q = F.transpose() * M * F;
    benchmark::DoNotOptimize(M_Q);
  }
}
BENCHMARK(BM_DenseShift);

void BM_ArticulatedBodyInertiaShift(benchmark::State& state) {
  const ArticulatedBodyInertia<double> P(SomeInertia());
  Vector3<double> p(0.7, 1.1, -0.6);
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    ArticulatedBodyInertia<double> P_R = P.Shift(p);
    benchmark::DoNotOptimize(P_R);
  }
}
BENCHMARK(BM_ArticulatedBodyInertiaShift);

void BM_ComposeWithMovingFrameVelocity(benchmark::State& state) {
  SpatialVelocity<double> V_WP(Vector3<double>(0.3, -1, 2),
                               Vector3<double>(1, 0.5, -0.2));
  const SpatialVelocity<double> V_PB(Vector3<double>(0, 0, 1.5),
                                     Vector3<double>::Zero());
  const Vector3<double> p(0.1, 0.2, 0.3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(V_WP);
    SpatialVelocity<double> V_WB = V_WP.ComposeWithMovingFrameVelocity(p, V_PB);
    benchmark::DoNotOptimize(V_WB);
  }
}
BENCHMARK(BM_ComposeWithMovingFrameVelocity);

void BM_SpatialForceShift(benchmark::State& state) {
  SpatialForce<double> F(Vector3<double>(1, -2, 0.3),
                         Vector3<double>(-4, 5, 1));
  const Vector3<double> p(0.1, 0.2, 0.3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(F);
    SpatialForce<double> F_q = F.Shift(p);
    benchmark::DoNotOptimize(F_q);
  }
}
BENCHMARK(BM_SpatialForceShift);

void BM_RotationalInertiaReExpress(benchmark::State& state) {
  const RotationalInertia<double> I(0.2, 0.3, 0.45, 0.01, -0.02, 0.03);
  const math::RotationMatrix<double> R =
      math::RotationMatrix<double>::MakeZRotation(0.3) *
      math::RotationMatrix<double>::MakeXRotation(-1.1);
  for (auto _ : state) {
    benchmark::DoNotOptimize(R);
    RotationalInertia<double> I_A = I.ReExpress(R);
    benchmark::DoNotOptimize(I_A);
  }
}
BENCHMARK(BM_RotationalInertiaReExpress);

// 16 angles, a legged robot's joints, by `sin_cos`; each run moves one so
// that no result is reused.
template <typename F>
void BM_SinCosOf16Angles(benchmark::State& state, F sin_cos) {
  double q[16], s[16], c[16];
  for (int k = 0; k < 16; ++k) q[k] = 0.37 * k - 2.1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(q);
    sin_cos(q, s, c);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(c);
    q[0] += 1e-9;
  }
}
BENCHMARK_CAPTURE(BM_SinCosOf16Angles, math_SinCos,
                  [](const double* q, double* s, double* c) {
                    math::SinCos(q, 16, s, c);
                  });
BENCHMARK_CAPTURE(BM_SinCosOf16Angles, libm,
                  [](const double* q, double* s, double* c) {
                    for (int k = 0; k < 16; ++k) {
                      s[k] = std::sin(q[k]);
                      c[k] = std::cos(q[k]);
                    }
                  });

}  // namespace
}  // namespace ossa::multibody

BENCHMARK_MAIN();
