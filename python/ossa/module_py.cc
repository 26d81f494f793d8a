#include <cstdlib>
#include <string>

#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {
// trajectories_py.cc: BsplineBasis and KnotVectorType, which the reference
// puts in its math module.
void DefineMathBspline(nb::module_ m);
// BarycentricMesh, in ossa.math (math_barycentric_py.cc).
void DefineMathBarycentric(nb::module_ m);
// Monomial, Polynomial, RationalFunction and SinCos, in ossa.symbolic
// (symbolic_polynomial_py.cc).
void DefineSymbolicPolynomial(nb::module_ m);
// The PiecewisePolynomial helpers of ossa.trajectories that take
// polynomial coefficients (symbolic_polynomial_py.cc).
void DefineTrajectoriesPolynomial(nb::module_ m);
}  // namespace ossa::py

// One extension module; its submodules mirror the C++ namespaces and are
// re-exported by the pure-Python modules of the package (ossa/math.py, ...).
// The order is the layer order of DESIGN.md: a submodule may use the types
// bound by the ones before it.
NB_MODULE(_ext, m) {
  m.doc() = "ossa: dynamics of articulated rigid-body systems (C++ core).";
  // nanobind reports bound objects still alive when the interpreter shuts
  // down; with other extension modules loaded (the reference's, in the
  // agreement tests) the teardown order leaves some of ossa's module-level
  // objects (default arguments, Python conveniences set on bound classes)
  // for last, and the report is noise to a user. OSSA_NANOBIND_LEAK_WARNINGS=1
  // turns it back on when hunting a reference-counting bug.
  const char* leak_warnings = std::getenv("OSSA_NANOBIND_LEAK_WARNINGS");
  nb::set_leak_warnings(leak_warnings != nullptr &&
                        std::string(leak_warnings) == "1");
  ossa::py::DefineCommon(m.def_submodule("common"));
  ossa::py::DefineAutodiffutils(m.def_submodule("autodiffutils"));
  ossa::py::DefineSymbolic(m.def_submodule("symbolic"));
  ossa::py::DefineSymbolicPolynomial(
      nb::borrow<nb::module_>(m.attr("symbolic")));
  ossa::py::DefineMath(m.def_submodule("math"));
  ossa::py::DefineMathBarycentric(
      nanobind::borrow<nanobind::module_>(m.attr("math")));
  ossa::py::DefineMultibodyMath(m.def_submodule("multibody_math"));
  ossa::py::DefineMathBspline(nb::borrow<nb::module_>(m.attr("math")));
  ossa::py::DefineTrajectories(m.def_submodule("trajectories"));
  ossa::py::DefineTrajectoriesPolynomial(
      nb::borrow<nb::module_>(m.attr("trajectories")));
  ossa::py::DefineSystemsFramework(m.def_submodule("systems_framework"));
  ossa::py::DefineSystemsAnalysis(m.def_submodule("systems_analysis"));
  ossa::py::DefineSystemsPrimitives(m.def_submodule("systems_primitives"));
  ossa::py::DefineMultibodyTree(m.def_submodule("multibody_tree"));
  ossa::py::DefineSystemsControllers(m.def_submodule("systems_controllers"));
  ossa::py::DefineGeometry(m.def_submodule("geometry"));
  ossa::py::DefineMultibodyPlant(m.def_submodule("multibody_plant"));
  ossa::py::DefineMultibodyParsing(m.def_submodule("multibody_parsing"));
  // Meshcat and its visualizer live in geometry, as in the reference.
  ossa::py::DefineVisualization(
      nanobind::borrow<nanobind::module_>(m.attr("geometry")));
  ossa::py::DefineMultibodyMeshcat(m.def_submodule("multibody_meshcat"));
  ossa::py::DefineVisualizationModule(m.def_submodule("visualization"));
}
