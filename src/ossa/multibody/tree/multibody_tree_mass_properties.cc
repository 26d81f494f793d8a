// MultibodyTree<T>: total mass, center of mass and its velocity and
// acceleration, spatial inertia and spatial momentum of sets of bodies.
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

// Σ mᵢ term(bᵢ, pᵢ) / Σ mᵢ over `bodies`, pᵢ the mass parameters of body bᵢ:
// the center of mass and its velocity and acceleration. Throws as
// CheckedSystemMass() for an empty selection or a non-positive total mass.
template <typename T, typename Term>
Vector3<T> MassWeightedMean(const char* method,
                            const std::vector<BodyIndex>& bodies,
                            const MultibodyTreeTopology& topology,
                            const TreeParameters<T>& params, const Term& term) {
  const T mass = CheckedSystemMass(method, bodies, topology, params);
  Vector3<T> sum = Vector3<T>::Zero();
  for (BodyIndex b : bodies) {
    const MobodParameters<T>& p = params.mobods[topology.body_to_mobod(b)];
    sum += p.mass * term(b, p);
  }
  return sum / mass;
}

}  // namespace

// ------------------------------------------------------------ mass properties

template <typename T>
T MultibodyTree<T>::CalcTotalMass(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const MultibodyTreeSystem<T>& system = CheckContext("CalcTotalMass", context);
  const TreeParameters<T>& params = system.GetParameters(context);
  T mass(0);
  for (BodyIndex b : BodiesOfInstances("CalcTotalMass", model_instances))
    mass += params.mobods[topology_.body_to_mobod(b)].mass;
  return mass;
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassPositionInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassPositionInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  return MassWeightedMean(
      kMethod, bodies, topology_, system.GetParameters(context),
      [&](BodyIndex b, const MobodParameters<T>& p) -> Vector3<T> {
        return X_WB[b] * p.p_BoBcm_B;
      });
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalVelocityInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassTranslationalVelocityInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const auto& V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
  // v_WScm = Σ mᵢ v_WBcmᵢ / Σ mᵢ, v_WBcm the velocity of Bo shifted to Bcm.
  return MassWeightedMean(
      kMethod, bodies, topology_, system.GetParameters(context),
      [&](BodyIndex b, const MobodParameters<T>& p) -> Vector3<T> {
        return V_WB[b].Shift(X_WB[b].rotation() * p.p_BoBcm_B).translational();
      });
}

template <typename T>
Vector3<T> MultibodyTree<T>::CalcCenterOfMassTranslationalAccelerationInWorld(
    const systems::Context<T>& context,
    const std::vector<ModelInstanceIndex>& model_instances) const {
  const char* kMethod = "CalcCenterOfMassTranslationalAccelerationInWorld";
  const MultibodyTreeSystem<T>& system = CheckContext(kMethod, context);
  const std::vector<BodyIndex> bodies =
      BodiesOfInstances(kMethod, model_instances);
  const auto& X_WB = system.EvalBodyPosesInWorld(context);
  const auto& V_WB = system.EvalBodySpatialVelocitiesInWorld(context);
  const auto& A_WB = system.EvalBodySpatialAccelerationsInWorld(context);
  // Shifting an acceleration to Bcm needs the body's angular velocity.
  return MassWeightedMean(
      kMethod, bodies, topology_, system.GetParameters(context),
      [&](BodyIndex b, const MobodParameters<T>& p) -> Vector3<T> {
        return A_WB[b]
            .Shift(X_WB[b].rotation() * p.p_BoBcm_B, V_WB[b].rotational())
            .translational();
      });
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
