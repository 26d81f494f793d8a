#pragma once

/// @file
/// internal::DiscreteUpdateManager<T>: the discrete time stepping of a
/// discrete MultibodyPlant (time_step() > 0), kept apart from the plant so
/// that the stepping scheme can change without touching the plant.

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/plant/dynamics_outputs.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/discrete_values.h"

namespace ossa::multibody {
template <typename T>
class MultibodyPlant;
}  // namespace ossa::multibody

namespace ossa::multibody::internal {

/// Advances the state x[n] = [q; v] of a discrete MultibodyPlant to x[n+1].
///
/// The plant creates one at Finalize() (when discrete), calls
/// DeclareCacheEntries() once, then calls CalcDiscreteValues() from its
/// periodic discrete update event at time_step(). As a friend of
/// MultibodyPlant it may use the plant's private helpers (e.g.
/// CalcForwardDynamicsForStep).
///
/// PLACEHOLDER: the current scheme is plain semi-implicit (symplectic)
/// Euler with every force explicit: v[n+1] = v[n] + h·v̇(q[n], v[n]),
/// q[n+1] = q[n] + h·N(q[n])·v[n+1]. It ignores joint limits, PD control
/// and implicit damping; the discrete-stepping work replaces it.
template <typename T>
class DiscreteUpdateManager {
 public:
  DiscreteUpdateManager() = default;
  virtual ~DiscreteUpdateManager();

  /// Called once at Finalize(), after the plant declared its state and
  /// before its ports: declares the manager's cache entries, and any state
  /// (e.g. the sampled outputs), on `plant` (none yet).
  virtual void DeclareCacheEntries(MultibodyPlant<T>* plant);

  /// What the dynamic output ports of a plant with sampled output ports
  /// report (see MultibodyPlant::has_sampled_output_ports()).
  /// PLACEHOLDER: the live values (no sampling yet).
  virtual const DynamicsOutputs<T>& EvalSampledDynamicsOutputs(
      const MultibodyPlant<T>& plant, const systems::Context<T>& context) const;

  /// Writes x[n+1] into group 0 of `next_state` from x[n] in `context`.
  virtual void CalcDiscreteValues(const MultibodyPlant<T>& plant,
                                  const systems::Context<T>& context,
                                  systems::DiscreteValues<T>* next_state) const;
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteUpdateManager);
