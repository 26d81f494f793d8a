// MultibodyTree<T>: the Context-level kinematics queries (section "Kinematics
// queries (Context)" of multibody_tree.h): body and frame poses, velocities
// and accelerations, Jacobians and their bias terms, the q̇ ↔ v maps, mass
// properties and momentum, selector matrices, joint locking and random
// states.
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
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"
#include "ossa/multibody/core/tree_kernels.h"
#include "ossa/systems/framework/state.h"

namespace ossa::multibody::internal {

namespace {

void ThrowIfWrongSize(const char* method, const char* what, int expected,
                      int actual) {
  if (expected != actual) [[unlikely]] {
    ThrowLogicError("{}(): {} has size {} but size {} was expected.", method,
                    what, actual, expected);
  }
}

void ThrowIfWrongShape(const char* method, const char* what, int rows, int cols,
                       int expected_rows, int expected_cols) {
  if (rows != expected_rows || cols != expected_cols) [[unlikely]] {
    ThrowLogicError("{}(): {} is {}x{} but {}x{} was expected.", method, what,
                    rows, cols, expected_rows, expected_cols);
  }
}

template <typename Ptr>
void ThrowIfNull(const char* method, const char* what, const Ptr& ptr) {
  if (ptr == nullptr) [[unlikely]] {
    ThrowLogicError("{}(): the output {} is a nullptr.", method, what);
  }
}

void ThrowIfQDot(const char* method, JacobianWrtVariable wrt) {
  if (wrt == JacobianWrtVariable::kQDot) [[unlikely]] {
    ThrowLogicError(
        "{}(): with_respect_to = JacobianWrtVariable::kQDot is not supported "
        "for acceleration bias terms; use JacobianWrtVariable::kV.",
        method);
  }
}

// A motion vector of the parent (at Po, in P) re-expressed in B at Bo.
template <typename T>
Vector6<T> MotionToChild(const Matrix3<T>& R_PB, const Vector3<T>& p_PB,
                         const Vector6<T>& V_P) {
  Vector6<T> V;
  const Vector3<T> w = V_P.template head<3>();
  V.template head<3>() = R_PB.transpose() * w;
  const Vector3<T> v = V_P.template tail<3>() + w.cross(p_PB);
  V.template tail<3>() = R_PB.transpose() * v;
  return V;
}

// Classical A_WB_W at Bo from the Plücker a_B (in B) and V_WB_B.
template <typename T>
Vector6<T> ClassicalInWorld(const Matrix3<T>& R_WB, const Vector6<T>& a_B,
                            const Vector6<T>& V_B) {
  const Vector3<T> w = V_B.template head<3>();
  const Vector3<T> a_Bo =
      a_B.template tail<3>() + w.cross(Vector3<T>(V_B.template tail<3>()));
  Vector6<T> A;
  A.template head<3>() = R_WB * a_B.template head<3>();
  A.template tail<3>() = R_WB * a_Bo;
  return A;
}

// Plücker acceleration a_B with v̇ = 0 of `mobod` (velocity-product terms
// only), along its root path: a_B = X_BP·a_P + c_B.
template <typename T>
Vector6<T> BiasAccelerationOnPath(const CompiledTree& tree,
                                  const TreeWorkspace<T>& ws, int mobod) {
  if (mobod == 0) return Vector6<T>::Zero();
  // The path from the root down to mobod (depth is small; no recursion).
  int path[256];
  int depth = 0;
  std::vector<int> long_path;
  for (int k = mobod; k > 0; k = tree.mobod(k).parent) {
    if (depth < 256) {
      path[depth++] = k;
    } else {
      long_path.push_back(k);
    }
  }
  Vector6<T> a = Vector6<T>::Zero();
  for (auto it = long_path.rbegin(); it != long_path.rend(); ++it) {
    a = MotionToChild(ws.R_PB[*it], ws.p_PB[*it], a) + ws.c_B[*it];
  }
  for (int i = depth - 1; i >= 0; --i) {
    const int k = path[i];
    a = MotionToChild(ws.R_PB[k], ws.p_PB[k], a) + ws.c_B[k];
  }
  return a;
}

// Classical bias acceleration in W (v̇ = 0) of the point P of `mobod`'s body
// at p_WP: [α; a_Bo + α × r + w × (w × r)], r = p_WP − p_WBo.
template <typename T>
Vector6<T> BiasAccelerationOfPointInWorld(const CompiledTree& tree,
                                          const TreeWorkspace<T>& ws, int mobod,
                                          const Vector3<T>& p_WP) {
  if (mobod == 0) return Vector6<T>::Zero();
  const Vector6<T> A_WB =
      ClassicalInWorld(ws.R_WB[mobod], BiasAccelerationOnPath(tree, ws, mobod),
                       ws.V_WB_B[mobod]);
  const Vector3<T> w = ws.R_WB[mobod] * ws.V_WB_B[mobod].template head<3>();
  const Vector3<T> alpha = A_WB.template head<3>();
  const Vector3<T> r = p_WP - ws.p_WB[mobod];
  Vector6<T> A;
  A.template head<3>() = alpha;
  A.template tail<3>() = A_WB.template tail<3>() + alpha.cross(r) +
                         w.cross(Vector3<T>(w.cross(r)));
  return A;
}

// Rotates each 3-row block of J by R.
template <typename T>
void ReExpressRows(const Matrix3<T>& R, Eigen::Ref<MatrixX<T>> J) {
  for (int r = 0; r < J.rows(); r += 3) {
    J.template middleRows<3>(r) = (R * J.template middleRows<3>(r)).eval();
  }
}

}  // namespace

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
  if (frame.parent_tree() != this) [[unlikely]] {
    ThrowLogicError(
        "{}(): frame '{}' does not belong to this model (it was added to "
        "another MultibodyTree/MultibodyPlant, or to none).",
        method, frame.name());
  }
}

