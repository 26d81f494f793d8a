#include "ossa/math/sin_cos.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace ossa::math {
namespace sin_cos_test {

// |y − exact| in units of the last place of the double nearest `exact`,
// against the long double functions (64 or more significant bits).
double UlpError(double y, long double exact) {
  const double e = static_cast<double>(exact);
  const double ulp = std::nextafter(std::abs(e), INFINITY) - std::abs(e);
  return static_cast<double>(std::abs(static_cast<long double>(y) - exact)) /
         ulp;
}

struct Errors {
  double sin{0}, cos{0};
};

Errors MaxErrors(const std::vector<double>& x) {
  std::vector<double> s(x.size()), c(x.size());
  SinCos(x.data(), static_cast<int>(x.size()), s.data(), c.data());
  Errors e;
  for (size_t k = 0; k < x.size(); ++k) {
    const long double xl = x[k];
    e.sin = std::max(e.sin, UlpError(s[k], std::sin(xl)));
    e.cos = std::max(e.cos, UlpError(c[k], std::cos(xl)));
  }
  return e;
}

// Within 1 ulp over uniform samples of each range (the implementation's
// largest in them is 0.81), through the range reduction's whole domain and
// past it (std::sin's side).
TEST(SinCos, WithinOneUlpOverEachRange) {
  std::mt19937_64 gen(7);
  for (const double range : {1e-6, 0.1, 1.0, 4.0, 30.0, 1e3, 1e5, 1e7}) {
    std::uniform_real_distribution<double> dist(-range, range);
    std::vector<double> x(200001);  // Odd: a lone last angle too.
    for (double& v : x) v = dist(gen);
    const Errors e = MaxErrors(x);
    EXPECT_LE(e.sin, 1.0) << "range " << range;
    EXPECT_LE(e.cos, 1.0) << "range " << range;
  }
}

// Near multiples of π/2 the reduced angle is tiny and its relative error is
// the reduction's: the extra parts of π/2 keep it within an ulp.
TEST(SinCos, WithinOneUlpNearMultiplesOfHalfPi) {
  std::vector<double> x;
  for (int j = -60000; j <= 60000; j += 7) {
    double v = j * 1.5707963267948966;
    for (int step = 0; step < 3; ++step) {
      x.push_back(v);
      v = std::nextafter(v, INFINITY);
    }
  }
  const Errors e = MaxErrors(x);
  EXPECT_LE(e.sin, 1.0);
  EXPECT_LE(e.cos, 1.0);
}

TEST(SinCos, SpecialValues) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> x = {0.0,  -0.0,  1e-300, -1e-10, 1e-9, 1e5,
                                 -1e5, 1e300, inf,    -inf,   nan};
  std::vector<double> s(x.size()), c(x.size());
  SinCos(x.data(), static_cast<int>(x.size()), s.data(), c.data());
  EXPECT_EQ(s[0], 0.0);
  EXPECT_FALSE(std::signbit(s[0]));
  EXPECT_EQ(s[1], 0.0);
  EXPECT_TRUE(std::signbit(s[1]));  // sin(−0) = −0.
  EXPECT_EQ(c[0], 1.0);
  EXPECT_EQ(c[1], 1.0);
  EXPECT_EQ(s[2], 1e-300);
  EXPECT_EQ(c[2], 1.0);
  EXPECT_EQ(s[3], -1e-10);
  EXPECT_EQ(c[3], 1.0);
  for (int k : {4, 5, 6, 7}) {
    EXPECT_LE(UlpError(s[k], std::sin(static_cast<long double>(x[k]))), 1.0)
        << x[k];
    EXPECT_LE(UlpError(c[k], std::cos(static_cast<long double>(x[k]))), 1.0)
        << x[k];
  }
  for (int k : {8, 9, 10}) {
    EXPECT_TRUE(std::isnan(s[k])) << x[k];
    EXPECT_TRUE(std::isnan(c[k])) << x[k];
  }
}

// An angle's values do not depend on its lane, its neighbour or the batch's
// size: the kinematics of a path and of the whole tree agree bitwise.
TEST(SinCos, SameValuesInEveryLaneAndBatch) {
  std::mt19937_64 gen(3);
  std::uniform_real_distribution<double> dist(-10, 10);
  std::vector<double> x(37);
  for (double& v : x) v = dist(gen);
  x[5] = 0;  // Tiny and libm angles among SIMD ones.
  x[12] = 2e5;
  std::vector<double> s(x.size()), c(x.size());
  SinCos(x.data(), static_cast<int>(x.size()), s.data(), c.data());
  for (size_t k = 0; k < x.size(); ++k) {
    double s1, c1;
    SinCos(&x[k], 1, &s1, &c1);
    EXPECT_EQ(s1, s[k]) << k;
    EXPECT_EQ(c1, c[k]) << k;
    if (k + 1 < x.size()) {  // Shifted by one lane.
      double s2[2], c2[2];
      SinCos(&x[k], 2, s2, c2);
      EXPECT_EQ(s2[0], s[k]) << k;
      EXPECT_EQ(c2[0], c[k]) << k;
      EXPECT_EQ(s2[1], s[k + 1]) << k;
    }
  }
}

TEST(SinCos, NoAnglesWritesNothing) {
  double s = 7, c = 8;
  SinCos(nullptr, 0, &s, &c);
  EXPECT_EQ(s, 7);
  EXPECT_EQ(c, 8);
}

}  // namespace sin_cos_test
}  // namespace ossa::math
