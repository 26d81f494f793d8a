// MultibodyPlant: coupler, distance, ball and weld constraints (their
// specifications, ids and per-Context active status). Their kinematics are
// in constraint_kinematics.cc.

#include <cmath>
#include <string>

#include "ossa/common/error.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/systems/framework/context.h"

namespace ossa::multibody {

namespace {

// The spec of `id` in `specs`, or a std::logic_error naming `method` and
// the kind ("coupler", ...).
template <typename Spec>
const Spec& FindSpecOrThrow(const std::map<MultibodyConstraintId, Spec>& specs,
                            MultibodyConstraintId id, const char* method,
                            const char* kind) {
  auto it = specs.find(id);
  if (it == specs.end()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): the constraint id {} does not match any {} "
        "constraint registered with this plant.",
        method, id.to_string(), kind);
  }
  return it->second;
}

// Throws std::logic_error: `id` is not a constraint in the Context given
// to `method`.
[[noreturn]] void ThrowNotInContext(const char* method,
                                    MultibodyConstraintId id) {
  ThrowLogicError(
      "MultibodyPlant::{}(): the constraint id {} does not belong to any "
      "multibody constraint in this context.",
      method, id.is_valid() ? id.to_string() : std::string("<invalid>"));
}

}  // namespace

DistanceConstraintParams::DistanceConstraintParams(
    BodyIndex bodyA, const Vector3<double>& p_AP, BodyIndex bodyB,
    const Vector3<double>& p_BQ, double distance, double stiffness,
    double damping)
    : bodyA_(bodyA),
      p_AP_(p_AP),
      bodyB_(bodyB),
      p_BQ_(p_BQ),
      distance_(distance),
      stiffness_(stiffness),
      damping_(damping) {
  const char* why = nullptr;
  if (bodyA == bodyB) {
    why = "bodyA and bodyB must be distinct bodies";
  } else if (!(distance > 0) || std::isinf(distance)) {
    why = "the distance must be strictly positive and finite";
  } else if (!(stiffness > 0)) {
    why = "the stiffness must be strictly positive";
  } else if (!(damping >= 0) || std::isinf(damping)) {
    why = "the damping must be positive or zero and finite";
  } else if (!p_AP.allFinite() || !p_BQ.allFinite()) {
    why = "the points must be finite";
  }
  if (why != nullptr) [[unlikely]] {
    ThrowLogicError(
        "DistanceConstraintParams: {} (bodyA {}, bodyB {}, distance {}, "
        "stiffness {}, damping {}).",
        why, bodyA.is_valid() ? std::to_string(bodyA.raw()) : "<invalid>",
        bodyB.is_valid() ? std::to_string(bodyB.raw()) : "<invalid>", distance,
        stiffness, damping);
  }
}

template <typename T>
void MultibodyPlant<T>::ThrowIfConstraintsNotAllowed(const char* method) const {
  ThrowIfFinalized(method);
  if (is_discrete() && discrete_contact_approximation_ ==
                           DiscreteContactApproximation::kTamsi) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): currently this MultibodyPlant is set to use "
        "the TAMSI solver. TAMSI does not support constraints. Use "
        "set_discrete_contact_approximation() to set a model approximation "
        "that uses the SAP solver instead (kSap, kSimilar, or kLagged).",
        method);
  }
}

template <typename T>
MultibodyConstraintId MultibodyPlant<T>::AddCouplerConstraint(
    const Joint<T>& joint0, const Joint<T>& joint1, double gear_ratio,
    double offset) {
  const char* method = "AddCouplerConstraint";
  ThrowIfConstraintsNotAllowed(method);
  for (const Joint<T>* joint : {&joint0, &joint1}) {
    const bool in_this_plant = joint->index().is_valid() &&
                               has_joint(joint->index()) &&
                               &get_joint(joint->index()) == joint;
    if (!in_this_plant) [[unlikely]] {
      ThrowLogicError("MultibodyPlant::{}(): joint '{}' is not in this plant.",
                      method, joint->name());
    }
  }
  if (joint0.num_velocities() != 1 || joint1.num_velocities() != 1)
      [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): coupler constraints can only be defined on "
        "single-DOF joints. However joint '{}' has {} DOFs and joint '{}' has "
        "{} DOFs.",
        method, joint0.name(), joint0.num_velocities(), joint1.name(),
        joint1.num_velocities());
  }
  if (!std::isfinite(gear_ratio) || !std::isfinite(offset)) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): the gear ratio ({}) and offset ({}) of the "
        "coupler between joints '{}' and '{}' must be finite.",
        method, gear_ratio, offset, joint0.name(), joint1.name());
  }
  internal::CouplerConstraintSpec spec{joint0.index(), joint1.index(),
                                       gear_ratio, offset,
                                       MultibodyConstraintId::get_new_id()};
  coupler_constraints_specs_[spec.id] = spec;
  return spec.id;
}

