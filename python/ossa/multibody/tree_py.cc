#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.tree: its classes are bound here as the C++ layer lands.
void DefineMultibodyTree(nb::module_ m) { m.doc() = "Bindings for ossa.multibody.tree."; }

}  // namespace ossa::py
