// MultibodyTree<T>: the Context-level kinematics queries (section "Kinematics
// queries (Context)" of multibody_tree.h): element parameters, body and frame
// poses, velocities and accelerations, and the q̇ ↔ v maps. Jacobians and
// bias terms are in multibody_tree_jacobians.cc, mass properties and momentum
// in multibody_tree_mass_properties.cc, selector matrices, joint locking and
// random states in multibody_tree_selectors.cc.
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

// ------------------------------------------------------------ checks

template <typename T>
const MultibodyTreeSystem<T>& MultibodyTree<T>::CheckContext(
    const char* method, const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system = tree_system(method);
  system.ValidateContext(context);
  return system;
}

template <typename T>
void MultibodyTree<T>::CheckFrame(const char* method,
                                  const Frame<T>& frame) const {
  ThrowIfNotInTree(method, "frame", frame.parent_tree() == this, frame.name());
}

template <typename T>
void MultibodyTree<T>::CheckBody(const char* method,
                                 const RigidBody<T>& body) const {
  ThrowIfNotInTree(method, "body", body.parent_tree() == this, body.name());
}

template <typename T>
std::vector<BodyIndex> MultibodyTree<T>::BodiesOfInstances(
    const char* method,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  std::set<int> instances;
  for (ModelInstanceIndex m : model_instances) {
    ThrowIfInvalidInstance(method, m);
    instances.insert(int{m});
  }
  std::vector<BodyIndex> result;
  for (int b = 1; b < num_bodies(); ++b) {
    if (instances.count(int{bodies_[b]->model_instance()}) > 0)
      result.push_back(BodyIndex(b));
  }
  return result;
}

// ------------------------------------------------------------ element params

template <typename T>
ElementParameters<T> MultibodyTree<T>::MakeDefaultElementParameters() const {
  ElementParameters<T> p;
  p.X_PF.resize(num_frames());
  p.X_BF.resize(num_frames());
  for (int f = 0; f < num_frames(); ++f) {
    const Frame<T>& frame = *frames_[f];
    if (const auto* fixed = dynamic_cast<const FixedOffsetFrame<T>*>(&frame)) {
      p.X_PF[f] = fixed->default_X_PF().template cast<T>();
    }
    p.X_BF[f] = frame.GetFixedPoseInBodyFrame().template cast<T>();
  }
  p.joint_locked.assign(joints_.size(), 0);  // by JointIndex
  p.force_element_parameters.resize(num_force_elements());
  for (int e = 0; e < num_force_elements(); ++e) {
    p.force_element_parameters[e] = force_elements_[e]->MakeDefaultParameters();
  }
  const int num_actuator_indices = static_cast<int>(actuators_.size());
  p.rotor_inertia = VectorX<T>::Zero(num_actuator_indices);
  p.gear_ratio = VectorX<T>::Ones(num_actuator_indices);
  for (int a = 0; a < num_actuator_indices; ++a) {
    if (actuators_[a] == nullptr) continue;  // removed
    p.rotor_inertia[a] = actuators_[a]->default_rotor_inertia();
    p.gear_ratio[a] = actuators_[a]->default_gear_ratio();
  }
  return p;
}

template <typename T>
void MultibodyTree<T>::UpdateFramePoses(ElementParameters<T>* elements,
                                        TreeParameters<T>* parameters) const {
  // A fixed-offset frame's parent was in the tree before it, so ascending
  // index order sees every parent's X_BF before its children's.
  for (int f = 0; f < num_frames(); ++f) {
    const Frame<T>& frame = *frames_[f];
    if (const auto* fixed = dynamic_cast<const FixedOffsetFrame<T>*>(&frame)) {
      elements->X_BF[f] =
          elements->X_BF[fixed->parent_frame().index()] * elements->X_PF[f];
    } else {
      elements->X_BF[f] = math::RigidTransform<T>::Identity();
    }
  }
  // The compiled X_PF and X_BM of each mobod come from its joint's frames
  // (as Compile() does from the default values).
  for (int m = 1; m < topology_.num_mobods(); ++m) {
    const TopologyMobod& mobod = topology_.get_mobod(MobodIndex(m));
    const Joint<T>& joint = *joints_[mobod.joint];
    const math::RigidTransform<T>& X_JpF =
        elements->X_BF[joint.frame_on_parent().index()];
    const math::RigidTransform<T>& X_JcM =
        elements->X_BF[joint.frame_on_child().index()];
    math::RigidTransform<T> X_PF = mobod.reversed ? X_JcM : X_JpF;
    const math::RigidTransform<T> X_BM = mobod.reversed ? X_JpF : X_JcM;
    if (joint.kind() == MobilizerKind::kWeld) {
      const math::RigidTransform<T> X_FM =
          dynamic_cast<const WeldJoint<T>&>(joint).X_FM().template cast<T>();
      X_PF = X_PF * (mobod.reversed ? X_FM.inverse() : X_FM);
    }
    MobodParameters<T>& p = parameters->mobods[m];
    p.X_PF.R = X_PF.rotation().matrix();
    p.X_PF.p = X_PF.translation();
    p.X_BM.R = X_BM.rotation().matrix();
    p.X_BM.p = X_BM.translation();
  }
}

