#include "ossa/multibody/plant/constraint_kinematics.h"

#include <cmath>
#include <limits>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/plant/multibody_plant.h"

namespace ossa::multibody::internal {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Evaluates each kind's g and J; holds the Jacobian buffers they share.
template <typename T>
class KinematicsBuilder {
 public:
  KinematicsBuilder(const MultibodyPlant<T>& plant,
                    const systems::Context<T>& context)
      : plant_(plant),
        context_(context),
        nv_(plant.num_velocities()),
        J_A_(3, nv_),
        J_B_(3, nv_) {}

  ConstraintKinematics<T> Coupler(const CouplerConstraintSpec& spec) const {
    const Joint<T>& joint0 = plant_.get_joint(spec.joint0_index);
    const Joint<T>& joint1 = plant_.get_joint(spec.joint1_index);
    ConstraintKinematics<T> k = Make(spec.id, ConstraintKind::kCoupler, 1);
    const VectorX<T>& q = plant_.GetPositions(context_);
    k.g(0) = q(joint0.position_start()) -
             spec.gear_ratio * q(joint1.position_start()) - spec.offset;
    k.J(0, joint0.velocity_start()) += 1.0;
    k.J(0, joint1.velocity_start()) -= spec.gear_ratio;
    return k;
  }

  ConstraintKinematics<T> Distance(MultibodyConstraintId id,
                                   const DistanceConstraintParams& params) {
    ConstraintKinematics<T> k = Make(id, ConstraintKind::kDistance, 1);
    k.body_A = params.bodyA();
    k.body_B = params.bodyB();
    const Vector3<T> p_PQ_W = PointJacobians(params.bodyA(), params.p_AP(),
                                             params.bodyB(), params.p_BQ());
    const T d = p_PQ_W.norm();
    if (!(ExtractDoubleOrThrow(d) > 0)) [[unlikely]] {
      ThrowLogicError(
          "CalcConstraintKinematics(): the points P and Q of the distance "
          "constraint {} between bodies '{}' and '{}' coincide: the "
          "direction of the constraint is undefined.",
          id.to_string(), plant_.get_body(params.bodyA()).name(),
          plant_.get_body(params.bodyB()).name());
    }
    const Vector3<T> p_hat = p_PQ_W / d;
    SetApplicationPoints(params.bodyA(), params.p_AP(), params.bodyB(),
                         params.p_BQ(), &k);
    k.direction_W = p_hat;
    k.g(0) = d - params.distance();
    k.J = p_hat.transpose() * (J_B_ - J_A_);
    k.stiffness = params.stiffness();
    k.damping = params.damping();
    return k;
  }

  ConstraintKinematics<T> Ball(const BallConstraintSpec& spec) {
    if (!spec.p_BQ.has_value()) [[unlikely]] {
      ThrowLogicError(
          "CalcConstraintKinematics(): the ball constraint {} has no p_BQ "
          "(it is set at Finalize()).",
          spec.id.to_string());
    }
    ConstraintKinematics<T> k = Make(spec.id, ConstraintKind::kBall, 3);
    k.body_A = spec.body_A;
    k.body_B = spec.body_B;
    k.g = PointJacobians(spec.body_A, spec.p_AP, spec.body_B, *spec.p_BQ);
    k.J = J_B_ - J_A_;
    SetApplicationPoints(spec.body_A, spec.p_AP, spec.body_B, *spec.p_BQ, &k);
    return k;
  }

  ConstraintKinematics<T> Weld(const WeldConstraintSpec& spec) const {
    ConstraintKinematics<T> k = Make(spec.id, ConstraintKind::kWeld, 6);
    k.body_A = spec.body_A;
    k.body_B = spec.body_B;
    const RigidBody<T>& body_A = plant_.get_body(spec.body_A);
    const RigidBody<T>& body_B = plant_.get_body(spec.body_B);
    const math::RigidTransform<T>& X_WA =
        plant_.EvalBodyPoseInWorld(context_, body_A);
    const math::RigidTransform<T>& X_WB =
        plant_.EvalBodyPoseInWorld(context_, body_B);
    const math::RigidTransform<T> X_WP = X_WA * spec.X_AP.template cast<T>();
    const math::RigidTransform<T> X_WQ = X_WB * spec.X_BQ.template cast<T>();
    // a_PQ_W = R_WP·(θ·k̂), with θ·k̂ the rotation vector of R_PQ in P.
    const Eigen::AngleAxis<T> theta_k =
        (X_WP.rotation().inverse() * X_WQ.rotation()).ToAngleAxis();
    k.g.template head<3>() =
        X_WP.rotation() * (Vector3<T>(theta_k.axis()) * theta_k.angle());
    k.g.template tail<3>() = X_WQ.translation() - X_WP.translation();
    // The Jacobians at the points of A and B that coincide with the
    // midpoint M of Po and Qo.
    const Vector3<T> p_WM = 0.5 * (X_WP.translation() + X_WQ.translation());
    const Vector3<T> p_AM = X_WA.inverse() * p_WM;
    const Vector3<T> p_BM = X_WB.inverse() * p_WM;
    k.p_AoAp_W = p_WM - X_WA.translation();
    k.p_BoBq_W = p_WM - X_WB.translation();
    MatrixX<T> J_WAm(6, nv_), J_WBm(6, nv_);
    const Frame<T>& frame_W = plant_.world_frame();
    plant_.CalcJacobianSpatialVelocity(context_, JacobianWrtVariable::kV,
                                       body_A.body_frame(), p_AM, frame_W,
                                       frame_W, &J_WAm);
    plant_.CalcJacobianSpatialVelocity(context_, JacobianWrtVariable::kV,
                                       body_B.body_frame(), p_BM, frame_W,
                                       frame_W, &J_WBm);
    k.J = J_WBm - J_WAm;
    return k;
  }

