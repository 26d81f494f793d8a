#include "ossa/multibody/tree/linear_bushing_roll_pitch_yaw.h"

#include <cmath>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

namespace {

template <typename T>
Matrix3<T> Hat(const Vector3<T>& w) {
  Matrix3<T> S;
  S << T(0), -w.z(), w.y(), w.z(), T(0), -w.x(), -w.y(), w.x(), T(0);
  return S;
}

// The left Jacobian of SO(3) at the rotation vector ψ (angle θ = |ψ|): the
// angular velocity (in the parent) of exp(ψ) is J_l(ψ)·ψ̇, with
//   J_l = I + (1 − cos θ)/θ²·[ψ]× + (θ − sin θ)/θ³·[ψ]×².
// Series below θ² = 1e-8 (truncation error ~θ⁴/720).
template <typename T>
Matrix3<T> LeftJacobian(const Vector3<T>& psi) {
  using std::cos;
  using std::sin;
  using std::sqrt;
  const T theta2 = psi.squaredNorm();
  T a, b;
  if (ExtractDoubleOrThrow(theta2) < 1e-8) {
    a = 0.5 - theta2 / 24;
    b = 1.0 / 6 - theta2 / 120;
  } else {
    const T theta = sqrt(theta2);
    a = (1 - cos(theta)) / theta2;
    b = (theta - sin(theta)) / (theta2 * theta);
  }
  const Matrix3<T> S = Hat(psi);
  return Matrix3<T>::Identity() + a * S + b * S * S;
}

void CheckConstants(const char* name, const Vector3<double>& c) {
  if (!(c.array() >= 0).all() || !c.allFinite()) [[unlikely]] {
    ThrowLogicError(
        "LinearBushingRollPitchYaw(): {} are [{}, {}, {}] but they must be "
        "non-negative and finite.",
        name, c.x(), c.y(), c.z());
  }
}

}  // namespace

template <typename T>
LinearBushingRollPitchYaw<T>::LinearBushingRollPitchYaw(
    const Frame<T>& frameA, const Frame<T>& frameC,
    const Vector3<double>& torque_stiffness_constants,
    const Vector3<double>& torque_damping_constants,
    const Vector3<double>& force_stiffness_constants,
    const Vector3<double>& force_damping_constants)
    : ForceElement<T>(frameC.model_instance()),
      frameA_(&frameA),
      frameC_(&frameC),
      k_(torque_stiffness_constants),
      d_(torque_damping_constants),
      kf_(force_stiffness_constants),
      df_(force_damping_constants) {
  CheckConstants("the torque stiffness constants", k_);
  CheckConstants("the torque damping constants", d_);
  CheckConstants("the force stiffness constants", kf_);
  CheckConstants("the force damping constants", df_);
}

// Parameters in the Context: [k; d; kf; df].
template <typename T>
VectorX<T> LinearBushingRollPitchYaw<T>::DoMakeDefaultParameters() const {
  VectorX<T> p(12);
  p << k_.template cast<T>(), d_.template cast<T>(), kf_.template cast<T>(),
      df_.template cast<T>();
  return p;
}

template <typename T>
Vector3<T> LinearBushingRollPitchYaw<T>::GetConstants(
    const char* method, const systems::Context<T>& context, int i) const {
  return this->GetParameters(method, context).template segment<3>(3 * i);
}

template <typename T>
void LinearBushingRollPitchYaw<T>::SetConstants(const char* method,
                                                const char* what,
                                                systems::Context<T>* context,
                                                int i,
                                                const Vector3<T>& value) const {
  if constexpr (scalar_predicate<T>::is_bool) {
    if (!(value.array() >= T(0)).all()) [[unlikely]] {
      ThrowLogicError(
          "{}(): the {} are [{}, {}, {}] but they must be non-negative.",
          method, what, ExtractDoubleOrThrow(value.x()),
          ExtractDoubleOrThrow(value.y()), ExtractDoubleOrThrow(value.z()));
    }
  }
  this->GetMutableParameters(method, context).template segment<3>(3 * i) =
      value;
}

