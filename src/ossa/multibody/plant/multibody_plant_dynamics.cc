// MultibodyPlant: forward dynamics, time derivatives.

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/tree_kernels.h"

namespace ossa::multibody {

template <typename T>
void MultibodyPlant<T>::CalcForwardDynamicsForStep(
    const systems::Context<T>& context, VectorX<T>* vdot) const {
  const auto& tree = this->tree();
  const internal::CompiledTree& compiled = tree.compiled_tree();
  const internal::TreeParameters<T>& params = this->GetParameters(context);
  const int nv = tree.num_velocities();
  const VectorX<T> v = internal::MultibodyTreeSystem<T>::GetVelocities(context);
  VectorX<T> tau = VectorX<T>::Zero(nv);
  internal::CalcJointDampingForces<T>(compiled, params, v, tau);
  // The kernels need their own workspace for the articulated body pass;
  // start from the cached kinematics.
  internal::TreeWorkspace<T> ws = this->EvalVelocityKinematics(context);
  const Vector3<T> g_W = gravity_W_.template cast<T>();
  vdot->resize(nv);
  internal::CalcForwardDynamicsArticulatedBody<T>(compiled, params, g_W, tau,
                                                  {}, &ws, *vdot);
}

template <typename T>
void MultibodyPlant<T>::DoCalcTimeDerivatives(
    const systems::Context<T>& context,
    systems::ContinuousState<T>* derivatives) const {
  const int nq = num_positions(), nv = num_velocities();
  if (nq + nv == 0) return;
  const VectorX<T> q = internal::MultibodyTreeSystem<T>::GetPositions(context);
  const VectorX<T> v = internal::MultibodyTreeSystem<T>::GetVelocities(context);
  VectorX<T> xdot(nq + nv);
  internal::MapVelocityToQDot<T>(this->tree().compiled_tree(), q, v,
                                 xdot.head(nq));
  VectorX<T> vdot;
  CalcForwardDynamicsForStep(context, &vdot);
  xdot.tail(nv) = vdot;
  derivatives->SetFromVector(xdot);
}

}  // namespace ossa::multibody

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::MultibodyPlant);
