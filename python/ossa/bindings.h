#pragma once

/// @file
/// Shared declarations of the binding files: each *_py.cc defines one
/// submodule of ossa._ext, called from module_py.cc in dependency order.
/// Each function is owned by the file named beside it.

#include <nanobind/nanobind.h>

namespace ossa::py {

void DefineCommon(nanobind::module_ m);              // common_py.cc
void DefineAutodiffutils(nanobind::module_ m);       // autodiffutils_py.cc
void DefineSymbolic(nanobind::module_ m);            // symbolic_py.cc
void DefineMath(nanobind::module_ m);                // math_py.cc
void DefineMultibodyMath(nanobind::module_ m);       // multibody/math_py.cc
void DefineTrajectories(nanobind::module_ m);        // trajectories_py.cc
void DefineMultibodyTree(nanobind::module_ m);       // multibody/tree_py.cc
void DefineSystemsFramework(nanobind::module_ m);    // systems/framework_py.cc
void DefineSystemsAnalysis(nanobind::module_ m);     // systems/analysis_py.cc
void DefineSystemsPrimitives(nanobind::module_ m);   // systems/primitives_py.cc
void DefineSystemsControllers(nanobind::module_ m);  // systems/controllers_py.cc
void DefineGeometry(nanobind::module_ m);            // geometry_py.cc
void DefineMultibodyPlant(nanobind::module_ m);      // multibody/plant_py.cc
void DefineMultibodyParsing(nanobind::module_ m);    // multibody/parsing_py.cc
void DefineVisualization(nanobind::module_ m);       // visualization_py.cc (into geometry)
void DefineMultibodyMeshcat(nanobind::module_ m);    // multibody/meshcat_py.cc
void DefineVisualizationModule(nanobind::module_ m); // visualization_py.cc

}  // namespace ossa::py

namespace ossa::py {
// Test helpers of ossa._ext.common._testing that need AutoDiffXd, called
// from DefineAutodiffutils.
void DefineCommonTesting(nanobind::module_ m);  // testing_py.cc
}  // namespace ossa::py

namespace ossa::py {
// Parts of ossa.multibody.tree bound in their own files, called from
// DefineMultibodyTree.
void DefineMultibodyTreeInertia(nanobind::module_ m);  // multibody/inertia_py.cc
void DefineMultibodyTreeIndexes(nanobind::module_ m);  // multibody/indexes_py.cc
}  // namespace ossa::py
