#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.parsing: its classes are bound here as the C++ layer lands.
void DefineMultibodyParsing(nb::module_ m) { m.doc() = "Bindings for ossa.multibody.parsing."; }

}  // namespace ossa::py
