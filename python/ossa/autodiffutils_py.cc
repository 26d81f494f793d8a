#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.autodiffutils: its classes are bound here as the C++ layer lands.
void DefineAutodiffutils(nb::module_ m) { m.doc() = "Bindings for ossa.autodiffutils."; }

}  // namespace ossa::py