template <typename T>
void MultibodyPlant<T>::CheckConstraintBodies(
    const char* method, const char* kind, const char* entities,
    const RigidBody<T>& body_A, const RigidBody<T>& body_B, bool finite) const {
  ThrowIfConstraintsNotAllowed(method);
  ThrowIfNotInThisPlant(method, body_A);
  ThrowIfNotInThisPlant(method, body_B);
  if (body_A.index() == body_B.index()) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): invalid set of parameters for constraint "
        "between bodies '{}' and '{}'. For a {} constraint, {} must be on two "
        "distinct bodies, i.e. body_A != body_B must be satisfied.",
        method, body_A.name(), body_B.name(), kind, entities);
  }
  if (!finite) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::{}(): the parameters of the {} constraint between "
        "bodies '{}' and '{}' must be finite.",
        method, kind, body_A.name(), body_B.name());
  }
}

template <typename T>
MultibodyConstraintId MultibodyPlant<T>::AddDistanceConstraint(
    const RigidBody<T>& body_A, const Vector3<double>& p_AP,
    const RigidBody<T>& body_B, const Vector3<double>& p_BQ, double distance,
    double stiffness, double damping) {
  const char* method = "AddDistanceConstraint";
  CheckConstraintBodies(method, "distance", "points P and Q", body_A, body_B,
                        p_AP.allFinite() && p_BQ.allFinite());
  internal::DistanceConstraintSpec spec{
      body_A.index(), p_AP,
      body_B.index(), p_BQ,
      distance,       stiffness,
      damping,        MultibodyConstraintId::get_new_id()};
  if (!spec.IsValid() || std::isinf(distance)) [[unlikely]] {
    std::string why;
    if (!(distance > 0) || std::isinf(distance)) {
      why = fmt::format(
          "the distance must be strictly positive and finite, "
          "but {} was given",
          distance);
    } else if (!(stiffness > 0)) {
      why = fmt::format(
          "the stiffness must be strictly positive, but {} was "
          "given",
          stiffness);
    } else {
      why = fmt::format(
          "the damping must be positive or zero, but {} was "
          "given",
          damping);
    }
    ThrowLogicError(
        "MultibodyPlant::{}(): invalid set of parameters for the distance "
        "constraint between bodies '{}' and '{}': {}.",
        method, body_A.name(), body_B.name(), why);
  }
  distance_constraints_specs_[spec.id] = spec;
  return spec.id;
}

template <typename T>
MultibodyConstraintId MultibodyPlant<T>::AddBallConstraint(
    const RigidBody<T>& body_A, const Vector3<double>& p_AP,
    const RigidBody<T>& body_B, const std::optional<Vector3<double>>& p_BQ) {
  CheckConstraintBodies("AddBallConstraint", "ball", "points P and Q", body_A,
                        body_B,
                        p_AP.allFinite() && (!p_BQ || p_BQ->allFinite()));
  internal::BallConstraintSpec spec{body_A.index(), p_AP, body_B.index(), p_BQ,
                                    MultibodyConstraintId::get_new_id()};
  ball_constraints_specs_[spec.id] = spec;
  return spec.id;
}

template <typename T>
MultibodyConstraintId MultibodyPlant<T>::AddWeldConstraint(
    const RigidBody<T>& body_A, const math::RigidTransform<double>& X_AP,
    const RigidBody<T>& body_B, const math::RigidTransform<double>& X_BQ) {
  CheckConstraintBodies(
      "AddWeldConstraint", "weld", "frames P and Q", body_A, body_B,
      X_AP.GetAsMatrix34().allFinite() && X_BQ.GetAsMatrix34().allFinite());
  internal::WeldConstraintSpec spec{body_A.index(), X_AP, body_B.index(), X_BQ,
                                    MultibodyConstraintId::get_new_id()};
  weld_constraints_specs_[spec.id] = spec;
  return spec.id;
}

template <typename T>
void MultibodyPlant<T>::RemoveConstraint(MultibodyConstraintId id) {
  ThrowIfFinalized("RemoveConstraint");
  const size_t removed = coupler_constraints_specs_.erase(id) +
                         distance_constraints_specs_.erase(id) +
                         ball_constraints_specs_.erase(id) +
                         weld_constraints_specs_.erase(id);
  if (removed == 0) [[unlikely]] {
    ThrowLogicError(
        "MultibodyPlant::RemoveConstraint(): the constraint id {} does not "
        "match any constraint registered with this plant.",
        id.is_valid() ? id.to_string() : std::string("<invalid>"));
  }
}

