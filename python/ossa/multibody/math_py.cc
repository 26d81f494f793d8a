#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.math: its classes are bound here as the C++ layer lands.
void DefineMultibodyMath(nb::module_ m) { m.doc() = "Bindings for ossa.multibody.math."; }

}  // namespace ossa::py
