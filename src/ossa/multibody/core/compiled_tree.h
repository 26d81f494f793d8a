#pragma once

/// @file
/// The flat, compiled form of a multibody tree that every kernel loops over
/// (DESIGN.md, "The core idea").
///
///  - CompiledTree: the immutable structure, one MobodInfo per mobilized body
///    (mobod) in topological (base-to-tip) order; mobod 0 is the world.
///  - TreeParameters<T>: the values a Context may change (spatial inertia,
///    fixed frame poses X_PF and X_BM, joint damping, reflected rotor
///    inertia). Kernels take structure and parameters separately so that
///    several Contexts can share one CompiledTree.
///  - TreeWorkspace<T>: preallocated caches written by the kernels (position,
///    velocity, acceleration kinematics, articulated-body and mass-matrix
///    scratch), O(number of mobods + nv) in size. Once it exists, the double
///    kernels allocate nothing, except the dense forward dynamics, which
///    size the nv×nv mass matrix on their first call.
///
/// Frames per mobod B (monogram notation): P its parent mobod's body frame,
/// F the inboard frame fixed on P, M the outboard frame fixed on B.
/// X_PB(q) = X_PF·X_FM(q)·X_MB.

#include <Eigen/Cholesky>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/common/eigen_types.h"
#include "ossa/multibody/core/mobilizer_kinds.h"
#include "ossa/multibody/core/mobod_index.h"

namespace ossa::multibody::internal {

/// Structure of one mobilized body.
struct MobodInfo {
  /// Parent mobod; invalid (-1) only for the world (mobod 0).
  int parent{-1};
  MobilizerKind kind{MobilizerKind::kWeld};
  MobilizerConstants constants;
  int q_start{0}, nq{0};
  int v_start{0}, nv{0};
  /// Depth in the tree (world 0).
  int level{0};
  /// For revolute, prismatic and screw kinds whose unit axis is ±x̂, ±ŷ or
  /// ±ẑ exactly: that coordinate index (0, 1, 2), else -1. The kernels use
  /// it for axis-aligned fast paths (rotations from sin/cos without
  /// Rodrigues' formula).
  int axis_index{-1};
};

/// The immutable structure of a compiled tree. Mobods are added in
/// topological order (a parent before its children); their q and v ranges are
/// assigned consecutively in that order, so every ancestor's dofs come before
/// a descendant's — the property the sparse LTDL factorization relies on.
class CompiledTree {
 public:
  /// Creates a tree holding only the world (mobod 0, no dofs).
  CompiledTree();

  /// Adds a mobod with inboard mobilizer of `kind` connecting it to `parent`
  /// (an existing mobod) and returns its index. `constants.axis` must be a
  /// unit vector for revolute, prismatic and screw kinds (it is normalized;
  /// throws std::logic_error if it is zero).
  /// @throws std::logic_error if `parent` is not an existing mobod.
  MobodIndex AddMobod(MobodIndex parent, MobilizerKind kind,
                      const MobilizerConstants& constants = {});

  int num_mobods() const { return static_cast<int>(mobods_.size()); }
  int num_positions() const { return nq_; }
  int num_velocities() const { return nv_; }
  const MobodInfo& mobod(int i) const { return mobods_[i]; }
  const std::vector<MobodInfo>& mobods() const { return mobods_; }

  /// Featherstone's parent array λ over dofs: the dof immediately inboard of
  /// dof i (the previous dof of the same mobilizer, else the last dof of the
  /// nearest ancestor that has dofs), or -1. λ(i) < i always.
  const std::vector<int>& dof_parent() const { return dof_parent_; }
  /// The mobod owning dof i.
  const std::vector<int>& dof_mobod() const { return dof_mobod_; }
  /// For dof i, the first dof s ≤ i of the contiguous run s, s+1, ..., i
  /// along its root path (λ(t) = t − 1 for s < t ≤ i): the ancestors of a
  /// dof are the runs [s, i], [s', λ(s)], ..., which the mass matrix kernel
  /// processes as blocks.
  const std::vector<int>& dof_run_start() const { return dof_run_start_; }
  /// True if every dof's parent is the previous dof (a serial chain of
  /// dofs): then every entry of the mass matrix is on a root path.
  bool dofs_form_a_path() const { return dofs_form_a_path_; }

  /// Writes the zero configuration (X_FM = I for all mobilizers) into q.
  /// @throws std::logic_error if q.size() != num_positions().
  template <typename T>
  void SetZeroPositions(Eigen::Ref<VectorX<T>> q) const;

