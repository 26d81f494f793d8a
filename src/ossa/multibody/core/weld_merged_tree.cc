#include "ossa/multibody/core/weld_merged_tree.h"

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/mobilizer_kinds.h"

namespace ossa::multibody::internal {

WeldMergedTree::WeldMergedTree(const CompiledTree& full) {
  const int n = full.num_mobods();
  group_.assign(n, 0);
  root_.assign(1, 0);
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = full.mobod(i);
    if (b.kind == MobilizerKind::kWeld) {
      group_[i] = group_[b.parent];
      continue;
    }
    const MobodIndex m =
        merged_.AddMobod(MobodIndex(group_[b.parent]), b.kind, b.constants);
    group_[i] = m;
    root_.push_back(i);
  }
  // Same dof layout: welds have none and the order is kept.
  for (int g = 1; g < merged_.num_mobods(); ++g) {
    const MobodInfo& mb = merged_.mobod(g);
    const MobodInfo& fb = full.mobod(root_[g]);
    if (mb.q_start != fb.q_start || mb.v_start != fb.v_start) {
      ThrowLogicError(
          "WeldMergedTree(): internal error: mobod {} moved from q {} / v {} "
          "to q {} / v {}.",
          root_[g], fb.q_start, fb.v_start, mb.q_start, mb.v_start);
    }
  }
}

namespace {

// X_AC = X_AB·X_BC.
template <typename T>
Pose<T> Compose(const Pose<T>& X_AB, const Pose<T>& X_BC) {
  Pose<T> X_AC;
  X_AC.R.noalias() = X_AB.R * X_BC.R;
  X_AC.p = X_AB.p;
  X_AC.p.noalias() += X_AB.R * X_BC.p;
  return X_AC;
}

// X_AB·X_CB⁻¹.
template <typename T>
Pose<T> ComposeInverse(const Pose<T>& X_AB, const Pose<T>& X_CB) {
  Pose<T> X_AC;
  X_AC.R.noalias() = X_AB.R * X_CB.R.transpose();
  X_AC.p = X_AB.p;
  X_AC.p.noalias() -= X_AC.R * X_CB.p;
  return X_AC;
}

template <typename T>
Matrix3<T> Cross(const Vector3<T>& a) {
  Matrix3<T> m;
  m << T(0), -a[2], a[1], a[2], T(0), -a[0], -a[1], a[0], T(0);
  return m;
}

}  // namespace

template <typename T>
void CalcWeldMergedParameters(const CompiledTree& full,
                              const WeldMergedTree& merged,
                              const TreeParameters<T>& full_params,
                              WeldMergedParameters<T>* out) {
  constexpr const char* kFunc = "CalcWeldMergedParameters";
  const int n = full.num_mobods();
  const CompiledTree& mt = merged.tree();
  const int ng = mt.num_mobods();
  if (out == nullptr) ThrowLogicError("{}(): out is null.", kFunc);
  if (merged.num_full_mobods() != n ||
      mt.num_velocities() != full.num_velocities()) {
    ThrowLogicError(
        "{}(): the merged tree was made for another tree ({} mobods; this "
        "tree has {}).",
        kFunc, merged.num_full_mobods(), n);
  }
  if (static_cast<int>(full_params.mobods.size()) != n) {
    ThrowLogicError("{}(): the parameters hold {} mobods; the tree has {}.",
                    kFunc, full_params.mobods.size(), n);
  }
  TreeParameters<T>& mp = out->params;
  if (static_cast<int>(mp.mobods.size()) != ng) mp = TreeParameters<T>(mt);
  mp.damping = full_params.damping;
  mp.reflected_inertia = full_params.reflected_inertia;
  std::vector<Pose<T>>& X_GB = out->X_GB;
  if (static_cast<int>(X_GB.size()) != n) X_GB.resize(n);
  X_GB[0] = Pose<T>();
  // Composite (m, h, I) of each group about Go in G, accumulated in the
  // inertia fields: mass, p_BoBcm_B holding h, G_BBo_B holding I.
  for (int g = 1; g < ng; ++g) {
    MobodParameters<T>& p = mp.mobods[g];
    p.mass = T(0);
    p.p_BoBcm_B.setZero();
    p.G_BBo_B.setZero();
  }
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = full.mobod(i);
    const MobodParameters<T>& fp = full_params.mobods[i];
    const int g = merged.group(i);
    const T& m = fp.mass;
    const Vector3<T> h = fp.mass * fp.p_BoBcm_B;
    if (merged.root(g) == i) {
      X_GB[i] = Pose<T>();
      MobodParameters<T>& p = mp.mobods[g];
      // The inboard frame F, fixed on the parent body P, in the parent's
      // group frame: X_G'F = X_G'P·X_PF.
      p.X_PF = Compose(X_GB[b.parent], fp.X_PF);
      p.X_BM = fp.X_BM;
      p.mass += m;
      p.p_BoBcm_B += h;
      p.G_BBo_B += fp.mass * fp.G_BBo_B;
      continue;
    }
    // A weld: X_PB = X_PF·X_MB (X_FM = I), X_GB = X_GP·X_PB.
    X_GB[i] = Compose(X_GB[b.parent], ComposeInverse(fp.X_PF, fp.X_BM));
    if (g == 0) continue;
    // Shift of (m, h, I_Bo) from Bo in B to Go in G, with X_GB = (R, p):
    // h' = R·h, I' = R·I_Bo·Rᵀ − [h'][p] − [p][h'] − m[p][p], h_Go = h' + m·p.
    const Matrix3<T>& R = X_GB[i].R;
    const Vector3<T>& pv = X_GB[i].p;
    const Vector3<T> hr = R * h;
    Matrix3<T> Ir;
    Ir.noalias() = R * (fp.mass * fp.G_BBo_B) * R.transpose();
    const Matrix3<T> px = Cross<T>(pv), hx = Cross<T>(hr);
    Matrix3<T> S;
    S.noalias() = hx * px;
    S += S.transpose().eval();
    S.noalias() += m * (px * px);
    MobodParameters<T>& p = mp.mobods[g];
    p.mass += m;
    p.p_BoBcm_B += hr + m * pv;
    p.G_BBo_B += Ir - S;
  }
  // (m, h, I) → (mass, com, unit inertia).
  for (int g = 1; g < ng; ++g) {
    MobodParameters<T>& p = mp.mobods[g];
    bool massless = false;
    if constexpr (scalar_predicate<T>::is_bool) massless = (p.mass == T(0));
    if (massless) {
      p.p_BoBcm_B.setZero();
      p.G_BBo_B.setZero();
    } else {
      const T inv_m = T(1) / p.mass;
      p.p_BoBcm_B *= inv_m;
      p.G_BBo_B *= inv_m;
    }
  }
}

