// MultibodyTree<T>: Jacobians of frames, points and centers of mass, and
// their bias accelerations, as sums of the core's path kernels
// (readonly_kernels.h).
//
// Everything reads the cached kinematics of the Context (position and
// velocity TreeWorkspace of MultibodyTreeSystem) and walks only the root
// paths it needs. The workspace holds per-mobod quantities in topological
// order; elements are in index order: topology().body_to_mobod() maps them.

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/core/mobilizer_kinds.h"
#include "ossa/multibody/core/readonly_kernels.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/tree/query_checks.h"
#include "ossa/systems/framework/state.h"

namespace ossa::multibody::internal {

namespace {

// Rotates each 3-row block of J by R.
template <typename T>
void ReExpressRows(const Matrix3<T>& R, Eigen::Ref<MatrixX<T>> J) {
  for (int r = 0; r < J.rows(); r += 3) {
    J.template middleRows<3>(r) = (R * J.template middleRows<3>(r)).eval();
  }
}

// q where the Jacobian is with respect to q̇ (the kinematic map N(q) enters
// its columns), empty otherwise.
template <typename T>
VectorX<T> PositionsIfWrtQDot(const MultibodyTreeSystem<T>& system,
                              const systems::Context<T>& context,
                              JacobianWrtVariable wrt) {
  return wrt == JacobianWrtVariable::kQDot ? system.GetPositions(context)
                                           : VectorX<T>();
}

}  // namespace

// ------------------------------------------------------------ Jacobians

template <typename T>
template <typename JacobianPtr>
const MultibodyTreeSystem<T>& MultibodyTree<T>::CheckJacobianQuery(
    const char* method, const systems::Context<T>& context,
    JacobianWrtVariable wrt, const Frame<T>* frame_B, const Frame<T>& frame_A,
    const Frame<T>& frame_E, const char* what, const JacobianPtr& J,
    int rows) const {
  const MultibodyTreeSystem<T>& system = CheckContext(method, context);
  if (frame_B != nullptr) CheckFrame(method, *frame_B);
  CheckFrame(method, frame_A);
  CheckFrame(method, frame_E);
  ThrowIfNull(method, what, J);
  const int cols =
      wrt == JacobianWrtVariable::kV ? num_velocities() : num_positions();
  ThrowIfWrongShape(method, what, J->rows(), J->cols(), rows, cols);
  return system;
}

template <typename T>
void MultibodyTree<T>::AddRelativeJacobianInWorld(
    const TreeWorkspace<T>& ws, const std::vector<math::RigidTransform<T>>&,
    JacobianWrtVariable wrt, const VectorX<T>& q, BodyIndex body_B,
    BodyIndex body_A, const Vector3<T>& p_WBp, const T& weight, bool angular,
    bool translational, Eigen::Ref<MatrixX<T>> J) const {
  const int mobod_B = topology_.body_to_mobod(body_B);
  const int mobod_A = topology_.body_to_mobod(body_A);
  const VectorX<T> no_q;
  const VectorX<T>& q_for_qdot = wrt == JacobianWrtVariable::kQDot ? q : no_q;
  AddPathJacobianInWorld<T>(compiled_, ws, mobod_B, p_WBp, weight, q_for_qdot,
                            angular, translational, J);
  if (mobod_A != 0) {
    AddPathJacobianInWorld<T>(compiled_, ws, mobod_A, p_WBp, T(-weight),
                              q_for_qdot, angular, translational, J);
  }
}

template <typename T>
void MultibodyTree<T>::CalcJacobianSpatialVelocity(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
    const Frame<T>& frame_A, const Frame<T>& frame_E,
    EigenPtr<MatrixX<T>> Js_V_ABp_E) const {
  const MultibodyTreeSystem<T>& system = CheckJacobianQuery(
      "CalcJacobianSpatialVelocity", context, with_respect_to, &frame_B,
      frame_A, frame_E, "Js_V_ABp_E", Js_V_ABp_E, 6);
  if (with_respect_to == JacobianWrtVariable::kV &&
      frame_A.body().index() == world_index() && frame_E.is_world_frame()) {
    // The common case (J_V_WBp_W, wrt v) depends on B's root path only: the
    // merged tree's path kinematics (weld_merged_tree.h) give it without
    // the pose of every other body. Bp is on the group G of B's mobod at
    // p_GoBp_G = X_GB·X_BF·p_FoBp_F (F = frame_B).
    TreeComputation<T> c =
        system.PrepareComputation(context, TreeChoice::kWeldMerged);
    const int mobod_B = topology_.body_to_mobod(frame_B.body().index());
    const int group = c.weld_merged_tree().group(mobod_B);
    const Pose<T>& X_GB = c.weld_merged_parameters().X_GB[mobod_B];
    Vector3<T> p_BoBp = p_BoBp_B;
    if (!frame_B.is_body_frame()) {
      p_BoBp =
          system.GetElementParameters(context).X_BF[frame_B.index()] * p_BoBp_B;
    }
    const Vector3<T> p_GoBp_G = X_GB.p + X_GB.R * p_BoBp;
    internal::CalcJacobianSpatialVelocity<T>(
        c.tree(), c.EvalPathKinematics(group), group, p_GoBp_G, *Js_V_ABp_E);
    return;
  }
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const Vector3<T> p_WBp = CalcFramePoseInWorld(context, frame_B) * p_BoBp_B;
  const VectorX<T> q = PositionsIfWrtQDot(system, context, with_respect_to);
  Js_V_ABp_E->setZero();
  AddRelativeJacobianInWorld(ws, X_WB, with_respect_to, q,
                             frame_B.body().index(), frame_A.body().index(),
                             p_WBp, T(1), true, true, *Js_V_ABp_E);
  if (!frame_E.is_world_frame()) {
    ReExpressRows<T>(
        CalcFramePoseInWorld(context, frame_E).rotation().inverse().matrix(),
        *Js_V_ABp_E);
  }
}

template <typename T>
void MultibodyTree<T>::CalcJacobianAngularVelocity(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Frame<T>& frame_A, const Frame<T>& frame_E,
    EigenPtr<Matrix3X<T>> Js_w_AB_E) const {
  const MultibodyTreeSystem<T>& system = CheckJacobianQuery(
      "CalcJacobianAngularVelocity", context, with_respect_to, &frame_B,
      frame_A, frame_E, "Js_w_AB_E", Js_w_AB_E, 3);
  const int n = static_cast<int>(Js_w_AB_E->cols());
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = PositionsIfWrtQDot(system, context, with_respect_to);
  MatrixX<T> J = MatrixX<T>::Zero(3, n);
  AddRelativeJacobianInWorld(ws, X_WB, with_respect_to, q,
                             frame_B.body().index(), frame_A.body().index(),
                             Vector3<T>::Zero(), T(1), true, false, J);
  if (!frame_E.is_world_frame()) {
    J = CalcFramePoseInWorld(context, frame_E).rotation().inverse().matrix() *
        J;
  }
  *Js_w_AB_E = J;
}

template <typename T>
void MultibodyTree<T>::CalcJacobianTranslationalVelocity(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
    const Frame<T>& frame_A, const Frame<T>& frame_E,
    EigenPtr<MatrixX<T>> Js_v_ABi_E) const {
  const int np = static_cast<int>(p_BoBi_B.cols());
  const MultibodyTreeSystem<T>& system = CheckJacobianQuery(
      "CalcJacobianTranslationalVelocity", context, with_respect_to, &frame_B,
      frame_A, frame_E, "Js_v_ABi_E", Js_v_ABi_E, 3 * np);
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = PositionsIfWrtQDot(system, context, with_respect_to);
  const math::RigidTransform<T> X_WF = CalcFramePoseInWorld(context, frame_B);
  Js_v_ABi_E->setZero();
  for (int i = 0; i < np; ++i) {
    const Vector3<T> p_WBi = X_WF * Vector3<T>(p_BoBi_B.col(i));
    AddRelativeJacobianInWorld(ws, X_WB, with_respect_to, q,
                               frame_B.body().index(), frame_A.body().index(),
                               p_WBi, T(1), false, true,
                               Js_v_ABi_E->middleRows(3 * i, 3));
  }
  if (!frame_E.is_world_frame()) {
    ReExpressRows<T>(
        CalcFramePoseInWorld(context, frame_E).rotation().inverse().matrix(),
        *Js_v_ABi_E);
  }
}

template <typename T>
void MultibodyTree<T>::CalcJacobianPositionVector(
    const systems::Context<T>& context, const Frame<T>& frame_B,
    const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B, const Frame<T>& frame_A,
    const Frame<T>& frame_E, EigenPtr<MatrixX<T>> Jq_p_AoBi_E) const {
  const char* kMethod = "CalcJacobianPositionVector";
  CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "Jq_p_AoBi_E", Jq_p_AoBi_E);
  ThrowIfWrongShape(kMethod, "Jq_p_AoBi_E", Jq_p_AoBi_E->rows(),
                    Jq_p_AoBi_E->cols(), 3 * static_cast<int>(p_BoBi_B.cols()),
                    num_positions());
  // ᴬ∂p_AoBi/∂q = Jq̇_v_ABi: the velocity of Bi in A is ᴬd/dt p_AoBi.
  CalcJacobianTranslationalVelocity(context, JacobianWrtVariable::kQDot,
                                    frame_B, p_BoBi_B, frame_A, frame_E,
                                    Jq_p_AoBi_E);
}