template <typename T>
const math::RigidTransform<T>& MultibodyTree<T>::GetFramePoseInBody(
    const systems::Context<T>& context, const Frame<T>& frame_F) const {
  const char* kMethod = "CalcPoseInBodyFrame";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  return system.GetElementParameters(context).X_BF[frame_F.index()];
}

template <typename T>
const math::RigidTransform<T>& MultibodyTree<T>::GetFramePoseInParent(
    const systems::Context<T>& context, const Frame<T>& frame_F) const {
  const char* kMethod = "GetPoseInParentFrame";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  return system.GetElementParameters(context).X_PF[frame_F.index()];
}

template <typename T>
void MultibodyTree<T>::SetFramePoseInParent(
    systems::Context<T>* context, const Frame<T>& frame_F,
    const math::RigidTransform<T>& X_PF) const {
  const char* kMethod = "SetPoseInParentFrame";
  ThrowIfNull(kMethod, "context", context);
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, *context);
  CheckFrame(kMethod, frame_F);
  if (dynamic_cast<const FixedOffsetFrame<T>*>(&frame_F) == nullptr)
      [[unlikely]] {
    ThrowLogicError(
        "{}(): frame '{}' is a body frame; only a FixedOffsetFrame has a "
        "pose in a parent frame that can be set.",
        kMethod, frame_F.name());
  }
  ElementParameters<T>& elements = system.GetMutableElementParameters(context);
  elements.X_PF[frame_F.index()] = X_PF;
  UpdateFramePoses(&elements, &system.GetMutableParameters(context));
}

// ------------------------------------------------------------ body queries

template <typename T>
const math::RigidTransform<T>& MultibodyTree<T>::EvalBodyPoseInWorld(
    const systems::Context<T>& context, const RigidBody<T>& body_B) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("EvalBodyPoseInWorld", context);
  CheckBody("EvalBodyPoseInWorld", body_B);
  return system.EvalBodyPoseInWorld(context, body_B.index());
}

template <typename T>
const SpatialVelocity<T>& MultibodyTree<T>::EvalBodySpatialVelocityInWorld(
    const systems::Context<T>& context, const RigidBody<T>& body_B) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("EvalBodySpatialVelocityInWorld", context);
  CheckBody("EvalBodySpatialVelocityInWorld", body_B);
  return system.EvalBodySpatialVelocitiesInWorld(context)[body_B.index()];
}

template <typename T>
const SpatialAcceleration<T>&
MultibodyTree<T>::EvalBodySpatialAccelerationInWorld(
    const systems::Context<T>& context, const RigidBody<T>& body_B) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("EvalBodySpatialAccelerationInWorld", context);
  CheckBody("EvalBodySpatialAccelerationInWorld", body_B);
  return system.EvalBodySpatialAccelerationsInWorld(context)[body_B.index()];
}

template <typename T>
void MultibodyTree<T>::CalcAllBodyPosesInWorld(
    const systems::Context<T>& context,
    std::vector<math::RigidTransform<T>>* X_WB) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("CalcAllBodyPosesInWorld", context);
  ThrowIfNull("CalcAllBodyPosesInWorld", "X_WB", X_WB);
  *X_WB = system.EvalBodyPosesInWorld(context);
}

template <typename T>
void MultibodyTree<T>::CalcAllBodySpatialVelocitiesInWorld(
    const systems::Context<T>& context,
    std::vector<SpatialVelocity<T>>* V_WB) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("CalcAllBodySpatialVelocitiesInWorld", context);
  ThrowIfNull("CalcAllBodySpatialVelocitiesInWorld", "V_WB", V_WB);
  *V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
}