template <typename T>
int MultibodyPlant<T>::num_constraints() const {
  return num_coupler_constraints() + num_distance_constraints() +
         num_ball_constraints() + num_weld_constraints();
}

template <typename T>
std::vector<MultibodyConstraintId> MultibodyPlant<T>::GetConstraintIds() const {
  std::vector<MultibodyConstraintId> ids;
  ids.reserve(num_constraints());
  for (const auto& [id, spec] : coupler_constraints_specs_) ids.push_back(id);
  for (const auto& [id, spec] : distance_constraints_specs_) ids.push_back(id);
  for (const auto& [id, spec] : ball_constraints_specs_) ids.push_back(id);
  for (const auto& [id, spec] : weld_constraints_specs_) ids.push_back(id);
  return ids;
}

template <typename T>
const internal::CouplerConstraintSpec&
MultibodyPlant<T>::get_coupler_constraint_specs(
    MultibodyConstraintId id) const {
  return FindSpecOrThrow(coupler_constraints_specs_, id,
                         "get_coupler_constraint_specs", "coupler");
}

template <typename T>
const internal::DistanceConstraintSpec&
MultibodyPlant<T>::get_distance_constraint_specs(
    MultibodyConstraintId id) const {
  return FindSpecOrThrow(distance_constraints_specs_, id,
                         "get_distance_constraint_specs", "distance");
}

template <typename T>
const internal::BallConstraintSpec&
MultibodyPlant<T>::get_ball_constraint_specs(MultibodyConstraintId id) const {
  return FindSpecOrThrow(ball_constraints_specs_, id,
                         "get_ball_constraint_specs", "ball");
}

template <typename T>
const internal::WeldConstraintSpec&
MultibodyPlant<T>::get_weld_constraint_specs(MultibodyConstraintId id) const {
  return FindSpecOrThrow(weld_constraints_specs_, id,
                         "get_weld_constraint_specs", "weld");
}

template <typename T>
void MultibodyPlant<T>::CompleteBallConstraintSpecs() {
  bool any_missing = false;
  for (const auto& [id, spec] : ball_constraints_specs_) {
    any_missing = any_missing || !spec.p_BQ.has_value();
  }
  if (!any_missing) return;
  // Q is where P is at the default configuration: p_BQ = X_WB⁻¹·X_WA·p_AP.
  const std::unique_ptr<systems::Context<T>> context =
      this->CreateDefaultContext();
  for (auto& [id, spec] : ball_constraints_specs_) {
    if (spec.p_BQ.has_value()) continue;
    const math::RigidTransform<T>& X_WA =
        EvalBodyPoseInWorld(*context, get_body(spec.body_A));
    const math::RigidTransform<T>& X_WB =
        EvalBodyPoseInWorld(*context, get_body(spec.body_B));
    const Vector3<T> p_WP = X_WA * spec.p_AP.template cast<T>();
    spec.p_BQ = ExtractDoubleOrThrow(X_WB.inverse() * p_WP);
  }
}

template <typename T>
void MultibodyPlant<T>::DeclareConstraintParameters() {
  std::map<MultibodyConstraintId, bool> active;
  for (const MultibodyConstraintId& id : GetConstraintIds()) active[id] = true;
  constraint_active_status_parameter_ =
      this->DeclareAbstractParameter(Value<decltype(active)>(active));
  using ParamsMap = std::map<MultibodyConstraintId, DistanceConstraintParams>;
  distance_constraint_params_parameter_ = this->DeclareAbstractParameter(
      Value<ParamsMap>(GetDefaultDistanceConstraintParams()));
}

template <typename T>
std::map<MultibodyConstraintId, DistanceConstraintParams>
MultibodyPlant<T>::GetDefaultDistanceConstraintParams() const {
  std::map<MultibodyConstraintId, DistanceConstraintParams> params;
  for (const auto& [id, spec] : distance_constraints_specs_) {
    params.emplace(id, DistanceConstraintParams(
                           spec.body_A, spec.p_AP, spec.body_B, spec.p_BQ,
                           spec.distance, spec.stiffness, spec.damping));
  }
  return params;
}

template <typename T>
const std::map<MultibodyConstraintId, DistanceConstraintParams>&
MultibodyPlant<T>::GetDistanceConstraintParams(
    const systems::Context<T>& context) const {
  ThrowIfNotFinalized("GetDistanceConstraintParams");
  this->ValidateContext(context);
  return context.get_abstract_parameter(distance_constraint_params_parameter_)
      .template get_value<
          std::map<MultibodyConstraintId, DistanceConstraintParams>>();
}

