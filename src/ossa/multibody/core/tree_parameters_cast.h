#pragma once

/// @file
/// CastTreeParameters: a tree's parameters on another scalar, for driving the
/// kernels on AutoDiffXd or symbolic::Expression from a model compiled on
/// double (every value is converted as a constant: no derivatives, no
/// variables). Callers then replace the entries they want to vary, e.g. a
/// mass by a symbolic::Variable.

#include "ossa/multibody/core/compiled_tree.h"

namespace ossa::multibody::internal {

/// `p` with every entry converted to U (sizes unchanged).
template <typename U>
TreeParameters<U> CastTreeParameters(const TreeParameters<double>& p) {
  TreeParameters<U> r;
  r.mobods.resize(p.mobods.size());
  for (std::size_t i = 0; i < p.mobods.size(); ++i) {
    const MobodParameters<double>& from = p.mobods[i];
    MobodParameters<U>& to = r.mobods[i];
    to.mass = U(from.mass);
    to.p_BoBcm_B = from.p_BoBcm_B.template cast<U>();
    to.G_BBo_B = from.G_BBo_B.template cast<U>();
    to.X_PF.R = from.X_PF.R.template cast<U>();
    to.X_PF.p = from.X_PF.p.template cast<U>();
    to.X_BM.R = from.X_BM.R.template cast<U>();
    to.X_BM.p = from.X_BM.p.template cast<U>();
  }
  r.damping = p.damping.template cast<U>();
  r.reflected_inertia = p.reflected_inertia.template cast<U>();
  return r;
}

}  // namespace ossa::multibody::internal