 private:
  std::vector<MobodInfo> mobods_;
  std::vector<int> dof_parent_;
  std::vector<int> dof_mobod_;
  std::vector<int> dof_run_start_;
  bool dofs_form_a_path_{true};
  // Per mobod, the last dof of the mobod or of its nearest ancestor with
  // dofs (-1 if none): λ of a new child's first dof, found in O(1).
  std::vector<int> last_dof_;
  int nq_{0}, nv_{0};
};

/// A rigid pose stored as rotation and translation (kept local to the kernels
/// so that they compile against plain Eigen).
template <typename T>
struct Pose {
  Matrix3<T> R{Matrix3<T>::Identity()};
  Vector3<T> p{Vector3<T>::Zero()};
};

/// Parameters of one mobod: the spatial inertia M_BBo_B of its body (mass,
/// com p_BoBcm_B, unit inertia G_BBo_B about Bo in B) and the fixed poses of
/// its mobilizer's frames.
template <typename T>
struct MobodParameters {
  T mass{0};
  Vector3<T> p_BoBcm_B{Vector3<T>::Zero()};
  /// Unit inertia about Bo expressed in B (symmetric): I_BBo_B = mass·G.
  Matrix3<T> G_BBo_B{Matrix3<T>::Zero()};
  Pose<T> X_PF;
  Pose<T> X_BM;
};

/// All Context-changeable values of a tree. Sizes: one MobodParameters per
/// mobod (entry 0, the world, is ignored), damping and reflected_inertia per
/// dof.
template <typename T>
struct TreeParameters {
  TreeParameters() = default;
  /// Default values for `tree`: massless bodies, identity poses, no damping,
  /// no reflected inertia.
  explicit TreeParameters(const CompiledTree& tree);
  std::vector<MobodParameters<T>> mobods;
  /// Joint damping per dof, N·m·s or N·s (used by CalcJointDampingForces).
  VectorX<T> damping;
  /// Reflected rotor inertia per dof, added to the mass-matrix diagonal and in
  /// inverse and forward dynamics.
  VectorX<T> reflected_inertia;
};

/// Preallocated caches of the kernels for one tree. Per-mobod quantities are
/// in the recursions' frames: each body's own frame B at Bo ("local frame"),
/// because there a body's spatial inertia is constant (no 3x3 rotations of
/// inertias per pass, unlike world-frame recursions) and the hinge matrix of
/// revolute/prismatic/screw mobilizers is constant. Accelerations inside the
/// recursions are Plücker (Featherstone) spatial accelerations; the kernels
/// convert to the specification's classical A_WB_W on output.
template <typename T>
struct TreeWorkspace {
  TreeWorkspace() = default;
  explicit TreeWorkspace(const CompiledTree& tree);

  // Position kinematics (CalcPositionKinematics).
  std::vector<Matrix3<T>> R_FM;  ///< Across-mobilizer orientation.
  std::vector<Vector3<T>> p_FM;  ///< p_FoMo_F.
  std::vector<Matrix3<T>> R_PB;  ///< Parent-to-body orientation.
  std::vector<Vector3<T>> p_PB;  ///< p_PoBo_P.
  std::vector<Matrix3<T>> R_WB;
  std::vector<Vector3<T>> p_WB;  ///< p_WoBo_W.
  /// Hinge matrices H_B (6 x nv, column block per mobod at v_start):
  /// V_PB of B in P, at Bo, expressed in B, is H_B·v_B.
  Matrix6X<T> H_B;
  /// True when R_WB and p_WB hold the world poses for the q of the last
  /// position pass (CalcPositionKinematics sets it,
  /// CalcLocalPositionKinematics clears it; kernels that need world poses
  /// complete them from X_PB when it is false).
  bool world_poses_valid{false};

  // Velocity kinematics (CalcVelocityKinematics).
  std::vector<Vector6<T>> V_WB_B;  ///< V_WB expressed in B, at Bo.
  std::vector<Vector6<T>> V_PB_B;  ///< Across-node velocity H_B·v_B.
  /// Plücker velocity-product acceleration: a_B = X_BP·a_P + H_B·v̇_B + c_B.
  std::vector<Vector6<T>> c_B;

  // Acceleration / inverse dynamics scratch.
  std::vector<Vector6<T>> a_B;  ///< Plücker A_WB in B (gravity offset in ID).
  std::vector<Vector6<T>> f_B;  ///< Spatial forces at Bo in B.

  /// Composite rigid bodies (CRBA) of the subtree rooted at each mobod, about
  /// Wo in W, packed so that a composite sum is one 10-vector addition:
  /// (m, h = m·p_WoCcm_W, then I's xx, yy, zz, xy, xz, yz).
  std::vector<Eigen::Matrix<T, 10, 1>> K_W;
  /// Mass-matrix scratch: the hinge columns at Wo in W.
  Matrix6X<T> S_W;

  // Articulated body scratch (ABA).
  std::vector<Matrix6<T>> P_B;  ///< Articulated body inertia in B at Bo.
  std::vector<Matrix6<T>> Dinv_B;  ///< (H_Bᵀ·P_B·H_B + R)⁻¹, top-left nv×nv.
  Matrix6X<T> U_B;                 ///< P_B·H_B, column block per mobod.
  std::vector<Vector6<T>> z_B;  ///< Articulated bias forces.
  VectorX<T> u;                 ///< τ − H_Bᵀ z_B per dof.

  // Mass matrix and dense solves of the forward dynamics by Cholesky or
  // LTDL. M and llt are nv×nv: they stay empty until one of those kernels
  // first runs on this workspace (it sizes them then), so that a workspace,
  // and every Context cache holding one, is O(number of mobods + nv).
  MatrixX<T> M;
  VectorX<T> rhs;
  Eigen::LLT<MatrixX<T>> llt;
  VectorX<T> vdot_zero;  ///< Zeros of size nv (ID with v̇ = 0).
};

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::TreeParameters);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    struct ::ossa::multibody::internal::TreeWorkspace);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::TreeParameters);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    struct ::ossa::multibody::internal::TreeWorkspace);

}  // namespace ossa::multibody::internal