template <typename T>
const DistanceConstraintParams& MultibodyPlant<T>::GetDistanceConstraintParams(
    const systems::Context<T>& context, MultibodyConstraintId id) const {
  return FindSpecOrThrow(GetDistanceConstraintParams(context), id,
                         "GetDistanceConstraintParams", "distance");
}

template <typename T>
void MultibodyPlant<T>::SetDistanceConstraintParams(
    systems::Context<T>* context, MultibodyConstraintId id,
    DistanceConstraintParams params) const {
  const char* method = "SetDistanceConstraintParams";
  ThrowIfNotFinalized(method);
  ThrowIfNull(method, context, "context");
  FindSpecOrThrow(GetDistanceConstraintParams(*context), id, method,
                  "distance");
  for (BodyIndex body : {params.bodyA(), params.bodyB()}) {
    if (!body.is_valid() || body.raw() >= num_bodies()) [[unlikely]] {
      ThrowLogicError(
          "MultibodyPlant::{}(): body index {} of the parameters is not a "
          "body of this plant (it has {} bodies).",
          method, body.is_valid() ? std::to_string(body.raw()) : "<invalid>",
          num_bodies());
    }
  }
  context->get_mutable_abstract_parameter(distance_constraint_params_parameter_)
      .template get_mutable_value<
          std::map<MultibodyConstraintId, DistanceConstraintParams>>()
      .at(id) = std::move(params);
}

template <typename T>
const std::map<MultibodyConstraintId, bool>&
MultibodyPlant<T>::GetConstraintActiveStatusMap(
    const systems::Context<T>& context) const {
  return context.get_abstract_parameter(constraint_active_status_parameter_)
      .template get_value<std::map<MultibodyConstraintId, bool>>();
}

template <typename T>
bool MultibodyPlant<T>::GetConstraintActiveStatus(
    const systems::Context<T>& context, MultibodyConstraintId id) const {
  ThrowIfNotFinalized("GetConstraintActiveStatus");
  this->ValidateContext(context);
  const auto& active = GetConstraintActiveStatusMap(context);
  auto it = active.find(id);
  if (it == active.end()) [[unlikely]] {
    ThrowNotInContext("GetConstraintActiveStatus", id);
  }
  return it->second;
}

template <typename T>
void MultibodyPlant<T>::SetConstraintActiveStatus(systems::Context<T>* context,
                                                  MultibodyConstraintId id,
                                                  bool status) const {
  ThrowIfNotFinalized("SetConstraintActiveStatus");
  ThrowIfNull("SetConstraintActiveStatus", context, "context");
  this->ValidateContext(*context);
  if (!GetConstraintActiveStatusMap(*context).contains(id)) [[unlikely]] {
    ThrowNotInContext("SetConstraintActiveStatus", id);
  }
  context->get_mutable_abstract_parameter(constraint_active_status_parameter_)
      .template get_mutable_value<std::map<MultibodyConstraintId, bool>>()
      .at(id) = status;
}

template <typename T>
void MultibodyPlant<T>::ThrowIfActiveConstraintsInStep(
    const char* method, const systems::Context<T>& context) const {
  // The SAP family imposes constraints; TAMSI is refused at Add time and by
  // set_discrete_contact_approximation(), so this only guards that promise.
  if (num_constraints() == 0 ||
      discrete_contact_approximation_ != DiscreteContactApproximation::kTamsi)
    return;
  std::string active;
  for (const auto& [id, is_active] : GetConstraintActiveStatusMap(context)) {
    if (is_active) active += (active.empty() ? "" : ", ") + id.to_string();
  }
  if (active.empty()) return;
  ThrowLogicError(
      "MultibodyPlant::{}(): constraints with ids {} are active, and TAMSI "
      "does not support constraints. Use set_discrete_contact_approximation() "
      "to select an approximation of the SAP family (kSap, kSimilar or "
      "kLagged).",
      method, active);
}

template <typename T>
void MultibodyPlant<T>::ThrowIfContinuousWithConstraints(
    const char* method) const {
  if (is_discrete() || num_constraints() == 0) return;
  ThrowLogicError(
      "MultibodyPlant::{}(): currently this MultibodyPlant is set to use "
      "continuous time. Continuous time does not support constraints. Use a "
      "discrete time model and set_discrete_contact_approximation() to set a "
      "model approximation that uses the SAP solver instead (kSap, kSimilar, "
      "or kLagged).",
      method);
}

}  // namespace ossa::multibody

#ifndef OSSA_IN_MEMBER_GROUP  // see ossa_add_member_group()
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::MultibodyPlant);
#endif
