#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.systems.primitives: its classes are bound here as the C++ layer lands.
void DefineSystemsPrimitives(nb::module_ m) { m.doc() = "Bindings for ossa.systems.primitives."; }

}  // namespace ossa::py
