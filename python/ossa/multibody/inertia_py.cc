#include "ossa/bindings.h"

namespace nb = nanobind;

namespace ossa::py {

// RotationalInertia, UnitInertia, SpatialInertia, ArticulatedBodyInertia
// (their reference module is multibody.tree).
void DefineMultibodyTreeInertia(nb::module_ m) {}

}  // namespace ossa::py