template <typename T>
Vector3<T> LinearBushingRollPitchYaw<T>::GetTorqueStiffnessConstants(
    const systems::Context<T>& context) const {
  return GetConstants("LinearBushingRollPitchYaw::GetTorqueStiffnessConstants",
                      context, 0);
}
template <typename T>
Vector3<T> LinearBushingRollPitchYaw<T>::GetTorqueDampingConstants(
    const systems::Context<T>& context) const {
  return GetConstants("LinearBushingRollPitchYaw::GetTorqueDampingConstants",
                      context, 1);
}
template <typename T>
Vector3<T> LinearBushingRollPitchYaw<T>::GetForceStiffnessConstants(
    const systems::Context<T>& context) const {
  return GetConstants("LinearBushingRollPitchYaw::GetForceStiffnessConstants",
                      context, 2);
}
template <typename T>
Vector3<T> LinearBushingRollPitchYaw<T>::GetForceDampingConstants(
    const systems::Context<T>& context) const {
  return GetConstants("LinearBushingRollPitchYaw::GetForceDampingConstants",
                      context, 3);
}
template <typename T>
void LinearBushingRollPitchYaw<T>::SetTorqueStiffnessConstants(
    systems::Context<T>* context, const Vector3<T>& torque_stiffness) const {
  SetConstants("LinearBushingRollPitchYaw::SetTorqueStiffnessConstants",
               "torque stiffness constants", context, 0, torque_stiffness);
}
template <typename T>
void LinearBushingRollPitchYaw<T>::SetTorqueDampingConstants(
    systems::Context<T>* context, const Vector3<T>& torque_damping) const {
  SetConstants("LinearBushingRollPitchYaw::SetTorqueDampingConstants",
               "torque damping constants", context, 1, torque_damping);
}
template <typename T>
void LinearBushingRollPitchYaw<T>::SetForceStiffnessConstants(
    systems::Context<T>* context, const Vector3<T>& force_stiffness) const {
  SetConstants("LinearBushingRollPitchYaw::SetForceStiffnessConstants",
               "force stiffness constants", context, 2, force_stiffness);
}
template <typename T>
void LinearBushingRollPitchYaw<T>::SetForceDampingConstants(
    systems::Context<T>* context, const Vector3<T>& force_damping) const {
  SetConstants("LinearBushingRollPitchYaw::SetForceDampingConstants",
               "force damping constants", context, 3, force_damping);
}

template <typename T>
const RigidBody<T>& LinearBushingRollPitchYaw<T>::link0() const {
  return frameA_->body();
}

template <typename T>
const RigidBody<T>& LinearBushingRollPitchYaw<T>::link1() const {
  return frameC_->body();
}

