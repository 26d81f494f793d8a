#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.systems.framework: its classes are bound here as the C++ layer lands.
void DefineSystemsFramework(nb::module_ m) { m.doc() = "Bindings for ossa.systems.framework."; }

}  // namespace ossa::py
