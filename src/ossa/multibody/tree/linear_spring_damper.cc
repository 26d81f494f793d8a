#include "ossa/multibody/tree/linear_spring_damper.h"

#include <cmath>
#include <limits>

#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"

namespace ossa::multibody {

template <typename T>
LinearSpringDamper<T>::LinearSpringDamper(const RigidBody<T>& bodyA,
                                          const Vector3<double>& p_AP,
                                          const RigidBody<T>& bodyB,
                                          const Vector3<double>& p_BQ,
                                          double free_length, double stiffness,
                                          double damping)
    : ForceElement<T>(bodyA.model_instance()),
      bodyA_(&bodyA),
      p_AP_(p_AP),
      bodyB_(&bodyB),
      p_BQ_(p_BQ),
      free_length_(free_length),
      stiffness_(stiffness),
      damping_(damping) {
  if (!(free_length > 0) || !std::isfinite(free_length)) [[unlikely]] {
    ThrowLogicError(
        "LinearSpringDamper(): the free length is {} but it must be positive "
        "and finite.",
        free_length);
  }
  if (!(stiffness >= 0) || !std::isfinite(stiffness)) [[unlikely]] {
    ThrowLogicError(
        "LinearSpringDamper(): the stiffness is {} but it must be "
        "non-negative and finite.",
        stiffness);
  }
  if (!(damping >= 0) || !std::isfinite(damping)) [[unlikely]] {
    ThrowLogicError(
        "LinearSpringDamper(): the damping is {} but it must be non-negative "
        "and finite.",
        damping);
  }
}

template <typename T>
typename LinearSpringDamper<T>::Kinematics
LinearSpringDamper<T>::CalcKinematics(
    const internal::TreeWorkspace<T>& pc) const {
  const math::RigidTransform<T> X_WA = this->GetBodyPoseInWorld(pc, *bodyA_);
  const math::RigidTransform<T> X_WB = this->GetBodyPoseInWorld(pc, *bodyB_);
  Kinematics k;
  k.p_WP = X_WA * p_AP_.template cast<T>();
  k.p_WQ = X_WB * p_BQ_.template cast<T>();
  k.p_PQ_W = k.p_WQ - k.p_WP;
  using std::sqrt;
  const double epsilon = std::numeric_limits<double>::epsilon() * free_length_;
  const T length2 = k.p_PQ_W.squaredNorm();
  ThrowIfTooShort(length2, epsilon);
  k.length = sqrt(length2 + epsilon * epsilon);
  return k;
}

template <typename T>
void LinearSpringDamper<T>::ThrowIfTooShort(const T& length2,
                                            double epsilon) const {
  if (ExtractDoubleOrThrow(length2) < epsilon * epsilon) [[unlikely]] {
    ThrowRuntimeError(
        "The length of the spring became nearly zero. Revisit your model to "
        "avoid this situation. (LinearSpringDamper between bodies '{}' and "
        "'{}': the length is {}.)",
        bodyA_->name(), bodyB_->name(),
        std::sqrt(ExtractDoubleOrThrow(length2)));
  }
}

template <typename T>
T LinearSpringDamper<T>::CalcLengthRate(const internal::TreeWorkspace<T>& pc,
                                        const internal::TreeWorkspace<T>& vc,
                                        const Kinematics& k) const {
  const math::RigidTransform<T> X_WA = this->GetBodyPoseInWorld(pc, *bodyA_);
  const math::RigidTransform<T> X_WB = this->GetBodyPoseInWorld(pc, *bodyB_);
  const SpatialVelocity<T> V_WA =
      this->GetBodySpatialVelocityInWorld(vc, *bodyA_);
  const SpatialVelocity<T> V_WB =
      this->GetBodySpatialVelocityInWorld(vc, *bodyB_);
  // Velocities of the points P and Q (shifted from the body origins).
  const Vector3<T> v_WP =
      V_WA.Shift(k.p_WP - X_WA.translation()).translational();
  const Vector3<T> v_WQ =
      V_WB.Shift(k.p_WQ - X_WB.translation()).translational();
  return k.p_PQ_W.dot(v_WQ - v_WP) / k.length;
}

template <typename T>
void LinearSpringDamper<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>&, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc, MultibodyForces<T>* forces) const {
  const Kinematics k = CalcKinematics(pc);
  const T length_dot = CalcLengthRate(pc, vc, k);
  const T tension =
      stiffness_ * (k.length - free_length_) + damping_ * length_dot;
  const Vector3<T> f_P_W = (tension / k.length) * k.p_PQ_W;  // on A at P
  const math::RigidTransform<T> X_WA = this->GetBodyPoseInWorld(pc, *bodyA_);
  const math::RigidTransform<T> X_WB = this->GetBodyPoseInWorld(pc, *bodyB_);
  std::vector<SpatialForce<T>>& F = forces->mutable_body_forces();
  // A force f at point X is, at the body origin Bo, [p_BoX × f; f].
  const Vector3<T> p_AoP_W = k.p_WP - X_WA.translation();
  const Vector3<T> p_BoQ_W = k.p_WQ - X_WB.translation();
  F[bodyA_->index()] += SpatialForce<T>(p_AoP_W.cross(f_P_W), f_P_W);
  F[bodyB_->index()] +=
      SpatialForce<T>(Vector3<T>(-p_BoQ_W.cross(f_P_W)), Vector3<T>(-f_P_W));
}

template <typename T>
T LinearSpringDamper<T>::CalcPotentialEnergy(
    const systems::Context<T>&, const internal::TreeWorkspace<T>& pc) const {
  const T stretch = CalcKinematics(pc).length - free_length_;
  return 0.5 * stiffness_ * stretch * stretch;
}

template <typename T>
T LinearSpringDamper<T>::CalcConservativePower(
    const systems::Context<T>&, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc) const {
  const Kinematics k = CalcKinematics(pc);
  return -stiffness_ * (k.length - free_length_) * CalcLengthRate(pc, vc, k);
}

template <typename T>
T LinearSpringDamper<T>::CalcNonConservativePower(
    const systems::Context<T>&, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc) const {
  const T length_dot = CalcLengthRate(pc, vc, CalcKinematics(pc));
  return -damping_ * length_dot * length_dot;
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> LinearSpringDamper<T>::TemplatedClone(
    const internal::MultibodyTree<U>& tree_clone) const {
  return std::make_unique<LinearSpringDamper<U>>(
      tree_clone.get_body(bodyA_->index()), p_AP_,
      tree_clone.get_body(bodyB_->index()), p_BQ_, free_length_, stiffness_,
      damping_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(LinearSpringDamper)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::LinearSpringDamper);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::LinearSpringDamper);