template <typename T>
typename LinearBushingRollPitchYaw<T>::Kinematics
LinearBushingRollPitchYaw<T>::CalcKinematics(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>* vc) const {
  using std::atan2;
  using std::sqrt;
  Kinematics k;
  // X_WF = X_WB·X_BF, with X_BF from the Context (a FixedOffsetFrame's
  // pose may change per Context).
  k.X_WA = this->GetBodyPoseInWorld(pc, frameA_->body()) *
           frameA_->CalcPoseInBodyFrame(context);
  k.X_WC = this->GetBodyPoseInWorld(pc, frameC_->body()) *
           frameC_->CalcPoseInBodyFrame(context);
  const Matrix3<T>& R_WA = k.X_WA.rotation().matrix();
  const Matrix3<T> R_AC = R_WA.transpose() * k.X_WC.rotation().matrix();
  const math::RollPitchYaw<T> rpy(math::RotationMatrix<T>::MakeUnchecked(R_AC));
  k.rpy = rpy.vector();
  // The half rotation: with q_AC = (w, v), w ≥ 0, the quaternion
  // (1 + w, v)/|(1 + w, v)| turns by half the angle about the same axis.
  Quaternion<T> q_AC = math::RotationMatrix<T>::ToQuaternion(R_AC);
  if (ExtractDoubleOrThrow(q_AC.w()) < 0) q_AC.coeffs() = -q_AC.coeffs();
  Quaternion<T> q_AB(1 + q_AC.w(), q_AC.x(), q_AC.y(), q_AC.z());
  q_AB.normalize();
  k.R_AB = q_AB.toRotationMatrix();
  const Vector3<T> p_AoCo_W = k.X_WC.translation() - k.X_WA.translation();
  const Vector3<T> p_AoCo_A = R_WA.transpose() * p_AoCo_W;
  k.x = k.R_AB.transpose() * p_AoCo_A;
  k.p_WBo = k.X_WA.translation() + 0.5 * p_AoCo_W;
  if (vc == nullptr) return k;

  // Velocities of the frames A and C (fixed on their links).
  const SpatialVelocity<T> V_WA =
      this->GetBodySpatialVelocityInWorld(*vc, frameA_->body())
          .Shift(Vector3<T>(
              k.X_WA.translation() -
              this->GetBodyPoseInWorld(pc, frameA_->body()).translation()));
  const SpatialVelocity<T> V_WC =
      this->GetBodySpatialVelocityInWorld(*vc, frameC_->body())
          .Shift(Vector3<T>(
              k.X_WC.translation() -
              this->GetBodyPoseInWorld(pc, frameC_->body()).translation()));
  const Vector3<T> w_AC_A =
      R_WA.transpose() * (V_WC.rotational() - V_WA.rotational());
  k.N = rpy.CalcMatrixRelatingRpyDtToAngularVelocityInParent();
  k.rpy_dot = k.N * w_AC_A;
  // w_AB_A = ½·J_l(φ/2)·J_l(φ)⁻¹·w_AC_A, φ the rotation vector of R_AC
  // (R_AB = exp(φ/2)).
  const Vector3<T> v = q_AC.vec();
  const T s2 = v.squaredNorm();
  T theta_over_s;  // θ/|v| with θ = 2·atan2(|v|, w)
  if (ExtractDoubleOrThrow(s2) < 1e-12) {
    theta_over_s =
        2.0 / q_AC.w() - 2.0 * s2 / (3.0 * q_AC.w() * q_AC.w() * q_AC.w());
  } else {
    const T s = sqrt(s2);
    theta_over_s = 2 * atan2(s, q_AC.w()) / s;
  }
  const Vector3<T> phi = theta_over_s * v;
  const Vector3<T> w_AB_A = 0.5 * LeftJacobian<T>(Vector3<T>(0.5 * phi)) *
                            LeftJacobian<T>(phi).inverse() * w_AC_A;
  // ẋ = R_BA·(ṗ_A − w_AB × p_A), with ṗ_A the rate of the A-measures.
  const Vector3<T> pdot_W = V_WC.translational() - V_WA.translational();
  const Vector3<T> pdot_A =
      R_WA.transpose() * (pdot_W - V_WA.rotational().cross(p_AoCo_W));
  k.x_dot = k.R_AB.transpose() * (pdot_A - w_AB_A.cross(p_AoCo_A));
  k.x_dot_h =
      k.R_AB.transpose() * (pdot_A - Vector3<T>(0.5 * w_AC_A).cross(p_AoCo_A));
  return k;
}

template <typename T>
Vector6<T> LinearBushingRollPitchYaw<T>::CalcForceOnCAtBo(
    const systems::Context<T>& context, const Kinematics& k) const {
  const VectorX<T>& p =
      this->GetParameters("LinearBushingRollPitchYaw", context);
  const Vector3<T> tau = -(p.template segment<3>(0).cwiseProduct(k.rpy) +
                           p.template segment<3>(3).cwiseProduct(k.rpy_dot));
  const Vector3<T> f_B = -(p.template segment<3>(6).cwiseProduct(k.x) +
                           p.template segment<3>(9).cwiseProduct(k.x_dot_h));
  const Matrix3<T>& R_WA = k.X_WA.rotation().matrix();
  Vector6<T> F;
  F.template head<3>() = R_WA * (k.N.transpose() * tau);
  F.template tail<3>() = R_WA * (k.R_AB * f_B);
  return F;
}

template <typename T>
void LinearBushingRollPitchYaw<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc, MultibodyForces<T>* forces) const {
  const Kinematics k = CalcKinematics(context, pc, &vc);
  const Vector6<T> F = CalcForceOnCAtBo(context, k);
  const Vector3<T> t_W = F.template head<3>();
  const Vector3<T> f_W = F.template tail<3>();
  std::vector<SpatialForce<T>>& forces_W = forces->mutable_body_forces();
  // At the links' origins: τ_Lo = τ_Bo + p_LoBo × f.
  const Vector3<T> p_L1Bo =
      k.p_WBo - this->GetBodyPoseInWorld(pc, link1()).translation();
  const Vector3<T> p_L0Bo =
      k.p_WBo - this->GetBodyPoseInWorld(pc, link0()).translation();
  forces_W[link1().index()] +=
      SpatialForce<T>(Vector3<T>(t_W + p_L1Bo.cross(f_W)), f_W);
  forces_W[link0().index()] +=
      SpatialForce<T>(Vector3<T>(-t_W - p_L0Bo.cross(f_W)), Vector3<T>(-f_W));
}

