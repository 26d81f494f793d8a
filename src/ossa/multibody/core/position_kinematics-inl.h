#pragma once

/// @file
/// Position kinematics: X_FM(q), X_PB, the hinge matrices H_B and the world
/// poses X_WB, for the whole tree, without world poses, or along one root
/// path (BodyNode::CalcPositionKinematicsCache_BaseToTip).

#include "ossa/multibody/core/kernel_checks-inl.h"
#include "ossa/multibody/core/spatial_algebra-inl.h"

namespace ossa::multibody::internal {

namespace {

// True if R is exactly the identity. Only used for T = double to skip
// products with identity frame rotations (common in URDF models); for other
// scalars the derivatives carried by an identity-valued parameter matter.
[[gnu::always_inline]] inline bool IsExactIdentity(const Eigen::Matrix3d& R) {
  return R(0, 0) == 1 && R(1, 1) == 1 && R(2, 2) == 1 && R(0, 1) == 0 &&
         R(0, 2) == 0 && R(1, 0) == 0 && R(1, 2) == 0 && R(2, 0) == 0 &&
         R(2, 1) == 0;
}
template <typename T>
[[gnu::always_inline]] inline bool IsIdentityRotation(const Matrix3<T>& R) {
  if constexpr (std::is_same_v<T, double>) {
    return IsExactIdentity(R);
  } else {
    return false;
  }
}
template <typename T>
[[gnu::always_inline]] inline bool IsZeroVector(const Vector3<T>& p) {
  if constexpr (std::is_same_v<T, double>) {
    return p[0] == 0 && p[1] == 0 && p[2] == 0;
  } else {
    return false;
  }
}

// R = Rk(θ) about coordinate axis k (0, 1, 2) from s = sin θ, c = cos θ.
template <typename T>
inline void AxisRotation(int k, const T& s, const T& c, Matrix3<T>* R) {
  const int i = kNextAxis[k], j = kNextNextAxis[k];
  R->setZero();
  (*R)(k, k) = T(1);
  (*R)(i, i) = c;
  (*R)(j, j) = c;
  (*R)(j, i) = s;
  (*R)(i, j) = -s;
}

// R_out = A·Rk(θ): Rk maps eᵢ → c·eᵢ + s·eⱼ and eⱼ → −s·eᵢ + c·eⱼ (i, j the
// axes after k), so only two columns of A mix (12 products, not 27).
template <typename T>
inline void TimesAxisRotation(const Matrix3<T>& A, int k, const T& s,
                              const T& c, Matrix3<T>* R_out) {
  const int i = kNextAxis[k], j = kNextNextAxis[k];
  R_out->col(k) = A.col(k);
  R_out->col(i) = c * A.col(i) + s * A.col(j);
  R_out->col(j) = c * A.col(j) - s * A.col(i);
}

// True if b turns about a coordinate axis of F and does not translate.
inline bool IsAxisRevolute(const MobodInfo& b) {
  if (b.axis_index < 0) return false;
  const MobilizerKindHooks& hooks = GetMobilizerKindHooks(b.kind);
  return hooks.axis_rotates && !hooks.axis_translates;
}

// BodyNode::CalcPositionKinematicsCache_BaseToTip for mobod i; world pose
// only with kWorld (the parent's world pose must be current). sin_q, cos_q:
// on double, the sine and cosine of an axis-aligned revolute's angle
// (PositionSteps computes them together); unused otherwise.
template <typename T, bool kWorld>
inline void PositionStep(const CompiledTree& tree,
                         const TreeParameters<T>& params, const T* q, int i,
                         double sin_q, double cos_q, TreeWorkspace<T>* ws) {
  TreeWorkspace<T>& w = *ws;
  const MobodInfo& b = tree.mobod(i);
  const MobodParameters<T>& par = params.mobods[i];
  if (IsAxisRevolute(b)) {
    // Axis-aligned revolute: R_FM = Rk(θ), p_FM = 0, H constant.
    const int k = b.axis_index;
    T s, c;
    if constexpr (std::is_same_v<T, double>) {
      s = sin_q;
      c = cos_q;
    } else {
      using std::cos;
      using std::sin;
      s = sin(q[b.q_start]);
      c = cos(q[b.q_start]);
    }
    AxisRotation<T>(k, s, c, &w.R_FM[i]);
    w.p_FM[i].setZero();
    const bool R_BM_identity = IsIdentityRotation<T>(par.X_BM.R);
    const bool p_BM_zero = IsZeroVector<T>(par.X_BM.p);
    Matrix3<T>& R_PB = w.R_PB[i];
    Vector3<T>& p_PB = w.p_PB[i];
    if (R_BM_identity) {
      // R_PB = R_PF·Rk(θ); p_PB = p_PF − R_PB·p_BM.
      if (IsIdentityRotation<T>(par.X_PF.R)) {
        R_PB = w.R_FM[i];
      } else {
        TimesAxisRotation<T>(par.X_PF.R, k, s, c, &R_PB);
      }
    } else {
      Matrix3<T> R_FB;
      R_FB.noalias() = w.R_FM[i] * par.X_BM.R.transpose();
      R_PB.noalias() = par.X_PF.R * R_FB;
    }
    p_PB = par.X_PF.p;
    if (!p_BM_zero) p_PB.noalias() -= R_PB * par.X_BM.p;
    if constexpr (kWorld) {
      if (b.parent == 0) {
        w.R_WB[i] = R_PB;
        w.p_WB[i] = p_PB;
      } else {
        MultiplyRotations<T>(w.R_WB[b.parent], R_PB, &w.R_WB[i]);
        w.p_WB[i] = w.p_WB[b.parent];
        AddRotated<T>(w.R_WB[b.parent], p_PB, &w.p_WB[i]);
      }
    }
    auto H = w.H_B.col(b.v_start);
    Vector3<T> a_B;
    if (R_BM_identity) {
      a_B.setZero();
      a_B[k] = T(1);
    } else {
      a_B = par.X_BM.R.col(k);
    }
    H.template head<3>() = a_B;
    if (p_BM_zero) {
      H.template tail<3>().setZero();
    } else {
      H.template tail<3>() = par.X_BM.p.cross(a_B);
    }
    return;
  }
  VisitMobilizerKind(b.kind, [&](auto m) {
    using Math = decltype(m);
    constexpr int nv = Math::kNv;
    const T* qb = q + b.q_start;
    Matrix3<T>& R_FM = w.R_FM[i];
    Vector3<T>& p_FM = w.p_FM[i];
    Math::CalcX_FM(b.constants, qb, &R_FM, &p_FM);
    // X_FB = X_FM·X_MB with X_MB = X_BM⁻¹; X_PB = X_PF·X_FB. The identity
    // tests skip the products for the frames URDF models leave at identity.
    const bool R_BM_identity = IsIdentityRotation<T>(par.X_BM.R);
    const bool p_BM_zero = IsZeroVector<T>(par.X_BM.p);
    Matrix3<T> R_FB;
    if (R_BM_identity) {
      R_FB = R_FM;
    } else {
      R_FB.noalias() = R_FM * par.X_BM.R.transpose();
    }
    Vector3<T> p_FB = p_FM;
    if (!p_BM_zero) p_FB.noalias() -= R_FB * par.X_BM.p;
    Matrix3<T>& R_PB = w.R_PB[i];
    Vector3<T>& p_PB = w.p_PB[i];
    if (IsIdentityRotation<T>(par.X_PF.R)) {
      R_PB = R_FB;
      p_PB = par.X_PF.p + p_FB;
    } else {
      R_PB.noalias() = par.X_PF.R * R_FB;
      p_PB = par.X_PF.p;
      p_PB.noalias() += par.X_PF.R * p_FB;
    }
    if constexpr (kWorld) {
      if (b.parent == 0) {
        w.R_WB[i] = R_PB;
        w.p_WB[i] = p_PB;
      } else {
        MultiplyRotations<T>(w.R_WB[b.parent], R_PB, &w.R_WB[i]);
        w.p_WB[i] = w.p_WB[b.parent];
        AddRotated<T>(w.R_WB[b.parent], p_PB, &w.p_WB[i]);
      }
    }
    if constexpr (nv > 0) {
      auto H = w.H_B.template middleCols<nv>(b.v_start);
      if constexpr (Math::kHingeShape == HingeShape::kAxis) {
        // The axis is fixed by R_FM, so R_BF·â = R_BM·â: no q dependence.
        Vector3<T> a_B;
        if (R_BM_identity) {
          a_B = b.constants.axis.cast<T>();
        } else {
          a_B.noalias() = par.X_BM.R * b.constants.axis.cast<T>();
        }
        if constexpr (!Math::kAxisRotates) {
          H.template topRows<3>().setZero();
          H.template bottomRows<3>() =
              Math::AxisTranslationPerUnitV(b.constants) * a_B;
        } else {
          H.template topRows<3>() = a_B;
          Vector3<T> lin = Vector3<T>::Zero();
          if (!p_BM_zero) lin = par.X_BM.p.cross(a_B);
          if constexpr (Math::kAxisTranslates) {
            lin += Math::AxisTranslationPerUnitV(b.constants) * a_B;
          }
          H.template bottomRows<3>() = lin;
        }
      } else if constexpr (Math::kHingeShape == HingeShape::kIdentity) {
        // H_FM = I₆, so H_B = [R_BF 0; [p_BM]×·R_BF R_BF], written directly
        // rather than as a general 6×6 product.
        const Matrix3<T> R_BF = R_FB.transpose();
        H.setZero();
        H.template topLeftCorner<3, 3>() = R_BF;
        H.template bottomRightCorner<3, 3>() = R_BF;
        if (!p_BM_zero) {
          H.template bottomLeftCorner<3, 3>().noalias() =
              mobilizer_math::CrossMatrix<T>(par.X_BM.p) * R_BF;
        }
      } else {
        Eigen::Matrix<T, 6, nv> H_FM;
        Math::CalcH_FM(b.constants, qb, &H_FM);
        const Matrix3<T> R_BF = R_FB.transpose();
        MobilizerToBodyColumns<T, nv>(R_BF, par.X_BM.p, H_FM, H);
      }
    }
  });
}

// At most this many mobods per PositionSteps call.
constexpr int kPositionStepsChunk = 32;

// The position steps of mobods[0..count), in that order (count at most
// kPositionStepsChunk). On double, the sines and cosines of their
// axis-aligned revolute angles are computed first, two at a time
// (math::SinCos), cheaper than a libm call per joint.
template <typename T, bool kWorld>
void PositionSteps(const CompiledTree& tree, const TreeParameters<T>& params,
                   const T* q, const int* mobods, int count,
                   TreeWorkspace<T>* ws) {
  if constexpr (std::is_same_v<T, double>) {
    // Only the revolutes' angles, packed, so no lane computes a placeholder
    // for another kind.
    double angle[kPositionStepsChunk], s[kPositionStepsChunk],
        c[kPositionStepsChunk];
    int m = 0;
    for (int k = 0; k < count; ++k) {
      const MobodInfo& b = tree.mobod(mobods[k]);
      if (IsAxisRevolute(b)) angle[m++] = q[b.q_start];
    }
    math::SinCos(angle, m, s, c);
    m = 0;
    for (int k = 0; k < count; ++k) {
      double sin_q = 0, cos_q = 0;
      if (IsAxisRevolute(tree.mobod(mobods[k]))) {
        sin_q = s[m];
        cos_q = c[m++];
      }
      PositionStep<T, kWorld>(tree, params, q, mobods[k], sin_q, cos_q, ws);
    }
  } else {
    for (int k = 0; k < count; ++k) {
      PositionStep<T, kWorld>(tree, params, q, mobods[k], 0, 0, ws);
    }
  }
}

// All mobods, base to tip.
template <typename T, bool kWorld>
void PositionPass(const CompiledTree& tree, const TreeParameters<T>& params,
                  const Eigen::Ref<const VectorX<T>>& q, TreeWorkspace<T>* ws) {
  const int n = tree.num_mobods();
  int mobods[kPositionStepsChunk];
  for (int first = 1; first < n; first += kPositionStepsChunk) {
    const int count = std::min(kPositionStepsChunk, n - first);
    for (int k = 0; k < count; ++k) mobods[k] = first + k;
    PositionSteps<T, kWorld>(tree, params, q.data(), mobods, count, ws);
  }
}

}  // namespace

template <typename T>
void CalcPositionKinematics(const CompiledTree& tree,
                            const TreeParameters<T>& params,
                            const Eigen::Ref<const VectorX<T>>& q,
                            TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcPositionKinematics", tree, params, ws);
  CheckSize("CalcPositionKinematics", "q", q.size(), tree.num_positions());
  PositionPass<T, true>(tree, params, q, ws);
  ws->world_poses_valid = true;
}

template <typename T>
void CalcLocalPositionKinematics(const CompiledTree& tree,
                                 const TreeParameters<T>& params,
                                 const Eigen::Ref<const VectorX<T>>& q,
                                 TreeWorkspace<T>* ws) {
  CheckWorkspace("CalcLocalPositionKinematics", tree, params, ws);
  CheckSize("CalcLocalPositionKinematics", "q", q.size(), tree.num_positions());
  PositionPass<T, false>(tree, params, q, ws);
  ws->world_poses_valid = false;
}

// Position steps of the root path of `mobod`, base to tip, by chunks
// (recursing once per kPositionStepsChunk levels).
template <typename T>
void PathPositionSteps(const CompiledTree& tree,
                       const TreeParameters<T>& params, const T* q, int mobod,
                       TreeWorkspace<T>* ws) {
  // The chunk of the path nearest the tip, filled from its end, after the
  // rest of the path.
  int path[kPositionStepsChunk];
  int first = kPositionStepsChunk;
  int i = mobod;
  for (; i > 0 && first > 0; i = tree.mobod(i).parent) path[--first] = i;
  if (i > 0) PathPositionSteps<T>(tree, params, q, i, ws);
  PositionSteps<T, true>(tree, params, q, path + first,
                         kPositionStepsChunk - first, ws);
}

template <typename T>
void CalcPositionKinematicsAlongPath(const CompiledTree& tree,
                                     const TreeParameters<T>& params,
                                     const Eigen::Ref<const VectorX<T>>& q,
                                     int mobod, TreeWorkspace<T>* ws) {
  constexpr const char* kFunc = "CalcPositionKinematicsAlongPath";
  CheckWorkspace(kFunc, tree, params, ws);
  CheckSize(kFunc, "q", q.size(), tree.num_positions());
  if (mobod < 0 || mobod >= tree.num_mobods()) {
    ThrowLogicError("{}(): mobod {} does not exist (the tree has {}).", kFunc,
                    mobod, tree.num_mobods());
  }
  PathPositionSteps<T>(tree, params, q.data(), mobod, ws);
  ws->world_poses_valid = false;
}

// X_WB of mobod i from X_PB and its parent's X_WP (already composed).
template <typename T>
inline void ComposeWorldPose(const CompiledTree& tree, int i,
                             TreeWorkspace<T>* ws) {
  TreeWorkspace<T>& w = *ws;
  const int parent = tree.mobod(i).parent;
  if (parent == 0) {
    w.R_WB[i] = w.R_PB[i];
    w.p_WB[i] = w.p_PB[i];
  } else {
    MultiplyRotations<T>(w.R_WB[parent], w.R_PB[i], &w.R_WB[i]);
    w.p_WB[i] = w.p_WB[parent];
    AddRotated<T>(w.R_WB[parent], w.p_PB[i], &w.p_WB[i]);
  }
}

// World poses R_WB, p_WB from the local X_PB, unless the position pass
// already computed them for the current q.
template <typename T>
void CompleteWorldPoses(const CompiledTree& tree, TreeWorkspace<T>* ws) {
  if (ws->world_poses_valid) return;
  for (int i = 1; i < tree.num_mobods(); ++i) ComposeWorldPose(tree, i, ws);
  ws->world_poses_valid = true;
}
}  // namespace ossa::multibody::internal