template <typename T>
void MultibodyTree<T>::CalcSpatialAccelerationsFromVdot(
    const systems::Context<T>& context, const VectorX<T>& known_vdot,
    std::vector<SpatialAcceleration<T>>* A_WB_array) const {
  const char* kMethod = "CalcSpatialAccelerationsFromVdot";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "A_WB_array", A_WB_array);
  ThrowIfWrongSize(kMethod, "A_WB_array", num_bodies(),
                   static_cast<int>(A_WB_array->size()));
  ThrowIfWrongSize(kMethod, "known_vdot", num_velocities(), known_vdot.size());
  const TreeWorkspace<T>& ws = system.EvalVelocityKinematics(context);
  std::vector<Vector6<T>> A_WM_W;
  CalcSpatialAccelerationsInWorld<T>(compiled_, ws, known_vdot, &A_WM_W);
  for (int body = 0; body < num_bodies(); ++body) {
    const int m = topology_.body_to_mobod(BodyIndex(body));
    (*A_WB_array)[body] = SpatialAcceleration<T>(A_WM_W[m]);
  }
}

// ------------------------------------------------------------ frames

template <typename T>
math::RigidTransform<T> MultibodyTree<T>::CalcFramePoseInWorld(
    const systems::Context<T>& context, const Frame<T>& frame_F) const {
  const char* kMethod = "CalcPoseInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  const math::RigidTransform<T>& X_WB =
      system.EvalBodyPosesInWorld(context)[frame_F.body().index()];
  if (frame_F.is_body_frame()) return X_WB;
  return X_WB * system.GetElementParameters(context).X_BF[frame_F.index()];
}

template <typename T>
math::RigidTransform<T> MultibodyTree<T>::CalcRelativeTransform(
    const systems::Context<T>& context, const Frame<T>& frame_A,
    const Frame<T>& frame_B) const {
  CheckContext("CalcRelativeTransform", context);
  CheckFrame("CalcRelativeTransform", frame_A);
  CheckFrame("CalcRelativeTransform", frame_B);
  const math::RigidTransform<T> X_WA = CalcFramePoseInWorld(context, frame_A);
  const math::RigidTransform<T> X_WB = CalcFramePoseInWorld(context, frame_B);
  return X_WA.InvertAndCompose(X_WB);
}

template <typename T>
math::RotationMatrix<T> MultibodyTree<T>::CalcRelativeRotationMatrix(
    const systems::Context<T>& context, const Frame<T>& frame_A,
    const Frame<T>& frame_B) const {
  CheckContext("CalcRelativeRotationMatrix", context);
  CheckFrame("CalcRelativeRotationMatrix", frame_A);
  CheckFrame("CalcRelativeRotationMatrix", frame_B);
  return CalcFramePoseInWorld(context, frame_A)
      .rotation()
      .InvertAndCompose(CalcFramePoseInWorld(context, frame_B).rotation());
}

template <typename T>
void MultibodyTree<T>::CalcPointsPositions(
    const systems::Context<T>& context, const Frame<T>& frame_B,
    const Eigen::Ref<const MatrixX<T>>& p_BQi, const Frame<T>& frame_A,
    EigenPtr<MatrixX<T>> p_AQi) const {
  const char* kMethod = "CalcPointsPositions";
  CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_B);
  CheckFrame(kMethod, frame_A);
  ThrowIfNull(kMethod, "p_AQi", p_AQi);
  if (p_BQi.rows() != 3) [[unlikely]] {
    ThrowLogicError("{}(): p_BQi must have 3 rows but it has {}.", kMethod,
                    p_BQi.rows());
  }
  ThrowIfWrongShape(kMethod, "p_AQi", p_AQi->rows(), p_AQi->cols(), 3,
                    p_BQi.cols());
  const math::RigidTransform<T> X_AB =
      CalcRelativeTransform(context, frame_A, frame_B);
  const Matrix3<T>& R = X_AB.rotation().matrix();
  *p_AQi = (R * p_BQi).colwise() + X_AB.translation();
}

template <typename T>
SpatialVelocity<T> MultibodyTree<T>::CalcFrameSpatialVelocityInWorld(
    const systems::Context<T>& context, const Frame<T>& frame_F) const {
  const char* kMethod = "CalcSpatialVelocityInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  const BodyIndex b = frame_F.body().index();
  const SpatialVelocity<T>& V_WB =
      system.EvalBodySpatialVelocitiesInWorld(context)[b];
  if (frame_F.is_body_frame()) return V_WB;
  const math::RigidTransform<T>& X_WB = system.EvalBodyPosesInWorld(context)[b];
  const Vector3<T> p_BoFo_W =
      X_WB.rotation() *
      system.GetElementParameters(context).X_BF[frame_F.index()].translation();
  return V_WB.Shift(p_BoFo_W);
}

