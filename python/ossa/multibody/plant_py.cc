#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// ossa.multibody.plant: its classes are bound here as the C++ layer lands.
void DefineMultibodyPlant(nb::module_ m) { m.doc() = "Bindings for ossa.multibody.plant."; }

}  // namespace ossa::py
