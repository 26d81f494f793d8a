#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.math: its classes are bound here as the C++ layer lands.
void DefineMath(nb::module_ m) { m.doc() = "Bindings for ossa.math."; }

}  // namespace ossa::py