template <typename T>
SpatialForce<T> LinearBushingRollPitchYaw<T>::CalcBushingSpatialForceOnFrameC(
    const systems::Context<T>& context) const {
  const char* kMethod =
      "LinearBushingRollPitchYaw::CalcBushingSpatialForceOnFrameC";
  const auto& system = this->tree(kMethod).tree_system(kMethod);
  const auto& vc = system.EvalVelocityKinematics(context);
  const Kinematics k = CalcKinematics(context, vc, &vc);
  const Vector6<T> F = CalcForceOnCAtBo(context, k);
  const Vector3<T> f_W = F.template tail<3>();
  const Vector3<T> p_CoBo = k.p_WBo - k.X_WC.translation();
  const Matrix3<T> R_CW = k.X_WC.rotation().matrix().transpose();
  return SpatialForce<T>(
      Vector3<T>(R_CW * (F.template head<3>() + p_CoBo.cross(f_W))),
      Vector3<T>(R_CW * f_W));
}

template <typename T>
SpatialForce<T> LinearBushingRollPitchYaw<T>::CalcBushingSpatialForceOnFrameA(
    const systems::Context<T>& context) const {
  const char* kMethod =
      "LinearBushingRollPitchYaw::CalcBushingSpatialForceOnFrameA";
  const auto& system = this->tree(kMethod).tree_system(kMethod);
  const auto& vc = system.EvalVelocityKinematics(context);
  const Kinematics k = CalcKinematics(context, vc, &vc);
  const Vector6<T> F = CalcForceOnCAtBo(context, k);
  const Vector3<T> f_W = F.template tail<3>();
  const Vector3<T> p_AoBo = k.p_WBo - k.X_WA.translation();
  const Matrix3<T> R_AW = k.X_WA.rotation().matrix().transpose();
  return SpatialForce<T>(
      Vector3<T>(R_AW * (-F.template head<3>() - p_AoBo.cross(f_W))),
      Vector3<T>(R_AW * -f_W));
}

template <typename T>
T LinearBushingRollPitchYaw<T>::CalcPotentialEnergy(
    const systems::Context<T>& context,
    const internal::TreeWorkspace<T>& pc) const {
  const Kinematics k = CalcKinematics(context, pc, nullptr);
  const VectorX<T>& p =
      this->GetParameters("LinearBushingRollPitchYaw", context);
  return 0.5 * (k.rpy.dot(p.template segment<3>(0).cwiseProduct(k.rpy)) +
                k.x.dot(p.template segment<3>(6).cwiseProduct(k.x)));
}

template <typename T>
T LinearBushingRollPitchYaw<T>::CalcConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc) const {
  const Kinematics k = CalcKinematics(context, pc, &vc);
  const VectorX<T>& p =
      this->GetParameters("LinearBushingRollPitchYaw", context);
  return -(k.rpy_dot.dot(p.template segment<3>(0).cwiseProduct(k.rpy)) +
           k.x_dot.dot(p.template segment<3>(6).cwiseProduct(k.x)));
}

template <typename T>
T LinearBushingRollPitchYaw<T>::CalcNonConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc) const {
  const Kinematics k = CalcKinematics(context, pc, &vc);
  const VectorX<T>& p =
      this->GetParameters("LinearBushingRollPitchYaw", context);
  return -(
      k.rpy_dot.dot(p.template segment<3>(3).cwiseProduct(k.rpy_dot)) +
      k.x_dot_h.dot(p.template segment<3>(9).cwiseProduct(k.x_dot_h)) +
      (k.x_dot_h - k.x_dot).dot(p.template segment<3>(6).cwiseProduct(k.x)));
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> LinearBushingRollPitchYaw<T>::TemplatedClone(
    const internal::MultibodyTree<U>& tree_clone) const {
  return std::make_unique<LinearBushingRollPitchYaw<U>>(
      tree_clone.get_frame(frameA_->index()),
      tree_clone.get_frame(frameC_->index()), k_, d_, kf_, df_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(LinearBushingRollPitchYaw)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::LinearBushingRollPitchYaw);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::LinearBushingRollPitchYaw);