template <typename T>
SpatialVelocity<T> MultibodyTree<T>::CalcFrameSpatialVelocity(
    const systems::Context<T>& context, const Frame<T>& frame_F,
    const Frame<T>& frame_M, const Frame<T>& frame_E) const {
  const char* kMethod = "CalcSpatialVelocity";
  CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  CheckFrame(kMethod, frame_M);
  CheckFrame(kMethod, frame_E);
  const SpatialVelocity<T> V_WF =
      CalcFrameSpatialVelocityInWorld(context, frame_F);
  const SpatialVelocity<T> V_WM =
      CalcFrameSpatialVelocityInWorld(context, frame_M);
  const Vector3<T> p_MoFo_W =
      CalcFramePoseInWorld(context, frame_F).translation() -
      CalcFramePoseInWorld(context, frame_M).translation();
  // V_WF = V_WMf + V_MF with Mf the point of M at Fo.
  const SpatialVelocity<T> V_MF_W = V_WF - V_WM.Shift(p_MoFo_W);
  const math::RotationMatrix<T> R_EW =
      CalcFramePoseInWorld(context, frame_E).rotation().inverse();
  return R_EW * V_MF_W;
}

template <typename T>
SpatialAcceleration<T> MultibodyTree<T>::CalcFrameSpatialAccelerationInWorld(
    const systems::Context<T>& context, const Frame<T>& frame_F,
    const std::vector<SpatialAcceleration<T>>& A_WB_array) const {
  const char* kMethod = "CalcSpatialAccelerationInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  ThrowIfWrongSize(kMethod, "A_WB_array", num_bodies(),
                   static_cast<int>(A_WB_array.size()));
  const BodyIndex b = frame_F.body().index();
  const SpatialAcceleration<T>& A_WB = A_WB_array[b];
  if (frame_F.is_body_frame()) return A_WB;
  const Vector3<T> w_WB =
      system.EvalBodySpatialVelocitiesInWorld(context)[b].rotational();
  const Vector3<T> p_BoFo_W =
      system.EvalBodyPosesInWorld(context)[b].rotation() *
      system.GetElementParameters(context).X_BF[frame_F.index()].translation();
  return A_WB.Shift(p_BoFo_W, w_WB);
}

template <typename T>
SpatialAcceleration<T> MultibodyTree<T>::CalcFrameSpatialAcceleration(
    const systems::Context<T>& context, const Frame<T>& frame_F,
    const Frame<T>& frame_M, const Frame<T>& frame_E,
    const std::vector<SpatialAcceleration<T>>& A_WB_array) const {
  const char* kMethod = "CalcSpatialAcceleration";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  CheckFrame(kMethod, frame_M);
  CheckFrame(kMethod, frame_E);
  const SpatialAcceleration<T> A_WF =
      CalcFrameSpatialAccelerationInWorld(context, frame_F, A_WB_array);
  const SpatialAcceleration<T> A_WM =
      CalcFrameSpatialAccelerationInWorld(context, frame_M, A_WB_array);
  const SpatialVelocity<T> V_WF =
      CalcFrameSpatialVelocityInWorld(context, frame_F);
  const SpatialVelocity<T> V_WM =
      CalcFrameSpatialVelocityInWorld(context, frame_M);
  const Vector3<T> p_MoFo_W =
      CalcFramePoseInWorld(context, frame_F).translation() -
      CalcFramePoseInWorld(context, frame_M).translation();
  const Vector3<T>& w_WM = V_WM.rotational();
  const SpatialVelocity<T> V_MF_W = V_WF - V_WM.Shift(p_MoFo_W);
  const Vector3<T>& w_MF = V_MF_W.rotational();
  const Vector3<T>& v_MF = V_MF_W.translational();
  // Acceleration of Mf, the point of M coincident with Fo.
  const SpatialAcceleration<T> A_WMf = A_WM.Shift(p_MoFo_W, w_WM);
  const Vector3<T> alpha_MF =
      A_WF.rotational() - A_WM.rotational() - w_WM.cross(w_MF);
  const Vector3<T> a_MF =
      A_WF.translational() - A_WMf.translational() - T(2) * w_WM.cross(v_MF);
  (void)system;
  const math::RotationMatrix<T> R_EW =
      CalcFramePoseInWorld(context, frame_E).rotation().inverse();
  return R_EW * SpatialAcceleration<T>(alpha_MF, a_MF);
}

