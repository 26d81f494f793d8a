#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.systems.analysis: its classes are bound here as the C++ layer lands.
void DefineSystemsAnalysis(nb::module_ m) { m.doc() = "Bindings for ossa.systems.analysis."; }

}  // namespace ossa::py
