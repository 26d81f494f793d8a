#pragma once

/// @file
/// internal::DiscreteUpdateManager<T>: the discrete time stepping of a
/// discrete MultibodyPlant (time_step() > 0), kept apart from the plant so
/// that the stepping scheme can change without touching the plant.

#include <memory>
#include <vector>

#include "ossa/common/default_scalars.h"
#include "ossa/multibody/plant/discrete_step_solver.h"
#include "ossa/multibody/plant/dynamics_outputs.h"
#include "ossa/multibody/plant/multibody_plant_fwd.h"
#include "ossa/multibody/plant/point_contact_pairs.h"
#include "ossa/multibody/tree/multibody_forces.h"
#include "ossa/systems/framework/cache_entry.h"
#include "ossa/systems/framework/context.h"
#include "ossa/systems/framework/discrete_values.h"
#include "ossa/systems/framework/event_status.h"
#include "ossa/systems/framework/state.h"

namespace ossa::multibody::internal {

/// Advances the state x[n] = [q; v] of a discrete MultibodyPlant to x[n+1]
/// with a DiscreteStepSolver (see discrete_step_solver.h for the exact
/// scheme of each DiscreteContactApproximation) and keeps the sample of the
/// dynamic output ports.
///
/// The plant creates one at Finalize() (when discrete) and calls
/// DeclareCacheEntries() once, after declaring its state. That declares, on
/// the plant:
///  - a per-Context scratch cache entry (the step's memory, written in
///    place) and the "discrete step results" cache entry (the step computed
///    from the Context's current state and inputs);
///  - with sampled output ports (the default), an abstract state holding
///    the dynamic outputs of the last step (zeros before the first one) and
///    a periodic (and forced) unrestricted update at time_step() that writes
///    x[n+1] and the sample s[n+1] = outputs(x[n]);
///  - without, a periodic (and forced) discrete update that writes x[n+1].
///
/// The step's contacts are the geometry query's penetration pairs at x[n]
/// (DiscreteContactPair: contact point, frame and Jacobian;
/// discrete_update_manager_contact.cc), and the dynamic outputs include
/// their forces (reaction forces, contact results).
/// The step's inputs come from the plant: the sum of the actuation ports
/// (feedforward u_ff), the desired-state ports (PD targets; an instance
/// whose port is not connected has its PD controllers disarmed), the
/// applied-force ports and the force elements (gravity included, through
/// the plant's UniformGravityFieldElement); joint damping is left to the
/// solver, which treats it per the approximation.
template <typename T>
class DiscreteUpdateManager {
 public:
  DiscreteUpdateManager() = default;
  virtual ~DiscreteUpdateManager();

  /// Declares the cache entries, state and events described above on
  /// `plant` (finalized topology, before any Context is created).
  virtual void DeclareCacheEntries(MultibodyPlant<T>* plant);

  /// What the dynamic output ports of a plant with sampled output ports
  /// report: the outputs of the last step (zeros before the first).
  virtual const DynamicsOutputs<T>& EvalSampledDynamicsOutputs(
      const MultibodyPlant<T>& plant, const systems::Context<T>& context) const;

  /// Writes x[n+1] into group 0 of `next_state` from x[n] in `context`.
  virtual void CalcDiscreteValues(const MultibodyPlant<T>& plant,
                                  const systems::Context<T>& context,
                                  systems::DiscreteValues<T>* next_state) const;

  /// The live dynamic outputs of the step from the Context's x[n]: v̇ =
  /// (v[n+1] − v[n])/h, the net actuation of the step, and the body
  /// accelerations and joint reaction forces from inverse dynamics at that
  /// v̇ with every force of the step (applied, force elements, the step's
  /// damping and joint-limit forces, the actuation).
  void CalcDynamicsOutputs(const systems::Context<T>& context,
                           DynamicsOutputs<T>* outputs) const;

  /// The step from the Context's current state and inputs (cached).
  const DiscreteStepResults<T>& EvalDiscreteStepResults(
      const systems::Context<T>& context) const;

  /// The step results behind what the dynamic output ports report: the
  /// sample of the last step (zeros before the first) with sampled output
  /// ports, else EvalDiscreteStepResults().
  const DiscreteStepResults<T>& EvalStepResultsForOutputs(
      const systems::Context<T>& context) const;

  /// True iff the plant keeps a sample (sampled output ports).
  bool has_sample() const { return sample_index_ >= 0; }
  /// Whether the sample in `context` comes from a step (false before the
  /// first). Throws std::logic_error without sampled output ports.
  bool sample_is_valid(const systems::Context<T>& context) const;

  const DiscreteStepSolver<T>& solver() const { return *solver_; }

  /// The sampled step (the plant's unrestricted update handler forwards
  /// here): x[n+1] and the sample of the outputs of x[n] into `state`.
  systems::EventStatus CalcSampledDiscreteStep(
      const systems::Context<T>& context, systems::State<T>* state) const;

 private:
  // The sample kept in the abstract state.
  struct Sample {
    DiscreteStepResults<T> results;
    DynamicsOutputs<T> outputs;
    bool valid{false};
  };
  // Per-Context memory of the manager (a cache entry written in place).
  struct Scratch {
    DiscreteStepScratch<T> step;
    MultibodyForces<T> applied;
    MultibodyForces<T> elements;
    VectorX<T> u_zero;
    // One contact's Jacobian columns while they are gathered (3×nv).
    Matrix3X<T> J_columns;
    // The geometries' contact materials (read once per proximity version)
    // and the step's penetration pairs.
    PointContactMaterialCache materials;
    std::vector<PointContactPair<T>> point_pairs;
  };
  Scratch& GetMutableScratch(const systems::Context<T>& context) const;
  void CalcResults(const systems::Context<T>& context,
                   DiscreteStepResults<T>* results) const;
  // Fills scratch.step->inputs from the plant's actuation, desired-state and
  // applied-force inputs and force elements.
  void AssembleInputs(const systems::Context<T>& context,
                      Scratch* scratch) const;
  // The point contacts at the Context's x[n] (empty without collision
  // geometry; discrete_update_manager_contact.cc).
  void CalcDiscreteContactPairs(
      const systems::Context<T>& context, Scratch* scratch,
      std::vector<DiscreteContactPair<T>>* result) const;
  // True if uniform gravity, enabled for every model instance, is the only
  // force element (the solver's kernels then apply it as g_W).
  bool IsUniformGravityTheOnlyForceElement() const;
  // Adds gravity's spatial force on every body, computed from the world
  // poses of the tree PrepareComputation() picks.
  void AddGravityFromPreparedPoses(const systems::Context<T>& context,
                                   MultibodyForces<T>* forces) const;

  const MultibodyPlant<T>* plant_{nullptr};
  std::unique_ptr<DiscreteStepSolver<T>> solver_;
  const systems::CacheEntry* scratch_entry_{nullptr};
  const systems::CacheEntry* results_entry_{nullptr};
  int sample_index_{-1};
  // Per model instance, the input index (input_start) of each of its
  // actuators in the order of the instance's actuation and desired-state
  // vectors.
  std::vector<std::vector<int>> instance_inputs_;
};

}  // namespace ossa::multibody::internal

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::multibody::internal::DiscreteUpdateManager);
