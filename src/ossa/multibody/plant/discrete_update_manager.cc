#include "ossa/multibody/plant/discrete_update_manager.h"

#include "ossa/multibody/plant/multibody_plant.h"
#include "ossa/multibody/tree/tree_kernels.h"

namespace ossa::multibody::internal {

template <typename T>
DiscreteUpdateManager<T>::~DiscreteUpdateManager() = default;

template <typename T>
void DiscreteUpdateManager<T>::DeclareCacheEntries(MultibodyPlant<T>*) {}

template <typename T>
const DynamicsOutputs<T>& DiscreteUpdateManager<T>::EvalSampledDynamicsOutputs(
    const MultibodyPlant<T>& plant, const systems::Context<T>& context) const {
  return plant.EvalLiveDynamicsOutputs(context);
}

template <typename T>
void DiscreteUpdateManager<T>::CalcDiscreteValues(
    const MultibodyPlant<T>& plant, const systems::Context<T>& context,
    systems::DiscreteValues<T>* next_state) const {
  const int nq = plant.num_positions();
  const int nv = plant.num_velocities();
  const double h = plant.time_step();
  const VectorX<T> q = plant.GetPositions(context);
  const VectorX<T> v = plant.GetVelocities(context);
  const VectorX<T>& vdot = plant.EvalForwardDynamics(context);
  const VectorX<T> v_next = v + h * vdot;
  VectorX<T> qdot(nq);
  MapVelocityToQDot<T>(plant.tree().compiled_tree(), q, v_next, qdot);
  auto x_next = next_state->get_mutable_value(0);
  x_next.head(nq) = q + h * qdot;
  x_next.tail(nv) = v_next;
}

}  // namespace ossa::multibody::internal

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteUpdateManager);