template <typename T>
void CalcFullMobodPoseInWorld(const WeldMergedTree& merged,
                              const WeldMergedParameters<T>& merged_params,
                              const TreeWorkspace<T>& merged_ws, int full_mobod,
                              Matrix3<T>* R_WB, Vector3<T>* p_WB) {
  if (full_mobod < 0 || full_mobod >= merged.num_full_mobods()) {
    ThrowLogicError(
        "CalcFullMobodPoseInWorld(): mobod {} does not exist (the tree has "
        "{}).",
        full_mobod, merged.num_full_mobods());
  }
  const int g = merged.group(full_mobod);
  const Pose<T>& X_GB = merged_params.X_GB[full_mobod];
  if (g == 0) {
    *R_WB = X_GB.R;
    *p_WB = X_GB.p;
    return;
  }
  if (merged.root(g) == full_mobod) {  // B is G: X_GB = 1.
    *R_WB = merged_ws.R_WB[g];
    *p_WB = merged_ws.p_WB[g];
    return;
  }
  R_WB->noalias() = merged_ws.R_WB[g] * X_GB.R;
  *p_WB = merged_ws.p_WB[g];
  p_WB->noalias() += merged_ws.R_WB[g] * X_GB.p;
}

template <typename T>
void GatherSpatialForcesOnGroups(const WeldMergedTree& merged,
                                 const WeldMergedParameters<T>& merged_params,
                                 const TreeWorkspace<T>& merged_ws,
                                 const std::vector<Vector6<T>>& F_full_Bo_W,
                                 std::vector<Vector6<T>>* F_group_W) {
  if (F_full_Bo_W.empty()) {
    F_group_W->clear();
    return;
  }
  const int n = merged.num_full_mobods();
  if (static_cast<int>(F_full_Bo_W.size()) != n) {
    ThrowLogicError(
        "GatherSpatialForcesOnGroups(): F_full_Bo_W has {} entries; expected "
        "0 or {}.",
        F_full_Bo_W.size(), n);
  }
  const int ng = merged.tree().num_mobods();
  if (static_cast<int>(F_group_W->size()) != ng) F_group_W->resize(ng);
  for (int g = 0; g < ng; ++g) (*F_group_W)[g].setZero();
  for (int i = 1; i < n; ++i) {
    const int g = merged.group(i);
    if (g == 0) continue;
    const Vector6<T>& F = F_full_Bo_W[i];
    Vector6<T>& Fg = (*F_group_W)[g];
    Fg += F;
    if (merged.root(g) != i) {
      const Vector3<T> p_GoBo_W = merged_ws.R_WB[g] * merged_params.X_GB[i].p;
      Fg.template head<3>() += p_GoBo_W.cross(Vector3<T>(F.template tail<3>()));
    }
  }
}

#define OSSA_WELD_MERGED_INSTANTIATE(T)                                     \
  template void CalcWeldMergedParameters<T>(                                \
      const CompiledTree&, const WeldMergedTree&, const TreeParameters<T>&, \
      WeldMergedParameters<T>*);                                            \
  template void CalcFullMobodPoseInWorld<T>(                                \
      const WeldMergedTree&, const WeldMergedParameters<T>&,                \
      const TreeWorkspace<T>&, int, Matrix3<T>*, Vector3<T>*);              \
  template void GatherSpatialForcesOnGroups<T>(                             \
      const WeldMergedTree&, const WeldMergedParameters<T>&,                \
      const TreeWorkspace<T>&, const std::vector<Vector6<T>>&,              \
      std::vector<Vector6<T>>*);
OSSA_FOR_EACH_DEFAULT_SCALAR(OSSA_WELD_MERGED_INSTANTIATE)
OSSA_WELD_MERGED_INSTANTIATE(::ossa::symbolic::Expression)
#undef OSSA_WELD_MERGED_INSTANTIATE

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::WeldMergedParameters);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::WeldMergedParameters);

}  // namespace ossa::multibody::internal
