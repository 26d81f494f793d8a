#pragma once

/// @file
/// Definitions of every kernel of tree_kernels.h, pass by pass, and the macro
/// that instantiates them for one scalar. Included only by the core .cc files
/// that instantiate kernels (tree_kernels.cc, tree_kernels_autodiff.cc and the
/// FixedDual paths of tree_kernels_dual.cc).

#include "ossa/multibody/core/forward_dynamics-inl.h"
#include "ossa/multibody/core/inverse_dynamics-inl.h"
#include "ossa/multibody/core/jacobians-inl.h"
#include "ossa/multibody/core/mass_matrix-inl.h"
#include "ossa/multibody/core/position_kinematics-inl.h"
#include "ossa/multibody/core/velocity_kinematics-inl.h"

namespace ossa::multibody::internal {

#define OSSA_TREE_KERNELS_INSTANTIATE(T)                                       \
  template void CalcPositionKinematics<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcLocalPositionKinematics<T>(                                \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcPositionKinematicsAlongPath<T>(                            \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, int, TreeWorkspace<T>*);            \
  template void CalcVelocityKinematics<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&,                                     \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*);                 \
  template void CalcSpatialAccelerationsFromVdot<T>(                           \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, TreeWorkspace<T>*,                  \
      SpatialVectorArray<T>*);                                                 \
  template void CalcInverseDynamics<T>(                                        \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, const Vector3<T>&,                  \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>, SpatialVectorArray<T>*,       \
      SpatialVectorArray<T>*);                                                 \
  template void CalcMassMatrix<T>(const CompiledTree&,                         \
                                  const TreeParameters<T>&, TreeWorkspace<T>*, \
                                  Eigen::Ref<MatrixX<T>>);                     \
  template void CalcBiasTerm<T>(const CompiledTree&, const TreeParameters<T>&, \
                                TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);    \
  template void CalcGravityGeneralizedForces<T>(                               \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcArticulatedBodyInertiaCache<T>(                            \
      const CompiledTree&, const TreeParameters<T>&, TreeWorkspace<T>*);       \
  template void CalcArticulatedBodyForwardDynamics<T>(                         \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsArticulatedBody<T>(                         \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsCholesky<T>(                                \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void CalcForwardDynamicsLTDL<T>(                                    \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const Eigen::Ref<const VectorX<T>>&, const SpatialVectorArray<T>&,       \
      TreeWorkspace<T>*, Eigen::Ref<VectorX<T>>);                              \
  template void FactorMassMatrixLTDL<T>(const CompiledTree&,                   \
                                        Eigen::Ref<MatrixX<T>>);               \
  template void SolveLTDL<T>(const CompiledTree&,                              \
                             const Eigen::Ref<const MatrixX<T>>&,              \
                             Eigen::Ref<VectorX<T>>);                          \
  template void CalcJacobianSpatialVelocity<T>(                                \
      const CompiledTree&, const TreeWorkspace<T>&, int, const Vector3<T>&,    \
      Eigen::Ref<MatrixX<T>>);                                                 \
  template Vector6<T> CalcBiasSpatialAcceleration<T>(                          \
      const CompiledTree&, TreeWorkspace<T>*, int, const Vector3<T>&);         \
  template T CalcKineticEnergy<T>(                                             \
      const CompiledTree&, const TreeParameters<T>&, const TreeWorkspace<T>&); \
  template T CalcPotentialEnergy<T>(                                           \
      const CompiledTree&, const TreeParameters<T>&, const Vector3<T>&,        \
      const TreeWorkspace<T>&);                                                \
  template Vector6<T> CalcSpatialMomentumInWorldAboutWo<T>(                    \
      const CompiledTree&, const TreeParameters<T>&, const TreeWorkspace<T>&); \
  template void CalcJointDampingForces<T>(                                     \
      const CompiledTree&, const TreeParameters<T>&,                           \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);            \
  template void MapVelocityToQDot<T>(                                          \
      const CompiledTree&, const Eigen::Ref<const VectorX<T>>&,                \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);            \
  template void MapQDotToVelocity<T>(                                          \
      const CompiledTree&, const Eigen::Ref<const VectorX<T>>&,                \
      const Eigen::Ref<const VectorX<T>>&, Eigen::Ref<VectorX<T>>);

}  // namespace ossa::multibody::internal