template <typename T>
void MultibodyTree<T>::CheckBody(const char* method,
                                 const RigidBody<T>& body) const {
  if (body.parent_tree() != this) [[unlikely]] {
    ThrowLogicError(
        "{}(): body '{}' does not belong to this model (it was added to "
        "another MultibodyTree/MultibodyPlant, or to none).",
        method, body.name());
  }
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
  const int n = compiled_.num_mobods();
  // Plücker a_B = X_BP·a_P + H_B·v̇_B + c_B, base to tip.
  std::vector<Vector6<T>> a(n, Vector6<T>::Zero());
  for (int i = 1; i < n; ++i) {
    const MobodInfo& b = compiled_.mobod(i);
    a[i] = MotionToChild(ws.R_PB[i], ws.p_PB[i], a[b.parent]) + ws.c_B[i];
    if (b.nv > 0) {
      a[i] += ws.H_B.middleCols(b.v_start, b.nv) *
              known_vdot.segment(b.v_start, b.nv);
    }
  }
  for (int body = 0; body < num_bodies(); ++body) {
    const int m = topology_.body_to_mobod(BodyIndex(body));
    (*A_WB_array)[body] = m == 0 ? SpatialAcceleration<T>::Zero()
                                 : SpatialAcceleration<T>(ClassicalInWorld(
                                       ws.R_WB[m], a[m], ws.V_WB_B[m]));
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

// ------------------------------------------------------------ Jacobians

template <typename T>
void MultibodyTree<T>::AddRelativeJacobianInWorld(
    const TreeWorkspace<T>& ws, const std::vector<math::RigidTransform<T>>&,
    JacobianWrtVariable wrt, const VectorX<T>& q, BodyIndex body_B,
    BodyIndex body_A, const Vector3<T>& p_WBp, const T& weight, bool angular,
    bool translational, Eigen::Ref<MatrixX<T>> J) const {
  const int mobod_B = topology_.body_to_mobod(body_B);
  const int mobod_A = topology_.body_to_mobod(body_A);
  // Rows: [w; v] when both, else the one asked for in rows 0-2.
  const int v_row = angular ? 3 : 0;
  auto add_path = [&](int mobod, const T& scale) {
    for (int k = mobod; k > 0; k = compiled_.mobod(k).parent) {
      const MobodInfo& b = compiled_.mobod(k);
      if (b.nv == 0) continue;
      const Vector3<T> p_KoP_W = p_WBp - ws.p_WB[k];
      Eigen::Matrix<T, 6, 6> Jk;
      for (int c = 0; c < b.nv; ++c) {
        const auto h = ws.H_B.col(b.v_start + c);
        const Vector3<T> w = ws.R_WB[k] * h.template head<3>();
        const Vector3<T> v =
            ws.R_WB[k] * h.template tail<3>() + w.cross(p_KoP_W);
        Jk.col(c) << scale * w, scale * v;
      }
      auto add_columns = [&](int col_start, const auto& cols) {
        const int n = static_cast<int>(cols.cols());
        if (angular) {
          J.block(0, col_start, 3, n) += cols.template topRows<3>();
        }
        if (translational) {
          J.block(v_row, col_start, 3, n) += cols.template bottomRows<3>();
        }
      };
      if (wrt == JacobianWrtVariable::kV) {
        add_columns(b.v_start, Jk.leftCols(b.nv));
      } else {
        VisitMobilizerKind(b.kind, [&](auto math_kind) {
          using Math = decltype(math_kind);
          constexpr int nq = Math::kNq, nv = Math::kNv;
          if constexpr (nv > 0) {
            Eigen::Matrix<T, nv, nq> Nplus;
            Math::CalcNplus(b.constants, q.data() + b.q_start, &Nplus);
            const Eigen::Matrix<T, 6, nq> Jq =
                Jk.template leftCols<nv>() * Nplus;
            add_columns(b.q_start, Jq);
          }
        });
      }
    }
  };
  add_path(mobod_B, weight);
  if (mobod_A != 0) add_path(mobod_A, -weight);
}

template <typename T>
void MultibodyTree<T>::CalcJacobianSpatialVelocity(
    const systems::Context<T>& context, JacobianWrtVariable with_respect_to,
    const Frame<T>& frame_B, const Eigen::Ref<const Vector3<T>>& p_BoBp_B,
    const Frame<T>& frame_A, const Frame<T>& frame_E,
    EigenPtr<MatrixX<T>> Js_V_ABp_E) const {
  const char* kMethod = "CalcJacobianSpatialVelocity";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_B);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfNull(kMethod, "Js_V_ABp_E", Js_V_ABp_E);
  const int n = with_respect_to == JacobianWrtVariable::kV ? num_velocities()
                                                           : num_positions();
  ThrowIfWrongShape(kMethod, "Js_V_ABp_E", Js_V_ABp_E->rows(),
                    Js_V_ABp_E->cols(), 6, n);
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
  const VectorX<T> q = with_respect_to == JacobianWrtVariable::kQDot
                           ? system.GetPositions(context)
                           : VectorX<T>();
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
  const char* kMethod = "CalcJacobianAngularVelocity";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_B);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfNull(kMethod, "Js_w_AB_E", Js_w_AB_E);
  const int n = with_respect_to == JacobianWrtVariable::kV ? num_velocities()
                                                           : num_positions();
  ThrowIfWrongShape(kMethod, "Js_w_AB_E", Js_w_AB_E->rows(), Js_w_AB_E->cols(),
                    3, n);
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = with_respect_to == JacobianWrtVariable::kQDot
                           ? system.GetPositions(context)
                           : VectorX<T>();
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
  const char* kMethod = "CalcJacobianTranslationalVelocity";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_B);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfNull(kMethod, "Js_v_ABi_E", Js_v_ABi_E);
  const int n = with_respect_to == JacobianWrtVariable::kV ? num_velocities()
                                                           : num_positions();
  const int np = static_cast<int>(p_BoBi_B.cols());
  ThrowIfWrongShape(kMethod, "Js_v_ABi_E", Js_v_ABi_E->rows(),
                    Js_v_ABi_E->cols(), 3 * np, n);
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = with_respect_to == JacobianWrtVariable::kQDot
                           ? system.GetPositions(context)
                           : VectorX<T>();
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