 private:
  // Sets k->p_AoAp_W and k->p_BoBq_W for P (p_AP in A) and Q (p_BQ in B).
  void SetApplicationPoints(BodyIndex a, const Vector3<double>& p_AP,
                            BodyIndex b, const Vector3<double>& p_BQ,
                            ConstraintKinematics<T>* k) const {
    k->p_AoAp_W =
        plant_.EvalBodyPoseInWorld(context_, plant_.get_body(a)).rotation() *
        p_AP.template cast<T>();
    k->p_BoBq_W =
        plant_.EvalBodyPoseInWorld(context_, plant_.get_body(b)).rotation() *
        p_BQ.template cast<T>();
  }

  // A constraint of `rows` rows with g = 0, J = 0, rigid.
  ConstraintKinematics<T> Make(MultibodyConstraintId id, ConstraintKind kind,
                               int rows) const {
    ConstraintKinematics<T> k;
    k.id = id;
    k.kind = kind;
    k.g = VectorX<T>::Zero(rows);
    k.J = MatrixX<T>::Zero(rows, nv_);
    k.stiffness = kInf;
    k.damping = 0.0;
    return k;
  }

  // p_PQ_W for P (p_AP in A) and Q (p_BQ in B); sets J_A_ = Jv_WAp_W and
  // J_B_ = Jv_WBq_W.
  Vector3<T> PointJacobians(BodyIndex a, const Vector3<double>& p_AP,
                            BodyIndex b, const Vector3<double>& p_BQ) {
    const RigidBody<T>& body_A = plant_.get_body(a);
    const RigidBody<T>& body_B = plant_.get_body(b);
    const Vector3<T> p_AP_T = p_AP.template cast<T>();
    const Vector3<T> p_BQ_T = p_BQ.template cast<T>();
    const Frame<T>& frame_W = plant_.world_frame();
    plant_.CalcJacobianTranslationalVelocity(context_, JacobianWrtVariable::kV,
                                             body_A.body_frame(), p_AP_T,
                                             frame_W, frame_W, &J_A_);
    plant_.CalcJacobianTranslationalVelocity(context_, JacobianWrtVariable::kV,
                                             body_B.body_frame(), p_BQ_T,
                                             frame_W, frame_W, &J_B_);
    return plant_.EvalBodyPoseInWorld(context_, body_B) * p_BQ_T -
           plant_.EvalBodyPoseInWorld(context_, body_A) * p_AP_T;
  }

  const MultibodyPlant<T>& plant_;
  const systems::Context<T>& context_;
  const int nv_;
  MatrixX<T> J_A_;
  MatrixX<T> J_B_;
};

}  // namespace

template <typename T>
std::vector<ConstraintKinematics<T>> CalcConstraintKinematics(
    const MultibodyPlant<T>& plant, const systems::Context<T>& context) {
  std::vector<ConstraintKinematics<T>> result;
  if (plant.num_constraints() == 0) return result;
  result.reserve(plant.num_constraints());
  KinematicsBuilder<T> builder(plant, context);
  // GetConstraintActiveStatus() checks finalization and the Context.
  auto active = [&](MultibodyConstraintId id) {
    return plant.GetConstraintActiveStatus(context, id);
  };
  for (const auto& [id, spec] : plant.get_coupler_constraint_specs()) {
    if (active(id)) result.push_back(builder.Coupler(spec));
  }
  // Distance constraints from the Context's parameters (which
  // SetDistanceConstraintParams() may have changed).
  for (const auto& [id, params] : plant.GetDistanceConstraintParams(context)) {
    if (active(id)) result.push_back(builder.Distance(id, params));
  }
  for (const auto& [id, spec] : plant.get_ball_constraint_specs()) {
    if (active(id)) result.push_back(builder.Ball(spec));
  }
  for (const auto& [id, spec] : plant.get_weld_constraint_specs()) {
    if (active(id)) result.push_back(builder.Weld(spec));
  }
  return result;
}

template std::vector<ConstraintKinematics<double>> CalcConstraintKinematics(
    const MultibodyPlant<double>&, const systems::Context<double>&);
template std::vector<ConstraintKinematics<AutoDiffXd>> CalcConstraintKinematics(
    const MultibodyPlant<AutoDiffXd>&, const systems::Context<AutoDiffXd>&);

}  // namespace ossa::multibody::internal
