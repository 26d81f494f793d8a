#pragma once

/// @file
/// The parts of the MultibodyPlant_[T] binding defined in their own files
/// (to keep each translation unit small): each adds methods to the already
/// bound class `cls` (MultibodyPlant_[T]) with DefMethod (tree_py.h), and is
/// explicitly instantiated for double, AutoDiffXd and symbolic::Expression in
/// its file.

#include <nanobind/nanobind.h>

namespace ossa::py {

template <typename T>
void DefinePlantModelQueries(nanobind::handle cls);  // plant_model_py.cc
template <typename T>
void DefinePlantKinematics(nanobind::handle cls);  // plant_kinematics_py.cc
template <typename T>
void DefinePlantDynamics(nanobind::handle cls);  // plant_dynamics_py.cc
template <typename T>
void DefinePlantDiscrete(nanobind::handle cls);  // plant_discrete_py.cc
template <typename T>
void DefinePlantConstraints(nanobind::handle cls);  // plant_constraints_py.cc
// MultibodyConstraintId and the constraint spec structs (module level;
// before the plant classes; plant_constraints_py.cc).
void DefinePlantConstraintTypes(nanobind::module_ m);
// The settings enums, MultibodyPlantConfig and ApplyMultibodyPlantConfig
// (module level; before the plant classes).
void DefinePlantDiscreteSettings(nanobind::module_ m);  // plant_discrete_py.cc
// Value[List[...]] of the abstract output ports' element types.
template <typename T>
void DefinePlantOutputValues(nanobind::module_ m);  // plant_discrete_py.cc

}  // namespace ossa::py