namespace {
template <typename T>
T MassOf(const TreeParameters<T>& params, int mobod) {
  return params.mobods[mobod].mass;
}
}  // namespace

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
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_A);
  CheckFrame(kMethod, frame_E);
  ThrowIfNull(kMethod, "Js_v_ACcm_E", Js_v_ACcm_E);
  const int n = with_respect_to == JacobianWrtVariable::kV ? num_velocities()
                                                           : num_positions();
  ThrowIfWrongShape(kMethod, "Js_v_ACcm_E", Js_v_ACcm_E->rows(),
                    Js_v_ACcm_E->cols(), 3, n);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  if (bodies.empty()) [[unlikely]] {
    ThrowLogicError(
        "{}(): there are no bodies other than the world body in the selected "
        "model instances, so there is no center of mass.",
        kMethod);
  }
  const TreeParameters<T>& params = system.GetParameters(context);
  T total_mass(0);
  for (BodyIndex b : bodies)
    total_mass += MassOf(params, topology_.body_to_mobod(b));
  if (!(ExtractDoubleOrThrow(total_mass) > 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the total mass of the selected bodies must be positive (it is "
        "{}).",
        kMethod, ExtractDoubleOrThrow(total_mass));
  }
  const TreeWorkspace<T>& ws = system.EvalPositionKinematics(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const VectorX<T> q = with_respect_to == JacobianWrtVariable::kQDot
                           ? system.GetPositions(context)
                           : VectorX<T>();
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
      BiasAccelerationOfPointInWorld(compiled_, ws, mB, p_WBp);
  Vector3<T> alpha = A_WBp.template head<3>();
  Vector3<T> a = A_WBp.template tail<3>();
  if (mA != 0) {
    // Acceleration of Bp in A from those in W (Coriolis): with Ap the point
    // of A at Bp, α_AB = α_WB − α_WA − w_WA × w_AB and
    // a_ABp = a_WBp − a_WAp − 2·w_WA × v_ABp.
    const Vector6<T> A_WAp =
        BiasAccelerationOfPointInWorld(compiled_, ws, mA, p_WBp);
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
  if (bodies.empty()) [[unlikely]] {
    ThrowLogicError(
        "{}(): there are no bodies other than the world body in the selected "
        "model instances, so there is no center of mass.",
        kMethod);
  }
  const TreeParameters<T>& params = system.GetParameters(context);
  T total_mass(0);
  for (BodyIndex b : bodies)
    total_mass += MassOf(params, topology_.body_to_mobod(b));
  if (!(ExtractDoubleOrThrow(total_mass) > 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the total mass of the selected bodies must be positive (it is "
        "{}).",
        kMethod, ExtractDoubleOrThrow(total_mass));
  }
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

// ------------------------------------------------------------ mass properties

template <typename T>
T MultibodyTree<T>::CalcTotalMass(const systems::Context<T>& context) const {
  return CalcTotalMass(context, GetModelInstanceIndices());
}

template <typename T>
T MultibodyTree<T>::CalcTotalMass(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const MultibodyTreeSystem<T>& system = CheckContext("CalcTotalMass", context);
  const TreeParameters<T>& params = system.GetParameters(context);
  T mass(0);
  for (BodyIndex b : BodiesOfInstances("CalcTotalMass", model_instances))
    mass += MassOf(params, topology_.body_to_mobod(b));
  return mass;
}

namespace {
// Throws unless `bodies` is non-empty with positive total mass; returns it.
template <typename T>
T CheckedSystemMass(const char* method, const std::vector<BodyIndex>& bodies,
                    const MultibodyTreeTopology& topology,
                    const TreeParameters<T>& params) {
  if (bodies.empty()) [[unlikely]] {
    ThrowLogicError(
        "{}(): there are no bodies other than the world body in the selected "
        "model instances, so there is no center of mass.",
        method);
  }
  T mass(0);
  for (BodyIndex b : bodies)
    mass += params.mobods[topology.body_to_mobod(b)].mass;
  if (!(ExtractDoubleOrThrow(mass) > 0)) [[unlikely]] {
    ThrowLogicError(
        "{}(): the total mass of the selected bodies must be positive (it is "
        "{}).",
        method, ExtractDoubleOrThrow(mass));
  }
  return mass;
}
}  // namespace

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassPositionInWorld(
    const systems::Context<T>& context) const {
  return CalcCenterOfMassPositionInWorld(context, GetModelInstanceIndices());
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassPositionInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassPositionInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const TreeParameters<T>& params = system.GetParameters(context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const T mass = CheckedSystemMass(kMethod, bodies, topology_, params);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  Vector3<T> sum = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const MobodParameters<T>& p = params.mobods[topology_.body_to_mobod(b)];
    sum += p.mass * (X_WB[b] * p.p_BoBcm_B);
  }
  return sum / mass;
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalVelocityInWorld(
    const systems::Context<T>& context) const {
  return CalcCenterOfMassTranslationalVelocityInWorld(
      context, GetModelInstanceIndices());
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalVelocityInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassTranslationalVelocityInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const TreeParameters<T>& params = system.GetParameters(context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const T mass = CheckedSystemMass(kMethod, bodies, topology_, params);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const auto& V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
  Vector3<T> sum = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const MobodParameters<T>& p = params.mobods[topology_.body_to_mobod(b)];
    sum += p.mass *
           V_WB[b].Shift(X_WB[b].rotation() * p.p_BoBcm_B).translational();
  }
  return sum / mass;
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalAccelerationInWorld(
    const systems::Context<T>& context) const {
  return CalcCenterOfMassTranslationalAccelerationInWorld(
      context, GetModelInstanceIndices());
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalAccelerationInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassTranslationalAccelerationInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const TreeParameters<T>& params = system.GetParameters(context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const T mass = CheckedSystemMass(kMethod, bodies, topology_, params);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const auto& V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
  const auto& A_WB = system.EvalBodySpatialAccelerationsInWorld(context);
  Vector3<T> sum = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const MobodParameters<T>& p = params.mobods[topology_.body_to_mobod(b)];
    sum += p.mass *
           A_WB[b]
               .Shift(X_WB[b].rotation() * p.p_BoBcm_B, V_WB[b].rotational())
               .translational();
  }
  return sum / mass;
}

template <typename T>
SpatialInertia<T> MultibodyTree<T>::CalcSpatialInertia(
    const systems::Context<T>& context, const Frame<T>& frame_F,
    const std::vector<BodyIndex>& body_indexes) const {
  const char* kMethod = "CalcSpatialInertia";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  CheckFrame(kMethod, frame_F);
  std::set<int> seen;
  for (BodyIndex b : body_indexes) {
    if (!b.is_valid() || b.raw() >= num_bodies()) [[unlikely]] {
      ThrowLogicError(
          "{}(): body_indexes contains the invalid BodyIndex {} (this model "
          "has {} bodies).",
          kMethod, b.raw(), num_bodies());
    }
    if (!seen.insert(int{b}).second) [[unlikely]] {
      ThrowLogicError("{}(): body_indexes contains BodyIndex {} ('{}') twice.",
                      kMethod, int{b}, bodies_[b]->name());
    }
  }
  const TreeParameters<T>& params = system.GetParameters(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const math::RigidTransform<T> X_WF = CalcFramePoseInWorld(context, frame_F);
  const math::RotationMatrix<T> R_FW = X_WF.rotation().inverse();
  SpatialInertia<T> M_SFo_F = SpatialInertia<T>::Zero();
  for (BodyIndex b : body_indexes) {
    if (b == world_index()) continue;  // the world has no inertia here
    const MobodParameters<T>& p = params.mobods[topology_.body_to_mobod(b)];
    const Matrix3<T>& G = p.G_BBo_B;
    const SpatialInertia<T> M_BBo_B(
        p.mass, p.p_BoBcm_B,
        UnitInertia<T>(G(0, 0), G(1, 1), G(2, 2), G(0, 1), G(0, 2), G(1, 2)),
        true);
    const math::RotationMatrix<T> R_FB = R_FW * X_WB[b].rotation();
    const Vector3<T> p_BoFo_F =
        R_FW * (X_WF.translation() - X_WB[b].translation());
    M_SFo_F += M_BBo_B.ReExpress(R_FB).Shift(p_BoFo_F);
  }
  return M_SFo_F;
}

template <typename T>
SpatialMomentum<T> MultibodyTree<T>::CalcSpatialMomentumInWorldAboutPoint(
    const systems::Context<T>& context, const Vector3<T>& p_WoP_W) const {
  return CalcSpatialMomentumInWorldAboutPoint(
      context, GetModelInstanceIndices(), p_WoP_W);
}

template <typename T>
SpatialMomentum<T> MultibodyTree<T>::CalcSpatialMomentumInWorldAboutPoint(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances,
    const Vector3<T>& p_WoP_W) const {
  const char* kMethod = "CalcSpatialMomentumInWorldAboutPoint";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const TreeParameters<T>& params = system.GetParameters(context);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const auto& V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
  Vector3<T> h = Vector3<T>::Zero(), l = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const MobodParameters<T>& p = params.mobods[topology_.body_to_mobod(b)];
    // L_WBo_W = M_BBo_W·V_WB_W: l = m(v + w × c), h_Bo = I_Bo·w + c × m·v,
    // with c = p_BoBcm_W; then h_P = h_Bo + p_PBo × l.
    const Matrix3<T>& R = X_WB[b].rotation().matrix();
    const Vector3<T> c = R * p.p_BoBcm_B;
    const Vector3<T>& w = V_WB[b].rotational();
    const Vector3<T>& v = V_WB[b].translational();
    const Vector3<T> lb = p.mass * (v + w.cross(c));
    const Matrix3<T> I_W = p.mass * (R * p.G_BBo_B * R.transpose());
    const Vector3<T> hb = I_W * w + c.cross(Vector3<T>(p.mass * v));
    l += lb;
    h += hb + (X_WB[b].translation() - p_WoP_W).cross(lb);
  }
  return SpatialMomentum<T>(h, l);
}

// ------------------------------------------------------------ selectors

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeStateSelectorMatrix(
    const std::vector<JointIndex>& user_to_joint_index_map) const {
  const char* kMethod = "MakeStateSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  std::set<int> seen;
  int nq_s = 0, nv_s = 0;
  for (JointIndex j : user_to_joint_index_map) {
    if (!has_joint(j)) [[unlikely]] {
      ThrowLogicError(
          "{}(): JointIndex {} is out of range or removed (this model has {} "
          "joints).",
          kMethod, j.raw(), num_joints());
    }
    if (!seen.insert(int{j}).second) [[unlikely]] {
      ThrowLogicError(
          "{}(): joint '{}' (JointIndex {}) appears more than once in "
          "user_to_joint_index_map.",
          kMethod, joints_[j]->name(), int{j});
    }
    nq_s += joints_[j]->num_positions();
    nv_s += joints_[j]->num_velocities();
  }
  MatrixX<double> Sx = MatrixX<double>::Zero(nq_s + nv_s, num_states());
  int row_q = 0, row_v = nq_s;
  const int nq = num_positions();
  for (JointIndex j : user_to_joint_index_map) {
    const Joint<T>& joint = *joints_[j];
    for (int i = 0; i < joint.num_positions(); ++i)
      Sx(row_q++, joint.position_start() + i) = 1.0;
    for (int i = 0; i < joint.num_velocities(); ++i)
      Sx(row_v++, nq + joint.velocity_start() + i) = 1.0;
  }
  return Sx;
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeStateSelectorMatrixFromJointNames(
    const std::vector<std::string>& selected_joints) const {
  std::vector<JointIndex> indices;
  for (const std::string& name : selected_joints)
    indices.push_back(GetJointByName(name).index());
  return MakeStateSelectorMatrix(indices);
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeActuatorSelectorMatrix(
    const std::vector<JointActuatorIndex>& user_to_actuator_index_map) const {
  const char* kMethod = "MakeActuatorSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  std::set<int> seen;
  int nu_s = 0;
  for (JointActuatorIndex a : user_to_actuator_index_map) {
    if (!has_joint_actuator(a)) [[unlikely]] {
      ThrowLogicError(
          "{}(): JointActuatorIndex {} is out of range or removed (this model "
          "has {} actuators).",
          kMethod, a.raw(), num_actuators());
    }
    if (!seen.insert(int{a}).second) [[unlikely]] {
      ThrowLogicError(
          "{}(): actuator '{}' (JointActuatorIndex {}) appears more than once "
          "in user_to_actuator_index_map.",
          kMethod, actuators_[a]->name(), int{a});
    }
    nu_s += actuators_[a]->num_inputs();
  }
  MatrixX<double> Su = MatrixX<double>::Zero(num_actuated_dofs(), nu_s);
  int col = 0;
  for (JointActuatorIndex a : user_to_actuator_index_map) {
    const JointActuator<T>& actuator = *actuators_[a];
    for (int i = 0; i < actuator.num_inputs(); ++i)
      Su(actuator.input_start() + i, col++) = 1.0;
  }
  return Su;
}

template <typename T>
MatrixX<double> MultibodyTree<T>::MakeActuatorSelectorMatrix(
    const std::vector<JointIndex>& user_to_joint_index_map) const {
  const char* kMethod = "MakeActuatorSelectorMatrix";
  ThrowIfNotFinalized(kMethod);
  std::vector<JointActuatorIndex> actuators;
  for (JointIndex j : user_to_joint_index_map) {
    if (!has_joint(j)) [[unlikely]] {
      ThrowLogicError(
          "{}(): JointIndex {} is out of range or removed (this model has {} "
          "joints).",
          kMethod, j.raw(), num_joints());
    }
    std::optional<JointActuatorIndex> found;
    for (const auto& a : actuators_)
      if (a != nullptr && a->joint().index() == j) found = a->index();
    if (!found) [[unlikely]] {
      ThrowLogicError("{}(): joint '{}' (JointIndex {}) has no actuator.",
                      kMethod, joints_[j]->name(), int{j});
    }
    actuators.push_back(*found);
  }
  return MakeActuatorSelectorMatrix(actuators);
}

template <typename T>
MatrixX<T> MultibodyTree<T>::MakeActuationMatrix() const {
  ThrowIfNotFinalized("MakeActuationMatrix");
  MatrixX<T> B = MatrixX<T>::Zero(num_velocities(), num_actuated_dofs());
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    for (int i = 0; i < a->num_inputs(); ++i)
      B(a->joint().velocity_start() + i, a->input_start() + i) = T(1);
  }
  return B;
}

template <typename T>
Eigen::SparseMatrix<double> MultibodyTree<T>::MakeActuationMatrixPseudoinverse()
    const {
  ThrowIfNotFinalized("MakeActuationMatrixPseudoinverse");
  // B has one unit entry per column, in distinct rows (a dof has at most
  // one actuator... or several: then B⁺ averages them). Bᵀ·B is diagonal
  // with the number of actuators per dof k, and B⁺ = (BᵀB)⁻¹Bᵀ only when
  // the columns are independent; in general B⁺ = Bᵀ(BBᵀ)⁺ with BBᵀ
  // diagonal (counts per dof): entry (a, v_a) = 1 / count(v_a).
  std::vector<int> count(num_velocities(), 0);
  for (const auto& a : actuators_)
    if (a != nullptr)
      for (int i = 0; i < a->num_inputs(); ++i)
        ++count[a->joint().velocity_start() + i];
  std::vector<Eigen::Triplet<double>> triplets;
  for (const auto& a : actuators_) {
    if (a == nullptr) continue;  // removed
    for (int i = 0; i < a->num_inputs(); ++i) {
      const int v = a->joint().velocity_start() + i;
      triplets.emplace_back(a->input_start() + i, v, 1.0 / count[v]);
    }
  }
  Eigen::SparseMatrix<double> Bplus(num_actuated_dofs(), num_velocities());
  Bplus.setFromTriplets(triplets.begin(), triplets.end());
  return Bplus;
}

// ------------------------------------------------------------ locking

template <typename T>
void MultibodyTree<T>::LockJoint(systems::Context<T>* context,
                                 const Joint<T>& joint) const {
  const char* kMethod = "Joint::Lock";
  ThrowIfNull(kMethod, "context", context);
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, *context);
  if (joint.parent_tree() != this) [[unlikely]] {
    ThrowLogicError("{}(): joint '{}' does not belong to this model.", kMethod,
                    joint.name());
  }
  system.GetMutableElementParameters(context).joint_locked[joint.index()] = 1;
  system.SetVelocitiesSegment(context, joint.velocity_start(),
                              VectorX<T>::Zero(joint.num_velocities()));
}

template <typename T>
void MultibodyTree<T>::UnlockJoint(systems::Context<T>* context,
                                   const Joint<T>& joint) const {
  const char* kMethod = "Joint::Unlock";
  ThrowIfNull(kMethod, "context", context);
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, *context);
  if (joint.parent_tree() != this) [[unlikely]] {
    ThrowLogicError("{}(): joint '{}' does not belong to this model.", kMethod,
                    joint.name());
  }
  system.GetMutableElementParameters(context).joint_locked[joint.index()] = 0;
}

template <typename T>
bool MultibodyTree<T>::IsJointLocked(const systems::Context<T>& context,
                                     const Joint<T>& joint) const {
  const char* kMethod = "Joint::is_locked";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  if (joint.parent_tree() != this) [[unlikely]] {
    ThrowLogicError("{}(): joint '{}' does not belong to this model.", kMethod,
                    joint.name());
  }
  return system.GetElementParameters(context).joint_locked[joint.index()] != 0;
}

template <typename T>
std::vector<int> MultibodyTree<T>::FindLockedVelocityIndices(
    const systems::Context<T>& context) const {
  const MultibodyTreeSystem<T>& system =
      CheckContext("FindLockedVelocityIndices", context);
  const ElementParameters<T>& elements = system.GetElementParameters(context);
  std::vector<int> result;
  for (const auto& joint : joints_) {
    if (joint == nullptr) continue;  // removed
    if (!elements.joint_locked[joint->index()]) continue;
    for (int i = 0; i < joint->num_velocities(); ++i)
      result.push_back(joint->velocity_start() + i);
  }
  std::sort(result.begin(), result.end());
  return result;
}

template <typename T>
std::vector<int> MultibodyTree<T>::FindUnlockedVelocityIndices(
    const systems::Context<T>& context) const {
  const std::vector<int> locked = FindLockedVelocityIndices(context);
  std::vector<int> result;
  std::size_t k = 0;
  for (int i = 0; i < num_velocities(); ++i) {
    if (k < locked.size() && locked[k] == i) {
      ++k;
      continue;
    }
    result.push_back(i);
  }
  return result;
}

// ------------------------------------------------------------ random state

template <typename T>
void MultibodyTree<T>::SetRandomState(const systems::Context<T>& context,
                                      systems::State<T>* state,
                                      std::mt19937* generator) const {
  const char* kMethod = "SetRandomState";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  ThrowIfNull(kMethod, "state", state);
  ThrowIfNull(kMethod, "generator", generator);
  systems::VectorBase<T>& x = system.GetMutableStateVector(state);
  for (const auto& joint : joints_) {
    if (joint == nullptr || !joint->has_random_state()) continue;
    const VectorX<double> q = joint->SampleRandomPositions(generator);
    for (int i = 0; i < joint->num_positions(); ++i)
      x.SetAtIndex(joint->position_start() + i, T(q[i]));
  }
}

}  // namespace ossa::multibody::internal

// The members defined in this file, for the default scalars (the class's
// other members are instantiated in multibody_tree.cc; each explicit
// instantiation emits only the members defined in its translation unit).
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::MultibodyTree);