template <typename T>
void MultibodyTree<T>::CalcJacobianCenterOfMassTranslationalVelocity(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_A, const Frame<T>& frame_E,
    EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const {
  std::vector<ModelInstanceIndex> all = GetModelInstanceIndices();
  CalcJacobianCenterOfMassTranslationalVelocity(context, all, with_respect_to,
                                                frame_A, frame_E, Js_v_ACcm_E);
}

template <typename T>
void MultibodyTree<T>::CalcJacobianCenterOfMassTranslationalVelocity(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances,
    JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
    const Frame<T>& frame_E, EigenPtr<Matrix3X<T>> Js_v_ACcm_E) const {
  const char* kMethod = "CalcJacobianCenterOfMassTranslationalVelocity";
  const MultibodyTreeSystem<T>& system =
      CheckJacobianQuery(kMethod, context, with_respect_to, nullptr, frame_A,
                         frame_E, "Js_v_ACcm_E", Js_v_ACcm_E, 3);
  const int n = static_cast<int>(Js_v_ACcm_E->cols());
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const TreeParameters<T>& params = system.GetParameters(context);
  const T total_mass = CheckedSystemMass(kMethod, bodies, topology_, params);
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = PositionsIfWrtQDot(system, context, with_respect_to);
  MatrixX<T> J = MatrixX<T>::Zero(3, n);
  for (BodyIndex b : bodies) {
    const int m = topology_.body_to_mobod(b);
    const T& mass = params.mobods[m].mass;
    if (ExtractDoubleOrThrow(mass) == 0) continue;
    const Vector3<T> p_WBcm = X_WB[b] * params.mobods[m].p_BoBcm_B;
    AddRelativeJacobianInWorld(ws, X_WB, with_respect_to, q, b,
                               frame_A.body().index(), p_WBcm,
                               mass / total_mass, false, true, J);
  }
  if (!frame_E.is_world_frame()) {
    J = CalcFramePoseInWorld(context, frame_E).rotation().inverse().matrix() *
        J;
  }
  *Js_v_ACcm_E = J;
}

// ------------------------------------------------------------ bias terms

template <typename T>
SpatialAcceleration<T> MultibodyTree<T>::CalcBiasSpatialAcceleration(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
    const Frame<T>& frame_A, const Frame<T>& frame_E) const {
  const char* kMethod = "CalcBiasSpatialAcceleration";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_B);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfQDot(kMethod, with_respect_to);
  const TreeWorkspace<T>& ws = system.EvalVelocityKinematics(context);
  const int mB = topology_.body_to_mobod(frame_B.body().index());
  const int mA = topology_.body_to_mobod(frame_A.body().index());
  const Vector3<T> p_WBp = CalcFramePoseInWorld(context, frame_B) * p_BoBp_B;
  const Vector6<T> A_WBp =
      CalcBiasAccelerationOfPointInWorld(compiled_, ws, mB, p_WBp);
  Vector3<T> alpha = A_WBp.template head<3>();
  Vector3<T> a = A_WBp.template tail<3>();
  if (mA != 0) {
    // Acceleration of Bp in A from those in W (Coriolis): with Ap the point
    // of A at Bp, α_AB = α_WB − α_WA − w_WA × w_AB and
    // a_ABp = a_WBp − a_WAp − 2·w_WA × v_ABp.
    const Vector6<T> A_WAp =
        CalcBiasAccelerationOfPointInWorld(compiled_, ws, mA, p_WBp);
    const Vector6<T> V_WB = GetSpatialVelocityInWorld(ws, mB);
    const Vector6<T> V_WA = GetSpatialVelocityInWorld(ws, mA);
    const Vector3<T> w_WB = V_WB.template head<3>();
    const Vector3<T> w_WA = V_WA.template head<3>();
    const Vector3<T> v_WBp =
        V_WB.template tail<3>() + w_WB.cross(Vector3<T>(p_WBp - ws.p_WB[mB]));
    const Vector3<T> v_WAp =
        V_WA.template tail<3>() + w_WA.cross(Vector3<T>(p_WBp - ws.p_WB[mA]));
    const Vector3<T> w_AB = w_WB - w_WA;
    alpha = alpha - A_WAp.template head<3>() - w_WA.cross(w_AB);
    a = a - A_WAp.template tail<3>() -
        T(2) * w_WA.cross(Vector3<T>(v_WBp - v_WAp));
  }
  SpatialAcceleration<T> A(alpha, a);
  if (!frame_E.is_world_frame()) {
    A = CalcFramePoseInWorld(context, frame_E).rotation().inverse() * A;
  }
  return A;
}

