#include "ossa/multibody/tree/uniform_gravity_field_element.h"

#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/multibody/tree/multibody_tree.h"
#include "ossa/multibody/tree/multibody_tree_dynamics_scratch.h"
#include "ossa/multibody/tree/multibody_tree_system.h"

namespace ossa::multibody {

template <typename T>
UniformGravityFieldElement<T>::UniformGravityFieldElement()
    : UniformGravityFieldElement(Vector3<double>(0, 0, -kDefaultStrength)) {}

template <typename T>
UniformGravityFieldElement<T>::UniformGravityFieldElement(
    const Vector3<double>& g_W)
    : UniformGravityFieldElement(g_W, {}) {}

template <typename T>
UniformGravityFieldElement<T>::UniformGravityFieldElement(
    const Vector3<double>& g_W,
    const std::set<ModelInstanceIndex>& disabled_model_instances)
    : ForceElement<T>(world_model_instance()),
      g_W_(g_W),
      disabled_(disabled_model_instances) {}

template <typename T>
bool UniformGravityFieldElement<T>::is_enabled(
    ModelInstanceIndex model_instance) const {
  if (const auto* model = this->parent_tree()) {
    model->ThrowIfInvalidInstance("UniformGravityFieldElement::is_enabled",
                                  model_instance);
  }
  return disabled_.count(model_instance) == 0;
}

template <typename T>
void UniformGravityFieldElement<T>::set_enabled(
    ModelInstanceIndex model_instance, bool is_enabled) {
  if (const auto* model = this->parent_tree()) {
    model->ThrowIfFinalized("UniformGravityFieldElement::set_enabled");
    model->ThrowIfInvalidInstance("UniformGravityFieldElement::set_enabled",
                                  model_instance);
  }
  if (is_enabled) {
    disabled_.erase(model_instance);
  } else {
    disabled_.insert(model_instance);
  }
}

template <typename T>
template <typename F>
void UniformGravityFieldElement<T>::ForEachEnabledBody(
    const systems::Context<T>& context, F&& f) const {
  const internal::MultibodyTree<T>& model =
      this->tree("UniformGravityFieldElement");
  const internal::TreeParameters<T>& params =
      model.tree_system("UniformGravityFieldElement").GetParameters(context);
  const internal::MultibodyTreeTopology& topology = model.get_topology();
  const int n = model.num_mobods();
  for (int i = 1; i < n; ++i) {
    const BodyIndex body = topology.get_mobod(internal::MobodIndex(i)).body;
    if (!disabled_.empty() &&
        disabled_.count(model.get_body(body).model_instance()) > 0) {
      continue;
    }
    const internal::MobodParameters<T>& p = params.mobods[i];
    f(i, body, p.mass, p.p_BoBcm_B);
  }
}

template <typename T>
void UniformGravityFieldElement<T>::CalcSpatialForcesOnMobods(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    std::vector<Vector6<T>>* F_mobod_W) const {
  for (Vector6<T>& F : *F_mobod_W) F.setZero();
  const Vector3<T> g_W = g_W_.template cast<T>();
  ForEachEnabledBody(context, [&](int i, BodyIndex, const T& mass,
                                  const Vector3<T>& p_BoBcm_B) {
    const Vector3<T> p_BoBcm_W = pc.R_WB[i] * p_BoBcm_B;
    const Vector3<T> f_W = mass * g_W;
    (*F_mobod_W)[i].template head<3>() = p_BoBcm_W.cross(f_W);
    (*F_mobod_W)[i].template tail<3>() = f_W;
  });
}

template <typename T>
void UniformGravityFieldElement<T>::DoCalcAndAddForceContribution(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>&, MultibodyForces<T>* forces) const {
  const Vector3<T> g_W = g_W_.template cast<T>();
  std::vector<SpatialForce<T>>& F = forces->mutable_body_forces();
  ForEachEnabledBody(context, [&](int i, BodyIndex body, const T& mass,
                                  const Vector3<T>& p_BoBcm_B) {
    const Vector3<T> p_BoBcm_W = pc.R_WB[i] * p_BoBcm_B;
    const Vector3<T> f_W = mass * g_W;
    F[body].rotational() += p_BoBcm_W.cross(f_W);
    F[body].translational() += f_W;
  });
}

template <typename T>
VectorX<T> UniformGravityFieldElement<T>::CalcGravityGeneralizedForces(
    const systems::Context<T>& context) const {
  const char* kMethod =
      "UniformGravityFieldElement::CalcGravityGeneralizedForces";
  const internal::MultibodyTreeSystem<T>& system =
      this->tree(kMethod).tree_system(kMethod);
  internal::TreeComputation<T> c =
      system.PrepareComputation(context, internal::TreeChoice::kFull);
  internal::TreeWorkspace<T>& ws =
      c.EvalKinematics(internal::KinematicsNeed::kPositionAndWorld);
  std::vector<Vector6<T>>& F_mobod_W = c.scratch().F_mobod_W;
  CalcSpatialForcesOnMobods(context, ws, &F_mobod_W);
  VectorX<T> tau_g(system.tree().num_velocities());
  internal::CalcGeneralizedForcesFromSpatialForces<T>(c.tree(), F_mobod_W, &ws,
                                                      tau_g);
  return tau_g;
}

template <typename T>
T UniformGravityFieldElement<T>::CalcPotentialEnergy(
    const systems::Context<T>& context,
    const internal::TreeWorkspace<T>& pc) const {
  const Vector3<T> g_W = g_W_.template cast<T>();
  T U(0);
  ForEachEnabledBody(context, [&](int i, BodyIndex, const T& mass,
                                  const Vector3<T>& p_BoBcm_B) {
    const Vector3<T> p_WBcm = pc.p_WB[i] + pc.R_WB[i] * p_BoBcm_B;
    U -= mass * g_W.dot(p_WBcm);
  });
  return U;
}

template <typename T>
T UniformGravityFieldElement<T>::CalcConservativePower(
    const systems::Context<T>& context, const internal::TreeWorkspace<T>& pc,
    const internal::TreeWorkspace<T>& vc) const {
  const Vector3<T> g_W = g_W_.template cast<T>();
  T Pc(0);
  ForEachEnabledBody(context, [&](int i, BodyIndex, const T& mass,
                                  const Vector3<T>& p_BoBcm_B) {
    // v_WBcm_B = v_WBo_B + w_WB_B × p_BoBcm_B, then into W.
    const Vector6<T>& V = vc.V_WB_B[i];
    const Vector3<T> v_WBcm_B =
        V.template tail<3>() +
        Vector3<T>(V.template head<3>()).cross(p_BoBcm_B);
    Pc += mass * g_W.dot(pc.R_WB[i] * v_WBcm_B);
  });
  return Pc;
}

template <typename T>
T UniformGravityFieldElement<T>::CalcNonConservativePower(
    const systems::Context<T>&, const internal::TreeWorkspace<T>&,
    const internal::TreeWorkspace<T>&) const {
  return T(0);
}

template <typename T>
template <typename U>
std::unique_ptr<ForceElement<U>> UniformGravityFieldElement<T>::TemplatedClone(
    const internal::MultibodyTree<U>&) const {
  return std::make_unique<UniformGravityFieldElement<U>>(g_W_, disabled_);
}

OSSA_DEFINE_FORCE_ELEMENT_CLONE_TO_SCALAR(UniformGravityFieldElement)

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::UniformGravityFieldElement);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::multibody::UniformGravityFieldElement);