// ------------------------------------------------------------ q̇ ↔ v

template <typename T>
void MultibodyTree<T>::MapVelocityToQDot(const systems::Context<T>& context,
                                         const Eigen::Ref<const VectorX<T>>& v,
                                         EigenPtr<VectorX<T>> qdot) const {
  const char* kMethod = "MapVelocityToQDot";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "qdot", qdot);
  ThrowIfWrongSize(kMethod, "v", num_velocities(), v.size());
  ThrowIfWrongSize(kMethod, "qdot", num_positions(), qdot->size());
  const VectorX<T> q = system.GetPositions(context);
  internal::MapVelocityToQDot<T>(compiled_, q, v, *qdot);
}

template <typename T>
void MultibodyTree<T>::MapQDotToVelocity(
    const systems::Context<T>& context,
    const Eigen::Ref<const VectorX<T>>& qdot, EigenPtr<VectorX<T>> v) const {
  const char* kMethod = "MapQDotToVelocity";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "v", v);
  ThrowIfWrongSize(kMethod, "qdot", num_positions(), qdot.size());
  ThrowIfWrongSize(kMethod, "v", num_velocities(), v->size());
  const VectorX<T> q = system.GetPositions(context);
  internal::MapQDotToVelocity<T>(compiled_, q, qdot, *v);
}

namespace {

// The block-diagonal sparse matrix of N(q) (nq x nv), or of N⁺(q) (nv x nq)
// when `inverse`: one block per mobilizer, its structural zeros left out.
template <typename T>
Eigen::SparseMatrix<T> AssembleRateMap(const CompiledTree& compiled,
                                       const VectorX<T>& q, bool inverse) {
  std::vector<Eigen::Triplet<T>> triplets;
  for (int i = 1; i < compiled.num_mobods(); ++i) {
    const MobodInfo& b = compiled.mobod(i);
    VisitMobilizerKind(b.kind, [&](auto math_kind) {
      using Math = decltype(math_kind);
      constexpr int nq = Math::kNq, nv = Math::kNv;
      if constexpr (nv > 0) {
        const auto add = [&](const auto& block, int row0, int col0) {
          for (int r = 0; r < block.rows(); ++r)
            for (int c = 0; c < block.cols(); ++c)
              if (block(r, c) != T(0))
                triplets.emplace_back(row0 + r, col0 + c, block(r, c));
        };
        if (inverse) {
          Eigen::Matrix<T, nv, nq> Nplus;
          Math::CalcNplus(b.constants, q.data() + b.q_start, &Nplus);
          add(Nplus, b.v_start, b.q_start);
        } else {
          Eigen::Matrix<T, nq, nv> N;
          Math::CalcN(b.constants, q.data() + b.q_start, &N);
          add(N, b.q_start, b.v_start);
        }
      }
    });
  }
  const int nq = compiled.num_positions(), nv = compiled.num_velocities();
  Eigen::SparseMatrix<T> map(inverse ? nv : nq, inverse ? nq : nv);
  map.setFromTriplets(triplets.begin(), triplets.end());
  return map;
}

}  // namespace

template <typename T>
Eigen::SparseMatrix<T> MultibodyTree<T>::MakeVelocityToQDotMap(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("MakeVelocityToQDotMap", context);
  return AssembleRateMap<T>(compiled_, system.GetPositions(context), false);
}

template <typename T>
Eigen::SparseMatrix<T> MultibodyTree<T>::MakeQDotToVelocityMap(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("MakeQDotToVelocityMap", context);
  return AssembleRateMap<T>(compiled_, system.GetPositions(context), true);
}

template <typename T>
bool MultibodyTree<T>::IsVelocityEqualToQDot() const {
  ThrowIfNotFinalized("IsVelocityEqualToQDot");
  for (const MobodInfo& b : compiled_.mobods()) {
    switch (b.kind) {
      case MobilizerKind::kRpyBall:
      case MobilizerKind::kRpyFloating:
      case MobilizerKind::kQuaternionFloating:
      case MobilizerKind::kReversedRpyBall:
      case MobilizerKind::kReversedRpyFloating:
      case MobilizerKind::kReversedQuaternionFloating:
        return false;
      default:
        break;
    }
  }
  return true;
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
