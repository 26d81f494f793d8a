#pragma once

/// @file
/// Entry checks of the kernels (workspace, parameter and argument sizes,
/// each checked once per call) and the pivot tolerance of the
/// factorizations.

#include <limits>

#include "ossa/common/error.h"
#include "ossa/multibody/core/tree_kernels.h"

namespace ossa::multibody::internal {
namespace {

template <typename T>
void CheckWorkspace(const char* func, const CompiledTree& tree,
                    const TreeParameters<T>& params,
                    const TreeWorkspace<T>* ws) {
  if (ws == nullptr) ThrowLogicError("{}(): the workspace is null.", func);
  const int n = tree.num_mobods();
  if (static_cast<int>(ws->R_WB.size()) != n ||
      ws->H_B.cols() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): the workspace was made for another tree (it holds {} mobods "
        "and {} velocities; the tree has {} and {}).",
        func, ws->R_WB.size(), ws->H_B.cols(), n, tree.num_velocities());
  }
  if (static_cast<int>(params.mobods.size()) != n ||
      params.damping.size() != tree.num_velocities() ||
      params.reflected_inertia.size() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): the parameters were made for another tree (they hold {} "
        "mobods and {} velocities; the tree has {} and {}).",
        func, params.mobods.size(), params.reflected_inertia.size(), n,
        tree.num_velocities());
  }
}

// inline: some includers (weld_merged_dynamics.cc) use none of the checks.
inline void CheckSize(const char* func, const char* what, Eigen::Index size,
                      Eigen::Index expected) {
  if (size != expected) {
    ThrowLogicError("{}(): {} has size {}; expected {}.", func, what, size,
                    expected);
  }
}

template <typename T>
void CheckAppliedForces(const char* func, const CompiledTree& tree,
                        const Eigen::Ref<const VectorX<T>>& tau_applied,
                        const SpatialVectorArray<T>& F_applied_Bo_W) {
  if (tau_applied.size() != 0 && tau_applied.size() != tree.num_velocities()) {
    ThrowLogicError(
        "{}(): tau_applied has size {}; expected 0 (none) or "
        "num_velocities() = {}.",
        func, tau_applied.size(), tree.num_velocities());
  }
  if (!F_applied_Bo_W.empty() &&
      static_cast<int>(F_applied_Bo_W.size()) != tree.num_mobods()) {
    ThrowLogicError(
        "{}(): F_applied_Bo_W has {} entries; expected 0 (none) or "
        "num_mobods() = {}.",
        func, F_applied_Bo_W.size(), tree.num_mobods());
  }
}

}  // namespace

// The smallest pivot a factorization may meet and still count as positive:
// ε times `scale` (the largest diagonal entry of the matrix it comes from:
// below its rounding error a pivot is numerically zero), and at least the
// smallest normal double, so that 1/pivot stays finite.
template <typename T>
inline T PivotTolerance(const T& scale) {
  const T tiny = std::numeric_limits<double>::epsilon() * scale;
  return tiny > std::numeric_limits<double>::min()
             ? tiny
             : T(std::numeric_limits<double>::min());
}

// True if `x`'s value is NaN (x != x), on every scalar the kernels use (a
// symbolic x == x is decided true unless x is the NaN expression).
template <typename T>
inline bool IsNaNValue(const T& x) {
  return !static_cast<bool>(x == x);
}

}  // namespace ossa::multibody::internal