template <typename T>
Matrix3X<T> MultibodyTree<T>::CalcBiasTranslationalAcceleration(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Eigen::Ref<const Matrix3X<T>>& p_BoBi_B,
    const Frame<T>& frame_A, const Frame<T>& frame_E) const {
  CheckContext("CalcBiasTranslationalAcceleration", context);
  ThrowIfQDot("CalcBiasTranslationalAcceleration", with_respect_to);
  Matrix3X<T> result(3, p_BoBi_B.cols());
  for (int i = 0; i < p_BoBi_B.cols(); ++i) {
    result.col(i) =
        CalcBiasSpatialAcceleration(context, with_respect_to, frame_B,
                                    p_BoBi_B.col(i), frame_A, frame_E)
            .translational();
  }
  return result;
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcBiasCenterOfMassTranslationalAcceleration(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_A, const Frame<T>& frame_E) const {
  return CalcBiasCenterOfMassTranslationalAcceleration(
      context, GetModelInstanceIndices(), with_respect_to, frame_A, frame_E);
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcBiasCenterOfMassTranslationalAcceleration(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances,
    JacobianWrtVariable with_respect_to, const Frame<T>& frame_A,
    const Frame<T>& frame_E) const {
  const char* kMethod = "CalcBiasCenterOfMassTranslationalAcceleration";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfQDot(kMethod, with_respect_to);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const TreeParameters<T>& params = system.GetParameters(context);
  const T total_mass = CheckedSystemMass(kMethod, bodies, topology_, params);
  Vector3<T> sum = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const int m = topology_.body_to_mobod(b);
    const T& mass = params.mobods[m].mass;
    if (ExtractDoubleOrThrow(mass) == 0) continue;
    sum += mass * CalcBiasSpatialAcceleration(
                      context, with_respect_to, bodies_[b]->body_frame(),
                      params.mobods[m].p_BoBcm_B, frame_A, frame_E)
                      .translational();
  }
  return sum / total_mass;
}

}  // namespace ossa::multibody::internal

// The members defined in this file, for the default scalars (the class's
// other members are instantiated in multibody_tree.cc; each explicit
// instantiation emits only the members defined in its translation unit).
#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::internal::MultibodyTree);
#endif
