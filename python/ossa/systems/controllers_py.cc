#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.systems.controllers: its classes are bound here as the C++ layer lands.
void DefineSystemsControllers(nb::module_ m) { m.doc() = "Bindings for ossa.systems.controllers."; }

}  // namespace ossa::py
