// A program outside the ossa tree, built against an installed ossa.
#include <cstdio>

#include "ossa/common/autodiff.h"

int main() {
  const auto x = ossa::InitializeAutoDiff(Eigen::Vector2d(3.0, 4.0));
  const ossa::AutoDiffXd r2 = x(0) * x(0) + x(1) * x(1);
  // d(r²)/dx = 2x = 6: returns 0 only if the library computed it.
  std::printf("r2 = %g, d/dx = %g\n", r2.value(), r2.derivatives()(0));
  return r2.derivatives()(0) == 6.0 ? 0 : 1;
}
