#include "ossa/multibody/core/readonly_kernels.h"

#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/core/mobilizer_kinds.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {

template <typename T>
void AddPathJacobianInWorld(const CompiledTree& tree,
                            const TreeWorkspace<T>& ws, int mobod,
                            const Vector3<T>& p_WP, const T& scale,
                            const Eigen::Ref<const VectorX<T>>& q, bool angular,
                            bool translational, Eigen::Ref<MatrixX<T>> J) {
  const bool wrt_qdot = q.size() != 0;
  const int v_row = angular ? 3 : 0;
  auto add_columns = [&](int col_start, const auto& cols) {
    const int n = static_cast<int>(cols.cols());
    if (angular) J.block(0, col_start, 3, n) += cols.template topRows<3>();
    if (translational) {
      J.block(v_row, col_start, 3, n) += cols.template bottomRows<3>();
    }
  };
  for (int k = mobod; k > 0; k = tree.mobod(k).parent) {
    const MobodInfo& b = tree.mobod(k);
    if (b.nv == 0) continue;
    const Vector3<T> p_KoP_W = p_WP - ws.p_WB[k];
    Eigen::Matrix<T, 6, 6> Jk;
    for (int c = 0; c < b.nv; ++c) {
      const auto h = ws.H_B.col(b.v_start + c);
      const Vector3<T> w = ws.R_WB[k] * h.template head<3>();
      const Vector3<T> v = ws.R_WB[k] * h.template tail<3>() + w.cross(p_KoP_W);
      Jk.col(c) << scale * w, scale * v;
    }
    if (!wrt_qdot) {
      add_columns(b.v_start, Jk.leftCols(b.nv));
      continue;
    }
    VisitMobilizerKind(b.kind, [&](auto math_kind) {
      using Math = decltype(math_kind);
      constexpr int nq = Math::kNq, nv = Math::kNv;
      if constexpr (nv > 0) {
        Eigen::Matrix<T, nv, nq> Nplus;
        Math::CalcNplus(b.constants, q.data() + b.q_start, &Nplus);
        const Eigen::Matrix<T, 6, nq> Jq = Jk.template leftCols<nv>() * Nplus;
        add_columns(b.q_start, Jq);
      }
    });
  }
}

template <typename T>
Vector6<T> CalcBiasAccelerationOfPointInWorld(const CompiledTree& tree,
                                              const TreeWorkspace<T>& ws,
                                              int mobod,
                                              const Vector3<T>& p_WP) {
  if (mobod == 0) return Vector6<T>::Zero();
  // Plücker a_B = X_BP·a_P + c_B from the root down. The path is collected
  // first, on the stack unless it is deeper than kMaxDepth.
  constexpr int kMaxDepth = 256;
  int path[kMaxDepth];
  int depth = 0;
  std::vector<int> deep_part;  // The mobods nearest the root, beyond kMaxDepth.
  for (int k = mobod; k > 0; k = tree.mobod(k).parent) {
    if (depth < kMaxDepth) {
      path[depth++] = k;
    } else {
      deep_part.push_back(k);
    }
  }
  Vector6<T> a_B = Vector6<T>::Zero();
  for (auto it = deep_part.rbegin(); it != deep_part.rend(); ++it) {
    a_B = MotionToChild(ws.R_PB[*it], ws.p_PB[*it], a_B) + ws.c_B[*it];
  }
  for (int i = depth - 1; i >= 0; --i) {
    const int k = path[i];
    a_B = MotionToChild(ws.R_PB[k], ws.p_PB[k], a_B) + ws.c_B[k];
  }
  const Vector6<T> A_WB =
      PluckerToClassicalInWorld(ws.R_WB[mobod], a_B, ws.V_WB_B[mobod]);
  const Vector3<T> w = ws.R_WB[mobod] * ws.V_WB_B[mobod].template head<3>();
  const Vector3<T> alpha = A_WB.template head<3>();
  const Vector3<T> r = p_WP - ws.p_WB[mobod];
  Vector6<T> A;
  A.template head<3>() = alpha;
  A.template tail<3>() = A_WB.template tail<3>() + alpha.cross(r) +
                         w.cross(Vector3<T>(w.cross(r)));
  return A;
}

template <typename T>
void CalcSpatialAccelerationsInWorld(const CompiledTree& tree,
                                     const TreeWorkspace<T>& ws,
                                     const Eigen::Ref<const VectorX<T>>& vdot,
                                     std::vector<Vector6<T>>* A_WB_W) {
  const int n = tree.num_mobods();
  std::vector<Vector6<T>> a(n, Vector6<T>::Zero());
  A_WB_W->assign(n, Vector6<T>::Zero());
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = tree.mobod(i);
    a[i] = MotionToChild(ws.R_PB[i], ws.p_PB[i], a[b.parent]) + ws.c_B[i];
    if (b.nv > 0) {
      a[i] +=
          ws.H_B.middleCols(b.v_start, b.nv) * vdot.segment(b.v_start, b.nv);
    }
    (*A_WB_W)[i] = PluckerToClassicalInWorld(ws.R_WB[i], a[i], ws.V_WB_B[i]);
  }
}

#define OSSA_READONLY_KERNELS_INSTANTIATE(T)                                 \
  template void AddPathJacobianInWorld<T>(                                   \
      const CompiledTree&, const TreeWorkspace<T>&, int, const Vector3<T>&,  \
      const T&, const Eigen::Ref<const VectorX<T>>&, bool, bool,             \
      Eigen::Ref<MatrixX<T>>);                                               \
  template Vector6<T> CalcBiasAccelerationOfPointInWorld<T>(                 \
      const CompiledTree&, const TreeWorkspace<T>&, int, const Vector3<T>&); \
  template void CalcSpatialAccelerationsInWorld<T>(                          \
      const CompiledTree&, const TreeWorkspace<T>&,                          \
      const Eigen::Ref<const VectorX<T>>&, std::vector<Vector6<T>>*);
OSSA_READONLY_KERNELS_INSTANTIATE(double)
OSSA_READONLY_KERNELS_INSTANTIATE(::ossa::AutoDiffXd)
OSSA_READONLY_KERNELS_INSTANTIATE(::ossa::symbolic::Expression)
#undef OSSA_READONLY_KERNELS_INSTANTIATE

}  // namespace ossa::multibody::internal
